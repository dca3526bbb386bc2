"""The card panel of Copper Country's board: the capital deck and community cards,
the production deck, the cards the current player looks at, the shift being worked
and its payment, local businesses and events. One column, laid out by a `Panel`:
beside the map on the wide board, under the seat's ledger on the narrow one."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import seat_colour, seat_label, svg
from headframe.engine.people import plural

from .board_map import INK, MUTED, RESOURCE_COLOURS, RESOURCE_SHORT, label, outline, text_width
from .board_parts import (
    CARD_H,
    CARD_W,
    Actions,
    amounts,
    capital_card,
    card_back,
    empty_slot,
    production,
    production_height,
    titled,
)
from .glossary import business_key, capital_key, event_key, production_key
from .text import capital_card as capital_words
from .text import place_label, production_card


@dataclass(frozen=True)
class Panel:
    x: float
    width: float
    columns: int  # cards to a row
    pad: float  # added to the height of each clickable strip (a production card's row, a business, a chip)
    wrap: bool  # a long name goes to a second line rather than being squeezed

    def card(self, k: int, y: float, step: float = CARD_W + 4) -> tuple[float, float]:
        """The top-left corner of the k-th card of a row of cards from `y`."""
        row, column = divmod(k, self.columns)
        return self.x + column * step, y + row * (CARD_H + 6)

    def rows_height(self, count: int) -> float:
        return -(-count // self.columns) * (CARD_H + 6) - 6


def panel(game, view, actions: Actions, layout: Panel, y: float) -> str:
    """The whole panel from `y` down, as the wide board has it."""
    parts = []
    for part in (decks, at_hand, businesses):
        y, shown = part(game, view, actions, layout, y)
        parts.append(shown)
    return svg.group(*parts, class_="panel")


def decks(game, view, actions: Actions, layout: Panel, y: float) -> tuple[float, str]:
    """The capital deck, the community cards and the production deck from `y` down; returns where they end."""
    x = layout.x
    parts = [_section(x, y, "Capital cards")]
    y += 10
    deck_hint = f"Capital deck: {view['capital_deck']} cards face down; {len(view['capital_discard'])} discarded"
    parts.append(card_back(x, y, "capital deck", (view["capital_deck"], "capital_deck"), "deck:capital", actions,
                           deck_hint))
    for slot, card in enumerate(view["community"]):
        cx, cy = layout.card(slot + 1, y)
        if card:
            parts.append(capital_card(game, cx, cy, card, actions, f"Community card {slot + 1}: ", f"slot:{slot}"))
        else:
            parts.append(empty_slot(cx, cy))
    discard = f"Discard pile: {plural(len(view['capital_discard']), 'card')}"
    last = len(view["community"])  # the last card's place; the discard pile is told beside it where there is room
    cx, cy = layout.card(last, y)
    if cx + CARD_W + 10 + text_width(discard, 12, False) <= x + layout.width:
        parts.append(svg.text(cx + CARD_W + 10, cy + 14, discard, font_size=12, fill=MUTED))
        y = cy + CARD_H + 24
    else:
        y += layout.rows_height(last + 1)
        parts.append(svg.text(x, y + 16, discard, font_size=12, fill=MUTED))
        y += 40
    parts.append(_section(x, y, "Production"))
    y += 10
    parts.append(card_back(x, y, "production deck", (view["production_deck"], "production_deck"), "", actions,
                           f"Production deck: {view['production_deck']} cards face down"))
    parts.append(svg.text(x + CARD_W + 10, y + 14, f"Discard pile: {plural(len(view['production_discard']), 'card')}",
                          font_size=12, fill=MUTED))
    known = view.get("known_top_production_card")
    if known:
        parts.append(_known(game, known, x + CARD_W + 10, y + 32, layout.width - CARD_W - 18, layout.wrap))
    return y + CARD_H + 10, "".join(parts)


def at_hand(game, view, actions: Actions, layout: Panel, y: float) -> tuple[float, str]:
    """What the current player is doing now: the cards looked at, the shift being worked and its payment."""
    y, looking = _looking(game, view, actions, layout, y)
    y, shift = _shift(game, view, actions, layout, y)
    return y, looking + shift


def _section(x: float, y: float, words: str) -> str:
    return svg.text(x, y, words, font_size=14, font_weight="bold", fill=INK)


def _known(game, card: str, x: float, y: float, room: float, wrap: bool) -> str:
    """The top production card its seat knows; with `wrap`, on two lines where one would be squeezed."""
    words = f"You know the top card: {production_card(game.tables, card)}"
    if wrap and text_width(words, 12, False) > room:
        lines = [label(x, y, "You know the top card:", room, fill=INK),
                 label(x, y + 16, production_card(game.tables, card), room, fill=INK)]
    else:
        lines = [label(x, y, words, room, fill=INK)]
    return svg.group(*lines, svg.title("The top production card — " + titled(game, production_key(card))),
                     data_explain=production_key(card))


def _looking(game, view, actions: Actions, layout: Panel, y: float) -> tuple[float, str]:
    """The cards the current player looks at (prospect, stockpile): face up for that
    player, a count for the others."""
    looking, x = view["looking"], layout.x
    if not looking:
        return y, ""
    if isinstance(looking, int):
        return y + 24, amounts(x, y + 14, f"{seat_label(view['current'])} looks at ", (looking, "looking"),
                               f" card{'s' if looking > 1 else ''}", room=layout.width - 4, fill=INK)
    parts = [_section(x, y + 14, "You look at")]
    y += 22
    if looking[0] in game.tables.capital:
        parts += [capital_card(game, *layout.card(k, y, CARD_W + 6), card, actions) for k, card in enumerate(looking)]
        return y + layout.rows_height(len(looking)) + 12, svg.group(*parts)
    for card in looking:
        parts.append(production(game, x, y, card, actions, layout.width, short=layout.wrap))
        y += production_height(game, card) + 6
    return y + 6, svg.group(*parts)


def _shift(game, view, actions: Actions, layout: Panel, y: float) -> tuple[float, str]:
    work, shift, x = view.get("work"), view.get("shift"), layout.x
    if not work:
        return y, ""
    worker = view["current"]
    parts = [amounts(x, y + 14, f"{seat_label(worker)} works {place_label(game.tables, work['site'])}: shift ",
                     (work["taken"], "work.taken"), " of ", (work["max"], "work.max"),
                     " (shutdown)" if work["shutdown"] else "", room=layout.width, font_size=13, font_weight="bold",
                     fill=seat_colour(worker))]
    y += 22
    if shift:
        parts.append(production(game, x, y, shift["card"], actions, layout.width, shift["row"], layout.pad,
                                layout.wrap))
        y += production_height(game, shift["card"], layout.pad) + 8
        payment = shift.get("payment")
        if payment:
            y, shown = _payment(game, payment, actions, layout, y)
            parts.append(shown)
    return y, svg.group(*parts)


def _payment(game, payment, actions: Actions, layout: Panel, y: float) -> tuple[float, str]:
    t, x = game.tables, layout.x
    full = ", ".join(_need(t.resource_name, n) for n in payment["needs"])
    shown = ", ".join(_need(RESOURCE_SHORT, n) for n in payment["needs"]) if layout.wrap else full
    parts = [svg.group(label(x, y + 12, f"Still to pay: {shown}", layout.width, fill=INK),
                       svg.title(f"Still to pay: {full}"))]
    y += 18
    per_row = int((layout.width + 6) // 96)
    height = 20 + layout.pad
    for k, (card, resource) in enumerate(payment["loose"]):
        row, column = divmod(k, per_row)
        cx, cy = x + column * 96, y + row * (height + 6)
        chip = svg.group(
            svg.element("rect", x=cx, y=cy, width=90, height=height, rx=4, fill=RESOURCE_COLOURS[resource],
                        **outline(card in actions)),
            label(cx + 45, cy + 14 + layout.pad / 2, f"Loose {RESOURCE_SHORT[resource]}", 84, text_anchor="middle",
                  fill=INK))
        hint = f"The rest of the {capital_words(t, card)}: {t.resource_name[resource]}"
        parts.append(actions.clickable(card, chip, hint, capital_key(t, card)))
    rows = -(-len(payment["loose"]) // per_row)
    return y + rows * (height + 6), svg.group(*parts)


def _need(names: dict[str, str], need: str) -> str:
    """A resource still to pay, by `names`: "equipment", "any resource", "the second labor of a 2:1 pair"."""
    if need == "any":
        return "any resource"
    if need.startswith("half-"):
        return f"the second {names[need[5:]]} of a 2:1 pair"
    return names[need]


def businesses(game, view, actions: Actions, layout: Panel, y: float) -> tuple[float, str]:
    parts, x = [], layout.x
    if view["local_businesses"]:
        parts.append(_section(x, y + 14, "Local businesses"))
        y += 22
        columns = int((layout.width + 6) // 200)
        width, height = (layout.width + 6) / columns - 6, 20 + layout.pad
        for k, card in enumerate(view["local_businesses"]):
            row, column = divmod(k, columns)
            parts.append(_business(game, view, actions, x + column * (width + 6), y + row * (height + 4), card,
                                   width, height))
        y += (height + 4) * -(-len(view["local_businesses"]) // columns) + 4
    if view["events_played"]:
        parts.append(_section(x, y + 14, "Events"))
        for k, card in enumerate(view["events_played"]):
            name = game.tables.events[card]["name"]
            parts.append(svg.group(label(x, y + 32 + 16 * k, name, layout.width, fill=INK),
                                   svg.title(titled(game, event_key(card))), data_explain=event_key(card)))
        y += 22 + 16 * len(view["events_played"])
    return y, svg.group(*parts)


def _business(game, view, actions: Actions, x: float, y: float, card: str, width: float, height: float) -> str:
    data = game.tables.businesses[card]
    used = card in view["used_this_turn"]
    shape = svg.group(
        svg.element("rect", x=x, y=y, width=width, height=height, rx=4, fill="#e7e0f2" if not used else "#d9d4cc",
                    **outline(card in actions)),
        label(x + 6, y + height / 2 + 4, data["name"] + (" (used)" if used else ""), width - 12, fill=INK))
    return actions.clickable(card, shape, "Used this turn" if used else "", business_key(card))
