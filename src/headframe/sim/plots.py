"""The report's plots of one run, as PNG images (matplotlib, without a display)."""

from __future__ import annotations

import io
from collections.abc import Callable

from .balance import SCORE_PART, readable, seat_name
from .results import RunSummary
from .stats import wilson


def plots(summary: RunSummary) -> list[tuple[str, bytes]]:
    """(what the plot shows, its PNG) for each plot of the run."""
    drawings: list[tuple[str, Callable]] = [
        ("Win rate by seat with 95% intervals", _win_rates),
        ("Score distribution by seat", _scores),
        ("Margin: the winner's score minus the runner-up's", _margins),
        ("Game length in decisions", _lengths),
    ]
    if any(name.startswith(SCORE_PART) for game in summary.games for name in game.statistics):
        drawings.append(("Points by source by seat", _sources))
    return [(title, _png(title, draw, summary)) for title, draw in drawings]


def _png(title: str, draw: Callable, summary: RunSummary) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 3.6))
    draw(axes, summary)
    axes.set_title(title)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    plt.close(figure)
    return buffer.getvalue()


def _seats(summary: RunSummary) -> list[str]:
    return [seat_name(seat) for seat in range(summary.players)]


def _win_rates(axes, summary: RunSummary) -> None:
    games = len(summary.games)
    rates = [wins / games for wins in summary.seat_wins]
    intervals = [wilson(wins, games) for wins in summary.seat_wins]
    errors = [[rate - low for rate, (low, _) in zip(rates, intervals)],
              [high - rate for rate, (_, high) in zip(rates, intervals)]]
    axes.bar(_seats(summary), rates, yerr=errors, capsize=4)
    axes.axhline(1 / summary.players, color="grey", linestyle="--", label="a fair share")
    axes.set(ylabel="win rate", ylim=(0, 1))
    axes.legend()


def _scores(axes, summary: RunSummary) -> None:
    axes.boxplot([[game.scores[seat] for game in summary.games] for seat in range(summary.players)])
    axes.set_xticks(range(1, summary.players + 1), _seats(summary))
    axes.set(ylabel="score")


def _margins(axes, summary: RunSummary) -> None:
    axes.hist([game.margin for game in summary.games], bins=15)
    axes.set(xlabel="points", ylabel="games")


def _lengths(axes, summary: RunSummary) -> None:
    axes.hist([game.length for game in summary.games], bins=15)
    axes.set(xlabel="decisions", ylabel="games")


def _sources(axes, summary: RunSummary) -> None:
    names = sorted({name for game in summary.games for name in game.statistics if name.startswith(SCORE_PART)})
    above, below = [0.0] * summary.players, [0.0] * summary.players  # penalties stack downwards
    for name in names:
        means = [sum(game.statistics.get(name, [0.0] * summary.players)[seat] for game in summary.games) / len(summary.games)
                 for seat in range(summary.players)]
        bottom = [up if mean >= 0 else down for mean, up, down in zip(means, above, below)]
        axes.bar(_seats(summary), means, bottom=bottom, label=readable(name.removeprefix(SCORE_PART)))
        above = [up + max(mean, 0) for up, mean in zip(above, means)]
        below = [down + min(mean, 0) for down, mean in zip(below, means)]
    axes.axhline(0, color="black", linewidth=0.5)
    axes.set(ylabel="mean points per game")
    axes.legend(fontsize="small")
