"""notifications: choices, email addresses, push subscriptions, what was sent

`notify_choices`: per account, the kinds of message switched on (my move, invitations and
rematches, games ended), the email address, whether it is verified (a link's token, kept as its
SHA-256, until it expires) and whether email is on (its unsubscribe link turns it off).
`notify_sent`: one row per message sent (account, game, seat, kind), so that each is sent once.
`push_subscriptions`: browsers' Web Push subscriptions, by the SHA-256 of their endpoint.
Server secrets drawn here: `notify` keys the unsubscribe links (an HMAC of the account);
`vapid` is the private key (P-256, hex) that signs Web Push requests (server/push.py).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07
"""
import secrets

import sqlalchemy as sa
from alembic import op
from cryptography.hazmat.primitives.asymmetric import ec

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

server_secrets = sa.table("server_secrets", sa.column("name", sa.String), sa.column("value", sa.String))


def upgrade() -> None:
    op.create_table(
        "notify_choices",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("move", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("invite", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("ended", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_on", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("verified", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("verify_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("verify_expires", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "notify_sent",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("endpoint", sa.String(1024), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )
    vapid = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value.to_bytes(32, "big")
    op.bulk_insert(server_secrets, [{"name": "notify", "value": secrets.token_hex(32)},
                                    {"name": "vapid", "value": vapid.hex()}])


def downgrade() -> None:
    op.execute(server_secrets.delete().where(server_secrets.c.name.in_(("notify", "vapid"))))
    op.drop_table("push_subscriptions")
    op.drop_table("notify_sent")
    op.drop_table("notify_choices")
