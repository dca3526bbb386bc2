"""The board picture (games/copper_country/board.py): drawn from the view alone,
well-formed, deterministic, and every on-board legal action clickable where it happens."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from headframe.engine import Rng, seat_colour

from .helpers import GAME, at_labor, at_management, new, set_hand

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "boards"
SVG = "{http://www.w3.org/2000/svg}"
# The action kinds drawn on the board; the rest (manage, labor, accept, casualty,
# redraw, done) and the two refusals below are buttons.
ON_BOARD = {"contract", "take", "survey", "move_rock", "build", "work_at", "stockpile_at", "relocate", "keep",
            "prospect", "choose_row", "play", "discard", "place_rock", "use_business", "choose_building",
            "sacrifice"}
REFUSALS = {"contract:", "prospect:"}


def drawn_actions(picture) -> set[str]:
    return {i for element in picture.iter() for i in element.get("data-actions", "").split()}


def render(view):
    return ElementTree.fromstring(GAME.presentation.render_board(view))


def check_position(state, seat, rng) -> None:
    view = state.view(seat)
    markup = GAME.presentation.render_board(view)
    picture = ElementTree.fromstring(markup)
    legal = {a.id for a in state.decision(seat).actions}
    placed = {a.id for a in state.decision(seat).actions if a.kind in ON_BOARD and a.id not in REFUSALS}
    assert drawn_actions(picture) <= legal
    assert placed <= drawn_actions(picture), f"placed actions not drawn: {placed - drawn_actions(picture)}"
    world = state.determinize(seat, rng)
    assert GAME.presentation.render_board(world.view(seat)) == markup, "the picture leaks hidden information"
    spectator = render(state.view(None))
    assert not drawn_actions(spectator)


@pytest.mark.parametrize("players,options", [
    (2, {}), (3, {"board": "winter"}), (4, {}), (4, {"board": "winter", "short_game": "era_3_intro"}),
    (2, {"use_company_cards": False, "use_local_business": False, "use_events": False, "short_game": "eras_1_2"}),
])
def test_random_games_draw_every_placed_action_and_nothing_else(players, options):
    rng = Rng(players)
    state = GAME.new_state(players, seed=players, options=options)
    kinds_seen = set()
    decisions = 0
    while not state.is_over():
        seat = state.to_move()[0]
        decision = state.decision(seat)
        if decisions % 23 == 0 or decision.kind not in kinds_seen:
            kinds_seen.add(decision.kind)
            check_position(state, seat, rng)
        state.apply(seat, rng.choice(decision.actions))
        decisions += 1
    final = render(state.view(None))
    assert "Game over" in "".join(final.itertext())


def test_the_picture_is_deterministic_and_scales():
    state = new(3)
    view = state.view(0)
    assert GAME.presentation.render_board(view) == GAME.presentation.render_board(view)
    picture = render(view)
    assert picture.get("viewBox").startswith("0 0 1000 ") and picture.get("width") is None
    sizes = [float(e.get("font-size")) for e in picture.iter() if e.get("font-size")]
    assert min(sizes) >= 12  # 12 px or more when drawn 1000 px wide


def place(picture, key):
    found = [e for e in picture.iter(f"{SVG}g") if e.get("data-place") == key]
    assert len(found) == 1, key
    return found[0]


def fills(element) -> set[str]:
    return {e.get("fill") for e in element.iter() if e.get("fill")}


def test_buildings_houses_and_miners_show_where_they_are_in_their_owners_colours():
    state = new(3)
    state.builds["B11"] = (1, "shaft_house")
    state.houses["C3"] = [2]
    state.miner_at[0][0], state.miner_ready[0][0] = "M07", False
    picture = render(state.view(None))
    building = place(picture, "B11")
    assert seat_colour(1) in fills(building) and "S" in "".join(building.itertext())
    assert seat_colour(2) in fills(place(picture, "C3"))
    miner = place(picture, "M07")
    assert seat_colour(0) in fills(miner) and "exerted" in "".join(miner.itertext())
    assert seat_colour(0) not in fills(place(picture, "M08"))


def test_terrain_tokens_face_down_until_surveyed():
    state = new(2)
    picture = render(state.view(0))
    site = place(picture, "M07")
    assert "face-down terrain token" in "".join(site.itertext())
    assert not [e for e in site.iter() if e.get("data-explain", "").startswith("terrain:")]  # face down: no key
    state.surveyed["M07"] = True
    face = GAME.tables.terrain[state.terrain["M07"]]
    site = place(render(state.view(0)), "M07")
    assert f"terrain {GAME.tables.resource_name.get(face, 'poor rock')}" in "".join(site.itertext())
    assert [e for e in site.iter() if e.get("data-explain") == f"terrain:{face}"]


def test_own_hand_face_up_others_face_down():
    state = new(2)
    set_hand(state, 0, ["CAP1-01"])
    set_hand(state, 1, ["CAP1-34", "CAP1-35"])
    mine, theirs = render(state.view(0)), render(state.view(1))
    assert hand_cards(mine) == ["card:labor"]  # the other seat's two transport cards are backs only
    assert hand_cards(theirs) == ["card:transport", "card:transport"]
    assert "holds 2 capital cards, 2 unseen" in GAME.presentation.render_board(state.view(0))


def hand_cards(picture) -> list[str]:
    """The glossary keys of the cards drawn face up in the ledgers."""
    ledgers = next(e for e in picture.iter(f"{SVG}g") if e.get("class") == "ledgers")
    return [e.get("data-explain") for e in ledgers.iter() if e.get("data-explain", "").startswith("card:")]


def test_work_is_clicked_on_the_mine_site_and_a_capital_call_on_its_card():
    state = new(2)
    at_labor(state, 0)
    picture = render(state.view(0))
    site = state.board.camp_sites["C1"][0]
    hexagon = [e for e in place(picture, site).iter() if e.get("data-actions")]
    assert hexagon and f"work_at:0:{site}" in hexagon[0].get("data-actions").split()
    assert "Work mine site" in hexagon[0].find(f"{SVG}title").text
    assert "your ready miner at camp 1" in hexagon[0].find(f"{SVG}title").text  # the picture shows no miner numbers
    at_management(state, 0)
    picture = render(state.view(0))
    deck = [e for e in picture.iter() if "take:-1" in e.get("data-actions", "").split()]
    assert len(deck) == 1 and "capital" in "".join(deck[0].itertext())


def test_examples_are_saved_for_people_to_look_at():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for board, players, decisions in (("summer", 3, 400), ("winter", 4, 900)):
        state = GAME.new_state(players, seed=7, options={"board": board})
        rng = Rng(7)
        for _ in range(decisions):
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.decision(seat).actions))
        seat = state.to_move()[0]
        (ARTIFACTS / f"copper-country-{board}-seat{seat}.svg").write_text(GAME.presentation.render_board(state.view(seat)))
        (ARTIFACTS / f"copper-country-{board}-spectator.svg").write_text(GAME.presentation.render_board(state.view(None)))
    assert len(list(ARTIFACTS.glob("copper-country-*.svg"))) >= 4
