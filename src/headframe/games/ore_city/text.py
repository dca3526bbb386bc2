"""Words for people: the plain-text picture of a seat's view, log entries and actions
as sentences (one `Phrasebook`), the names of a view's values and of the statistics
(the rule summary is the game's declaration's, in `__init__.py`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from headframe.engine import seat_label
from headframe.engine.people import an, listed
from headframe.engine.wording import Phrasebook, who

from .components import TYPE_NAMES, TYPES

PHASE_WORDS = {
    "setup_discard": "discards a card (setup)", "action": "takes an action", "airport_discard":
    "discards a technology card for the Airport", "police": "uses the Police Station",
    "police_redraw": "redraws after the Police Station", "exchange_give": "gives cards (Exchange)",
    "exchange_take": "takes cards (Exchange)", "flush_hand": "draws a new hand (Flush)",
    "flush_common": "deals the common space (Flush)", "refill": "refills their hand",
}


# What the tables panel calls the phases and card types a view holds (the cards go by their glossary names).
PHASE_NAMES = {
    "setup_discard": "Discarding at setup", "action": "Action", "airport_discard": "Airport discard",
    "police": "Police Station", "police_redraw": "Draw after the Police Station",
    "exchange_give": "Exchange, putting cards in", "exchange_take": "Exchange, taking cards",
    "flush_hand": "Flush, drawing a new hand", "flush_common": "Flush, dealing the common space",
    "refill": "Refill", "over": "Game over",
}


def value_names(game, names: dict[str, str]) -> dict[str, str]:
    """The glossary's names with the phases and card types added (a card type names the cards'
    backs, not the glossary's draw pile)."""
    return {**names, **PHASE_NAMES, **TYPE_NAMES}


def statistic_label(game, key: str) -> str | None:
    """The VP of one Public Work (`vp_city_hall`: "VP from City Hall"); None: the labels'."""
    card = key.removeprefix("vp_")
    if card != key and card in game.tables.vp:
        return f"VP from {game.tables.name[card]}"
    return None


def gains(game, before: dict[str, Any], after: dict[str, Any]) -> str:
    """"+3 VP, −7G, +1 technology": what the seat's own VP, coins and technology did."""
    seat = before.get("seat")
    if seat is None:
        return ""
    was, now = before["seats"][seat], after["seats"][seat]
    changes = [(now[key] - was[key], unit) for key, unit in (("vp", " VP"), ("coins", "G"), ("technology", " technology"))]
    return ", ".join(f"{'+' if change > 0 else '−'}{abs(change)}{unit}" for change, unit in changes if change)


def _seat(view: dict[str, Any], seat: int) -> str:
    return seat_label(seat) + (" (you)" if view.get("seat") == seat else "")


def _held(game, card: dict[str, Any]) -> str:
    """A card in a hand or the common space: its name, or its public back."""
    return game.tables.name[card["card"]] if card["card"] else f"face-down {TYPE_NAMES[card['type']]}"


def _counted(names: list[str]) -> str:
    """"Park ×2, Highway" in the order first seen; "none" for nothing."""
    counts = Counter(names)
    return ", ".join(name + (f" ×{count}" if count > 1 else "") for name, count in counts.items()) or "none"


def _space(game, space: list[list]) -> str:
    """ "Single House ×3 (Seat 1 ×2, Seat 2), Park (Seat 3)": each name with its constructors."""
    names: dict[str, list[str]] = {}
    for card, builder in space:
        names.setdefault(game.tables.name[card], []).append(seat_label(builder))
    return ", ".join(name + (f" ×{len(builders)}" if len(builders) > 1 else "") + f" ({_counted(builders)})"
                     for name, builders in names.items()) or "no cards"


def render_text(game, view: dict[str, Any]) -> str:
    """A seat's view as plain text: the seats and the circle of their spaces
    (which spaces are adjacent), each seat's amounts and cards, the common
    space and the piles."""
    tables, n = game.tables, view["player_count"]
    lines = [f"Ore City · {n} players · round {view['round']}"]
    if view["over"]:
        winner = view["winner"]
        lines.append("Game over: " + ("a draw at the round limit" if winner is None else
                                      f"{_seat(view, winner)} reached {tables.win_vp} VP and wins"))
    else:
        lines.append(f"To move: {_seat(view, view['to_move'][0])} {PHASE_WORDS[view['phase']]}")
    lines += ["", "The construction spaces sit in a circle, each adjacent to the spaces beside it:",
              "  " + " ─ ".join(seat_label(seat) for seat in range(n))
              + (f" ─ back to {seat_label(0)}" if n > 2 else " (each space is adjacent only to the other)")]
    for seat, player in enumerate(view["seats"]):
        marks = [mark for mark, shown in (("first player", seat == view["first"]),
                                          ("to move", seat in view["to_move"])) if shown]
        adjacent = listed([seat_label(other) for other in tables.adjacent(n)[seat]])
        space = player["space"]
        kind = TYPE_NAMES[TYPES[tables.type[space[0][0]]]] if space else "empty"
        lines += [
            "",
            " · ".join([_seat(view, seat), *marks]),
            f"  {player['coins']}G · {player['vp']}/{tables.win_vp} VP · technology {player['technology']}",
            f"  hand ({len(player['hand'])}): {', '.join(_held(game, card) for card in player['hand']) or 'none'}",
            f"  construction space ({kind}; next to the spaces of {adjacent}): {_space(game, space)}",
            f"  acquired: {_counted([tables.name[card] for card in player['acquired']])}",
        ]
    lines += [
        "",
        f"Common space: {', '.join(_held(game, card) for card in view['common']) or 'no cards'}",
        "Draw piles: " + " · ".join(f"{TYPE_NAMES[kind]} {left}" for kind, left in view["piles"].items()),
        "Discard piles: " + "; ".join(f"{TYPE_NAMES[kind]} {_counted([tables.name[c] for c in cards])}"
                                      for kind, cards in view["discards"].items()),
    ]
    decision = view.get("decision")
    if decision:
        lines.append(f"Your decision: {decision['prompt']}")
    return "\n".join(lines)


def action(game, act) -> str:
    """An action in words, the same for the menu, the board and the terminal
    (a seat's own space is named as any other: "Construct Park in Seat 1's space")."""
    return PHRASES.action(game.tables, act)


def event(game, entry: dict[str, Any]) -> str:
    """One log entry as a sentence; a seat's own private part is added as "you ..."."""
    return PHRASES.event(game.tables, entry)


# --- naming things ----------------------------------------------------------------------------



def _card(t, card: str | None) -> str:
    """A card by its name; a face-down card (None) as what everyone sees of it."""
    return "a face-down Public Works card" if card is None else t.name[card]


def _cards(t, cards: list[str | None]) -> str:
    names = [_card(t, card) for card in cards]
    return listed(names, empty="no card")


def _gains(gains: dict[str, int]) -> str:
    """Who earns what, as a clause ("; Ann earns 2G, Bob earns 1G"); nothing when nobody earns."""
    earned = [f"{seat_label(int(seat))} earns {coins}G" for seat, coins in gains.items() if coins]
    return f"; {', '.join(earned)}" if earned else ""


# --- one sentence per event ------------------------------------------------------------------

def _construct(t, e) -> str:
    copies = f"{e['count']} copies of " if e["count"] > 1 else ""
    space = "their own" if e["space"] == e["seat"] else f"{seat_label(e['space'])}'s"
    cost = f"for {e['cost']}G" if e["cost"] else "at no cost"
    return f"{who(e)} constructs {copies}{t.name[e['card']]} in {space} construction space {cost}{_gains(e['gains'])}"


def _book_close(t, e) -> str:
    acquired = f"; they acquire {_cards(t, e['acquired'])}" if e["acquired"] else ""
    return f"{who(e)} takes a book-closing action{_gains(e['gains'])}{acquired}"


def _airport_discard(t, e) -> str:
    where = "their acquisition space" if e["space"] is None else f"{seat_label(e['space'])}'s space"
    return f"{who(e)} discards {t.name[e['card']]} from {where} for the Airport"


def _handed(verb: str):
    """give (puts) / take: a face-up card by name, a face-down Public Works card by its back."""
    def sentence(t, e) -> str:
        card = t.name[e["card"]] if "card" in e else "a face-down Public Works card"
        where = "into" if verb == "puts" else "from"
        return f"{who(e)} {verb} {card} {where} the common space"
    return sentence


def _flush(t, e) -> str:
    return (f"{who(e)} flushes: their hand ({_cards(t, e['hand'])}) and the common space "
            f"({_cards(t, e['common'])}) are discarded")


def _city_hall(t, e) -> str:
    coins = ", ".join(f"{seat_label(seat)} {coins}G" for seat, coins in enumerate(e["coins"]))
    return f"The City Hall takes effect: coins are now {coins}"


_EVENTS = {
    "game_starts": lambda t, e: (f"{seat_label(e['first'])} is the first player; the common space holds "
                                 f"{_cards(t, e['common'])}"),
    "setup_discard": lambda t, e: f"{who(e)} discards {t.name[e['card']]} from their starting hand",
    "draw": lambda t, e: f"{who(e)} draws {an(TYPE_NAMES[e['pile']])} card",
    "reshuffle": lambda t, e: (f"The {TYPE_NAMES[e['pile']]} discards are shuffled into a new pile "
                               f"of {e['cards']} cards"),
    "construct": _construct,
    "book_close": _book_close,
    "accomplish_begins": lambda t, e: f"{who(e)} begins to accomplish the {t.name[e['card']]}",
    "airport_discard": _airport_discard,
    "accomplish": lambda t, e: (f"{who(e)} accomplishes the {t.name[e['card']]} for {e['cost']}G "
                                f"and now has {e['vp']} VP"),
    "police_take": lambda t, e: (f"{who(e)} uses the Police Station to take {an(TYPE_NAMES[e['type']])} card "
                                 f"from {seat_label(e['opponent'])}'s hand"),
    "police_decline": lambda t, e: f"{who(e)} takes no card with the Police Station",
    "exchange": lambda t, e: f"{who(e)} exchanges cards with the common space",
    "give": _handed("puts"),
    "take": _handed("takes"),
    "flush": _flush,
    "flush_dealt": lambda t, e: f"The common space is dealt anew: {_cards(t, e['common'])}",
    "pass": lambda t, e: f"{who(e)} passes",
    "city_hall": _city_hall,
    "game_ends": lambda t, e: f"{seat_label(e['winner'])} reaches {t.win_vp} VP and wins",
    "round_limit": lambda t, e: f"The round limit ({e['rounds']} rounds) is reached: the game ends without a winner",
}


# --- one phrase per action ------------------------------------------------------------------

def _construct_action(t, act) -> str:
    cards = (f"{act.count} copies of " if act.count > 1 else "") + t.name.get(act.card, act.card)
    return f"Construct {cards} in {seat_label(act.space)}'s space"


def _airport_action(t, act) -> str:
    where = "your acquisition space" if act.space is None else f"{seat_label(act.space)}'s space"
    return f"Discard {t.name.get(act.card, act.card)} from {where} for the Airport"


_ACTIONS = {
    "discard": lambda t, a: f"Discard {t.name.get(a.card, a.card)}",
    "construct": _construct_action,
    "book_close": lambda t, a: "Book-close your space",
    "accomplish": lambda t, a: f"Accomplish {t.name.get(a.card, a.card)} ({t.vp.get(a.card, 0)} VP)",
    "exchange": lambda t, a: "Exchange cards with the common space",
    "flush": lambda t, a: "Flush your hand and the common space",
    "pass": lambda t, a: "Pass",
    "airport_discard": _airport_action,
    "police_take": lambda t, a: f"Take {an(TYPE_NAMES[a.type])} card from {seat_label(a.opponent)}'s hand",
    "police_decline": lambda t, a: "Take no card",
    "give": lambda t, a: f"Put {t.name.get(a.card, a.card)} into the common space",
    "end_giving": lambda t, a: "Stop, and take as many cards from the common space",
    "take": lambda t, a: f"Take {t.name.get(a.card, a.card)} from the common space",
    "draw": lambda t, a: f"Draw from the {TYPE_NAMES[a.pile]} pile",
}

_PRIVATE = {  # the private part, for the seat that may see it
    "draw": lambda t, p: f"you draw {t.name[p['card']]}",
    "police_take": lambda t, p: f"you see it is {t.name[p['card']]}",
    "give": lambda t, p: f"you put {t.name[p['card']]} there",
    "take": lambda t, p: f"you take {t.name[p['card']]}",
}

PHRASES = Phrasebook("Ore City", events=_EVENTS, actions=_ACTIONS, private=_PRIVATE)
