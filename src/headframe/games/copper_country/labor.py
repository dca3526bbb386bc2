"""rulebook: Labor Actions (Choose One) (COP-R9 to COP-R11, COP-R13), and From
Struggle to Shutdown (COP-R31): work (its miner and mine site chosen at once),
stockpile, relocate, payroll, shutdown."""

from __future__ import annotations

from headframe.engine import Action
from headframe.engine.flow import push

from . import cards, local_business, miners, poor_rock, work
from .actions import Accept, Keep, Labor, Relocate, StockpileAt, WorkAt
from .local_business import TURN_WINDOW
from .payment import can_pay


def labor_actions(state, seat: int, ready: list[int]) -> list[str]:
    """The labor actions open to the seat, whose ready miners are `ready`."""
    legal = []
    if ready:
        legal.append("work")
        board = state.board
        if any(state.miner_at[seat][m] in board.house_spaces or board.site_camps.get(state.miner_at[seat][m])
               for m in ready):
            legal.append("stockpile")
    if ready or miners.on_board(state, seat):
        legal.append("relocate")
    if not ready:
        legal.append("payroll")
    if shutdown_possible(state, seat, ready):
        legal.append("shutdown")
    return legal


def choices(state, task) -> list:
    """Work is chosen with its miner and mine site at once (`work_at`); the others by name."""
    seat = task[1]
    ready = miners.ready_miners(state, seat)
    actions: list[Action] = []
    for kind in labor_actions(state, seat, ready):
        actions += work_targets(state, seat, False, ready) if kind == "work" else [Labor.of(kind)]
    actions += local_business.businesses(state, seat, TURN_WINDOW)
    return actions


def labor(state, task, action) -> None:
    LABOR[action.action](state, task[1])


def work_now(state, task, action) -> None:
    """`work_at` among the labor actions: the work action with its miner and site."""
    start_work(state, ["work_at", task[1], False], action)


# --- work ---------------------------------------------------------------------------- COP-R13

def reach(state, seat: int, miner: int) -> tuple[str, ...]:
    """COP-R13: the miner's own mine site, or a mine site adjacent to its place."""
    return state.board.reach[state.miner_at[seat][miner]]


def distinct_ready(state, seat: int, ready: list[int]) -> list[int]:
    """The ready miners `ready`, one per place (miners at one place are interchangeable)."""
    seen, found = set(), []
    for miner in ready:
        at = state.miner_at[seat][miner]
        if at not in seen:
            seen.add(at)
            found.append(miner)
    return found


def work_targets(state, seat: int, shutdown: bool, ready: list[int]) -> list:
    actions = []
    for miner in distinct_ready(state, seat, ready):
        for site in reach(state, seat, miner):
            if not shutdown or poor_rock.site_rock(state, site) == 2:
                actions.append(WorkAt.of(miner, site))
    return actions


def work_places(state, task) -> list:
    seat = task[1]
    return work_targets(state, seat, task[2], miners.ready_miners(state, seat))


def start_work(state, task, action) -> None:
    seat, shutdown, site = task[1], task[2], action.site
    state.miner_at[seat][action.miner] = site
    state.miner_ready[seat][action.miner] = False
    if shutdown:  # COP-R31: exactly one shift; the worked site only
        maximum, applicable = 1, [site]
    else:
        maximum = work.max_shifts(state, seat, site)
        applicable = work.applicable_sites(state, seat, site)
    state.work = {"miner": action.miner, "site": site, "max": maximum, "taken": 0,
                  "applicable": applicable, "shutdown": shutdown}
    if state.records:
        state.event("work", seat=seat, miner=action.miner, site=site, max_shifts=maximum)
    if maximum > 0:  # COP-R13: zero or fewer shifts stops at once
        push(state.tasks, ["shift", seat])
    else:
        state.work = None


# --- stockpile ------------------------------------------------------------------------ COP-R10

def stockpile(state, seat: int) -> None:
    push(state.tasks, ["stockpile_at", seat])


def stockpile_places(state, task) -> list:
    seat = task[1]
    board = state.board
    actions = []
    for miner in distinct_ready(state, seat, miners.ready_miners(state, seat)):
        at = state.miner_at[seat][miner]
        for camp in ((at,) if at in board.house_spaces else board.site_camps[at]):
            actions.append(StockpileAt.of(miner, camp))
    return actions


def stockpile_at(state, task, action) -> None:  # COP-R10
    seat = task[1]
    state.miner_at[seat][action.miner] = action.camp
    state.miner_ready[seat][action.miner] = False
    state.event("stockpile", seat=seat, miner=action.miner, camp=action.camp)
    push(state.tasks, ["look", seat], ["look", seat])


def look(state, task) -> None:
    seat = task[1]
    state.reveals()
    for _ in range(2):
        cards.restock_capital(state)
        if state.capital_deck:
            state.looking.append(state.capital_deck.pop())
            state.drawn[state.looking[-1]] = state.capital_version
    cards.restock_capital(state)
    state.event("stockpile_look", seat=seat, private={seat: {"cards": list(state.looking)}})
    if len(state.looking) == 2:
        push(state.tasks, ["keep", seat])
    elif state.looking:
        keep_card(state, seat, state.looking[0])


def looked_at(state, task) -> list:
    return [Keep.of(card) for card in state.looking]


def keep(state, task, action) -> None:
    keep_card(state, task[1], action.card)


def keep_card(state, seat: int, card: str) -> None:
    discarded = [c for c in state.looking if c != card]
    state.hands[seat].append(card)
    state.capital_discard.extend(discarded)
    for other in discarded:
        state.drawn.pop(other, None)
    state.looking = []
    state.event("stockpile_keep", seat=seat, discarded=discarded, private={seat: {"card": card}})
    cards.restock_capital(state)


# --- relocate and payroll ------------------------------------------------------------- COP-R11

def relocate(state, seat: int) -> None:
    push(state.tasks, ["relocate", seat])


def relocations(state, task) -> list:
    seat = task[1]
    found, seen = [], set()
    for miner in miners.on_board(state, seat):
        key = (state.miner_at[seat][miner], state.miner_ready[seat][miner])
        if key not in seen:
            seen.add(key)
            found.append(miner)
    return [Relocate.of(miner, camp) for miner in found for camp in state.board.camps]


def relocate_to(state, task, action) -> None:  # COP-R11
    seat = task[1]
    state.miner_at[seat][action.miner] = action.camp
    state.event("relocate", seat=seat, miner=action.miner, camp=action.camp)
    if not state.miner_ready[seat][action.miner]:
        push(state.tasks, ["ready", seat, action.miner])


def yes_or_no(state, task) -> list:
    return [Accept.of(True), Accept.of(False)]


def ready(state, task, action) -> None:
    if action.yes:
        state.miner_ready[task[1]][task[2]] = True


def payroll(state, seat: int) -> None:  # COP-R11
    if state.records:
        state.event("labor", seat=seat, action="payroll")
    for miner in miners.on_board(state, seat):
        state.miner_ready[seat][miner] = True
    if miners.unskilled(state, seat):
        push(state.tasks, ["contract", seat, True])


# --- From Struggle to Shutdown --------------------------------------------------------- COP-R31

def shutdown_possible(state, seat: int, ready: list[int]) -> bool:
    if state.supply[seat][1] or state.supply[seat][2]:
        return False
    board = state.board
    if len(state.rock) < len(board.sites):  # some site has under 2 rock: a space borders at most 2 sites
        return False
    if any(poor_rock.site_rock(state, site) < 2 for site in board.sites):
        return False
    for space, (owner, _) in state.builds.items():
        if owner == seat and any(poor_rock.site_rock(state, site) != 3 for site in board.build_sites[space]):
            return False
    sigs = [state.tables.signature[c] for c in state.hands[seat]]
    if not can_pay(sigs, ["any"] * 4):
        return False
    return any(poor_rock.site_rock(state, site) == 2
               for m in ready for site in reach(state, seat, m))


def shutdown(state, seat: int) -> None:
    if state.records:
        state.event("labor", seat=seat, action="shutdown")
    push(state.tasks, ["pay", seat], ["work_at", seat, True])
    state.payment = {"needs": ["any"] * 4, "loose": [], "terrain": "", "pair": "",
                     "machine": False, "railroad": False}


LABOR = {"stockpile": stockpile, "relocate": relocate, "payroll": payroll, "shutdown": shutdown}
