"""bot turns: the queue bot worker processes take bot turns from

`bot_turns`: one row per bot seat that owes a decision in a running game, written in
the same transaction as the change that made it owe one (server/storage.py), claimed
by a bot worker for a lease (server/bot_worker.py).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""
import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_turns",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True, index=True),
    )


def downgrade() -> None:
    op.drop_table("bot_turns")
