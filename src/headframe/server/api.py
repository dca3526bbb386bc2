"""Request bodies of the REST API: every field typed and bounded, unknown fields refused.

Every string a client names something with is `Text`: no control or format
characters (NUL above all, which PostgreSQL refuses), the same on every database."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

OPTIONS_DEPTH = 4


def printable(text: str) -> str:
    for char in text:
        if unicodedata.category(char)[0] == "C":
            raise ValueError(f"control or format character U+{ord(char):04X} is not allowed")
    return text


def plain_options(value: Any, depth: int = 0) -> Any:
    """Option values: every key and string printable, nested at most OPTIONS_DEPTH deep."""
    if depth > OPTIONS_DEPTH:
        raise ValueError(f"option values are nested at most {OPTIONS_DEPTH} levels deep")
    if isinstance(value, str):
        printable(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            printable(key)
            plain_options(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            plain_options(item, depth + 1)
    return value


Text = Annotated[str, AfterValidator(printable)]
GameOptions = Annotated[dict[Text, Any], Field(max_length=64), AfterValidator(plain_options)]
Name = Field(default=None, max_length=40)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    type: Literal["human", "bot"]
    name: Text | None = Name
    agent: Text | None = Field(default=None, max_length=120)
    me: bool = False  # the signed-in creator's own seat (accounts.py)


class ClockChoice(Strict):
    mode: Literal["none", "real-time", "turn-based"] = "none"
    preset: Text | None = Field(default=None, max_length=32)  # one of the mode's presets (clocks.PRESETS)


class CreateGame(Strict):
    game: Text = Field(max_length=64)
    players: int
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    options: GameOptions = Field(default_factory=dict)
    name: Text | None = Field(default=None, max_length=80)
    hotseat: bool = False
    think_time: float | None = Field(default=None, ge=0, le=10)  # None: the server's default
    seed: int | None = Field(default=None, ge=0, lt=1 << 63)
    clock: ClockChoice = Field(default_factory=ClockChoice)  # forced to none for hot seat and bots alone
    open_seats: bool = False  # anyone in the lobby may take the human seats (otherwise: by invitation only)
    hints: bool = True  # seats may ask what the bot would do (hints.py); always off in rated games


class Claim(Strict):
    name: Text | None = Name


class Act(Strict):
    seat: int
    action: dict[str, Any] | str
    version: int | None = None


class Undo(Strict):
    seat: int
    version: int | None = None


class Control(Strict):
    controller: Literal["human", "bot"]
    agent: Text | None = Field(default=None, max_length=120)
