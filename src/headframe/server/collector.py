"""Python's garbage collector as the server's long-lived processes run it (web
processes, `headframe bots`, and the board and bot workers).

By default a young collection runs every 700 net container allocations and each
tenth of those an older one; a web process serving a hundred games made 76 middle
and 7 full collections in a 25-second bench, 1.2 s in all (a tenth of its CPU) and
up to 115 ms each, every move waiting behind them. Once a process has loaded what
it keeps for its life (modules, game data, caches), that is frozen out of every
collection, and the young generation is collected less often (bench/HISTORY.md,
"The collector")."""

from __future__ import annotations

import gc

YOUNG = 10_000  # net container allocations between young collections (Python's default: 700)
OLDER = 20  # young collections between middle ones, and middle ones between full ones (default: 10)


def settle() -> None:
    """Freeze what the process holds now, and collect less often from here on."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, OLDER, OLDER)
