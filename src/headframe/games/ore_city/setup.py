"""Game Preparation (rulebook §5, ORE-R5..R7), and the check that a loaded
position holds exactly the game's cards.

1. Shuffle each type into its face-down draw pile. 2. Choose the first player
(ORE-R2). 3. Each player draws one Residential, one Commercial and one
Industrial card. 4. In turn order, the 2nd..6th players draw 1..5 Residential
cards and discard as many. 5. Deal five Residential cards face up: the common space.
"""

from __future__ import annotations

from headframe.engine import PositionError
from headframe.engine.deck import shuffled
from headframe.engine.turns import clockwise

from .actions import Discard
from .components import NOBODY, RESIDENTIAL
from .drawing import deal_to_common, discard, draw_into_hand, hand_remove, log_common_space


def setup(state) -> None:
    tables = state.game.tables
    n = state.players
    state.piles = [shuffled(cards, state.rng) for cards in tables.deck]
    state.discards = [[], [], [], []]
    state.generation = [0, 0, 0, 0]
    state.first = state.rng.below(n)  # ORE-R2
    state.round = 1
    state.pending = 0
    state.victim = NOBODY
    state.winner = NOBODY
    state.coins = [tables.start_coins] * n
    state.vp = [0] * n
    state.technology = [0] * n
    state.hands = [[] for _ in range(n)]
    state.hand_seen = [[] for _ in range(n)]
    state.hand_gen = [[] for _ in range(n)]
    state.spaces = [[] for _ in range(n)]
    state.builders = [[] for _ in range(n)]
    state.acquired = [[] for _ in range(n)]
    state.common = []
    state.common_seen = []
    state.common_gen = []
    for seat in clockwise(state.first, n):  # rulebook §5 step 3
        for kind in tables.initial_draw:
            draw_into_hand(state, seat, kind)
    setup_position(state, 1)


def setup_position(state, position: int) -> None:
    """§5 step 4: in turn order, draw that many Residential cards and discard as many."""
    tables = state.game.tables
    while position < state.players:
        seat = (state.first + position) % state.players
        for _ in range(tables.extra_draws[position]):
            draw_into_hand(state, seat, RESIDENTIAL)
        if tables.setup_discards[position]:
            state.phase = "setup_discard"
            state.active = seat
            state.pending = tables.setup_discards[position]
            return
        position += 1
    for _ in range(tables.common_size):  # §5 step 5, ORE-R7
        deal_to_common(state, RESIDENTIAL)
    state.active = state.first
    state.phase = "action"
    state.pending = 0
    log_common_space(state, "game_starts", first=state.first)


def discards(state, task) -> list:
    return [Discard.of(card) for card in dict.fromkeys(state.hands[task[1]])]


def discard_prompt(state, task) -> str:
    return f"Discard a card ({state.pending} more to discard)"


def setup_discard(state, task, action: Discard) -> None:
    seat = task[1]
    hand_remove(state, seat, action.card)
    discard(state, action.card)
    state.event("setup_discard", seat=seat, card=action.card)
    state.pending -= 1
    if not state.pending:
        state.reveals()
        setup_position(state, (seat - state.first) % state.players + 1)


def validate(state) -> None:
    tables = state.game.tables
    n = state.players
    for name in ("coins", "vp", "technology", "hands", "hand_seen", "hand_gen", "spaces", "builders", "acquired"):
        if len(getattr(state, name)) != n:
            raise PositionError(f"state.{name}: expected one entry per player")
    if len(state.piles) != 4 or len(state.discards) != 4 or len(state.generation) != 4:
        raise PositionError("state: piles, discards and generations do not add up")
    if not len(state.common) == len(state.common_seen) == len(state.common_gen):
        raise PositionError("state: the common space does not match its parallel lists")
    if state.phase not in state.flow.steps and state.phase != "over":
        raise PositionError(f"state.phase: unknown phase {state.phase!r}")
    counts: dict[str, int] = {}
    places = [*state.hands, *state.spaces, *state.acquired, *state.piles, *state.discards, state.common]
    for place in places:
        for card in place:
            counts[card] = counts.get(card, 0) + 1
    if counts != tables.copies:
        raise PositionError("state: the cards in play are not exactly the game's 110 cards")
    for seat in range(n):
        if not len(state.hands[seat]) == len(state.hand_seen[seat]) == len(state.hand_gen[seat]) \
                or len(state.spaces[seat]) != len(state.builders[seat]):
            raise PositionError(f"state: seat {seat}'s hand or space does not match its parallel lists")
        for card, generation in zip(state.hands[seat], state.hand_gen[seat]):
            if not 0 <= generation <= state.generation[tables.type[card]]:
                raise PositionError(f"state.hand_gen: seat {seat} holds a card of an impossible generation")
        if state.coins[seat] < 0:
            raise PositionError(f"state.coins: seat {seat} holds negative coins")  # ORE-R38
    for card, generation in zip(state.common, state.common_gen):
        if not 0 <= generation <= state.generation[tables.type[card]]:
            raise PositionError("state.common_gen: a card of an impossible generation")
