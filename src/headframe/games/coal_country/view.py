"""What a seat may know (COAL-R16, COAL-R23) and the determinization of the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from headframe.engine import Rng
from headframe.engine.turns import commit

from .actions import Done
from .components import UTILITIES
from .state import area_of

if TYPE_CHECKING:
    from .state import CoalCountryState


def foremen_view(state: CoalCountryState, owner: int, seat: int | None) -> list[dict]:
    """Locations are public once placed; values only once their area is revealed (COAL-R23)."""
    shown = []
    for value, location in state.foremen[owner]:
        public = owner == seat or state.revealed(area_of(location))
        shown.append({"location": location, "value": value if public else None})
    shown.sort(key=lambda f: (f["location"], -1 if f["value"] is None else f["value"]))
    return shown


def player_view(state: CoalCountryState, owner: int, seat: int | None) -> dict:
    tables = state.game.tables
    unplaced = None
    if state.step != "place" and (state.revealed("unplaced") or owner == seat):
        unplaced = state.unplaced(owner)
    return {
        "seat": owner,
        "earnings": state.earnings[owner],
        "fee": state.fee(owner),
        "cash": state.cash[owner] if owner == seat or state.step == "over" else None,  # COAL-R16
        "coal": state.coal[owner],
        "refuse": state.refuse[owner],
        "storage": dict(zip(UTILITIES, state.storage[owner])),
        "lots": [{"building": b or None, "built_round": r if b else None}
                 for b, r in zip(state.lots[owner], state.lot_round[owner])],
        "mine": [{"index": i, "x": t[0], "y": t[1], "design": tables.design_ids[t[2]], "rotation": t[3],
                  "openings": "".join("NESW"[d] for d in range(4) if state.openings(t) >> d & 1),
                  "utilities": [u for k, u in enumerate(UTILITIES) if t[4] >> k & 1]}
                 for i, t in enumerate(state.mine[owner])],
        "connected": list(state.linked[owner]),
        "foremen": foremen_view(state, owner, seat),
        "unplaced": unplaced,
        "tavern_active": state.tavern[owner],
        "church_active": state.church[owner] != -1,
        "placing": state.step == "place" and owner in state.to_move(),
    }


def current_view(state: CoalCountryState, seat: int | None) -> dict | None:
    """The pending decision's public details; a drawn permit tile only for its drawer."""
    if state.actor < 0:
        return None
    sub = state.sub
    shown = {"seat": state.actor, "stage": sub["stage"]}
    for key in ("value", "values", "limit", "bought", "moved", "incentive", "stack", "given", "taken", "most", "entry",
                "building", "type"):
        if key in sub:
            shown[key] = sub[key]
    if "collide" == sub["stage"]:
        shown["target"] = sub["value"]
    if seat == state.actor:
        ids = state.game.tables.design_ids
        if "tile" in sub:
            shown["tile"] = ids[sub["tile"]]
        if "looked" in sub:
            shown["looked"] = [ids[d] for d in sub["looked"]]
    return shown


def observe(state: CoalCountryState, seat: int | None) -> dict:
    tables, options = state.game.tables, state.options
    own_draft = None
    if state.step == "place" and seat is not None and not options.industry_amok:
        key = str(seat)
        own_draft = [{"value": v, "location": loc} for v, loc in state.drafts.get(key, state.sealed.get(key, []))]
    return {
        "round": state.round,
        "rounds": options.rounds,
        "step": state.step,
        "market": state.m,
        "calendar": list(state.calendar),
        "bag": len(state.bag),
        "stockpile": state.stockpile(),
        "coal_price": state.coal_price(),
        "player_order": state.player_order(),
        "placement_order": list(state.order),
        "committed": sorted(int(k) for k in state.sealed),
        "my_placement": own_draft,
        "players": [player_view(state, owner, seat) for owner in range(state.players)],
        "permit_stacks": [{"stack": n + 1, "tiles": len(pile),
                           "top": tables.design_ids[pile[-1]] if pile and options.industry_amok else None}
                          for n, pile in enumerate(state.stacks)],
        "construction": {"top": list(state.top_row), "bottom": list(state.bottom_row), "pile": len(state.pile),
                         "removed": len(state.removed), "closed": state.closed},
        "utility_market": dict(zip(UTILITIES, state.market)),
        "general_supply": dict(zip(UTILITIES, state.supply)) if options.utility_supply == "limited" else None,
        "queue": [list(entry) for entry in state.queue],
        "current": current_view(state, seat),
        "inspection": [{"fees": f, "change": c} for f, c in state.inspection],
    }


# --- determinization -----------------------------------------------------------------

def resample_hidden(state: CoalCountryState, seat: int, rng: Rng) -> None:
    _resample_permits(state, seat, rng)
    rng.shuffle(state.pile)  # the building draw pile is hidden from all (COAL-R23)
    if state.step == "place" and not state.options.industry_amok:
        _resample_commitments(state, seat, rng)
    else:
        _resample_values(state, seat, rng)


def _resample_permits(state: CoalCountryState, seat: int, rng: Rng) -> None:
    """Stack order is hidden from all, except the tiles the seat itself declined to the bottom
    and, under Amok, the face-up top; a tile another seat drew is known only to it."""
    open_top = 1 if state.options.industry_amok else 0  # AMOK-2: the top tile is face up
    sub = state.sub
    held = None
    if state.actor >= 0 and state.actor != seat and not open_top and "stack" in sub:
        held = "looked" if "looked" in sub else "tile" if "tile" in sub else None
        pile = state.stacks[sub["stack"] - 1]
        if held == "looked":
            pile.extend(sub["looked"])
        elif held == "tile":
            pile.append(sub["tile"])
    for pile, bottoms in zip(state.stacks, state.bottoms):
        free = [i for i in range(len(pile) - open_top) if i >= len(bottoms) or bottoms[i] != seat]
        tiles = [pile[i] for i in free]
        rng.shuffle(tiles)
        for i, tile in zip(free, tiles):
            pile[i] = tile
    if held is not None:
        pile = state.stacks[sub["stack"] - 1]
        if held == "looked":
            sub["looked"] = [pile.pop(), pile.pop()]
        else:
            sub["tile"] = pile.pop()
        del state.bottoms[sub["stack"] - 1][len(pile):]


def _resample_commitments(state: CoalCountryState, seat: int, rng: Rng) -> None:
    """Other seats' placements are sealed: a committed seat gets a random legal placement,
    a seat still placing an empty draft."""
    for other in range(state.players):
        if other == seat:
            continue
        key = str(other)
        state.drafts.pop(key, None)
        if key in state.sealed:
            del state.sealed[key]
            draft = state.drafts[key] = []
            while True:
                actions = state._placement_actions(other)
                action = actions[rng.below(len(actions))]
                if action == Done.of() or len(state.remaining_values(other)) == 1:
                    if action != Done.of():
                        draft.append([action.value, action.location])
                    break
                draft.append([action.value, action.location])
            commit(state.sealed, other, state.drafts.pop(key))


def _resample_values(state: CoalCountryState, seat: int, rng: Rng) -> None:
    """Values of other seats' foremen not yet revealed are any permutation of the values
    they could hold (locations stay)."""
    placing = state.step == "place"
    for other in range(state.players):
        if other == seat:
            continue
        hidden = [entry for entry in state.foremen[other] if placing or not state.revealed(area_of(entry[1]))]
        values = [entry[0] for entry in hidden]
        if placing:
            values += state.remaining_values(other)
        rng.shuffle(values)
        for entry, value in zip(hidden, values):
            entry[0] = value
