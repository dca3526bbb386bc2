"""Runs' results read for reports: one line per game (sim/match.py) as a
GameResult, a run as a RunSummary, and the report's parts (sections of
paragraphs and tables), which sim/report.py prints. Standard library only."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .runner import RunError


@dataclass(frozen=True)
class GameResult:
    """One line of results: each game is one observation."""

    index: int
    seed: int | None
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    shares: tuple[float, ...]  # each seat's share of the win: 1, 1/k when k seats share it, 0
    length: int
    tiebreak: str
    statistics: dict[str, list[float]]
    actions: list[dict[str, int]] | None  # per seat, how often it took each kind; None in older lines

    @property
    def margin(self) -> float:
        """The winner's score minus the runner-up's (0 when the win is shared)."""
        best, second = sorted(self.scores, reverse=True)[:2]
        return best - second

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores)


@dataclass
class RunSummary:
    label: str
    game: str
    players: int
    options: dict[str, Any]
    games: list[GameResult] = field(default_factory=list)

    @property
    def seat_wins(self) -> list[float]:
        return [sum(game.shares[seat] for game in self.games) for seat in range(self.players)]


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
    summary = RunSummary(label, first["game"], first["players"], first.get("options", {}))
    for number, line in enumerate(sorted(lines, key=lambda line: line.get("index", 0))):
        ranking = line["ranking"]
        winners = ranking.count(1)
        summary.games.append(GameResult(
            index=line.get("index", number), seed=line.get("seed"), agents=tuple(line["agents"]),
            scores=tuple(float(score) for score in line["scores"]),
            shares=tuple(1 / winners if place == 1 else 0.0 for place in ranking),
            length=line.get("length", 0), tiebreak=line.get("tiebreak") or "none",
            statistics=line.get("statistics") or {}, actions=line.get("actions")))
    return summary


# --- the document: sections of paragraphs and tables, rendered twice ----------------------

@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""  # what the numbers are, and which test and correction gave the p-values


@dataclass
class Section:
    title: str
    blocks: list[str | Table] = field(default_factory=list)  # paragraphs and tables, in order
    plots: list[tuple[str, bytes]] = field(default_factory=list)  # (what it shows, PNG), in the HTML only
