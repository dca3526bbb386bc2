"""What a seat may know (COAL-R16, COAL-R23) and the determinization of the rest."""

from __future__ import annotations

from headframe.engine import Rng
from headframe.engine.deck import redeal_slots
from headframe.engine.turns import commit

from .actions import Done
from .components import UTILITIES
from .economy import coal_price, fee, player_order, stockpile
from .mine import openings
from .placement import placement_actions, remaining_values
from .reveal import area_of, revealed, unplaced


def foremen_view(state, owner: int, seat: int | None) -> list[dict]:
    """Locations are public once placed; values only once their area is revealed (COAL-R23)."""
    shown = []
    for value, location in state.foremen[owner]:
        public = owner == seat or revealed(state, area_of(location))
        shown.append({"location": location, "value": value if public else None})
    shown.sort(key=lambda f: (f["location"], -1 if f["value"] is None else f["value"]))
    return shown


def player_view(state, owner: int, seat: int | None) -> dict:
    tables = state.game.tables
    values = None
    if state.step != "place" and (revealed(state, "unplaced") or owner == seat):
        values = unplaced(state, owner)
    return {
        "seat": owner,
        "earnings": state.earnings[owner],
        "fee": fee(state, owner),
        "cash": state.cash[owner] if owner == seat or state.step == "over" else None,  # COAL-R16
        "coal": state.coal[owner],
        "refuse": state.refuse[owner],
        "storage": dict(zip(UTILITIES, state.storage[owner])),
        "lots": [{"building": b or None, "built_round": r if b else None}
                 for b, r in zip(state.lots[owner], state.lot_round[owner])],
        "mine": [{"index": i, "x": t[0], "y": t[1], "design": tables.design_ids[t[2]], "rotation": t[3],
                  "openings": "".join("NESW"[d] for d in range(4) if openings(state, t) >> d & 1),
                  "utilities": [u for k, u in enumerate(UTILITIES) if t[4] >> k & 1]}
                 for i, t in enumerate(state.mine[owner])],
        "connected": list(state.linked[owner]),
        "foremen": foremen_view(state, owner, seat),
        "unplaced": values,
        "tavern_active": state.tavern[owner],
        "church_active": state.church[owner] != -1,
        "placing": state.step == "place" and owner in state.to_move(),
    }


def current_view(state, seat: int | None) -> dict | None:
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


def observe(state, seat: int | None) -> dict:
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
        "stockpile": stockpile(state),
        "coal_price": coal_price(state),
        "player_order": player_order(state),
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

def resample_hidden(state, seat: int, rng: Rng) -> None:
    _resample_permits(state, seat, rng)
    rng.shuffle(state.pile)  # the building draw pile is hidden from all (COAL-R23)
    if state.step == "place" and not state.options.industry_amok:
        _resample_commitments(state, seat, rng)
    else:
        _resample_values(state, seat, rng)


def _knows(known, seat: int) -> bool:
    return known == "all" or seat in known


def _resample_permits(state, seat: int, rng: Rng) -> None:
    """Stack order is hidden from all, except the tiles the seat knows went to the bottom (its own declines,
    and under Amok the face-up tiles declined) and, under Amok, the face-up top (AMOK-2); a tile another seat
    drew or looked at is known only to it, apart from what was face up or already known to this seat."""
    amok = state.options.industry_amok
    sub = state.sub
    held = sub.get("stack") if state.actor >= 0 and state.actor != seat else None
    pair = None
    for n, (pile, bottoms) in enumerate(zip(state.stacks, state.bottoms)):
        slots: list[tuple[list | dict, int | str]] = [
            (pile, i) for i in range(len(pile) - (1 if amok else 0))
            if i >= len(bottoms) or not _knows(bottoms[i], seat)]
        if held == n + 1:
            if "looked" in sub:  # keep stage: redraw only the looked tiles this seat has not seen
                slots += [(sub["looked"], j) for j in range(2) if not _knows(sub["seen"][j], seat)]
            elif "pair" in sub and amok and len(pile) == 1:  # the declined one is the face-up top now
                kept = sub["pair"][0]
                if not (_knows(kept[1], seat) and kept[0] != pile[0]):
                    slots.append((kept, 0))
            elif "pair" in sub:  # kept one of two: the seat may know the two tiles, never which was kept
                slots = [slot for slot in slots if slot != (pile, 0)]
                pair = sub["pair"]
                slots += [(entry, 0) for entry in pair if not _knows(entry[1], seat)]
            elif "tile" in sub and not _knows(sub["known"], seat):
                slots.append((sub, "tile"))
        redeal_slots(slots, rng)  # a stack is never rebuilt: its hidden tiles are one epoch
        if held == n + 1 and "pair" in sub and pair is None:
            sub["tile"] = sub["pair"][0][0]
        if pair is not None:
            entries = [list(entry) for entry in pair]
            rng.shuffle(entries)
            sub["pair"] = entries
            sub["tile"], pile[0] = entries[0][0], entries[1][0]
            pair = None


def _resample_commitments(state, seat: int, rng: Rng) -> None:
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
                actions = placement_actions(state, other)
                action = actions[rng.below(len(actions))]
                if action == Done.of() or len(remaining_values(state, other)) == 1:
                    if action != Done.of():
                        draft.append([action.value, action.location])
                    break
                draft.append([action.value, action.location])
            commit(state.sealed, other, state.drafts.pop(key))


def _resample_values(state, seat: int, rng: Rng) -> None:
    """Values of other seats' foremen not yet revealed are any permutation of the values
    they could hold (locations stay)."""
    placing = state.step == "place"
    for other in range(state.players):
        if other == seat:
            continue
        hidden = [entry for entry in state.foremen[other] if placing or not revealed(state, area_of(entry[1]))]
        values = [entry[0] for entry in hidden]
        if placing:
            values += remaining_values(state, other)
        rng.shuffle(values)
        for entry, value in zip(hidden, values):
            entry[0] = value
