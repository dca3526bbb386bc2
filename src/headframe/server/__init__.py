"""The multiplayer game server: lobby, seats, live games over WebSockets,
event-sourced storage (SQLite or PostgreSQL), replays, and the generic web client."""

from .app import create_app
from .cli import serve

__all__ = ["create_app", "serve"]
