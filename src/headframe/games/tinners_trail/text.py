"""Tinners' Trail in words: the terminal picture of a view (plain-text tables),
and log entries and actions as sentences."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from headframe.engine import seat_label, seat_number
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


def render_text(view: dict[str, Any]) -> str:
    active = view.get("active")
    prices = view["prices"]
    available = view["available"]
    stacks = ", ".join(str(size) for size in view["steam_pumps"] if size) or "none"
    lines = [
        f"Tinners' Trail · turn {view['turn']} · {view['step']}"
        + (f" · {seat_label(active)} to move" if active is not None else ""),
        f"Ore prices: tin £{prices['tin']['price']} (row {prices['tin']['row']}), "
        f"copper £{prices['copper']['price']} (row {prices['copper']['row']})",
        f"Available developments: {available['miners']} miners, {available['ports']} ports, "
        f"{available['trains']} trains, {available['adits']} adits; steam pump stacks: {stacks}",
        _map_table(view),
        "Adits: " + (", ".join(view["adits"]) or "none"),
        _players_table(view),
        f"Order of play: {_seats(view['order_of_play'])} · waiting: {_seats(view['pending'])} "
        f"· passed: {_seats(view['passed'])}",
    ]
    auction = view["auction"]
    if auction:
        leader = "none yet" if auction["leader"] is None else seat_label(auction["leader"])
        lines.append(
            f"Auction for {auction['area']} opened by {seat_label(auction['opener'])}: "
            f"high bid £{auction['high']} by {leader}; bidding: {_seats(auction['bidders'])}"
        )
    if view["pumping"]:
        lines.append(f"Steam pumps: {view['pumping']} water cube(s) still to remove")
    lines.append(_investment_table(view))
    if "decision" in view:
        decision = view["decision"]
        lines.append(f"Your decision ({decision['kind']}): {decision['prompt']}, {len(decision['actions'])} choices")
    if "result" in view:
        result = view["result"]
        lines.append(f"Result: scores {result['scores']}, ranking {result['ranking']}, tie-break {result['tiebreak']}")
    return "\n".join(lines) + "\n"


def _seats(seats: list[int]) -> str:
    return " ".join(str(seat_number(s)) for s in seats) or "-"


def _map_table(view: dict[str, Any]) -> str:
    rows = []
    for area in view["areas"]:
        name = area["name"] + ("" if area["discovered"] else " (clear)") + (" ~" if area["sea"] else "")
        developments = " ".join(d for d in ("port", "miner", "train") if area[d]) or "-"
        mine = "-" if area["mine"] is None else seat_label(area["mine"])
        rows.append((name, str(area["copper"]), str(area["tin"]), str(area["water"]), mine, developments,
                     str(area["capacity"])))
    return table("Cornwall", ("area", "copper", "tin", "water", "mine", "developments", "capacity"), rows)


def _players_table(view: dict[str, Any]) -> str:
    rows = []
    for seat, player in enumerate(view["players"]):
        mark = " (you)" if seat == view.get("seat") else ""
        rows.append((
            f"{seat_number(seat)}{mark}", f"£{player['money']}", f"{player['time_spent']}/10",
            str(player["held_copper"]), str(player["held_tin"]), str(player["mines"]),
            str(player["investment_cubes"]), str(player["vp"]),
        ))
    columns = ("seat", "money", "time", "held copper", "held tin", "mines", "cubes left", "VP")
    return table("Players", columns, rows)


def _investment_table(view: dict[str, Any]) -> str:
    columns = ["turn", *(f"£{box['cost']}" for box in view["investments"][0]["boxes"])]
    rows = [
        [str(row["turn"]), *(f"{box['vp']}: {_seats(box['cubes'])}" for box in row["boxes"])]
        for row in view["investments"]
    ]
    return table("External investments (VP per cube: seats)", columns, rows)


# --- the log and the actions in words: areas by their names, seats as "Seat N" ----

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
