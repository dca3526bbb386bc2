"""rulebook: Production Cards, Claims: the rows of a revealed card a player may
resolve (COP-R18, COP-R29), choosing one and unrolling its icons into tasks
(COP-R20), the company-house redraw (COP-R27), and a card with no row (COP-R19)."""

from __future__ import annotations

from headframe.engine.flow import push

from . import cards, local_business, miners, poor_rock, track
from .actions import ChooseRow, Done, Redraw
from .components import Row
from .payment import feasible

NO_ROW = Row((), 0, 0, 0, 0, False, False, 0)


def can_redraw(state, seat: int) -> bool:
    return (miners.can_use_house(state, seat, state.work["site"], 3)
            and bool(state.production_deck or state.production_discard))


def claims(state, seat: int) -> list[str]:
    found = []
    if state.claim[seat]:
        found.append("held")
    if state.company[seat] and not state.company_done[seat]:
        found.append("company")
    return found


def claim_row(state, seat: int, claim: str) -> Row:
    if claim == "held":
        return state.tables.produce_row[state.claim[seat]]
    if claim == "company":
        return state.tables.company_claim[state.company[seat]]
    return NO_ROW


def legal_rows(state, seat: int) -> list:
    card = state.shift["card"]
    legal = _row_check(state, seat)
    actions = []
    for index, row in enumerate(state.tables.rows[card]):
        if row.take_claim and state.claim[seat]:
            continue  # COP-R29
        for claim in (claims(state, seat) if row.complete_claim else [""]):
            if legal(row, claim_row(state, seat, claim)):
                actions.append(ChooseRow.of(index, claim))
    return actions


def has_row(state, seat: int) -> bool:
    """Whether some row is legal, trying the cheapest rows (the last) first."""
    legal = _row_check(state, seat)
    for row in reversed(state.tables.rows[state.shift["card"]]):
        if row.take_claim and state.claim[seat]:
            continue
        for claim in (claims(state, seat) if row.complete_claim else [""]):
            if legal(row, claim_row(state, seat, claim)):
                return True
    return False


def row_legal(state, seat: int, row: Row, claim: Row) -> bool:
    """COP-R18: every icon of the row (and of the claim it completes) can be fulfilled."""
    return _row_check(state, seat)(row, claim)


def _row_check(state, seat: int):
    """`row_legal` for the seat's shift, with what every row of its card shares worked out
    once (and the poor-rock capacity only when a row first asks for rock)."""
    rocks_left = track.rocks_left(state)
    capacity: list[int] = []
    work, shift = state.work, state.shift
    site = work["site"]
    miners_left = miners.unskilled(state, seat) + (state.miner_at[seat][work["miner"]] == site)
    ignore_unrest, ignore_cemetery = (miners.can_use_house(state, seat, site, need) for need in (1, 2))  # COP-R27
    hand = state.hands[seat]
    signature = state.tables.signature
    units = tuple(sorted(signature[card] for card in hand))
    machine, railroad = local_business.conversions(state, seat)

    def legal(row: Row, claim: Row) -> bool:
        rocks = row.poor_rock + claim.poor_rock
        if rocks:
            if rocks > rocks_left:
                return False
            if not capacity:
                capacity.append(poor_rock.rock_capacity(state, work["applicable"]))
            if rocks > capacity[0]:
                return False
        unrest, cemetery = row.unrest + claim.unrest, row.cemetery + claim.cemetery
        if unrest + cemetery:
            house = bool((unrest and ignore_unrest) or (cemetery and ignore_cemetery))
            if unrest + cemetery > miners_left + house:
                return False
        needs = list(row.resources) + list(claim.resources) + ["any"] * (row.any_resource + claim.any_resource)
        if needs:
            if len(needs) > 2 * len(hand):
                return False
            if not feasible(units, tuple(sorted(needs)), shift["terrain"], shift["pair"], machine, railroad):
                return False
        return True
    return legal


# --- choosing a row ------------------------------------------------------------------------------

def rows(state, task) -> list:
    seat = task[1]
    actions = legal_rows(state, seat)
    if can_redraw(state, seat):
        if not actions:
            actions.append(Done.of())  # COP-R19: no legal row and the redraw declined
        actions.append(Redraw.of())
    return actions


def choose_row(state, task, action) -> None:
    seat = task[1]
    shift = state.shift
    row = state.tables.rows[shift["card"]][action.row]
    claim = claim_row(state, seat, action.claim)
    shift["row"], shift["claim"] = action.row, action.claim
    state.event("row", seat=seat, card=shift["card"], row=action.row, claim=action.claim)
    tasks = []  # COP-R20: resources, miners, poor rock, then the cards
    needs = list(row.resources) + list(claim.resources) + ["any"] * (row.any_resource + claim.any_resource)
    if needs:
        machine, railroad = local_business.conversions(state, seat)
        state.payment = {"needs": needs, "loose": [], "terrain": shift["terrain"], "pair": shift["pair"],
                         "machine": machine, "railroad": railroad}
        tasks.append(["pay", seat])
    for icon, count in (("unrest", row.unrest), ("cemetery", row.cemetery),
                        ("unrest", claim.unrest), ("cemetery", claim.cemetery)):
        tasks += [["casualty", seat, icon]] * count
    tasks += [["rock", seat]] * (row.poor_rock + claim.poor_rock)
    tasks += [["settle", seat], ["stamp_mill", seat], ["next_shift", seat]]
    push(state.tasks, *tasks)


def redraw(state, task, action) -> None:  # COP-R27
    seat = task[1]
    shift = state.shift
    state.used.append("house")
    state.production_discard.append(shift["card"])
    state.event("redraw", seat=seat, card=shift["card"])
    cards.restock_production(state)
    state.reveals()
    shift["card"] = state.production_deck.pop()
    cards.restock_production(state)
    state.event("reveal", seat=seat, card=shift["card"], shift=state.work["taken"])
    if has_row(state, seat):
        push(state.tasks, ["row", seat])
    else:
        no_row(state, seat)


def decline(state, task, action) -> None:
    """`done`: no row is legal and the redraw is declined (COP-R19)."""
    no_row(state, task[1])


def no_row(state, seat: int) -> None:  # COP-R19 after a redraw
    state.production_discard.append(state.shift["card"])
    state.event("no_legal_row", seat=seat, card=state.shift["card"])
    state.shift = None
    state.work = None
