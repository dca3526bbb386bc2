"""Guided first games (#25): every game ships a tutorial that passes every check of
the format, replays to its end with a comment at every step, and asks only for legal
moves; the learner's move is accepted, another refused with the tutorial's reason;
broken tutorials are refused with a sentence naming what is wrong."""

from __future__ import annotations

import json

import pytest

from headframe.engine import IllegalAction, MalformedAction, load_game, naming, parse_record, replay
from headframe.engine.tutorial import GENERIC_REFUSAL, MAX_BYTES, TutorialError, load_tutorial, parse_tutorial
from tests.tutorials import broken, sample_tutorial

GAMES = ["copper-country", "ore-city", "tinners-trail", "coal-country"]


@pytest.fixture(scope="module", params=GAMES)
def shipped(request):
    game = load_game(request.param)
    tutorial = load_tutorial(game)
    assert tutorial is not None, f"{game.package}/data/tutorial.json is missing"
    return tutorial


def test_each_game_ships_a_tutorial_that_replays_to_its_end(shipped) -> None:
    record = shipped.record()
    parse_record(record)  # an annotated record: `headframe replay` and the replay page show it
    final = replay(record)
    assert final.to_json() == shipped.state_at(len(shipped.steps)).to_json()
    assert len(shipped.steps) == len(record["actions"])
    steps = {comment["step"] for comment in record["comments"]}
    assert steps == set(range(len(shipped.steps) + 1))  # a comment at every step, the summary after the last


def test_each_shipped_tutorial_plays_a_whole_game(shipped) -> None:
    final = shipped.state_at(len(shipped.steps))
    assert final.is_over(), f"{shipped.game.title}'s tutorial stops before the game's end"


def test_every_learner_step_asks_for_a_legal_move_and_accepts_only_it(shipped) -> None:
    learner = shipped.learner
    asked = 0
    for index, step in enumerate(shipped.steps):
        if step.seat != learner:
            continue
        decision = shipped.state_at(index).decision(learner)
        assert step.action in decision.actions
        assert shipped.answer(index, step.action).accepted
        others = [action for action in decision.actions if action != step.action]
        if others:
            refused = shipped.answer(index, others[0])
            assert not refused.accepted
            with naming(shipped.names):
                chosen, wanted = (shipped.game.presentation.describe_action(action) for action in (others[0], step.action))
            assert f"You chose: {chosen}. This step asks for: {wanted}." in refused.message
            assert (step.refusal or GENERIC_REFUSAL) in refused.message
        asked += 1
    assert asked >= 5, "a tutorial where the learner hardly moves"


def test_every_citation_and_element_is_the_games(shipped) -> None:
    game = shipped.game
    headings = set(game.rulebook.sections) if game.rulebook else set()
    rulings = {ruling.id for ruling in game.rulings()}
    for reference in shipped.citations():
        assert reference in headings | rulings
        assert shipped.cited(reference).text
    lessons = [shipped.opening, *(step.lesson for step in shipped.steps), *shipped.summary]
    assert all(lesson.element is None or lesson.element in game.presentation.glossary for lesson in lessons)


# --- our own small tutorial --------------------------------------------------------

@pytest.fixture(scope="module")
def sample():
    return sample_tutorial()


@pytest.fixture(scope="module")
def tutorial(sample):
    return parse_tutorial(json.dumps(sample), load_game("ore-city"))


def test_a_tutorial_replays_its_steps_and_keeps_its_comments(sample, tutorial) -> None:
    game = tutorial.game
    state = game.new_state(2, sample["seed"], sample["options"])
    for index, step in enumerate(sample["steps"]):
        assert tutorial.state_at(index).to_json() == state.to_json()
        state.apply(step["seat"], step["action"])
    assert tutorial.state_at(len(sample["steps"])).to_json() == state.to_json()
    record = tutorial.record()
    assert [item["action"] for item in record["actions"]] == [step["action"] for step in sample["steps"]]
    assert record["comments"][0] == {"step": 0, "text": "Build the best city."}
    assert record["comments"][1] == {"step": 0, "text": sample["steps"][0]["text"], "element": sample["steps"][0]["element"]}
    assert [c["step"] for c in record["comments"][-3:]] == [len(sample["steps"])] * 3
    assert replay(record).to_json() == state.to_json()


def test_state_at_gives_a_copy_and_refuses_steps_outside(tutorial) -> None:
    first = tutorial.state_at(3)
    seat = first.to_move()[0]
    first.apply(seat, first.decision(seat).actions[0])
    assert tutorial.state_at(3).to_json() != first.to_json()
    for step in (-1, len(tutorial.steps) + 1, True, "2"):
        with pytest.raises(LookupError, match="steps 0 to 12"):
            tutorial.state_at(step)


def test_the_learner_is_accepted_refused_with_the_reason_or_told_the_move_is_illegal(tutorial) -> None:
    index = next(i for i, step in enumerate(tutorial.steps) if step.seat == tutorial.learner)
    step = tutorial.steps[index]
    assert tutorial.answer(index, step.action).accepted
    assert tutorial.answer(index, step.action.id).accepted  # its id, as typed
    assert tutorial.answer(index, step.action.to_json()).accepted
    other = next(a for a in tutorial.state_at(index).decision(0).actions if a != step.action)
    refused = tutorial.answer(index, other)
    assert not refused.accepted
    assert refused.message == (f"You chose: {tutorial.game.presentation.describe_action(other)}. This step asks for: "
                               "Construct Single House in Player 1's space. This lesson is about the first card.")
    later = next(i for i, s in enumerate(tutorial.steps) if s.seat == tutorial.learner and i > index and not s.refusal)
    chosen = next(a for a in tutorial.state_at(later).decision(0).actions if a != tutorial.steps[later].action)
    assert tutorial.answer(later, chosen).message.endswith(GENERIC_REFUSAL)
    illegal = tutorial.answer(index, tutorial.steps[0].action)  # the bot's opening discard: not legal now
    assert not illegal.accepted and illegal.message.startswith("That is not a move you can make now.")


def test_bad_moves_and_steps_are_refused_as_the_engine_refuses_them(tutorial) -> None:
    index = next(i for i, step in enumerate(tutorial.steps) if step.seat == tutorial.learner)
    with pytest.raises(MalformedAction):
        tutorial.answer(index, {"kind": "dance"})
    with pytest.raises(MalformedAction):
        tutorial.answer(index, ["construct"])
    with pytest.raises(IllegalAction, match="at step 0 Player 2 moves"):
        tutorial.answer(0, tutorial.steps[0].action)
    with pytest.raises(LookupError):
        tutorial.answer(len(tutorial.steps), tutorial.steps[0].action)


def _set(path: list, value):
    def change(data):
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value
    return change


def _delete(path: list):
    def change(data):
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]
    return change


BROKEN = [
    (_set(["format"], "headframe-tutorial/9"), "format: expected 'headframe-tutorial/1'"),
    (_set(["game"], "tinners-trail"), "a tutorial of 'tinners-trail', not 'ore-city'"),
    (_set(["learner"], 2), "learner: expected a seat from 0 to 1"),
    (_set(["seed"], True), "seed: expected an integer"),
    (_set(["players"], 9), "played by 2, 3, 4, 5, 6 players"),
    (_set(["options"], {"speed": 3}), "unknown option 'speed'"),
    (_set(["title"], ""), "title: expected a text of 1 to 120"),
    (_set(["extra"], 1), "the tutorial: unknown extra"),
    (_delete(["summary"]), "the tutorial: missing summary"),
    (_set(["steps"], []), "steps: expected a list of 1 to 1000"),
    (_set(["steps", 0, "seat"], 0), r"steps\[0\].seat: 0 is not to move \(seats to move: 1\)"),
    (_set(["steps", 0, "seat"], "1"), r"steps\[0\].seat: '1' is not to move"),
    (_set(["steps", 0, "action"], {"kind": "dance"}), r"steps\[0\].action: .*dance"),
    (_set(["steps", 0, "action"], "discard:single_house"), r"steps\[0\].action: expected an action's JSON object"),
    (_set(["steps", 2, "action"], {"kind": "pass"}), r"steps\[2\].action: .*not a legal action"),
    (_set(["steps", 3, "rules"], ["7. Endgame"]), r"steps\[3\].rules: '7. Endgame' is neither a heading"),
    (_set(["steps", 3, "rules"], []), r"steps\[3\].rules: expected a list of 1 to 12 citations"),
    (_set(["steps", 3, "rules"], [["6. Turn Procedure"]]), r"steps\[3\].rules: \[.*is neither"),
    (_set(["steps", 3, "element"], "area:nowhere"), r"steps\[3\].element: 'area:nowhere' is nothing on Ore City's board"),
    (_set(["steps", 3, "text"], "x" * 601), r"steps\[3\].text: expected a text of 1 to 600 characters"),
    (_set(["steps", 3, "text"], "   "), r"steps\[3\].text: expected a text of 1 to 600"),
    (_set(["steps", 3, "text"], "a\x1b[31m red"), r"steps\[3\].text: a text holds no control characters"),
    (_set(["steps", 3, "colour"], "red"), r"steps\[3\]: unknown colour"),
    (_delete(["steps", 3, "text"]), r"steps\[3\]: missing text"),
    (_set(["steps", 0, "refusal"], "No."), r"steps\[0\].refusal: only the learner's steps refuse moves"),
    (_set(["steps", 3], "construct"), r"steps\[3\]: expected an object"),
    (_set(["opening"], {"text": "Hi."}), "opening: missing rules"),
    (_set(["summary"], [{"text": "Turns.", "rules": ["6. Turn Procedure"]}] * 2), "summary: expected a list of 3 to 20"),
    (_set(["summary", 1, "rules"], ["7. End of Game"]), r"summary\[1\].rules: '7. End of Game' is cited by no step"),
]


@pytest.mark.parametrize("change, complaint", BROKEN)
def test_a_broken_tutorial_is_refused_naming_what_is_wrong(sample, change, complaint) -> None:
    with pytest.raises(TutorialError, match=complaint):
        parse_tutorial(broken(sample, change), load_game("ore-city"))


def test_a_tutorial_past_the_games_end_is_refused() -> None:
    game = load_game("pit-lamps")
    state = game.new_state(2, 1, {"rounds": 1})
    steps = []
    while not state.is_over():
        seat = state.to_move()[0]
        action = state.decision(seat).actions[0]
        steps.append({"seat": seat, "action": action.to_json(), "text": "A move.", "rules": ["LAMP-R1"]})
        state.apply(seat, action)
    data = {"format": "headframe-tutorial/1", "game": "pit-lamps", "title": "Pit Lamps", "players": 2, "seed": 1,
            "options": {"rounds": 1}, "learner": 0, "opening": {"text": "Lamps.", "rules": ["LAMP-R1"]},
            "steps": steps + [steps[-1]], "summary": [{"text": "Lamps.", "rules": ["LAMP-R1"]}] * 3}
    with pytest.raises(TutorialError, match=rf"steps\[{len(steps)}\]: the game is over before this step"):
        parse_tutorial(data, game)
    data["steps"] = steps
    assert parse_tutorial(data, game).state_at(len(steps)).is_over()


@pytest.mark.parametrize("text, complaint", [
    ("{not json", "a tutorial is JSON text"),
    ("[" * 100 + "]" * 100, "nested more than"),
    ("[1, 2]", "a tutorial is a JSON object"),
    (" " * (MAX_BYTES + 1), f"at most {MAX_BYTES} bytes"),
])
def test_text_that_is_no_tutorial_is_refused_before_it_is_read(text, complaint) -> None:
    with pytest.raises(TutorialError, match=complaint):
        parse_tutorial(text, load_game("ore-city"))


def test_a_game_without_a_tutorial_has_none() -> None:
    assert load_tutorial(load_game("pit-lamps")) is None
