"""The board picture of Tinners' Trail: one SVG drawn from a seat's view.

The map of Cornwall (areas with their cubes, mines, ports, miners, trains; adits
on borders), the players with their money and VP at the top of the right-hand
column, the Ore Price table, then along the bottom the External Investments
display, the Time Track with the Order of Play column, and the developments
(Available Developments box, steam pump boxes). Where a legal action of the
seat's decision happens, the shape carries its id: an area (build a mine, mine
ore, port, miner, train, pump water out, prospect), a border (adit), a steam
pump box, an investment box. Bids, drop out, stop pumping, pasties, pass and
decline have no place and stay buttons. Every area, piece, box and track
explains itself (`data-explain`, its glossary entry in the `<title>`); the one
text saying whose move it is carries `data-to-move`, every number of the view
its `data-view` path. The map is drawn by `board_map`, the panels by
`board_panels`; `narrow=True` places the same parts in one column for a phone
(`board_narrow`). What depends on the seat (the text saying whose move it is, the
players' cards with "(you)", the places of its actions) is drawn through an
`svg.Seat`: `render_boards` draws the rest once for all the seats of a state."""

from __future__ import annotations

from collections import defaultdict
from functools import partial
from typing import Any

from headframe.engine import svg

from . import board_narrow, board_panels
from .board_map import WIDE_MAP, draw_map
from .drawing import INK, line, said

WIDTH, HEIGHT = 1260, 900

AREA_ACTIONS = ("build_mine", "mine_ore", "build_port", "place_miner", "build_train", "remove_water", "prospect")
ON_BOARD = AREA_ACTIONS + ("build_adit", "improve_steam_pumps", "invest")


def render_board(game, view: dict[str, Any], narrow: bool = False) -> str:
    return _drawn(game, narrow, svg.Seat(view, _places(game, view)))


def render_boards(game, shared: dict[str, Any], views: list[dict[str, Any]], narrow: bool = False) -> list[list[str]]:
    """The boards of several seats' views of one state, what they share drawn once."""
    return svg.layered(partial(_drawn, game, narrow), shared, [svg.Seat(view, _places(game, view)) for view in views])


def _drawn(game, narrow: bool, seat: svg.Seat) -> str:
    if narrow:
        return board_narrow.render(game, seat)
    view = seat.view
    return svg.document(
        WIDTH, HEIGHT,
        seat.viewer(partial(_status, game)),
        draw_map(game, seat, WIDE_MAP),
        seat.viewer(partial(_players, game)),
        board_panels.prices(game, view, board_panels.PANEL_X, board_panels.prices_y(view)),
        board_panels.investments(game, seat),
        board_panels.time_track(game, view),
        board_panels.developments(game, seat),
        label=f"Tinners' Trail, turn {view['turn']}",
    )


def _status(game, seat: svg.Seat) -> str:
    return line(14, 27, *said(*board_panels.status(game.tables, seat.view)), font_size=18, font_weight="bold",
                fill=INK, data_to_move=board_panels.to_move(seat.view))


def _players(game, seat: svg.Seat) -> str:
    return board_panels.players(game, seat.view)


def _places(game, view: dict[str, Any]) -> dict[tuple[str, Any], list]:
    """The legal actions drawn at each place."""
    by_place: dict[tuple[str, Any], list] = defaultdict(list)
    for action in svg.decision_actions(game, view):
        if action.kind in AREA_ACTIONS:
            by_place["area", action.area].append(action)
        elif action.kind == "build_adit":
            by_place["border", action.border].append(action)
        elif action.kind == "improve_steam_pumps":
            by_place["pumps", action.box].append(action)
        elif action.kind == "invest":
            by_place["invest", action.column].append(action)
    return by_place


