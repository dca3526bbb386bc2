"""Time controls and clocks, as plain data and pure functions (no I/O: the time
is always passed in).

A table plays with no clock, in real time (a bank per seat, an increment when
the seat's move is done, the bank capped at its start) or turn based (each move
gets the whole allowance). A clock holds, per seat, the time it had left when
the running clocks started (`since`), and which seats' clocks run: every seat
that owes a decision now and is played by a person (a simultaneous sealed step
runs every owing seat's clock at once; a seat stops when it commits)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

MODES = ("none", "real-time", "turn-based")
DAY = 86400.0

# Presets: real time as (bank, increment), turn based as the allowance per move, in seconds.
PRESETS: dict[str, dict[str, tuple[float, float]]] = {
    "real-time": {"fast": (120.0, 10.0), "normal": (300.0, 30.0), "slow": (600.0, 60.0)},
    "turn-based": {"1-day": (DAY, 0.0), "3-days": (3 * DAY, 0.0)},
}


class ClockError(ValueError):
    """An unknown time control or preset."""


@dataclass(frozen=True)
class Control:
    mode: str = "none"
    preset: str | None = None
    bank: float = 0.0  # real time: the starting bank, and its cap
    increment: float = 0.0  # real time: added when the seat's move is done
    per_move: float = 0.0  # turn based: the allowance of each move

    @property
    def timed(self) -> bool:
        return self.mode != "none"

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "preset": self.preset, "bank": self.bank, "increment": self.increment,
                "per_move": self.per_move}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Control:
        return cls() if not data else cls(**{key: data[key] for key in cls.__dataclass_fields__ if key in data})

    def describe(self) -> str:
        """The control in words: "Real time · normal: 5 min + 30 s per move"."""
        if self.mode == "real-time":
            return f"Real time · {self.preset}: {duration(self.bank)} + {duration(self.increment)} per move"
        if self.mode == "turn-based":
            return f"Turn based · {duration(self.per_move)} per move"
        return "No clock"


def choose(mode: str, preset: str | None, presets: Mapping[str, Mapping[str, tuple[float, float]]] = PRESETS
           ) -> Control:
    """The control a table asked for; raises ClockError for an unknown one."""
    if mode not in MODES:
        raise ClockError(f"clock mode {mode!r} is not one of {', '.join(MODES)}")
    if mode == "none":
        return Control()
    offered = presets.get(mode, {})
    if preset not in offered:
        raise ClockError(f"there is no {mode} preset {preset!r}: choose one of {', '.join(offered)}")
    first, second = offered[preset]
    if mode == "real-time":
        return Control(mode, preset, bank=float(first), increment=float(second))
    return Control(mode, preset, per_move=float(first))


@dataclass(frozen=True)
class Clock:
    control: Control
    left: tuple[float, ...]  # per seat: seconds left at `since` (for running seats), else now
    since: datetime | None = None  # when the running clocks started (UTC); None while none runs
    running: frozenset[int] = frozenset()


def start(control: Control, players: int) -> Clock:
    allowance = control.bank if control.mode == "real-time" else control.per_move
    return Clock(control, (allowance,) * players)


def left_at(clock: Clock, now: datetime) -> tuple[float, ...]:
    """Each seat's time left at `now` (never below zero)."""
    spent = 0.0 if clock.since is None else max(0.0, (now - clock.since).total_seconds())
    return tuple(max(0.0, left - spent) if seat in clock.running else left for seat, left in enumerate(clock.left))


def advance(clock: Clock, now: datetime, owing: Collection[int], moved: int | None = None) -> Clock:
    """The clock after a change at `now`: the running seats are charged the time
    since they started; `moved`, the seat whose action it was, earns the
    increment if its move is done (it no longer owes); the seats that owe now
    run from `now` (in turn-based play a seat that starts owing gets the whole
    allowance)."""
    control, owing = clock.control, frozenset(owing)
    left = list(left_at(clock, now))
    if moved is not None and moved in clock.running and moved not in owing and control.mode == "real-time":
        left[moved] = min(control.bank, left[moved] + control.increment)
    if control.mode == "turn-based":
        for seat in owing - clock.running:
            left[seat] = control.per_move
    return Clock(control, tuple(left), now if owing else None, owing)


def give_back(clock: Clock, seat: int) -> Clock:
    """A seat taken back by its player: in real time it has what it had, but at
    least one increment (a seat that ran out could not move at all otherwise);
    turn based, the allowance comes when it next owes (`advance`)."""
    if clock.control.mode != "real-time" or seat in clock.running:
        return clock
    left = list(clock.left)
    left[seat] = min(clock.control.bank, max(left[seat], clock.control.increment))
    return replace(clock, left=tuple(left))


def deadlines(clock: Clock) -> dict[int, datetime]:
    """When each running seat runs out."""
    if clock.since is None:
        return {}
    return {seat: clock.since + timedelta(seconds=clock.left[seat]) for seat in sorted(clock.running)}


def run_out(clock: Clock, now: datetime) -> list[int]:
    """The running seats whose time is up at `now`."""
    return [seat for seat, deadline in deadlines(clock).items() if deadline <= now]


def public(clock: Clock | None, now: datetime) -> dict[str, Any]:
    """The clocks as everyone may see them (they run for the seats in `to_move()`,
    which every seat sees): the control in words, each seat's time left and
    whether it runs, and from how many seconds left a clock is low."""
    if clock is None:
        return {"mode": "none", "words": Control().describe(), "low": 0, "seats": []}
    control, left = clock.control, left_at(clock, now)
    low = max(30.0, control.bank / 5) if control.mode == "real-time" else control.per_move / 8
    return {"mode": control.mode, "words": control.describe(), "low": low,
            "seats": [{"seat": seat, "left": round(seconds, 1), "running": seat in clock.running}
                      for seat, seconds in enumerate(left)]}


def duration(seconds: float) -> str:
    """A length of time in words: "3 days", "2 h 14 min", "5 min", "4 min 30 s", "30 s"."""
    whole = int(round(seconds))
    if whole >= DAY and whole % DAY == 0:
        days = whole // int(DAY)
        return f"{days} day" if days == 1 else f"{days} days"
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    if minutes:
        return f"{minutes} min {secs} s" if secs else f"{minutes} min"
    return f"{seconds:g} s" if seconds < 10 and seconds != whole else f"{whole} s"
