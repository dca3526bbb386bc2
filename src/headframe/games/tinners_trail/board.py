"""The board picture of Tinners' Trail: one SVG drawn from a seat's view.

The map of Cornwall (areas with their cubes, mines, ports, miners, trains; adits
on borders), the Ore Price table, the Time Track with the Order of Play column,
the developments (Available Developments box, steam pump boxes), the External
Investments display and the players. Where a legal action of the seat's
decision happens, the shape carries its id: an area (build a mine, mine ore,
port, miner, train, pump water out, prospect), a border (adit), a steam pump box,
an investment box. Bids, drop out, stop pumping, pasties, pass and decline have
no place and stay buttons."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from headframe.engine import seat_colour, seat_colour_name, seat_label, seat_number, svg

WIDTH, HEIGHT = 1200, 900

# --- Drawing layout (not rules data) -------------------------------------------------
# Centre of each area's box on the map, roughly as the districts lie: west to the
# left, the north coast at the top. Boxes are AREA_W x AREA_H.
AREA_LAYOUT = {
    "st_just": (62, 330),
    "st_ives": (175, 210),
    "penzance": (160, 462),
    "hayle": (320, 320),
    "marazion": (290, 480),
    "camborne": (420, 210),
    "breage": (410, 440),
    "portreath": (540, 95),
    "redruth": (565, 325),
    "helston": (530, 482),
    "st_agnes": (665, 195),
    "gwennap": (688, 325),
    "wendron": (655, 478),
    "lizard": (610, 592),
    "perranporth": (770, 84),
    "truro": (808, 285),
    "falmouth": (780, 562),
    "newquay": (872, 180),
    "st_austell": (868, 440),
}
AREA_W, AREA_H = 104, 76
MAP = (8, 40, 920, 612)  # x, y, width, height of the sea behind the areas
PANEL_X = 940  # the right-hand column: prices, time track, developments
BOTTOM_Y = 662  # the investment display and the players

COPPER, TIN, WATER = "#b8652b", "#9aa4ad", "#2f6fc0"
LAND, CLEAR_LAND, SEA, INK, MUTED = "#efe2c2", "#f8f4ea", "#cfe3f3", "#2b2118", "#6e6357"
HIGHLIGHT = "#111111"

AREA_ACTIONS = ("build_mine", "mine_ore", "build_port", "place_miner", "build_train", "remove_water", "prospect")
ON_BOARD = AREA_ACTIONS + ("build_adit", "improve_steam_pumps", "invest")


def render_board(game, view: dict[str, Any]) -> str:
    t = game.tables
    by_place: dict[tuple[str, Any], list] = defaultdict(list)  # the legal actions drawn at each place
    for data in (view.get("decision") or {}).get("actions", ()):
        action = game.parse_action(data)
        if action.kind in AREA_ACTIONS:
            by_place["area", action.area].append(action)
        elif action.kind == "build_adit":
            by_place["border", action.border].append(action)
        elif action.kind == "improve_steam_pumps":
            by_place["pumps", action.box].append(action)
        elif action.kind == "invest":
            by_place["invest", action.column].append(action)
    return svg.document(
        WIDTH, HEIGHT,
        _header(view),
        _map(t, view, by_place),
        _prices(t, view),
        _time_track(t, view),
        _developments(view, by_place),
        _investments(view, by_place),
        _players(view),
        label=f"Tinners' Trail, turn {view['turn']}",
    )


def seat_name(seat: int) -> str:
    return f"{seat_label(seat)} ({seat_colour_name(seat)})"


def _header(view: dict[str, Any]) -> str:
    if view["over"]:
        result = view["result"]
        winners = [seat for seat, rank in enumerate(result["ranking"]) if rank == 1]
        status = f"Game over: {' and '.join(map(seat_name, winners))} win{'s' if len(winners) == 1 else ''}"
        status += f" with {result['scores'][winners[0]]} VP"
    else:
        status = f"Turn {view['turn']} of 4 · {_STEP_WORDS[view['step']]} · {seat_name(view['active'])} to move"
        if view.get("seat") is not None and view["seat"] == view["active"]:
            status += f": {view['decision']['prompt']}"
    return svg.text(14, 27, status, font_size=18, font_weight="bold", fill=INK)


_STEP_WORDS = {
    "actions": "Phase 3: player actions", "auction": "Build Mine auction", "pumps": "Improve Steam Pumps",
    "invest": "Phase 5: external investments", "prospect": "Phase 6: prospecting", "over": "Game over",
}


# --- the map --------------------------------------------------------------------------

def _map(t, view: dict[str, Any], by_place) -> str:
    x, y, w, h = MAP
    parts = [svg.element("rect", x=x, y=y, width=w, height=h, rx=12, fill=SEA)]
    built = set(view["adits"])
    names = {area["id"]: area["name"] for area in view["areas"]}
    ends = {border: border.split("-") for border in t.border_ids}  # area ids hold no hyphen
    for a, b in ends.values():
        (ax, ay), (bx, by) = AREA_LAYOUT[a], AREA_LAYOUT[b]
        parts.append(svg.element("line", x1=ax, y1=ay, x2=bx, y2=by, stroke="#8c7b62", stroke_width=3))
    for area in view["areas"]:
        parts.append(_area(view, area, by_place.get(("area", area["id"]), ())))
    for border, (a, b) in ends.items():
        where = f"between {names[a]} and {names[b]}"
        parts.append(_adit_site(border, AREA_LAYOUT[a], AREA_LAYOUT[b], where, border in built,
                                by_place.get(("border", border), ())))
    parts.append(_legend(x + 12, y + h - 14))
    if view["auction"]:
        parts.append(_auction(view))
    return svg.group(*parts, class_="map")


def _legend(x: float, y: float) -> str:
    parts = []
    for offset, colour, word in ((0, COPPER, "copper"), (76, TIN, "tin"), (122, WATER, "water")):
        parts.append(svg.element("rect", x=x + offset, y=y - 13, width=14, height=14, rx=2, fill=colour))
        parts.append(svg.text(x + offset + 19, y, word, font_size=15, fill=INK))
    parts.append(svg.text(x + 196, y, "Pt port · Mi miner · Tr train · ⚓ coast", font_size=15, fill=INK))
    return svg.group(*parts, class_="legend")


def _area(view: dict[str, Any], area: dict[str, Any], actions) -> str:
    cx, cy = AREA_LAYOUT[area["id"]]
    x, y = cx - AREA_W / 2, cy - AREA_H / 2
    owner = area["mine"]
    auctioned = view["auction"] and view["auction"]["area"] == area["id"]
    outline = seat_colour(owner) if owner is not None else ("#8c7b62" if area["discovered"] else "#b5a892")
    parts = [svg.element(
        "rect", x=x, y=y, width=AREA_W, height=AREA_H, rx=8,
        fill=LAND if area["discovered"] else CLEAR_LAND, stroke=outline,
        stroke_width=5 if owner is not None else 2,
        stroke_dasharray=None if area["discovered"] else "6 4",
    )]
    if auctioned:
        parts.append(svg.element(
            "rect", x=x - 6, y=y - 6, width=AREA_W + 12, height=AREA_H + 12, rx=11,
            fill="none", stroke=HIGHLIGHT, stroke_width=3, stroke_dasharray="8 5",
        ))
    parts.append(svg.text(cx, y + 19, area["name"], font_size=15, font_weight="bold", text_anchor="middle", fill=INK))
    if owner is not None:
        parts.append(_mine_mark(x + AREA_W - 2, y - 4, owner))
    if area["sea"]:
        parts.append(svg.text(x + AREA_W - 18, y + AREA_H - 9, "⚓", font_size=15, fill=WATER))
    if area["discovered"]:
        for number, (colour, count, word) in enumerate(
            ((COPPER, area["copper"], "copper"), (TIN, area["tin"], "tin"), (WATER, area["water"], "water"))
        ):
            parts.append(_cube_count(x + 6 + number * 31, y + 28, colour, count, word))
    else:
        parts.append(svg.text(cx, y + 47, "clear", font_size=15, font_style="italic", text_anchor="middle", fill=MUTED))
    for number, piece in enumerate(p for p in ("port", "miner", "train") if area[p]):
        parts.append(_piece(x + 7 + number * 33, y + AREA_H - 27, piece))
    hint = _area_hint(area["name"], actions)
    return svg.clickable(svg.group(*parts), [action.id for action in actions], hint, data_area=area["id"])


def _mine_mark(x: float, y: float, owner: int) -> str:
    """A mine: a small headframe roof in the owner's colour, with the seat number."""
    return svg.group(
        svg.element("polygon", points=f"{x - 14},{y + 12} {x},{y - 13} {x + 14},{y + 12}",
                    fill=seat_colour(owner), stroke=INK, stroke_width=1),
        svg.text(x, y + 10, seat_number(owner), font_size=15, font_weight="bold", text_anchor="middle", fill="#ffffff"),
        svg.title(f"Mine of {seat_name(owner)}"),
    )


def _cube_count(x: float, y: float, colour: str, count: int, word: str) -> str:
    return svg.group(
        svg.element("rect", x=x, y=y, width=14, height=14, rx=2, fill=colour, stroke=INK, stroke_width=0.8),
        svg.text(x + 18, y + 13, count, font_size=15, fill=INK),
        svg.title(f"{count} {word} cube{'s' if count != 1 else ''}"),
    )


_PIECE_LETTERS = {"port": "Pt", "miner": "Mi", "train": "Tr"}


def _piece(x: float, y: float, piece: str) -> str:
    return svg.group(
        svg.element("rect", x=x, y=y, width=31, height=21, rx=4, fill="#4a3b2c"),
        svg.text(x + 15.5, y + 16, _PIECE_LETTERS[piece], font_size=15, text_anchor="middle", fill="#ffffff"),
        svg.title(piece.capitalize()),
    )


_AREA_PHRASES = {
    "build_mine": "build a mine (auction)",
    "build_port": "build a port",
    "place_miner": "place a miner",
    "build_train": "build a train",
    "remove_water": "pump out one water cube",
    "prospect": "prospect (roll the dice)",
}


def _area_hint(name: str, actions: list) -> str:
    if not actions:
        return name
    phrases = []
    mixes = [a for a in actions if a.kind == "mine_ore"]
    for action in actions:
        phrase = _AREA_PHRASES.get(action.kind)
        if phrase and phrase not in phrases:
            phrases.append(phrase)
    if mixes:
        phrases.insert(0, f"mine ore ({len(mixes)} mixes)" if len(mixes) > 1 else
                       f"mine {mixes[0].copper} copper, {mixes[0].tin} tin")
    return f"{name}: " + "; ".join(phrases)


def _adit_site(border: str, a: tuple, b: tuple, where: str, built: bool, actions) -> str:
    """An adit in the middle of its border (from centre `a` to centre `b`): built, or a place to click."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if built:
        shape = svg.element("rect", x=mx - 8, y=my - 8, width=16, height=16, rx=3,
                            fill="#3b2a1a", stroke="#f0c36d", stroke_width=2)
        return svg.group(shape, svg.title(f"Adit {where}"), data_border=border)
    ids = [action.id for action in actions]
    if not ids:
        return ""
    shape = svg.element("circle", cx=mx, cy=my, r=9, fill="#f0c36d", stroke=INK, stroke_width=2)
    return svg.clickable(shape, ids, f"Build an adit {where}", data_border=border)


def _auction(view: dict[str, Any]) -> str:
    auction = view["auction"]
    name = next(area["name"] for area in view["areas"] if area["id"] == auction["area"])
    high = f"high bid £{auction['high']} by {seat_name(auction['leader'])}" if auction["leader"] is not None \
        else "no bid yet"
    bidders = ", ".join(str(seat_number(seat)) for seat in auction["bidders"]) or "none"
    x, y = MAP[0] + 10, MAP[1] + MAP[3] - 92
    return svg.group(
        svg.element("rect", x=x, y=y, width=450, height=52, rx=8, fill="#ffffff", stroke=HIGHLIGHT, stroke_width=2),
        svg.text(x + 12, y + 21, f"Auction: a mine in {name}", font_size=16, font_weight="bold", fill=INK),
        svg.text(x + 12, y + 42, f"{high} · seats still bidding: {bidders}", font_size=15, fill=INK),
        class_="auction",
    )


# --- the right-hand column --------------------------------------------------------------

def _prices(t, view: dict[str, Any]) -> str:
    x, y = PANEL_X, 40
    rows = list(reversed(t.price_rows))  # the highest row on top, as printed
    parts = [svg.text(x, y + 16, "Ore prices", font_size=16, font_weight="bold", fill=INK),
             svg.text(x + 118, y + 16, "tin", font_size=15, text_anchor="middle", fill=INK),
             svg.text(x + 188, y + 16, "copper", font_size=15, text_anchor="middle", fill=INK)]
    current = {"tin": view["prices"]["tin"]["row"], "copper": view["prices"]["copper"]["row"]}
    for number, row in enumerate(rows):
        ry = y + 24 + number * 24
        parts.append(svg.text(x + 4, ry + 17, f"row {row}", font_size=15, fill=MUTED))
        for ore, cx, price in (("tin", x + 118, t.tin_price[row]), ("copper", x + 188, t.copper_price[row])):
            here = current[ore] == row
            parts.append(svg.element(
                "rect", x=cx - 30, y=ry + 1, width=60, height=22, rx=4,
                fill=(TIN if ore == "tin" else COPPER) if here else "#ffffff", stroke="#b5a892",
            ))
            parts.append(svg.text(cx, ry + 17, f"£{price}", font_size=15, text_anchor="middle",
                                  font_weight="bold" if here else None, fill="#ffffff" if here else INK))
    return svg.group(*parts, class_="prices")


def _time_track(t, view: dict[str, Any]) -> str:
    x, y = PANEL_X, 210
    spent = [player["time_spent"] for player in view["players"]]
    pending, passed = view["pending"], view["passed"]
    parts = [svg.text(x, y + 16, "Time track (TP spent)", font_size=16, font_weight="bold", fill=INK)]
    cell = 23
    track_y = y + 28
    for space in range(t.time_points + 1):
        parts.append(svg.element("rect", x=x + space * cell, y=track_y, width=cell - 2, height=22, rx=3,
                                 fill="#ffffff", stroke="#b5a892"))
        parts.append(svg.text(x + space * cell + 10.5, track_y + 16, space, font_size=15,
                              text_anchor="middle", fill=MUTED))
    on_space: dict[int, list[int]] = defaultdict(list)
    for seat in sorted((s for s in range(len(spent)) if s not in pending and s not in passed),
                       key=lambda s: view["arrived"][s]):
        on_space[spent[seat]].append(seat)
    for space, seats in on_space.items():
        for level, seat in enumerate(seats):  # first to arrive at the bottom
            parts.append(_token(x + space * cell + 10.5, track_y + 38 + level * 24, seat))
    parts.append(svg.text(x, y + 142, "Order of play", font_size=15, fill=INK))
    for place, seat in enumerate(view["order_of_play"]):
        waiting = seat in pending
        parts.append(_token(x + 122 + place * 28, y + 137, seat, faded=not waiting))
    parts.append(svg.text(x, y + 172, "Passed", font_size=15, fill=INK))
    for place, seat in enumerate(passed):
        parts.append(_token(x + 122 + place * 28, y + 167, seat))
    return svg.group(*parts, class_="time-track")


def _token(cx: float, cy: float, seat: int, faded: bool = False) -> str:
    return svg.group(
        svg.element("circle", cx=cx, cy=cy, r=12, fill=seat_colour(seat), stroke=INK, stroke_width=1,
                    opacity=0.35 if faded else None),
        svg.text(cx, cy + 5, seat_number(seat), font_size=15, font_weight="bold", text_anchor="middle", fill="#ffffff"),
        svg.title(seat_name(seat)),
    )


def _developments(view: dict[str, Any], by_place) -> str:
    x, y = PANEL_X, 405
    available = view["available"]
    parts = [svg.text(x, y + 16, "Available developments", font_size=16, font_weight="bold", fill=INK)]
    for number, (kind, word) in enumerate((("miners", "miner"), ("ports", "port"), ("trains", "train"),
                                            ("adits", "adit"))):
        px = x + number * 64
        parts.append(_piece(px, y + 26, word) if kind != "adits" else svg.element(
            "rect", x=px + 6, y=y + 26, width=20, height=19, rx=3, fill="#3b2a1a", stroke="#f0c36d", stroke_width=2))
        parts.append(svg.text(px + 36, y + 42, f"×{available[kind]}", font_size=15, fill=INK))
    parts.append(svg.text(x, y + 76, "Steam pumps", font_size=16, font_weight="bold", fill=INK))
    for box, discs in enumerate(view["steam_pumps"]):
        bx = x + box * 64
        shape = svg.group(
            svg.element("rect", x=bx, y=y + 86, width=56, height=44, rx=6, fill="#ffffff", stroke="#8c7b62",
                        stroke_width=2),
            *(svg.element("circle", cx=bx + 11 + d * 17, cy=y + 100, r=7, fill="#5d6d7e") for d in range(discs)),
            svg.text(bx + 28, y + 125, f"box {box + 1}", font_size=15, text_anchor="middle", fill=MUTED),
        )
        ids = [action.id for action in by_place.get(("pumps", box), ())]
        hint = f"Improve steam pumps: take {discs} disc{'s' if discs != 1 else ''}" if ids else \
            f"Steam pump box {box + 1}: {discs} disc{'s' if discs != 1 else ''}"
        parts.append(svg.clickable(shape, ids, hint))
    if view["pumping"]:
        parts.append(svg.text(x, y + 152, f"Pumping: {view['pumping']} water cube(s) still to remove",
                              font_size=15, fill=WATER))
    return svg.group(*parts, class_="developments")


# --- the bottom row ---------------------------------------------------------------------

def _investments(view: dict[str, Any], by_place) -> str:
    x, y = 10, BOTTOM_Y
    cell_w, cell_h = 84, 48
    parts = [svg.text(x, y + 18, "External investments (VP per cube)", font_size=16, font_weight="bold", fill=INK)]
    current = view["turn"] - 1 if view["step"] == "invest" else None
    for number, row in enumerate(view["investments"]):
        ry = y + 28 + number * (cell_h + 4)
        parts.append(svg.text(x, ry + 30, f"Turn {row['turn']}", font_size=15,
                              font_weight="bold" if number == view["turn"] - 1 else None, fill=INK))
        for column, box in enumerate(row["boxes"]):
            bx = x + 62 + column * (cell_w + 4)
            cubes = [svg.element("rect", x=bx + 48 + i * 17, y=ry + 6, width=14, height=14, rx=2,
                                 fill=seat_colour(seat), stroke=INK, stroke_width=0.8)
                     for i, seat in enumerate(box["cubes"])]
            shape = svg.group(
                svg.element("rect", x=bx, y=ry, width=cell_w, height=cell_h, rx=5,
                            fill="#fff7e0" if number == current else "#ffffff",
                            stroke=INK if number == current else "#b5a892", stroke_width=2 if number == current else 1),
                svg.text(bx + 6, ry + 19, f"£{box['cost']}", font_size=15, fill=MUTED),
                svg.text(bx + 6, ry + 41, f"{box['vp']} VP", font_size=15, font_weight="bold", fill=INK),
                *cubes,
            )
            owners = ", ".join(seat_name(seat) for seat in box["cubes"]) or "empty"
            ids = [action.id for action in by_place.get(("invest", column), ())] if number == current else []
            hint = f"Invest £{box['cost']} for {box['vp']} VP" if ids else \
                f"Turn {row['turn']}, £{box['cost']} for {box['vp']} VP: {owners}"
            parts.append(svg.clickable(shape, ids, hint))
    return svg.group(*parts, class_="investments")


def _players(view: dict[str, Any]) -> str:
    x, y = 610, BOTTOM_Y
    columns = (("", 0), ("£", 136), ("TP", 184), ("held Cu/Sn", 240), ("sold Cu/Sn", 336),
               ("mines", 432), ("cubes", 490), ("VP", 546))
    parts = [svg.text(x + offset, y + 18, heading, font_size=15, font_weight="bold", fill=INK)
             for heading, offset in columns]
    me = view.get("seat")
    for seat, player in enumerate(view["players"]):
        ry = y + 30 + seat * 34
        to_move = seat in view["to_move"]
        parts.append(svg.element("rect", x=x - 4, y=ry, width=584, height=30, rx=5,
                                 fill="#fff7e0" if to_move else "#ffffff",
                                 stroke=seat_colour(seat), stroke_width=3 if to_move else 1.5))
        parts.append(svg.element("circle", cx=x + 10, cy=ry + 15, r=8, fill=seat_colour(seat)))
        label = seat_label(seat) + (" (you)" if seat == me else "")
        values = (f"£{player['money']}", f"{player['time_spent']}/10",
                  f"{player['held_copper']}/{player['held_tin']}", f"{player['copper_sold']}/{player['tin_sold']}",
                  f"{player['mines']}/6", player["investment_cubes"], player["vp"])
        parts.append(svg.text(x + 24, ry + 21, label, font_size=15, font_weight="bold" if to_move else None, fill=INK))
        for value, (_, offset) in zip(values, columns[1:]):
            parts.append(svg.text(x + offset, ry + 21, value, font_size=15, fill=INK))
    return svg.group(*parts, class_="players")
