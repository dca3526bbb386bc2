"""accounts and their sessions; a seat may belong to an account

`seats.account_id`: the signed-in player who holds the seat (NULL for guests and bots).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True, index=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
