"""Words for people: actions and log entries."""

from __future__ import annotations

from typing import Any

from .view import COLORS

_MANAGE = {"capital_call": "Capital call", "survey": "Survey", "build": "Build", "prospect": "Prospect",
           "negotiate": "Negotiate", "immigrate": "Immigrate"}
_LABOR = {"work": "Work", "stockpile": "Stockpile", "relocate": "Relocate", "payroll": "Payroll",
          "shutdown": "From Struggle to Shutdown"}


def describe_action(game, action) -> str:
    t = game.tables
    kind = action.kind
    if kind == "contract":
        return f"contract a miner at {action.camp}" if action.camp else "contract no miner"
    if kind == "manage":
        return _MANAGE[action.action]
    if kind == "labor":
        return _LABOR[action.action]
    if kind == "use_business":
        return f"use {t.businesses[action.card]['name']}"
    if kind == "take":
        return "take the top capital card" if action.slot < 0 else f"take community card {action.slot + 1}"
    if kind == "survey":
        return f"survey {action.site}"
    if kind == "move_rock":
        return f"move the poor rock on {action.space} onto the terrain token"
    if kind == "choose_building":
        return f"build a {action.building.replace('_', ' ')}"
    if kind == "build":
        return f"build at {action.place}"
    if kind == "prospect":
        return f"return {action.keep}, discard the other" if action.keep else "discard both cards"
    if kind == "work_at":
        return f"miner {action.miner} works {action.site}"
    if kind == "stockpile_at":
        return f"miner {action.miner} stockpiles at {action.camp}"
    if kind == "keep":
        return f"keep {action.card}"
    if kind == "relocate":
        return f"move miner {action.miner} to {action.camp}"
    if kind == "accept":
        return "yes" if action.yes else "no"
    if kind == "choose_row":
        claim = f", completing the {action.claim} claim" if action.claim else ""
        return f"resolve row {action.row + 1}{claim}"
    if kind == "redraw":
        return "discard the card and redraw (3 company houses)"
    if kind == "play":
        via = "" if action.via == "direct" else f" via {action.via.replace('_', ' ')}"
        return f"play {action.card} as {action.resource} for {action.need}{via}"
    if kind == "casualty":
        return {"working": "send the working miner", "unskilled": "send an unskilled miner",
                "ignore": "ignore the icon (company houses)"}[action.miner]
    if kind == "place_rock":
        return f"place poor rock on {action.space}" + (f" (onto the {action.token} token)" if action.token else "")
    if kind == "discard":
        return f"discard {action.card}"
    if kind == "sacrifice":
        return "an unskilled miner" if action.miner < 0 else f"miner {action.miner}"
    return "done"


def describe_event(game, entry: dict[str, Any]) -> str:
    t = game.tables
    name = entry["event"]
    who = COLORS[entry["seat"]] if "seat" in entry else ""
    if name == "reveal":
        return f"{who} reveals {entry['card']} {t.card_name[entry['card']]} (shift {entry['shift']})"
    if name == "era":
        return f"{t.era_name[entry['era']]} begins"
    if name == "local_business":
        return f"{t.businesses[entry['card']]['name']} opens"
    if name == "event_card":
        card = t.events[entry["card"]]
        return f"Event: {card['name']}: {card['text']}"
    if name == "work":
        return f"{who} works {entry['site']} for up to {entry['max_shifts']} shifts"
    if name == "turn_limit":
        return f"Turn limit: each player has had {entry['turns']} turns; the game ends (COP-R58)"
    if name == "poor_rock":
        return f"{who} places poor rock from track space {entry['track']} on {entry['space']}"
    details = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("event", "seat", "private"))
    text = f"{who} {name.replace('_', ' ')}" + (f": {details}" if details else "")
    if "private" in entry:
        text += f" (you: {entry['private']})"
    return text.strip()
