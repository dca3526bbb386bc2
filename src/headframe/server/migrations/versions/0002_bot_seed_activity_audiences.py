"""bots' own seed, last activity, and who saw each action

`games.bot_seed` seeds the bots' random streams apart from the deal;
`games.updated_at` is the last change (open and idle games expire);
`actions.seen` is a bit mask of the audiences whose view the action changed
(bit s for seat s, bit `players` for spectators): a seat's version counts only
the changes it could see. Rows from before this revision have no mask: every
audience saw them.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("bot_seed", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_updated_at", "games", ["updated_at"])
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("seen", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("seen")
    op.drop_index("ix_games_updated_at", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("updated_at")
        batch.drop_column("bot_seed")
