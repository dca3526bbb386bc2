"""Guided first games: a game's tutorial, shipped in its package as
`data/tutorial.json` (format `headframe-tutorial/1`, docs/positions.md).

A tutorial is a scripted game: its seed, options and every action are fixed. Each
step is one action with a comment that teaches the rule in play, citing the
printed rulebook's headings or the game's ruling ids; the learner's seat must make
the moves the tutorial asks for, the other seats' moves are played from the file.

The file is package data, but it is parsed as if it came from outside: bounded in
size and depth, every field's type checked, and the whole game replayed from the
seed, so a broken file fails with a TutorialError naming the step, never later.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from . import jsontext
from .actions import Action
from .components import Ruling, package_file
from .errors import HeadframeError, IllegalAction, MalformedAction
from .people import naming, seat_number
from .rulebook import Section
from .state import State

if TYPE_CHECKING:
    from .game import Game

TUTORIAL_FORMAT = "headframe-tutorial/1"
TUTORIAL_FILE = "tutorial.json"
MAX_BYTES = 1024 * 1024
MAX_STEPS = 1000
MAX_TEXT = 600  # characters
MAX_TITLE = 120
MAX_CITATIONS = 12  # per comment
MAX_SUMMARY = 20
CHECKPOINT_EVERY = 8  # steps between the kept states that `state_at` replays from
TOP_KEYS = {"format", "game", "title", "players", "seed", "options", "learner", "opening", "steps", "summary"}
LESSON_KEYS = {"text", "rules", "element"}
STEP_KEYS = LESSON_KEYS | {"seat", "action", "refusal"}
GENERIC_REFUSAL = ("A tutorial is one game played the same way every time, so that each rule comes up at its "
                   "moment: make the move it asks for.")


class TutorialError(HeadframeError, ValueError):
    """A tutorial file that is malformed, cites what the game lacks, or does not replay."""


@dataclass(frozen=True)
class Lesson:
    """A comment: its text, the rules it cites (rulebook headings or ruling ids), and
    the board element it is about (a glossary key), if any."""

    text: str
    rules: tuple[str, ...]
    element: str | None = None


@dataclass(frozen=True)
class Step:
    """The game's next action, by `seat`, with the comment shown before it."""

    seat: int
    action: Action
    lesson: Lesson
    refusal: str | None = None  # a learner's step: why another move is refused


@dataclass(frozen=True)
class Answer:
    """What the learner's move at a step gets: accepted, or refused and why."""

    accepted: bool
    message: str = ""


@dataclass(frozen=True)
class Tutorial:
    game: Game
    title: str
    players: int
    seed: int
    options: dict[str, Any]
    learner: int
    opening: Lesson
    steps: tuple[Step, ...]
    summary: tuple[Lesson, ...]
    rules: dict[str, Section | Ruling]  # every citation, in the order they first come: what it names
    checkpoints: dict[int, State] = field(default_factory=dict, compare=False, repr=False)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats as the tutorial's texts call them: "Player 1", "Player 2"..."""
        return tuple(f"Player {seat_number(seat)}" for seat in range(self.players))

    def state_at(self, step: int) -> State:
        """The game before step `step`'s action (after `step` actions; the last step
        number, len(steps), is the state after every action): a copy of its own."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.steps):
            raise LookupError(f"the tutorial has steps 0 to {len(self.steps)}, not {step!r}")
        base = max(kept for kept in self.checkpoints if kept <= step)
        state = self.checkpoints[base].clone()
        for item in self.steps[base:step]:
            state.apply(item.seat, item.action)
        return state

    def answer(self, step: int, action: Any) -> Answer:
        """The learner's move at a learner's step (an Action, its JSON or its id):
        accepted if it is the move the step asks for; refused, saying what the chosen
        move would be, what the step asks for and why, if it is another legal move; or
        refused as the engine refuses it if it is not legal now. Malformed input
        raises MalformedAction; a bot's step, IllegalAction."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(self.steps):
            raise LookupError(f"the tutorial's moves are at steps 0 to {len(self.steps) - 1}, not {step!r}")
        wanted = self.steps[step]
        if wanted.seat != self.learner:
            raise IllegalAction(f"at step {step} {self.names[wanted.seat]} moves, and the tutorial plays it")
        chosen = action if isinstance(action, Action) else self.game.parse_action(action)
        if chosen == wanted.action:
            return Answer(True)
        decision = self.state_at(step).decision(self.learner)
        if chosen not in decision.actions:
            return Answer(False, f"That is not a move you can make now. {decision.prompt}")
        with naming(self.names):
            chosen_words, wanted_words = (self.game.presentation.describe_action(a) for a in (chosen, wanted.action))
        return Answer(False, f"You chose: {chosen_words}. This step asks for: {wanted_words}. "
                             f"{wanted.refusal or GENERIC_REFUSAL}")

    def cited(self, reference: str) -> Section | Ruling:
        """What a citation names: a section of the printed rulebook, or a ruling."""
        return self.rules[reference]

    def citations(self) -> list[str]:
        """Every citation of the tutorial, once each, in the order they first come."""
        return list(self.rules)

    def record(self) -> dict[str, Any]:
        """The tutorial as an annotated record (docs/positions.md): its actions, and
        its comments: the opening and the first step's text at step 0, each step's
        text at its step, the summary after the last action."""
        state = self.checkpoints[0]
        comments = [_comment(0, self.opening)]
        comments += [_comment(index, step.lesson) for index, step in enumerate(self.steps)]
        comments += [_comment(len(self.steps), lesson) for lesson in self.summary]
        return {**state.record(), "actions": [{"seat": s.seat, "action": s.action.to_json()} for s in self.steps],
                "comments": comments}


def _comment(step: int, lesson: Lesson) -> dict[str, Any]:
    return {"step": step, "text": lesson.text, **({"element": lesson.element} if lesson.element else {})}


def has_tutorial(game: Game) -> bool:
    """Whether the game's package ships a tutorial (without reading it)."""
    return package_file(game.package, TUTORIAL_FILE).is_file()


@cache
def load_tutorial(game: Game) -> Tutorial | None:
    """The game's tutorial (its package's data/tutorial.json), or None for a game that
    ships none; parsed once per game."""
    if not has_tutorial(game):
        return None
    path = package_file(game.package, TUTORIAL_FILE)
    label = f"{game.package}/data/{TUTORIAL_FILE}"
    data = path.read_bytes()
    if len(data) > MAX_BYTES:
        raise TutorialError(f"{label}: over {MAX_BYTES} bytes")
    try:
        return parse_tutorial(data, game)
    except TutorialError as exc:
        raise TutorialError(f"{label}: {exc}") from None


def parse_tutorial(data: Any, game: Game) -> Tutorial:
    """A tutorial (its JSON text or the parsed object) checked against `game`: its shape,
    every citation and element, every text's length, and every step replayed from the
    seed, each by a seat that is to move, legal there, none past the game's end."""
    text = isinstance(data, (str, bytes))
    if text and len(data) > MAX_BYTES:
        raise TutorialError(f"a tutorial is at most {MAX_BYTES} bytes")
    try:
        data = jsontext.loads(data) if text else data
    except jsontext.JsonError as exc:
        raise TutorialError(f"a tutorial is JSON text: {exc}") from None
    if not isinstance(data, dict):
        raise TutorialError("a tutorial is a JSON object")
    _keys(data, TOP_KEYS, TOP_KEYS, "the tutorial")
    if data["format"] != TUTORIAL_FORMAT:
        raise TutorialError(f"format: expected {TUTORIAL_FORMAT!r}, got {data['format']!r}")
    if data["game"] != game.name:
        raise TutorialError(f"game: this is a tutorial of {data['game']!r}, not {game.name!r}")
    title = _text(data["title"], "title", MAX_TITLE)
    for key in ("players", "seed", "learner"):
        if isinstance(data[key], bool) or not isinstance(data[key], int):
            raise TutorialError(f"{key}: expected an integer, got {data[key]!r}")
    try:
        state = game.new_state(data["players"], data["seed"], data["options"])
    except HeadframeError as exc:
        raise TutorialError(str(exc)) from None
    if not 0 <= data["learner"] < state.players:
        raise TutorialError(f"learner: expected a seat from 0 to {state.players - 1}, got {data['learner']}")
    checks = _Citations(game)
    opening = checks.lesson(data["opening"], "opening")
    steps_data = data["steps"]
    if not isinstance(steps_data, list) or not 1 <= len(steps_data) <= MAX_STEPS:
        raise TutorialError(f"steps: expected a list of 1 to {MAX_STEPS} steps")
    checkpoints = {0: state.clone()}
    steps = []
    for index, item in enumerate(steps_data, start=1):
        steps.append(_step(item, state, data["learner"], checks, f"steps[{index - 1}]"))
        if index % CHECKPOINT_EVERY == 0:
            checkpoints[index] = state.clone()
    summary_data = data["summary"]
    if not isinstance(summary_data, list) or not 3 <= len(summary_data) <= MAX_SUMMARY:
        raise TutorialError(f"summary: expected a list of 3 to {MAX_SUMMARY} entries")
    summary = tuple(checks.lesson(item, f"summary[{index}]", summary=True) for index, item in enumerate(summary_data))
    return Tutorial(game, title, state.players, data["seed"], state.options.to_dict(), data["learner"], opening,
                    tuple(steps), summary, checks.cited, checkpoints)


def _step(item: Any, state: State, learner: int, checks: _Citations, where: str) -> Step:
    """One step, checked and played on `state`."""
    if not isinstance(item, dict):
        raise TutorialError(f"{where}: expected an object {{seat, action, text, rules, element?, refusal?}}")
    _keys(item, STEP_KEYS, {"seat", "action", "text", "rules"}, where)
    lesson = checks.lesson({k: v for k, v in item.items() if k in LESSON_KEYS}, where)
    seat = item["seat"]
    if state.is_over():
        raise TutorialError(f"{where}: the game is over before this step")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in state.to_move():
        waiting = ", ".join(str(s) for s in state.to_move())
        raise TutorialError(f"{where}.seat: {seat!r} is not to move (seats to move: {waiting})")
    if "refusal" in item and seat != learner:
        raise TutorialError(f"{where}.refusal: only the learner's steps refuse moves")
    refusal = _text(item["refusal"], f"{where}.refusal", MAX_TEXT) if "refusal" in item else None
    if not isinstance(item["action"], dict):
        raise TutorialError(f"{where}.action: expected an action's JSON object {{\"kind\": ...}}")
    try:
        action = state.game.parse_action(item["action"])
        state.apply(seat, action)
    except (MalformedAction, IllegalAction) as exc:
        raise TutorialError(f"{where}.action: {exc}") from None
    return Step(seat, action, lesson, refusal)


class _Citations:
    """Checks comments against the game: citations (and which were cited), elements, texts."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.known: dict[str, Section | Ruling] = {**(game.rulebook.sections if game.rulebook else {}),
                                                   **{ruling.id: ruling for ruling in game.rulings()}}
        self.cited: dict[str, Section | Ruling] = {}

    def lesson(self, item: Any, where: str, summary: bool = False) -> Lesson:
        if not isinstance(item, dict):
            raise TutorialError(f"{where}: expected an object {{text, rules, element?}}")
        _keys(item, LESSON_KEYS, {"text", "rules"}, where)
        text = _text(item["text"], f"{where}.text", MAX_TEXT)
        rules = item["rules"]
        if not isinstance(rules, list) or not 1 <= len(rules) <= MAX_CITATIONS:
            raise TutorialError(f"{where}.rules: expected a list of 1 to {MAX_CITATIONS} citations")
        for reference in rules:
            if not isinstance(reference, str) or reference not in self.known:
                raise TutorialError(f"{where}.rules: {reference!r} is neither a heading of {self.game.title}'s "
                                    "rulebook nor one of its ruling ids")
            if summary and reference not in self.cited:
                raise TutorialError(f"{where}.rules: {reference!r} is cited by no step nor the opening")
            self.cited.setdefault(reference, self.known[reference])
        element = item.get("element")
        if element is not None and (not isinstance(element, str) or element not in self.game.presentation.glossary):
            raise TutorialError(f"{where}.element: {element!r} is nothing on {self.game.title}'s board")
        return Lesson(text, tuple(rules), element)


def _keys(item: dict[str, Any], allowed: set[str], required: set[str], where: str) -> None:
    missing, unknown = sorted(required - set(item)), sorted(set(item) - allowed)
    if missing or unknown:
        problems = [f"missing {', '.join(missing)}" if missing else "", f"unknown {', '.join(unknown)}" if unknown else ""]
        raise TutorialError(f"{where}: {'; '.join(filter(None, problems))} (fields: {', '.join(sorted(allowed))})")


def _text(value: Any, where: str, limit: int) -> str:
    """A plain text of 1 to `limit` characters: no control character but a line break."""
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise TutorialError(f"{where}: expected a text of 1 to {limit} characters")
    if any(unicodedata.category(char) in ("Cc", "Cf") and char != "\n" for char in value):
        raise TutorialError(f"{where}: a text holds no control characters")
    return value
