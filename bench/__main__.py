"""python -m bench [--game NAME]... [--players N]... [--seconds S]: JSON on stdout."""

import argparse
import json
import sys

from headframe.bench import run
from headframe.engine import HeadframeError

parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
parser.add_argument("--game", action="append", help="a game to measure (default: all)")
parser.add_argument("--players", action="append", type=int, help="a player count (default: all)")
parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
arguments = parser.parse_args()
try:
    print(json.dumps(run(arguments.game, arguments.players, arguments.seconds), indent=2))
except HeadframeError as exc:
    sys.exit(f"error: {exc}")
