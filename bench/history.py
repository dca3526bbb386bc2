"""The engine benchmark's history: every `python -m bench` run is kept as
`bench/results/<time>-<commit>.json` (the commit it measured, and whether the
tree had changes), so two runs compare (`--compare A B`) and a slowdown is
caught (`--check`, `make bench-check`: over 10% fewer decisions/s or 10% slower
clones than the last run kept fails)."""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"
TOLERANCE = 0.10
# What each number is, and which way is better.
MEASURES = {
    "decisions_per_s": "higher",
    "clone_us": "lower",
    "to_json_us": "lower",
    "random_games_per_s": "higher",
    "ismcts_iterations_per_s": "higher",
}
GUARDED = ("decisions_per_s", "clone_us")  # the ones --check fails on


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True,
                              cwd=RESULTS.parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def save(run: dict[str, Any], folder: Path = RESULTS) -> Path:
    """Keep a run with the commit it measured; returns its file."""
    commit = _git("rev-parse", "HEAD") or "unknown"
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    now = datetime.now(UTC)
    kept = {"commit": commit, "dirty": dirty, "at": now.isoformat(timespec="seconds"), **run}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{now:%Y%m%dT%H%M%SZ}-{commit[:10]}.json"
    path.write_text(json.dumps(kept, indent=2) + "\n")
    return path


def runs(folder: Path = RESULTS) -> list[Path]:
    """The kept runs, oldest first (their names start with the time)."""
    return sorted(folder.glob("*.json"))


def clock(run: dict[str, Any]) -> str:
    """What a run's rates count: CPU time, or (runs kept before it said) wall time."""
    return run.get("clock", "wall")


def baseline(measured: dict[str, Any], kept: list[Path]) -> Path | None:
    """The newest kept run on the same clock that measured every game and player count
    `measured` did (else the newest on the same clock), to check against."""
    wanted = {(row["game"], row["players"]) for row in measured["results"]}
    alike = [path for path in kept if clock(json.loads(path.read_text())) == clock(measured)]
    for path in reversed(alike):
        if wanted <= {(row["game"], row["players"]) for row in json.loads(path.read_text())["results"]}:
            return path
    return alike[-1] if alike else None


def find(which: str, folder: Path = RESULTS) -> Path:
    """A run by its file, or the newest run of a commit (a prefix of its id)."""
    path = Path(which)
    if path.is_file():
        return path
    matching = [run for run in runs(folder) if json.loads(run.read_text())["commit"].startswith(which)]
    if not which or not matching:
        raise LookupError(f"no benchmark run kept for {which!r} in {folder}")
    return matching[-1]


def compare(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """For each game and player count in both runs, each measure's ratio after/before
    and whether it is a regression past TOLERANCE (guarded measures only)."""
    earlier = {(row["game"], row["players"]): row for row in before["results"]}
    rows = []
    for row in after["results"]:
        old = earlier.get((row["game"], row["players"]))
        if old is None:
            continue
        for measure, better in MEASURES.items():
            if not old.get(measure) or measure not in row:
                continue
            ratio = row[measure] / old[measure]
            worse = ratio < 1 - TOLERANCE if better == "higher" else ratio > 1 + TOLERANCE
            rows.append({"game": row["game"], "players": row["players"], "measure": measure,
                         "before": old[measure], "after": row[measure], "ratio": round(ratio, 3),
                         "regression": worse and measure in GUARDED})
    return rows


def report(before: dict[str, Any], after: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    """The comparison as a table a person reads."""
    lines = [f"before: {before.get('commit', '?')[:10]} ({before.get('at', '?')}, {before.get('machine', '?')})",
             f"after:  {after.get('commit', '?')[:10]} ({after.get('at', '?')}, {after.get('machine', '?')})"]
    if before.get("machine") != after.get("machine") or before.get("python") != after.get("python"):
        lines.append("note: the runs were on different machines or Pythons; ratios mean little")
    if clock(before) != clock(after):
        lines.append(f"note: the runs timed {clock(before)} and {clock(after)} time; ratios mean little")
    lines.append(f"{'game':<16}{'players':>8}  {'measure':<26}{'before':>12}{'after':>12}{'ratio':>8}")
    for row in rows:
        flag = "  REGRESSION" if row["regression"] else ""
        lines.append(f"{row['game']:<16}{row['players']:>8}  {row['measure']:<26}{row['before']:>12}"
                     f"{row['after']:>12}{row['ratio']:>8.2f}{flag}")
    return "\n".join(lines)
