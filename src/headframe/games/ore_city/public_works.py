"""Public Works cards (rulebook §9.4): their conditions and abilities.

City Hall rebalances coins; Hospital and University ask for cards in your own
construction space; the Airport asks for the discard of a technology card; the
Police Station takes a card from an opponent's hand, who draws another.
"""

from __future__ import annotations

from headframe.engine.turns import clockwise

from .actions import AirportDiscard, Draw, PoliceDecline, PoliceTake
from .components import COMMERCIAL, NOBODY, RESIDENTIAL, TYPE_INDEX, TYPES
from .construction import cost, space_type
from .drawing import discard, draw_into_hand, hand_draw_types, hand_remove
from .end_of_game import score
from .refill import end_turn

# --- §9.4.1 City Hall ---------------------------------------------------------------

def city_hall(state) -> None:
    """ORE-R29: every player, the actor included, at the same moment."""
    for seat, coins in enumerate(state.coins):
        if coins >= 10:
            state.coins[seat] = coins - 5
        elif coins == 0:
            state.coins[seat] = 5
    if state.records:
        state.event("city_hall", coins=list(state.coins))


# --- §9.4.2 Hospital, §9.4.3 University ------------------------------------------------

def hospital(state, seat: int) -> bool:
    return space_type(state, seat) == RESIDENTIAL and len(state.spaces[seat]) >= 5


def university(state, seat: int) -> bool:
    return space_type(state, seat) == COMMERCIAL


# --- §9.4.4 Airport ---------------------------------------------------------------------

def airport_discards(state, seat: int) -> list[tuple[str, int | None]]:
    """ORE-R32: technology cards the seat constructed (any space) or acquired,
    whose discard leaves the Airport affordable."""
    tables = state.game.tables
    technology = tables.technology
    printed = tables.cost["airport"]
    coins, tech = state.coins[seat], state.technology[seat]
    before = state.options.airport_discard_timing == "before_cost"
    choices: list[tuple[str, int | None]] = []
    for space in range(state.players):
        for card, builder in zip(state.spaces[space], state.builders[space]):
            if builder == seat and card in technology and (card, space) not in choices:
                if coins >= max(0, printed - tech):
                    choices.append((card, space))
    for card in dict.fromkeys(state.acquired[seat]):
        if card in technology:
            after = tech - technology[card] if before else tech
            if coins >= max(0, printed - after):
                choices.append((card, None))
    return choices


def airport_choices(state, task) -> list:
    return [AirportDiscard.of(card, space) for card, space in airport_discards(state, task[1])]


def airport_discard(state, task, action: AirportDiscard) -> None:
    """ORE-R32: discard a technology card, pay (before or after the discard), score."""
    seat = task[1]
    cost_with_the_card = cost(state, seat, "airport")
    remove_technology_card(state, seat, action.card, action.space)
    if state.options.airport_discard_timing == "before_cost":
        paying = cost(state, seat, "airport")
    else:
        paying = cost_with_the_card
    hand_remove(state, seat, "airport")
    state.coins[seat] -= paying
    if state.records:
        state.event("airport_discard", seat=seat, card=action.card, space=action.space)
    if not score(state, seat, "airport", paying):
        end_turn(state)


def remove_technology_card(state, seat: int, card: str, space: int | None) -> None:
    if space is None:
        state.acquired[seat].remove(card)
        state.technology[seat] -= state.game.tables.technology[card]
    else:
        cards, builders = state.spaces[space], state.builders[space]
        index = next(i for i, (c, b) in enumerate(zip(cards, builders)) if c == card and b == seat)
        del cards[index]
        del builders[index]
    discard(state, card)


# --- §9.4.5 Police Station ------------------------------------------------------------

def police_targets(state, seat: int) -> list[tuple[int, int]]:
    """ORE-R33: any opponent holding a card, and a type present in that hand."""
    types = state.game.tables.type
    targets = []
    for opponent in clockwise(seat, state.players)[1:]:
        present = {types[card] for card in state.hands[opponent]}
        targets += [(opponent, kind) for kind in sorted(present)]
    return targets


def police_choices(state, task) -> list:
    actions: list = [PoliceTake.of(opponent, TYPES[kind]) for opponent, kind in police_targets(state, task[1])]
    actions.append(PoliceDecline.of())
    return actions


def police_take(state, task, action: PoliceTake) -> None:
    """ORE-R33: one card of the chosen type, at random, from the opponent's hand."""
    seat = task[1]
    opponent, kind = action.opponent, TYPE_INDEX[action.type]
    types = state.game.tables.type
    hand, seen = state.hands[opponent], state.hand_seen[opponent]
    indices = [i for i, card in enumerate(hand) if types[card] == kind]
    index = indices[state.rng.below(len(indices))]
    # ORE-R40: everyone sees which back moves, so whoever knew it still knows it;
    # the victim's other cards never moved and stay known to whoever knew them.
    card = hand.pop(index)
    mask = seen.pop(index) | (1 << opponent) | (1 << seat)
    state.hands[seat].append(card)
    state.hand_seen[seat].append(mask)
    state.hand_gen[seat].append(state.hand_gen[opponent].pop(index))
    state.event("police_take", seat=seat, opponent=opponent, type=action.type,
                private={seat: {"card": card}, opponent: {"card": card}})
    state.victim = opponent
    state.phase = "police_redraw"
    kinds = hand_draw_types(state, opponent)  # "That opponent draws one card from any draw pile"
    if len(kinds) > 1:
        return
    if kinds:
        draw_into_hand(state, opponent, kinds[0])
    finish_police(state)


def police_decline(state, task, action: PoliceDecline) -> None:
    state.event("police_decline", seat=task[1])
    end_turn(state)


def police_redraw(state, task, action: Draw) -> None:
    """The victim's replacement draw, from the pile they chose."""
    state.reveals()
    draw_into_hand(state, task[1], TYPE_INDEX[action.pile])
    finish_police(state)


def finish_police(state) -> None:
    state.victim = NOBODY
    end_turn(state)
