"""Copper Country (CMX Games, 2015) for 2 to 4 players: hire miners, work mine
sites shift by shift, build company, shaft and hoist houses, and produce the
most copper before the poor rock runs out."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from headframe.engine import Action, Game, Options, Result, option
from headframe.engine.game import rank_rewards
from headframe.engine.observation import ObservationLayout

from .actions import CopperAction
from . import encoding
from .components import SCHEMA, Tables
from .rules import CopperCountryState
from .track import check_tokens, check_track_icons, track_layout
from .view import render_text


@dataclass(frozen=True)
class CopperCountryOptions(Options):
    first_player: str = option("random", "Who goes first (COP-R2)", choices=("random", "seat_0"))
    hidden_scores: bool = option(True, "Copper piles hidden from other seats until the end (COP-R4)")
    powering_partner_contributes: bool = option(
        True, "A powered building's partner's mine sites are applicable for poor rock (COP-R16)")
    track_icons: str = option("local_business=5,13;era_2=9;event_19th=15",
                              "Industry-track spaces of the reconstructed icons (COP-R35)")
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


SUMMARY = """\
Copper Country: 2-4 players produce copper by working mine sites; most copper wins.
Setup: terrain tokens face down, era 1 capital and production decks, 3 cards each,
4 community cards, a company card each, 33 poor rock on the industry track; each
player contracts 1 miner, ready, at a camp.
A turn: 2 management actions (capital call, survey, build, prospect, negotiate,
immigrate; the same one twice is allowed), 1 labor action (work, stockpile,
relocate, payroll; From Struggle to Shutdown when desperate), then dividends:
discard down to the era's hand limit (4, 5, 6).
Work: move the ready miner at most one step to a mine site and exert it; take up
to 2 shifts + the best bonus of your shaft/hoist houses there (+2, powered +4)
- the poor rock penalty (1, 3, 6). Each shift reveals a production card: choose
one row and fulfil every icon (pay resources, send miners to unrest/cemetery,
place poor rock, produce copper, take or complete a claim, pass).
Poor rock comes off the industry track in order; icons revealed bring local
businesses, events and eras 2 and 3 (new cards, bigger hands, shaft houses in
era 2, hoist houses in era 3). A face-down terrain token stops work after the
first shift; resource tokens convert once per shift; the company 2:1 too.
Company houses at adjacent camps: ignore unrest (1), cemetery (2), redraw (3),
once per turn.
The game ends after the shift that removes the last poor rock: copper value,
+10 for the company claim, the highest specialization adds its score; ties are
broken without cemetery cards, then without unrest cards too.
"""


class CopperCountry(Game):
    name = "copper-country"
    title = "Copper Country"
    players = (2, 3, 4)  # COP-R1
    Options = CopperCountryOptions
    State = CopperCountryState
    Action = CopperAction
    short_options = {"short_game": "eras_1_2", "turn_limit": 30}  # COP-R44; COP-R58 bounds weak play
    option_sets = (  # COP-R58: random play can go on for tens of thousands of decisions without a limit
        {"turn_limit": 200},
        {"board": "winter", "turn_limit": 200},
        {"use_company_cards": False, "use_local_business": False, "use_events": False, "short_game": "eras_1_2",
         "turn_limit": 40},
        {"short_game": "era_3_intro", "turn_limit": 100},
    )
    data_file = "copper-country.data.yaml"
    schema = SCHEMA
    summary = SUMMARY

    @cached_property
    def tables(self) -> Tables:
        return Tables(self.components)

    @cached_property
    def powers(self) -> dict[str, dict[str, frozenset[str]]]:
        """Per board, each build space's build spaces whose mine sites share a poor-rock
        space with its own (COP-R15)."""
        found = {}
        for name, board in self.tables.boards.items():
            spaces = {b: {s for site in sites for s in board.site_spaces[site]} for b, sites in board.build_sites.items()}
            found[name] = {b: frozenset(o for o in board.builds if o != b and spaces[b] & spaces[o]) for b in board.builds}
        return found

    def track(self, options: CopperCountryOptions) -> tuple[list[str], int, int, int]:
        """The industry track for these options: icons, first and last rock, first era."""
        cache = self.__dict__.setdefault("_tracks", {})
        if options not in cache:
            cache[options] = track_layout(self.tables, options)
        return cache[options]

    def decision_limit(self, players: int) -> int:
        # Random play mostly needs under 11,000, but the rules set no bound (COP-R42): one random
        # game ran to 67,000. The option sets bound every game with a turn limit (COP-R58).
        return 40000

    def search_depth(self, players: int) -> int:
        # A turn is some ten small decisions and no rollout reaches the end: judge after two or
        # three turns of every seat. Measured at 2 and 4 players (docs/agents.md); 3 lies between.
        return {2: 40, 3: 70, 4: 100}[players]

    def enumerate_actions(self, players: int):
        """Every action either board can ever offer, in a fixed order. A capital card is played
        only by the routes some payment can open (`ways_to_pay`); only the rows that complete a
        claim on some production card name one."""
        from . import actions as a
        from .components import MINERS_PER_PLAYER
        from .payment import ways_to_pay

        t = self.tables
        boards = list(t.boards.values())
        camps = sorted({c for b in boards for c in b.camps})
        sites = sorted({s for b in boards for s in b.sites})
        spaces = sorted({p for b in boards for p in b.spaces})
        builds = sorted({x for b in boards for x in b.builds})
        capital, production = sorted(t.capital), sorted(t.rows)
        miners = range(MINERS_PER_PLAYER)
        yield from (a.Contract.of(c) for c in camps + [""])
        yield from (a.Manage.of(k) for k in ("survey", "build", "prospect", "negotiate", "immigrate"))
        yield from (a.Labor.of(k) for k in ("stockpile", "relocate", "payroll", "shutdown"))
        yield from (a.UseBusiness.of(c) for c in sorted(t.businesses))
        yield from (a.Take.of(slot) for slot in range(-1, t.community_size))
        yield from (a.Survey.of(s) for s in sites)
        yield from (a.MoveRock.of(p) for p in spaces)
        yield from (a.ChooseBuilding.of(k) for k in ("company_house", "shaft_house", "hoist_house"))
        yield from (a.Build.of(place) for place in camps + builds)
        yield from (a.Prospect.of(c) for c in [""] + production)
        yield from (a.WorkAt.of(m, s) for m in miners for s in sites)
        yield from (a.StockpileAt.of(m, c) for m in miners for c in camps)
        yield from (a.Keep.of(c) for c in capital)
        yield from (a.Relocate.of(m, c) for m in miners for c in camps)
        yield from (a.Accept.of(yes) for yes in (True, False))
        most_rows = max(len(rows) for rows in t.rows.values())
        completing = {index for rows in t.rows.values() for index, row in enumerate(rows) if row.complete_claim}
        yield from (a.ChooseRow.of(r, claim) for r in range(most_rows)
                    for claim in (("", "held", "company") if r in completing else ("",)))
        yield a.Redraw.of()
        terrains = sorted({r for r in t.terrain.values() if r != "poor_rock"})
        ways = ways_to_pay(terrains, sorted({c["two_for_one_resource"] for c in t.companies.values()}))
        for card in capital:
            for resource in t.capital[card][1]:
                yield from (a.Play.of(card, resource, need, via) for need, via in ways[resource])
        yield from (a.Casualty.of(k) for k in ("working", "unskilled", "ignore"))
        rocks = sorted({(p, tok) for b in boards for p in b.spaces for tok in ("",) + b.space_sites[p]})
        yield from (a.PlaceRock.of(p, tok) for p, tok in rocks)
        yield from (a.Discard.of(c) for c in capital)
        yield from (a.Sacrifice.of(m) for m in range(-1, MINERS_PER_PLAYER))
        yield a.Done.of()

    def observation_layout(self, players: int, options: Any = None) -> ObservationLayout:
        """The fields at this player count on the options' board (the boards differ in size)."""
        return self._observation_layout(players, self.Options.from_dict(options).board)

    def _observation_layout(self, players: int, board: str) -> ObservationLayout:
        layouts = self.__dict__.setdefault("_observation_layouts", {})
        if (players, board) not in layouts:
            layouts[players, board] = encoding.layout(self.tables, self.tables.boards[board], players)
        return layouts[players, board]

    def encode_observation(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(self.tables, self._observation_layout(view["player_count"], view["board"]), view)

    def heuristic(self, state, seat: int, rng) -> Action:
        from .heuristic import choose

        return choose(state, seat, rng)

    def evaluate(self, state) -> list[float]:
        """Unfinished games: rank the seats by their score now plus what they hold toward more:
        half the copper of a held claim, a point per capital card in hand and per shaft or hoist
        house built, less a point per miner in unrest and two per miner in the cemetery."""
        if state.is_over():
            return super().evaluate(state)
        produce = self.tables.produce_row
        built = [0] * state.players
        for owner, _ in state.builds.values():
            built[owner] += 1
        worth = []
        for seat, score in enumerate(state.final_scores()):
            claim = state.claim[seat]
            miners = state.miner_at[seat]
            worth.append(score + (produce[claim].copper / 2 if claim else 0) + len(state.hands[seat]) + built[seat]
                         - miners.count("unrest") - 2 * miners.count("cemetery"))
        return rank_rewards(Result.rank(worth).ranking)

    def render_text(self, view: dict[str, Any]) -> str:
        return render_text(self, view)

    def render_board(self, view: dict[str, Any]) -> str:
        from .board import render_board

        return render_board(self, view)

    def describe_action(self, action: Action) -> str:
        from .describe import describe_action

        return describe_action(self, action)

    def describe_event(self, entry: dict[str, Any]) -> str:
        from .describe import describe_event

        return describe_event(self, entry)


__all__ = ["CopperCountry", "CopperCountryOptions", "CopperCountryState"]
