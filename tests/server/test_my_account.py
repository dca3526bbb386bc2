"""Your account: a new password needs the old one and ends the other sessions; deleting the account
needs the password, ends its sessions, its name never signs in again, its seats in games over show
"a former player" and its seats in running games go to stand-ins. On SQLite and PostgreSQL."""

from __future__ import annotations

import httpx
import pytest

from .conftest import PASSWORD, LiveServer, signed_in, sqlite_or_postgres
from .test_friends import play_out, table

NEW = "a brand new password"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request, tmp_path_factory):
    with LiveServer(sqlite_or_postgres(request, tmp_path_factory, "my-account"), think_time=0) as live:
        yield live


def sign_in(server, name: str, password: str) -> httpx.Response:
    with httpx.Client(base_url=server.url) as browser:
        return browser.post("/api/session", json={"name": name, "password": password})


def test_a_new_password_needs_the_old_one_and_ends_the_other_sessions(server):
    ann, csrf = signed_in(server, "Ann Password")
    other = httpx.Client(base_url=server.url)
    assert other.post("/api/session", json={"name": "Ann Password", "password": PASSWORD}).status_code == 200
    wrong = ann.post("/api/me/password", json={"password": "not the password", "new_password": NEW}, headers=csrf)
    assert wrong.status_code == 401
    assert ann.post("/api/me/password", json={"password": PASSWORD, "new_password": NEW}).status_code == 403
    assert ann.post("/api/me/password", json={"password": PASSWORD, "new_password": "short"},
                    headers=csrf).status_code == 400
    changed = ann.post("/api/me/password", json={"password": PASSWORD, "new_password": NEW}, headers=csrf)
    assert changed.status_code == 204, changed.text
    assert ann.get("/api/me").status_code == 200 and other.get("/api/me").status_code == 401
    assert sign_in(server, "Ann Password", PASSWORD).status_code == 401
    assert sign_in(server, "Ann Password", NEW).status_code == 200


def test_a_deleted_account_never_signs_in_and_its_seats_go_to_a_former_player_or_a_stand_in(server):
    ann, ann_csrf = signed_in(server, "Ann Deleted")
    bob, bob_csrf = signed_in(server, "Bob Stays")
    done = table(ann, [{"type": "human", "me": True}, {"type": "human", "account": "Bob Stays"}], ann_csrf,
                 options={"rounds": 1})["id"]
    play_out([(ann, ann_csrf), (bob, bob_csrf)], done)
    running = table(bob, [{"type": "human", "me": True}, {"type": "human", "account": "Ann Deleted"}], bob_csrf)["id"]
    assert ann.post("/api/me/delete", json={"password": PASSWORD}).status_code == 403  # no CSRF header
    assert ann.post("/api/me/delete", json={"password": "not the password"}, headers=ann_csrf).status_code == 401
    deleted = ann.post("/api/me/delete", json={"password": PASSWORD}, headers=ann_csrf)
    assert deleted.status_code == 204, deleted.text
    assert ann.get("/api/me").status_code == 401
    assert sign_in(server, "Ann Deleted", PASSWORD).status_code == 401
    assert bob.post("/api/accounts", json={"name": "ann deleted", "password": PASSWORD}).status_code == 409
    assert [seat["name"] for seat in bob.get(f"/api/games/{done}").json()["seats"]] == ["a former player", "Bob Stays"]
    [finished] = bob.get("/api/me/games").json()["finished"]
    assert finished["names"] == ["a former player", "Bob Stays"]
    seat = bob.get(f"/api/games/{running}").json()["seats"][1]
    assert (seat["name"], seat["controller"], seat["forfeited"]) == ("a former player", "bot", True)
    refused = bob.post("/api/games", json={"game": "pit-lamps", "players": 2, "seats": [
        {"type": "human"}, {"type": "human", "account": "Ann Deleted"}]})
    assert refused.status_code == 404
