"""creators: whom a table nobody plays counts against

`games.creator`: "account:ID" for a signed-in creator, else "address:" and a keyed hash
of the guest's address (never the address), keyed by the `creator` server secret drawn
here. The server counts, by it and `status`, the tables each creator has waiting for
players or played by bots alone (server/storage.py, `Unplayed`). Games from before it
have none: they count only towards the server's own bound.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04
"""
import secrets

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

server_secrets = sa.table("server_secrets", sa.column("name", sa.String), sa.column("value", sa.String))


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("ix_games_creator_status", "games", ["creator", "status"])
    op.bulk_insert(server_secrets, [{"name": "creator", "value": secrets.token_hex(32)}])


def downgrade() -> None:
    op.execute(server_secrets.delete().where(server_secrets.c.name == "creator"))
    op.drop_index("ix_games_creator_status", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("creator")
