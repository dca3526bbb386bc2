"""Ore City's flat observation for learners, built from a seat's view alone.

Seats are rotated so that index 0 is the observer, 1 the next seat clockwise,
and so on: a policy learnt in one seat plays any seat. Fields per seat hold
`players` entries in that order; the layout is documented in docs/games/ore-city.md."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from headframe.engine.observation import ObservationLayout, PointOfView

from .components import PUBLIC_WORKS, TYPE_INDEX, TYPES

PHASES = ("setup_discard", "action", "airport_discard", "police", "police_redraw", "exchange_give",
          "exchange_take", "flush_hand", "flush_common", "refill", "over")
COINS_CAP = 30  # above the dearest card (12G) with City Hall's 10G threshold in reach: more changes little
TECHNOLOGY_CAP = 12  # technology beyond the dearest printed cost saves nothing
ROUND_SCALE = 100
IN_A_PLACE = 5  # a scale for card counts in a space, the common space and a pending count


def layout_for(game, players: int, options: Any = None) -> ObservationLayout:
    """The layout for this player count and these options, built once per kind."""
    if not isinstance(options, game.Options):  # a view's options are valid: parse them once per kind
        options = _parsed_options(game, json.dumps(options, sort_keys=True))
    round_limited = options.round_limit is not None  # the only option the layout depends on
    layouts = game.__dict__.setdefault("_observation_layouts", {})
    key = (players, round_limited)
    if key not in layouts:
        layouts[key] = layout(game, players, round_limited)
    return layouts[key]


@lru_cache(maxsize=64)
def _parsed_options(game, options: str):
    return game.Options.from_dict(json.loads(options))


def layout(game, players: int, round_limited: bool) -> ObservationLayout:
    tables = game.tables
    cards, building, keeps = len(tables.type), len(_construction(tables)), len(_acquirable(tables))
    n = players
    fields = [
        ("phase", len(PHASES), "the decision kind now (one-hot): " + ", ".join(PHASES)),
        ("to_move", n, "the seat owing a decision (one-hot, me first)"),
        ("active", n, "whose turn it is (one-hot, me first)"),
        ("first", n, "the first player (one-hot, me first)"),
        ("victim", n, "the Police Station's victim during their redraw (one-hot, me first; none: zeros)"),
        ("round", 1, f"the round / {ROUND_SCALE}"),
    ]
    if round_limited:
        fields.append(("rounds_left", 1, "rounds left before the round-limit draw / round_limit (ORE-R37)"))
    fields += [
        ("pending", 1, f"the view's pending count / {IN_A_PLACE}"),
        ("coins", n, f"each seat's coins, capped at {COINS_CAP}, / {COINS_CAP}"),
        ("vp", n, f"each seat's VP / {tables.win_vp}"),
        ("technology", n, f"each seat's technology, capped at {TECHNOLOGY_CAP}, / {TECHNOLOGY_CAP}"),
        ("hand_types", n * 4, f"per seat, cards in hand by type ({', '.join(TYPES)}) / {tables.hand_size}"),
        ("hand_known", n * cards, f"per seat, the cards in hand whose face I know, by card / {tables.hand_size}"),
        ("space_type", n * 3, "per seat, the type of its construction space (one-hot; empty: zeros)"),
        ("space", n * building * n,
         f"per seat's space, per construction card, per constructor: cards / {IN_A_PLACE}"),
        ("acquired", n * keeps, f"per seat, acquired technology cards and accomplished PWs by card / {IN_A_PLACE}"),
        ("common", cards, f"the common space's cards I know the face of, by card / {IN_A_PLACE}"),
        ("common_face_down", 1, f"face-down PWs in the common space I have not seen / {IN_A_PLACE}"),
        ("piles", 4, "cards left in each draw pile / the type's deck size"),
        ("discards", cards, "each discard pile by card / that card's copies"),
    ]
    return ObservationLayout(fields)


def encode(game, view: dict[str, Any]) -> list[float]:
    pov = PointOfView(view)
    tables = game.tables
    n = pov.players
    cards = list(tables.type)
    card_index = {card: i for i, card in enumerate(cards)}
    building = {card: i for i, card in enumerate(_construction(tables))}
    keeps = {card: i for i, card in enumerate(_acquirable(tables))}
    relative = pov.relative
    seats = pov.rotated(view["seats"])
    out = game.learning.observation_layout(n, view["options"]).writer()
    out.one_hot("phase", PHASES.index(view["phase"]))
    out.one_hot("to_move", relative(view["to_move"][0]) if view["to_move"] else None)
    out.one_hot("active", relative(view["active"]))
    out.one_hot("first", relative(view["first"]))
    out.one_hot("victim", relative(view["victim"]))
    out.scalar("round", view["round"], ROUND_SCALE)
    limit = view["options"]["round_limit"]
    if limit is not None:
        out.scalar("rounds_left", max(0, limit - view["round"] + 1), limit)
    out.scalar("pending", view["pending"], IN_A_PLACE)
    out.counts("coins", [min(p["coins"], COINS_CAP) for p in seats], COINS_CAP)
    out.counts("vp", [p["vp"] for p in seats], tables.win_vp)
    out.counts("technology", [min(p["technology"], TECHNOLOGY_CAP) for p in seats], TECHNOLOGY_CAP)

    hand_types = [0] * (n * 4)
    hand_known = [0] * (n * len(cards))
    space_type = [0] * (n * 3)
    space = [0] * (n * len(building) * n)
    acquired = [0] * (n * len(keeps))
    for r, player in enumerate(seats):
        for card in player["hand"]:
            hand_types[r * 4 + TYPE_INDEX[card["type"]]] += 1
            if card["card"] is not None:
                hand_known[r * len(cards) + card_index[card["card"]]] += 1
        if player["space"]:
            space_type[r * 3 + tables.type[player["space"][0][0]]] = 1
        for card, builder in player["space"]:
            space[(r * len(building) + building[card]) * n + relative(builder)] += 1
        for card in player["acquired"]:
            acquired[r * len(keeps) + keeps[card]] += 1
    out.counts("hand_types", hand_types, tables.hand_size)
    out.counts("hand_known", hand_known, tables.hand_size)
    out.values("space_type", space_type)
    out.counts("space", space, IN_A_PLACE)
    out.counts("acquired", acquired, IN_A_PLACE)

    common = [0] * len(cards)
    for card in view["common"]:
        if card["card"] is not None:
            common[card_index[card["card"]]] += 1
    out.counts("common", common, IN_A_PLACE)
    out.scalar("common_face_down", sum(card["card"] is None for card in view["common"]), IN_A_PLACE)
    out.values("piles", [view["piles"][kind] / len(tables.deck[k]) for k, kind in enumerate(TYPES)])
    discards = [0.0] * len(cards)
    for pile in view["discards"].values():
        for card in pile:
            discards[card_index[card]] += 1 / tables.copies[card]
    out.values("discards", discards)
    return out.finish()


def _construction(tables) -> list[str]:
    return [card for card, kind in tables.type.items() if kind != PUBLIC_WORKS]


def _acquirable(tables) -> list[str]:
    """What an acquisition space can hold: technology cards (ORE-R27) and PWs."""
    return [card for card in tables.type if card in tables.acquired or tables.type[card] == PUBLIC_WORKS]
