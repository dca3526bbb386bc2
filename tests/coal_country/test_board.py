"""The board picture: well-formed, clickable where the rules happen, and blind to what the seat may not know."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from headframe.engine import Rng, seat_colour
from headframe.games.coal_country.actions import Build, ChurchTarget, Place, PlaceTile
from headframe.games.coal_country.board_parts import ON_BOARD
from headframe.games.coal_country.text import inspection_words

from ..boards import NS, check_board, clickables, drawn_ids, hint, texts
from ..boards import save as save_picture
from .helpers import GAME, add_tile, new, place, place_all, stop_until, tile_drawn


def parse(state, seat):
    markup = GAME.presentation.render_board(state.view(seat))
    return markup, ET.fromstring(markup)


def discs(node, seat) -> list[ET.Element]:
    """The foremen discs of a seat (earnings markers are smaller)."""
    return [c for c in node.iter(f"{NS}circle") if c.get("r") == "11" and c.get("fill") == seat_colour(seat)]


OPTION_SETS = [{}, {"industry_amok": True}, {"reformed_industry": True, "utility_type_choice": "declared_at_placement",
                                               "permit_incentive_effect": "look_two_keep_one"}]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=["standard", "amok", "reformed-declared-look"])
def test_random_games_render_every_legal_action_on_board(players, options):
    rng = Rng(players)
    state = GAME.new_state(players, seed=players, options=options)
    kinds_drawn, decisions = set(), 0
    while state.to_move():
        to_move = state.to_move()
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        if decisions % 5 == 0 or state.decision(seat).kind != "place_foreman":
            root = check(state, seat)
            kinds_drawn |= {i.split(":")[0] for i in drawn_ids(root)}
            if decisions % 50 == 0:
                check(state, None)
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decisions += 1
    root = check(state, None)
    assert not clickables(root)
    assert {"place", "stack", "place_tile", "buy_cube"} <= kinds_drawn
    # COAL-R74: each company's inspection in words, a fine or a bonus in dollars ("$-66" read as nothing)
    read = words(root)
    assert all(f"Inspection: {inspection_words(**entry)}" in read for entry in state.view(None)["inspection"])
    assert "$-" not in read and "$+" not in read
    if not options:
        save(f"{players}p-over", GAME.presentation.render_board(state.view(0)))


@pytest.mark.parametrize("options", OPTION_SETS, ids=["standard", "amok", "reformed-declared-look"])
def test_a_view_and_its_determinization_draw_the_same(options):
    state = GAME.new_state(3, seed=7, options=options)
    rng = Rng(11)
    for decision in range(400):
        to_move = state.to_move()
        if not to_move:
            break
        seat = to_move[0]
        if decision % 9 == 0:
            for viewer in range(3):
                seen = GAME.presentation.render_board(state.view(viewer))
                assert GAME.presentation.render_board(state.determinize(viewer, rng).view(viewer)) == seen
        state.apply(seat, rng.choice(state.decision(seat).actions))


def test_output_is_deterministic():
    state = GAME.new_state(2, seed=3)
    assert GAME.presentation.render_board(state.view(0)) == GAME.presentation.render_board(state.view(0))


def test_own_draft_is_drawn_and_a_sealed_placement_never():
    state = new(2, seed=1)
    state.apply(0, Place.of("CB", 3))
    _, mine = parse(state, 0)
    office = next(n for n in clickables(mine) if n.get("data-actions").startswith("place:PO"))
    assert hint(office).startswith("Place a foreman on the permit office (influence 4, 3, 2, 1 or 0): apply for a mine "
                                   "permit. Permit office")
    assert not any(i.startswith("place:CB") for i in drawn_ids(mine))  # one seller each
    storages = [n for n in clickables(mine) if n.get("data-actions").startswith("place:ST")]
    assert len(storages) == 1 and hint(storages[0]).startswith("Place a foreman on utility storage")  # own only
    assert [c.get("stroke-dasharray") for c in discs(mine, 0)] == ["3 2"]
    place(state, 0, [("PO", 4), ("UM", 2)])  # seat 0 commits: sealed until everyone has
    _, theirs = parse(state, 1)
    assert not discs(theirs, 0)
    assert "placement sealed" in " ".join(texts(theirs))
    save("placement", GAME.presentation.render_board(state.view(1)))


def test_revealed_foremen_show_their_owner_and_value_on_the_mine_tile():
    state = new(2, seed=1, round=2)
    tile = add_tile(state, 1, "2B", 0, 1, cubes=7)
    place_all(state, {0: [("CB", 2)], 1: [(f"M{tile}", 4), ("ST", 1)]})
    assert state.step == "brokers"  # the mine has resolved, the village storage not yet
    _, root = parse(state, 0)
    drawn = [outer for outer in root.iter(f"{NS}g") if len(outer) == 2 and outer[0].find(f"{NS}title") is not None
             and hint(outer[0]).startswith(f"Mine tile {tile} (2B)")]
    assert len(drawn) == 1 and "fully supplied" in hint(drawn[0][0])
    assert [(c.get("fill"), texts(drawn[0][1])) for c in drawn[0][1].iter(f"{NS}circle")] == [(seat_colour(1), ["4"])]
    shown = sorted(texts(disc)[0] for disc in root.iter(f"{NS}g")
                   if len(disc) == 2 and disc[0] in discs(root, 1))
    assert shown == ["4", "?"]  # the storage foreman's value waits for its step


def test_a_drawn_tile_offers_each_rotation_on_its_cell():
    state = tile_drawn()
    design = state.view(0)["current"]["tile"]
    assert design.startswith("3")  # a tee: four distinct rotations
    rotations = [a for a in state.legal_actions(0) if isinstance(a, PlaceTile) and (a.x, a.y) == (0, 1)]
    assert [a.rotation for a in rotations] == [0, 1, 2, 3]
    markup, root = parse(state, 0)
    save("permit-place", markup)
    hints = {n.get("data-actions"): hint(n) for n in clickables(root)}
    assert {hints[a.id].split(". ")[0] for a in rotations} == {f"Place tile {design} here, turned {r}°"
                                                               for r in (0, 90, 180, 270)}
    _, other = parse(state, 1)
    assert "drawn by" in texts(other) and not clickables(other)
    assert design in texts(root) and design not in texts(other)


def test_amok_shows_the_face_up_tops_of_the_permit_stacks():
    state = new(2, seed=1, industry_amok=True)
    tops = [s["top"] for s in state.view(1)["permit_stacks"]]
    _, root = parse(state, 1)
    assert set(tops) <= set(texts(root))


def test_hidden_cash_is_not_in_the_markup():
    state = new(2, seed=1)
    state.cash[1] = 123
    _, theirs = parse(state, 0)
    assert "$123" not in words(theirs) and "Money hidden" in words(theirs)
    assert "$123" in words(parse(state, 1)[1])


def test_spectator_view_renders_without_clicks():
    state = new(3, seed=2)
    _, root = parse(state, None)
    assert not clickables(root)
    assert "spectator" in words(root)


def test_seats_are_named_from_one():
    _, root = parse(new(3, seed=2), 0)
    status = "".join(next(root.iter(f"{NS}text")).itertext())
    assert status == "Round 1 of 6 · foremen placement · to place: you, Seat 2 and Seat 3 · you play Seat 1"
    companies = [t for t in texts(root) if "Seat" in t]
    assert [title.split(" · ")[0] for title in companies] == ["Seat 1 (you)", "Seat 2", "Seat 3"]


def test_amounts_stay_buttons():
    state = new(2, seed=1, round=2)
    place_all(state, {0: [("CB", 2)], 1: []})
    stop_until(state, "sell")
    assert state.sub["stage"] == "sell"
    _, root = parse(state, 0)
    assert len(state.legal_actions(0)) > 1 and all(a.kind == "sell" for a in state.legal_actions(0))
    assert not drawn_ids(root)


def test_church_and_build_over_are_clicked_on_the_tile_and_the_lot():
    state = new(2, seed=1, round=2)
    state.lots[0] = ["church", "school", "tailor", "tavern"]
    state.lot_round[0] = [1, 1, 1, 1]
    tile = add_tile(state, 0, "2B", 0, 1, cubes=7)
    state.cash[0] = 100
    place_all(state, {0: [("B0", 4), ("M0", 2), (f"M{tile}", 3), ("CC", 4), ("CB", 1)], 1: [("CB", 2)]})
    _, root = parse(state, 0)
    blessed = next(n for n in clickables(root) if n.get("data-actions") == f"church:{tile}")
    assert hint(blessed).startswith(f"The Church blesses the foreman on the mine tile {tile} (2B). Mineshaft tile 2B")
    state.apply(0, ChurchTarget.of(tile))
    stop_until(state, "build")
    building = state.top_row[0]
    state.apply(0, Build.of(building, "top"))
    assert state.sub["stage"] == "over"
    markup, root = parse(state, 0)
    save("build-over", markup)
    lots = {n.get("data-actions"): hint(n).split(". ")[0] for n in clickables(root)}
    assert lots == {f"build_over:{lot}": f"Build the new building over lot {lot + 1}" for lot in range(4)}


def words(root) -> str:
    """Every text of a picture, titles included, as a person could read it."""
    return "".join(root.itertext())


def check(state, seat):
    return check_board(GAME, state, seat, ON_BOARD)


def save(name: str, markup: str) -> None:
    save_picture(GAME, name, markup)
