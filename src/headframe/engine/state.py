"""The engine contract: a game state is a state machine that always knows who
owes which decision.

A game subclasses `State`, declares its data as ``__slots__`` (plain data only:
ints, strings, bools, None, lists and string-keyed dicts, so that a clone is one
`marshal` round trip, or a copy of each field as deep as its declared shape
(`SHAPES`, engine/shapes.py), and a position is plain JSON), and names the hooks
(each a function of the state, usually the rules chapter's own: `observe = view.observe`):

    setup()                      deal and place everything for a new game (the
                                 engine then runs the flow to the first decision)
    flow                         the game's turn structure (engine.flow.Flow), which
                                 gives the next three; or write them by hand:
    to_move() -> tuple[int]      the seats that owe a decision now (empty: over)
    generate_decision(seat)      the Decision with the complete list of legal actions
    perform(seat, action)        the mutation, for an action known to be legal
    observe(seat | None) -> dict what that seat may know, and nothing more
    final_result() -> Result     scores and ranking, once over
    resample_hidden(seat, rng)   (hidden-information games) redraw all the seat
                                 cannot see, consistently with what it has seen
    validate()                   (optional) deeper checks of a loaded position
    derive()                     (optional) the values named in DERIVED (its tables, its
                                 board), from the game and options alone: attributes of
                                 every state, never fields
    statistics(), progress()     (optional) per-seat statistics and 0-100 progress

Everything else — legality checks, atomicity, caching, history, undo, logging,
cloning, positions and records — is written once, here.
"""

from __future__ import annotations

import marshal
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from . import jsontext
from .actions import Action, offered
from .errors import HeadframeError, IllegalAction, MalformedAction, OptionError, PositionError
from .result import Result
from .rng import Rng
from .shapes import Shapes, getter

if TYPE_CHECKING:
    from .game import Game

POSITION_FORMAT = "headframe-position/1"
VIEW_HEADER = ("game", "player_count", "options", "seat", "to_move", "over", "decision", "result")
RECORD_FORMAT = "headframe-record/1"


class Decision(NamedTuple):  # a named tuple: quicker to make than a dataclass, and every decision makes one
    """What one seat must decide now: a kind, a prompt for people, the legal actions."""

    seat: int
    kind: str
    prompt: str
    actions: tuple[Action, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "actions": [a.to_json() for a in self.actions],
        }


class State:
    __slots__ = ("game", "players", "seed", "options", "rng", "log", "history", "_decisions", "_revealed",
                 "_shared", "memo", "records")
    game: Game
    players: int
    seed: int
    options: Any  # the game's Options
    rng: Rng
    log: list[dict[str, Any]]
    history: list[tuple[int, Action, bool]]
    _decisions: dict[int, Decision]
    _revealed: bool
    _shared: bool  # the log and history lists may be a clone's too: copied before either grows
    # The game's cache of values derived from this state, each under a key that names all an action
    # could change that it depends on (a seat's plan for the round: the seat and the round, as no
    # action changes its inputs while the foremen are placed). It is never in a position or a view,
    # and a clone or a loaded position starts with none.
    memo: dict[Any, Any]
    records: bool  # False in a search world (`determinize(record=False)`): its moves add nothing to its history or log

    FIELDS: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[Any]
    # Values a game derives from its game and options alone (its tables, the board played on), each
    # in a slot of the game's own named here: never a field (nor in a position), set by `derive` when
    # a state is made, shared by its clones. Attributes, not properties: the rules read them hundreds
    # of times in a search iteration.
    DERIVED: ClassVar[tuple[str, ...]] = ()
    # The shape of each field (engine.shapes), if the game declares them: a clone copies each
    # field as deep as its shape (else one marshal round trip), and a loaded position is held to them.
    SHAPES: ClassVar[Shapes | None] = None
    # True when `observe` ignores the seat (every seat sees everything): `views` observes once.
    OPEN: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: list[str] = []
        for klass in reversed(cls.__mro__):
            if klass is not State and issubclass(klass, State):
                slots = klass.__dict__.get("__slots__", ())
                fields.extend(name for name in ((slots,) if isinstance(slots, str) else slots))
        undeclared = set(cls.DERIVED) - set(fields)
        if undeclared:
            raise TypeError(f"{cls.__name__}: derived values {sorted(undeclared)} have no slot")
        cls.FIELDS = tuple(name for name in fields if name not in cls.DERIVED)
        cls._values = staticmethod(getter(cls.FIELDS))
        flow = cls.__dict__.get("flow")
        if flow is not None:  # its `to_move` is the state's own: one call for a question asked several times a move
            cls.to_move = flow.to_move  # type: ignore[method-assign]

    # --- the hooks a game implements -----------------------------------------

    def setup(self) -> None:
        raise NotImplementedError

    # A game declares its turn structure as a `flow.Flow` and names it here; these
    # three hooks then follow it (a game may still write them itself).
    flow: ClassVar[Any] = None

    def to_move(self) -> tuple[int, ...]:
        return self.flow.to_move(self)

    def generate_decision(self, seat: int) -> Decision:
        return self.flow.decide(self, seat)

    def perform(self, seat: int, action: Action) -> None:
        self.flow.perform(self, seat, action)

    def derive(self) -> tuple[Any, ...]:
        """The values of DERIVED, in order, from `game` and `options`."""
        return ()

    def observe(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def final_result(self) -> Result:
        raise NotImplementedError

    def resample_hidden(self, seat: int, rng: Rng) -> None:
        """Perfect-information games (apart from future chance) keep this no-op."""

    def validate(self) -> None:
        """Raise PositionError for a loaded position whose data do not add up."""

    def statistics(self) -> dict[str, list[int | float]]:
        """The game's declared per-seat statistics (ore sold by type, VP from each
        source, ...), each a list indexed by seat, for the simulation lab."""
        return {}

    def progress(self) -> float:
        """How far the game has come, from 0 to 100, for progress bars."""
        return 100.0 if self.is_over() else 0.0

    # --- creation --------------------------------------------------------------

    @classmethod
    def _blank(cls, game: Game, players: int, seed: int, options) -> State:
        state = cls.__new__(cls)
        state.game = game
        state.players = players
        state.seed = seed
        state.options = options
        state.rng = Rng(seed)
        state.log = []
        state.history = []
        state._decisions = {}
        state._revealed = False
        state._shared = False
        state.memo = {}
        state.records = True
        for name, value in zip(cls.DERIVED, state.derive()):
            setattr(state, name, value)
        return state

    # --- turn structure --------------------------------------------------------

    def is_over(self) -> bool:
        return not self.to_move()

    def decision(self, seat: int) -> Decision:
        cached = self._decisions.get(seat)
        if cached is not None:
            return cached
        if type(seat) is not int or not 0 <= seat < self.players:  # a seat in range skips the call
            self._check_seat(seat)
        if seat not in self.to_move():
            raise IllegalAction(self._not_to_move(seat))
        decision = self._decisions[seat] = self.generate_decision(seat)
        return decision

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return self.decision(seat).actions

    def apply(self, seat: int, action: Action | dict | str) -> None:
        """Apply one seat's action. Anything illegal raises IllegalAction and
        leaves the state exactly as it was. `action` may also be the JSON form
        (a dict or its text) or the short id."""
        if type(seat) is not int or not 0 <= seat < self.players:  # a seat in range skips the call
            self._check_seat(seat)
        if not isinstance(action, Action):
            action = self.game.parse_action(action)
        decision = self.decision(seat)
        if not offered(action, decision.actions):
            raise IllegalAction(
                f"{action.id} is not a legal action for seat {seat} now "
                f"({decision.kind}: {decision.prompt})"
            )
        self.play(seat, action)

    def play(self, seat: int, action: Action) -> None:
        """Apply an action of `decision(seat).actions`, as it is, unchecked: for search,
        which takes every action it plays from the state's own decisions."""
        if not self.records:
            self.perform(seat, action)
            self._decisions = {}
            return
        rng_before = self.rng.state
        self._revealed = False
        self.perform(seat, action)
        self._decisions = {}
        barrier = self._revealed or self.rng.state != rng_before or seat not in self.to_move()
        if self._shared:
            self._own_records()
        self.history.append((seat, action, barrier))

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("the game is not over yet")
        return self.final_result()

    # --- what a game calls while performing ------------------------------------

    def event(self, name: str, private: dict[int, dict] | None = None, **public: Any) -> None:
        """Log one event: its public part, and optionally a private part per seat. A state that keeps
        no records drops it; where a search plays it in every iteration, a game skips the call
        (`if state.records:`), as packing the keywords is most of its cost."""
        if not self.records:
            return
        entry: dict[str, Any] = {"event": name, **public}
        if private:
            entry["private"] = {str(seat): part for seat, part in private.items()}
        if self._shared:
            self._own_records()
        self.log.append(entry)

    def reveals(self) -> None:
        """Mark the action being performed as showing hidden information (a card
        drawn from a face-down pile, a bid revealed): it can no longer be taken
        back. Drawing on the state's RNG is detected by itself."""
        self._revealed = True

    # --- what a seat may know --------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """A JSON observation of everything `seat` may know (None: a spectator)."""
        if seat is not None:
            self._check_seat(seat)
        return self._view(seat, self.observe(seat))

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """`view(seat)` of each of `seats`; a game whose seats all see everything (OPEN)
        is observed once, and its views share what they observed (read them, never change them)."""
        seats = list(seats)
        for seat in seats:
            if seat is not None:
                self._check_seat(seat)
        if not self.OPEN:
            return {seat: self._view(seat, self.observe(seat)) for seat in seats}
        observed = self.observe(None)
        return {seat: self._view(seat, observed) for seat in seats}

    def _view(self, seat: int | None, observed: dict[str, Any]) -> dict[str, Any]:
        to_move = self.to_move()
        view: dict[str, Any] = {
            "game": self.game.name,
            "player_count": self.players,
            "options": self.options.to_dict(),
            "seat": seat,
            "to_move": list(to_move),
            "over": not to_move,
        }
        view.update(observed)  # VIEW_HEADER keys are the engine's; observe never uses them
        if seat is not None and seat in to_move:
            view["decision"] = self.decision(seat).to_json()
        if not to_move:
            view["result"] = self.result().to_json()
        return view

    def log_for(self, seat: int | None = None, start: int = 0) -> list[dict[str, Any]]:
        """The log (from entry `start` on) as `seat` may read it: public parts,
        and its own private parts."""
        key = None if seat is None else str(seat)
        entries = []
        for entry in self.log[start:]:
            private = entry.get("private")
            if private is None:
                entries.append(entry)
                continue
            public = {k: v for k, v in entry.items() if k != "private"}
            if key in private:
                public["private"] = private[key]
            entries.append(public)
        return entries

    def determinize(self, seat: int, rng: Rng, keep_log: bool = True, record: bool = True) -> State:
        """A world `seat` cannot tell from the real one: all it cannot see is
        resampled consistently with what it has seen, future chance is reseeded,
        and nothing else hidden is left in it (no history, no seed, no other
        seat's private log). Search runs on these, never on the real state.
        With `record=False` the world and its clones keep no history or log of
        the moves played in them (a search reads neither: it saves every move's
        bookkeeping)."""
        self._check_seat(seat)
        world = self.redraw(seat, rng)
        world.seed = rng.next64() >> 1  # the real seed would replay the real deal
        world.history = []  # others' past actions may hold what the seat cannot know
        world.log = [_entry_for(entry, str(seat)) for entry in self.log] if keep_log else []
        world.records = record
        return world

    def redraw(self, seat: int, rng: Rng) -> State:
        """A copy with all `seat` cannot see redrawn and future chance reseeded,
        keeping history, seed and log as they are: for a world that already holds
        nothing hidden from `seat` (a determinization), this is a fresh one at the
        cost of a clone, however long the game's log."""
        world = self.clone()
        world.rng = rng.fork()
        world._decisions = {}
        world.resample_hidden(seat, rng)
        return world

    # --- copies, positions, records --------------------------------------------

    def clone(self) -> State:
        cls = self.__class__
        twin = cls.__new__(cls)
        twin.game = self.game
        twin.players = self.players
        twin.seed = self.seed
        twin.options = self.options
        twin.rng = self.rng.copy()
        twin.log = self.log  # shared until either state adds to it (copy on write: a game's
        twin.history = self.history  # log runs to thousands of entries)
        self._shared = twin._shared = True
        twin._decisions = self._decisions  # valid until either applies; apply replaces it
        twin._revealed = False
        twin.memo = {}
        twin.records = self.records
        for name in self.DERIVED:
            setattr(twin, name, getattr(self, name))
        if self.SHAPES is None:
            for name, value in zip(self.FIELDS, marshal.loads(marshal.dumps(self._values(self)))):
                setattr(twin, name, value)
        else:
            self.SHAPES.copy(self, twin)
        return twin

    def _own_records(self) -> None:
        """Copy the log and history a clone shares, before this state adds to them."""
        self.log = self.log.copy()
        self.history = self.history.copy()
        self._shared = False

    def __deepcopy__(self, memo: dict) -> State:
        return self.clone()

    def fields(self) -> dict[str, Any]:
        return dict(zip(self.FIELDS, self._values(self)))

    def to_dict(self) -> dict[str, Any]:
        """The position as data that shares the state's own lists and the actions'
        interned JSON forms: for reading and serialising, never for changing."""
        return {
            "format": POSITION_FORMAT,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "rng": self.rng.state,
            "state": self.fields(),
            "history": [[seat, action._json, barrier] for seat, action, barrier in self.history],
            "log": self.log,
        }

    def to_json(self) -> str:
        """The whole state as canonical JSON: a position, loadable with `from_json`."""
        return jsontext.canonical(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes | dict, game: Game) -> State:
        """Load a position of `game`, checking it field by field; raises
        PositionError (`engine.load_position` finds the game by the position's name)."""
        return _load_position(game, parse_position(text))

    def record(self) -> dict[str, Any]:
        """The record of this game so far: replaying it rebuilds this state."""
        return {
            "game": self.game.name,
            "format": RECORD_FORMAT,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "actions": [{"seat": seat, "action": action.to_json()} for seat, action, _ in self.history],
        }

    # --- undo ------------------------------------------------------------------

    def can_undo(self, seat: int) -> bool:
        """A seat may take back its own last action while its turn goes on, and
        never past one that revealed hidden information or drew randomness."""
        return bool(self.history) and self.history[-1][0] == seat and not self.history[-1][2]

    def undo(self, seat: int) -> None:
        self._check_seat(seat)
        if not self.can_undo(seat):
            raise IllegalAction(self._why_no_undo(seat))
        previous = self.game.new_state(self.players, self.seed, self.options)
        for earlier_seat, action, _ in self.history[:-1]:
            previous.apply(earlier_seat, action)
        for name in State.__slots__ + self.FIELDS:
            setattr(self, name, getattr(previous, name))

    def _why_no_undo(self, seat: int) -> str:
        if not self.history or self.history[-1][0] != seat:
            return f"seat {seat} has no action of its own to take back in this turn"
        return f"seat {seat}'s last action revealed information, drew at random or ended its turn"

    # --- helpers -----------------------------------------------------------------

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r} in a {self.players}-player game")

    def _not_to_move(self, seat: int) -> str:
        waiting = self.to_move()
        if not waiting:
            return "the game is over"
        names = ", ".join(f"seat {s}" for s in waiting)
        return f"it is not seat {seat}'s move (waiting for {names})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.to_json() == self.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.game.title} state, {self.players} players, {len(self.history)} actions>"


def check_rules_version(game: Game, version: Any, what: str, error: type[HeadframeError]) -> None:
    """Refuse a record or position of another version of the game's rules: its
    actions may mean something else now, or lead to another state. (Records and
    positions from before versions were kept are of version 1.)"""
    if version != game.rules_version:
        raise error(
            f"rules_version: this {what} is of {game.title} rules version {version!r}, "
            f"but this is version {game.rules_version}; a game does not carry over between versions"
        )


def _entry_for(entry: dict[str, Any], key: str) -> dict[str, Any]:
    """A log entry with only the private part of seat `key` (internal form)."""
    private = entry.get("private")
    if private is None or set(private) <= {key}:
        return entry
    kept = {k: v for k, v in entry.items() if k != "private"}
    if key in private:
        kept["private"] = {key: private[key]}
    return kept


def parse_position(text: str | bytes | dict) -> dict[str, Any]:
    if isinstance(text, dict):
        return text
    try:
        data = jsontext.loads(text)
    except (TypeError, jsontext.JsonError) as exc:
        raise PositionError(f"a position is JSON text: {exc}") from None
    if not isinstance(data, dict):
        raise PositionError("a position is a JSON object")
    return data


def _load_position(game: Game, data: dict[str, Any]) -> State:
    if data.get("format") != POSITION_FORMAT:
        raise PositionError(f"format: expected {POSITION_FORMAT!r}, got {data.get('format')!r}")
    if data.get("game") != game.name:
        raise PositionError(f"game: this is a position of {data.get('game')!r}, not {game.name!r}")
    check_rules_version(game, data.get("rules_version", 1), "position", PositionError)
    for key in ("players", "seed", "rng"):
        if isinstance(data.get(key), bool) or not isinstance(data.get(key), int):
            raise PositionError(f"{key}: expected an integer, got {data.get(key)!r}")
    if not 0 <= data["rng"] < 1 << 64:
        raise PositionError("rng: out of range")
    try:
        fresh = game.new_state(data["players"], data["seed"], data.get("options"))
    except (OptionError, HeadframeError) as exc:
        raise PositionError(str(exc)) from None
    state = fresh.clone()
    state.rng = Rng(data["rng"])
    _load_fields(state, fresh, data.get("state"))
    state.history = _load_history(game, data.get("history"))
    log = data.get("log")
    if not isinstance(log, list) or not all(isinstance(e, dict) and "event" in e for e in log):
        raise PositionError("log: expected a list of events")
    state.log = log
    state._decisions = {}
    _audit(state)
    return state


def _load_fields(state: State, fresh: State, fields: Any) -> None:
    if not isinstance(fields, dict):
        raise PositionError("state: expected an object of the game's fields")
    missing = [name for name in state.FIELDS if name not in fields]
    extra = [name for name in fields if name not in state.FIELDS]
    if missing or extra:
        raise PositionError(f"state: missing {missing or 'nothing'}, unknown {extra or 'nothing'}")
    for name in state.FIELDS:
        expected, value = getattr(fresh, name), fields[name]
        if expected is not None and value is not None and type(expected) is not type(value):
            raise PositionError(
                f"state.{name}: expected {type(expected).__name__}, got {type(value).__name__}"
            )
        setattr(state, name, value)
    shape = state.SHAPES and state.SHAPES.error(state)
    if shape:
        raise PositionError(shape)


def _load_history(game: Game, history: Any) -> list[tuple[int, Action, bool]]:
    if not isinstance(history, list):
        raise PositionError("history: expected a list")
    loaded = []
    for index, item in enumerate(history):
        if not (isinstance(item, list) and len(item) == 3 and type(item[0]) is int and type(item[2]) is bool):
            raise PositionError(f"history[{index}]: expected [seat, action, barrier]")
        try:
            loaded.append((item[0], game.Action.from_json(item[1]), item[2]))
        except MalformedAction as exc:
            raise PositionError(f"history[{index}]: {exc}") from None
    return loaded


def _audit(state: State) -> None:
    """Run the state's own machinery once, so that an inconsistent position fails
    on loading with a PositionError rather than later with a crash."""
    try:
        state.validate()
        for seat in state.to_move():
            state.decision(seat)
        state.view(None)
        state._decisions = {}
    except PositionError:
        raise
    except Exception as exc:  # a corrupt position may break any of the game's own code
        raise PositionError(f"the position is inconsistent: {type(exc).__name__}: {exc}") from None
