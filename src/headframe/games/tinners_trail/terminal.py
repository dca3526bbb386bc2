"""Tinners' Trail at the terminal: the view as plain-text tables and sentences,
every line at most 80 columns, most important first (prices, players, the
areas with mines), short enough for a 40-row screen with four players."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from headframe.engine import seat_label
from headframe.engine.people import listed, plural

from .text import STEP_WORDS

WIDTH = 78
NBSP = "\u00a0"  # joins a name's words so that wrapping never splits it

PIECES = ("port", "miner", "train")


def table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A table as the terminal shows it: the title centred over it, a header row
    and a heavy rule, columns as wide as their widest cell, one space of padding
    each side of a cell, no outer edge (the look of Rich's `Table(show_edge=False)`)."""
    rows = [list(row) for row in rows]
    widths = [max(len(cell) for cell in column) for column in zip(columns, *rows)]

    def line(cells: Sequence[str], bar: str) -> str:
        return bar.join(f" {cell.ljust(width)} " for cell, width in zip(cells, widths)).rstrip()

    excess = max(0, sum(widths) + 3 * len(widths) - 1 - len(title))
    lines = [" " * (excess // 2) + title, line(columns, "┃"), "╇".join("━" * (width + 2) for width in widths)]
    lines.extend(line(row, "│") for row in rows)
    return "\n".join(lines)


def render_text(game, view: dict[str, Any]) -> str:
    """The whole view as plain text for a person: names, never ids or raw data."""
    t = game.tables
    parts = [
        _prose(_heading(t, view)),
        _prose(_prices(t, view)),
        _prose(_available(view)),
        _players_table(t, view),
        _prose(_order(view)),
        *(_prose(line) for line in _under_way(t, view)),
        _areas_table(view),
        *(_prose(line) for line in _map_notes(t, view)),
    ]
    if not view["over"]:
        parts.append(_prose(_investments(view)))
    if "decision" in view:
        decision = view["decision"]
        parts.append(_prose(f"Your decision: {decision['prompt']} ({plural(len(decision['actions']), 'choice')})"))
    if "result" in view:
        parts.append(_result(view["result"]))
    return "\n".join(parts).replace(NBSP, " ") + "\n"


def _prose(text: str) -> str:
    """A sentence wrapped at the terminal's width, never inside a word or a name."""
    return textwrap.fill(text, WIDTH, subsequent_indent="    ", break_long_words=False, break_on_hyphens=False)


def _name(words: str) -> str:
    return words.replace(" ", NBSP)


def _seat(seat: int) -> str:
    return _name(seat_label(seat))


def _seats(seats: list[int]) -> str:
    return listed([_seat(s) for s in seats], "nobody")


def _heading(t, view: dict[str, Any]) -> str:
    movers = "" if view["over"] else f" · {_seats(view['to_move'])} to move"
    return f"Tinners' Trail · turn {view['turn']} of {t.turns} · {STEP_WORDS[view['step']]}{movers}"


def _prices(t, view: dict[str, Any]) -> str:
    rows = len(t.tin_price)
    tin, copper = view["prices"]["tin"], view["prices"]["copper"]
    return (f"Ore prices: tin £{tin['price']} a cube (row {tin['row']} of {rows}), "
            f"copper £{copper['price']} a cube (row {copper['row']} of {rows})")


def _available(view: dict[str, Any]) -> str:
    available = view["available"]
    pieces = [plural(available[f"{piece}s"], piece) for piece in ("miner", "port", "train", "adit")
              if available[f"{piece}s"]]
    discs = ", ".join(str(size) for size in view["steam_pumps"])
    return (f"Available developments: {listed(pieces, 'none')}; "
            f"steam pump discs by box: {discs}")


def _players_table(t, view: dict[str, Any]) -> str:
    rows = []
    for seat, player in enumerate(view["players"]):
        mark = " (you)" if seat == view.get("seat") else ""
        rows.append((
            f"{seat_label(seat)}{mark}", f"£{player['money']}",
            "passed" if seat in view["passed"] else f"{player['time_spent']}/{t.time_points}",
            str(player["held_copper"]), str(player["held_tin"]), f"{player['mines']}/{t.max_mines}",
            str(player["investment_cubes"]), str(player["vp"]),
        ))
    columns = ("player", "money", "time", "copper", "tin", "mines", "cubes", "VP")
    return table(f"Players: time points spent of {t.time_points}, ore held, mines built, investment cubes left",
                 columns, rows)


def _order(view: dict[str, Any]) -> str:
    order = ", ".join(_seat(seat) for seat in view["order_of_play"])
    return f"Order of play: {order} · yet to start this turn: {_seats(view['pending'])}"


def _under_way(t, view: dict[str, Any]) -> list[str]:
    """The auction or the steam pumping going on, if any."""
    lines = []
    auction = view["auction"]
    if auction:
        area = _name(t.area_names[t.index[auction["area"]]])
        high = "no bid yet" if auction["leader"] is None else \
            f"high bid £{auction['high']} by {_seat(auction['leader'])}"
        lines.append(f"Auction for a mine in {area}, opened by {_seat(auction['opener'])}: {high}; "
                     f"still bidding: {_seats(auction['bidders'])}")
    if view["pumping"]:
        lines.append(f"Steam pumps: {plural(view['pumping'], 'water cube')} still to remove")
    return lines


def _areas_table(view: dict[str, Any]) -> str:
    """One line per area with cubes or a mine, the mines first; columns no area fills are left out."""
    shown = [area for area in view["areas"] if area["discovered"] or area["mine"] is not None]
    shown.sort(key=lambda area: area["mine"] is None)
    columns = {
        "area": [area["name"] + (" *" if area["sea"] else "") for area in shown],
        "copper": [str(area["copper"]) for area in shown],
        "tin": [str(area["tin"]) for area in shown],
        "water": [str(area["water"]) for area in shown],
        "mine": [seat_label(area["mine"]) if area["mine"] is not None else "" for area in shown],
        "capacity": [str(area["capacity"]) if area["mine"] is not None else "" for area in shown],
        "developments": [" ".join(piece for piece in PIECES if area[piece]) for area in shown],
    }
    filled = {name: cells for name, cells in columns.items() if any(cells)}
    return table("Areas (* on the coast; type ? and an area's name for its borders)", list(filled),
                 zip(*filled.values()))


def _map_notes(t, view: dict[str, Any]) -> list[str]:
    clear = [_name(area["name"]) + _pieces(area) for area in view["areas"]
             if not area["discovered"] and area["mine"] is None]
    adits = [_border(t, border) for border in view["adits"]]
    return [f"Clear areas, not yet prospected: {listed(clear)}"] * bool(clear) + [f"Adits: {', '.join(adits) or 'none'}"]


def _pieces(area: dict[str, Any]) -> str:
    pieces = [piece for piece in PIECES if area[piece]]
    return f" ({listed(pieces)})" if pieces else ""


def _border(t, border: str) -> str:
    one, other = t.borders[t.border_index[border]]
    return _name(f"{t.area_names[one]}–{t.area_names[other]}")


def _investments(view: dict[str, Any]) -> str:
    """This turn's row of external investments: what each box costs and earns, and the cubes in it."""
    row = view["investments"][view["turn"] - 1]
    boxes = [_name(f"£{box['cost']} for {box['vp']} VP") + (f" ({_seats(box['cubes'])})" if box["cubes"] else "")
             for box in row["boxes"]]
    return f"External investments this turn, at most two cubes a box: {'; '.join(boxes)}"


def _result(result: dict[str, Any]) -> str:
    ranked = sorted(range(len(result["scores"])), key=lambda seat: (result["ranking"][seat], seat))
    places = [f"  {_ordinal(result['ranking'][seat])} {seat_label(seat)}: {result['scores'][seat]} VP"
              for seat in ranked]
    decided = [_prose(f"First place decided by the tie-breaker: {result['tiebreak']}")] if result["tiebreak"] else []
    return "\n".join(["Result:", *places, *decided])


def _ordinal(rank: int) -> str:
    return f"{rank}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(rank if rank < 20 else rank % 10, 'th') }"
