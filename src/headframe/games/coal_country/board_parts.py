"""What Coal Country's board pictures share: the colours, where each legal action is clicked, the
drawing base (a view, its clickable actions, foremen by location) and the small shapes."""

from __future__ import annotations

from collections import defaultdict
from functools import cache, lru_cache
from html import escape
from typing import Any, NamedTuple

from headframe.engine import seat_colour, seat_label, svg

from .components import DIRECTIONS
from .glossary import FOREMAN_KEY
from .text import space_use, where

ON_BOARD = frozenset({"place", "exchange", "church", "collide", "incentivize", "stack", "keep", "place_tile",
                      "first_buyer", "buy_cube", "build", "build_over", "supply"})

WIDTH = 1000
CUBE_COLOURS = {"wood": "#8b5a2b", "water": "#5bc0eb", "electricity": "#f4e04d"}
INDICATOR_COLOURS = {1: "#2e9e4f", -1: "#c0392b", 0: "#ffffff"}
INK, PAPER, PANEL, LINE = "#2b2118", "#fbf7ef", "#efe6d6", "#8a7a66"
ROCK, LOOSE_ROCK, TUNNEL, SURFACE = "#cdb894", "#e8dfcf", "#3a2e25", "#9bbf6a"
REFUSE = "#8c8c8c"

# --- where each legal action happens ---------------------------------------------------

def _spot(action) -> str | None:
    """The place on the board where an action is clicked, or None for a button."""
    kind = action.kind
    if kind not in ON_BOARD:
        return None
    if kind == "place":
        return f"space:{action.location}"
    if kind == "place_tile":
        return f"cell:{action.x},{action.y}"
    if kind in ("church", "supply"):
        return f"tile:{action.tile}"
    if kind in ("buy_cube", "first_buyer"):
        return f"market:{action.utility}"
    if kind == "build":
        return f"building:{action.row}:{action.building}"
    field = {"exchange": "give", "collide": "direction", "stack": "stack", "keep": "design", "build_over": "lot"}
    return kind if kind == "incentivize" else f"{kind}:{getattr(action, field[kind])}"


def _spots(game, view: dict) -> dict[str, list]:
    """Legal actions of the view's decision by the place they are clicked on."""
    spots: dict[str, list] = defaultdict(list)
    for action in svg.decision_actions(game, view):
        spot = _spot(action)
        if spot is not None:
            spots[spot].append(action)
    return spots

@cache
def explanation(game, key: str) -> str:
    """A glossary entry's text for a `<title>`."""
    return game.presentation.glossary[key].title()


class Drawing:
    """One rendering: the view, its clickable actions and the drawing helpers that need them."""

    def __init__(self, game, view: dict) -> None:
        self.game, self.view = game, view
        self.tables = game.tables
        self.me = view["seat"]
        self.spots = _spots(game, view)
        self.foremen = foremen_by_location(view)
        self.indicators = {value: colour for colour, value in game.components["market_indicators"]["values"].items()}

    def actions(self, *keys: str) -> list:
        return [action for key in keys for action in self.spots.get(key, ())]

    def click(self, shape: str, keys: tuple[str, ...], hint: str, explain: str | None = None) -> str:
        """The shape, playing the actions at `keys` when clicked; `hint` says what clicking does and
        `explain` names the glossary entry of the thing drawn face up (its title follows the hint)."""
        actions = self.actions(*keys)
        if actions:
            hint = hint or "; ".join(self.game.presentation.describe_action(a) for a in actions)
        if explain is None:
            return svg.clickable(shape, [a.id for a in actions], hint)
        if hint and hint[-1] not in ".:":
            hint += "."
        hint = " ".join(filter(None, (hint, explanation(self.game, explain))))
        return svg.clickable(shape, [a.id for a in actions], hint, data_explain=explain)

    def explained(self, shape: str, explain: str, hint: str = "") -> str:
        """A thing drawn face up that is not clicked: its glossary entry on hover."""
        return self.click(shape, (), hint, explain)

    def fee(self) -> int | None:
        for player in self.view["players"]:
            if player["seat"] == self.me:
                return player["fee"]
        return None

    def fees(self, n: int) -> str:
        fee = self.fee()
        return f"{n} fee{'s' if n != 1 else ''}" + (f", ${n * fee}" if fee is not None else "")

    def place_hint(self, location: str, hint: str) -> str:
        values = sorted({a.value for a in self.actions(f"space:{location}")}, reverse=True)
        if not values:
            return hint
        return f"Place a foreman on {where(location)} (influence {either(values)}): {space_use(location)}"

    def discs(self, x: float, y: float, location: str, width: float, owner: int | None = None) -> str:
        """The foremen on a location (a desk space: everyone's; a village space or mine tile: its
        owner's): owner's colour, value or '?' while hidden; one's own draft dashed."""
        shown = [f for f in self.foremen.get(location, ()) if owner is None or f[0] == owner]
        step = min(24.0, width / max(1, len(shown)))
        return svg.group(*(self.foreman(x + i * step, y, *foreman) for i, foreman in enumerate(shown)))

    def foreman(self, x: float, y: float, seat: int, value: int | None, draft: bool) -> str:
        """A foreman disc; face down ('?') it says nothing more."""
        shape = disc(x, y, seat, value, draft)
        if value is None:
            return shape
        return self.explained(shape, FOREMAN_KEY, f"{seat_label(seat)}'s foreman, influence {value}.")

    def tile_picture(self, x: float, y: float, size: float, design: str, rotation: int, label: bool = True) -> str:
        """A mineshaft tile face up, from the design data alone (its glossary key on the caller)."""
        index = self.tables.design_ids.index(design)
        mask = self.tables.masks[index][rotation]
        openings = "".join(d for i, d in enumerate(DIRECTIONS) if mask >> i & 1)
        return svg.group(tile_shape(x, y, size, openings, ROCK), tile_label(x, y, design) if label else "")


# --- shared shapes ---------------------------------------------------------------------------
# The shapes below are drawn from their arguments alone and repeat from one board to the next (a seat
# per move, the same tiles and gauges): each is drawn once.
drawn_once = lru_cache(maxsize=4096)

class Amount(NamedTuple):
    """An amount of the view as a board shows it, with its path in the view (`players.0.cash`)."""

    path: str
    shown: Any


def tspan(piece: str | Amount) -> str:
    """Plain words, or an amount marked `data-view` so that a test can hold the board to the view."""
    if isinstance(piece, Amount):
        return svg.amount(piece.shown, piece.path)
    return escape(piece)


def name_text(x: float, y: float, words: Any, **attrs: Any) -> str:
    """A text that names a thing (class "label": the layout tests hold these apart and inside their shapes)."""
    return svg.text(x, y, words, class_="label", **attrs)


def line(x: float, y: float, *pieces: str | Amount, **attrs: Any) -> str:
    """A text of plain words and amounts."""
    return svg.element("text", "".join(map(tspan, pieces)), x=x, y=y, **attrs)


def foremen_by_location(view: dict) -> dict[str, list[tuple[int, int | None, bool]]]:
    """Every foreman the view shows, by location: the placed ones (value None while hidden) and
    the viewer's own draft (dashed). Other seats' sealed placements are not in the view at all."""
    found: dict[str, list] = defaultdict(list)
    for player in view["players"]:
        for foreman in player["foremen"]:
            found[foreman["location"]].append((player["seat"], foreman["value"], False))
    for foreman in view.get("my_placement") or ():
        found[foreman["location"]].append((view["seat"], foreman["value"], True))
    return found


def either(values: list[int]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def panel(x: float, y: float, w: float, h: float, label: str) -> str:
    return svg.group(svg.element("rect", x=x, y=y, width=w, height=h, rx=10, fill=PANEL, stroke=LINE),
                     name_text(x + 12, y + 20, label, font_size=15, font_weight="bold", fill=INK))


@drawn_once
def frame(x: float, y: float, w: float, h: float, fill: str = "#faf5ea") -> str:
    return svg.element("rect", x=x, y=y, width=w, height=h, rx=6, fill=fill, stroke=LINE)


@drawn_once
def gauge_cell(x: float, y: float, w: float, label, marked: bool, path: str) -> str:
    """A space of a gauge; the marked one shows the view's amount at `path`."""
    shown = Amount(path, label) if marked else str(label)
    return svg.group(
        svg.element("rect", x=x, y=y, width=w, height=20, fill=INK if marked else "#fff", stroke=LINE),
        line(x + w / 2, y + 15, shown, font_size=12, text_anchor="middle", fill="#fff" if marked else INK))


@drawn_once
def disc(x: float, y: float, seat: int, value: int | None, draft: bool) -> str:
    return svg.group(
        svg.element("circle", cx=x, cy=y, r=11, fill=seat_colour(seat), stroke="#fff" if not draft else INK,
                    stroke_width=2, stroke_dasharray="3 2" if draft else None),
        svg.text(x, y + 5, "?" if value is None else value, font_size=13, font_weight="bold", fill="#fff",
                 text_anchor="middle"))


def marker(x: float, y: float, seat: int, hundreds, at: str) -> str:
    """An earnings marker; past 99 it carries its hundreds (the track's second marker)."""
    return svg.group(svg.element("circle", cx=x, cy=y, r=8, fill=seat_colour(seat), stroke=INK),
                     svg.text(x, y + 4, hundreds, font_size=12, fill="#fff", text_anchor="middle"),
                     svg.title(f"{seat_label(seat)}: {at}"))


@drawn_once
def building_tile(x: float, y: float, w: float, h: float, name: str, note: str, playable: bool) -> str:
    """A building tile: a playable one (takes a foreman) cream, a permanent one grey-blue."""
    lines = name.rsplit(" ", 1) if len(name) > 12 else [name]
    return svg.group(
        svg.element("rect", x=x, y=y, width=w, height=h, rx=4, fill="#fffaf0" if playable else "#e9eef3",
                    stroke=INK),
        *(name_text(x + 5, y + 15 + i * 14, line, font_size=12, font_weight="bold") for i, line in enumerate(lines)),
        svg.text(x + 5, y + h - 6, note, font_size=12), class_="card")


@drawn_once
def tile_label(x: float, y: float, design: str) -> str:
    return name_text(x + 3, y + 13, design, font_size=12, font_weight="bold", stroke=ROCK, stroke_width=3,
                    paint_order="stroke")


@drawn_once
def tile_shape(x: float, y: float, size: float, openings: str, rock: str) -> str:
    """A square of rock with a tunnel from the centre to each opening."""
    half, bore = size / 2, size * 0.24
    parts = [svg.element("rect", x=x, y=y, width=size, height=size, fill=rock, stroke=INK, stroke_width=1)]
    ends = {"N": (half, 0), "E": (size, half), "S": (half, size), "W": (0, half)}
    for direction in openings:
        ex, ey = ends[direction]
        parts.append(svg.element("line", x1=x + half, y1=y + half, x2=x + ex, y2=y + ey, stroke=TUNNEL,
                                 stroke_width=bore))
    parts.append(svg.element("rect", x=x + half - bore / 2, y=y + half - bore / 2, width=bore, height=bore,
                             fill=TUNNEL))
    return svg.group(*parts)
