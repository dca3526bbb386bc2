"""What the site shows of Copper Country beside the board, in the rulebook's words: the
name of every string a view holds (the tables panel), the era and each seat's score
so far (the results' chart per era), and what an action changed of its seat's own
amounts (a hint's one line)."""

from __future__ import annotations

from typing import Any

from . import scoring
from .components import RESOURCES
from .text import AREAS, BUILDINGS, capital_card, place_label

BOARDS = {"summer": "Summer board", "winter": "Winter board (advanced)"}
CLAIMS = {"held": "The claim on the ledger", "company": "The company claim"}
USED = {"house": "Company houses (to ignore an icon or redraw)"}
POOLS = ("unskilled", "unrest", "cemetery")


def capitalised(words: str) -> str:
    return words[:1].upper() + words[1:]


def value_names(game, names: dict[str, str]) -> dict[str, str]:
    """`names` (the glossary's) and the rest of the strings a view holds: capital cards,
    places, miner areas, resources as a payment needs them, boards and claims."""
    t = game.tables
    names = dict(names)
    names.update((card, capitalised(capital_card(t, card))) for card in t.capital)
    for board in t.boards.values():
        places = [*board.camps, *board.sites, *board.spaces, *board.builds]
        names.update((place, capitalised(place_label(t, place))) for place in places)
    names.update((area, capitalised(AREAS[area])) for area in POOLS)
    for resource in RESOURCES:
        names.setdefault(resource, capitalised(t.resource_name[resource]))
        names[f"half-{resource}"] = f"The second {t.resource_name[resource]} of a 2:1 pair"
    names["any"] = "Any resource"
    names.update((kind, capitalised(words)) for kind, words in BUILDINGS.items())
    return {**names, **BOARDS, **CLAIMS, **USED}


def round_of(state) -> int:
    """The era the game is in (rulebook, Era Cards: era 1, 2 or 3)."""
    return state.era


def standing(state) -> list[int]:
    """Each seat's copper score so far, with the company claim and the specialization
    award as the end of the game would count them now."""
    return scoring.final_scores(state)


def gains(game, before: dict[str, Any], after: dict[str, Any]) -> str:
    """The seat's own amounts an action changed: "+3 copper, −1 capital card"."""
    seat = after["seat"]
    if seat is None:
        return ""
    old, new = before["seats"][seat], after["seats"][seat]
    parts = _scores(old, new) + [_count(new["hand_size"] - old["hand_size"], "capital card")]
    parts += [f"Builds a {BUILDINGS[kind]}" for kind, left in new["supply"].items() if left < old["supply"][kind]]
    parts += _miners(old, new)
    if new["claim"] and new["claim"] != old["claim"]:
        parts.append("Takes a claim")
    if new["company_claim_complete"] and not old["company_claim_complete"]:
        parts.append("Completes the company claim")
    return ", ".join(filter(None, parts))


def _scores(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    if "copper_score" not in new or "copper_score" not in old:
        return [_count(new["copper_cards"] - old["copper_cards"], "card in the copper pile", "cards in the copper pile")]
    return [_count(new["copper_score"] - old["copper_score"], "copper", "copper"),
            _count(new["specialization"] - old["specialization"], "resource specialization",
                   "resource specialization")]


def _miners(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    parts = []
    for pool in POOLS:
        change = sum(m["at"] == pool for m in new["miners"]) - sum(m["at"] == pool for m in old["miners"])
        where = "unskilled" if pool == "unskilled" else f"in {AREAS[pool]}"
        parts.append(_count(change, f"miner {where}", f"miners {where}"))
    return parts


def _count(change: int, one: str, several: str | None = None) -> str:
    """"+2 capital cards", "−1 capital card", "" for no change."""
    if not change:
        return ""
    sign = "+" if change > 0 else "−"
    return f"{sign}{abs(change)} {one if abs(change) == 1 else several or one + 's'}"
