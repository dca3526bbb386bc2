"""Messages to clients as JSON text. orjson encodes a state update about ten times
faster than the json module, and the server encodes one for each seat after
every move (bench/HISTORY.md, "orjson")."""

from __future__ import annotations

from typing import Any

import orjson


def dumps(message: dict[str, Any]) -> str:
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
