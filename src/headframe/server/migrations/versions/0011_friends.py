"""friends: seats given to an account by name, rematches, deleted accounts

`seats.invited`: the seat was given to `seats.account_id` by name (an invitation, or a rematch's seat)
and its player has not yet played or accepted it; they may decline it (it goes back to the host).
`games.rematch`: the id of the table a finished one's "Play again" made (one per finished table).
`accounts.deleted_at`: when the account was deleted; its name stays taken and never signs in again.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07
"""
import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invited", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("deleted_at")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invited")
