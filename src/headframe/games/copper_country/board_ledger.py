"""The seats' ledgers on Copper Country's board: supply, miners off the map, copper
pile, claim, company, and the hand (face up for its seat, backs for the others)."""

from __future__ import annotations

from headframe.engine import seat_colour, seat_label, svg

from .board_map import INK, building_piece, label, outline
from .board_parts import CARD_H, CARD_W, Actions, amounts, capital_card, card_back, fan
from .glossary import area_key, building_key, company_key, production_key
from .text import BUILDINGS, production_card

WIDTH = 1000
HAND_X = 30             # own hand: a row of cards under the ledger's first lines
KNOWN_X = 560 + CARD_W + 8  # another seat's cards known to all, beside its hand's back
OWN_PER_ROW = (WIDTH - 20 - HAND_X + 4) // (CARD_W + 4)
KNOWN_PER_ROW = (WIDTH - 20 - KNOWN_X + 4) // (CARD_W + 4)
POOL_WORDS = {"unskilled": "unskilled (off the board)", "unrest": "in unrest", "cemetery": "in the cemetery"}


def _rows(count: int, per_row: int) -> int:
    return max(1, -(-count // per_row))


def ledger_height(view, entry) -> int:
    if entry["seat"] == view["seat"]:
        return 88 + _rows(len(entry.get("hand", ())), OWN_PER_ROW) * (CARD_H + 6) + 6
    return CARD_H + 24 + (_rows(len(entry["known_cards"]), KNOWN_PER_ROW) - 1) * (CARD_H + 6)


def ledgers(game, view, actions: Actions, top: float) -> str:
    """The viewer's ledger first, right under the map (its hand in sight), then the others in seat order."""
    y = top
    parts = []
    for entry in sorted(view["seats"], key=lambda entry: entry["seat"] != view["seat"]):
        parts.append(_ledger(game, view, actions, entry, y))
        y += ledger_height(view, entry)
    return svg.group(*parts, class_="ledgers")


def _ledger(game, view, actions: Actions, entry, y: float) -> str:
    seat = entry["seat"]
    own = seat == view["seat"]
    colour = seat_colour(seat)
    height = ledger_height(view, entry) - 6
    mine = actions if own else actions.none()
    who = seat_label(seat) + (" (you)" if own else "")
    parts = [
        svg.element("rect", x=10, y=y, width=WIDTH - 20, height=height, rx=6, fill="#ffffff", stroke=colour,
                    stroke_width=3 if seat in view["to_move"] else 1.5),
        svg.element("rect", x=10, y=y, width=12, height=height, rx=3, fill=colour),
        label(30, y + 18, who, 210, font_size=14, font_weight="bold", fill=INK),
        _supply(entry, mine, 30, y + 28),
        _miner_pools(entry, mine, 30, y + 62),
        _holdings(game, view, entry, 250, y + 18),
    ]
    if "hand" in entry:
        parts.append(_own_hand(game, entry, actions, 560, y + 18, y + 88))
    else:
        parts.append(_others_hand(game, entry, actions.none(), 560, y + 8))
    return svg.group(*parts)


def _supply(entry, actions: Actions, x: float, y: float) -> str:
    parts = []
    for k, (building, left) in enumerate(entry["supply"].items()):
        place = f"building:{building}"
        bx = x + k * 70
        shape = svg.group(
            svg.element("rect", x=bx, y=y, width=64, height=24, rx=4, fill="#f4efe6", **outline(place in actions)),
            building_piece(building, bx + 13, y + 12, 16, entry["seat"]),
            amounts(bx + 26, y + 17, "×", (left, f"seats.{entry['seat']}.supply.{building}"), font_size=13,
                    fill=INK))
        parts.append(actions.clickable(place, shape, f"{left} {BUILDINGS[building]}s in supply",
                                       building_key(building)))
    return svg.group(*parts)


def _miner_pools(entry, actions: Actions, x: float, y: float) -> str:
    counts = {pool: sum(m["at"] == pool for m in entry["miners"]) for pool in POOL_WORDS}
    parts = []
    for k, (pool, count) in enumerate(counts.items()):
        px = x + k * 72
        shape = svg.group(
            svg.element("rect", x=px, y=y, width=68, height=18, rx=4, fill="#f4efe6", **outline(pool in actions)),
            label(px + 34, y + 13, f"{pool} {count}", 64, text_anchor="middle", fill=INK))
        hint = f"{count} miner{'s' if count != 1 else ''} {POOL_WORDS[pool]}"
        parts.append(actions.clickable(pool, shape, hint, area_key(pool)))
    return svg.group(*parts)


def _holdings(game, view, entry, x: float, y: float) -> str:
    """Score, copper pile, claim and company, in words."""
    t, seat = game.tables, entry["seat"]
    room = 300
    path = f"seats.{seat}"
    copper = ["Copper pile: ", (entry["copper_cards"], f"{path}.copper_cards"),
              f" card{'s' if entry['copper_cards'] != 1 else ''}"]
    if "copper_score" in entry:
        copper += [", copper ", (entry["copper_score"], f"{path}.copper_score"),
                   ", specialization ", (entry["specialization"], f"{path}.specialization")]
    lines = [amounts(x, y, *copper, room=room, fill=INK)]
    if view.get("result"):
        result = view["result"]
        lines.insert(0, amounts(x, y, "Final score ", (result["scores"][seat], f"result.scores.{seat}"),
                                ", place ", (result["ranking"][seat], f"result.ranking.{seat}"), room=room,
                                fill=INK, font_weight="bold"))
    if entry["claim"]:
        key = production_key(entry["claim"])
        lines.append(svg.group(label(x, y, f"Claim: {production_card(t, entry['claim'])}", room, fill=INK),
                               svg.title(f"{seat_label(seat)}'s claim — " + game.glossary[key].title()),
                               data_explain=key))
    if entry["company"]:
        company = t.companies[entry["company"]]
        done = " (claim complete)" if entry["company_claim_complete"] else ""
        key = company_key(entry["company"])
        lines.append(svg.group(
            label(x, y, f"{company['name']}{done}", room, fill=INK),
            label(x, y + 16, f"2:1 {t.resource_name[company['two_for_one_resource']]}, specialization "
                             f"{t.resource_name[company['resource_specialization']]}", room, fill=INK),
            svg.title(f"{seat_label(seat)}'s company — " + game.glossary[key].title()), data_explain=key))
    return svg.group(*(svg.group(line, transform=f"translate(0 {k * 16})") for k, line in enumerate(lines)))


def _own_hand(game, entry, actions: Actions, x: float, y: float, cards_top: float) -> str:
    parts = [amounts(x, y, "Your hand: ", (entry["hand_size"], f"seats.{entry['seat']}.hand_size"), " cards",
                     font_size=13, font_weight="bold", fill=INK)]
    parts += [capital_card(game, HAND_X + column * (CARD_W + 4), cards_top + row * (CARD_H + 6), card, actions,
                           "Your hand: ")
              for (row, column), card in zip(fan(len(entry["hand"]), OWN_PER_ROW), entry["hand"])]
    return svg.group(*parts)


def _others_hand(game, entry, actions: Actions, x: float, y: float) -> str:
    seat = entry["seat"]
    hidden = entry["hand_size"] - len(entry["known_cards"])
    parts = [card_back(x, y + 6, "capital", (entry["hand_size"], f"seats.{seat}.hand_size"), "", actions,
                       f"{seat_label(seat)} holds {entry['hand_size']} capital cards, {hidden} unseen")]
    for (row, column), card in zip(fan(len(entry["known_cards"]), KNOWN_PER_ROW), entry["known_cards"]):
        parts.append(capital_card(game, KNOWN_X + column * (CARD_W + 4), y + 6 + row * (CARD_H + 6), card, actions,
                                  f"Known in {seat_label(seat)}'s hand: "))
    return svg.group(*parts)
