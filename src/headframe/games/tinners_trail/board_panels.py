"""The board's panels around the map: the players (money and VP at the top of
the right-hand column, where a screen shows them first), the Ore Price table,
and along the bottom the External Investments display, the Time Track with the
Order of Play column, and the developments."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache, partial
from typing import Any

from headframe.engine import seat_colour, seat_label, seat_number, svg
from headframe.engine.people import listed

from . import glossary
from .drawing import (
    ADIT,
    ADIT_EDGE,
    COPPER,
    INK,
    MUTED,
    PUMP_DISC,
    SMALLEST,
    TIN,
    WATER,
    Said,
    explained,
    label,
    line,
    seat_name,
    words,
    wrapped,
)
from .text import STEP_WORDS

PANEL_X = 940  # the right-hand column: players, prices
PANEL_W = 310
BOTTOM_Y = 662  # the investment display, the time track, the developments
CARD_H = 80  # one player's card


def status(t, view: dict[str, Any]) -> list[Said]:
    """What the one text saying whose move it is says (`data-to-move`)."""
    if view["over"]:
        result = view["result"]
        winners = [seat for seat, rank in enumerate(result["ranking"]) if rank == 1]
        return [f"Game over: {listed([seat_name(seat) for seat in winners])} "
                f"win{'s' if len(winners) == 1 else ''} with ",
                (result["scores"][winners[0]], f"result.scores.{winners[0]}"), " VP"]
    movers = view["to_move"]
    me = view.get("seat")
    who = "your move" if movers == [me] else listed([seat_name(seat) for seat in movers]) + " to move"
    status: list[Said] = ["Turn ", (view["turn"], "turn"), f" of {t.turns} · {STEP_WORDS[view['step']]} · {who}"]
    if me in movers:
        status.append(f": {view['decision']['prompt']}")
    return status


def to_move(view: dict[str, Any]) -> str:
    """The seats to move, for `data-to-move` (none once the game is over)."""
    return "" if view["over"] else " ".join(str(seat) for seat in view["to_move"])


def status_lines(t, view: dict[str, Any], x: int, y: int, width: int) -> tuple[str, int]:
    """The text saying whose move it is in lines of at most `width`, and how many."""
    return wrapped(x, y, status(t, view), width, 16, 20, font_weight="bold", fill=INK, data_to_move=to_move(view))



def players(game, view: dict[str, Any], x: int = PANEL_X, y: int = 40, width: int = PANEL_W,
            seats: list[int] | None = None, smallest: int = SMALLEST) -> str:
    """A card per seat, in the order of `seats` (by default seat order)."""
    parts = [svg.text(x, y + 16, "Players", font_size=16, font_weight="bold", fill=INK)]
    me = view.get("seat")
    for place, seat in enumerate(range(len(view["players"])) if seats is None else seats):
        name = seat_label(seat) + (" (you)" if seat == me else "")
        parts.append(_card(game, x, y + 26 + place * CARD_H, width, smallest, seat, name, seat in view["to_move"],
                           tuple(view["players"][seat].items())))
    return svg.group(*parts, class_="players")


@lru_cache(maxsize=4096)  # bounded: a server draws many games; the seat's name is a key (a table's names)
def _card(game, x: int, ry: int, width: int, smallest: int, seat: int, name: str, to_move: bool,
          items: tuple) -> str:
    """A player's card, headed `name` (`items`: its view's)."""
    player = dict(items)
    at = f"players.{seat}."
    return "".join([
        svg.element("rect", x=x - 4, y=ry, width=width + 4, height=CARD_H - 4, rx=5,
                    fill="#fff7e0" if to_move else "#ffffff",
                    stroke=seat_colour(seat), stroke_width=3 if to_move else 1.5),
        svg.element("circle", cx=x + 10, cy=ry + 14, r=8, fill=seat_colour(seat)),
        label(x + 24, ry + 19, name, width - 28, smallest=smallest, font_weight="bold", fill=INK),
        line(x + 4, ry + 38, words("£"), svg.amount(player["money"], at + "money"), words(" · "),
             svg.amount(player["vp"], at + "vp"), words(" VP · "), svg.amount(player["time_spent"], at + "time_spent"),
             words(f"/{game.tables.time_points} TP"), font_size=15, font_weight="bold", fill=INK),
        line(x + 4, ry + 55, words("holds "), svg.amount(player["held_copper"], at + "held_copper"),
             words(" copper, "), svg.amount(player["held_tin"], at + "held_tin"), words(" tin · mines "),
             svg.amount(player["mines"], at + "mines"), font_size=14, fill=INK),
        line(x + 4, ry + 71, words("sold "), svg.amount(player["copper_sold"], at + "copper_sold"),
             words(" copper, "), svg.amount(player["tin_sold"], at + "tin_sold"), words(" tin · "),
             svg.amount(player["investment_cubes"], at + "investment_cubes"), words(" cubes left"),
             font_size=14, fill=INK),
    ])


def prices_y(view: dict[str, Any]) -> int:
    return 40 + 26 + len(view["players"]) * CARD_H + 8


PRICES_H = 24 + 6 * 24


def prices(game, view: dict[str, Any], x: int, y: int) -> str:
    return _prices(game, x, y, tuple((ore, view["prices"][ore]["row"], view["prices"][ore]["price"])
                                     for ore in ("tin", "copper")))


@lru_cache(maxsize=1024)  # bounded: a server draws many games; prices change once a turn
def _prices(game, x: int, y: int, ores: tuple[tuple[str, int, int], ...]) -> str:
    """The Ore Price table, each ore's current (row, price) in `ores`."""
    t = game.tables
    rows = list(reversed(t.price_rows))  # the highest row on top, as printed
    parts = [svg.text(x, y + 16, "Ore prices", font_size=16, font_weight="bold", fill=INK)]
    for number, row in enumerate(rows):
        parts.append(svg.text(x + 4, y + 41 + number * 24, f"row {row}", font_size=15, fill=MUTED))
    for (ore, current, current_price), cx, table, colour in zip(ores, (x + 118, x + 188), (t.tin_price, t.copper_price),
                                                                (TIN, COPPER)):
        column = [svg.text(cx, y + 16, ore, font_size=15, text_anchor="middle", fill=INK, class_="label")]
        for number, row in enumerate(rows):
            ry = y + 24 + number * 24
            here = current == row
            column.append(svg.element("rect", x=cx - 30, y=ry + 1, width=60, height=22, rx=4,
                                      fill=colour if here else "#ffffff", stroke="#b5a892"))
            price = svg.amount(current_price, f"prices.{ore}.price") if here else words(table[row])
            column.append(line(cx, ry + 17, words("£"), price, font_size=15, text_anchor="middle",
                               font_weight="bold" if here else None, fill="#ffffff" if here else INK))
        parts.append(explained(svg.group(*column), game.presentation.glossary[glossary.price_key(ore)],
                               hint=f"{ore.capitalize()} sells for £{current_price} this turn"))
    return svg.group(*parts, class_="prices")


CELL_H = 48  # an investment box


def investments(game, seat: svg.Seat, x: int = 10, y: int = BOTTOM_Y, turns_across: bool = False,
                cell_w: int = 84) -> str:
    """The display: a row per turn, a column per cost, as printed; `turns_across`: a
    column per turn (for a narrow board). The boxes of this turn's row are where the
    seat invests."""
    view = seat.view
    cell_h = CELL_H
    parts = [svg.text(x, y + 18, "External investments (VP per cube)", font_size=16, font_weight="bold", fill=INK)]
    current = view["turn"] - 1 if view["step"] == "invest" else None
    for number, row in enumerate(view["investments"]):
        ry = y + 28 + number * (cell_h + 4)
        heading = (x + number * (cell_w + 4) + 6, y + 44) if turns_across else (x, ry + 30)
        parts.append(svg.text(*heading, f"Turn {row['turn']}", font_size=15,
                              font_weight="bold" if number == view["turn"] - 1 else None, fill=INK))
        for column, box in enumerate(row["boxes"]):
            bx = x + 62 + column * (cell_w + 4)
            if turns_across:
                bx, ry = x + number * (cell_w + 4), y + 54 + column * (cell_h + 4)
            draw = partial(_investment, game, bx, ry, cell_w, number, column, row["turn"], box, number == current)
            parts.append(seat.place(("invest", column), draw) if number == current else draw(()))
    return svg.group(*parts, class_="investments")


def _investment(game, bx: int, ry: int, cell_w: int, number: int, column: int, turn: int, box: dict[str, Any],
                current: bool, actions: Sequence) -> str:
    """An investment box, where `actions` invest."""
    owners = ", ".join(seat_name(seat) for seat in box["cubes"]) or "empty"
    hint = (f"{game.presentation.describe_action(actions[0])} ({box['vp']} VP)" if actions else
            f"Turn {turn}, £{box['cost']} for {box['vp']} VP: {owners}")
    return _investment_box(game, bx, ry, cell_w, number, column, turn, box["cost"], box["vp"], tuple(box["cubes"]),
                           current, tuple(action.id for action in actions), hint)


TIME_TRACK_H = 224


@lru_cache(maxsize=4096)  # bounded: a server draws many games
def _investment_box(game, bx: int, ry: int, cell_w: int, number: int, column: int, turn: int, cost: int, vp: int,
                    cubes: tuple[int, ...], current: bool, actions: tuple[str, ...], hint: str) -> str:
    at = f"investments.{number}.boxes.{column}."
    shape = svg.group(
        svg.element("rect", x=bx, y=ry, width=cell_w, height=CELL_H, rx=5, fill="#fff7e0" if current else "#ffffff",
                    stroke=INK if current else "#b5a892", stroke_width=2 if current else 1),
        line(bx + 6, ry + 19, words("£"), svg.amount(cost, at + "cost"), font_size=15, fill=MUTED),
        line(bx + 6, ry + 41, svg.amount(vp, at + "vp"), words(" VP"), font_size=15, font_weight="bold", fill=INK),
        *(svg.element("rect", x=bx + 48 + i * 17, y=ry + 6, width=14, height=14, rx=2, fill=seat_colour(seat),
                      stroke=INK, stroke_width=0.8) for i, seat in enumerate(cubes)),
    )
    return explained(shape, game.presentation.glossary[glossary.investment_key(turn, cost)], actions, hint)


def time_track(game, view: dict[str, Any], x: int = 620, y: int = BOTTOM_Y) -> str:
    t = game.tables
    spent = [player["time_spent"] for player in view["players"]]
    pending, passed = view["pending"], view["passed"]
    cell = 23
    track_y = y + 28
    track = [svg.text(x, y + 18, "Time track (TP spent)", font_size=16, font_weight="bold", fill=INK)]
    for space in range(t.time_points + 1):
        track.append(svg.element("rect", x=x + space * cell, y=track_y, width=cell - 2, height=22, rx=3,
                                 fill="#ffffff", stroke="#b5a892"))
        track.append(svg.text(x + space * cell + 10.5, track_y + 16, space, font_size=15,
                              text_anchor="middle", fill=MUTED))
    on_space: dict[int, list[int]] = defaultdict(list)
    for seat in sorted((s for s in range(len(spent)) if s not in pending and s not in passed),
                       key=lambda s: view["arrived"][s]):
        on_space[spent[seat]].append(seat)
    for space, seats in on_space.items():
        for level, seat in enumerate(seats):  # first to arrive at the bottom
            track.append(_token(x + space * cell + 10.5, track_y + 38 + level * 26, seat))
    order = [svg.text(x, y + 182, "Order of play", font_size=15, fill=INK, class_="label")]
    for place, seat in enumerate(view["order_of_play"]):
        order.append(_token(x + 122 + place * 28, y + 177, seat, faded=seat not in pending))
    order.append(svg.text(x, y + 212, "Passed", font_size=15, fill=INK, class_="label"))
    for place, seat in enumerate(passed):
        order.append(_token(x + 122 + place * 28, y + 207, seat))
    return svg.group(
        explained(svg.group(*track), game.presentation.glossary[glossary.TIME_TRACK]),
        explained(svg.group(*order), game.presentation.glossary[glossary.ORDER_OF_PLAY]),
        class_="time-track",
    )


def _token(cx: float, cy: float, seat: int, faded: bool = False) -> str:
    return svg.group(
        svg.element("circle", cx=cx, cy=cy, r=12, fill=seat_colour(seat), stroke=INK, stroke_width=1,
                    opacity=0.35 if faded else None),
        svg.text(cx, cy + 5, seat_number(seat), font_size=15, font_weight="bold", text_anchor="middle", fill="#ffffff"),
        svg.title(seat_name(seat)),
    )


_STOCK = (("miners", "miner"), ("ports", "port"), ("trains", "train"), ("adits", "adit"))
_LETTERS = {"miner": "Mi", "port": "Pt", "train": "Tr"}


def developments_h(view: dict[str, Any]) -> int:
    return 164 if view["pumping"] else 140


def developments(game, seat: svg.Seat, x: int = 895, y: int = BOTTOM_Y) -> str:
    """The developments, where the seat takes a steam pump box."""
    return seat.viewer(partial(_seat_developments, game, x, y))


def _seat_developments(game, x: int, y: int, seat: svg.Seat) -> str:
    view, places = seat.view, seat.places
    pumps = tuple((box, discs, tuple(a.id for a in places.get(("pumps", box), ())),
                   game.presentation.describe_action(places[("pumps", box)][0]) if ("pumps", box) in places else "")
                  for box, discs in enumerate(view["steam_pumps"]))
    return _developments(game, x, y, tuple(view["available"][kind] for kind, _ in _STOCK), pumps, view["pumping"])


@lru_cache(maxsize=1024)  # bounded: a server draws many games
def _developments(game, x: int, y: int, available: tuple[int, ...],
                  pumps: tuple[tuple[int, int, tuple[str, ...], str], ...], pumping: int) -> str:
    """The Available Developments box (`available`: a count per `_STOCK` kind) and the
    steam pump boxes (`pumps`: each box, its discs, the ids of the actions taking it
    and what the first does)."""
    stock = [svg.text(x, y + 18, "Available developments", font_size=16, font_weight="bold", fill=INK)]
    for number, ((kind, piece), left) in enumerate(zip(_STOCK, available)):
        px = x + number * 64
        if piece == "adit":
            shape = svg.element("rect", x=px + 6, y=y + 27, width=20, height=19, rx=3, fill=ADIT,
                                stroke=ADIT_EDGE, stroke_width=2)
        else:
            shape = svg.group(
                svg.element("rect", x=px, y=y + 26, width=29, height=20, rx=4, fill="#4a3b2c"),
                svg.text(px + 14.5, y + 41, _LETTERS[piece], font_size=14, text_anchor="middle", fill="#ffffff",
                         class_="label"),
            )
        count = line(px + 34, y + 42, words("×"), svg.amount(left, f"available.{kind}"), font_size=15, fill=INK)
        stock.append(explained(svg.group(shape, count), game.presentation.glossary[glossary.piece_key(piece)],
                               hint=f"{left} {piece}{'s' if left != 1 else ''} available"))
    parts = [explained(svg.group(*stock), game.presentation.glossary[glossary.DEVELOPMENTS]),
             svg.text(x, y + 78, "Steam pumps", font_size=16, font_weight="bold", fill=INK),
             svg.element("circle", cx=x + 137, cy=y + 72, r=7, fill=PUMP_DISC),
             svg.text(x + 150, y + 78, "steam pump disc", font_size=15, fill=INK)]
    for box, discs, actions, does in pumps:
        bx = x + box * 64
        shape = svg.group(
            svg.element("rect", x=bx, y=y + 88, width=56, height=44, rx=6, fill="#ffffff", stroke="#8c7b62",
                        stroke_width=2),
            *(svg.element("circle", cx=bx + 11 + d * 17, cy=y + 102, r=7, fill=PUMP_DISC) for d in range(discs)),
            svg.text(bx + 28, y + 127, f"box {box + 1}", font_size=15, text_anchor="middle", fill=MUTED,
                     class_="label"),
        )
        stack = f"{discs} disc{'s' if discs != 1 else ''}"
        hint = f"{does}: take {stack}" if actions else f"Steam pump box {box + 1}: {stack}"
        parts.append(explained(shape, game.presentation.glossary[glossary.pumps_key(box)], actions, hint))
    if pumping:
        parts.append(line(x, y + 156, words("Pumping: "), svg.amount(pumping, "pumping"),
                          words(" water cube(s) still to remove"), font_size=15, fill=WATER))
    return svg.group(*parts, class_="developments")
