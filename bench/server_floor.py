"""python -m bench.server_floor [--games 100] [--seconds 15] [--no-compression]: the least a
move can cost this server's stack (uvicorn, Starlette, asyncio, orjson, permessage-deflate)
on this machine, for bench/HISTORY.md's account of where `bench.server`'s time goes.

A server that does nothing but a move's messages: for each action a client sends, an
`ack` to its connection and one update to each of the game's two connections. The updates
are real ones: a random Tinners' Trail game's views and boards, each a view patch and a
board patch against the last (as `headframe serve` sends them), sent in turn, so deflate
meets new markup as it does in play. The clients are `bench.server`'s: two connections a
game, one move in flight, the next sent once its update is in. Prints JSON: moves per
second, p50 and p99 latency, and the CPU per move of the server process and of the clients.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import socket
import statistics
import subprocess
import sys
import time

import orjson
import websockets

from bench.server import cpu_seconds, free_port


def updates(moves: int = 200) -> list[bytes]:
    """The updates seat 1 of a random 2-player Tinners' Trail game is sent, each as JSON."""
    from headframe.engine import Rng, load_game
    from headframe.server.patches import view_patch
    from headframe.server.pictures import draw

    game, rng = load_game("tinners-trail"), Rng(1)
    state = game.new_state(2, 1)
    view, board, before = state.view(0), draw("tinners-trail", state.view(0), ("Ann", "Bob"), False), None
    sent = []
    for version in range(1, moves + 1):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
        new_view = state.view(0)
        new_board = draw("tinners-trail", new_view, ("Ann", "Bob"), False)
        patch = new_board.patch_from(board) if before is None else new_board.patch_from(board, before)
        message = {"type": "state", "version": version, "patch_of": version - 1,
                   "view_patch": view_patch(view, new_view),
                   **({"board_patch": patch} if patch is not None else {"board": new_board.svg})}
        sent.append(orjson.dumps(message))
        view, board, before = new_view, new_board, board
    return sent


def serve(port: int, compression: bool) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    messages = [message.decode() for message in updates()]
    rooms: dict[str, list[WebSocket]] = {}
    sent = [0]

    async def play(socket: WebSocket) -> None:
        await socket.accept()
        room = rooms.setdefault(socket.path_params["game"], [])
        room.append(socket)
        try:
            while True:
                action = orjson.loads(await socket.receive_text())
                await socket.send_text(orjson.dumps({"type": "ack", "ref": action["ref"]}).decode())
                update = messages[sent[0] % len(messages)]
                sent[0] += 1
                for seat in room:
                    await seat.send_text(update)
        except WebSocketDisconnect:
            room.remove(socket)

    app = Starlette(routes=[WebSocketRoute("/play/{game}", play)])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=compression)


async def play_game(url: str, compression: bool, until: float, latencies: list[float]) -> None:
    seats = [await websockets.connect(url, compression="deflate" if compression else None, max_size=None)
             for _ in range(2)]
    inboxes: list[asyncio.Queue] = [asyncio.Queue(), asyncio.Queue()]

    async def receive(seat: int) -> None:
        async for message in seats[seat]:
            inboxes[seat].put_nowait(message)

    readers = [asyncio.create_task(receive(seat)) for seat in range(2)]
    ref = 0
    while time.monotonic() < until:
        mover, ref = ref % 2, ref + 1
        sent_at = time.monotonic()
        await seats[mover].send(json.dumps({"type": "act", "action": "any", "ref": ref}))
        for inbox in (inboxes[mover], inboxes[mover], inboxes[1 - mover]):  # the ack, then both updates
            await inbox.get()
        latencies.append(time.monotonic() - sent_at)
    for reader in readers:
        reader.cancel()
    for seat in seats:
        await seat.close()


async def measure(port: int, server: subprocess.Popen, games: int, seconds: float, compression: bool) -> dict:
    latencies: list[float] = []
    server_before, started = cpu_seconds(server.pid) or 0.0, time.monotonic()
    clients_before = resource.getrusage(resource.RUSAGE_SELF)
    await asyncio.gather(*(play_game(f"ws://127.0.0.1:{port}/play/{game}", compression, started + seconds, latencies)
                           for game in range(games)))
    elapsed, moves = time.monotonic() - started, len(latencies)
    clients = resource.getrusage(resource.RUSAGE_SELF)
    latencies.sort()
    return {"games": games, "compression": compression, "moves_per_s": round(moves / elapsed),
            "p50_ms": round(statistics.median(latencies) * 1000, 1),
            "p99_ms": round(latencies[int(moves * 0.99)] * 1000, 1),
            "server_cpu_ms_per_move": round(((cpu_seconds(server.pid) or 0.0) - server_before) / moves * 1000, 3),
            "clients_cpu_ms_per_move": round((clients.ru_utime + clients.ru_stime - clients_before.ru_utime
                                              - clients_before.ru_stime) / moves * 1000, 3)}


def listening(port: int, server: subprocess.Popen) -> None:
    """Wait until the server accepts connections (it first draws its updates)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the floor server did not start") from None
            time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.server_floor", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--no-compression", action="store_true")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    compression = not arguments.no_compression
    if arguments.serve:
        serve(arguments.serve, compression)
        return
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "bench.server_floor", "--serve", str(port),
                               *(["--no-compression"] if not compression else [])])
    try:
        listening(port, server)
        print(json.dumps(asyncio.run(measure(port, server, arguments.games, arguments.seconds, compression)), indent=1))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
