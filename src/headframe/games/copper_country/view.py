"""What one seat may see (COP-R4): its JSON view, and the worlds it cannot tell
from the real one (resample_hidden)."""

from __future__ import annotations

from typing import Any

from headframe.engine import Rng
from headframe.engine.deck import redeal, redeal_by_epoch, redeal_slots

from . import eras, scoring, track


def observe(state, seat: int | None) -> dict[str, Any]:
    """Public data, the seat's own hand, and copper piles only where COP-R4 shows them."""
    t = state.tables
    board = state.board
    hidden = state.options.hidden_scores
    seats = []
    for p in range(state.players):
        own = seat == p
        entry: dict[str, Any] = {
            "seat": p,
            "supply": dict(zip(("company_house", "shaft_house", "hoist_house"), state.supply[p])),
            "miners": [{"at": at, "ready": ready} for at, ready in zip(state.miner_at[p], state.miner_ready[p])],
            "hand_size": len(state.hands[p]),
            "known_cards": list(state.hand_public[p]),
            "copper_cards": len(state.copper[p]),
            "claim": state.claim[p] or None,
            "company": state.company[p] or None,
            "company_claim_complete": state.company_done[p],
        }
        if own:
            entry["hand"] = sorted(state.hands[p])
        if own or not hidden or state.over:
            entry["copper"] = list(state.copper[p])
            entry["copper_score"] = scoring.copper_score(state, p, state.copper[p])
            entry["specialization"] = scoring.specialization(state, p, state.copper[p])
        seats.append(entry)
    deck = state.production_deck
    view: dict[str, Any] = {
        "board": board.name,
        "era": state.era,
        "era_name": t.era_name[state.era],
        "hand_limit": eras.hand_limit(state),
        "buildings_available": list(t.era_buildings[state.era]),
        "first_player": state.first,
        "current": state.current,
        "turns": state.turns,
        "track": {"icons": list(state.icons), "next": state.track_next, "end": state.track_end,
                  "rocks_left": track.rocks_left(state)},
        "poor_rock": sorted(state.rock),
        "terrain": {site: (t.terrain[state.terrain[site]] if state.surveyed.get(site) else None)
                    for site in board.sites},
        "terrain_rock": sorted(site for site, full in state.token_rock.items() if full),
        "company_houses": {camp: list(owners) for camp, owners in state.houses.items()},
        "buildings": {space: {"seat": owner, "building": kind}
                      for space, (owner, kind) in sorted(state.builds.items())},
        "seats": seats,
        "community": list(state.community),
        "capital_deck": len(state.capital_deck),
        "capital_discard": list(state.capital_discard),
        "production_deck": len(deck),
        "production_discard": list(state.production_discard),
        "local_businesses": list(state.businesses),
        "events_played": list(state.events_played),
        "used_this_turn": list(state.used),
        "work": dict(state.work) if state.work else None,
        "shift": _shift(state),
        "looking": list(state.looking) if seat == state.current else len(state.looking),
        "known_top_production_card": (state.peek[seat] if seat is not None and deck and deck[-1] == state.peek[seat]
                                      else None),
    }
    return view


def _shift(state) -> dict[str, Any] | None:
    if state.shift is None:
        return None
    shift = dict(state.shift)
    if state.payment is not None:
        shift["payment"] = {k: (list(v) if isinstance(v, list) else v) for k, v in state.payment.items()}
    return shift


def forget_stale_peeks(state) -> None:
    """A seat knows the top production card only while it has stayed on top."""
    deck = state.production_deck
    top = deck[-1] if deck else ""
    for seat, card in enumerate(state.peek):
        if card and card != top and card not in state.looking:  # a prospect took it: among the 2 looked at
            state.peek[seat] = ""


def resample_hidden(state, seat: int, rng: Rng) -> None:
    """Redraw other hands, the capital deck, the production deck below what `seat`
    knows of its top, cards another seat is looking at, and face-down terrain."""
    looking_hidden = bool(state.looking) and state.current != seat
    capital_look = looking_hidden and state.looking[0] in state.tables.capital
    _redeal_capital(state, seat, capital_look, rng)
    _redeal_production(state, seat, looking_hidden and not capital_look, rng)
    terrain, surveyed = state.terrain, state.surveyed
    redeal_slots([(terrain, site) for site in state.board.sites if not surveyed.get(site)], rng, state.terrain_aside)
    state.terrain_aside.sort()
    forget_stale_peeks(state)


def _redeal_capital(state, seat: int, capital_look: bool, rng: Rng) -> None:
    """A hidden capital card came from the version of the capital deck it was drawn
    from (`drawn`; the version changes at every reshuffle and era rebuild): cards of
    the current version are redealt with the deck, older ones only among the other
    hidden cards of that same version (COP-R4, COP-R32, COP-R34)."""
    version, drawn = state.capital_version, state.drawn
    hidden: dict[int, list[tuple[list[str], int]]] = {}  # by version, the slots of the hidden cards
    for other in range(state.players):
        if other == seat:
            continue
        public = state.hand_public[other]
        unseen = [card for card in state.hands[other] if card not in public]
        unseen.sort(key=lambda card: drawn.get(card, version))  # by version, stably
        hand = state.hands[other] = public + unseen
        for index in range(len(public), len(hand)):
            hidden.setdefault(drawn.get(hand[index], version), []).append((hand, index))
    if capital_look:
        for index, card in enumerate(state.looking):
            hidden.setdefault(drawn.get(card, version), []).append((state.looking, index))
    for slots in hidden.values():  # the versions go with the cards: a card dealt to the deck has none
        for place, index in slots:
            drawn.pop(place[index], None)
    redeal_by_epoch(hidden, {version: state.capital_deck}, rng)
    for card_version, slots in hidden.items():
        for place, index in slots:
            drawn[place[index]] = card_version


def _redeal_production(state, seat: int, prospect: bool, rng: Rng) -> None:
    """The production deck below the top card `seat` knows, with the cards another seat
    is prospecting; the others then know this world's top card, not the real one."""
    deck = state.production_deck
    known = 1 if deck and state.peek[seat] and deck[-1] == state.peek[seat] else 0
    knowing = [other for other in range(state.players)
               if other != seat and deck and state.peek[other] == deck[-1]]
    below = deck[: len(deck) - known]
    places = [below]
    if prospect:  # a prospect: the card the seat knew stays among them
        unknown = [card for card in state.looking if card != state.peek[seat]]
        places.append(unknown)
    redeal(places, rng)
    if prospect:
        state.looking = [card if card == state.peek[seat] else unknown.pop(0) for card in state.looking]
    state.production_deck = below + deck[len(deck) - known:]
    for other in range(state.players):
        if other != seat:
            state.peek[other] = state.production_deck[-1] if other in knowing else ""
