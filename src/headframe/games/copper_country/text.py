"""Words for people: the names of cards and places, and the sentences of actions
and log entries (the terminal picture is terminal.py)."""

from __future__ import annotations

from functools import cache
from typing import Any

from headframe.engine.people import an, listed, plural
from headframe.engine.wording import Phrasebook, who

# --- naming things ----------------------------------------------------------------------------

AREAS = {"unskilled": "unskilled", "unrest": "unrest", "cemetery": "the cemetery"}
BUILDINGS = {"company_house": "company house", "shaft_house": "shaft house", "hoist_house": "hoist house"}


@cache
def _places(t) -> dict[str, str]:
    """Every board id of both boards -> its label, numbered as the board prints it:
    "camp 2" for C2, "mine site 7" for M07."""
    labels: dict[str, str] = {}
    for board in t.boards.values():
        for kind, ids in (("camp", board.camps), ("mine site", board.sites),
                          ("poor-rock space", board.spaces), ("build space", board.builds)):
            labels.update((place, f"{kind} {place_number(place)}") for place in ids)
    return labels


def place_number(place: str) -> int:
    """The number people read for a board id: 7 for M07 (the letter says the kind)."""
    return int(place[1:])


def place_label(t, place: str) -> str:
    return _places(t)[place]


def capital_name(t, card: str) -> str:
    """A capital card by what it gives (the rulebook: its title has no effect on play):
    "labor or surface development"."""
    kind, resources = t.capital[card]
    joiner = {"single": " ", "or": " or ", "and": " and "}[kind]
    return joiner.join(t.resource_name[r] for r in resources).strip()


def capital_card(t, card: str) -> str:
    """ "labor or surface development card"."""
    return f"{capital_name(t, card)} card"


def production_card(t, card: str) -> str:
    """A production card by its printed name, or by its copper value where it has none:
    "Collapse!", "2-copper production card"."""
    return t.card_name[card] or f"{t.produce_row[card].copper}-copper production card"


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


def _need(t, need: str) -> str:
    if need == "any":
        return "an any-resource icon"
    if need.startswith("half-"):
        return f"the second {t.resource_name[need[5:]]} of the 2:1 pair"
    return f"{an(t.resource_name[need])} icon"


def terrain_words(t, face: str) -> str:
    """A terrain token's face: "underground development", "poor rock"."""
    return t.resource_name.get(face, face.replace("_", " "))


_ROUTES = {
    "direct": "",
    "terrain": ", converted by the terrain token",
    "machine": ", converted by the Machine Shop",
    "railroad": ", converted by the Mineral Range Railroad",
    "pair": ", as the first of a 2:1 pair",
    "terrain_pair": ", converted by the terrain token, as the first of a 2:1 pair",
}


# --- one sentence per event ------------------------------------------------------------------

def _play(t, e) -> str:
    return (f"{who(e)} plays the {capital_card(t, e['card'])} as {t.resource_name[e['resource']]} "
            f"for {_need(t, e['need'])}"
            f"{_ROUTES[e['via']]}")


def _prospect_discard(t, e) -> str:
    returned = "returns one card on top of the production deck and " if e["returned"] else ""
    return f"{who(e)} {returned}discards {_cards(t, e['cards'])}"


def _stockpile_keep(t, e) -> str:
    discarded = f" and discards {_cards(t, e['discarded'])}" if e["discarded"] else ""
    return f"{who(e)} keeps one capital card{discarded}"


def _work(t, e) -> str:
    site = place_label(t, e["site"])
    if e["max_shifts"] <= 0:
        return f"{who(e)} works {site} but may take no shift (too much poor rock)"
    return f"{who(e)} works {site} for up to {plural(e['max_shifts'], 'shift')}"


def _build(t, e) -> str:
    where = "at" if e["building"] == "company_house" else "on"
    return f"{who(e)} builds a {BUILDINGS[e['building']]} {where} {place_label(t, e['place'])}"


CLAIMS = {"": "", "held": ", completing their claim", "company": ", completing the company claim"}


def _row(t, e) -> str:
    claim = CLAIMS[e["claim"]]
    icons = row_words(t.rows[e["card"]][e["row"]], t.resource_name.__getitem__)
    return (f"{who(e)} resolves row {e['row'] + 1} of the {production_card(t, e['card'])} "
            f"({icons[:1].lower()}{icons[1:]}){claim}")


def _era(t, e) -> str:
    return (f"The {t.era_name[e['era']]} begins: both decks take in the new era's cards and are shuffled; "
            f"the community cards are now {_cards(t, e['community'])}")


def _event_card(t, e) -> str:
    card = t.events[e["card"]]
    return f"Event: {card['name']}. {card['text']}"


def _local_business(t, e) -> str:
    card = t.businesses[e["card"]]
    return f"A local business opens: {card['name']}. {card['text']}"


EVENTS = {
    "turn": lambda t, e: f"{who(e)} begins a turn",
    "contract": lambda t, e: f"{who(e)} contracts a miner at {place_label(t, e['camp'])}",
    "excess_rock": lambda t, e: f"{who(e)} places an excess poor rock {_rock(t, e['space'], e['token'])}",
    "miner_moved": lambda t, e: f"{who(e)} moves a miner from {AREAS[e['source']]} to {AREAS[e['target']]}",
    "take_community": lambda t, e: f"{who(e)} takes the {capital_card(t, e['card'])} from the community cards",
    "draw_capital": lambda t, e: f"{who(e)} draws the top card of the capital deck",
    "capital_reshuffle": lambda t, e: "The capital discard pile is shuffled into a new capital deck",
    "production_reshuffle": lambda t, e: "The production discard pile is shuffled into a new production deck",
    "survey": lambda t, e: (f"{who(e)} surveys {place_label(t, e['site'])}: "
                            f"its terrain token shows {terrain_words(t, e['face'])}"),
    "rock_to_token": lambda t, e: (f"{who(e)} moves the poor rock on {place_label(t, e['space'])} onto the "
                                   f"terrain token of {place_label(t, e['site'])}"),
    "build": _build,
    "prospect": lambda t, e: f"{who(e)} prospects, looking at the top production cards",
    "prospect_discard": _prospect_discard,
    "business": lambda t, e: f"{who(e)} uses the {t.businesses[e['card']]['name']}",
    "gazette": lambda t, e: f"{who(e)} looks at the top production card",
    "discard": lambda t, e: f"{who(e)} discards the {capital_card(t, e['card'])}",
    "labor": lambda t, e: {"payroll": f"{who(e)} takes payroll: all their miners are readied",
                           "shutdown": f"{who(e)} takes From Struggle to Shutdown"}[e["action"]],
    "work": _work,
    "stockpile": lambda t, e: f"{who(e)} stockpiles at {place_label(t, e['camp'])}",
    "stockpile_look": lambda t, e: f"{who(e)} looks at the top capital cards",
    "stockpile_keep": _stockpile_keep,
    "relocate": lambda t, e: f"{who(e)} relocates a miner to {place_label(t, e['camp'])}",
    "no_production_card": lambda t, e: f"No production card is left: {who(e)}'s work ends",
    "reveal": lambda t, e: f"{who(e)} reveals the {production_card(t, e['card'])} for shift {e['shift']}",
    "no_legal_row": lambda t, e: (f"{who(e)} can resolve no row of the {production_card(t, e['card'])}: "
                                  "it is discarded and the work ends"),
    "redraw": lambda t, e: (f"{who(e)} uses 3 company houses to discard the {production_card(t, e['card'])} "
                            "and reveal the next card"),
    "row": _row,
    "play": _play,
    "ignore_icon": lambda t, e: f"{who(e)} uses company houses to ignore {an(e['icon'])} icon",
    "casualty": lambda t, e: (f"{who(e)} sends {'the working' if e['miner'] == 'working' else 'an unskilled'} "
                              f"miner to {AREAS[e['icon']]}"),
    "poor_rock": lambda t, e: (f"{who(e)} places the poor rock from industry track space {e['track']} "
                               f"{_rock(t, e['space'], e['token'])}"),
    "work_ends": lambda t, e: f"{who(e)}'s work ends after {plural(e['shifts'], 'shift')}",
    "event_miner": lambda t, e: f"{who(e)} places a miner in {AREAS[e['area']]}",
    "era": _era,
    "local_business": _local_business,
    "event_card": _event_card,
    "stalled": lambda t, e: "No poor rock can leave the industry track any more: the game ends",
    "turn_limit": lambda t, e: f"Each player has had {e['turns']} turns, the limit set for this game: the game ends",
    "game_end": lambda t, e: "The game ends",
}

PRIVATE = {  # the private part, for the seat that may see it
    "draw_capital": lambda t, p: f"you draw the {capital_card(t, p['card'])}",
    "prospect": lambda t, p: f"you see {_cards(t, p['cards'])}",
    "gazette": lambda t, p: f"you see the {production_card(t, p['card'])}",
    "stockpile_look": lambda t, p: f"you see {_cards(t, p['cards'])}",
    "stockpile_keep": lambda t, p: f"you keep the {capital_card(t, p['card'])}",
}


# --- one phrase per action kind ---------------------------------------------------------------

def _contract(t, a) -> str:
    return f"Contract a miner at {place_label(t, a.camp)}" if a.camp else "Contract no miner"


def _prospect(t, a) -> str:
    if a.keep:
        card = production_card(t, a.keep)
        if not t.card_name[a.keep]:  # the two cards may share a copper value: tell them apart by their copper row
            needs = listed([t.resource_name[r] for r in t.produce_row[a.keep].resources], empty="no resource")
            card += f" (copper row: {needs})"
        return f"Return the {card} on top of the production deck, discard the other"
    return "Discard both cards"


def _choose_row(t, a) -> str:
    return f"Resolve row {a.row + 1}{CLAIMS[a.claim].replace('their', 'your')}"


def _play_action(t, a) -> str:
    return (f"Play the {capital_card(t, a.card)} as {t.resource_name[a.resource]} for {_need(t, a.need)}"
            f"{_ROUTES[a.via]}")


CASUALTIES = {"working": "Send the working miner", "unskilled": "Send an unskilled miner",
              "ignore": "Ignore the icon (company houses)"}
MANAGEMENT = {  # rulebook, Management Actions (Choose Two)
    "survey": "Survey: turn a face-down terrain token face-up",
    "build": "Build a company, shaft or hoist house",
    "prospect": "Prospect: peek at the top 2 production cards",
    "negotiate": "Negotiate: move a miner from unrest to unskilled",
    "immigrate": "Immigrate: move a miner from the cemetery to unrest",
}
LABOR = {  # rulebook, Labor Actions (Choose One)
    "stockpile": "Stockpile: twice, draw 1 of the top 2 capital cards",
    "relocate": "Relocate: move a miner to any camp",
    "payroll": "Payroll: ready all your miners (and you may contract 1)",
    "shutdown": "From Struggle to Shutdown",
}

ACTIONS = {
    "contract": _contract,
    "manage": lambda t, a: MANAGEMENT[a.action],
    "labor": lambda t, a: LABOR[a.action],
    "use_business": lambda t, a: f"Use the {t.businesses[a.card]['name']}",
    "take": lambda t, a: "Take the top card of the capital deck" if a.slot < 0 else f"Take community card {a.slot + 1}",
    "survey": lambda t, a: f"Survey {place_label(t, a.site)}",
    "move_rock": lambda t, a: f"Move the poor rock on {place_label(t, a.space)} onto the terrain token",
    "choose_building": lambda t, a: f"Build a {BUILDINGS[a.building]}",
    "build": lambda t, a: f"Build at {place_label(t, a.place)}",
    "prospect": _prospect,
    "work_at": lambda t, a: f"Work {place_label(t, a.site)} with miner {a.miner + 1}",
    "stockpile_at": lambda t, a: f"Stockpile at {place_label(t, a.camp)} with miner {a.miner + 1}",
    "keep": lambda t, a: f"Keep the {capital_card(t, a.card)}",
    "relocate": lambda t, a: f"Move miner {a.miner + 1} to {place_label(t, a.camp)}",
    "accept": lambda t, a: "Yes" if a.yes else "No",
    "choose_row": _choose_row,
    "redraw": lambda t, a: "Discard the card and redraw (3 company houses)",
    "play": _play_action,
    "casualty": lambda t, a: CASUALTIES[a.miner],
    "place_rock": lambda t, a: f"Place the poor rock {_rock(t, a.space, a.token)}",
    "discard": lambda t, a: f"Discard the {capital_card(t, a.card)}",
    "sacrifice": lambda t, a: "An unskilled miner" if a.miner < 0 else f"Miner {a.miner + 1}",
    "done": lambda t, a: "Done",
}

PHRASES = Phrasebook("Copper Country", events=EVENTS, actions=ACTIONS, private=PRIVATE)


def describe_action(game, action) -> str:
    return PHRASES.action(game.tables, action)


def describe_event(game, entry: dict[str, Any]) -> str:
    """One log entry as a sentence; a seat's own private part is added as "you ..."."""
    return PHRASES.event(game.tables, entry)


# --- rows of production cards ----------------------------------------------------------------

def row_sentence(t, row) -> str:
    """A production card's row in full words, as its icons instruct."""
    parts = [f"play {an(t.resource_name[r])} resource" for r in row.resources]
    parts += [f"play any {row.any_resource} resource{'s' if row.any_resource > 1 else ''}"] if row.any_resource else []
    parts += [f"place {plural(row.poor_rock, 'poor rock')}"] if row.poor_rock else []
    parts += [f"place {plural(row.unrest, 'miner')} in unrest"] if row.unrest else []
    parts += [f"place {plural(row.cemetery, 'miner')} in the cemetery"] if row.cemetery else []
    if row.take_claim:
        parts.append("take claim (this card goes to the claim space on your ledger, if you hold no claim)")
    if row.complete_claim:
        parts.append("complete claim (fulfil the produce-copper row of your claim or company claim)")
    if row.copper:
        parts.append(f"produce copper (this card goes to your copper pile; copper value {row.copper})")
    return ", ".join(parts) or "pass"


def row_words(row, resource_name=str) -> str:
    """A production card's row as its icons read: "Labor + poor rock → 2 copper" (resources named by `resource_name`)."""
    parts = [resource_name(r) for r in row.resources] + ["any resource"] * row.any_resource
    parts += ["poor rock"] * row.poor_rock + ["unrest"] * row.unrest + ["cemetery"] * row.cemetery
    if row.take_claim:
        parts.append("take claim")
    if row.complete_claim:
        parts.append("complete claim")
    words = " + ".join(parts)
    if row.copper:
        words = f"{words} → {row.copper} copper" if words else f"{row.copper} copper"
    return (words[:1].upper() + words[1:]) or "Pass"
