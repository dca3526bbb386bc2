"""The options of Tinners' Trail: the rulings a group may play either way."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Options, option


@dataclass(frozen=True)
class TinnersTrailOptions(Options):
    water_added_per_mine_action: int = option(
        0, "Water cubes added to an area after each Mine Ore action (TIN-R33)", choices=(0, 1)
    )
    adit_bonus_test: str = option(
        "cubes_present",
        "Which areas get an adit's immediate +1 copper, +1 tin: those holding a cube, or every discovered area (TIN-R38)",
        choices=("cubes_present", "discovered"),
    )
    adit_roll_bonus: str = option(
        "per_adit", "Each adit touching a rolled area adds its bonus, or the bonus counts once (TIN-R43)",
        choices=("per_adit", "once"),
    )
    roll_modifiers_on_mine_build: bool = option(
        True, "Train and port water modifiers also apply to the roll after a mine is built in a clear area (TIN-R44)"
    )
    investment_decline_is_final: bool = option(
        True, "A player who declines to invest is out for the rest of the phase (TIN-R48)"
    )
    prospect_in_final_turn: bool = option(True, "Phase 6 (prospecting) is played in turn 4 (TIN-R50)")
