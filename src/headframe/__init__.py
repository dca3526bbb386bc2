"""headframe: four mining-industry board games with their complete rules."""

from .engine import game_names, load_game

__version__ = "0.1.0"
__all__ = ["load_game", "game_names", "__version__"]
