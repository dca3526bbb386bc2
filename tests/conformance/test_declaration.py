"""A game is one declaration, and its facets are loaded only by what uses them (issue #55): a
whole random game played in a fresh interpreter by the rules alone imports none of the
modules that show the game (its boards, text picture, words, glossary, hints) or that learn
and search it (encoding, heuristic); asking the game for its facets then loads them, and
they work."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "src" / "headframe" / "games"
# Beside every board* module and the two facets: the modules that only show, learn or search.
FACET_ONLY = {
    "tinners-trail": ("drawing", "terminal", "text", "glossary", "hints", "encoding", "heuristic"),
    "ore-city": ("text", "glossary", "encoding", "heuristic"),
    "copper-country": ("terminal", "glossary", "own_words", "hints", "encoding", "heuristic"),
    "coal-country": ("terminal", "text", "glossary", "hints", "encoding", "heuristic"),
}

PLAY = """
import json, sys
from headframe.engine import Rng, load_game

game = load_game(sys.argv[1])
package = type(game).__module__ + "."
players = game.players[-1]
state = game.new_state(players, 11, game.short_options)
rng = Rng(11)
while not state.is_over():
    seat = state.to_move()[0]
    state.apply(seat, rng.choice(state.decision(seat).actions))
played = sorted(name for name in sys.modules if name.startswith(package))
board = game.presentation.render_board(state.view(0))
state = game.new_state(players, 12)
seat = state.to_move()[0]
choice = game.learning.heuristic(state, seat, Rng(12))
print(json.dumps({"package": package, "played": played, "board": board,
                  "legal": choice in state.decision(seat).actions,
                  "loaded": sorted(name for name in sys.modules if name.startswith(package))}))
"""


@pytest.mark.parametrize("name", sorted(FACET_ONLY))
def test_a_whole_game_loads_no_presentation_or_learning_and_asking_for_them_does(name: str) -> None:
    done = subprocess.run([sys.executable, "-c", PLAY, name], capture_output=True, text=True, timeout=300, check=True)
    found = json.loads(done.stdout)
    package, played = found["package"], set(found["played"])
    folder = GAMES / package.split(".")[-2]
    boards = [path.stem for path in folder.glob("board*.py")]
    facets = {package + module for module in ("presentation", "learning", *boards, *FACET_ONLY[name])}
    assert {package + "state", package + "flow"} <= played  # the rules did load
    assert not facets & played, f"playing loaded {sorted(facets & played)}"
    assert found["board"].startswith("<svg") and found["legal"]
    assert {package + "presentation", package + "learning", package + "heuristic"} <= set(found["loaded"])
