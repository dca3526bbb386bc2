"""Tinners' Trail as a state machine: four turns of seven phases.

Phases one, two, four and seven need no decisions and run inside `perform`;
the state waits in one of these steps:

    actions    phase three: the active player chooses one of the nine actions
    auction    a Build Mine auction: `actor` owes a bid
    pumps      an Improve Steam Pumps action: `actor` removes water one cube at a time
    invest     phase five: `actor` places one cube or declines
    prospect   phase six: `actor` chooses a clear area to roll for
    over       the game has ended
"""

from __future__ import annotations

from typing import Any

from headframe.engine import Decision, PositionError, Result, State
from headframe.engine.turns import advance, hindmost, new_track

from .actions import Decline, DropOut, Pass, SellPasties, StopPumping
from .components import Tables
from .view import observe

PASS = Pass.of()
SELL_PASTIES = SellPasties.of()
DROP_OUT = DropOut.of()
STOP_PUMPING = StopPumping.of()
DECLINE = Decline.of()
ONLY_PASS = (PASS,)
MINER, PORT, TRAIN, ADIT = 0, 1, 2, 3  # positions in `stock`
STEPS = ("actions", "auction", "pumps", "invest", "prospect", "over")
# The statistics read from the log: (statistic, event, the amount it adds, or None to count the event).
LOGGED_STATISTICS = (
    ("mine_prices", "mine_built", "price"), ("mining_costs", "mine_ore", "cost"),
    ("investment_costs", "invest", "cost"), ("pasties_sold", "sell_pasties", None),
    ("auctions_opened", "auction", None), ("ports_built", "build_port", None),
    ("miners_placed", "place_miner", None), ("adits_built", "build_adit", None),
    ("trains_built", "build_train", None), ("water_pumped", "remove_water", None),
    ("areas_prospected", "prospect", None),
)


class TinnersTrailState(State):
    __slots__ = (
        "turn", "step", "actor",
        "tin_row", "copper_row",
        "order", "pending", "passed", "track", "last_action_taken",
        "money", "held_copper", "held_tin", "mines_built",
        "mine", "copper", "tin", "water", "discovered", "port", "miner", "train", "adit",
        "stock", "pumps", "pumping", "auction",
        "investments", "cubes_left", "invest_position", "invest_out", "declined",
        "prospects_made", "sold_copper", "sold_tin",
    )

    # --- setup (rulebook: Starting The Game; TIN-R4) ------------------------------

    def setup(self) -> None:
        t = self.game.tables
        players = self.players
        self.money = [t.start_money] * players
        self.mines_built = [0] * players
        self.cubes_left = [t.investment_cubes] * players
        self.held_copper = [0] * players
        self.held_tin = [0] * players
        self.sold_copper = [0] * players
        self.sold_tin = [0] * players
        order = list(range(players))
        self.rng.shuffle(order)  # TIN-R4: a uniformly random turn-1 order of play
        self.order = order
        areas = len(t.area_ids)
        self.mine = [-1] * areas
        self.copper = list(t.printed_copper)
        self.tin = list(t.printed_tin)
        self.water = [0] * areas
        self.discovered = list(t.starting)  # TIN-R12
        self.port = [False] * areas
        self.miner = [False] * areas
        self.train = [False] * areas
        self.adit = [False] * len(t.borders)
        for area in t.areas:  # TIN-R4: starting areas rolled in map order, no modifiers
            if t.starting[area]:
                self._roll(area, modifiers=False)
        self.investments = [[[] for _ in t.column_costs] for _ in t.investment_vp]
        self.turn = 0
        self.tin_row = self.copper_row = 0
        self.stock = [0, 0, 0, 0]
        self.pumps = []
        self.pumping = 0
        self.auction = None
        self.invest_position = -1
        self.invest_out = [False] * players
        self.declined = [False] * players
        self.prospects_made = 0
        self._start_turn()

    @property
    def tables(self) -> Tables:
        return self.game.tables

    def _roll(self, area: int, modifiers: bool, train_and_port: bool = True) -> None:
        """Roll the three special dice for an area (TIN-R8), with the roll
        modifiers of TIN-R42 to TIN-R44 after setup."""
        t = self.game.tables
        rng = self.rng
        water = t.water_die[rng.below(6)]
        copper = t.copper_die[rng.below(6)]
        tin = t.tin_die[rng.below(6)]
        dice = [water, copper, tin]
        if modifiers:
            adits = sum(1 for border in t.area_borders[area] if self.adit[border])
            if self.options.adit_roll_bonus == "once":  # TIN-R43
                adits = min(adits, 1)
            less_water = adits
            if train_and_port:  # TIN-R44
                less_water += 2 * self.train[area] + self.port[area]
                less_water += sum(1 for n in t.neighbours[area] if self.train[n])
            copper += adits
            tin += adits
            water = max(0, water - less_water)
        self.water[area] += water  # TIN-R5: the cube supply is unlimited
        self.copper[area] += copper
        self.tin[area] += tin
        self.discovered[area] = True
        self.event("roll", area=t.area_ids[area], dice=dice, water=water, copper=copper, tin=tin)

    # --- the turn ------------------------------------------------------------------

    def _start_turn(self) -> None:
        # rulebook: Game Play; TIN-R13: phases one to three, then four to seven as phase three ends
        self.turn += 1
        self._determine_ore_prices()
        self._available_developments()
        self._start_player_actions()

    def _determine_ore_prices(self) -> None:
        # rulebook: Phase One; TIN-R14
        self.tin_row = self._price_roll(self.tin_row)
        self.copper_row = self._price_roll(self.copper_row)
        t = self.game.tables
        self.event(
            "ore_prices", turn=self.turn,
            tin=t.tin_price[self.tin_row], copper=t.copper_price[self.copper_row],
            tin_row=self.tin_row, copper_row=self.copper_row,
        )

    def _price_roll(self, previous_row: int) -> int:
        t = self.game.tables
        rng = self.rng
        total = t.water_die[rng.below(6)] + t.copper_die[rng.below(6)] + t.tin_die[rng.below(6)]
        if self.turn == 1:
            total += t.first_turn_modifier
        elif previous_row == t.price_rows[-1]:
            total += t.highest_row_modifier
        elif previous_row == t.price_rows[0]:
            total += t.lowest_row_modifier
        if self.turn == t.turns:
            total += t.final_turn_modifier
        return t.price_row(total)

    def _available_developments(self) -> None:
        # rulebook: Phase Two; TIN-R16 (leftovers leave play), TIN-R17 (pump boxes 1..turn),
        # TIN-R6, TIN-R18 (the 8 discs in boxes of 1, 2, 2, 3)
        t = self.game.tables
        self.stock = list(t.developments[self.turn - 1])
        self.pumps = [size if box < self.turn else 0 for box, size in enumerate(t.pump_boxes)]

    def _start_player_actions(self) -> None:
        # TIN-R19, TIN-R51: the column becomes `pending`; fresh time track
        self.step = "actions"
        self.pending = list(self.order)
        self.passed = []
        self.track = new_track(self.players)
        self.last_action_taken = False
        self.actor = self.pending[0]

    # --- to move / decisions ---------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.actor < 0 else (self.actor,)

    def generate_decision(self, seat: int) -> Decision:
        step = self.step
        if step == "actions":
            return Decision(seat, "action", "Choose an action", self._action_choices(seat))
        if step == "auction":
            return self._bid_decision(seat)
        if step == "pumps":
            t = self.game.tables
            choices = [t.remove_water[a] for a in t.areas if self.water[a]]
            choices.append(STOP_PUMPING)
            return Decision(seat, "remove_water", f"Remove water ({self.pumping} left)", tuple(choices))
        if step == "invest":
            return Decision(seat, "invest", "Invest in one box, or decline", self._investment_choices(seat))
        t = self.game.tables
        choices = tuple(t.prospect[a] for a in t.areas if not self.discovered[a])
        return Decision(seat, "prospect", "Choose a clear area to prospect", choices)

    def _time_left(self, seat: int) -> int:
        return self.game.tables.time_points - self.track["spent"][seat]

    def _action_choices(self, seat: int) -> tuple:
        """Every legal action of the active player (TIN-R22)."""
        t = self.game.tables
        left = self._time_left(seat)
        if left <= 0 or self.last_action_taken:  # TIN-R23, TIN-R24: forced pass
            return ONLY_PASS
        money = self.money[seat]
        choices: list = []
        mine = self.mine
        if self._may_bid(seat) and money >= t.min_opening_bid:  # TIN-R26
            choices.extend(t.build_mine[a] for a in t.areas if mine[a] < 0)
        if left >= t.mine_ore_tp:
            for area in t.areas:
                if mine[area] == seat:
                    choices.extend(self._mine_ore_choices(area, money))
        stock = self.stock
        if left >= t.port_tp and stock[PORT]:  # TIN-R36
            choices.extend(t.build_port[a] for a in t.areas if t.sea[a] and not self.port[a])
        if left >= t.miner_tp and stock[MINER]:
            choices.extend(t.place_miner[a] for a in t.areas if not self.miner[a])
        if left >= t.adit_tp and stock[ADIT]:  # TIN-R37
            choices.extend(t.build_adit[b] for b, built in enumerate(self.adit) if not built)
        if left >= t.train_tp and stock[TRAIN]:  # TIN-R39
            choices.extend(t.build_train[a] for a in t.areas if not self.train[a])
        if left >= t.pumps_tp:  # TIN-R41, TIN-R57: one choice per distinct stack size
            sizes = set()
            for box, size in enumerate(self.pumps):
                if size and size not in sizes:
                    sizes.add(size)
                    choices.append(t.improve_pumps[box])
        if left >= t.pasties_tp:
            choices.append(SELL_PASTIES)
        choices.append(PASS)
        return tuple(choices)

    def _mine_ore_choices(self, area: int, money: int) -> tuple:
        """TIN-R31, TIN-R32: any mix of at least one cube up to capacity, paid for
        with money in hand (TIN-R54: money never goes below 0)."""
        capacity = self._capacity(area)
        water = self.water[area]
        if water:
            capacity = min(capacity, money // water)
        return self.game.tables.mine_ore(area, min(self.copper[area], capacity), min(self.tin[area], capacity), capacity)

    def _capacity(self, area: int) -> int:
        # rulebook: B. Mine Ore; TIN-R31: 2 + port + miner + train, adits add nothing
        return self.game.tables.base_capacity + self.port[area] + self.miner[area] + self.train[area]

    def _may_bid(self, seat: int) -> bool:
        """TIN-R27: not passed, at least 2 TP left, fewer than 6 mines."""
        t = self.game.tables
        return (
            seat not in self.passed
            and self._time_left(seat) >= t.auction_min_tp_left
            and self.mines_built[seat] < t.max_mines
        )

    def _bid_decision(self, seat: int) -> Decision:
        t = self.game.tables
        auction = self.auction
        money = self.money[seat]
        name = t.area_names[t.index[auction["area"]]]
        if auction["high"] == 0:  # TIN-R26: the opener bids first, at least £1
            bids = t.bids(t.min_opening_bid, money)
            return Decision(seat, "opening_bid", f"Open the bidding for a mine in {name}", bids)
        bids = t.bids(auction["high"] + 1, money)
        return Decision(seat, "bid", f"Outbid £{auction['high']} for {name}, or drop out", bids + (DROP_OUT,))

    def _investment_choices(self, seat: int) -> tuple:
        """TIN-R47: one cube in the current turn's row, in a box with room, paid for."""
        t = self.game.tables
        row = self.investments[self.turn - 1]
        money = self.money[seat]
        choices = [t.invest[c] for c, cost in enumerate(t.column_costs) if cost <= money and len(row[c]) < t.box_capacity]
        choices.append(DECLINE)
        return tuple(choices)

    # --- perform ---------------------------------------------------------------------

    def perform(self, seat: int, action: Any) -> None:
        getattr(self, "_do_" + action.kind)(seat, action)

    def _spend_time(self, seat: int, points: int) -> None:
        """Move the token along the Time Track (TIN-R21); its first move takes it
        off the Order of Play column (TIN-R19)."""
        advance(self.track, seat, points)
        if seat in self.pending:
            self.pending.remove(seat)

    def _main_action(self, seat: int) -> None:
        """TIN-R24: the last unpassed player's one more action is now taken."""
        if len(self.passed) == self.players - 1:
            self.last_action_taken = True

    def _next_active(self) -> None:
        """TIN-R20: the top pending player, else the hindmost on the Time Track."""
        self.step = "actions"
        if self.pending:
            self.actor = self.pending[0]
            return
        unpassed = [s for s in range(self.players) if s not in self.passed]
        if unpassed:
            self.actor = hindmost(self.track, unpassed)
        else:
            self._end_player_actions()

    # A. Build Mine and its auction (TIN-R26 to TIN-R30)

    def _do_build_mine(self, seat: int, action: Any) -> None:
        self._main_action(seat)
        bidders = [s for s in range(self.players) if self._may_bid(s)]  # TIN-R27
        self.auction = {"area": action.area, "opener": seat, "high": 0, "leader": -1, "bidders": bidders}
        self.step = "auction"
        self.event("auction", seat=seat, area=action.area, bidders=list(bidders))

    def _do_bid(self, seat: int, action: Any) -> None:
        auction = self.auction
        auction["high"] = action.amount
        auction["leader"] = seat
        self.event("bid", seat=seat, amount=action.amount)
        self._next_bidder(seat)

    def _do_drop_out(self, seat: int, action: Any) -> None:
        self.auction["bidders"].remove(seat)  # TIN-R56: for this auction only
        self.event("drop_out", seat=seat)
        self._next_bidder(seat)

    def _next_bidder(self, after: int) -> None:
        """TIN-R28, TIN-R3: clockwise (increasing seat) from the last to act, skipping the high bidder;
        who cannot outbid drops out without being asked."""
        auction = self.auction
        bidders, leader, high = auction["bidders"], auction["leader"], auction["high"]
        for step in range(1, self.players + 1):
            seat = (after + step) % self.players
            if seat == leader or seat not in bidders:
                continue
            if self.money[seat] > high:
                self.actor = seat
                return
            bidders.remove(seat)
            self.event("drop_out", seat=seat, forced=True)
        self._win_auction(leader)

    def _win_auction(self, winner: int) -> None:
        # TIN-R29: pay, place the mine, spend 2 TP; TIN-R30: then roll a clear area
        t = self.game.tables
        auction = self.auction
        area = t.index[auction["area"]]
        self.auction = None
        self.money[winner] -= auction["high"]
        self.mine[area] = winner
        self.mines_built[winner] += 1
        self._spend_time(winner, t.mine_tp)
        self.event("mine_built", seat=winner, area=auction["area"], price=auction["high"])
        if not self.discovered[area]:
            self._roll(area, modifiers=True, train_and_port=self.options.roll_modifiers_on_mine_build)
        self._next_active()

    # B. Mine Ore

    def _do_mine_ore(self, seat: int, action: Any) -> None:
        # TIN-R34: any number of times per turn, each a separate action
        t = self.game.tables
        self._main_action(seat)
        area = t.index[action.area]
        cubes = action.copper + action.tin
        cost = cubes * self.water[area]  # TIN-R31: cost uses the water before any is added
        self.money[seat] -= cost
        self.copper[area] -= action.copper
        self.tin[area] -= action.tin
        self.held_copper[seat] += action.copper
        self.held_tin[seat] += action.tin
        self.water[area] += self.options.water_added_per_mine_action  # TIN-R33
        self._spend_time(seat, t.mine_ore_tp)
        self.event("mine_ore", seat=seat, area=action.area, copper=action.copper, tin=action.tin, cost=cost)
        self._next_active()

    # C. Build Port, D. Place Miner, E. Build Adit, F. Build Train: neutral pieces,
    # one of each per area (one adit per border), for any player anywhere (TIN-R35)

    def _remove_water(self, area: int, cubes: int) -> None:
        # TIN-R40: never below zero
        self.water[area] = max(0, self.water[area] - cubes)

    def _do_build_port(self, seat: int, action: Any) -> None:
        t = self.game.tables
        self._main_action(seat)
        area = t.index[action.area]
        self.stock[PORT] -= 1
        self.port[area] = True
        self._remove_water(area, t.port_water)
        self._spend_time(seat, t.port_tp)
        self.event("build_port", seat=seat, area=action.area)
        self._next_active()

    def _do_place_miner(self, seat: int, action: Any) -> None:
        t = self.game.tables
        self._main_action(seat)
        self.stock[MINER] -= 1
        self.miner[t.index[action.area]] = True
        self._spend_time(seat, t.miner_tp)
        self.event("place_miner", seat=seat, area=action.area)
        self._next_active()

    def _do_build_adit(self, seat: int, action: Any) -> None:
        t = self.game.tables
        self._main_action(seat)
        border = t.border_index[action.border]
        self.stock[ADIT] -= 1
        self.adit[border] = True
        for area in t.borders[border]:
            self._adit_bonus(area)
        self._spend_time(seat, t.adit_tp)
        self.event("build_adit", seat=seat, border=action.border)
        self._next_active()

    def _adit_bonus(self, area: int) -> None:
        """TIN-R37: a side holding a cube gets -1 water, +1 copper, +1 tin now; an
        undiscovered side gets it when rolled (TIN-R42); TIN-R38: an empty
        discovered side only under adit_bonus_test = discovered."""
        if self.copper[area] or self.tin[area] or self.water[area]:
            self._remove_water(area, 1)
        elif not (self.discovered[area] and self.options.adit_bonus_test == "discovered"):
            return
        self.copper[area] += 1
        self.tin[area] += 1

    def _do_build_train(self, seat: int, action: Any) -> None:
        t = self.game.tables
        self._main_action(seat)
        area = t.index[action.area]
        self.stock[TRAIN] -= 1
        self.train[area] = True
        self._remove_water(area, t.train_water)
        for neighbour in t.neighbours[area]:
            self._remove_water(neighbour, t.train_water_adjacent)
        self._spend_time(seat, t.train_tp)
        self.event("build_train", seat=seat, area=action.area)
        self._next_active()

    # G. Improve Steam Pumps (TIN-R41)

    def _do_improve_steam_pumps(self, seat: int, action: Any) -> None:
        t = self.game.tables
        self._main_action(seat)
        self.pumping = self.pumps[action.box]
        self.pumps[action.box] = 0
        self._spend_time(seat, t.pumps_tp)
        self.event("improve_steam_pumps", seat=seat, discs=self.pumping)
        self._keep_pumping()

    def _do_remove_water(self, seat: int, action: Any) -> None:
        self.water[self.game.tables.index[action.area]] -= 1
        self.pumping -= 1
        self.event("remove_water", seat=seat, area=action.area)
        self._keep_pumping()

    def _do_stop_pumping(self, seat: int, action: Any) -> None:
        self.event("stop_pumping", seat=seat, unused=self.pumping)
        self.pumping = 0
        self._next_active()

    def _keep_pumping(self) -> None:
        if self.pumping and any(self.water):
            self.step = "pumps"
            return
        self.pumping = 0
        self._next_active()

    # H. Sell Pasties, I. Pass

    def _do_sell_pasties(self, seat: int, action: Any) -> None:
        t = self.game.tables
        self._main_action(seat)
        self.money[seat] += t.pasties_money
        self._spend_time(seat, t.pasties_tp)
        self.event("sell_pasties", seat=seat)
        self._next_active()

    def _do_pass(self, seat: int, action: Any) -> None:
        # TIN-R25: off the track (or the column), onto the highest empty space
        if seat in self.pending:
            self.pending.remove(seat)
        self.passed.append(seat)
        self.event("pass", seat=seat)
        self._next_active()

    # --- phases four to seven ------------------------------------------------------------

    def _end_player_actions(self) -> None:
        self.order = list(self.passed)  # TIN-R19: the pass order is the new column
        self._sell_ore()
        self.step = "invest"
        self.invest_out = [False] * self.players
        self.declined = [False] * self.players
        self.invest_position = -1
        self._next_investor()

    def _sell_ore(self) -> None:
        # rulebook: 4. Sell Ore; TIN-R45
        t = self.game.tables
        tin_price, copper_price = t.tin_price[self.tin_row], t.copper_price[self.copper_row]
        income = []
        for seat in range(self.players):
            earned = self.held_tin[seat] * tin_price + self.held_copper[seat] * copper_price
            self.money[seat] += earned
            self.sold_copper[seat] += self.held_copper[seat]
            self.sold_tin[seat] += self.held_tin[seat]
            income.append(earned)
        self.event("sell_ore", income=income, tin=list(self.held_tin), copper=list(self.held_copper))
        self.held_tin = [0] * self.players
        self.held_copper = [0] * self.players

    def _do_invest(self, seat: int, action: Any) -> None:
        t = self.game.tables
        column = action.column
        self.money[seat] -= t.column_costs[column]
        self.cubes_left[seat] -= 1
        self.investments[self.turn - 1][column].append(seat)
        self.declined = [False] * self.players
        self.event("invest", seat=seat, column=column, cost=t.column_costs[column])
        self._next_investor()

    def _do_decline(self, seat: int, action: Any) -> None:
        self.declined[seat] = True
        if self.options.investment_decline_is_final:  # TIN-R48
            self.invest_out[seat] = True
        self.event("decline", seat=seat)
        self._next_investor()

    def _can_invest(self, seat: int) -> bool:
        t = self.game.tables
        if not self.cubes_left[seat]:
            return False
        row = self.investments[self.turn - 1]
        money = self.money[seat]
        return any(cost <= money and len(row[c]) < t.box_capacity for c, cost in enumerate(t.column_costs))

    def _next_investor(self) -> None:
        """TIN-R48: a cycle in this turn's order of play; who cannot invest is out."""
        out = self.invest_out
        for seat in range(self.players):
            if not out[seat] and not self._can_invest(seat):
                out[seat] = True
        still_in = [seat for seat in range(self.players) if not out[seat]]
        if all(self.declined[seat] for seat in still_in):
            self._prospect()
            return
        position = self.invest_position
        while True:
            position = (position + 1) % self.players
            if not out[self.order[position]]:
                break
        self.invest_position = position
        self.actor = self.order[position]

    def _prospect(self) -> None:
        """rulebook: 6. Prospecting; TIN-R49, TIN-R50."""
        self.step = "prospect"
        t = self.game.tables
        final = self.turn == t.turns
        if (
            self.prospects_made < t.prospects_per_turn
            and not (final and not self.options.prospect_in_final_turn)
            and not all(self.discovered)
        ):
            self.actor = self.order[self.prospects_made]
            return
        self.prospects_made = 0
        self._end_turn()

    def _do_prospect(self, seat: int, action: Any) -> None:
        self.event("prospect", seat=seat, area=action.area)
        self._roll(self.game.tables.index[action.area], modifiers=True)
        self.prospects_made += 1
        self._prospect()

    def _end_turn(self) -> None:
        # rulebook: 7. End of Turn; TIN-R51: unused discs back to the supply
        self.pumps = [0] * len(self.pumps)
        if self.turn == self.game.tables.turns:
            self.step = "over"
            self.actor = -1
            self.event("game_over", vp=self.victory_points())
            return
        self._start_turn()

    # --- the end (rulebook: End of the Game; TIN-R52, TIN-R53) ---------------------------

    def victory_points(self) -> list[int]:
        """TIN-R46, TIN-R52: the printed VP of each cube's box."""
        return [sum(column) for column in zip(*self.victory_points_by_turn())]

    def victory_points_by_turn(self) -> list[list[int]]:
        """Per turn row of the investment display, each seat's VP from it."""
        rows = []
        for row, boxes in zip(self.game.tables.investment_vp, self.investments):
            vp = [0] * self.players
            for value, cubes in zip(row, boxes):
                for seat in cubes:
                    vp[seat] += value
            rows.append(vp)
        return rows

    def cubes_in_own_mines(self) -> list[int]:
        cubes = [0] * self.players
        for area, owner in enumerate(self.mine):
            if owner >= 0:
                cubes[owner] += self.copper[area] + self.tin[area]
        return cubes

    def final_result(self) -> Result:
        order = self.order
        return Result.rank(
            self.victory_points(),
            (
                ("money", list(self.money)),
                ("cubes in own mine areas", self.cubes_in_own_mines()),
                ("order of play", [-order.index(seat) for seat in range(self.players)]),
            ),
        )

    # --- for the simulation lab ----------------------------------------------------------

    def statistics(self) -> dict[str, list[int | float]]:
        """The `score_turn_N` parts (VP of the cubes placed in turn N's row) add up to the score."""
        by_turn = self.victory_points_by_turn()
        return {
            **{f"score_turn_{turn}": vp for turn, vp in enumerate(by_turn, 1)},
            "vp": self.victory_points(),
            "money": list(self.money),
            "mines": list(self.mines_built),
            "copper_sold": list(self.sold_copper),
            "tin_sold": list(self.sold_tin),
            "cubes_invested": [self.game.tables.investment_cubes - left for left in self.cubes_left],
            **self._logged_statistics(),
        }

    def _logged_statistics(self) -> dict[str, list[int]]:
        stats = {name: [0] * self.players for name, _, _ in LOGGED_STATISTICS}
        stats["ore_income"] = [0] * self.players
        by_event = {event: (name, amount) for name, event, amount in LOGGED_STATISTICS}
        for entry in self.log:
            if entry["event"] == "sell_ore":
                for seat, earned in enumerate(entry["income"]):
                    stats["ore_income"][seat] += earned
            elif entry["event"] in by_event:
                name, amount = by_event[entry["event"]]
                stats[name][entry["seat"]] += 1 if amount is None else entry[amount]
        return stats

    def progress(self) -> float:
        """Turns done, plus this turn's share: time spent in phase three, then 90%."""
        if self.step == "over":
            return 100.0
        if self.step in ("invest", "prospect"):
            done = 0.9
        else:
            spent = self.track["spent"]
            done = 0.8 * sum(spent) / (self.game.tables.time_points * self.players)
        return 100.0 * (self.turn - 1 + done) / self.game.tables.turns

    # --- loaded positions ------------------------------------------------------------------

    def validate(self) -> None:
        t = self.game.tables
        areas, players = len(t.area_ids), self.players
        for name in ("mine", "copper", "tin", "water", "discovered", "port", "miner", "train"):
            if len(getattr(self, name)) != areas:
                raise PositionError(f"state.{name}: expected one entry per area ({areas})")
        if len(self.adit) != len(t.borders):
            raise PositionError(f"state.adit: expected one entry per border ({len(t.borders)})")
        per_seat = ("money", "held_copper", "held_tin", "mines_built", "cubes_left", "invest_out", "declined",
                    "sold_copper", "sold_tin")
        for name in per_seat:
            if len(getattr(self, name)) != players:
                raise PositionError(f"state.{name}: expected one entry per seat ({players})")
        if self.step not in STEPS:
            raise PositionError(f"state.step: expected one of {', '.join(STEPS)}, got {self.step!r}")
        if not 1 <= self.turn <= t.turns or not -1 <= self.actor < players:
            raise PositionError("state.turn or state.actor out of range")
        if sorted(self.order) != list(range(players)):
            raise PositionError("state.order: expected every seat once")
        if any(v < 0 for v in self.money + self.copper + self.tin + self.water):
            raise PositionError("money and cubes are never negative")

    # --- what a seat sees: everything (TIN-R7) -------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        return observe(self)
