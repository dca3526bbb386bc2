"""Copper Country as a state machine.

The game is a queue of *tasks* (`self.tasks`, plain lists `[name, seat, ...]`):
the head task is either automatic (run by `_advance`) or owes a decision of its
seat. A turn is the tasks manage, manage, labor, before_dividends, dividends,
end_turn; each action pushes its own follow-up tasks at the front, so a work
action unrolls into shift, row, pay, casualty, rock, settle, stamp_mill,
next_shift, and an event revealed mid-shift is resolved at once, in seat order,
before the shift goes on.
"""

from __future__ import annotations

from typing import Any

from headframe.engine import Decision, PositionError, Result, Rng, State
from headframe.engine.deck import draw_from_bag, redeal, shuffled

from .actions import (
    Accept, Build, Casualty, ChooseBuilding, ChooseRow, Contract, Discard, Done, Keep, Labor, Manage,
    MoveRock, PlaceRock, Play, Prospect, Redraw, Relocate, Sacrifice, StockpileAt, Survey, Take,
    UseBusiness, WorkAt,
)
from .components import MINERS_PER_PLAYER, Row
from .payment import after_route, can_pay, gives, routes

BOARD = ("unskilled", "unrest", "cemetery")  # the places off the board
SUPPLY = {"company_house": 0, "shaft_house": 1, "hoist_house": 2}
TURN_WINDOW = ("LB1", "LB2", "LB3", "LB4")  # COP-R36 window "turn"
NO_ROW = Row((), 0, 0, 0, 0, False, False, 0)


class CopperCountryState(State):
    __slots__ = (
        "era", "first", "current", "track_next", "track_end", "rock", "terrain", "surveyed",
        "token_rock", "terrain_aside", "houses", "builds", "supply", "miner_at", "miner_ready", "hands",
        "hand_public", "capital_deck", "capital_discard", "community", "production_deck",
        "production_discard", "copper", "claim", "company", "company_done", "businesses",
        "business_pool", "event_pools", "events_played", "used", "tasks", "work", "shift", "payment",
        "looking", "peek", "ending", "over", "capital_version", "drawn", "turns",
    )

    # --- setup ----------------------------------------------------------------- rulebook: Setup; COP-R3

    def setup(self) -> None:
        t = self.tables
        opts = self.options
        _, self.track_next, self.track_end, self.era = self.game.track(opts)
        board = self.board
        tokens = shuffled(sorted(t.terrain), self.rng)  # rulebook: Setup 3; COP-R46
        self.terrain = dict(zip(board.sites, tokens))
        self.terrain_aside = sorted(tokens[len(board.sites):])
        self.surveyed = {}
        self.token_rock = {}
        self.rock = {}
        self.houses = {camp: [] for camp in board.camps}
        self.builds = {}
        self.supply = [[3, 4, 2] for _ in range(self.players)]
        self.miner_at = [["unskilled"] * MINERS_PER_PLAYER for _ in range(self.players)]
        self.miner_ready = [[False] * MINERS_PER_PLAYER for _ in range(self.players)]
        self.capital_deck = shuffled([c for e in range(1, self.era + 1) for c in t.capital_by_era[e]], self.rng)
        self.production_deck = shuffled([c for e in range(1, self.era + 1) for c in t.production_by_era[e]], self.rng)
        self.capital_discard, self.production_discard = [], []
        self.hands = [[self.capital_deck.pop() for _ in range(t.starting_hand)] for _ in range(self.players)]
        self.capital_version = 0  # COP-R4: bumped whenever the capital deck is rebuilt
        self.drawn = {card: 0 for hand in self.hands for card in hand}
        self.hand_public = [[] for _ in range(self.players)]
        self.community = [self.capital_deck.pop() for _ in range(t.community_size)]
        if opts.use_company_cards:  # rulebook: Setup 10
            self.company = shuffled(sorted(t.companies), self.rng)[: self.players]
        else:
            self.company = [""] * self.players
        self.company_done = [False] * self.players
        self.copper = [[] for _ in range(self.players)]
        self.claim = [""] * self.players
        self.businesses, self.events_played = [], []
        self.business_pool = sorted(t.businesses)
        self.event_pools = {"event_19th": list(t.events_19th), "event_20th": list(t.events_20th)}
        self.used = []
        self.work = None
        self.shift = None
        self.payment = None
        self.looking = []
        self.peek = [""] * self.players
        self.ending = False
        self.over = False
        self.first = 0 if opts.first_player == "seat_0" else self.rng.below(self.players)  # COP-R2
        self.current = self.first
        self.turns = 0  # turns begun, for COP-R58
        order = [(self.first + i) % self.players for i in range(self.players)]
        excess = t.track_length - self.rocks_left() if opts.industry_track_tokens else 0  # COP-R45
        self.tasks = [["excess", order[i % self.players]] for i in range(excess)]
        self.tasks += [["contract", seat, False] for seat in order]  # rulebook: Setup 12
        self.tasks.append(["turn", self.first])
        self._advance()

    # --- shortcuts ------------------------------------------------------------------

    @property
    def tables(self):
        return self.game.tables

    @property
    def icons(self) -> list[str]:
        """The icon under each industry-track space, fixed by the options (COP-R35)."""
        return self.game.track(self.options)[0]

    @property
    def board(self):
        return self.game.tables.boards[self.options.board]

    def unskilled(self, seat: int) -> int:
        return self.miner_at[seat].count("unskilled")

    def on_board(self, seat: int) -> list[int]:
        return [m for m, at in enumerate(self.miner_at[seat]) if at not in BOARD]

    def ready_miners(self, seat: int) -> list[int]:
        return [m for m in self.on_board(seat) if self.miner_ready[seat][m]]

    def site_rock(self, site: str) -> int:
        """Poor rock on a mine site's spaces; rock on its terrain token does not count (COP-R28)."""
        rock = self.rock
        return sum(1 for space in self.board.site_spaces[site] if space in rock)

    def rocks_left(self) -> int:
        return self.track_end - self.track_next + 1

    def hand_limit(self) -> int:
        return self.tables.hand_limit[self.era]

    def company_houses_near(self, seat: int, site: str) -> int:
        return sum(self.houses[camp].count(seat) for camp in self.board.site_camps[site])

    def can_use_house(self, seat: int, site: str, need: int) -> bool:
        """COP-R27: one company-house ability per turn, with `need` houses adjacent."""
        return "house" not in self.used and self.company_houses_near(seat, site) >= need

    # --- whose move -------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        return (self.tasks[0][1],)

    def generate_decision(self, seat: int) -> Decision:
        task = self.tasks[0]
        kind, prompt, actions = _DECIDE[task[0]](self, task)
        return Decision(seat, kind, prompt, tuple(actions))

    def perform(self, seat: int, action) -> None:
        task = self.tasks.pop(0)
        _DO[task[0]](self, task, action)
        self._advance()
        self._forget_stale_peeks()

    def _forget_stale_peeks(self) -> None:
        """A seat knows the top production card only while it has stayed on top."""
        if not any(self.peek):
            return
        deck = self.production_deck
        top = deck[-1] if deck else ""
        for seat, card in enumerate(self.peek):
            if card and card != top and card not in self.looking:  # a prospect took it: among the 2 looked at
                self.peek[seat] = ""

    def _advance(self) -> None:
        """Run automatic tasks, and skip decisions nobody has to make, until the head
        task owes a real decision or the game is over."""
        tasks = self.tasks
        while not self.over and tasks:
            task = tasks[0]
            auto = _AUTO.get(task[0])
            if auto is None:
                skip = _SKIP.get(task[0])
                if skip is None or not skip(self, task):
                    return
                tasks.pop(0)
                continue
            tasks.pop(0)
            auto(self, task)
            tasks = self.tasks

    def _push(self, *tasks: list) -> None:
        self.tasks[0:0] = list(tasks)

    # --- setup decisions ----------------------------------------------------------------------

    def _decide_contract(self, task):
        actions = [Contract.of(camp) for camp in self.board.camps]
        if task[2]:
            actions.append(Contract.of(""))
        return "contract", "Contract a miner at a camp", actions

    def _do_contract(self, task, action) -> None:
        seat = task[1]
        if action.camp:
            self._contract(seat, action.camp)

    def _contract(self, seat: int, camp: str) -> None:
        miner = self.miner_at[seat].index("unskilled")
        self.miner_at[seat][miner] = camp
        self.miner_ready[seat][miner] = True
        self.event("contract", seat=seat, miner=miner, camp=camp)

    def _decide_excess(self, task):  # COP-R45
        return "excess_rock", "Place an excess poor rock on any mine site", [
            PlaceRock.of(space, token) for space, token in self._rock_targets(self.board.sites)
        ]

    def _do_excess(self, task, action) -> None:
        self._put_rock(action.space, action.token)
        self.event("excess_rock", seat=task[1], space=action.space, token=action.token)

    # --- the turn ------------------------------------------------------------------------------ rulebook: Playing the Game

    def _auto_turn(self, task) -> None:
        seat = task[1]
        self.current = seat
        if self._stalled():  # COP-R52
            self.event("stalled")
            self._end_game()
            return
        limit = self.options.turn_limit
        if limit is not None and self.turns >= limit * self.players:  # COP-R58
            self.event("turn_limit", turns=limit)
            self._end_game()
            return
        self.turns += 1
        self.used = []
        self.event("turn", seat=seat)
        self._push(["manage", seat], ["manage", seat], ["labor", seat], ["before_dividends", seat],
                   ["dividends", seat], ["end_turn", seat])

    def _auto_end_turn(self, task) -> None:
        self._push(["turn", (task[1] + 1) % self.players])

    def _businesses(self, seat: int, window: tuple[str, ...]) -> list:
        return [UseBusiness.of(card) for card in self.businesses
                if card in window and card not in self.used and self._business_usable(seat, card)]

    def _business_usable(self, seat: int, card: str) -> bool:
        hand = len(self.hands[seat])
        if card == "LB1":
            return hand >= 2 and any(self.community)
        if card == "LB2":
            return hand >= 1
        if card == "LB3":
            return hand >= 1 and "unrest" in self.miner_at[seat]
        if card == "LB4":
            return hand >= 1 and "cemetery" in self.miner_at[seat]
        if card == "LB5":  # an empty deck is first refilled from its discard pile (COP-R33)
            return (bool(self.production_discard) if not self.production_deck
                    else self.peek[seat] != self.production_deck[-1])
        return False

    # --- management actions -------------------------------------------------------------- COP-R5

    def _management(self, seat: int) -> list[str]:
        legal = []
        if any(self.community) or self.capital_deck or self.capital_discard:
            legal.append("capital_call")
        if len(self.surveyed) < len(self.board.sites):
            legal.append("survey")
        if self._buildable(seat):
            legal.append("build")
        if self.production_deck or self.production_discard:
            legal.append("prospect")
        if "unrest" in self.miner_at[seat]:
            legal.append("negotiate")
        if "cemetery" in self.miner_at[seat]:
            legal.append("immigrate")
        return legal

    def _skip_manage(self, task) -> bool:
        if any(self.community) or self.capital_deck or self.capital_discard:
            return False  # a capital call is legal
        if self._businesses(task[1], TURN_WINDOW):
            return False  # COP-R36: a business may still be used before the action (then `done` skips it)
        return not self._management(task[1])  # COP-R5: nothing legal, the action is skipped

    def _decide_manage(self, task):
        """A capital call is chosen with its card at once (`take`); the others by name."""
        seat = task[1]
        actions = []
        for kind in self._management(seat):
            actions += self._capital_call() if kind == "capital_call" else [Manage.of(kind)]
        businesses = self._businesses(seat, TURN_WINDOW)
        if not actions:
            businesses.append(Done.of())  # COP-R5: no management action is legal; it is skipped
        actions += businesses
        return "management", "Choose a management action", actions

    def _do_manage(self, task, action) -> None:
        seat = task[1]
        if action.kind == "done":
            return
        if action.kind == "use_business":
            self._use_business(seat, action.card, task)
            return
        if action.kind == "take":
            self._take_capital(seat, action.slot)
            return
        kind = action.action  # each management action logs its own event
        if kind in ("survey", "build"):
            self._push([kind, seat])
        elif kind == "prospect":
            self._prospect_look(seat)
        elif kind == "negotiate":
            self._move_miner(seat, "unrest", "unskilled")
        else:
            self._move_miner(seat, "cemetery", "unrest")

    def _move_miner(self, seat: int, source: str, target: str) -> None:
        miner = self.miner_at[seat].index(source)
        self.miner_at[seat][miner] = target
        self.miner_ready[seat][miner] = False
        self.event("miner_moved", seat=seat, source=source, target=target)

    def _capital_call(self) -> list:
        """COP-R6: a community card or the top of the capital deck."""
        slots = [Take.of(i) for i, card in enumerate(self.community) if card]
        if self.capital_deck:
            slots.append(Take.of(-1))
        return slots

    def _take_capital(self, seat: int, slot: int) -> None:
        """COP-R6: a community card (public) or the deck's top card (private)."""
        if slot >= 0:
            card = self.community[slot]
            self.community[slot] = ""
            self.hand_public[seat].append(card)
            self.hands[seat].append(card)
            self.event("take_community", seat=seat, card=card, slot=slot)
        else:
            self.reveals()
            card = self.capital_deck.pop()
            self.hands[seat].append(card)
            self.drawn[card] = self.capital_version
            self.event("draw_capital", seat=seat, private={seat: {"card": card}})
        self._restock_capital()

    def _draw_capital(self, seat: int) -> None:
        self._restock_capital()
        if self.capital_deck:
            self._take_capital(seat, -1)

    def _restock_capital(self) -> None:
        """COP-R32: refill an empty deck from the discards, and the community slots from the deck."""
        while True:
            if not self.capital_deck and self.capital_discard:
                self.capital_deck = shuffled(self.capital_discard, self.rng)
                self.capital_discard = []
                self.capital_version += 1
                self.event("capital_reshuffle")
            if "" in self.community and self.capital_deck:
                slot = self.community.index("")
                self.community[slot] = self.capital_deck.pop()
                self.reveals()
                continue
            return

    def _restock_production(self) -> None:  # COP-R33
        if not self.production_deck and self.production_discard:
            self.production_deck = shuffled(self.production_discard, self.rng)
            self.production_discard = []
            self.peek = [""] * self.players
            self.event("production_reshuffle")

    def _discard_capital(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.drawn.pop(card, None)
        if card in self.hand_public[seat]:
            self.hand_public[seat].remove(card)
        self.capital_discard.append(card)

    def _decide_survey(self, task):
        return "survey", "Turn a face-down terrain token face-up", [
            Survey.of(site) for site in self.board.sites if not self.surveyed.get(site)
        ]

    def _do_survey(self, task, action) -> None:  # COP-R7
        seat, site = task[1], action.site
        self.reveals()
        self.surveyed[site] = True
        token = self.terrain[site]
        self.event("survey", seat=seat, site=site, token=token, face=self.tables.terrain[token])
        if self.tables.terrain[token] == "poor_rock" and self.site_rock(site):
            self._push(["survey_rock", seat, site])

    def _decide_survey_rock(self, task):
        site = task[2]
        return "survey_rock", "Move a poor rock of this mine site onto its token", [
            MoveRock.of(space) for space in self.board.site_spaces[site] if space in self.rock
        ]

    def _do_survey_rock(self, task, action) -> None:
        del self.rock[action.space]
        self.token_rock[task[2]] = True
        self.event("rock_to_token", seat=task[1], space=action.space, site=task[2])

    def _buildable(self, seat: int) -> list[str]:
        """COP-R8: building types the seat has in supply, allowed this era, with a free space."""
        found = []
        board = self.board
        for building in self.tables.era_buildings[self.era]:
            if not self.supply[seat][SUPPLY[building]]:
                continue
            if building == "company_house":
                free = any(len(self.houses[camp]) < board.house_spaces[camp] for camp in board.camps)
            else:
                free = len(self.builds) < len(board.builds)
            if free:
                found.append(building)
        return found

    def _build_places(self, building: str) -> list[str]:
        if building == "company_house":
            return [camp for camp in self.board.camps if len(self.houses[camp]) < self.board.house_spaces[camp]]
        return [space for space in self.board.builds if space not in self.builds]

    def _decide_build(self, task):
        return "building", "Choose what to build", [ChooseBuilding.of(b) for b in self._buildable(task[1])]

    def _do_build(self, task, action) -> None:
        self._push(["build_at", task[1], action.building])

    def _decide_build_at(self, task):
        return "build_at", "Choose where to build", [Build.of(place) for place in self._build_places(task[2])]

    def _do_build_at(self, task, action) -> None:
        seat, building = task[1], task[2]
        self.supply[seat][SUPPLY[building]] -= 1
        if building == "company_house":
            self.houses[action.place].append(seat)
        else:
            self.builds[action.place] = [seat, building]
        self.event("build", seat=seat, building=building, place=action.place)

    def _prospect_look(self, seat: int) -> None:
        """COP-R6: look at the top 2 production cards, across a reshuffle if needed."""
        self.reveals()
        for _ in range(2):
            self._restock_production()
            if self.production_deck:
                self.looking.append(self.production_deck.pop())
        self._restock_production()
        self.event("prospect", seat=seat, private={seat: {"cards": list(self.looking)}})
        if len(self.looking) == 1:
            self._prospect_keep(seat, "")
        else:
            self._push(["prospect", seat])

    def _decide_prospect(self, task):
        actions = [Prospect.of("")] + [Prospect.of(card) for card in self.looking]
        return "prospect", "Discard both cards, or return one on top of the production deck", actions

    def _do_prospect(self, task, action) -> None:
        self._prospect_keep(task[1], action.keep)

    def _prospect_keep(self, seat: int, keep: str) -> None:
        discarded = [card for card in self.looking if card != keep]
        self.production_discard.extend(discarded)
        self.looking = []
        self.peek = [""] * self.players  # the others cannot tell which card went back
        if keep:
            self.production_deck.append(keep)
            self.peek[seat] = keep
        self.event("prospect_discard", seat=seat, cards=discarded, returned=bool(keep))

    # --- local businesses ------------------------------------------------------------------ COP-R36

    def _use_business(self, seat: int, card: str, resume: list) -> None:
        self.used.append(card)
        self.event("business", seat=seat, card=card)
        follow = {"LB1": [["lb_discard", seat, card], ["lb_discard", seat, card], ["lb_take", seat]],
                  "LB2": [["lb_discard", seat, card], ["lb_draw", seat]],
                  "LB3": [["lb_discard", seat, card], ["lb_negotiate", seat]],
                  "LB4": [["lb_discard", seat, card], ["lb_immigrate", seat]]}.get(card, [])
        if card == "LB5":
            self.reveals()
            self._restock_production()
            self.peek[seat] = self.production_deck[-1]
            self.event("gazette", seat=seat, private={seat: {"card": self.peek[seat]}})
        self._push(*follow, resume)

    def _decide_lb_discard(self, task):
        return "business_discard", "Discard a capital card for the business", [
            Discard.of(card) for card in self._distinct_hand(task[1])
        ]

    def _do_lb_discard(self, task, action) -> None:
        self._discard_capital(task[1], action.card)
        self.event("discard", seat=task[1], card=action.card)
        self._restock_capital()

    def _decide_lb_take(self, task):
        return "business_take", "Take a community card", [Take.of(i) for i, c in enumerate(self.community) if c]

    def _do_lb_take(self, task, action) -> None:
        self._take_capital(task[1], action.slot)

    def _auto_lb_draw(self, task) -> None:
        self._draw_capital(task[1])

    def _auto_lb_negotiate(self, task) -> None:
        self._move_miner(task[1], "unrest", "unskilled")

    def _auto_lb_immigrate(self, task) -> None:
        self._move_miner(task[1], "cemetery", "unrest")

    def _distinct_hand(self, seat: int) -> list[str]:
        """COP-R53: one card per distinct capital card in hand (identical cards are one choice),
        public ones first so that a choice never depends on hidden card ids."""
        seen, cards = set(), []
        signature = self.tables.signature
        for card in self.hand_public[seat] + sorted(self.hands[seat]):
            sig = signature[card]
            if sig not in seen:
                seen.add(sig)
                cards.append(card)
        return cards

    # --- labor actions ------------------------------------------------------------------- COP-R9

    def _labor(self, seat: int) -> list[str]:
        ready = self.ready_miners(seat)
        legal = []
        if ready:
            legal.append("work")
            board = self.board
            if any(self.miner_at[seat][m] in board.house_spaces or board.site_camps.get(self.miner_at[seat][m])
                   for m in ready):
                legal.append("stockpile")
        if self.on_board(seat):
            legal.append("relocate")
        if not ready:
            legal.append("payroll")
        if self._shutdown_possible(seat):
            legal.append("shutdown")
        return legal

    def _decide_labor(self, task):
        """Work is chosen with its miner and mine site at once (`work_at`); the others by name."""
        seat = task[1]
        actions = []
        for kind in self._labor(seat):
            actions += self._work_targets(seat, False) if kind == "work" else [Labor.of(kind)]
        actions += self._businesses(seat, TURN_WINDOW)
        return "labor", "Choose the labor action", actions

    def _do_labor(self, task, action) -> None:
        seat = task[1]
        if action.kind == "use_business":
            self._use_business(seat, action.card, task)
            return
        if action.kind == "work_at":
            self._do_work_at(["work_at", seat, False], action)
            return
        kind = action.action
        if kind in ("payroll", "shutdown"):  # the others log their own events
            self.event("labor", seat=seat, action=kind)
        if kind == "stockpile":
            self._push(["stockpile_at", seat])
        elif kind == "relocate":
            self._push(["relocate", seat])
        elif kind == "payroll":  # COP-R11
            for miner in self.on_board(seat):
                self.miner_ready[seat][miner] = True
            if self.unskilled(seat):
                self._push(["contract", seat, True])
        else:
            self._push(["pay", seat], ["work_at", seat, True])
            self.payment = {"needs": ["any"] * 4, "loose": [], "terrain": "", "pair": "",
                            "machine": False, "railroad": False}

    def _reach(self, seat: int, miner: int) -> tuple[str, ...]:
        """COP-R13: the miner's own mine site, or a mine site adjacent to its place."""
        at = self.miner_at[seat][miner]
        board = self.board
        if at in board.camp_sites:
            return board.camp_sites[at]
        return (at,) + board.site_sites[at]

    def _work_targets(self, seat: int, shutdown: bool) -> list:
        actions = []
        for miner in self._distinct_ready(seat):
            for site in self._reach(seat, miner):
                if not shutdown or self.site_rock(site) == 2:
                    actions.append(WorkAt.of(miner, site))
        return actions

    def _decide_work_at(self, task):
        return "work_at", "Choose a miner and the mine site it works", self._work_targets(task[1], task[2])

    def _distinct_ready(self, seat: int) -> list[int]:
        """Ready miners, one per place (miners at one place are interchangeable)."""
        seen, miners = set(), []
        for miner in self.ready_miners(seat):
            at = self.miner_at[seat][miner]
            if at not in seen:
                seen.add(at)
                miners.append(miner)
        return miners

    def _do_work_at(self, task, action) -> None:
        seat, shutdown, site = task[1], task[2], action.site
        self.miner_at[seat][action.miner] = site
        self.miner_ready[seat][action.miner] = False
        if shutdown:  # COP-R31: exactly one shift; the worked site only
            maximum, applicable = 1, [site]
        else:
            maximum = self.max_shifts(seat, site)
            applicable = self.applicable_sites(seat, site)
        self.work = {"miner": action.miner, "site": site, "max": maximum, "taken": 0,
                     "applicable": applicable, "shutdown": shutdown}
        self.event("work", seat=seat, miner=action.miner, site=site, max_shifts=maximum)
        if maximum > 0:  # COP-R13: zero or fewer shifts stops at once
            self._push(["shift", seat])
        else:
            self.work = None

    def max_shifts(self, seat: int, site: str) -> int:
        """COP-R14: 2 + the best one bonus of own shaft/hoist houses - the poor rock penalty."""
        t = self.tables
        bonus = 0
        for space in self.board.site_builds[site]:
            building = self.builds.get(space)
            if building and building[0] == seat:
                if self._partners(seat, space):
                    bonus = t.powered_bonus
                    break
                bonus = t.bonus
        return t.base_shifts + bonus - t.penalty[self.site_rock(site)]

    def _partners(self, seat: int, space: str) -> list[str]:
        """COP-R15: the seat's buildings of the other type that power the one on `space`."""
        mine = self.builds[space][1]
        powers = self.game.powers[self.options.board]
        return [other for other, (owner, kind) in self.builds.items()
                if owner == seat and kind != mine and other in powers[space]]

    def applicable_sites(self, seat: int, site: str) -> list[str]:
        """COP-R16: the worked site, the sites of own buildings on it, and of their powering partners."""
        board = self.board
        found = {site}
        for space in board.site_builds[site]:
            building = self.builds.get(space)
            if building and building[0] == seat:
                found.update(board.build_sites[space])
                if self.options.powering_partner_contributes:
                    for partner in self._partners(seat, space):
                        found.update(board.build_sites[partner])
        return [s for s in board.sites if s in found]

    def _decide_stockpile_at(self, task):
        seat = task[1]
        board = self.board
        actions = []
        for miner in self._distinct_ready(seat):
            at = self.miner_at[seat][miner]
            for camp in ((at,) if at in board.house_spaces else board.site_camps[at]):
                actions.append(StockpileAt.of(miner, camp))
        return "stockpile_at", "Choose a miner and the camp where it stockpiles", actions

    def _do_stockpile_at(self, task, action) -> None:  # COP-R10
        seat = task[1]
        self.miner_at[seat][action.miner] = action.camp
        self.miner_ready[seat][action.miner] = False
        self.event("stockpile", seat=seat, miner=action.miner, camp=action.camp)
        self._push(["look", seat], ["look", seat])

    def _auto_look(self, task) -> None:
        seat = task[1]
        self.reveals()
        for _ in range(2):
            self._restock_capital()
            if self.capital_deck:
                self.looking.append(self.capital_deck.pop())
                self.drawn[self.looking[-1]] = self.capital_version
        self._restock_capital()
        self.event("stockpile_look", seat=seat, private={seat: {"cards": list(self.looking)}})
        if len(self.looking) == 2:
            self._push(["keep", seat])
        elif self.looking:
            self._keep(seat, self.looking[0])

    def _decide_keep(self, task):
        return "keep", "Keep one card; the other is discarded", [Keep.of(card) for card in self.looking]

    def _do_keep(self, task, action) -> None:
        self._keep(task[1], action.card)

    def _keep(self, seat: int, card: str) -> None:
        discarded = [c for c in self.looking if c != card]
        self.hands[seat].append(card)
        self.capital_discard.extend(discarded)
        for other in discarded:
            self.drawn.pop(other, None)
        self.looking = []
        self.event("stockpile_keep", seat=seat, discarded=discarded, private={seat: {"card": card}})
        self._restock_capital()

    def _decide_relocate(self, task):
        seat = task[1]
        miners, seen = [], set()
        for miner in self.on_board(seat):
            key = (self.miner_at[seat][miner], self.miner_ready[seat][miner])
            if key not in seen:
                seen.add(key)
                miners.append(miner)
        return "relocate", "Move a miner to any camp", [
            Relocate.of(miner, camp) for miner in miners for camp in self.board.camps
        ]

    def _do_relocate(self, task, action) -> None:  # COP-R11
        seat = task[1]
        self.miner_at[seat][action.miner] = action.camp
        self.event("relocate", seat=seat, miner=action.miner, camp=action.camp)
        if not self.miner_ready[seat][action.miner]:
            self._push(["ready", seat, action.miner])

    def _decide_ready(self, task):
        return "ready", "Ready the relocated miner?", [Accept.of(True), Accept.of(False)]

    def _do_ready(self, task, action) -> None:
        if action.yes:
            self.miner_ready[task[1]][task[2]] = True

    # --- From Struggle to Shutdown --------------------------------------------------------- COP-R31

    def _shutdown_possible(self, seat: int) -> bool:
        if self.supply[seat][1] or self.supply[seat][2]:
            return False
        board = self.board
        if any(self.site_rock(site) < 2 for site in board.sites):
            return False
        for space, (owner, _) in self.builds.items():
            if owner == seat and any(self.site_rock(site) != 3 for site in board.build_sites[space]):
                return False
        sigs = [self.tables.signature[c] for c in self.hands[seat]]
        if not can_pay(sigs, ["any"] * 4):
            return False
        return any(self.site_rock(site) == 2 for m in self.ready_miners(seat) for site in self._reach(seat, m))

    # --- a shift ------------------------------------------------------------------------ COP-R17

    def _auto_shift(self, task) -> None:
        seat = task[1]
        self._restock_production()
        if not self.production_deck:  # COP-R33
            self.event("no_production_card", seat=seat)
            self.work = None
            return
        self.reveals()
        card = self.production_deck.pop()
        self._restock_production()
        self.work["taken"] += 1
        site = self.work["site"]
        token = self.terrain[site]
        face = self.tables.terrain[token] if self.surveyed.get(site) else ""
        pair = ""
        if self.company[seat]:
            pair = self.tables.companies[self.company[seat]]["two_for_one_resource"]
        self.shift = {"card": card, "row": -1, "claim": "", "produced": False,
                      "terrain": face if face != "poor_rock" else "", "pair": pair}
        self.event("reveal", seat=seat, card=card, shift=self.work["taken"])
        if self._has_row(seat) or self._can_redraw(seat):
            self._push(["row", seat])
        else:  # COP-R19
            self.production_discard.append(card)
            self.shift = None
            self.event("no_legal_row", seat=seat, card=card)
            self.work = None

    def _can_redraw(self, seat: int) -> bool:
        return self.can_use_house(seat, self.work["site"], 3) and bool(self.production_deck or self.production_discard)

    def _claims(self, seat: int) -> list[str]:
        found = []
        if self.claim[seat]:
            found.append("held")
        if self.company[seat] and not self.company_done[seat]:
            found.append("company")
        return found

    def claim_row(self, seat: int, claim: str) -> Row:
        if claim == "held":
            return self.tables.produce_row[self.claim[seat]]
        if claim == "company":
            return self.tables.company_claim[self.company[seat]]
        return NO_ROW

    def _rows(self, seat: int) -> list:
        card = self.shift["card"]
        actions = []
        for index, row in enumerate(self.tables.rows[card]):
            if row.take_claim and self.claim[seat]:
                continue  # COP-R29
            claims = self._claims(seat) if row.complete_claim else [""]
            for claim in claims:
                if self.row_legal(seat, row, self.claim_row(seat, claim)):
                    actions.append(ChooseRow.of(index, claim))
        return actions

    def _has_row(self, seat: int) -> bool:
        """Whether some row is legal, trying the cheapest rows (the last) first."""
        for row in reversed(self.tables.rows[self.shift["card"]]):
            if row.take_claim and self.claim[seat]:
                continue
            for claim in (self._claims(seat) if row.complete_claim else [""]):
                if self.row_legal(seat, row, self.claim_row(seat, claim)):
                    return True
        return False

    def row_legal(self, seat: int, row: Row, claim: Row) -> bool:
        """COP-R18: every icon of the row (and of the claim it completes) can be fulfilled."""
        rocks = row.poor_rock + claim.poor_rock
        if rocks and (rocks > self.rocks_left() or rocks > self._rock_capacity(self.work["applicable"])):
            return False
        unrest, cemetery = row.unrest + claim.unrest, row.cemetery + claim.cemetery
        if unrest + cemetery:
            site = self.work["site"]
            available = self.unskilled(seat) + (self.miner_at[seat][self.work["miner"]] == site)
            if (unrest and self.can_use_house(seat, site, 1)) or (cemetery and self.can_use_house(seat, site, 2)):
                available += 1
            if unrest + cemetery > available:
                return False
        needs = list(row.resources) + list(claim.resources) + ["any"] * (row.any_resource + claim.any_resource)
        if needs:
            if len(needs) > 2 * len(self.hands[seat]):
                return False
            shift = self.shift
            machine, railroad = self._conversions(seat)
            sigs = [self.tables.signature[c] for c in self.hands[seat]]
            if not can_pay(sigs, needs, shift["terrain"], shift["pair"], machine, railroad):
                return False
        return True

    def _conversions(self, seat: int) -> tuple[bool, bool]:
        return ("LB6" in self.businesses and "LB6" not in self.used,
                "LB7" in self.businesses and "LB7" not in self.used)

    def _decide_row(self, task):
        seat = task[1]
        actions = self._rows(seat)
        if self._can_redraw(seat):
            if not actions:
                actions.append(Done.of())  # COP-R19: no legal row and the redraw declined
            actions.append(Redraw.of())
        return "row", "Choose a row of the revealed production card", actions

    def _do_row(self, task, action) -> None:
        seat = task[1]
        shift = self.shift
        if action.kind == "done":
            self._auto_settle_nothing(seat)
            return
        if action.kind == "redraw":  # COP-R27
            self.used.append("house")
            self.production_discard.append(shift["card"])
            self.event("redraw", seat=seat, card=shift["card"])
            self._restock_production()
            self.reveals()
            shift["card"] = self.production_deck.pop()
            self._restock_production()
            self.event("reveal", seat=seat, card=shift["card"], shift=self.work["taken"])
            if self._has_row(seat):
                self._push(["row", seat])
            else:
                self._auto_settle_nothing(seat)
            return
        row = self.tables.rows[shift["card"]][action.row]
        claim = self.claim_row(seat, action.claim)
        shift["row"], shift["claim"] = action.row, action.claim
        self.event("row", seat=seat, card=shift["card"], row=action.row, claim=action.claim)
        tasks = []  # COP-R20: resources, miners, poor rock, then the cards
        needs = list(row.resources) + list(claim.resources) + ["any"] * (row.any_resource + claim.any_resource)
        if needs:
            machine, railroad = self._conversions(seat)
            self.payment = {"needs": needs, "loose": [], "terrain": shift["terrain"], "pair": shift["pair"],
                            "machine": machine, "railroad": railroad}
            tasks.append(["pay", seat])
        for icon, count in (("unrest", row.unrest), ("cemetery", row.cemetery),
                            ("unrest", claim.unrest), ("cemetery", claim.cemetery)):
            tasks += [["casualty", seat, icon]] * count
        tasks += [["rock", seat]] * (row.poor_rock + claim.poor_rock)
        tasks += [["settle", seat], ["stamp_mill", seat], ["next_shift", seat]]
        self._push(*tasks)

    def _auto_settle_nothing(self, seat: int) -> None:  # COP-R19 after a redraw
        self.production_discard.append(self.shift["card"])
        self.event("no_legal_row", seat=seat, card=self.shift["card"])
        self.shift = None
        self.work = None

    # --- paying resources ----------------------------------------------------------------- COP-R21

    def _units(self, seat: int) -> list[tuple[str, str]]:
        """(card, signature) of every unit that can still be played, one per signature."""
        signature = self.tables.signature
        seen, units = set(), []
        for card, resource in self.payment["loose"]:
            if resource not in seen:
                seen.add(resource)
                units.append((card, resource))
        for card in self._distinct_hand(seat):
            sig = signature[card]
            if sig not in seen:
                seen.add(sig)
                units.append((card, sig))
        return units

    def _all_units(self, seat: int) -> list[str]:
        signature = self.tables.signature
        return [r for _, r in self.payment["loose"]] + [signature[c] for c in self.hands[seat]]

    def _decide_pay(self, task):
        seat = task[1]
        pay = self.payment
        needs = pay["needs"]
        abilities = (pay["terrain"], pay["pair"], pay["machine"], pay["railroad"])
        everything = self._all_units(seat)
        actions = []
        for card, sig in self._units(seat):
            others = list(everything)
            others.remove(sig)
            for resource, loose in gives(sig):
                remaining = others + [loose] if loose else others
                for need in dict.fromkeys(needs):
                    rest = list(needs)
                    rest.remove(need)
                    for route, follow in routes(resource, need, *abilities):
                        left = rest + [follow] if follow else rest
                        if can_pay(remaining, left, *after_route(route, *abilities)):
                            actions.append(Play.of(card, resource, need, route))
        return "pay", "Play a capital card resource", actions

    def _do_pay(self, task, action) -> None:
        seat = task[1]
        pay = self.payment
        loose = next((entry for entry in pay["loose"] if entry[0] == action.card), None)
        if loose is not None:
            pay["loose"].remove(loose)
        else:
            sig = self.tables.signature[action.card]
            self._discard_capital(seat, action.card)
            if sig.startswith("and:"):
                other = [r for r in sig.split(":")[1:]]
                other.remove(action.resource)
                pay["loose"].append([action.card, other[0]])
        pay["needs"].remove(action.need)
        route = action.via
        pay["terrain"], pay["pair"], pay["machine"], pay["railroad"] = after_route(
            route, pay["terrain"], pay["pair"], pay["machine"], pay["railroad"])
        if route in ("pair", "terrain_pair"):
            pay["needs"].append("half-" + self.shift["pair"])
        if route == "machine":
            self.used.append("LB6")
        if route == "railroad":
            self.used.append("LB7")
        self.event("play", seat=seat, card=action.card, resource=action.resource, need=action.need, via=route)
        if pay["needs"]:
            self._push(task)
        else:
            self.payment = None
            self._restock_capital()

    # --- miners in unrest and the cemetery ------------------------------------------------- COP-R22

    def _casualty_options(self, seat: int, icon: str) -> list[str]:
        site = self.work["site"]
        working = self.miner_at[seat][self.work["miner"]] == site
        unskilled = self.unskilled(seat)
        later = [t[2] for t in self.tasks[1:] if t[0] == "casualty" and t[1] == seat]
        options = []
        for choice in ("working", "unskilled", "ignore"):
            if choice == "working" and not working:
                continue
            if choice == "unskilled" and not unskilled:
                continue
            if choice == "ignore" and not self.can_use_house(seat, site, 1 if icon == "unrest" else 2):
                continue
            avail = unskilled - (choice == "unskilled") + (working and choice != "working")
            house_left = choice != "ignore" and any(
                self.can_use_house(seat, site, 1 if other == "unrest" else 2) for other in later)
            if len(later) <= avail + house_left:
                options.append(choice)
        return options

    def _decide_casualty(self, task):
        icon = task[2]
        return "casualty", f"Place a miner in {icon}", [
            Casualty.of(choice) for choice in self._casualty_options(task[1], icon)
        ]

    def _do_casualty(self, task, action) -> None:
        seat, icon = task[1], task[2]
        if action.miner == "ignore":  # COP-R27
            self.used.append("house")
            self.event("ignore_icon", seat=seat, icon=icon)
            return
        miner = self.work["miner"] if action.miner == "working" else self.miner_at[seat].index("unskilled")
        self.miner_at[seat][miner] = icon
        self.miner_ready[seat][miner] = False
        self.event("casualty", seat=seat, icon=icon, miner=action.miner)

    # --- poor rock ------------------------------------------------------------------ COP-R23, COP-R24

    def _rock_targets(self, sites) -> list[tuple[str, str]]:
        board = self.board
        targets = []
        seen = set()
        for site in sites:
            for space in board.site_spaces[site]:
                if space in self.rock or space in seen:
                    continue
                seen.add(space)
                tokens = [s for s in board.space_sites[space]
                          if self.surveyed.get(s) and self.tables.terrain[self.terrain[s]] == "poor_rock"
                          and not self.token_rock.get(s)]
                if tokens:
                    targets += [(space, s) for s in tokens]
                else:
                    targets.append((space, ""))
        return targets

    def _rock_capacity(self, sites) -> int:
        targets = self._rock_targets(sites)
        return len({space for space, _ in targets}) + len({token for _, token in targets if token})

    def _decide_rock(self, task):
        return "place_rock", "Place the next poor rock", [
            PlaceRock.of(space, token) for space, token in self._rock_targets(self.work["applicable"])
        ]

    def _do_rock(self, task, action) -> None:
        self._put_rock(action.space, action.token)
        self._take_from_track(task[1], action.space, action.token)

    def _put_rock(self, space: str, token: str) -> None:
        if token:
            self.token_rock[token] = True
        else:
            self.rock[space] = 1

    def _take_from_track(self, seat: int, space: str, token: str) -> None:
        """COP-R23, COP-R25: the rock came from the next track space; its icon now takes effect."""
        number = self.track_next
        self.track_next += 1
        icon = self.icons[number - 1]
        self.event("poor_rock", seat=seat, track=number, space=space, token=token, icon=icon)
        if icon in ("era_2", "era_3"):
            self._new_era(int(icon[-1]))
        elif icon == "local_business":
            self._open_business()
        elif icon in ("event_19th", "event_20th"):
            self._draw_event(icon)
        if self.track_next > self.track_end:  # COP-R38
            self.ending = True

    def _new_era(self, era: int) -> None:
        """COP-R34: the era card, and both decks rebuilt with the new era's cards."""
        t = self.tables
        self.era = era
        self.reveals()
        capital = self.capital_deck + self.capital_discard + [c for c in self.community if c] + t.capital_by_era[era]
        self.capital_deck = shuffled(capital, self.rng)
        self.capital_discard = []
        self.capital_version += 1
        self.community = [self.capital_deck.pop() for _ in range(t.community_size)]
        production = self.production_deck + self.production_discard + t.production_by_era[era]
        self.production_deck = shuffled(production, self.rng)
        self.production_discard = []
        self.peek = [""] * self.players
        self.event("era", era=era, community=list(self.community))

    def _open_business(self) -> None:
        if not self.business_pool:  # COP-R36
            return
        card = draw_from_bag(self.business_pool, self.rng)
        self.reveals()
        self.businesses.append(card)
        self.event("local_business", card=card)

    def _draw_event(self, century: str) -> None:
        pool = self.event_pools[century]
        if not pool:
            return
        card = draw_from_bag(pool, self.rng)
        self.reveals()
        self.events_played.append(card)
        self.event("event_card", card=card)
        order = [(self.current + i) % self.players for i in range(self.players)]  # COP-R37
        tasks = [["event", seat, card, 0] for seat in order]
        if card == "E20-1":
            tasks += [["event", seat, card, 1] for seat in order]
        self.tasks[0:0] = tasks

    # --- the end of a shift ------------------------------------------------------------ COP-R17, COP-R26

    def _auto_settle(self, task) -> None:
        seat = task[1]
        shift = self.shift
        card = shift["card"]
        row = self.tables.rows[card][shift["row"]]
        if row.copper:
            self.copper[seat].append(card)
            shift["produced"] = True
        elif row.take_claim:
            self.claim[seat] = card
        else:  # pass rows (COP-R30) and the rest: the card is discarded
            self.production_discard.append(card)
        if shift["claim"] == "held":  # COP-R29
            self.copper[seat].append(self.claim[seat])
            self.claim[seat] = ""
            shift["produced"] = True
        elif shift["claim"] == "company":
            self.company_done[seat] = True
            shift["produced"] = True

    def _auto_stamp_mill(self, task) -> None:
        seat = task[1]
        if self.ending:
            return  # COP-R38, COP-R55: the game ends with the shift
        if "LB8" in self.businesses and "LB8" not in self.used and self.shift["produced"]:
            self._push(["stamp_mill_offer", seat])

    def _decide_stamp_mill_offer(self, task):
        return "stamp_mill", "Use the Stamp Mill to draw a capital card?", [UseBusiness.of("LB8"), Done.of()]

    def _do_stamp_mill_offer(self, task, action) -> None:
        if action.kind == "use_business":
            self.used.append("LB8")
            self.event("business", seat=task[1], card="LB8")
            self._draw_capital(task[1])

    def _auto_next_shift(self, task) -> None:
        seat = task[1]
        self.shift = None
        if self.ending:
            self._end_game()
            return
        work = self.work
        if self._work_must_stop(seat):
            self.event("work_ends", seat=seat, shifts=work["taken"])
            self.work = None
            return
        self._push(["continue", seat])

    def _work_must_stop(self, seat: int) -> bool:
        work = self.work
        site = work["site"]
        return (work["taken"] >= work["max"]
                or self.miner_at[seat][work["miner"]] != site
                or not self._rock_targets(work["applicable"])
                or not self.surveyed.get(site)
                or not (self.production_deck or self.production_discard))

    def _decide_continue(self, task):
        seat = task[1]
        actions = [Accept.of(True), Accept.of(False)] + self._businesses(seat, TURN_WINDOW + ("LB5",))
        return "continue", "Take another shift?", actions

    def _do_continue(self, task, action) -> None:
        seat = task[1]
        if action.kind == "use_business":
            self._use_business(seat, action.card, task)
        elif action.yes:
            self._push(["shift", seat])
        else:
            self.event("work_ends", seat=seat, shifts=self.work["taken"])
            self.work = None

    # --- dividends ---------------------------------------------------------------------- COP-R12

    def _auto_before_dividends(self, task) -> None:
        if self._businesses(task[1], TURN_WINDOW):
            self._push(["turn_end_window", task[1]])

    def _decide_turn_end_window(self, task):
        return "before_dividends", "Use a local business, or go on to dividends", (
            self._businesses(task[1], TURN_WINDOW) + [Done.of()])

    def _do_turn_end_window(self, task, action) -> None:
        if action.kind == "use_business":
            self._use_business(task[1], action.card, ["before_dividends", task[1]])

    def _auto_dividends(self, task) -> None:
        if len(self.hands[task[1]]) > self.hand_limit():
            self._push(["discard", task[1]])

    def _decide_discard(self, task):
        return "dividends", f"Discard down to {self.hand_limit()} cards", [
            Discard.of(card) for card in self._distinct_hand(task[1])
        ]

    def _do_discard(self, task, action) -> None:
        seat = task[1]
        self._discard_capital(seat, action.card)
        self.event("discard", seat=seat, card=action.card)
        self._restock_capital()
        self._push(["dividends", seat])

    # --- events -------------------------------------------------------------------------- COP-R37

    def _auto_event(self, task) -> None:
        seat, card, part = task[1], task[2], task[3]
        if card in ("E19-1",) or (card == "E20-1" and part == 1):
            if self.unskilled(seat):
                self._move_miner(seat, "unskilled", "unrest")
        elif card == "E19-2":
            self._draw_capital(seat)
        elif card == "E19-3":
            if self.hands[seat] and len(self.hands[seat]) >= self.hand_limit():
                self._push(["event_discard", seat, card])
        elif card == "E19-4":
            options = self._victims(seat, mine_sites_only=True)
            if len(options) > 1:
                self._push(["event_victim", seat, "cemetery"])
            elif options:
                self._sacrifice(seat, options[0], "cemetery")
        elif card == "E20-1":
            if self.hands[seat]:
                self._push(["event_drill", seat])
        elif card == "E20-2":
            options = self._victims(seat, mine_sites_only=False)
            if len(options) > 1:
                self._push(["event_victim", seat, "unrest"])
            elif options:
                self._sacrifice(seat, options[0], "unrest")
        elif card == "E20-3":
            if "cemetery" in self.miner_at[seat]:
                self._push(["event_compensation", seat])
        elif card == "E20-4":
            if any(self.community) or self.capital_deck:
                self._push(["event_war", seat])

    def _victims(self, seat: int, mine_sites_only: bool) -> list[int]:
        """E19-4: an unskilled miner (-1) or a miner at a mine site; E20-2: a miner on the board."""
        sites = self.board.site_spaces
        found, seen = [], set()
        if mine_sites_only and self.unskilled(seat):
            found.append(-1)
        for miner in self.on_board(seat):
            at = self.miner_at[seat][miner]
            if mine_sites_only and at not in sites:
                continue
            key = (at, self.miner_ready[seat][miner], self._is_working(seat, miner))
            if key not in seen:
                seen.add(key)
                found.append(miner)
        return found

    def _is_working(self, seat: int, miner: int) -> bool:
        return self.work is not None and seat == self.current and self.work["miner"] == miner

    def _sacrifice(self, seat: int, miner: int, area: str) -> None:
        if miner < 0:
            miner = self.miner_at[seat].index("unskilled")
        self.miner_at[seat][miner] = area
        self.miner_ready[seat][miner] = False
        self.event("event_miner", seat=seat, miner=miner, area=area)

    def _decide_event_victim(self, task):
        options = self._victims(task[1], mine_sites_only=task[2] == "cemetery")
        return "event_miner", f"Choose a miner to place in {task[2]}", [Sacrifice.of(m) for m in options]

    def _do_event_victim(self, task, action) -> None:
        self._sacrifice(task[1], action.miner, task[2])

    def _decide_event_discard(self, task):
        return "event_discard", "Discard a capital card", [Discard.of(c) for c in self._distinct_hand(task[1])]

    def _do_event_discard(self, task, action) -> None:
        self._discard_capital(task[1], action.card)
        self.event("discard", seat=task[1], card=action.card)
        self._restock_capital()

    def _decide_event_drill(self, task):
        return "event_drill", "Discard a capital card to draw one?", (
            [Discard.of(c) for c in self._distinct_hand(task[1])] + [Done.of()])

    def _do_event_drill(self, task, action) -> None:
        if action.kind == "discard":
            self._do_event_discard(task, action)
            self._draw_capital(task[1])

    def _decide_event_compensation(self, task):
        return "event_compensation", "Move a miner from the cemetery to unskilled?", [Accept.of(True), Accept.of(False)]

    def _do_event_compensation(self, task, action) -> None:
        if action.yes:
            self._move_miner(task[1], "cemetery", "unskilled")

    def _decide_event_war(self, task):
        actions = [Take.of(i) for i, c in enumerate(self.community) if c]
        if self.capital_deck:
            actions.append(Take.of(-1))
        return "event_war", "Draw a community card or the top of the capital deck", actions

    def _do_event_war(self, task, action) -> None:
        self._take_capital(task[1], action.slot)

    # --- the end ------------------------------------------------------------------------ COP-R38, COP-R52

    def _end_game(self) -> None:
        self.over = True
        self.tasks = []
        self.work = None
        self.shift = None
        self.event("game_end")

    def _stalled(self) -> bool:
        if self.era == 3:
            return False
        board = self.board
        if len(self.rock) < len(board.sites):  # 2 rock on every site; a space borders at most 2 sites
            return False
        rocks = {site: self.site_rock(site) for site in board.sites}
        if min(rocks.values()) < 2:
            return False
        down = [site for site in board.sites if not self.surveyed.get(site)]
        unseen = [self.terrain[site] for site in down] + self.terrain_aside  # COP-R56: as the players see it
        if down and any(self.tables.terrain[token] == "poor_rock" for token in unseen):
            return False
        two = [site for site, n in rocks.items() if n == 2]
        for site in two:
            if any(space in self.builds for space in board.site_builds[site]):
                return False
        if self.era == 2 and any(self.supply[seat][1] for seat in range(self.players)):
            if any(space not in self.builds for site in two for space in board.site_builds[site]):
                return False
        return True

    # --- scoring ------------------------------------------------------------------------- COP-R39 to COP-R41

    def specialization(self, seat: int, pile: list[str]) -> int:
        if not self.company[seat]:
            return 0
        resource = self.tables.companies[self.company[seat]]["resource_specialization"]
        produce = self.tables.produce_row
        return sum(produce[card].resources.count(resource) for card in pile)

    def copper_score(self, seat: int, pile: list[str]) -> int:
        produce = self.tables.produce_row
        return sum(produce[card].copper for card in pile) + (10 if self.company_done[seat] else 0)

    def score_parts(self) -> dict[str, list[int]]:
        """Each seat's score by source: its copper cards' values, the company claim's 10, and the
        specialization award of the highest specialization (COP-R39)."""
        produce = self.tables.produce_row
        copper = [sum(produce[card].copper for card in pile) for pile in self.copper]
        specs = [self.specialization(seat, pile) for seat, pile in enumerate(self.copper)]
        best = max(specs)
        return {
            "score_copper": copper,
            "score_company_claim": [self.copper_score(seat, pile) - value
                                    for seat, (pile, value) in enumerate(zip(self.copper, copper))],
            "score_specialization": [spec if spec == best and best else 0 for spec in specs],
        }

    def final_scores(self) -> list[int]:
        return [sum(parts) for parts in zip(*self.score_parts().values())]

    # --- for the simulation lab ---------------------------------------------------------------

    def statistics(self) -> dict[str, list[int | float]]:
        """Per seat: the score by source (`score_*`, summing to the final score), copper cards
        produced, and from the log the turns, shifts, resources paid, poor rock placed, surveys,
        buildings built and miners sent to unrest and to the cemetery."""
        stats: dict[str, list[int | float]] = dict(self.score_parts())
        stats["copper_cards"] = [len(pile) for pile in self.copper]
        counted = ("turns", "shifts", "resources_paid", "poor_rock_placed", "surveys", "company_houses",
                   "shaft_houses", "hoist_houses", "miners_to_unrest", "miners_to_cemetery")
        stats.update((name, [0] * self.players) for name in counted)
        simple = {"turn": "turns", "reveal": "shifts", "play": "resources_paid", "poor_rock": "poor_rock_placed",
                  "survey": "surveys"}
        for entry in self.log:
            name, seat = entry["event"], entry.get("seat")
            if name in simple:
                stats[simple[name]][seat] += 1
            elif name == "redraw":  # the redrawn card's reveal is no new shift
                stats["shifts"][seat] -= 1
            elif name == "build":
                stats[entry["building"] + "s"][seat] += 1
            elif name == "casualty":
                stats["miners_to_" + entry["icon"]][seat] += 1
            elif name == "event_miner":
                stats["miners_to_" + entry["area"]][seat] += 1
            elif name == "miner_moved" and entry["source"] == "unskilled":  # an event's strike (E19-1, E20-1)
                stats["miners_to_unrest"][seat] += 1
        return stats

    def progress(self) -> float:
        """The share of the poor rock taken off the industry track (COP-R38), or of the
        turn limit (COP-R58) when that is further on; the last turns after the track
        runs out stay just short of 100."""
        if self.over:
            return 100.0
        _, first, last, _ = self.game.track(self.options)
        done = (self.track_next - first) / (last - first + 1)
        if self.options.turn_limit is not None:
            done = max(done, self.turns / (self.options.turn_limit * self.players))
        return min(99.0, round(100.0 * done, 1))

    def _tiebreak(self, keys: list, removed: tuple[str, ...]) -> list[int]:
        """COP-R40: the scores of each group of players still tied (equal `keys`: the final
        score, then the earlier steps' values) recalculated without cards whose produce-copper
        row has one of the `removed` icons; the other players keep their original scores."""
        produce = self.tables.produce_row
        specs = [self.specialization(seat, self.copper[seat]) for seat in range(self.players)]
        values = [0] * self.players
        rule = self.options.tiebreak_specialization
        for key in set(keys):
            group = [seat for seat in range(self.players) if keys[seat] == key]
            piles = {seat: [c for c in self.copper[seat] if not any(getattr(produce[c], icon) for icon in removed)]
                     for seat in group}
            again = {seat: self.specialization(seat, piles[seat]) for seat in group}
            for seat in group:
                base = self.copper_score(seat, piles[seat])
                if rule == "keep_award":
                    award = again[seat] if specs[seat] == max(specs) and specs[seat] else 0
                else:
                    rivals = [again[s] for s in group]
                    if rule == "all_players":
                        rivals += [specs[s] for s in range(self.players) if s not in group]
                    award = again[seat] if again[seat] and again[seat] == max(rivals) else 0
                values[seat] = base + award
        return values

    def final_result(self) -> Result:
        scores = self.final_scores()
        first = self._tiebreak(scores, ("cemetery",))
        second = self._tiebreak([(score, step) for score, step in zip(scores, first)], ("cemetery", "unrest"))
        return Result.rank(scores, (
            ("without cemetery cards", first),
            ("without cemetery and unrest cards", second),
        ))

    # --- what a seat may see -------------------------------------------------------------- COP-R4

    def observe(self, seat: int | None) -> dict[str, Any]:
        from .view import observe

        return observe(self, seat)

    def resample_hidden(self, seat: int, rng: Rng) -> None:
        """Redraw other hands, the capital deck, the production deck below what `seat`
        knows of its top, cards another seat is looking at, and face-down terrain.

        A hidden capital card came from the version of the capital deck it was drawn
        from (`drawn`; the version changes at every reshuffle and era rebuild): cards of
        the current version are redealt with the deck, older ones only among the other
        hidden cards of that same version (COP-R4, COP-R32, COP-R34)."""
        looking_hidden = self.looking and self.current != seat
        capital_look = looking_hidden and self.looking[0] in self.tables.capital
        version = self.capital_version
        drawn = self.drawn
        groups: dict[int, list[list[str]]] = {}  # version -> its hidden places (one sublist per place)
        slots = []  # (owner, version, sublist): owner a seat, or -1 for the capital look
        for other in range(self.players):
            if other == seat:
                continue
            public = self.hand_public[other]
            by_version: dict[int, list[str]] = {}
            for card in self.hands[other]:
                if card not in public:
                    by_version.setdefault(drawn.get(card, version), []).append(card)
            for v, cards in sorted(by_version.items()):
                slots.append((other, v, cards))
        if capital_look:
            for index, card in enumerate(self.looking):
                slots.append((-1 - index, drawn.get(card, version), [card]))
        for _, v, cards in slots:
            groups.setdefault(v, []).append(cards)
        groups.setdefault(version, []).append(self.capital_deck)
        for places in groups.values():
            redeal(places, rng)
        hidden = {other: [] for other in range(self.players)}
        for owner, v, cards in slots:
            for card in cards:
                drawn[card] = v
            if owner >= 0:
                hidden[owner] += cards
            else:
                self.looking[-1 - owner] = cards[0]
        for card in self.capital_deck:
            drawn.pop(card, None)
        for other in range(self.players):
            if other != seat:
                self.hands[other] = list(self.hand_public[other]) + hidden[other]
        deck = self.production_deck
        known = 1 if deck and self.peek[seat] and deck[-1] == self.peek[seat] else 0
        knowing = [other for other in range(self.players) if other != seat and deck and self.peek[other] == deck[-1]]
        below = deck[: len(deck) - known]
        places = [below]
        if looking_hidden and not capital_look:  # a prospect: the card the seat knew stays among them
            unknown = [card for card in self.looking if card != self.peek[seat]]
            places.append(unknown)
        redeal(places, rng)
        if looking_hidden and not capital_look:
            self.looking = [card if card == self.peek[seat] else unknown.pop(0) for card in self.looking]
        self.production_deck = below + deck[len(deck) - known:]
        down = [site for site in self.board.sites if not self.surveyed.get(site)]
        tokens = [[self.terrain[site]] for site in down]
        redeal(tokens + [self.terrain_aside], rng)
        for site, token in zip(down, tokens):
            self.terrain[site] = token[0]
        self.terrain_aside.sort()
        for other in range(self.players):  # the others know this world's top card, not the real one
            if other != seat:
                self.peek[other] = self.production_deck[-1] if other in knowing else ""
        self._forget_stale_peeks()

    def validate(self) -> None:
        cards = (sum(self.hands, []) + self.capital_deck + self.capital_discard + [c for c in self.community if c])
        if len(cards) != len(set(cards)):
            raise PositionError("a capital card is in two places")
        held = set(sum(self.hands, [])) | set(self.looking)
        if any(type(v) is not int or not 0 <= v <= self.capital_version for v in self.drawn.values()) or any(
                card not in held for card in self.drawn):
            raise PositionError("drawn: cards in hands or being looked at, with deck versions up to capital_version")
        if not self.over and not self.tasks:
            raise PositionError("tasks: an unfinished game owes a task")
        for seat in range(self.players):
            if len(self.miner_at[seat]) != MINERS_PER_PLAYER:
                raise PositionError(f"miner_at[{seat}]: every player has {MINERS_PER_PLAYER} miners")


def _handlers(prefix: str) -> dict:
    """The state's task handlers by task name: `_auto_turn` is _AUTO["turn"]."""
    return {name[len(prefix):]: f for name, f in vars(CopperCountryState).items() if name.startswith(prefix)}


_AUTO, _SKIP, _DECIDE, _DO = (_handlers(p) for p in ("_auto_", "_skip_", "_decide_", "_do_"))
