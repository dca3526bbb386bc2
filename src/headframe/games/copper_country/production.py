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
    """The legal rows of the seat's shift: as the reveal worked them out (`has_row`) while no row
    is chosen, for between a reveal and the row decision no action is taken."""
    revealed = state.memo.get(_REVEALED)
    if revealed is not None and revealed[0] is state.shift and revealed[1] == seat and state.shift["row"] < 0:
        return list(revealed[2])
    return _legal_rows(state, seat)


_REVEALED = "rows at the reveal"  # state.memo: (the shift, its seat, its legal rows) or None


def _legal_rows(state, seat: int) -> list:
    """Worked out anew each time: a memo of them by the seat's situation missed three lookups in four
    at a game's start (the hands are full), and cost more than it saved."""
    card = state.shift["card"]
    legal = _row_check(*_situation(state, seat, state.tables.rock_rows[card]))
    actions = []
    held = state.claim[seat]
    for index, row in enumerate(state.tables.rows[card]):
        if row.take_claim and held:
            continue  # COP-R29
        if not row.complete_claim:
            if legal(row, NO_ROW):
                actions.append(ChooseRow.of(index, ""))
            continue
        for claim in claims(state, seat):
            if legal(row, claim_row(state, seat, claim)):
                actions.append(ChooseRow.of(index, claim))
    return actions


def has_row(state, seat: int) -> bool:
    """At a reveal: whether the card has a legal row, the rows kept for the row decision. A card
    with a row that asks for nothing has one without working out the situation (a row taking a
    claim only while none is held: COP-R29)."""
    free = state.tables.free_row[state.shift["card"]]
    if free == "pass" or (free == "take" and not state.claim[seat]):
        state.memo[_REVEALED] = None
        return True
    rows = _legal_rows(state, seat)
    state.memo[_REVEALED] = (state.shift, seat, rows)
    return bool(rows)


def row_legal(state, seat: int, row: Row, claim: Row) -> bool:
    """COP-R18: every icon of the row (and of the claim it completes) can be fulfilled."""
    return _row_check(*_situation(state, seat, True))(row, claim)


def _situation(state, seat: int, rock_asked: bool) -> tuple:
    """All that a row of the seat's shift needs to be legal, apart from the row and its claim (the
    poor-rock capacity only when some row may ask for rock: 0 otherwise, never read then). Poor rock
    and miners are counted no further than a row and its claim can ask for: more decide nothing."""
    work, shift, tables = state.work, state.shift, state.tables
    site = work["site"]
    most_rocks = tables.most_rocks
    capacity = poor_rock.rock_room(state, work["applicable"], most_rocks) if rock_asked else 0
    miners_left = min(miners.unskilled(state, seat) + (state.miner_at[seat][work["miner"]] == site),
                      tables.most_casualties)
    houses = miners.company_houses_near(state, seat, site) if "house" not in state.used else 0  # COP-R27
    units = tuple(sorted(map(tables.signature.__getitem__, state.hands[seat])))
    machine, railroad = local_business.conversions(state, seat)
    return (min(track.rocks_left(state), most_rocks), capacity, miners_left, houses >= 1, houses >= 2, units,
            shift["terrain"], shift["pair"], machine, railroad)


def _row_check(rocks_left: int, capacity: int, miners_left: int, ignore_unrest: bool, ignore_cemetery: bool,
               units: tuple[str, ...], terrain: str, pair: str, machine: bool, railroad: bool):
    """`row_legal` in a situation (`_situation`)."""

    def legal(row: Row, claim: Row) -> bool:
        rocks = row.poor_rock + claim.poor_rock
        if rocks and (rocks > rocks_left or rocks > capacity):
            return False
        unrest, cemetery = row.unrest + claim.unrest, row.cemetery + claim.cemetery
        if unrest + cemetery:
            house = bool((unrest and ignore_unrest) or (cemetery and ignore_cemetery))
            if unrest + cemetery > miners_left + house:
                return False
        needs = tuple(sorted(row.needs + claim.needs)) if claim.needs else row.needs
        if needs:
            if len(needs) > 2 * len(units):
                return False
            if not feasible(units, needs, terrain, pair, machine, railroad):
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
    if state.records:
        state.event("row", seat=seat, card=shift["card"], row=action.row, claim=action.claim)
    tasks = []  # COP-R20: resources, miners, poor rock, then the cards
    needs = list(row.resources) + list(claim.resources) + ["any"] * (row.any_resource + claim.any_resource)
    if needs:
        machine, railroad = local_business.conversions(state, seat)
        state.payment = {"needs": needs, "loose": [], "terrain": shift["terrain"], "pair": shift["pair"],
                         "machine": machine, "railroad": railroad}
        tasks.append(["pay", seat])
    if row.unrest or row.cemetery or claim.unrest or claim.cemetery:
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
    if state.records:
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
