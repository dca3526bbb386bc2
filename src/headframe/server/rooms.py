"""Live games. A `Room` holds one game's stored rows and its state, rebuilt from
the record and cached in memory, plus the connections watching it. Changes go
through `Hub` (hub.py); the state is only ever touched on the event loop, under
the room's lock.

Every audience (each seat, and spectators) has a version of its own: the number
of actions that changed what it may know. A seat is sent a message only when its
view or log changed, and the numbers it sees count only those changes, so it
learns neither the count nor the timing of others' sealed steps. What a seat is
sent (its words, its board, whether it may undo) is kept by what it knows, not by
the state: an action it cannot see leaves its message and board as they were, so a
read costs the same whether or not others took sealed steps."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from typing import Any

from headframe.engine import Game, State
from headframe.engine.people import naming

from . import clocks
from .account_store import Account
from .errors import BadRequest
from .names import seat_names
from .patches import Board
from .pictures import Pictures
from .storage import GameRow, Notice, SeatRow
from .tokens import matches

OUTBOX_LIMIT = 256

Audience = int | None  # a seat, or None for spectators
Known = tuple[dict[str, Any], int]  # what an audience may know: its view and the length of the log
Held = tuple[Board | None, Board | None]  # the last board a connection was sent for a seat, and the one before


@dataclass(eq=False)
class Watcher:
    """One connection: the seats it holds (empty: a spectator), what it was sent.
    Its outbox holds texts, and updates whose board is still being drawn (live.py),
    sent in the order they were posted. A client too slow to drain its queue is
    dropped: `on_drop` ends its connection at once (it reconnects and gets the
    current state)."""

    seats: tuple[int, ...]
    outbox: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    log_sent: dict[Audience, int] = field(default_factory=dict)
    version_sent: dict[Audience, int] = field(default_factory=dict)
    view_sent: dict[Audience, dict[str, Any]] = field(default_factory=dict)  # the patches' bases
    board_sent: dict[Audience, Held] = field(default_factory=dict)  # kept by the send loop, in order
    closed: bool = False
    on_drop: Any = None
    client: str = ""  # the connection's address, for rate limits
    narrow: bool = False  # the client shows boards in the phone's layout
    by_token: frozenset[int] = frozenset()  # the seats its hello's tokens hold (the others, its session's)
    session: Any = None  # the session its cookie signs in (accounts.Session), if any
    signed_out: bool = False  # its session ended: it is closed, and reconnects without it

    @property
    def audiences(self) -> tuple[Audience, ...]:
        return self.seats or (None,)

    @property
    def account(self) -> Account | None:
        return None if self.session is None else self.session.account

    def end_session(self) -> None:
        self.signed_out = True
        self.drop()

    def post(self, text: Any) -> None:
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.drop()

    def drop(self) -> None:
        if not self.closed:
            self.closed = True
            if self.on_drop is not None:
                self.on_drop()


@dataclass
class Presence:
    """When who is here (the seats connected, how many watch) was last announced, what
    it was, and the announcement waiting, if any (live.py)."""

    at: float = float("-inf")
    said: tuple[tuple[int, ...], int] | None = None
    due: asyncio.TimerHandle | None = None


@dataclass
class Crowd:
    """A crowd of spectators' rounds of updates (live.py): when the last round began,
    who waits for their turn in it, and its next slice, if due."""

    started: float = float("-inf")
    waiting: list[Watcher] = field(default_factory=list)
    due: asyncio.TimerHandle | None = None


def _deal(futures: list[asyncio.Future[Board | None]], drawing: asyncio.Future[list[Board | None]]) -> None:
    """Each board drawn to the future of its seat."""
    if drawing.cancelled():  # the server is closing
        for future in futures:
            future.cancel()
        return
    for future, board in zip(futures, drawing.result()):
        future.set_result(board)


class Seen:
    """Per action of a game, the bit mask of the audiences whose view it changed (bit
    `players`: spectators), and each audience's version: how many actions changed its
    view. Versions are asked for on every update, so they are kept as actions come and
    go, not counted again over a game that may be thousands of actions long."""

    def __init__(self, masks: Iterable[int]) -> None:
        self.masks: list[int] = []
        self._changed: dict[int, list[int]] = {}  # by an audience's bit: the actions that changed its view (from 1)
        for mask in masks:
            self.append(mask)

    def append(self, mask: int) -> None:
        self.masks.append(mask)
        for bit in _bits(mask):
            self._changed.setdefault(bit, []).append(len(self.masks))

    def pop(self) -> int:
        mask = self.masks.pop()
        for bit in _bits(mask):
            self._changed[bit].pop()
        return mask

    def count(self, bit: int) -> int:
        """The version of the audience of `bit`: how many actions changed its view."""
        return len(self._changed.get(bit, ()))

    def reached(self, bit: int, version: int) -> int | None:
        """How many actions there were when the audience of `bit` came to `version`
        (None: it never did)."""
        if version == 0:
            return 0
        changed = self._changed.get(bit, [])
        return changed[version - 1] if 0 < version <= len(changed) else None


def _bits(mask: int) -> Iterator[int]:
    while mask:
        lowest = mask & -mask
        yield lowest
        mask ^= lowest


class Room:
    def __init__(self, row: GameRow, game: Game, state: State, pictures: Pictures,
                 seen: list[int | None] | None = None) -> None:
        self.row = row
        self.game = game
        self.state = state
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.thinking: dict[int, asyncio.Task] = {}
        self.searching: dict[int, datetime] = {}  # the seats whose searching bot thinks, since when (hub.py)
        self._connections: Counter[int] = Counter()  # connections holding each seat
        self._spectators = 0
        self.presence = Presence()
        self.crowd = Crowd()
        self.idle_since = time.monotonic()  # when it last changed or lost its last watcher
        everyone = (1 << (state.players + 1)) - 1
        self.seen = Seen(everyone if mask is None else mask for mask in (seen or []))
        self._views: tuple[State, dict[Audience, dict[str, Any]]] | None = None  # a state and its views
        self.known: dict[Audience, Known] = {}
        self.known = self.knowledge(state)
        self.pictures = pictures
        # By audience (and layout): what it knew and the seats' names when each was made.
        self._boards: dict[tuple[Audience, bool], tuple[Known, tuple[str, ...], asyncio.Future[Board | None]]] = {}
        self._words: dict[Audience, tuple[Known, tuple[str, ...], dict[str, Any]]] = {}
        self._progress: tuple[Known, int] | None = None
        self._drawing: set[asyncio.Future] = set()  # the batches being drawn (a task is kept only if referenced)
        self.clock: clocks.Clock | None = None  # None: no clock (standins.Timekeeper keeps it)
        self.notices: list[Notice] = []

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        """How many actions the game has (the real count: never shown to a seat)."""
        return len(self.state.history)

    # --- who is who ----------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The claimed seat the token holds."""
        for seat in self.row.seats:
            if seat.claimed and matches(token, seat.token_hash):
                return seat.seat
        return None

    def invitation(self, token: str | None) -> int | None:
        """The unclaimed seat the token invites to: it holds nothing until claimed."""
        for seat in self.row.seats:
            if not seat.claimed and matches(token, seat.token_hash):
                return seat.seat
        return None

    def is_host(self, token: str | None) -> bool:
        return matches(token, self.row.host_token_hash)

    def seat_row(self, seat: Any) -> SeatRow:
        """The stored seat `seat` (a seat the game does not have: 400)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.row.players:
            raise BadRequest(f"there is no seat {seat!r} in this {self.row.players}-player game")
        return self.row.seats[seat]

    def names(self) -> tuple[str, ...]:
        """The seats' names as people read them (every text of the table is written with them)."""
        return seat_names((s.name, s.agent if s.controller == "bot" else None) for s in self.row.seats)

    def connected(self) -> set[int]:
        return set(self._connections)

    def join(self, watcher: Watcher) -> None:
        self.watchers.add(watcher)
        self._connections.update(watcher.seats)
        self._spectators += not watcher.seats

    def leave(self, watcher: Watcher) -> bool:
        """Whether the watcher was here (it leaves once)."""
        if watcher not in self.watchers:
            return False
        self.watchers.discard(watcher)
        self._connections.subtract(watcher.seats)
        self._connections += Counter()  # drops the seats nobody holds now
        self._spectators -= not watcher.seats
        return True

    def spectators(self) -> int:
        """How many connections watch without a seat."""
        return self._spectators

    def presence_now(self) -> tuple[tuple[int, ...], int]:
        return tuple(sorted(self._connections)), self._spectators

    # --- audiences' versions -----------------------------------------------------

    def audiences(self) -> list[Audience]:
        return [*range(self.state.players), None]

    def bit(self, audience: Audience) -> int:
        return 1 << (self.state.players if audience is None else audience)

    def views(self, state: State) -> dict[Audience, dict[str, Any]]:
        """Every audience's view of `state`, computed once: what an action changed and the
        messages it causes share them (a state is never changed once it is the room's)."""
        if self._views is None or self._views[0] is not state:
            self._views = (state, state.views(self.audiences()))
        return self._views[1]

    def knowledge(self, state: State) -> dict[Audience, Known]:
        """What each audience may know of `state`: its view and the length of its log.
        What an audience knew already is kept as the same object, so that everything
        made from it (messages, boards) is kept too."""
        length = len(state.log)
        known = {}
        for audience, view in self.views(state).items():
            before = self.known.get(audience)
            known[audience] = before if before is not None and before == (view, length) else (view, length)
        return known

    def changes(self, after: State, actor: int | None) -> tuple[int, dict[Audience, Known]]:
        """The audiences an action changed (the actor always), and what they know after it."""
        known = self.knowledge(after)
        mask = 0 if actor is None else self.bit(actor)
        for audience, value in known.items():
            if value is not self.known[audience]:
                mask |= self.bit(audience)
        return mask, known

    def version_for(self, audience: Audience) -> int:
        """The audience's version: how many actions changed what it may know."""
        return self.seen.count(self.bit(audience))

    def moved_on(self, seat: int, version: Any) -> bool:
        """Whether the decision the seat saw at its `version` is gone: the seat has
        acted since (or an undo went past it). Others' sealed commitments leave it."""
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            return True
        ply = self.seen.reached(self.bit(seat), version)
        if ply is None:
            return True
        return any(actor == seat for actor, _, _ in self.state.history[ply:])

    # --- what is shown --------------------------------------------------------------

    def status(self, claiming: dict[int, bool] | None = None) -> str:
        """Open until every seat is claimed (counting the claims in `claiming`),
        then running until the game is over; expired when left too long."""
        if self.state.is_over():
            return "finished"
        if self.row.status == "expired":
            return "expired"
        claims = claiming or {}
        return "running" if all(claims.get(s.seat, s.claimed) for s in self.row.seats) else "open"

    def seats_json(self) -> list[dict[str, Any]]:
        connected, names = self.connected(), self.names()
        return [
            {"seat": s.seat, "name": names[s.seat], "controller": s.controller,
             "agent": s.agent if s.controller == "bot" else None,
             "claimed": s.claimed, "connected": s.seat in connected, "person_seat": s.token_hash is not None,
             "open": s.open, "forfeited": s.forfeited}
            for s in self.row.seats
        ]

    def summary(self) -> dict[str, Any]:
        """What anyone may know about the game, whatever their seat."""
        row = self.row
        return {
            "id": row.id, "name": row.name, "game": row.game, "title": self.game.title,
            "players": row.players, "options": self.state.options.to_dict(), "hotseat": row.hotseat,
            "think_time": row.think_time, "status": self.status(), "version": self.version_for(None),
            "to_move": list(self.state.to_move()), "seats": self.seats_json(),
            "progress": self.progress(),
            "result": self.state.result().to_json() if self.state.is_over() else None,
            "clock": self.clock_json(), "notices": self.notices_json(),
        }

    def clock_json(self) -> dict[str, Any]:
        return clocks.public(self.clock, datetime.now(UTC))

    def notices_json(self) -> list[dict[str, Any]]:
        """The notices, each after the log entry it came at (every seat's log is as long);
        not their step, which would count others' sealed moves."""
        return [{"n": notice.n, "text": notice.text, "log_at": notice.log_at} for notice in self.notices]

    def progress(self) -> int:
        """How far the game has come, in whole percent (the game's own measure), as of
        the last change anyone may see."""
        public = self.known[None]
        if self._progress is None or self._progress[0] is not public:
            self._progress = (public, int(self.state.progress()))
        return self._progress[1]

    def can_undo(self, seat: int) -> bool:
        """Whether the seat's last action may be taken back, as far as the seat can
        tell: it was the last action that changed what the seat knows. (Another seat's
        sealed step since makes the undo fail, which the seat learns only by trying.)"""
        bit = self.bit(seat)
        ply = self.seen.reached(bit, self.seen.count(bit))
        if not ply:
            return False
        actor, _action, revealed = self.state.history[ply - 1]
        return actor == seat and not revealed

    def seat_state(self, seat: Audience, log_start: int = 0) -> dict[str, Any]:
        """Everything one seat (None: a spectator) is sent but its board: its view,
        its log from `log_start`, and words for both, derived from nothing else."""
        words = self.words(seat)
        return {
            "type": "state", "game_id": self.id, "seat": seat, "version": self.version_for(seat),
            "status": self.status(), "seats": self.seats_json(), "view": self.known[seat][0],
            "progress": self.progress(),
            "action_ids": words["action_ids"], "labels": words["labels"],
            "log_start": log_start, "log": words["log"][log_start:], "log_text": words["log_text"][log_start:],
            "can_undo": words["can_undo"], "clock": self.clock_json(), "notices": self.notices_json(),
        }

    def words(self, seat: Audience) -> dict[str, Any]:
        """The seat's decision and whole log in words: made once for what it knows."""
        known, names = self.known[seat], self.names()
        kept = self._words.get(seat)
        if kept is not None and kept[0] is known and kept[1] == names:
            return kept[2]
        view = known[0]
        entries = self.state.log_for(seat)
        actions = self.state.decision(seat).actions if "decision" in view else ()
        with naming(names):
            words = {"action_ids": [action.id for action in actions],
                     "labels": [self.game.presentation.describe_action(action) for action in actions],
                     "log": entries, "log_text": [self.game.presentation.describe_event(entry) for entry in entries],
                     "can_undo": seat is not None and self.can_undo(seat)}
        self._words[seat] = (known, names, words)
        return words

    async def whole_state(self, seat: Audience, narrow: bool = False) -> dict[str, Any]:
        """The seat's state with its board (in the phone's layout if `narrow`)."""
        state = self.seat_state(seat)
        board = await asyncio.shield(self.board(seat, narrow))  # shared: see board
        return {**state, "board": None if board is None else board.svg}

    def board(self, seat: Audience, narrow: bool = False) -> asyncio.Future[Board | None]:
        """The game's board picture of the seat's view now, being drawn off the event
        loop (pictures.py): once per seat, layout, view and seats' names however many
        connections hold the seat (a seat taken by Ann after a board was drawn is
        drawn again); None for a game without one, or whose picture failed. Await it
        shielded: a waiter's cancellation would cancel every waiter's board."""
        self.draw_boards((seat,), narrow)
        return self._boards[seat, narrow][2]

    def draw_boards(self, seats: Iterable[Audience], narrow: bool) -> None:
        """Start drawing the boards of `seats` whose view changed since theirs was drawn,
        all at once: a game draws what they share once (`game.presentation.render_boards`)."""
        names = self.names()
        wanted = [seat for seat in dict.fromkeys(seats) if not self._board_kept(seat, narrow, names)]
        if not wanted:
            return
        loop = asyncio.get_running_loop()
        futures: list[asyncio.Future[Board | None]] = [loop.create_future() for _ in wanted]
        for seat, future in zip(wanted, futures):
            self._boards[seat, narrow] = (self.known[seat], names, future)
        if not self.game.presentation.has_board():
            for future in futures:
                future.set_result(None)
            return
        view = {audience: known[0] for audience, known in self.known.items()}
        drawing = asyncio.ensure_future(self.pictures.boards(self.game.name, view[None], [view[seat] for seat in wanted],
                                                             names, narrow, self.id))
        self._drawing.add(drawing)
        drawing.add_done_callback(self._drawing.discard)
        drawing.add_done_callback(partial(_deal, futures))

    def _board_kept(self, seat: Audience, narrow: bool, names: tuple[str, ...]) -> bool:
        kept = self._boards.get((seat, narrow))
        return kept is not None and kept[0] is self.known[seat] and kept[1] == names

    async def text(self, seat: Audience) -> dict[str, Any]:
        """The game's text picture of a seat's view: asked for, not broadcast, and
        drawn in a thread, as some games take milliseconds to draw one."""
        version, view = self.version_for(seat), self.state.view(seat)
        return {"seat": seat, "version": version, "text": await asyncio.to_thread(self._text, view, self.names())}

    def _text(self, view: dict[str, Any], names: tuple[str, ...]) -> str:
        with naming(names):
            return self.game.presentation.render_text(view)

    def record(self) -> dict[str, Any]:
        record = self.state.record()
        record["seats"] = [{"name": s.name, "agent": s.agent if s.controller == "bot" else None}
                           for s in self.row.seats]
        record["notices"] = [{"step": notice.step, "text": notice.text} for notice in self.notices]
        return record
