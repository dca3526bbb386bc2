"""Words and plain-text pictures for people: a seat's view, log events, actions."""

from __future__ import annotations

from typing import Any

from headframe.engine import seat_label
from headframe.engine.people import an, listed

_TYPE_SHORT = {"residential": "Res", "commercial": "Com", "industrial": "Ind", "public_works": "PW"}


def _name(game, card: str | None, kind: str | None = None) -> str:
    if card is None:
        return f"[{_TYPE_SHORT.get(kind or '', '?')} ?]"
    return game.tables.name.get(card, card)


def _seat(view: dict[str, Any], seat: int) -> str:
    return "you" if view.get("seat") == seat else seat_label(seat)


def text(game, view: dict[str, Any]) -> str:
    """A readable picture of one seat's view."""
    lines = [f"Ore City, {len(view['seats'])} players; round {view['round']}, phase {view['phase']}"]
    if view.get("over"):
        winner = view.get("winner")
        lines.append("Game over: " + ("no winner (round limit)" if winner is None else f"{_seat(view, winner)} won"))
    else:
        lines.append(f"To move: {', '.join(_seat(view, s) for s in view['to_move'])}")
    for seat, player in enumerate(view["seats"]):
        marks = ("*" if seat == view["active"] else " ") + ("F" if seat == view["first"] else " ")
        lines.append(
            f"{marks} {_seat(view, seat):7} {player['coins']:3}G {player['vp']:2}VP tech {player['technology']}"
        )
        hand = ", ".join(_name(game, c["card"], c["type"]) for c in player["hand"]) or "-"
        lines.append(f"      hand: {hand}")
        space = ", ".join(
            f"{_name(game, card)} (by {_seat(view, builder)})" for card, builder in player["space"]) or "empty"
        lines.append(f"      space: {space}")
        if player["acquired"]:
            lines.append(f"      acquired: {', '.join(_name(game, c) for c in player['acquired'])}")
    common = ", ".join(_name(game, c["card"], c["type"]) for c in view["common"]) or "-"
    lines.append(f"Common space: {common}")
    piles = "  ".join(
        f"{_TYPE_SHORT[k]} {view['piles'][k]} (discards {len(view['discards'][k])})" for k in view["piles"]
    )
    lines.append(f"Piles: {piles}")
    decision = view.get("decision")
    if decision:
        lines.append(f"Your decision ({decision['kind']}): {decision['prompt']}")
        for index, action in enumerate(decision["actions"]):
            lines.append(f"  {index + 1:2}. {action_json(game, action, view.get('seat'))}")
    return "\n".join(lines)


def action_json(game, data: dict[str, Any], seat: int | None = None) -> str:
    return action(game, game.Action.from_json(data), seat)


def action(game, act, seat: int | None = None) -> str:
    kind = act.kind
    if kind == "construct":
        cards = (f"{act.count} copies of " if act.count > 1 else "") + _name(game, act.card)
        where = "your" if act.space == seat else f"{seat_label(act.space)}'s"
        return f"Construct {cards} in {where} space"
    if kind == "accomplish":
        return f"Accomplish {_name(game, act.card)}"
    if kind == "airport_discard":
        where = "your acquisition space" if act.space is None else f"{seat_label(act.space)}'s space"
        return f"Discard {_name(game, act.card)} from {where} for the Airport"
    if kind == "police_take":
        return f"Take {an(_TYPE_NAMES[act.type])} card from {seat_label(act.opponent)}'s hand"
    if kind in ("discard", "give", "take"):
        return f"{kind.capitalize()} {_name(game, act.card)}"
    if kind == "draw":
        return f"Draw from the {_TYPE_NAMES[act.pile]} pile"
    words = {
        "book_close": "Book-close your space", "exchange": "Exchange with the common space",
        "flush": "Flush", "pass": "Pass", "police_decline": "Take no card (Police Station)",
        "end_giving": "Stop giving; take as many cards",
    }
    return words[kind]


def event(game, entry: dict[str, Any]) -> str:
    """One log entry as a sentence; a seat's own private part is added as "you ..."."""
    try:
        sentence = _EVENTS[entry["event"]]
    except KeyError:
        raise ValueError(f"Ore City logs no event {entry.get('event')!r}") from None
    text = sentence(game.tables, entry)
    if "private" in entry:
        text += "; " + _PRIVATE[entry["event"]](game.tables, entry["private"])
    return text


# --- naming things ----------------------------------------------------------------------------

_TYPE_NAMES = {"residential": "Residential", "commercial": "Commercial", "industrial": "Industrial",
               "public_works": "Public Works"}


def _card(t, card: str | None) -> str:
    """A card by its name; a face-down card (None) as what everyone sees of it."""
    return "a face-down Public Works card" if card is None else t.name[card]


def _cards(t, cards: list[str | None]) -> str:
    names = [_card(t, card) for card in cards]
    return listed(names, empty="no card")


def _gains(gains: dict[str, int]) -> str:
    return ", ".join(f"{seat_label(int(seat))} +{coins}G" for seat, coins in gains.items()) or "nothing"


def _who(entry) -> str:
    return seat_label(entry["seat"])


# --- one sentence per event ------------------------------------------------------------------

def _construct(t, e) -> str:
    copies = f"{e['count']} copies of " if e["count"] > 1 else ""
    space = "their own" if e["space"] == e["seat"] else f"{seat_label(e['space'])}'s"
    return (f"{_who(e)} constructs {copies}{t.name[e['card']]} in {space} space for {e['cost']}G; "
            f"gains: {_gains(e['gains'])}")


def _book_close(t, e) -> str:
    acquired = f"; they acquire {_cards(t, e['acquired'])}" if e["acquired"] else ""
    return f"{_who(e)} book-closes their space; gains: {_gains(e['gains'])}{acquired}"


def _airport_discard(t, e) -> str:
    where = "their acquisition space" if e["space"] is None else f"{seat_label(e['space'])}'s space"
    return f"{_who(e)} discards {t.name[e['card']]} from {where} for the Airport"


def _handed(verb: str):
    """give / take: a face-up card by name, a face-down Public Works card by its back."""
    def sentence(t, e) -> str:
        card = t.name[e["card"]] if "card" in e else "a face-down Public Works card"
        where = "to" if verb == "gives" else "from"
        return f"{_who(e)} {verb} {card} {where} the common space"
    return sentence


def _flush(t, e) -> str:
    return (f"{_who(e)} flushes: their hand ({_cards(t, e['hand'])}) and the common space "
            f"({_cards(t, e['common'])}) are discarded")


def _city_hall(t, e) -> str:
    coins = ", ".join(f"{seat_label(seat)} {coins}G" for seat, coins in enumerate(e["coins"]))
    return f"City Hall: coins are now {coins}"


_EVENTS = {
    "game_starts": lambda t, e: (f"{seat_label(e['first'])} is the first player; the common space: "
                                 f"{_cards(t, e['common'])}"),
    "setup_discard": lambda t, e: f"{_who(e)} discards {t.name[e['card']]} from their starting hand",
    "draw": lambda t, e: f"{_who(e)} draws {an(_TYPE_NAMES[e['pile']])} card",
    "reshuffle": lambda t, e: (f"The {_TYPE_NAMES[e['pile']]} discards are shuffled into a new pile "
                               f"of {e['cards']} cards"),
    "construct": _construct,
    "book_close": _book_close,
    "accomplish_begins": lambda t, e: f"{_who(e)} begins to accomplish the {t.name[e['card']]}",
    "airport_discard": _airport_discard,
    "accomplish": lambda t, e: (f"{_who(e)} accomplishes the {t.name[e['card']]} for {e['cost']}G "
                                f"and now has {e['vp']} VP"),
    "police_take": lambda t, e: (f"{_who(e)} takes {an(_TYPE_NAMES[e['type']])} card from "
                                 f"{seat_label(e['opponent'])}'s hand (Police Station)"),
    "police_decline": lambda t, e: f"{_who(e)} takes no card (Police Station)",
    "exchange": lambda t, e: f"{_who(e)} exchanges cards with the common space",
    "give": _handed("gives"),
    "take": _handed("takes"),
    "flush": _flush,
    "flush_dealt": lambda t, e: f"The common space is dealt anew: {_cards(t, e['common'])}",
    "pass": lambda t, e: f"{_who(e)} passes",
    "city_hall": _city_hall,
    "game_ends": lambda t, e: f"{seat_label(e['winner'])} reaches {t.win_vp} VP and wins",
    "round_limit": lambda t, e: f"The round limit ({e['rounds']} rounds) is reached: the game ends without a winner",
}

_PRIVATE = {  # the private part, for the seat that may see it
    "draw": lambda t, p: f"you draw {t.name[p['card']]}",
    "police_take": lambda t, p: f"you see it is {t.name[p['card']]}",
    "give": lambda t, p: f"you give {t.name[p['card']]}",
    "take": lambda t, p: f"you take {t.name[p['card']]}",
}
