"""Tinners' Trail in words: the terminal picture of a view (plain-text tables),
and log entries and actions as sentences."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from headframe.engine import seat_label
from headframe.engine.people import listed, plural
from headframe.engine.wording import Phrasebook, per_seat, who


def table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A table as the terminal shows it: the title centred over it, a header row
    and a heavy rule, columns as wide as their widest cell, one space of padding
    each side of a cell, no outer edge (the look of Rich's `Table(show_edge=False)`)."""
    rows = [list(row) for row in rows]
    widths = [max(len(cell) for cell in column) for column in zip(columns, *rows)]

    def line(cells: Sequence[str], bar: str) -> str:
        return bar.join(f" {cell.ljust(width)} " for cell, width in zip(cells, widths))

    excess = max(0, sum(widths) + 3 * len(widths) - 1 - len(title))
    lines = [
        " " * (excess // 2) + title + " " * (excess - excess // 2),
        line(columns, "┃"),
        "╇".join("━" * (width + 2) for width in widths),
    ]
    lines.extend(line(row, "│") for row in rows)
    return "\n".join(lines)


STEP_WORDS = {
    "actions": "Phase 3: player actions", "auction": "Build Mine auction", "pumps": "Improve Steam Pumps",
    "invest": "Phase 5: external investments", "prospect": "Phase 6: prospecting", "over": "Game over",
}


def render_text(t, view: dict[str, Any]) -> str:
    """The whole view as plain text for a person: names, never ids or raw data."""
    movers = listed([seat_label(seat) for seat in view["to_move"]], "nobody")
    prices = view["prices"]
    available = view["available"]
    stacks = ", ".join(f"box {box} {plural(size, 'disc')}" for box, size in enumerate(view["steam_pumps"], 1) if size)
    lines = [
        f"Tinners' Trail · turn {view['turn']} of {t.turns} · {STEP_WORDS[view['step']]}"
        + ("" if view["over"] else f" · {movers} to move"),
        f"Ore prices: tin £{prices['tin']['price']} (row {prices['tin']['row']}), "
        f"copper £{prices['copper']['price']} (row {prices['copper']['row']})",
        f"Available developments: {plural(available['miners'], 'miner')}, {plural(available['ports'], 'port')}, "
        f"{plural(available['trains'], 'train')}, {plural(available['adits'], 'adit')}; "
        f"steam pumps: {stacks or 'none'}",
        _map_table(view),
        _connections(t, view),
        _players_table(t, view),
        f"Order of play: {_seats(view['order_of_play'])} · yet to start this turn: {_seats(view['pending'])}",
        f"Passed: {_seats(view['passed'])}",
    ]
    auction = view["auction"]
    if auction:
        high = "no bid yet" if auction["leader"] is None else \
            f"high bid £{auction['high']} by {seat_label(auction['leader'])}"
        lines.append(
            f"Auction for a mine in {_area(t, auction['area'])}, opened by {seat_label(auction['opener'])}: "
            f"{high}; still bidding: {_seats(auction['bidders'])}"
        )
    if view["pumping"]:
        lines.append(f"Steam pumps: {plural(view['pumping'], 'water cube')} still to remove")
    lines.append(_investment_table(view))
    lines.append(_investments_made(view))
    if "decision" in view:
        decision = view["decision"]
        lines.append(f"Your decision: {decision['prompt']} ({plural(len(decision['actions']), 'choice')})")
    if "result" in view:
        lines.append(_result(view["result"]))
    return "\n".join(_wrapped(line) for line in lines) + "\n"


def _wrapped(text: str) -> str:
    """Each line of `text` broken at 78 columns (a table's lines are shorter already)."""
    return "\n".join(textwrap.fill(line, 78, subsequent_indent="    ") for line in text.splitlines())


def _seats(seats: list[int]) -> str:
    return ", ".join(seat_label(s) for s in seats) or "nobody"


def _map_table(view: dict[str, Any]) -> str:
    rows = []
    for area in view["areas"]:
        name = area["name"] + (" *" if area["sea"] else "")
        developments = " ".join(d for d in ("port", "miner", "train") if area[d]) or "-"
        mine = "-" if area["mine"] is None else seat_label(area["mine"])
        cubes = [str(area[ore]) for ore in ("copper", "tin", "water")] if area["discovered"] else ["clear", "", ""]
        rows.append((name, *cubes, mine, developments, str(area["capacity"])))
    columns = ("area", "copper", "tin", "water", "mine", "developments", "capacity")
    return table("Cornwall", columns, rows) + "\n* on the coast: a port may be built there"


def _connections(t, view: dict[str, Any]) -> str:
    """The map as an adjacency list: each area and the areas it borders, "=" where an adit joins them."""
    adits = set(view["adits"])
    width = max(len(name) for name in t.area_names)
    lines = ["The map: each area — the areas it borders (= an adit across the border)"]
    for a in t.areas:
        neighbours = []
        for border in t.area_borders[a]:
            one, other = t.borders[border]
            neighbour = t.area_names[other if one == a else one]
            neighbours.append(f"={neighbour}" if t.border_ids[border] in adits else neighbour)
        lines.append(f"  {t.area_names[a].ljust(width)} — {', '.join(neighbours)}")
    built = [_border(t, border) for border in view["adits"]]
    lines.append("Adits: " + ("; ".join(f"between {where}" for where in built) or "none"))
    return "\n".join(lines)


def _players_table(t, view: dict[str, Any]) -> str:
    rows = []
    for seat, player in enumerate(view["players"]):
        mark = " (you)" if seat == view.get("seat") else ""
        rows.append((
            f"{seat_label(seat)}{mark}", f"£{player['money']}", f"{player['time_spent']}/{t.time_points}",
            str(player["held_copper"]), str(player["held_tin"]), f"{player['mines']}/{t.max_mines}",
            str(player["investment_cubes"]), str(player["vp"]),
        ))
    columns = ("player", "money", "time", "held copper", "held tin", "mines", "cubes left", "VP")
    return table("Players", columns, rows)


def _investment_table(view: dict[str, Any]) -> str:
    columns = ["turn", *(f"£{box['cost']}" for box in view["investments"][0]["boxes"])]
    rows = [
        [str(row["turn"]), *(f"{box['vp']} VP" + " •" * len(box["cubes"]) for box in row["boxes"])]
        for row in view["investments"]
    ]
    return table("External investments (VP per cube; • a cube placed)", columns, rows)


def _investments_made(view: dict[str, Any]) -> str:
    made: dict[int, list[str]] = {}
    for row in view["investments"]:
        for box in row["boxes"]:
            for seat in box["cubes"]:
                made.setdefault(seat, []).append(f"turn {row['turn']} £{box['cost']} ({box['vp']} VP)")
    return "\n".join(["Investments made:" + ("" if made else " none"),
                      *(f"  {seat_label(seat)}: {', '.join(made[seat])}" for seat in sorted(made))])


def _result(result: dict[str, Any]) -> str:
    ranked = sorted(range(len(result["scores"])), key=lambda seat: (result["ranking"][seat], seat))
    places = [f"  {_ordinal(result['ranking'][seat])} {seat_label(seat)}: {result['scores'][seat]} VP"
              for seat in ranked]
    decided = [f"First place decided by the tie-breaker: {result['tiebreak']}"] if result["tiebreak"] else []
    return "\n".join(["Result:", *places, *decided])


def _ordinal(rank: int) -> str:
    return f"{rank}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(rank if rank < 20 else rank % 10, 'th') }"


# --- the log and the actions in words: areas by their names, seats by `seat_label` --

def _area(t, area: str) -> str:
    return t.area_names[t.index[area]]


def _border(t, border: str) -> str:
    a, b = t.borders[t.border_index[border]]
    return f"{t.area_names[a]} and {t.area_names[b]}"


def _roll(t, e) -> str:
    dice = listed([str(d) for d in e["dice"]])
    return (f"{_area(t, e['area'])} is rolled for (dice {dice}): +{e['water']} water, "
            f"+{e['copper']} copper, +{e['tin']} tin")


def _drop_out(t, e) -> str:
    forced = " (cannot bid higher)" if e.get("forced") else ""
    return f"{who(e)} drops out of the auction{forced}"


PHRASES = Phrasebook(
    "Tinners' Trail",
    events={
        "ore_prices": lambda t, e: f"Turn {e['turn']}: tin sells for £{e['tin']}, copper for £{e['copper']}",
        "roll": _roll,
        "auction": lambda t, e: f"{who(e)} puts {_area(t, e['area'])} up for auction",
        "bid": lambda t, e: f"{who(e)} bids £{e['amount']}",
        "drop_out": _drop_out,
        "mine_built": lambda t, e: f"{who(e)} builds a mine in {_area(t, e['area'])} for £{e['price']}",
        "mine_ore": lambda t, e: (f"{who(e)} mines {e['copper']} copper and {e['tin']} tin in "
                                  f"{_area(t, e['area'])} for £{e['cost']}"),
        "build_port": lambda t, e: f"{who(e)} builds a port in {_area(t, e['area'])}",
        "place_miner": lambda t, e: f"{who(e)} places a miner in {_area(t, e['area'])}",
        "build_adit": lambda t, e: f"{who(e)} builds an adit between {_border(t, e['border'])}",
        "build_train": lambda t, e: f"{who(e)} builds a train in {_area(t, e['area'])}",
        "improve_steam_pumps": lambda t, e: f"{who(e)} takes a stack of {plural(e['discs'], 'steam pump disc')}",
        "remove_water": lambda t, e: f"{who(e)} pumps one water cube out of {_area(t, e['area'])}",
        "stop_pumping": lambda t, e: f"{who(e)} stops pumping and returns {plural(e['unused'], 'unused disc')}",
        "sell_pasties": lambda t, e: f"{who(e)} sells pasties for £1",
        "pass": lambda t, e: f"{who(e)} passes",
        "sell_ore": lambda t, e: f"Ore is sold: {per_seat('earns', e['income'], '£{}')}",
        "invest": lambda t, e: f"{who(e)} makes an external investment for £{e['cost']}",
        "decline": lambda t, e: f"{who(e)} makes no further investment",
        "prospect": lambda t, e: f"{who(e)} prospects {_area(t, e['area'])}",
        "game_over": lambda t, e: f"Game over: {per_seat('has', e['vp'], '{} VP')}",
    },
    actions={
        "build_mine": lambda t, a: f"Build a mine in {_area(t, a.area)} (auction)",
        "mine_ore": lambda t, a: f"Mine {a.copper} copper and {a.tin} tin in {_area(t, a.area)}",
        "build_port": lambda t, a: f"Build a port in {_area(t, a.area)}",
        "place_miner": lambda t, a: f"Place a miner in {_area(t, a.area)}",
        "build_adit": lambda t, a: f"Build an adit between {_border(t, a.border)}",
        "build_train": lambda t, a: f"Build a train in {_area(t, a.area)}",
        "improve_steam_pumps": lambda t, a: f"Improve steam pumps (box {a.box + 1})",
        "sell_pasties": lambda t, a: "Sell pasties (+£1)",
        "pass": lambda t, a: "Pass",
        "bid": lambda t, a: f"Bid £{a.amount}",
        "drop_out": lambda t, a: "Drop out of the auction",
        "remove_water": lambda t, a: f"Remove one water cube from {_area(t, a.area)}",
        "stop_pumping": lambda t, a: "Stop pumping",
        "invest": lambda t, a: f"Make an external investment for £{t.column_costs[a.column]}",
        "decline": lambda t, a: "Make no further investment",
        "prospect": lambda t, a: f"Prospect {_area(t, a.area)}",
    },
)
