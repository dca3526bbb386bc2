"""Seat and host tokens: 128 random bits, handed out once, stored only as SHA-256."""

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str | None, stored_hash: str | None) -> bool:
    if not token or not stored_hash or len(token) > 64:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)
