"""Ore City's component data: the schema of `ore-city.data.yaml` and the static
tables the rules read, computed once per Game instance (`OreCity.tables`)."""

from __future__ import annotations

from typing import Any

from headframe.engine.schema import SOURCE_LABELS, Either, Nullable, OneOf

TYPES = ("residential", "commercial", "industrial", "public_works")
RESIDENTIAL, COMMERCIAL, INDUSTRIAL, PUBLIC_WORKS = range(4)
TYPE_INDEX = {name: index for index, name in enumerate(TYPES)}
TYPE_NAMES = {"residential": "Residential", "commercial": "Commercial", "industrial": "Industrial",
              "public_works": "Public Works"}  # what people call the types (and their piles)
NOBODY = -1  # no seat: no Police Station victim, no winner

_SOURCE = OneOf(*SOURCE_LABELS)
_SEAT_COINS = {str: int}
_ROWS = {"rows": [[int]], "formula?": Nullable(str), "rulebook_rows?": {str: [int]}}
_PAYOUTS = {"source": _SOURCE, "ruling": str,
            **{name: _ROWS for name in ("single_house", "apartment_house", "condominium", "park")}}
_CARD = {"id": str, "name": str, "cost": int, "copies": int}

SCHEMA = {
    "identity": {"source": _SOURCE, "title": str},
    "players": {"source": _SOURCE, "ruling": str, "min": int, "max": int},
    "constants": {
        "source": _SOURCE,
        "victory_points_to_win": int,
        "starting_coins": int,
        "starting_victory_points": int,
        "starting_technology": int,
        "hand_refill_to": int,
        "max_public_works_in_hand": OneOf(1),
        "common_space_size": int,
        "flush_hand_draw": int,
        "flush_common_space_deal": int,
        "max_cards_per_construction": int,
    },
    "setup": {
        "source": _SOURCE,
        "ruling": str,
        "initial_draw": {"residential": int, "commercial": int, "industrial": int},
        "extra_residential_draw_by_turn_position": [int],
        "discard_by_turn_position": [int],
        "common_space": {"pile": OneOf("residential"), "cards": int, "face": OneOf("up")},
    },
    "adjacency": {"source": _SOURCE, "ruling": str, "examples": {str: {str: [int]}}},
    "adjacency_two_player": {"source": _SOURCE, "ruling": str, "example": {str: [int]}},
    "residential_cards": {
        "source": _SOURCE,
        "cards": [{**_CARD, "construction_ability": Nullable(OneOf("space_immune_to_industrial"))}],
        "book_closing": OneOf("majority_payout"),
    },
    "residential_payouts": _PAYOUTS,
    "residential_payouts_linear": _PAYOUTS,
    "commercial_cards": {
        "source": _SOURCE,
        "ruling": str,
        "cards": [{
            **_CARD,
            "on_construct": {
                "kind": OneOf("flat_if_any_adjacent_residential", "per_adjacent_residential"),
                "coins?": int, "coins_each?": int, "max?": int,
            },
            "on_book_closing": {"coins": int},
        }],
    },
    "industrial_cards": {
        "source": _SOURCE,
        "cards": [{
            **_CARD,
            "continuous": Nullable(OneOf("highway_income", "limit_adjacent_income_to_1g")),
            "on_book_closing": {"coins?": int, "technology?": int},
        }],
    },
    "acquired_on_book_closing": {
        "source": _SOURCE, "ruling": str, "acquired": [str], "discarded": [str], "technology_cards": {str: int},
    },
    "public_works_cards": {
        "source": _SOURCE,
        "cards": [{
            **_CARD,
            "victory_points": int,
            "condition": Nullable({
                "kind": OneOf("min_cards_of_type_in_own_space", "discard_own_technology_card"),
                "type?": OneOf(*TYPES), "min?": int, "count?": OneOf(1),
            }),
            "effect": Nullable({
                "kind": OneOf("rebalance_coins", "take_card_from_opponent"),
                "lose_if_at_least?": int, "lose?": int, "gain_if_exactly?": int, "gain?": int,
            }),
        }],
    },
    "book_closing_example": {
        "source": _SOURCE,
        "ruling": str,
        "cards_constructed": {str: _SEAT_COINS},
        "expected_income": {str: _SEAT_COINS},
        "expected_total": _SEAT_COINS,
    },
    "factory_highway_example": {
        "source": _SOURCE,
        "ruling": str,
        "players": int,
        "spaces_before": {str: [[Either(str, int)]]},
        "steps": [{
            "action": {"seat": int, "kind": OneOf("construct", "book_close"), "space": int, "cards?": [str]},
            "coins_gained": _SEAT_COINS,
            "technology_after?": _SEAT_COINS,
        }],
        "park_variant_of_step_2": {"extra_card_in_space_0": [Either(str, int)], "coins_gained": _SEAT_COINS},
    },
}


class Tables:
    """Every static table the rules read, indexed by card id (str)."""

    def __init__(self, data: dict[str, Any]) -> None:
        constants = data["constants"]
        self.win_vp = constants["victory_points_to_win"]
        self.hand_size = constants["hand_refill_to"]
        self.common_size = constants["common_space_size"]
        self.flush_hand = constants["flush_hand_draw"]
        self.flush_common = constants["flush_common_space_deal"]
        self.start_coins = constants["starting_coins"]
        self.most_per_construction = constants["max_cards_per_construction"]  # ORE-R15
        setup = data["setup"]
        self.initial_draw = [TYPE_INDEX[t] for t, n in setup["initial_draw"].items() for _ in range(n)]
        self.extra_draws = setup["extra_residential_draw_by_turn_position"]
        self.setup_discards = setup["discard_by_turn_position"]
        self.type: dict[str, int] = {}
        self.cost: dict[str, int] = {}
        self.name: dict[str, str] = {}
        self.copies: dict[str, int] = {}
        sections = ("residential_cards", "commercial_cards", "industrial_cards", "public_works_cards")
        for kind, section in enumerate(sections):
            for card in data[section]["cards"]:
                self.type[card["id"]] = kind
                self.cost[card["id"]] = card["cost"]
                self.name[card["id"]] = card["name"]
                self.copies[card["id"]] = card["copies"]
        self.cards_of_type = [[c for c, t in self.type.items() if t == kind] for kind in range(4)]
        self.park_ids = frozenset(c["id"] for c in data["residential_cards"]["cards"]
                                  if c["construction_ability"] == "space_immune_to_industrial")
        self.commercial = {c["id"]: c["on_construct"] for c in data["commercial_cards"]["cards"]}
        self.commercial_close = {c["id"]: c["on_book_closing"]["coins"] for c in data["commercial_cards"]["cards"]}
        industrial = data["industrial_cards"]["cards"]
        self.factories = frozenset(c["id"] for c in industrial if c["continuous"] == "limit_adjacent_income_to_1g")
        self.highways = frozenset(c["id"] for c in industrial if c["continuous"] == "highway_income")
        self.highway_close = {c["id"]: c["on_book_closing"].get("coins", 0) for c in industrial}
        acquired = data["acquired_on_book_closing"]
        self.acquired = frozenset(acquired["acquired"])
        self.technology = dict(acquired["technology_cards"])
        self.payouts = {
            table: {n: t["rows"] for n, t in data[section].items() if isinstance(t, dict) and "rows" in t}
            for table, section in (("reconstructed", "residential_payouts"), ("linear", "residential_payouts_linear"))
        }
        self.public_works = {c["id"]: c for c in data["public_works_cards"]["cards"]}
        self.vp = {c["id"]: c["victory_points"] for c in data["public_works_cards"]["cards"]}
        self.deck = [[c for c in self.cards_of_type[kind] for _ in range(self.copies[c])] for kind in range(4)]
        self._adjacent: dict[int, list[list[int]]] = {}

    def adjacent(self, players: int) -> list[list[int]]:
        """adjacent[s]: the spaces next to space s, as a set (ORE-R3, ORE-R4)."""
        table = self._adjacent.get(players)
        if table is None:
            table = self._adjacent[players] = [
                sorted({(s - 1) % players, (s + 1) % players} - {s}) for s in range(players)
            ]
        return table
