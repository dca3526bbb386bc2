"""Friends: a seat given to an account by name is theirs at once (My games, played signed in, nobody
else's to claim), which they may accept or decline (back to the host); a finished table's "Play again"
makes one new table with the same seats, whatever the number of asks. On SQLite and PostgreSQL."""

from __future__ import annotations

import time
from types import SimpleNamespace

import httpx
import pytest

from headframe.server import clocks
from headframe.server.rematch import again

from .conftest import LiveServer, bearer, claim, signed_in, sqlite_or_postgres


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request, tmp_path_factory):
    with LiveServer(sqlite_or_postgres(request, tmp_path_factory, "friends"), think_time=0) as live:
        yield live


def table(client, seats, csrf=None, **extra) -> dict:
    body = {"game": "pit-lamps", "players": len(seats), "seats": seats, "think_time": 0, **extra}
    response = client.post("/api/games", json=body, headers=csrf or {})
    assert response.status_code == 201, response.text
    return response.json()


def move(client, csrf, game_id: str) -> None:
    state = client.get(f"/api/games/{game_id}/state").json()
    action = state["view"]["decision"]["actions"][0]
    response = client.post(f"/api/games/{game_id}/actions", json={"seat": state["seat"], "action": action},
                           headers=csrf)
    assert response.status_code == 200, response.text


def play_out(players: list[tuple[httpx.Client, dict]], game_id: str, limit: int = 600) -> None:
    """Each signed-in player moves whenever it is theirs, until the game is over."""
    for _ in range(limit):
        for client, csrf in players:
            state = client.get(f"/api/games/{game_id}/state").json()
            if state["view"]["over"]:
                return
            if "decision" in state["view"]:
                client.post(f"/api/games/{game_id}/actions", json={
                    "seat": state["seat"], "action": state["view"]["decision"]["actions"][0],
                    "version": state["version"]}, headers=csrf)
        time.sleep(0.005)
    raise AssertionError("the game did not end")


def test_a_seat_given_by_name_is_the_accounts_at_once_and_nobody_elses(server):
    ann, ann_csrf = signed_in(server, "Ann Friend")
    bob, bob_csrf = signed_in(server, "Bob Friend")
    created = table(ann, [{"type": "human", "me": True}, {"type": "human", "account": "bob friend"}], ann_csrf)
    assert 1 not in [entry["seat"] for entry in created["join"]]  # no invitation token for Bob's seat
    assert created["status"] == "running" and created["seats"][1]["name"] == "Bob Friend"
    listed = bob.get("/api/me/games").json()["running"]
    assert [(entry["id"], entry["seat"], entry["my_move"]) for entry in listed] == [(created["id"], 1, True)]
    assert bob.get("/api/me/invitations").json()[0]["id"] == created["id"]
    move(bob, bob_csrf, created["id"])  # from this browser, signed in
    with httpx.Client(base_url=server.url) as guest:  # nobody else can take it
        refused = guest.post(f"/api/games/{created['id']}/seats/1/claim", json={"name": "Eve"})
        assert refused.status_code in (403, 409), refused.text
    cara, cara_csrf = signed_in(server, "Cara Friend")
    assert cara.post(f"/api/games/{created['id']}/actions", json={"seat": 1, "action": "x"},
                     headers=cara_csrf).status_code == 403
    assert cara.post(f"/api/games/{created['id']}/seats/1/decline", headers=cara_csrf).status_code == 403


def test_an_unknown_name_is_refused_and_nothing_is_made(server):
    with httpx.Client(base_url=server.url) as guest:
        before = len(guest.get("/api/games").json())
        refused = guest.post("/api/games", json={"game": "pit-lamps", "players": 2, "seats": [
            {"type": "human"}, {"type": "human", "account": "Nobody Here"}]})
        assert refused.status_code == 404 and refused.json()["error"] == "no account named 'Nobody Here'"
        assert len(guest.get("/api/games").json()) == before
        for seats in ([{"type": "bot", "account": "x"}, {"type": "human"}],
                      [{"type": "human", "account": "x" * 65}, {"type": "human"}]):
            assert guest.post("/api/games", json={"game": "pit-lamps", "players": 2, "seats": seats}).status_code == 400


def test_declining_gives_the_seat_back_to_the_host_with_a_fresh_link(server):
    ann, ann_csrf = signed_in(server, "Ann Decline")
    bob, bob_csrf = signed_in(server, "Bob Decline")
    created = table(ann, [{"type": "human", "me": True}, {"type": "human", "account": "Bob Decline"}], ann_csrf)
    game = created["id"]
    assert bob.post(f"/api/games/{game}/seats/1/decline").status_code == 403  # no CSRF header
    declined = bob.post(f"/api/games/{game}/seats/1/decline", headers=bob_csrf)
    assert declined.status_code == 200, declined.text
    seat = declined.json()["seats"][1]
    assert declined.json()["status"] == "open" and not seat["claimed"] and seat["name"] == "Seat 2"
    assert bob.get("/api/me/games").json()["running"] == [] and bob.get("/api/me/invitations").json() == []
    link = ann.post(f"/api/games/{game}/seats/1/invitation", headers=bearer(created["host_token"]))
    assert link.status_code == 200, link.text
    assert ann.post(f"/api/games/{game}/seats/1/invitation").status_code == 401
    with httpx.Client(base_url=server.url) as guest:
        claim(guest, game, 1, link.json()["token"], "Dora")
    assert ann.get(f"/api/games/{game}").json()["status"] == "running"


def test_accepting_keeps_the_seat_and_a_played_seat_is_not_declined(server):
    ann, ann_csrf = signed_in(server, "Ann Accept")
    bob, bob_csrf = signed_in(server, "Bob Accept")
    game = table(ann, [{"type": "human", "me": True}, {"type": "human", "account": "Bob Accept"}], ann_csrf)["id"]
    assert bob.post(f"/api/games/{game}/seats/1/accept", headers=bob_csrf).status_code == 200
    assert bob.get("/api/me/invitations").json() == []
    assert bob.post(f"/api/games/{game}/seats/1/accept", headers=bob_csrf).status_code == 409
    assert bob.post(f"/api/games/{game}/seats/1/decline", headers=bob_csrf).status_code == 409


def test_play_again_makes_one_table_with_the_same_seats_and_options(server):
    ann, ann_csrf = signed_in(server, "Ann Again")
    bob, bob_csrf = signed_in(server, "Bob Again")
    created = table(ann, [{"type": "human", "me": True}, {"type": "human", "account": "Bob Again"},
                          {"type": "bot", "agent": "random", "name": "Robo"}], ann_csrf, options={"rounds": 1})
    old = created["id"]
    assert ann.post(f"/api/games/{old}/rematch", headers=ann_csrf).status_code == 409  # not finished
    play_out([(ann, ann_csrf), (bob, bob_csrf)], old)
    with httpx.Client(base_url=server.url) as guest:
        assert guest.post(f"/api/games/{old}/rematch").status_code == 401
    again = ann.post(f"/api/games/{old}/rematch", headers=ann_csrf)
    assert again.status_code == 200, again.text
    new = again.json()
    assert new["id"] != old and new["options"] == created["options"] and new["players"] == 3
    assert [(s["name"], s["controller"], s["agent"]) for s in new["seats"]] == [
        ("Ann Again", "human", None), ("Bob Again", "human", None), ("Robo", "bot", "random")]
    assert new["status"] == "running"
    second = bob.post(f"/api/games/{old}/rematch", headers=bob_csrf)
    assert second.status_code == 200 and second.json()["id"] == new["id"]
    assert [entry["id"] for entry in bob.get("/api/me/invitations").json()] == [new["id"]]
    assert ann.get("/api/me/invitations").json() == []  # she asked: hers is accepted
    assert bob.post(f"/api/games/{new['id']}/seats/1/decline", headers=bob_csrf).status_code == 200
    assert ann.get(f"/api/games/{new['id']}").json()["seats"][1]["claimed"] is False


def test_a_guest_asking_to_play_again_gets_their_seat_and_the_others_links(server):
    created = table(httpx.Client(base_url=server.url), [{"type": "human"}, {"type": "human"}], options={"rounds": 1})
    game = created["id"]
    with httpx.Client(base_url=server.url) as one, httpx.Client(base_url=server.url) as two:
        tokens = [claim(one, game, 0, created["join"][0]["token"], "Uno"),
                  claim(two, game, 1, created["join"][1]["token"], "Dos")]
        for _ in range(600):
            if one.get(f"/api/games/{game}").json()["status"] == "finished":
                break
            for seat, token in enumerate(tokens):
                state = one.get(f"/api/games/{game}/state", headers=bearer(token)).json()
                if "decision" in state["view"]:
                    one.post(f"/api/games/{game}/actions", headers=bearer(token), json={
                        "seat": seat, "action": state["view"]["decision"]["actions"][0], "version": state["version"]})
        again = one.post(f"/api/games/{game}/rematch", headers=bearer(tokens[0]))
        assert again.status_code == 200, again.text
        new = again.json()
        assert new["seats"][0]["name"] == "Uno" and new["seats"][0]["claimed"] and not new["seats"][1]["claimed"]
        assert [entry["seat"] for entry in new["join"]] == [1] and "#tokens=" in new["play_url"]


def test_play_again_keeps_the_tables_time_control():
    # issue 54: "the same seats, game and options": a turn-based table's rematch is turn based too
    seats = [SimpleNamespace(name="Ann", agent=None, token_hash="h", account_id="a"),
             SimpleNamespace(name="Robo", agent="random", token_hash=None, account_id=None)]
    row = SimpleNamespace(game="pit-lamps", players=2, seats=seats, options={"rounds": 1}, name="Sunday",
                          hotseat=False, think_time=0.5, hints=True,
                          clock=clocks.choose("turn-based", "1-day").to_json())
    body = again(SimpleNamespace(row=row))
    assert body["clock"] == {"mode": "turn-based", "preset": "1-day"}
    assert body["seats"] == [{"type": "human", "name": "Ann"}, {"type": "bot", "name": "Robo", "agent": "random"}]
    assert again(SimpleNamespace(row=SimpleNamespace(**{**vars(row), "clock": None})))["clock"]["mode"] == "none"
