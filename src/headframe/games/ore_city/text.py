"""Words for people: the rule summary, the plain-text picture of a seat's view,
and log entries and actions as sentences (one `Phrasebook`)."""

from __future__ import annotations

from typing import Any

from headframe.engine import seat_label
from headframe.engine.people import an, listed
from headframe.engine.wording import Phrasebook, who

from .actions import Construct

SUMMARY = """\
Goal: be the first to 10 victory points (VP), scored only by accomplishing Public Works (PW).
Setup: each player draws one Residential, one Commercial and one Industrial card; the 2nd..6th
  players in turn order then draw 1..5 Residential cards and discard as many; 5 Residential
  cards form the face-up common space (PWs there always lie face down).
Each turn take one action, then refill your hand to 3 cards, one by one, from piles you choose:
  Construction: play one card, or several of the same name for one cost, into your own space
    or a non-empty neighbour's space holding the same type (one type per space). Technology
    lowers costs. Commercial cards earn coins from Residential cards in adjacent spaces.
  Book-closing: resolve your own space, then discard it. Residential cards pay majority
    holders by name (1st and 2nd; ties take the full amount); Commercial cards pay 1G each;
    Highways pay 1G; Wind Turbine / Small Factory / Chemical Factory are acquired for
    technology 1 / 1 / 2. Everyone gains from the cards they constructed.
  Accomplishment: play your PW, pay its cost, score its VP, resolve its ability
    (City Hall, Hospital, University, Airport, Police Station).
  Exchange: swap any number of hand cards with the common space (you see its face-down PWs).
  Flush: discard your hand and the common space; draw 3 and deal 5 new Residential cards.
  Pass.
Factories limit each player's Residential/Commercial income in adjacent spaces to 1G per
  event, unless the space holds a Park. Highways pay 1G whenever adjacent Commercial cards earn.
You may hold only one PW. Hand sizes and card types, coins, VP and all spaces are public.
The game ends the moment a player reaches 10 VP: that player wins, all others lose."""

_TYPE_SHORT = {"residential": "Res", "commercial": "Com", "industrial": "Ind", "public_works": "PW"}


def _name(game, card: str | None, kind: str | None = None) -> str:
    if card is None:
        return f"[{_TYPE_SHORT.get(kind or '', '?')} ?]"
    return game.tables.name.get(card, card)


def _seat(view: dict[str, Any], seat: int) -> str:
    return "you" if view.get("seat") == seat else seat_label(seat)


def render_text(game, view: dict[str, Any]) -> str:
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
    """An action in words; as `seat` reads it, a construction into its own space
    is into "your" space."""
    if seat is not None and isinstance(act, Construct) and act.space == seat:
        return _construct_action(game.tables, act, "your")
    return PHRASES.action(game.tables, act)


def event(game, entry: dict[str, Any]) -> str:
    """One log entry as a sentence; a seat's own private part is added as "you ..."."""
    return PHRASES.event(game.tables, entry)


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


# --- one sentence per event ------------------------------------------------------------------

def _construct(t, e) -> str:
    copies = f"{e['count']} copies of " if e["count"] > 1 else ""
    space = "their own" if e["space"] == e["seat"] else f"{seat_label(e['space'])}'s"
    return (f"{who(e)} constructs {copies}{t.name[e['card']]} in {space} space for {e['cost']}G; "
            f"gains: {_gains(e['gains'])}")


def _book_close(t, e) -> str:
    acquired = f"; they acquire {_cards(t, e['acquired'])}" if e["acquired"] else ""
    return f"{who(e)} book-closes their space; gains: {_gains(e['gains'])}{acquired}"


def _airport_discard(t, e) -> str:
    where = "their acquisition space" if e["space"] is None else f"{seat_label(e['space'])}'s space"
    return f"{who(e)} discards {t.name[e['card']]} from {where} for the Airport"


def _handed(verb: str):
    """give / take: a face-up card by name, a face-down Public Works card by its back."""
    def sentence(t, e) -> str:
        card = t.name[e["card"]] if "card" in e else "a face-down Public Works card"
        where = "to" if verb == "gives" else "from"
        return f"{who(e)} {verb} {card} {where} the common space"
    return sentence


def _flush(t, e) -> str:
    return (f"{who(e)} flushes: their hand ({_cards(t, e['hand'])}) and the common space "
            f"({_cards(t, e['common'])}) are discarded")


def _city_hall(t, e) -> str:
    coins = ", ".join(f"{seat_label(seat)} {coins}G" for seat, coins in enumerate(e["coins"]))
    return f"City Hall: coins are now {coins}"


_EVENTS = {
    "game_starts": lambda t, e: (f"{seat_label(e['first'])} is the first player; the common space: "
                                 f"{_cards(t, e['common'])}"),
    "setup_discard": lambda t, e: f"{who(e)} discards {t.name[e['card']]} from their starting hand",
    "draw": lambda t, e: f"{who(e)} draws {an(_TYPE_NAMES[e['pile']])} card",
    "reshuffle": lambda t, e: (f"The {_TYPE_NAMES[e['pile']]} discards are shuffled into a new pile "
                               f"of {e['cards']} cards"),
    "construct": _construct,
    "book_close": _book_close,
    "accomplish_begins": lambda t, e: f"{who(e)} begins to accomplish the {t.name[e['card']]}",
    "airport_discard": _airport_discard,
    "accomplish": lambda t, e: (f"{who(e)} accomplishes the {t.name[e['card']]} for {e['cost']}G "
                                f"and now has {e['vp']} VP"),
    "police_take": lambda t, e: (f"{who(e)} takes {an(_TYPE_NAMES[e['type']])} card from "
                                 f"{seat_label(e['opponent'])}'s hand (Police Station)"),
    "police_decline": lambda t, e: f"{who(e)} takes no card (Police Station)",
    "exchange": lambda t, e: f"{who(e)} exchanges cards with the common space",
    "give": _handed("gives"),
    "take": _handed("takes"),
    "flush": _flush,
    "flush_dealt": lambda t, e: f"The common space is dealt anew: {_cards(t, e['common'])}",
    "pass": lambda t, e: f"{who(e)} passes",
    "city_hall": _city_hall,
    "game_ends": lambda t, e: f"{seat_label(e['winner'])} reaches {t.win_vp} VP and wins",
    "round_limit": lambda t, e: f"The round limit ({e['rounds']} rounds) is reached: the game ends without a winner",
}


# --- one phrase per action ------------------------------------------------------------------

def _construct_action(t, act, where: str | None = None) -> str:
    cards = (f"{act.count} copies of " if act.count > 1 else "") + t.name.get(act.card, act.card)
    where = where or f"{seat_label(act.space)}'s"
    return f"Construct {cards} in {where} space"


def _airport_action(t, act) -> str:
    where = "your acquisition space" if act.space is None else f"{seat_label(act.space)}'s space"
    return f"Discard {t.name.get(act.card, act.card)} from {where} for the Airport"


_ACTIONS = {
    "discard": lambda t, a: f"Discard {t.name.get(a.card, a.card)}",
    "construct": _construct_action,
    "book_close": lambda t, a: "Book-close your space",
    "accomplish": lambda t, a: f"Accomplish {t.name.get(a.card, a.card)}",
    "exchange": lambda t, a: "Exchange with the common space",
    "flush": lambda t, a: "Flush",
    "pass": lambda t, a: "Pass",
    "airport_discard": _airport_action,
    "police_take": lambda t, a: f"Take {an(_TYPE_NAMES[a.type])} card from {seat_label(a.opponent)}'s hand",
    "police_decline": lambda t, a: "Take no card (Police Station)",
    "give": lambda t, a: f"Give {t.name.get(a.card, a.card)}",
    "end_giving": lambda t, a: "Stop giving; take as many cards",
    "take": lambda t, a: f"Take {t.name.get(a.card, a.card)}",
    "draw": lambda t, a: f"Draw from the {_TYPE_NAMES[a.pile]} pile",
}

_PRIVATE = {  # the private part, for the seat that may see it
    "draw": lambda t, p: f"you draw {t.name[p['card']]}",
    "police_take": lambda t, p: f"you see it is {t.name[p['card']]}",
    "give": lambda t, p: f"you give {t.name[p['card']]}",
    "take": lambda t, p: f"you take {t.name[p['card']]}",
}

PHRASES = Phrasebook("Ore City", events=_EVENTS, actions=_ACTIONS, private=_PRIVATE)
