"""Players that are not people. They see only the engine's protocol."""

from .random_agent import RandomAgent

__all__ = ["RandomAgent"]
