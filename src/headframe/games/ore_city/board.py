"""Ore City's board picture: one SVG drawn from a seat's view alone.

Wide (a laptop's): at the top whose turn (the one element marked
`data-to-move`), the common space, the draw piles and the discard piles; then
one row per seat. Narrow (a phone's, `narrow=True`: one column 400 units wide,
no text under 14 units): whose turn, the viewer's own row, the common space and
the piles, then the other seats' rows in turn order; the same panels
(`board_panels`), each row moved down into place. A seat's row: coins, VP and
technology (each amount marked `data-view` with its path in the view), the
hand (the viewer's face up; others' as backs showing their public type, or a
face the viewer has seen), the construction space (one card per name, a stripe
per constructor in their colour) and the acquisition space. At the foot, on
both, a legend of the marks (type abbreviations, costs, counts, stripes, VP).

Every face-up card, space and pile names its glossary entry (`data-explain`)
and says it in its `<title>`; a face-down card names neither. Legal actions sit
where they happen: hand cards (construct, discard, give, accomplish),
construction spaces (construct into it, book-close), technology cards
(Airport), opponents' hand cards (Police Station), the common space (exchange,
take) and the draw piles (draw)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from headframe.engine import svg

from . import board_panels as panels
from .board_cards import CardSize
from .board_panels import WIDE, Info, Places, Style
from .text import action as action_words

WIDTH = 1000
HEADER = 146
ROW_GAP = 8
INFO_X, HAND_X, SPACE_X, ACQUIRED_X, RIGHT = 16, 172, 404, 728, 992
COMMON_X, COMMON_W = 16, 620  # eight cards: the five and the three an Exchange may give
PILES_X, DISCARDS_X = 648, 824
# The action kinds drawn where they happen; the others (flush, pass, police_decline,
# end_giving) have no place and stay buttons.
ON_BOARD = frozenset({"discard", "construct", "book_close", "accomplish", "give", "airport_discard",
                      "police_take", "exchange", "take", "draw"})

# The narrow board: one column of panels 376 units wide; hands and the common
# space in cards three abreast, construction spaces (four names at most) in
# narrower cards four abreast; the viewer's acquired cards as chips a thumb can tap.
NARROW_X, NARROW_W = 12, svg.NARROW_WIDTH - 24
HAND_CARD = CardSize(120, 80, 6, 20, svg.NARROW_TEXT, 38, 17, 17)  # lines 1.2 em apart: their boxes do not overlap
SPACE_CARD = replace(HAND_CARD, width=88, gap=4)
OTHER = Style(HAND_CARD, SPACE_CARD, 3, svg.NARROW_TEXT, 15, Info((22, 16), 44, (150, 44, 14), None), (43, 46), 24, 1,
              28)
OWN = replace(OTHER, chip=40)
INFO_H, STATUS_LINE = 52, 22


def render(game, view: dict[str, Any], narrow: bool = False) -> str:
    """The board from a seat's view: wide (a laptop's), or narrow (a phone's: one
    column: the status, the viewer's own seat, the common space and the piles,
    then the other seats)."""
    return (_narrow if narrow else _wide)(game, view, _places(game, view))


def _wide(game, view: dict[str, Any], places: Places) -> str:
    rows: list[str] = []
    y: float = HEADER  # an int: the viewBox prints it as it is
    for seat in range(view["player_count"]):
        height = panels.hand_height(view, seat, WIDE) + 8
        rows.append(panels.seat_row(
            view, seat, 8, y, WIDTH - 16, height,
            panels.info(view, seat, INFO_X, y, HAND_X - INFO_X, WIDE),
            panels.hand(game, view, seat, HAND_X, y, WIDE, places),
            panels.space(game, view, seat, SPACE_X, y, ACQUIRED_X - SPACE_X - 12, WIDE, places),
            panels.acquired(game, view, seat, ACQUIRED_X, y, RIGHT - ACQUIRED_X - 8, WIDE, places)))
        y += height + ROW_GAP
    rows.append(panels.legend(INFO_X, y + WIDE.small, WIDTH - 2 * INFO_X, WIDE))
    y += panels.legend_height(WIDTH - 2 * INFO_X, WIDE)
    return svg.document(
        WIDTH, y, svg.element("rect", x=0, y=0, width=WIDTH, height=y, fill="#f4efe4"),
        panels.status(view, INFO_X, 26, WIDTH - 2 * INFO_X), panels.common(game, view, places, COMMON_X, 38, COMMON_W, WIDE),
        panels.piles(game, view, places, PILES_X, 60, WIDE), panels.discards(game, view, DISCARDS_X, 60, WIDE), *rows,
        label=f"Ore City, round {view['round']}",
    )


def _narrow_row(game, view: dict[str, Any], seat: int, y: float, style: Style, places: Places) -> tuple[str, float]:
    """A seat's panels one under another, the row moved down to `y`; the row and its height."""
    x, width = NARROW_X, NARROW_W
    space_y = INFO_H + panels.hand_height(view, seat, style) + 4
    acquired_y = space_y + panels.space_height(view, seat, style)
    height = acquired_y + panels.acquired_height(view, seat, style) + 6
    row = panels.seat_row(
        view, seat, x - 8, 0, width + 16, height,
        panels.info(view, seat, x, 0, width, style),
        panels.hand(game, view, seat, x, INFO_H, style, places),
        panels.space(game, view, seat, x, space_y, width, style, places),
        panels.acquired(game, view, seat, x, acquired_y, width, style, places), transform=_down(y))
    return row, height


def _down(y: float) -> str:
    # Panels drawn at the top and moved down draw the same cards at the same
    # places board after board (board_cards caches them).
    return f"translate(0 {y:g})"


def _narrow(game, view: dict[str, Any], places: Places) -> str:
    x, width = NARROW_X, NARROW_W
    lines = len(panels.status_lines(view, width))
    drawn = [panels.status(view, x, 28, width, STATUS_LINE)]
    y: float = 28 + (lines - 1) * STATUS_LINE + 14
    me, players = view["seat"], view["player_count"]
    if me is not None:
        row, height = _narrow_row(game, view, me, y, OWN, places)
        drawn.append(row)
        y += height + 14
    piles_y = panels.common_height(view, OWN, OWN.columns) + 30
    drawn.append(svg.group(
        panels.common(game, view, places, x - 8, 0, width + 16, OWN, OWN.columns),
        panels.piles(game, view, places, x, piles_y, OWN),
        panels.discards(game, view, x + width / 2 + 4, piles_y, OWN), transform=_down(y)))
    y += piles_y + 72 + 14
    # the other seats in turn order from the viewer's (a spectator: every seat)
    others = range(players) if me is None else [(me + i) % players for i in range(1, players)]
    for seat in others:
        row, height = _narrow_row(game, view, seat, y, OTHER, places)
        drawn.append(row)
        y += height + ROW_GAP
    drawn.append(panels.legend(x, y + OTHER.small, width, OTHER))
    y += panels.legend_height(width, OTHER)
    return svg.document(
        svg.NARROW_WIDTH, y, svg.element("rect", x=0, y=0, width=svg.NARROW_WIDTH, height=y, fill="#f4efe4"),
        *drawn, label=f"Ore City, round {view['round']}",
    )


# --- which legal action happens where ----------------------------------------------------

def _places(game, view: dict[str, Any]) -> Places:
    """(place) -> [(action id, words)] for every legal action that has a place on the board."""
    places: dict[tuple, list[tuple[str, str]]] = defaultdict(list)
    me = view["seat"]
    for action in svg.decision_actions(game, view):
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
    return {place: tuple(actions) for place, actions in places.items()}
