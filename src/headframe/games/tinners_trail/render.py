"""Words and pictures for people: the terminal picture of a view (Rich tables
rendered to plain text), and log entries and actions in words."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.table import Table

from headframe.engine import seat_label, seat_number


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


_EVENT_WORDS = {
    "ore_prices": "Turn {turn}: tin sells for £{tin}, copper for £{copper}",
    "roll": "Rolled for {area}: +{water} water, +{copper} copper, +{tin} tin (dice {dice})",
    "auction": "{who} puts {area} up for auction",
    "bid": "{who} bids £{amount}",
    "drop_out": "{who} drops out of the auction",
    "mine_built": "{who} builds a mine in {area} for £{price}",
    "mine_ore": "{who} mines {copper} copper and {tin} tin in {area} for £{cost}",
    "build_port": "{who} builds a port in {area}",
    "place_miner": "{who} places a miner in {area}",
    "build_adit": "{who} builds an adit across {border}",
    "build_train": "{who} builds a train in {area}",
    "improve_steam_pumps": "{who} takes a stack of {discs} steam pump disc(s)",
    "remove_water": "{who} pumps one water cube out of {area}",
    "stop_pumping": "{who} returns {unused} unused disc(s)",
    "sell_pasties": "{who} sells pasties for £1",
    "pass": "{who} passes",
    "sell_ore": "Ore sold: income per seat {income}",
    "invest": "{who} invests £{cost} (column {column})",
    "decline": "{who} makes no further investment",
    "prospect": "{who} prospects {area}",
    "game_over": "Game over: victory points {vp}",
}


def describe_event(entry: dict[str, Any]) -> str:
    template = _EVENT_WORDS.get(entry["event"])
    if template is None:
        return entry["event"]
    if "seat" in entry:
        return template.format(**entry, who=seat_label(entry["seat"]))
    return template.format(**entry)


_ACTION_WORDS = {
    "build_mine": "Build a mine in {area} (auction)",
    "mine_ore": "Mine {copper} copper and {tin} tin in {area}",
    "build_port": "Build a port in {area}",
    "place_miner": "Place a miner in {area}",
    "build_adit": "Build an adit across {border}",
    "build_train": "Build a train in {area}",
    "improve_steam_pumps": "Improve steam pumps (box {box})",
    "sell_pasties": "Sell pasties (+£1)",
    "pass": "Pass",
    "bid": "Bid £{amount}",
    "drop_out": "Drop out of the auction",
    "remove_water": "Remove one water cube from {area}",
    "stop_pumping": "Stop pumping",
    "invest": "Invest in column {column}",
    "decline": "Make no further investment",
    "prospect": "Prospect {area}",
}


def describe_action(action) -> str:
    return _ACTION_WORDS[action.kind].format(**action.to_json())
