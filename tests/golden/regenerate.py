"""Rewrite every golden playthrough: `make golden` (python -m tests.golden.regenerate)."""

import json

from headframe.engine import load_game, register
from tests.golden.playthrough import golden_cases, paths, play
from tests.tinygame import PitLamps

register(PitLamps)
for name, players, seed in golden_cases():
    record, summary = play(load_game(name), players, seed)
    record_path, summary_path = paths(name, players, seed)
    record_path.parent.mkdir(exist_ok=True)
    record_path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    summary_path.write_text(summary, encoding="utf-8")
    print(f"wrote {summary_path}")
