"""The shape of each field of the state, so that a clone copies each field as deep as its shape and
no deeper: about twice as fast as the engine's marshal round trip, with the same copies
(tests/coal_country/test_copies.py). A loaded position is held to these shapes (setup.validate)."""

from __future__ import annotations

import marshal
from operator import attrgetter

SAME = ("round", "step", "actor", "turn", "closed", "m")  # numbers, strings and booleans
# Lists of numbers, strings and booleans.
FLAT = ("order", "done", "cash", "earnings", "draw_rank", "coal", "refuse", "tavern", "church", "top_row",
        "bottom_row", "pile", "removed", "market", "supply", "calendar", "bag", "spent_cubes")
ROWS = ("storage", "lots", "lot_round", "linked", "stacks", "inspection")  # lists of flat lists
TABLES = ("foremen", "mine")  # per seat, a list of flat lists ([value, location] foremen, mine tiles)
DEEP = ("queue", "sub", "drafts", "sealed", "bottoms")  # of no fixed shape: one marshal round trip

_same, _flat, _rows, _deep = (attrgetter(*names) for names in (SAME, FLAT, ROWS, DEEP))
_copy = list.copy


def copy_fields(state, twin) -> None:
    (twin.round, twin.step, twin.actor, twin.turn, twin.closed, twin.m) = _same(state)
    (twin.order, twin.done, twin.cash, twin.earnings, twin.draw_rank, twin.coal, twin.refuse, twin.tavern,
     twin.church, twin.top_row, twin.bottom_row, twin.pile, twin.removed, twin.market, twin.supply, twin.calendar,
     twin.bag, twin.spent_cubes) = map(_copy, _flat(state))
    (twin.storage, twin.lots, twin.lot_round, twin.linked, twin.stacks, twin.inspection) = [
        list(map(_copy, rows)) for rows in _rows(state)]
    twin.foremen = [list(map(_copy, entries)) for entries in state.foremen]
    twin.mine = [list(map(_copy, tiles)) for tiles in state.mine]
    (twin.queue, twin.sub, twin.drafts, twin.sealed, twin.bottoms) = marshal.loads(marshal.dumps(_deep(state)))


def _flat_list(value) -> bool:
    return isinstance(value, list) and not any(isinstance(item, (list, dict)) for item in value)


def shape_error(state) -> str | None:
    """What in a loaded position's fields is not of the shape `copy_fields` copies (the loader has
    checked each field's own type against a fresh state's)."""
    for name in FLAT:
        if not _flat_list(getattr(state, name)):
            return f"{name}: expected a list of numbers, strings or booleans"
    for name in ROWS:
        if not all(_flat_list(row) for row in getattr(state, name)):
            return f"{name}: expected a list of lists of numbers, strings or booleans"
    for name in TABLES:
        if not all(isinstance(part, list) and all(_flat_list(row) for row in part) for part in getattr(state, name)):
            return f"{name}: expected per seat a list of lists of numbers and strings"
    return None
