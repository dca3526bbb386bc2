"""Board pictures, drawn off the event loop.

A board is thousands of SVG elements: drawing one takes milliseconds of pure
Python, which on the event loop would hold up every game's updates (and a
thread would hold the GIL as long). So boards are drawn in worker processes
(`board_workers` of them; 0: in a thread, where no process may be started).
A worker gets plain data, never the state: the views of the seats whose boards
are wanted, all of one state, with its spectator's view and the seats' names,
and draws them at once (`game.presentation.render_boards`: a game draws what they share
once). It comes from the bots' forkserver (bots.py), which has imported the
games. A worker that dies breaks the pool: a fresh one draws the boards again."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from headframe.engine import game_names, load_game
from headframe.engine.people import naming

from .bots import preloaded, registered_by_hand, start_worker
from .patches import Board

log = logging.getLogger("headframe.server")


def draw(game: str, shared: dict[str, Any], views: list[dict[str, Any]], names: tuple[str, ...],
         narrow: bool) -> list[Board]:
    """The boards of seats' `views` of one state (`shared`: its spectator's), in the
    seats' names, each cut into the pieces its patches are made of (what runs in a worker)."""
    with naming(names):
        return Board.cut_all(load_game(game).presentation.render_boards(shared, views, narrow))


def start_board_worker(games: list[str]) -> None:
    """A board worker's start (bots.start_worker), then each game's first board drawn:
    a game's data takes up to a second to load, which the first person to play it after
    the server's start would wait for, on top of the board."""
    start_worker(games)
    for name in game_names():
        try:
            game = load_game(name)
            if game.presentation.has_board():
                view = game.new_state(min(game.players), seed=0).view(None)
                draw(name, view, [view], (), False)
        except Exception:
            continue  # a game whose board fails fails when asked for, with the reason logged


def _ready() -> None:
    """A worker's first task: it has started."""


class Pictures:
    def __init__(self, workers: int, warm: bool = False) -> None:
        """`warm`: each worker draws every game's first board as it starts (`start_board_worker`)."""
        self.workers = workers
        self.warm = warm
        self._pool: ProcessPoolExecutor | None = None
        self._starting: asyncio.Future[None] | None = None

    def start(self) -> None:
        """Start the workers now, so that the first board is not late (in a thread: the
        first start waits for the forkserver's imports, and a warm worker draws every game's
        first board)."""
        if self.workers > 0:
            self._starting = asyncio.ensure_future(asyncio.to_thread(self._start_workers))

    def _start_workers(self) -> None:
        try:
            pool = self._started()
            for started in [pool.submit(_ready) for _ in range(self.workers)]:
                started.result()
        except Exception:
            log.exception("the board workers did not start")

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(preloaded())
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context,
                                             initializer=start_board_worker if self.warm else start_worker,
                                             initargs=(registered_by_hand(),))
        return self._pool

    async def boards(self, game: str, shared: dict[str, Any], views: list[dict[str, Any]],
                     names: tuple[str, ...], narrow: bool, game_id: str) -> list[Board | None]:
        """The boards of `views` (see `draw`), or Nones if drawing them failed: a
        picture's bug must not stop the game (the page shows the view's tables instead)."""
        try:
            return list(await self._draw(game, shared, views, names, narrow))
        except Exception:
            log.exception("the board of game %s (%s) failed to draw", game_id, game)
            return [None] * len(views)

    async def _draw(self, game: str, *task: Any) -> list[Board]:
        # While the workers start (their forkserver's imports, every game's first board: seconds after
        # the server's start), a board is drawn in a thread here: the first player waits for no start.
        if self.workers <= 0 or (self._starting is not None and not self._starting.done()):
            return await asyncio.to_thread(draw, game, *task)
        loop = asyncio.get_running_loop()
        pool = self._started()
        try:
            return await loop.run_in_executor(pool, draw, game, *task)
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._started(), draw, game, *task)

    def close(self) -> None:
        """Stop the workers (after the boards they are drawing)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
