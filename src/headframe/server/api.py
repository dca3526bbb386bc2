"""Request bodies of the REST API: every field typed and bounded, unknown fields refused."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Name = Field(default=None, max_length=40)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    type: Literal["human", "bot"]
    name: str | None = Name
    agent: str | None = Field(default=None, max_length=120)


class CreateGame(Strict):
    game: str = Field(max_length=64)
    players: int
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    name: str | None = Field(default=None, max_length=80)
    hotseat: bool = False
    think_time: float | None = Field(default=None, ge=0, le=10)  # None: the server's default
    seed: int | None = Field(default=None, ge=0, lt=1 << 63)


class Claim(Strict):
    name: str | None = Name


class Act(Strict):
    seat: int
    action: dict[str, Any] | str
    version: int | None = None


class Undo(Strict):
    seat: int
    version: int | None = None


class Control(Strict):
    controller: Literal["human", "bot"]
    agent: str | None = Field(default=None, max_length=120)
