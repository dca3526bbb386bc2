"""rulebook: Setup (COP-R3): the board, decks, hands, community cards and company
cards; the excess poor rock of the advanced track tokens (COP-R45); each player
contracts a miner (Setup 12, and later payroll, COP-R11)."""

from __future__ import annotations

from headframe.engine import PositionError
from headframe.engine.deck import shuffled
from headframe.engine.turns import clockwise

from . import poor_rock, track
from .actions import Contract, PlaceRock
from .components import MINERS_PER_PLAYER


def setup(state) -> None:
    t = state.tables
    opts = state.options
    _, state.track_next, state.track_end, state.era = track.track_layout(t, opts)
    board = state.board
    tokens = shuffled(sorted(t.terrain), state.rng)  # rulebook: Setup 3; COP-R46
    state.terrain = dict(zip(board.sites, tokens))
    state.terrain_aside = sorted(tokens[len(board.sites):])
    state.surveyed = {}
    state.token_rock = {}
    state.rock = {}
    state.houses = {camp: [] for camp in board.camps}
    state.builds = {}
    state.supply = [[3, 4, 2] for _ in range(state.players)]
    state.miner_at = [["unskilled"] * MINERS_PER_PLAYER for _ in range(state.players)]
    state.miner_ready = [[False] * MINERS_PER_PLAYER for _ in range(state.players)]
    state.capital_deck = shuffled([c for e in range(1, state.era + 1) for c in t.capital_by_era[e]], state.rng)
    state.production_deck = shuffled([c for e in range(1, state.era + 1) for c in t.production_by_era[e]], state.rng)
    state.capital_discard, state.production_discard = [], []
    state.hands = [[state.capital_deck.pop() for _ in range(t.starting_hand)] for _ in range(state.players)]
    state.capital_version = 0  # COP-R4: bumped whenever the capital deck is rebuilt
    state.drawn = {card: 0 for hand in state.hands for card in hand}
    state.hand_public = [[] for _ in range(state.players)]
    state.community = [state.capital_deck.pop() for _ in range(t.community_size)]
    if opts.use_company_cards:  # rulebook: Setup 10
        state.company = shuffled(sorted(t.companies), state.rng)[: state.players]
    else:
        state.company = [""] * state.players
    state.company_done = [False] * state.players
    state.copper = [[] for _ in range(state.players)]
    state.claim = [""] * state.players
    state.businesses, state.events_played = [], []
    state.business_pool = sorted(t.businesses)
    state.event_pools = {"event_19th": list(t.events_19th), "event_20th": list(t.events_20th)}
    state.used = []
    state.work = None
    state.shift = None
    state.payment = None
    state.looking = []
    state.peek = [""] * state.players
    state.ending = False
    state.over = False
    state.first = 0 if opts.first_player == "seat_0" else state.rng.below(state.players)  # COP-R2
    state.current = state.first
    state.turns = 0  # turns begun, for COP-R58
    order = clockwise(state.first, state.players)
    excess = t.track_length - track.rocks_left(state) if opts.industry_track_tokens else 0  # COP-R45
    state.tasks = [["excess", order[i % state.players]] for i in range(excess)]
    state.tasks += [["contract", seat, False] for seat in order]  # rulebook: Setup 12
    state.tasks.append(["turn", state.first])


# --- the excess poor rock ------------------------------------------------------------------- COP-R45

def excess_places(state, task) -> list:
    return [PlaceRock.of(space, token) for space, token in poor_rock.rock_targets(state, state.board.sites)]


def place_excess(state, task, action) -> None:
    poor_rock.put_rock(state, action.space, action.token)
    state.event("excess_rock", seat=task[1], space=action.space, token=action.token)


# --- contracting a miner ------------------------------------------------------------- rulebook: Setup 12

def camps(state, task) -> list:
    actions = [Contract.of(camp) for camp in state.board.camps]
    if task[2]:  # payroll: the contract is optional
        actions.append(Contract.of(""))
    return actions


def contract(state, task, action) -> None:
    if action.camp:
        seat = task[1]
        miner = state.miner_at[seat].index("unskilled")
        state.miner_at[seat][miner] = action.camp
        state.miner_ready[seat][miner] = True
        if state.records:
            state.event("contract", seat=seat, miner=miner, camp=action.camp)


# --- a loaded position -------------------------------------------------------------------------------

def validate(state) -> None:
    work = state.work
    if work is not None and not isinstance(work.get("applicable"), list):
        raise PositionError("work: expected null or an object with a list 'applicable'")
    cards = (sum(state.hands, []) + state.capital_deck + state.capital_discard + [c for c in state.community if c])
    if len(cards) != len(set(cards)):
        raise PositionError("a capital card is in two places")
    held = set(sum(state.hands, [])) | set(state.looking)
    if any(type(v) is not int or not 0 <= v <= state.capital_version for v in state.drawn.values()) or any(
            card not in held for card in state.drawn):
        raise PositionError("drawn: cards in hands or being looked at, with deck versions up to capital_version")
    if not state.over and not state.tasks:
        raise PositionError("tasks: an unfinished game owes a task")
    for seat in range(state.players):
        if len(state.miner_at[seat]) != MINERS_PER_PLAYER:
            raise PositionError(f"miner_at[{seat}]: every player has {MINERS_PER_PLAYER} miners")
