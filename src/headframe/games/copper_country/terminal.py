"""Copper Country in plain text for a terminal: the map as camps and mine sites with
what each is next to, the industry track, the cards, and each seat's ledger, from a
seat's view alone. Seats by `seat_label`, cards and places by their names."""

from __future__ import annotations

from typing import Any

from headframe.engine.people import listed, plural, seat_colour_name, seat_label

from .glossary import TRACK_ICONS
from .text import BUILDINGS, capital_card, place_label, place_number, production_card, row_sentence, terrain_words


def render_text(game, view: dict[str, Any]) -> str:
    t = game.tables
    lines = [f"Copper Country, {view['board']} board: {view['era_name']} (era {view['era']}), "
             f"hand limit {view['hand_limit']}. {_to_move(view)}", _track(view), "",
             "Map: (n) is camp n, n is mine site n; lines join the places next to each other."]
    lines += _drawing(t.boards[view["board"]])
    lines += ["", "Each place and what it is next to:"]
    lines += _map(game, view)
    lines += ["", *_cards(game, view)]
    for entry in view["seats"]:
        lines += _ledger(game, view, entry)
    if view.get("work"):
        work = view["work"]
        lines.append(f"{seat_label(view['current'])} works {place_label(t, work['site'])}: shift {work['taken']} "
                     f"of {work['max']}" + (" (shutdown)" if work["shutdown"] else ""))
    if view.get("shift"):
        card = view["shift"]["card"]
        lines.append(f"Revealed: {production_card(t, card)}")
        lines += [f"  row {k + 1}: {row_sentence(t, row)}" for k, row in enumerate(t.rows[card])]
    if view.get("decision"):
        lines.append(f"Your decision: {view['decision']['prompt']}")
    if view.get("result"):
        result = view["result"]
        lines.append("Result: " + "; ".join(f"{seat_label(s)} scores {score}, place {rank}" for s, (score, rank)
                                            in enumerate(zip(result["scores"], result["ranking"]))))
    return "\n".join(lines)


def _to_move(view) -> str:
    movers = view["to_move"]
    if not movers:
        return "The game is over."
    if movers == [view["seat"]]:
        return "Your move."
    return f"To move: {listed([seat_label(s) for s in movers])}."


def _track(view) -> str:
    track = view["track"]
    icons = [f"{number} {TRACK_ICONS[icon][0].removesuffix(' icon').lower()}"
             for number, icon in enumerate(track["icons"], 1) if icon in TRACK_ICONS and number >= track["next"]]
    left = (f"{track['rocks_left']} poor rock left, the next off space {track['next']}"
            if track["rocks_left"] else "no poor rock left")
    return f"Industry track: {left}; icons still covered: {', '.join(icons) or 'none'}."


def _drawing(board) -> list[str]:
    """The hex map in characters: each hex at its axial coordinates (8 columns apart in a
    row, rows offset by half), joined by ─ ╱ ╲ to the places the data makes it next to."""
    at = {(q, r): place for place, (q, r) in board.axial.items()}
    near = {(a, b) for a, sites in board.camp_sites.items() for b in sites}
    near |= {(a, b) for a, sites in board.site_sites.items() for b in sites}
    near |= {(b, a) for a, b in near}
    left, top = min(2 * q + r for q, r in at), min(r for _, r in at)
    width = 4 * (max(2 * q + r for q, r in at) - left) + 4
    grid = [[" "] * width for _ in range(2 * (max(r for _, r in at) - top) + 1)]

    def put(x: int, y: int, words: str) -> None:
        grid[y][x:x + len(words)] = list(words)

    for (q, r), place in at.items():
        x, y = 4 * (2 * q + r - left), 2 * (r - top)
        put(x, y, (f"({place_number(place)})" if place in board.house_spaces else str(place_number(place))).center(4))
        if (place, at.get((q + 1, r))) in near:
            put(x + 5, y, "──")
        if (place, at.get((q - 1, r + 1))) in near:
            put(x, y + 1, "╱")
        if (place, at.get((q, r + 1))) in near:
            put(x + 3, y + 1, "╲")
    return ["  " + "".join(row).rstrip() for row in grid]


def _map(game, view) -> list[str]:
    t = game.tables
    board = t.boards[view["board"]]
    lines = []
    for camp in board.camps:
        owners = view["company_houses"][camp]
        houses = [seat_label(s) for s in owners] + ["free"] * (board.house_spaces[camp] - len(owners))
        lines.append(f"  Camp {place_number(camp)} — mine sites {_numbers(board.camp_sites[camp])}. "
                     f"Company houses: {', '.join(houses)}. Miners: {_miners_at(view, camp)}.")
    rock = set(view["poor_rock"])
    for site in board.sites:
        face = view["terrain"][site]
        terrain = "face down" if face is None else terrain_words(t, face)
        if site in view["terrain_rock"]:
            terrain += " (a poor rock on it)"
        rocks = sum(space in rock for space in board.site_spaces[site])
        built = [f"{seat_label(view['buildings'][b]['seat'])}'s {BUILDINGS[view['buildings'][b]['building']]} "
                 f"on build space {place_number(b)}" for b in board.site_builds[site] if b in view["buildings"]]
        near = [_places("camp", board.site_camps[site]), _places("mine site", board.site_sites[site])]
        lines.append(f"  Mine site {place_number(site)} — {'; '.join(filter(None, near))}. Terrain {terrain}; poor rock {rocks} "
                     f"of 3; buildings: {', '.join(built) or 'none'}; miners: {_miners_at(view, site)}.")
    return lines


def _numbers(places) -> str:
    return ", ".join(str(place_number(place)) for place in places)


def _places(kind: str, places) -> str:
    """ "camps 1 and 2", "mine site 4", "" for none."""
    numbers = [str(place_number(place)) for place in places]
    return f"{kind}{'s' if len(numbers) > 1 else ''} {listed(numbers)}" if numbers else ""


def _miners_at(view, place: str) -> str:
    found = []
    for entry in view["seats"]:
        miners = [m for m in entry["miners"] if m["at"] == place]
        ready = sum(m["ready"] for m in miners)
        if ready:
            found.append(f"{seat_label(entry['seat'])} {ready} ready")
        if len(miners) > ready:
            found.append(f"{seat_label(entry['seat'])} {len(miners) - ready} exerted")
    return ", ".join(found) or "none"


def _cards(game, view) -> list[str]:
    t = game.tables
    community = [f"{slot + 1}. {capital_card(t, card)}" for slot, card in enumerate(view["community"]) if card]
    lines = [f"Community cards: {'; '.join(community) or 'none'}.",
             f"Capital deck {plural(view['capital_deck'], 'card')}, discard pile "
             f"{plural(len(view['capital_discard']), 'card')}; production deck "
             f"{plural(view['production_deck'], 'card')}, discard pile {plural(len(view['production_discard']), 'card')}."]
    if view.get("known_top_production_card"):
        lines.append(f"You know the top production card: {production_card(t, view['known_top_production_card'])}.")
    looking = view["looking"]
    if isinstance(looking, list) and looking:
        lines.append("You look at: " + "; ".join(_card(t, card) for card in looking) + ".")
    elif looking:
        lines.append(f"{seat_label(view['current'])} looks at {plural(looking, 'card')}.")
    if view["local_businesses"]:
        lines.append("Local businesses: " + "; ".join(t.businesses[c]["name"] for c in view["local_businesses"]) + ".")
    if view["events_played"]:
        lines.append("Events played: " + "; ".join(t.events[c]["name"] for c in view["events_played"]) + ".")
    return lines


def _card(t, card: str) -> str:
    if card in t.capital:
        return capital_card(t, card)
    rows = " / ".join(f"row {k + 1}: {row_sentence(t, row)}" for k, row in enumerate(t.rows[card]))
    return f"{production_card(t, card)} ({rows})"


def _ledger(game, view, entry) -> list[str]:
    t, seat = game.tables, entry["seat"]
    you = " (you)" if seat == view["seat"] else ""
    pools = {pool: sum(m["at"] == pool for m in entry["miners"]) for pool in ("unskilled", "unrest", "cemetery")}
    supply = ", ".join(f"{left} {BUILDINGS[b]}{'s' if left != 1 else ''}" for b, left in entry["supply"].items())
    line = (f"{seat_label(seat)}{you}, {seat_colour_name(seat)}: {plural(entry['hand_size'], 'capital card')} in hand, "
            f"{plural(entry['copper_cards'], 'card')} in the copper pile; miners unskilled {pools['unskilled']}, "
            f"in unrest {pools['unrest']}, in the cemetery {pools['cemetery']}; in supply {supply}")
    if "copper_score" in entry:
        line += (f"; copper score {entry['copper_score']}, "
                 f"resource specialization score {entry['specialization']}")
    lines = [line]
    if entry["company"]:
        company = t.companies[entry["company"]]
        done = ", company claim complete" if entry["company_claim_complete"] else ""
        lines.append(f"  company {company['name']} (resource specialization "
                     f"{t.resource_name[company['resource_specialization']]}, 2:1 ability "
                     f"{t.resource_name[company['two_for_one_resource']]}{done})")
    if entry["claim"]:
        lines.append(f"  claim: {production_card(t, entry['claim'])}")
    if "hand" in entry:
        lines.append("  hand: " + ("; ".join(capital_card(t, card) for card in entry["hand"]) or "empty"))
    elif entry["known_cards"]:
        lines.append("  known in hand: " + "; ".join(capital_card(t, card) for card in entry["known_cards"]))
    return lines
