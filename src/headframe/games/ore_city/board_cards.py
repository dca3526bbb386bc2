"""The cards of Ore City's board picture: faces, backs and chips, each name drawn
whole inside its card (on two lines, squeezed a little when it is long; never
cut, never under another card), every text at 12 px or more."""

from __future__ import annotations

from typing import Any

from headframe.engine import seat_colour, svg

from .components import TYPE_NAMES, TYPES

CARD_W, CARD_H, GAP = 72, 72, 4
STEP = CARD_W + GAP
BAND = 17  # the coloured band at the top of a face: type and cost
TYPE_COLOURS = {"residential": "#5b8c3a", "commercial": "#3b6ea8", "industrial": "#7a6a58",
                "public_works": "#8e3b6e"}
TYPE_SHORT = {"residential": "RES", "commercial": "COM", "industrial": "IND", "public_works": "PW"}
NARROW, WIDE = frozenset("fijlrtI.,'()!|"), frozenset("mwMW")


def text_width(words: str, size: float = 12, bold: bool = False) -> float:
    """About how wide `words` are drawn (a sans-serif font at `size` px)."""
    em = sum(0.32 if c == " " else 0.3 if c in NARROW else 0.9 if c in WIDE else 0.68 if c.isupper() else 0.6
             for c in words)
    return em * size * (1.08 if bold else 1.0)


def fitted(x: float, y: float, words: str, width: float, size: float = 12, **attrs: Any) -> str:
    """Text kept inside `width`: a long text is squeezed to fit (the browser
    draws it exactly that wide), never cut; its font size stays `size`."""
    needed = text_width(words, size, attrs.get("font_weight") == "bold")
    squeeze = needed > 0.85 * width
    return svg.text(x, y, words, font_size=size, textLength=min(needed, width) if squeeze else None,
                    lengthAdjust="spacingAndGlyphs" if squeeze else None, **attrs)


def name_lines(name: str) -> list[str]:
    """A name on at most two lines: the last word alone on the second."""
    words = name.split()
    return words if len(words) < 2 else [" ".join(words[:-1]), words[-1]]


def _name(x: float, y: float, name: str, width: float, **attrs: Any) -> list[str]:
    return [fitted(x + width / 2, y + 33 + 14 * line, words, width - 6, text_anchor="middle", class_="label",
                   **attrs)
            for line, words in enumerate(name_lines(name))]


def card_face(game, x: float, y: float, card: str, corner: str, builders: list[tuple[int, int]] | None = None,
              width: float = CARD_W) -> str:
    """A card face up: its type and `corner` (its cost, or how many lie there) on
    the band, its name, its VP; in a construction space (`builders`: each
    constructor and how many of the cards they constructed) a stripe per
    constructor in their colour, with their count."""
    tables = game.tables
    kind = TYPES[tables.type[card]]
    colour = TYPE_COLOURS[kind]
    parts = [
        svg.element("rect", x=x, y=y, width=width, height=CARD_H, rx=5, fill="#fffdf7", stroke=colour,
                    stroke_width=2),
        svg.element("rect", x=x, y=y, width=width, height=BAND, rx=5, fill=colour),
        svg.text(x + 5, y + 13, TYPE_SHORT[kind], fill="#fff", font_size=12, font_weight="bold"),
        svg.text(x + width - 5, y + 13, corner, fill="#fff", font_size=12, font_weight="bold", text_anchor="end")
        if corner else "",
        *_name(x, y, tables.name[card], width, fill="#222"),
    ]
    if card in tables.vp:
        parts.append(svg.text(x + width / 2, y + CARD_H - 7, f"{tables.vp[card]} VP", font_size=12,
                              text_anchor="middle", font_weight="bold", fill=colour))
    if builders:
        share = (width - 4) / len(builders)
        for i, (builder, count) in enumerate(builders):
            left = x + 2 + i * share
            parts += [
                svg.element("rect", x=left, y=y + CARD_H - 15, width=share, height=13, rx=2,
                            fill=seat_colour(builder)),
                svg.text(left + share / 2, y + CARD_H - 4, count, font_size=12, font_weight="bold",
                         text_anchor="middle", fill="#fff", stroke="#222", stroke_width=2, paint_order="stroke"),
            ]
    return svg.group(*parts)


def card_back(x: float, y: float, kind: str, width: float = CARD_W) -> str:
    """A card face down: its type, which is public (rulebook §5.4), in full."""
    return svg.group(
        svg.element("rect", x=x, y=y, width=width, height=CARD_H, rx=5, fill=TYPE_COLOURS[kind],
                    stroke=svg.FACE_DOWN, stroke_width=2),
        svg.element("rect", x=x + 4, y=y + 4, width=width - 8, height=CARD_H - 8, rx=3, fill="none",
                    stroke="#fff", stroke_opacity=0.5),
        *_name(x, y, TYPE_NAMES[kind], width, fill="#fff"),
    )


def chip(game, x: float, y: float, width: float, card: str, count: int) -> str:
    """An acquired card, as a chip with its name (an acquisition space holds up to eight kinds)."""
    words = game.tables.name[card] + (f" ×{count}" if count > 1 else "")
    return svg.group(
        svg.element("rect", x=x, y=y, width=width, height=17, rx=4, fill=TYPE_COLOURS[TYPES[game.tables.type[card]]]),
        fitted(x + 4, y + 13, words, width - 8, fill="#fff", class_="label"),
    )


def row_of(count: int, width: float) -> tuple[float, float]:
    """(step, card width) for `count` cards side by side in `width`: full cards
    when they fit, else narrower ones; never overlapping."""
    if count * STEP - GAP <= width:
        return STEP, CARD_W
    step = (width + GAP) / count
    return step, step - GAP
