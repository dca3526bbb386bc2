"""Replays of finished games and of uploaded records: every step can be shown,
with every seat's view (a finished game hides nothing), and each log line knows
the step that wrote it so a viewer can jump there."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from headframe.engine import HeadframeError, RecordError, load_game, parse_record, replay
from headframe.engine.people import naming

from .errors import BadRequest, NotFound
from .names import seat_names
from .results import results

CHECKPOINT_EVERY = 64
MAX_NOTICES = 200
MAX_NAME = 40  # a seat's name, as the server allows it


class Replay:
    def __init__(self, record: dict[str, Any]) -> None:
        try:
            record = parse_record(record)
            self.game = load_game(record["game"])
            final = replay(record, self.game)
        except HeadframeError as exc:
            raise BadRequest(f"this record does not replay: {exc}") from None
        self.record = record
        self.steps = len(record["actions"])
        self.notices = _notices(record.get("notices", []), self.steps)
        self.names = seat_names(_seats(record.get("seats"), record["players"]))
        self.checkpoints, self.log_steps = self._walk(record)
        self.final = final

    def _walk(self, record):
        """Replay once, keeping a copy of the state every CHECKPOINT_EVERY steps and
        the step at which each log entry was written."""
        state = self.game.new_state(record["players"], record["seed"], record.get("options"))
        checkpoints = {0: state.clone()}
        log_steps = [0] * len(state.log)
        for step, item in enumerate(record["actions"], start=1):
            state.apply(item["seat"], self.game.parse_action(item["action"]))
            log_steps.extend([step] * (len(state.log) - len(log_steps)))
            if step % CHECKPOINT_EVERY == 0:
                checkpoints[step] = state.clone()
        return checkpoints, log_steps

    def overview(self) -> dict[str, Any]:
        game, over = self.game, self.final.is_over()
        with naming(self.names):
            return {
                "game": game.name, "title": game.title, "steps": self.steps, "players": self.record["players"],
                "seats": self.record.get("seats"), "names": list(self.names),
                "actions": [{"step": n, "seat": item["seat"],
                             "text": game.presentation.describe_action(game.parse_action(item["action"]))}
                            for n, item in enumerate(self.record["actions"], start=1)],
                "log": [{"step": step, "entry": entry, "text": game.presentation.describe_event(entry)}
                        for step, entry in zip(self.log_steps, self.final.log_for(None))],  # the public log
                "result": self.final.result().to_json() if over else None,
                "results": results(game, self.final) if over else None,
                "notices": self.notices,  # what the server said (a clock ran out, a player left), at its step
                "comments": self.record.get("comments", []),  # an annotated replay's (engine/records.py)
            }

    def frame(self, step: int, narrow: bool = False) -> dict[str, Any]:
        if not 0 <= step <= self.steps:
            raise NotFound(f"step {step} is not in this replay (0 to {self.steps})")
        base = max(s for s in self.checkpoints if s <= step)
        state = self.checkpoints[base].clone()
        for item in self.record["actions"][base:step]:
            state.apply(item["seat"], self.game.parse_action(item["action"]))
        views = [state.view(seat) for seat in range(state.players)]
        spectator = state.view(None)
        def board(view: dict[str, Any]) -> str | None:
            return self.game.presentation.render_board(view, narrow) if self.game.presentation.has_board() else None
        with naming(self.names):
            return {
                "step": step, "steps": self.steps, "to_move": list(state.to_move()), "log_length": len(state.log),
                "spectator": spectator, "views": views, "spectator_text": self.game.presentation.render_text(spectator),
                "texts": [self.game.presentation.render_text(view) for view in views],
                "spectator_board": board(spectator), "boards": [board(view) for view in views],
            }


def _notices(notices: Any, steps: int) -> list[dict[str, Any]]:
    """A record's notices ({step, text}, in order), checked: an uploaded record's are anyone's text."""
    if not isinstance(notices, list) or len(notices) > MAX_NOTICES:
        raise BadRequest(f"this record does not replay: notices: at most {MAX_NOTICES} {{step, text}} objects")
    for notice in notices:
        ok = isinstance(notice, dict) and set(notice) == {"step", "text"} and isinstance(notice["text"], str)
        step = notice.get("step") if ok else None
        if not ok or isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= steps \
                or len(notice["text"]) > 200:
            raise BadRequest("this record does not replay: each notice is {step: 0 to the steps, text: "
                             "at most 200 characters}")
    return [{"step": notice["step"], "text": notice["text"]} for notice in notices]


def _seats(seats: Any, players: int) -> list[tuple[str | None, str | None]]:
    """A record's seats ([{name, agent}], or none: "Seat N"), checked: an uploaded record's are anyone's text."""
    if seats is None:
        return [(None, None)] * players
    if not isinstance(seats, list) or len(seats) != players or not all(_is_seat(seat) for seat in seats):
        raise BadRequest(f"this record does not replay: seats: one {{name, agent}} per player, each name a text "
                         f"of at most {MAX_NAME} characters")
    return [(seat["name"], seat.get("agent")) for seat in seats]


def _is_seat(seat: Any) -> bool:
    return (isinstance(seat, dict) and isinstance(seat.get("name"), str) and len(seat["name"]) <= MAX_NAME
            and seat["name"].isprintable() and isinstance(seat.get("agent"), str | None)
            and len(seat.get("agent") or "") <= 120)


class ReplayCache:
    """The replays built lately, by key (a game id, or an uploaded record's hash)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self.entries: OrderedDict[str, Replay] = OrderedDict()

    def get(self, key: str) -> Replay | None:
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
        return found

    def put(self, key: str, built: Replay) -> Replay:
        self.entries[key] = built
        self.entries.move_to_end(key)
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)
        return built


def record_key(record: dict[str, Any]) -> str:
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return "r" + hashlib.sha256(canonical.encode()).hexdigest()[:24]


def parse_upload(data: bytes) -> dict[str, Any]:
    try:
        return parse_record(data)
    except RecordError as exc:
        raise BadRequest(f"not a record: {exc}") from None
