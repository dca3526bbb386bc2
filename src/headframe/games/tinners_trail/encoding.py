"""Tinners' Trail as a flat vector for learners, built from a seat's view only.

Seats are rotated so that index 0 is the observer, then the next seat clockwise
(TIN-R3), and so on: one policy can play any seat. Everything is public (TIN-R7),
so the view of a seat is the whole position."""

from __future__ import annotations

from functools import cache
from typing import Any

from headframe.engine.observation import ObservationLayout, PointOfView

from .components import Tables
from .flow import STEPS

# The value of each option that reads 1.0 (the rest read 0.0).
OPTION_FLAGS = {
    "water_added_per_mine_action": 1,
    "adit_bonus_test": "discovered",
    "adit_roll_bonus": "once",
    "roll_modifiers_on_mine_build": True,
    "investment_decline_is_final": True,
    "prospect_in_final_turn": True,
}
DECISIONS = ("action", "opening_bid", "bid", "remove_water", "invest", "prospect")
DEVELOPMENTS = ("miners", "ports", "trains", "adits")
PLAYER_FIELDS = (
    ("money", 100, "money, £/100"),
    ("time_spent", 10, "TP spent this turn /10"),
    ("held_copper", 25, "copper mined this turn, not yet sold, /25"),
    ("held_tin", 25, "tin mined this turn, not yet sold, /25"),
    ("copper_sold", 50, "copper sold so far /50"),
    ("tin_sold", 50, "tin sold so far /50"),
    ("mines", 6, "mines built /6"),
    ("investment_cubes", 12, "investment cubes left /12"),
    ("vp", 100, "victory points /100"),
)
CUBES = 10  # scale of an area's cubes: a roll adds at most 4 water, 3 copper, 3 tin
MONEY = 100
PUMP_DISCS = 3  # the largest steam pump stack


def layout(game, players: int, options: Any = None) -> ObservationLayout:
    """The same fields under every option set (the options are a field)."""
    return _layout(game, players)


@cache
def _layout(game, players: int) -> ObservationLayout:
    """Built once per game and player count."""
    t: Tables = game.tables
    n = players
    areas, borders = len(t.area_ids), len(t.border_ids)
    rows, columns = len(t.investment_vp), len(t.column_costs)
    fields = [
        ("options", len(OPTION_FLAGS), "variant flags: " + ", ".join(OPTION_FLAGS)),
        ("turn", t.turns, "one-hot turn 1..4"),
        ("step", len(STEPS), "one-hot step: " + ", ".join(STEPS)),
        ("decision", len(DECISIONS), "one-hot kind of my decision (zeros: not mine to make): " + ", ".join(DECISIONS)),
        ("to_move", n, "one-hot seat to move, relative to me (zeros: game over)"),
        ("tin_row", len(t.price_rows), "one-hot Ore Price row of tin, lowest first"),
        ("copper_row", len(t.price_rows), "one-hot Ore Price row of copper, lowest first"),
        ("prices", 2, "this turn's tin and copper prices /7"),
        ("discovered", areas, "per area (map order): discovered (TIN-R12)"),
        ("copper", areas, f"per area: copper cubes /{CUBES}"),
        ("tin", areas, f"per area: tin cubes /{CUBES}"),
        ("water", areas, f"per area: water cubes /{CUBES}"),
        ("mine", areas * n, "per area, per relative seat: owns the mine there"),
        ("port", areas, "per area: a port"),
        ("miner", areas, "per area: a miner"),
        ("train", areas, "per area: a train"),
        ("adits", borders, "per border (data order): an adit"),
        ("available", len(DEVELOPMENTS), "Available Developments /3: " + ", ".join(DEVELOPMENTS)),
        ("steam_pumps", len(t.pump_boxes), f"discs in each steam pump box /{PUMP_DISCS}"),
        ("pumping", 1, f"discs of the stack being used still to remove /{PUMP_DISCS}"),
        ("order_of_play", n * n, "per place in the Order of Play column, one-hot relative seat"),
        ("pending", n, "per relative seat: still on the Order of Play column (TIN-R19)"),
        ("passed", n * n, "per place in this turn's pass order, one-hot relative seat"),
        ("arrival", n, "per relative seat: rank of arrival on its Time Track space /(players-1) (TIN-R21)"),
        ("last_action_taken", 1, "the last unpassed player took his one more action (TIN-R24)"),
        ("auction_area", areas, "one-hot area under auction"),
        ("auction_opener", n, "one-hot relative seat that opened the auction"),
        ("auction_high", 1, f"high bid, £/{MONEY}"),
        ("auction_leader", n, "one-hot relative seat of the high bidder"),
        ("auction_bidders", n, "per relative seat: still in the auction"),
        *((name, n, f"per relative seat: {meaning}") for name, _, meaning in PLAYER_FIELDS),
        ("investments", rows * columns * n,
         f"per turn row, per box (£5..£30), per relative seat: cubes /{t.box_capacity}"),
        ("invest_out", n, "per relative seat: out of this External Investments phase"),
        ("declined", n, "per relative seat: declined since the last cube was placed"),
        ("prospects_made", 1, f"prospects made in this phase 6 /{t.prospects_per_turn}"),
    ]
    return ObservationLayout(fields)


def encode(game, view: dict[str, Any]) -> list[float]:
    pov = PointOfView(view)
    n = pov.players
    relative = pov.relative
    t: Tables = game.tables

    w = _layout(game, view["player_count"]).writer()
    w.values("options", [float(view["options"][name] == value) for name, value in OPTION_FLAGS.items()])
    w.one_hot("turn", view["turn"] - 1)
    w.one_hot("step", STEPS.index(view["step"]))
    decision = view.get("decision")
    w.one_hot("decision", DECISIONS.index(decision["kind"]) if decision else None)
    w.one_hot("to_move", relative(view["active"]))
    prices = view["prices"]
    w.one_hot("tin_row", t.price_rows.index(prices["tin"]["row"]))
    w.one_hot("copper_row", t.price_rows.index(prices["copper"]["row"]))
    best = max(max(t.tin_price.values()), max(t.copper_price.values()))
    w.counts("prices", [prices["tin"]["price"], prices["copper"]["price"]], best)

    areas = view["areas"]
    for name in ("discovered", "port", "miner", "train"):
        w.values(name, [area[name] for area in areas])
    for name in ("copper", "tin", "water"):
        w.counts(name, [area[name] for area in areas], CUBES)
    mines: list[float] = []
    for area in areas:  # per area, the owner one-hot by relative seat
        mines.extend(pov.flags(() if area["mine"] is None else (area["mine"],)))
    w.values("mine", mines)
    built = set(view["adits"])
    w.values("adits", [border in built for border in t.border_ids])
    w.counts("available", [view["available"][kind] for kind in DEVELOPMENTS], 3)
    w.counts("steam_pumps", view["steam_pumps"], PUMP_DISCS)
    w.scalar("pumping", view["pumping"], PUMP_DISCS)

    w.values("order_of_play", pov.by_place(view["order_of_play"]))
    w.values("pending", pov.flags(view["pending"]))
    w.values("passed", pov.by_place(view["passed"]))
    arrived = view["arrived"]
    ranks = [sum(other < stamp for other in arrived) for stamp in arrived]
    w.counts("arrival", pov.rotated(ranks), max(n - 1, 1))
    w.scalar("last_action_taken", view["last_action_taken"])

    auction = view["auction"] or {}
    w.one_hot("auction_area", t.index[auction["area"]] if auction else None)
    w.one_hot("auction_opener", relative(auction.get("opener")))
    w.scalar("auction_high", auction.get("high", 0), MONEY)
    w.one_hot("auction_leader", relative(auction.get("leader")))
    w.values("auction_bidders", pov.flags(auction.get("bidders", ())))

    players = view["players"]
    for name, scale, _ in PLAYER_FIELDS:
        w.counts(name, pov.rotated([player[name] for player in players]), scale)
    investments: list[float] = []
    for row in view["investments"]:
        for box in row["boxes"]:
            cubes = pov.rotated([box["cubes"].count(seat) for seat in range(n)])
            investments.extend(count / t.box_capacity for count in cubes)
    w.values("investments", investments)
    w.values("invest_out", pov.rotated(view["invest_out"]))
    w.values("declined", pov.rotated(view["declined"]))
    w.scalar("prospects_made", view["prospects_made"], t.prospects_per_turn)
    return w.finish()
