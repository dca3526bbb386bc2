"""Group commit: moves of many games share each disk flush."""

from __future__ import annotations

import asyncio

from .storage import Move, Store


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
