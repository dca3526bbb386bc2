"""Copper Country's board picture: one SVG drawn from a seat's view alone.

The hex map (board_map.py), the industry track laid out as one strip (COP-R35),
the decks and community cards, the revealed production card, and a ledger per
seat (board_ledger.py). A legal action is drawn on the thing it acts on; `place_of`
(board_parts.py) says which. Every thing drawn face up names its glossary entry
(`data-explain`), the one text saying whose move it is carries `data-to-move`, and
every amount of the view shown carries its path (`data-view`)."""

from __future__ import annotations

from typing import Any

from headframe.engine import seat_colour, seat_label, svg
from headframe.engine.people import listed, plural

from .board_ledger import ledger_height, ledgers
from .board_map import INK, MAP, MUTED, RESOURCE_COLOURS, RESOURCE_SHORT, HexMap, label, outline
from .board_parts import (
    CARD_H,
    CARD_W,
    Actions,
    amounts,
    capital_card,
    card_back,
    empty_slot,
    place_of,
    production,
    production_height,
)
from .glossary import business_key, capital_key, era_key, event_key, production_key, track_key
from .text import BUILDINGS, place_label, production_card
from .text import capital_card as capital_words

WIDTH = 1000
TRACK_TOP, TRACK_CELL = 34, 29
PANEL_X = 596
LEDGER_TOP = MAP[1] + MAP[3] + 14
TRACK_FILL = "#f4efe6"
TRACK_ICONS = {  # icon -> (label, fill)
    "start": ("S", "#ffffff"),
    "end": ("END", "#3d3d3d"),
    "local_business": ("LB", "#f6d365"),
    "era_2": ("II", "#a8d5ba"),
    "era_3": ("III", "#6fb98f"),
    "event_19th": ("19", "#f4a6a6"),
    "event_20th": ("20", "#d98c8c"),
}

__all__ = ["place_of", "render_board"]


def render_board(game, view: dict[str, Any]) -> str:
    actions = Actions.of(game, view)
    board = HexMap(game, view, actions)
    height = LEDGER_TOP + sum(ledger_height(view, entry) for entry in view["seats"]) + 8
    label_words = f"Copper Country, {view['board']} board, {view['era_name']}"
    return svg.document(
        WIDTH, height,
        svg.element("rect", x=0, y=0, width=WIDTH, height=height, fill="#fbf8f2"),
        _heading(game, view), _track(game, view), board.draw(), _panel(game, view, actions),
        ledgers(game, view, actions, LEDGER_TOP),
        label=label_words)


# --- heading and industry track ---------------------------------------------------------------

def _heading(game, view) -> str:
    era = svg.group(
        amounts(190, 22, f"{view['era_name']} (era ", (view["era"], "era"), ") · hand limit ",
                (view["hand_limit"], "hand_limit"), " · builds: ",
                ", ".join(BUILDINGS[b] for b in view["buildings_available"]), room=470, fill=INK, class_="label"),
        svg.title(game.glossary[era_key(view["era"])].title()), data_explain=era_key(view["era"]))
    return svg.group(
        label(10, 22, "Copper Country", 170, font_size=18, font_weight="bold", fill=INK),
        era, _status(view))


def _status(view) -> str:
    """The one text saying whose move it is (`data-to-move`), or who won."""
    right: dict[str, Any] = {"font_size": 14, "font_weight": "bold", "fill": INK, "text_anchor": "end", "room": 320}
    if view.get("result"):  # the scores are in the ledgers
        ranking = view["result"]["ranking"]
        winners = listed([seat_label(seat) for seat, rank in enumerate(ranking) if rank == 1])
        verb = "wins" if ranking.count(1) == 1 else "tie for first place"
        return amounts(WIDTH - 10, 22, f"Game over · {winners} {verb}", data_to_move="", **right)
    movers = view["to_move"]
    if movers == [view["seat"]]:
        words = "Your move"
    else:
        words = "To move: " + listed(["you" if seat == view["seat"] else seat_label(seat) for seat in movers])
    return amounts(WIDTH - 10, 22, words, data_to_move=" ".join(map(str, movers)), **right)


def _track(game, view) -> str:
    track = view["track"]
    if track["rocks_left"]:
        left: list = [(track["rocks_left"], "track.rocks_left"), " poor rock left; the next comes off space ",
                      (track["next"], "track.next")]
    else:
        left = ["no poor rock left"]
    cells = [svg.group(amounts(10, TRACK_TOP + 56, "Industry track: ", *left, room=560, fill=MUTED),
                       svg.title(game.glossary[track_key("")].title()), data_explain=track_key(""))]
    for number, icon in enumerate(track["icons"], 1):
        cells.append(_track_cell(game, number, icon, track))
    return svg.group(*cells)


def _track_cell(game, number: int, icon: str, track) -> str:
    x = 10 + (number - 1) * TRACK_CELL
    centre = x + (TRACK_CELL - 2) / 2
    words, fill = TRACK_ICONS.get(icon, ("", TRACK_FILL))
    off = number > track["end"]
    holds_rock = track["next"] <= number <= track["end"]
    parts = [svg.element("rect", x=x, y=TRACK_TOP, width=TRACK_CELL - 2, height=40, rx=3,
                         fill="#d9d4cc" if off else fill, stroke=INK, stroke_width=1)]
    if holds_rock:
        parts.append(svg.element("circle", cx=centre, cy=TRACK_TOP + 12, r=10, fill="#7d7d7d", stroke="#3f3f3f",
                                 stroke_width=1))
    parts.append(svg.text(centre, TRACK_TOP + 16, number, font_size=12, text_anchor="middle",
                          fill="#ffffff" if holds_rock else MUTED))
    if words:
        parts.append(label(centre, TRACK_TOP + 36, words, TRACK_CELL - 4, font_weight="bold", text_anchor="middle",
                           fill="#ffffff" if icon == "end" else INK))
    state = "poor rock on it" if holds_rock else ("beyond the end" if off else "empty")
    key = track_key(icon if icon in TRACK_ICONS else "")
    hint = f"Track space {number}: {state} — {game.glossary[key].title()}"
    return svg.group(*parts, svg.title(hint), data_explain=key)


# --- the right-hand panel -----------------------------------------------------------------------

def _panel(game, view, actions: Actions) -> str:
    y: float
    x, y = PANEL_X, MAP[1] + 12
    parts = [_section(x, y, "Capital cards")]
    y += 10
    deck_hint = f"Capital deck: {view['capital_deck']} cards face down; {len(view['capital_discard'])} discarded"
    parts.append(card_back(x, y, "capital", (view["capital_deck"], "capital_deck"), "deck:capital", actions,
                           deck_hint))
    for slot, card in enumerate(view["community"]):
        cx = x + (slot + 1) * (CARD_W + 4)
        if card:
            parts.append(capital_card(game, cx, y, card, actions, f"Community card {slot + 1}: ", f"slot:{slot}"))
        else:
            parts.append(empty_slot(cx, y))
    parts.append(svg.text(x, y + CARD_H + 16, f"Discard pile: {plural(len(view['capital_discard']), 'card')}",
                          font_size=12, fill=MUTED))
    y += CARD_H + 40
    parts.append(_section(x, y, "Production"))
    y += 10
    parts.append(card_back(x, y, "production", (view["production_deck"], "production_deck"), "", actions,
                           f"Production deck: {view['production_deck']} cards face down"))
    known = view.get("known_top_production_card")
    discard = view["production_discard"]
    parts.append(svg.text(x + CARD_W + 10, y + 14, f"Discard pile: {plural(len(discard), 'card')}", font_size=12, fill=MUTED))
    if known:
        parts.append(svg.group(
            label(x + CARD_W + 10, y + 32, f"You know the top card: {production_card(game.tables, known)}", 300,
                  fill=INK),
            svg.title("The top production card — " + game.glossary[production_key(known)].title()),
            data_explain=production_key(known)))
    y += CARD_H + 10
    y, shown = _looking(game, view, actions, x, y)
    parts.append(shown)
    y, shown = _shift(game, view, actions, x, y)
    parts.append(shown)
    parts.append(_businesses(game, view, actions, x, y))
    return svg.group(*parts, class_="panel")


def _section(x: float, y: float, words: str) -> str:
    return svg.text(x, y, words, font_size=14, font_weight="bold", fill=INK)


def _looking(game, view, actions: Actions, x: float, y: float) -> tuple[float, str]:
    """The cards the current player looks at (prospect, stockpile): face up for that
    player, a count for the others."""
    looking = view["looking"]
    if not looking:
        return y, ""
    if isinstance(looking, int):
        return y + 24, amounts(x, y + 14, f"{seat_label(view['current'])} looks at ", (looking, "looking"),
                               f" card{'s' if looking > 1 else ''}", room=390, fill=INK)
    parts = [_section(x, y + 14, "You look at")]
    y += 22
    if looking[0] in game.tables.capital:
        parts += [capital_card(game, x + k * (CARD_W + 6), y, card, actions) for k, card in enumerate(looking)]
        return y + CARD_H + 12, svg.group(*parts)
    for card in looking:
        parts.append(production(game, x, y, card, actions, 394))
        y += production_height(game, card) + 6
    return y + 6, svg.group(*parts)


def _shift(game, view, actions: Actions, x: float, y: float) -> tuple[float, str]:
    work, shift = view.get("work"), view.get("shift")
    if not work:
        return y, ""
    worker = view["current"]
    parts = [amounts(x, y + 14, f"{seat_label(worker)} works {place_label(game.tables, work['site'])}: shift ",
                     (work["taken"], "work.taken"), " of ", (work["max"], "work.max"),
                     " (shutdown)" if work["shutdown"] else "", room=394, font_size=13, font_weight="bold",
                     fill=seat_colour(worker))]
    y += 22
    if shift:
        parts.append(production(game, x, y, shift["card"], actions, 394, shift["row"]))
        y += production_height(game, shift["card"]) + 8
        payment = shift.get("payment")
        if payment:
            y, shown = _payment(game, payment, actions, x, y)
            parts.append(shown)
    return y, svg.group(*parts)


def _payment(game, payment, actions: Actions, x: float, y: float) -> tuple[float, str]:
    t = game.tables
    needs = [n.replace("half-", "half ") for n in payment["needs"]]
    short = ", ".join(RESOURCE_SHORT.get(n, n) for n in needs)
    full = ", ".join(t.resource_name.get(n, n) for n in needs)
    parts = [svg.group(label(x, y + 12, f"Still to pay: {short}", 394, fill=INK), svg.title(f"Still to pay: {full}"))]
    y += 18
    for k, (card, resource) in enumerate(payment["loose"]):
        chip = svg.group(
            svg.element("rect", x=x + k * 96, y=y, width=90, height=20, rx=4, fill=RESOURCE_COLOURS[resource],
                        **outline(card in actions)),
            label(x + k * 96 + 45, y + 14, f"loose {RESOURCE_SHORT[resource]}", 84, text_anchor="middle", fill=INK))
        hint = f"The rest of the {capital_words(t, card)}: {t.resource_name[resource]}"
        parts.append(actions.clickable(card, chip, hint, capital_key(t, card)))
    return y + (26 if payment["loose"] else 0), svg.group(*parts)


def _businesses(game, view, actions: Actions, x: float, y: float) -> str:
    parts = []
    if view["local_businesses"]:
        parts.append(_section(x, y + 14, "Local businesses"))
        y += 22
        for k, card in enumerate(view["local_businesses"]):
            parts.append(_business(game, view, actions, x + (k % 2) * 200, y + (k // 2) * 24, card))
        y += 24 * ((len(view["local_businesses"]) + 1) // 2) + 4
    if view["events_played"]:
        parts.append(_section(x, y + 14, "Events"))
        for k, card in enumerate(view["events_played"]):
            name = game.tables.events[card]["name"]
            parts.append(svg.group(label(x, y + 32 + 16 * k, name, 394, fill=INK),
                                   svg.title(game.glossary[event_key(card)].title()), data_explain=event_key(card)))
    return svg.group(*parts)


def _business(game, view, actions: Actions, x: float, y: float, card: str) -> str:
    data = game.tables.businesses[card]
    used = card in view["used_this_turn"]
    shape = svg.group(
        svg.element("rect", x=x, y=y, width=194, height=20, rx=4, fill="#e7e0f2" if not used else "#d9d4cc",
                    **outline(card in actions)),
        label(x + 6, y + 14, data["name"] + (" (used)" if used else ""), 182, fill=INK))
    return actions.clickable(card, shape, "Used this turn" if used else "", business_key(card))
