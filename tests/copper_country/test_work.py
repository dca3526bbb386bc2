"""The work action: moving, shifts, production cards, claims, paying, miners, stopping."""

from __future__ import annotations

from headframe.engine import Rng
from headframe.games.copper_country import production
from headframe.games.copper_country.actions import (
    Accept,
    Casualty,
    PlaceRock,
    Play,
    Redraw,
    WorkAt,
)
from headframe.games.copper_country.scoring import copper_score
from headframe.games.copper_country.work import applicable_sites, max_shifts

from .helpers import (
    GAME,
    at_labor,
    choose,
    edited,
    give,
    kinds,
    new,
    on_top,
    pay_all,
    place_miner,
    set_hand,
    stop,
    surveyed,
    work,
)

CONGLOMERATE, COLLAPSE = "PROD2-04", "PROD1-12"
LABOR, SURFACE, EQUIPMENT, UNDERGROUND, EXPLOSIVE, TRANSPORT = "CAP1-01", "CAP1-07", "CAP1-13", "CAP1-19", "CAP1-25", "CAP1-31"


def test_miner_movement_illustration():  # rulebook: Working Mine Sites (blue at a camp, red at a mine site)
    state = new()
    place_miner(state, 0, 0, "C4")
    place_miner(state, 1, 0, "M16")
    at_labor(state, 0)
    sites = [a.site for a in state.decision(0).actions if a.kind == "work_at"]
    assert sorted(sites) == ["M11", "M12", "M14", "M15", "M17", "M18"]
    at_labor(state, 1)
    sites = [a.site for a in state.decision(1).actions if a.kind == "work_at"]
    assert sorted(sites) == ["M13", "M15", "M16"]  # COP-R13


def test_work_exerts_the_miner_at_the_site():  # COP-R13
    state = new()
    on_top(state, "PROD1-01")
    work(state, 0, "M07")
    assert state.miner_at[0][0] == "M07" and not state.miner_ready[0][0]
    assert state.work["max"] == 2 and state.decision(0).kind == "row"


def test_zero_shifts_stops_at_once():  # rulebook: "zero or negative"; COP-R13
    state = new()
    state.rock = {"P16": 1, "P17": 1}  # M07: 2 poor rock, 2 - 3 = -1
    deck = len(state.production_deck)
    work(state, 0, "M07")
    assert state.work is None and len(state.production_deck) == deck
    assert state.miner_at[0][0] == "M07" and not state.miner_ready[0][0]


def test_poor_rock_penalties():  # rulebook: Poor Rock; COP-R14
    state = new()
    assert max_shifts(state, 0, "M07") == 2
    state.rock = {"P16": 1}
    assert max_shifts(state, 0, "M07") == 1 and max_shifts(state, 0, "M08") == 1  # shared space
    state.rock["P17"] = 1
    assert max_shifts(state, 0, "M07") == -1
    state.rock["P18"] = 1
    assert max_shifts(state, 0, "M07") == -4
    state.token_rock["M07"] = True
    assert max_shifts(state, 0, "M07") == -4  # rock on a token does not count (COP-R28)


def test_adding_shifts_example():  # rulebook: Example: Adding Shifts; COP-R14, COP-R15
    state = new()
    state.builds = {"B17": [0, "hoist_house"], "B18": [0, "shaft_house"],  # white: share M09's spaces
                    "B01": [1, "hoist_house"], "B07": [1, "shaft_house"], "B05": [1, "shaft_house"]}  # red
    assert max_shifts(state, 0, "M09") == 6 and max_shifts(state, 0, "M13") == 6
    assert max_shifts(state, 1, "M04") == 6 and max_shifts(state, 1, "M03") == 6 and max_shifts(state, 1, "M01") == 6
    assert max_shifts(state, 1, "M02") == 4 and max_shifts(state, 1, "M05") == 4  # shaft house B: not powered, +2
    assert max_shifts(state, 0, "M04") == 2  # other players' buildings give nothing


def test_powered_needs_a_shared_space():  # rulebook: Powered Shaft Houses; COP-R15
    state = new()
    state.builds = {"B01": [0, "hoist_house"], "B05": [0, "shaft_house"]}
    assert max_shifts(state, 0, "M05") == 4
    state.builds["B07"] = [0, "shaft_house"]  # M03/M04 share P07 with M01
    assert max_shifts(state, 0, "M03") == 6 and max_shifts(state, 0, "M05") == 4
    state.builds = {"B01": [0, "shaft_house"], "B07": [1, "hoist_house"]}
    assert max_shifts(state, 0, "M01") == 4  # only buildings of the same player power each other


def test_placing_poor_rock_example():  # rulebook: Example: Placing Poor Rock (green player: 3 shifts); COP-R16
    state = new()
    state.builds = {"B07": [0, "shaft_house"], "B01": [0, "hoist_house"], "B05": [0, "shaft_house"]}
    state.rock = {"P06": 1, "P12": 1}
    assert max_shifts(state, 0, "M04") == 3
    assert applicable_sites(state, 0, "M04") == ["M01", "M03", "M04"]
    surveyed(state, "M04", "T13")
    on_top(state, "PROD1-01")
    set_hand(state, 0, [LABOR, SURFACE])
    work(state, 0, "M04")
    choose(state, 0)
    pay_all(state)
    spaces = sorted(a.space for a in state.decision(0).actions)
    assert spaces == ["P01", "P04", "P05", "P07", "P10"]  # M01, M03, M04 only: not M02 or M05


def test_narrower_applicable_option():  # COP-R16 option powering_partner_contributes
    state = new(powering_partner_contributes=False)
    state.builds = {"B07": [0, "shaft_house"], "B01": [0, "hoist_house"]}
    assert applicable_sites(state, 0, "M04") == ["M03", "M04"]


# --- production cards: the worked examples -------------------------------------- rulebook: Example: Resolving Production Cards

def test_example_a_conglomerate_copper():  # A1, A2, A3
    state = new(use_company_cards=False)
    state.era = 2
    set_hand(state, 0, [SURFACE, UNDERGROUND, TRANSPORT])
    on_top(state, CONGLOMERATE)
    work(state, 0, "M07")
    assert kinds(state) == ["choose_row:0:", "choose_row:1:", "choose_row:2:"]
    choose(state, 0)  # A1
    pay_all(state)
    assert state.hands[0] == [] and state.decision(0).kind == "place_rock"
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.copper[0] == [CONGLOMERATE] and state.rock == {"P16": 1} and state.track_next == 2
    assert copper_score(state, 0, state.copper[0]) == 4


def test_example_a_without_the_resources():  # A1 needs surface, underground and transport
    state = new(use_company_cards=False)
    set_hand(state, 0, [SURFACE, UNDERGROUND])
    on_top(state, CONGLOMERATE)
    work(state, 0, "M07")
    assert kinds(state) == ["choose_row:1:", "choose_row:2:"]
    choose(state, 1)  # A2: take claim
    assert state.claim[0] == CONGLOMERATE


def test_example_b_collapse_with_a_claim():  # B1, B2, B3
    state = new(use_company_cards=False)
    state.claim[0] = CONGLOMERATE
    set_hand(state, 0, [EQUIPMENT, UNDERGROUND, SURFACE, "CAP1-20", TRANSPORT])
    on_top(state, COLLAPSE)
    work(state, 0, "M07")
    assert kinds(state) == ["choose_row:0:", "choose_row:1:held", "choose_row:2:"]
    choose(state, 1, "held")  # B2: unrest + complete the claim
    pay_all(state)
    assert state.decision(0).kind == "casualty"
    state.apply(0, Casualty.of("unskilled"))
    state.apply(0, PlaceRock.of("P17", ""))
    assert state.copper[0] == [CONGLOMERATE] and state.claim[0] == "" and COLLAPSE in state.production_discard
    assert state.miner_at[0].count("unrest") == 1 and state.hands[0] == [EQUIPMENT, "CAP1-20"]


def test_example_b1_cemetery_row():  # B1
    state = new(use_company_cards=False)
    set_hand(state, 0, [EQUIPMENT, UNDERGROUND])
    on_top(state, COLLAPSE)
    work(state, 0, "M07")
    choose(state, 0)
    pay_all(state)
    assert kinds(state) == ["casualty:working", "casualty:unskilled"]
    state.apply(0, Casualty.of("working"))
    assert state.miner_at[0][0] == "cemetery"
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.copper[0] == [COLLAPSE] and state.work is None  # the working miner is gone (COP-R26)


def test_company_houses_with_collapse():  # rulebook: Company Houses (Collapse! example); COP-R27
    state = new(use_company_cards=False)
    state.houses = {"C1": [0, 0], "C2": [0], "C3": [], "C4": []}  # M07 borders C1 and C2: 3 houses
    state.claim[0] = CONGLOMERATE
    set_hand(state, 0, [SURFACE, UNDERGROUND, TRANSPORT])
    surveyed(state, "M07", "T01")
    on_top(state, COLLAPSE, "PROD1-01")
    work(state, 0, "M07")
    assert Redraw.of() in state.decision(0).actions
    choose(state, 2)  # B3: unrest, which a house may ignore
    assert kinds(state) == ["casualty:working", "casualty:unskilled", "casualty:ignore"]
    state.apply(0, Casualty.of("ignore"))
    assert state.miner_at[0].count("unrest") == 0 and "house" in state.used
    state.apply(0, Accept.of(True))
    assert Redraw.of() not in state.decision(0).actions  # once per turn


def test_redraw_replaces_the_revealed_card():  # COP-R27
    state = new(use_company_cards=False)
    state.houses = {"C1": [0, 0], "C2": [0], "C3": [], "C4": []}
    on_top(state, COLLAPSE, "PROD1-01")
    work(state, 0, "M07")
    state.apply(0, Redraw.of())
    assert state.shift["card"] == "PROD1-01" and COLLAPSE in state.production_discard
    assert state.work["taken"] == 1


def test_the_rows_kept_at_a_reveal_are_the_rows_of_the_row_decision():  # COP-R18, COP-R19, COP-R27
    redraws = rows_decided = 0
    for seed in (3, 8, 13):
        state, rng = GAME.new_state(4, seed), Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            if state.tasks[0][0] == "row":
                kept = production.legal_rows(state, seat)
                state.memo.clear()
                assert kept == production.legal_rows(state, seat)  # worked out anew
                rows_decided += 1
            action = rng.choice(state.decision(seat).actions)
            redraws += action == Redraw.of()
            state.apply(seat, action)
    assert rows_decided >= 300 and redraws, (rows_decided, redraws)


def test_two_houses_ignore_cemetery_but_one_does_not():  # COP-R27
    state = new(use_company_cards=False)
    state.houses = {"C1": [0], "C2": [], "C3": [], "C4": []}
    set_hand(state, 0, [EQUIPMENT, UNDERGROUND])
    on_top(state, COLLAPSE)
    work(state, 0, "M07")
    choose(state, 0)
    pay_all(state)
    assert "casualty:ignore" not in kinds(state)
    state.houses["C2"] = [0]
    edited(state)
    assert "casualty:ignore" in kinds(state)


def test_miner_icons_need_available_miners():  # COP-R18, COP-R22
    state = new(use_company_cards=False)
    for miner in range(1, 5):
        place_miner(state, 0, miner, "cemetery", False)
    set_hand(state, 0, [EQUIPMENT, UNDERGROUND])
    on_top(state, COLLAPSE)
    work(state, 0, "M07")
    assert kinds(state) == ["choose_row:0:", "choose_row:2:"]  # the working miner can go
    choose(state, 2)
    assert kinds(state) == ["casualty:working"]


# --- claims ------------------------------------------------------------------------------------------ COP-R29

def test_take_claim_only_with_an_empty_claim_space():  # COP-R29
    state = new(use_company_cards=False)
    state.claim[0] = "PROD1-02"
    on_top(state, "PROD1-01")
    set_hand(state, 0, [])
    work(state, 0, "M07")
    assert kinds(state) == ["choose_row:2:"]  # only pass: take claim is no pass


def test_complete_the_company_claim():  # rulebook: Company Cards; COP-R29
    state = new()
    state.company[0] = "CO1"  # labor x2, equipment, underground, explosive, transport
    set_hand(state, 0, [LABOR, "CAP1-02", EQUIPMENT, UNDERGROUND, EXPLOSIVE, TRANSPORT])
    on_top(state, "PROD1-04")  # row 1: complete claim
    work(state, 0, "M07")
    assert "choose_row:1:company" in kinds(state) and "choose_row:1:held" not in kinds(state)
    choose(state, 1, "company")
    pay_all(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.company_done[0] and state.copper[0] == [] and "PROD1-04" in state.production_discard
    assert copper_score(state, 0, []) == 10


def test_claim_completion_with_any_resource_row():  # COP-R18: the row's and the claim's icons add up
    state = new(use_company_cards=False)
    card = next(c for c, rows in state.tables.rows.items() if rows[1].any_resource and rows[1].complete_claim)
    state.era = state.tables.card_era[card]
    state.claim[0] = "PROD1-01"  # labor + surface + rock
    set_hand(state, 0, [LABOR, SURFACE])
    on_top(state, card)
    work(state, 0, "M07")
    assert "choose_row:1:held" not in kinds(state)
    give(state, 0, [EXPLOSIVE])
    edited(state)
    assert "choose_row:1:held" in kinds(state)


# --- paying resources -------------------------------------------------------------------------------- COP-R21

def test_or_card_pays_either_resource():  # rulebook: Capital Cards (OR)
    state = new(use_company_cards=False)
    set_hand(state, 0, ["CAP2-01", SURFACE])  # labor OR surface
    on_top(state, "PROD1-01")
    work(state, 0, "M07")
    choose(state, 0)
    assert Play.of("CAP2-01", "labor", "labor", "direct") in state.decision(0).actions
    assert Play.of("CAP2-01", "surface", "surface", "direct") not in state.decision(0).actions  # labor unpaid then


def test_and_card_pays_two_icons_and_a_spare_is_lost():  # rulebook: Capital Cards (AND); COP-R21
    state = new(use_company_cards=False)
    set_hand(state, 0, ["CAP3-01"])  # labor AND surface
    on_top(state, "PROD1-01")
    work(state, 0, "M07")
    choose(state, 0)
    state.apply(0, Play.of("CAP3-01", "labor", "labor", "direct"))
    assert kinds(state) == ["play:CAP3-01:surface:surface:direct"]  # the loose half
    state.apply(0, Play.of("CAP3-01", "surface", "surface", "direct"))
    assert state.decision(0).kind == "place_rock" and state.capital_discard[-1] == "CAP3-01"


def test_terrain_token_converts_once_per_shift():  # rulebook: Terrain Tokens; COP-R21, COP-R28
    state = new(use_company_cards=False)
    surveyed(state, "M07", "T03")  # surface
    set_hand(state, 0, [LABOR, EXPLOSIVE])
    on_top(state, "PROD1-01")  # labor + surface
    work(state, 0, "M07")
    assert "choose_row:0:" in kinds(state)
    choose(state, 0)
    assert Play.of(EXPLOSIVE, "explosive", "surface", "terrain") in state.decision(0).actions
    set_hand(state, 0, [EXPLOSIVE, TRANSPORT])
    on_top(state, "PROD1-01")
    edited(state)
    assert state.tables.rows["PROD1-01"][0].resources == ("labor", "surface")


def test_two_for_one_and_terrain_combine():  # rulebook: Company Cards 2:1; COP-R21
    state = new()
    state.company[0] = "CO1"  # 2:1 with surface
    set_hand(state, 0, [SURFACE, "CAP1-08", "CAP1-09"])
    on_top(state, "PROD1-01")  # labor + surface
    work(state, 0, "M07")
    assert "choose_row:0:" in kinds(state)  # 2 surface as labor, 1 surface
    choose(state, 0)
    state.apply(0, Play.of(SURFACE, "surface", "labor", "pair"))
    assert kinds(state) == ["play:CAP1-08:surface:surface:direct", "play:CAP1-08:surface:half-surface:direct"]
    state.apply(0, state.decision(0).actions[0])
    state.apply(0, state.decision(0).actions[0])
    assert state.decision(0).kind == "place_rock"
    # with a surface terrain token, explosive + surface pay the pair
    state2 = new()
    state2.company[0] = "CO1"
    surveyed(state2, "M07", "T03")
    set_hand(state2, 0, [EXPLOSIVE, SURFACE, TRANSPORT])
    on_top(state2, "PROD1-13")  # explosive + transport
    set_hand(state2, 0, [SURFACE, EQUIPMENT, TRANSPORT])
    work(state2, 0, "M07")
    assert "choose_row:0:" in kinds(state2)  # equipment as surface + surface = explosive (2:1), transport


def test_machine_shop_converts_equipment():  # LB6; COP-R36
    state = new(use_company_cards=False)
    state.businesses = ["LB6"]
    set_hand(state, 0, [EQUIPMENT, SURFACE])
    on_top(state, "PROD1-01")
    work(state, 0, "M07")
    choose(state, 0)
    state.apply(0, Play.of(EQUIPMENT, "equipment", "labor", "machine"))
    assert "LB6" in state.used


# --- stopping ---------------------------------------------------------------------------------------- COP-R26

def test_face_down_terrain_stops_after_the_first_shift():  # rulebook: Terrain Tokens
    state = new(use_company_cards=False)
    on_top(state, "PROD1-01")
    set_hand(state, 0, [])
    work(state, 0, "M07")
    choose(state, 2)  # pass
    assert state.work is None and state.to_move() == (1,)  # no choice to continue


def test_continue_is_optional_and_max_shifts_stop():  # rulebook: "taking your next shift is optional"; COP-R30
    state = new(use_company_cards=False)
    surveyed(state, "M07", "T01")
    on_top(state, "PROD1-01", "PROD1-02")
    set_hand(state, 0, [])
    work(state, 0, "M07")
    choose(state, 2)
    assert kinds(state)[:2] == ["accept:true", "accept:false"]
    state.apply(0, Accept.of(True))
    choose(state, 2)
    assert state.work is None  # 2 shifts taken


def test_work_stops_when_the_last_applicable_space_is_filled():  # rulebook: Poor Rock; COP-R26
    state = new(use_company_cards=False)
    state.builds = {"B09": [0, "shaft_house"], "B01": [0, "hoist_house"]}  # B09: M04 and M07
    surveyed(state, "M07", "T01")
    assert applicable_sites(state, 0, "M07") == ["M01", "M04", "M07"]
    free = ["P16"]
    state.rock = {s: 1 for s in ("P01", "P05", "P06", "P07", "P12", "P17", "P18") if s not in free}
    on_top(state, "PROD1-01")
    set_hand(state, 0, [LABOR, SURFACE])
    work(state, 0, "M07")
    assert state.work["max"] == 2 + 4 - 3
    choose(state, 0)
    pay_all(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.work is None


def test_working_without_a_free_space_cannot_produce():  # COP-R18: a rock icon needs a free space
    state = new(use_company_cards=False)
    surveyed(state, "M07", "T01")
    state.builds = {"B09": [0, "shaft_house"], "B01": [0, "hoist_house"]}
    state.rock = {"P16": 1, "P17": 1}
    state.rock.update({s: 1 for s in ("P01", "P05", "P06", "P07", "P12")})
    on_top(state, "PROD1-01")
    set_hand(state, 0, [LABOR, SURFACE])
    work(state, 0, "M07")
    assert "choose_row:0:" in kinds(state)  # P18 free
    state.rock["P18"] = 1
    edited(state)
    assert "choose_row:0:" not in kinds(state)


def test_an_unskilled_miner_keeps_the_working_miner_working():  # COP-R22
    state = new(use_company_cards=False)
    surveyed(state, "M07", "T01")
    on_top(state, COLLAPSE, "PROD1-01")
    set_hand(state, 0, [])
    work(state, 0, "M07")
    choose(state, 2)  # unrest
    state.apply(0, Casualty.of("unskilled"))
    assert state.decision(0).kind == "continue"
    stop(state)
    assert state.work is None


def test_work_at_offers_one_miner_per_place():  # COP-R53
    state = new()
    place_miner(state, 0, 1, "C1")
    at_labor(state)
    assert all(a.miner == 0 for a in state.decision(0).actions if a.kind == "work_at")
    assert WorkAt.of(0, "M07") in state.decision(0).actions


def test_no_legal_row_discards_and_stops():  # COP-R19
    state = new(use_company_cards=False)
    surveyed(state, "M07", "T01")
    on_top(state, "PROD1-01", "PROD1-03")  # PROD1-03: produce+unrest / take claim / unrest
    set_hand(state, 0, [])
    work(state, 0, "M07")
    choose(state, 1)  # take PROD1-01 as the claim
    state.miner_at[0] = ["M07", "unrest", "unrest", "unrest", "unrest"]
    state.work["miner"] = 1  # as if the working miner had left: nobody can go to unrest
    state.apply(0, Accept.of(True))
    assert state.work is None and state.production_discard[-1] == "PROD1-03"


def _no_legal_row_but_the_redraw(monkeypatch):
    """Seat 0 at a row decision with no legal row and the redraw of three company houses (COP-R27)."""
    rows = GAME.tables.rows["PROD1-03"]
    monkeypatch.setitem(GAME.tables.rows, "PROD1-03", rows[:2])  # a data file without the unrest-only row
    state = new(use_company_cards=False)
    state.houses = {"C1": [0, 0], "C2": [0], "C3": [], "C4": []}
    state.claim[0] = "PROD1-02"
    surveyed(state, "M07", "T01")
    on_top(state, "PROD1-03")
    set_hand(state, 0, [])
    work(state, 0, "M07")
    return state


def test_no_legal_row_with_the_redraw_ability(monkeypatch):  # COP-R19: "did not or could not use the redraw"
    from headframe.games.copper_country.actions import Done, Redraw

    state = _no_legal_row_but_the_redraw(monkeypatch)
    assert kinds(state) == [Done.of().id, Redraw.of().id]
    state.apply(0, Done.of())
    assert state.work is None and state.production_discard[-1] == "PROD1-03"


def test_the_heuristic_redraws_when_no_row_is_legal(monkeypatch):  # COP-R19, COP-R27
    # It ranked the decision's list as rows and failed on `done`, which has no row.
    from headframe.engine import Rng
    from headframe.games.copper_country import heuristic
    from headframe.games.copper_country.actions import Redraw

    state = _no_legal_row_but_the_redraw(monkeypatch)
    assert heuristic.choose(state, 0, Rng(1)) == Redraw.of()
    state.apply(0, Redraw.of())
    assert state.shift is None or state.shift["card"] != "PROD1-03"


def test_a_poor_rock_space_is_next_to_exactly_the_mine_sites_that_list_it():  # COP-R47, COP-R48
    # The shifts of every site count each site's rock from the rock's spaces (space_sites), and
    # `site_rock` from the site's spaces (site_spaces): the board data must say the same both ways.
    for board in GAME.tables.boards.values():
        listed = {space: sorted(site for site in board.sites if space in board.site_spaces[site])
                  for space in board.spaces}
        assert listed == {space: sorted(board.space_sites[space]) for space in board.spaces}
        assert all(listed.values())


def test_every_site_counted_at_once_agrees_with_each_site_alone():  # COP-R14, COP-R15, COP-R28
    # The heuristic counts every site's shifts in one pass over the seat's buildings (work.site_shifts);
    # the work action counts one site's (max_shifts): the two must agree at every position.
    from headframe.engine import Rng
    from headframe.games.copper_country.work import site_shifts

    checked, counts = 0, set()
    for seed, players in ((1, 2), (2, 4)):
        state, rng = GAME.new_state(players, seed), Rng(seed)
        for step in range(3000):
            if state.is_over():
                break
            if step % 25 == 0:
                for seat in range(players):
                    every = site_shifts(state, seat)
                    assert every == {site: max_shifts(state, seat, site) for site in state.board.sites}
                    checked += 1
                    counts.update(every.values())
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.decision(seat).actions))
    base = state.tables.base_shifts
    assert checked > 50 and {base, base + state.tables.bonus, base + state.tables.powered_bonus} <= counts
