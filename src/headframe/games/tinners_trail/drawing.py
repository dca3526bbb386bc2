"""What the board's parts share: colours, amounts marked with their path in the
view (`data-view`), texts that name things (`class="label"`, sized to fit),
and shapes that explain themselves (`data-explain` and a `<title>` holding the
glossary entry, after what clicking does)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from headframe.engine import seat_colour_name, seat_label, svg
from headframe.engine.glossary import Entry

COPPER, TIN, WATER = "#b8652b", "#9aa4ad", "#2f6fc0"
LAND, CLEAR_LAND, SEA, INK, MUTED = "#efe2c2", "#f8f4ea", "#cfe3f3", "#2b2118", "#6e6357"
HIGHLIGHT = "#111111"
SMALLEST = 12  # no text of the board is smaller (SVG units)


def seat_name(seat: int) -> str:
    return f"{seat_label(seat)} ({seat_colour_name(seat)})"


def words(text: Any) -> str:
    return escape(str(text))


def line(x: float, y: float, *parts: str, **attrs: Any) -> str:
    """A text made of parts already escaped (`words`, `amount`)."""
    return svg.element("text", *parts, x=x, y=y, **attrs)


def fitted(text: str, width: float, largest: int = 15, bold: bool = False) -> int:
    """The largest font size (down to SMALLEST) at which `text` fits in `width`,
    by a generous estimate of a sans-serif's widths."""
    per_em = 0.64 if bold else 0.58
    for size in range(largest, SMALLEST - 1, -1):
        if len(text) * per_em * size <= width:
            return size
    return SMALLEST


def label(x: float, y: float, text: str, width: float, largest: int = 15, **attrs: Any) -> str:
    """A text naming something, drawn whole within `width`."""
    size = fitted(text, width, largest, bold=attrs.get("font_weight") == "bold")
    return svg.text(x, y, text, font_size=size, class_="label", **attrs)


def explained(shape: str, entry: Entry, actions: Iterable[str] = (), hint: str = "", **attrs: Any) -> str:
    """`shape` explaining `entry`: clicking plays one of `actions` (what `hint` says), and
    hovering shows the hint, then the entry."""
    title = f"{hint}. {entry.title()}" if hint else entry.title()
    return svg.clickable(shape, actions, title, data_explain=entry.key, **attrs)
