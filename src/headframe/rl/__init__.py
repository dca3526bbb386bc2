"""Learning interfaces: every game as a PettingZoo AEC environment, a
Gymnasium single-agent environment against headframe agents, and an OpenSpiel
game (`headframe.rl.openspiel`, which needs `open_spiel`). They see the games
only through the engine contract."""

from .aec import aec_env
from .gym import single_agent_env

__all__ = ["aec_env", "single_agent_env"]
