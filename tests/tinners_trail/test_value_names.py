"""The tables panel's words (#53): every string a view of Tinners' Trail holds has a
name a person uses (areas, the borders of adits, the steps of a turn), through
`value_names`; the view's keys and values themselves stay as they are."""

from __future__ import annotations

import re

from headframe.engine import Rng

from .helpers import GAME

FRAME_KEYS = {"game", "players", "options", "seat", "to_move", "over", "decision", "result"}
NOT_FOR_PEOPLE = [re.compile(pattern) for pattern in (
    r"\b[A-Z]+-R\d+\b", r"(?i)\b(reconstructed|invented)\b", r"\b[a-z]+_[a-z_]+\b", r"\*\*|`", r"\b[A-Z]{2,}\d*-\d+\b",
)]


def leaves(value):
    if isinstance(value, dict):
        for inner in value.values():
            yield from leaves(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from leaves(inner)
    elif isinstance(value, str):
        yield value


def test_every_string_of_every_view_has_a_name_for_people():
    names = GAME.value_names()
    state = GAME.new_state(4, 11)
    rng = Rng(11)
    seen = set()
    while True:
        for viewer in (None, *range(state.players)):
            view = state.view(viewer)
            seen |= {value for key, part in view.items() if key not in FRAME_KEYS for value in leaves(part)}
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    said = {value: names.get(value, value) for value in seen}
    assert {value: words for value, words in said.items() if any(p.search(words) for p in NOT_FOR_PEOPLE)} == {}
    assert said["st_agnes"] == "St Agnes" and said["actions"] == "Phase 3: player actions"


def test_an_adit_is_named_by_the_areas_it_joins():
    assert GAME.value_names()["truro-falmouth"] == "Truro–Falmouth"
