"""the table option "Hints"

`games.hints`: the table's seats may ask what the bot would do (server/hints.py);
never in a rated game. Games from before it have none.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("hints")
