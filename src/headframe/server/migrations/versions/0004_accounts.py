"""accounts and their sessions; a seat may belong to an account, and be open to the lobby

`seats.account_id`: the signed-in player who holds the seat (NULL for guests and bots).
`seats.open`: the host opened the (invited) seat, so anyone in the lobby may claim it.
`accounts`: a name, its case-folded key (unique) and an argon2id hash of the password.
`sessions`: the SHA-256 of each signed-in browser's cookie token, with its expiry.

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
        batch.add_column(sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("sessions")
    op.drop_table("accounts")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("open")
        batch.drop_column("account_id")
