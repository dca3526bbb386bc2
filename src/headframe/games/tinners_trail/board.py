"""The board picture of Tinners' Trail: one SVG drawn from a seat's view.

The map of Cornwall (areas with their cubes, mines, ports, miners, trains; adits
on borders), the players with their money and VP at the top of the right-hand
column, the Ore Price table, then along the bottom the External Investments
display, the Time Track with the Order of Play column, and the developments
(Available Developments box, steam pump boxes). Where a legal action of the
seat's decision happens, the shape carries its id: an area (build a mine, mine
ore, port, miner, train, pump water out, prospect), a border (adit), a steam
pump box, an investment box. Bids, drop out, stop pumping, pasties, pass and
decline have no place and stay buttons. Every area, piece, box and track
explains itself (`data-explain`, its glossary entry in the `<title>`); the one
text saying whose move it is carries `data-to-move`, every number of the view
its `data-view` path."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from headframe.engine import seat_colour, seat_label, seat_number, svg
from headframe.engine.people import listed

from . import board_panels, glossary
from .drawing import (
    CLEAR_LAND,
    COPPER,
    HIGHLIGHT,
    INK,
    LAND,
    MUTED,
    SEA,
    TIN,
    WATER,
    explained,
    fitted,
    label,
    line,
    seat_name,
    words,
)
from .text import STEP_WORDS

WIDTH, HEIGHT = 1260, 900

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
        _header(t, view),
        _map(game, view, by_place),
        board_panels.players(game, view),
        board_panels.prices(game, view),
        board_panels.investments(game, view, by_place),
        board_panels.time_track(game, view),
        board_panels.developments(game, view, by_place),
        label=f"Tinners' Trail, turn {view['turn']}",
    )


def _header(t, view: dict[str, Any]) -> str:
    """The one text saying whose move it is (`data-to-move`, empty once the game is over)."""
    if view["over"]:
        result = view["result"]
        winners = [seat for seat, rank in enumerate(result["ranking"]) if rank == 1]
        status = [words(f"Game over: {listed([seat_name(seat) for seat in winners])} "
                        f"win{'s' if len(winners) == 1 else ''} with "),
                  svg.amount(result["scores"][winners[0]], f"result.scores.{winners[0]}"), words(" VP")]
        return line(14, 27, *status, font_size=18, font_weight="bold", fill=INK, data_to_move="")
    movers = view["to_move"]
    me = view.get("seat")
    who = "your move" if movers == [me] else listed([seat_name(seat) for seat in movers]) + " to move"
    status = [words("Turn "), svg.amount(view["turn"], "turn"),
              words(f" of {t.turns} · {STEP_WORDS[view['step']]} · {who}")]
    if me in movers:
        status.append(words(f": {view['decision']['prompt']}"))
    return line(14, 27, *status, font_size=18, font_weight="bold", fill=INK,
                data_to_move=" ".join(str(seat) for seat in movers))


# --- the map --------------------------------------------------------------------------

def _map(game, view: dict[str, Any], by_place) -> str:
    t = game.tables
    x, y, w, h = MAP
    parts = [svg.element("rect", x=x, y=y, width=w, height=h, rx=12, fill=SEA)]
    built = set(view["adits"])
    for a, b in t.borders:
        (ax, ay), (bx, by) = AREA_LAYOUT[t.area_ids[a]], AREA_LAYOUT[t.area_ids[b]]
        parts.append(svg.element("line", x1=ax, y1=ay, x2=bx, y2=by, stroke="#8c7b62", stroke_width=3))
    for number, area in enumerate(view["areas"]):
        parts.append(_area(game, view, number, by_place.get(("area", area["id"]), ())))
    for border, (a, b) in zip(t.border_ids, t.borders):
        ends = AREA_LAYOUT[t.area_ids[a]], AREA_LAYOUT[t.area_ids[b]]
        where = f"between {t.area_names[a]} and {t.area_names[b]}"
        parts.append(_adit_site(game, border, ends, where, border in built, by_place.get(("border", border), ())))
    parts.append(_legend(x + 12, y + h - 14))
    if view["auction"]:
        parts.append(_auction(view))
    return svg.group(*parts, class_="map")


def _legend(x: float, y: float) -> str:
    parts = []
    for offset, colour, word in ((0, COPPER, "copper"), (76, TIN, "tin"), (122, WATER, "water")):
        parts.append(svg.element("rect", x=x + offset, y=y - 13, width=14, height=14, rx=2, fill=colour))
        parts.append(svg.text(x + offset + 19, y, word, font_size=15, fill=INK))
    parts.append(svg.text(x + 196, y, "Pt port · Mi miner · Tr train", font_size=15, fill=INK))
    parts.append(svg.element("rect", x=x + 418, y=y - 12, width=26, height=5, fill=WATER))
    parts.append(svg.text(x + 450, y, "coast", font_size=15, fill=INK))
    return svg.group(*parts, class_="legend")


def _area(game, view: dict[str, Any], number: int, actions) -> str:
    area = view["areas"][number]
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
    if area["sea"]:  # the coast: a blue band along the top of the box
        parts.append(svg.element("rect", x=x + 10, y=y + 3, width=AREA_W - 20, height=4, rx=2, fill=WATER))
    if auctioned:
        parts.append(svg.element(
            "rect", x=x - 6, y=y - 6, width=AREA_W + 12, height=AREA_H + 12, rx=11,
            fill="none", stroke=HIGHLIGHT, stroke_width=3, stroke_dasharray="8 5",
        ))
    parts.append(label(cx, y + 22, area["name"], AREA_W - 30 if owner is not None else AREA_W - 8,
                       font_weight="bold", text_anchor="middle", fill=INK))
    if owner is not None:
        parts.append(_mine_mark(game, x + AREA_W - 2, y - 4, owner))
    if area["discovered"]:
        for place, (colour, ore) in enumerate(((COPPER, "copper"), (TIN, "tin"), (WATER, "water"))):
            parts.append(_cube_count(game, x + 6 + place * 33, y + 31, colour, area[ore], ore,
                                     f"areas.{number}.{ore}"))
    else:
        parts.append(svg.text(cx, y + 50, "clear", font_size=15, font_style="italic", text_anchor="middle",
                              fill=MUTED))
    for place, piece in enumerate(p for p in ("port", "miner", "train") if area[p]):
        parts.append(_piece(game, x + 7 + place * 31, y + AREA_H - 25, piece))
    entry = game.glossary[glossary.area_key(area["id"])]
    hint = _area_hint(game, area["name"], actions)
    return explained(svg.group(*parts), entry, [action.id for action in actions], hint, data_area=area["id"])


def _mine_mark(game, x: float, y: float, owner: int) -> str:
    """A mine: a small headframe roof in the owner's colour, with the seat number."""
    return explained(svg.group(
        svg.element("polygon", points=f"{x - 14},{y + 12} {x},{y - 13} {x + 14},{y + 12}",
                    fill=seat_colour(owner), stroke=INK, stroke_width=1),
        svg.text(x, y + 10, seat_number(owner), font_size=15, font_weight="bold", text_anchor="middle", fill="#ffffff"),
    ), game.glossary[glossary.MINE], hint=f"Mine of {seat_name(owner)}")


def _cube_count(game, x: float, y: float, colour: str, count: int, ore: str, path: str) -> str:
    return explained(svg.group(
        svg.element("rect", x=x, y=y, width=14, height=14, rx=2, fill=colour, stroke=INK, stroke_width=0.8),
        line(x + 17, y + 13, svg.amount(count, path), font_size=15, fill=INK),
    ), game.glossary[glossary.cube_key(ore)], hint=f"{count} {ore} cube{'s' if count != 1 else ''}")


_PIECE_LETTERS = {"port": "Pt", "miner": "Mi", "train": "Tr"}


def _piece(game, x: float, y: float, piece: str) -> str:
    return explained(svg.group(
        svg.element("rect", x=x, y=y, width=29, height=20, rx=4, fill="#4a3b2c"),
        svg.text(x + 14.5, y + 15, _PIECE_LETTERS[piece], font_size=14, text_anchor="middle", fill="#ffffff",
                 class_="label"),
    ), game.glossary[glossary.piece_key(piece)])


def _area_hint(game, name: str, actions: list) -> str:
    """What clicking the area does, in the menu's own words (`describe_action`)."""
    if not actions:
        return ""
    phrases = []
    mixes = [a for a in actions if a.kind == "mine_ore"]
    if len(mixes) > 1:
        phrases.append(f"Mine ore in {name} ({len(mixes)} mixes to choose from)")
    for action in actions:
        if action.kind != "mine_ore" or len(mixes) == 1:
            phrases.append(game.describe_action(action))
    return "; ".join(phrases)


def _adit_site(game, border: str, ends: tuple, where: str, built: bool, actions) -> str:
    """An adit in the middle of its border: built, or a place to click."""
    (ax, ay), (bx, by) = ends
    mx, my = (ax + bx) / 2, (ay + by) / 2
    entry = game.glossary[glossary.piece_key("adit")]
    if built:
        shape = svg.element("rect", x=mx - 8, y=my - 8, width=16, height=16, rx=3,
                            fill="#3b2a1a", stroke="#f0c36d", stroke_width=2)
        return explained(shape, entry, hint=f"Adit {where}", data_border=border)
    ids = [action.id for action in actions]
    if not ids:
        return ""
    shape = svg.element("circle", cx=mx, cy=my, r=9, fill="#f0c36d", stroke=INK, stroke_width=2)
    return explained(shape, entry, ids, game.describe_action(actions[0]), data_border=border)


def _auction(view: dict[str, Any]) -> str:
    auction = view["auction"]
    name = next(area["name"] for area in view["areas"] if area["id"] == auction["area"])
    if auction["leader"] is not None:
        leader = f" by {seat_label(auction['leader'])}"
        high, said = [words("high bid £"), svg.amount(auction["high"], "auction.high"), words(leader)], \
            f"high bid £{auction['high']}{leader}"
    else:
        high, said = [words("no bid yet")], "no bid yet"
    bidders = f"still bidding: {listed([seat_label(seat) for seat in auction['bidders']], 'nobody')}"
    x, y = MAP[0] + 10, MAP[1] + MAP[3] - 110
    width = 450
    return svg.group(
        svg.element("rect", x=x, y=y, width=width, height=72, rx=8, fill="#ffffff", stroke=HIGHLIGHT,
                    stroke_width=2),
        svg.text(x + 12, y + 21, f"Auction: a mine in {name}", font_size=16, font_weight="bold", fill=INK),
        line(x + 12, y + 42, *high, font_size=fitted(said, width - 24), fill=INK),
        label(x + 12, y + 62, bidders, width - 24, fill=INK),
        class_="auction",
    )
