"""The WebSocket protocol of live games (see docs/server.md).

A client opens /ws/games/{id} and sends `hello` with the tokens of the seats it
holds (none: a spectator). It is sent, for each of its seats, a `state` message
at once and after every change: that seat's view, its log from where the client
is, and words for both. It sends `act` and `undo`, each answered by `ack` (after
the change is committed) or `error`."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from .errors import BadRequest, Forbidden, Refusal, TooLarge
from .rooms import Hub, Room, Watcher

log = logging.getLogger("headframe.server")

MAX_MESSAGE = 8192
HELLO_TIMEOUT = 10.0


def broadcast(room: Room) -> None:
    """Send every watcher the new state of each seat it holds; seats' messages
    are built once per change, however many watch."""
    built: dict[tuple[int | None, int], str] = {}
    log_length = len(room.state.log)
    for watcher in list(room.watchers):
        for seat in watcher.audiences:
            start = min(watcher.log_sent.get(seat, 0), log_length)
            key = (seat, start)
            if key not in built:
                built[key] = json.dumps(room.seat_state(seat, start))
            watcher.log_sent[seat] = log_length
            watcher.post(built[key])


def announce_seats(room: Room) -> None:
    text = json.dumps({"type": "seats", "seats": room.seats_json(), "status": room.status()})
    for watcher in list(room.watchers):
        watcher.post(text)


async def serve_socket(hub: Hub, socket: WebSocket, game_id: str) -> None:
    await socket.accept()
    try:
        room = await hub.room(game_id)
        watcher, held = await _greet(room, socket)
    except asyncio.TimeoutError:
        await _refuse(socket, BadRequest(f"no hello within {HELLO_TIMEOUT:g} seconds"))
        return
    except Refusal as refusal:
        await _refuse(socket, refusal)
        return
    except WebSocketDisconnect:
        return
    sender = asyncio.create_task(_send_loop(socket, watcher))
    watcher.post(json.dumps({"type": "welcome", "game": room.summary(), "seats": held}))
    room.watchers.add(watcher)
    announce_seats(room)
    broadcast_to(room, watcher)
    try:
        await _receive_loop(hub, room, socket, watcher, sender)
    finally:
        room.watchers.discard(watcher)
        sender.cancel()
        announce_seats(room)
        hub.release(room)


def broadcast_to(room: Room, watcher: Watcher) -> None:
    for seat in watcher.audiences:
        watcher.post(json.dumps(room.seat_state(seat, 0)))
        watcher.log_sent[seat] = len(room.state.log)


async def _greet(room: Room, socket: WebSocket) -> tuple[Watcher, list[int]]:
    """Read the hello: the watcher, and the seat each of its tokens holds, in order."""
    hello = _parse(await asyncio.wait_for(_next_text(socket), HELLO_TIMEOUT))
    if hello.get("type") != "hello":
        raise BadRequest("the first message is a hello: {\"type\": \"hello\", \"tokens\": [...]}")
    tokens = hello.get("tokens", [])
    if not isinstance(tokens, list) or len(tokens) > room.row.players or not all(isinstance(t, str) for t in tokens):
        raise BadRequest("tokens: a list of seat tokens, at most one per seat")
    seats = []
    for token in tokens:
        seat = room.seat_of(token)
        if seat is None:
            raise Forbidden("a token does not hold any seat of this game")
        seats.append(seat)
    return Watcher(tuple(sorted(set(seats)))), seats


async def _receive_loop(hub: Hub, room: Room, socket: WebSocket, watcher: Watcher, sender: asyncio.Task) -> None:
    while not sender.done():
        ref = None
        try:
            message = _parse(await _next_text(socket))
            ref = message.get("ref")
            reply = await _handle(hub, room, watcher, message)
        except (WebSocketDisconnect, RuntimeError):
            return
        except TooLarge as refusal:
            await _refuse(socket, refusal)
            return
        except Refusal as refusal:
            reply = {"type": "error", "status": refusal.status, "message": refusal.message}
        if reply is not None:
            if isinstance(ref, (int, str)) and len(str(ref)) <= 64:
                reply["ref"] = ref
            watcher.post(json.dumps(reply))


async def _handle(hub: Hub, room: Room, watcher: Watcher, message: dict[str, Any]) -> dict[str, Any] | None:
    kind = message.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind == "sync":
        broadcast_to(room, watcher)
        return None
    if kind not in ("act", "undo"):
        raise BadRequest(f"unknown message type {kind!r} (act, undo, sync, ping)")
    seat = message.get("seat")
    if seat not in watcher.seats:
        raise Forbidden(f"this connection does not hold seat {seat!r}")
    version = message.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise BadRequest("version: an integer")
    if kind == "undo":
        return {"type": "ack", "version": await hub.undo(room, seat, version)}
    if "action" not in message:
        raise BadRequest("act needs an action (its JSON or its id)")
    return {"type": "ack", "version": await hub.act(room, seat, message["action"], version)}


async def _next_text(socket: WebSocket) -> str:
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is None:
        raise BadRequest("messages are JSON text, not binary")
    return message["text"]


def _parse(text: str) -> dict[str, Any]:
    if len(text) > MAX_MESSAGE:
        raise TooLarge(f"a message is at most {MAX_MESSAGE} characters")
    try:
        message = json.loads(text)
    except ValueError:
        raise BadRequest("a message is a JSON object") from None
    if not isinstance(message, dict):
        raise BadRequest("a message is a JSON object")
    return message


async def _send_loop(socket: WebSocket, watcher: Watcher) -> None:
    try:
        while True:
            text = await watcher.outbox.get()
            if text is None:
                await socket.close(code=1013, reason="too slow; reconnect")
                return
            await socket.send_text(text)
    except (WebSocketDisconnect, RuntimeError):
        return
    except Exception:
        log.exception("sending to a client failed")


async def _refuse(socket: WebSocket, refusal: Refusal) -> None:
    codes = {403: 4403, 404: 4404, 413: 1009}
    try:
        await socket.send_text(json.dumps({"type": "error", "status": refusal.status, "message": refusal.message}))
        await socket.close(code=codes.get(refusal.status, 4400), reason=refusal.message[:100])
    except (WebSocketDisconnect, RuntimeError):
        pass
