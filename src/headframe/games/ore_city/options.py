"""Ore City's options: the rulings a table may read either way, and a round limit."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Options, option


@dataclass(frozen=True)
class OreCityOptions(Options):
    residential_payout_table: str = option(
        "reconstructed", "Residential payout tables (ORE-R25)", choices=("reconstructed", "linear"))
    majority_ranking: str = option(
        "dense", "Whether a tie for 1st leaves room for a 2nd (ORE-R24)", choices=("dense", "competition"))
    airport_discard_timing: str = option(
        "before_cost", "Airport: discard before or after its cost is computed (ORE-R32)",
        choices=("before_cost", "after_cost"))
    round_limit: int | None = option(
        None, "End as a draw after this many rounds; not a rule of the game (ORE-R37, INVENTED)", minimum=1)
