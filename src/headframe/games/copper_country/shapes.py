"""The shape of each field of the state, for a clone that copies each field as
deep as its shape and no deeper (some ten times faster than the engine's
marshal round trip, and the same copies: tests/copper_country/test_copies.py).
A loaded position is held to these shapes (setup.validate)."""

from __future__ import annotations

import marshal
from operator import attrgetter

SAME = ("era", "first", "current", "track_next", "track_end", "ending", "over", "capital_version", "turns")
# Lists and dicts of strings, ints and bools.
FLAT = ("rock", "terrain", "surveyed", "token_rock", "terrain_aside", "capital_deck", "capital_discard",
        "community", "production_deck", "production_discard", "claim", "company", "company_done", "businesses",
        "business_pool", "events_played", "used", "looking", "peek", "drawn")
# Lists of flat lists (one per seat; tasks, one per task).
PER_SEAT = ("supply", "miner_at", "miner_ready", "hands", "hand_public", "copper", "tasks")
# Dicts of flat lists.
KEYED = ("houses", "builds", "event_pools")
# None or a dict: work (flat but for its list `applicable`), shift (flat), payment (deeper, marshalled).
OPTIONAL = ("work", "shift", "payment")

_same, _flat, _per_seat, _keyed = (attrgetter(*names) for names in (SAME, FLAT, PER_SEAT, KEYED))


def copy_fields(state, twin) -> None:
    for name, value in zip(SAME, _same(state)):
        setattr(twin, name, value)
    for name, value in zip(FLAT, _flat(state)):
        setattr(twin, name, value.copy())
    for name, value in zip(PER_SEAT, _per_seat(state)):
        setattr(twin, name, [part.copy() for part in value])
    for name, value in zip(KEYED, _keyed(state)):
        setattr(twin, name, {key: part.copy() for key, part in value.items()})
    work, shift, payment = state.work, state.shift, state.payment
    twin.work = None if work is None else {**work, "applicable": work["applicable"].copy()}
    twin.shift = None if shift is None else shift.copy()
    twin.payment = None if payment is None else marshal.loads(marshal.dumps(payment))


def shape_error(state) -> str | None:
    """What in a loaded position's fields is not of the shape `copy_fields` copies
    (the loader has checked each field's own type against a fresh state's)."""
    for name in PER_SEAT:
        if not all(isinstance(part, list) for part in getattr(state, name)):
            return f"{name}: expected a list of lists"
    for name in KEYED:
        if not all(isinstance(part, list) for part in getattr(state, name).values()):
            return f"{name}: expected an object of lists"
    work = state.work
    if work is not None and not (isinstance(work, dict) and isinstance(work.get("applicable"), list)):
        return "work: expected null or an object with a list 'applicable'"
    for name in ("shift", "payment"):
        if not (getattr(state, name) is None or isinstance(getattr(state, name), dict)):
            return f"{name}: expected null or an object"
    return None
