"""clocks: each table's time control and each seat's time; notices

`seats.forfeited`: the seat's player left the game or let the clock run out (a
stand-in plays it; in a rated game the seat finishes last).
`games.clock`: the table's time control ({mode, preset, bank, increment,
per_move}; NULL: no clock); `games.clock_since`: when the running clocks
started (NULL: none runs), `games.clock_deadline` the earliest deadline
(a sweep finds the games whose clocks ran out); `seats.time_left`: the seat's seconds left at
`clock_since` (if its clock runs) or now. `notices`: what the server said
about a game ("Seat 2's time ran out: a stand-in plays for Anna"), in order,
with the step (the number of actions) and the length of the log it came at.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("forfeited", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("time_left", sa.Float, nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
        batch.add_column(sa.Column("clock_since", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("clock_deadline", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_clock_deadline", "games", ["clock_deadline"])
    op.create_table(
        "notices",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("log_at", sa.Integer, nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notices")
    op.drop_index("ix_games_clock_deadline", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("clock_deadline")
        batch.drop_column("clock_since")
        batch.drop_column("clock")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("time_left")
        batch.drop_column("forfeited")
