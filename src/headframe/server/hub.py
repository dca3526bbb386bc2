"""The hub: the rooms of the live games, and the only way their states change.

Every change is checked on a copy of the state, committed to the database (in a
worker thread), and only then swapped in, acknowledged and broadcast. Bots think
in worker processes (bots.py) on a world drawn from their seat's knowledge, with
a deadline. Rooms are loaded when first asked for (a restart loads nothing) and
let go when nobody needs them; games nobody plays expire. When several
processes serve one database, the broker (broker.py) tells each of the others'
changes, and the room catches up from the database (`catch_up`)."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from headframe.agents.specs import network_limits
from headframe.engine import RECORD_FORMAT, HeadframeError, IllegalAction, Rng, load_game, replay

from . import creation, pace
from .account_store import Account, AccountStore
from .bots import QUICK_SPECS, BotPool, BotTask, Worker, load_every_game
from .broker import Broker, News
from .config import ServerConfig
from .errors import BadRequest, Conflict, Forbidden, NotFound, Refusal
from .journal import Journal
from .listeners import Listeners, Wiring
from .pictures import Pictures
from .ratings import rated_at_creation
from .rooms import Room
from .standins import Timekeeper, owing, stored, table_control
from .storage import ConflictError, GameRow, Move, SeatRow, Store, TooMany, Unplayed
from .tokens import matches, new_game_id, new_token, token_hash

if TYPE_CHECKING:
    from .chat import Chat

log = logging.getLogger("headframe.server")

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class Hub(Wiring):
    def __init__(self, store: Store, config: ServerConfig, searchers: Callable[[], Worker] | None = None,
                 chat: Chat | None = None, catch_up: Callable[[], Awaitable[Any]] | None = None) -> None:
        """`searchers`: where bots search (bots.BotPool), when not in processes here; `chat`: the tables' chat
        (chat.py), for the WebSocket layer; `catch_up`: rate the games whose rating was lost (leaderboard.py),
        at each sweep. Listeners of the hub's events, and the parts attached later: `Wiring` (listeners.py)."""
        self.store = store
        self.config = config
        self.agent_limits = network_limits(config.max_think, config.models)
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.journal = Journal(store)
        # 0 bot workers: bot turns are left to the queue (bot_worker.py); hints still search in one process.
        self.bots_here = config.bot_workers > 0
        self.lets_go_unwatched = True  # on news of another process's change (`heard`); bot workers keep theirs
        self.bots = BotPool(max(1, config.bot_workers), config.max_think, config.models, searchers=searchers)
        self.pictures = Pictures(config.board_workers, warm=config.warm_up)
        self.broker = Broker(store.url, store.origin, self.heard, self.heard_everything)
        self._refreshing: set[str] = set()  # games whose catch-up is waiting to start
        self._changed_while_loading: set[str] = set()  # games changed elsewhere while their room was read here
        self._chores: set[asyncio.Task] = set()
        self.timekeeper = Timekeeper(self)  # clocks, and stand-ins for the seats that ran out or left
        self.listeners = Listeners()  # who is told of changes, seats, thinking, finished games and news
        self.chat, self.catch_up = chat, catch_up
        self.notify = None  # notifications when away (notify.py): `attach_notifier`
        self.accounts = AccountStore(store.engine)
        self._sweeper: asyncio.Task | None = None

    def start(self) -> None:
        """Start sweeping; warmed up, load every game's data (off the loop: the first table waits for none)."""
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        self.broker.start()
        self.pictures.start()
        if self.config.warm_up:
            self._games_loaded = asyncio.ensure_future(asyncio.to_thread(load_every_game))
        if self.config.warm_up and self.config.bot_workers > 0:
            self.bots.start()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.broker.close()
        for chore in list(self._chores):
            chore.cancel()
        self.timekeeper.close()
        for room in self.rooms.values():
            for task in room.thinking.values():
                task.cancel()
        await self.bots.close()
        await asyncio.to_thread(self.pictures.close)

    # --- finding and creating games ---------------------------------------------

    async def room(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise NotFound("no such game")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(game_id)
                if room is None:
                    room = await asyncio.to_thread(self._load, game_id)
                    self.rooms[game_id] = room
                    if game_id in self._changed_while_loading:  # another process's news came before its room
                        self._look_again(room)
                    self.schedule_bots(room)
                    self.timekeeper.arm(room)  # a seat that ran out while the server was down is handed over now
        finally:
            if not lock.locked():
                self._loading.pop(game_id, None)
                self._changed_while_loading.discard(game_id)
        return room

    def _load(self, game_id: str) -> Room:
        row = self.store.get(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        game = load_game(row.game)
        if row.rules_version != game.rules_version:
            raise Conflict(f"this game is played under {game.title} rules version {row.rules_version}, and this "
                           f"server plays version {game.rules_version}: it cannot go on here")
        entries, seen = self.store.actions(game_id)
        record = {"game": row.game, "format": RECORD_FORMAT, "rules_version": row.rules_version,
                  "players": row.players, "seed": row.seed, "options": row.options, "actions": entries}
        if row.bot_seed is None:  # a game from before bots had a seed of their own
            row.bot_seed = secrets.randbits(63)
        room = Room(row, game, replay(record, game), self.pictures, seen)
        self.timekeeper.load(room)
        return room

    async def create(self, request: dict[str, Any], owner: Account | None = None,
                     creator: str | None = None) -> tuple[Room, str, dict[int, str]]:
        """Create a game; returns the room, the host token and each human seat's token.
        The seat marked `me` is the signed-in `owner`'s, taken at once. A table nobody plays
        counts against `creator` (storage.Unplayed; None: against the server's bound only)."""
        game = creation.game_named(request["game"])
        players, seat_specs = request["players"], request["seats"]
        hotseat = bool(request.get("hotseat"))
        try:
            state = game.new_state(players, creation.deal_seed(request.get("seed"), hotseat, seat_specs), request.get("options"))
        except HeadframeError as exc:
            raise BadRequest(str(exc)) from None
        if len(seat_specs) != players:
            raise BadRequest(f"a {players}-player game needs {players} seats, not {len(seat_specs)}")
        host_token = new_token()
        tokens: dict[int, str] = {}
        seats = []
        for index, spec in enumerate(seat_specs):
            name = (spec.get("name") or "").strip() or None
            if spec["type"] == "bot":
                agent = creation.checked_agent(spec.get("agent") or "random", game, self.agent_limits)
                seats.append(SeatRow(index, name or agent, agent, "bot", None, True))
            else:
                tokens[index] = new_token()
                mine = owner is not None and bool(spec.get("me"))
                seats.append(SeatRow(index, name or (owner.name if mine else f"Seat {index + 1}"), None, "human",
                                     token_hash(tokens[index]), hotseat or mine,
                                     account_id=owner.id if mine else None,
                                     open=bool(request.get("open_seats")) and not (hotseat or mine)))
        think_time = request.get("think_time")
        row = GameRow(
            id=new_game_id(), name=request.get("name") or f"{game.title} game", game=game.name,
            players=players, seed=state.seed, options=state.options.to_dict(),
            think_time=self.config.think_time if think_time is None else think_time, hotseat=hotseat,
            host_token_hash=token_hash(host_token), status="open", seats=seats, bot_seed=secrets.randbits(63),
            rules_version=game.rules_version,
            rated=rated_at_creation(hotseat, request.get("seed"), seat_specs, game), creator=creator,
        )
        row.hints = bool(request.get("hints", True)) and not row.rated  # hints.py: never in rated games
        room = Room(row, game, state, self.pictures)
        row.status = room.status()
        self.timekeeper.begin(room, table_control(request, self.config.clock_presets))
        bound = Unplayed(self.config.max_open_tables, self.config.max_open_tables_per_creator)
        try:
            await asyncio.to_thread(self.store.create, row, owing(room, state, row.status, controller="bot"), bound)
        except TooMany as refused:
            raise creation.too_many(refused) from None
        self.rooms[row.id] = room
        self.schedule_bots(room)
        room.draw_boards(list(tokens), narrow=False)  # the people's seats' first boards, drawn while their page loads
        self.timekeeper.arm(room)
        self._bound_idle_rooms()
        return room, host_token, tokens

    # --- changes ----------------------------------------------------------------

    async def act(self, room: Room, seat: int, action: Any, version: int | None = None, by_bot: bool = False) -> int:
        """Apply one seat's action: checked, committed, then broadcast. Returns the
        seat's new version."""
        async with room.lock:
            self._check_turn(room, seat, version, by_bot)
            candidate = room.state.clone()
            try:
                candidate.apply(seat, action)
            except IllegalAction as exc:
                raise BadRequest(str(exc)) from None
            mask, known = room.changes(candidate, seat)
            status = "finished" if candidate.is_over() else room.status()
            result = candidate.result().to_json() if candidate.is_over() else None
            move = Move(room.id, room.version, seat, candidate.history[-1][1].to_json(), status, result, mask,
                        bots=owing(room, candidate, status, controller="bot"))
            clock = self.timekeeper.after(room, candidate, status, moved=seat)
            move.clock = stored(clock)

            def swap() -> None:
                room.state, room.known, room.clock = candidate, known, clock
                room.seen.append(mask)
                room.row.status, room.row.result = status, result
                if status == "finished":
                    self.listeners.tell_finished(room)

            try:
                await self._commit(room, self.journal.commit(move), swap)
            except ConflictError:
                await self._catch_up(room)  # another process stored a move first: it is sent to every watcher
                raise Conflict("the game moved on before this move: it is shown as it is now") from None
        return room.version_for(seat)

    async def undo(self, room: Room, seat: int, version: int | None = None) -> int:
        async with room.lock:
            self._check_turn(room, seat, version, by_bot=False, undoing=True)
            candidate = room.state.clone()
            try:
                await asyncio.to_thread(candidate.undo, seat)
            except IllegalAction as exc:
                raise BadRequest(str(exc)) from None
            known = room.knowledge(candidate)
            clock = self.timekeeper.after(room, candidate, room.status())

            def swap() -> None:
                room.state, room.known, room.clock = candidate, known, clock
                room.seen.pop()

            take_back = asyncio.to_thread(self.store.take_back, room.id, room.version - 1, stored(clock),
                                          owing(room, candidate, room.status(), controller="bot"))
            try:
                await self._commit(room, take_back, swap)
            except ConflictError:
                await self._catch_up(room)
                raise Conflict("the game moved on before this take-back: it is shown as it is now") from None
        return room.version_for(seat)

    async def claim(self, room: Room, seat: int, name: str | None, token: str | None,
                    account: Account | None = None) -> str:
        """Take an unclaimed human seat, by its invitation or, when the host opened
        it, by asking. Either way the seat gets a fresh token: the invitation dies, so
        whoever handed it out (the host) cannot read the seat afterwards. A signed-in
        player's seat belongs to their account."""
        async with room.lock:
            row = room.seat_row(seat)
            if row.controller != "human" or row.claimed:
                raise Conflict(f"seat {seat + 1} is already taken")
            if token is not None and not matches(token, row.token_hash):
                raise Forbidden(f"that token does not invite to seat {seat + 1}")
            if token is None and not row.open:
                raise Forbidden(f"seat {seat + 1} is private: it is taken through its invitation link")
            if account is not None and any(s.account_id == account.id for s in room.row.seats):
                raise Conflict("you already hold a seat of this game")
            fresh = new_token()
            values: dict[str, Any] = {"claimed": True, "token_hash": token_hash(fresh)}
            if account is not None:
                values["account_id"] = account.id
            if name or account is not None:
                values["name"] = name or account.name
            await self.change_seat(room, row, values)
        return fresh

    async def open_seat(self, room: Room, seat: int) -> None:
        """The host opens an invited seat to the lobby: anyone may then claim it."""
        async with room.lock:
            row = room.seat_row(seat)
            if row.controller != "human" or row.claimed:
                raise Conflict(f"seat {seat + 1} is already taken")
            await self.change_seat(room, row, {"open": True})

    async def hand_over(self, room: Room, seat: int, controller: str, agent: str | None) -> None:
        """The host gives a human seat whose player has left to a bot, or gives it back."""
        async with room.lock:
            row = room.seat_row(seat)
            if row.token_hash is None:
                raise BadRequest(f"seat {seat + 1} was created for a bot; it has no player to hand back to")
            if controller == "bot":
                if seat in room.connected():
                    raise Conflict(f"seat {seat + 1}'s player is still connected")
                fallback = "heuristic" if room.game.learning.has_heuristic() else "random"
                agent = creation.checked_agent(agent or fallback, room.game, self.agent_limits)
                values = {"controller": "bot", "agent": agent, "claimed": True}
            else:
                values = {"controller": "human"}
            await self.change_seat(room, row, values)

    async def change_seat(self, room: Room, row: SeatRow, values: dict[str, Any], notice: str | None = None) -> None:
        """Change a seat (its clocks with it), and store the `notice` that says so, if any."""
        status = room.status(claiming={row.seat: values.get("claimed", row.claimed)})
        clock = self.timekeeper.seat_change(room, row, values, status)
        said = None if notice is None else self.timekeeper.notice(room, notice)

        def swap() -> None:
            for key, value in values.items():
                setattr(row, key, value)
            room.row.status, room.clock = status, clock
            if said is not None:
                room.notices.append(said)
            self.listeners.tell_seats(room)

        bots = (room.version, owing(room, room.state, status, {row.seat: values.get("controller", row.controller)},
                                    controller="bot"))
        try:
            await self._commit(room, asyncio.to_thread(self.store.update_seat, room.id, row.seat, status,
                                                       stored(clock), said, bots, **values), swap)
        except ConflictError:
            await self._catch_up(room)  # another process changed the seat first
            raise Conflict(f"seat {row.seat + 1} changed meanwhile: it is shown as it is now") from None

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
        row = room.seat_row(seat)
        if room.state.is_over():
            raise Conflict("the game is over")
        if room.status() == "expired":
            raise Conflict("the game expired: nobody moved in it for too long")
        if room.status() == "open":
            waiting = ", ".join(str(s.seat + 1) for s in room.row.seats if not s.claimed)
            raise Conflict(f"the game has not started: waiting for seats {waiting}")
        if (row.controller == "bot") != by_bot:
            raise Forbidden(f"seat {seat + 1} is played by a bot now" if row.controller == "bot"
                            else f"seat {seat + 1} is played by a person")
        if version is not None and room.moved_on(seat, version):
            raise Conflict(f"seat {seat + 1}'s decision has moved on since version {version}; reload it")
        if not undoing and seat not in room.state.to_move():
            try:
                room.state.decision(seat)
            except IllegalAction as exc:
                raise Conflict(str(exc)) from None

    def _changed(self, room: Room) -> None:
        room.idle_since = time.monotonic()
        self.listeners.tell_change(room)
        self.schedule_bots(room)
        self.timekeeper.arm(room)
        self.release(room)

    # --- other processes' changes (broker.py) ----------------------------------------

    def heard(self, news: News) -> None:
        """Another process changed a game: the room catches up (a chat message is relayed)."""
        room = self.rooms.get(news.game_id)
        if room is not None and news.kind == "chat":
            if self.chat is not None and news.n is not None:
                self._chore(self.chat.relay(room, news.n))
        elif room is not None and self.lets_go_unwatched and _unneeded(room):
            # Caught up for nobody, at a move's cost each time (say the process only created the game,
            # and its players are served elsewhere): let go, it is rebuilt with the change if asked for.
            del self.rooms[room.id]
        elif room is not None:
            self._look_again(room)
        elif news.game_id in self._loading:  # its room is being read: the change may come after what it read
            self._changed_while_loading.add(news.game_id)
        self.listeners.tell_news(news)

    def _look_again(self, room: Room) -> None:
        """Catch the room up with the database soon, once however much news comes before."""
        if room.id not in self._refreshing:
            self._refreshing.add(room.id)
            self._chore(self.refresh(room))

    def heard_everything(self) -> None:
        """The broker (re)connected: news may have been missed, so every room catches up
        (and every room being read, once it is)."""
        for game_id in [*self.rooms, *self._loading]:
            self.heard(News(game_id, "moves"))

    async def refresh(self, room: Room) -> None:
        """Catch the room up with the database (see `_catch_up`)."""
        async with room.lock:
            self._refreshing.discard(room.id)  # news from now on needs another look
            await self._catch_up(room)

    async def _catch_up(self, room: Room) -> None:
        """Bring a room (its lock held) to what the database has: the moves after its
        own, replayed (all of them when its last was taken back elsewhere), and its
        seats, clocks and notices; then send every watcher what changed for it."""
        known = room.version
        found = await asyncio.to_thread(self._read_since, room.id, max(0, known - 1))
        if found is None:  # deleted meanwhile
            self._expired([room.id])
            return
        row, moves = found
        was_over, seats_before = room.state.is_over(), room.seats_json()
        if known and (not moves or not _same_move(room.state.history[known - 1], moves[0])):
            fresh = await asyncio.to_thread(self._load, room.id)
            room.state, room.seen, room.known = fresh.state, fresh.seen, room.knowledge(fresh.state)
        else:
            self._replay(room, moves[1:] if known else moves)
        row.bot_seed = room.row.bot_seed if row.bot_seed is None else row.bot_seed
        room.row = row
        await asyncio.to_thread(self.timekeeper.load, room)
        if room.state.is_over() and not was_over:
            self.listeners.tell_finished(room)  # every process may: a game is rated once (leaderboard.py)
        if self.listeners.seats and room.seats_json() != seats_before:
            self.listeners.tell_seats(room)
        self._changed(room)

    def _read_since(self, game_id: str, ply: int) -> tuple[GameRow, list[tuple[int, int, Any, int | None]]] | None:
        row = self.store.get(game_id)
        return None if row is None else (row, self.store.actions_from(game_id, ply))

    @staticmethod
    def _replay(room: Room, moves: list[tuple[int, int, Any, int | None]]) -> None:
        if not moves:
            return
        state = room.state.clone()
        everyone = (1 << (state.players + 1)) - 1
        for _ply, seat, action, seen in moves:
            state.apply(seat, action)
            room.seen.append(everyone if seen is None else seen)
        room.state, room.known = state, room.knowledge(state)

    def _chore(self, work) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._chores.add(task)
        task.add_done_callback(self._chore_done)

    def _chore_done(self, task: asyncio.Task) -> None:
        self._chores.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("catching up with another process's change failed", exc_info=task.exception())

    # --- memory -------------------------------------------------------------------

    def release(self, room: Room) -> None:
        """Let go of a finished game nobody watches; it is rebuilt if asked for again."""
        if room.state.is_over() and not room.watchers and self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    def adopt(self, room: Room) -> bool:
        """A room a connection has just begun to watch (it may have been let go while the
        connection said hello): taken back and caught up if so. False when another room
        of the game took its place meanwhile: the connection must start again."""
        held = self.rooms.get(room.id)
        if held is None:
            self.rooms[room.id] = room
        if held is not room:
            # What it missed while let go; or, for the room in its place, what this connection's
            # hello may have written through the old one (a seat claimed), which no news brings here.
            self._look_again(self.rooms[room.id])
        return held in (None, room)

    def left(self, room: Room) -> None:
        """A connection to the room closed."""
        if not room.watchers:
            room.idle_since = time.monotonic()
        self.release(room)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping expired games failed")

    async def sweep(self) -> None:
        """Expire the games nobody plays and the sessions that ended, rate the games
        whose rating was lost, and let go of the rooms nobody needs."""
        config = self.config
        gone = await asyncio.to_thread(self.store.expire, timedelta(days=config.expire_days),
                                       timedelta(hours=config.open_table_hours))
        self._expired(gone)  # at once: a room must not outlive its row by more than this step
        await asyncio.to_thread(self.accounts.end_expired_sessions)
        await self.timekeeper.sweep()
        if self.catch_up is not None:
            await self.catch_up()
        self._let_go(config.room_idle)

    def _expired(self, gone: list[str]) -> None:
        """The rooms of games that expired or were deleted: no more moves, nor bots;
        the ones nobody watches are let go, so a deleted game is not found."""
        for game_id in gone:
            room = self.rooms.get(game_id)
            if room is not None:
                room.row.status = "expired"
                for task in room.thinking.values():
                    task.cancel()
                self.listeners.tell_seats(room)
        self._let_go(float("inf"))

    def _let_go(self, idle: float) -> None:
        """Drop the rooms nobody needs: finished or expired, or idle for `idle` seconds."""
        now = time.monotonic()
        for game_id, room in list(self.rooms.items()):
            if _unneeded(room) and (room.status() in ("finished", "expired") or now - room.idle_since > idle):
                del self.rooms[game_id]

    def _bound_idle_rooms(self) -> None:
        """Keep at most `idle_rooms` rooms nobody needs (tables made by the thousand and never
        looked at, say): past that, the longest idle are let go, to be read again when asked for."""
        if len(self.rooms) <= self.config.idle_rooms:
            return
        idle = sorted((room for room in self.rooms.values() if _unneeded(room)), key=lambda room: room.idle_since)
        for room in idle[:max(0, len(idle) - self.config.idle_rooms)]:
            del self.rooms[room.id]

    # --- bots -----------------------------------------------------------------

    def schedule_bots(self, room: Room) -> None:
        """Set the bots that owe a decision thinking, here (else bot workers take their turns from the queue)."""
        if not self.bots_here:
            return
        for seat in owing(room, room.state, room.status(), controller="bot"):
            self.think_for(room, seat)

    def think_for(self, room: Room, seat: int) -> asyncio.Task:
        """The seat's bot's turn: thinking, then moving (if it still owes the decision)."""
        task = room.thinking.get(seat)
        if task is None:
            task = room.thinking[seat] = asyncio.get_running_loop().create_task(self._bot_turn(room, seat))
        return task

    async def _bot_turn(self, room: Room, seat: int) -> None:
        thinks_again = True
        seen = room.version
        loop = asyncio.get_running_loop()
        began = loop.time()
        try:
            if room.row.seats[seat].controller != "bot" or seat not in room.state.to_move():
                return
            spec, pause = room.row.seats[seat].agent, pace.pause(room, seat)
            if spec not in QUICK_SPECS:
                self._thinks(room, seat)
            seed = pace.bot_seed(room.row.bot_seed, room.version, seat)
            # The bot's worker gets a world drawn from the seat's knowledge, never the real state.
            world = room.state.determinize(seat, Rng(seed), keep_log=False).to_json()
            answer = await self.bots.decide(BotTask(room.id, room.game.name, spec, seat, seed >> 1, world))
            await asyncio.sleep(max(0.0, began + pause - loop.time()))
            await self.act(room, seat, answer.action, by_bot=True)
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
            if seat not in room.thinking:
                self._stops_thinking(room, seat)

    def _thinks(self, room: Room, seat: int) -> None:
        """A searching bot starts thinking: the watchers are told since when, once a turn
        (not at each of its steps, which may be sealed: the seat owes a decision all along)."""
        if seat not in room.searching:
            room.searching[seat] = datetime.now(UTC)
            self.listeners.tell_thinking(room, seat)

    def _stops_thinking(self, room: Room, seat: int) -> None:
        if room.searching.pop(seat, None) is not None:
            self.listeners.tell_thinking(room, seat)


def _unneeded(room: Room) -> bool:
    """Nobody here watches it, no bot thinks in it, and no change is being made to it."""
    return not room.watchers and not room.thinking and not room.lock.locked()


def _same_move(ours: tuple, stored: tuple[int, int, Any, int | None]) -> bool:
    """Whether a stored move is the one in our history (seat, action)."""
    return ours[0] == stored[1] and json.loads(json.dumps(ours[1].to_json())) == stored[2]
