"""Reports on runs, for game designers: the balance of one run (sim/balance.py),
the difference between runs (sim/compare.py), as Markdown for the terminal or as
one self-contained HTML page with plots (sim/plots.py).

Reading results needs only the standard library; the statistics need the `lab`
extra, imported when a report is built."""

from __future__ import annotations

import html
from pathlib import Path

from .results import RunSummary, Section, Table


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
