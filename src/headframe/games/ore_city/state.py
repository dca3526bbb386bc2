"""Ore City's rules as a state machine.

Cards are their ids ("single_house"); seats own the space of the same number.
Who knows the face of a card in a hand or in the common space is a bitmask per
card (bit s = seat s knows it): `hand_seen` parallels `hands`, `common_seen`
parallels `common` (ORE-R9). Places are public, so a mask travels with its card
and never loses a bit; of identical copies, the one that moves is chosen at
random (ORE-R40). `hand_gen` and `common_gen` hold the generation of the draw
pile each card came from (`generation`, one more at each reshuffle, ORE-R8), so
that determinization never swaps a card across a reshuffle.
"""

from __future__ import annotations

from typing import Any

from headframe.engine import Decision, PositionError, Result, Rng, State
from headframe.engine.deck import reshuffle, shuffled

from .actions import (
    Accomplish, AirportDiscard, BookClose, Construct, Discard, Draw, EndGiving, Exchange, Flush, Give,
    Pass, PoliceDecline, PoliceTake, Take,
)
from .components import COMMERCIAL, PUBLIC_WORKS, RESIDENTIAL, TYPE_INDEX, TYPES

NOBODY = -1

_TURN_PROMPT = "Construct, book-close, accomplish, exchange, flush or pass"
_DRAW_PROMPTS = {
    "refill": "Draw a card: choose the pile",
    "flush_hand": "Flush: the Residential pile is exhausted, choose the pile for your new hand",
    "flush_common": "Flush: the Residential pile is exhausted, choose the pile for the common space",
    "police_redraw": "Police Station took a card from you: choose the pile to draw from",
}


def _paid(gains: list[int]) -> dict[str, int]:
    return {str(seat): coins for seat, coins in enumerate(gains) if coins}


class OreCityState(State):
    __slots__ = (
        "phase",        # setup_discard, action, airport_discard, police, police_redraw, exchange_give,
                        # exchange_take, flush_hand, flush_common, refill, over
        "first",        # the first player's seat (ORE-R2)
        "active",       # whose turn it is (in setup: who is discarding)
        "round",        # 1 for the first round of turns (ORE-R37)
        "pending",      # setup discards left / cards given or still to take / flush draws left
        "victim",       # the Police Station's opponent during their redraw, else -1
        "winner",       # the seat that reached 10 VP, else -1
        "coins", "vp", "technology",
        "hands", "hand_seen", "hand_gen",
        "spaces", "builders",   # spaces[s]: card ids in seat s's space; builders[s]: their constructors
        "acquired",     # acquired[s]: card ids in seat s's acquisition space
        "piles", "discards",    # by type index (residential, commercial, industrial, public_works)
        "common", "common_seen", "common_gen",
        "generation",   # by type index: how many times that draw pile has been reshuffled (ORE-R8)
    )

    # --- setup (rulebook §5, ORE-R5..R7) ------------------------------------------------

    def setup(self) -> None:
        tables = self.game.tables
        n = self.players
        self.piles = [shuffled(cards, self.rng) for cards in tables.deck]
        self.discards = [[], [], [], []]
        self.generation = [0, 0, 0, 0]
        self.first = self.rng.below(n)  # ORE-R2
        self.round = 1
        self.pending = 0
        self.victim = NOBODY
        self.winner = NOBODY
        self.coins = [tables.start_coins] * n
        self.vp = [0] * n
        self.technology = [0] * n
        self.hands = [[] for _ in range(n)]
        self.hand_seen = [[] for _ in range(n)]
        self.hand_gen = [[] for _ in range(n)]
        self.spaces = [[] for _ in range(n)]
        self.builders = [[] for _ in range(n)]
        self.acquired = [[] for _ in range(n)]
        self.common = []
        self.common_seen = []
        self.common_gen = []
        for position in range(n):  # rulebook §5 step 3
            seat = (self.first + position) % n
            for kind in tables.initial_draw:
                self._draw_into_hand(seat, kind)
        self._setup_position(1)

    def _setup_position(self, position: int) -> None:
        """§5 step 4: in turn order, draw that many Residential cards and discard as many."""
        tables = self.game.tables
        while position < self.players:
            seat = (self.first + position) % self.players
            for _ in range(tables.extra_draws[position]):
                self._draw_into_hand(seat, RESIDENTIAL)
            if tables.setup_discards[position]:
                self.phase = "setup_discard"
                self.active = seat
                self.pending = tables.setup_discards[position]
                return
            position += 1
        for _ in range(tables.common_size):  # §5 step 5, ORE-R7
            self._deal_to_common(RESIDENTIAL)
        self.active = self.first
        self.phase = "action"
        self.pending = 0
        self._log_common_space("game_starts", first=self.first)

    # --- whose decision ---------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "police_redraw":
            return (self.victim,)
        return (self.active,)

    def generate_decision(self, seat: int) -> Decision:
        return _DECIDE[self.phase](self, seat)

    def _decide_setup_discard(self, seat: int) -> Decision:
        actions = tuple(Discard.of(card) for card in dict.fromkeys(self.hands[seat]))
        return Decision(seat, "setup_discard", f"Discard a card ({self.pending} more to discard)", actions)

    def _decide_action(self, seat: int) -> Decision:
        actions = self._constructions(seat)
        if self.spaces[seat]:  # ORE-R10: only a non-empty own space can be book-closed
            actions.append(BookClose.of())
        for card in self.hands[seat]:
            if self.game.tables.type[card] == PUBLIC_WORKS and self._can_accomplish(seat, card):
                actions.append(Accomplish.of(card))
        actions += (Exchange.of(), Flush.of(), Pass.of())
        return Decision(seat, "action", _TURN_PROMPT, tuple(actions))

    def _constructions(self, seat: int) -> list:
        """rulebook §6a, §5.1; ORE-R14, ORE-R15, ORE-R16."""
        tables = self.game.tables
        hand = self.hands[seat]
        actions = []
        targets = (seat, *tables.adjacent(self.players)[seat])
        for card in dict.fromkeys(hand):
            kind = tables.type[card]
            if kind == PUBLIC_WORKS or self._cost(seat, card) > self.coins[seat]:
                continue
            copies = hand.count(card)
            for space in targets:
                cards = self.spaces[space]
                if cards:
                    if tables.type[cards[0]] != kind:  # §5.1 limitation 1
                        continue
                elif space != seat:  # §5.1 limitation 4
                    continue
                for count in range(1, copies + 1):
                    actions.append(Construct.of(card, count, space))
        return actions

    def _decide_airport(self, seat: int) -> Decision:
        actions = tuple(AirportDiscard.of(card, space) for card, space in self._airport_discards(seat))
        return Decision(seat, "airport_discard", "Airport: discard one of your technology cards", actions)

    def _decide_police(self, seat: int) -> Decision:
        actions = [PoliceTake.of(opponent, TYPES[kind]) for opponent, kind in self._police_targets(seat)]
        actions.append(PoliceDecline.of())
        return Decision(seat, "police", "Police Station: take a card of a type from an opponent", tuple(actions))

    def _decide_draw(self, seat: int) -> Decision:
        kinds = self._common_draw_types() if self.phase == "flush_common" else self._hand_draw_types(seat)
        return Decision(seat, self.phase, _DRAW_PROMPTS[self.phase], tuple(Draw.of(TYPES[k]) for k in kinds))

    def _decide_give(self, seat: int) -> Decision:
        actions = [Give.of(card) for card in dict.fromkeys(self.hands[seat])]
        actions.append(EndGiving.of())
        return Decision(seat, "exchange_give", "Exchange: put a card into the common space, or stop", tuple(actions))

    def _decide_take(self, seat: int) -> Decision:
        holds_pw = self._holds_public_works(seat)
        types = self.game.tables.type
        actions = tuple(
            Take.of(card) for card in dict.fromkeys(self.common)
            if not (holds_pw and types[card] == PUBLIC_WORKS)  # ORE-R13 (b)
        )
        return Decision(seat, "exchange_take", f"Exchange: take a card ({self.pending} more to take)", actions)

    # --- performing ----------------------------------------------------------------------

    def perform(self, seat: int, action) -> None:
        _PERFORM[action.kind](self, seat, action)

    def _perform_discard(self, seat: int, action: Discard) -> None:
        self._hand_remove(seat, action.card)
        self._discard(action.card)
        self.event("setup_discard", seat=seat, card=action.card)
        self.pending -= 1
        if not self.pending:
            self.reveals()
            self._setup_position((seat - self.first) % self.players + 1)

    def _perform_construct(self, seat: int, action: Construct) -> None:
        """rulebook §6a; ORE-R14..R17."""
        tables = self.game.tables
        card, space = action.card, action.space
        cost = self._cost(seat, card)
        self.coins[seat] -= cost
        for _ in range(action.count):
            self._hand_remove(seat, card)
            self.spaces[space].append(card)
            self.builders[space].append(seat)
        gains = [0] * self.players
        if tables.type[card] == COMMERCIAL:
            self._commercial_income(seat, card, space, gains)  # once for the group (ORE-R15)
        self._pay(gains)
        self.event("construct", seat=seat, card=card, count=action.count, space=space, cost=cost,
                   gains=_paid(gains))
        self._end_turn()

    def _perform_book_close(self, seat: int, action: BookClose) -> None:
        """rulebook §6b; ORE-R22..R27."""
        tables = self.game.tables
        gains = [0] * self.players
        kind = tables.type[self.spaces[seat][0]]
        acquired: list[str] = []
        if kind == RESIDENTIAL:
            self._residential_income(seat, gains)
        elif kind == COMMERCIAL:
            self._commercial_close(seat, gains)
        else:
            acquired = self._industrial_close(seat, gains)
        for card in self.spaces[seat]:
            self._discard(card)
        self.spaces[seat] = []
        self.builders[seat] = []
        self._pay(gains)
        self.event("book_close", seat=seat, gains=_paid(gains), acquired=acquired)
        self._end_turn()

    def _perform_accomplish(self, seat: int, action: Accomplish) -> None:
        """rulebook §6c; ORE-R28."""
        card = action.card
        if card == "airport":  # ORE-R32: the condition's discard is a choice of its own
            self.hand_seen[seat][self.hands[seat].index(card)] = self._everyone()
            self.phase = "airport_discard"
            self.event("accomplish_begins", seat=seat, card=card)
            return
        self._hand_remove(seat, card)
        cost = self._cost(seat, card)
        self.coins[seat] -= cost
        if self._score(seat, card, cost):
            return
        if card == "city_hall":
            self._city_hall()
        elif card == "police_station" and self._police_targets(seat):
            self.phase = "police"
            return
        self._end_turn()

    def _perform_airport_discard(self, seat: int, action: AirportDiscard) -> None:
        """ORE-R32: discard a technology card, pay (before or after the discard), score."""
        cost_with_the_card = self._cost(seat, "airport")
        self._remove_technology_card(seat, action.card, action.space)
        if self.options.airport_discard_timing == "before_cost":
            cost = self._cost(seat, "airport")
        else:
            cost = cost_with_the_card
        self._hand_remove(seat, "airport")
        self.coins[seat] -= cost
        self.event("airport_discard", seat=seat, card=action.card, space=action.space)
        if not self._score(seat, "airport", cost):
            self._end_turn()

    def _perform_police_take(self, seat: int, action: PoliceTake) -> None:
        """ORE-R33: one card of the chosen type, at random, from the opponent's hand."""
        opponent, kind = action.opponent, TYPE_INDEX[action.type]
        types = self.game.tables.type
        hand, seen = self.hands[opponent], self.hand_seen[opponent]
        indices = [i for i, card in enumerate(hand) if types[card] == kind]
        index = indices[self.rng.below(len(indices))]
        # ORE-R40: everyone sees which back moves, so whoever knew it still knows it;
        # the victim's other cards never moved and stay known to whoever knew them.
        card = hand.pop(index)
        mask = seen.pop(index) | (1 << opponent) | (1 << seat)
        self.hands[seat].append(card)
        self.hand_seen[seat].append(mask)
        self.hand_gen[seat].append(self.hand_gen[opponent].pop(index))
        self.event("police_take", seat=seat, opponent=opponent, type=action.type,
                   private={seat: {"card": card}, opponent: {"card": card}})
        self.victim = opponent
        self.phase = "police_redraw"
        self._continue_police_redraw()

    def _perform_police_decline(self, seat: int, action: PoliceDecline) -> None:
        self.event("police_decline", seat=seat)
        self._end_turn()

    def _perform_exchange(self, seat: int, action: Exchange) -> None:
        """rulebook §6d; ORE-R34: the actor sees every face-down PW in the common space."""
        bit = 1 << seat
        self.common_seen = [mask | bit for mask in self.common_seen]
        self.reveals()
        self.phase = "exchange_give"
        self.pending = 0
        self.event("exchange", seat=seat)

    def _perform_give(self, seat: int, action: Give) -> None:
        card = action.card
        mask, generation = self._hand_remove(seat, card)
        face_down = self.game.tables.type[card] == PUBLIC_WORKS  # rulebook §5.3
        self.common.append(card)
        self.common_seen.append(mask if face_down else self._everyone())
        self.common_gen.append(generation)
        self.pending += 1
        if face_down:
            self.event("give", seat=seat, type=TYPES[PUBLIC_WORKS], private={seat: {"card": card}})
        else:
            self.event("give", seat=seat, card=card)

    def _perform_end_giving(self, seat: int, action: EndGiving) -> None:
        if self.pending:
            self.phase = "exchange_take"
        else:
            self._end_turn()

    def _perform_take(self, seat: int, action: Take) -> None:
        card = action.card
        types = self.game.tables.type
        index = self._pick(self.common, card) if types[card] == PUBLIC_WORKS else self.common.index(card)
        del self.common[index]
        mask = self.common_seen.pop(index)
        generation = self.common_gen.pop(index)
        if types[card] == PUBLIC_WORKS:
            self.event("take", seat=seat, type=TYPES[PUBLIC_WORKS], private={seat: {"card": card}})
        else:
            mask = self._everyone()
            self.event("take", seat=seat, card=card)
        self.hands[seat].append(card)
        self.hand_seen[seat].append(mask | 1 << seat)  # ORE-R40: who knew it at that place still knows it
        self.hand_gen[seat].append(generation)
        self.pending -= 1
        if not self.pending:
            self._end_turn()

    def _pick(self, cards: list[str], card: str) -> int:
        """ORE-R40: the place of one copy of `card`, chosen uniformly at random among
        identical copies, so which place empties depends on no hidden face."""
        places = [i for i, c in enumerate(cards) if c == card]
        return places[self.rng.below(len(places))] if len(places) > 1 else places[0]

    def _perform_flush(self, seat: int, action: Flush) -> None:
        """rulebook §6e; ORE-R35."""
        self.reveals()
        for card in self.hands[seat]:
            self._discard(card)
        for card in self.common:
            self._discard(card)
        self.event("flush", seat=seat, hand=self.hands[seat], common=self.common)
        self.hands[seat] = []
        self.hand_seen[seat] = []
        self.hand_gen[seat] = []
        self.common = []
        self.common_seen = []
        self.common_gen = []
        self.phase = "flush_hand"
        self.pending = self.game.tables.flush_hand
        self._continue_flush()

    def _perform_pass(self, seat: int, action: Pass) -> None:
        self.event("pass", seat=seat)  # ORE-R11
        self._end_turn()

    def _perform_draw(self, seat: int, action: Draw) -> None:
        kind = TYPE_INDEX[action.pile]
        self.reveals()
        if self.phase == "flush_common":
            self._deal_to_common(kind)
        else:
            self._draw_into_hand(seat, kind)
        if self.phase == "refill":
            self._continue_refill()
        elif self.phase == "police_redraw":
            self._finish_police()
        else:
            self.pending -= 1
            self._continue_flush()

    # --- sequences with automatic steps -------------------------------------------------

    def _continue_flush(self) -> None:
        """ORE-R35: Residential while it lasts, else the flushing player's choice;
        draws stop only when no legal pile remains."""
        seat = self.active
        while self.phase == "flush_hand":
            if not self.pending:
                self.phase = "flush_common"
                self.pending = self.game.tables.flush_common
                break
            kinds = [RESIDENTIAL] if self._available(RESIDENTIAL) else self._hand_draw_types(seat)
            if len(kinds) > 1:
                return
            if not kinds:
                self.pending = 0
                continue
            self.reveals()
            self._draw_into_hand(seat, kinds[0])
            self.pending -= 1
        while self.pending:
            kinds = [RESIDENTIAL] if self._available(RESIDENTIAL) else self._common_draw_types()
            if len(kinds) > 1:
                return
            if not kinds:
                break
            self.reveals()
            self._deal_to_common(kinds[0])
            self.pending -= 1
        self._log_common_space("flush_dealt", seat=seat)
        self._end_turn()

    def _continue_police_redraw(self) -> None:
        kinds = self._hand_draw_types(self.victim)
        if len(kinds) > 1:
            return
        if kinds:
            self._draw_into_hand(self.victim, kinds[0])
        self._finish_police()

    def _finish_police(self) -> None:
        self.victim = NOBODY
        self._end_turn()

    def _end_turn(self) -> None:
        """rulebook §6: refill to three, one card at a time (ORE-R12)."""
        self.phase = "refill"
        self.pending = 0
        self._continue_refill()

    def _continue_refill(self) -> None:
        seat = self.active
        while len(self.hands[seat]) < self.game.tables.hand_size:
            kinds = self._hand_draw_types(seat)
            if len(kinds) > 1:
                return
            if not kinds:
                break
            self.reveals()
            self._draw_into_hand(seat, kinds[0])
        self._next_turn()

    def _next_turn(self) -> None:
        self.active = (self.active + 1) % self.players
        if self.active == self.first:
            self.round += 1
            limit = self.options.round_limit
            if limit is not None and self.round > limit:  # ORE-R37
                self.phase = "over"
                self.event("round_limit", rounds=limit)
                return
        self.phase = "action"

    # --- cards moving ------------------------------------------------------------------

    def _available(self, kind: int) -> bool:
        """ORE-R8: a type is exhausted when its draw and discard piles are both empty."""
        return bool(self.piles[kind] or self.discards[kind])

    def _hand_draw_types(self, seat: int) -> list[int]:
        """ORE-R12, ORE-R13: non-exhausted types; not Public Works while holding one."""
        holds_pw = self._holds_public_works(seat)
        return [k for k in range(4) if (self.piles[k] or self.discards[k]) and not (k == PUBLIC_WORKS and holds_pw)]

    def _common_draw_types(self) -> list[int]:
        return [k for k in range(4) if self.piles[k] or self.discards[k]]

    def _holds_public_works(self, seat: int) -> bool:
        types = self.game.tables.type
        return any(types[card] == PUBLIC_WORKS for card in self.hands[seat])

    def _draw(self, kind: int) -> tuple[str, int]:
        """ORE-R8: the top card and the generation of the pile it came from; a pile
        reshuffles its discards the moment it runs out, or at the next draw if it
        had none then."""
        pile = self.piles[kind]
        if not pile:
            self._reshuffle(kind)
        card = pile.pop()
        generation = self.generation[kind]
        if not pile and self.discards[kind]:
            self._reshuffle(kind)
        return card, generation

    def _reshuffle(self, kind: int) -> None:
        """A new generation: the new pile is exactly the old (public) discard pile."""
        reshuffle(self.piles[kind], self.discards[kind], self.rng)
        self.generation[kind] += 1
        self.event("reshuffle", pile=TYPES[kind], cards=len(self.piles[kind]))

    def _draw_into_hand(self, seat: int, kind: int) -> None:
        card, generation = self._draw(kind)
        self.hands[seat].append(card)
        self.hand_seen[seat].append(1 << seat)
        self.hand_gen[seat].append(generation)
        self.event("draw", seat=seat, pile=TYPES[kind], private={seat: {"card": card}})

    def _deal_to_common(self, kind: int) -> None:
        """Construction cards face up; Public Works face down, seen by nobody (§5.3)."""
        card, generation = self._draw(kind)
        self.common.append(card)
        face_down = kind == PUBLIC_WORKS
        self.common_seen.append(0 if face_down else self._everyone())
        self.common_gen.append(generation)

    def _log_common_space(self, name: str, **fields: Any) -> None:
        """One event for a whole deal into the common space; face-down PWs as null."""
        types = self.game.tables.type
        cards = [None if types[card] == PUBLIC_WORKS else card for card in self.common]
        self.event(name, common=cards, **fields)

    def _hand_remove(self, seat: int, card: str) -> tuple[int, int]:
        """Take a card of that name from a hand (of identical copies, one at random:
        ORE-R40); its knowledge mask and generation."""
        index = self._pick(self.hands[seat], card)
        del self.hands[seat][index]
        return self.hand_seen[seat].pop(index), self.hand_gen[seat].pop(index)

    def _discard(self, card: str) -> None:
        self.discards[self.game.tables.type[card]].append(card)

    def _everyone(self) -> int:
        return (1 << self.players) - 1

    # --- costs, conditions and income -----------------------------------------------------

    def _cost(self, seat: int, card: str) -> int:
        """ORE-R16: printed cost less technology, never below 0 (§9.5.2)."""
        return max(0, self.game.tables.cost[card] - self.technology[seat])

    def _space_type(self, space: int) -> int | None:
        cards = self.spaces[space]
        return self.game.tables.type[cards[0]] if cards else None

    def _can_accomplish(self, seat: int, card: str) -> bool:
        """rulebook §9.4; ORE-R30..R32."""
        if card == "airport":
            return bool(self._airport_discards(seat))
        if self._cost(seat, card) > self.coins[seat]:
            return False
        if card == "hospital":
            return self._space_type(seat) == RESIDENTIAL and len(self.spaces[seat]) >= 5
        if card == "university":
            return self._space_type(seat) == COMMERCIAL
        return True

    def _airport_discards(self, seat: int) -> list[tuple[str, int | None]]:
        """ORE-R32: technology cards the seat constructed (any space) or acquired,
        whose discard leaves the Airport affordable."""
        tables = self.game.tables
        technology = tables.technology
        printed = tables.cost["airport"]
        coins, tech = self.coins[seat], self.technology[seat]
        before = self.options.airport_discard_timing == "before_cost"
        choices: list[tuple[str, int | None]] = []
        for space in range(self.players):
            for card, builder in zip(self.spaces[space], self.builders[space]):
                if builder == seat and card in technology and (card, space) not in choices:
                    if coins >= max(0, printed - tech):
                        choices.append((card, space))
        for card in dict.fromkeys(self.acquired[seat]):
            if card in technology:
                after = tech - technology[card] if before else tech
                if coins >= max(0, printed - after):
                    choices.append((card, None))
        return choices

    def _remove_technology_card(self, seat: int, card: str, space: int | None) -> None:
        if space is None:
            self.acquired[seat].remove(card)
            self.technology[seat] -= self.game.tables.technology[card]
        else:
            cards, builders = self.spaces[space], self.builders[space]
            index = next(i for i, (c, b) in enumerate(zip(cards, builders)) if c == card and b == seat)
            del cards[index]
            del builders[index]
        self._discard(card)

    def _police_targets(self, seat: int) -> list[tuple[int, int]]:
        """ORE-R33: any opponent holding a card, and a type present in that hand."""
        types = self.game.tables.type
        targets = []
        for offset in range(1, self.players):
            opponent = (seat + offset) % self.players
            present = {types[card] for card in self.hands[opponent]}
            targets += [(opponent, kind) for kind in sorted(present)]
        return targets

    def _score(self, seat: int, card: str, cost: int) -> bool:
        """ORE-R28 steps 4-6: place, score; True when this ends the game (ORE-R36)."""
        self.acquired[seat].append(card)
        self.vp[seat] += self.game.tables.vp[card]
        self.event("accomplish", seat=seat, card=card, cost=cost, vp=self.vp[seat])
        if self.vp[seat] >= self.game.tables.win_vp:
            self.winner = seat
            self.phase = "over"
            self.event("game_ends", winner=seat)
            return True
        return False

    def _city_hall(self) -> None:
        """ORE-R29: every player, the actor included, at the same moment."""
        for seat, coins in enumerate(self.coins):
            if coins >= 10:
                self.coins[seat] = coins - 5
            elif coins == 0:
                self.coins[seat] = 5
        self.event("city_hall", coins=list(self.coins))

    def _limited(self, space: int) -> bool:
        """ORE-R19, ORE-R20: a factory next to the space, and no Park in it."""
        tables = self.game.tables
        if any(card in tables.park_ids for card in self.spaces[space]):
            return False
        factories = tables.factories
        return any(card in factories for other in tables.adjacent(self.players)[space] for card in self.spaces[other])

    def _highways(self, space: int, gains: list[int]) -> None:
        """ORE-R21: each Highway next to the space pays its constructor 1G."""
        highways = self.game.tables.highways
        for other in self.game.tables.adjacent(self.players)[space]:
            for card, builder in zip(self.spaces[other], self.builders[other]):
                if card in highways:
                    gains[builder] += 1

    def _commercial_income(self, seat: int, card: str, space: int, gains: list[int]) -> None:
        """ORE-R17: counted over the Residential cards next to the space."""
        tables = self.game.tables
        residential = sum(
            len(self.spaces[other]) for other in tables.adjacent(self.players)[space]
            if self._space_type(other) == RESIDENTIAL
        )
        ability = tables.commercial[card]
        if ability["kind"] == "flat_if_any_adjacent_residential":
            income = ability["coins"] if residential else 0
        else:
            income = min(residential * ability["coins_each"], ability["max"])
        if income and self._limited(space):
            income = 1
        if income:
            gains[seat] += income
            self._highways(space, gains)

    def _residential_income(self, space: int, gains: list[int]) -> None:
        """ORE-R23, ORE-R24, ORE-R25: majorities per card name."""
        table = self.game.tables.payouts[self.options.residential_payout_table]
        counts: dict[str, list[int]] = {}
        for card, builder in zip(self.spaces[space], self.builders[space]):
            counts.setdefault(card, [0] * self.players)[builder] += 1
        income = [0] * self.players
        for card, held in counts.items():
            first, second = table[card][sum(held) - 1]
            levels = sorted({c for c in held if c}, reverse=True)
            top = levels[0]
            runner = levels[1] if len(levels) > 1 else None
            if self.options.majority_ranking == "competition" and held.count(top) > 1:
                runner = None
            for seat, count in enumerate(held):
                if count == top:
                    income[seat] += first
                elif count == runner:
                    income[seat] += second
        self._add_limited(space, income, gains)

    def _commercial_close(self, space: int, gains: list[int]) -> None:
        """ORE-R26: 1G per card to its constructor, limited, then the Highways."""
        pays = self.game.tables.commercial_close
        income = [0] * self.players
        for card, builder in zip(self.spaces[space], self.builders[space]):
            income[builder] += pays[card]
        self._add_limited(space, income, gains)
        if any(income):
            self._highways(space, gains)

    def _add_limited(self, space: int, income: list[int], gains: list[int]) -> None:
        if self._limited(space):  # ORE-R19: at most 1G per player for the whole event
            income[:] = [min(coins, 1) for coins in income]
        for seat, coins in enumerate(income):
            gains[seat] += coins

    def _industrial_close(self, space: int, gains: list[int]) -> list[str]:
        """ORE-R27: Highways pay and are discarded; technology cards are acquired."""
        tables = self.game.tables
        kept_cards, kept_builders, acquired = [], [], []
        for card, builder in zip(self.spaces[space], self.builders[space]):
            if card in tables.acquired:
                self.acquired[builder].append(card)
                self.technology[builder] += tables.technology[card]
                acquired.append(card)
            else:
                gains[builder] += tables.highway_close[card]
                kept_cards.append(card)
                kept_builders.append(builder)
        self.spaces[space] = kept_cards
        self.builders[space] = kept_builders
        return acquired

    def _pay(self, gains: list[int]) -> None:
        for seat, coins in enumerate(gains):
            self.coins[seat] += coins

    # --- for the simulation lab ----------------------------------------------------------

    def statistics(self) -> dict[str, list[int | float]]:
        """Per seat. The score is 1 for the winner, 0 for everyone else (ORE-R36),
        so its one source is `score_win`; VP come by Public Work (`vp_<card>`, summing
        to `vp`); coins earned and spent and actions taken come from the log."""
        tables = self.game.tables
        n = self.players
        stats: dict[str, list[int | float]] = {"score_win": [int(seat == self.winner) for seat in range(n)]}
        stats["vp"] = list(self.vp)
        for card in tables.cards_of_type[PUBLIC_WORKS]:
            stats[f"vp_{card}"] = [self.acquired[seat].count(card) * tables.vp[card] for seat in range(n)]
        stats["coins"] = list(self.coins)
        stats["technology"] = list(self.technology)
        counted = (
            "constructed_residential", "constructed_commercial", "constructed_industrial",
            "coins_spent_constructing", "coins_spent_accomplishing", "income_constructing", "income_book_closing",
            "book_closings", "accomplishments", "exchanges", "flushes", "passes", "police_takes",
        )
        stats.update({name: [0] * n for name in counted})
        actions = {"book_close": "book_closings", "accomplish": "accomplishments", "exchange": "exchanges",
                   "flush": "flushes", "pass": "passes", "police_take": "police_takes"}
        for entry in self.log:
            name = entry["event"]
            if name in actions:
                stats[actions[name]][entry["seat"]] += 1
            if name == "construct":
                stats[f"constructed_{TYPES[tables.type[entry['card']]]}"][entry["seat"]] += entry["count"]
                stats["coins_spent_constructing"][entry["seat"]] += entry["cost"]
            elif name == "accomplish":
                stats["coins_spent_accomplishing"][entry["seat"]] += entry["cost"]
            if name in ("construct", "book_close"):
                income = stats["income_constructing" if name == "construct" else "income_book_closing"]
                for seat, coins in entry["gains"].items():
                    income[int(seat)] += coins
        return stats

    def progress(self) -> float:
        """The leader's share of the 10 VP; with a round limit, the share of the
        rounds played if that is more. Neither ever goes back."""
        if self.phase == "over":
            return 100.0
        share = max(self.vp) / self.game.tables.win_vp
        limit = self.options.round_limit
        if limit is not None and self.phase != "setup_discard":
            turns = (self.active - self.first) % self.players
            share = max(share, (self.round - 1 + turns / self.players) / limit)
        return round(100.0 * share, 1)

    # --- what a seat may know (rulebook §5.4, ORE-R9) -------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        types = self.game.tables.type
        bit = 0 if seat is None else 1 << seat
        players = []
        for other in range(self.players):
            hand = [
                {"type": TYPES[types[card]], "card": card if mask & bit else None}
                for card, mask in zip(self.hands[other], self.hand_seen[other])
            ]
            players.append({
                "coins": self.coins[other],
                "vp": self.vp[other],
                "technology": self.technology[other],
                "hand": hand,
                "space": [[card, builder] for card, builder in zip(self.spaces[other], self.builders[other])],
                "acquired": list(self.acquired[other]),
            })
        common = [
            {"type": TYPES[types[card]], "card": card if types[card] != PUBLIC_WORKS or mask & bit else None}
            for card, mask in zip(self.common, self.common_seen)
        ]
        return {
            "phase": self.phase,
            "active": self.active,
            "first": self.first,
            "round": self.round,
            "pending": self.pending,
            "victim": None if self.victim == NOBODY else self.victim,
            "winner": None if self.winner == NOBODY else self.winner,
            "seats": players,
            "common": common,
            "piles": {TYPES[k]: len(self.piles[k]) for k in range(4)},
            "discards": {TYPES[k]: list(self.discards[k]) for k in range(4)},
        }

    def resample_hidden(self, seat: int, rng: Rng) -> None:
        """Per type and pile generation, pool every card the seat cannot see (other
        hands' unknown cards, face-down PWs it has not seen, and the draw pile for
        its current generation) and deal them back into the same places: types on
        backs stay where they are, and a card drawn before a reshuffle never lands
        in the pile made from the discards after it (ORE-R8)."""
        types = self.game.tables.type
        bit = 1 << seat
        pools: dict[tuple[int, int], list[tuple[list, int]]] = {}
        for other in range(self.players):
            if other != seat:
                hand, seen, gens = self.hands[other], self.hand_seen[other], self.hand_gen[other]
                for i, card in enumerate(hand):
                    if not seen[i] & bit:
                        pools.setdefault((types[card], gens[i]), []).append((hand, i))
        for i, card in enumerate(self.common):
            if types[card] == PUBLIC_WORKS and not self.common_seen[i] & bit:
                pools.setdefault((PUBLIC_WORKS, self.common_gen[i]), []).append((self.common, i))
        for kind in range(4):
            pools.setdefault((kind, self.generation[kind]), [])
        for (kind, generation), places in pools.items():
            current = generation == self.generation[kind]
            pile = self.piles[kind] if current else []
            pool = [place[i] for place, i in places] + pile
            rng.shuffle(pool)
            for (place, i), card in zip(places, pool):
                place[i] = card
            if current:
                pile[:] = pool[len(places):]

    def final_result(self) -> Result:
        """ORE-R36: the player who reached 10 VP wins; everyone else loses.
        ORE-R37: a round-limit ending is a draw (everyone shares rank 1)."""
        return Result.rank([1 if seat == self.winner else 0 for seat in range(self.players)])

    def validate(self) -> None:
        tables = self.game.tables
        n = self.players
        for name in ("coins", "vp", "technology", "hands", "hand_seen", "hand_gen", "spaces", "builders", "acquired"):
            if len(getattr(self, name)) != n:
                raise PositionError(f"state.{name}: expected one entry per player")
        if len(self.piles) != 4 or len(self.discards) != 4 or len(self.generation) != 4:
            raise PositionError("state: piles, discards and generations do not add up")
        if not len(self.common) == len(self.common_seen) == len(self.common_gen):
            raise PositionError("state: the common space does not match its parallel lists")
        if self.phase not in _DECIDE and self.phase != "over":
            raise PositionError(f"state.phase: unknown phase {self.phase!r}")
        counts: dict[str, int] = {}
        places = [*self.hands, *self.spaces, *self.acquired, *self.piles, *self.discards, self.common]
        for place in places:
            for card in place:
                counts[card] = counts.get(card, 0) + 1
        if counts != tables.copies:
            raise PositionError("state: the cards in play are not exactly the game's 110 cards")
        for seat in range(n):
            if not len(self.hands[seat]) == len(self.hand_seen[seat]) == len(self.hand_gen[seat]) \
                    or len(self.spaces[seat]) != len(self.builders[seat]):
                raise PositionError(f"state: seat {seat}'s hand or space does not match its parallel lists")
            for card, generation in zip(self.hands[seat], self.hand_gen[seat]):
                if not 0 <= generation <= self.generation[tables.type[card]]:
                    raise PositionError(f"state.hand_gen: seat {seat} holds a card of an impossible generation")
            if self.coins[seat] < 0:
                raise PositionError(f"state.coins: seat {seat} holds negative coins")  # ORE-R38
        for card, generation in zip(self.common, self.common_gen):
            if not 0 <= generation <= self.generation[tables.type[card]]:
                raise PositionError("state.common_gen: a card of an impossible generation")


_DECIDE = {
    "setup_discard": OreCityState._decide_setup_discard,
    "action": OreCityState._decide_action,
    "airport_discard": OreCityState._decide_airport,
    "police": OreCityState._decide_police,
    "police_redraw": OreCityState._decide_draw,
    "refill": OreCityState._decide_draw,
    "flush_hand": OreCityState._decide_draw,
    "flush_common": OreCityState._decide_draw,
    "exchange_give": OreCityState._decide_give,
    "exchange_take": OreCityState._decide_take,
}

_PERFORM = {
    "discard": OreCityState._perform_discard,
    "construct": OreCityState._perform_construct,
    "book_close": OreCityState._perform_book_close,
    "accomplish": OreCityState._perform_accomplish,
    "airport_discard": OreCityState._perform_airport_discard,
    "police_take": OreCityState._perform_police_take,
    "police_decline": OreCityState._perform_police_decline,
    "exchange": OreCityState._perform_exchange,
    "give": OreCityState._perform_give,
    "end_giving": OreCityState._perform_end_giving,
    "take": OreCityState._perform_take,
    "flush": OreCityState._perform_flush,
    "pass": OreCityState._perform_pass,
    "draw": OreCityState._perform_draw,
}
