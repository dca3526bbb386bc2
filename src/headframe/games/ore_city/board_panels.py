"""The panels of Ore City's board, each drawn at an origin and a width in a
`Style`, so that the wide board and the narrow one (a phone's) draw the same
panels: the status line, the common space, the draw and discard piles, and a
seat's info, hand, construction space and acquisition space."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from html import escape
from typing import Any

from headframe.engine import seat_colour, seat_colour_name, seat_label, svg
from headframe.engine.people import listed

from .board_cards import CARD, TYPE_COLOURS, TYPE_SHORT, CardSize, card_back, card_face, chip, fitted, row_of, text_width, wrapped
from .components import TYPE_NAMES, TYPES
from .glossary import key
from .text import PHASE_WORDS

Places = dict[tuple, tuple[tuple[str, str], ...]]  # (place) -> ((action id, words), ...)


@dataclass(frozen=True)
class Info:
    """Where a seat's info panel puts its texts, from the panel's origin."""
    name: tuple[float, int]  # baseline, size (after the seat's colour dot)
    amounts: float  # the baseline of "coins · VP"
    technology: tuple[float, float, int]  # x, baseline, size
    marks: float | None  # the baseline of "to act · first player"; None: at the right of the name


@dataclass(frozen=True)
class Style:
    """How big a layout draws a panel."""
    cards: CardSize  # hands and the common space
    space_cards: CardSize  # construction spaces
    columns: int  # hand cards side by side
    small: int  # captions
    heading: int  # the shared panels' headings
    info: Info
    tile: tuple[float, float]  # a draw or discard pile's width, and the step to the next
    chip: float  # an acquired card's chip: its height
    chip_rows: int  # the fewest chips a column holds before the next one (two columns at most)
    empty: float  # how tall a hand, space or common space without cards is drawn


WIDE = Style(CARD, CARD, 3, 12, 13, Info((23, 14), 46, (0, 66, 13), 86), (40, 42), 17, 4, CARD.height)


@lru_cache(maxsize=1024)  # the same card at the same place, board after board
def shown(shape: str, actions: tuple[tuple[str, str], ...], about: str, explain: str | None = None, **attrs: Any) -> str:
    """A shape, clickable for `actions`; its title says first what clicking does, then `about`."""
    hint = ". ".join(filter(None, ("; ".join(words for _, words in actions), about)))
    return svg.clickable(shape, [action_id for action_id, _ in actions], hint, data_explain=explain, **attrs)


@cache
def _entry_title(game, entry_key: str) -> str:
    return game.presentation.glossary[entry_key].title()


def _explained(game, entry_key: str, before: str = "") -> str:
    return f"{before} {_entry_title(game, entry_key)}" if before else _entry_title(game, entry_key)


def slots(count: int, width: float, size: CardSize, columns: int | None = None) -> tuple[CardSize, list[tuple]]:
    """The cards and their offsets for `count` cards: in a grid of `columns`,
    or (None) in one row inside `width`, narrower cards if they must be."""
    if columns:
        return size, [(i % columns * size.step, i // columns * (size.height + size.gap)) for i in range(count)]
    fitting = row_of(count, width, size)
    step = fitting.step if fitting is size else (width + size.gap) / count
    return fitting, [(i * step, 0) for i in range(count)]


def cards_height(count: int, columns: int, size: CardSize, style: Style) -> float:
    """How tall `count` cards are in lines of `columns`."""
    if not count:
        return style.empty
    return -(-count // columns) * (size.height + size.gap) - size.gap


# --- the top: status, common space, piles, discards -----------------------------------------------

def seat_name(view: dict[str, Any], seat: int, colour: bool = True) -> str:
    you = " (you)" if seat == view["seat"] else ""
    named = f" · {seat_colour_name(seat)}" if colour else ""
    return f"{seat_label(seat)}{you}{named}"


def _status_words(view: dict[str, Any]) -> tuple[str, str]:
    """What the status says, and in which colour."""
    if view["over"]:
        winner = view["winner"]
        if winner is None:
            return "Game over: a draw at the round limit", "#222"
        return f"Game over: {seat_name(view, winner)} reached 10 VP and wins", seat_colour(winner)
    seat = view["to_move"][0]
    return f"Round {view['round']} · {seat_name(view, seat)} {PHASE_WORDS[view['phase']]}", seat_colour(seat)


def status_lines(view: dict[str, Any], width: float) -> list[str]:
    return wrapped(_status_words(view)[0], width, 18, bold=True)


def status(view: dict[str, Any], x: float, y: float, width: float, line: float | None = None) -> str:
    """The one element that says whose move it is: `data-to-move` holds the seats
    `to_move()` names (none once the game is over). In one line squeezed into
    `width`, or wrapped into lines `line` apart."""
    words, colour = _status_words(view)
    lines = status_lines(view, width) if line else [words]
    parts = [escape(words) for words in lines]
    if not view["over"]:  # the round, marked as the view's
        parts[0] = "Round " + svg.amount(view["round"], "round") + escape(lines[0][len(f"Round {view['round']}"):])
    if line:
        parts = [svg.element("tspan", part, x=x, dy=line if i else None) for i, part in enumerate(parts)]
    squeeze = not line and text_width(words, 18, bold=True) > width
    return svg.element("text", *parts, x=x, y=y, font_size=18, font_weight="bold", fill=colour,
                       data_to_move=" ".join(str(seat) for seat in view["to_move"]),
                       textLength=width if squeeze else None, lengthAdjust="spacingAndGlyphs" if squeeze else None)


def common(game, view: dict[str, Any], places: Places, x: float, y: float, width: float, style: Style,
           columns: int | None = None) -> str:
    """The common space, its top at `y`: its cards in one row, or in a grid of `columns`."""
    cards = view["common"]
    size, offsets = slots(len(cards), width - 16, style.cards, columns)
    top = y + 22
    drawn = []
    for card, (dx, dy) in zip(cards, offsets):
        left = x + 8 + dx
        if card["card"] is None:
            drawn.append(svg.clickable(card_back(left, top + dy, card["type"], size), [],
                                       "A face-down Public Works card"))
        else:
            face = card_face(game, left, top + dy, card["card"], f"{game.tables.cost[card['card']]}G", size=size)
            drawn.append(shown(face, places.get(("take", card["card"]), ()), _explained(game, key(card["card"])),
                               key(card["card"])))
    frame = svg.element("rect", x=x, y=y, width=width, height=common_height(view, style, columns), rx=6,
                        fill="#e8e0cf", stroke="#b9ab8f")
    label = svg.text(x + 8, top - 7, f"Common space ({len(cards)})", font_size=style.heading, font_weight="bold",
                     class_="label")
    return shown(svg.group(frame, label, *drawn), places.get(("common",), ()), _explained(game, "space:common"),
                 "space:common")


def common_height(view: dict[str, Any], style: Style, columns: int | None = None) -> float:
    return 30 + cards_height(len(view["common"]), columns or len(view["common"]), style.cards, style)


def _tile(x: float, y: float, kind: str, count: str, face_down: bool, style: Style) -> str:
    """A draw pile (face down, in its type's colour) or a discard pile, with its count."""
    middle, colour = x + style.tile[0] / 2, TYPE_COLOURS[kind]
    return svg.group(
        svg.element("rect", x=x, y=y, width=style.tile[0], height=CARD.height, rx=5,
                    fill=colour if face_down else "#fffdf7", stroke=svg.FACE_DOWN if face_down else colour,
                    stroke_width=2),
        svg.text(middle, y + 26, TYPE_SHORT[kind], fill="#fff" if face_down else colour, font_size=style.heading,
                 font_weight="bold", text_anchor="middle"),
        svg.element("text", count, x=middle, y=y + 50, fill="#fff" if face_down else None, font_size=16,
                    font_weight="bold", text_anchor="middle"),
    )


def piles(game, view: dict[str, Any], places: Places, x: float, y: float, style: Style) -> str:
    """The four draw piles, their tops at `y`."""
    heading = svg.text(x, y - 7, "Draw piles", font_size=style.heading, font_weight="bold", class_="label")
    drawn = []
    for i, kind in enumerate(TYPES):
        left = view["piles"][kind]
        pile = _tile(x + i * style.tile[1], y, kind, svg.amount(left, f"piles.{kind}"), True, style)
        drawn.append(shown(pile, places.get(("pile", kind), ()),
                           _explained(game, f"pile:{kind}", f"{left} cards left."), f"pile:{kind}"))
    return heading + svg.group(*drawn)


def discards(game, view: dict[str, Any], x: float, y: float, style: Style) -> str:
    heading = svg.text(x, y - 7, "Discard piles", font_size=style.heading, font_weight="bold", class_="label")
    drawn = []
    for i, kind in enumerate(TYPES):
        cards = view["discards"][kind]
        contents = ", ".join(f"{game.tables.name[card]} ×{number}" for card, number in sorted(Counter(cards).items()))
        shape = _tile(x + i * style.tile[1], y, kind, str(len(cards)), False, style)
        about = f"{TYPE_NAMES[kind]} discards: {contents or 'none'}."
        drawn.append(shown(shape, (), _explained(game, "pile:discards", about), "pile:discards"))
    return heading + svg.group(*drawn)


# What the board's marks mean, in the rulebook's words (§3 Components, §4 Card).
LEGEND = (
    *(f"{TYPE_SHORT[kind]}: {TYPE_NAMES[kind]} card" for kind in TYPES),
    "3G: a cost in coins (G), less your technology",
    "×2: cards of that name in the space",
    "Stripe: how many each player constructed",
    "1 VP: the Victory Points a Public Works card scores",
)


def legend_lines(width: float, style: Style) -> list[str]:
    """The legend's items, as many to a line as fit (an item too long for one line wraps alone)."""
    lines: list[str] = []
    for item in LEGEND:
        if lines and text_width(f"{lines[-1]} · {item}", style.small) <= width:
            lines[-1] = f"{lines[-1]} · {item}"
        else:
            lines += wrapped(item, width, style.small)
    return lines


def legend(x: float, y: float, width: float, style: Style) -> str:
    """The legend of the board's marks, its first baseline at `y`."""
    step = style.small + 4
    return svg.group(*(svg.text(x, y + i * step, line, font_size=style.small, fill="#444")
                       for i, line in enumerate(legend_lines(width, style))), class_="legend")


def legend_height(width: float, style: Style) -> float:
    return len(legend_lines(width, style)) * (style.small + 4) + 8


# --- a seat's panels --------------------------------------------------------------------------

def seat_row(view: dict[str, Any], seat: int, x: float, y: float, width: float, height: float, *panels: str,
             transform: str | None = None) -> str:
    """A seat's panels on a band of its colour, drawn thick while the seat is to act."""
    colour = seat_colour(seat)
    acting = not view["over"] and seat in view["to_move"]
    band = svg.element("rect", x=x, y=y, width=width, height=height, rx=8, fill=colour, fill_opacity=0.08,
                       stroke=colour, stroke_width=4 if acting else 1.5)
    return svg.group(band, *panels, class_=f"seat seat-{seat}", transform=transform)


def info(view: dict[str, Any], seat: int, x: float, y: float, width: float, style: Style) -> str:
    """The seat's name, coins, VP and technology (each marked as the view's), and
    whether it is to act or first player."""
    player, places = view["seats"][seat], style.info
    colour = seat_colour(seat)
    marks = []
    if not view["over"] and seat in view["to_move"]:
        marks.append("▶ to act")
    if seat == view["first"]:
        marks.append("first player")
    marked = " · ".join(marks)
    name_y, name_size = places.name
    room = width - 28
    if places.marks is None and marked:  # the marks at the right of the name
        room -= text_width(marked, style.small) + 10
    path = f"seats.{seat}"
    tech_x, tech_y, tech_size = places.technology
    return svg.group(
        svg.element("circle", cx=x + 8, cy=y + name_y - 5, r=7, fill=colour),
        fitted(x + 20, y + name_y, seat_name(view, seat, colour=False), room, size=name_size, font_weight="bold",
               fill=colour, class_="label"),
        svg.element("text", svg.amount(f"{player['coins']}G", f"{path}.coins"), " · ",
                    svg.amount(player["vp"], f"{path}.vp"), "/10 VP", x=x, y=y + places.amounts, font_size=15,
                    font_weight="bold"),
        svg.element("text", "Technology ", svg.amount(player["technology"], f"{path}.technology"), x=x + tech_x,
                    y=y + tech_y, font_size=tech_size),
        svg.text(x, y + places.marks, marked, font_size=style.small, fill="#444") if places.marks is not None else
        svg.text(x + width, y + name_y, marked, font_size=style.small, fill="#444", text_anchor="end"),
    )


def hand(game, view: dict[str, Any], seat: int, x: float, y: float, style: Style, places: Places) -> str:
    cards = view["seats"][seat]["hand"]
    mine = seat == view["seat"]
    drawn = [svg.text(x, y + style.small + 2, f"Hand ({len(cards)})", font_size=style.small, fill="#444")]
    size, offsets = slots(len(cards), 0, style.cards, style.columns)
    for card, (dx, dy) in zip(cards, offsets):
        left, top = x + dx, y + style.small + 8 + dy
        police = places.get(("police", seat, card["type"]), ())
        if card["card"] is None:
            drawn.append(shown(card_back(left, top, card["type"], size), police,
                               f"A face-down {TYPE_NAMES[card['type']]} card"))
            continue
        actions = places.get(("hand", card["card"]), ()) if mine else police
        seen = "" if mine else "You have seen this card."
        face = card_face(game, left, top, card["card"], f"{game.tables.cost[card['card']]}G", size=size)
        drawn.append(shown(face, actions, _explained(game, key(card["card"]), seen), key(card["card"])))
    return svg.group(*drawn)


def hand_height(view: dict[str, Any], seat: int, style: Style) -> float:
    return style.small + 8 + cards_height(len(view["seats"][seat]["hand"]), style.columns, style.cards, style)


def space(game, view: dict[str, Any], seat: int, x: float, y: float, width: float, style: Style,
          places: Places) -> str:
    """One card per name (a space holds at most the four names of its type),
    with a stripe per constructor: how many of them each constructed."""
    cards = view["seats"][seat]["space"]
    names: dict[str, Counter] = {}
    for card, builder in cards:  # in the order first constructed
        names.setdefault(card, Counter())[builder] += 1
    size, offsets = slots(len(names), width - 12, style.space_cards)
    kind = TYPE_NAMES[TYPES[game.tables.type[cards[0][0]]]] if cards else "empty"
    drawn = [
        svg.element("rect", x=x, y=y + 4, width=width, height=style.small + _space_cards_height(names, style) + 8, rx=6,
                    fill="#fffdf7", fill_opacity=0.6, stroke="#b9ab8f", stroke_dasharray="4 3"),
        svg.text(x + 6, y + 4 + style.small, f"Construction space: {kind} ({len(cards)})", font_size=style.small,
                 fill="#444"),
    ]
    for (card, builders), (dx, _) in zip(names.items(), offsets):
        total = sum(builders.values())
        corner = f"×{total}" if total > 1 else ""
        face = card_face(game, x + 6 + dx, y + style.small + 10, card, corner, tuple(builders.items()), size)
        who = listed([f"{seat_label(builder)} ({count})" for builder, count in builders.items()])
        airport = places.get(("technology", card, seat), ()) if view["seat"] in builders else ()
        about = _explained(game, key(card), f"{total} in this space, constructed by {who}.")
        drawn.append(shown(face, airport, about, key(card)))
    return shown(svg.group(*drawn), places.get(("space", seat), ()),
                 _explained(game, "space:construction", f"{seat_name(view, seat)}: construction space."),
                 "space:construction", class_=f"space space-{seat}")


def _space_cards_height(names: Any, style: Style) -> float:
    return cards_height(len(names), 4, style.space_cards, style)


def space_height(view: dict[str, Any], seat: int, style: Style) -> float:
    return style.small + _space_cards_height({card for card, _ in view["seats"][seat]["space"]}, style) + 12


def _chip_rows(count: int, style: Style) -> int:
    return max(-(-count // 2), style.chip_rows)


def acquired(game, view: dict[str, Any], seat: int, x: float, y: float, width: float, style: Style,
             places: Places) -> str:
    """Chips, not cards: an acquisition space can hold eight kinds of card, in two columns at most."""
    counted = Counter(view["seats"][seat]["acquired"])
    rows = _chip_rows(len(counted), style)
    chip_width = width / max(1, -(-len(counted) // rows))
    drawn = [svg.text(x, y + 4 + style.small, "Acquired", font_size=style.small, fill="#444")]
    for i, (card, count) in enumerate(counted.items()):
        left, top = x + (i // rows) * chip_width, y + style.small + 10 + (i % rows) * (style.chip + 2)
        airport = places.get(("technology", card, None), ()) if seat == view["seat"] else ()
        about = _explained(game, key(card), f"{count} in {seat_label(seat)}'s acquisition space.")
        shape = chip(game, left, top, chip_width - 4, card, count, style.chip, style.small)
        drawn.append(shown(shape, airport, about, key(card)))
    return shown(svg.group(*drawn), (), _explained(game, "space:acquisition"), "space:acquisition")


def acquired_height(view: dict[str, Any], seat: int, style: Style) -> float:
    kinds = len(set(view["seats"][seat]["acquired"]))
    return style.small + 10 + min(kinds, _chip_rows(kinds, style)) * (style.chip + 2)
