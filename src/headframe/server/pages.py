"""Server-rendered pages: one HTML frame, filled with a title, the data the
page starts from (as JSON in a script tag) and the ES module that runs it."""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path
from string import Template
from typing import Any

from headframe.engine.people import SEAT_COLOUR_NAMES, SEAT_COLOURS

TEMPLATES = Path(__file__).parent.parent / "web" / "templates"


@cache
def _frame() -> Template:
    return Template((TEMPLATES / "page.html").read_text(encoding="utf-8"))


def render(title: str, module: str, boot: dict[str, Any]) -> str:
    # The seats' colours are the boards' (engine/svg.py), so names and pictures agree.
    colours = [{"colour": colour, "name": name} for colour, name in zip(SEAT_COLOURS, SEAT_COLOUR_NAMES)]
    data = json.dumps({**boot, "seat_colours": colours}).replace("<", "\\u003c")  # no "</script>" can close the tag early
    return _frame().substitute(title=html.escape(title), module=module, boot=data)


def lobby() -> str:
    return render("headframe", "lobby.js", {})


def game(summary: dict[str, Any], guide: str = "") -> str:
    """A table's page; `guide`: how a turn goes in its game (Game.turn_guide)."""
    return render(f"{summary['name']} · {summary['title']}", "game.js", {"game": summary, "guide": guide})


def replay(source: str, record_url: str | None) -> str:
    return render("Replay · headframe", "replay.js", {"source": source, "record": record_url})


def learn(game: str, title: str) -> str:
    return render(f"{title} · headframe", "learn.js", {"game": game})


def my_games() -> str:
    return render("My games · headframe", "me.js", {})


def sign_in() -> str:
    return render("Sign in · headframe", "signin.js", {})


def upload() -> str:
    return render("Upload a record · headframe", "upload.js", {})


def missing(status: int, message: str) -> str:
    """A page for a person who followed a link to nothing (or to what is not theirs to see): what
    happened in a sentence, and the ways back."""
    title = "Not found" if status == 404 else "Not available"
    return render(f"{title} · headframe", "missing.js", {"title": title, "message": message})
