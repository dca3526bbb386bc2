"""The conformance suite: every registered game, every player count, the main
option sets, many seeded random games, each played to its end with the checks
every decision must pass; and in the first games of each player count and option
set, at sampled moments, every promise of the engine contract (DESIGN.md, "The
engine contract")."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ElementTree

import pytest

from headframe.engine import Action, IllegalAction, Rng, State, load_game, replay
from headframe.engine.state import VIEW_HEADER

from .cases import CHECKED_PER_VARIANT, Case, checked_cases, played_cases

CHECK_ALL_BEFORE = 8  # the first decisions are all checked; after that the gap grows with the game,
CHECKS_PER_DOUBLING = 5  # about five checks in each game each time its length doubles, and the games of one
# variant checked at staggered moments: together they see CHECKED_PER_VARIANT times as many distinct moments


def _checkpoints(nth: int, limit: int = 1 << 20) -> frozenset[int]:
    points, step = set(range(CHECK_ALL_BEFORE)), 2 ** (1 / CHECKS_PER_DOUBLING)
    at = CHECK_ALL_BEFORE * step ** (nth / CHECKED_PER_VARIANT)
    while at < limit:
        points.add(int(at))
        at *= step
    return frozenset(points)


# Checks replay and serialise the game: geometric spacing keeps long games cheap.
CHECKPOINTS = [_checkpoints(nth) for nth in range(CHECKED_PER_VARIANT)]


@pytest.mark.parametrize("case", checked_cases(), ids=str)
def test_random_game_keeps_every_promise(case: Case) -> None:
    assert case.load_error is None, f"{case.game} does not load: {case.load_error}"
    game = load_game(case.game)
    state = game.new_state(case.players, case.seed, case.options)
    assert state.to_json() == game.new_state(case.players, case.seed, case.options).to_json(), \
        "same seed, same options: the same game"
    seen: list[Action] = []
    progress = state.progress()
    checkpoints = CHECKPOINTS[case.nth]
    checks = 0
    for decisions, seat, action in play(state, Rng(case.seed)):
        checked = decisions in checkpoints
        if checked:
            checks += 1
            before = state.to_json()  # the position, written once and shared by the checks
            check_illegal_actions_change_nothing(state, seat, seen, before)
            check_actions_round_trip(game, state.decision(seat).actions)
            check_clone_is_independent(state, seat, action, before)
            check_position_round_trip(state, before)
            check_determinize_keeps_what_each_seat_knows(state, Rng(case.seed ^ decisions))
            check_pictures_of_views(state, turn=checks)
            check_statistics(state)
            check_heuristic_picks_a_legal_action(state, seat, before, Rng(case.seed ^ decisions))
            progress = check_progress(state, progress)
        state.apply(seat, action)
        seen.append(action)
        if checked:
            check_undo(state, seat, before)
    check_finished_game(state, case)
    check_statistics(state)
    check_progress(state, progress)


@pytest.mark.parametrize("case", played_cases(), ids=str)
def test_random_games_end_and_every_offered_action_applies(case: Case) -> None:
    assert case.load_error is None, f"{case.game} does not load: {case.load_error}"
    game = load_game(case.game)
    for seed in range(case.seed, case.seed + case.games):
        state = game.new_state(case.players, seed, case.options)
        for _, seat, action in play(state, Rng(seed)):
            state.apply(seat, action)
        check_finished_game(state, case)
        check_statistics(state)
        assert state.progress() == 100.0


def play(state: State, policy: Rng):
    """Yield (decisions so far, seat, action) for a random game to its end, checking
    what every decision must hold; the caller applies the action."""
    game = state.game
    limit = game.decision_limit(state.players)
    space = game.learning.action_space(state.players) if game.learning.has_action_space() else None
    decisions = 0
    while not state.is_over():
        to_move = state.to_move()
        assert to_move and len(set(to_move)) == len(to_move)
        seat = policy.choice(to_move)
        decision = state.decision(seat)
        assert decision.seat == seat and decision.actions, "a seat to move always has a choice"
        assert len(set(decision.actions)) == len(decision.actions), "legal actions are distinct"
        if space is not None:
            assert all(a in space for a in decision.actions), "every legal action is in the action space"
        action = policy.choice(decision.actions)
        length = len(state.history)
        yield decisions, seat, action
        assert len(state.history) == length + 1, "the offered action applied"
        decisions += 1
        assert decisions <= limit, f"{game.title} declared at most {limit} decisions"


def check_illegal_actions_change_nothing(state: State, seat: int, seen: list[Action], before: str) -> None:
    legal = set(state.decision(seat).actions)
    attempts: list[tuple[int, object]] = [
        (seat, "{not json"),
        (seat, json.dumps([1, 2])),
        (seat, {"kind": "no-such-kind"}),
        (seat, {"no": "kind"}),
        (seat, 42),
        (state.players, next(iter(legal))),
        (-1, next(iter(legal))),
    ]
    for action in legal:
        broken = action.to_json()
        if len(broken) > 1:
            broken.pop(next(k for k in broken if k != "kind"))
            attempts.append((seat, broken))
        attempts.append((seat, {**action.to_json(), "unexpected": 1}))
        break
    attempts += [(seat, action) for action in seen[-40:] if action not in legal][:5]
    for other in range(state.players):
        if other not in state.to_move():
            attempts.append((other, next(iter(legal))))
    for who, action in attempts:
        with pytest.raises(IllegalAction):
            state.apply(who, action)
    # Once for all attempts: a refusal that changed the state would have to be undone by another.
    assert state.to_json() == before, f"one of these refused actions changed the state: {attempts!r}"


def check_actions_round_trip(game, actions) -> None:
    for action in actions:
        assert game.parse_action(action.id) == action, f"the id {action.id} names another action"
        assert game.parse_action(json.dumps(action.to_json())) == action


def check_clone_is_independent(state: State, seat: int, action: Action, before: str) -> None:
    twin = state.clone()
    assert twin.to_json() == before and twin.fields() == state.fields()
    twin.apply(seat, action)
    assert state.to_json() == before, "applying to a clone changed the original"
    state.clone().apply(seat, action)
    assert state.clone().to_json() == before


def check_position_round_trip(state: State, text: str) -> None:
    fields = state.fields()
    assert json.loads(json.dumps(fields)) == fields, "state fields must be plain JSON data (no tuples, no int keys)"
    # Written by orjson: json's own canonical text (a float below 1e-4, which orjson writes otherwise, in no position).
    assert text == json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    loaded = state.game.load_position(text)
    assert loaded.to_json() == text
    assert loaded.fields() == fields
    assert [(s, a, b) for s, a, b in loaded.history] == state.history


def check_determinize_keeps_what_each_seat_knows(state: State, rng: Rng) -> None:
    for seat in (None, *range(state.players)):
        reserved = set(state.observe(seat)) & set(VIEW_HEADER)
        assert not reserved, f"observe() must leave the engine's view keys alone: {reserved}"
    for seat in range(state.players):
        world = state.determinize(seat, rng.fork())
        assert world.view(seat) == state.view(seat), f"determinize changed what seat {seat} sees"
        assert world.log_for(seat) == state.log_for(seat)
        assert world.to_move() == state.to_move()
        text = world.to_json()
        assert state.game.load_position(text).to_json() == text
    for seat in range(state.players):
        assert json.dumps(state.view(seat), sort_keys=True)  # views are JSON
    assert json.dumps(state.view(None), sort_keys=True)
    check_search_worlds_play_as_recording_ones(state, rng.next64())


def check_search_worlds_play_as_recording_ones(state: State, seed: int, moves: int = 6) -> None:
    """A world determinized with record=False (a search's) plays exactly as one that
    records, and adds nothing to its history or log."""
    seat = state.to_move()[0]
    recording = state.determinize(seat, Rng(seed), keep_log=False)
    silent = state.determinize(seat, Rng(seed), keep_log=False, record=False)
    choices = Rng(seed)
    for _ in range(moves):
        if recording.is_over():
            break
        mover = choices.choice(recording.to_move())
        action = choices.choice(recording.decision(mover).actions)
        assert silent.decision(mover).actions == recording.decision(mover).actions
        recording.play(mover, action)
        twin = silent.clone()  # a clone of a search world is one too
        twin.play(mover, action)
        assert twin.history == [] and twin.log == [], "a search world's clone recorded a move"
        silent.play(mover, action)
        assert silent.fields() == recording.fields(), "a search world played differently"
    assert silent.history == [] and silent.log == [], "a search world recorded its moves"


def check_undo(state: State, seat: int, before: str) -> None:
    after = state.to_json()
    if state.can_undo(seat):
        twin = state.clone()
        twin.undo(seat)
        assert twin.to_json() == before, "undo restores the previous state exactly"
    else:
        with pytest.raises(IllegalAction):
            state.undo(seat)
        assert state.to_json() == after, "a refused undo changed the state"
    for other in range(state.players):
        if other != seat:
            assert not state.can_undo(other), "only the seat that acted may take an action back"


def check_finished_game(state: State, case: Case) -> None:
    result = state.result()
    assert len(result.scores) == len(result.ranking) == case.players
    assert sorted(result.ranking)[0] == 1 and all(1 <= rank <= case.players for rank in result.ranking)
    order = sorted(range(case.players), key=lambda seat: result.ranking[seat])
    assert all(result.scores[a] >= result.scores[b] for a, b in zip(order, order[1:])), \
        "a better rank never has a lower score"
    assert state.to_move() == ()
    with pytest.raises(IllegalAction):
        state.apply(0, {"kind": "anything"})
    replayed = replay(state.record())
    assert replayed.to_json() == state.to_json(), "the record replays to the identical state"
    assert replay(json.loads(json.dumps(state.record()))).to_json() == state.to_json()
    assert state.game.load_position(state.to_json()).result() == result


def check_pictures_of_views(state: State, turn: int = 0) -> None:
    """Observation vectors and board pictures are drawn from views alone (so they
    inherit the determinize check above); here, their form: the observation of
    every seat, and the board of every seat to move and of one other audience,
    the `turn`-th in rotation (spectator first), so that over a game's checkpoints
    every audience's board is drawn, at a fraction of the cost of all at each; and
    those boards drawn together (`render_boards`) are the same."""
    game = state.game
    audiences = (None, *range(state.players))
    assert state.views(audiences) == {seat: state.view(seat) for seat in audiences}, \
        "views observed together are each seat's view (an OPEN game's observe ignores the seat)"
    others = [audience for audience in audiences if audience not in state.to_move()]
    drawn_for = set(state.to_move()) | ({others[turn % len(others)]} if others else set())
    boards = []
    for seat in audiences:
        view = state.view(seat)
        if game.presentation.has_board() and seat in drawn_for:
            boards.append(game.presentation.render_board(view))
            picture = ElementTree.fromstring(boards[-1])
            assert picture.tag.endswith("svg")
            offered = {a.id for a in state.decision(seat).actions} if seat in state.to_move() else set()
            drawn = {action for element in picture.iter() for action in element.get("data-actions", "").split()}
            assert drawn <= offered, f"the board offers actions the seat may not take: {drawn - offered}"
        if game.learning.has_observation() and seat is not None:
            layout = game.learning.observation_layout(state.players, state.options)
            vector = game.learning.encode_observation(view)
            assert len(vector) == layout.size, "the observation fills its layout exactly"
            assert all(math.isfinite(x) for x in vector)
    if boards:
        views = [state.view(seat) for seat in audiences if seat in drawn_for]
        together = ["".join(parts) for parts in game.presentation.render_boards(state.view(None), views)]
        assert together == boards, "boards drawn together are each one's own"


def check_heuristic_picks_a_legal_action(state: State, seat: int, before: str, rng: Rng) -> None:
    """Search plays the heuristic's pick unchecked (`State.play`), and a heuristic may work its
    pick out without listing the decision: the pick must be one of the listed actions."""
    game = state.game
    if not game.learning.has_heuristic():
        return
    pick = game.learning.heuristic(state, seat, rng)
    assert pick in state.decision(seat).actions, f"the heuristic picked {pick!r}, not a legal action"
    assert state.to_json() == before, "choosing changes nothing in the position"


def check_statistics(state: State) -> None:
    statistics = state.statistics()
    assert json.loads(json.dumps(statistics)) == statistics, "statistics are plain JSON data"
    for name, values in statistics.items():
        assert len(values) == state.players and all(isinstance(v, (int, float)) for v in values), name
    if state.is_over():
        parts = [values for name, values in statistics.items() if name.startswith("score_")]
        assert parts, "a game declares the parts of its score (statistics named score_...)"
        scores = state.result().scores
        for seat in range(state.players):
            assert math.isclose(sum(part[seat] for part in parts), scores[seat], abs_tol=1e-9), \
                f"seat {seat}: the score_ statistics add up to {sum(p[seat] for p in parts)}, the score is {scores[seat]}"


def check_progress(state: State, before: float) -> float:
    progress = state.progress()
    assert 0.0 <= progress <= 100.0 and progress >= before, f"progress went from {before} to {progress}"
    assert (progress == 100.0) == state.is_over(), "progress reaches 100 when, and only when, the game is over"
    return progress
