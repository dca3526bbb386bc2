"""Live games. A `Room` holds one game's stored rows and its state, rebuilt from
the record and cached in memory, plus the connections watching it.

Every change goes through `Hub`: it checks the change on a copy of the state,
commits it to the database (in a worker thread), and only then swaps the copy in,
acknowledges and broadcasts. The state is only ever touched on the event loop,
under the room's lock; bots think in a thread pool on an `InformationSet`."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from headframe.agents import AgentSpecError, InformationSet, make_agent
from headframe.engine import Game, HeadframeError, IllegalAction, Rng, State, load_game, replay

from .errors import BadRequest, Conflict, Forbidden, NotFound, Refusal
from .storage import ConflictError, GameRow, Move, SeatRow, Store
from .tokens import matches, new_game_id, new_token, token_hash

log = logging.getLogger("headframe.server")

OUTBOX_LIMIT = 256


@dataclass(eq=False)
class Watcher:
    """One connection: the seats it holds (empty: a spectator), what it was sent."""

    seats: tuple[int, ...]
    outbox: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    log_sent: dict[int | None, int] = field(default_factory=dict)
    closed: bool = False

    @property
    def audiences(self) -> tuple[int | None, ...]:
        return self.seats or (None,)

    def post(self, text: str) -> None:
        """Queue a message; a client too slow to drain its queue is dropped (it
        reconnects and gets the current state at once)."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = True
            self.outbox = asyncio.Queue(1)
            self.outbox.put_nowait(None)


class Room:
    def __init__(self, row: GameRow, game: Game, state: State) -> None:
        self.row = row
        self.game = game
        self.state = state
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.agents: dict[int, Any] = {}
        self.thinking: dict[int, asyncio.Task] = {}
        self._boards: dict[int | None, str | None] = {}
        self._boards_of: State | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        """How many actions the game has: every change moves it."""
        return len(self.state.history)

    def seat_of(self, token: str | None) -> int | None:
        for seat in self.row.seats:
            if matches(token, seat.token_hash):
                return seat.seat
        return None

    def is_host(self, token: str | None) -> bool:
        return matches(token, self.row.host_token_hash)

    def connected(self) -> set[int]:
        return {seat for watcher in self.watchers for seat in watcher.seats}

    def status(self, claiming: dict[int, bool] | None = None) -> str:
        """Open until every seat is claimed (counting the claims in `claiming`),
        then running until the game is over."""
        if self.state.is_over():
            return "finished"
        claims = claiming or {}
        return "running" if all(claims.get(s.seat, s.claimed) for s in self.row.seats) else "open"

    def seats_json(self) -> list[dict[str, Any]]:
        connected = self.connected()
        return [
            {"seat": s.seat, "name": s.name, "controller": s.controller,
             "agent": s.agent if s.controller == "bot" else None,
             "claimed": s.claimed, "connected": s.seat in connected, "person_seat": s.token_hash is not None}
            for s in self.row.seats
        ]

    def summary(self) -> dict[str, Any]:
        """What anyone may know about the game, whatever their seat."""
        row = self.row
        return {
            "id": row.id, "name": row.name, "game": row.game, "title": self.game.title,
            "players": row.players, "options": self.state.options.to_dict(), "hotseat": row.hotseat,
            "think_time": row.think_time, "status": self.status(), "version": self.version,
            "to_move": list(self.state.to_move()), "seats": self.seats_json(),
            "progress": self.progress(),
            "result": self.state.result().to_json() if self.state.is_over() else None,
        }

    def progress(self) -> int:
        """How far the game has come, in whole percent (the game's own measure)."""
        return int(self.state.progress())

    def seat_state(self, seat: int | None, log_start: int = 0) -> dict[str, Any]:
        """Everything one seat (None: a spectator) is sent: its view, its log from
        `log_start`, and words for both, derived from nothing else."""
        view = self.state.view(seat)
        entries = self.state.log_for(seat)[log_start:]
        actions = self.state.decision(seat).actions if "decision" in view else ()
        return {
            "type": "state", "game_id": self.id, "seat": seat, "version": self.version,
            "status": self.status(), "seats": self.seats_json(), "view": view,
            "progress": self.progress(), "board": self.board(seat, view),
            "action_ids": [action.id for action in actions],
            "labels": [self.game.describe_action(action) for action in actions],
            "log_start": log_start, "log": entries,
            "log_text": [self.game.describe_event(entry) for entry in entries],
            "can_undo": seat is not None and self.state.can_undo(seat),
        }

    def board(self, seat: int | None, view: dict[str, Any]) -> str | None:
        """The game's board picture of `view` (the seat's), drawn once per seat and
        state however many connections hold the seat; None for a game without one."""
        if not self.game.has_board():
            return None
        if self._boards_of is not self.state:
            self._boards, self._boards_of = {}, self.state
        if seat not in self._boards:
            try:
                self._boards[seat] = self.game.render_board(view)
            except Exception:
                # A picture's bug must not stop the game: the page falls back to the view's tables.
                log.exception("the board of game %s (%s) failed to draw", self.id, self.game.name)
                self._boards[seat] = None
        return self._boards[seat]

    async def text(self, seat: int | None) -> dict[str, Any]:
        """The game's text picture of a seat's view: asked for, not broadcast, and
        drawn in a thread, as some games take milliseconds to draw one."""
        version, view = self.version, self.state.view(seat)
        return {"seat": seat, "version": version, "text": await asyncio.to_thread(self.game.render_text, view)}

    def record(self) -> dict[str, Any]:
        record = self.state.record()
        record["seats"] = [{"name": s.name, "agent": s.agent if s.controller == "bot" else None}
                           for s in self.row.seats]
        return record


class Journal:
    """Commits moves in groups: while one group is being written, the moves that
    arrive wait and go together in the next transaction, so many games share each
    disk flush. `commit` returns once its move is durable."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[tuple[Move, asyncio.Future]] = []
        self.writer: asyncio.Task | None = None

    async def commit(self, move: Move) -> None:
        done = asyncio.get_running_loop().create_future()
        self.waiting.append((move, done))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._write())
        await done

    async def _write(self) -> None:
        while self.waiting:
            group, self.waiting = self.waiting, []
            try:
                errors = await asyncio.to_thread(self.store.append_all, [move for move, _ in group])
            except Exception as exc:
                errors = [exc] * len(group)
            for (_, done), error in zip(group, errors):
                if done.done():
                    continue
                if error is None:
                    done.set_result(None)
                else:
                    done.set_exception(error)


class Hub:
    """The rooms of every live game, and the only way their states change."""

    def __init__(self, store: Store, bot_threads: int = 2, think_time: float = 0.5) -> None:
        self.store = store
        self.think_time = think_time  # for games whose creator did not choose one
        self.rooms: dict[str, Room] = {}
        self._loading: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.journal = Journal(store)
        self.bots = ThreadPoolExecutor(bot_threads, thread_name_prefix="headframe-bot")
        self.on_change = None  # set by the WebSocket layer: broadcast(room)

    async def resume(self) -> None:
        """Load every unfinished game and set its bots going again (after a restart)."""
        for game_id in await asyncio.to_thread(self.store.unfinished):
            try:
                await self.room(game_id)
            except Exception:
                log.exception("game %s cannot be resumed", game_id)

    def release(self, room: Room) -> None:
        """Forget a finished game nobody watches; it is rebuilt if asked for again."""
        if room.state.is_over() and not room.watchers and self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    def shutdown(self) -> None:
        for room in self.rooms.values():
            for task in room.thinking.values():
                task.cancel()
        self.bots.shutdown(wait=False, cancel_futures=True)

    # --- finding and creating games ---------------------------------------------

    async def room(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if not isinstance(game_id, str) or len(game_id) > 32:
            raise NotFound("no such game")
        async with self._loading[game_id]:
            room = self.rooms.get(game_id)
            if room is None:
                room = await asyncio.to_thread(self._load, game_id)
                self.rooms[game_id] = room
                self.schedule_bots(room)
        self._loading.pop(game_id, None)
        return room

    def _load(self, game_id: str) -> Room:
        row = self.store.get(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        game = load_game(row.game)
        record = {"game": row.game, "format": "headframe-record/1", "players": row.players, "seed": row.seed,
                  "options": row.options, "actions": self.store.actions(game_id)}
        return Room(row, game, replay(record, game))

    async def create(self, request: dict[str, Any]) -> tuple[Room, str, dict[int, str]]:
        """Create a game; returns the room, the host token and each human seat's token."""
        game = _load_game(request["game"])
        players = request["players"]
        try:
            state = game.new_state(players, request.get("seed"), request.get("options"))
        except HeadframeError as exc:
            raise BadRequest(str(exc)) from None
        seat_specs = request["seats"]
        if len(seat_specs) != players:
            raise BadRequest(f"a {players}-player game needs {players} seats, not {len(seat_specs)}")
        host_token = new_token()
        tokens: dict[int, str] = {}
        seats = []
        for index, spec in enumerate(seat_specs):
            name = (spec.get("name") or "").strip() or None
            if spec["type"] == "bot":
                agent = _check_agent(spec.get("agent") or "random", game)
                seats.append(SeatRow(index, name or agent, agent, "bot", None, True))
            else:
                tokens[index] = new_token()
                seats.append(SeatRow(index, name or f"Seat {index + 1}", None, "human",
                                     token_hash(tokens[index]), bool(request.get("hotseat"))))
        row = GameRow(
            id=new_game_id(), name=request.get("name") or f"{game.title} game", game=game.name,
            players=players, seed=state.seed, options=state.options.to_dict(),
            think_time=self.think_time if request.get("think_time") is None else request["think_time"], hotseat=bool(request.get("hotseat")),
            host_token_hash=token_hash(host_token), status="open", seats=seats,
        )
        room = Room(row, game, state)
        row.status = room.status()
        await asyncio.to_thread(self.store.create, row)
        self.rooms[row.id] = room
        self.schedule_bots(room)
        return room, host_token, tokens

    # --- changes ----------------------------------------------------------------

    async def act(self, room: Room, seat: int, action: Any, version: int | None = None, by_bot: bool = False) -> int:
        """Apply one seat's action: checked, committed, then broadcast. Returns the
        game's new version."""
        async with room.lock:
            self._check_turn(room, seat, version, by_bot)
            candidate = room.state.clone()
            try:
                candidate.apply(seat, action)
            except IllegalAction as exc:
                raise BadRequest(str(exc)) from None
            status = "finished" if candidate.is_over() else room.status()
            result = candidate.result().to_json() if candidate.is_over() else None
            move = Move(room.id, room.version, seat, candidate.history[-1][1].to_json(), status, result)

            def swap() -> None:
                room.state = candidate
                room.row.status, room.row.result = status, result

            try:
                await self._commit(room, self.journal.commit(move), swap)
            except ConflictError:
                raise Conflict("the game has moved on; reload it") from None
        return room.version

    async def undo(self, room: Room, seat: int, version: int | None = None) -> int:
        async with room.lock:
            self._check_turn(room, seat, version, by_bot=False, undoing=True)
            candidate = room.state.clone()
            try:
                await asyncio.to_thread(candidate.undo, seat)
            except IllegalAction as exc:
                raise BadRequest(str(exc)) from None

            def swap() -> None:
                room.state = candidate

            await self._commit(room, asyncio.to_thread(self.store.take_back, room.id, room.version - 1), swap)
        return room.version

    async def claim(self, room: Room, seat: int, name: str | None, token: str | None) -> str:
        """Take an unclaimed human seat, by its invitation token or, in an open
        game, by asking: returns the seat's token (a new one when asked for)."""
        async with room.lock:
            row = _seat_row(room, seat)
            if row.controller != "human" or row.claimed:
                raise Conflict(f"seat {seat} is already taken")
            values: dict[str, Any] = {"claimed": True}
            if token is None:
                token = new_token()
                values["token_hash"] = token_hash(token)
            elif not matches(token, row.token_hash):
                raise Forbidden(f"that token does not hold seat {seat}")
            if name:
                values["name"] = name
            await self._change_seat(room, row, values)
        return token

    async def hand_over(self, room: Room, seat: int, controller: str, agent: str | None) -> None:
        """The host gives a human seat whose player has left to a bot, or gives it back."""
        async with room.lock:
            row = _seat_row(room, seat)
            if row.token_hash is None:
                raise BadRequest(f"seat {seat} was created for a bot; it has no player to hand back to")
            if controller == "bot":
                if seat in room.connected():
                    raise Conflict(f"seat {seat}'s player is still connected")
                agent = _check_agent(agent or ("heuristic" if room.game.has_heuristic() else "random"), room.game)
                values = {"controller": "bot", "agent": agent, "claimed": True}
            else:
                values = {"controller": "human"}
            room.agents.pop(seat, None)
            await self._change_seat(room, row, values)

    async def _change_seat(self, room: Room, row: SeatRow, values: dict[str, Any]) -> None:
        status = room.status(claiming={row.seat: values.get("claimed", row.claimed)})

        def swap() -> None:
            for key, value in values.items():
                setattr(row, key, value)
            room.row.status = status

        await self._commit(room, asyncio.to_thread(self.store.update_seat, room.id, row.seat, status, **values), swap)

    async def _commit(self, room: Room, write, swap) -> None:
        """Write a change to the database, then make it in memory and announce it,
        as one step a cancelled caller cannot split: memory never lags behind what
        was committed, and nothing is announced before it is committed."""

        async def write_then_swap() -> None:
            await write
            swap()
            self._changed(room)

        await asyncio.shield(asyncio.ensure_future(write_then_swap()))

    def _check_turn(self, room: Room, seat: int, version: int | None, by_bot: bool, undoing: bool = False) -> None:
        row = _seat_row(room, seat)
        if room.state.is_over():
            raise Conflict("the game is over")
        if room.status() == "open":
            waiting = ", ".join(str(s.seat) for s in room.row.seats if not s.claimed)
            raise Conflict(f"the game has not started: waiting for seats {waiting}")
        if (row.controller == "bot") != by_bot:
            raise Forbidden(f"seat {seat} is played by a bot now" if row.controller == "bot"
                            else f"seat {seat} is played by a person")
        if version is not None and _moved_on(room.state, seat, version):
            raise Conflict(f"seat {seat}'s decision has moved on since version {version} (now {room.version}); reload it")
        if not undoing and seat not in room.state.to_move():
            try:
                room.state.decision(seat)
            except IllegalAction as exc:
                raise Conflict(str(exc)) from None

    def _changed(self, room: Room) -> None:
        if self.on_change is not None:
            self.on_change(room)
        self.schedule_bots(room)

    # --- bots -----------------------------------------------------------------

    def schedule_bots(self, room: Room) -> None:
        if room.status() != "running":
            return
        for seat in room.state.to_move():
            if room.row.seats[seat].controller == "bot" and seat not in room.thinking:
                room.thinking[seat] = asyncio.get_running_loop().create_task(self._bot_turn(room, seat))

    async def _bot_turn(self, room: Room, seat: int) -> None:
        thinks_again = True
        seen = room.version
        try:
            await asyncio.sleep(room.row.think_time)
            if room.row.seats[seat].controller != "bot" or seat not in room.state.to_move():
                return
            agent = room.agents.get(seat) or room.agents.setdefault(
                seat, make_agent(room.row.seats[seat].agent, room.game, room.row.seed + seat))
            info = InformationSet(room.state, seat, Rng(_mix(room.row.seed, room.version, seat)))
            action = await asyncio.get_running_loop().run_in_executor(self.bots, agent.choose, info)
            await self.act(room, seat, action, by_bot=True)
        except Refusal as refusal:
            # Refused because the game changed while the bot thought: it thinks again.
            if isinstance(refusal, BadRequest) and room.version == seen:
                log.error("the bot of seat %s in game %s chose an illegal action: %s", seat, room.id, refusal.message)
                thinks_again = False
        except asyncio.CancelledError:
            thinks_again = False
            raise
        except Exception:
            log.exception("the bot of seat %s in game %s failed", seat, room.id)
            thinks_again = False
        finally:
            room.thinking.pop(seat, None)
            if thinks_again:
                self.schedule_bots(room)


def _moved_on(state: State, seat: int, version: int) -> bool:
    """Whether the decision a client saw at `version` is gone. Only the seat's own
    actions (or an undo) replace its decision: others' sealed commitments in a
    simultaneous decision leave it as it was."""
    if isinstance(version, bool) or not 0 <= version <= len(state.history):
        return True
    return any(actor == seat for actor, _, _ in state.history[version:])


def _mix(seed: int, version: int, seat: int) -> int:
    return (seed * 0x9E3779B1 + version * 0x85EBCA77 + seat) % (1 << 63)


def _load_game(name: Any) -> Game:
    try:
        return load_game(name)
    except HeadframeError as exc:
        raise BadRequest(str(exc)) from None


def _check_agent(spec: str, game: Game) -> str:
    try:
        make_agent(spec, game, 0)
    except AgentSpecError as exc:
        raise BadRequest(str(exc)) from None
    return spec


def _seat_row(room: Room, seat: Any) -> SeatRow:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < room.row.players:
        raise BadRequest(f"there is no seat {seat!r} in this {room.row.players}-player game")
    return room.row.seats[seat]
