"""One run against another: an option at A and at B, one agent or another.

When the runs played the same seeds with the same agents in the same seats (an
A/B of `headframe simulate --compare`, or two runs with the same --seed), they are
paired game by game and each difference is measured within a game, which removes
the luck of the deal from it; otherwise the runs' means are compared unpaired."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .balance import correction_note, interval, number, p_value, readable, seat_name
from .results import GameResult, RunSummary, Section, Table
from .stats import BH, HOLM, Estimate, corrected, mean_estimate, welch_difference

Measure = tuple[str, Callable[[GameResult], float]]
Pairs = list[tuple[GameResult, GameResult]]


def paired_games(base: RunSummary, other: RunSummary) -> Pairs | None:
    """The games of both runs with the same index, when every one of them has the
    same seed and the same agents in each seat (and there are at least two)."""
    if base.players != other.players:
        return None
    by_index = {game.index: game for game in base.games}
    pairs = [(by_index[game.index], game) for game in other.games if game.index in by_index]
    same = all(a.seed is not None and (a.seed, a.agents) == (b.seed, b.agents) for a, b in pairs)
    return pairs if same and len(pairs) >= 2 else None


def differences(base: RunSummary, other: RunSummary, pairs: Pairs | None, measures: Sequence[Measure],
                method: str) -> list[tuple[float, float, Estimate]]:
    """For each measure: its mean in the base run, in the other, and the other's
    minus the base's with its interval (paired t-test on the per-game differences
    when paired, Welch's t-test otherwise), corrected together by `method`."""
    rows = []
    for _, value in measures:
        if pairs is not None:
            first, second = [value(a) for a, _ in pairs], [value(b) for _, b in pairs]
            estimate = mean_estimate([b - a for a, b in zip(first, second)])
        else:
            first, second = [value(game) for game in base.games], [value(game) for game in other.games]
            estimate = welch_difference(first, second)
        rows.append((sum(first) / len(first), sum(second) / len(second), estimate))
    estimates = corrected([estimate for _, _, estimate in rows], method)
    return [(a, b, estimate) for (a, b, _), estimate in zip(rows, estimates)]


def comparison(base: RunSummary, other: RunSummary) -> Section:
    pairs = paired_games(base, other)
    if pairs is not None:
        how = (f"Paired game by game: the {len(pairs)} games both runs hold have the same seeds and the same agents "
               "in each seat, so every difference is measured within a game (paired t-test on the per-game "
               "differences).")
    else:
        how = ("Not paired (the runs' seeds, seats or player counts differ): the difference of the runs' means, "
               "by Welch's t-test.")
    section = Section(f"{other.label} against {base.label}", [how])
    seats = range(base.players) if base.players == other.players else range(0)
    tables: list[tuple[str, list[Measure], str, bool]] = [
        ("Win rate by seat", _by_seat(seats, lambda game, seat: game.shares[seat]), "seats", True),
        ("Score by seat", _by_seat(seats, lambda game, seat: game.scores[seat]), "seats", False),
        ("Game length and margin", [("game length (decisions)", lambda game: game.length),
                                    ("margin (winner's score minus the runner-up's)", lambda game: game.margin)],
         "the two measures", False),
    ]
    for title, measures, across, percent in tables:
        if measures:
            section.blocks.append(_table(title, base, other, pairs, measures, HOLM, across, percent))
    statistics = _statistics(base, other)
    if statistics:
        section.blocks.append(_table("The game's statistics, mean over the seats of a game", base, other, pairs,
                                     statistics, BH, "statistics", False))
    return section


def _by_seat(seats: range, value: Callable[[GameResult, int], float]) -> list[Measure]:
    def at(seat: int) -> Callable[[GameResult], float]:
        return lambda game: value(game, seat)

    return [(seat_name(seat), at(seat)) for seat in seats]


def _statistics(base: RunSummary, other: RunSummary) -> list[Measure]:
    """Each statistic both runs declare in every game, as its mean over the seats of a game."""
    def mean_over_seats(name: str) -> Callable[[GameResult], float]:
        return lambda game: sum(game.statistics[name]) / len(game.statistics[name])

    names = set.intersection(*(set(game.statistics) for game in base.games + other.games))
    return [(readable(name), mean_over_seats(name)) for name in sorted(names)]


def _table(title: str, base: RunSummary, other: RunSummary, pairs: Pairs | None, measures: Sequence[Measure],
           method: str, across: str, percent: bool) -> Table:
    rows = [[name, number(a, percent), number(b, percent), interval(estimate, percent, sign=True), p_value(estimate.p)]
            for (name, _), (a, b, estimate) in zip(measures, differences(base, other, pairs, measures, method))]
    return Table(title, ["measure", base.label, other.label, "difference", "p"], rows,
                 f"{other.label} minus {base.label}; " + correction_note(method, across))
