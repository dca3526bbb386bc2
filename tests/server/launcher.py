"""Runs the server in a subprocess with the test game Pit Lamps registered:
python -m tests.server.launcher --port N --db PATH"""

from headframe.engine import register
from headframe.server.cli import main
from tests.tinygame import PitLamps

if __name__ == "__main__":
    register(PitLamps)
    main()
