"""rulebook: Working Mine Sites to Produce Copper, Shaft Houses and Hoist Houses,
Powered Shaft Houses and Powered Hoist Houses: how many shifts a work action
takes (COP-R14 to COP-R16), and a shift from the card revealed to the copper
produced (COP-R17, COP-R26), paying its resources (COP-R21)."""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from headframe.engine import Action
from headframe.engine.flow import push

from . import cards, local_business, poor_rock, production, scoring
from .actions import Accept, Play
from .components import RESOURCES, powers
from .local_business import TURN_WINDOW
from .payment import after_route, feasible, gives, routes


def max_shifts(state, seat: int, site: str) -> int:
    """COP-R14: 2 + the best one bonus of own shaft/hoist houses - the poor rock penalty."""
    return _max_shifts(state, seat, site)  # one site: cheaper than `site_shifts`' key


def site_shifts(state, seat: int) -> dict[str, int]:
    """`max_shifts` of every mine site; memoized on the game by the board, the seat, the
    spaces holding poor rock and the buildings (read only: the memo's own dict)."""
    builds = state.builds
    key = (state.options.board, seat, tuple(state.rock), tuple(builds), tuple(chain.from_iterable(builds.values())))
    memo = state.game.tables.shifts
    shifts = memo.get(key)
    if shifts is None:
        shifts = memo.keep(key, _every_site_shifts(state, seat))
    return shifts


def _every_site_shifts(state, seat: int) -> dict[str, int]:
    """`_max_shifts` of every mine site, with the seat's buildings and their partners looked at
    once rather than for each site next to them."""
    t, board = state.tables, state.board
    own, powered = set(), set()  # the sites next to the seat's buildings, and to its powered ones
    for space, (owner, _) in state.builds.items():
        if owner == seat:
            own.update(board.build_sites[space])
            if partners(state, seat, space):
                powered.update(board.build_sites[space])
    rock = dict.fromkeys(board.sites, 0)  # `site_rock` of every site, counted from the rock
    for space in state.rock:
        for site in board.space_sites[space]:
            rock[site] += 1
    return {site: t.base_shifts + (t.powered_bonus if site in powered else t.bonus if site in own else 0)
            - t.penalty[count] for site, count in rock.items()}


def _max_shifts(state, seat: int, site: str) -> int:
    t = state.tables
    builds = state.builds
    bonus = 0
    for space in state.board.site_builds[site]:
        building = builds.get(space)
        if building and building[0] == seat:
            if partners(state, seat, space):
                bonus = t.powered_bonus
                break
            bonus = t.bonus
    return t.base_shifts + bonus - t.penalty[poor_rock.site_rock(state, site)]


def partners(state, seat: int, space: str) -> set[str]:
    """COP-R15: the seat's buildings of the other type that power the one on `space`."""
    builds = state.builds
    mine = builds[space][1]
    return {other for other in powers(state.tables)[state.options.board][space]
            if other in builds and builds[other][0] == seat and builds[other][1] != mine}


def applicable_sites(state, seat: int, site: str) -> list[str]:
    """COP-R16: the worked site, the sites of own buildings on it, and of their powering partners."""
    board = state.board
    found = {site}
    for space in board.site_builds[site]:
        building = state.builds.get(space)
        if building and building[0] == seat:
            found.update(board.build_sites[space])
            if state.options.powering_partner_contributes:
                for partner in partners(state, seat, space):
                    found.update(board.build_sites[partner])
    return [s for s in board.sites if s in found]


# --- a shift ------------------------------------------------------------------------ COP-R17

def shift(state, task) -> None:
    seat = task[1]
    cards.restock_production(state)
    if not state.production_deck:  # COP-R33
        state.event("no_production_card", seat=seat)
        state.work = None
        return
    state.reveals()
    card = state.production_deck.pop()
    cards.restock_production(state)
    state.work["taken"] += 1
    site = state.work["site"]
    token = state.terrain[site]
    face = state.tables.terrain[token] if state.surveyed.get(site) else ""
    pair = ""
    if state.company[seat]:
        pair = state.tables.companies[state.company[seat]]["two_for_one_resource"]
    state.shift = {"card": card, "row": -1, "claim": "", "produced": False,
                   "terrain": face if face != "poor_rock" else "", "pair": pair}
    if state.records:
        state.event("reveal", seat=seat, card=card, shift=state.work["taken"])
    if production.has_row(state, seat) or production.can_redraw(state, seat):
        push(state.tasks, ["row", seat])
    else:  # COP-R19
        state.production_discard.append(card)
        state.shift = None
        state.event("no_legal_row", seat=seat, card=card)
        state.work = None


# --- paying resources, one icon at a time -------------------------------------------- COP-R21

def units(state, seat: int) -> list[tuple[str, str]]:
    """(card, signature) of every unit that can still be played, one per signature."""
    signature = state.tables.signature
    seen, found = set(), []
    for card, resource in state.payment["loose"]:
        if resource not in seen:
            seen.add(resource)
            found.append((card, resource))
    for card in cards.distinct_hand(state, seat):
        sig = signature[card]
        if sig not in seen:
            seen.add(sig)
            found.append((card, sig))
    return found


def all_units(state, seat: int) -> list[str]:
    signature = state.tables.signature
    return [r for _, r in state.payment["loose"]] + [signature[c] for c in state.hands[seat]]


def plays(state, task) -> list:
    seat = task[1]
    pay = state.payment
    abilities = (pay["terrain"], pay["pair"], pay["machine"], pay["railroad"])
    return _plays(units(state, seat), all_units(state, seat), tuple(pay["needs"]), abilities)


def _plays(units: list[tuple[str, str]], everything: list[str], needs: tuple, abilities: tuple) -> list:
    """Each play of a unit ((card, signature) of `units`) for a need that leaves the rest payable
    by the other units (of `everything`)."""
    found = []
    everything = sorted(everything)  # as `feasible` takes them, and still so with one taken out
    options = _options(needs, abilities)
    for card, signature in units:
        for resource, loose in gives(signature):
            remaining = None
            for need, route, left, after in options[resource]:
                if left:
                    if remaining is None:
                        remaining = _remaining(everything, signature, loose)
                    if not feasible(remaining, left, *after):
                        continue
                found.append(Play.of(card, resource, need, route))
    return found


def _remaining(everything: list[str], unit: str, loose: str) -> tuple[str, ...]:
    """The units (`everything`, sorted) left once `unit` is played, with the loose half it leaves."""
    others = everything.copy()
    others.remove(unit)
    return tuple(sorted(others + [loose]) if loose else others)


def drawn_play(state, seat: int, rng) -> Action | None:
    """One of `plays`, drawn uniformly (the heuristic's payment), checking only the plays drawn:
    ways to play a unit are drawn from those not yet drawn until one leaves the rest payable, and
    each of `plays` is as likely as the others to be that first one. None if no play does. Units
    are drawn by signature, as `plays` offers them; the card is found for the play drawn."""
    pay = state.payment
    needs = tuple(pay["needs"])
    abilities = (pay["terrain"], pay["pair"], pay["machine"], pay["railroad"])
    everything = all_units(state, seat)
    options = _options(needs, abilities)
    undrawn = [(unit, resource, loose, option) for unit in dict.fromkeys(everything)
               for resource, loose in gives(unit) for option in options[resource]]
    everything.sort()
    while undrawn:
        index = rng.below(len(undrawn)) if len(undrawn) > 1 else 0
        unit, resource, loose, (need, route, left, after) = undrawn[index]
        if left and not feasible(_remaining(everything, unit, loose), left, *after):
            undrawn[index] = undrawn[-1]
            undrawn.pop()
            continue
        for card, loose_unit in pay["loose"]:
            if loose_unit == unit:
                return Play.of(card, resource, need, route)
        return Play.of(cards.card_of(state, seat, unit), resource, need, route)
    return None


@lru_cache(maxsize=1 << 13)
def _options(needs: tuple, abilities: tuple) -> dict[str, tuple]:
    """By resource played: (need, route, the other needs sorted, the abilities left) of each way it
    pays a need (each need once, in order). A function of few arguments, worked out once for a
    whole search, and looked up once per listing or draw rather than per unit (read only: the
    cache's own dict)."""
    ordered = sorted(needs)
    found: dict[str, tuple] = {}
    for resource in RESOURCES:
        ways = []
        for need in dict.fromkeys(needs):
            rest = ordered.copy()
            rest.remove(need)
            for route, follow in routes(resource, need, *abilities):
                left = tuple(sorted(rest + [follow])) if follow else tuple(rest)
                ways.append((need, route, left, after_route(route, *abilities)))
        found[resource] = tuple(ways)
    return found


def play(state, task, action) -> None:
    seat = task[1]
    pay = state.payment
    loose = next((entry for entry in pay["loose"] if entry[0] == action.card), None)
    if loose is not None:
        pay["loose"].remove(loose)
    else:
        sig = state.tables.signature[action.card]
        cards.discard_capital(state, seat, action.card)
        if sig.startswith("and:"):
            other = [r for r in sig.split(":")[1:]]
            other.remove(action.resource)
            pay["loose"].append([action.card, other[0]])
    pay["needs"].remove(action.need)
    route = action.via
    pay["terrain"], pay["pair"], pay["machine"], pay["railroad"] = after_route(
        route, pay["terrain"], pay["pair"], pay["machine"], pay["railroad"])
    if route in ("pair", "terrain_pair"):
        pay["needs"].append("half-" + state.shift["pair"])
    if route == "machine":
        state.used.append("LB6")
    if route == "railroad":
        state.used.append("LB7")
    if state.records:
        state.event("play", seat=seat, card=action.card, resource=action.resource, need=action.need, via=route)
    if pay["needs"]:
        push(state.tasks, task)
    else:
        state.payment = None
        cards.restock_capital(state)


# --- the end of a shift ------------------------------------------------------------ COP-R17, COP-R26

def settle(state, task) -> None:
    seat = task[1]
    shift = state.shift
    card = shift["card"]
    row = state.tables.rows[card][shift["row"]]
    if row.copper:
        state.copper[seat].append(card)
        shift["produced"] = True
    elif row.take_claim:
        state.claim[seat] = card
    else:  # pass rows (COP-R30) and the rest: the card is discarded
        state.production_discard.append(card)
    if shift["claim"] == "held":  # COP-R29
        state.copper[seat].append(state.claim[seat])
        state.claim[seat] = ""
        shift["produced"] = True
    elif shift["claim"] == "company":
        state.company_done[seat] = True
        shift["produced"] = True


def stamp_mill(state, task) -> None:
    seat = task[1]
    if state.ending:
        return  # COP-R38, COP-R55: the game ends with the shift
    if "LB8" in state.businesses and "LB8" not in state.used and state.shift["produced"]:
        push(state.tasks, ["stamp_mill_offer", seat])


def next_shift(state, task) -> None:
    seat = task[1]
    state.shift = None
    if state.ending:
        scoring.end_game(state)
        return
    if must_stop(state, seat):
        if state.records:
            state.event("work_ends", seat=seat, shifts=state.work["taken"])
        state.work = None
        return
    push(state.tasks, ["continue", seat])


def must_stop(state, seat: int) -> bool:
    work = state.work
    site = work["site"]
    return (work["taken"] >= work["max"]
            or state.miner_at[seat][work["miner"]] != site
            or not poor_rock.rock_room(state, work["applicable"], 1)
            or not state.surveyed.get(site)
            or not (state.production_deck or state.production_discard))


def another_shift(state, task) -> list:
    return [Accept.of(True), Accept.of(False)] + local_business.businesses(state, task[1], TURN_WINDOW + ("LB5",))


def take_another(state, task, action) -> None:
    seat = task[1]
    if action.yes:
        push(state.tasks, ["shift", seat])
    else:
        if state.records:
            state.event("work_ends", seat=seat, shifts=state.work["taken"])
        state.work = None
