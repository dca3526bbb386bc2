"""The balance of one run, as a designer reads it: does the seat matter (wins and
scores by seat), how close and how long are the games, where do the points come
from, which actions go with winning.

Each game is one observation: the seats of one game are not independent, so the
tests over seats treat a game as one draw (wins) or one block (scores)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from headframe.engine import HeadframeError, load_game

from .results import GameResult, RunSummary, Section, Table
from .stats import BH, CORRECTION_NAMES, HOLM, Estimate, corrected, fair_seats, mean_estimate, rate_against, seats_differ, wilson

SCORE_PART = "score_"


# --- formatting, shared with the comparisons ---------------------------------------------

def number(value: float, percent: bool = False, sign: bool = False) -> str:
    if math.isnan(value):
        return "n/a"
    if percent:
        return f"{100 * value:+.1f}%" if sign else f"{100 * value:.1f}%"
    return f"{value:+.3g}" if sign else f"{value:.3g}"


def interval(estimate: Estimate, percent: bool = False, sign: bool = False) -> str:
    """The value and its 95% interval: "52.0% [41.3%, 62.5%]"."""
    if math.isnan(estimate.low):
        return number(estimate.value, percent, sign)
    return (f"{number(estimate.value, percent, sign)} "
            f"[{number(estimate.low, percent, sign)}, {number(estimate.high, percent, sign)}]")


def p_value(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def shown(value: object) -> str:
    """An option's value as typed on a command line (on/off, not True/False)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return "none" if value is None else str(value)


def title_of(game: str) -> str:
    """The game's printed title (its registered name if it is not installed here)."""
    try:
        return load_game(game).title
    except HeadframeError:
        return game


def seat_name(seat: int) -> str:
    return f"seat {seat + 1}"


def readable(name: str) -> str:
    """A statistic or an action kind as people write it."""
    return name.replace("_", " ")


def correction_note(method: str, across: str) -> str:
    return f"p-values {CORRECTION_NAMES[method]}-corrected across {across}; intervals are 95%."


# --- the tables ---------------------------------------------------------------------------

def balance(summary: RunSummary) -> Section:
    options = ", ".join(f"{readable(name)} = {shown(value)}" for name, value in sorted(summary.options.items())) \
        or "default options"
    section = Section(f"{summary.label}: {title_of(summary.game)}, {summary.players} players, "
                      f"{len(summary.games)} games ({options})")
    section.blocks += [*seat_wins(summary), *seat_scores(summary), lengths_and_margins(summary), agents(summary),
                       tiebreaks(summary)]
    section.blocks += statistics_tables(summary) + action_tables(summary)
    return section


def win_estimates(summary: RunSummary) -> tuple[float, list[Estimate]]:
    """The chi-square test of wins by seat against a fair 1/N, and each seat's win
    rate minus 1/N (score test, Holm-corrected across seats)."""
    wins, games, fair = summary.seat_wins, len(summary.games), 1 / summary.players
    return fair_seats(wins), corrected([rate_against(w, games, fair) for w in wins], HOLM)


def seat_wins(summary: RunSummary) -> list[str | Table]:
    overall, differences = win_estimates(summary)
    games, fair = len(summary.games), 1 / summary.players
    rows = []
    for seat, (wins, difference) in enumerate(zip(summary.seat_wins, differences)):
        low, high = wilson(wins, games)
        rows.append([seat_name(seat), number(wins), interval(Estimate(wins / games, low, high), percent=True),
                     interval(difference, percent=True, sign=True), p_value(difference.p)])
    table = Table("Win rate by seat", ["seat", "wins", "win rate", f"against a fair {number(fair, percent=True)}",
                                       "p"], rows,
                  "A shared win counts as a share for each winner. Win rates with Wilson intervals; each seat "
                  "against 1/N by the score test, " + correction_note(HOLM, "seats"))
    verdict = ("Seat position matters" if overall < 0.05 else "No evidence that seat position matters") + \
        f": chi-square goodness-of-fit test of the wins by seat against equal shares, p = {p_value(overall)}."
    return [table, verdict]


def score_estimates(summary: RunSummary) -> tuple[str, float, list[Estimate], list[Estimate]]:
    """The test over seats with games as blocks; each seat's mean score; and each
    seat's mean difference from its game's mean score (t-test, Holm across seats)."""
    table = [game.scores for game in summary.games]
    test, p = seats_differ(table)
    means = [mean_estimate([game.scores[seat] for game in summary.games]) for seat in range(summary.players)]
    ahead = corrected([mean_estimate([game.scores[seat] - game.mean_score for game in summary.games])
                       for seat in range(summary.players)], HOLM)
    return test, p, means, ahead


def seat_scores(summary: RunSummary) -> list[str | Table]:
    test, p, means, ahead = score_estimates(summary)
    rows = [[seat_name(seat), interval(mean), interval(difference, sign=True), p_value(difference.p)]
            for seat, (mean, difference) in enumerate(zip(means, ahead))]
    table = Table("Score by seat", ["seat", "mean score", "against the game's mean score", "p"], rows,
                  "Each seat's score minus the mean score of the same game, averaged over games (t-test); "
                  + correction_note(HOLM, "seats"))
    verdict = ("Scores differ by seat" if p < 0.05 else "No evidence that scores differ by seat") + \
        f": {test} over all seats, each game a block, p = {p_value(p)}."
    return [table, verdict]


def lengths_and_margins(summary: RunSummary) -> Table:
    rows = []
    for name, values in (("game length (decisions)", [game.length for game in summary.games]),
                         ("margin (winner's score minus the runner-up's)", [game.margin for game in summary.games])):
        rows.append([name, interval(mean_estimate(values)), f"{number(min(values))} to {number(max(values))}"])
    return Table("Game length and margin", ["measure", "mean", "range"], rows, "Means with t intervals.")


def agents(summary: RunSummary) -> Table:
    tally: dict[str, list[float]] = {}
    for game in summary.games:
        for agent, share in zip(game.agents, game.shares):
            counts = tally.setdefault(agent, [0.0, 0])
            counts[0] += share
            counts[1] += 1
    rows = []
    for agent, (wins, games) in sorted(tally.items()):
        low, high = wilson(wins, int(games))
        rows.append([agent, number(games), interval(Estimate(wins / games, low, high), percent=True)])
    return Table("Win rate by agent", ["agent", "games played", "win rate"], rows, "Wilson intervals.")


def tiebreaks(summary: RunSummary) -> str:
    counts: dict[str, int] = {}
    for game in summary.games:
        counts[game.tiebreak] = counts.get(game.tiebreak, 0) + 1
    decided = [f"{name} in {count}" for name, count in sorted(counts.items()) if name != "none"]
    return "Tie-breakers decided no game." if not decided else \
        f"Tie-breakers decided the winner: {', '.join(decided)} of {len(summary.games)} games."


def per_seat_means(summary: RunSummary, value: Callable[[GameResult, int], float]) -> list[str]:
    return [interval(mean_estimate([value(game, seat) for game in summary.games])) for seat in range(summary.players)]


def statistics_tables(summary: RunSummary) -> list[str | Table]:
    names = sorted(set().union(*(game.statistics for game in summary.games)))
    if not names:
        return []
    seats = [seat_name(seat) for seat in range(summary.players)]

    def row(name: str, label: str) -> list[str]:
        return [label] + per_seat_means(summary, lambda game, seat: game.statistics.get(name, [0.0] * summary.players)[seat])

    sources = [row(name, readable(name.removeprefix(SCORE_PART))) for name in names if name.startswith(SCORE_PART)]
    others = [row(name, readable(name)) for name in names if not name.startswith(SCORE_PART)]
    tables: list[str | Table] = []
    if sources:
        tables.append(Table("Points by source", ["source", *seats], sources,
                            "Mean points per game from each source (the game's score statistics, which add up "
                            "to the score); t intervals."))
    if others:
        tables.append(Table("The game's other statistics", ["statistic", *seats], others, "Means per game; t intervals."))
    return tables


def action_kinds(summary: RunSummary) -> tuple[list[GameResult], list[str]]:
    """The games whose lines count actions (older lines do not), and the kinds taken."""
    counted = [game for game in summary.games if game.actions is not None]
    kinds = sorted({kind for game in counted for seat in game.actions or [] for kind in seat})
    return counted, kinds


def kind_and_winning(games: Sequence[GameResult], kinds: Sequence[str]) -> list[Estimate]:
    """For each kind, per game: the winners' mean count minus the other seats'
    (games every seat won are left out); the mean over games with its t interval,
    Benjamini-Hochberg across kinds."""
    estimates = []
    for kind in kinds:
        gaps = []
        for game in games:
            counts = [seat.get(kind, 0) for seat in game.actions or []]
            won = [count for count, share in zip(counts, game.shares) if share > 0]
            lost = [count for count, share in zip(counts, game.shares) if share == 0]
            if lost:
                gaps.append(sum(won) / len(won) - sum(lost) / len(lost))
        estimates.append(mean_estimate(gaps))
    return corrected(estimates, BH)


def action_tables(summary: RunSummary) -> list[str | Table]:
    games, kinds = action_kinds(summary)
    if not kinds:
        return ["These results do not count actions by kind (lines written before headframe counted them)."]
    played = f" ({len(games)} of the {len(summary.games)} games count actions)" if len(games) < len(summary.games) else ""
    players = range(summary.players)
    taken = [[readable(kind), interval(mean_estimate([sum(seat.get(kind, 0) for seat in game.actions or []) for game in games])),
              *(interval(mean_estimate([(game.actions or [])[seat].get(kind, 0) for game in games])) for seat in players)]
             for kind in kinds]
    association = [[readable(kind), interval(estimate, sign=True), p_value(estimate.p)]
                   for kind, estimate in zip(kinds, kind_and_winning(games, kinds))]
    return [Table("How often each action kind is taken" + played, ["kind", "per game, all seats",
                                                                   *(seat_name(seat) for seat in players)], taken,
                  "Mean count per game; t intervals."),
            Table("Action kinds and winning", ["kind", "winners minus the others, per game", "p"], association,
                  "In each game, the winners' mean count of the kind minus the other seats'; the mean over games "
                  "(t-test); " + correction_note(BH, "kinds") + " A positive difference means winners take the "
                  "kind more often: an association, not proof that it makes them win.")]
