"""Pit Lamps: a tiny game that exercises every part of the engine contract
(hidden hands, a deck with reshuffles, a sealed simultaneous bid, a multi-step
turn that can be taken back) so the conformance suite is proven before the
first real game lands. It is a test fixture, not one of headframe's games."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Action, Game, Options, Result, Rng, State, option
from headframe.engine.deck import draw, redeal, shuffled
from headframe.engine.flow import OVER, Flow, Task, decide
from headframe.engine.learning import Learning
from headframe.engine.presentation import Presentation
from headframe.engine.schema import OneOf
from headframe.engine.turns import clockwise, commit, reveal, sealed_view, uncommitted


class LampAction(Action):
    pass


@dataclass(frozen=True)
class Bid(LampAction):
    kind = "bid"
    card: int


@dataclass(frozen=True)
class Dig(LampAction):
    kind = "dig"


@dataclass(frozen=True)
class DrawCard(LampAction):
    kind = "draw"


@dataclass(frozen=True)
class Rest(LampAction):
    kind = "rest"


@dataclass(frozen=True)
class PitLampsOptions(Options):
    rounds: int = option(3, "How many rounds the game lasts", minimum=1)
    dig_limit: int = option(2, "How often a player may dig in one turn", choices=(1, 2))


class PitLampsState(State):
    """A round: every seat bids a card at once, sealed; then, clockwise from the
    first player, each works (dig up to the limit, then draw or rest)."""

    __slots__ = ("round", "phase", "first", "worker", "digs", "hands", "deck", "discard", "sealed", "scores")

    def setup(self) -> None:
        data = self.game.components
        self.deck = shuffled([v for v in data["deck"]["values"] for _ in range(data["deck"]["copies"])], self.rng)
        self.discard = []
        self.hands = [[] for _ in range(self.players)]
        self.scores = [0] * self.players
        self.first = self.rng.below(self.players)
        self.round = 1
        self.sealed = {}
        start_round(self)

    def observe(self, seat: int | None) -> dict:
        return {
            "round": self.round,
            "phase": self.phase,
            "first": self.first,
            "worker": self.worker,
            "digs": self.digs,
            "scores": list(self.scores),
            "deck": len(self.deck),
            "discard": list(self.discard),
            "hand_sizes": [len(hand) for hand in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "sealed": sealed_view(self.sealed, seat),
        }

    def resample_hidden(self, seat: int, rng: Rng) -> None:
        others = [hand for other, hand in enumerate(self.hands) if other != seat]
        sealed = [[card] for key, card in sorted(self.sealed.items()) if key != str(seat)]
        places = others + sealed + [self.deck]
        redeal(places, rng)
        for hand in others:
            hand.sort()
        for (key, _), place in zip([item for item in sorted(self.sealed.items()) if item[0] != str(seat)], sealed):
            self.sealed[key] = place[0]

    def final_result(self) -> Result:
        return Result.rank(self.scores, (("cards in hand", [len(h) for h in self.hands]),))

    def statistics(self) -> dict[str, list[int | float]]:
        stats = {"score_digs": [0] * self.players, "score_bids": [0] * self.players, "bids_won": [0] * self.players}
        for entry in self.log:
            if entry["event"] == "dig":
                stats["score_digs"][entry["seat"]] += 1
            elif entry["event"] == "reveal" and entry["winner"] is not None:
                stats["score_bids"][entry["winner"]] += entry["bids"][str(entry["winner"])]
                stats["bids_won"][entry["winner"]] += 1
        return stats

    def progress(self) -> float:
        if self.phase == "over":
            return 100.0
        return 100.0 * (self.round - 1 + (0.5 if self.phase == "work" else 0.0)) / self.options.rounds


# --- the turn structure ------------------------------------------------------------

def start_round(state: PitLampsState) -> None:
    for hand in state.hands:
        while len(hand) < state.game.components["hand_size"]:
            hand.append(draw(state.deck, state.rng, state.discard))
        hand.sort()
    state.phase = "bid"
    state.worker = -1
    state.digs = 0


def bid_cards(state: PitLampsState, task: Task) -> list[Action]:
    return [Bid.of(card) for card in sorted(set(state.hands[task[1]]))]


def bid(state: PitLampsState, task: Task, action: Bid) -> None:
    seat = task[1]
    state.hands[seat].remove(action.card)
    commit(state.sealed, seat, action.card)
    state.event("bid", seat=seat, private={seat: {"card": action.card}})
    if not uncommitted(state.sealed, range(state.players)):
        reveal_bids(state)


def reveal_bids(state: PitLampsState) -> None:
    bids = reveal(state.sealed)
    state.reveals()
    values = list(bids.values())
    unique = [card for card in values if values.count(card) == 1]
    winner = None
    if unique:
        best = max(unique)
        winner = next(seat for seat, card in bids.items() if card == best)
        state.scores[winner] += best
    state.discard.extend(card for _, card in sorted(bids.items()))
    state.event("reveal", bids={str(s): c for s, c in sorted(bids.items())}, winner=winner)
    state.phase = "work"
    state.worker = state.first
    state.digs = 0


def work_choices(state: PitLampsState, task: Task) -> list[Action]:
    actions = [DrawCard.of(), Rest.of()]
    if state.digs < state.options.dig_limit:
        actions.insert(0, Dig.of())
    return actions


def dig(state: PitLampsState, task: Task, action: Dig) -> None:
    state.digs += 1
    state.scores[task[1]] += 1
    state.event("dig", seat=task[1])


def draw_a_card(state: PitLampsState, task: Task, action: DrawCard) -> None:
    seat = task[1]
    state.reveals()
    card = draw(state.deck, state.rng, state.discard)
    if card is not None:
        state.hands[seat].append(card)
        state.hands[seat].sort()
    state.event("draw", seat=seat, private={seat: {"card": card}})
    next_worker(state)


def rest(state: PitLampsState, task: Task, action: Rest) -> None:
    next_worker(state)


def next_worker(state: PitLampsState) -> None:
    order = clockwise(state.first, state.players)
    position = order.index(state.worker) + 1
    if position < state.players:
        state.worker = order[position]
        state.digs = 0
        return
    if state.round == state.options.rounds:
        state.phase = "over"
        state.worker = -1
        return
    state.round += 1
    state.first = (state.first + 1) % state.players
    start_round(state)


PitLampsState.flow = Flow(
    "Pit Lamps",
    task=lambda state: None if state.phase == "over" else (state.phase, state.worker),
    start=("bid",),
    steps=[
        decide("bid", bid_cards, {Bid: bid}, prompt="Bid a card from your hand",
               who=lambda state: uncommitted(state.sealed, range(state.players)), leads_to=("bid", "work")),
        decide("work", work_choices, {Dig: dig, DrawCard: draw_a_card, Rest: rest},
               prompt="Dig, draw a card, or rest", leads_to=("work", "bid", OVER)),
    ],
)


def load_presentation() -> Presentation:
    from .presentation import PRESENTATION  # its board: loaded by what shows the game
    return PRESENTATION


def load_learning() -> Learning:
    from .learning import LEARNING  # its action space, observation and heuristic
    return LEARNING


class PitLamps(Game):
    name = "pit-lamps"
    title = "Pit Lamps"
    rules_version = 1
    players = (2, 3, 4)
    Options = PitLampsOptions
    State = PitLampsState
    Action = LampAction
    option_sets = ({}, {"rounds": 2, "dig_limit": 1})
    data_file = "pit-lamps.data.yaml"
    schema = {
        "source": OneOf("INVENTED"),
        "deck": {"values": [int], "copies": int},
        "hand_size": int,
    }
    summary = "Bid a card in secret; the highest unique bid scores. Then dig, draw or rest."

    presents = staticmethod(load_presentation)
    learns = staticmethod(load_learning)

    def decision_limit(self, players: int) -> int:
        return 20 * players * (1 + 3)

