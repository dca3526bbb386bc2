"""Statistics, progress, the optional turn limit (COP-R58) and the evaluation of positions."""

from __future__ import annotations

import pytest

from headframe.engine import OptionError, Rng
from headframe.engine.learning import rank_rewards
from headframe.games.copper_country.actions import Casualty, PlaceRock
from headframe.games.copper_country.scoring import final_scores, specialization
from headframe.games.copper_country.track import track_layout

from .helpers import GAME, choose, new, on_top, pay_all, set_hand, work

CONGLOMERATE, COLLAPSE = "PROD2-04", "PROD1-12"
SURFACE, EQUIPMENT, UNDERGROUND, TRANSPORT = "CAP1-07", "CAP1-13", "CAP1-19", "CAP1-31"


def play(players: int, seed: int, options: dict, heuristic_seats=()):
    """A whole game, random except for `heuristic_seats`; checks progress on the way."""
    state = GAME.new_state(players, seed, options)
    rng = Rng(seed)
    progress = state.progress()
    assert 0.0 <= progress < 100.0
    while not state.is_over():
        seat = state.to_move()[0]
        if seat in heuristic_seats:
            action = GAME.learning.heuristic(state, seat, rng)
        else:
            action = rng.choice(state.decision(seat).actions)
        state.apply(seat, action)
        assert state.progress() >= progress, "progress never goes back"
        progress = state.progress()
    assert progress == 100.0
    return state


def score_sums(state) -> list[int]:
    stats = state.statistics()
    return [sum(values[seat] for name, values in stats.items() if name.startswith("score_"))
            for seat in range(state.players)]


@pytest.mark.parametrize("players, seed, options, heuristic_seats", [
    (2, 1, {"turn_limit": 40}, ()),
    (3, 2, {"board": "winter", "turn_limit": 30}, (0,)),
    (4, 3, {"short_game": "eras_1_2"}, (0, 1, 2, 3)),
    (2, 4, {"short_game": "era_3_intro", "use_company_cards": False}, (1,)),
])
def test_score_parts_sum_to_the_final_score(players, seed, options, heuristic_seats):
    state = play(players, seed, options, heuristic_seats)
    assert score_sums(state) == list(state.result().scores)
    stats = state.statistics()
    assert all(len(values) == players for values in stats.values())
    assert stats["copper_cards"] == [len(pile) for pile in state.copper]
    assert sum(stats["poor_rock_placed"]) == state.track_next - track_layout(GAME.tables, state.options)[1]


def test_a_shift_counted_by_hand():  # rulebook: Example: Resolving Production Cards A1, B1
    state = new(use_company_cards=False)
    state.era = 2
    set_hand(state, 0, [SURFACE, UNDERGROUND, TRANSPORT])
    on_top(state, CONGLOMERATE)
    work(state, 0, "M07")
    choose(state, 0)  # A1: surface, underground, transport, 1 poor rock, 4 copper
    pay_all(state)
    state.apply(0, PlaceRock.of("P16", ""))
    stats = state.statistics()
    assert stats["score_copper"] == [4, 0] and stats["copper_cards"] == [1, 0]
    assert stats["shifts"] == [1, 0] and stats["resources_paid"] == [3, 0] and stats["poor_rock_placed"] == [1, 0]
    assert stats["miners_to_cemetery"] == [0, 0]
    set_hand(state, 0, [EQUIPMENT, UNDERGROUND])
    on_top(state, COLLAPSE)
    work(state, 0, "M07", miner=1)  # a later turn
    choose(state, 0)  # B1: equipment, underground, a miner to the cemetery, 1 poor rock
    pay_all(state)
    state.apply(0, Casualty.of("working"))
    state.apply(0, PlaceRock.of("P17", ""))
    stats = state.statistics()
    assert stats["shifts"] == [2, 0] and stats["resources_paid"] == [5, 0] and stats["poor_rock_placed"] == [2, 0]
    assert stats["miners_to_cemetery"] == [1, 0] and stats["copper_cards"] == [2, 0]
    assert stats["score_copper"] == [sum(GAME.tables.produce_row[c].copper for c in (CONGLOMERATE, COLLAPSE)), 0]


def test_company_claim_and_specialization_are_their_own_sources():  # COP-R39
    state = new(3)
    produce = GAME.tables.produce_row
    resource = GAME.tables.companies[state.company[1]]["resource_specialization"]
    special = [card for card, row in produce.items() if resource in row.resources][:2]
    state.copper[1] = special
    state.copper[2] = [special[0]]
    state.company_done[0] = True
    stats = state.statistics()
    assert stats["score_company_claim"] == [10, 0, 0]
    assert stats["score_specialization"][1] == specialization(state, 1, special) > 0
    assert stats["score_specialization"][0] == stats["score_specialization"][2] == 0  # the highest only
    assert score_sums(state) == final_scores(state)


def test_progress_follows_the_industry_track():  # COP-R38
    state = new()
    assert state.progress() == 0.0
    _, first, last, _ = track_layout(GAME.tables, state.options)
    state.track_next = first + (last - first + 1) // 2
    assert 45.0 <= state.progress() <= 55.0


def test_turn_limit_ends_the_game_with_its_scoring():  # COP-R58
    state = play(3, 5, {"turn_limit": 4})
    assert state.log[-2] == {"event": "turn_limit", "turns": 4}
    assert state.statistics()["turns"] == [4, 4, 4]
    assert list(state.result().scores) == final_scores(state)
    unlimited = GAME.new_state(3, 5, {})
    for _, action, _ in state.history:
        unlimited.apply(unlimited.to_move()[0], action)
    assert not unlimited.is_over()  # the same game goes on without the option


def test_turn_limit_is_a_positive_number():  # COP-R58
    with pytest.raises(OptionError):
        GAME.new_state(2, 1, {"turn_limit": 0})


def test_progress_counts_the_turn_limit():  # COP-R58
    state = GAME.new_state(2, 1, {"turn_limit": 10})
    rng = Rng(1)
    while state.turns < 10:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    assert state.progress() >= 45.0


def test_evaluate_prefers_the_clear_leader():
    state = new(3)
    state.copper[1] = ["PROD2-04", "PROD1-12", "PROD1-09"]
    values = GAME.learning.evaluate(state)
    assert values[1] == 1.0 and max(values[0], values[2]) < 1.0
    assert all(0.0 <= v <= 1.0 for v in values)
    state.miner_at[2] = ["cemetery"] * 3 + state.miner_at[2][3:]
    values = GAME.learning.evaluate(state)
    assert values[2] < values[0]  # miners lost count against a seat


def test_evaluate_scores_the_ranking_at_the_end():
    state = play(2, 6, {"turn_limit": 15})
    assert GAME.learning.evaluate(state) == rank_rewards(state.result().ranking)
