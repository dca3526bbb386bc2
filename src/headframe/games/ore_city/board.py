"""Ore City's board picture: one SVG drawn from a seat's view alone.

Top: whose turn, the common space, the draw piles and the discard piles. Then one
row per seat: coins, VP and technology, the hand (the viewer's face up; others'
as backs showing their public type, or a face the viewer has seen), the
construction space (each card with its constructor's colour) and the acquisition
space. Legal actions sit where they happen: hand cards (construct, discard, give,
accomplish), construction spaces (construct into it, book-close), technology cards
(Airport), opponents' hand cards (Police Station), the common space (exchange, take)
and the draw piles (draw)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from headframe.engine import seat_colour, seat_colour_name, seat_label, svg

from .components import TYPES
from .text import action as action_words

WIDTH = 1000
CARD_W, CARD_H, GAP = 72, 72, 4
HEADER = 146
ROW_H, ROW_GAP = 100, 8
INFO_X, HAND_X, SPACE_X, ACQUIRED_X, RIGHT = 16, 172, 404, 790, 992
CHAR_W = 6.6  # the width of an average 12 px character, to fit names on cards

TYPE_COLOURS = {"residential": "#5b8c3a", "commercial": "#3b6ea8", "industrial": "#7a6a58",
                "public_works": "#8e3b6e"}
TYPE_LABELS = {"residential": "Residential", "commercial": "Commercial", "industrial": "Industrial",
               "public_works": "Public Works"}
TYPE_SHORT = {"residential": "RES", "commercial": "COM", "industrial": "IND", "public_works": "PW"}
# The action kinds drawn where they happen; the others (flush, pass, police_decline,
# end_giving) have no place and stay buttons.
ON_BOARD = frozenset({"discard", "construct", "book_close", "accomplish", "give", "airport_discard",
                      "police_take", "exchange", "take", "draw"})
PHASE_WORDS = {
    "setup_discard": "discards a card (setup)", "action": "takes an action", "airport_discard":
    "discards a technology card for the Airport", "police": "uses the Police Station",
    "police_redraw": "redraws after the Police Station", "exchange_give": "gives cards (Exchange)",
    "exchange_take": "takes cards (Exchange)", "flush_hand": "draws a new hand (Flush)",
    "flush_common": "deals the common space (Flush)", "refill": "refills their hand",
}


def render(game, view: dict[str, Any]) -> str:
    n = view["player_count"]
    places = _places(game, view)
    height = HEADER + n * (ROW_H + ROW_GAP)
    rows = [_seat_row(game, view, seat, HEADER + seat * (ROW_H + ROW_GAP), places) for seat in range(n)]
    return svg.document(
        WIDTH, height, svg.element("rect", x=0, y=0, width=WIDTH, height=height, fill="#f4efe4"),
        _status(view), _common(game, view, places), _piles(view, places), _discards(game, view), *rows,
        label=f"Ore City, round {view['round']}",
    )


# --- which legal action happens where ----------------------------------------------------

def _places(game, view: dict[str, Any]) -> dict[tuple, list[tuple[str, str]]]:
    """(place) -> [(action id, words)] for every legal action that has a place on the board."""
    places: dict[tuple, list[tuple[str, str]]] = defaultdict(list)
    me = view["seat"]
    decision = view.get("decision") or {}
    for data in decision.get("actions", ()):
        action = game.parse_action(data)
        if action.kind not in ON_BOARD:
            continue
        words = action_words(game, action, me)
        kind = action.kind
        if kind == "construct":
            cost = max(0, game.tables.cost[action.card] - view["seats"][me]["technology"])
            words = f"{words} ({cost}G)"
            places["hand", action.card].append((action.id, words))
            places["space", action.space].append((action.id, words))
        elif kind in ("discard", "give", "accomplish"):
            places["hand", action.card].append((action.id, words))
        elif kind == "book_close":
            places["space", me].append((action.id, words))
        elif kind == "airport_discard":
            places["technology", action.card, action.space].append((action.id, words))
        elif kind == "police_take":
            places["police", action.opponent, action.type].append((action.id, words))
        elif kind == "exchange":
            places[("common",)].append((action.id, words))
        elif kind == "take":
            places["take", action.card].append((action.id, words))
        elif kind == "draw":
            places["pile", action.pile].append((action.id, f"{words} ({view['piles'][action.pile]} left)"))
    return places


def _clickable(shape: str, actions: list[tuple[str, str]], hint: str, **attrs: Any) -> str:
    if actions:
        hint = "; ".join(words for _, words in actions)
    return svg.clickable(shape, [action_id for action_id, _ in actions], hint, **attrs)


# --- cards ---------------------------------------------------------------------------------

def _name_lines(name: str) -> list[str]:
    """A card name on at most two lines."""
    words = name.split()
    if len(words) < 2:
        return words
    return [" ".join(words[:-1]), words[-1]]


def _fitted(x: float, y: float, words: str, width: float, **attrs: Any) -> str:
    """Text squeezed to `width` when it would overflow, never below its font size."""
    squeeze = len(words) * CHAR_W > width
    return svg.text(x, y, words, textLength=width if squeeze else None,
                    lengthAdjust="spacingAndGlyphs" if squeeze else None, **attrs)


def _card_face(game, x: float, y: float, card: str, builder: int | None = None, count: int = 1) -> str:
    tables = game.tables
    kind = TYPES[tables.type[card]]
    colour = TYPE_COLOURS[kind]
    parts = [
        svg.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill="#fffdf7", stroke=colour,
                    stroke_width=2),
        svg.element("rect", x=x, y=y, width=CARD_W, height=17, rx=5, fill=colour),
        svg.text(x + 5, y + 13, TYPE_SHORT[kind], fill="#fff", font_size=12, font_weight="bold"),
        svg.text(x + CARD_W - 5, y + 13, f"×{count}" if builder is not None else f"{tables.cost[card]}G",
                 fill="#fff", font_size=13 if builder is not None else 12, font_weight="bold",
                 text_anchor="end") if builder is None or count > 1 else "",
    ]
    for line, words in enumerate(_name_lines(tables.name[card])):
        parts.append(_fitted(x + CARD_W / 2, y + 33 + 14 * line, words, CARD_W - 6, font_size=12,
                             text_anchor="middle", fill="#222"))
    if card in tables.vp:
        parts.append(svg.text(x + CARD_W / 2, y + CARD_H - 7, f"{tables.vp[card]} VP", font_size=12,
                              text_anchor="middle", font_weight="bold", fill=colour))
    if builder is not None:
        parts.append(svg.element("rect", x=x + 2, y=y + CARD_H - 11, width=CARD_W - 4, height=9, rx=2,
                                 fill=seat_colour(builder)))
    return svg.group(*parts)


def _card_back(x: float, y: float, kind: str) -> str:
    return svg.group(
        svg.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill=TYPE_COLOURS[kind],
                    stroke=svg.FACE_DOWN, stroke_width=2),
        svg.element("rect", x=x + 5, y=y + 5, width=CARD_W - 10, height=CARD_H - 10, rx=3, fill="none",
                    stroke="#fff", stroke_opacity=0.5),
        *(_fitted(x + CARD_W / 2, y + 33 + 14 * line, words, CARD_W - 12, font_size=12, text_anchor="middle",
                  fill="#fff", font_weight="bold")
          for line, words in enumerate(_name_lines(TYPE_LABELS[kind]))),
    )


def _describe(game, card: str) -> str:
    tables = game.tables
    words = f"{tables.name[card]} ({TYPE_LABELS[TYPES[tables.type[card]]]}, cost {tables.cost[card]}G"
    return words + (f", {tables.vp[card]} VP)" if card in tables.vp else ")")


def _step(count: int, width: float) -> float:
    """Card spacing in a place `width` wide: overlapping when they do not fit."""
    return min(CARD_W + GAP, (width - CARD_W) / (count - 1)) if count > 1 else CARD_W + GAP


# --- the top: status, common space, piles, discards -----------------------------------------------

def _seat_name(view: dict[str, Any], seat: int, colour: bool = True) -> str:
    you = " (you)" if seat == view["seat"] else ""
    named = f" · {seat_colour_name(seat)}" if colour else ""
    return f"{seat_label(seat)}{named}{you}"


def _status(view: dict[str, Any]) -> str:
    if view["over"]:
        winner = view["winner"]
        words = "Game over: a draw at the round limit" if winner is None else \
            f"Game over: {_seat_name(view, winner)} reached 10 VP and wins"
        colour = "#222" if winner is None else seat_colour(winner)
    else:
        seat = view["to_move"][0]
        words = f"Round {view['round']} · {_seat_name(view, seat)} {PHASE_WORDS[view['phase']]}"
        colour = seat_colour(seat)
    return svg.text(INFO_X, 26, words, font_size=18, font_weight="bold", fill=colour)


def _common(game, view: dict[str, Any], places) -> str:
    x0, y, width = INFO_X, 60, 500
    cards = view["common"]
    step = _step(len(cards), width - 16)
    drawn = []
    for i, card in enumerate(cards):
        x = x0 + 8 + i * step
        if card["card"] is None:
            drawn.append(svg.clickable(_card_back(x, y, card["type"]), [], "A face-down Public Works card"))
        else:
            drawn.append(_clickable(_card_face(game, x, y, card["card"]), places.get(("take", card["card"]), []),
                                    _describe(game, card["card"])))
    frame = svg.element("rect", x=x0, y=y - 22, width=width, height=CARD_H + 30, rx=6, fill="#e8e0cf",
                        stroke="#b9ab8f")
    label = svg.text(x0 + 8, y - 7, f"Common space ({len(cards)})", font_size=13, font_weight="bold")
    return _clickable(svg.group(frame, label, *drawn), places.get(("common",), []),
                      "The common space: Construction cards face up, Public Works face down")


def _piles(view: dict[str, Any], places) -> str:
    x0, y = 528, 60
    drawn = [svg.text(x0, y - 7, "Draw piles", font_size=13, font_weight="bold")]
    for i, kind in enumerate(TYPES):
        x = x0 + i * 56
        left = view["piles"][kind]
        pile = svg.group(
            svg.element("rect", x=x, y=y, width=52, height=CARD_H, rx=5, fill=TYPE_COLOURS[kind],
                        stroke=svg.FACE_DOWN, stroke_width=2),
            svg.text(x + 26, y + 26, TYPE_SHORT[kind], fill="#fff", font_size=13, font_weight="bold",
                     text_anchor="middle"),
            svg.text(x + 26, y + 50, left, fill="#fff", font_size=16, font_weight="bold", text_anchor="middle"),
        )
        drawn.append(_clickable(pile, places.get(("pile", kind), []),
                                f"{TYPE_LABELS[kind]} draw pile: {left} cards"))
    return svg.group(*drawn)


def _discards(game, view: dict[str, Any]) -> str:
    x0, y = 760, 60
    drawn = [svg.text(x0, y - 7, "Discard piles", font_size=13, font_weight="bold")]
    for i, kind in enumerate(TYPES):
        x = x0 + i * 58
        cards = view["discards"][kind]
        counted = Counter(cards)
        contents = ", ".join(f"{game.tables.name[card]} ×{number}" for card, number in sorted(counted.items()))
        shape = svg.group(
            svg.element("rect", x=x, y=y, width=54, height=CARD_H, rx=5, fill="#fffdf7",
                        stroke=TYPE_COLOURS[kind], stroke_width=2),
            svg.text(x + 27, y + 26, TYPE_SHORT[kind], fill=TYPE_COLOURS[kind], font_size=13,
                     font_weight="bold", text_anchor="middle"),
            svg.text(x + 27, y + 50, len(cards), font_size=16, font_weight="bold", text_anchor="middle"),
        )
        drawn.append(svg.clickable(shape, [], f"{TYPE_LABELS[kind]} discards: {contents or 'none'}"))
    return svg.group(*drawn)


# --- one row per seat -------------------------------------------------------------------------

def _seat_row(game, view: dict[str, Any], seat: int, y: float, places) -> str:
    colour = seat_colour(seat)
    acting = not view["over"] and seat in view["to_move"]
    parts = [
        svg.element("rect", x=8, y=y, width=WIDTH - 16, height=ROW_H, rx=8, fill=colour, fill_opacity=0.08,
                    stroke=colour, stroke_width=4 if acting else 1.5),
        _info(view, seat, y),
        _hand(game, view, seat, y, places),
        _space(game, view, seat, y, places),
        _acquired(game, view, seat, y, places),
    ]
    return svg.group(*parts, class_=f"seat seat-{seat}")


def _info(view: dict[str, Any], seat: int, y: float) -> str:
    player = view["seats"][seat]
    colour = seat_colour(seat)
    marks = []
    if not view["over"] and seat in view["to_move"]:
        marks.append("▶ to act")
    if seat == view["first"]:
        marks.append("first player")
    return svg.group(
        svg.element("circle", cx=INFO_X + 8, cy=y + 18, r=7, fill=colour),
        _fitted(INFO_X + 20, y + 23, _seat_name(view, seat, colour=False), HAND_X - INFO_X - 28, font_size=14,
                font_weight="bold", fill=colour),
        svg.text(INFO_X, y + 46, f"{player['coins']} G · {player['vp']}/10 VP", font_size=15, font_weight="bold"),
        svg.text(INFO_X, y + 66, f"Technology {player['technology']}", font_size=13),
        svg.text(INFO_X, y + 86, " · ".join(marks), font_size=12, fill="#444"),
    )


def _hand(game, view: dict[str, Any], seat: int, y: float, places) -> str:
    hand = view["seats"][seat]["hand"]
    step = _step(len(hand), SPACE_X - HAND_X - 8)
    mine = seat == view["seat"]
    drawn = [svg.text(HAND_X, y + 14, f"Hand ({len(hand)})", font_size=12, fill="#444")]
    for i, card in enumerate(hand):
        x, top = HAND_X + i * step, y + 20
        police = places.get(("police", seat, card["type"]), [])
        if card["card"] is None:
            drawn.append(_clickable(_card_back(x, top, card["type"]), police,
                                    f"A face-down {TYPE_LABELS[card['type']]} card"))
        else:
            actions = places.get(("hand", card["card"]), []) if mine else police
            seen = "" if mine else " (you have seen it)"
            drawn.append(_clickable(_card_face(game, x, top, card["card"]), actions,
                                    _describe(game, card["card"]) + seen))
    return svg.group(*drawn)


def _space(game, view: dict[str, Any], seat: int, y: float, places) -> str:
    space = view["seats"][seat]["space"]
    groups = Counter((card, builder) for card, builder in space)  # in the order first constructed
    width = ACQUIRED_X - SPACE_X - 10
    step = _step(len(groups), width - 12)
    kind = TYPE_LABELS[TYPES[game.tables.type[space[0][0]]]] if space else "empty"
    drawn = [
        svg.element("rect", x=SPACE_X, y=y + 4, width=width, height=ROW_H - 8, rx=6, fill="#fffdf7",
                    fill_opacity=0.6, stroke="#b9ab8f", stroke_dasharray="4 3"),
        svg.text(SPACE_X + 6, y + 16, f"Construction space: {kind} ({len(space)})", font_size=12, fill="#444"),
    ]
    for i, ((card, builder), count) in enumerate(groups.items()):
        face = _card_face(game, SPACE_X + 6 + i * step, y + 22, card, builder, count)
        hint = f"{_describe(game, card)}, constructed by {_seat_name(view, builder)}" + (
            f" ×{count}" if count > 1 else "")
        airport = places.get(("technology", card, seat), []) if builder == view["seat"] else []
        drawn.append(_clickable(face, airport, hint))
    return _clickable(svg.group(*drawn), places.get(("space", seat), []),
                      f"{_seat_name(view, seat)}: construction space", class_=f"space space-{seat}")


def _acquired(game, view: dict[str, Any], seat: int, y: float, places) -> str:
    """Chips, not cards: an acquisition space can hold eight kinds of card."""
    counted = Counter(view["seats"][seat]["acquired"])
    columns = 1 if len(counted) <= 4 else 2
    width = (RIGHT - ACQUIRED_X - 8) / columns
    drawn = [svg.text(ACQUIRED_X, y + 16, "Acquired", font_size=12, fill="#444")]
    for i, (card, count) in enumerate(counted.items()):
        x, top = ACQUIRED_X + (i // 4) * width, y + 22 + (i % 4) * 19
        colour = TYPE_COLOURS[TYPES[game.tables.type[card]]]
        words = game.tables.name[card] + (f" ×{count}" if count > 1 else "")
        chip = svg.group(
            svg.element("rect", x=x, y=top, width=width - 4, height=17, rx=4, fill=colour),
            _fitted(x + 4, top + 13, words, width - 12, font_size=12, fill="#fff"),
        )
        airport = places.get(("technology", card, None), []) if seat == view["seat"] else []
        drawn.append(_clickable(chip, airport, _describe(game, card) + (f" ×{count}" if count > 1 else "")))
    return svg.group(*drawn)
