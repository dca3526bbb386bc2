"""The guided first games' routes (#25): the tutorials listed, one's overview with
every citation's text, the learner's game at a step (the learner's view only), the
learner's move accepted or refused, the page, and bad input a clear 4xx."""

from __future__ import annotations

import httpx
import pytest

from headframe.engine import load_game
from headframe.engine.people import naming
from headframe.engine.tutorial import load_tutorial
from headframe.server.storage import sqlite_url

from .conftest import LiveServer

GAMES = ["copper-country", "ore-city", "tinners-trail", "coal-country"]


@pytest.fixture(scope="module")
def http(tmp_path_factory):
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("learn") / "games.db")) as live, \
            httpx.Client(base_url=live.url, timeout=30) as client:
        yield client


def first_available() -> str:
    """A game whose tutorial is shipped (the routes' tests need one, whichever it is)."""
    found = [name for name in GAMES if load_tutorial(load_game(name)) is not None]
    assert found, "no game ships a tutorial.json"
    return found[0]


def test_the_games_with_tutorials_are_listed(http) -> None:
    listed = http.get("/api/learn").json()
    assert [entry["game"] for entry in listed] == sorted(GAMES)
    assert all(entry["title"] == load_game(entry["game"]).title for entry in listed)


@pytest.mark.parametrize("name", GAMES)
def test_a_tutorials_overview_has_its_opening_summary_and_the_text_of_every_citation(http, name) -> None:
    response = http.get(f"/api/learn/{name}")
    assert response.status_code == 200, response.text
    overview = response.json()
    tutorial = load_tutorial(load_game(name))
    assert overview["steps"] == len(tutorial.steps) and overview["names"][tutorial.learner] == "Player 1"
    assert overview["opening"]["text"] == tutorial.opening.text
    assert len(overview["summary"]) == len(tutorial.summary)
    assert set(overview["citations"]) == set(tutorial.citations())
    for reference, cited in overview["citations"].items():  # a ruling is a link to its Sources entry (issue 53)
        assert cited["kind"] == "section" and cited["heading"] == reference and cited["text"] \
            or cited["kind"] == "ruling" and cited["title"] and cited["url"] == f"/games/{name}/sources#{reference}"
    assert set(overview) == {"game", "title", "game_title", "players", "learner", "names", "steps", "opening",
                             "summary", "citations"}  # never the script's moves: a bot's may be a sealed commitment


def test_a_step_is_the_learners_view_board_and_log_and_its_comment(http) -> None:
    name = first_available()
    tutorial = load_tutorial(load_game(name))
    game, learner = tutorial.game, tutorial.learner
    mine = next(i for i, step in enumerate(tutorial.steps) if step.seat == learner)
    for step in {0, mine, len(tutorial.steps)}:
        for layout, narrow in (("wide", False), ("narrow", True)):
            frame = http.get(f"/api/learn/{name}/steps/{step}", params={"layout": layout}).json()
            state = tutorial.state_at(step)
            view = state.view(learner)
            assert frame["view"] == view
            with naming(tutorial.names):
                assert frame["board"] == game.presentation.render_board(view, narrow)
                assert frame["log"] == [game.presentation.describe_event(entry) for entry in state.log_for(learner)]
            if step == len(tutorial.steps):
                assert frame["lesson"] is None and frame["seat"] is None
                continue
            assert frame["lesson"]["text"] == tutorial.steps[step].lesson.text
            assert frame["mine"] == (tutorial.steps[step].seat == learner)
            if frame["mine"]:
                assert frame["action_ids"] == [action.id for action in state.decision(learner).actions]
                assert len(frame["labels"]) == len(frame["action_ids"])
            else:
                assert frame["action_ids"] == [] and frame["labels"] == []


def test_the_learners_move_is_accepted_and_another_refused_with_the_reason(http) -> None:
    name = first_available()
    tutorial = load_tutorial(load_game(name))
    index, step = next((i, s) for i, s in enumerate(tutorial.steps)
                       if s.seat == tutorial.learner and len(tutorial.state_at(i).decision(s.seat).actions) > 1)
    url = f"/api/learn/{name}/steps/{index}"
    assert http.post(url, json={"action": step.action.to_json()}).json() == {"accepted": True, "message": ""}
    assert http.post(url, json={"action": step.action.id}).json()["accepted"]
    other = next(a for a in tutorial.state_at(index).decision(tutorial.learner).actions if a != step.action)
    refused = http.post(url, json={"action": other.to_json()}).json()
    assert refused == {"accepted": False, "message": tutorial.answer(index, other).message}
    assert "You chose: " in refused["message"] and "This step asks for: " in refused["message"]


def test_bad_input_is_a_clear_4xx(http) -> None:
    name = first_available()
    tutorial = load_tutorial(load_game(name))
    steps = len(tutorial.steps)
    bot = next(i for i, step in enumerate(tutorial.steps) if step.seat != tutorial.learner)
    mine = next(i for i, step in enumerate(tutorial.steps) if step.seat == tutorial.learner)
    cases = [
        ("get", "/api/learn/chess", None, 404, "no game called 'chess'"),
        ("get", "/api/learn/pit-lamps", None, 404, "Pit Lamps has no guided first game yet"),
        ("get", f"/api/learn/{name}/steps/{steps + 1}", None, 404, f"steps 0 to {steps}"),
        ("get", f"/api/learn/{name}/steps/-1", None, 404, f"steps 0 to {steps}"),
        ("get", f"/api/learn/{name}/steps/two", None, 400, "invalid request"),
        ("get", f"/api/learn/{name}/steps/0?layout=huge", None, 400, "invalid request"),
        ("post", f"/api/learn/{name}/steps/{steps}", {"action": "pass"}, 404, f"steps 0 to {steps - 1}"),
        ("post", f"/api/learn/{name}/steps/{mine}", {"action": {"kind": "dance"}}, 400, "not an action of"),
        ("post", f"/api/learn/{name}/steps/{mine}", {"action": 3}, 400, "invalid request"),
        ("post", f"/api/learn/{name}/steps/{mine}", {"action": "pass", "seat": 0}, 400, "invalid request"),
        ("post", f"/api/learn/{name}/steps/{mine}", {}, 400, "invalid request"),
        ("post", f"/api/learn/{name}/steps/{bot}", {"action": tutorial.steps[bot].action.to_json()}, 409,
         "the tutorial plays it: press Next"),
    ]
    for method, url, body, status, words in cases:
        response = http.request(method, url, json=body)
        assert response.status_code == status, (url, response.text)
        assert words in response.json()["error"], (url, response.text)
    page = http.get("/learn/pit-lamps")  # a person's page: in words, with a way back (issue 52)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "no guided first game" in page.text and "missing.js" in page.text
    assert http.post(f"/api/learn/{name}/steps/{mine}", content=b"[" * 100 + b"]" * 100,
                     headers={"Content-Type": "application/json"}).status_code == 400


@pytest.mark.parametrize("name", GAMES)
def test_the_page_is_served_with_its_module(http, name) -> None:
    response = http.get(f"/learn/{name}")
    assert response.status_code == 200, response.text
    assert 'src="/static/learn.js"' in response.text and f'"game": "{name}"' in response.text
    assert response.headers["content-security-policy"].startswith("default-src 'self'")
