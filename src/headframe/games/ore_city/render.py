"""Words and plain-text pictures for people: a seat's view, log events, actions."""

from __future__ import annotations

from typing import Any

from headframe.engine import seat_label

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
        cards = _name(game, act.card) + (f" x{act.count}" if act.count > 1 else "")
        where = "your" if act.space == seat else f"{seat_label(act.space)}'s"
        return f"Construct {cards} in {where} space"
    if kind == "accomplish":
        return f"Accomplish {_name(game, act.card)}"
    if kind == "airport_discard":
        where = "your acquisition space" if act.space is None else f"{seat_label(act.space)}'s space"
        return f"Discard {_name(game, act.card)} from {where} for the Airport"
    if kind == "police_take":
        return f"Take a {act.type.replace('_', ' ')} card from {seat_label(act.opponent)}"
    if kind in ("discard", "give", "take"):
        return f"{kind.capitalize()} {_name(game, act.card)}"
    if kind == "draw":
        return f"Draw from the {act.pile.replace('_', ' ')} pile"
    words = {
        "book_close": "Book-close your space", "exchange": "Exchange with the common space",
        "flush": "Flush", "pass": "Pass", "police_decline": "Take no card (Police Station)",
        "end_giving": "Stop giving; take as many cards",
    }
    return words[kind]


def event(game, entry: dict[str, Any]) -> str:
    name = entry["event"]
    who = "" if entry.get("seat") is None else seat_label(entry["seat"])
    private = entry.get("private") or {}
    card = entry.get("card", private.get("card"))
    if name == "draw":
        seen = f" ({_name(game, private['card'])})" if "card" in private else ""
        return f"{who} draws from the {entry['pile'].replace('_', ' ')} pile{seen}"
    if name == "flush_dealt":
        return f"The common space is dealt: {_common(game, entry['common'])}"
    if name == "reshuffle":
        return f"The {entry['pile'].replace('_', ' ')} discards are shuffled into a new pile of {entry['cards']}"
    if name == "construct":
        return (f"{who} constructs {_name(game, entry['card'])} x{entry['count']} in {seat_label(entry['space'])}'s "
                f"space for {entry['cost']}G; gains {_gains(entry['gains'])}")
    if name == "book_close":
        acquired = f"; acquired {', '.join(entry['acquired'])}" if entry["acquired"] else ""
        return f"{who} book-closes; gains {_gains(entry['gains'])}{acquired}"
    if name in ("accomplish", "accomplish_begins"):
        extra = f" for {entry['cost']}G, now {entry['vp']} VP" if name == "accomplish" else ""
        return f"{who} accomplishes {_name(game, entry['card'])}{extra}"
    if name == "police_take":
        return f"{who} takes a {entry['type'].replace('_', ' ')} card from {seat_label(entry['opponent'])}" + (
            f" ({_name(game, card)})" if card else "")
    if name in ("give", "take"):
        return f"{who} {name}s {_name(game, card, entry.get('type'))}"
    if name == "city_hall":
        return f"City Hall: coins are now {entry['coins']}"
    if name == "game_ends":
        return f"{seat_label(entry['winner'])} reaches 10 VP and wins"
    if name == "round_limit":
        return f"The round limit ({entry['rounds']}) is reached: a draw"
    if name == "game_starts":
        return f"{seat_label(entry['first'])} is the first player; the common space: {_common(game, entry['common'])}"
    details = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("event", "seat", "private"))
    return f"{who} {name.replace('_', ' ')}" + (f": {details}" if details else "")


def _gains(gains: dict[str, int]) -> str:
    return ", ".join(f"{seat_label(int(seat))} +{coins}G" for seat, coins in gains.items()) or "nothing"


def _common(game, cards: list[str | None]) -> str:
    return ", ".join(_name(game, card, "public_works") for card in cards)
