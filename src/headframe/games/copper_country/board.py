"""Copper Country's board picture: one SVG drawn from a seat's view alone.

The hex map (board_map.py), the industry track laid out as one strip (COP-R35),
the card panel (board_panel.py), and a ledger per seat (board_ledger.py). A legal
action is drawn on the thing it acts on; `place_of` (board_parts.py) says which.
Every thing drawn face up names its glossary entry (`data-explain`), the one text
saying whose move it is carries `data-to-move`, and every amount of the view shown
carries its path (`data-view`).

The narrow board (a phone's) is the same pieces in one column, drawn for a width
of NARROW_ROOM and scaled up so that the wide board's smallest text (12) reads as
`svg.NARROW_TEXT`: the banner, the seat's own ledger, what the current player is
doing (`at_hand`), the map and the cards on the table (the one holding the seat's
choices first), the track in rows, the other seats' ledgers."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from headframe.engine import seat_label, svg
from headframe.engine.people import listed

from .board_ledger import ledger, ledger_height, ledgers
from .board_legend import TRACK_MARKS, key, piece_items, resource_items, track_items
from .board_map import INK, MAP, MUTED, NARROW_MAP, HexMap, label, map_height, text_width
from .board_panel import Panel, at_hand, businesses, decks, panel
from .board_parts import Actions, amounts, place_of, titled
from .glossary import era_key, track_key
from .text import BUILDINGS

WIDTH = 1000
TRACK_TOP, TRACK_CELL = 34, 29
KEYS_TOP = MAP[1] + MAP[3] + 22
WIDE_PANEL = Panel(596, 394, 5, 0, False)
NARROW_SCALE = svg.NARROW_TEXT / 12
NARROW_ROOM = 342  # units before the scale: 342 * 7/6 = 399
NARROW_PANEL = Panel(8, NARROW_ROOM - 16, 4, 18, True)
BACKGROUND = "#fbf8f2"
TRACK_FILL = "#f4efe6"

__all__ = ["place_of", "render_board"]


def render_board(game, view: dict[str, Any], narrow: bool = False) -> str:
    actions = Actions.of(game, view)
    words = f"Copper Country, {view['board']} board, {view['era_name']}"
    if narrow:
        return _narrow(game, view, actions, words)
    keys_height, keys = _keys(game, KEYS_TOP, WIDTH - 20)
    ledger_top = KEYS_TOP + keys_height
    height = ledger_top + sum(ledger_height(view, entry) for entry in view["seats"]) + 8
    return svg.document(
        WIDTH, height,
        svg.element("rect", x=0, y=0, width=WIDTH, height=height, fill=BACKGROUND),
        _heading(game, view), _track(game, view, TRACK_TOP, len(view["track"]["icons"]), WIDTH - 20, False),
        HexMap(game, view, actions).draw(), panel(game, view, actions, WIDE_PANEL, MAP[1] + 12),
        keys, ledgers(game, view, actions, ledger_top),
        label=words)


@lru_cache(maxsize=4)
def _keys(game, top: float, room: float) -> tuple[float, str]:
    """The keys to the map's colours and pieces, from `top` (a first line's baseline) in `room`."""
    resources_height, resources = key(10, top, room, "Resources:", resource_items(game.tables.resource_name))
    pieces_height, pieces = key(10, top + resources_height, room, "On the map:", piece_items())
    return resources_height + pieces_height, resources + pieces


def _narrow(game, view, actions: Actions, words: str) -> str:
    room = NARROW_ROOM - 8
    frame = (4, 0, room, map_height(game, view["board"], room))
    hex_map = HexMap(game, view, actions, frame, NARROW_MAP).draw()
    end, cards = decks(game, view, actions, NARROW_PANEL, 16)
    end, shown = businesses(game, view, actions, NARROW_PANEL, end)
    shared = [(frame[3] + 8, hex_map), (end, cards + shown)]
    if "data-actions" in shared[1][1] and "data-actions" not in hex_map:
        shared.reverse()
    now = at_hand(game, view, actions, NARROW_PANEL, 0)
    own = [entry for entry in view["seats"] if entry["seat"] == view["seat"]]
    others = [entry for entry in view["seats"] if entry["seat"] != view["seat"]]
    blocks = [_banner(game, view), *_narrow_ledgers(game, view, actions, own),
              *([(now[0] + 8, now[1])] if now[1] else []), *shared, _narrow_track(game, view),
              _narrow_keys(game),
              *_narrow_ledgers(game, view, actions, others)]
    placed, y = [], 0.0
    for height, markup in blocks:
        placed.append(svg.group(markup, transform=f"translate(0 {y:g})") if y else markup)
        y += height
    height = y * NARROW_SCALE + 4
    return svg.document(
        svg.NARROW_WIDTH, height,
        svg.element("rect", x=0, y=0, width=svg.NARROW_WIDTH, height=height, fill=BACKGROUND),
        svg.group(*placed, transform=f"scale({NARROW_SCALE:.4f})"),
        label=words)


def _narrow_keys(game) -> tuple[float, str]:
    height, keys = _keys(game, 14, NARROW_ROOM - 20)
    return height + 6, keys


def _narrow_ledgers(game, view, actions: Actions, entries) -> list[tuple[float, str]]:
    return [(ledger_height(view, entry, True), svg.group(ledger(game, view, actions, entry, 0, True), class_="ledger"))
            for entry in entries]


# --- heading and industry track ---------------------------------------------------------------

def _heading(game, view) -> str:
    return svg.group(
        label(10, 22, "Copper Country", 170, font_size=18, font_weight="bold", fill=INK),
        _era(game, view, 190, 22, 470, False), _status(view, WIDTH - 10, "end"))


def _banner(game, view) -> tuple[float, str]:
    """The narrow board's heading: whose move it is and what the seat must decide, then the era on two lines."""
    room = NARROW_ROOM - 16
    decision = view.get("decision")
    lines = _wrapped(decision["prompt"], room) if decision and view["seat"] in view["to_move"] else []
    prompt = [label(8, 40 + 16 * k, line, room, font_weight="bold", fill=INK) for k, line in enumerate(lines)]
    era_y = 40 + 16 * len(lines)
    return era_y + 24, svg.group(_status(view, 8, "start"), *prompt, _era(game, view, 8, era_y, room, True))


def _wrapped(words: str, room: float) -> list[str]:
    """`words` in bold lines that fit `room` at the labels' size, broken between words."""
    lines = [""]
    for word in words.split():
        joined = f"{lines[-1]} {word}".strip()
        if lines[-1] and text_width(joined, 12, True) > room:
            lines.append(word)
        else:
            lines[-1] = joined
    return lines


def _era(game, view, x: float, y: float, room: float, wrap: bool) -> str:
    era: list[Any] = [f"{view['era_name']} (era ", (view["era"], "era"), ") · hand limit ",
                      (view["hand_limit"], "hand_limit")]
    builds = ", ".join(BUILDINGS[b] for b in view["buildings_available"])
    lines: list[list[Any]] = [era, ["Builds: " + builds]] if wrap else [[*era, " · builds: " + builds]]
    return svg.group(
        *(amounts(x, y + 16 * k, *line, room=room, fill=INK, class_="label") for k, line in enumerate(lines)),
        svg.title(titled(game, era_key(view["era"]))), data_explain=era_key(view["era"]))


def _status(view, x: float, anchor: str) -> str:
    """The one text saying whose move it is (`data-to-move`), or who won."""
    right: dict[str, Any] = {"font_size": 14, "font_weight": "bold", "fill": INK, "text_anchor": anchor, "room": 320}
    if view.get("result"):  # the scores are in the ledgers
        ranking = view["result"]["ranking"]
        winners = listed([seat_label(seat) for seat, rank in enumerate(ranking) if rank == 1])
        verb = "wins" if ranking.count(1) == 1 else "tie for first place"
        return amounts(x, 22, f"Game over · {winners} {verb}", data_to_move="", **right)
    movers = view["to_move"]
    if movers == [view["seat"]]:
        words = "Your move"
    else:
        words = "To move: " + listed(["you" if seat == view["seat"] else seat_label(seat) for seat in movers])
    return amounts(x, 22, words, data_to_move=" ".join(map(str, movers)), **right)


def _narrow_track(game, view) -> tuple[float, str]:
    per_row = (NARROW_ROOM - 20) // TRACK_CELL
    rows = -(-len(view["track"]["icons"]) // per_row)
    return 46 * rows + 50 + _track_key_height(NARROW_ROOM - 20), _track(game, view, 8, per_row, NARROW_ROOM - 20, True)


def _track(game, view, top: float, per_row: int, room: float, wrap: bool) -> str:
    """The track's spaces, `per_row` to a row from `top`, and what is left on it (in `room`, on one line or two)."""
    track = view["track"]
    rows = -(-len(track["icons"]) // per_row)
    if track["rocks_left"]:
        lines: list[list] = [["Industry track: ", (track["rocks_left"], "track.rocks_left"), " poor rock left"],
                             ["the next comes off space ", (track["next"], "track.next")]]
    else:
        lines = [["Industry track: no poor rock left"]]
    if not wrap:
        lines = [[piece for line in lines[:-1] for piece in (*line, "; ")] + lines[-1]]
    caption_top = top + 46 * rows + 10
    caption = [amounts(10, caption_top + 16 * k, *line, room=room, fill=MUTED) for k, line in enumerate(lines)]
    cells = [svg.group(*caption, svg.title(titled(game, track_key(""))), data_explain=track_key("")),
             _track_key(caption_top + 16 * len(lines) + 2, room)]
    for number, icon in enumerate(track["icons"], 1):
        off, holds_rock = number > track["end"], track["next"] <= number <= track["end"]
        cells.append(_track_cell(game, number, icon, off, holds_rock, top, per_row))
    return svg.group(*cells)


@lru_cache(maxsize=4)
def _track_key(top: float, room: float) -> str:
    return key(10, top, room, "Track marks:", track_items())[1]


def _track_key_height(room: float) -> float:
    return key(10, 0, room, "Track marks:", track_items())[0]


@lru_cache(maxsize=1024)
def _track_cell(game, number: int, icon: str, off: bool, holds_rock: bool, top: float, per_row: int) -> str:
    row, column = divmod(number - 1, per_row)
    x, y = 10 + column * TRACK_CELL, top + row * 46
    centre = x + (TRACK_CELL - 2) / 2
    words, fill, _ = TRACK_MARKS.get(icon, ("", TRACK_FILL, ""))
    parts = [svg.element("rect", x=x, y=y, width=TRACK_CELL - 2, height=40, rx=3,
                         fill="#d9d4cc" if off else fill, stroke=INK, stroke_width=1)]
    if holds_rock:
        parts.append(svg.element("circle", cx=centre, cy=y + 12, r=10, fill="#7d7d7d", stroke="#3f3f3f",
                                 stroke_width=1))
    parts.append(svg.text(centre, y + 16, number, font_size=12, text_anchor="middle",
                          fill="#ffffff" if holds_rock else MUTED))
    if words:
        parts.append(label(centre, y + 36, words, TRACK_CELL - 4, font_weight="bold", text_anchor="middle",
                           fill="#ffffff" if icon == "end" else INK))
    state = "poor rock on it" if holds_rock else ("beyond the end" if off else "empty")
    explain = track_key(icon if icon in TRACK_MARKS else "")
    hint = f"Track space {number}: {state} — {titled(game, explain)}"
    return svg.group(*parts, svg.title(hint), data_explain=explain)


