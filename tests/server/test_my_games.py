"""My games: a signed-in player's running games, those where it is their move
first (with how long they have on a clock), then finished ones with their place."""

from __future__ import annotations

import time

import httpx
import pytest

from headframe.server.lobby import _time_left
from headframe.server.storage import sqlite_url

from .conftest import LiveServer, bearer, signed_in


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("my-games") / "games.db")) as live:
        yield live


def table(client, csrf, seats, **extra) -> dict:
    body = {"game": "pit-lamps", "players": len(seats), "seats": seats, "think_time": 0, **extra}
    response = client.post("/api/games", json=body, headers=csrf)
    assert response.status_code == 201, response.text
    return response.json()


def against_bob(client, csrf, name: str) -> dict:
    """Ann's seat 1 against a guest who took seat 2 by invitation: the game runs."""
    created = table(client, csrf, [{"type": "human", "me": True}, {"type": "human"}], name=name)
    invitation = created["join"][1]["token"]
    with httpx.Client(base_url=client.base_url) as bob:
        assert bob.post(f"/api/games/{created['id']}/seats/1/claim", json={"name": "Bob"},
                        headers=bearer(invitation)).status_code == 200
    return created


def bid(client, csrf, game_id: str) -> None:
    state = client.get(f"/api/games/{game_id}/state").json()
    action = state["view"]["decision"]["actions"][0]
    assert client.post(f"/api/games/{game_id}/actions", json={"seat": state["seat"], "action": action},
                       headers=csrf).status_code == 200


def play_out(client, csrf, game_id: str, limit: int = 400) -> None:
    """Play the signed-in player's seat against a bot until the game is over (REST, session only)."""
    for _ in range(limit):
        state = client.get(f"/api/games/{game_id}/state").json()
        if state["view"]["over"]:
            return
        if "decision" in state["view"]:
            client.post(f"/api/games/{game_id}/actions", json={"seat": state["seat"],
                        "action": state["view"]["decision"]["actions"][0], "version": state["version"]}, headers=csrf)
        else:
            time.sleep(0.01)  # the bot's move (think time 0)
    raise AssertionError("the game did not end")


def test_my_games_lists_my_move_first_then_the_rest_then_finished_with_my_place(server):
    ann, csrf = signed_in(server, "Annika")
    waiting = against_bob(ann, csrf, "Waiting on Bob")
    bid(ann, csrf, waiting["id"])  # my bid is in: Bob owes his
    mine = against_bob(ann, csrf, "My move")
    table(ann, csrf, [{"type": "human", "me": True}, {"type": "human"}], name="Not started")
    finished = table(ann, csrf, [{"type": "human", "me": True}, {"type": "bot", "agent": "random"}], hotseat=True,
                     name="Done")
    play_out(ann, csrf, finished["id"])
    listed = ann.get("/api/me/games").json()
    running = {entry["name"]: entry for entry in listed["running"]}
    assert listed["running"][0]["name"] == "My move" and set(running) == {"My move", "Waiting on Bob", "Not started"}
    assert running["My move"]["my_move"] and not running["Waiting on Bob"]["my_move"]
    assert running["Waiting on Bob"]["to_move"] == ["Bob"] and set(running["My move"]["to_move"]) == {"Annika", "Bob"}
    assert running["My move"]["names"] == ["Annika", "Bob"] and running["My move"]["seat_label"] == "Seat 1"
    assert running["My move"]["url"] == f"/games/{mine['id']}" and running["My move"]["time_left"] is None
    assert running["Not started"]["status"] == "open" and running["Not started"]["waiting_for"] == 1
    assert not running["Not started"]["my_move"] and running["Not started"]["to_move"] == []
    assert 0 <= running["Waiting on Bob"]["progress"] < 100
    [done] = listed["finished"]
    result = ann.get(f"/api/games/{finished['id']}").json()["result"]
    assert done["name"] == "Done" and done["place"] == f"{['1st', '2nd'][result['ranking'][0] - 1]} of 2"
    assert "token" not in str(listed) and "account" not in str(listed)


def test_my_games_are_each_players_own_and_need_signing_in(server):
    cleo, csrf = signed_in(server, "Cleo")
    dana, _ = signed_in(server, "Dana")
    against_bob(cleo, csrf, "Cleo's")
    assert [entry["name"] for entry in cleo.get("/api/me/games").json()["running"]] == ["Cleo's"]
    assert dana.get("/api/me/games").json() == {"running": [], "finished": []}
    with httpx.Client(base_url=server.url) as guest:
        refused = guest.get("/api/me/games")
        assert refused.status_code == 401 and "sign in" in refused.json()["error"]


def test_how_long_i_have_is_read_from_the_tables_clock():
    clock = {"mode": "real-time", "seats": [{"seat": 0, "left": 125.0, "running": True},
                                            {"seat": 1, "left": 30, "running": False}]}
    assert _time_left(clock, 0) == "2 min 5 s" and _time_left(clock, 1) == "30 s"
    assert _time_left(None, 0) is None and _time_left({"mode": "none", "seats": []}, 0) is None
    assert _time_left({"seats": [{"seat": 0, "left": "soon"}]}, 0) is None and _time_left(clock, 3) is None
    turn_based = {"mode": "turn-based", "seats": [{"seat": 0, "left": 86370, "running": True},
                                                  {"seat": 1, "left": 86000, "running": False}]}
    assert _time_left(turn_based, 0) == "23 h 59 min" and _time_left(turn_based, 1) is None  # not its move
