"""The board laid out for a phone (`render_board(view, narrow=True)`): one column
`svg.NARROW_WIDTH` units wide, no text under `svg.NARROW_TEXT` units. From the top:
whose move it is and the decision's prompt, the auction under way, the players
(the viewing seat's card first: money, VP, TP, ore held and sold), the External
Investments display while investing, the map of Cornwall (turned a quarter so
that west is at the top, every area and adit still clickable), the Ore Price
table, the investments, the Time Track with the Order of Play, and the
developments. The panels are the wide board's, placed here."""

from __future__ import annotations

from functools import partial
from typing import Any

from headframe.engine import svg

from . import board_panels
from .board_map import NARROW_MAP, auction, draw_map
from .drawing import INK

WIDTH = svg.NARROW_WIDTH
X, INNER = 8, svg.NARROW_WIDTH - 16  # the panels' left edge and width
GAP = 18  # between panels


def render(game, seat: svg.Seat) -> str:
    view = seat.view
    banner, lines = board_panels.status_lines(game.tables, view, X, 22, INNER)
    parts = [seat.viewer(partial(_banner, game, view, banner, lines))]
    y = 22 + 20 * (lines - 1) + GAP
    if view["auction"]:
        box, height = auction(view, 4, y, WIDTH - 8, wrap=True)
        parts.append(box)
        y += height + GAP
    parts.append(seat.viewer(partial(_players, game, y)))
    y += 26 + len(view["players"]) * board_panels.CARD_H + GAP
    investing = view["step"] == "invest"  # the display is where the decision is made: above the map
    if investing:
        y = _investments(game, seat, parts, y)
    parts += [
        svg.text(X, y + 16, "Map of Cornwall", font_size=16, font_weight="bold", fill=INK),
        svg.text(X, y + 36, "West at the top, the north coast on the right", font_size=14, fill=INK),
        svg.group(draw_map(game, seat, NARROW_MAP), transform=f"translate(0 {y + 46})"),
    ]
    y += 46 + NARROW_MAP.sea[3] + GAP
    parts.append(board_panels.prices(game, view, X, y))
    y += board_panels.PRICES_H + GAP
    if not investing:
        y = _investments(game, seat, parts, y)
    parts.append(board_panels.time_track(game, view, X, y))
    y += board_panels.TIME_TRACK_H + GAP
    parts.append(board_panels.developments(game, seat, X, y))
    y += board_panels.developments_h(view)
    return svg.document(WIDTH, y, *parts, label=f"Tinners' Trail, turn {view['turn']}")


def _banner(game, view: dict[str, Any], banner: str, lines: int, seat: svg.Seat) -> str | None:
    """Whose move it is (`banner` in `lines` lines for `view`), for the seat; None when the
    seat's takes more or fewer lines: what is below it moves."""
    if seat.view is view:
        return banner
    seat_banner, seat_lines = board_panels.status_lines(game.tables, seat.view, X, 22, INNER)
    return seat_banner if seat_lines == lines else None


def _players(game, y: int, seat: svg.Seat) -> str:
    """The players' cards, the seat's first."""
    me = seat.view.get("seat")
    seats = list(range(len(seat.view["players"])))
    if me is not None:
        seats.remove(me)
        seats.insert(0, me)
    return board_panels.players(game, seat.view, X, y, INNER - 4, seats, smallest=svg.NARROW_TEXT)


def _investments(game, seat: svg.Seat, parts: list[str], y: int) -> int:
    """Adds the investment display at `y`, a column per turn; returns the y below it."""
    parts.append(board_panels.investments(game, seat, X, y, turns_across=True, cell_w=INNER // 4 - 4))
    return y + 54 + len(seat.view["investments"][0]["boxes"]) * (board_panels.CELL_H + 4) + GAP
