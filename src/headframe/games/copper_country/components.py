"""Copper Country's components as static tables, built once per Game from the
data file: the two boards, the capital and production cards, the companies,
terrain tokens, local businesses and events."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from headframe.engine.memo import Memo
from headframe.engine.schema import ANY, SOURCE_LABELS, OneOf

RESOURCES = ("labor", "surface", "equipment", "underground", "explosive", "transport")
MINERS_PER_PLAYER = 5
BUILDINGS = ("company_house", "shaft_house", "hoist_house")

_SOURCE = OneOf(*SOURCE_LABELS)
_RESOURCE = OneOf(*RESOURCES)
_ROW = {
    "resources?": [_RESOURCE],
    "any_resource?": int,
    "poor_rock?": int,
    "unrest?": int,
    "cemetery?": int,
    "take_claim?": bool,
    "complete_claim?": bool,
    "pass?": bool,
    "copper?": int,
}
_BOARD = {
    "source": _SOURCE,
    "ruling": str,
    "camps": [{"id": str, "axial": [int], "company_house_spaces": int, "adjacent_mine_sites": [str]}],
    "mine_sites": [{
        "id": str, "axial": [int], "adjacent_camps": [str], "adjacent_mine_sites": [str],
        "poor_rock_spaces": [str], "build_spaces": [str],
    }],
    "poor_rock_spaces": [{"id": str, "mine_sites": [str]}],
    "build_spaces": [{"id": str, "mine_sites": [str]}],
}
_CARDS = [{"id": str, "name": str, "text": str}]

SCHEMA = {
    "players": {"source": _SOURCE, "min": int, "max": int, "colors": [str]},
    "resources": {"source": _SOURCE, "list": [_RESOURCE]},
    "setup": {"source": _SOURCE, "starting_hand": int, "community_cards": int, "poor_rock_on_track": int},
    "eras": {"source": _SOURCE, "cards": [{"era": int, "name": str, "hand_limit": int, "buildings": [OneOf(*BUILDINGS)]}]},
    "shifts": {"source": _SOURCE, "base": int, "bonus": {"shaft_or_hoist_house": int, "powered_shaft_or_hoist_house": int},
               "poor_rock_penalty": ANY},
    "company_house_abilities": {"source": _SOURCE, "uses_per_turn": int},
    "terrain_tokens": {"source": _SOURCE,
                       "tokens": [{"id": str, "kind": OneOf("resource", "poor_rock"), "resource?": _RESOURCE}]},
    "industry_track": {
        "source": _SOURCE,
        "length": int,
        "icons": [{"space": int, "source": _SOURCE,
                   "icon": OneOf("start", "local_business", "era_2", "era_3", "event_19th", "event_20th", "end")}],
        "short_games": {"source": _SOURCE, "eras_1_2": {"end_token_on": int}, "era_3_intro": {"end_token_on": int}},
    },
    "boards": {"summer": _BOARD, "winter": _BOARD},
    "production_cards": {"source": _SOURCE, "cards": [{
        "id": str, "era": OneOf(1, 2, 3), "source": _SOURCE, "name?": str, "rows": [_ROW],
    }]},
    "capital_cards": {"source": _SOURCE, "cards": [
        {"id": str, "era": OneOf(1, 2, 3), "kind": OneOf("single", "or", "and"), "resources": [_RESOURCE]}]},
    "company_cards": {"source": _SOURCE, "cards": [{
        "id": str, "name": str, "resource_specialization": _RESOURCE, "two_for_one_resource": _RESOURCE,
        "company_claim": {"resources": [_RESOURCE], "poor_rock": int, "copper": int},
    }]},
    "local_business_cards": {"source": _SOURCE, "cards": [{
        "id": str, "name": str, "text": str, "window": OneOf("turn", "payment", "next_shift", "after_shift"),
    }]},
    "event_cards_19th": {"source": _SOURCE, "cards": _CARDS},
    "event_cards_20th": {"source": _SOURCE, "cards": _CARDS},
}


@dataclass(frozen=True)
class Row:
    """One row of icons of a production card (or a claim's requirements)."""

    resources: tuple[str, ...]
    any_resource: int
    poor_rock: int
    unrest: int
    cemetery: int
    take_claim: bool
    complete_claim: bool
    copper: int
    needs: tuple[str, ...] = field(init=False, repr=False, compare=False)  # resources and `any`s, sorted

    def __post_init__(self) -> None:
        object.__setattr__(self, "needs", tuple(sorted(self.resources + ("any",) * self.any_resource)))

    @classmethod
    def load(cls, data: dict[str, Any]) -> Row:
        return cls(
            tuple(data.get("resources", ())), data.get("any_resource", 0), data.get("poor_rock", 0),
            data.get("unrest", 0), data.get("cemetery", 0), bool(data.get("take_claim")),
            bool(data.get("complete_claim")), data.get("copper", 0),
        )


@dataclass(frozen=True)
class Board:
    name: str
    camps: tuple[str, ...]
    sites: tuple[str, ...]
    house_spaces: dict[str, int]          # camp -> company-house spaces
    camp_sites: dict[str, tuple[str, ...]]  # camp -> adjacent mine sites
    site_camps: dict[str, tuple[str, ...]]
    site_sites: dict[str, tuple[str, ...]]
    site_spaces: dict[str, tuple[str, ...]]
    space_sites: dict[str, tuple[str, ...]]
    site_builds: dict[str, tuple[str, ...]]
    build_sites: dict[str, tuple[str, ...]]
    spaces: tuple[str, ...]
    builds: tuple[str, ...]
    axial: dict[str, tuple[int, int]]
    site_space_set: dict[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    # COP-R13: the mine sites a miner at a camp or mine site may work, its own site first
    reach: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "site_space_set", {s: frozenset(p) for s, p in self.site_spaces.items()})
        object.__setattr__(self, "reach", {**self.camp_sites, **{s: (s, *self.site_sites[s]) for s in self.sites}})

    @classmethod
    def load(cls, name: str, data: dict[str, Any]) -> Board:
        sites = data["mine_sites"]
        return cls(
            name,
            tuple(c["id"] for c in data["camps"]),
            tuple(m["id"] for m in sites),
            {c["id"]: c["company_house_spaces"] for c in data["camps"]},
            {c["id"]: tuple(c["adjacent_mine_sites"]) for c in data["camps"]},
            {m["id"]: tuple(m["adjacent_camps"]) for m in sites},
            {m["id"]: tuple(m["adjacent_mine_sites"]) for m in sites},
            {m["id"]: tuple(m["poor_rock_spaces"]) for m in sites},
            {p["id"]: tuple(p["mine_sites"]) for p in data["poor_rock_spaces"]},
            {m["id"]: tuple(m["build_spaces"]) for m in sites},
            {b["id"]: tuple(b["mine_sites"]) for b in data["build_spaces"]},
            tuple(p["id"] for p in data["poor_rock_spaces"]),
            tuple(b["id"] for b in data["build_spaces"]),
            {x["id"]: tuple(x["axial"]) for x in data["camps"] + sites},
        )


class Tables:
    """Everything static, looked up by id: the boards (COP-R47, COP-R48), production
    cards (COP-R49), capital cards (COP-R50) and companies (COP-R51)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.boards = {name: Board.load(name, data["boards"][name]) for name in ("summer", "winter")}
        self.hand_limit = {e["era"]: e["hand_limit"] for e in data["eras"]["cards"]}
        self.era_name = {e["era"]: e["name"] for e in data["eras"]["cards"]}
        self.era_buildings = {e["era"]: tuple(e["buildings"]) for e in data["eras"]["cards"]}
        shifts = data["shifts"]
        self.base_shifts = shifts["base"]
        self.bonus = shifts["bonus"]["shaft_or_hoist_house"]
        self.powered_bonus = shifts["bonus"]["powered_shaft_or_hoist_house"]
        self.penalty = {int(k): v for k, v in shifts["poor_rock_penalty"].items()}
        self.starting_hand = data["setup"]["starting_hand"]
        self.community_size = data["setup"]["community_cards"]
        self.track_length = data["industry_track"]["length"]
        self.track_icons = {i["space"]: i["icon"] for i in data["industry_track"]["icons"]}
        short = data["industry_track"]["short_games"]
        self.short_end = {"eras_1_2": short["eras_1_2"]["end_token_on"], "era_3_intro": short["era_3_intro"]["end_token_on"]}
        self.terrain = {t["id"]: t.get("resource", "poor_rock") for t in data["terrain_tokens"]["tokens"]}
        prod = data["production_cards"]["cards"]
        self.rows = {c["id"]: tuple(Row.load(r) for r in c["rows"]) for c in prod}
        self.card_era = {c["id"]: c["era"] for c in prod}
        self.card_name = {c["id"]: c.get("name", "") for c in prod}
        # the cards whose rows may ask for poor rock (with a claim's, for a row completing one)
        self.rock_rows = {cid: any(r.poor_rock or r.complete_claim for r in rows) for cid, rows in self.rows.items()}
        self.produce_row = {cid: next(r for r in rows if r.copper) for cid, rows in self.rows.items()}
        self.copper_value = {cid: row.copper for cid, row in self.produce_row.items()}  # in a copper pile
        self.free_row = {cid: _free_row(rows) for cid, rows in self.rows.items()}
        self.production_by_era = {era: [c["id"] for c in prod if c["era"] == era] for era in (1, 2, 3)}
        full = data["resources"].get("full_names", {})
        self.resource_name = {r: full.get(r, r) for r in RESOURCES}  # "underground development"
        cap = data["capital_cards"]["cards"]
        self.capital = {c["id"]: (c["kind"], tuple(c["resources"])) for c in cap}
        self.capital_resources = {cid: resources for cid, (_, resources) in self.capital.items()}
        self.card_era.update({c["id"]: c["era"] for c in cap})
        self.capital_by_era = {era: [c["id"] for c in cap if c["era"] == era] for era in (1, 2, 3)}
        self.signature = {cid: _signature(kind, res) for cid, (kind, res) in self.capital.items()}
        self.companies = {c["id"]: c for c in data["company_cards"]["cards"]}
        # per company, each production card's count of its specialization resource in a copper pile (COP-R39)
        self.specialization_value = {
            cid: {card: row.resources.count(c["resource_specialization"]) for card, row in self.produce_row.items()}
            for cid, c in self.companies.items()
        }
        self.company_claim = {
            cid: Row(tuple(c["company_claim"]["resources"]), 0, c["company_claim"]["poor_rock"], 0, 0, False, False,
                     c["company_claim"]["copper"])
            for cid, c in self.companies.items()
        }
        # the most poor rock and miners a row and the claim it completes ask for together
        claims = (*self.produce_row.values(), *self.company_claim.values())
        rows = [row for card in self.rows.values() for row in card]
        self.most_rocks = max(r.poor_rock for r in rows) + max(c.poor_rock for c in claims)
        self.most_casualties = max(r.unrest + r.cemetery for r in rows) + max(c.unrest + c.cemetery for c in claims)
        self.businesses = {c["id"]: c for c in data["local_business_cards"]["cards"]}
        self.events = {c["id"]: c for c in data["event_cards_19th"]["cards"] + data["event_cards_20th"]["cards"]}
        self.events_19th = [c["id"] for c in data["event_cards_19th"]["cards"]]
        self.events_20th = [c["id"] for c in data["event_cards_20th"]["cards"]]
        # Memos of derived values by all that they depend on (engine.memo):
        # work.site_shifts by the board, the seat, the poor rock and the buildings
        self.shifts: Memo[tuple, dict[str, int]] = Memo()
        self.build_values: Memo[tuple, dict[str, int]] = Memo()  # heuristic._build_values by the board and the poor rock
        self.build_spaces: Memo[tuple, tuple] = Memo()  # management.places of a shaft or hoist house, by the board and the builds


def _free_row(rows: tuple[Row, ...]) -> str:
    """`pass` if a row of the card asks for nothing (always legal), else `take` if a row taking a
    claim does (legal while no claim is held), else ""."""
    free = [row for row in rows if not (row.resources or row.any_resource or row.poor_rock or row.unrest
                                        or row.cemetery or row.complete_claim)]
    if any(not row.take_claim for row in free):
        return "pass"
    return "take" if free else ""


def _signature(kind: str, resources: tuple[str, ...]) -> str:
    """What a capital card gives, as one string: `labor`, `or:labor:surface`, `and:...`."""
    return resources[0] if kind == "single" else f"{kind}:{resources[0]}:{resources[1]}"


@cache
def powers(tables: Tables) -> dict[str, dict[str, frozenset[str]]]:
    """Per board, each build space's build spaces whose mine sites share a poor-rock
    space with its own (COP-R15). Worked out once per game's tables."""
    found = {}
    for name, board in tables.boards.items():
        spaces = {b: {s for site in sites for s in board.site_spaces[site]} for b, sites in board.build_sites.items()}
        found[name] = {b: frozenset(o for o in board.builds if o != b and spaces[b] & spaces[o]) for b in board.builds}
    return found
