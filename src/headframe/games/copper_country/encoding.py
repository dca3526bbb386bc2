"""Copper Country as a flat vector for learners, built from a seat's view only.

Seats are rotated so that index 0 is the observer, then the next seat clockwise,
and so on: one policy can play any seat. Capital cards are encoded by what they
give (their signature: `labor`, `or:labor:surface`, ...), since identical cards
are one choice (COP-R53); production cards by their rows of icons."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from headframe.engine.observation import ObservationLayout, PointOfView

from .components import MINERS_PER_PLAYER, RESOURCES, Row, Tables
from .options import CopperCountryOptions

DECISIONS = (
    "contract", "excess_rock", "management", "labor", "survey", "survey_rock", "building", "build_at", "prospect",
    "work_at", "stockpile_at", "keep", "relocate", "ready", "row", "pay", "casualty", "place_rock", "stamp_mill",
    "continue", "before_dividends", "dividends", "event_miner", "event_discard", "event_drill",
    "event_compensation", "event_war", "business_discard", "business_take",
)
OPTION_FLAGS = ("hidden_scores", "powering_partner_contributes", "use_company_cards", "use_local_business",
                "use_events")
TIEBREAKS = ("all_players", "tied_players", "keep_award")
UPCOMING = ("local_business", "era_2", "era_3", "event_19th", "event_20th")
TERRAIN = ("face_down", "poor_rock") + RESOURCES
OFF_BOARD = ("unskilled", "unrest", "cemetery")
SUPPLY = (("company_house", 3), ("shaft_house", 4), ("hoist_house", 2))
ROW_FEATURES = RESOURCES + ("any", "poor_rock", "unrest", "cemetery", "take_claim", "complete_claim", "copper")
ROWS = 3  # the most rows a production card has
NEEDS = RESOURCES + ("any",) + tuple("half-" + r for r in RESOURCES)
ICONS = 3  # scale of a row's count of one icon
COPPER = 8  # the most copper on one row
HAND = 10  # scale of hand sizes
CARDS = 66  # scale of deck sizes: each deck holds 66 cards


def layout(game, players: int, options: Any = None) -> ObservationLayout:
    """The fields at this player count on the options' board (the boards differ in size)."""
    return _layout(game.tables, players, CopperCountryOptions.from_dict(options).board)


@cache
def _layout(tables: Tables, players: int, board_name: str) -> ObservationLayout:
    """Built once per player count and board."""
    t, n = tables, players
    board = t.boards[board_name]
    sigs, copies = len(signatures(t)), most_copies(t)
    camps, sites = len(board.camps), len(board.sites)
    row = ROWS * len(ROW_FEATURES)
    card = f"its {ROWS} rows, each {len(ROW_FEATURES)} values ({', '.join(ROW_FEATURES)}; counts /{ICONS}, " \
           f"copper /{COPPER})"
    fields = [
        ("options", len(OPTION_FLAGS) + len(TIEBREAKS),
         "variant flags: " + ", ".join(OPTION_FLAGS) + "; one-hot tiebreak_specialization: " + ", ".join(TIEBREAKS)),
        ("era", 3, "one-hot era 1..3"),
        ("rocks_left", 1, f"poor rock left on the industry track /{t.track_length}"),
        ("upcoming", len(UPCOMING),
         f"per icon ({', '.join(UPCOMING)}): rocks to take before it takes effect /{t.track_length}, 1: none ahead"),
        ("turn_limit", 1, "turns played / (turn_limit x players) (COP-R58), 0: no limit"),
        ("decision", len(DECISIONS), "one-hot kind of my decision (zeros: not mine to make): " + ", ".join(DECISIONS)),
        ("to_move", n, "one-hot seat to move, relative to me (zeros: game over)"),
        ("current", n, "one-hot relative seat whose turn it is"),
        ("first_player", n, "one-hot relative seat of the first player"),
        ("poor_rock", len(board.spaces), "per poor-rock space (board order): a poor rock on it"),
        ("terrain", sites * len(TERRAIN), "per mine site, one-hot terrain token: " + ", ".join(TERRAIN)),
        ("terrain_rock", sites, "per mine site: a poor rock on its terrain token"),
        ("company_houses", camps * n, "per camp, per relative seat: company houses / the camp's spaces"),
        ("buildings", len(board.builds) * n * 2, "per build space, per relative seat: a shaft house, a hoist house"),
        ("miners", (camps + sites) * n * 2,
         f"per camp then mine site, per relative seat: ready miners, exerted miners /{MINERS_PER_PLAYER}"),
        ("miners_off_board", n * len(OFF_BOARD),
         f"per relative seat: miners {', '.join(OFF_BOARD)} /{MINERS_PER_PLAYER}"),
        ("supply", n * len(SUPPLY), "per relative seat: " + ", ".join(f"{b} /{m}" for b, m in SUPPLY) + " in supply"),
        ("hand_size", n, f"per relative seat: capital cards in hand /{HAND}"),
        ("hand", sigs, f"my capital cards per signature (data order) /{copies}"),
        ("known_cards", n * sigs, f"per relative seat: capital cards the table saw it take, per signature /{copies}"),
        ("copper_cards", n, "per relative seat: cards in its copper pile /30"),
        ("copper_score", n, "per relative seat: copper value + company claim, if I may see it, /100"),
        ("specialization", n, "per relative seat: specialization, if I may see it, /20"),
        ("score_visible", n, "per relative seat: its copper pile is visible to me"),
        ("claim", n * row, f"per relative seat: its held claim card (zeros: none), {card}"),
        ("company", n * len(t.companies), "per relative seat: one-hot company card (data order)"),
        ("company_claim_complete", n, "per relative seat: company claim complete"),
        ("community", t.community_size * sigs, "per community slot: one-hot signature (zeros: empty)"),
        ("decks", 3, f"capital deck, production deck, production discards /{CARDS}"),
        ("capital_discard", sigs, f"capital discard pile per signature /{copies}"),
        ("local_businesses", len(t.businesses), "per local business card: open"),
        ("used_this_turn", len(t.businesses) + 1, "per local business card, then the company-house ability: used"),
        ("events_played", len(t.events), "per event card: revealed"),
        ("work_site", sites, "one-hot mine site being worked"),
        ("work", 3, "shifts allowed /6, shifts taken /6, From Struggle to Shutdown"),
        ("work_applicable", sites, "per mine site: applicable for poor rock in this work"),
        ("shift_card", row, f"the revealed production card: {card}"),
        ("shift_choice", ROWS + 3, f"one-hot chosen row 1..{ROWS}; completes the held claim, the company claim; "
                                   "copper produced"),
        ("shift_abilities", 2 * len(RESOURCES), "one-hot resource of the worked site's token, of the company 2:1"),
        ("payment_needs", len(NEEDS), f"resources still to pay: {', '.join(NEEDS)} /{ICONS}"),
        ("payment_loose", len(RESOURCES), "loose halves of AND cards per resource /2"),
        ("payment_abilities", 4, "still usable in this payment: terrain token, 2:1, Machine Shop, Railroad"),
        ("looking_capital", sigs, "capital cards I am looking at, per signature /2"),
        ("looking_production", 2 * row, f"production cards I am prospecting, each {card}"),
        ("looking_others", 1, "cards another seat is looking at /2"),
        ("known_top", row, f"the top production card I know (zeros: none), {card}"),
    ]
    return ObservationLayout(fields)


def signatures(tables: Tables) -> list[str]:
    """Every capital card signature, in data order."""
    return list(dict.fromkeys(tables.signature.values()))


def most_copies(tables: Tables) -> int:
    """The most capital cards that share one signature."""
    return max(Counter(tables.signature.values()).values())


class _Lookups:
    """What `encode` reads of the tables, worked out once for them: each capital
    card's signature's place, and each production card's rows as features."""

    def __init__(self, tables: Tables) -> None:
        place = {sig: index for index, sig in enumerate(signatures(tables))}
        self.signatures = len(place)
        self.signature_place = {card: place[sig] for card, sig in tables.signature.items()}
        self.copies = most_copies(tables)
        self.no_rows = [0.0] * (ROWS * len(ROW_FEATURES))
        self.rows = {card: _card_rows(rows) for card, rows in tables.rows.items()}


@cache
def _lookups(tables: Tables) -> _Lookups:
    return _Lookups(tables)


def _card_rows(rows: tuple[Row, ...]) -> list[float]:
    values: list[float] = []
    for index in range(ROWS):
        values += row_features(rows[index]) if index < len(rows) else [0.0] * len(ROW_FEATURES)
    return values


def encode(game, view: dict[str, Any]) -> list[float]:
    """A seat's view as the vector `layout` describes, from the view alone."""
    pov = PointOfView(view)
    n, relative = pov.players, pov.relative
    t = game.tables
    board = t.boards[view["board"]]
    lookups = _lookups(t)
    seats = pov.rotated(view["seats"])

    def by_signature(cards, scale: float) -> list[float]:
        counts = [0.0] * lookups.signatures
        for card in cards:
            counts[lookups.signature_place[card]] += 1 / scale
        return counts

    def card_rows(card: str | None) -> list[float]:
        return lookups.rows[card] if card else lookups.no_rows

    def resource_hot(resource: str) -> list[float]:
        return [float(resource == r) for r in RESOURCES]

    w = _layout(t, view["player_count"], view["board"]).writer()
    options = view["options"]
    w.values("options", [float(bool(options[name])) for name in OPTION_FLAGS]
             + [float(options["tiebreak_specialization"] == rule) for rule in TIEBREAKS])
    w.one_hot("era", view["era"] - 1)
    track = view["track"]
    w.scalar("rocks_left", track["rocks_left"], t.track_length)
    ahead = track["icons"][track["next"] - 1:track["end"]]
    w.values("upcoming", [(ahead.index(icon) + 1) / t.track_length if icon in ahead else 1.0 for icon in UPCOMING])
    limit = options["turn_limit"]
    w.scalar("turn_limit", view["turns"] / (limit * n) if limit else 0.0)
    decision = view.get("decision")
    w.one_hot("decision", DECISIONS.index(decision["kind"]) if decision else None)
    w.one_hot("to_move", relative(view["to_move"][0]) if view["to_move"] else None)
    w.one_hot("current", relative(view["current"]))
    w.one_hot("first_player", relative(view["first_player"]))

    rock = set(view["poor_rock"])
    w.values("poor_rock", [space in rock for space in board.spaces])
    terrain = [0.0] * (len(board.sites) * len(TERRAIN))
    for index, site in enumerate(board.sites):
        terrain[index * len(TERRAIN) + TERRAIN.index(view["terrain"][site] or "face_down")] = 1.0
    w.values("terrain", terrain)
    on_token = set(view["terrain_rock"])
    w.values("terrain_rock", [site in on_token for site in board.sites])
    houses = [0.0] * (len(board.camps) * n)
    for index, camp in enumerate(board.camps):
        for owner in view["company_houses"][camp]:
            houses[index * n + relative(owner)] += 1 / board.house_spaces[camp]
    w.values("company_houses", houses)
    buildings = [0.0] * (len(board.builds) * n * 2)
    for index, space in enumerate(board.builds):
        building = view["buildings"].get(space)
        if building:
            buildings[(index * n + relative(building["seat"])) * 2 + (building["building"] == "hoist_house")] = 1.0
    w.values("buildings", buildings)

    places = {place: index for index, place in enumerate(board.camps + board.sites)}
    miners = [0.0] * (len(places) * n * 2)
    off_board = [0.0] * (n * len(OFF_BOARD))
    for r, entry in enumerate(seats):
        for miner in entry["miners"]:
            at = miner["at"]
            if at in places:
                miners[(places[at] * n + r) * 2 + (not miner["ready"])] += 1 / MINERS_PER_PLAYER
            else:
                off_board[r * len(OFF_BOARD) + OFF_BOARD.index(at)] += 1 / MINERS_PER_PLAYER
    w.values("miners", miners)
    w.values("miners_off_board", off_board)
    w.values("supply", [entry["supply"][b] / most for entry in seats for b, most in SUPPLY])
    w.counts("hand_size", [entry["hand_size"] for entry in seats], HAND)
    copies = lookups.copies
    w.values("hand", by_signature(seats[0]["hand"], copies))
    w.values("known_cards", [v for entry in seats for v in by_signature(entry["known_cards"], copies)])
    w.counts("copper_cards", [entry["copper_cards"] for entry in seats], 30)
    w.counts("copper_score", [entry.get("copper_score", 0) for entry in seats], 100)
    w.counts("specialization", [entry.get("specialization", 0) for entry in seats], 20)
    w.values("score_visible", ["copper" in entry for entry in seats])
    w.values("claim", [v for entry in seats for v in card_rows(entry["claim"])])
    companies = list(t.companies)
    w.values("company", [float(entry["company"] == c) for entry in seats for c in companies])
    w.values("company_claim_complete", [entry["company_claim_complete"] for entry in seats])

    community = []
    for card in view["community"]:
        community += by_signature([card] if card else [], 1)
    w.values("community", community)
    w.counts("decks", [view["capital_deck"], view["production_deck"], len(view["production_discard"])], CARDS)
    w.values("capital_discard", by_signature(view["capital_discard"], copies))
    businesses = list(t.businesses)
    w.values("local_businesses", [card in view["local_businesses"] for card in businesses])
    w.values("used_this_turn", [card in view["used_this_turn"] for card in businesses + ["house"]])
    w.values("events_played", [card in view["events_played"] for card in t.events])

    work = view["work"]
    w.one_hot("work_site", board.sites.index(work["site"]) if work else None)
    w.values("work", [work["max"] / 6, work["taken"] / 6, work["shutdown"]] if work else [0.0] * 3)
    applicable = set(work["applicable"]) if work else set()
    w.values("work_applicable", [site in applicable for site in board.sites])
    shift = view["shift"]
    w.values("shift_card", card_rows(shift["card"] if shift else None))
    choice = [0.0] * (ROWS + 3)
    abilities = [0.0] * (2 * len(RESOURCES))
    if shift:
        if shift["row"] >= 0:
            choice[shift["row"]] = 1.0
        choice[ROWS:] = [shift["claim"] == "held", shift["claim"] == "company", shift["produced"]]
        abilities = resource_hot(shift["terrain"]) + resource_hot(shift["pair"])
    w.values("shift_choice", choice)
    w.values("shift_abilities", abilities)
    payment = shift.get("payment") if shift else None
    needs, loose, usable = [0.0] * len(NEEDS), [0.0] * len(RESOURCES), [0.0] * 4
    if payment:
        for need in payment["needs"]:
            needs[NEEDS.index(need)] += 1 / ICONS
        for _, resource in payment["loose"]:
            loose[RESOURCES.index(resource)] += 1 / 2
        usable = [bool(payment["terrain"]), bool(payment["pair"]), payment["machine"], payment["railroad"]]
    w.values("payment_needs", needs)
    w.values("payment_loose", loose)
    w.values("payment_abilities", usable)

    looking = view["looking"]
    seen = looking if isinstance(looking, list) else []
    w.values("looking_capital", by_signature([c for c in seen if c in t.capital], 2))
    prospect = [c for c in seen if c in t.rows]
    w.values("looking_production", [v for index in range(2)
                                    for v in card_rows(prospect[index] if index < len(prospect) else None)])
    w.scalar("looking_others", 0 if isinstance(looking, list) else looking, 2)
    w.values("known_top", card_rows(view["known_top_production_card"]))
    return w.finish()


def row_features(row: Row) -> list[float]:
    counts = [row.resources.count(r) for r in RESOURCES]
    counts += [row.any_resource, row.poor_rock, row.unrest, row.cemetery]
    return [c / ICONS for c in counts] + [float(row.take_claim), float(row.complete_claim), row.copper / COPPER]
