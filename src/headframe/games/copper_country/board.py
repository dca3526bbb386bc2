"""Copper Country's board picture: one SVG drawn from a seat's view alone.

The hex map (board_map.py), the industry track laid out as one strip (COP-R35),
the decks and community cards, the revealed production card, and a ledger per
seat. A legal action is drawn on the thing it acts on; `place_of` says which."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from headframe.engine import seat_colour, seat_label, svg

from .board_map import (
    INK,
    MAP,
    MUTED,
    RESOURCE_COLOURS,
    RESOURCE_SHORT,
    HexMap,
    building_piece,
    outline,
    rock,
)
from .text import BUILDINGS, row_words

WIDTH = 1000
TRACK_TOP, TRACK_CELL = 34, 29
PANEL_X = 596
LEDGER_TOP = MAP[1] + MAP[3] + 14
CARD_W, CARD_H = 76, 70
TRACK_FILL = "#f4efe6"
TRACK_ICONS = {  # icon -> (label, fill, meaning)
    "start": ("S", "#ffffff", "start"),
    "end": ("END", "#3d3d3d", "end of the game"),
    "local_business": ("LB", "#f6d365", "a local business opens"),
    "era_2": ("II", "#a8d5ba", "era 2 begins"),
    "era_3": ("III", "#6fb98f", "era 3 begins"),
    "event_19th": ("19", "#f4a6a6", "a 19th-century event"),
    "event_20th": ("20", "#d98c8c", "a 20th-century event"),
}


def render_board(game, view: dict[str, Any]) -> str:
    actions = Actions.of(game, view)
    board = HexMap(game, view, actions)
    height = LEDGER_TOP + sum(_ledger_height(view, entry) for entry in view["seats"]) + 8
    label = f"Copper Country, {view['board']} board, {view['era_name']}"
    return svg.document(
        WIDTH, height,
        svg.element("rect", x=0, y=0, width=WIDTH, height=height, fill="#fbf8f2"),
        _heading(view), _track(view), board.draw(), _panel(game, view, actions), _ledgers(game, view, actions),
        label=label)


# --- where actions happen -------------------------------------------------------------------

def place_of(action) -> str | None:
    """The key of the drawn thing a legal action happens on (a board id, a card id,
    `slot:N`, `deck:capital`, `row:N`, `building:KIND`, `miner:N`, `unskilled`), or None."""
    kind = action.kind
    if kind == "contract":
        return action.camp or None
    if kind == "take":
        return "deck:capital" if action.slot < 0 else f"slot:{action.slot}"
    if kind in ("survey", "work_at"):
        return action.site
    if kind in ("move_rock", "place_rock"):
        return action.space
    if kind == "build":
        return action.place
    if kind in ("stockpile_at", "relocate"):
        return action.camp
    if kind in ("keep", "play", "discard", "use_business"):
        return action.card
    if kind == "prospect":
        return action.keep or None
    if kind == "choose_row":
        return f"row:{action.row}"
    if kind == "choose_building":
        return f"building:{action.building}"
    if kind == "sacrifice":
        return "unskilled" if action.miner < 0 else f"miner:{action.miner}"
    return None


class Actions:
    """Legal actions grouped by the place they happen on."""

    def __init__(self, game, actions=(), miners=()) -> None:
        self.game, self.miners = game, list(miners)
        self.by_place: dict[str, list] = defaultdict(list)
        for action in actions:
            place = place_of(action)
            if place is not None:
                self.by_place[place].append(action)

    @classmethod
    def of(cls, game, view: dict[str, Any]) -> Actions:
        """The view's seat's legal actions (none for spectators and seats not to move)."""
        actions = [game.parse_action(data) for data in (view.get("decision") or {}).get("actions", ())]
        miners = view["seats"][view["seat"]]["miners"] if view["seat"] is not None else ()
        return cls(game, actions, miners)

    def ids(self, place: str) -> list[str]:
        return [action.id for action in self.by_place.get(place, ())]

    def words(self, place: str) -> list[str]:
        return [self._words(action) for action in self.by_place.get(place, ())]

    def _words(self, action) -> str:
        """The action in words; a miner's number told by where the miner is, as the picture shows no numbers."""
        words = _capitalised(self.game.describe_action(action))
        miner = getattr(action, "miner", None)
        if isinstance(miner, int) and miner >= 0:
            where = self.miners[miner]
            words += f" (your {'ready' if where['ready'] else 'exerted'} miner at {where['at']})"
        return words

    def hint(self, place: str, otherwise: str) -> str:
        words = self.words(place)
        return f"{otherwise}: " + "; ".join(words) if words else otherwise

    def clickable(self, place: str, shape: str, hint: str) -> str:
        return svg.clickable(shape, self.ids(place), self.hint(place, hint))

    def __contains__(self, place: str) -> bool:
        return place in self.by_place


NO_ACTIONS = Actions(None)  # for things only shown: others' ledgers, a card inside a clickable slot


def _capitalised(words: str) -> str:
    return words[:1].upper() + words[1:]



# --- heading and industry track ---------------------------------------------------------------

def _heading(view) -> str:
    era = (f"{view['era_name']} (era {view['era']}) · hand limit {view['hand_limit']} · builds: "
           + ", ".join(BUILDINGS[b] for b in view["buildings_available"]))
    return svg.group(
        svg.text(10, 22, "Copper Country", font_size=18, font_weight="bold", fill=INK),
        svg.text(WIDTH - 10, 22, _status(view), font_size=14, font_weight="bold", fill=INK, text_anchor="end"),
        svg.text(WIDTH - 10, TRACK_TOP + 56, era, font_size=12, fill=INK, text_anchor="end"),
    )


def _status(view) -> str:
    if view.get("result"):
        return "Game over · final scores " + ", ".join(
            f"{seat_label(s)}: {score}" for s, score in enumerate(view["result"]["scores"]))
    return f"{seat_label(view['current'])}'s turn"


def _track(view) -> str:
    track = view["track"]
    left = (f"{track['rocks_left']} poor rock left; the next comes off space {track['next']}"
            if track["rocks_left"] else "no poor rock left")
    cells = [svg.text(10, TRACK_TOP + 56, f"Industry track: {left}", font_size=12, fill=MUTED)]
    for number, icon in enumerate(track["icons"], 1):
        cells.append(_track_cell(number, icon, track))
    return svg.group(*cells)


def _track_cell(number: int, icon: str, track) -> str:
    x = 10 + (number - 1) * TRACK_CELL
    centre = x + (TRACK_CELL - 2) / 2
    label, fill, meaning = TRACK_ICONS.get(icon, ("", TRACK_FILL, ""))
    off = number > track["end"]
    holds_rock = track["next"] <= number <= track["end"]
    parts = [svg.element("rect", x=x, y=TRACK_TOP, width=TRACK_CELL - 2, height=40, rx=3,
                         fill="#d9d4cc" if off else fill, stroke=INK, stroke_width=1)]
    if holds_rock:
        parts.append(rock(centre, TRACK_TOP + 12, 10))
    parts.append(svg.text(centre, TRACK_TOP + 16, number, font_size=12, text_anchor="middle",
                          fill="#ffffff" if holds_rock else MUTED))
    if label:
        parts.append(svg.text(centre, TRACK_TOP + 36, label, font_size=12, font_weight="bold", text_anchor="middle",
                              fill="#ffffff" if icon == "end" else INK))
    state = "poor rock on it" if holds_rock else ("beyond the end" if off else "empty")
    hint = f"Track space {number}: " + ", ".join(filter(None, (meaning, state)))
    return svg.group(*parts, svg.title(hint))


# --- cards ------------------------------------------------------------------------------------

def _capital_card(game, x: float, y: float, card: str, actions: Actions, where: str = "",
                  place: str | None = None) -> str:
    """A capital card face up; its actions are those on `place` (the card itself by default)."""
    kind, resources = game.tables.capital[card]
    place = place or card
    parts = [svg.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill="#fffdf7",
                         **outline(place in actions))]
    band = CARD_W / len(resources)
    for k, resource in enumerate(resources):
        parts.append(svg.element("rect", x=x + k * band + 2, y=y + 2, width=band - 4, height=16, rx=3,
                                 fill=RESOURCE_COLOURS[resource]))
        parts.append(svg.text(x + k * band + band / 2, y + 15, RESOURCE_SHORT[resource], font_size=12,
                              text_anchor="middle", fill=INK, font_weight="bold"))
    joiner = {"single": "", "or": "or", "and": "and"}[kind]
    lines = [resources[0], joiner, resources[1]] if joiner else [resources[0]]
    for k, words in enumerate(lines):
        parts.append(svg.text(x + CARD_W / 2, y + (36 if joiner else 44) + k * 13, words, font_size=12,
                              text_anchor="middle", fill=MUTED if words in ("or", "and") else INK))
    hint = f"{where}{card}: " + f" {joiner} ".join(resources)
    return actions.clickable(place, svg.group(*parts), hint)


def _card_back(x: float, y: float, words: str, count: int | None, place: str, actions: Actions,
               hint: str) -> str:
    shape = svg.group(
        svg.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill=svg.FACE_DOWN,
                    **outline(place in actions)),
        svg.text(x + CARD_W / 2, y + 24, words, font_size=12, text_anchor="middle", fill="#ffffff"),
        svg.text(x + CARD_W / 2, y + 46, "" if count is None else count, font_size=16, font_weight="bold",
                 text_anchor="middle", fill="#ffffff"))
    return actions.clickable(place, shape, hint)


def _empty_slot(x: float, y: float) -> str:
    return svg.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill="none", stroke=MUTED,
                       stroke_dasharray="4 3")


def _production_height(game, card: str) -> float:
    return 22 + 17 * len(game.tables.rows[card])


def _production_card(game, x: float, y: float, card: str, actions: Actions, width: float,
                     chosen: int | None = None) -> str:
    """A production card face up: its name and rows. The revealed card has `chosen` (its
    row, -1 before the choice) and clickable rows (`row:N`); a card looked at in a
    prospect is clickable as a whole."""
    title = "" if chosen is None else "Revealed: "
    rows = game.tables.rows[card]
    height = _production_height(game, card)
    parts = [svg.element("rect", x=x, y=y, width=width, height=height, rx=5, fill="#fffdf7",
                         **outline(card in actions)),
             svg.text(x + 6, y + 15, f"{title}{card} {game.tables.card_name[card]}".strip(), font_size=12,
                      font_weight="bold", fill=INK)]
    for k, row in enumerate(rows):
        top = y + 20 + 17 * k
        place = "" if chosen is None else f"row:{k}"
        fill = "#fbe3a6" if k == chosen else ("#ffffff" if place in actions else "none")
        shape = svg.group(
            svg.element("rect", x=x + 4, y=top, width=width - 8, height=15, rx=3, fill=fill,
                        **(outline(True) if place in actions else {"stroke": "none"})),
            svg.text(x + 9, top + 12, f"{k + 1}. {row_words(row, RESOURCE_SHORT.__getitem__)}", font_size=12, fill=INK))
        words = f"Row {k + 1}: {row_words(row, RESOURCE_SHORT.__getitem__)}"
        parts.append(actions.clickable(place, shape, words) if place else shape)
    return actions.clickable(card, svg.group(*parts), f"{card} {game.tables.card_name[card]}")


# --- the right-hand panel -----------------------------------------------------------------------

def _panel(game, view, actions: Actions) -> str:
    y: float
    x, y = PANEL_X, MAP[1] + 12
    parts = [_section(x, y, "Capital cards")]
    y += 10
    deck_hint = f"Capital deck: {view['capital_deck']} cards face down; {len(view['capital_discard'])} discarded"
    parts.append(_card_back(x, y, "capital", view["capital_deck"], "deck:capital", actions, deck_hint))
    for slot, card in enumerate(view["community"]):
        cx = x + (slot + 1) * (CARD_W + 4)
        if card:
            parts.append(_capital_card(game, cx, y, card, actions, f"Community card {slot + 1}, ", f"slot:{slot}"))
        else:
            parts.append(_empty_slot(cx, y))
    parts.append(svg.text(x, y + CARD_H + 16, f"Discard pile: {len(view['capital_discard'])} cards",
                          font_size=12, fill=MUTED))
    y += CARD_H + 40
    parts.append(_section(x, y, "Production"))
    y += 10
    parts.append(_card_back(x, y, "production", view["production_deck"], "", actions,
                            f"Production deck: {view['production_deck']} cards face down"))
    known = view.get("known_top_production_card")
    discard = view["production_discard"]
    parts.append(svg.text(x + CARD_W + 10, y + 14, f"Discard pile: {len(discard)} cards", font_size=12, fill=MUTED))
    if known:
        parts.append(svg.text(x + CARD_W + 10, y + 32, f"You know the top card: {known}", font_size=12, fill=INK))
    y += CARD_H + 10
    y, shown = _looking(game, view, actions, x, y)
    parts.append(shown)
    y, shown = _shift(game, view, actions, x, y)
    parts.append(shown)
    parts.append(_businesses(game, view, actions, x, y))
    return svg.group(*parts, class_="panel")


def _section(x: float, y: float, words: str) -> str:
    return svg.text(x, y, words, font_size=14, font_weight="bold", fill=INK)


def _looking(game, view, actions: Actions, x: float, y: float) -> tuple[float, str]:
    """The cards the current player looks at (prospect, stockpile): face up for that
    player, a count for the others."""
    looking = view["looking"]
    if not looking:
        return y, ""
    if isinstance(looking, int):
        words = f"{seat_label(view['current'])} looks at {looking} card{'s' if looking > 1 else ''}"
        return y + 24, svg.text(x, y + 14, words, font_size=12, fill=INK)
    parts = [_section(x, y + 14, "You look at")]
    y += 22
    if looking[0] in game.tables.capital:
        parts += [_capital_card(game, x + k * (CARD_W + 6), y, card, actions) for k, card in enumerate(looking)]
        return y + CARD_H + 12, svg.group(*parts)
    for card in looking:
        parts.append(_production_card(game, x, y, card, actions, 394))
        y += _production_height(game, card) + 6
    return y + 6, svg.group(*parts)


def _shift(game, view, actions: Actions, x: float, y: float) -> tuple[float, str]:
    work, shift = view.get("work"), view.get("shift")
    if not work:
        return y, ""
    worker = view["current"]
    words = (f"{seat_label(worker)} works {work['site']}: shift {work['taken']} of {work['max']}"
             + (" (shutdown)" if work["shutdown"] else ""))
    parts = [svg.text(x, y + 14, words, font_size=13, font_weight="bold", fill=seat_colour(worker))]
    y += 22
    if shift:
        parts.append(_production_card(game, x, y, shift["card"], actions, 394, shift["row"]))
        y += _production_height(game, shift["card"]) + 8
        payment = shift.get("payment")
        if payment:
            y, shown = _payment(payment, actions, x, y)
            parts.append(shown)
    return y, svg.group(*parts)


def _payment(payment, actions: Actions, x: float, y: float) -> tuple[float, str]:
    needs = [n.replace("half-", "half ") for n in payment["needs"]]
    short = ", ".join(RESOURCE_SHORT.get(n, n) for n in needs)
    parts = [svg.group(svg.text(x, y + 12, f"Still to pay: {short}", font_size=12, fill=INK),
                       svg.title("Still to pay: " + ", ".join(needs)))]
    y += 18
    for k, (card, resource) in enumerate(payment["loose"]):
        chip = svg.group(
            svg.element("rect", x=x + k * 96, y=y, width=90, height=20, rx=4, fill=RESOURCE_COLOURS[resource],
                        **outline(card in actions)),
            svg.text(x + k * 96 + 45, y + 14, f"loose {RESOURCE_SHORT[resource]}", font_size=12,
                     text_anchor="middle", fill=INK))
        parts.append(actions.clickable(card, chip, f"The rest of {card}: {resource}"))
    return y + (26 if payment["loose"] else 0), svg.group(*parts)


def _businesses(game, view, actions: Actions, x: float, y: float) -> str:
    parts = []
    if view["local_businesses"]:
        parts.append(_section(x, y + 14, "Local businesses"))
        y += 22
        for k, card in enumerate(view["local_businesses"]):
            parts.append(_business(game, view, actions, x + (k % 2) * 200, y + (k // 2) * 24, card))
        y += 24 * ((len(view["local_businesses"]) + 1) // 2) + 4
    if view["events_played"]:
        parts.append(_section(x, y + 14, "Events"))
        for k, card in enumerate(view["events_played"]):
            event = game.tables.events[card]
            parts.append(svg.group(svg.text(x, y + 32 + 16 * k, event["name"], font_size=12, fill=INK),
                                   svg.title(f"{event['name']}: {event['text']}")))
    return svg.group(*parts)


def _business(game, view, actions: Actions, x: float, y: float, card: str) -> str:
    data = game.tables.businesses[card]
    used = card in view["used_this_turn"]
    shape = svg.group(
        svg.element("rect", x=x, y=y, width=194, height=20, rx=4, fill="#e7e0f2" if not used else "#d9d4cc",
                    **outline(card in actions)),
        svg.text(x + 6, y + 14, data["name"] + (" (used)" if used else ""), font_size=12, fill=INK))
    return actions.clickable(card, shape, f"{data['name']}: {data['text']}")


# --- the seats' ledgers -------------------------------------------------------------------------

def _ledger_height(view, entry) -> int:
    return 88 + CARD_H + 12 if entry["seat"] == view["seat"] else CARD_H + 24


def _ledgers(game, view, actions: Actions) -> str:
    y = LEDGER_TOP
    parts = []
    for entry in view["seats"]:
        parts.append(_ledger(game, view, actions, entry, y))
        y += _ledger_height(view, entry)
    return svg.group(*parts, class_="ledgers")


def _ledger(game, view, actions: Actions, entry, y: float) -> str:
    seat = entry["seat"]
    own = seat == view["seat"]
    colour = seat_colour(seat)
    height = _ledger_height(view, entry) - 6
    who = seat_label(seat) + (" (you)" if own else "") + (" · to move" if seat in view["to_move"] else "")
    parts = [
        svg.element("rect", x=10, y=y, width=WIDTH - 20, height=height, rx=6, fill="#ffffff", stroke=colour,
                    stroke_width=3 if seat == view["current"] else 1.5),
        svg.element("rect", x=10, y=y, width=12, height=height, rx=3, fill=colour),
        svg.text(30, y + 18, who, font_size=14, font_weight="bold", fill=INK),
        _supply(entry, actions if own else NO_ACTIONS, 30, y + 28),
        _miner_pools(entry, actions if own else NO_ACTIONS, 30, y + 62),
        _holdings(game, view, entry, 250, y + 18),
    ]
    if "hand" in entry:
        parts.append(_own_hand(game, entry, actions, 560, y + 18, y + 88))
    else:
        parts.append(_others_hand(game, entry, 560, y + 8))
    return svg.group(*parts)


def _supply(entry, actions: Actions, x: float, y: float) -> str:
    parts = []
    for k, (building, left) in enumerate(entry["supply"].items()):
        place = f"building:{building}"
        bx = x + k * 70
        shape = svg.group(
            svg.element("rect", x=bx, y=y, width=64, height=24, rx=4, fill="#f4efe6", **outline(place in actions)),
            building_piece(building, bx + 13, y + 12, 16, entry["seat"]),
            svg.text(bx + 26, y + 17, f"×{left}", font_size=13, fill=INK))
        parts.append(actions.clickable(place, shape, f"{left} {BUILDINGS[building]}s in supply"))
    return svg.group(*parts)


def _miner_pools(entry, actions: Actions, x: float, y: float) -> str:
    counts = {pool: sum(m["at"] == pool for m in entry["miners"]) for pool in ("unskilled", "unrest", "cemetery")}
    parts = []
    for k, (pool, count) in enumerate(counts.items()):
        px = x + k * 72
        shape = svg.group(
            svg.element("rect", x=px, y=y, width=68, height=18, rx=4, fill="#f4efe6", **outline(pool in actions)),
            svg.text(px + 34, y + 13, f"{pool} {count}", font_size=12, text_anchor="middle", fill=INK))
        parts.append(actions.clickable(pool, shape, f"{count} miner{'s' if count != 1 else ''} {_POOL_WORDS[pool]}"))
    return svg.group(*parts)


_POOL_WORDS = {"unskilled": "unskilled (off the board)", "unrest": "in unrest", "cemetery": "in the cemetery"}


def _holdings(game, view, entry, x: float, y: float) -> str:
    """Copper pile, claim and company, in words."""
    t = game.tables
    copper = f"Copper pile: {entry['copper_cards']} card{'s' if entry['copper_cards'] != 1 else ''}"
    if "copper_score" in entry:
        copper += f", copper {entry['copper_score']}, specialization {entry['specialization']}"
    lines = [copper]
    if view.get("result"):
        seat = entry["seat"]
        lines.insert(0, f"Final score {view['result']['scores'][seat]}, rank {view['result']['ranking'][seat]}")
    if entry["claim"]:
        lines.append(f"Claim: {entry['claim']} {t.card_name[entry['claim']]}".strip())
    if entry["company"]:
        company = t.companies[entry["company"]]
        done = " (claim complete)" if entry["company_claim_complete"] else ""
        lines.append(f"{company['name']}{done}")
        lines.append(f"  2:1 {company['two_for_one_resource']}, specialization {company['resource_specialization']}")
    return svg.group(*(svg.text(x, y + k * 16, words, font_size=12, fill=INK) for k, words in enumerate(lines)))


def _own_hand(game, entry, actions: Actions, x: float, y: float, cards_top: float) -> str:
    parts = [svg.text(x, y, f"Your hand: {entry['hand_size']} cards", font_size=13, font_weight="bold", fill=INK)]
    step = _fan_step(len(entry["hand"]), WIDTH - 50)
    parts += [_capital_card(game, 30 + k * step, cards_top, card, actions, "Your hand, ")
              for k, card in enumerate(entry["hand"])]
    return svg.group(*parts)


def _others_hand(game, entry, x: float, y: float) -> str:
    hidden = entry["hand_size"] - len(entry["known_cards"])
    parts = [_card_back(x, y + 6, "hand", entry["hand_size"], "", NO_ACTIONS,
                        f"{seat_label(entry['seat'])} holds {entry['hand_size']} cards, {hidden} unseen")]
    step = _fan_step(len(entry["known_cards"]), WIDTH - 20 - x - CARD_W - 8)
    for k, card in enumerate(entry["known_cards"]):
        parts.append(_capital_card(game, x + CARD_W + 8 + k * step, y + 6, card, NO_ACTIONS,
                                   "Known in their hand, "))
    return svg.group(*parts)


def _fan_step(count: int, room: float) -> float:
    """The distance between cards laid in a row, overlapping when they do not fit."""
    return min(CARD_W + 4, (room - CARD_W) / max(count - 1, 1))
