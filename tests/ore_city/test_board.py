"""The board picture: well-formed, clickable where the rules happen, and blind to what the seat may not know."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from headframe.engine import Rng, seat_colour
from headframe.games.ore_city.board import ON_BOARD

from ..boards import NS, check_board, clickables, drawn_ids, hint, texts
from ..boards import save as save_picture
from .helpers import GAME, act, table


def seat_row(root, seat) -> ET.Element:
    return next(node for node in root.iter(f"{NS}g") if node.get("class") == f"seat seat-{seat}")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_render_every_legal_action_on_board(players):
    rng = Rng(players)
    state = GAME.new_state(players, seed=players)
    kinds_drawn, decisions = set(), 0
    while state.to_move():
        seat = state.to_move()[0]
        if decisions % 7 == 0 or state.phase not in ("action", "refill"):
            root = check(state, seat)
            kinds_drawn |= {i.split(":")[0] for i in drawn_ids(root)}
            if decisions % 70 == 0:
                assert not clickables(check(state, None))
        if decisions == 300:
            save(f"{players}p-midgame", GAME.presentation.render_board(state.view(seat)))
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decisions += 1
    root = check(state, None)
    assert not clickables(root)
    assert {"discard", "construct", "book_close", "exchange", "give", "take", "draw"} <= kinds_drawn
    save(f"{players}p-over", GAME.presentation.render_board(state.view(0)))


def test_a_view_and_its_determinization_draw_the_same():
    state = GAME.new_state(4, seed=7)
    rng = Rng(11)
    for decision in range(600):
        seat = state.to_move()[0]
        if decision % 13 == 0:
            for viewer in range(4):
                seen = GAME.presentation.render_board(state.view(viewer))
                assert GAME.presentation.render_board(state.view(viewer)) == seen  # deterministic
                assert GAME.presentation.render_board(state.determinize(viewer, rng).view(viewer)) == seen
        state.apply(seat, rng.choice(state.decision(seat).actions))


def test_a_construction_shows_in_its_space_with_the_constructors_colour():
    state = table(3, hands={0: ["park", "park", "city_hall"], 1: ["highway"]},
                  spaces={1: [("single_house", 1)]}, coins=[3, 0, 0])
    root = check(state, 0)
    space = next(node for node in clickables(root) if "space-1" in node.get("class"))
    assert set(space.get("data-actions").split()) == {"construct:park:1:1", "construct:park:2:1"}
    act(state, "construct:park:2:1")
    root = check(state, 2)
    row = seat_row(root, 1)
    assert "Park" in texts(row) and "×2" in texts(row)
    park = next(g for g in row.iter(f"{NS}g") if g.find(f"{NS}title") is not None
                and "Park (Residential card)" in hint(g) and "constructed by Seat 1" in hint(g))
    assert seat_colour(0) in [r.get("fill") for r in park.iter(f"{NS}rect")]


def test_hands_others_are_backs_by_type_and_mine_are_faces_with_their_actions():
    state = table(3, hands={0: ["park", "city_hall"], 1: ["highway", "hospital"]}, coins=[4, 0, 0])
    markup = GAME.presentation.render_board(state.view(0))
    root = ET.fromstring(markup)
    mine, theirs = seat_row(root, 0), seat_row(root, 1)
    # in nobody's sight but seat 1's (the piles' explanations name every card: they are public)
    seen = ET.tostring(theirs, encoding="unicode")
    assert "Highway" not in seen and "Hospital" not in seen and "card:" not in seen
    assert {"Industrial", "Public", "Works"} <= set(texts(theirs))
    city_hall = next(node for node in clickables(mine) if "accomplish:city_hall" in node.get("data-actions"))
    assert "Accomplish City Hall" in hint(city_hall)
    assert "Highway" in texts(seat_row(ET.fromstring(GAME.presentation.render_board(state.view(1))), 1))


def test_police_station_targets_are_the_opponents_cards_of_that_type():
    state = table(3, hands={0: ["police_station"], 1: ["highway", "park"], 2: ["park"]}, coins=[7, 0, 0])
    act(state, "accomplish:police_station")
    root = check(state, 0)
    backs = {node.get("data-actions") for node in clickables(seat_row(root, 1))}
    assert backs == {"police_take:1:industrial", "police_take:1:residential"}
    save("police", GAME.presentation.render_board(state.view(0)))


def test_exchange_take_is_on_the_common_cards_and_draws_on_the_piles():
    state = table(2, hands={0: ["park"]}, common=["single_house", "hospital", "small_store"])
    act(state, "exchange")
    act(state, "give:park")
    act(state, "end_giving")
    root = check(state, 0)
    assert drawn_ids(root) == {"take:single_house", "take:hospital", "take:small_store", "take:park"}
    assert "Hospital" in texts(root)  # the Exchange showed seat 0 the face-down PW
    assert "Hospital" not in texts(ET.fromstring(GAME.presentation.render_board(state.view(1))))
    save("exchange", GAME.presentation.render_board(state.view(0)))
    act(state, "take:single_house")
    assert state.phase == "refill"  # one card in hand, four piles to choose from
    root = check(state, 0)
    piles = [node for node in clickables(root) if node.get("data-actions").startswith("draw:")]
    assert len(piles) == 4 and all(hint(node).startswith("Draw from the") for node in piles)


def check(state, seat):
    return check_board(GAME, state, seat, ON_BOARD)


def save(name: str, markup: str) -> None:
    save_picture(GAME, name, markup)
