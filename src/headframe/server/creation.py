"""What a new table may be: its game, who deals its cards, and how many tables nobody plays one creator
(and the server) may have (storage.Unplayed)."""

from __future__ import annotations

import secrets
from typing import Any

from headframe.agents import AgentSpecError
from headframe.agents.specs import SpecLimits, check_spec
from headframe.engine import Game, HeadframeError, load_game

from .errors import BadRequest, Refusal, TooManyRequests, Unavailable
from .storage import TooMany

CROWDED_RETRY = 60  # seconds a creator is told to wait while the server has too many tables waiting for players


def deal_seed(chosen: int | None, hotseat: bool, seats: list[dict[str, Any]]) -> int:
    """The deal's seed: drawn by the server. A creator's own seed would let the
    host compute every hand, so it is taken only where no hidden card is at
    stake between people: hot-seat tables and games of bots alone."""
    if chosen is None:
        return secrets.randbits(63)
    if not hotseat and any(spec["type"] == "human" for spec in seats):
        raise BadRequest("a seed can be chosen only for hot-seat and bot-only games: with it the host could "
                         "compute the other players' cards")
    return chosen


def too_many(refused: TooMany) -> Refusal:
    """What a creator is told when a new table nobody plays would be one too many."""
    if refused.mine:
        return TooManyRequests(f"you have {refused.bound} tables waiting for players or played by bots alone: "
                               "start or cancel one, or let one end, first")
    return Unavailable("the server has too many tables waiting for players: try again later", CROWDED_RETRY)


def game_named(name: Any) -> Game:
    """The game a table is asked for (an unknown name: 400)."""
    try:
        return load_game(name)
    except HeadframeError as exc:
        raise BadRequest(str(exc)) from None


def checked_agent(spec: str, game: Game, limits: SpecLimits) -> str:
    """A bot a table asks for, within the server's limits (anything else: 400)."""
    try:
        return check_spec(spec, game, limits)
    except AgentSpecError as exc:
        raise BadRequest(str(exc)) from None
