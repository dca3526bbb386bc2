"""Decks, piles and bags as plain lists, for every game.

A pile's top card is its last item, so drawing is `pop()`. Hidden order is
nothing more than a list the views do not show; `redeal` is the determinization
of cards a seat cannot see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .rng import Rng


def shuffled(cards: Iterable[Any], rng: Rng) -> list[Any]:
    pile = list(cards)
    rng.shuffle(pile)
    return pile


def reshuffle(pile: list, discard: list, rng: Rng) -> None:
    """Shuffle the discards into the pile (rulebooks' "when a pile runs out")."""
    pile.extend(discard)
    discard.clear()
    rng.shuffle(pile)


def draw(pile: list, rng: Rng, discard: list | None = None) -> Any | None:
    """The top card; an empty pile first takes back its shuffled discards.
    None when both are empty."""
    if not pile and discard:
        reshuffle(pile, discard, rng)
    return pile.pop() if pile else None


def draw_from_bag(bag: list, rng: Rng) -> Any | None:
    """A face-down token drawn blindly from a bag (order never matters in a bag)."""
    if not bag:
        return None
    index = rng.below(len(bag))
    bag[index], bag[-1] = bag[-1], bag[index]
    return bag.pop()


def redeal(places: list[list], rng: Rng) -> None:
    """Pool the cards of several hidden places (other hands, a face-down pile),
    shuffle them and deal them back in the same sizes: what a seat that sees
    none of them, only how many each holds, may believe."""
    pool = [card for place in places for card in place]
    rng.shuffle(pool)
    start = 0
    for place in places:
        size = len(place)
        place[:] = pool[start:start + size]
        start += size


def redeal_slots(slots: list[tuple[Any, Any]], rng: Rng, pile: list | None = None) -> None:
    """Pool the hidden cards at `slots` ((place, index): a list and a position, or a dict and a
    key) and the face-down `pile`, if any, shuffle them and deal them back: the slots first, in
    order, then the pile, in the same sizes. `redeal` for cards that lie in place (a token on a
    map, a card in a hand that also holds public ones)."""
    pool = [place[index] for place, index in slots]
    if pile is not None:
        pool += pile
    rng.shuffle(pool)
    for (place, index), card in zip(slots, pool):
        place[index] = card
    if pile is not None:
        pile[:] = pool[len(slots):]


def redeal_by_epoch(hidden: Mapping[Any, list[tuple[Any, Any]]], piles: Mapping[Any, list], rng: Rng) -> None:
    """Determinize cards across reshuffles. A pile's *epoch* is bumped each time
    it is rebuilt (shuffled from its discards, or made anew), and a hidden card
    keeps the epoch of the pile it was drawn from: it may have been any card of
    that pile, and no card of a later one.

    `hidden[epoch]`: the (place, index) slots of the hidden cards drawn in that
    epoch (a list and a position, or a dict and a key); `piles[epoch]`: the face-down pile that epoch still is (current
    epochs only). For each epoch, in that order, its hidden cards and its pile
    are pooled, shuffled and dealt back into the same slots and pile sizes (`redeal_slots`)."""
    for epoch in {**dict.fromkeys(hidden), **dict.fromkeys(piles)}:
        redeal_slots(hidden.get(epoch, []), rng, piles.get(epoch))
