"""JSON text from outside, bounded and strict. `loads` refuses nesting deeper
than a limit before the json module sees it, so no document can exhaust the
recursion limit (json's parser recurses once per array or object), and refuses
what json accepts but is not JSON, which could be neither stored nor sent back:
NaN, Infinity, numbers too large for a float, half a surrogate pair. `canonical`
writes the engine's canonical JSON."""

from __future__ import annotations

import json
import math
import re
from array import array
from itertools import accumulate
from typing import Any

import orjson

MAX_DEPTH = 32

# A surrogate, raw or escaped: valid only as half of a pair (which json joins).
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
# Outside strings, each bracket becomes a signed byte (+1 opens, -1 closes) and
# everything else is dropped, so the depth is the largest running sum.
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))


class JsonError(ValueError):
    """Text that is not JSON, or JSON nested too deeply."""


def canonical(value: Any) -> str:
    """`value` as canonical JSON: keys sorted, no spaces, text as it is. The same
    text as `json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`,
    written by orjson eight times faster, but for a float between -1e-4 and 1e-4
    (orjson writes 1e-05 as 0.00001: the same number; no game's position holds a float,
    which the conformance suite checks). What orjson refuses (an integer past 64 bits,
    a key that is not text) is written by json."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
    except TypeError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    if isinstance(text, (bytes, bytearray)):
        text = _decode(bytes(text))
    if depth(text) > max_depth:
        raise JsonError(f"JSON nested more than {max_depth} levels deep")
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_not_json)
    except (ValueError, RecursionError) as exc:
        raise JsonError(f"not valid JSON: {exc}") from None
    if _may_hold_surrogates(text) and _SURROGATE.search(text) and not _encodable(value):
        raise JsonError("not valid JSON: a string holds half a UTF-16 surrogate pair")
    return value


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in a JSON text, in one linear
    scan (for text that is not JSON, a bound on how deep json would get)."""
    # Without its escaped backslashes and quotes, a string is quote, no quotes, quote:
    # split at the quotes, every other piece is outside the strings. Outside them JSON
    # is ASCII, so whatever is not can be dropped (json stops there anyway).
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(unescaped.split('"')[0::2]).encode("ascii", "ignore")
    return max(accumulate(array("b", outside.translate(_STEPS, _NOT_BRACKETS))), default=0)


def _may_hold_surrogates(text: str) -> bool:
    """A cheap first look: an escape, or a character outside ASCII."""
    return "\\u" in text or not text.isascii()


def _encodable(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large a number")
    return number


def _not_json(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _decode(data: bytes) -> str:
    try:
        return data.decode(json.detect_encoding(data), "surrogatepass")
    except UnicodeDecodeError as exc:
        raise JsonError(f"not valid JSON: {exc}") from None
