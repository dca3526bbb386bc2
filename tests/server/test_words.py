"""Each game in its own words (issue 53): what a player reads while playing or
learning (the log, prompts, action labels, the board's texts and `<title>`s, the
glossary texts the board's places explain, the tables panel by the game's value
names, tutorial lessons, the rules panel)
carries no ruling ids, no source labels, no notes to the team: no snake_case
names, no markdown, no component ids. Where each text came from is said with
every offending string. Provenance has its own page, the Sources page, and the
terminal's `headframe rules GAME`: both list every ruling with its source label
in words, as plain text."""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
from collections.abc import Iterator

import httpx
import pytest
import yaml
from typer.testing import CliRunner

from headframe.cli import app
from headframe.engine import load_game
from headframe.engine.components import package_file
from headframe.engine.sources import LABELS
from headframe.engine.tutorial import load_tutorial
from headframe.server.storage import sqlite_url

from ..own_words import FRAME_KEYS, problems, random_positions
from .conftest import LiveServer, Seat, claim, create, play

GAMES = ["copper-country", "ore-city", "tinners-trail", "coal-country"]
DECISIONS = 100  # the person's decisions per game: enough to meet most kinds of decision

TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
TEXT = re.compile(r">([^<>]+)<")
EXPLAIN = re.compile(r'data-explain="([^"]*)"')

Texts = Iterator[tuple[str, str]]  # (where it came from, the text)


def offences(texts: Texts) -> list[str]:
    """Each offending text once, with where it came from and what is wrong with it."""
    seen: set[str] = set()
    found = []
    for where, text in texts:
        wrong = problems(text)
        if wrong and text not in seen:
            seen.add(text)
            found.append(f"{where}: {', '.join(wrong)}: {text!r}")
    return found


def board_texts(where: str, board: str) -> Texts:
    for title in TITLE.findall(board):
        yield f"{where} <title>", html.unescape(title)
    for text in TEXT.findall(TITLE.sub("", board)):
        if text.strip():
            yield f"{where} text", html.unescape(text)


def glossary_texts(name: str, entries: dict[str, dict], keys) -> Texts:
    for key in keys:
        entry = entries[key]
        for field in ("name", "kind", "text"):
            yield f"{name} glossary {key!r} {field}", entry[field]


def table_texts(where: str, value, names: dict[str, str]) -> Texts:
    """What the tables panel ("Everything this seat sees, as tables") shows of a view's value, as
    common.js renderValue does: strings by their value names, object keys by name or in words."""
    if isinstance(value, str):
        yield where, names.get(value, value)
    elif isinstance(value, list):
        for item in value:
            yield from table_texts(where, item, names)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield f"{where} key", names.get(key, re.sub(r"[_-]+", " ", key))
            yield from table_texts(f"{where}.{key}", item, names)


def played_texts(name: str, messages: list[dict], entries: dict[str, dict], names: dict[str, str]) -> Texts:
    explained: set[str] = set()
    for message in messages:
        if message["type"] != "state":
            continue
        where = f"{name} v{message['version']}"
        for key, value in message["view"].items():
            if key not in FRAME_KEYS:
                yield from table_texts(f"{where} tables panel {key}", value, names)
        yield from ((f"{where} log", text) for text in message["log_text"])
        yield from ((f"{where} label", text) for text in message["labels"])
        decision = message["view"].get("decision")
        if decision:
            yield f"{where} prompt", decision["prompt"]
        if message["board"]:
            yield from board_texts(f"{where} board", message["board"])
            explained.update(EXPLAIN.findall(message["board"]))
    yield from glossary_texts(f"{name} board's", entries, sorted(explained))


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("words") / "games.db")) as server, \
            httpx.Client(base_url=server.url, timeout=30) as client:
        yield server, client


def glossary(http, name: str) -> dict[str, dict]:
    return {entry["key"]: entry for entry in http.get(f"/api/rules/{name}/glossary").json()}


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_is_sent_the_games_own_words(live, name) -> None:
    # Issue 53: one person and bots, the person's first hundred decisions, everything the seat reads.
    server, http = live
    created = create(http, name, load_game(name).players[0])
    token = claim(http, created["id"], 0, created["join"][0]["token"], "Ann")

    async def scenario() -> list[dict]:
        async with Seat(server.ws_url, created["id"], [token]) as seat:
            await play([seat], random.Random(53), max_moves=DECISIONS)
            return seat.messages

    messages = asyncio.run(scenario())
    names = http.get(f"/api/rules/{name}/names").json()
    found = offences(played_texts(name, messages, glossary(http, name), names))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", GAMES)
def test_every_glossary_text_is_the_games_own_words(live, name) -> None:
    entries = glossary(live[1], name)
    found = offences(glossary_texts(name, entries, entries))
    assert not found, "\n".join(found)


def test_the_table_forms_option_helps_are_the_games_own_words(live) -> None:
    # issue 53: the table form's option helps cited rulings ("(COAL-R2)", "(COP-R58, INVENTED)"): the
    # help says what the option does, and the rulings it cites come apart, for the Sources page.
    catalog = live[1].get("/api/catalog").json()
    # An example of what to type for a free-text option ('start=3;end=30;local_business=7') is quoted
    # as typed: it is what the input takes, not a sentence.
    helps = [(f"{entry['name']} option {option['name']}", re.sub(r"'[^']*'", "", option["help"]))
             for entry in catalog for option in entry["options"]]
    found = offences(iter(helps))
    assert not found, "\n".join(found)
    cited = {option["name"]: option["rulings"] for entry in catalog if entry["name"] == "coal-country"
             for option in entry["options"]}
    assert cited["rounds"] == ["COAL-R2"] and all(isinstance(rulings, list) for rulings in cited.values())


def tutorial_texts(name: str, overview: dict) -> Texts:
    tutorial = load_tutorial(load_game(name))
    lessons = [("opening", tutorial.opening), *((f"step {i}", step.lesson) for i, step in enumerate(tutorial.steps)),
               *((f"summary {i}", lesson) for i, lesson in enumerate(tutorial.summary))]
    for where, lesson in lessons:
        yield f"{name} tutorial {where}", lesson.text
    for reference, cited in overview["citations"].items():
        for field, text in cited.items():
            if field not in ("ref", "kind", "id", "source", "url"):  # the page shows none of these
                yield f"{name} tutorial citation {reference!r} {field}", text


@pytest.mark.parametrize("name", GAMES)
def test_every_tutorial_text_is_the_games_own_words(live, name) -> None:
    found = offences(tutorial_texts(name, live[1].get(f"/api/learn/{name}").json()))
    assert not found, "\n".join(found)


def rules_panel_texts(name: str, rules: dict) -> Texts:
    yield f"{name} rules summary", rules["summary"]
    for section in rules["sections"]:
        yield f"{name} rulebook {section['heading']!r}", section["text"]


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_panel_is_the_games_own_words(live, name) -> None:
    found = offences(rules_panel_texts(name, live[1].get(f"/api/rules/{name}").json()))
    assert not found, "\n".join(found)



# --- provenance where it belongs (issue 53) ------------------------------------------------------

BOOT = re.compile(r'<script type="application/json" id="boot">(.*?)</script>', re.DOTALL)


def rulings_file(name: str) -> list[dict]:
    """The game's rulings as its data file lists them."""
    return yaml.safe_load(package_file(load_game(name).package, "rulings.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", GAMES)
def test_the_sources_page_lists_every_ruling_with_its_label_in_words(live, name) -> None:
    http = live[1]
    page = http.get(f"/games/{name}/sources")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    shown = json.loads(BOOT.search(page.text)[1])["rulings"]
    assert shown == http.get(f"/api/rules/{name}/sources").json()["rulings"]
    assert [(r["id"], r["label"]) for r in shown] == [(r["id"], LABELS[r["source"]]) for r in rulings_file(name)]
    assert all(r["ruling"] and "**" not in r["ruling"] + r["reason"] for r in shown)
    assert f'"sources": "/games/{name}/sources"' in json.dumps(http.get(f"/api/rules/{name}").json())
    assert http.get("/games/chess/sources").status_code == 404


@pytest.mark.parametrize("name", GAMES)
def test_the_terminals_rules_print_every_ruling_as_plain_text(name) -> None:
    result = CliRunner().invoke(app, ["rules", name])
    assert result.exit_code == 0, result.output
    assert "**" not in result.output and "`" not in result.output and "*Source:*" not in result.output
    assert "Reason: Stated." not in result.output
    for ruling in rulings_file(name):
        assert f"{ruling['id']} · {ruling['title']} ({LABELS[ruling['source']]})" in result.output


@pytest.mark.parametrize("name", GAMES)
def test_a_hints_why_is_the_games_own_words(name) -> None:
    # issue 53: a hint's line of why (game.presentation.gains of the seat's view before and after its choice)
    game = load_game(name)
    said = set()
    for index, state in enumerate(random_positions(game, game.players[0], 53, game.short_options)):
        if index % 3 or not state.to_move():
            continue
        seat = state.to_move()[0]
        for action in state.decision(seat).actions[:4]:
            after = state.clone()
            after.apply(seat, action)
            said.add(game.presentation.gains(state.view(seat), after.view(seat)))
    assert len(said) > 3  # it says something, and not always the same
    assert offences((f"{name} hint", text) for text in said) == []
