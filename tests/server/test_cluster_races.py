"""Races between two server processes on one PostgreSQL database (#22): whatever reaches
the two at the same moment, the database lets one change through and the other is
answered 409, and both processes then show the same game. Moves at the same ply, a
take-back against the next move, and two claims of one seat, each tried several times."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from sqlalchemy import create_engine, text

from headframe.engine import load_game

from .conftest import bearer, claim
from .test_cluster import cluster  # noqa: F401 (the fixture: two servers and a bot worker)

TRIES = 4
TINNERS = load_game("tinners-trail")


@pytest.fixture(scope="module")
def servers(cluster, postgres_url):  # noqa: F811
    first, second, _worker = cluster
    with httpx.Client(base_url=first.url, timeout=30) as one, httpx.Client(base_url=second.url, timeout=30) as two:
        yield one, two, create_engine(postgres_url)


def new_game(http: httpx.Client) -> tuple[str, list[str]]:
    """A two-player Tinners' Trail game of two people, both seats claimed: its id and the seats' tokens."""
    created = http.post("/api/games", json={"game": "tinners-trail", "players": 2, "think_time": 0,
                                            "seats": [{"type": "human", "name": "Ann"},
                                                      {"type": "human", "name": "Bea"}]}).json()
    return created["id"], [claim(http, created["id"], seat, created["join"][seat]["token"]) for seat in (0, 1)]


def state(http: httpx.Client, game_id: str, token: str) -> dict:
    response = http.get(f"/api/games/{game_id}/state", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def at_once(*posts: tuple[httpx.Client, str, str, dict]) -> list[httpx.Response]:
    """Each (process, path, token, body) posted at the same moment, from threads of its own."""
    with ThreadPoolExecutor(len(posts)) as pool:
        sent = [pool.submit(http.post, path, headers=bearer(token), json=body) for http, path, token, body in posts]
        return [future.result() for future in sent]


def mover(http: httpx.Client, game_id: str, tokens: list[str]) -> tuple[int, dict]:
    for seat, token in enumerate(tokens):
        seen = state(http, game_id, token)
        if seen["action_ids"]:
            return seat, seen
    raise AssertionError("nobody is to move")


def same_everywhere(servers, game_id: str, tokens: list[str]) -> list[tuple[int, dict]]:
    """Each seat's version and view as the two processes show them (the same), and the moves stored."""
    one, two, database = servers
    for token in tokens:
        here, there = state(one, game_id, token), state(two, game_id, token)
        assert (here["version"], here["view"]) == (there["version"], there["view"])
    with database.connect() as db:
        return [(seat, action) for seat, action in
                db.execute(text("select seat, action from actions where game_id = :g order by ply"), {"g": game_id})]


def test_two_moves_at_the_same_ply_through_two_processes_store_one(servers) -> None:
    one, two, _ = servers
    game_id, tokens = new_game(one)
    plies = 0
    for _ in range(TRIES):
        seat, seen = mover(one, game_id, tokens)
        state(two, game_id, tokens[seat])  # the other process has the game loaded too
        first, other = seen["action_ids"][0], seen["action_ids"][-1]
        path, version = f"/api/games/{game_id}/actions", seen["version"]
        answers = at_once((one, path, tokens[seat], {"seat": seat, "action": first, "version": version}),
                          (two, path, tokens[seat], {"seat": seat, "action": other, "version": version}))
        assert sorted(answer.status_code for answer in answers) == [200, 409], [a.text for a in answers]
        actions = same_everywhere(servers, game_id, tokens)
        taken = first if answers[0].status_code == 200 else other
        assert actions[-1] == (seat, TINNERS.parse_action(taken).to_json())  # the move answered 200, once
        assert len(actions) == plies + 1  # one move more per race, not two
        plies += 1


def test_a_take_back_racing_the_next_move_lets_one_through(servers) -> None:
    one, two, _ = servers
    for _ in range(TRIES):
        game_id, tokens = new_game(one)
        seat, seen = mover(one, game_id, tokens)
        moved = one.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                         json={"seat": seat, "action": seen["action_ids"][0]})
        assert moved.status_code == 200, moved.text
        now = state(two, game_id, tokens[seat])
        assert now["can_undo"] and now["action_ids"]  # the seat's turn goes on, and it may take its move back
        answers = at_once((one, f"/api/games/{game_id}/undo", tokens[seat], {"seat": seat, "version": now["version"]}),
                          (two, f"/api/games/{game_id}/actions", tokens[seat],
                           {"seat": seat, "action": now["action_ids"][0], "version": now["version"]}))
        assert sorted(answer.status_code for answer in answers) == [200, 409], [a.text for a in answers]
        actions = same_everywhere(servers, game_id, tokens)
        assert len(actions) == (0 if answers[0].status_code == 200 else 2)


def test_two_claims_of_one_seat_through_two_processes_give_one_token(servers) -> None:
    one, two, _ = servers
    for _ in range(TRIES):
        created = one.post("/api/games", json={"game": "tinners-trail", "players": 2, "think_time": 0,
                                               "seats": [{"type": "human", "name": "Ann"},
                                                         {"type": "human", "name": "Bea"}]}).json()
        game_id, invitation = created["id"], created["join"][1]["token"]
        two.get(f"/api/games/{game_id}")  # loaded in both
        path = f"/api/games/{game_id}/seats/1/claim"
        answers = at_once((one, path, invitation, {"name": "Cat"}), (two, path, invitation, {"name": "Dan"}))
        assert sorted(answer.status_code for answer in answers) == [200, 409], [a.text for a in answers]
        winner = next(answer for answer in answers if answer.status_code == 200)
        for http in (one, two):  # the winner's token holds the seat in both processes; the invitation holds nothing
            assert http.get(f"/api/games/{game_id}/state", headers=bearer(winner.json()["token"])).json()["seat"] == 1
            held = http.get(f"/api/games/{game_id}/state", headers=bearer(invitation))
            assert held.status_code != 200 or held.json()["seat"] != 1
        named = {seat["name"] for seat in one.get(f"/api/games/{game_id}").json()["seats"]}
        assert named & {"Cat", "Dan"} and not {"Cat", "Dan"} <= named
