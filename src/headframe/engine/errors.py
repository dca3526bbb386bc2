"""The errors every layer of headframe raises: each says, in words a person
understands, what was wrong with the input."""


class HeadframeError(Exception):
    """Base of every error headframe raises on purpose."""


class IllegalAction(HeadframeError, ValueError):
    """An action that is not legal now: wrong seat, wrong moment, or not offered.

    The state it was applied to is left exactly as it was."""


class MalformedAction(IllegalAction):
    """Input that is not an action of this game at all (bad JSON, unknown kind,
    missing or mistyped field)."""


class OptionError(HeadframeError, ValueError):
    """An unknown option or a value an option does not allow."""


class PositionError(HeadframeError, ValueError):
    """A position (`State.to_json()`) that cannot be loaded."""


class RecordError(HeadframeError, ValueError):
    """A game record that is malformed or does not replay."""


class ComponentError(HeadframeError, ValueError):
    """A component data file that is missing, unreadable or invalid."""


class UnknownGame(HeadframeError, LookupError):
    """No game of that name is registered."""
