"""The end of a game for people: each seat's place, score and score parts (the
game's `score_*` statistics, which sum to the score), the tie-breaker that
decided, and the game's length. Public once the game is over: the game page's
results screen and the replay's last step show them."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from sqlalchemy import func, select

from headframe.engine import Game, Result, State
from headframe.engine.people import naming, seat_label

from .errors import Conflict
from .storage import Store
from .tables import actions, games

if TYPE_CHECKING:
    from .hub import Hub


def results(game: Game, state: State) -> dict[str, Any]:
    """A finished game's results in the game's terms (`Game.score_name`, `score_statistic`;
    seats named by `seat_label`: call it inside `naming`)."""
    result = state.result()
    statistics = state.statistics()
    shown = game.score_statistic
    prefix = "score_" if shown is None else f"{shown}_"
    scores = result.scores if shown is None else statistics[shown]
    parts = [key for key in statistics if key.startswith(prefix)]
    if shown is not None:  # a statistic's parts by thing (VP by Public Work): those someone scored
        parts = [key for key in parts if any(statistics[key])]
    return {
        "score_name": game.score_name,
        "parts": [game.presentation.statistic_label(key) for key in parts],
        "seats": [{"seat": seat, "name": seat_label(seat), "place": result.ranking[seat], "score": scores[seat],
                   "parts": [statistics[key][seat] for key in parts]}
                  for seat in range(state.players)],
        "tiebreak": tiebreak_words(result),
        "decisions": len(state.history),
        "rounds": by_round(game, state),
    }


def by_round(game: Game, final: State) -> dict[str, Any] | None:
    """Each seat's standing (`game.presentation.standing`) at the end of each round (`game.presentation.round_of`), from
    the finished game replayed: a round ends when the next begins, its scoring done, and the
    last round with the game. None for a game without rounds."""
    state = game.new_state(final.players, final.seed, final.options.to_dict())
    current = game.presentation.round_of(state)
    if current is None:
        return None
    standings = []
    for seat, action, _ in final.history:
        state.apply(seat, action)
        reached = game.presentation.round_of(state)
        if reached is not None and reached != current:
            standings.append({"round": current, "scores": list(game.presentation.standing(state))})
            current = reached
    standings.append({"round": current, "scores": list(game.presentation.standing(state))})
    return {"name": game.round_name, "standings": standings}


def tiebreak_words(result: Result) -> str:
    """What decided first place, in words."""
    if result.tiebreak:
        return f"Level on score at the top: decided by {result.tiebreak}."
    if sum(1 for rank in result.ranking if rank == 1) > 1:
        return "Level on score at the top, and no tie-breaker separated them: first place is shared."
    return "No tie."


def played_minutes(store: Store, game_id: str) -> float | None:
    """Minutes from the table's creation to its last move, from the stored times (None: no move)."""
    with store.engine.connect() as db:
        created = db.execute(select(games.c.created_at).where(games.c.id == game_id)).scalar()
        last = db.execute(select(func.max(actions.c.created_at)).where(actions.c.game_id == game_id)).scalar()
    if not isinstance(created, datetime) or not isinstance(last, datetime):
        return None
    if (created.tzinfo is None) != (last.tzinfo is None):  # SQLite keeps no zone: both are UTC
        created, last = created.replace(tzinfo=None), last.replace(tzinfo=None)
    return round(max(0.0, (last - created).total_seconds()) / 60, 1)


def add_routes(app: FastAPI, hub: Hub) -> None:
    @app.get("/api/games/{game_id}/results")
    async def game_results(game_id: str) -> dict[str, Any]:
        """A finished game's results screen: places, scores and their parts, the tie-breaker, its length."""
        room = await hub.room(game_id)
        if not room.state.is_over():
            raise Conflict("the results are shown once the game is over")
        names = room.names()

        def named() -> dict[str, Any]:  # off the event loop: the chart per round replays the game
            with naming(names):
                return results(room.game, room.state)

        found = await asyncio.to_thread(named)
        return {**found, "minutes": await asyncio.to_thread(played_minutes, hub.store, game_id)}
