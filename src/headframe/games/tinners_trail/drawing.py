"""What the board's parts share: colours, amounts marked with their path in the
view (`data-view`), texts that name things (`class="label"`, sized to fit),
and shapes that explain themselves (`data-explain` and a `<title>` holding the
glossary entry, after what clicking does)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from headframe.engine import seat_colour_name, seat_label, svg
from headframe.engine.glossary import Entry

COPPER, TIN, WATER = "#b8652b", "#9aa4ad", "#2f6fc0"
LAND, CLEAR_LAND, SEA, INK, MUTED = "#efe2c2", "#f8f4ea", "#cfe3f3", "#2b2118", "#6e6357"
HIGHLIGHT = "#111111"
ADIT, ADIT_EDGE, PUMP_DISC = "#3b2a1a", "#f0c36d", "#5d6d7e"
SMALLEST = 12  # no text of the board is smaller (SVG units)


def seat_name(seat: int) -> str:
    return f"{seat_label(seat)} ({seat_colour_name(seat)})"


def words(text: Any) -> str:
    return escape(str(text))


def line(x: float, y: float, *parts: str, **attrs: Any) -> str:
    """A text made of parts already escaped (`words`, `amount`)."""
    return svg.element("text", *parts, x=x, y=y, **attrs)


def per_em(bold: bool) -> float:
    """A generous estimate of a sans-serif's width per character, in ems."""
    return 0.64 if bold else 0.58


def fitted(text: str, width: float, largest: int = 15, bold: bool = False, smallest: int = SMALLEST) -> int:
    """The largest font size (down to `smallest`) at which `text` fits in `width`."""
    for size in range(largest, smallest - 1, -1):
        if len(text) * per_em(bold) * size <= width:
            return size
    return smallest


def label(x: float, y: float, text: str, width: float, largest: int = 15, smallest: int = SMALLEST,
          **attrs: Any) -> str:
    """A text naming something, drawn whole within `width`."""
    size = fitted(text, width, largest, bold=attrs.get("font_weight") == "bold", smallest=smallest)
    return svg.text(x, y, text, font_size=size, class_="label", **attrs)


Said = str | tuple[int, str]  # plain words, or an amount of the view with its path
SEPARATORS = (" · ", "· ")


def said(*parts: Said) -> list[str]:
    """The parts as markup: words escaped, amounts marked with their path."""
    return [words(part) if isinstance(part, str) else svg.amount(*part) for part in parts]


def wrapped(x: float, y: float, parts: Sequence[Said], width: float, font_size: int, leading: float,
            **attrs: Any) -> tuple[str, int]:
    """One text of `parts` broken into lines of at most `width` (each a `<tspan>`),
    and how many lines it took."""
    room = width / (per_em(attrs.get("font_weight") == "bold") * font_size)
    lines: list[list[Said]] = [[]]
    used = 0
    for part in parts:
        for token in re.findall(r"\s*\S+\s*", part) if isinstance(part, str) else [part]:
            length = len(token.strip() if isinstance(token, str) else str(token[0]))
            if used and used + length > room:
                if lines[-1][-1] in SEPARATORS:  # a line's end separates: no "·" left hanging
                    lines[-1].pop()
                lines.append([])
                used = 0
                if token in SEPARATORS:
                    continue
                token = token.lstrip() if isinstance(token, str) else token
            lines[-1].append(token)
            used += length + (isinstance(token, str) and token[-1:] == " ")
    spans = [svg.element("tspan", *said(*line), x=x, dy=leading if number else None)
             for number, line in enumerate(lines)]
    return svg.element("text", *spans, x=x, y=y, font_size=font_size, **attrs), len(lines)


def explained(shape: str, entry: Entry, actions: Iterable[str] = (), hint: str = "", **attrs: Any) -> str:
    """`shape` explaining `entry`: clicking plays one of `actions` (what `hint` says), and
    hovering shows the hint, then the entry."""
    title = f"{hint}. {entry.title()}" if hint else entry.title()
    return svg.clickable(shape, actions, title, data_explain=entry.key, **attrs)
