"""python -m bench [--game NAME]... [--players N]... [--seconds S] [--rounds R]: JSON on
stdout, the run kept in bench/results (bench/history.py); with R rounds each rate is
its best round's.
python -m bench --compare A B: the ratios of two kept runs (files or commits).
python -m bench --check: a new run (best of 3 rounds unless --rounds says) against the
last one kept; fails on a slowdown of over 10% in decisions/s or clone µs."""

import argparse
import json
import sys

from bench import history
from headframe.bench import run
from headframe.engine import HeadframeError

parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--game", action="append", help="a game to measure (default: all)")
parser.add_argument("--players", action="append", type=int, help="a player count (default: all)")
parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
parser.add_argument("--rounds", type=int, help="rounds per case, each rate its best (default 1; 3 with --check)")
parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare two kept runs (files or commits)")
parser.add_argument("--check", action="store_true", help="measure, then compare with the last run kept")
parser.add_argument("--no-save", action="store_true", help="do not keep this run in bench/results")
arguments = parser.parse_args()
try:
    if arguments.compare:
        before, after = (json.loads(history.find(which).read_text()) for which in arguments.compare)
        print(history.report(before, after, history.compare(before, after)))
        sys.exit(0)
    kept = history.runs()
    rounds = arguments.rounds or (3 if arguments.check else 1)
    if rounds < 1:
        sys.exit("error: --rounds is at least 1")
    measured = run(arguments.game, arguments.players, arguments.seconds, rounds)
    print(json.dumps(measured, indent=2))
    if not arguments.no_save:
        saved = history.save(measured)
        measured = json.loads(saved.read_text())
        print(f"kept as {saved}", file=sys.stderr)
    if arguments.check:
        against = history.baseline(measured, kept)
        if against is None:
            sys.exit("no earlier run is kept in bench/results to check against")
        before = json.loads(against.read_text())
        rows = history.compare(before, measured)
        print(history.report(before, measured, rows), file=sys.stderr)
        if any(row["regression"] for row in rows):
            sys.exit(f"slower than {against.name} by over {history.TOLERANCE:.0%}")
except (HeadframeError, LookupError) as exc:
    sys.exit(f"error: {exc}")
