"""Records: a game as its seed, options and actions; replaying one rebuilds the game.

    {"game": "ore-city", "format": "headframe-record/1", "rules_version": 1, "players": 4,
     "seed": 7, "options": {...}, "actions": [{"seat": 0, "action": {"kind": ...}}, ...]}

`rules_version` is the version of the game's rules the record was played under
(`Game.rules_version`); a record without one is of version 1, the first.

A record may carry `comments`, an annotated replay's: `[{"step": 3, "text": "...",
"element": "area:redruth"}, ...]`, each at a step (0: the game as set up; n: after
the n-th action), its text, and optionally the board element it points at (the
element's `data-explain` key, a glossary key). Replaying ignores them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import jsontext
from .errors import HeadframeError, IllegalAction, RecordError
from .state import RECORD_FORMAT, State, check_rules_version

if TYPE_CHECKING:
    from .game import Game

MAX_COMMENTS = 2000
MAX_COMMENT_TEXT = 2000  # characters
ELEMENT_KEY = re.compile(r"[A-Za-z0-9_:.\-]{1,100}")  # the shape of glossary keys


def parse_record(data: Any) -> dict[str, Any]:
    """Check a record's shape (not yet its actions); raises RecordError."""
    if isinstance(data, (str, bytes)):
        try:
            data = jsontext.loads(data)
        except jsontext.JsonError as exc:
            raise RecordError(f"a record is JSON text: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected {RECORD_FORMAT!r}, got {data.get('format')!r}")
    if not isinstance(data.get("game"), str):
        raise RecordError("game: expected the game's name")
    for key in ("players", "seed"):
        if isinstance(data.get(key), bool) or not isinstance(data.get(key), int):
            raise RecordError(f"{key}: expected an integer, got {data.get(key)!r}")
    version = data.get("rules_version", 1)
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError(f"rules_version: expected an integer, got {version!r}")
    if not isinstance(data.get("options", {}), dict):
        raise RecordError("options: expected an object")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError("actions: expected a list")
    for index, item in enumerate(actions):
        if not isinstance(item, dict) or set(item) != {"seat", "action"}:
            raise RecordError(f"actions[{index}]: expected {{'seat': ..., 'action': ...}}")
    _check_comments(data.get("comments", []), len(actions))
    return data


def _check_comments(comments: Any, steps: int) -> None:
    if not isinstance(comments, list) or len(comments) > MAX_COMMENTS:
        raise RecordError(f"comments: expected a list of at most {MAX_COMMENTS} {{step, text, element?}} objects")
    for index, comment in enumerate(comments):
        where = f"comments[{index}]"
        if not isinstance(comment, dict) or not {"step", "text"} <= set(comment) <= {"step", "text", "element"}:
            raise RecordError(f"{where}: expected {{step, text}} and optionally element")
        step, text, element = comment["step"], comment["text"], comment.get("element")
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= steps:
            raise RecordError(f"{where}.step: expected a step from 0 to {steps}, got {step!r}")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_COMMENT_TEXT:
            raise RecordError(f"{where}.text: expected a text of 1 to {MAX_COMMENT_TEXT} characters")
        if element is not None and (not isinstance(element, str) or not ELEMENT_KEY.fullmatch(element)):
            raise RecordError(f"{where}.element: expected a board element's key such as 'area:redruth'")


def comments_at(record: dict[str, Any], step: int) -> list[dict[str, Any]]:
    """The comments of a checked record at one step, in the record's order."""
    return [comment for comment in record.get("comments", []) if comment["step"] == step]


def rebuild(record: Any, game: Game, upto: int | None = None) -> State:
    """Rebuild the game of `game` a record describes (its first `upto` actions, if
    given); `engine.replay` finds the game by the record's name."""
    record = parse_record(record)
    if record["game"] != game.name:
        raise RecordError(f"game: this is a record of {record['game']!r}, not {game.name!r}")
    check_rules_version(game, record.get("rules_version", 1), "record", RecordError)
    for index, comment in enumerate(record.get("comments", [])):
        element = comment.get("element")
        if element is not None and element not in game.presentation.glossary:
            raise RecordError(f"comments[{index}].element: {element!r} is nothing on {game.title}'s board")
    try:
        state = game.new_state(record["players"], record["seed"], record.get("options"))
    except HeadframeError as exc:
        raise RecordError(str(exc)) from None
    for index, item in enumerate(record["actions"][:upto]):
        try:
            state.apply(item["seat"], game.parse_action(item["action"]))
        except IllegalAction as exc:
            raise RecordError(f"actions[{index}]: {exc}") from None
    return state


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read: {exc}") from None
    try:
        return parse_record(text)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def save_record(state: State, path: str | Path) -> None:
    Path(path).write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
