"""Reports on runs: win rates with 95% intervals, score and length
distributions, first-player advantage, the games' own statistics, and the
difference between runs (an option on and off, one agent or another)."""

from __future__ import annotations

import base64
import html
import io
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .runner import RunError
from .stats import difference, mean, quantile, rate_test, sd, wilson


@dataclass
class RunSummary:
    label: str
    game: str
    players: int
    options: dict[str, Any]
    games: int = 0
    seat_outcomes: list[list[float]] = field(default_factory=list)  # per seat, per game: 1, 1/k shared, 0
    agent_wins: dict[str, list[float]] = field(default_factory=lambda: defaultdict(lambda: [0.0, 0]))
    scores: list[list[float]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    statistics: dict[str, list[list[float]]] = field(default_factory=dict)
    tiebreaks: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    @property
    def seat_wins(self) -> list[float]:
        return [sum(outcomes) for outcomes in self.seat_outcomes]


def load_results(path: Path) -> list[dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RunError(f"{path}: cannot read: {exc.strerror}") from None
    lines = []
    for number, row in enumerate(text.splitlines(), 1):
        if row.strip():
            try:
                line = json.loads(row)
                if not isinstance(line, dict) or not {"game", "players", "ranking", "scores", "agents"} <= set(line):
                    raise ValueError
            except ValueError:
                raise RunError(f"{path}:{number}: not a results line") from None
            lines.append(line)
    if not lines:
        raise RunError(f"{path}: no results")
    return lines


def summarize(label: str, lines: list[dict[str, Any]]) -> RunSummary:
    first = lines[0]
    if any((line["game"], line["players"]) != (first["game"], first["players"]) for line in lines):
        raise RunError(f"{label}: mixes games or player counts")
    players = first["players"]
    summary = RunSummary(label, first["game"], players, first.get("options", {}))
    summary.seat_outcomes = [[] for _ in range(players)]
    summary.scores = [[] for _ in range(players)]
    for line in lines:
        summary.games += 1
        ranking = line["ranking"]
        winners = [seat for seat in range(players) if ranking[seat] == 1]
        for seat in range(players):
            share = 1 / len(winners) if seat in winners else 0.0
            summary.seat_outcomes[seat].append(share)
            tally = summary.agent_wins[line["agents"][seat]]
            tally[0] += share
            tally[1] += 1
            summary.scores[seat].append(line["scores"][seat])
        summary.lengths.append(line.get("length", 0))
        summary.tiebreaks[line.get("tiebreak") or "none"] += 1
        for name, values in (line.get("statistics") or {}).items():
            per_seat = summary.statistics.setdefault(name, [[] for _ in range(players)])
            for seat in range(players):
                per_seat[seat].append(values[seat])
    return summary


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _rate(wins: float, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{_pct(wins / games)} [{_pct(low)}, {_pct(high)}]"


def markdown(summaries: list[RunSummary]) -> str:
    out: list[str] = []
    for s in summaries:
        options = ", ".join(f"{k}={v}" for k, v in sorted(s.options.items())) or "defaults"
        out += [f"## {s.label}: {s.game}, {s.players} players, {s.games} games ({options})", ""]
        out += ["| seat | win rate [95% CI] | mean score | sd | median |", "|---|---|---|---|---|"]
        for seat in range(s.players):
            scores = s.scores[seat]
            out.append(f"| {seat} | {_rate(s.seat_wins[seat], s.games)} | {mean(scores):.2f} | "
                       f"{sd(scores):.2f} | {quantile(scores, 0.5):g} |")
        p = rate_test(s.seat_wins[0], s.games, 1 / s.players)
        out += ["", f"First-player advantage: seat 0 wins {_pct(s.seat_wins[0] / s.games)} against a fair "
                    f"{_pct(1 / s.players)} (p = {p:.3g}).", ""]
        out += ["| agent | games | win rate [95% CI] |", "|---|---|---|"]
        for agent, (wins, games) in sorted(s.agent_wins.items()):
            out.append(f"| {agent} | {games} | {_rate(wins, games)} |")
        out += ["", f"Game length: {mean(s.lengths):.1f} decisions on average (sd {sd(s.lengths):.1f}, "
                    f"from {min(s.lengths)} to {max(s.lengths)}).",
                "Deciding tie-breakers: " + ", ".join(f"{k} {v}" for k, v in sorted(s.tiebreaks.items())), ""]
        if s.statistics:
            out += ["| statistic | " + " | ".join(f"seat {i} mean" for i in range(s.players)) + " |",
                    "|---|" + "---|" * s.players]
            for name, per_seat in sorted(s.statistics.items()):
                out.append(f"| {name} | " + " | ".join(f"{mean(v):.2f}" for v in per_seat) + " |")
            out.append("")
    if len(summaries) > 1:
        out += _comparison(summaries)
    return "\n".join(out)


def _comparison(summaries: list[RunSummary]) -> list[str]:
    base = summaries[0]
    out = [f"## Compared with {base.label}", "",
           "| run | measure | difference [95% CI] | p |", "|---|---|---|---|"]
    for other in summaries[1:]:
        measures = {"game length": (base.lengths, other.lengths)}
        if other.players == base.players:
            for seat in range(base.players):
                measures[f"seat {seat} win"] = (base.seat_outcomes[seat], other.seat_outcomes[seat])
                measures[f"seat {seat} score"] = (base.scores[seat], other.scores[seat])
            for name in sorted(set(base.statistics) & set(other.statistics)):
                measures[name] = (sum(base.statistics[name], []), sum(other.statistics[name], []))
        for measure, (a, b) in measures.items():
            delta, low, high, p = difference(a, b)
            out.append(f"| {other.label} | {measure} | {delta:+.3g} [{low:+.3g}, {high:+.3g}] | {p:.3g} |")
    return out + [""]


def write_html(summaries: list[RunSummary], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    parts = ["<!doctype html><meta charset='utf-8'><title>headframe report</title>",
             "<style>body{font-family:sans-serif;max-width:60rem;margin:auto}table{border-collapse:collapse}"
             "td,th{border:1px solid #ccc;padding:.2rem .5rem}img{max-width:100%}</style>",
             "<h1>headframe report</h1>"]
    for s in summaries:
        figure, axes = plt.subplots(1, 3, figsize=(15, 4))
        rates = [w / s.games for w in s.seat_wins]
        intervals = [wilson(w, s.games) for w in s.seat_wins]
        axes[0].bar(range(s.players), rates, yerr=[[r - lo for r, (lo, _) in zip(rates, intervals)],
                                                   [hi - r for r, (_, hi) in zip(rates, intervals)]], capsize=4)
        axes[0].axhline(1 / s.players, color="grey", linestyle="--")
        axes[0].set(title="Win rate by seat (95% CI)", xlabel="seat", xticks=range(s.players))
        axes[1].hist(s.scores, label=[f"seat {i}" for i in range(s.players)], bins=15)
        axes[1].set(title="Scores", xlabel="score")
        axes[1].legend()
        axes[2].hist(s.lengths, bins=15)
        axes[2].set(title="Game length", xlabel="decisions")
        buffer = io.BytesIO()
        figure.tight_layout()
        figure.savefig(buffer, format="png", dpi=80)
        plt.close(figure)
        picture = base64.b64encode(buffer.getvalue()).decode()
        parts += [f"<h2>{html.escape(s.label)}</h2>", f"<img alt='plots of {html.escape(s.label)}' "
                  f"src='data:image/png;base64,{picture}'>"]
    parts.append("<h2>Summary</h2><pre>" + html.escape(markdown(summaries)) + "</pre>")
    out.write_text("\n".join(parts), encoding="utf-8")
