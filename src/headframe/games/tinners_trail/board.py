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
(`board_narrow`)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from headframe.engine import svg

from . import board_narrow, board_panels
from .board_map import WIDE_MAP, draw_map
from .drawing import INK, line, said

WIDTH, HEIGHT = 1260, 900

AREA_ACTIONS = ("build_mine", "mine_ore", "build_port", "place_miner", "build_train", "remove_water", "prospect")
ON_BOARD = AREA_ACTIONS + ("build_adit", "improve_steam_pumps", "invest")


def render_board(game, view: dict[str, Any], narrow: bool = False) -> str:
    by_place = _places(game, view)
    if narrow:
        return board_narrow.render(game, view, by_place)
    return svg.document(
        WIDTH, HEIGHT,
        line(14, 27, *said(*board_panels.status(game.tables, view)), font_size=18, font_weight="bold", fill=INK,
             data_to_move=board_panels.to_move(view)),
        draw_map(game, view, by_place, WIDE_MAP),
        board_panels.players(game, view),
        board_panels.prices(game, view, board_panels.PANEL_X, board_panels.prices_y(view)),
        board_panels.investments(game, view, by_place),
        board_panels.time_track(game, view),
        board_panels.developments(game, view, by_place),
        label=f"Tinners' Trail, turn {view['turn']}",
    )


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


