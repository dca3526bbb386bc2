"""End of the Round Actions, End of the Game, the variants and the hidden information."""

import pytest

from headframe.engine import Rng
from headframe.engine.components import load_rulings
from headframe.games.coal_country import economy, end_of_game
from headframe.games.coal_country.actions import Done, Place

from .helpers import GAME, add_tile, new, place, place_all


def finish_round(state):
    """Everyone leaves every foreman unplaced (in round 1 one sells at the brokers)."""
    place_all(state, {seat: [("CB", 0)] for seat in range(state.players)} if state.round == 1 else {})
    while state.to_move() and state.step != "place":
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])


# --- end of the round -------------------------------------------------------------------------

def test_coal_r67_coal_discard_and_coal_shed():  # COAL-R67; Appendix A: Coal shed
    state = new(2, round=3)
    state.coal = [9, 9]
    state.lots[0][0] = "coal_shed"
    finish_round(state)
    assert state.coal == [5, 0]  # the entrance's 2 auto-produced coal are discarded with the rest


def test_coal_r68_r69_market_indicators_roll_over():  # COAL-R68, COAL-R69; rulebook: Setup 4
    state = new(2, round=3)
    state.calendar = [1, 1, 0, -1]
    state.bag = [1, 1, 1, 0, 0, 0, -1, -1, -1, -1, -1, 0, 1]
    finish_round(state)
    assert state.calendar[0] == -1 and len(state.calendar) == 4
    assert len(state.bag) == 13  # three back, three drawn
    assert state.m == (sum(state.calendar) > 0) - (sum(state.calendar) < 0)


def test_coal_r69_bag_refill_when_empty():  # COAL-R69 option
    state = new(2, round=3, market_bag_refill="when_empty")
    state.calendar = [1, 1, 0, -1]
    state.bag = [0, 0, 1, -1]
    state.spent_cubes = [1, 1, 1, -1, -1, -1, 0, 0, -1]
    finish_round(state)
    assert len(state.bag) == 1 and len(state.spent_cubes) == 12  # 4 in the bag were enough
    finish_round(state)
    assert state.spent_cubes == [] and len(state.bag) + len(state.calendar) == 17


def test_coal_r70_utility_refill_and_ref3():  # COAL-R70, COAL-R77 REF-3
    state = new(3, round=3)
    state.market, state.calendar, state.bag = [2, 0, 1], [0, 0, 0, 1], [1, 1, 1]
    finish_round(state)
    assert state.m == 1 and state.market == [2 + 5, 0 + 5, 1 + 5]
    state = new(3, round=3, reformed_industry=True)
    state.market = [2, 0, 1]
    finish_round(state)
    assert state.m == 0 and state.market == [4, 4, 4] and state.calendar == []


def test_coal_r7_limited_utility_supply():  # COAL-R7
    state = new(2, round=3)
    state.supply = [1, 0, 5]
    state.market = [0, 0, 0]
    state.calendar, state.bag = [0, 0, 0, 0], [0, 0, 0]
    finish_round(state)
    assert state.market == [1, 0, 3] and state.supply == [0, 0, 2]
    assert new(2, utility_supply="unlimited").view(0)["general_supply"] is None


def test_coal_r61_restock():  # COAL-R61; rulebook: End of the Round Actions
    state = new(3, round=3)
    state.top_row, state.bottom_row = ["school"], ["tavern", "church"]
    pile = list(state.pile)
    finish_round(state)
    assert state.bottom_row == ["school"] and state.top_row == pile[::-1][:3]
    assert state.removed == ["tavern", "church"]


@pytest.mark.parametrize("players, closes_after", [(2, None), (3, 7), (4, 6)])
def test_coal_r62_company_closes_in_the_long_game(players, closes_after):  # COAL-R62
    state = new(players, rounds=8)
    closed_at = None
    while state.round < 8:
        before = state.round
        finish_round(state)
        if state.closed and closed_at is None:
            closed_at = before
    assert closed_at == closes_after
    if closes_after:
        assert not state.top_row and not state.bottom_row
        assert "CC" not in {a.location for a in state.legal_actions(0) if a.kind == "place"}


def test_coal_r62_when_display_empty_and_amok_never_closes():  # COAL-R62 option, COAL-R78 AMOK-3
    state = new(4, rounds=8, construction_closing="when_display_empty")
    while state.round < 7:
        finish_round(state)
    assert not state.closed and state.bottom_row and not state.top_row  # no new draws, still open
    finish_round(state)
    assert state.closed  # the display ran empty
    state = new(2, rounds=8, industry_amok=True)
    state.pile = []
    finish_round(state)
    assert not state.closed and state.top_row == [] and len(state.bottom_row) == 2  # both piles empty
    finish_round(state)
    assert not state.closed and len(state.top_row) == 2  # the removed tiles were reshuffled


def test_coal_r65_r71_last_round_ends_after_report():  # COAL-R65, COAL-R71, COAL-R2
    state = new(2, round=6)
    state.cash = [0, 0]
    state.coal = [9, 9]
    finish_round(state)
    assert state.is_over() and state.round == 6 and state.step == "over"
    assert state.coal[0] >= 9  # no discard: coal is simply worthless
    state = new(2, round=6, rounds=8)
    finish_round(state)
    assert not state.is_over() and state.round == 7


def test_coal_r2_long_game_reports_after_round_eight():  # COAL-R2, COAL-R66
    assert GAME.tables.report_rounds == {6: [2, 4, 6], 8: [2, 4, 6, 8]}
    state = new(2, round=7, rounds=8)
    state.cash, state.earnings = [400, 300], [5, 6]
    finish_round(state)  # 20 unplaced fees at $5 each round
    assert state.earnings == [5, 6]  # no report after round 7
    state.cash = [400, 300]
    finish_round(state)
    assert state.earnings == [300, 200] and state.is_over()


# --- inspection and winner --------------------------------------------------------------------

def test_coal_r73_tunnels():  # COAL-R73; rulebook: End of the Game (three ways a tunnel is finished)
    state = new(2)
    assert end_of_game.unfinished_tunnels(state, 0) == 3  # the entrance's E, S, W
    add_tile(state, 0, "2B", 0, 1, 0)  # N links to the entrance (connects); S open
    assert end_of_game.unfinished_tunnels(state, 0) == 3
    add_tile(state, 0, "1A", 0, 2, 0)  # capped by a "1" tile facing back
    assert end_of_game.unfinished_tunnels(state, 0) == 2
    add_tile(state, 0, "2B", 1, 0, 0)  # the entrance's E runs into its side; its N faces the surface
    assert end_of_game.unfinished_tunnels(state, 0) == 1 + 1 + 1  # W of the entrance, its own N (surface) and S
    strict = new(2, reformed_industry=True)
    strict.mine[0] = [list(t) for t in state.mine[0]]
    assert end_of_game.unfinished_tunnels(strict, 0) == 3 + 1  # REF-4: the side-running shaft is unfinished


def test_coal_r72_r74_inspection_fine_and_bonus():  # COAL-R72, COAL-R74; rulebook: End of the Game
    state = new(2, round=6)
    add_tile(state, 0, "2B", 0, 1, 0, cubes=1)  # 2 missing utilities; S unfinished
    state.refuse[0] = 3
    state.storage[0] = [1, 1, 0]
    state.lots[0][:2] = ["school", "tavern"]
    items = end_of_game.inspection_items(state, 0)
    assert items == {"missing_utility_on_tile": 2, "refuse_cube": 3, "unfinished_tunnel": 3,
                     "stored_utility_cube": 2, "building_not_built_over": 2}
    assert end_of_game.inspection_fees(state, 0) == 2 + 3 + 6 - 2 - 4
    state.lots[1] = ["school", "tailor", "coal_shed", "church"]
    state.storage[1] = [1, 1, 1]
    assert end_of_game.inspection_fees(state, 1) == 6 - 3 - 8
    state.cash = [20, 20]
    finish_round(state)  # unplaced fees take all cash first
    fees = [end_of_game.inspection_fees(state, s) for s in range(2)]
    assert state.inspection[0][0] == fees[0] and state.cash[0] == 0  # the fine takes what there is
    assert state.cash[1] == 5 * 5  # bonus: 5 fees at fee(E = 0) = $5


def test_ref4_strict_inspection_counts_two():  # COAL-R77 REF-4
    state = new(2, reformed_industry=True)
    state.refuse[0], state.storage[0] = 1, [1, 0, 0]
    assert end_of_game.inspection_fees(state, 0) == 3 * 2 + 2 - 2


def test_coal_r75_r76_winner_and_tie_break():  # COAL-R75, COAL-R76
    state = new(3)
    state.cash = [50, 50, 10]
    add_tile(state, 1, "2B", 0, 1)
    state.step = "over"
    result = state.result()
    assert result.ranking == (2, 1, 3) and result.tiebreak == "the number of placed mineshaft tiles"
    state.mine[1].pop()
    assert state.result().ranking == (1, 1, 3)  # the entrance does not count; still tied: shared


# --- variants -------------------------------------------------------------------------------------

def test_coal_r79_amok_placement_in_turns():  # COAL-R79, COAL-R78 AMOK-1
    state = new(3, industry_amok=True)
    order = economy.player_order(state)
    assert state.to_move() == (order[0],)
    assert Done.of() not in state.legal_actions(order[0])  # round 1: a broker first
    state.apply(order[0], Place.of("CB", 4))
    assert state.to_move() == (order[1],)
    view = state.view(order[1])
    assert view["players"][order[0]]["foremen"] == [{"location": "CB", "value": None}]
    state.apply(order[1], Place.of("CB", 2))
    state.apply(order[2], Place.of("CB", 1))
    state.apply(order[0], Done.of())
    assert state.to_move() == (order[1],)
    state.apply(order[1], Done.of())
    state.apply(order[2], Place.of("M0", 4))
    assert state.to_move() == (order[2],)  # the others are done
    state.apply(order[2], Done.of())
    assert state.step != "place"


def test_coal_r77_reformed_industry_switches():  # COAL-R77
    state = new(2, reformed_industry=True)
    assert state.calendar == [] and state.bag == [] and state.m == 0 and state.market == [3, 3, 3]


def test_coal_r78_variants_combine():  # COAL-R78
    state = new(4, industry_amok=True, reformed_industry=True)
    assert len(state.to_move()) == 1 and state.m == 0 and len(state.top_row) + len(state.pile) == 24


# --- hidden information -------------------------------------------------------------------------

def test_determinize_resamples_sealed_placement():  # COAL-R19, COAL-R23
    state = new(3, round=2)
    place(state, 0, [("CB", 4), ("PO", 4)])
    place(state, 1, [("M0", 3)], done=False)
    for seed in range(5):
        world = state.determinize(2, Rng(seed))
        assert world.view(2) == state.view(2)
        assert str(0) in world.sealed and str(1) not in world.sealed
    changed = any(state.determinize(2, Rng(seed)).sealed["0"] != state.sealed["0"] for seed in range(10))
    assert changed


def test_determinize_resamples_hidden_values_and_stacks():  # COAL-R23
    state = new(2, round=2)
    place_all(state, {0: [("CC", 4), ("RF", 1), ("PO", 2)], 1: [("CC", 3), ("PO", 2)]})
    assert state.step in ("permit", "construction")
    worlds = [state.determinize(1, Rng(seed)) for seed in range(12)]
    assert all(w.view(1) == state.view(1) for w in worlds)
    assert any(w.stacks != state.stacks for w in worlds)
    hidden = [[v for v, loc in w.foremen[0] if loc == "CC"] for w in worlds]
    assert state.step == "permit" and {h[0] for h in hidden} == {1, 4}  # CC and RF values swap


def test_rulings_file_lists_every_ruling():  # every COAL-R id, with its source label
    rulings = load_rulings("headframe.games.coal_country")
    assert [r.id for r in rulings] == [f"COAL-R{n}" for n in range(1, 83)]
    assert {r.source for r in rulings} <= {"RULEBOOK", "DERIVED", "RECONSTRUCTED"}
    assert GAME.components["mineshaft_tiles"]["source"] == "RECONSTRUCTED"


def test_determinize_keeps_own_declined_tile():  # COAL-R23, COAL-R54
    from headframe.games.coal_country.actions import Decline, PickStack
    state = new(2, round=3)
    state.cash = [500, 500]
    place_all(state, {0: [("PO", 4)], 1: [("PO", 4)]})
    first = state.to_move()[0]
    state.apply(first, PickStack.of(1))
    tile = state.sub["tile"]
    state.apply(first, Decline.of())
    assert state.stacks[0][0] == tile and state.bottoms[0] == [[first]]
    assert all(state.determinize(first, Rng(seed)).stacks[0][0] == tile for seed in range(10))
    others = {state.determinize(1 - first, Rng(seed)).stacks[0][0] for seed in range(20)}
    assert len(others) > 1


def test_validate_refuses_inconsistent_positions():
    import json

    from headframe.engine import PositionError
    state = new(2)
    data = json.loads(state.to_json())
    data["state"]["mine"][0].append([1, 0, 99, 0, 0])
    with pytest.raises(PositionError):
        GAME.load_position(json.dumps(data))
    data = json.loads(state.to_json())
    data["state"]["cash"] = [0, 0, 0]
    with pytest.raises(PositionError):
        GAME.load_position(json.dumps(data))
    assert GAME.load_position(state.to_json()).to_json() == state.to_json()
