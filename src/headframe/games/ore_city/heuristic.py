"""A cheap, sensible Ore City policy: accomplish whenever possible, otherwise
take the construction or book-closing that most improves a simple valuation
(coins, technology, the income waiting in the spaces), keep a Public Works card
in hand, and exchange or flush away cards that cannot be used.

It reads only what `seat` may know: its own hand, and public data (spaces,
coins, technology, hand types); the agents layer calls it on a determinized copy.
"""

from __future__ import annotations

from collections.abc import Sequence

from headframe.engine import Action, Rng

from .accomplishment import can_accomplish
from .book_closing import commercial_close, residential_income
from .components import COMMERCIAL, INDUSTRIAL, PUBLIC_WORKS, RESIDENTIAL, TYPE_INDEX
from .construction import cost, space_type
from .drawing import available

TECHNOLOGY_WORTH = 5.0    # coins a point of technology is worth over a game
OWN_SPACE_WEIGHT = 0.8    # income waiting in my own space: I choose when to collect it
OTHER_SPACE_WEIGHT = 0.5  # income waiting in a neighbour's space: they choose
RIVALRY = 0.35            # how much an opponent's gain counts against mine
SEARCH_DEPTH = 40         # heuristic rollouts are dear: 40 decisions (some 18 turns) buy 4-5x the iterations


def search_depth(game, players: int) -> int:
    """Decisions a search's rollout plays (with this policy) before `evaluate` judges."""
    return SEARCH_DEPTH


def evaluate(state) -> list[float]:
    """Each seat's chance of winning an unfinished game, judged by its progress toward
    10 VP: VP, plus coins and technology as VP still to buy (winner takes all, ORE-R36)."""
    progress = [
        0.5 + min(state.vp[s] + state.coins[s] / 8 + state.technology[s] / 2, 12.0) ** 2
        for s in range(state.players)
    ]
    total = sum(progress)
    return [p / total for p in progress]


def choose(state, seat: int, rng: Rng) -> Action:
    decision = state.decision(seat)
    actions = decision.actions
    if len(actions) == 1:
        return actions[0]
    chooser = _CHOOSERS.get(decision.kind)
    return chooser(state, seat, actions, rng) if chooser else rng.choice(actions)


# --- the turn's action ----------------------------------------------------------------------

def _turn(state, seat, actions, rng):
    accomplish = [a for a in actions if a.kind == "accomplish"]
    if accomplish:
        return max(accomplish, key=lambda a: state.game.tables.vp[a.card])
    if (_holds_hopeless(state, seat) and _common_worth_taking(state, seat)) or _wants_common_public_works(state, seat):
        return next(a for a in actions if a.kind == "exchange")
    base = _valuation(state, seat)
    scores = {action: _score(state, seat, action, base)
              for action in actions if action.kind in ("construct", "book_close")}
    best = max(scores, key=scores.get, default=None)
    if best is not None and scores[best] > 0.5:
        return best
    return _fallback(state, seat, actions, scores)


def _score(state, seat, action, base) -> float:
    world = state.clone()
    world.apply(seat, action)
    score = _valuation(world, seat) - base + _construction_bonus(state, seat, action)
    return score + _public_works_bonus(state, world, seat) + _condition_bonus(state, seat, action)


def _fallback(state, seat, actions, scores):
    """Nothing pays at once: flush away a hopeless Public Works card (the common
    space offers nothing better), collect my own space's income, swap unusable
    cards for the common space's, else invest in my own space. Pass only when my
    own space takes none of my cards: a table of seats passing with cards they
    could build there never ends."""
    tables = state.game.tables
    hand = state.hands[seat]
    by_kind = {a.kind: a for a in actions}
    if _holds_hopeless(state, seat):
        return by_kind["flush"]
    if "book_close" in by_kind and _own_income(state, seat) > 0:
        return by_kind["book_close"]
    coins = state.coins[seat]
    affordable = [c for c in hand if tables.type[c] != PUBLIC_WORKS and cost(state, seat, c) <= coins]
    wanted = [c for c in state.common if tables.type[c] != PUBLIC_WORKS and cost(state, seat, c) <= coins]
    if len(affordable) + 1 < len(hand) and wanted:
        return by_kind["exchange"]
    investments = [a for a in scores if a.kind == "construct" and a.space == seat]
    if investments:
        return max(investments, key=scores.get)
    if not affordable and not wanted:
        return by_kind["flush"]
    return by_kind["pass"]


def _own_income(state, seat) -> int:
    world = state.clone()
    world.apply(seat, next(a for a in state.decision(seat).actions if a.kind == "book_close"))
    return world.coins[seat] - state.coins[seat]


def _wants_common_public_works(state, seat) -> bool:
    """No Public Works card in hand, one in the common space worth a look, and
    coins to spare (or no Public Works card left to draw)."""
    tables = state.game.tables
    if any(tables.type[c] == PUBLIC_WORKS for c in state.hands[seat]):
        return False
    wanted = state.coins[seat] >= 12 or not available(state, PUBLIC_WORKS)
    return wanted and _public_works_swap(state, seat) is not None


def _public_works_swap(state, seat) -> str | None:
    """The dearest card in hand I can give for a Public Works card in the common
    space that stays worth a look without it: unseen, or not hopeless. (Giving the
    very card its condition needs, then taking that card back, would change nothing.)"""
    tables = state.game.tables
    hand = state.hands[seat]
    bit = 1 << seat
    for card in sorted(dict.fromkeys(hand), key=lambda c: tables.cost[c], reverse=True):
        rest = list(hand)
        rest.remove(card)
        if any(tables.type[common] == PUBLIC_WORKS and (not seen & bit or not _hopeless(state, seat, common, rest))
               for common, seen in zip(state.common, state.common_seen)):
            return card
    return None


def _holds_hopeless(state, seat) -> bool:
    return any(_hopeless(state, seat, card) for card in state.hands[seat])


def _common_worth_taking(state, seat) -> bool:
    """An Exchange can bring something better than a hopeless Public Works card:
    a construction card, or a Public Works card not known to be hopeless. (An
    Exchange that can only take back such cards changes nothing, and a table of
    seats doing it forever never ends.)"""
    tables = state.game.tables
    bit = 1 << seat
    return any(
        tables.type[card] != PUBLIC_WORKS or not seen & bit or not _hopeless(state, seat, card)
        for card, seen in zip(state.common, state.common_seen)
    )


def _hopeless(state, seat, card, hand=None) -> bool:
    """A Public Works card whose condition no card in hand (by default the seat's
    own) can bring about soon. Coins do not count: a book-closing can raise them."""
    tables = state.game.tables
    if can_accomplish(state, seat, card):
        return False
    hand = state.hands[seat] if hand is None else hand
    kinds = {tables.type[c] for c in hand}
    if card == "university":
        return space_type(state, seat) != COMMERCIAL and COMMERCIAL not in kinds
    if card == "airport":
        return not _owns_technology(state, seat) and not any(c in tables.technology for c in hand)
    if card == "hospital":
        return space_type(state, seat) not in (None, RESIDENTIAL) or RESIDENTIAL not in kinds
    return False


def _owns_technology(state, seat) -> bool:
    """A technology card the seat could discard for the Airport (ORE-R32), whatever its coins."""
    technology = state.game.tables.technology
    built = any(card in technology and builder == seat
                for space in range(state.players) for card, builder in zip(state.spaces[space], state.builders[space]))
    return built or any(card in technology for card in state.acquired[seat])


def _technology_to_build(state, seat) -> bool:
    """The Airport's condition waits on constructing a technology card held in hand."""
    technology = state.game.tables.technology
    return not _owns_technology(state, seat) and any(card in technology for card in state.hands[seat])


def _condition_bonus(state, seat, action) -> float:
    """Steps toward the condition of the Public Works card in hand."""
    tables = state.game.tables
    held = [c for c in state.hands[seat] if tables.type[c] == PUBLIC_WORKS]
    if not held or can_accomplish(state, seat, held[0]):
        return 0.0
    card, own = held[0], space_type(state, seat)
    if action.kind == "book_close":
        wanted = {"university": COMMERCIAL, "hospital": RESIDENTIAL}.get(card)
        if card == "airport" and _technology_to_build(state, seat):
            wanted = INDUSTRIAL
        return 3.0 if wanted is not None and own != wanted else 0.0
    if card == "airport" and action.card in tables.technology:
        return 4.0
    if card == "university" and tables.type[action.card] == COMMERCIAL and action.space == seat:
        return 3.0
    return 0.0


def _public_works_bonus(state, world, seat) -> float:
    """An action that lets me accomplish my Public Works card next turn."""
    tables = state.game.tables
    for card in state.hands[seat]:
        if tables.type[card] == PUBLIC_WORKS and card in world.hands[seat]:
            if can_accomplish(world, seat, card) and not can_accomplish(state, seat, card):
                return 2.0 + tables.vp[card]
    return 0.0


def _construction_bonus(state, seat, action) -> float:
    """Building toward a Residential majority in my own space, or toward a Hospital."""
    if action.kind != "construct" or action.space != seat:
        return 0.0
    tables = state.game.tables
    if tables.type[action.card] != RESIDENTIAL:
        return 0.0
    bonus = 0.5 * action.count
    if any(tables.type[c] == PUBLIC_WORKS and c == "hospital" for c in state.hands[seat]):
        bonus += 2.0 * action.count
    return bonus


def _valuation(state, seat) -> float:
    waiting = _waiting_income(state)
    mine = _worth(state, seat, waiting)
    others = [_worth(state, other, waiting) for other in range(state.players) if other != seat]
    return mine - RIVALRY * (sum(others) / len(others))


def _waiting_income(state) -> list[Sequence[float]]:
    """What each space would pay each seat if closed now: coins, and for an
    industrial space technology too, worth TECHNOLOGY_WORTH coins a point."""
    tables = state.game.tables
    waiting: list[Sequence[float]] = []
    for space in range(state.players):
        cards = state.spaces[space]
        if not cards:
            waiting.append([0] * state.players)
            continue
        kind = tables.type[cards[0]]
        if kind == RESIDENTIAL or kind == COMMERCIAL:
            coins = [0] * state.players  # the rules' own income, in whole coins
            if kind == RESIDENTIAL:
                residential_income(state, space, coins)
            else:
                commercial_close(state, space, coins)
            waiting.append(coins)
        else:
            worth: list[float] = [0.0] * state.players
            for card, builder in zip(cards, state.builders[space]):
                worth[builder] += TECHNOLOGY_WORTH * tables.technology.get(card, 0) + tables.highway_close[card]
            waiting.append(worth)
    return waiting


def _worth(state, seat, waiting) -> float:
    """Coins, technology, and what the spaces would pay this seat if closed now."""
    worth = state.coins[seat] + TECHNOLOGY_WORTH * state.technology[seat] + 4.0 * state.vp[seat]
    for space, gains in enumerate(waiting):
        worth += (OWN_SPACE_WEIGHT if space == seat else OTHER_SPACE_WEIGHT) * gains[seat]
    return worth


# --- the steps inside a turn ----------------------------------------------------------------

def _draw(state, seat, actions, rng):
    """Keep a Public Works card in hand, and draw toward its condition when the hand
    cannot bring it about; otherwise draw what my space can use."""
    piles = {a.pile: a for a in actions}
    if state.phase != "flush_common":
        for pile in ("public_works", _condition_pile(state, seat)):
            if pile in piles:
                return piles[pile]
    kind = space_type(state, seat)
    preferred = ("residential", "commercial") if kind in (None, RESIDENTIAL) else (
        ("commercial", "residential") if kind == COMMERCIAL else ("industrial", "residential"))
    for pile in preferred:
        if pile in piles:
            return piles[pile]
    return actions[0]


def _condition_pile(state, seat) -> str | None:
    """The pile whose cards can bring about a hopeless Public Works card's condition."""
    tables = state.game.tables
    for card in state.hands[seat]:
        if tables.type[card] == PUBLIC_WORKS and _hopeless(state, seat, card):
            return {"airport": "industrial", "university": "commercial", "hospital": "residential"}.get(card)
    return None


def _setup_discard(state, seat, actions, rng):
    """Keep cheap cards: the rulebook's tip (§5) — you start with no coins."""
    return max(actions, key=lambda a: state.game.tables.cost[a.card])


def _give(state, seat, actions, rng):
    tables = state.game.tables
    coins = state.coins[seat]
    if state.pending == 0 and _wants_common_public_works(state, seat):
        swap = _public_works_swap(state, seat)
        return next(a for a in actions if a.kind == "give" and a.card == swap)
    for action in actions:
        if action.kind != "give":
            continue
        if tables.type[action.card] == PUBLIC_WORKS:
            if _hopeless(state, seat, action.card):
                return action
        elif tables.cost[action.card] > coins:
            return action
    return next(a for a in actions if a.kind == "end_giving")


def _take(state, seat, actions, rng):
    """A Public Works card I can work toward, else the dearest card I can afford,
    else the cheapest construction card; never a hopeless Public Works card."""
    tables = state.game.tables
    coins = state.coins[seat]
    public_works = [a for a in actions if tables.type[a.card] == PUBLIC_WORKS]
    options = [a for a in public_works if not _hopeless(state, seat, a.card)]
    if options:
        return max(options, key=lambda a: tables.vp[a.card] - tables.cost[a.card] / 4)
    construction = [a for a in actions if tables.type[a.card] != PUBLIC_WORKS]
    affordable = [a for a in construction if cost(state, seat, a.card) <= coins]
    if affordable:
        return max(affordable, key=lambda a: tables.cost[a.card])
    return min(construction or public_works, key=lambda a: tables.cost[a.card])


def _airport(state, seat, actions, rng):
    """Give up a card still in a construction space before an acquired one."""
    in_spaces = [a for a in actions if a.space is not None]
    return (in_spaces or list(actions))[0]


def _police(state, seat, actions, rng):
    """Take a Public Works card from the leader if they hold one, else any card."""
    takes = [a for a in actions if a.kind == "police_take"]
    if not takes:
        return actions[0]
    return max(takes, key=lambda a: (a.type == "public_works", state.vp[a.opponent],
                                     a.type == "residential", -TYPE_INDEX[a.type]))


_CHOOSERS = {
    "action": _turn,
    "refill": _draw,
    "flush_hand": _draw,
    "flush_common": _draw,
    "police_redraw": _draw,
    "setup_discard": _setup_discard,
    "exchange_give": _give,
    "exchange_take": _take,
    "airport_discard": _airport,
    "police": _police,
}
