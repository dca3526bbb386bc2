"""The keys of Copper Country's board picture: what each mark of the industry track,
each resource colour and each piece drawn on the map stands for, in the rulebook's
words. A key is a row of swatches, each followed by its words, going on to the next
line where the row would not fit its room."""

from __future__ import annotations

from collections.abc import Callable

from headframe.engine import svg

from .board_map import INK, MUTED, RESOURCE_COLOURS, RESOURCE_SHORT, ROCK, label, text_width
from .components import RESOURCES

LINE = 18  # a key's line height
SWATCH = 22  # room for a swatch before its words, unless the item says otherwise
TRACK_MARKS = {  # icon -> (mark, fill, words), as the track's spaces show them
    "start": ("S", "#ffffff", "start"),
    "local_business": ("LB", "#f6d365", "local business"),
    "era_2": ("II", "#a8d5ba", "era 2"),
    "event_19th": ("19", "#f4a6a6", "19th-century event"),
    "era_3": ("III", "#6fb98f", "era 3"),
    "event_20th": ("20", "#d98c8c", "20th-century event"),
    "end": ("END", "#3d3d3d", "end of game"),
}

Swatch = Callable[[float, float], str]  # draws a swatch centred at (x, y)


def mark(words: str, fill: str, width: float = 20) -> Swatch:
    """A little box with a short mark in it, as the track's spaces and the terrain tokens show them."""
    def draw(x: float, y: float) -> str:
        return svg.group(
            svg.element("rect", x=x - width / 2, y=y - 8, width=width, height=16, rx=3, fill=fill, stroke=INK,
                        stroke_width=1),
            label(x, y + 4, words, width - 2, font_weight="bold", text_anchor="middle",
                  fill="#ffffff" if fill == "#3d3d3d" else INK))
    return draw


Item = tuple[Swatch, str, float]  # the swatch, its words, the swatch's room


def key(x: float, y: float, room: float, title: str, items: list[Item]) -> tuple[float, str]:
    """`title` then each item's swatch and words, from (x, y) in `room`; returns its height and markup."""
    parts = [label(x, y, title, text_width(title, 12, True), font_weight="bold", fill=MUTED)]
    left, line = x + text_width(title, 12, True) + 8, 0
    for swatch, words, swatch_room in items:
        width = swatch_room + text_width(words, 12, False) + 12
        if left + width > x + room and left > x:
            left, line = x + 8, line + 1
        parts.append(svg.group(swatch(left + swatch_room / 2, y - 4 + line * LINE),
                               label(left + swatch_room + 2, y + line * LINE, words[:1].upper() + words[1:],
                                     width - swatch_room - 4, fill=INK)))
        left += width
    return (line + 1) * LINE, svg.group(*parts, class_="key")


def track_items() -> list[Item]:
    return [(mark(short, fill, 10 + 9 * len(short)), words, 14 + 9 * len(short))
            for short, fill, words in TRACK_MARKS.values()]


def resource_items(resource_name: dict[str, str]) -> list[Item]:
    return [(mark(RESOURCE_SHORT[r], RESOURCE_COLOURS[r], 32), resource_name[r], 36) for r in RESOURCES]


def piece_items() -> list[Item]:
    def circle(fill: str, words: str = "", text_fill: str = INK) -> Swatch:
        return lambda x, y: svg.group(svg.element("circle", cx=x, cy=y, r=8, fill=fill, stroke=INK),
                                      label(x, y + 4, words, 14, font_size=12, text_anchor="middle", fill=text_fill)
                                      if words else "")

    def square(fill: str) -> Swatch:
        return lambda x, y: svg.element("rect", x=x - 5, y=y - 5, width=10, height=10, rx=2, fill=fill, stroke=INK)

    def miner(ready: bool) -> Swatch:
        def draw(x: float, y: float) -> str:
            body = svg.group(svg.element("circle", cx=x, cy=y - 5, r=3, fill=MUTED, stroke=INK),
                             svg.element("path", d=f"M{x - 4:g},{y + 6:g} L{x - 2:g},{y - 1:g} L{x + 2:g},{y - 1:g} "
                                                   f"L{x + 4:g},{y + 6:g} Z", fill=MUTED, stroke=INK))
            return body if ready else svg.group(body, transform=f"rotate(90 {x:g} {y:g})")
        return draw

    def house(x: float, y: float) -> str:
        return svg.element("path", d=f"M{x - 7:g},{y + 7:g} L{x - 7:g},{y - 1:g} L{x:g},{y - 7:g} "
                                     f"L{x + 7:g},{y - 1:g} L{x + 7:g},{y + 7:g} Z", fill=MUTED, stroke=INK)

    def building(letter: str) -> Swatch:
        return lambda x, y: svg.group(
            svg.element("rect", x=x - 8, y=y - 8, width=16, height=16, fill=MUTED, stroke=INK),
            svg.text(x, y + 4, letter, font_size=12, font_weight="bold", text_anchor="middle", fill="#ffffff"))

    return [(swatch, words, SWATCH) for swatch, words in (
        (house, "company house"),
        (building("S"), "shaft house"),
        (building("H"), "hoist house"),
        (lambda x, y: svg.element("circle", cx=x, cy=y, r=5, fill="#ffffff", stroke=INK), "empty build space"),
        (square(ROCK), "poor rock"),
        (square("#f7f2e8"), "empty poor-rock space"),
        (circle(svg.FACE_DOWN, "?", "#ffffff"), "face-down terrain token"),
        (circle("#c9c2b6"), "poor rock terrain token"),
        (miner(True), "ready miner"),
        (miner(False), "exerted miner"),
    )]
