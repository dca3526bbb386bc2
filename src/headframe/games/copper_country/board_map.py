"""Copper Country's hex map, for the board picture: camps, mine sites, their
poor-rock spaces on the sides and build spaces on the vertices (COP-R47, COP-R48),
the pieces on them, and the palette the whole picture shares."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from headframe.engine import seat_colour, seat_label, svg

from .components import RESOURCES
from .glossary import building_key, place_key, terrain_key
from .text import BUILDINGS, place_label, place_number, terrain_words

if TYPE_CHECKING:
    from .board_parts import Actions

MAP = (10, 116, 570, 560)  # x, y, width, height of the hex map

INK = "#2b2118"
MUTED = "#6d6259"
SITE_FILL = "#e9dcc0"
CAMP_FILL = "#cfe0c3"
ROCK = "#7d7d7d"
HIGHLIGHT = "#111111"

RESOURCE_COLOURS = dict(zip(RESOURCES, ("#f2c14e", "#8fbf6a", "#7fa7d9", "#b08968", "#e07a5f", "#9b8ec4")))
RESOURCE_SHORT = dict(zip(RESOURCES, ("LAB", "SUR", "EQP", "UND", "EXP", "TRN")))
# Pointy-top hexes, y pointing down: the angle of each side's direction (COP-R47 notation).
SIDE_ANGLES = {"E": 0, "NE": -60, "NW": -120, "W": 180, "SW": 120, "SE": 60}
SQRT3 = math.sqrt(3)


def outline(actionable: bool) -> dict[str, Any]:
    return {"stroke": HIGHLIGHT, "stroke_width": 3} if actionable else {"stroke": INK, "stroke_width": 1}


def rock(x: float, y: float, r: float) -> str:
    return svg.element("circle", cx=x, cy=y, r=r, fill=ROCK, stroke="#3f3f3f", stroke_width=1)


@dataclass(frozen=True)
class MapStyle:
    """Where a hex's contents go, in hex sizes from its centre (y pointing down). The
    narrow board's hexes are smaller for the same text, so its names sit lower, in
    the hex's wide middle, with the terrain token and the miners below them."""
    site_name: tuple[float, float]  # y of a mine site's name, its room
    camp_name: tuple[float, float]
    houses_y: float
    token: tuple[float, float]  # y and radius of the terrain token
    pawns_y: float
    pawn_step: float
    piece: float  # half the size of a building on a build space
    reach: float  # radius of the click target around a small thing with actions (0: the thing itself)


WIDE_MAP = MapStyle((-0.45, 0.8), (-0.55, 1.5), -0.28, (-0.16, 0.24), 0.36, 0.48, 0.13, 0)
NARROW_MAP = MapStyle((-0.2, 1.2), (-0.2, 1.25), 0.1, (0.08, 0.26), 0.53, 0.4, 0.2, 0.25)


# --- the hex map ------------------------------------------------------------------------------

def _extent(game, name: str) -> tuple[dict[str, tuple[float, float]], float, float, float, float]:
    data = game.components["boards"][name]
    unit = {h["id"]: _axial(*h["axial"]) for h in data["camps"] + data["mine_sites"]}
    xs, ys = [x for x, _ in unit.values()], [y for _, y in unit.values()]
    left, top = min(xs) - SQRT3 / 2, min(ys) - 1
    return unit, left, top, max(xs) + SQRT3 / 2 - left, max(ys) + 1 - top


def map_height(game, name: str, width: float) -> float:
    """The height of the map drawn `width` wide."""
    _, _, _, across, down = _extent(game, name)
    return width * down / across


@lru_cache(maxsize=8)
def _geometry(game, name: str, frame: tuple[float, float, float, float]
              ) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[float, float]], float]:
    """Centres of the camps and mine sites, points of the poor-rock and build spaces
    (from their `side` and `corner` notation), and the hex size, fitted to `frame` (x, y, width, height)."""
    data = game.components["boards"][name]
    unit, left, top, width, height = _extent(game, name)
    points = {p["id"]: _side_point(unit, p["side"]) for p in data["poor_rock_spaces"]}
    points.update({b["id"]: _corner_point(unit, b["corner"]) for b in data["build_spaces"]})
    size = min(frame[2] / width, frame[3] / height)
    dx = frame[0] + (frame[2] - width * size) / 2 - left * size
    dy = frame[1] + (frame[3] - height * size) / 2 - top * size

    def fit(point):
        return point[0] * size + dx, point[1] * size + dy

    return ({k: fit(p) for k, p in unit.items()}, {k: fit(p) for k, p in points.items()}, size)


def _axial(q: int, r: int) -> tuple[float, float]:
    return SQRT3 * (q + r / 2), 1.5 * r


def _polar(centre, angle: float, distance: float) -> tuple[float, float]:
    return centre[0] + distance * math.cos(math.radians(angle)), centre[1] + distance * math.sin(math.radians(angle))


def _side_point(unit, side: str) -> tuple[float, float]:
    hex_id, direction = side.split(":")
    return _polar(unit[hex_id], SIDE_ANGLES[direction], SQRT3 / 2)


def _corner_point(unit, corner: str) -> tuple[float, float]:
    hex_id, sides = corner.split(":")
    a, b = (math.radians(SIDE_ANGLES[d]) for d in sides.split("-"))
    angle = math.degrees(math.atan2(math.sin(a) + math.sin(b), math.cos(a) + math.cos(b)))
    return _polar(unit[hex_id], angle, 1)


def _hexagon(centre, size: float, **attrs) -> str:
    corners = [_polar(centre, 30 + 60 * k, size) for k in range(6)]
    return svg.element("polygon", points=" ".join(f"{x:.1f},{y:.1f}" for x, y in corners), **attrs)


# A place without actions looks the same on every board where its pieces are the
# same: drawn once, kept here by (game, board, frame, style, seat names, place, pieces).
_DRAWN: dict[tuple, str] = {}
_DRAWN_MOST = 20000


class HexMap:
    def __init__(self, game, view, actions: Actions, frame: tuple[float, float, float, float] = MAP,
                 style: MapStyle = WIDE_MAP) -> None:
        self.game, self.view, self.actions, self.style = game, view, actions, style
        self.board = game.tables.boards[view["board"]]
        self.centres, self.points, self.size = _geometry(game, view["board"], frame)
        self.miners = _miners_by_place(view)
        self.rocks, self.terrain_rocks = set(view["poor_rock"]), set(view["terrain_rock"])
        self.stamp = (game, view["board"], frame, style, tuple(map(seat_label, range(len(view["seats"])))))

    def draw(self) -> str:
        board = self.board
        hexes = sorted(board.camps + board.sites, key=lambda place: place in self.actions)  # outlines on top
        return svg.group(
            *(self._still(place, self._camp if place in board.house_spaces else self._site) for place in hexes),
            *(self._still(space, self._rock_space) for space in board.spaces),
            *(self._still(space, self._build_space) for space in board.builds),
            class_="map",
        )

    def _still(self, place: str, draw: Callable[[str], str]) -> str:
        """`draw(place)`, from `_DRAWN` where the place has no actions."""
        seat = self.view["seat"]
        if place in self.actions or any(f"miner:{n}" in self.actions for owner, _, numbers in self.miners.get(place, ())
                                         if owner == seat for n in numbers):
            return draw(place)
        key = (*self.stamp, place, *self._pieces(place))
        drawn = _DRAWN.get(key)
        if drawn is None:
            if len(_DRAWN) >= _DRAWN_MOST:
                _DRAWN.clear()
            drawn = _DRAWN[key] = draw(place)
        return drawn

    def _pieces(self, place: str) -> tuple:
        """All of the view that the drawing of a place without actions shows."""
        view = self.view
        built = view["buildings"].get(place)
        return (tuple(view["company_houses"].get(place, ())), view["terrain"].get(place), place in self.terrain_rocks,
                sum(space in self.rocks for space in self.board.site_spaces.get(place, ())), place in self.rocks,
                built and (built["building"], built["seat"]),
                tuple((seat, ready, len(numbers)) for seat, ready, numbers in self.miners.get(place, ())))

    def _camp(self, camp: str) -> str:
        centre, size = self.centres[camp], self.size
        owners = self.view["company_houses"][camp]
        spaces = self.board.house_spaces[camp]
        hexagon = _hexagon(centre, size * 0.97, fill=CAMP_FILL, **outline(camp in self.actions))
        houses = [house(centre[0] + (k - (spaces - 1) / 2) * size * 0.3, centre[1] + size * self.style.houses_y,
                        size * 0.22,
                        owners[k] if k < len(owners) else None) for k in range(spaces)]
        names = ", ".join(map(seat_label, owners)) or "none"
        hint = f"{self._label(camp)}: company houses {names}; miners {self._miner_words(camp)}"
        return svg.group(
            self.actions.clickable(camp, hexagon, hint, self._key(camp)),
            label(centre[0], centre[1] + size * self.style.camp_name[0], self._label(camp),
                  size * self.style.camp_name[1], font_size=13,
                  font_weight="bold", text_anchor="middle", fill=INK),
            *houses, self._pawns(camp), data_place=camp)

    def _site(self, site: str) -> str:
        centre, size = self.centres[site], self.size
        hexagon = _hexagon(centre, size * 0.97, fill=SITE_FILL, **outline(site in self.actions))
        face = self.view["terrain"][site]
        rocks = sum(space in self.rocks for space in self.board.site_spaces[site])
        terrain = "face-down terrain token" if face is None else f"terrain {terrain_words(self.game.tables, face)}"
        if site in self.terrain_rocks:
            terrain += " holding a poor rock"
        hint = f"{self._label(site)}: {terrain}, {rocks}/3 poor rock; miners {self._miner_words(site)}"
        return svg.group(
            self.actions.clickable(site, hexagon, hint, self._key(site)),
            label(centre[0], centre[1] + size * self.style.site_name[0], f"Site {place_number(site)}",
                  size * self.style.site_name[1], font_weight="bold", text_anchor="middle", fill=INK),
            self._terrain(site, face, centre, size), self._pawns(site), data_place=site)

    def _terrain(self, site: str, face: str | None, centre, size: float) -> str:
        x, y, r = centre[0], centre[1] + size * self.style.token[0], size * self.style.token[1]
        if face is None:
            return svg.group(svg.element("circle", cx=x, cy=y, r=r, fill=svg.FACE_DOWN, stroke=INK),
                             svg.text(x, y + 5, "?", font_size=14, text_anchor="middle", fill="#ffffff"))
        if face == "poor_rock":
            token = [svg.element("circle", cx=x, cy=y, r=r, fill="#c9c2b6", stroke=INK),
                     label(x, y + 4, "rock", r * 2, text_anchor="middle", fill=INK)]
            if site in self.terrain_rocks:
                token.append(rock(x + r * 0.55, y - r * 0.55, r * 0.45))
        else:
            token = [svg.element("circle", cx=x, cy=y, r=r, fill=RESOURCE_COLOURS[face], stroke=INK),
                     label(x, y + 4, RESOURCE_SHORT[face], r * 2, text_anchor="middle", fill=INK)]
        entry = self.game.presentation.glossary[terrain_key(face)]
        return svg.group(*token, svg.title(f"{self._label(site)}'s terrain token — {entry.title()}"),
                         data_explain=entry.key)

    def _rock_space(self, space: str) -> str:
        x, y = self.points[space]
        full = space in self.rocks
        r = self.size * 0.11
        shape = svg.element("rect", x=x - r, y=y - r, width=2 * r, height=2 * r, rx=2,
                            fill=ROCK if full else "#f7f2e8", **outline(space in self.actions))
        hint = f"{self._label(space)}: " + ("poor rock" if full else "empty")
        return svg.group(self.actions.clickable(space, self._reach(space in self.actions, x, y, shape), hint, self._key(space)),
                         data_place=space)

    def _build_space(self, space: str) -> str:
        x, y = self.points[space]
        built = self.view["buildings"].get(space)
        r = self.size * self.style.piece
        if built is None:
            shape = svg.element("circle", cx=x, cy=y, r=r * 0.8, fill="#ffffff", **outline(space in self.actions))
            return svg.group(self.actions.clickable(space, self._reach(space in self.actions, x, y, shape),
                                                    f"{self._label(space)}: empty", self._key(space)),
                             data_place=space)
        shape = building_piece(built["building"], x, y, 2 * r, built["seat"])
        entry = self.game.presentation.glossary[building_key(built["building"])]
        hint = f"{self._label(space)}: {seat_label(built['seat'])}'s {BUILDINGS[built['building']]} — {entry.title()}"
        return svg.group(shape, svg.title(hint), data_place=space, data_explain=entry.key)

    def _reach(self, clickable: bool, x: float, y: float, shape: str) -> str:
        """The shape, with a wider invisible click target around it where the style asks and it has actions."""
        if not self.style.reach or not clickable:
            return shape
        return svg.element("circle", cx=x, cy=y, r=self.size * self.style.reach, fill="#ffffff",
                           fill_opacity=0) + shape

    def _label(self, place: str) -> str:
        return place_label(self.game.tables, place).capitalize()

    def _key(self, place: str) -> str:
        return place_key(self.view["board"], place)

    def _pawns(self, place: str) -> str:
        groups = self.miners.get(place, [])
        centre, size = self.centres[place], self.size
        step = size * self.style.pawn_step
        drawn = []
        for k, (seat, ready, numbers) in enumerate(groups):
            row, column = divmod(k, 3)
            per_row = min(3, len(groups) - row * 3)
            x = centre[0] + (column - (per_row - 1) / 2) * step
            y = centre[1] + size * self.style.pawns_y + row * size * 0.32
            drawn.append(self._pawn(x, y, size * 0.13, seat, ready, numbers))
        return svg.group(*drawn)

    def _pawn(self, x: float, y: float, r: float, seat: int, ready: bool, numbers: list[int]) -> str:
        colour = seat_colour(seat)
        places = [f"miner:{n}" for n in numbers] if seat == self.view["seat"] else []
        ids = [i for place in places for i in self.actions.ids(place)]
        body = svg.group(
            svg.element("circle", cx=x, cy=y - r * 1.1, r=r * 0.7, fill=colour, stroke=INK),
            svg.element("path", d=f"M{x - r:.1f},{y + r * 1.2:.1f} L{x - r * 0.5:.1f},{y - r * 0.3:.1f} "
                                  f"L{x + r * 0.5:.1f},{y - r * 0.3:.1f} L{x + r:.1f},{y + r * 1.2:.1f} Z",
                        fill=colour, stroke=HIGHLIGHT if ids else INK, stroke_width=2 if ids else 1),
            transform=None if ready else f"rotate(90 {x:.1f} {y:.1f})")
        count = svg.text(x + r * 1.2, y + r * 1.4, f"×{len(numbers)}", font_size=12, font_weight="bold",
                         fill=INK) if len(numbers) > 1 else ""
        state = "ready" if ready else "exerted"
        hint = f"{seat_label(seat)}: {len(numbers)} {state} miner{'s' if len(numbers) > 1 else ''}"
        words = [w for place in places for w in self.actions.words(place)]
        if words:
            hint += ": " + "; ".join(words)
        return svg.clickable(svg.group(self._reach(bool(ids), x, y, body), count), ids, hint)

    def _miner_words(self, place: str) -> str:
        groups = self.miners.get(place, [])
        return ", ".join(f"{seat_label(seat)} {len(n)} {'ready' if ready else 'exerted'}"
                         for seat, ready, n in groups) or "none"


def text_width(words: str, font_size: float, bold: bool) -> float:
    """A generous estimate of a text's drawn width (system-ui averages ~0.55 em)."""
    return len(words) * font_size * (0.64 if bold else 0.6)


def label(x: float, y: float, words: Any, room: float, font_size: float = 12, **attrs: Any) -> str:
    """A text that names a thing: whole inside `room`, squeezed (never cut) when it would not fit."""
    words = str(words)
    squeeze = text_width(words, font_size, "font_weight" in attrs) > room
    return svg.text(x, y, words, font_size=font_size, class_="label", textLength=room if squeeze else None,
                    lengthAdjust="spacingAndGlyphs" if squeeze else None, **attrs)


def _miners_by_place(view) -> dict[str, list[tuple[int, bool, list[int]]]]:
    """Place -> [(seat, ready, miner numbers)], seat order then ready first."""
    found: dict[str, dict[tuple[int, bool], list[int]]] = defaultdict(dict)
    for entry in view["seats"]:
        for number, miner in enumerate(entry["miners"]):
            found[miner["at"]].setdefault((entry["seat"], miner["ready"]), []).append(number)
    return {place: [(seat, ready, numbers) for (seat, ready), numbers in sorted(groups.items(), key=_group_order)]
            for place, groups in found.items()}


def _group_order(item) -> tuple[int, bool]:
    (seat, ready), _ = item
    return seat, not ready


def building_piece(building: str, x: float, y: float, size: float, owner: int) -> str:
    """A piece in its owner's colour: a little house for a company house, a square
    marked S or H for a shaft or hoist house."""
    if building == "company_house":
        return house(x, y, size, owner)
    h = size / 2
    return svg.group(
        svg.element("rect", x=x - h, y=y - h, width=size, height=size, fill=seat_colour(owner), stroke=INK,
                    stroke_width=1.5),
        svg.text(x, y + 4, "S" if building == "shaft_house" else "H", font_size=12, font_weight="bold",
                 text_anchor="middle", fill="#ffffff"))


def house(x: float, y: float, size: float, owner: int | None) -> str:
    """A company-house space: a little house in its owner's colour, or an empty outline."""
    h = size / 2
    path = f"M{x - h:.1f},{y + h:.1f} L{x - h:.1f},{y - h * 0.2:.1f} L{x:.1f},{y - h:.1f} " \
           f"L{x + h:.1f},{y - h * 0.2:.1f} L{x + h:.1f},{y + h:.1f} Z"
    if owner is None:
        return svg.element("path", d=path, fill="none", stroke=MUTED, stroke_dasharray="3 2")
    return svg.element("path", d=path, fill=seat_colour(owner), stroke=INK)
