"""The map of Cornwall on the board: the areas with their cubes, mines, ports,
miners and trains, the borders with their adits, and (on the wide board) the
auction's box, laid out by a `MapLayout`: as the districts lie for the wide
board, or on a lattice a phone's width across for the narrow one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from typing import Any

from headframe.engine import seat_colour, seat_label, seat_number, svg
from headframe.engine.people import listed

from . import glossary
from .drawing import (
    ADIT,
    ADIT_EDGE,
    CLEAR_LAND,
    COPPER,
    HIGHLIGHT,
    INK,
    LAND,
    MUTED,
    SEA,
    SMALLEST,
    TIN,
    WATER,
    Said,
    explained,
    fitted,
    label,
    line,
    per_em,
    said,
    seat_name,
    wrapped,
)

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

# The narrow map is the wide one turned a quarter clockwise (west at the top, the
# north coast on the right), each area on a point (column, row) of a triangular
# lattice (column + row even), so that every border joins neighbouring points except
# four that run straight down a column past the gap between two areas of the row
# between (Breage-Helston, Helston-Lizard, St Agnes-Truro, Perranporth-Newquay).
NARROW_LATTICE = {
    "penzance": (2, 0), "st_just": (4, 0),
    "marazion": (1, 1), "st_ives": (3, 1),
    "breage": (0, 2), "hayle": (2, 2),
    "camborne": (1, 3), "portreath": (3, 3),
    "helston": (0, 4), "redruth": (2, 4), "st_agnes": (4, 4),
    "wendron": (1, 5), "gwennap": (3, 5), "perranporth": (5, 5),
    "lizard": (0, 6), "falmouth": (2, 6), "truro": (4, 6),
    "st_austell": (3, 7), "newquay": (5, 7),
}
NARROW_ROWS = 8
NARROW_COLUMN, NARROW_ROW = 60, 104  # lattice spacing
NARROW_TOP = 22  # room above the first row for a mine's mark


@dataclass(frozen=True)
class MapLayout:
    """Where the map's areas are drawn and how their boxes are laid out inside."""

    name: str  # what the drawing caches know it by
    centres: Mapping[str, tuple[float, float]] = field(hash=False, compare=False)
    width: int = AREA_W  # of an area's box
    height: int = AREA_H
    sea: tuple[int, int, int, int] = MAP  # x, y, width, height
    cube_x: int = 6  # the first cube count, from the box's left
    cube_y: int = 31
    cube_pitch: int = 33
    piece_x: int = 7
    piece_pitch: int = 31
    name_y: int = 22  # the area's name's baseline, below the box's top
    name_room_mined: int = AREA_W - 30  # the name's width beside a mine's mark
    mark_x: float = AREA_W - 2  # the mine's mark, from the box's left
    smallest: int = SMALLEST  # of an area's name
    adit_r: int = 9
    legend_rows: int = 1
    auction_at: tuple[int, int, int] | None = (MAP[0] + 10, MAP[1] + MAP[3] - 110, 450)  # x, y, width


WIDE_MAP = MapLayout("wide", AREA_LAYOUT)
NARROW_MAP = MapLayout(
    "narrow",
    {area: (50 + NARROW_COLUMN * column, NARROW_TOP + 40 + NARROW_ROW * row)
     for area, (column, row) in NARROW_LATTICE.items()},
    width=98, height=80, sea=(0, 0, svg.NARROW_WIDTH, NARROW_TOP + NARROW_ROW * (NARROW_ROWS - 1) + 80 + 66),
    cube_x=4, cube_y=33, cube_pitch=30, piece_x=5, piece_pitch=30, name_y=24, name_room_mined=90, mark_x=49,
    smallest=svg.NARROW_TEXT, adit_r=12, legend_rows=2, auction_at=None,
)


def draw_map(game, seat: svg.Seat, layout: MapLayout) -> str:
    view = seat.view
    built = set(view["adits"])
    parts = [_sea_and_borders(game, layout)]
    for number, area in enumerate(view["areas"]):
        parts.append(seat.place(("area", area["id"]), partial(_area, game, view, number, layout)))
    for border, ends, where in _borders(game, layout):
        if border in built:
            parts.append(_adit(game, border, ends, where, layout.adit_r))
        else:
            parts.append(seat.place(("border", border), partial(_adit_site, game, border, ends, layout.adit_r)))
    parts.append(_legend(layout))
    if view["auction"] and layout.auction_at:
        parts.append(auction(view, *layout.auction_at)[0])
    return svg.group(*parts, class_="map")


@cache
def _sea_and_borders(game, layout: MapLayout) -> str:
    t = game.tables
    x, y, w, h = layout.sea
    parts = [svg.element("rect", x=x, y=y, width=w, height=h, rx=12, fill=SEA)]
    for a, b in t.borders:
        (ax, ay), (bx, by) = layout.centres[t.area_ids[a]], layout.centres[t.area_ids[b]]
        parts.append(svg.element("line", x1=ax, y1=ay, x2=bx, y2=by, stroke="#8c7b62", stroke_width=3))
    return "".join(parts)


@cache
def _legend(layout: MapLayout) -> str:
    """What each mark on the map means: one row wide (the pieces' letters east of the
    Lizard), two narrow."""
    sea_x, sea_y, _, sea_h = layout.sea
    x, y = sea_x + 12, sea_y + sea_h - 14
    if layout.legend_rows == 2:
        y -= 24
        places = {"pieces": (0, 24), "coast": (196, 0), "adit": (228, 24), "mine": (290, 0)}
    else:
        places = {"pieces": (670, 0), "coast": (196, 0), "adit": (290, 0), "mine": (360, 0)}
    parts = []
    for offset, colour, word in ((0, COPPER, "copper"), (76, TIN, "tin"), (122, WATER, "water")):
        parts.append(svg.element("rect", x=x + offset, y=y - 13, width=14, height=14, rx=2, fill=colour))
        parts.append(svg.text(x + offset + 19, y, word, font_size=15, fill=INK))
    px, py = x + places["pieces"][0], y + places["pieces"][1]
    parts.append(svg.text(px, py, "Pt port · Mi miner · Tr train", font_size=15, fill=INK))
    cx, cy = x + places["coast"][0], y + places["coast"][1]
    parts += [svg.element("rect", x=cx, y=cy - 12, width=26, height=5, fill=WATER),
              svg.text(cx + 32, cy, "coast", font_size=15, fill=INK)]
    ax, ay = x + places["adit"][0], y + places["adit"][1]
    parts += [svg.element("rect", x=ax, y=ay - 14, width=15, height=15, rx=3, fill=ADIT, stroke=ADIT_EDGE,
                          stroke_width=2),
              svg.text(ax + 21, ay, "adit", font_size=15, fill=INK)]
    mx, my = x + places["mine"][0], y + places["mine"][1]
    parts += [svg.element("polygon", points=f"{mx},{my + 1} {mx + 9},{my - 15} {mx + 18},{my + 1}", fill=MUTED,
                          stroke=INK, stroke_width=1),
              svg.text(mx + 24, my, "mine", font_size=15, fill=INK)]
    return svg.group(*parts, class_="legend")


def _area(game, view: dict[str, Any], number: int, layout: MapLayout, actions: Sequence) -> str:
    area = view["areas"][number]
    owner = area["mine"]
    auctioned = bool(view["auction"]) and view["auction"]["area"] == area["id"]
    return _area_box(game, layout, number, tuple(area.items()), auctioned, tuple(actions),
                     None if owner is None else seat_name(owner))


@lru_cache(maxsize=4096)  # bounded: a server draws many games; the owner's name is a key (a table's names)
def _area_box(game, layout: MapLayout, number: int, items: tuple, auctioned: bool, actions: tuple,
              owner_name: str | None) -> str:
    area = dict(items)
    width, height = layout.width, layout.height
    cx, cy = layout.centres[area["id"]]
    x, y = cx - width / 2, cy - height / 2
    owner = area["mine"]
    outline = seat_colour(owner) if owner is not None else ("#8c7b62" if area["discovered"] else "#b5a892")
    parts = [svg.element(
        "rect", x=x, y=y, width=width, height=height, rx=8,
        fill=LAND if area["discovered"] else CLEAR_LAND, stroke=outline,
        stroke_width=5 if owner is not None else 2,
        stroke_dasharray=None if area["discovered"] else "6 4",
    )]
    if area["sea"]:  # the coast: a blue band along the top of the box
        parts.append(svg.element("rect", x=x + 10, y=y + 3, width=width - 20, height=4, rx=2, fill=WATER))
    if auctioned:
        parts.append(svg.element(
            "rect", x=x - 6, y=y - 6, width=width + 12, height=height + 12, rx=11,
            fill="none", stroke=HIGHLIGHT, stroke_width=3, stroke_dasharray="8 5",
        ))
    parts.append(_name(cx, y + layout.name_y, area["name"], layout.name_room_mined if owner is not None else width - 8,
                       layout.smallest))
    if owner is not None:
        parts.append(_mine_mark(game, x + layout.mark_x, y - 4, owner, owner_name))
    if area["discovered"]:
        for place, (colour, ore) in enumerate(((COPPER, "copper"), (TIN, "tin"), (WATER, "water"))):
            parts.append(_cube_count(game, x + layout.cube_x + place * layout.cube_pitch, y + layout.cube_y, colour,
                                     area[ore], ore, f"areas.{number}.{ore}"))
    else:
        parts.append(svg.text(cx, y + 50, "clear", font_size=15, font_style="italic", text_anchor="middle",
                              fill=MUTED))
    for place, piece in enumerate(p for p in ("port", "miner", "train") if area[p]):
        parts.append(_piece(game, x + layout.piece_x + place * layout.piece_pitch, y + height - 25, piece))
    entry = game.presentation.glossary[glossary.area_key(area["id"])]
    hint = _area_hint(game, area["name"], actions)
    return explained(svg.group(*parts), entry, [action.id for action in actions], hint, data_area=area["id"])


@cache
def _name(cx: float, y: float, name: str, room: float, smallest: int) -> str:
    """An area's name in bold, or (where bold at the smallest size would not fit) plain."""
    bold = smallest == SMALLEST or len(name) * per_em(True) * smallest <= room
    return label(cx, y, name, room, smallest=smallest, font_weight="bold" if bold else None, text_anchor="middle",
                 fill=INK)


@cache
def _mine_mark(game, x: float, y: float, owner: int, name: str) -> str:
    """A mine: a small headframe roof in the owner's colour, with the seat number."""
    return explained(svg.group(
        svg.element("polygon", points=f"{x - 14},{y + 12} {x},{y - 13} {x + 14},{y + 12}",
                    fill=seat_colour(owner), stroke=INK, stroke_width=1),
        svg.text(x, y + 10, seat_number(owner), font_size=15, font_weight="bold", text_anchor="middle", fill="#ffffff"),
    ), game.presentation.glossary[glossary.MINE], hint=f"Mine of {name}")


@cache
def _cube_count(game, x: float, y: float, colour: str, count: int, ore: str, path: str) -> str:
    return explained(svg.group(
        svg.element("rect", x=x, y=y, width=14, height=14, rx=2, fill=colour, stroke=INK, stroke_width=0.8),
        line(x + 17, y + 13, svg.amount(count, path), font_size=15, fill=INK),
    ), game.presentation.glossary[glossary.cube_key(ore)], hint=f"{count} {ore} cube{'s' if count != 1 else ''}")


_PIECE_LETTERS = {"port": "Pt", "miner": "Mi", "train": "Tr"}


@cache
def _piece(game, x: float, y: float, piece: str) -> str:
    return explained(svg.group(
        svg.element("rect", x=x, y=y, width=29, height=20, rx=4, fill="#4a3b2c"),
        svg.text(x + 14.5, y + 15, _PIECE_LETTERS[piece], font_size=14, text_anchor="middle", fill="#ffffff",
                 class_="label"),
    ), game.presentation.glossary[glossary.piece_key(piece)])


def _area_hint(game, name: str, actions: Sequence) -> str:
    """What clicking the area does, in the menu's own words (`describe_action`)."""
    if not actions:
        return ""
    phrases = []
    mixes = [a for a in actions if a.kind == "mine_ore"]
    if len(mixes) > 1:
        phrases.append(f"Mine ore in {name} ({len(mixes)} mixes to choose from)")
    for action in actions:
        if action.kind != "mine_ore" or len(mixes) == 1:
            phrases.append(game.presentation.describe_action(action))
    return "; ".join(phrases)


@cache
def _borders(game, layout: MapLayout) -> tuple[tuple[str, tuple, str], ...]:
    """Each border, the centres of its two areas, and where it lies in words."""
    t = game.tables
    return tuple((border, (layout.centres[t.area_ids[a]], layout.centres[t.area_ids[b]]),
                  f"between {t.area_names[a]} and {t.area_names[b]}") for border, (a, b) in zip(t.border_ids, t.borders))


@cache
def _adit(game, border: str, ends: tuple, where: str, r: int) -> str:
    """An adit built in the middle of its border."""
    (ax, ay), (bx, by) = ends
    mx, my = (ax + bx) / 2, (ay + by) / 2
    shape = svg.element("rect", x=mx - (r - 1), y=my - (r - 1), width=2 * (r - 1), height=2 * (r - 1), rx=3,
                        fill=ADIT, stroke=ADIT_EDGE, stroke_width=2)
    return explained(shape, game.presentation.glossary[glossary.piece_key("adit")], hint=f"Adit {where}", data_border=border)


def _adit_site(game, border: str, ends: tuple, r: int, actions: Sequence) -> str:
    """Where an adit may be built, in the middle of its border: a place to click (nothing
    without `actions`)."""
    if not actions:
        return ""
    (ax, ay), (bx, by) = ends
    mx, my = (ax + bx) / 2, (ay + by) / 2
    shape = svg.element("circle", cx=mx, cy=my, r=r, fill=ADIT_EDGE, stroke=INK, stroke_width=2)
    return explained(shape, game.presentation.glossary[glossary.piece_key("adit")], [action.id for action in actions],
                     game.presentation.describe_action(actions[0]), data_border=border)


def auction(view: dict[str, Any], x: int, y: int, width: int, wrap: bool = False) -> tuple[str, int]:
    """The auction's box, and its height; `wrap`: its lines broken to fit instead of made smaller."""
    auction = view["auction"]
    name = next(area["name"] for area in view["areas"] if area["id"] == auction["area"])
    if auction["leader"] is not None:
        leader = f" by {seat_label(auction['leader'])}"
        high: list[Said] = ["high bid £", (auction["high"], "auction.high"), leader]
        words = f"high bid £{auction['high']}{leader}"
    else:
        high, words = ["no bid yet"], "no bid yet"
    bidders = f"still bidding: {listed([seat_label(seat) for seat in auction['bidders']], 'nobody')}"
    if wrap:
        high_text, high_lines = wrapped(x + 12, y + 42, high, width - 24, 15, 19, fill=INK)
        bidders_text, bidder_lines = wrapped(x + 12, y + 42 + 19 * high_lines + 1, [bidders], width - 24, 15, 19,
                                             fill=INK)
        height = 32 + 19 * (high_lines + bidder_lines)
    else:
        high_text = line(x + 12, y + 42, *said(*high), font_size=fitted(words, width - 24), fill=INK)
        bidders_text = label(x + 12, y + 62, bidders, width - 24, fill=INK)
        height = 72
    return svg.group(
        svg.element("rect", x=x, y=y, width=width, height=height, rx=8, fill="#ffffff", stroke=HIGHLIGHT,
                    stroke_width=2),
        svg.text(x + 12, y + 21, f"Auction: a mine in {name}", font_size=16, font_weight="bold", fill=INK),
        high_text,
        bidders_text,
        class_="auction",
    ), height
