"""Pieces of Copper Country's board picture: where each legal action is drawn, the
texts that name things (squeezed, never cut, to fit their room) and those that show
the view's amounts (`data-view`), and the cards, face up and face down."""

from __future__ import annotations

from collections import defaultdict
from functools import cache, lru_cache
from html import escape
from typing import Any

from headframe.engine import svg

from .board_map import INK, MUTED, RESOURCE_COLOURS, RESOURCE_SHORT, label, outline, text_width
from .glossary import capital_key, production_key
from .text import AREAS, capital_name, place_label, production_card, row_words

CARD_W, CARD_H = 76, 70


# --- where actions happen -------------------------------------------------------------------

def place_of(action) -> str | None:
    """The key of the drawn thing a legal action happens on (a board id, a card id,
    `slot:N`, `deck:capital`, `row:N`, `building:KIND`, `miner:N`, `unskilled`), or None."""
    kind = action.kind
    if kind == "contract":
        return action.camp or None
    if kind == "take":
        return "deck:capital" if action.slot < 0 else f"slot:{action.slot}"
    if kind in ("survey", "work_at"):
        return action.site
    if kind in ("move_rock", "place_rock"):
        return action.space
    if kind == "build":
        return action.place
    if kind in ("stockpile_at", "relocate"):
        return action.camp
    if kind in ("keep", "play", "discard", "use_business"):
        return action.card
    if kind == "prospect":
        return action.keep or None
    if kind == "choose_row":
        return f"row:{action.row}"
    if kind == "choose_building":
        return f"building:{action.building}"
    if kind == "sacrifice":
        return "unskilled" if action.miner < 0 else f"miner:{action.miner}"
    return None


class Actions:
    """Legal actions grouped by the place they happen on, and the hover text of a place."""

    def __init__(self, game, actions=(), miners=()) -> None:
        self.game, self.miners = game, list(miners)
        self.by_place: dict[str, list] = defaultdict(list)
        for action in actions:
            place = place_of(action)
            if place is not None:
                self.by_place[place].append(action)

    @classmethod
    def of(cls, game, view: dict[str, Any]) -> Actions:
        """The view's seat's legal actions (none for spectators and seats not to move)."""
        actions = svg.decision_actions(game, view)
        miners = view["seats"][view["seat"]]["miners"] if view["seat"] is not None else ()
        return cls(game, actions, miners)

    def none(self) -> Actions:
        """No actions: for things only shown (others' ledgers, a card inside a clickable slot)."""
        return Actions(self.game)

    def ids(self, place: str) -> list[str]:
        return [action.id for action in self.by_place.get(place, ())]

    def words(self, place: str) -> list[str]:
        return [self._words(action) for action in self.by_place.get(place, ())]

    def _words(self, action) -> str:
        """The action in words; a miner's number told by where the miner is, as the picture shows no numbers."""
        words = self.game.presentation.describe_action(action)
        miner = getattr(action, "miner", None)
        if isinstance(miner, int) and miner >= 0:
            where = self.miners[miner]
            words += f" (your {'ready' if where['ready'] else 'exerted'} miner at {self.where(where['at'])})"
        return words

    def where(self, at: str) -> str:
        return AREAS.get(at) or place_label(self.game.tables, at)

    def hint(self, place: str, otherwise: str, key: str = "") -> str:
        """What clicking does (if anything), then what the thing is, then its glossary entry."""
        words = self.words(place)
        about = titled(self.game, key) if key else ""
        return " — ".join(filter(None, ("Click: " + "; or ".join(words) if words else "", otherwise, about)))

    def clickable(self, place: str, shape: str, hint: str, key: str = "") -> str:
        """The shape, clickable for the place's actions; `key` names its glossary entry."""
        return svg.clickable(shape, self.ids(place), self.hint(place, hint, key), data_explain=key or None)

    def __contains__(self, place: str) -> bool:
        return place in self.by_place


@cache
def titled(game, key: str) -> str:
    """The `<title>` text of a glossary entry."""
    return game.presentation.glossary[key].title()


def capitalised(words: str) -> str:
    return words[:1].upper() + words[1:]


# --- texts ------------------------------------------------------------------------------------

def amounts(x: float, y: float, *pieces: Any, room: float = 0, font_size: float = 12, **attrs: Any) -> str:
    """A text showing amounts of the view: a piece `(value, path)` is drawn in a tspan
    marked `data-view="path"`; strings are drawn as they are. Squeezed into `room` if given."""
    inner, plain = [], []
    for piece in pieces:
        if isinstance(piece, tuple):
            value, path = piece
            inner.append(svg.amount(value, path))
            plain.append(str(value))
        else:
            inner.append(escape(piece))
            plain.append(piece)
    squeeze = bool(room) and text_width("".join(plain), font_size, "font_weight" in attrs) > room
    return svg.element("text", *inner, x=x, y=y, font_size=font_size, textLength=room if squeeze else None,
                       lengthAdjust="spacingAndGlyphs" if squeeze else None, **attrs)


# --- cards ------------------------------------------------------------------------------------

def capital_card(game, x: float, y: float, card: str, actions: Actions, where: str = "",
                 place: str | None = None) -> str:
    """A capital card face up, named by what it gives; its actions are those on `place` (the card itself by default)."""
    place = place or card
    hint = f"{where}{capital_name(game.tables, card)} card"
    return actions.clickable(place, _capital_face(game, x, y, card, place in actions), capitalised(hint),
                             capital_key(game.tables, card))


@lru_cache(maxsize=4096)
def _capital_face(game, x: float, y: float, card: str, actionable: bool) -> str:
    kind, resources = game.tables.capital[card]
    parts = [svg.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill="#fffdf7",
                         **outline(actionable))]
    band = CARD_W / len(resources)
    for k, resource in enumerate(resources):
        parts.append(svg.element("rect", x=x + k * band + 2, y=y + 2, width=band - 4, height=16, rx=3,
                                 fill=RESOURCE_COLOURS[resource]))
    joiner = {"single": "", "or": "or", "and": "and"}[kind]
    lines = [resources[0], joiner, resources[1]] if joiner else [resources[0]]
    for k, words in enumerate(lines):
        top = y + (36 if joiner else 44) + k * 13
        if words in ("or", "and"):
            parts.append(svg.text(x + CARD_W / 2, top, words, font_size=12, text_anchor="middle", fill=MUTED))
        else:
            parts.append(label(x + CARD_W / 2, top, words, CARD_W - 6, text_anchor="middle", fill=INK))
    return svg.group(*parts)


def card_back(x: float, y: float, words: str, count: tuple[int, str] | None, place: str, actions: Actions,
              hint: str) -> str:
    """A face-down pile or hand: what people call its back, and how many cards (`(count, view path)`)."""
    shape = svg.group(
        svg.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill=svg.FACE_DOWN,
                    **outline(place in actions)),
        label(x + CARD_W / 2, y + 20, words, CARD_W - 6, text_anchor="middle", fill="#ffffff"),
        amounts(x + CARD_W / 2, y + 42, count, font_size=16, font_weight="bold", text_anchor="middle",
                fill="#ffffff") if count else "",
        label(x + CARD_W / 2, y + 60, "card" if count and count[0] == 1 else "cards", CARD_W - 6,
              text_anchor="middle", fill="#ffffff") if count else "")
    return actions.clickable(place, shape, hint)


def empty_slot(x: float, y: float) -> str:
    return svg.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill="none", stroke=MUTED,
                       stroke_dasharray="4 3")


def production_height(game, card: str, pad: float = 0) -> float:
    return 22 + (17 + pad) * len(game.tables.rows[card])


def production(game, x: float, y: float, card: str, actions: Actions, width: float, chosen: int | None = None,
               pad: float = 0, short: bool = False) -> str:
    """A production card face up: its name and rows, the resources named in full or, `short`, by
    their marks. The revealed card has `chosen` (its row, -1 before the choice) and clickable rows
    (`row:N`), each `pad` taller than its text; a card looked at in a prospect is clickable as a whole."""
    names = RESOURCE_SHORT if short else game.tables.resource_name
    title = "" if chosen is None else "Revealed: "
    name = production_card(game.tables, card)
    rows = game.tables.rows[card]
    height = production_height(game, card, pad)
    parts = [svg.element("rect", x=x, y=y, width=width, height=height, rx=5, fill="#fffdf7",
                         **outline(card in actions)),
             label(x + 6, y + 15, f"{title}{name}", width - 12, font_weight="bold", fill=INK)]
    for k, row in enumerate(rows):
        top = y + 20 + (17 + pad) * k
        place = "" if chosen is None else f"row:{k}"
        fill = "#fbe3a6" if k == chosen else ("#ffffff" if place in actions else "none")
        shape = svg.group(
            svg.element("rect", x=x + 4, y=top, width=width - 8, height=15 + pad, rx=3, fill=fill,
                        **(outline(True) if place in actions else {"stroke": "none"})),
            label(x + 9, top + 12 + pad / 2, f"{k + 1}. {row_words(row, names.__getitem__)}", width - 18, fill=INK))
        words = f"Row {k + 1}: {row_words(row, game.tables.resource_name.__getitem__)}"
        parts.append(actions.clickable(place, shape, words) if place else shape)
    return actions.clickable(card, svg.group(*parts), f"{title}{name}", production_key(card))


def fan(count: int, per_row: int) -> list[tuple[int, int]]:
    """(row, column) of each of `count` cards laid `per_row` to a row: cards never overlap."""
    return [divmod(k, per_row) for k in range(count)]
