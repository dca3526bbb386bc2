"""A small SVG writer shared by the games' board pictures.

Boards are drawn server-side from a seat's view. Where a legal action of the
seat's decision happens, the element carries `data-actions` (space-separated
action ids) and a `<title>` saying what clicking does; a generic client turns
those into clicks, and actions drawn nowhere stay buttons. What depends on the seat
is drawn through a `Seat`, so that the seats of one state share one drawing
(`layered`; docs/architecture.md, "One drawing for every seat")."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import cache, lru_cache
from html import escape
from typing import Any

FACE_DOWN = "#6b5b4b"


# A narrow board (`game.presentation.render_board(view, narrow=True)`) is for a phone in either
# orientation: at most NARROW_WIDTH units wide, no text under NARROW_TEXT units, so
# fitted to a 390 px phone's width its smallest text reads over 11 CSS px.
NARROW_WIDTH = 400
NARROW_TEXT = 14


@cache
def _attribute_name(name: str) -> str:
    return name.rstrip("_").replace("_", "-")  # class_ -> class, font_size -> font-size


@lru_cache(maxsize=8192)
def _quoted(value: str) -> str:
    # Boards repeat their colours, classes, paths and glossary titles on every draw.
    return escape(value, quote=True)


# Each attribute's markup by its name and value, for words and numbers: boards repeat
# their colours, classes, sizes and places on every draw. Zero is never kept, as -0.0
# equals it and is written "-0"; 1 and 1.0 are one key, and both are written "1".
_WRITTEN: dict[tuple[str, Any], str] = {}
_MOST_WRITTEN = 1 << 16


def _attributes(attrs: Mapping[str, Any]) -> str:
    # Hot: a board is thousands of elements.
    markup = ""
    for pair in attrs.items():
        kind = type(pair[1])
        if kind is str or kind is int or kind is float:
            markup += _WRITTEN.get(pair) or _written(*pair)
        elif pair[1] is not None and pair[1] is not False:
            markup += f' {_attribute_name(pair[0])}="{_quoted(str(pair[1]))}"'
    return markup


def _written(name: str, value: str | int | float) -> str:
    """An attribute of a word or a number (numbers need no escaping)."""
    kind = type(value)
    text = _quoted(value) if kind is str else f"{value:.2f}".rstrip("0").rstrip(".") if kind is float else value
    markup = f' {_attribute_name(name)}="{text}"'
    if kind is str or value:
        if len(_WRITTEN) >= _MOST_WRITTEN:
            _WRITTEN.clear()
        _WRITTEN[name, value] = markup
    return markup


def element(tag: str, *children: str, **attrs: Any) -> str:
    """`<tag attrs>children</tag>`; children are markup already."""
    inner = "".join(children)
    if not inner:
        return f"<{tag}{_attributes(attrs)}/>"
    return f"<{tag}{_attributes(attrs)}>{inner}</{tag}>"


def text(x: float, y: float, words: Any, **attrs: Any) -> str:
    return element("text", _quoted(str(words)), x=x, y=y, **attrs)


def amount(value: Any, path: str) -> str:
    """A number of the view inside a text, marked with its path in the view
    (`data-view="players.0.cash"`), by which a test holds the board to the view."""
    return element("tspan", _quoted(str(value)), data_view=path)


def title(words: str) -> str:
    return element("title", _quoted(words))


def group(*children: str, **attrs: Any) -> str:
    return element("g", *children, **attrs)


def clickable(shape: str, actions: Iterable[str], hint: str, **attrs: Any) -> str:
    """A group that clicking plays one of `actions` (ids); with none, just the shape.
    `hint` is what hovering says."""
    actions = list(actions)
    if not actions:
        return group(shape, title(hint), **attrs) if hint else shape
    classes = " ".join(filter(None, ("clickable", attrs.pop("class_", None))))
    return group(shape, title(hint), class_=classes, data_actions=" ".join(actions), **attrs)


def document(width: float, height: float, *children: str, label: str) -> str:
    """The whole picture: scales to its container (viewBox, no fixed size)."""
    return element(
        "svg", title(label), *children,
        xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width} {height}",
        class_="board", role="img", aria_label=label,
        font_family="system-ui, sans-serif", font_size=14,
    )


def legal_ids(game, view: Mapping[str, Any]) -> list[str]:
    """The ids of the legal actions in a view's decision (none for spectators and waiting seats)."""
    return [action.id for action in decision_actions(game, view)]


def decision_actions(game, view: Mapping[str, Any]) -> list:
    """The legal actions of a view's decision, parsed (none for spectators and waiting seats).
    A board parses every action of its seat's decision on every draw: each is parsed once."""
    return [_parsed(game, data) for data in (view.get("decision") or {}).get("actions", ())]


def _parsed(game, data: Mapping[str, Any]):
    try:
        return _parsed_items(game, tuple(data.items()))
    except TypeError:  # a field holding a list: not a key
        return game.parse_action(data)


@lru_cache(maxsize=8192)  # bounded: a server draws many games' decisions
def _parsed_items(game, items: tuple[tuple[str, Any], ...]):
    return game.parse_action(dict(items))


# --- one drawing for every seat ------------------------------------------------------------


class Seat:
    """Who a board is drawn for: its view, and its decision's legal actions by the
    place on the board where each is clicked. A board draws what depends on the seat
    (the text saying whose move it is, "(you)", each place that may be clickable)
    through `viewer` and `place`, so that one drawing of what every seat sees serves
    all the seats of a state (`layered`)."""

    def __init__(self, view: dict[str, Any], places: Mapping[Any, Sequence] | None = None) -> None:
        self.view = view
        self.places = places or {}

    def viewer(self, draw: Callable[[Seat], str | None]) -> str:
        """What `draw` draws for this seat (None: what it draws changes the board's
        layout, which a layered drawing cannot share: the seat's board is drawn whole)."""
        markup = draw(self)
        assert markup is not None, "a whole board is always drawn"
        return markup

    def place(self, key: Hashable, draw: Callable[[Sequence], str]) -> str:
        """What `draw` draws of the place `key` with the seat's legal actions there."""
        return draw(self.places.get(key, ()))


# A part's markup is fenced by a control character on each side, which no markup holds: XML forbids
# them, and a name of a seat cannot hold one (server/api.py).
_FENCE = "\x01"


class _Layering(Seat):
    """The seat of the drawing every seat shares: nothing to decide; it fences each part
    drawn through it and keeps how to draw the part again for a seat."""

    def __init__(self, view: dict[str, Any]) -> None:
        super().__init__(view)
        self.parts: list[tuple[Hashable | None, Callable]] = []  # (None: a viewer's part, or a place's key; draw)

    def viewer(self, draw: Callable[[Seat], str | None]) -> str:
        self.parts.append((None, draw))
        return _fenced(draw(self))

    def place(self, key: Hashable, draw: Callable[[Sequence], str]) -> str:
        self.parts.append((key, draw))
        return _fenced(draw(()))


def _fenced(markup: str | None) -> str:
    assert markup is not None and _FENCE not in markup, "parts do not nest"
    return _FENCE + markup + _FENCE


def layered(draw: Callable[[Seat], str], shared: dict[str, Any], seats: Sequence[Seat]) -> list[list[str]]:
    """The boards `draw(seat)` draws for `seats` (views of one state), each as parts
    that joined are the same markup, with what they share drawn once (one object in
    every board): from `shared`, the view of a spectator, who sees nothing any seat
    does not. Each seat's board is that drawing with its viewer's parts drawn for it,
    and its places where it has legal actions."""
    layering = _Layering(shared)
    pieces = draw(layering).split(_FENCE)  # outside, part, outside, part, ..., outside
    if len(pieces) != 2 * len(layering.parts) + 1:
        raise ValueError("a text of the board holds a control character")
    # A spectator's board is the shared drawing itself.
    return [pieces if seat.view is shared else _composed(draw, pieces, layering.parts, seat) for seat in seats]


def _composed(draw: Callable[[Seat], str], pieces: list[str], parts: list[tuple[Hashable | None, Callable]],
              seat: Seat) -> list[str]:
    composed = pieces.copy()
    for number, (key, redraw) in enumerate(parts):
        if key is None:
            markup = redraw(seat)
            if markup is None:
                return [draw(seat)]
            composed[2 * number + 1] = markup
        elif key in seat.places:
            composed[2 * number + 1] = redraw(seat.places[key])
    return composed
