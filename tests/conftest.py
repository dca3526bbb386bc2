"""Shared fixtures: the test game Pit Lamps is registered beside the real games.
And the order the suite runs in: the folders of long tests (whole games through a
browser, servers, simulations) first, the many quick rule tests last, so that on
`-n 2` neither worker is left alone with a long test at the end."""

from headframe.engine import register
from tests.tinygame import PitLamps

register(PitLamps)

LONG_FIRST = ("browser", "server", "sim", "rl", "conformance", "play", "agents", "cli")


def pytest_collection_modifyitems(items) -> None:
    def rank(item) -> int:
        folder = item.nodeid.split("/")[1] if item.nodeid.startswith("tests/") else ""
        return LONG_FIRST.index(folder) if folder in LONG_FIRST else len(LONG_FIRST)

    items.sort(key=rank)  # stable: within a folder, the order pytest collected
