"""clocks: each table's time control and each seat's time

`seats.forfeited`: the seat's player left the game or let the clock run out (a
stand-in plays it; in a rated game the seat finishes last).
(more to be written: the clocks helper)

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


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("forfeited")
