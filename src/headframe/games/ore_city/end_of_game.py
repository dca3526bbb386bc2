"""End of Game (rulebook §7): "When any player has accumulated 10 Victory Points
by accomplishing public works, the game immediately ends with that player's
victory" (ORE-R36). A round limit, not a rule of the game, ends it as a draw
(ORE-R37). Also what the simulation lab reads of a game: statistics, progress; and
what the results screen charts: the round (`round_of`) and the VP so far (`standing`).
"""

from __future__ import annotations

from headframe.engine import Result

from .components import PUBLIC_WORKS, TYPES


def score(state, seat: int, card: str, cost: int) -> bool:
    """ORE-R28 steps 4-6: place, score; True when this ends the game (ORE-R36)."""
    state.acquired[seat].append(card)
    state.vp[seat] += state.game.tables.vp[card]
    if state.records:
        state.event("accomplish", seat=seat, card=card, cost=cost, vp=state.vp[seat])
    if state.vp[seat] >= state.game.tables.win_vp:
        state.winner = seat
        state.phase = "over"
        state.event("game_ends", winner=seat)
        return True
    return False


def round_limit(state) -> bool:
    """ORE-R37: True, and the game over, once the round limit has passed."""
    limit = state.options.round_limit
    if limit is not None and state.round > limit:
        state.phase = "over"
        state.event("round_limit", rounds=limit)
        return True
    return False


def final_result(state) -> Result:
    """ORE-R36: the player who reached 10 VP wins; everyone else loses.
    ORE-R37: a round-limit ending is a draw (everyone shares rank 1)."""
    return Result.rank([1 if seat == state.winner else 0 for seat in range(state.players)])


# Rounds a game usually lasts (the heuristic bots' games of 2-4 players: 24 to 57,
# measured), so that progress moves from the first round, before anyone scores.
USUAL_ROUNDS = 40
ROUNDS_SHARE_CAP = 0.9  # rounds alone never claim the game is nearly over


def progress(state) -> float:
    """The most of: the leader's share of the 10 VP; the share of the rounds a game
    usually lasts (at most 90%); with a round limit, the share of the rounds played.
    None of them ever goes back."""
    if state.phase == "over":
        return 100.0
    share = max(state.vp) / state.game.tables.win_vp
    if state.phase != "setup_discard":
        turns = (state.active - state.first) % state.players
        played = state.round - 1 + turns / state.players
        share = max(share, min(ROUNDS_SHARE_CAP, played / USUAL_ROUNDS))
        limit = state.options.round_limit
        if limit is not None:
            share = max(share, played / limit)
    return round(100.0 * share, 1)


def round_of(state) -> int:
    """The round, for the results' chart: a round limit ends the game as the round after it begins."""
    limit = state.options.round_limit
    return state.round if limit is None else min(state.round, limit)


def standing(state) -> list[int]:
    """Each seat's VP so far: the score as people count it (the result's is 1 for the winner)."""
    return list(state.vp)


_COUNTED = (
    "constructed_residential", "constructed_commercial", "constructed_industrial",
    "coins_spent_constructing", "coins_spent_accomplishing", "income_constructing", "income_book_closing",
    "book_closings", "accomplishments", "exchanges", "flushes", "passes", "police_takes",
)
_ACTIONS = {"book_close": "book_closings", "accomplish": "accomplishments", "exchange": "exchanges",
            "flush": "flushes", "pass": "passes", "police_take": "police_takes"}


def statistics(state) -> dict[str, list[int | float]]:
    """Per seat. The score is 1 for the winner, 0 for everyone else (ORE-R36),
    so its one source is `score_win`; VP come by Public Work (`vp_<card>`, summing
    to `vp`); coins earned and spent and actions taken come from the log."""
    tables = state.game.tables
    n = state.players
    stats: dict[str, list[int | float]] = {"score_win": [int(seat == state.winner) for seat in range(n)]}
    stats["vp"] = list(state.vp)
    for card in tables.cards_of_type[PUBLIC_WORKS]:
        stats[f"vp_{card}"] = [state.acquired[seat].count(card) * tables.vp[card] for seat in range(n)]
    stats["coins"] = list(state.coins)
    stats["technology"] = list(state.technology)
    stats.update({name: [0] * n for name in _COUNTED})
    for entry in state.log:
        name = entry["event"]
        if name in _ACTIONS:
            stats[_ACTIONS[name]][entry["seat"]] += 1
        if name == "construct":
            stats[f"constructed_{TYPES[tables.type[entry['card']]]}"][entry["seat"]] += entry["count"]
            stats["coins_spent_constructing"][entry["seat"]] += entry["cost"]
        elif name == "accomplish":
            stats["coins_spent_accomplishing"][entry["seat"]] += entry["cost"]
        if name in ("construct", "book_close"):
            income = stats["income_constructing" if name == "construct" else "income_book_closing"]
            for seat, coins in entry["gains"].items():
                income[int(seat)] += coins
    return stats
