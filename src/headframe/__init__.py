"""headframe: four mining-industry board games with their complete rules."""

from .engine import load_game, game_names

__version__ = "0.1.0"
__all__ = ["load_game", "game_names", "__version__"]
