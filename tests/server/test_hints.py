"""Hints on the server: "What would the bot do?" for a seat one holds; refused in
rated games and at tables without the Hints option; one at a time per seat;
rate-limited; answered only while the seat still owes the decision."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from headframe.agents.ismcts import ISMCTSAgent
from headframe.engine import load_game
from headframe.server.bots import BotFailure
from headframe.server.hints import NOT_HERE, RATED, still_owes
from headframe.server.storage import sqlite_url

from .conftest import LiveServer, bearer, claim
from .test_accounts import csrf, register

PEOPLE = [{"type": "human"}, {"type": "human"}]


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    db = sqlite_url(tmp_path_factory.mktemp("hints") / "games.db")
    with LiveServer(db, think_time=0.05, hint_seconds=0.3, hint_rate="1000/minute") as server:
        yield server


@pytest.fixture(scope="module")
def http(live):
    with httpx.Client(base_url=live.url, timeout=30) as client:
        yield client


def table(http, **extra) -> tuple[dict, list[str]]:
    """A hot-seat Pit Lamps table (unrated: ratings.py); the game and both seats' tokens."""
    body = {"game": "pit-lamps", "players": 2, "seats": PEOPLE, "options": {"rounds": 40}, "hotseat": True, **extra}
    response = http.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    return created, [seat["token"] for seat in created["join"]]


def ask(http, game_id: str, seat: int, token: str | None) -> httpx.Response:
    return http.post(f"/api/games/{game_id}/seats/{seat}/hint", headers=bearer(token) if token else {})


def test_a_seat_gets_the_bots_choices_with_their_shares(http) -> None:
    created, tokens = table(http)
    assert http.get(f"/api/games/{created['id']}/hints").json() == {"hints": True, "reason": None}
    response = ask(http, created["id"], 0, tokens[0])
    assert response.status_code == 200, response.text
    choices = response.json()["choices"]
    state = http.get(f"/api/games/{created['id']}/state", headers=bearer(tokens[0])).json()
    labels = dict(zip(state["action_ids"], state["labels"]))
    assert 1 <= len(choices) <= 3 and all(choice["id"] in labels for choice in choices)
    assert all(choice["label"] == labels[choice["id"]] for choice in choices)
    assert all(isinstance(choice["why"], str) for choice in choices)  # what it gains or costs (game.presentation.gains)
    shares = [choice["share"] for choice in choices]
    assert shares == sorted(shares, reverse=True) and 0 < sum(shares) <= 1


def test_only_the_seats_holder_may_ask_and_only_at_its_decision(http) -> None:
    created, tokens = table(http)
    game_id = created["id"]
    assert ask(http, game_id, 0, None).status_code == 401
    assert ask(http, game_id, 0, tokens[1]).status_code == 403  # the other seat's token
    assert ask(http, game_id, 0, created["host_token"]).status_code == 403
    assert ask(http, game_id, 5, tokens[0]).status_code == 400
    bid = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[0])).json()["action_ids"][0]
    played = http.post(f"/api/games/{game_id}/actions", json={"seat": 0, "action": bid}, headers=bearer(tokens[0]))
    assert played.status_code == 200, played.text
    waiting = ask(http, game_id, 0, tokens[0])  # sealed its bid; seat 2 still bids
    assert waiting.status_code == 409 and "has no decision to make now" in waiting.json()["error"]


def test_tables_without_the_option_and_rated_games_refuse_with_a_sentence(http) -> None:
    created, tokens = table(http, hints=False)
    refused = ask(http, created["id"], 0, tokens[0])
    assert refused.status_code == 403 and refused.json()["error"] == NOT_HERE
    assert http.get(f"/api/games/{created['id']}/hints").json() == {"hints": False, "reason": NOT_HERE}
    # No chosen seed, a person against a bot level: rated (ratings.py), so hints are off whatever was asked.
    rated = http.post("/api/games", json={"game": "pit-lamps", "players": 2, "options": {"rounds": 40}, "hints": True,
                                          "seats": [{"type": "human"}, {"type": "bot", "agent": "random"}]}).json()
    token = claim(http, rated["id"], 0, rated["join"][0]["token"])
    refused = ask(http, rated["id"], 0, token)
    assert refused.status_code == 403 and refused.json()["error"] == RATED


def test_one_search_at_a_time_per_seat(tmp_path) -> None:
    # a search of 3 s, so that the second request comes while the first thinks even on a loaded machine
    with LiveServer(sqlite_url(tmp_path / "one.db"), think_time=0.05, hint_seconds=3.0,
                    hint_rate="1000/minute") as server, httpx.Client(base_url=server.url, timeout=30) as http:
        created, tokens = table(http)
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda _: ask(http, created["id"], 0, tokens[0]), range(2)))
    assert sorted(answer.status_code for answer in answers) == [200, 409]
    busy = next(answer for answer in answers if answer.status_code == 409)
    assert "already thinking" in busy.json()["error"]


def test_hints_are_rate_limited(tmp_path) -> None:
    with LiveServer(sqlite_url(tmp_path / "limits.db"), think_time=0.05, hint_seconds=0.05,
                    hint_rate="2/minute") as server, httpx.Client(base_url=server.url, timeout=30) as client:
        created, tokens = table(client)
        assert [ask(client, created["id"], 0, tokens[0]).status_code for _ in range(2)] == [200, 200]
        refused = ask(client, created["id"], 0, tokens[0])
        assert refused.status_code == 429 and "too many hints asked for" in refused.json()["error"]


def test_an_answer_is_given_only_while_the_seat_owes_the_same_decision() -> None:
    game = load_game("pit-lamps")
    before = game.new_state(2, 3)
    decision = before.decision(0)
    other = before.clone()
    other.apply(1, other.decision(1).actions[0])  # the other seat's sealed bid leaves seat 1's decision
    assert still_owes(other, before, 0, decision)
    mine = before.clone()
    mine.apply(0, decision.actions[0])
    assert not still_owes(mine, before, 0, decision)


def test_a_signed_in_player_asks_with_the_session_and_its_csrf_token(live) -> None:
    with httpx.Client(base_url=live.url, timeout=30) as browser:
        token = register(browser, "Hinted")
        seats = [{"type": "human", "me": True}, {"type": "bot", "agent": "ismcts:iters=20"}]  # not a rated level
        created = browser.post("/api/games", json={"game": "pit-lamps", "players": 2, "seats": seats,
                                                   "options": {"rounds": 40}}, headers=csrf(token)).json()
        url = f"/api/games/{created['id']}/seats/0/hint"
        assert browser.post(url).status_code == 403  # a cookie alone never writes (CSRF)
        answered = browser.post(url, headers=csrf(token))
        assert answered.status_code == 200, answered.text
        assert browser.post(f"/api/games/{created['id']}/seats/1/hint", headers=csrf(token)).status_code == 403


def test_the_search_runs_in_a_bot_worker_not_in_the_web_process(http, live, monkeypatch) -> None:
    """A second's search in the web process would hold the GIL and stall every game's updates."""
    def searched_here(*_args, **_kwargs):
        raise AssertionError("a hint searched in the web process")
    monkeypatch.setattr(ISMCTSAgent, "search", searched_here)  # this process only: workers import their own
    created, tokens = table(http)
    assert ask(http, created["id"], 0, tokens[0]).status_code == 200


def test_a_search_that_fails_is_a_503_with_a_sentence(http, live, monkeypatch) -> None:
    async def failing(_task):
        raise BotFailure("its worker process died")
    monkeypatch.setattr(live.hub.bots, "hint", failing)
    created, tokens = table(http)
    failed = ask(http, created["id"], 0, tokens[0])
    assert failed.status_code == 503 and "ask again" in failed.json()["error"]
    assert ask(http, created["id"], 0, tokens[0]).status_code == 503  # the seat was not left "already thinking"
