"""The board's key: every symbol it draws, with what it stands for (rulebook: Game Materials)."""

from __future__ import annotations

from functools import cache

from headframe.engine import svg

from .board_parts import CUBE_COLOURS, INDICATOR_COLOURS, INK, LINE, LOOSE_ROCK, REFUSE, ROCK

CHAR = 6.4  # the width of a character of 12-unit text, near enough to lay the key out
SWATCH = 14


def _square(fill: str, dashed: bool = False) -> str:
    return svg.element("rect", x=0, y=0, width=SWATCH, height=SWATCH, rx=2, fill=fill, stroke=LINE if dashed else INK,
                       stroke_dasharray="2 1" if dashed else None)


def _foreman() -> str:
    return svg.group(svg.element("circle", cx=7, cy=7, r=7, fill=LINE),
                     svg.text(7, 11, "?", font_size=12, font_weight="bold", fill="#fff", text_anchor="middle"))


def _item(swatches: list[str], words: str) -> tuple[str, float]:
    """Swatches side by side, then the words; its width."""
    parts = [svg.group(swatch, transform=f"translate({i * (SWATCH + 3)},0)") for i, swatch in enumerate(swatches)]
    left = len(swatches) * (SWATCH + 3) + 3
    parts.append(svg.text(left, 12, words, font_size=12, fill=INK))
    return svg.group(*parts), left + len(words) * CHAR


def _items() -> list[tuple[str, float]]:
    cubes = [_square(colour) for colour in CUBE_COLOURS.values()]
    indicators = [_square(INDICATOR_COLOURS[value]) for value in (1, -1, 0)]
    return [
        _item([_foreman()], "foreman, its influence (? face down)"),
        _item(cubes, "wood, water and electricity cubes"),
        _item([_square(REFUSE)], "refuse cube"),
        _item(indicators, "market indicators +1, \u22121 and 0"),
        _item([_square(ROCK)], "mine tile connected to the entrance"),
        _item([_square(LOOSE_ROCK)], "mine tile not connected"),
        _item([_square("none", dashed=True)], "utility missing on a mine tile"),
        _item([_square("#fffaf0")], "playable building (takes a foreman)"),
        _item([_square("#e9eef3")], "permanent building"),
    ]


@cache
def legend(x: float, y: float, width: float) -> tuple[str, float]:
    """The key in lines `width` wide from (x, y); its height."""
    parts, left, top = [svg.text(x, y + 12, "Key", font_size=12, font_weight="bold", fill=INK)], x + 34, y
    for markup, size in _items():
        if left + size > x + width and left > x:
            left, top = x, top + 20
        parts.append(svg.group(markup, transform=f"translate({left:.1f},{top:.1f})"))
        left += size + 18
    return svg.group(*parts), top - y + 20
