"""What one seat may see (COP-R4), as a JSON view, and its text rendering."""

from __future__ import annotations

from typing import Any

COLORS = ("blue", "green", "white", "red")


def observe(state, seat: int | None) -> dict[str, Any]:
    t = state.tables
    board = state.board
    hidden = state.options.hidden_scores
    seats = []
    for p in range(state.players):
        own = seat == p
        entry: dict[str, Any] = {
            "seat": p,
            "color": COLORS[p],
            "supply": dict(zip(("company_house", "shaft_house", "hoist_house"), state.supply[p])),
            "miners": [{"at": at, "ready": ready} for at, ready in zip(state.miner_at[p], state.miner_ready[p])],
            "hand_size": len(state.hands[p]),
            "known_cards": list(state.hand_public[p]),
            "copper_cards": len(state.copper[p]),
            "claim": state.claim[p] or None,
            "company": state.company[p] or None,
            "company_claim_complete": state.company_done[p],
        }
        if own:
            entry["hand"] = sorted(state.hands[p])
        if own or not hidden or state.over:
            entry["copper"] = list(state.copper[p])
            entry["copper_score"] = state.copper_score(p, state.copper[p])
            entry["specialization"] = state.specialization(p, state.copper[p])
        seats.append(entry)
    deck = state.production_deck
    view: dict[str, Any] = {
        "board": board.name,
        "era": state.era,
        "era_name": t.era_name[state.era],
        "hand_limit": state.hand_limit(),
        "buildings_available": list(t.era_buildings[state.era]),
        "first_player": state.first,
        "current": state.current,
        "turns": state.turns,
        "track": {"icons": list(state.icons), "next": state.track_next, "end": state.track_end,
                  "rocks_left": state.rocks_left()},
        "poor_rock": sorted(state.rock),
        "terrain": {site: (t.terrain[state.terrain[site]] if state.surveyed.get(site) else None)
                    for site in board.sites},
        "terrain_rock": sorted(site for site, full in state.token_rock.items() if full),
        "company_houses": {camp: list(owners) for camp, owners in state.houses.items()},
        "buildings": {space: {"seat": owner, "building": kind} for space, (owner, kind) in sorted(state.builds.items())},
        "seats": seats,
        "community": list(state.community),
        "capital_deck": len(state.capital_deck),
        "capital_discard": list(state.capital_discard),
        "production_deck": len(deck),
        "production_discard": list(state.production_discard),
        "local_businesses": list(state.businesses),
        "events_played": list(state.events_played),
        "used_this_turn": list(state.used),
        "work": dict(state.work) if state.work else None,
        "shift": _shift(state),
        "looking": list(state.looking) if seat == state.current else len(state.looking),
        "known_top_production_card": (state.peek[seat] if seat is not None and deck and deck[-1] == state.peek[seat]
                                      else None),
    }
    return view


def _shift(state) -> dict[str, Any] | None:
    if state.shift is None:
        return None
    shift = dict(state.shift)
    if state.payment is not None:
        shift["payment"] = {k: (list(v) if isinstance(v, list) else v) for k, v in state.payment.items()}
    return shift


def render_text(game, view: dict[str, Any]) -> str:
    """A plain-text picture of a view."""
    t = game.tables
    lines = [f"Copper Country - {view['era_name']} (era {view['era']}), hand limit {view['hand_limit']}, "
             f"{view['board']} board"]
    track = view["track"]
    icons = " ".join(f"{n}:{icon}" for n, icon in enumerate(track["icons"], 1) if icon)
    lines.append(f"Industry track: {track['rocks_left']} poor rock left (next space {track['next']}, "
                 f"end {track['end']}); icons {icons}")
    board = t.boards[view["board"]]
    lines.append("Camps:")
    for camp in board.camps:
        houses = ",".join(COLORS[s] for s in view["company_houses"][camp]) or "-"
        miners = _miners_at(view, camp)
        lines.append(f"  {camp} houses {houses} ({board.house_spaces[camp]} spaces); miners {miners or '-'}")
    lines.append("Mine sites:")
    rock = set(view["poor_rock"])
    for site in board.sites:
        face = view["terrain"][site]
        terrain = "face-down" if face is None else face + (" (rock on it)" if site in view["terrain_rock"] else "")
        rocks = sum(1 for space in board.site_spaces[site] if space in rock)
        builds = [f"{view['buildings'][b]['building'][:5]}:{COLORS[view['buildings'][b]['seat']]}@{b}"
                  for b in board.site_builds[site] if b in view["buildings"]]
        lines.append(f"  {site} rock {rocks}/3, terrain {terrain}; {' '.join(builds) or 'no buildings'}; "
                     f"miners {_miners_at(view, site) or '-'}")
    lines.append(f"Community cards: {', '.join(_card(t, c) for c in view['community'] if c)}")
    lines.append(f"Capital deck {view['capital_deck']}, discards {len(view['capital_discard'])}; "
                 f"production deck {view['production_deck']}, discards {len(view['production_discard'])}")
    if view["local_businesses"]:
        lines.append("Local businesses: " + ", ".join(t.businesses[c]["name"] for c in view["local_businesses"]))
    for entry in view["seats"]:
        marker = "*" if entry["seat"] == view["current"] else " "
        unskilled = sum(m["at"] == "unskilled" for m in entry["miners"])
        unrest = sum(m["at"] == "unrest" for m in entry["miners"])
        cemetery = sum(m["at"] == "cemetery" for m in entry["miners"])
        text = (f"{marker}{entry['color']}: {entry['hand_size']} cards, {entry['copper_cards']} in copper pile, "
                f"unskilled {unskilled}, unrest {unrest}, cemetery {cemetery}")
        if entry["company"]:
            company = t.companies[entry["company"]]
            text += f", company {company['name']}" + (" (claim complete)" if entry["company_claim_complete"] else "")
        if entry["claim"]:
            text += f", claim {entry['claim']}"
        if "copper_score" in entry:
            text += f", copper {entry['copper_score']}, specialization {entry['specialization']}"
        lines.append(text)
        if "hand" in entry:
            lines.append("   hand: " + ", ".join(_card(t, c) for c in entry["hand"]))
    if view.get("shift"):
        card = view["shift"]["card"]
        rows = " | ".join(row_words(r) for r in t.rows[card])
        lines.append(f"Revealed {card} {t.card_name[card]}: {rows}")
    if view.get("decision"):
        decision = view["decision"]
        lines.append(f"Your decision ({decision['kind']}): {decision['prompt']}")
    if view.get("result"):
        lines.append(f"Result: scores {view['result']['scores']}, ranking {view['result']['ranking']}")
    return "\n".join(lines)


def _miners_at(view, place: str) -> str:
    found = []
    for entry in view["seats"]:
        for miner in entry["miners"]:
            if miner["at"] == place:
                found.append(f"{entry['color']}{'' if miner['ready'] else '(exerted)'}")
    return " ".join(found)


def _card(t, card: str) -> str:
    kind, resources = t.capital[card]
    joiner = {"single": "", "or": " or ", "and": " and "}[kind]
    return f"{card}[{joiner.join(resources)}]"


def row_words(row, resource_name=str) -> str:
    """A production card's row in short words: "labor + rock + copper 2"."""
    parts = [resource_name(r) for r in row.resources] + ["any"] * row.any_resource
    parts += ["rock"] * row.poor_rock + ["unrest"] * row.unrest + ["cemetery"] * row.cemetery
    if row.take_claim:
        parts.append("take claim")
    if row.complete_claim:
        parts.append("complete claim")
    if row.copper:
        parts.append(f"copper {row.copper}")
    return " + ".join(parts) or "pass"
