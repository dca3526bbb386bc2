"""rulebook: Management Actions (Choose Two) (COP-R5 to COP-R8): capital call (its
card chosen at once), survey, build, prospect, negotiate, immigrate."""

from __future__ import annotations

from headframe.engine import Action
from headframe.engine.flow import push

from . import cards, local_business, miners, poor_rock
from .actions import Build, ChooseBuilding, Done, Manage, MoveRock, Prospect, Survey
from .local_business import TURN_WINDOW

SUPPLY = {"company_house": 0, "shaft_house": 1, "hoist_house": 2}


def management_actions(state, seat: int, buildings: list[str]) -> list[str]:  # COP-R5
    """The management actions open to the seat, whose `buildable` buildings are `buildings`."""
    legal = []
    if any(state.community) or state.capital_deck or state.capital_discard:
        legal.append("capital_call")
    if len(state.surveyed) < len(state.board.sites):
        legal.append("survey")
    if buildings:
        legal.append("build")
    if state.production_deck or state.production_discard:
        legal.append("prospect")
    if "unrest" in state.miner_at[seat]:
        legal.append("negotiate")
    if "cemetery" in state.miner_at[seat]:
        legal.append("immigrate")
    return legal


def nothing_to_do(state, task) -> bool:
    if any(state.community) or state.capital_deck or state.capital_discard:
        return False  # a capital call is legal
    if local_business.businesses(state, task[1], TURN_WINDOW):
        return False  # COP-R36: a business may still be used before the action (then `done` skips it)
    return not management_actions(state, task[1], buildable(state, task[1]))  # COP-R5: nothing legal, the action is skipped


def choices(state, task) -> list:
    """A capital call is chosen with its card at once (`take`); the others by name."""
    seat = task[1]
    actions: list[Action] = []
    for kind in management_actions(state, seat, buildable(state, seat)):
        actions += cards.capital_call(state) if kind == "capital_call" else [Manage.of(kind)]
    businesses = local_business.businesses(state, seat, TURN_WINDOW)
    if not actions:
        businesses.append(Done.of())  # COP-R5: no management action is legal; it is skipped
    actions += businesses
    return actions


def capital_call(state, task, action) -> None:
    cards.take_capital(state, task[1], action.slot)


def manage(state, task, action) -> None:
    MANAGEMENT[action.action](state, task[1])  # each management action logs its own event


def skip(state, task, action) -> None:
    """`done`: no management action is legal, and the business is not used (COP-R57)."""


# --- survey -------------------------------------------------------------------------- COP-R7

def survey(state, seat: int) -> None:
    push(state.tasks, ["survey", seat])


def face_down(state, task) -> list:
    return [Survey.of(site) for site in state.board.sites if not state.surveyed.get(site)]


def survey_site(state, task, action) -> None:  # COP-R7
    seat, site = task[1], action.site
    state.reveals()
    state.surveyed[site] = True
    token = state.terrain[site]
    if state.records:
        state.event("survey", seat=seat, site=site, token=token, face=state.tables.terrain[token])
    if state.tables.terrain[token] == "poor_rock" and poor_rock.site_rock(state, site):
        push(state.tasks, ["survey_rock", seat, site])


def site_rocks(state, task) -> list:
    site = task[2]
    return [MoveRock.of(space) for space in state.board.site_spaces[site] if space in state.rock]


def rock_to_token(state, task, action) -> None:
    del state.rock[action.space]
    state.token_rock[task[2]] = True
    state.event("rock_to_token", seat=task[1], space=action.space, site=task[2])


# --- build ----------------------------------------------------------------------------- COP-R8

def buildable(state, seat: int) -> list[str]:
    """COP-R8: building types the seat has in supply, allowed this era, with a free space."""
    found = []
    board, supply, houses = state.board, state.supply[seat], state.houses
    for building in state.tables.era_buildings[state.era]:
        if not supply[SUPPLY[building]]:
            continue
        if building == "company_house":
            free = False
            for camp, spaces in board.house_spaces.items():
                if len(houses[camp]) < spaces:
                    free = True
                    break
        else:
            free = len(state.builds) < len(board.builds)
        if free:
            found.append(building)
    return found


def build_places(state, building: str) -> list[str]:
    if building == "company_house":
        return [camp for camp in state.board.camps if len(state.houses[camp]) < state.board.house_spaces[camp]]
    return [space for space in state.board.builds if space not in state.builds]


def build(state, seat: int) -> None:
    push(state.tasks, ["build", seat])


def buildings(state, task) -> list:
    return [ChooseBuilding.of(b) for b in buildable(state, task[1])]


def choose_building(state, task, action) -> None:
    push(state.tasks, ["build_at", task[1], action.building])


def places(state, task) -> tuple:
    """Where the building may go: for a shaft or hoist house, memoized on the game by the board and
    the spaces built on (a company house's depend on the houses at each camp)."""
    if task[2] == "company_house":
        return tuple(Build.of(camp) for camp in build_places(state, "company_house"))
    key = (state.options.board, *state.builds)
    memo = state.game.tables.build_spaces
    actions = memo.get(key)
    if actions is None:
        actions = memo.keep(key, tuple(Build.of(space) for space in build_places(state, task[2])))
    return actions


def build_at(state, task, action) -> None:
    seat, building = task[1], task[2]
    state.supply[seat][SUPPLY[building]] -= 1
    if building == "company_house":
        state.houses[action.place].append(seat)
    else:
        state.builds[action.place] = [seat, building]
    state.event("build", seat=seat, building=building, place=action.place)


# --- prospect -------------------------------------------------------------------------- COP-R6

def prospect(state, seat: int) -> None:
    """COP-R6: look at the top 2 production cards, across a reshuffle if needed."""
    state.reveals()
    for _ in range(2):
        cards.restock_production(state)
        if state.production_deck:
            state.looking.append(state.production_deck.pop())
    cards.restock_production(state)
    state.event("prospect", seat=seat, private={seat: {"cards": list(state.looking)}})
    if len(state.looking) == 1:
        prospect_keep(state, seat, "")
    else:
        push(state.tasks, ["prospect", seat])


def prospected(state, task) -> list:
    return [Prospect.of("")] + [Prospect.of(card) for card in state.looking]


def return_card(state, task, action) -> None:
    prospect_keep(state, task[1], action.keep)


def prospect_keep(state, seat: int, keep: str) -> None:
    discarded = [card for card in state.looking if card != keep]
    state.production_discard.extend(discarded)
    state.looking = []
    state.peek = [""] * state.players  # the others cannot tell which card went back
    if keep:
        state.production_deck.append(keep)
        state.peek[seat] = keep
    state.event("prospect_discard", seat=seat, cards=discarded, returned=bool(keep))


MANAGEMENT = {"survey": survey, "build": build, "prospect": prospect,
              "negotiate": miners.negotiate, "immigrate": miners.immigrate}
