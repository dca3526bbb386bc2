"""The game-agnostic core of headframe: the contract every game implements and
the mechanisms games share. Standard library only (PyYAML for data files)."""

from .actions import Action
from .components import Ruling
from .errors import (
    ComponentError,
    HeadframeError,
    IllegalAction,
    MalformedAction,
    OptionError,
    PositionError,
    RecordError,
    UnknownGame,
)
from .game import Game
from .glossary import Entry, Glossary
from .learning import Learning
from .observation import ObservationLayout, ObservationWriter
from .options import Options, option
from .people import naming, seat_colour, seat_colour_name, seat_label, seat_number
from .presentation import Presentation
from .records import comments_at, load_record, parse_record, save_record
from .registry import game_names, load_game, load_position, register, replay
from .result import Result
from .rng import Rng
from .spaces import ActionSpace
from .state import POSITION_FORMAT, RECORD_FORMAT, Decision, State

__all__ = [
    "Action", "ActionSpace", "ComponentError", "Decision", "Entry", "Game", "Glossary", "HeadframeError", "IllegalAction",
    "Learning",
    "MalformedAction", "ObservationLayout", "ObservationWriter", "OptionError", "Options", "POSITION_FORMAT", "PositionError",
    "Presentation", "RECORD_FORMAT", "RecordError", "Result", "Rng", "Ruling", "State", "UnknownGame",
    "comments_at", "game_names", "load_game", "load_position", "load_record", "naming", "option", "parse_record",
    "register", "replay", "save_record", "seat_colour", "seat_colour_name", "seat_label", "seat_number",
]
