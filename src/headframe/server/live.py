"""The WebSocket protocol of live games (see docs/api.md).

A client opens /ws/games/{id} and sends `hello` with the tokens of the seats it
holds (none: a spectator). It is sent, for each of its seats, a `state` message
at once and after every change: that seat's view, its log from where the client
is, and words for both. The first (and every one after a `sync` or `layout`)
is whole; later ones carry what changed: a patch of the view against the last one
sent, and of the board (patches.py; boards are drawn off the event loop,
pictures.py). It sends `act` and `undo`, each answered by `ack` (after the change
is committed) or `error`; and `layout` when its screen wants the board in the other
layout ("wide", or "narrow" for phones; the hello may say it). While a searching bot
thinks, `thinking` says which seat, since when. Every message is
checked by the models of api.py, as REST bodies are: a refusal is an `error` on a
connection that stays open.

Work per connection is bounded: connections per address and spectators per game
are capped (`Door`), `sync` and `layout` are rate-limited, and who is here (the
`seats` message) is announced at most once a second, however many come and go."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from fastapi import WebSocket, WebSocketDisconnect
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from headframe.engine import jsontext

from . import api, wire
from .config import ServerConfig
from .errors import BadRequest, Forbidden, Refusal, TooLarge, TooManyRequests
from .hub import Hub
from .patches import Board, view_patch
from .rooms import Held, Room, Watcher

log = logging.getLogger("headframe.server")

MAX_MESSAGE = 8192
HELLO_TIMEOUT = 10.0
SEND_TIMEOUT = 10.0  # a client that takes longer to accept one message is dropped
CLOSE_TIMEOUT = 2.0
PRESENCE_EVERY = 1.0  # seconds between two announcements of who is here
# A crowd: spectators of one game past CROWD. They are sent the game as it is in rounds, at most one
# every CROWD_EVERY seconds, CROWD_SLICE spectators at a time with CROWD_PAUSE seconds between slices.
CROWD = 100
CROWD_EVERY = 1.0
CROWD_SLICE = 20
CROWD_PAUSE = 0.02
SIGNED_OUT = 4401  # the close code of a connection whose session ended


class Sessions(Protocol):
    """Who a connection's session cookie signs in (accounts.Auth)."""

    async def of_socket(self, socket: HTTPConnection) -> Any: ...  # an accounts.Session, or None

    async def is_live(self, session: Any) -> bool: ...


class Door:
    """Who may connect and how often a connection may ask for everything again:
    at most `connections_per_address` connections from one address, at most
    `spectators_per_game` spectators of one game (a seat's player always gets in),
    and `sync_rate` syncs and layout changes per connection."""

    def __init__(self, config: ServerConfig) -> None:
        self.per_address = config.connections_per_address
        self.spectators = config.spectators_per_game
        self.sync_rate = parse(config.sync_rate)
        self.syncs = MovingWindowRateLimiter(MemoryStorage())
        self.open: Counter[str] = Counter()

    def enter(self, address: str) -> None:
        if self.open[address] >= self.per_address:
            raise TooManyRequests(f"too many connections from your address (at most {self.per_address})", 10)
        self.open[address] += 1

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if not self.open[address]:
            del self.open[address]

    def watch(self, room: Room, watcher: Watcher) -> None:
        if not watcher.seats and room.spectators() >= self.spectators:
            raise TooManyRequests(f"this game has as many spectators as it takes ({self.spectators})", 30)

    def sync(self, watcher: Watcher) -> None:
        if not self.syncs.hit(self.sync_rate, "sync", str(id(watcher))):
            raise TooManyRequests("too many syncs on this connection: changes are sent as they happen", 10)


@dataclass(eq=False)
class Update:
    """A seat's state message waiting for its board: whole, or a patch of the view
    (`patch_of` is the version it applies to). Sent in the order posted, it carries
    the board as what changed since the boards last sent to the watcher (patches.py)."""

    seat: int | None
    message: dict[str, Any]
    board: asyncio.Future[Board | None]
    texts: list[tuple[Held | None, str]] = field(default_factory=list)  # by the boards the watcher holds

    async def text(self, watcher: Watcher) -> str:
        # Shielded: the board is shared (other connections, later updates); a connection that closes while
        # it is drawn must not cancel it.
        board = await asyncio.shield(self.board)
        held = watcher.board_sent.get(self.seat) if "view_patch" in self.message else None
        text = next((text for base, text in self.texts if _same_held(base, held)), None)
        if text is None:
            text = wire.dumps({**self.message, **_board_part(held, board)})
            self.texts.append((held, text))
        if held is None:
            watcher.board_sent[self.seat] = (board, None)  # a whole state: the client forgets older boards
        elif not _unchanged(held, board):
            watcher.board_sent[self.seat] = (board, held[0])
        return text


def _same_held(one: Held | None, other: Held | None) -> bool:
    return one is other or one is not None and other is not None and one[0] is other[0] and one[1] is other[1]


def _unchanged(held: Held, board: Board | None) -> bool:
    last = held[0]
    return last is board or last is not None and board is not None and board.same(last)


def _board_part(held: Held | None, board: Board | None) -> dict[str, Any]:
    """The board in a message to a client that holds the boards `held` (None: none, a whole state)."""
    if held is not None:
        if _unchanged(held, board):
            return {"board_unchanged": True}
        last, before = held
        if last is not None and board is not None:
            patch = board.patch_from(last) if before is None else board.patch_from(last, before)
            if patch is not None:
                return {"board_patch": patch}
    return {"board": None if board is None else board.svg}


def broadcast(room: Room) -> None:
    """Send every watcher the new state of each seat it holds whose view changed
    (its version moved): a seat learns nothing from others' sealed steps, not even
    that they happened. Messages are built once per seat and change, however many
    watch, and boards drawn only for the seats someone is sent. A crowd of spectators
    is sent the game in rounds (`_crowd_round`), not at every change: the players'
    moves never wait on thousands of sends."""
    if room.spectators() <= CROWD:
        _send_changes(room, list(room.watchers))
        return
    _send_changes(room, [watcher for watcher in room.watchers if watcher.seats])
    _next_crowd_round(room)


def _next_crowd_round(room: Room) -> None:
    crowd = room.crowd
    if crowd.due is None:
        loop = asyncio.get_running_loop()
        crowd.due = loop.call_later(max(0.0, crowd.started + CROWD_EVERY - loop.time()), _crowd_round, room)


def _crowd_round(room: Room) -> None:
    """Send the next slice of the spectators what changed since they were last sent
    the game; a round takes every spectator once, slice by slice, so that the event
    loop serves the players between slices."""
    crowd, loop = room.crowd, asyncio.get_running_loop()
    crowd.due = None
    if not crowd.waiting:
        crowd.waiting, crowd.started = [watcher for watcher in room.watchers if not watcher.seats], loop.time()
    served, crowd.waiting = crowd.waiting[:CROWD_SLICE], crowd.waiting[CROWD_SLICE:]
    _send_changes(room, [watcher for watcher in served if watcher in room.watchers])
    if crowd.waiting:
        crowd.due = loop.call_later(CROWD_PAUSE, _crowd_round, room)
    elif any(_behind(room, watcher) for watcher in room.watchers if not watcher.seats):
        _next_crowd_round(room)  # the game moved on during the round


def _send_changes(room: Room, watchers: list[Watcher]) -> None:
    for narrow in (False, True):  # each layout's boards at once: a game draws what they share once
        room.draw_boards([seat for watcher in watchers if watcher.narrow == narrow
                          for seat in _behind(room, watcher)], narrow)
    states: dict[tuple[int | None, int], dict[str, Any]] = {}
    # Updates by seat, log start and layout, each with the view it patches: watchers of a seat were
    # sent the same view object (the room's, once per state), so they share one update.
    built: dict[tuple[int | None, int, bool], list[tuple[dict[str, Any] | None, Update]]] = {}
    log_length = len(room.state.log)
    for watcher in watchers:
        for seat in _behind(room, watcher):
            version = room.version_for(seat)
            start = min(watcher.log_sent.get(seat, 0), log_length)
            if (seat, start) not in states:
                states[seat, start] = room.seat_state(seat, start)
            state, base = states[seat, start], watcher.view_sent.get(seat)
            alike = built.setdefault((seat, start, watcher.narrow), [])
            update = next((made for patched, made in alike if patched is base), None)
            if update is None:
                update = _update(room, state, watcher, base)
                alike.append((base, update))
            _sent(watcher, seat, state, log_length, version)
            watcher.post(update)


def _behind(room: Room, watcher: Watcher) -> list[int | None]:
    """The watcher's seats whose view changed since it was last sent one."""
    return [seat for seat in watcher.audiences if watcher.version_sent.get(seat) != room.version_for(seat)]


def _update(room: Room, state: dict[str, Any], watcher: Watcher, base: dict[str, Any] | None) -> Update:
    """The update of a seat's `state` for a watcher that was last sent the view `base` (None: nothing)."""
    seat, view = state["seat"], state["view"]
    board = room.board(seat, watcher.narrow)
    if base is None:
        return Update(seat, state, board)
    message = {key: value for key, value in state.items() if key != "view"}
    message["view_patch"], message["patch_of"] = view_patch(base, view), watcher.version_sent[seat]
    return Update(seat, message, board)


def _sent(watcher: Watcher, seat: int | None, state: dict[str, Any], log_length: int, version: int) -> None:
    watcher.log_sent[seat], watcher.version_sent[seat] = log_length, version
    watcher.view_sent[seat] = state["view"]


def announce_seats(room: Room) -> None:
    text = wire.dumps({"type": "seats", "seats": room.seats_json(), "status": room.status(),
                       "clock": room.clock_json(), "notices": room.notices_json(), "spectators": room.spectators()})
    room.presence.said = room.presence_now()
    for watcher in list(room.watchers):
        watcher.post(text)


def thinking(room: Room, seat: int) -> str:
    """Whether the seat's searching bot thinks, and since when (None: it does not): which seat
    owes a decision is public, and a turn's sealed steps are not told apart (Hub._thinks)."""
    since = room.searching.get(seat)
    return wire.dumps({"type": "thinking", "seat": seat, "since": None if since is None else since.isoformat()})


def announce_thinking(room: Room, seat: int) -> None:
    text = thinking(room, seat)
    for watcher in list(room.watchers):
        watcher.post(text)


def presence_changed(room: Room) -> None:
    """A connection came or went: the watchers learn who is here (the seats
    connected, how many watch) at most once every PRESENCE_EVERY seconds."""
    presence = room.presence
    if presence.due is not None:
        return
    loop = asyncio.get_running_loop()
    wait = presence.at + PRESENCE_EVERY - loop.time()
    if wait <= 0:
        _announce_presence(room)
    else:
        presence.due = loop.call_later(wait, _announce_presence, room)


def _announce_presence(room: Room) -> None:
    presence = room.presence
    presence.due, presence.at = None, asyncio.get_running_loop().time()
    if presence.said != room.presence_now():
        announce_seats(room)


def end_session(hub: Hub, session_token: str) -> None:
    """A session ended (signed out): its connections lose what it held. They are
    closed (SIGNED_OUT) and reconnect with what they hold without it."""
    for room in list(hub.rooms.values()):
        for watcher in list(room.watchers):
            if watcher.session is not None and watcher.session.token == session_token:
                watcher.end_session()


async def serve_socket(hub: Hub, door: Door, socket: WebSocket, game_id: str, sessions: Sessions) -> None:
    await socket.accept()
    address = socket.client.host if socket.client else ""
    try:
        door.enter(address)
    except Refusal as refusal:
        await _refuse(socket, refusal)
        return
    try:
        await _serve(hub, door, socket, game_id, sessions, address)
    finally:
        door.leave(address)


async def _serve(hub: Hub, door: Door, socket: WebSocket, game_id: str, sessions: Sessions, address: str) -> None:
    try:
        room = await hub.room(game_id)
        session = await sessions.of_socket(socket)
        watcher, held, invited = await _greet(room, socket, None if session is None else session.account.id)
        door.watch(room, watcher)
    except TimeoutError:
        await _refuse(socket, BadRequest(f"no hello within {HELLO_TIMEOUT:g} seconds"))
        return
    except Refusal as refusal:
        await _refuse(socket, refusal)
        return
    except WebSocketDisconnect:
        return
    watcher.session, watcher.client = session, address
    room.join(watcher)
    if not hub.adopt(room):  # let go, and loaded anew, while this connection said hello
        room.leave(watcher)
        await _close(socket, 1012, "the game was reloaded; reconnect")
        return
    sender = asyncio.create_task(_send_loop(socket, watcher))
    receiver = asyncio.create_task(_receive_loop(hub, door, room, socket, watcher, sessions, sender))

    def drop() -> None:
        # Too slow to keep up, or its session ended: gone at once, so its seat shows as disconnected.
        if room.leave(watcher):
            presence_changed(room)
        sender.cancel()
        receiver.cancel()

    watcher.on_drop = drop
    watcher.post(wire.dumps({"type": "welcome", "game": room.summary(), "seats": held, "invited": invited}))
    presence_changed(room)
    if watcher.seats or room.spectators() <= CROWD:
        broadcast_to(room, watcher)
    else:  # one more of a crowd: sent the game in its turn in the crowd's rounds
        _next_crowd_round(room)
    for seat in room.searching:
        watcher.post(thinking(room, seat))
    if hub.chat is not None:
        hub.chat.greet(room, watcher)
    try:
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        sender.cancel()
        receiver.cancel()
        if room.leave(watcher):
            presence_changed(room)
        hub.left(room)
        if watcher.signed_out:
            await _close(socket, SIGNED_OUT, "signed out: reconnect to watch, or sign in again to play")
        elif watcher.closed:
            await _close(socket, 1013, "too slow; reconnect")


def broadcast_to(room: Room, watcher: Watcher) -> None:
    """Send the watcher the whole state of each seat it holds (it starts afresh)."""
    for seat in watcher.audiences:
        state = room.seat_state(seat)
        watcher.post(_update(room, state, watcher, None))
        _sent(watcher, seat, state, len(room.state.log), room.version_for(seat))


async def _greet(room: Room, socket: WebSocket,
                 account_id: str | None) -> tuple[Watcher, list[int | None], list[int | None]]:
    """Read the hello: the watcher, and for each token in order the seat it holds
    and the seat it invites to (an invitation holds nothing until claimed). The
    signed-in account's seats are held too; another account's seat is not, even by its token."""
    try:
        hello = api.hello(_parse(await asyncio.wait_for(_next_text(socket), HELLO_TIMEOUT)))
    except ValueError as exc:
        raise BadRequest(str(exc)) from None
    tokens = hello.tokens
    if len(tokens) > room.row.players:
        raise BadRequest("tokens: a list of seat tokens, at most one per seat")
    held = [room.seat_of(token) for token in tokens]
    invited = [room.invitation(token) for token in tokens]
    if any(seat is None and invitation is None for seat, invitation in zip(held, invited)):
        raise Forbidden("a token does not hold any seat of this game")
    owners = {room.row.seats[seat].account_id for seat in held if seat is not None} - {None}
    if account_id is not None and owners - {account_id}:
        raise Forbidden("a token holds a seat of another player's account: sign in as them to play it")
    mine = {seat.seat for seat in room.row.seats if account_id is not None and seat.account_id == account_id}
    by_token = {seat for seat in held if seat is not None}
    watcher = Watcher(tuple(sorted(mine | by_token)), narrow=hello.layout == "narrow", by_token=frozenset(by_token))
    return watcher, held, invited


async def _receive_loop(hub: Hub, door: Door, room: Room, socket: WebSocket, watcher: Watcher, sessions: Sessions,
                        sender: asyncio.Task) -> None:
    while not sender.done():
        ref = None
        try:
            message = _parse(await _next_text(socket))
            ref = message.get("ref")  # sent back with a refusal of the message too
            reply = await _handle(hub, door, room, watcher, sessions, _checked(message))
        except (WebSocketDisconnect, RuntimeError):
            return
        except TooLarge as refusal:
            await _refuse(socket, refusal)
            return
        except Refusal as refusal:
            reply = {"type": "error", "status": refusal.status, "message": refusal.message}
        if reply is not None:
            if _echoable(ref):
                reply["ref"] = ref
            watcher.post(wire.dumps(reply))


def _echoable(ref: Any) -> bool:
    """Whether a message's `ref` is sent back with its reply: a short string, or an
    integer a browser holds exactly."""
    if isinstance(ref, str):
        return len(ref) <= 64
    return isinstance(ref, int) and not isinstance(ref, bool) and abs(ref) <= 2**53 - 1


def _checked(message: dict[str, Any]) -> api.SocketMessage:
    try:
        return api.socket_message(message)
    except ValueError as exc:
        raise BadRequest(str(exc)) from None


async def _handle(hub: Hub, door: Door, room: Room, watcher: Watcher, sessions: Sessions,
                  message: api.SocketMessage) -> dict[str, Any] | None:
    if isinstance(message, api.Ping):
        return {"type": "pong"}
    if isinstance(message, api.Sync | api.LayoutChange):
        door.sync(watcher)
        if isinstance(message, api.LayoutChange):
            watcher.narrow = message.layout == "narrow"
        broadcast_to(room, watcher)
        return None
    await _still_signed_in(watcher, sessions)
    if isinstance(message, api.ChatMessage):
        if hub.chat is None:
            raise BadRequest("this server keeps no chat")
        await hub.chat.from_socket(room, watcher, message)
        return None
    if message.seat not in watcher.seats:
        raise Forbidden(f"this connection does not hold seat {message.seat!r}")
    if isinstance(message, api.UndoMessage):
        return {"type": "ack", "version": await hub.undo(room, message.seat, message.version)}
    return {"type": "ack", "version": await hub.act(room, message.seat, message.action, message.version)}


async def _still_signed_in(watcher: Watcher, sessions: Sessions) -> None:
    """A connection's session may have ended elsewhere (another process, or its time ran
    out): then it holds no more than its tokens, and is closed to reconnect with them."""
    if watcher.session is not None and not await sessions.is_live(watcher.session):
        watcher.end_session()
        raise Forbidden("you are signed out: sign in again to play")


async def _next_text(socket: WebSocket) -> str:
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is None:
        raise BadRequest("messages are JSON text, not binary")
    return message["text"]


def _parse(text: str) -> dict[str, Any]:
    """A message: a JSON object, bounded (an action's JSON text in it is parsed, bounded, by the engine)."""
    if len(text) > MAX_MESSAGE:
        raise TooLarge(f"a message is at most {MAX_MESSAGE} characters")
    try:
        message = jsontext.loads(text)
    except jsontext.JsonError as exc:
        raise BadRequest(f"a message is a JSON object: {exc}") from None
    if not isinstance(message, dict):
        raise BadRequest("a message is a JSON object")
    return message


async def _send_loop(socket: WebSocket, watcher: Watcher) -> None:
    try:
        while True:
            item = await watcher.outbox.get()
            text = item if isinstance(item, str) else await item.text(watcher)
            async with asyncio.timeout(SEND_TIMEOUT):  # unlike wait_for, no task per message
                await socket.send_text(text)
    except TimeoutError:
        watcher.drop()
    except (WebSocketDisconnect, RuntimeError):
        return
    except Exception:
        log.exception("sending to a client failed")


async def _close(socket: WebSocket, code: int, reason: str) -> None:
    """Close with a frame if the client takes it in time; a client that reads
    nothing is left to the transport's ping timeout."""
    try:
        await asyncio.wait_for(socket.close(code=code, reason=reason), CLOSE_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect, RuntimeError):
        pass


async def _refuse(socket: WebSocket, refusal: Refusal) -> None:
    codes = {403: 4403, 404: 4404, 413: 1009, 429: 4429}
    try:
        await socket.send_text(wire.dumps({"type": "error", "status": refusal.status, "message": refusal.message}))
        # A close frame's reason is at most 123 bytes.
        reason = refusal.message.encode()[:120].decode(errors="ignore")
        await socket.close(code=codes.get(refusal.status, 4400), reason=reason)
    except (WebSocketDisconnect, RuntimeError):
        pass
