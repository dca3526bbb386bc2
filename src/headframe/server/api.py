"""Request bodies of the REST API and messages of the WebSocket protocol: every
field typed and bounded, unknown fields refused, integers strict (a seat is 0, not
0.0, true or "0").

Every string a client names something with is `Text`: no control or format
characters (NUL above all, which PostgreSQL refuses), the same on every database."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

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
CHAT_TEXT = 500  # characters of a chat message, its whitespace runs counted once


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    type: Literal["human", "bot"]
    name: Text | None = Name
    agent: Text | None = Field(default=None, max_length=120)
    me: bool = False  # the signed-in creator's own seat (accounts.py)
    account: Text | None = Field(default=None, max_length=64)  # the seat is this account's at once (friends.py)


class ClockChoice(Strict):
    mode: Literal["none", "real-time", "turn-based"] = "none"
    preset: Text | None = Field(default=None, max_length=32)  # one of the mode's presets (clocks.PRESETS)


class CreateGame(Strict):
    game: Text = Field(max_length=64)
    players: StrictInt
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    options: GameOptions = Field(default_factory=dict)
    name: Text | None = Field(default=None, max_length=80)
    hotseat: bool = False
    # How long a bot's turn takes at least: its first decision; each later one a step (pace.pause). None: the server's.
    think_time: float | None = Field(default=None, ge=0, le=10)
    seed: int | None = Field(default=None, ge=0, lt=1 << 63)
    clock: ClockChoice = Field(default_factory=ClockChoice)  # forced to none for hot seat and bots alone
    open_seats: bool = False  # anyone in the lobby may take the human seats (otherwise: by invitation only)
    hints: bool = True  # seats may ask what the bot would do (hints.py); always off in rated games


class Claim(Strict):
    name: Text | None = Name


class Act(Strict):
    seat: StrictInt
    action: dict[str, Any] | str  # its JSON or its id
    version: StrictInt | None = None


class Undo(Strict):
    seat: StrictInt
    version: StrictInt | None = None


class ChatPost(Strict):
    # Whitespace runs (tabs and line breaks too) count once: room to fold them; then checked (chat.message_text).
    text: str = Field(max_length=4 * CHAT_TEXT)
    name: Text | None = Name


class Control(Strict):
    controller: Literal["human", "bot"]
    agent: Text | None = Field(default=None, max_length=120)


# --- the WebSocket protocol (live.py) -------------------------------------------------

Layout = Literal["wide", "narrow"]  # a board's layout: "narrow" for phones (game.presentation.render_board)


class Hello(Strict):
    type: Literal["hello"]
    tokens: list[Annotated[str, Field(max_length=128)]] = Field(default_factory=list, max_length=8)
    layout: Layout = "wide"


class Message(Strict):
    ref: Any = None  # the client's, sent back with the reply when a browser holds it exactly (live.py)


class Ping(Message):
    type: Literal["ping"]


class Sync(Message):
    type: Literal["sync"]


class LayoutChange(Message):
    type: Literal["layout"]
    layout: Layout


class ActMessage(Act, Message):
    type: Literal["act"]


class UndoMessage(Undo, Message):
    type: Literal["undo"]


class ChatMessage(ChatPost, Message):
    type: Literal["chat"]
    seat: StrictInt | None = None  # None: the connection's first seat, or a spectator's message


SocketMessage = Annotated[Ping | Sync | LayoutChange | ActMessage | UndoMessage | ChatMessage,
                          Field(discriminator="type")]
KINDS = ("act", "undo", "sync", "layout", "ping", "chat")
_socket_message: TypeAdapter[SocketMessage] = TypeAdapter(SocketMessage)
_hello: TypeAdapter[Hello] = TypeAdapter(Hello)


def socket_message(message: dict[str, Any]) -> SocketMessage:
    """A client's message after its hello, checked (ValueError with the reason a person reads)."""
    kind = message.get("type")
    if kind not in KINDS:
        raise ValueError(f"unknown message type {kind!r} ({', '.join(KINDS)})")
    try:
        return _socket_message.validate_python(message)
    except ValidationError as exc:
        # Each problem's place starts with the message's type, which is not a place in the message.
        raise ValueError(problems([{**error, "loc": error["loc"][1:]} for error in exc.errors()])) from None


def hello(message: dict[str, Any]) -> Hello:
    if message.get("type") != "hello":
        raise ValueError('the first message is a hello: {"type": "hello", "tokens": [...]}')
    try:
        return _hello.validate_python(message)
    except ValidationError as exc:
        raise ValueError(problems(exc.errors())) from None


def problems(errors: list[Any]) -> str:
    """What is wrong with a request or message, as a person reads it (the first five problems)."""
    return "; ".join(_problem(error) for error in errors[:5])


def _problem(error: Any) -> str:
    where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
    return f"{where}: {error.get('msg')}" if where else str(error.get("msg"))
