"""Pit Lamps for agents and learners: its action space, its observation vector and its
heuristic."""

from __future__ import annotations

from headframe.engine import Action, ObservationLayout, Rng
from headframe.engine.learning import Learning
from headframe.engine.observation import PointOfView

from . import Bid, Dig, DrawCard, PitLampsState, Rest


def every_action(game, players: int):
    yield from (Bid.of(value) for value in sorted(set(game.components["deck"]["values"])))
    yield from (Dig.of(), DrawCard.of(), Rest.of())


def observation_layout(game, players: int, options=None) -> ObservationLayout:
    values = len(game.components["deck"]["values"])
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


def encode_observation(game, view: dict) -> list[float]:
    me = PointOfView(view)
    seat, players = me.me, me.players
    data = game.components
    values, copies, hand_size = data["deck"]["values"], data["deck"]["copies"], data["hand_size"]

    def relative(s: int) -> int | None:
        return me.relative(s) if s >= 0 else None

    out = observation_layout(game, players).writer()
    out.scalar("round", view["round"], view["options"]["rounds"])
    out.one_hot("phase", ("bid", "work", "over").index(view["phase"]))
    out.one_hot("first", relative(view["first"]))
    out.one_hot("worker", relative(view["worker"]))
    out.scalar("digs", view["digs"], view["options"]["dig_limit"])
    out.counts("scores", me.rotated(view["scores"]), 30)
    out.scalar("deck", view["deck"], len(values) * copies)
    out.counts("discard", [view["discard"].count(v) for v in values], copies)
    out.counts("hand", [view["hand"].count(v) for v in values], hand_size)
    out.counts("hand_sizes", me.rotated(view["hand_sizes"]), 10)
    out.values("sealed", me.flags(int(s) for s in view["sealed"]))
    mine = view["sealed"].get(str(seat))
    out.one_hot("my_bid", values.index(mine) if mine is not None else None)
    return out.finish()


def heuristic(state: PitLampsState, seat: int, rng: Rng) -> Action:
    """Bid the highest card; dig while allowed; then rest."""
    actions = state.decision(seat).actions
    if actions[0].kind == "bid":
        return actions[-1]
    return actions[0] if actions[0].kind == "dig" else Rest.of()


LEARNING = Learning(every_action=every_action, observation_layout=observation_layout,
                    encode_observation=encode_observation, heuristic=heuristic)
