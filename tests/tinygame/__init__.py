"""Pit Lamps: a tiny game that exercises every part of the engine contract
(hidden hands, a deck with reshuffles, a sealed simultaneous bid, a multi-step
turn that can be taken back) so the conformance suite is proven before the
first real game lands. It is a test fixture, not one of headframe's games."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Action, Decision, Game, ObservationLayout, Options, Result, Rng, State, option
from headframe.engine.deck import draw, redeal, shuffled
from headframe.engine.schema import OneOf
from headframe.engine.turns import clockwise, commit, reveal, sealed_view, uncommitted

from . import board


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
        self._start_round()

    def _start_round(self) -> None:
        for hand in self.hands:
            while len(hand) < self.game.components["hand_size"]:
                hand.append(draw(self.deck, self.rng, self.discard))
            hand.sort()
        self.phase = "bid"
        self.worker = -1
        self.digs = 0

    def to_move(self) -> tuple[int, ...]:
        if self.phase == "bid":
            return uncommitted(self.sealed, range(self.players))
        if self.phase == "work":
            return (self.worker,)
        return ()

    def generate_decision(self, seat: int) -> Decision:
        if self.phase == "bid":
            cards = sorted(set(self.hands[seat]))
            return Decision(seat, "bid", "Bid a card from your hand", tuple(Bid.of(c) for c in cards))
        actions = [DrawCard.of(), Rest.of()]
        if self.digs < self.options.dig_limit:
            actions.insert(0, Dig.of())
        return Decision(seat, "work", "Dig, draw a card, or rest", tuple(actions))

    def perform(self, seat: int, action: Action) -> None:
        if action.kind == "bid":
            self.hands[seat].remove(action.card)
            commit(self.sealed, seat, action.card)
            self.event("bid", seat=seat, private={seat: {"card": action.card}})
            if not uncommitted(self.sealed, range(self.players)):
                self._reveal_bids()
        elif action.kind == "dig":
            self.digs += 1
            self.scores[seat] += 1
            self.event("dig", seat=seat)
        else:
            if action.kind == "draw":
                self.reveals()
                card = draw(self.deck, self.rng, self.discard)
                if card is not None:
                    self.hands[seat].append(card)
                    self.hands[seat].sort()
                self.event("draw", seat=seat, private={seat: {"card": card}})
            self._next_worker()

    def _reveal_bids(self) -> None:
        bids = reveal(self.sealed)
        self.reveals()
        values = list(bids.values())
        unique = [card for card in values if values.count(card) == 1]
        winner = None
        if unique:
            best = max(unique)
            winner = next(seat for seat, card in bids.items() if card == best)
            self.scores[winner] += best
        self.discard.extend(card for _, card in sorted(bids.items()))
        self.event("reveal", bids={str(s): c for s, c in sorted(bids.items())}, winner=winner)
        self.phase = "work"
        self.worker = self.first
        self.digs = 0

    def _next_worker(self) -> None:
        order = clockwise(self.first, self.players)
        position = order.index(self.worker) + 1
        if position < self.players:
            self.worker = order[position]
            self.digs = 0
            return
        if self.round == self.options.rounds:
            self.phase = "over"
            self.worker = -1
            return
        self.round += 1
        self.first = (self.first + 1) % self.players
        self._start_round()

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


class PitLamps(Game):
    name = "pit-lamps"
    title = "Pit Lamps"
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

    def decision_limit(self, players: int) -> int:
        return 20 * players * (1 + 3)

    def enumerate_actions(self, players: int):
        yield from (Bid.of(value) for value in sorted(set(self.components["deck"]["values"])))
        yield from (Dig.of(), DrawCard.of(), Rest.of())

    def observation_layout(self, players: int, options=None) -> ObservationLayout:
        values = len(self.components["deck"]["values"])
        return ObservationLayout((
            ("round", 1, "the round, over the rounds the game lasts"),
            ("phase", 3, "one-hot: bid, work, over"),
            ("first", players, "who works first this round, one-hot by seat from me"),
            ("worker", players, "who is working, one-hot by seat from me (none while bidding)"),
            ("digs", 1, "digs taken this turn, over the dig limit"),
            ("scores", players, "scores by seat from me, over 30"),
            ("deck", 1, "cards left in the deck, over the deck's size"),
            ("discard", values, "cards of each value in the discard pile, over the copies"),
            ("hand", values, "my cards of each value, over the hand size"),
            ("hand_sizes", players, "hand sizes by seat from me, over 10"),
            ("sealed", players, "1 for each seat from me that has bid this round"),
            ("my_bid", values, "one-hot: the card I bid this round, if I have"),
        ))

    def encode_observation(self, view: dict) -> list[float]:
        seat, players = view["seat"], view["player_count"]
        if seat is None:
            raise ValueError("Pit Lamps encodes a player's view, not a spectator's")
        data = self.components
        values, copies, hand_size = data["deck"]["values"], data["deck"]["copies"], data["hand_size"]
        from_me = [(seat + offset) % players for offset in range(players)]

        def relative(s: int) -> int | None:
            return from_me.index(s) if s >= 0 else None

        out = self.observation_layout(players).writer()
        out.scalar("round", view["round"], view["options"]["rounds"])
        out.one_hot("phase", ("bid", "work", "over").index(view["phase"]))
        out.one_hot("first", relative(view["first"]))
        out.one_hot("worker", relative(view["worker"]))
        out.scalar("digs", view["digs"], view["options"]["dig_limit"])
        out.counts("scores", [view["scores"][s] for s in from_me], 30)
        out.scalar("deck", view["deck"], len(values) * copies)
        out.counts("discard", [view["discard"].count(v) for v in values], copies)
        out.counts("hand", [view["hand"].count(v) for v in values], hand_size)
        out.counts("hand_sizes", [view["hand_sizes"][s] for s in from_me], 10)
        out.values("sealed", [str(s) in view["sealed"] for s in from_me])
        mine = view["sealed"].get(str(seat))
        out.one_hot("my_bid", values.index(mine) if mine is not None else None)
        return out.finish()

    def render_board(self, view: dict) -> str:
        return board.render(self, view)

    def heuristic(self, state: PitLampsState, seat: int, rng: Rng) -> Action:
        """Bid the highest card; dig while allowed; then rest."""
        actions = state.decision(seat).actions
        if actions[0].kind == "bid":
            return actions[-1]
        return actions[0] if actions[0].kind == "dig" else Rest.of()
