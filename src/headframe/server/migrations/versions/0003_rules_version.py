"""the rules version each game is played under

`games.rules_version` is the `Game.rules_version` of the code that created the
game; a server whose game code has another version refuses to go on with it
(its actions could replay to another state). Games from before this revision
were created under version 1 of every game.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rules_version", sa.Integer, nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rules_version")
