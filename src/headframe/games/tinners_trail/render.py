"""Words and pictures for people: the terminal picture of a view (Rich tables
rendered to plain text), and log entries and actions in words."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.table import Table

from headframe.engine import seat_label, seat_number
from headframe.engine.people import listed, plural


def render_text(view: dict[str, Any]) -> str:
    console = Console(file=io.StringIO(), width=110, color_system=None, force_terminal=False)
    active = view.get("active")
    console.print(
        f"Tinners' Trail · turn {view['turn']} · {view['step']}"
        + (f" · {seat_label(active)} to move" if active is not None else "")
    )
    prices = view["prices"]
    console.print(
        f"Ore prices: tin £{prices['tin']['price']} (row {prices['tin']['row']}), "
        f"copper £{prices['copper']['price']} (row {prices['copper']['row']})"
    )
    available = view["available"]
    stacks = ", ".join(str(size) for size in view["steam_pumps"] if size) or "none"
    console.print(
        f"Available developments: {available['miners']} miners, {available['ports']} ports, "
        f"{available['trains']} trains, {available['adits']} adits; steam pump stacks: {stacks}"
    )
    console.print(_map_table(view))
    console.print("Adits: " + (", ".join(view["adits"]) or "none"))
    console.print(_players_table(view))
    console.print(
        f"Order of play: {_seats(view['order_of_play'])} · waiting: {_seats(view['pending'])} "
        f"· passed: {_seats(view['passed'])}"
    )
    auction = view["auction"]
    if auction:
        leader = "none yet" if auction["leader"] is None else seat_label(auction["leader"])
        console.print(
            f"Auction for {auction['area']} opened by {seat_label(auction['opener'])}: "
            f"high bid £{auction['high']} by {leader}; bidding: {_seats(auction['bidders'])}"
        )
    if view["pumping"]:
        console.print(f"Steam pumps: {view['pumping']} water cube(s) still to remove")
    console.print(_investment_table(view))
    if "decision" in view:
        decision = view["decision"]
        console.print(f"Your decision ({decision['kind']}): {decision['prompt']}, {len(decision['actions'])} choices")
    if "result" in view:
        result = view["result"]
        console.print(f"Result: scores {result['scores']}, ranking {result['ranking']}, tie-break {result['tiebreak']}")
    return console.file.getvalue()


def _seats(seats: list[int]) -> str:
    return " ".join(str(seat_number(s)) for s in seats) or "-"


def _map_table(view: dict[str, Any]) -> Table:
    table = Table(title="Cornwall", show_edge=False)
    for column in ("area", "copper", "tin", "water", "mine", "developments", "capacity"):
        table.add_column(column)
    for area in view["areas"]:
        name = area["name"] + ("" if area["discovered"] else " (clear)") + (" ~" if area["sea"] else "")
        developments = " ".join(d for d in ("port", "miner", "train") if area[d]) or "-"
        mine = "-" if area["mine"] is None else seat_label(area["mine"])
        table.add_row(
            name, str(area["copper"]), str(area["tin"]), str(area["water"]), mine, developments, str(area["capacity"])
        )
    return table


def _players_table(view: dict[str, Any]) -> Table:
    table = Table(title="Players", show_edge=False)
    for column in ("seat", "money", "time", "held copper", "held tin", "mines", "cubes left", "VP"):
        table.add_column(column)
    for seat, player in enumerate(view["players"]):
        mark = " (you)" if seat == view.get("seat") else ""
        table.add_row(
            f"{seat_number(seat)}{mark}", f"£{player['money']}", f"{player['time_spent']}/10",
            str(player["held_copper"]), str(player["held_tin"]), str(player["mines"]),
            str(player["investment_cubes"]), str(player["vp"]),
        )
    return table


def _investment_table(view: dict[str, Any]) -> Table:
    table = Table(title="External investments (VP per cube: seats)", show_edge=False)
    table.add_column("turn")
    for box in view["investments"][0]["boxes"]:
        table.add_column(f"£{box['cost']}")
    for row in view["investments"]:
        cells = [f"{box['vp']}: {_seats(box['cubes'])}" for box in row["boxes"]]
        table.add_row(str(row["turn"]), *cells)
    return table


def describe_event(tables, entry: dict[str, Any]) -> str:
    """One log entry as a sentence: areas by their names, seats as "Seat N"."""
    try:
        sentence = _EVENTS[entry["event"]]
    except KeyError:
        raise ValueError(f"Tinners' Trail logs no event {entry.get('event')!r}") from None
    return sentence(tables, entry)


def describe_action(tables, action) -> str:
    return _ACTIONS[action.kind](tables, action)


def _area(t, area: str) -> str:
    return t.area_names[t.index[area]]


def _border(t, border: str) -> str:
    a, b = t.borders[t.border_index[border]]
    return f"{t.area_names[a]} and {t.area_names[b]}"


def _per_seat(verb: str, amounts: list[int], unit: str) -> str:
    """"Seat 1 earns £12, Seat 2 £7": the verb once, after the first seat."""
    first, *others = (unit.format(amount) for amount in amounts)
    rest = [f", {seat_label(seat)} {amount}" for seat, amount in enumerate(others, start=1)]
    return f"{seat_label(0)} {verb} {first}" + "".join(rest)


def _who(entry) -> str:
    return seat_label(entry["seat"])


def _roll(t, e) -> str:
    dice = listed([str(d) for d in e["dice"]])
    return (f"{_area(t, e['area'])} is rolled for (dice {dice}): +{e['water']} water, "
            f"+{e['copper']} copper, +{e['tin']} tin")


def _drop_out(t, e) -> str:
    forced = " (cannot bid higher)" if e.get("forced") else ""
    return f"{_who(e)} drops out of the auction{forced}"


def _sell_ore(t, e) -> str:
    return f"Ore is sold: {_per_seat('earns', e['income'], '£{}')}"


_EVENTS = {
    "ore_prices": lambda t, e: f"Turn {e['turn']}: tin sells for £{e['tin']}, copper for £{e['copper']}",
    "roll": _roll,
    "auction": lambda t, e: f"{_who(e)} puts {_area(t, e['area'])} up for auction",
    "bid": lambda t, e: f"{_who(e)} bids £{e['amount']}",
    "drop_out": _drop_out,
    "mine_built": lambda t, e: f"{_who(e)} builds a mine in {_area(t, e['area'])} for £{e['price']}",
    "mine_ore": lambda t, e: (f"{_who(e)} mines {e['copper']} copper and {e['tin']} tin in "
                              f"{_area(t, e['area'])} for £{e['cost']}"),
    "build_port": lambda t, e: f"{_who(e)} builds a port in {_area(t, e['area'])}",
    "place_miner": lambda t, e: f"{_who(e)} places a miner in {_area(t, e['area'])}",
    "build_adit": lambda t, e: f"{_who(e)} builds an adit between {_border(t, e['border'])}",
    "build_train": lambda t, e: f"{_who(e)} builds a train in {_area(t, e['area'])}",
    "improve_steam_pumps": lambda t, e: f"{_who(e)} takes a stack of {plural(e['discs'], 'steam pump disc')}",
    "remove_water": lambda t, e: f"{_who(e)} pumps one water cube out of {_area(t, e['area'])}",
    "stop_pumping": lambda t, e: f"{_who(e)} stops pumping and returns {plural(e['unused'], 'unused disc')}",
    "sell_pasties": lambda t, e: f"{_who(e)} sells pasties for £1",
    "pass": lambda t, e: f"{_who(e)} passes",
    "sell_ore": _sell_ore,
    "invest": lambda t, e: f"{_who(e)} makes an external investment for £{e['cost']}",
    "decline": lambda t, e: f"{_who(e)} makes no further investment",
    "prospect": lambda t, e: f"{_who(e)} prospects {_area(t, e['area'])}",
    "game_over": lambda t, e: f"Game over: {_per_seat('has', e['vp'], '{} VP')}",
}

_ACTIONS = {
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
}
