"""Reports on runs, for game designers: the balance of one run (sim/balance.py),
the difference between runs (sim/compare.py), as Markdown for the terminal or as
one self-contained HTML page with plots (sim/plots.py).

Reading results needs only the standard library; the statistics need the `lab`
extra, imported when a report is built."""

from __future__ import annotations

import html
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


def sections(summaries: list[RunSummary], with_plots: bool = False) -> list[Section]:
    """The whole report: each run's balance, then each later run against the first."""
    from .balance import balance  # needs the lab extra: imported only to build a report
    from .compare import comparison

    out = [balance(summary) for summary in summaries]
    if with_plots:
        from .plots import plots

        for section, summary in zip(out, summaries):
            section.plots = plots(summary)
    return out + [comparison(summaries[0], other) for other in summaries[1:]]


def markdown(summaries: list[RunSummary]) -> str:
    return render_markdown(sections(summaries))


def render_markdown(parts: list[Section]) -> str:
    out: list[str] = []
    for section in parts:
        out += [f"## {section.title}", ""]
        for block in section.blocks:
            if isinstance(block, str):
                out += [block, ""]
                continue
            out += [f"### {block.title}", "", "| " + " | ".join(block.columns) + " |",
                    "|" + "---|" * len(block.columns)]
            out += ["| " + " | ".join(row) + " |" for row in block.rows]
            out += ["", f"*{block.note}*", ""] if block.note else [""]
    return "\n".join(out)


def write_html(summaries: list[RunSummary], out: Path) -> None:
    import base64

    parts = ["<!doctype html><meta charset='utf-8'><title>headframe report</title>",
             "<style>body{font-family:sans-serif;max-width:70rem;margin:auto;padding:0 1rem}"
             "table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem}"
             "td{text-align:right}td:first-child{text-align:left}caption{text-align:left;font-weight:bold}"
             ".note{color:#555;font-size:90%}img{max-width:100%}</style>",
             "<h1>headframe report</h1>"]
    for section in sections(summaries, with_plots=True):
        parts.append(f"<h2>{html.escape(section.title)}</h2>")
        for block in section.blocks:
            parts.append(f"<p>{html.escape(block)}</p>" if isinstance(block, str) else _html_table(block))
        for alt, png in section.plots:
            parts.append(f"<img alt='{html.escape(alt, quote=True)}' "
                         f"src='data:image/png;base64,{base64.b64encode(png).decode()}'>")
    out.write_text("\n".join(parts) + "\n", encoding="utf-8")


def _html_table(table: Table) -> str:
    head = "".join(f"<th>{html.escape(column)}</th>" for column in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in table.rows)
    note = f"<p class='note'>{html.escape(table.note)}</p>" if table.note else ""
    return f"<table><caption>{html.escape(table.title)}</caption><tr>{head}</tr>{body}</table>{note}"
