"""Tinners' Trail in words: the steps' names, and log entries and actions as sentences."""

from __future__ import annotations

from headframe.engine.people import listed, plural
from headframe.engine.wording import Phrasebook, per_seat, who

STEP_WORDS = {
    "actions": "Phase 3: player actions", "auction": "Build Mine auction", "pumps": "Improve Steam Pumps",
    "invest": "Phase 5: external investments", "prospect": "Phase 6: prospecting", "over": "Game over",
}


# --- the log and the actions in words: areas by their names, seats by `seat_label` --

def _area(t, area: str) -> str:
    return t.area_names[t.index[area]]


def _border(t, border: str) -> str:
    a, b = t.borders[t.border_index[border]]
    return f"{t.area_names[a]} and {t.area_names[b]}"


def _roll(t, e) -> str:
    dice = listed([str(d) for d in e["dice"]])
    cubes = listed([plural(e[kind], f"{kind} cube") for kind in ("water", "copper", "tin") if e[kind]], "no cubes")
    return f"The dice for {_area(t, e['area'])} show {dice}: {cubes} added"


def _mined(t, e) -> str:
    cubes = listed([plural(e[ore], f"{ore} cube") for ore in ("copper", "tin") if e[ore]], "nothing")
    return f"{who(e)} mines {cubes} in {_area(t, e['area'])} for £{e['cost']}"


def _mine_ore(t, a) -> str:
    ore = listed([f"{amount} {name}" for amount, name in ((a.copper, "copper"), (a.tin, "tin")) if amount])
    return f"Mine {ore} in {_area(t, a.area)} ({t.mine_ore_tp} TP)"


def _drop_out(t, e) -> str:
    forced = " (cannot bid higher)" if e.get("forced") else ""
    return f"{who(e)} drops out of the auction{forced}"


PHRASES = Phrasebook(
    "Tinners' Trail",
    events={
        "ore_prices": lambda t, e: f"Turn {e['turn']}: tin sells for £{e['tin']} a cube, copper for £{e['copper']} a cube",
        "roll": _roll,
        "auction": lambda t, e: f"{who(e)} puts a mine in {_area(t, e['area'])} up for auction",
        "bid": lambda t, e: f"{who(e)} bids £{e['amount']}",
        "drop_out": _drop_out,
        "mine_built": lambda t, e: f"{who(e)} builds a mine in {_area(t, e['area'])} for £{e['price']}",
        "mine_ore": _mined,
        "build_port": lambda t, e: f"{who(e)} builds a port in {_area(t, e['area'])}",
        "place_miner": lambda t, e: f"{who(e)} places a miner in {_area(t, e['area'])}",
        "build_adit": lambda t, e: f"{who(e)} builds an adit between {_border(t, e['border'])}",
        "build_train": lambda t, e: f"{who(e)} builds a train in {_area(t, e['area'])}",
        "improve_steam_pumps": lambda t, e: (f"{who(e)} improves steam pumps with a stack of "
                                             f"{plural(e['discs'], 'disc')}"),
        "remove_water": lambda t, e: f"{who(e)} pumps one water cube out of {_area(t, e['area'])}",
        "stop_pumping": lambda t, e: f"{who(e)} stops pumping, leaving {plural(e['unused'], 'disc')} unused",
        "sell_pasties": lambda t, e: f"{who(e)} sells pasties for £{t.pasties_money}",
        "pass": lambda t, e: f"{who(e)} passes",
        "sell_ore": lambda t, e: f"All ore mined this turn is sold: {per_seat('earns', e['income'], '£{}')}",
        "invest": lambda t, e: f"{who(e)} places an investment cube in the £{e['cost']} box",
        "decline": lambda t, e: f"{who(e)} makes no further investment",
        "prospect": lambda t, e: f"{who(e)} prospects {_area(t, e['area'])}",
        "game_over": lambda t, e: f"Game over: {per_seat('has', e['vp'], '{} VP')}",
    },
    actions={
        "build_mine": lambda t, a: f"Build a mine in {_area(t, a.area)}: auction it (the winner spends {t.mine_tp} TP)",
        "mine_ore": _mine_ore,
        "build_port": lambda t, a: f"Build a port in {_area(t, a.area)} ({t.port_tp} TP)",
        "place_miner": lambda t, a: f"Place a miner in {_area(t, a.area)} ({t.miner_tp} TP)",
        "build_adit": lambda t, a: f"Build an adit between {_border(t, a.border)} ({t.adit_tp} TP)",
        "build_train": lambda t, a: f"Build a train in {_area(t, a.area)} ({t.train_tp} TP)",
        "improve_steam_pumps": lambda t, a: f"Improve steam pumps: take the discs in box {a.box + 1} ({t.pumps_tp} TP)",
        "sell_pasties": lambda t, a: f"Sell pasties for £{t.pasties_money} ({t.pasties_tp} TP)",
        "pass": lambda t, a: "Pass",
        "bid": lambda t, a: f"Bid £{a.amount}",
        "drop_out": lambda t, a: "Drop out of the auction",
        "remove_water": lambda t, a: f"Remove one water cube from {_area(t, a.area)}",
        "stop_pumping": lambda t, a: "Stop pumping",
        "invest": lambda t, a: f"Place an investment cube in the £{t.column_costs[a.column]} box",
        "decline": lambda t, a: "Make no further investment",
        "prospect": lambda t, a: f"Prospect {_area(t, a.area)}",
    },
)
