"""Copper Country's options."""

from __future__ import annotations

from dataclasses import dataclass

from headframe.engine import Options, option

from .track import check_tokens, check_track_icons


@dataclass(frozen=True)
class CopperCountryOptions(Options):
    first_player: str = option("random", "Who goes first (COP-R2)", choices=("random", "seat_0"))
    hidden_scores: bool = option(True, "Copper piles hidden from other seats until the end (COP-R4)")
    powering_partner_contributes: bool = option(
        True, "A powered building's partner's mine sites are applicable for poor rock (COP-R16)")
    track_icons: str = option("local_business=5,13;era_2=9;event_19th=15",
                              "Industry-track spaces of the local business, era and event icons (COP-R35)")
    tiebreak_specialization: str = option(
        "all_players", "Specialization in the tie-breakers (COP-R40)",
        choices=("all_players", "tied_players", "keep_award"))
    use_company_cards: bool = option(True, "Company cards: 2:1, company claim, specialization (COP-R43)")
    use_local_business: bool = option(True, "Local business cards (COP-R43)")
    use_events: bool = option(True, "19th- and 20th-century event cards (COP-R43)")
    short_game: str = option("off", "Beginner short game (COP-R44)", choices=("off", "eras_1_2", "era_3_intro"))
    industry_track_tokens: str | None = option(
        None, "Advanced track tokens, e.g. 'start=3;end=30;local_business=7' (COP-R45)")
    board: str = option("summer", "Board side (COP-R46)", choices=("summer", "winter"))
    turn_limit: int | None = option(
        None, "End with the final scoring once each player has had this many turns; not a rule of the game "
        "(COP-R58, INVENTED)", minimum=1)

    def __post_init__(self) -> None:
        check_track_icons(self.track_icons)
        check_tokens(self)
