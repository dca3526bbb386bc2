"""Shared fixtures: the test game Pit Lamps is registered beside the real games."""

from headframe.engine import register
from tests.tinygame import PitLamps

register(PitLamps)
