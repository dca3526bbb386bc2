"""What every card, token, building, space and track icon of Copper Country does, in
the rulebook's words, built from the component data the game loaded (`game.tables`,
`game.components`), each entry with its data's source label. The board names an
entry in `data-explain` with the keys below."""

from __future__ import annotations

from collections.abc import Iterator

from headframe.engine.glossary import PRINTED, Entry
from headframe.engine.people import listed, plural

from .components import BUILDINGS as BUILDING_KINDS
from .text import BUILDINGS, capital_name, place_label, place_number, production_card, row_sentence

# --- keys ------------------------------------------------------------------------------------


def capital_key(t, card: str) -> str:
    """Capital cards that give the same are the same card: one entry per signature."""
    return f"card:{t.signature[card]}"


def production_key(card: str) -> str:
    return f"card:{card}"


def place_key(board: str, place: str) -> str:
    return f"space:{board}:{place}"


def terrain_key(face: str) -> str:
    return f"terrain:{face}"


def building_key(building: str) -> str:
    return f"building:{building}"


def track_key(icon: str) -> str:
    """An icon of the industry track; "" (a blank space) is the track itself."""
    return f"track:{icon or 'track'}"


def era_key(era: int) -> str:
    return f"era:{era}"


def area_key(area: str) -> str:
    return f"area:{area}"


def company_key(company: str) -> str:
    return f"company:{company}"


def business_key(card: str) -> str:
    return f"business:{card}"


def event_key(card: str) -> str:
    return f"event:{card}"


# --- entries ---------------------------------------------------------------------------------

def explanations(game) -> Iterator[Entry]:
    yield from _capital_cards(game)
    yield from _production_cards(game)
    yield from _companies(game)
    yield from _cards_in_play(game)
    yield from _terrain_tokens(game)
    yield from _buildings(game)
    yield from _eras(game)
    yield from _areas()
    yield from _track(game)
    for name in game.tables.boards:
        yield from _board(game, name)


def _capital_cards(game) -> Iterator[Entry]:
    # rulebook, Capital Cards: the title and flavour text have no effect; era, and the resource(s) given.
    t, section = game.tables, game.components["capital_cards"]
    kinds = section["kinds"]
    seen = set()
    for data in section["cards"]:
        key = capital_key(t, data["id"])
        if key in seen:
            continue
        seen.add(key)
        count = sum(capital_key(t, other["id"]) == key for other in section["cards"])
        joiner = {"single": " ", "or": " or ", "and": " and "}[data["kind"]]
        resources = joiner.join(t.resource_name[r] for r in data["resources"]).strip()
        text = (f"It {kinds[data['kind']]}: {resources}. Play it from your hand while resolving the production "
                "card of your shift; its resources count for that shift only. Then it goes to the capital discard "
                f"pile. {_era_card(data['era'], 'capital')} {count} {'copy' if count == 1 else 'copies'} of it.")
        name = " ".join(w if w in ("or", "and") else w.capitalize() for w in capital_name(t, data["id"]).split())
        yield Entry(key, name, "capital card", text, section["source"])


def _production_cards(game) -> Iterator[Entry]:
    # rulebook, Production Cards: choose one row and fulfil every icon on it.
    t, section = game.tables, game.components["production_cards"]
    for data in section["cards"]:
        card = data["id"]
        rows = "; ".join(f"Row {k + 1}: {row_sentence(t, row)}" for k, row in enumerate(t.rows[card]))
        text = (f"Revealed for a shift: choose one row and fulfil every icon on it. {rows}. Its produce-copper "
                f"row's resource icons count for a matching resource specialization. "
                f"{_era_card(data['era'], 'production')}")
        yield Entry(production_key(card), production_card(t, card), "production card", text,
                    data.get("source", section["source"]))


def _era_card(era: int, deck: str) -> str:
    # rulebook, Era Cards: era 1 cards make the decks at setup; later eras' are shuffled in.
    if era == 1:
        return f"An era 1 card: in the {deck} deck from the start."
    return f"An era {era} card: shuffled into the {deck} deck when era {era} begins."


def _companies(game) -> Iterator[Entry]:
    # rulebook, Company Cards: company claim, 2:1 ability, resource specialization.
    t, section = game.tables, game.components["company_cards"]
    for data in section["cards"]:
        claim = data["company_claim"]
        needs = listed([t.resource_name[r] for r in claim["resources"]])
        text = (f"Company claim ({claim['copper']} copper): play {needs} and place "
                f"{plural(claim['poor_rock'], 'poor rock')}, completed like a claim with a production card's "
                f"complete-claim row; it adds {claim['copper']} to your copper score at the end. "
                f"2:1 ability: once per shift, play 2 {t.resource_name[data['two_for_one_resource']]} resources as "
                "any 1 other resource. Resource specialization: "
                f"{t.resource_name[data['resource_specialization']]}: each such icon on the produce-copper rows of "
                "the cards in your copper pile scores 1; at the end the highest specialization score adds itself "
                "to its player's copper score.")
        yield Entry(company_key(data["id"]), data["name"], "company card", text, section["source"])


def _cards_in_play(game) -> Iterator[Entry]:
    components = game.components
    businesses = components["local_business_cards"]
    windows = businesses["windows"]
    for data in businesses["cards"]:
        text = (f"{data['text']} The current player may use it {data.get('limit', 'once per turn')}, "
                f"{windows[data['window']]}; using it is not an action.")
        yield Entry(business_key(data["id"]), data["name"], "local business card", text,
                    data.get("source", businesses["source"]))
    for section, kind in (("event_cards_19th", "19th-century event card"), ("event_cards_20th", "20th-century event card")):
        events = components[section]
        for data in events["cards"]:
            text = f"{data['text']} Resolved once when drawn; then it has no further effect."
            yield Entry(event_key(data["id"]), data["name"], kind, text, data.get("source", events["source"]))


TERRAIN = {  # rulebook, Terrain Tokens
    "resource": "While you work this mine site, once per shift you may play any 1 resource as if it were {name}. "
                "It may be combined with your company's 2:1 ability.",
    "poor_rock": "When it is turned face up, 1 poor rock from a side of its mine site goes on top of it (or the next "
                 "poor rock placed on that mine site, if it has none). A poor rock on the token does not reduce "
                 "shifts; at most one per token.",
}


def _terrain_tokens(game) -> Iterator[Entry]:
    t, section = game.tables, game.components["terrain_tokens"]
    faces = {token.get("resource", "poor_rock"): token["kind"] for token in section["tokens"]}
    for face, kind in faces.items():
        count = sum(token.get("resource", "poor_rock") == face for token in section["tokens"])
        name = "poor rock" if kind == "poor_rock" else t.resource_name[face]
        text = (TERRAIN[kind].format(name=name) + f" {plural(count, 'token')} of this face. Face down, a terrain "
                "token stops a work action after its first shift; the survey action turns it face up.")
        yield Entry(terrain_key(face), f"{name.capitalize()} terrain token", "terrain token", text, section["source"])


def _buildings(game) -> Iterator[Entry]:
    # rulebook, Company Houses; Shaft Houses and Hoist Houses; Powered Shaft and Hoist Houses.
    t, components = game.tables, game.components
    eras = {b: [era for era, built in t.era_buildings.items() if b in built] for b in BUILDING_KINDS}
    abilities = "; ".join(f"{a['min_houses']} or more: {a['effect']}"
                          for a in components["company_house_abilities"]["abilities"])
    texts = {
        "company_house": ("Built (build action) on a free company-house space of a camp. Once per turn, while you "
                          "work a mine site next to camps holding your company houses, you may use one ability: "
                          f"{abilities}."),
    }
    shaft = (f"Built (build action) on a free build space at a vertex of a mine site. Working a mine site with your "
             f"shaft or hoist house on its vertices adds {t.bonus} shifts, or {t.powered_bonus} when that house is "
             "powered (your shaft house and hoist house stand on mine sites sharing a poor-rock space); its poor "
             "rock may then go on any mine site that house stands on.")
    for building in BUILDING_KINDS:
        era_words = listed([str(era) for era in eras[building]])
        text = f"{texts.get(building, shaft)} Available in era{'s' if len(eras[building]) > 1 else ''} {era_words}."
        yield Entry(building_key(building), BUILDINGS[building].capitalize(), "building", text,
                    components["eras"]["source"])


def _eras(game) -> Iterator[Entry]:
    # rulebook, Era Cards.
    t, section = game.tables, game.components["eras"]
    for era, name in t.era_name.items():
        builds = listed([BUILDINGS[b] + "s" for b in t.era_buildings[era]])
        text = (f"Era {era}. Dividends: at the end of a turn the player discards down to {t.hand_limit[era]} capital "
                f"cards. Buildings: {builds}. When a new era's icon is revealed, its capital and production cards "
                "are shuffled into the decks and 4 new community cards are dealt.")
        yield Entry(era_key(era), name, "era card", text, section["source"])


AREAS = {  # rulebook, Miners; Unrest and Cemetery; Management Actions
    "unskilled": ("Unskilled miners", "The miners on your ledger, not on the board. An unrest or cemetery icon may "
                                      "take an unskilled miner instead of the working one; payroll contracts one "
                                      "onto a camp."),
    "unrest": ("Unrest", "Miners placed here by unrest icons. The negotiate action moves 1 of your miners from unrest "
                         "to unskilled."),
    "cemetery": ("Cemetery", "Miners placed here by cemetery icons. The immigrate action moves 1 of your miners from "
                             "the cemetery to unrest."),
}


def _areas() -> Iterator[Entry]:
    for area, (name, text) in AREAS.items():
        yield Entry(area_key(area), name, "miner area", text, "RULEBOOK")


TRACK_ICONS = {  # rulebook, The Industry Track
    "start": ("Start", "The first poor rock comes off this space."),
    "local_business": ("Local business icon", "When its poor rock is removed, a local business card is drawn at "
                                              "random and put into play."),
    "era_2": ("Era 2 icon", "When its poor rock is removed, the Era of Expansion begins."),
    "era_3": ("Era 3 icon", "When its poor rock is removed, the Era of Exploitation begins."),
    "event_19th": ("19th-century event icon", "When its poor rock is removed, a 19th-century event card is drawn at "
                                              "random and resolved."),
    "event_20th": ("20th-century event icon", "When its poor rock is removed, a 20th-century event card is drawn at "
                                              "random and resolved."),
    "end": ("End icon", "When the last poor rock is removed, the game ends after the current shift."),
}


def _track(game) -> Iterator[Entry]:
    section = game.components["industry_track"]
    text = (f"{section['length']} spaces, each starting with 1 poor rock. Each poor rock a player must place comes "
            "off the next space in order; an icon revealed takes effect at once. When the last poor rock is removed "
            "the game ends.")
    yield Entry(track_key(""), "Industry track", "track", text, section["source"])
    for icon, (name, words) in TRACK_ICONS.items():
        sources = [i["source"] for i in section["icons"] if i["icon"] == icon] or [section["source"]]
        source = next((s for s in sources if s not in PRINTED), sources[0])
        yield Entry(track_key(icon), name, "industry track space", words, source)


def _board(game, name: str) -> Iterator[Entry]:
    t = game.tables
    board, source = t.boards[name], game.components["boards"][name]["source"]

    def places(kind: str, ids) -> str:
        """ "mine site 4", "camps 1 and 2", "no camp"."""
        numbers = [str(place_number(place)) for place in ids]
        return f"{kind}{'s' if len(numbers) > 1 else ''} {listed(numbers)}" if numbers else f"no {kind}"

    def each(ids, one: str, several: str = "each of them") -> str:
        return several if len(ids) > 1 else one

    for camp in board.camps:
        text = (f"{plural(board.house_spaces[camp], 'company-house space')}; next to "
                f"{places('mine site', board.camp_sites[camp])}. Miners are contracted onto the board at camps and stockpile at "
                "camps (a ready miner may first move to an adjacent camp).")
        yield Entry(place_key(name, camp), place_label(t, camp).capitalize(), f"camp on the {name} board", text,
                    source)
    for site in board.sites:
        penalty = ", ".join(f"{rocks}: -{cut}" for rocks, cut in sorted(t.penalty.items()) if rocks)
        text = (f"Next to {places('camp', board.site_camps[site])} and {places('mine site', board.site_sites[site])}; "
                f"{places('poor-rock space', board.site_spaces[site])} on its sides, "
                f"{places('build space', board.site_builds[site])} on its vertices. Work: {t.base_shifts} shifts, "
                f"plus a shaft or hoist house bonus, minus the poor rock on its sides (poor rock {penalty}).")
        yield Entry(place_key(name, site), place_label(t, site).capitalize(), f"mine site on the {name} board", text,
                    source)
    for space in board.spaces:
        sites = board.space_sites[space]
        text = f"On the side of {places('mine site', sites)}: a poor rock here counts against {each(sites, 'it')}."
        yield Entry(place_key(name, space), place_label(t, space).capitalize(), f"poor-rock space on the {name} board",
                    text, source)
    for space in board.builds:
        sites = board.build_sites[space]
        text = (f"At a vertex of {places('mine site', sites)}: a shaft or hoist house here adds shifts "
                f"{each(sites, 'there', 'at each of them')}.")
        yield Entry(place_key(name, space), place_label(t, space).capitalize(), f"build space on the {name} board",
                    text, source)
