"""The end of a game: scores, ranks and the tie-breakers that decided them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    """The end of a game: each seat's score and rank (1 is best; tied seats share
    a rank), the name of the tie-breaker that decided first place, if any, and
    for every two seats level on score the tie-breaker that separated them."""

    scores: tuple[int | float, ...]
    ranking: tuple[int, ...]
    tiebreak: str | None = None
    # Every two seats level on score, with the tie-breaker that separated them (None: none did).
    ties: tuple[tuple[int, int, str | None], ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranking) if rank == 1)

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "ranking": list(self.ranking), "tiebreak": self.tiebreak,
                "ties": [list(tie) for tie in self.ties]}

    @classmethod
    def rank(cls, scores, tiebreaks: tuple[tuple[str, Any], ...] = ()) -> Result:
        """Rank seats by score, then by each named tie-breaker in turn (higher is
        better; negate a value where lower wins). Seats equal on all of them share
        a rank."""
        keys = [(score, *(values[seat] for _, values in tiebreaks)) for seat, score in enumerate(scores)]
        order = sorted(range(len(keys)), key=lambda seat: keys[seat], reverse=True)
        ranking = [0] * len(keys)
        for position, seat in enumerate(order):
            previous = order[position - 1]
            same = position > 0 and keys[previous] == keys[seat]
            ranking[seat] = ranking[previous] if same else position + 1
        ties = tuple(
            (a, b, _separating(keys[a], keys[b], tiebreaks))
            for a in range(len(keys)) for b in range(a + 1, len(keys)) if keys[a][0] == keys[b][0]
        )
        leader_tie = len(order) > 1 and keys[order[0]][0] == keys[order[1]][0]
        tiebreak = _separating(keys[order[0]], keys[order[1]], tiebreaks) if leader_tie else None
        return cls(tuple(scores), tuple(ranking), tiebreak, ties)


def _separating(a: tuple, b: tuple, tiebreaks) -> str | None:
    """The first tie-breaker on which two seats level on score differ."""
    for depth in range(1, len(a)):
        if a[depth] != b[depth]:
            return tiebreaks[depth - 1][0]
    return None
