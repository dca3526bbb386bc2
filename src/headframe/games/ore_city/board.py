"""Ore City's board picture: one SVG drawn from a seat's view alone.

Top: whose turn (the one element marked `data-to-move`), the common space, the
draw piles and the discard piles. Then one row per seat: coins, VP and
technology (each amount marked `data-view` with its path in the view), the
hand (the viewer's face up; others' as backs showing their public type, or a
face the viewer has seen), the construction space (one card per name, a stripe
per constructor in their colour) and the acquisition space.

Every face-up card, space and pile names its glossary entry (`data-explain`)
and says it in its `<title>`; a face-down card names neither. Legal actions sit
where they happen: hand cards (construct, discard, give, accomplish),
construction spaces (construct into it, book-close), technology cards
(Airport), opponents' hand cards (Police Station), the common space (exchange,
take) and the draw piles (draw)."""

from __future__ import annotations

from collections import Counter, defaultdict
from html import escape
from typing import Any

from headframe.engine import seat_colour, seat_colour_name, seat_label, svg

from .board_cards import CARD_H, STEP, TYPE_COLOURS, TYPE_SHORT, card_back, card_face, chip, fitted, row_of, text_width
from .components import TYPE_NAMES, TYPES
from .glossary import key
from .text import PHASE_WORDS
from .text import action as action_words

WIDTH = 1000
HEADER = 146
ROW_H, ROW_GAP = 100, 8
HAND_SLOTS = 3  # a hand holds three cards in play; the setup's extra draws wrap onto more lines
INFO_X, HAND_X, SPACE_X, ACQUIRED_X, RIGHT = 16, 172, 404, 728, 992
COMMON_X, COMMON_W = 16, 620  # eight cards: the five and the three an Exchange may give
PILES_X, DISCARDS_X, TILE_W, TILE_STEP = 648, 824, 40, 42
# The action kinds drawn where they happen; the others (flush, pass, police_decline,
# end_giving) have no place and stay buttons.
ON_BOARD = frozenset({"discard", "construct", "book_close", "accomplish", "give", "airport_discard",
                      "police_take", "exchange", "take", "draw"})


def render(game, view: dict[str, Any]) -> str:
    places = _places(game, view)
    rows, y = [], HEADER
    for seat in range(view["player_count"]):
        height = _row_height(view, seat)
        rows.append(_seat_row(game, view, seat, y, height, places))
        y += height + ROW_GAP
    return svg.document(
        WIDTH, y, svg.element("rect", x=0, y=0, width=WIDTH, height=y, fill="#f4efe4"),
        _status(view), _common(game, view, places), _piles(game, view, places), _discards(game, view), *rows,
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
        words = action_words(game, action)  # the menu's words (describe_action)
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
            places["pile", action.pile].append((action.id, words))
    return places


def _shown(shape: str, actions: list[tuple[str, str]], about: str, explain: str | None = None, **attrs: Any) -> str:
    """A shape, clickable for `actions`; its title says first what clicking does, then `about`."""
    hint = ". ".join(filter(None, ("; ".join(words for _, words in actions), about)))
    return svg.clickable(shape, [action_id for action_id, _ in actions], hint, data_explain=explain, **attrs)


def _explained(game, entry_key: str, before: str = "") -> str:
    return " ".join(filter(None, (before, game.glossary[entry_key].title())))


# --- the top: status, common space, piles, discards -----------------------------------------------

def _seat_name(view: dict[str, Any], seat: int, colour: bool = True) -> str:
    you = " (you)" if seat == view["seat"] else ""
    named = f" · {seat_colour_name(seat)}" if colour else ""
    return f"{seat_label(seat)}{you}{named}"


def _status(view: dict[str, Any]) -> str:
    """The one element that says whose move it is: `data-to-move` holds the seats
    `to_move()` names (none once the game is over)."""
    if view["over"]:
        winner = view["winner"]
        words = "Game over: a draw at the round limit" if winner is None else \
            f"Game over: {_seat_name(view, winner)} reached 10 VP and wins"
        colour, parts = "#222" if winner is None else seat_colour(winner), [escape(words)]
    else:
        seat = view["to_move"][0]
        words = f"Round {view['round']} · {_seat_name(view, seat)} {PHASE_WORDS[view['phase']]}"
        colour = seat_colour(seat)
        parts = ["Round ", svg.amount(view["round"], "round"),
                 escape(f" · {_seat_name(view, seat)} {PHASE_WORDS[view['phase']]}")]
    squeeze = text_width(words, 18, bold=True) > WIDTH - 2 * INFO_X
    return svg.element("text", *parts, x=INFO_X, y=26, font_size=18, font_weight="bold", fill=colour,
                       data_to_move=" ".join(str(seat) for seat in view["to_move"]),
                       textLength=WIDTH - 2 * INFO_X if squeeze else None,
                       lengthAdjust="spacingAndGlyphs" if squeeze else None)


def _common(game, view: dict[str, Any], places) -> str:
    y = 60
    cards = view["common"]
    step, width = row_of(len(cards), COMMON_W - 16)
    drawn = []
    for i, card in enumerate(cards):
        x = COMMON_X + 8 + i * step
        if card["card"] is None:
            drawn.append(svg.clickable(card_back(x, y, card["type"], width), [], "A face-down Public Works card"))
        else:
            drawn.append(_shown(card_face(game, x, y, card["card"], f"{game.tables.cost[card['card']]}G", width=width),
                                places.get(("take", card["card"]), []), _explained(game, key(card["card"])),
                                key(card["card"])))
    frame = svg.element("rect", x=COMMON_X, y=y - 22, width=COMMON_W, height=CARD_H + 30, rx=6, fill="#e8e0cf",
                        stroke="#b9ab8f")
    label = svg.text(COMMON_X + 8, y - 7, f"Common space ({len(cards)})", font_size=13, font_weight="bold",
                     class_="label")
    return _shown(svg.group(frame, label, *drawn), places.get(("common",), []),
                  _explained(game, "space:common"), "space:common")


def _piles(game, view: dict[str, Any], places) -> str:
    y = 60
    heading = svg.text(PILES_X, y - 7, "Draw piles", font_size=13, font_weight="bold", class_="label")
    drawn = []
    for i, kind in enumerate(TYPES):
        x = PILES_X + i * TILE_STEP
        left = view["piles"][kind]
        pile = svg.group(
            svg.element("rect", x=x, y=y, width=TILE_W, height=CARD_H, rx=5, fill=TYPE_COLOURS[kind],
                        stroke=svg.FACE_DOWN, stroke_width=2),
            svg.text(x + TILE_W / 2, y + 26, TYPE_SHORT[kind], fill="#fff", font_size=13, font_weight="bold",
                     text_anchor="middle"),
            svg.element("text", svg.amount(left, f"piles.{kind}"), x=x + TILE_W / 2, y=y + 50, fill="#fff",
                        font_size=16, font_weight="bold", text_anchor="middle"),
        )
        drawn.append(_shown(pile, places.get(("pile", kind), []),
                            _explained(game, f"pile:{kind}", f"{left} cards left."), f"pile:{kind}"))
    return heading + svg.group(*drawn)


def _discards(game, view: dict[str, Any]) -> str:
    y = 60
    heading = svg.text(DISCARDS_X, y - 7, "Discard piles", font_size=13, font_weight="bold", class_="label")
    drawn = []
    for i, kind in enumerate(TYPES):
        x = DISCARDS_X + i * TILE_STEP
        cards = view["discards"][kind]
        contents = ", ".join(f"{game.tables.name[card]} ×{number}" for card, number in sorted(Counter(cards).items()))
        shape = svg.group(
            svg.element("rect", x=x, y=y, width=TILE_W, height=CARD_H, rx=5, fill="#fffdf7",
                        stroke=TYPE_COLOURS[kind], stroke_width=2),
            svg.text(x + TILE_W / 2, y + 26, TYPE_SHORT[kind], fill=TYPE_COLOURS[kind], font_size=13,
                     font_weight="bold", text_anchor="middle"),
            svg.text(x + TILE_W / 2, y + 50, len(cards), font_size=16, font_weight="bold", text_anchor="middle"),
        )
        about = f"{TYPE_NAMES[kind]} discards: {contents or 'none'}."
        drawn.append(_shown(shape, [], _explained(game, "pile:discards", about), "pile:discards"))
    return heading + svg.group(*drawn)


# --- one row per seat -------------------------------------------------------------------------

def _hand_lines(view: dict[str, Any], seat: int) -> int:
    return max(1, -(-len(view["seats"][seat]["hand"]) // HAND_SLOTS))


def _row_height(view: dict[str, Any], seat: int) -> int:
    return ROW_H + (_hand_lines(view, seat) - 1) * STEP


def _seat_row(game, view: dict[str, Any], seat: int, y: float, height: float, places) -> str:
    colour = seat_colour(seat)
    acting = not view["over"] and seat in view["to_move"]
    parts = [
        svg.element("rect", x=8, y=y, width=WIDTH - 16, height=height, rx=8, fill=colour, fill_opacity=0.08,
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
    path = f"seats.{seat}"
    return svg.group(
        svg.element("circle", cx=INFO_X + 8, cy=y + 18, r=7, fill=colour),
        fitted(INFO_X + 20, y + 23, _seat_name(view, seat, colour=False), HAND_X - INFO_X - 28, size=14,
               font_weight="bold", fill=colour, class_="label"),
        svg.element("text", svg.amount(f"{player['coins']} G", f"{path}.coins"), " · ",
                    svg.amount(player["vp"], f"{path}.vp"), "/10 VP", x=INFO_X, y=y + 46, font_size=15,
                    font_weight="bold"),
        svg.element("text", "Technology ", svg.amount(player["technology"], f"{path}.technology"), x=INFO_X, y=y + 66,
                    font_size=13),
        svg.text(INFO_X, y + 86, " · ".join(marks), font_size=12, fill="#444"),
    )


def _hand(game, view: dict[str, Any], seat: int, y: float, places) -> str:
    hand = view["seats"][seat]["hand"]
    mine = seat == view["seat"]
    drawn = [svg.text(HAND_X, y + 14, f"Hand ({len(hand)})", font_size=12, fill="#444")]
    for i, card in enumerate(hand):
        x, top = HAND_X + (i % HAND_SLOTS) * STEP, y + 20 + (i // HAND_SLOTS) * STEP
        police = places.get(("police", seat, card["type"]), [])
        if card["card"] is None:
            drawn.append(_shown(card_back(x, top, card["type"]), police, f"A face-down {TYPE_NAMES[card['type']]} card"))
            continue
        actions = places.get(("hand", card["card"]), []) if mine else police
        seen = "" if mine else "You have seen this card."
        face = card_face(game, x, top, card["card"], f"{game.tables.cost[card['card']]}G")
        drawn.append(_shown(face, actions, _explained(game, key(card["card"]), seen), key(card["card"])))
    return svg.group(*drawn)


def _space(game, view: dict[str, Any], seat: int, y: float, places) -> str:
    """One card per name (a space holds at most the four names of its type),
    with a stripe per constructor: how many of them each constructed."""
    space = view["seats"][seat]["space"]
    names: dict[str, Counter] = {}
    for card, builder in space:  # in the order first constructed
        names.setdefault(card, Counter())[builder] += 1
    width = ACQUIRED_X - SPACE_X - 12
    step, card_w = row_of(len(names), width - 12)
    kind = TYPE_NAMES[TYPES[game.tables.type[space[0][0]]]] if space else "empty"
    drawn = [
        svg.element("rect", x=SPACE_X, y=y + 4, width=width, height=ROW_H - 8, rx=6, fill="#fffdf7",
                    fill_opacity=0.6, stroke="#b9ab8f", stroke_dasharray="4 3"),
        svg.text(SPACE_X + 6, y + 16, f"Construction space: {kind} ({len(space)})", font_size=12, fill="#444"),
    ]
    for i, (card, builders) in enumerate(names.items()):
        total = sum(builders.values())
        corner = f"×{total}" if total > 1 else ""
        face = card_face(game, SPACE_X + 6 + i * step, y + 22, card, corner, list(builders.items()), card_w)
        who = ", ".join(f"{seat_label(builder)} {count}" for builder, count in builders.items())
        airport = places.get(("technology", card, seat), []) if view["seat"] in builders else []
        about = _explained(game, key(card), f"{total} in this space, constructed by {who}.")
        drawn.append(_shown(face, airport, about, key(card)))
    return _shown(svg.group(*drawn), places.get(("space", seat), []),
                  _explained(game, "space:construction", f"{_seat_name(view, seat)}: construction space."),
                  "space:construction", class_=f"space space-{seat}")


def _acquired(game, view: dict[str, Any], seat: int, y: float, places) -> str:
    """Chips, not cards: an acquisition space can hold eight kinds of card."""
    counted = Counter(view["seats"][seat]["acquired"])
    columns = 1 if len(counted) <= 4 else 2
    width = (RIGHT - ACQUIRED_X - 8) / columns
    drawn = [svg.text(ACQUIRED_X, y + 16, "Acquired", font_size=12, fill="#444")]
    for i, (card, count) in enumerate(counted.items()):
        x, top = ACQUIRED_X + (i // 4) * width, y + 22 + (i % 4) * 19
        airport = places.get(("technology", card, None), []) if seat == view["seat"] else []
        about = _explained(game, key(card), f"{count} in {seat_label(seat)}'s acquisition space.")
        drawn.append(_shown(chip(game, x, top, width - 4, card, count), airport, about, key(card)))
    return _shown(svg.group(*drawn), [], _explained(game, "space:acquisition"), "space:acquisition")
