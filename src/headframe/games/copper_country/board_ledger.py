"""The seats' ledgers on Copper Country's board: supply, miners off the map, copper
pile, claim, company, and the hand (face up for its seat, backs for the others)."""

from __future__ import annotations

from functools import lru_cache

from headframe.engine import seat_colour, seat_label, svg

from .board_map import INK, building_piece, label, outline
from .board_parts import CARD_H, CARD_W, Actions, amounts, capital_card, card_back, fan, titled
from .glossary import area_key, building_key, company_key, production_key
from .text import BUILDINGS, production_card

WIDTH = 1000
HAND_X = 30             # own hand: a row of cards under the ledger's first lines
KNOWN_X = 560 + CARD_W + 8  # another seat's cards known to all, beside its hand's back
OWN_PER_ROW = (WIDTH - 20 - HAND_X + 4) // (CARD_W + 4)
KNOWN_PER_ROW = (WIDTH - 20 - KNOWN_X + 4) // (CARD_W + 4)
# The narrow board's ledger (before its scale): one column from NARROW_X, its hand first.
NARROW_X, NARROW_RIGHT, NARROW_PER_ROW, TAP = 18, 338, 4, 35
POOL_WORDS = {"unskilled": "unskilled (off the board)", "unrest": "in unrest", "cemetery": "in the cemetery"}


def _rows(count: int, per_row: int) -> int:
    return max(1, -(-count // per_row))


def ledger_height(view, entry, narrow: bool = False) -> int:
    own = entry["seat"] == view["seat"]
    if narrow:
        lines = 16 * _holding_lines(view, entry) + 8
        if own:
            return 28 + _rows(len(entry.get("hand", ())), NARROW_PER_ROW) * (CARD_H + 6) + 2 * (TAP + 6) + lines
        known = len(entry["known_cards"])
        return 28 + 2 * (TAP + 6) + lines + (_rows(known, NARROW_PER_ROW) * (CARD_H + 6) + 6 if known else 0)
    if own:
        return _hand_top(view, entry) + _rows(len(entry.get("hand", ())), OWN_PER_ROW) * (CARD_H + 6) + 6
    lines = 16 * _holding_lines(view, entry) + 18
    return max(lines, CARD_H + 24 + (_rows(len(entry["known_cards"]), KNOWN_PER_ROW) - 1) * (CARD_H + 6))


def _hand_top(view, entry) -> int:
    """Where the wide ledger's own hand starts, below the ledger's lines."""
    return max(88, 16 * _holding_lines(view, entry) + 14)


def ledgers(game, view, actions: Actions, top: float) -> str:
    """The viewer's ledger first, right under the map (its hand in sight), then the others in seat order."""
    y = top
    parts = []
    for entry in sorted(view["seats"], key=lambda entry: entry["seat"] != view["seat"]):
        parts.append(ledger(game, view, actions, entry, y))
        y += ledger_height(view, entry)
    return svg.group(*parts, class_="ledgers")


def ledger(game, view, actions: Actions, entry, y: float, narrow: bool = False) -> str:
    """A seat's ledger from `y`: wide, its hand under its lines; narrow, one column, the seat's own hand first."""
    seat = entry["seat"]
    own = seat == view["seat"]
    colour = seat_colour(seat)
    height = ledger_height(view, entry, narrow) - 6
    mine = actions if own else actions.none()
    who = seat_label(seat) + (" (you)" if own else "")
    edge, strip, x, right = (4, 8, NARROW_X, NARROW_RIGHT) if narrow else (10, 12, 30, WIDTH - 10)
    parts = [
        svg.element("rect", x=edge, y=y, width=right - edge, height=height, rx=6, fill="#ffffff", stroke=colour,
                    stroke_width=3 if seat in view["to_move"] else 1.5),
        svg.element("rect", x=edge, y=y, width=strip, height=height, rx=3, fill=colour),
        label(x, y + 18, who, 150 if narrow and own else 210, font_size=14, font_weight="bold", fill=INK),
    ]
    if not narrow:
        parts += [_supply(entry, mine, 30, y + 28), _miner_pools(entry, mine, 30, y + 62),
                  _holdings(game, view, entry, 250, y + 18, 300)]
        if "hand" in entry:
            parts.append(_own_hand(game, entry, actions, (560, y + 18), (HAND_X, y + _hand_top(view, entry)),
                                   OWN_PER_ROW))
        else:
            parts.append(_others_hand(game, entry, actions.none(), (560, y + 8), KNOWN_X, KNOWN_PER_ROW))
        return svg.group(*parts)
    top = y + 28
    if "hand" in entry:
        parts.append(_own_hand(game, entry, actions, (right - 8, y + 18), (x, top), NARROW_PER_ROW, "end"))
        top += _rows(len(entry["hand"]), NARROW_PER_ROW) * (CARD_H + 6)
    else:
        parts.append(_others_hand(game, entry, actions.none(), (right - 8 - CARD_W, top - 6), x, NARROW_PER_ROW,
                                  top + 2 * (TAP + 6) + 16 * _holding_lines(view, entry) + 6))
    parts += [_supply(entry, mine, x, top, TAP), _miner_pools(entry, mine, x, top + TAP + 6, TAP),
              _holdings(game, view, entry, x, top + 2 * (TAP + 6) + 12, right - x - 8)]
    return svg.group(*parts)


def _supply(entry, actions: Actions, x: float, y: float, height: float = 24) -> str:
    parts = []
    for k, (building, left) in enumerate(entry["supply"].items()):
        place = f"building:{building}"
        shape = _supply_box(x + k * 70, y, height, building, left, entry["seat"], place in actions)
        parts.append(actions.clickable(place, shape, f"{left} {BUILDINGS[building]}s in supply",
                                       building_key(building)))
    return svg.group(*parts)


@lru_cache(maxsize=2048)
def _supply_box(x: float, y: float, height: float, building: str, left: int, seat: int, actionable: bool) -> str:
    return svg.group(
        svg.element("rect", x=x, y=y, width=64, height=height, rx=4, fill="#f4efe6", **outline(actionable)),
        building_piece(building, x + 13, y + height / 2, 16, seat),
        amounts(x + 26, y + height / 2 + 5, "×", (left, f"seats.{seat}.supply.{building}"), font_size=13, fill=INK))


def _miner_pools(entry, actions: Actions, x: float, y: float, height: float = 18) -> str:
    counts = {pool: sum(m["at"] == pool for m in entry["miners"]) for pool in POOL_WORDS}
    parts = []
    for k, (pool, count) in enumerate(counts.items()):
        shape = _pool_box(x + k * 72, y, height, pool, count, pool in actions)
        hint = f"{count} miner{'s' if count != 1 else ''} {POOL_WORDS[pool]}"
        parts.append(actions.clickable(pool, shape, hint, area_key(pool)))
    return svg.group(*parts)


@lru_cache(maxsize=2048)
def _pool_box(x: float, y: float, height: float, pool: str, count: int, actionable: bool) -> str:
    return svg.group(
        svg.element("rect", x=x, y=y, width=68, height=height, rx=4, fill="#f4efe6", **outline(actionable)),
        label(x + 34, y + height / 2 + 4, f"{pool.capitalize()} {count}", 64, text_anchor="middle", fill=INK))


def _holding_lines(view, entry) -> int:
    """How many lines `_holdings` draws."""
    copper = 1 + ("copper_score" in entry)
    company = 3 if entry["company"] else 0
    return bool(view.get("result")) + copper + bool(entry["claim"]) + company


def _holdings(game, view, entry, x: float, y: float, room: float) -> str:
    """Score, copper pile, claim and company, in words, a line each."""
    t, seat = game.tables, entry["seat"]
    path = f"seats.{seat}"
    lines = [amounts(x, y, "Copper pile: ", (entry["copper_cards"], f"{path}.copper_cards"),
                     f" production card{'s' if entry['copper_cards'] != 1 else ''}", room=room, fill=INK)]
    if "copper_score" in entry:
        lines.append(amounts(x, y, "Copper score ", (entry["copper_score"], f"{path}.copper_score"),
                             ", resource specialization score ", (entry["specialization"], f"{path}.specialization"),
                             room=room, fill=INK))
    if view.get("result"):
        result = view["result"]
        lines.insert(0, amounts(x, y, "Final score ", (result["scores"][seat], f"result.scores.{seat}"),
                                ", place ", (result["ranking"][seat], f"result.ranking.{seat}"), room=room,
                                fill=INK, font_weight="bold"))
    if entry["claim"]:
        key = production_key(entry["claim"])
        lines.append(svg.group(label(x, y, f"Claim: {production_card(t, entry['claim'])}", room, fill=INK),
                               svg.title(f"{seat_label(seat)}'s claim — " + titled(game, key)),
                               data_explain=key))
    if entry["company"]:
        company = t.companies[entry["company"]]
        done = " (company claim complete)" if entry["company_claim_complete"] else ""
        key = company_key(entry["company"])
        words = [f"Company: {company['name']}{done}",
                 f"2:1 ability: {t.resource_name[company['two_for_one_resource']]}",
                 f"Resource specialization: {t.resource_name[company['resource_specialization']]}"]
        lines.append(svg.group(
            *(label(x, y + 16 * k, line, room, fill=INK) for k, line in enumerate(words)),
            svg.title(f"{seat_label(seat)}'s company — " + titled(game, key)), data_explain=key))
    return svg.group(*(svg.group(line, transform=f"translate(0 {k * 16})") for k, line in enumerate(lines)))


def _own_hand(game, entry, actions: Actions, words: tuple[float, float], cards: tuple[float, float],
              per_row: int, anchor: str | None = None) -> str:
    """The hand's size at `words`, its cards `per_row` to a row from `cards`."""
    parts = [amounts(*words, "Your hand: ", (entry["hand_size"], f"seats.{entry['seat']}.hand_size"), " cards",
                     font_size=13, font_weight="bold", fill=INK, text_anchor=anchor)]
    parts += [capital_card(game, cards[0] + column * (CARD_W + 4), cards[1] + row * (CARD_H + 6), card, actions,
                           "Your hand: ")
              for (row, column), card in zip(fan(len(entry["hand"]), per_row), entry["hand"])]
    return svg.group(*parts)


def _others_hand(game, entry, actions: Actions, back: tuple[float, float], known_x: float, per_row: int,
                 known_top: float | None = None) -> str:
    """The hand's back at `back`; the cards of it known to all `per_row` to a row from `known_x`
    (and `known_top`, beside the back by default)."""
    seat = entry["seat"]
    hidden = entry["hand_size"] - len(entry["known_cards"])
    parts = [card_back(back[0], back[1] + 6, "hand", (entry["hand_size"], f"seats.{seat}.hand_size"), "", actions,
                       f"{seat_label(seat)} holds {entry['hand_size']} capital cards, {hidden} unseen")]
    top = back[1] + 6 if known_top is None else known_top
    for (row, column), card in zip(fan(len(entry["known_cards"]), per_row), entry["known_cards"]):
        parts.append(capital_card(game, known_x + column * (CARD_W + 4), top + row * (CARD_H + 6), card, actions,
                                  f"Known in {seat_label(seat)}'s hand: "))
    return svg.group(*parts)
