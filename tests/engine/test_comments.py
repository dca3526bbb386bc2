"""Annotated replays (#25): a record's comments, each at a step, with its text and
optionally the board element it points at; checked as a record's every field is
(an uploaded record is anyone's), ignored by replaying, printed by `headframe
replay`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from headframe.cli import app
from headframe.engine import RecordError, comments_at, load_game, parse_record, replay


@pytest.fixture(scope="module")
def record() -> dict:
    game = load_game("tinners-trail")
    state = game.new_state(2, 5)
    for _ in range(6):
        seat = state.to_move()[0]
        state.apply(seat, state.decision(seat).actions[0])
    return state.record()


def test_comments_are_kept_and_ignored_by_replaying(record) -> None:
    annotated = {**record, "comments": [{"step": 0, "text": "The set-up."},
                                        {"step": 3, "text": "Redruth is rich in copper.", "element": "area:redruth"},
                                        {"step": 3, "text": "A second thought."}]}
    assert replay(annotated).to_json() == replay(record).to_json()
    assert [c["text"] for c in comments_at(parse_record(annotated), 3)] == ["Redruth is rich in copper.",
                                                                             "A second thought."]
    assert comments_at(record, 3) == []


@pytest.mark.parametrize("comments, complaint", [
    ("nice game", "a list"),
    ([{"step": 99, "text": "later"}], "a step from 0 to 6"),
    ([{"step": True, "text": "yes"}], "a step from 0"),
    ([{"step": 1, "text": "   "}], "a text of 1 to"),
    ([{"step": 1, "text": "x" * 2001}], "a text of 1 to"),
    ([{"step": 1, "text": "x", "by": "me"}], "optionally element"),
    ([{"step": 1, "text": "x", "element": "<script>"}], "a board element's key"),
    ([{"step": 1, "text": "x"}] * 2001, "at most 2000"),
])
def test_bad_comments_are_refused_with_a_sentence(record, comments, complaint) -> None:
    with pytest.raises(RecordError, match=complaint):
        parse_record({**record, "comments": comments})


def test_a_comment_points_only_at_a_thing_of_the_game(record) -> None:
    with pytest.raises(RecordError, match="'area:paris' is nothing on Tinners' Trail's board"):
        replay({**record, "comments": [{"step": 1, "text": "x", "element": "area:paris"}]})


def test_the_terminal_replay_prints_each_comment_at_its_step(record, tmp_path) -> None:
    path = tmp_path / "annotated.json"
    path.write_text(json.dumps({**record, "comments": [
        {"step": 0, "text": "Before anyone moves."},
        {"step": 2, "text": "Watch the [bold]price[/bold].", "element": "area:redruth"}]}))
    printed = CliRunner().invoke(app, ["replay", str(path)])
    assert printed.exit_code == 0, printed.output
    lines = printed.output.splitlines()
    first = next(n for n, line in enumerate(lines) if "Comment: Before anyone moves." in line)
    second = next(n for n, line in enumerate(lines) if "Comment (about Redruth): Watch the [bold]price[/bold]." in line)
    step_two = next(n for n, line in enumerate(lines) if line.startswith("2. "))
    step_three = next(n for n, line in enumerate(lines) if line.startswith("3. "))
    assert first < step_two < second < step_three  # markup in a comment is printed, never read
