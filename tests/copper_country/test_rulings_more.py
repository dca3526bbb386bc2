"""More rulings: From Struggle to Shutdown, decks, events, businesses, component data."""

from __future__ import annotations

import pytest

from headframe.games.copper_country import events
from headframe.games.copper_country.actions import (
    Accept,
    Discard,
    Done,
    Labor,
    PlaceRock,
    Play,
    Sacrifice,
    UseBusiness,
    WorkAt,
)
from headframe.games.copper_country.flow import FLOW
from headframe.games.copper_country.miners import unskilled
from headframe.games.copper_country.poor_rock import site_rock
from headframe.games.copper_country.track import rocks_left

from .helpers import (
    GAME,
    at_labor,
    at_management,
    choose,
    edited,
    kinds,
    new,
    on_top,
    pay_all,
    place_miner,
    set_hand,
    set_tasks,
    surveyed,
    work,
)

LABOR, SURFACE, EQUIPMENT, TRANSPORT = "CAP1-01", "CAP1-07", "CAP1-13", "CAP1-31"


def shutdown_position():
    """Every site has 2+ rock, all of seat 0's shaft and hoist houses stand on sites with 3."""
    state = new(use_company_cards=False)
    state.era = 3
    board = state.board
    state.rock = {space: 1 for space in board.spaces}
    for space in board.site_spaces["M07"]:
        state.rock.pop(space)
    state.rock.update({"P16": 1, "P17": 1})  # M07: 2; its neighbours M08, M11 keep 2 as well
    for site in board.sites:
        assert site_rock(state, site) >= 2, site
    builds = ["B01", "B04", "B06", "B10", "B12", "B17"]
    for space in builds:
        assert all(site_rock(state, s) == 3 for s in board.build_sites[space])
    state.builds = {space: [0, "shaft_house" if i < 4 else "hoist_house"] for i, space in enumerate(builds)}
    state.supply[0] = [3, 0, 0]
    set_hand(state, 0, [LABOR, "CAP3-01", EQUIPMENT])
    place_miner(state, 0, 0, "C1")
    return state


def test_from_struggle_to_shutdown():  # rulebook: From Struggle to Shutdown; COP-R31
    state = shutdown_position()
    at_labor(state)
    assert "labor:shutdown" in kinds(state)
    surveyed(state, "M07", "T01")
    on_top(state, "PROD1-01")
    state.apply(0, Labor.of("shutdown"))
    assert state.decision(0).kind == "pay"
    pay_all(state)
    assert state.hands[0] == []  # 4 resources: labor, labor AND surface, equipment
    assert kinds(state) == ["work_at:0:M07"]  # only the site with exactly 2 poor rock
    state.apply(0, WorkAt.of(0, "M07"))
    assert state.work["max"] == 1 and state.work["applicable"] == ["M07"]
    choose(state, 2)
    assert state.work is None


def test_shutdown_needs_every_condition():  # COP-R31
    state = shutdown_position()
    set_hand(state, 0, [LABOR, EQUIPMENT, SURFACE])  # 3 resources only
    at_labor(state)
    assert "labor:shutdown" not in kinds(state)
    state = shutdown_position()
    state.supply[0][2] = 1
    at_labor(state)
    assert "labor:shutdown" not in kinds(state)
    state = shutdown_position()
    state.rock.pop("P02")  # M02 (hoist house B04) now has 2
    at_labor(state)
    assert "labor:shutdown" not in kinds(state)


def test_production_deck_reshuffles_when_empty():  # COP-R33
    state = new()
    state.production_discard = state.production_deck[:-1]
    state.production_deck = state.production_deck[-1:]
    on_top(state, "PROD1-01")
    state.production_deck = ["PROD1-01"]
    set_hand(state, 0, [])
    work(state, 0, "M07")
    assert state.production_deck and not state.production_discard


def test_resolution_order_pay_miners_rock_then_cards():  # COP-R20, COP-R25
    state = new(use_company_cards=False)
    card = "PROD1-03"  # labor, surface, rock, unrest: 3 copper
    set_hand(state, 0, [LABOR, SURFACE])
    on_top(state, card)
    work(state, 0, "M07")
    choose(state, 0)
    order = []
    while not state.is_over() and state.to_move() == (0,) and state.work:
        kind = state.decision(0).kind
        order.append(kind)
        state.apply(0, state.decision(0).actions[0])
    assert order[:4] == ["pay", "pay", "casualty", "place_rock"]
    assert state.copper[0] == [card]


def test_events_osceola_and_compensation():  # E19-4, E20-3; COP-R37
    state = new(players=2)
    state.event_pools["event_19th"] = ["E19-4"]
    place_miner(state, 1, 1, "M05")
    state.track_next = 15
    set_hand(state, 0, [LABOR, SURFACE])
    on_top(state, "PROD1-01")
    work(state, 0, "M07")
    choose(state, 0)
    pay_all(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.decision(0).kind == "event_miner"
    assert {a.miner for a in state.decision(0).actions} == {-1, 0}  # unskilled or the miner at a mine site
    state.apply(0, Sacrifice.of(-1))
    assert {a.miner for a in state.decision(1).actions} == {-1, 1}  # seat 1's camp miner cannot go
    state.apply(1, Sacrifice.of(1))
    assert state.miner_at[1][1] == "cemetery" and state.miner_at[0].count("cemetery") == 1
    state.era = 3
    state.event_pools["event_20th"] = ["E20-3"]
    state.current = 0
    events.draw_event(state, "event_20th")
    edited(state)
    FLOW.proceed(state)
    assert state.decision(0).kind == "event_compensation"
    state.apply(0, Accept.of(True))
    assert state.miner_at[0].count("cemetery") == 0


def test_event_one_man_drill():  # E20-1
    state = new(players=2)
    state.current = 0
    set_tasks(state, [["manage", 0], ["labor", 0], ["before_dividends", 0], ["dividends", 0], ["end_turn", 0]])
    state.event_pools["event_20th"] = ["E20-1"]
    events.draw_event(state, "event_20th")
    FLOW.proceed(state)
    assert state.decision(0).kind == "event_drill" and Done.of() in state.decision(0).actions
    state.apply(0, Discard.of(state.decision(0).actions[0].card))
    state.apply(1, Done.of())
    assert len(state.hands[0]) == 3 and unskilled(state, 0) == 3 and unskilled(state, 1) == 3


def test_boarding_house_and_hospital():  # LB3, LB4
    state = new()
    state.businesses = ["LB3", "LB4"]
    place_miner(state, 0, 3, "unrest", False)
    place_miner(state, 0, 4, "cemetery", False)
    at_management(state)
    state.apply(0, UseBusiness.of("LB3"))
    state.apply(0, state.decision(0).actions[0])
    assert state.miner_at[0].count("unrest") == 0
    state.apply(0, UseBusiness.of("LB4"))
    state.apply(0, state.decision(0).actions[0])
    assert state.miner_at[0].count("cemetery") == 0 and state.miner_at[0].count("unrest") == 1
    assert len(state.hands[0]) == 1


def test_railroad_converts_transport_once_per_turn():  # LB7; COP-R54
    state = new(use_company_cards=False)
    state.businesses = ["LB7"]
    set_hand(state, 0, [TRANSPORT, SURFACE])
    on_top(state, "PROD1-01")
    work(state, 0, "M07")
    choose(state, 0)
    assert Play.of(TRANSPORT, "transport", "labor", "railroad") in state.decision(0).actions


def test_rulings_file_lists_every_ruling():
    ids = [r.id for r in GAME.rulings()]
    assert ids[:52] == [f"COP-R{n}" for n in range(1, 53)] and "COP-R53" in ids


@pytest.mark.parametrize("board,sites,camps,spaces,builds", [("summer", 18, 4, 39, 31), ("winter", 16, 6, 36, 33)])
def test_board_geometry(board, sites, camps, spaces, builds):  # COP-R47, COP-R48
    b = GAME.tables.boards[board]
    assert (len(b.sites), len(b.camps), len(b.spaces), len(b.builds)) == (sites, camps, spaces, builds)
    assert all(len(b.site_spaces[s]) == 3 and len(b.site_builds[s]) == 3 for s in b.sites)
    assert all(len(b.camp_sites[c]) == (6 if board == "summer" else 5) for c in b.camps)


def test_card_data():  # COP-R49, COP-R50, COP-R51
    t = GAME.tables
    assert [len(t.production_by_era[e]) for e in (1, 2, 3)] == [18, 24, 24]
    assert [len(t.capital_by_era[e]) for e in (1, 2, 3)] == [36, 18, 12]
    for rows in t.rows.values():
        assert sum(1 for r in rows if r.copper) == 1 and sum(1 for r in rows if r.take_claim or r.complete_claim) == 1
    for company in t.companies.values():
        claim = company["company_claim"]
        assert len(claim["resources"]) == 6 and claim["poor_rock"] == 1 and claim["copper"] == 10


def test_a_shift_card_goes_to_one_place():  # COP-R17 step 4
    state = new(use_company_cards=False)
    surveyed(state, "M07", "T01")
    set_hand(state, 0, [LABOR, SURFACE])
    on_top(state, "PROD1-02", "PROD1-05", "PROD1-01")
    state.work = None
    work(state, 0, "M07")
    state.work["max"] = 3
    choose(state, 1)  # take claim: to the claim space
    assert state.claim[0] == "PROD1-02"
    state.apply(0, Accept.of(True))
    choose(state, 2)  # pass: to the discard pile (COP-R30)
    assert state.production_discard[-1] == "PROD1-05"
    state.apply(0, Accept.of(True))
    choose(state, 0)  # produce copper: to the copper pile
    pay_all(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.copper[0] == ["PROD1-01"]


def test_only_the_track_ends_the_game():  # COP-R42
    from headframe.engine import Rng

    for seed in range(3):
        state = GAME.new_state(2, seed, {"short_game": "eras_1_2"})
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.decision(seat).actions))
        assert rocks_left(state) == 0 and state.log[-1]["event"] == "game_end"
