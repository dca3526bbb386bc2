"""The tables panel's words (#53): every string a view of Tinners' Trail holds has a
name a person uses (areas, the borders of adits, the steps of a turn), through
`value_names`; the view's keys and values themselves stay as they are."""

from __future__ import annotations

from ..own_words import badly_named, random_positions, shown
from .helpers import GAME


def test_every_string_of_every_view_has_a_name_for_people():
    names = GAME.presentation.value_names()
    seen = {value for state in random_positions(GAME, 4, 11) for viewer in (None, *range(state.players))
            for value in shown(state.view(viewer))}
    assert badly_named(sorted(seen), names) == []
    said = {value: names.get(value, value) for value in seen}
    assert said["st_agnes"] == "St Agnes" and said["actions"] == "Phase 3: player actions"


def test_an_adit_is_named_by_the_areas_it_joins():
    assert GAME.presentation.value_names()["truro-falmouth"] == "Truro–Falmouth"
