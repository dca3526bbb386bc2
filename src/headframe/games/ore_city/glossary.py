"""What every card, space and pile of Ore City does, in the rulebook's words
(§5, §6, §9), built from the component data: each ability kind of the data
file has its sentence here, filled with the card's numbers. An entry's source
is the weakest label of the data sections its text uses, so a card whose
payout table or acquisition is reconstructed says so."""

from __future__ import annotations

from typing import Any

from headframe.engine.glossary import Entry
from headframe.engine.people import listed, plural

from .components import TYPE_NAMES, TYPES

SECTIONS = {kind: f"{kind}_cards" for kind in TYPES}
# From the strongest to the weakest: an entry takes the weakest of its sections' labels.
STRENGTH = ("RULEBOOK", "PUBLISHED", "DERIVED", "RECONSTRUCTED", "INVENTED")

# rulebook §9.2 (ORE-R17)
ON_CONSTRUCT = {
    "flat_if_any_adjacent_residential":
        "When constructed, you earn {coins}G if there is any Residential card in any adjacent construction space.",
    "per_adjacent_residential":
        "When constructed, you earn {coins_each}G for each Residential card in any adjacent construction space "
        "(max {max}G).",
}
# rulebook §9.1.4, §9.3 (ORE-R18..ORE-R21)
CONTINUOUS = {
    "space_immune_to_industrial": "When constructed, this construction space is not affected by Industrial "
                                  "cards: its income is never limited by a factory (Continuous).",
    "highway_income": "After construction, you earn 1G whenever any Commercial cards in any adjacent construction "
                      "space earn coins for any player (Continuous; each Highway pays).",
    "limit_adjacent_income_to_1g": "After construction, whenever Residential or Commercial cards in any adjacent "
                                   "construction space would earn coins for any player, that player earns only 1G "
                                   "(Continuous; several factories still make one limit).",
}


def key(card: str) -> str:
    return f"card:{card}"


def explanations(game) -> list[Entry]:
    data = game.components
    return [*_residential(data), *_commercial(data), *_industrial(data), *_public_works(data),
            *_places(game, data)]


def _weakest(*sources: str) -> str:
    return max(sources, key=STRENGTH.index)


def _cost(card: dict[str, Any], verb: str = "Cost") -> str:
    return f"{verb} {card['cost']}G, less your technology; {card['copies']} in the game."


# --- construction cards -------------------------------------------------------------------------

def _payouts(rows: list[list[int]]) -> str:
    return ", ".join(f"{n} → {first}G/{second}G" for n, (first, second) in enumerate(rows, start=1))


def _residential(data) -> list[Entry]:
    section, tables = data["residential_cards"], data["residential_payouts"]
    linear = data["residential_payouts_linear"]
    entries = []
    for card in section["cards"]:
        name, table = card["name"], tables[card["id"]]
        rows = f"Payouts by the number of {name} cards in the space (1st/2nd majority holder, default table): " \
               f"{_payouts(table['rows'])}."
        other = linear[card["id"]]["rows"]
        ability = CONTINUOUS[card["construction_ability"]] if card["construction_ability"] else \
            "No construction abilities."
        text = " ".join((
            _cost(card), ability,
            f"Upon book-closing, players earn coins according to the number of {name} cards they constructed in "
            "that space: the 1st majority holder earns the first amount of the row for the total number, the 2nd "
            "the second (tied players each get the full amount).", rows,
            "" if other == table["rows"] else f"With the linear payout table option: {_payouts(other)}.",
        )).strip()
        entries.append(Entry(key(card["id"]), name, "Residential card", text,
                             _weakest(section["source"], tables["source"]), rulings=("ORE-R25",)))
    return entries


def _commercial(data) -> list[Entry]:
    section = data["commercial_cards"]
    return [Entry(key(card["id"]), card["name"], "Commercial card", " ".join((
        _cost(card), ON_CONSTRUCT[card["on_construct"]["kind"]].format(**card["on_construct"]),
        f"Upon book-closing, you earn {card['on_book_closing']['coins']}G.",
    )), section["source"]) for card in section["cards"]]


def _industrial(data) -> list[Entry]:
    section, fate = data["industrial_cards"], data["acquired_on_book_closing"]
    entries = []
    for card in section["cards"]:
        closing = card["on_book_closing"]
        gains = [f"earn {closing['coins']}G"] if closing.get("coins") else []
        if closing.get("technology"):
            gains.append(f"gain Technology {closing['technology']} (construction and accomplishment cost "
                         f"{closing['technology']} less)")
        after = "you acquire this card: it goes to your acquisition space, where its technology lasts" \
            if card["id"] in fate["acquired"] else "the card is discarded"
        text = " ".join((
            _cost(card), CONTINUOUS[card["continuous"]] if card["continuous"] else "No construction abilities.",
            f"Upon book-closing, you {' and '.join(gains)}; then {after}.",
        ))
        entries.append(Entry(key(card["id"]), card["name"], "Industrial card", text,
                             _weakest(section["source"], fate["source"]), rulings=("ORE-R27",)))
    return entries


# --- Public Works ---------------------------------------------------------------------------------

def _condition(data, condition: dict[str, Any] | None) -> str:
    if condition is None:
        return ""
    if condition["kind"] == "min_cards_of_type_in_own_space":
        cards = plural(condition["min"], f"{TYPE_NAMES[condition['type']]} card")
        return f"To play this card, you must have at least {cards} in your construction space."
    technology = [card["name"] for card in data["industrial_cards"]["cards"]
                  if card["on_book_closing"].get("technology")]
    return ("To play this card, you must discard one of your Industrial cards with technology "
            f"({', '.join(technology[:-1])} or {technology[-1]}) from a construction space or from your acquisition space.")


def _effect(effect: dict[str, Any] | None) -> str:
    if effect is None:
        return "No other ability."
    if effect["kind"] == "rebalance_coins":
        return (f"When accomplished, players with {effect['lose_if_at_least']}G or more lose {effect['lose']}G, "
                f"and players with {effect['gain_if_exactly']}G earn {effect['gain']}G (every player, you "
                "included).")
    return ("When accomplished, you may take any 1 card from any one opponent's hand and add it to your hand; that "
            "opponent draws one card from any draw pile. (You see the backs of that player's cards, not the faces.)")


def _public_works(data) -> list[Entry]:
    section, win = data["public_works_cards"], data["constants"]["victory_points_to_win"]
    return [Entry(key(card["id"]), card["name"], "Public Works card", " ".join(filter(None, (
        _cost(card, "Accomplishment cost"),
        f"Accomplish it from your hand: pay its cost, place it in your acquisition space and score "
        f"{plural(card['victory_points'], 'Victory Point')} (the first to {win} wins).",
        _condition(data, card["condition"]), _effect(card["effect"]),
        "You may hold only one Public Works card in your hand; in the common space it lies face down.",
    ))), section["source"]) for card in section["cards"]]


# --- places ---------------------------------------------------------------------------------------

def _places(game, data) -> list[Entry]:
    constants, setup, fate = data["constants"], data["setup"], data["acquired_on_book_closing"]
    hand = constants["hand_refill_to"]
    entries = [
        Entry("space:construction", "Construction space", "space", (
            "Each player has one. You may construct into your own space, or into an adjacent player's space "
            "if it is not empty. A space holds only one type of card (Residential, Commercial or Industrial) at "
            "a time, any number of them; each card stays its constructor's. Book-closing (your own space only): "
            "every card's book-closing ability pays the player who constructed it, then every card not acquired "
            "is discarded and the space may take any type again. Adjacent construction spaces are those of "
            "the players on either side of the space's owner."), data["adjacency"]["source"]),
        Entry("space:acquisition", "Acquisition space", "space", (
            f"Each player has one, face up. The {listed([game.tables.name[c] for c in fate['acquired']])} cards "
            "you constructed come here when their space is book-closed, and so do the Public Works you accomplish. "
            "Your technology is the sum of the technology of the Industrial cards here: it lowers every "
            "construction and accomplishment cost by that much, never below 0."),
            fate["source"], rulings=("ORE-R16", "ORE-R27")),
        Entry("space:common", "Common space", "space", (
            f"{setup['common_space']['cards']} cards face up in the centre of the table, dealt from the "
            "Residential pile; Public Works cards lie face down here. Exchange: put any number of your hand "
            "cards here, then take as many (during the Exchange you may see the faces of its Public Works). "
            f"Flush: discard your hand and the common space, draw {constants['flush_hand_draw']} Residential cards "
            f"and deal {constants['flush_common_space_deal']} new ones here."), setup["source"]),
        Entry("pile:discards", "Discard pile", "discard pile", (
            "One face-up pile per card type: every discarded card goes onto its type's pile, in view of all. "
            "When a draw pile runs out, its discard pile is shuffled into a new draw pile."), setup["source"]),
    ]
    for kind in TYPES:
        section = data[SECTIONS[kind]]
        cards = listed([f"{card['copies']} {card['name']}" for card in section["cards"]])
        entries.append(Entry(f"pile:{kind}", f"{TYPE_NAMES[kind]} draw pile", "draw pile", (
            f"The {TYPE_NAMES[kind]} cards, face down: {cards}. At the end of your turn you draw from the piles "
            f"of your choice, one card at a time, until you hold {hand} (never a second Public Works card). "
            "When a pile runs out, its discards are shuffled into a new pile."), section["source"]))
    return entries
