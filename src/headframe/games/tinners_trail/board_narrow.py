"""The board laid out for a phone (`render_board(view, narrow=True)`): one column
`svg.NARROW_WIDTH` units wide, no text under `svg.NARROW_TEXT` units. From the top:
whose move it is and the decision's prompt, the auction under way, the players
(the viewing seat's card first: money, VP, TP, ore held and sold), the External
Investments display while investing, the map of Cornwall (turned a quarter so
that west is at the top, every area and adit still clickable), the Ore Price
table, the investments, the Time Track with the Order of Play, and the
developments. The panels are the wide board's, placed here."""

from __future__ import annotations

from typing import Any

from headframe.engine import svg

from . import board_panels
from .board_map import NARROW_MAP, auction, draw_map
from .drawing import INK

WIDTH = svg.NARROW_WIDTH
X, INNER = 8, svg.NARROW_WIDTH - 16  # the panels' left edge and width
GAP = 18  # between panels


def render(game, view: dict[str, Any], by_place) -> str:
    parts = []
    banner, lines = board_panels.status_lines(game.tables, view, X, 22, INNER)
    parts.append(banner)
    y = 22 + 20 * (lines - 1) + GAP
    if view["auction"]:
        box, height = auction(view, 4, y, WIDTH - 8, wrap=True)
        parts.append(box)
        y += height + GAP
    me = view.get("seat")
    seats = list(range(len(view["players"])))
    if me is not None:
        seats.remove(me)
        seats.insert(0, me)
    parts.append(board_panels.players(game, view, X, y, INNER - 4, seats, smallest=svg.NARROW_TEXT))
    y += 26 + len(seats) * board_panels.CARD_H + GAP
    investing = view["step"] == "invest"  # the display is where the decision is made: above the map
    if investing:
        y = _investments(game, view, by_place, parts, y)
    parts += [
        svg.text(X, y + 16, "Map of Cornwall", font_size=16, font_weight="bold", fill=INK),
        svg.text(X, y + 36, "West at the top, the north coast on the right", font_size=14, fill=INK),
        svg.group(draw_map(game, view, by_place, NARROW_MAP), transform=f"translate(0 {y + 46})"),
    ]
    y += 46 + NARROW_MAP.sea[3] + GAP
    parts.append(board_panels.prices(game, view, X, y))
    y += board_panels.PRICES_H + GAP
    if not investing:
        y = _investments(game, view, by_place, parts, y)
    parts.append(board_panels.time_track(game, view, X, y))
    y += board_panels.TIME_TRACK_H + GAP
    parts.append(board_panels.developments(game, view, by_place, X, y))
    y += board_panels.developments_h(view)
    return svg.document(WIDTH, y, *parts, label=f"Tinners' Trail, turn {view['turn']}")


def _investments(game, view: dict[str, Any], by_place, parts: list[str], y: int) -> int:
    """Adds the investment display at `y`, a column per turn; returns the y below it."""
    parts.append(board_panels.investments(game, view, by_place, X, y, turns_across=True, cell_w=INNER // 4 - 4))
    return y + 54 + len(view["investments"][0]["boxes"]) * (board_panels.CELL_H + 4) + GAP
