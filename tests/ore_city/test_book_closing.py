"""Book-closing: rulebook §6b, §8, §9.1-§9.3, §9.5.3; ORE-R19..R27, ORE-R39."""

from __future__ import annotations

import pytest

from .helpers import GAME, act, gained, table, turn


def test_rulebook_section_8_example_exactly():
    # rulebook: §8 An example of book-closing. You (seat 0) book-close; Player A
    # (seat 2) and Player B (seat 1) are your neighbours; no factory anywhere.
    you, b, a = 0, 1, 2
    space = ([("single_house", a)] * 3 + [("single_house", b)] + [("single_house", you)] * 2
             + [("apartment_house", you)] * 2 + [("apartment_house", b)])
    state = table(3, spaces={you: space})
    before = list(state.coins)
    act(state, "book_close")
    # a) Single Houses: total 6; A is 1st (11G), you are 2nd (4G), B gets nothing.
    # b) Apartment Houses: total 3; you are 1st (5G), B is 2nd (3G).
    assert gained(state, before) == {a: 11, you: 4 + 5, b: 3}
    assert state.spaces[you] == [] and state.discards[0].count("single_house") == 6


def test_section_8_example_from_the_data_file():
    # ORE-R23: the data file's book_closing_example, per card name and in total.
    example = GAME.components["book_closing_example"]
    seats = {"you": 0, "B": 1, "A": 2}
    for card, counts in example["cards_constructed"].items():
        space = [(card, seats[who]) for who, n in counts.items() for _ in range(n)]
        state = table(3, spaces={0: space})
        before = list(state.coins)
        act(state, "book_close")
        expected = {seats[who]: g for who, g in example["expected_income"][card].items() if g}
        assert gained(state, before) == expected
    space = [(card, seats[who]) for card, counts in example["cards_constructed"].items()
             for who, n in counts.items() for _ in range(n)]
    state = table(3, spaces={0: space})
    act(state, "book_close")
    assert {seats[who]: coins for who, coins in example["expected_total"].items()} == dict(enumerate(state.coins))


@pytest.mark.parametrize("counts, paid", [
    ((3, 2, 1), (1, 2, 0)),  # ORE-R24: 1st, 2nd, nothing
    ((2, 2, 1), (1, 1, 2)),  # ORE-R24: tied 1st both get the full 1st amount, then 2nd
    ((2, 1, 1), (1, 2, 2)),
    ((1, 1, 1), (1, 1, 1)),
])
def test_dense_ranking_of_holders(counts, paid):
    # ORE-R24 (dense ranking); rulebook §6b: tied players get the full amount.
    space = [("single_house", seat) for seat, n in enumerate(counts) for _ in range(n)]
    state = table(3, spaces={0: space})
    act(state, "book_close")
    first, second = GAME.tables.payouts["reconstructed"]["single_house"][sum(counts) - 1]
    amount = {1: first, 2: second, 0: 0}
    assert state.coins == [amount[p] for p in paid]


def test_competition_ranking_option_uses_up_second_place():
    # ORE-R24 option majority_ranking = competition: 2/2/1 pays 1st, 1st, nothing.
    space = [("single_house", 0)] * 2 + [("single_house", 1)] * 2 + [("single_house", 2)]
    state = table(3, spaces={0: space}, options={"majority_ranking": "competition"})
    act(state, "book_close")
    assert state.coins == [9, 9, 0]
    space = [("single_house", 0)] * 2 + [("single_house", 1), ("single_house", 2)]
    state = table(3, spaces={0: space}, options={"majority_ranking": "competition"})
    act(state, "book_close")
    assert state.coins == [7, 2, 2]  # a single leader still leaves 2nd place


def test_lone_holder_gets_only_the_first_amount():
    # ORE-R24: a lone holder gets only the 1st amount; ORE-R25: 2nd is 0 for n <= 2.
    state = table(3, spaces={0: [("condominium", 1), ("condominium", 1)]})
    act(state, "book_close")
    assert state.coins == [0, 7, 0]


@pytest.mark.parametrize("card", ["single_house", "apartment_house", "condominium", "park"])
def test_payout_tables_default_and_linear(card):
    # ORE-R25: rows of residential_payouts (and _linear under the option), for every n.
    for option in ("reconstructed", "linear"):
        rows = GAME.tables.payouts[option][card]
        for n in range(1, GAME.tables.copies[card] + 1):
            # holders: seat 1 leads with n - 1 cards, seat 2 holds one (seat 1 holds all when n <= 2)
            lead = n - 1 if n >= 3 else n
            space = [(card, 1)] * lead + [(card, 2)] * (n - lead)
            state = table(3, spaces={0: space}, options={"residential_payout_table": option})
            act(state, "book_close")
            second = rows[n - 1][1] if n - lead else 0
            assert state.coins == [0, rows[n - 1][0], second], (option, n)


def test_printed_rows_of_the_reconstructed_tables():
    # ORE-R25: the tables reproduce §8: Single House n=6 pays 11/4, Apartment House n=3 pays 5/3.
    for option in ("reconstructed", "linear"):
        payouts = GAME.tables.payouts[option]
        assert payouts["single_house"][5] == [11, 4]
        assert payouts["apartment_house"][2] == [5, 3]


def test_book_closing_pays_every_constructor_of_cards_in_my_space():
    # rulebook §6b: adjacent players also earn from their cards in your space.
    state = table(3, spaces={0: [("small_store", 1), ("small_store", 2), ("restaurant", 0)]})
    act(state, "book_close")
    assert state.coins == [1, 1, 1]  # ORE-R26: each Commercial card pays its constructor 1G
    assert sorted(state.discards[1]) == ["restaurant", "small_store", "small_store"]


def test_commercial_book_closing_limited_per_player_and_highways():
    # ORE-R26 + ORE-R19 (a limited player gets 1G in total) + ORE-R21.
    spaces = {
        0: [("small_store", 0), ("small_store", 0), ("department_store", 1)],
        1: [("small_factory", 1), ("highway", 2), ("highway", 2)],
    }
    state = table(4, spaces=spaces)
    act(state, "book_close")
    assert state.coins == [1, 1, 2, 0]


def test_industrial_book_closing_acquires_technology_cards_and_pays_highways():
    # ORE-R27; rulebook §9.3: Highway 1G; Wind Turbine 1, Small Factory 1, Chemical Factory 2.
    # rulebook §5.2: acquired cards go to the constructor's acquisition space.
    space = [("highway", 0), ("wind_turbine", 1), ("chemical_factory", 2), ("small_factory", 0), ("highway", 0)]
    state = table(3, spaces={0: space})
    act(state, "book_close")
    assert state.coins == [2, 0, 0]
    assert state.acquired == [["small_factory"], ["wind_turbine"], ["chemical_factory"]]
    assert state.technology == [1, 1, 2]
    assert state.discards[2] == ["highway", "highway"] and state.spaces[0] == []


def test_acquired_factory_no_longer_limits_income():
    # ORE-R18; rulebook §9.5.1: a continuous construction ability lasts only while
    # the card is in its construction space, so an acquired factory no longer limits income.
    state = table(4, spaces={0: [("small_factory", 1)], 1: [("single_house", 1)] * 3})
    act(state, "book_close")
    assert state.acquired[1] == ["small_factory"]
    turn(state, 1)
    act(state, "book_close")
    assert state.coins[1] == 5


def test_factories_do_not_accumulate():
    # rulebook §9.5.3: several factories, from one or both sides, still make one limit.
    spaces = {0: [("single_house", 0)] * 3, 1: [("small_factory", 1), ("chemical_factory", 2)],
              3: [("small_factory", 3)]}
    state = table(4, spaces=spaces)
    act(state, "book_close")
    assert state.coins == [1, 0, 0, 0]


def test_factory_limit_leaves_zero_at_zero():
    # ORE-R19: a player who would earn 0 earns 0.
    spaces = {0: [("single_house", 0)] * 3 + [("single_house", 2)], 1: [("chemical_factory", 1)]}
    state = table(3, spaces=spaces)
    act(state, "book_close")
    assert state.coins == [1, 0, 1]


def test_factory_limits_its_own_constructor_too():
    # ORE-R19: the limit applies to every player, including the factory's constructor.
    spaces = {0: [("condominium", 1)] * 2, 1: [("small_factory", 1)]}
    state = table(4, spaces=spaces)
    act(state, "book_close")
    assert state.coins == [0, 1, 0, 0]


def test_park_makes_its_space_immune_to_industrial_cards():
    # rulebook §9.1.4; ORE-R20: with a Park in the space, no limit.
    spaces = {0: [("condominium", 0)] * 2 + [("park", 2)], 1: [("small_factory", 1)]}
    state = table(3, spaces=spaces)
    act(state, "book_close")
    assert state.coins == [7, 0, 1]


def test_park_protects_only_its_own_space():
    # ORE-R20: a Park does not protect any other space.
    spaces = {0: [("single_house", 0)] * 3, 1: [("small_factory", 1)], 2: [("park", 2)]}
    state = table(3, spaces=spaces)
    act(state, "book_close")
    assert state.coins == [1, 0, 0]


def test_cannot_book_close_an_empty_space_or_a_neighbours_space():
    # ORE-R10, ORE-R22: only the player's own, non-empty space.
    state = table(3, spaces={1: [("single_house", 0)]})
    assert "book_close" not in [a.split(":")[0] for a in
                                [x.id for x in state.decision(0).actions]]
    state = table(3, spaces={0: [("single_house", 1)]})
    assert "book_close" in [x.id for x in state.decision(0).actions]


def test_space_takes_any_type_after_book_closing():
    # rulebook §5.1 limitation 3; ORE-R22: the emptied space accepts any type.
    state = table(3, hands={0: ["small_store"]}, spaces={0: [("single_house", 0)]})
    assert "construct:small_store:1:0" not in [a.id for a in state.decision(0).actions]
    act(state, "book_close")
    turn(state, 0)
    assert "construct:small_store:1:0" in [a.id for a in state.decision(0).actions]


# --- ORE-R39: the worked example `factory_highway_example`, step by step ----------------

def _factory_highway_state(extra=()):
    example = GAME.components["factory_highway_example"]
    spaces = {int(seat): [(card, builder) for card, builder in cards]
              for seat, cards in example["spaces_before"].items()}
    spaces[0] = spaces[0] + list(extra)
    hands = {2: ["convenience_store"]}
    return table(example["players"], spaces=spaces, hands=hands), example


def _step(state, step):
    action = step["action"]
    turn(state, action["seat"])
    before = list(state.coins)
    if action["kind"] == "construct":
        (card,) = action["cards"]
        act(state, f"construct:{card}:1:{action['space']}")
    else:
        assert action["space"] == action["seat"]
        act(state, "book_close")
    return gained(state, before)


def test_factory_highway_example_every_step():
    # ORE-R39 (required test), with ORE-R3, R17, R19, R20, R21, R23, R25, R27.
    state, example = _factory_highway_state()
    for number, step in enumerate(example["steps"], 1):
        expected = {int(seat): coins for seat, coins in step["coins_gained"].items()}
        assert _step(state, step) == expected, f"step {number}"
        for seat, tech in step.get("technology_after", {}).items():
            assert state.technology[int(seat)] == tech
    assert state.acquired[1] == ["small_factory"]
    assert state.spaces == [[], [], [], []]


def test_factory_highway_example_as_printed_in_the_components_file():
    # ORE-R39, the table of the components file, step by step.
    state, _ = _factory_highway_state()
    turn(state, 2)
    before = list(state.coins)
    act(state, "construct:convenience_store:1:2")  # step 1
    assert gained(state, before) == {2: 2, 0: 1}
    for seat, expected in ((0, {0: 1, 3: 1}), (3, {3: 4}), (2, {2: 2, 0: 1}), (1, {0: 1, 2: 1})):
        turn(state, seat)
        before = list(state.coins)
        act(state, "book_close")
        assert gained(state, before) == expected, seat
    assert state.technology == [0, 1, 0, 0]


def test_factory_highway_example_park_variant_of_step_2():
    # ORE-R39 Park variant: space 0 also holds a Park by seat 3: no limit.
    _, example = _factory_highway_state()
    variant = example["park_variant_of_step_2"]
    card, builder = variant["extra_card_in_space_0"]
    state, _ = _factory_highway_state(extra=[(card, builder)])
    expected = {int(seat): coins for seat, coins in variant["coins_gained"].items()}
    assert _step(state, example["steps"][1]) == expected
