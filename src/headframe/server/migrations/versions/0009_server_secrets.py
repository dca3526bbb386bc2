"""server secrets: random keys the server's processes share

`server_secrets`: keys drawn once, when the table is made. `device` signs the device
cookies of browsers that signed in (server/accounts.py), so that every process on the
database honours the cookies of the others.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""
import secrets

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    table = op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.bulk_insert(table, [{"name": "device", "value": secrets.token_hex(32)}])


def downgrade() -> None:
    op.drop_table("server_secrets")
