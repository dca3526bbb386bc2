"""Words for people: actions and log entries."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from headframe.engine import seat_label
from headframe.engine.people import an, listed, plural


def describe_action(game, action) -> str:
    t = game.tables
    kind = action.kind
    if kind == "contract":
        return f"contract a miner at {place_label(t, action.camp)}" if action.camp else "contract no miner"
    if kind == "manage":
        return action.action.replace("_", " ")
    if kind == "labor":
        return "From Struggle to Shutdown" if action.action == "shutdown" else action.action
    if kind == "use_business":
        return f"use the {t.businesses[action.card]['name']}"
    if kind == "take":
        return "take the top capital card" if action.slot < 0 else f"take community card {action.slot + 1}"
    if kind == "survey":
        return f"survey {place_label(t, action.site)}"
    if kind == "move_rock":
        return f"move the poor rock on {place_label(t, action.space)} onto the terrain token"
    if kind == "choose_building":
        return f"build a {BUILDINGS[action.building]}"
    if kind == "build":
        return f"build at {place_label(t, action.place)}"
    if kind == "prospect":
        if action.keep:
            return f"return the {production_card(t, action.keep)} on top of the production deck, discard the other"
        return "discard both cards"
    if kind == "work_at":
        return f"miner {action.miner + 1} works {place_label(t, action.site)}"
    if kind == "stockpile_at":
        return f"miner {action.miner + 1} stockpiles at {place_label(t, action.camp)}"
    if kind == "keep":
        return f"keep the {capital_card(t, action.card)}"
    if kind == "relocate":
        return f"move miner {action.miner + 1} to {place_label(t, action.camp)}"
    if kind == "accept":
        return "yes" if action.yes else "no"
    if kind == "choose_row":
        claim = f", completing the {action.claim} claim" if action.claim else ""
        return f"resolve row {action.row + 1}{claim}"
    if kind == "redraw":
        return "discard the card and redraw (3 company houses)"
    if kind == "play":
        return (f"play the {capital_card(t, action.card)} as {action.resource} for {_need(action.need)}"
                f"{_ROUTES[action.via]}")
    if kind == "casualty":
        return {"working": "send the working miner", "unskilled": "send an unskilled miner",
                "ignore": "ignore the icon (company houses)"}[action.miner]
    if kind == "place_rock":
        return f"place the poor rock {_rock(t, action.space, action.token)}"
    if kind == "discard":
        return f"discard the {capital_card(t, action.card)}"
    if kind == "sacrifice":
        return "an unskilled miner" if action.miner < 0 else f"miner {action.miner + 1}"
    return "done"


def describe_event(game, entry: dict[str, Any]) -> str:
    """One log entry as a sentence; a seat's own private part is added as "you ..."."""
    try:
        sentence = _EVENTS[entry["event"]]
    except KeyError:
        raise ValueError(f"Copper Country logs no event {entry.get('event')!r}") from None
    text = sentence(game.tables, entry)
    if "private" in entry:
        text += "; " + _PRIVATE[entry["event"]](game.tables, entry["private"])
    return text


# --- naming things ----------------------------------------------------------------------------

AREAS = {"unskilled": "unskilled", "unrest": "unrest", "cemetery": "the cemetery"}
BUILDINGS = {"company_house": "company house", "shaft_house": "shaft house", "hoist_house": "hoist house"}


@lru_cache(maxsize=None)
def _places(t) -> dict[str, str]:
    """Every board id of both boards -> its label: "camp C2", "mine site M07", ..."""
    labels = {}
    for board in t.boards.values():
        for kind, ids in (("camp", board.camps), ("mine site", board.sites),
                          ("poor-rock space", board.spaces), ("build space", board.builds)):
            labels.update((place, f"{kind} {place}") for place in ids)
    return labels


def place_label(t, place: str) -> str:
    return _places(t)[place]


def capital_card(t, card: str) -> str:
    """A capital card by what it gives: "labor or surface card (CAP2-05)"."""
    kind, resources = t.capital[card]
    joiner = {"single": " ", "or": " or ", "and": " and "}[kind]
    return f"{joiner.join(resources).strip()} card ({card})"


def production_card(t, card: str) -> str:
    """A production card by its name, or by its copper value where it has none:
    "2-copper production card (PROD1-07)"."""
    name = t.card_name[card] or f"{t.produce_row[card].copper}-copper production card"
    return f"{name} ({card})"


def card_label(t, card: str) -> str:
    return capital_card(t, card) if card in t.capital else production_card(t, card)


def _cards(t, cards) -> str:
    """Cards as a list: "the A", "the A and the B", "the A, the B and the C"."""
    names = [f"the {card_label(t, card)}" for card in cards]
    return listed(names, empty="no card")


def _rock(t, space: str, token: str) -> str:
    """Where a poor rock goes: a poor-rock space, or the poor-rock terrain token of a mine site."""
    if token:  # COP-R24
        return f"by {place_label(t, space)}: it goes onto the poor-rock terrain token of {place_label(t, token)}"
    return f"on {place_label(t, space)}"


def _need(need: str) -> str:
    if need == "any":
        return "an any-resource icon"
    if need.startswith("half-"):
        return f"the second {need[5:]} of the 2:1 pair"
    return f"{an(need)} icon"


_ROUTES = {
    "direct": "",
    "terrain": ", converted by the terrain token",
    "machine": ", converted by the Machine Shop",
    "railroad": ", converted by the Mineral Range Railroad",
    "pair": ", as the first of a 2:1 pair",
    "terrain_pair": ", converted by the terrain token, as the first of a 2:1 pair",
}


# --- one sentence per event ------------------------------------------------------------------

def _who(entry) -> str:
    return seat_label(entry["seat"])


def _play(t, e) -> str:
    return (f"{_who(e)} plays the {capital_card(t, e['card'])} as {e['resource']} for {_need(e['need'])}"
            f"{_ROUTES[e['via']]}")


def _prospect_discard(t, e) -> str:
    returned = "returns one card on top of the production deck and " if e["returned"] else ""
    return f"{_who(e)} {returned}discards {_cards(t, e['cards'])}"


def _stockpile_keep(t, e) -> str:
    discarded = f" and discards {_cards(t, e['discarded'])}" if e["discarded"] else ""
    return f"{_who(e)} keeps one capital card{discarded}"


def _work(t, e) -> str:
    site = place_label(t, e["site"])
    if e["max_shifts"] <= 0:
        return f"{_who(e)} works {site} but may take no shift (too much poor rock)"
    return f"{_who(e)} works {site} for up to {plural(e['max_shifts'], 'shift')}"


def _build(t, e) -> str:
    where = "at" if e["building"] == "company_house" else "on"
    return f"{_who(e)} builds a {BUILDINGS[e['building']]} {where} {place_label(t, e['place'])}"


def _row(t, e) -> str:
    claim = f", completing the {e['claim']} claim" if e["claim"] else ""
    return f"{_who(e)} resolves row {e['row'] + 1} of the {production_card(t, e['card'])}{claim}"


def _era(t, e) -> str:
    return (f"The {t.era_name[e['era']]} begins: both decks take in the new era's cards and are shuffled; "
            f"the community cards are now {_cards(t, e['community'])}")


def _event_card(t, e) -> str:
    card = t.events[e["card"]]
    return f"Event: {card['name']}. {card['text']}"


def _local_business(t, e) -> str:
    card = t.businesses[e["card"]]
    return f"A local business opens: {card['name']}. {card['text']}"


_EVENTS = {
    "turn": lambda t, e: f"{_who(e)} begins a turn",
    "contract": lambda t, e: f"{_who(e)} contracts a miner at {place_label(t, e['camp'])}",
    "excess_rock": lambda t, e: f"{_who(e)} places an excess poor rock {_rock(t, e['space'], e['token'])}",
    "miner_moved": lambda t, e: f"{_who(e)} moves a miner from {AREAS[e['source']]} to {AREAS[e['target']]}",
    "take_community": lambda t, e: f"{_who(e)} takes the {capital_card(t, e['card'])} from the community cards",
    "draw_capital": lambda t, e: f"{_who(e)} draws the top card of the capital deck",
    "capital_reshuffle": lambda t, e: "The capital discard pile is shuffled into a new capital deck",
    "production_reshuffle": lambda t, e: "The production discard pile is shuffled into a new production deck",
    "survey": lambda t, e: (f"{_who(e)} surveys {place_label(t, e['site'])}: "
                            f"its terrain token shows {e['face'].replace('_', ' ')}"),
    "rock_to_token": lambda t, e: (f"{_who(e)} moves the poor rock on {place_label(t, e['space'])} onto the "
                                   f"terrain token of {place_label(t, e['site'])}"),
    "build": _build,
    "prospect": lambda t, e: f"{_who(e)} prospects, looking at the top production cards",
    "prospect_discard": _prospect_discard,
    "business": lambda t, e: f"{_who(e)} uses the {t.businesses[e['card']]['name']}",
    "gazette": lambda t, e: f"{_who(e)} looks at the top production card",
    "discard": lambda t, e: f"{_who(e)} discards the {capital_card(t, e['card'])}",
    "labor": lambda t, e: {"payroll": f"{_who(e)} takes payroll: all their miners are readied",
                           "shutdown": f"{_who(e)} takes From Struggle to Shutdown"}[e["action"]],
    "work": _work,
    "stockpile": lambda t, e: f"{_who(e)} stockpiles at {place_label(t, e['camp'])}",
    "stockpile_look": lambda t, e: f"{_who(e)} looks at the top capital cards",
    "stockpile_keep": _stockpile_keep,
    "relocate": lambda t, e: f"{_who(e)} relocates a miner to {place_label(t, e['camp'])}",
    "no_production_card": lambda t, e: f"No production card is left: {_who(e)}'s work ends",
    "reveal": lambda t, e: f"{_who(e)} reveals the {production_card(t, e['card'])} for shift {e['shift']}",
    "no_legal_row": lambda t, e: (f"{_who(e)} can resolve no row of the {production_card(t, e['card'])}: "
                                  "it is discarded and the work ends"),
    "redraw": lambda t, e: (f"{_who(e)} uses 3 company houses to discard the {production_card(t, e['card'])} "
                            "and reveal the next card"),
    "row": _row,
    "play": _play,
    "ignore_icon": lambda t, e: f"{_who(e)} uses company houses to ignore {an(e['icon'])} icon",
    "casualty": lambda t, e: (f"{_who(e)} sends {'the working' if e['miner'] == 'working' else 'an unskilled'} "
                              f"miner to {AREAS[e['icon']]}"),
    "poor_rock": lambda t, e: (f"{_who(e)} places the poor rock from industry track space {e['track']} "
                               f"{_rock(t, e['space'], e['token'])}"),
    "work_ends": lambda t, e: f"{_who(e)}'s work ends after {plural(e['shifts'], 'shift')}",
    "event_miner": lambda t, e: f"{_who(e)} places a miner in {AREAS[e['area']]}",
    "era": _era,
    "local_business": _local_business,
    "event_card": _event_card,
    "stalled": lambda t, e: "No poor rock can leave the industry track any more: the game ends (COP-R52)",
    "turn_limit": lambda t, e: f"Turn limit: each player has had {e['turns']} turns; the game ends (COP-R58)",
    "game_end": lambda t, e: "The game ends",
}

_PRIVATE = {  # the private part, for the seat that may see it
    "draw_capital": lambda t, p: f"you draw the {capital_card(t, p['card'])}",
    "prospect": lambda t, p: f"you see {_cards(t, p['cards'])}",
    "gazette": lambda t, p: f"you see the {production_card(t, p['card'])}",
    "stockpile_look": lambda t, p: f"you see {_cards(t, p['cards'])}",
    "stockpile_keep": lambda t, p: f"you keep the {capital_card(t, p['card'])}",
}
