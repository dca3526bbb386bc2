"""The cards of Ore City's board picture: faces, backs and chips, each name drawn
whole inside its card (on two lines, squeezed a little when it is long; never
cut, never under another card). A `CardSize` sets a card's geometry and text
size: the wide board's cards (12 px text), the narrow board's larger ones and
compact ones (14 px text)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from headframe.engine import seat_colour, svg

from .components import TYPE_NAMES, TYPES

TYPE_COLOURS = {"residential": "#5b8c3a", "commercial": "#3b6ea8", "industrial": "#7a6a58",
                "public_works": "#8e3b6e"}
TYPE_SHORT = {"residential": "RES", "commercial": "COM", "industrial": "IND", "public_works": "PW"}
NARROW, WIDE = frozenset("fijlrtI.,'()!|"), frozenset("mwMW")


@dataclass(frozen=True)
class CardSize:
    width: float
    height: float
    gap: float  # between two cards side by side
    band: float  # the coloured band at the top of a face: type and cost
    text: int  # every text of the card
    name: float  # the baseline of a name's first line, from the card's top
    line: float  # from a name's first line to its second
    stripe: float  # a constructor's stripe, at the bottom of a card in a construction space

    @property
    def step(self) -> float:
        return self.width + self.gap


CARD = CardSize(72, 72, 4, 17, 12, 33, 14, 13)
CARD_W, CARD_H, STEP = CARD.width, CARD.height, CARD.step


@lru_cache(maxsize=1024)
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


def wrapped(words: str, width: float, size: float, bold: bool = False) -> list[str]:
    """`words` in lines no wider than `width` (a word wider than that alone on its line)."""
    lines: list[str] = []
    for word in words.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def name_lines(name: str) -> list[str]:
    """A name on at most two lines: the last word alone on the second."""
    words = name.split()
    return words if len(words) < 2 else [" ".join(words[:-1]), words[-1]]


def _name(x: float, y: float, name: str, size: CardSize, **attrs: Any) -> list[str]:
    return [fitted(x + size.width / 2, y + size.name + size.line * line, words, size.width - 6, size.text,
                   text_anchor="middle", class_="label", **attrs)
            for line, words in enumerate(name_lines(name))]


# Drawn again at the same places board after board (hands, spaces and the common
# space have fixed slots): a face costs one look-up.
@lru_cache(maxsize=4096)
def card_face(game, x: float, y: float, card: str, corner: str, builders: tuple[tuple[int, int], ...] = (),
              size: CardSize = CARD) -> str:
    """A card face up: its type and `corner` (its cost, or how many lie there) on
    the band, its name, its VP; in a construction space (`builders`: each
    constructor and how many of the cards they constructed) a stripe per
    constructor in their colour, with their count."""
    tables = game.tables
    kind = TYPES[tables.type[card]]
    colour = TYPE_COLOURS[kind]
    width, height, text = size.width, size.height, size.text
    parts = [
        svg.element("rect", x=x, y=y, width=width, height=height, rx=5, fill="#fffdf7", stroke=colour,
                    stroke_width=2),
        svg.element("rect", x=x, y=y, width=width, height=size.band, rx=5, fill=colour),
        svg.text(x + 5, y + size.band - 4, TYPE_SHORT[kind], fill="#fff", font_size=text, font_weight="bold"),
        svg.text(x + width - 5, y + size.band - 4, corner, fill="#fff", font_size=text, font_weight="bold",
                 text_anchor="end") if corner else "",
        *_name(x, y, tables.name[card], size, fill="#222"),
    ]
    if card in tables.vp:
        parts.append(svg.text(x + width / 2, y + height - 7, f"{tables.vp[card]} VP", font_size=text,
                              text_anchor="middle", font_weight="bold", fill=colour))
    if builders:
        share = (width - 4) / len(builders)
        top, baseline = y + height - size.stripe - 2, y + height - 2 - round((size.stripe - 0.7 * text) / 2)
        for i, (builder, count) in enumerate(builders):
            left = x + 2 + i * share
            parts += [
                svg.element("rect", x=left, y=top, width=share, height=size.stripe, rx=2, fill=seat_colour(builder)),
                svg.text(left + share / 2, baseline, count, font_size=text, font_weight="bold",
                         text_anchor="middle", fill="#fff", stroke="#222", stroke_width=2, paint_order="stroke"),
            ]
    return svg.group(*parts)


@lru_cache(maxsize=1024)
def card_back(x: float, y: float, kind: str, size: CardSize = CARD) -> str:
    """A card face down: its type, which is public (rulebook §5.4), in full."""
    return svg.group(
        svg.element("rect", x=x, y=y, width=size.width, height=size.height, rx=5, fill=TYPE_COLOURS[kind],
                    stroke=svg.FACE_DOWN, stroke_width=2),
        svg.element("rect", x=x + 4, y=y + 4, width=size.width - 8, height=size.height - 8, rx=3, fill="none",
                    stroke="#fff", stroke_opacity=0.5),
        *_name(x, y, TYPE_NAMES[kind], size, fill="#fff"),
    )


def chip(game, x: float, y: float, width: float, card: str, count: int, height: float = 17, size: int = 12) -> str:
    """An acquired card, as a chip with its name (an acquisition space holds up to eight kinds)."""
    words = game.tables.name[card] + (f" ×{count}" if count > 1 else "")
    return svg.group(
        svg.element("rect", x=x, y=y, width=width, height=height, rx=4,
                    fill=TYPE_COLOURS[TYPES[game.tables.type[card]]]),
        fitted(x + 4, y + round((height + 0.7 * size) / 2), words, width - 8, size, fill="#fff", class_="label"),
    )


def row_of(count: int, width: float, size: CardSize = CARD) -> CardSize:
    """The cards for `count` of them side by side in `width`: full cards when
    they fit, else narrower ones; never overlapping."""
    if count * size.step - size.gap <= width:
        return size
    return replace(size, width=(width + size.gap) / count - size.gap)
