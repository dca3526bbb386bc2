"""The integer action space: every offered action has a number, and no family
carries ids that no position can offer."""

from __future__ import annotations

from itertools import product

from headframe.engine import Rng
from headframe.games.copper_country.actions import ChooseRow, Play
from headframe.games.copper_country.components import RESOURCES
from headframe.games.copper_country.payment import routes, ways_to_pay

from .helpers import GAME


def test_one_space_at_every_player_count():
    sizes = {players: len(GAME.learning.action_space(players)) for players in GAME.players}
    assert set(sizes.values()) == {2987}  # 8,111 before the play and row families were tightened


def test_plays_are_exactly_the_routes_some_payment_opens():  # COP-R21
    tables = GAME.tables
    terrains = sorted({r for r in tables.terrain.values() if r != "poor_rock"})
    pairs = sorted({c["two_for_one_resource"] for c in tables.companies.values()})
    ways = ways_to_pay(terrains, pairs)
    needs = list(RESOURCES) + ["any"] + ["half-" + p for p in pairs]
    for resource in RESOURCES:
        expected = {(need, via) for need, terrain, pair, machine, railroad
                    in product(needs, [""] + terrains, [""] + pairs, (False, True), (False, True))
                    for via, _ in routes(resource, need, terrain, pair, machine, railroad)}
        assert set(ways[resource]) == expected and len(ways[resource]) == len(expected)
    assert ("any", "direct") in ways["labor"] and ("any", "terrain") not in ways["labor"]
    assert ("labor", "machine") in ways["equipment"] and ("labor", "machine") not in ways["surface"]
    space = GAME.learning.action_space(2)
    assert Play.of("CAP1-01", "labor", "labor", "pair") not in space  # a resource pays its own icon directly


def test_only_the_claim_row_completes_a_claim():  # COP-R29
    space = GAME.learning.action_space(3)
    rows = [a for a in space.actions if a.kind == "choose_row"]
    assert ChooseRow.of(1, "held") in rows and ChooseRow.of(0, "held") not in rows and len(rows) == 5


def test_random_games_stay_in_the_space():
    for players, options in ((2, {"board": "winter"}), (4, {"short_game": "eras_1_2"})):
        space = GAME.learning.action_space(players)
        state = GAME.new_state(players, players, options)
        rng = Rng(players)
        while not state.is_over():
            seat = state.to_move()[0]
            actions = state.decision(seat).actions
            numbers = space.indices(actions)
            assert [space.action(n) for n in numbers] == sorted(actions, key=space.index)
            state.apply(seat, rng.choice(actions))
