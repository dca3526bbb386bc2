"""Ratings from finishing places: who is rated in a game, their places, and the
update (headframe.skill: openskill's Plackett-Luce, mu and sigma per player,
shown as the conservative ordinal mu - 3 sigma).

A game is rated when it is not hot seat, its deal's seed was the server's, and,
once it ends, at least one seat is a signed-in player's and at least two players
(accounts, or bots at a fixed level) take part. Bots are rated per level: the
agent spec normalised to one of LEVELS; a bot at another budget is not rated."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from headframe.agents import AgentSpecError
from headframe.agents.ismcts import DEFAULT_ITERATIONS
from headframe.agents.specs import SpecLimits, parse_spec
from headframe.engine import Game
from headframe.skill import DEFAULT, Skill
from headframe.skill import rate as rate_places

from .storage import SeatRow

ISMCTS_BUDGETS = (100, DEFAULT_ITERATIONS)  # the iterations of the rated ISMCTS levels

# The bot levels, weakest first: the order the lobby shows before any game rated them.
LEVELS = {"random": "Random bot", "heuristic": "Heuristic bot",
          **{f"ismcts:iters={n}": f"ISMCTS · {n} iterations" for n in ISMCTS_BUDGETS}}
DIFFICULTIES = ("Easy", "Medium", "Hard")
TRUSTED_SIGMA = 4.0  # from 25/3 at the start; Plackett-Luce gets there in about twenty games


@dataclass(frozen=True)
class Entrant:
    """One seat that is rated: its player's key (`account:ID` or `bot:LEVEL`), the
    name the leaderboard shows, and its finishing place (1 is best; ties share)."""

    seat: int
    key: str
    name: str
    place: int


def level_of(agent: str | None, game: Game) -> str | None:
    """The bot level an agent spec plays at, or None (not a rated level)."""
    if agent is None:
        return None
    try:
        spec = parse_spec(agent, game, SpecLimits())
    except AgentSpecError:
        return None
    if spec.name in ("random", "heuristic") and not spec.settings:
        return spec.name
    if spec.name == "ismcts" and set(spec.settings) <= {"iters"}:
        level = f"ismcts:iters={spec.settings.get('iters', DEFAULT_ITERATIONS)}"
        return level if level in LEVELS else None
    return None


def key_of(seat: SeatRow, game: Game) -> str | None:
    """Who a seat's result counts for: its signed-in player, or the level of a bot
    seated as one (a stand-in playing for a player does not make the seat a bot's).
    None: a guest, or a bot at an unrated level."""
    if seat.account_id is not None:
        return f"account:{seat.account_id}"
    if seat.token_hash is None and seat.controller == "bot":
        level = level_of(seat.agent, game)
        return None if level is None else f"bot:{level}"
    return None


def rated_at_creation(hotseat: bool, seed: int | None, seats: Sequence[dict[str, Any]], game: Game) -> bool:
    """Whether a new game can be rated: not hot seat, no seed of the creator's, a
    person's seat, and at least two who could be rated (people's seats, bot levels)."""
    if hotseat or seed is not None:
        return False
    people = sum(1 for spec in seats if spec["type"] == "human")
    levels = {level_of(spec.get("agent") or "random", game) for spec in seats if spec["type"] == "bot"} - {None}
    return people >= 1 and people + len(levels) >= 2


def places(ranking: Sequence[int], forfeited: Sequence[bool]) -> list[int]:
    """Finishing places from the engine's ranks: a seat whose player left is last,
    below every seat that stayed (leavers share last); the others keep their order."""
    keys = [(1, 0) if left else (0, rank) for rank, left in zip(ranking, forfeited)]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def entrants(seats: Sequence[SeatRow], ranking: Sequence[int], game: Game) -> list[Entrant]:
    """The seats a finished game rates, or none if the game does not count: no
    signed-in player, or fewer than two players."""
    finish = places(ranking, [seat.forfeited for seat in seats])
    found = [Entrant(seat.seat, key, seat.name if key.startswith("account:") else LEVELS[key[4:]], finish[seat.seat])
             for seat in seats if (key := key_of(seat, game)) is not None]
    keys = {entrant.key for entrant in found}
    if len(keys) < 2 or not any(key.startswith("account:") for key in keys):
        return []
    return found


def rate(entrants: Sequence[Entrant], before: dict[str, Skill]) -> dict[str, Skill]:
    """Each rated player's skill after the game (headframe.skill.rate)."""
    return rate_places([e.key for e in entrants], [e.place for e in entrants], before)


def shown(rating: float) -> int:
    return round(rating)


def change(before: Skill, after: Skill) -> str:
    """A rating's change in words: "+1.2", "-0.4", "±0"."""
    delta = round(after.rating - before.rating, 1)
    return "±0" if delta == 0 else f"{delta:+.1f}"


def difficulties(levels: Sequence[str], skills: dict[str, Skill]) -> list[tuple[str, str]]:
    """The game's bot levels weakest first, each with its difficulty: the weakest Easy,
    the strongest Hard, the rest Medium. Their ratings order them once every level's is
    settled (sigma under TRUSTED_SIGMA, some twenty games); until then, LEVELS' order:
    one lucky win must not make the random bot "Hard"."""
    order = list(LEVELS)
    skill = {level: skills.get(f"bot:{level}", DEFAULT) for level in levels}
    if all(skill[level].sigma < TRUSTED_SIGMA for level in levels):
        ranked = sorted(levels, key=lambda level: (skill[level].rating, order.index(level)))
    else:
        ranked = sorted(levels, key=order.index)
    last = max(1, len(ranked) - 1)
    return [(level, DIFFICULTIES[round(index * 2 / last)]) for index, level in enumerate(ranked)]
