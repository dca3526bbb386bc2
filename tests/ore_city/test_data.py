"""The component data, the rulings and the options (ORE-R1..R39 as data)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from headframe.engine import ComponentError, OptionError
from headframe.games.ore_city import OreCity

from .helpers import GAME

HERE = Path(__file__).parent
DATA = Path(__file__).parents[2] / "src/headframe/games/ore_city/data"


def test_card_counts_match_the_components():
    # rulebook §3: 25 Residential, 25 Commercial, 25 Industrial, 35 Public Works.
    assert [len(cards) for cards in GAME.tables.deck] == [25, 25, 25, 35]
    assert sum(GAME.tables.vp[c] * GAME.tables.copies[c] for c in GAME.tables.vp) == 65


def test_every_ruling_is_listed_with_a_source_and_cited_by_a_test():
    rulings = GAME.rulings()
    assert [r.id for r in rulings] == [f"ORE-R{n}" for n in range(1, 41)]
    assert {r.id: r.source for r in rulings}["ORE-R37"] == "INVENTED"
    tests = "".join(path.read_text() for path in HERE.glob("test_*.py"))
    cited = set(re.findall(r"ORE-R\d+\b", tests))
    assert {r.id for r in rulings} <= cited


def test_source_labels_of_the_data_file_are_kept():
    text = (DATA / "ore-city.data.yaml").read_text()
    for section, label in (("residential_payouts", "RECONSTRUCTED"), ("book_closing_example", "RULEBOOK"),
                           ("adjacency_two_player", "RECONSTRUCTED"), ("factory_highway_example", "DERIVED")):
        assert GAME.components[section]["source"] == label
    assert text.count("source:") >= 20


def test_options_of_the_components_file():
    # components file §4: every option with its default and allowed values.
    described = {o["name"]: o for o in OreCity.Options.describe()}
    assert described["residential_payout_table"]["choices"] == ("reconstructed", "linear")
    assert described["majority_ranking"]["choices"] == ("dense", "competition")
    assert described["airport_discard_timing"]["choices"] == ("before_cost", "after_cost")
    assert described["round_limit"]["default"] is None and described["round_limit"]["minimum"] == 1
    for name, data in GAME.components["options"].items():
        if name != "source":
            assert described[name]["default"] == data["default"]
    with pytest.raises(OptionError):
        GAME.new_state(3, 1, {"round_limit": 0})
    with pytest.raises(OptionError):
        GAME.new_state(3, 1, {"majority_ranking": "split"})


def test_a_broken_data_file_is_refused(tmp_path):
    broken = (DATA / "ore-city.data.yaml").read_text().replace("cost: 12", "cost: twelve")
    path = tmp_path / "ore-city.data.yaml"
    path.write_text(broken)
    with pytest.raises(ComponentError, match="cost"):
        OreCity(path).components  # noqa: B018


def test_text_rendering_and_words():
    state = GAME.new_state(4, 2)
    text = GAME.presentation.render_text(state.view(state.active))
    assert "Common space" in text and "Your decision" in text
    for entry in state.log_for(0):
        assert GAME.presentation.describe_event(entry)
    for action in state.decision(state.active).actions:
        assert GAME.presentation.describe_action(action)
