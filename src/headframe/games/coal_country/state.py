"""Coal Country as a state machine: rounds of foremen placement, reveal and use,
and end-of-round actions (rulebook: Playing the Game)."""

from __future__ import annotations

from headframe.engine import Decision, PositionError, Result, Rng, State
from headframe.engine.deck import draw_from_bag, shuffled
from headframe.engine.turns import commit, reveal, uncommitted

from .actions import (Build, BuildOver, BuyCube, ChurchTarget, Collide, Decline, Done, Exchange, FirstBuyer,
                      Incentivize, Keep, Place, PlaceTile, PickStack, RemoveRefuse, Sell, Stop, Supply)
from .components import FULL, STEP, UTILITIES

UNLIMITED = 10 ** 6  # COAL-R7 option utility_supply = unlimited
LOTS = 4  # COAL-R60
STARTING_CASH = 0  # COAL-R4
FOREMEN = 9  # rulebook: Game Materials, nine foremen per player
COAL_SHED = 5  # rulebook: End of the Round Actions, coal a Coal Shed keeps
DESK = {"permit_office": "permit", "utility_market": "market", "construction_company": "construction"}
AREA = {"B": "village", "M": "mine", "CB": "brokers", "PO": "permit", "UM": "market", "UT": "market",
        "CC": "construction", "ST": "storage", "RF": "refuse"}
AREAS = ("unplaced", "village", "mine", "brokers", "permit", "market", "construction", "storage", "refuse")
SEAT_KEYS = ("0", "1", "2", "3")
STEP_ORDERS: dict[str, list[str]] = {}
EVERY_SEAT = {players: tuple(range(players)) for players in (2, 3, 4)}


_AREAS: dict[str, str] = {}


def area_of(location: str) -> str:
    area = _AREAS.get(location)
    if area is None:
        area = _AREAS[location] = AREA.get(location[:2]) or AREA[location[0]]
    return area


def popcount(mask: int) -> int:
    return bin(mask).count("1")


class CoalCountryState(State):
    __slots__ = (
        "round", "step", "queue", "actor", "sub",
        "order", "turn", "done", "drafts", "sealed", "foremen",
        "cash", "earnings", "draw_rank", "coal", "refuse", "storage", "lots", "lot_round", "mine", "linked",
        "tavern", "church",
        "stacks", "bottoms", "top_row", "bottom_row", "pile", "removed", "closed",
        "market", "supply", "calendar", "bag", "spent_cubes", "m", "inspection",
    )

    # --- setup (rulebook: Setup) -----------------------------------------------

    def setup(self) -> None:
        tables, options, players = self.game.tables, self.options, self.players
        self.round = 1
        self.step = "place"
        self.queue, self.actor, self.sub = [], -1, {}
        self.order, self.turn, self.done, self.drafts, self.sealed = [], 0, [], {}, {}
        self.foremen = [[] for _ in range(players)]
        self.cash = [STARTING_CASH] * players  # COAL-R4
        self.earnings = [-1] * players  # COAL-R12: above the track
        self.coal = [0] * players
        self.refuse = [0] * players
        self.storage = [[0, 0, 0] for _ in range(players)]
        self.lots = [[""] * LOTS for _ in range(players)]
        self.lot_round = [[0] * LOTS for _ in range(players)]
        self.mine = [[[0, 0, 0, 0, FULL]] for _ in range(players)]  # [x, y, design, rotation, cubes]; COAL-R37
        self.linked = [[0] for _ in range(players)]
        self.tavern = [False] * players
        self.church = [-1] * players  # -1: no active Church; else the chosen tile index, or -2 not yet chosen
        # rulebook: Setup 1 -- permit stacks face down, building pool, construction company
        self.stacks = [shuffled(stack, self.rng) for stack in tables.stacks]
        self.bottoms = [[], [], [], []]  # per stack, from the bottom: who knows each declined tile ("all" or seats)
        self.pile = shuffled(tables.building_pool(players, options.industry_amok), self.rng)  # COAL-R3, AMOK-3
        self.top_row = [self.pile.pop() for _ in range(players)]
        self.bottom_row, self.removed, self.closed = [], [], False
        # rulebook: Setup 3 -- earnings markers drawn from the bag give round 1's player order
        drawn = list(range(players))
        self.rng.shuffle(drawn)
        self.draw_rank = [drawn.index(seat) for seat in range(players)]
        per_type = UNLIMITED if options.utility_supply == "unlimited" else tables.cubes_per_type  # COAL-R7
        self.supply = [per_type - players] * 3  # each entrance holds one cube of each (Setup 2)
        self.market = [0, 0, 0]
        # rulebook: Setup 4 -- market indicators for round one
        self.bag = [] if options.reformed_industry else list(tables.market_bag)
        self.calendar, self.spent_cubes = [], []
        if not options.reformed_industry:
            self.calendar = [draw_from_bag(self.bag, self.rng) for _ in range(4)]
        self.m = self._net_market()
        self.inspection = []
        self._refill_market()  # rulebook: Setup 5
        self._start_placement()

    @property
    def steps(self) -> list[str]:
        """COAL-R28: the reveal sequence, with the desk steps in the chosen order."""
        order = self.options.desk_resolution_order
        steps = STEP_ORDERS.get(order)
        if steps is None:
            desk = [DESK[name] for name in order.split(",")]
            steps = STEP_ORDERS[order] = ["unplaced", "village", "mine", "brokers", *desk, "storage", "refuse",
                                          "unplaced_end", "report", "end"]
        return steps

    # --- economy (rulebook: The Economy of Coal Country) -------------------------

    def fee(self, seat: int) -> int:
        """COAL-R8/R9/R12: the seat's fee from its marker now."""
        earnings = max(0, self.earnings[seat])
        if self.options.fee_schedule == "gentle" and earnings >= 100:
            return 10 + (earnings - 100) // 50
        return 5 + earnings // 20

    def player_order(self) -> list[int]:
        """COAL-R13 with COAL-R12: highest earnings first; markers above the track last, in draw order."""
        return sorted(range(self.players), key=self._rank_key)

    def _rank_key(self, seat: int) -> tuple[int, int]:
        earnings = self.earnings[seat]
        return (0, -earnings) if earnings >= 0 else (1, self.draw_rank[seat])

    def _penalty(self, seat: int, fees: int, reason: str) -> None:
        """COAL-R14: pay what one has, no debt."""
        if fees <= 0:
            return
        paid = min(self.cash[seat], fees * self.fee(seat))
        self.cash[seat] -= paid
        self.event("fee", seat=seat, fees=fees, paid=paid, reason=reason)

    def _buy(self, seat: int, fees: int) -> int:
        """COAL-R15: a purchase is paid in full (callers offer only affordable ones)."""
        amount = fees * self.fee(seat)
        self.cash[seat] -= amount
        return amount

    def can_afford(self, seat: int, fees: int) -> bool:
        return self.cash[seat] >= fees * self.fee(seat)

    def stockpile(self) -> int:
        return sum(self.coal)  # COAL-R46

    def coal_price(self) -> int:
        """COAL-R47: M = max(1, 10 - floor(S/10) + m)."""
        return max(1, 10 - self.stockpile() // 10 + self.m)

    def _net_market(self) -> int:
        """COAL-R68: sign of the round's four cubes (REF-1: always 0)."""
        total = sum(self.calendar)
        return (total > 0) - (total < 0)

    # --- buildings and influence -------------------------------------------------

    def has(self, seat: int, building: str) -> bool:
        """A building that is built and not built over (COAL-R34, COAL-R35, COAL-R60)."""
        return building in self.lots[seat]

    def printed(self, seat: int, value: int) -> int:
        """COAL-R18: the 0 foreman counts as 1 while its owner has a Tailor."""
        return 1 if value == 0 and self.has(seat, "tailor") else value

    def effective(self, seat: int, value: int) -> int:
        """COAL-R18/R31: +1 at the desk while the owner's Tavern is active."""
        return self.printed(seat, value) + (1 if self.tavern[seat] else 0)

    # --- the mine (COAL-R36 to COAL-R45) -------------------------------------------

    def openings(self, tile: list[int]) -> int:
        return self.game.tables.masks[tile[2]][tile[3]]

    @staticmethod
    def cells(mine: list[list[int]]) -> dict[str, int]:
        return {f"{tile[0]},{tile[1]}": index for index, tile in enumerate(mine)}

    def connected(self, seat: int) -> set[int]:
        """COAL-R40: tiles linked to the entrance by facing openings."""
        mine = self.mine[seat]
        cells = self.cells(mine)
        reached, frontier = {0}, [0]
        while frontier:
            tile = mine[frontier.pop()]
            mask = self.openings(tile)
            for direction, (dx, dy) in enumerate(STEP):
                if not mask >> direction & 1:
                    continue
                other = cells.get(f"{tile[0] + dx},{tile[1] + dy}")
                if other is None or other in reached:
                    continue
                if self.openings(mine[other]) >> ((direction + 2) % 4) & 1:
                    reached.add(other)
                    frontier.append(other)
        return reached

    def relink(self) -> None:
        """Cache each mine's connected tiles (they change only when a tile is placed)."""
        self.linked = [sorted(self.connected(seat)) for seat in range(self.players)]

    def neighbours(self, seat: int, x: int, y: int, cells: dict[str, int]) -> list[tuple[int, list[int]]]:
        """(direction, tile) of each tile orthogonally next to cell (x, y)."""
        mine = self.mine[seat]
        found = []
        for direction, (dx, dy) in enumerate(STEP):
            other = cells.get(f"{x + dx},{y + dy}")
            if other is not None:
                found.append((direction, mine[other]))
        return found

    def permit_fees(self, stack: int, neighbours: list[tuple[int, list[int]]]) -> int:
        """COAL-R53: N fees next to a fully supplied tile, else 2N (AMOK-2: always N)."""
        supplied = [tile[4] == FULL for _, tile in neighbours]
        ok = all(supplied) if self.options.permit_supplied_test == "all_adjacent" else any(supplied)
        return stack if ok or self.options.industry_amok else 2 * stack

    def tile_positions(self, seat: int, design: int) -> list[tuple[int, int, int, int]]:
        """COAL-R39: every (x, y, rotation, permit fee in fees) where the tile may go."""
        tables = self.game.tables
        matching = self.options.mine_placement == "matching_opening"
        cells = self.cells(self.mine[seat])
        empty = set()
        for tile in self.mine[seat]:
            for dx, dy in STEP:
                x, y = tile[0] + dx, tile[1] + dy
                if y >= 0 and f"{x},{y}" not in cells:
                    empty.add((y, x))
        positions = []
        for y, x in sorted(empty):
            neighbours = self.neighbours(seat, x, y, cells)
            fees = self.permit_fees(tables.stack_of[design], neighbours)
            for rotation in tables.rotations[design]:
                mask = tables.masks[design][rotation]
                if matching and not any(mask >> d & 1 and self.openings(t) >> ((d + 2) % 4) & 1
                                        for d, t in neighbours):
                    continue
                positions.append((x, y, rotation, fees))
        return positions

    def unfinished_tunnels(self, seat: int) -> int:
        """COAL-R73: openings not closed by a tile of the same mine (REF-4: by a facing opening)."""
        mine = self.mine[seat]
        cells = self.cells(mine)
        strict = self.options.reformed_industry
        count = 0
        for tile in mine:
            mask = self.openings(tile)
            for direction, (dx, dy) in enumerate(STEP):
                if not mask >> direction & 1:
                    continue
                other = cells.get(f"{tile[0] + dx},{tile[1] + dy}")
                if other is None or (strict and not self.openings(mine[other]) >> ((direction + 2) % 4) & 1):
                    count += 1
        return count

    # --- foremen placement (rulebook: Foremen Placement) ----------------------------

    def _start_placement(self) -> None:
        self.step = "place"
        self.foremen = [[] for _ in range(self.players)]
        self.tavern = [False] * self.players
        self.church = [-1] * self.players
        self.order = self.player_order()
        self.turn = 0
        self.done = [False] * self.players
        self.drafts, self.sealed = {}, {}

    def placed(self, seat: int) -> list[list]:
        """The foremen this seat has placed so far this round."""
        if self.options.industry_amok or self.step != "place":
            return self.foremen[seat]
        return self.drafts.get(str(seat), [])

    def remaining_values(self, seat: int) -> list[int]:
        values = list(self.game.tables.foreman_values[self.options.foreman_values])
        for value, _ in self.placed(seat):
            values.remove(value)
        return values

    def locations(self, seat: int) -> list[str]:
        """COAL-R19 to COAL-R22: where one more foreman may go."""
        placed = [location for _, location in self.placed(seat)]
        options = self.options
        if self.round == 1 and "CB" not in placed and len(placed) == FOREMEN - 1:
            return ["CB"]  # COAL-R21: round 1 needs one foreman at the coal brokers
        found = []
        kinds = {self.lots[seat][int(loc[1])] for loc in placed if loc[0] == "B"}
        for lot, building in enumerate(self.lots[seat]):
            # COAL-R19/R35: own playable building, built before this round, one per tile and per kind
            if building in self.game.tables.playable and self.lot_round[seat][lot] < self.round \
                    and building not in kinds:
                found.append(f"B{lot}")
        for space in ("ST", "RF"):
            if space not in placed:
                found.append(space)
        for index in self.linked[seat]:  # COAL-R21/R40: connected at the start of the round
            if f"M{index}" not in placed:
                found.append(f"M{index}")
        if "CB" not in placed:
            found.append("CB")
        if any(self.stacks) and (options.permit_foremen_per_player == "unlimited" or "PO" not in placed):
            found.append("PO")  # COAL-R22
        market = [loc for loc in placed if loc[:2] in ("UM", "UT")]
        if not market:
            if options.utility_type_choice == "declared_at_placement":
                found.extend(f"UM:{utility}" for utility in UTILITIES)  # COAL-R56
            else:
                found.append("UM")
        elif len(market) == 1:
            if options.utility_type_choice == "declared_at_placement":
                found.extend(f"UM:{utility}" for utility in UTILITIES)
            else:
                found.append("UM")
            found.append("UT")  # COAL-R55: stacked in tandem with the first
        if not self.closed and (self.top_row or self.bottom_row) and (
                options.construction_foremen_per_player == "unlimited" or "CC" not in placed):
            found.append("CC")  # COAL-R22, COAL-R82
        return found

    def _placement_actions(self, seat: int) -> tuple:
        values = tuple(sorted(set(self.remaining_values(seat)), reverse=True))
        done = self.round > 1 or any(location == "CB" for _, location in self.placed(seat))  # COAL-R21
        key = (tuple(self.locations(seat)), values, done)
        memo = self.game.tables.placement_memo
        actions = memo.get(key)
        if actions is None:
            actions = tuple(Place.of(location, value) for location in key[0] for value in values)
            actions = memo[key] = actions + (Done.of(),) if done else actions
        return actions

    def _place(self, seat: int, action) -> None:
        if self.options.industry_amok:  # COAL-R79: placed face down in turn, location public
            if action.kind == "place":
                self.foremen[seat].append([action.value, action.location])
                self.event("place", seat=seat, location=action.location, private={seat: {"value": action.value}})
            if action.kind == "done" or len(self.foremen[seat]) == FOREMEN:
                self.done[seat] = True
                self.event("placement_done", seat=seat)
            self._next_amok_turn()
            return
        draft = self.drafts.setdefault(str(seat), [])  # COAL-R19: a private draft, sealed when complete
        if action.kind == "place":
            draft.append([action.value, action.location])
        if action.kind == "done" or len(draft) == FOREMEN:
            commit(self.sealed, seat, self.drafts.pop(str(seat)))
            self.event("committed", seat=seat)
            if not uncommitted(self.sealed, range(self.players)):
                for other, placement in reveal(self.sealed).items():
                    self.foremen[other] = placement
                self.reveals()
                self.event("placements", locations=[sorted(loc for _, loc in f) for f in self.foremen])
                self._begin_reveal()

    def _next_amok_turn(self) -> None:
        for _ in range(self.players):
            self.turn = (self.turn + 1) % self.players
            if not self.done[self.order[self.turn]]:
                return
        self._begin_reveal()

    # --- reveal and use (rulebook: Foremen Reveal & Utilization; COAL-R28) ------------

    def _begin_reveal(self) -> None:
        self.relink()
        self._enter(self.steps[0])
        self._run()

    def _run(self) -> None:
        while self.actor < 0 and self.step not in ("place", "over"):
            if self.queue:
                self._start(self.queue.pop(0))
            else:
                self._enter(self.steps[self.steps.index(self.step) + 1])

    def _finish(self) -> None:
        self.actor, self.sub = -1, {}
        self._run()

    def revealed(self, area: str) -> bool:
        """COAL-R23: an area's foremen are face up from its step on (unplaced ones from step 0)."""
        if self.step in ("place", "over"):
            return self.step == "over"
        steps = self.steps
        return steps.index(area) <= steps.index(self.step)

    def foremen_in(self, seat: int, area: str) -> list[list]:
        areas = _AREAS
        return [entry for entry in self.foremen[seat] if (areas.get(entry[1]) or area_of(entry[1])) == area]

    def unplaced(self, seat: int) -> list[int]:
        values = list(self.game.tables.foreman_values[self.options.foreman_values])
        for value, _ in self.foremen[seat]:
            values.remove(value)
        return values

    def _enter(self, step: str) -> None:
        self.step = step
        self.queue = []
        order = self.player_order()
        if step in AREAS:  # COAL-R23: the area's foremen turn face up together
            if step == "unplaced":
                values = [self.unplaced(seat) for seat in range(self.players)]
            else:
                values = [sorted(v for v, _ in self.foremen_in(seat, step)) for seat in range(self.players)]
            self.reveals()
            self.event("reveal", area=step, values=values)
        getattr(self, f"_enter_{step}")(order)

    def _start(self, entry: list) -> None:
        getattr(self, f"_start_{self.step}")(entry)

    # step 0: unplaced foremen (COAL-R24)
    def _enter_unplaced(self, order: list[int]) -> None:
        if self.options.unplaced_fee_timing == "start_of_reveal":
            self._charge_unplaced(order)

    def _enter_unplaced_end(self, order: list[int]) -> None:
        if self.options.unplaced_fee_timing == "end_of_reveal":
            self._charge_unplaced(order)

    def _charge_unplaced(self, order: list[int]) -> None:
        for seat in order:
            self._penalty(seat, sum(self.printed(seat, v) for v in self.unplaced(seat)), "unplaced")

    # step 1: village buildings (COAL-R30)
    def _enter_village(self, order: list[int]) -> None:
        self.queue = [[seat] for seat in order if self.foremen_in(seat, "village")]

    def _start_village(self, entry: list) -> None:
        seat = entry[0]
        idle = self.options.idle_building_fee
        store = None
        for value, location in sorted(self.foremen_in(seat, "village"), key=lambda e: e[1]):
            building = self.lots[seat][int(location[1])]
            f = self.printed(seat, value)
            if building == "tavern":  # COAL-R31
                self.tavern[seat] = f == 4
                if f != 4 and idle:
                    self._penalty(seat, f, "tavern")
            elif building == "church":  # COAL-R32
                if f >= 3:
                    self.church[seat] = -2
                elif idle:
                    self._penalty(seat, f, "church")
            elif building == "village_store":
                store = f
            # COAL-R27: the Doctor's Office foreman passes free
        if store is None:
            return
        self.actor, self.sub = seat, {"stage": "exchange", "limit": store, "given": [], "taken": []}
        if not self._exchange_actions(seat):
            self._end_exchange(seat)

    def _exchange_actions(self, seat: int) -> list:
        """COAL-R33: give a stored cube, take a supply cube of another type; no type both ways."""
        sub = self.sub
        if len(sub["given"]) >= sub["limit"]:
            return []
        return [Exchange.of(give, take)
                for g, give in enumerate(UTILITIES) if self.storage[seat][g] and give not in sub["taken"]
                for t, take in enumerate(UTILITIES)
                if t != g and self.supply[t] > 0 and take not in sub["given"]]

    def _end_exchange(self, seat: int) -> None:
        if not self.sub["given"] and self.options.idle_building_fee:
            self._penalty(seat, self.sub["limit"], "village_store")  # COAL-R26
        self._finish()

    # step 2: mine (COAL-R42 to COAL-R44, COAL-R32)
    def _enter_mine(self, order: list[int]) -> None:
        self.queue = [[seat] for seat in order]

    def _start_mine(self, entry: list) -> None:
        seat = entry[0]
        miners = [int(loc[1:]) for _, loc in self.foremen_in(seat, "mine")]
        if self.church[seat] == -2:
            if len(miners) > 1:
                self.actor, self.sub = seat, {"stage": "church", "tiles": sorted(miners)}
                return
            self.church[seat] = miners[0] if miners else -1
        self._produce(seat)

    def _produce(self, seat: int) -> None:
        tables = self.game.tables
        mine = self.mine[seat]
        mined = auto = refuse = 0
        for value, location in self.foremen_in(seat, "mine"):
            index = int(location[1:])
            tile = mine[index]
            yields = tables.yields[tile[2]]
            amounts = [yields[self.printed(seat, value)]]
            if self.church[seat] == index:
                amounts.append(yields[1])  # COAL-R32
            if tile[4] != FULL:
                amounts = [amount // 2 for amount in amounts]  # COAL-R42: halved separately
            if sum(amounts):
                refuse += 1  # COAL-R44
            mined += sum(amounts)
        if not self.options.reformed_industry:  # COAL-R43, REF-2
            reach = self.linked[seat] if self.options.autoproduction_requires_connection else range(len(mine))
            auto = sum(tables.yields[mine[i][2]][1] for i in reach if mine[i][4] == FULL)  # COAL-R41
        self.coal[seat] += mined + auto
        self.refuse[seat] += refuse
        self.event("mined", seat=seat, coal=mined, auto=auto, refuse=refuse, stockpile=self.stockpile())

    # step 3: coal brokers (COAL-R48 to COAL-R50)
    def _enter_brokers(self, order: list[int]) -> None:
        sellers = [[seat, value] for seat in order for value, _ in self.foremen_in(seat, "brokers")]
        self.queue = sorted(sellers, key=lambda s: (self.effective(s[0], s[1]), order.index(s[0])))

    def _start_brokers(self, entry: list) -> None:
        seat, value = entry
        if not self.coal[seat]:
            self._penalty(seat, self.printed(seat, value), "no_sale")  # COAL-R25, COAL-R50
            return
        self.actor, self.sub = seat, {"stage": "sell", "value": value}

    def seller_price(self, seat: int, value: int) -> int:
        """COAL-R49."""
        e = self.effective(seat, value)
        if self.options.broker_price_adjustment == "plus_influence":
            return self.coal_price() + e
        return max(1, self.coal_price() + e - 2)

    def _sell(self, seat: int, amount: int) -> None:
        value = self.sub["value"]
        if not amount:
            self._penalty(seat, self.printed(seat, value), "no_sale")  # COAL-R25
            self._finish()
            return
        price = self.seller_price(seat, value)
        self.coal[seat] -= amount
        self.cash[seat] += amount * price
        self.event("sold", seat=seat, coal=amount, price=price, stockpile=self.stockpile(), market=self.coal_price())
        self._move_marker(seat, max(0, self.earnings[seat]) + amount * price)  # COAL-R10

    # earnings markers (COAL-R11)
    def _move_marker(self, seat: int, value: int) -> None:
        taken = {e for other, e in enumerate(self.earnings) if other != seat and e >= 0}
        if value not in taken:
            self._set_earnings(seat, value)
            return
        if all(v in taken for v in range(value)):
            self._set_earnings(seat, self._free(value, 1, taken))  # the floor: only up remains
            return
        self.actor, self.sub = seat, {"stage": "collide", "value": value}

    @staticmethod
    def _free(value: int, step: int, taken: set[int]) -> int:
        while value in taken:
            value += step
        return value

    def _set_earnings(self, seat: int, value: int) -> None:
        self.earnings[seat] = value
        self.event("earnings", seat=seat, earnings=value)
        self._finish()

    # step 4: permit office (COAL-R51 to COAL-R54)
    def _buyer_order(self, order: list[int], area: str) -> list[list]:
        """COAL-R29: highest effective influence first, ties by player order."""
        buyers = [[seat, value] for seat in order for value, _ in self.foremen_in(seat, area)]
        return sorted(buyers, key=lambda b: (-self.effective(b[0], b[1]), order.index(b[0])))

    def _enter_permit(self, order: list[int]) -> None:
        self.queue = self._buyer_order(order, "permit")

    def _start_permit(self, entry: list) -> None:
        seat, value = entry
        self.actor, self.sub = seat, {"stage": "permit", "value": value, "incentive": False}
        if not self._permit_actions(seat):
            self._pass(seat, value, "permit")

    def _pass(self, seat: int, value: int, area: str) -> None:
        """COAL-R26: a passing desk foreman pays its printed influence (option pass_fee_scope)."""
        if self.options.pass_fee_scope == "all_desk_spaces":
            self._penalty(seat, self.printed(seat, value), f"pass_{area}")
        self._finish()

    def accessible(self, seat: int, value: int, incentive: bool) -> list[int]:
        """COAL-R51/R52: stacks this application may pick."""
        options = self.options
        everything = options.permit_access == "any_stack" or (
            incentive and options.permit_incentive_effect == "ignore_access_limit")
        e = self.effective(seat, value)
        return [n for n in (1, 2, 3, 4) if self.stacks[n - 1] and (everything or n <= e)]

    def _permit_actions(self, seat: int) -> list:
        sub = self.sub
        stage = sub["stage"]
        if stage == "permit":
            actions = [PickStack.of(n) for n in self.accessible(seat, sub["value"], sub["incentive"])]
            if not sub["incentive"] and self._incentive_useful(seat, sub["value"]) and self.can_afford(seat, 2):
                actions.append(Incentivize.of())
            return actions
        if stage == "keep":
            return [Keep.of(self.game.tables.design_ids[d]) for d in sorted(set(sub["looked"]))]
        positions = self.tile_positions(seat, sub["tile"])
        return [PlaceTile.of(x, y, r) for x, y, r, fees in positions if self.can_afford(seat, fees)] + [Decline.of()]

    def _incentive_useful(self, seat: int, value: int) -> bool:
        if self.options.permit_incentive_effect == "look_two_keep_one":
            return bool(self.accessible(seat, value, True))
        return len(self.accessible(seat, value, True)) > len(self.accessible(seat, value, False))

    def _pick_stack(self, seat: int, stack: int) -> None:
        sub = self.sub
        pile = self.stacks[stack - 1]
        self.reveals()
        sub["stack"] = stack
        if sub["incentive"] and self.options.permit_incentive_effect == "look_two_keep_one" and len(pile) > 1:
            seen = [self._knowers(stack, len(pile) - 1), self._knowers(stack, len(pile) - 2)]
            sub["stage"], sub["looked"], sub["seen"] = "keep", [pile.pop(), pile.pop()], seen
            del self.bottoms[stack - 1][len(pile):]
            self.event("permit_look", seat=seat, stack=stack,
                       private={seat: {"tiles": [self.game.tables.design_ids[d] for d in sub["looked"]]}})
            return
        sub["known"] = self._knowers(stack, len(pile) - 1)
        sub["stage"], sub["tile"] = "place", pile.pop()
        del self.bottoms[stack - 1][len(pile):]
        self.event("permit_draw", seat=seat, stack=stack,
                   private={seat: {"tile": self.game.tables.design_ids[sub["tile"]]}})

    def _keep(self, seat: int, design: str) -> None:
        sub = self.sub
        looked, seen = sub.pop("looked"), sub.pop("seen")
        kept = self.game.tables.design_ids.index(design)
        first = looked.index(kept)
        # The others know at most which two tiles were looked at, not which one was kept.
        sub["pair"] = [[looked[first], seen[first]], [looked[1 - first], seen[1 - first]]]
        self._to_bottom(seat, sub["stack"], looked[1 - first], [])  # COAL-R52: the other to the bottom
        sub["stage"], sub["tile"], sub["known"] = "place", kept, [seat]

    def _knowers(self, stack: int, index: int) -> str | list[int]:
        """Who knows the tile at this position of a stack: "all" (AMOK-2: the face-up top) or seats."""
        pile, bottoms = self.stacks[stack - 1], self.bottoms[stack - 1]
        if self.options.industry_amok and index == len(pile) - 1:
            return "all"
        return list(bottoms[index]) if index < len(bottoms) else []

    def _to_bottom(self, seat: int, stack: int, tile: int, known: str | list[int]) -> None:
        """Face down under the stack; `seat` and whoever knew the tile know what it is (COAL-R23, COAL-R54)."""
        self.stacks[stack - 1].insert(0, tile)
        self.bottoms[stack - 1].insert(0, "all" if known == "all" else sorted({*known, seat}))

    def _place_tile(self, seat: int, x: int, y: int, rotation: int) -> None:
        sub = self.sub
        neighbours = self.neighbours(seat, x, y, self.cells(self.mine[seat]))
        fees = self.permit_fees(self.game.tables.stack_of[sub["tile"]], neighbours)
        paid = self._buy(seat, fees)
        self.mine[seat].append([x, y, sub["tile"], rotation, 0])
        self.linked[seat] = sorted(self.connected(seat))
        self.event("tile_placed", seat=seat, tile=self.game.tables.design_ids[sub["tile"]], x=x, y=y,
                   rotation=rotation, paid=paid)
        self._finish()

    def _decline(self, seat: int) -> None:
        sub = self.sub
        self._to_bottom(seat, sub["stack"], sub["tile"], sub["known"])  # COAL-R54
        self.event("tile_declined", seat=seat, stack=sub["stack"])
        self._pass(seat, sub["value"], "permit")

    # step 5: utility market (COAL-R55 to COAL-R57)
    def _enter_market(self, order: list[int]) -> None:
        buyers = []
        for seat in order:
            here = self.foremen_in(seat, "market")
            if any(loc == "UT" for _, loc in here):
                declared = next(loc for _, loc in here if loc != "UT")[3:]
                buyers.append([seat, sorted(v for v, _ in here), declared])
            else:
                buyers.extend([seat, [value], loc[3:]] for value, loc in here)
        rank = {seat: i for i, seat in enumerate(order)}
        self.queue = sorted(buyers, key=lambda b: (-sum(self.effective(b[0], v) for v in b[1]), rank[b[0]]))

    def _start_market(self, entry: list) -> None:
        seat, values, declared = entry
        limit = sum(self.effective(seat, v) for v in values)
        twin = self.queue[0] if self.queue else None
        if twin and twin[0] == seat and twin[2] != declared and sum(self.effective(seat, v) for v in twin[1]) == limit:
            # COAL-R29: the owner orders its own buyers of equal influence (they differ only by declared type)
            self.actor, self.sub = seat, {"stage": "order", "entry": entry}
            return
        self._open_buyer(seat, values, declared, limit)

    def _order_buyers(self, seat: int, utility: str) -> None:
        entry = self.sub["entry"]
        if utility != entry[2]:
            entry, self.queue[0] = self.queue[0], entry
        self._open_buyer(seat, entry[1], entry[2], sum(self.effective(seat, v) for v in entry[1]))

    def _open_buyer(self, seat: int, values: list[int], declared: str, limit: int) -> None:
        self.actor, self.sub = seat, {"stage": "buy", "values": values, "type": declared, "limit": limit,
                                      "bought": 0}
        if not self._market_actions(seat):
            self._end_buying(seat)

    def _market_actions(self, seat: int) -> list:
        sub = self.sub
        if sub["bought"] >= sub["limit"] or not self.can_afford(seat, 1):
            return []
        return [BuyCube.of(u) for t, u in enumerate(UTILITIES)
                if self.market[t] and sub["type"] in ("", u)]

    def _buy_cube(self, seat: int, utility: str) -> None:
        t = UTILITIES.index(utility)
        paid = self._buy(seat, 1)
        self.market[t] -= 1
        self.storage[seat][t] += 1
        self.sub["bought"] += 1
        self.event("bought_cube", seat=seat, utility=utility, paid=paid)
        if not self._market_actions(seat):
            self._end_buying(seat)

    def _end_buying(self, seat: int) -> None:
        if not self.sub["bought"]:  # COAL-R25, COAL-R55, COAL-R57
            self._penalty(seat, sum(self.printed(seat, v) for v in self.sub["values"]), "no_utility")
        self._finish()

    # step 6: construction company (COAL-R58 to COAL-R62)
    def _enter_construction(self, order: list[int]) -> None:
        self.queue = self._buyer_order(order, "construction")

    def building_price(self, building: str) -> int:
        """COAL-R58 (option building_price_market_adjusted)."""
        base = self.game.tables.base_cost[building]
        return max(1, base + self.m) if self.options.building_price_market_adjusted else base

    def _start_construction(self, entry: list) -> None:
        seat, value = entry
        self.actor, self.sub = seat, {"stage": "build", "value": value}
        if not self._construction_actions(seat):
            self._pass(seat, value, "construction")

    def _construction_actions(self, seat: int) -> list:
        sub = self.sub
        if sub["stage"] == "over":
            return [BuildOver.of(lot) for lot in range(LOTS)]
        e = self.effective(seat, sub["value"])
        gate = self.options.construction_influence_gate
        actions = []
        for row, tiles in (("top", self.top_row), ("bottom", self.bottom_row)):
            for building in sorted(set(tiles)):
                if self.can_afford(seat, self.building_price(building)) and (
                        not gate or e >= self.game.tables.base_cost[building]):
                    actions.append(Build.of(building, row))
        return actions

    def _build(self, seat: int, building: str, row: str) -> None:
        (self.top_row if row == "top" else self.bottom_row).remove(building)
        paid = self._buy(seat, self.building_price(building))
        self.event("bought_building", seat=seat, building=building, paid=paid)
        if "" in self.lots[seat]:
            self._erect(seat, self.lots[seat].index(""), building)
        else:
            self.sub["stage"], self.sub["building"] = "over", building

    def _erect(self, seat: int, lot: int, building: str) -> None:
        """COAL-R60: on an empty lot, or over an existing building."""
        old = self.lots[seat][lot]
        if old == "tavern" and any(loc == f"B{lot}" for _, loc in self.foremen[seat]):
            self.tavern[seat] = False  # COAL-R60: a building built over loses its effect at once
        self.lots[seat][lot] = building
        self.lot_round[seat][lot] = self.round
        self.event("built", seat=seat, building=building, lot=lot, built_over=old or None)
        self._finish()

    # step 7: utility storage (COAL-R63)
    def _enter_storage(self, order: list[int]) -> None:
        self.queue = [[seat, value] for seat in order for value, _ in self.foremen_in(seat, "storage")]

    def storage_limit(self, seat: int, value: int) -> int:
        f = self.printed(seat, value)
        return min(f + 1, 4) if self.has(seat, "school") else f  # Appendix A: School

    def _start_storage(self, entry: list) -> None:
        seat, value = entry
        self.actor, self.sub = seat, {"stage": "supply", "limit": self.storage_limit(seat, value), "moved": 0}
        if not self._storage_actions(seat):
            self._finish()

    def _storage_actions(self, seat: int) -> list:
        if self.sub["moved"] >= self.sub["limit"]:
            return []
        stored = self.storage[seat]
        return [Supply.of(index, utility) for index, tile in enumerate(self.mine[seat])
                for t, utility in enumerate(UTILITIES) if stored[t] and not tile[4] >> t & 1]

    def _supply(self, seat: int, tile: int, utility: str) -> None:
        t = UTILITIES.index(utility)
        self.storage[seat][t] -= 1
        self.mine[seat][tile][4] |= 1 << t
        self.sub["moved"] += 1
        self.event("supplied", seat=seat, tile=tile, utility=utility)
        if not self._storage_actions(seat):
            self._finish()

    # step 8: refuse pile (COAL-R64)
    def _enter_refuse(self, order: list[int]) -> None:
        self.queue = [[seat, value] for seat in order for value, _ in self.foremen_in(seat, "refuse")]

    def refuse_limit(self, seat: int, value: int) -> int:
        f = self.printed(seat, value)
        return min(f + 1, 4) if self.has(seat, "mess_hall") else f  # Appendix A: Mess Hall

    def _start_refuse(self, entry: list) -> None:
        seat, value = entry
        most = min(self.refuse_limit(seat, value), self.refuse[seat])
        if most:
            self.actor, self.sub = seat, {"stage": "refuse", "most": most}

    # --- end of the round (rulebook: End of the Round Actions; COAL-R65) ----------

    def _enter_report(self, order: list[int]) -> None:
        if self.round in self.game.tables.report_rounds[self.options.rounds]:
            self.queue = [[seat] for seat in order]  # COAL-R66

    def _start_report(self, entry: list) -> None:
        seat = entry[0]
        self.event("report", seat=seat, cash=self.cash[seat])
        self._move_marker(seat, self.cash[seat])

    def _enter_end(self, order: list[int]) -> None:
        if self.round == self.options.rounds:
            self._end_game()  # COAL-R71
            return
        for seat in range(self.players):  # COAL-R67
            self.coal[seat] = min(self.coal[seat], COAL_SHED) if self.has(seat, "coal_shed") else 0
        self._draw_market_indicators()
        self._refill_market()
        self._restock()
        self.round += 1
        self.event("round", round=self.round, m=self.m, calendar=list(self.calendar))
        self._start_placement()

    def _draw_market_indicators(self) -> None:
        """COAL-R68/R69."""
        if self.options.reformed_industry:
            return  # REF-1
        carried = self.calendar[3]
        if self.options.market_bag_refill == "each_round":
            self.bag.extend(self.calendar[:3])
        else:
            self.spent_cubes.extend(self.calendar[:3])
            if len(self.bag) < 3:
                self.bag.extend(self.spent_cubes)
                self.spent_cubes = []
        self.calendar = [carried] + [draw_from_bag(self.bag, self.rng) for _ in range(3)]
        self.m = self._net_market()

    def _refill_market(self) -> None:
        """COAL-R70 (REF-3: the leftovers go back first)."""
        if self.options.reformed_industry:
            for t in range(3):
                self.supply[t] += self.market[t]
                self.market[t] = 0
        amount = self.players + 1 + self.m
        for t in range(3):
            added = min(amount, self.supply[t])  # COAL-R7
            self.supply[t] -= added
            self.market[t] += added

    def _restock(self) -> None:
        """COAL-R61/R62 (AMOK-3)."""
        if self.closed:
            return
        self.removed.extend(self.bottom_row)
        self.bottom_row, self.top_row = self.top_row, []
        while len(self.top_row) < self.players:
            if not self.pile:
                if self.options.industry_amok and self.removed:  # AMOK-3: never closes
                    self.pile = shuffled(self.removed, self.rng)
                    self.removed = []
                elif self.options.construction_closing == "on_empty_draw" and not self.options.industry_amok:
                    if not self.top_row:
                        self._close_company()
                    break
                else:
                    break
            self.top_row.append(self.pile.pop())
        if self.options.construction_closing == "when_display_empty" and not self.options.industry_amok \
                and not self.bottom_row and not self.top_row:
            self._close_company()

    def _close_company(self) -> None:
        """COAL-R62: the displayed tiles leave the game; no foremen from now on."""
        self.removed.extend(self.bottom_row + self.top_row)
        self.bottom_row, self.top_row = [], []
        self.closed = True
        self.event("company_closed")

    # --- end of the game (rulebook: End of the Game) --------------------------------

    def inspection_items(self, seat: int) -> dict[str, int]:
        """COAL-R72: the counts of each inspection item."""
        return {
            "missing_utility_on_tile": sum(3 - popcount(tile[4]) for tile in self.mine[seat]),
            "refuse_cube": self.refuse[seat],
            "unfinished_tunnel": self.unfinished_tunnels(seat),
            "stored_utility_cube": sum(self.storage[seat]),
            "building_not_built_over": sum(1 for b in self.lots[seat] if b),
        }

    def inspection_fees(self, seat: int) -> int:
        weights = self.game.tables.inspection["reformed_industry" if self.options.reformed_industry else "standard"]
        return sum(weights[item] * count for item, count in self.inspection_items(seat).items())

    def _end_game(self) -> None:
        """COAL-R74: fine or bonus at the fee after the final report."""
        self.inspection = []
        for seat in range(self.players):
            fees = self.inspection_fees(seat)
            amount = fees * self.fee(seat)
            change = -min(self.cash[seat], amount) if fees > 0 else -amount
            self.cash[seat] += change
            self.inspection.append([fees, change])
            self.event("inspection", seat=seat, fees=fees, change=change, cash=self.cash[seat])
        self.step = "over"

    def final_result(self) -> Result:
        """COAL-R75/R76: most cash, then most placed mineshaft tiles (the entrance not counted)."""
        return Result.rank(list(self.cash), (("placed mineshaft tiles", [len(m) - 1 for m in self.mine]),))

    # --- the engine hooks ---------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.step == "place":
            if self.options.industry_amok:
                return (self.order[self.turn],)
            sealed = self.sealed
            if not sealed:
                return EVERY_SEAT[self.players]
            return tuple(seat for seat, key in enumerate(SEAT_KEYS[:self.players]) if key not in sealed)
        if self.actor >= 0:
            return (self.actor,)
        return ()

    def generate_decision(self, seat: int) -> Decision:
        if self.step == "place":
            return Decision(seat, "place_foreman", "Place a foreman, or leave the rest unplaced",
                            self._placement_actions(seat))
        stage = self.sub["stage"]
        sub = self.sub
        if stage == "exchange":
            return Decision(seat, "village_store", "Exchange a stored cube, or stop",
                            tuple(self._exchange_actions(seat)) + (Stop.of(),))
        if stage == "church":
            return Decision(seat, "church", "Choose the mining foreman the Church blesses",
                            tuple(ChurchTarget.of(t) for t in sub["tiles"]))
        if stage == "sell":
            low = 1 if self.round == 1 else 0  # COAL-R50
            return Decision(seat, "sell_coal", "How much coal to sell",
                            tuple(Sell.of(n) for n in range(low, self.coal[seat] + 1)))
        if stage == "collide":
            return Decision(seat, "earnings_collision", "Another marker holds that value: move up or down",
                            (Collide.of("up"), Collide.of("down")))
        if stage in ("permit", "keep", "place"):
            actions = tuple(self._permit_actions(seat))
            if stage == "permit":
                actions += (Stop.of(),)
            return Decision(seat, f"permit_{stage}", "Permit office", actions)
        if stage == "order":
            types = (sub["entry"][2], self.queue[0][2])
            return Decision(seat, "buyer_order", "Which of your utility buyers buys first",
                            tuple(FirstBuyer.of(t) for t in types))
        if stage == "buy":
            return Decision(seat, "buy_utilities", "Buy a utility cube, or stop",
                            tuple(self._market_actions(seat)) + (Stop.of(),))
        if stage in ("build", "over"):
            actions = tuple(self._construction_actions(seat))
            if stage == "build":
                actions += (Stop.of(),)
            return Decision(seat, f"construction_{stage}", "Construction company", actions)
        if stage == "supply":
            return Decision(seat, "utility_storage", "Move a stored cube onto a tile, or stop",
                            tuple(self._storage_actions(seat)) + (Stop.of(),))
        return Decision(seat, "refuse_pile", "How many refuse cubes to remove",
                        tuple(RemoveRefuse.of(n) for n in range(sub["most"], -1, -1)))

    def perform(self, seat: int, action) -> None:
        kind = action.kind
        if self.step == "place":
            self._place(seat, action)
            return
        stage = self.sub["stage"]
        if kind == "exchange":
            g, t = UTILITIES.index(action.give), UTILITIES.index(action.take)
            self.storage[seat][g] -= 1
            self.supply[g] += 1
            self.supply[t] -= 1
            self.storage[seat][t] += 1
            self.sub["given"].append(action.give)
            self.sub["taken"].append(action.take)
            self.event("exchanged", seat=seat, give=action.give, take=action.take)
            if not self._exchange_actions(seat):
                self._end_exchange(seat)
        elif kind == "church":
            self.church[seat] = action.tile
            self._produce(seat)
            self._finish()
        elif kind == "sell":
            self._sell(seat, action.amount)
        elif kind == "collide":
            value, taken = self.sub["value"], {e for o, e in enumerate(self.earnings) if o != seat and e >= 0}
            step = 1 if action.direction == "up" else -1
            self._set_earnings(seat, self._free(value, step, taken))
        elif kind == "incentivize":
            paid = self._buy(seat, 2)
            self.sub["incentive"] = True
            self.event("incentive", seat=seat, paid=paid)
            if not self._permit_actions(seat):
                self._pass(seat, self.sub["value"], "permit")
        elif kind == "stack":
            self._pick_stack(seat, action.stack)
        elif kind == "keep":
            self._keep(seat, action.design)
        elif kind == "place_tile":
            self._place_tile(seat, action.x, action.y, action.rotation)
        elif kind == "decline":
            self._decline(seat)
        elif kind == "first_buyer":
            self._order_buyers(seat, action.utility)
        elif kind == "buy_cube":
            self._buy_cube(seat, action.utility)
        elif kind == "build":
            self._build(seat, action.building, action.row)
        elif kind == "build_over":
            self._erect(seat, action.lot, self.sub["building"])
        elif kind == "supply":
            self._supply(seat, action.tile, action.utility)
        elif kind == "remove_refuse":
            self.refuse[seat] -= action.count
            self.event("refuse_removed", seat=seat, count=action.count)
            self._finish()
        elif stage == "exchange":
            self._end_exchange(seat)
        elif stage == "permit":
            self._pass(seat, self.sub["value"], "permit")
        elif stage == "buy":
            self._end_buying(seat)
        elif stage == "build":
            self._pass(seat, self.sub["value"], "construction")
        else:
            self._finish()

    def validate(self) -> None:
        """A loaded position's per-seat data must fit the player count and the components."""
        players, designs = self.players, len(self.game.tables.design_ids)
        for name in ("cash", "earnings", "draw_rank", "coal", "refuse", "storage", "lots", "lot_round", "mine",
                     "linked", "tavern", "church", "foremen"):
            if len(getattr(self, name)) != players:
                raise PositionError(f"state.{name}: expected one entry per seat ({players})")
        if self.step not in (*self.steps, "place", "over") or not -1 <= self.actor < players:
            raise PositionError(f"state.step/actor: {self.step!r}/{self.actor!r} is not a step of the round")
        values = sorted(self.game.tables.foreman_values[self.options.foreman_values])
        for seat in range(players):
            placed = sorted(v for v, _ in self.foremen[seat])
            remaining = list(values)
            for value in placed:
                if value not in remaining:
                    raise PositionError(f"state.foremen[{seat}]: more foremen of value {value} than a player has")
                remaining.remove(value)
            for tile in self.mine[seat]:
                if len(tile) != 5 or not 0 <= tile[2] < designs or not 0 <= tile[3] < 4 or not 0 <= tile[4] <= 7:
                    raise PositionError(f"state.mine[{seat}]: {tile!r} is not [x, y, design, rotation, cubes]")
        if len(self.stacks) != 4 or len(self.bottoms) != 4:
            raise PositionError("state.stacks/bottoms: expected four permit stacks")
        for n, (pile, bottoms) in enumerate(zip(self.stacks, self.bottoms)):
            if len(bottoms) > len(pile) or any(
                    known != "all" and not (isinstance(known, list) and all(
                        isinstance(s, int) and 0 <= s < players for s in known)) for known in bottoms):
                raise PositionError(f"state.bottoms[{n}]: expected per bottom tile \"all\" or a list of seats")

    def statistics(self) -> dict[str, list[int | float]]:
        """Per seat, from the log. The `score_` parts sum to the final cash: starting cash, coal sales,
        fees as penalties, money spent on permits, utility cubes and buildings, and the inspection's
        fine or bonus. The rest count coal, refuse, cubes, buildings, tiles and inspection fees."""
        parts = {"tile_placed": "score_permits", "incentive": "score_permits",
                 "bought_cube": "score_utility_cubes", "bought_building": "score_buildings", "fee": "score_penalties"}
        counts = {"bought_cube": "cubes_bought", "bought_building": "buildings_bought"}
        stats = {name: [0] * self.players for name in (
            "score_start_money", "score_sales", "score_penalties", "score_permits", "score_utility_cubes",
            "score_buildings", "score_inspection", "coal_mined", "coal_sold", "refuse_made", "refuse_removed",
            "cubes_bought", "buildings_bought", "mineshaft_tiles", "inspection_fees")}
        for entry in self.log:
            name, seat = entry["event"], entry.get("seat")
            if name == "sold":
                stats["coal_sold"][seat] += entry["coal"]
                stats["score_sales"][seat] += entry["coal"] * entry["price"]
            elif name == "mined":
                stats["coal_mined"][seat] += entry["coal"] + entry["auto"]
                stats["refuse_made"][seat] += entry["refuse"]
            elif name == "refuse_removed":
                stats["refuse_removed"][seat] += entry["count"]
            if name in parts:
                stats[parts[name]][seat] -= entry["paid"]
            if name in counts:
                stats[counts[name]][seat] += 1
        for seat in range(self.players):
            stats["score_start_money"][seat] = STARTING_CASH
            stats["mineshaft_tiles"][seat] = len(self.mine[seat]) - 1
            if self.inspection:
                stats["inspection_fees"][seat], stats["score_inspection"][seat] = self.inspection[seat]
        return stats

    def progress(self) -> float:
        if self.step == "over":
            return 100.0
        steps = self.steps
        within = (steps.index(self.step) + 1) / (len(steps) + 1) if self.step in steps else 0.0
        return round(100.0 * (self.round - 1 + within) / self.options.rounds, 1)

    def observe(self, seat: int | None) -> dict:
        from .view import observe

        return observe(self, seat)

    def resample_hidden(self, seat: int, rng: Rng) -> None:
        from .view import resample_hidden

        resample_hidden(self, seat, rng)
