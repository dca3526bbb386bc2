"""Email notifications against a real SMTP server the test starts (aiosmtpd on
127.0.0.1): the address is verified by its link, my move in a turn-based game is
told once until I have played, its link opens my seat, the unsubscribe link asks
before it stops anything, and a failing SMTP server loses no move and logs once."""

from __future__ import annotations

import email
import logging
import re
import socket
import time
from email.message import Message

import httpx
import pytest
from aiosmtpd.controller import Controller

from headframe.server.storage import sqlite_url

from .conftest import TURN_BASED, LiveServer, bearer, signed_in, turn_based_table


class Inbox:
    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, _server, _session, envelope) -> str:  # noqa: N802 (aiosmtpd's name)
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def wait(self, count: int, timeout: float = 15.0) -> list[Message]:
        deadline = time.monotonic() + timeout
        while len(self.messages) < count:
            assert time.monotonic() < deadline, f"{len(self.messages)} messages, not {count}"
            time.sleep(0.05)
        return self.messages


def text_of(message: Message) -> str:
    return message.get_payload(decode=True).decode()


def link(message: Message, path: str) -> str:
    found = re.search(rf"https?://\S+{re.escape(path)}\S*", text_of(message))
    assert found, text_of(message)
    return found.group(0)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def inbox():
    box = Inbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield box, f"smtp://127.0.0.1:{controller.port}"
    controller.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    return sqlite_url(tmp_path / "games.db") if request.param == "sqlite" else request.getfixturevalue("postgres_url")


def serving(database: str, smtp: str, **settings) -> LiveServer:
    live = LiveServer(database, smtp_url=smtp, public_url="http://placeholder", **settings)
    return live


def start(live: LiveServer) -> LiveServer:
    """The server, its links under its own address (known once its port is)."""
    live.app.state.hub.notify.public_url = live.url
    return live


def act(client, game_id: str, headers: dict) -> None:
    state = client.get(f"/api/games/{game_id}/state", headers=headers).json()
    response = client.post(f"/api/games/{game_id}/actions", headers={**headers},
                           json={"seat": state["seat"], "action": state["view"]["decision"]["actions"][0]})
    assert response.status_code == 200, response.text


def owes(client, game_id: str, seat: int) -> bool:
    return client.get(f"/api/games/{game_id}").json()["clock"]["seats"][seat]["running"]


def test_a_verified_address_is_told_my_move_once_until_i_play(database, inbox):
    box, smtp = inbox
    with start(serving(database, smtp)) as live:
        ann, csrf = signed_in(live, "Ann")
        assert ann.get("/api/me/notifications").json()["email"] == {
            "on": True, "address": None, "verified": False, "sending": True}
        assert ann.post("/api/me/notifications/email", json={"address": "ann@example.org"}).status_code == 403
        assert ann.post("/api/me/notifications/email", json={"address": "not an address"},
                        headers=csrf).status_code == 400
        response = ann.post("/api/me/notifications/email", json={"address": "ann@example.org"}, headers=csrf)
        assert response.status_code == 200 and response.json()["email"]["verified"] is False
        verification = box.wait(1)[0]
        assert verification["To"] == "ann@example.org"
        verify = link(verification, "/notifications/verify?token=")
        with httpx.Client(timeout=30) as stranger:  # no sign-in needed: the token is the authority
            assert stranger.get(verify).status_code == 200
            assert stranger.get(verify).status_code == 400  # once
        assert ann.get("/api/me/notifications").json()["email"]["verified"] is True

        created = turn_based_table(ann, csrf, "Sunday game")
        game_id = created["id"]
        bob = created["join"][1]["token"]
        with httpx.Client(base_url=live.url, timeout=30) as guest:
            assert guest.post(f"/api/games/{game_id}/seats/1/claim", json={"name": "Bob"},
                              headers=bearer(bob)).status_code == 200
        move = box.wait(2)[1]
        assert move["To"] == "ann@example.org" and move["Subject"] == "Your move in Sunday game"
        assert text_of(move).startswith("It is your move (Ann) in Pit Lamps “Sunday game”.")
        seat_page = ann.get(link(move, f"/games/{game_id}"))
        assert seat_page.status_code == 200 and "Sunday game" in seat_page.text
        assert ann.get(f"/api/games/{game_id}/state").json()["seat"] == 0  # the link opens Ann's seat

        time.sleep(0.5)
        assert len(box.messages) == 2  # one until Ann has played
        act(ann, game_id, csrf)
        assert not owes(ann, game_id, 0)
        time.sleep(0.5)
        assert len(box.messages) == 2  # Ann played: no message while she owes nothing


def test_my_move_is_told_again_once_i_have_played_and_the_unsubscribe_link_asks_first(tmp_path, inbox):
    box, smtp = inbox
    with start(serving(sqlite_url(tmp_path / "games.db"), smtp)) as live:
        ann, csrf = signed_in(live, "Ann")
        ann.post("/api/me/notifications/email", json={"address": "ann@example.org"}, headers=csrf)
        ann.get(link(box.wait(1)[0], "/notifications/verify?token="))
        created = turn_based_table(ann, csrf, "Long game")
        game_id, invitation = created["id"], created["join"][1]["token"]
        with httpx.Client(base_url=live.url, timeout=30) as guest:
            bob = guest.post(f"/api/games/{game_id}/seats/1/claim", json={"name": "Bob"},
                             headers=bearer(invitation)).json()["token"]
            first = box.wait(2)[1]
            for _ in range(20):  # play both seats until Ann owes again after playing
                if owes(ann, game_id, 0):
                    act(ann, game_id, csrf)
                if owes(guest, game_id, 1):
                    act(guest, game_id, bearer(bob))
                if len(box.messages) > 2:
                    break
            second = box.wait(3)[2]
        assert second["Subject"] == first["Subject"] == "Your move in Long game"

        unsubscribe = link(second, "/notifications/unsubscribe?token=")
        with httpx.Client(timeout=30) as scanner:
            page = scanner.get(unsubscribe)  # a mail scanner follows the link: nothing changes
            assert page.status_code == 200 and 'method="post"' in page.text
            assert ann.get("/api/me/notifications").json()["email"]["sending"] is True
            token = unsubscribe.split("token=")[1]
            assert scanner.post(unsubscribe.split("?")[0], data={"token": token + "x"}).status_code == 400
            assert scanner.post(unsubscribe.split("?")[0], data={"token": token}).status_code == 200
        assert ann.get("/api/me/notifications").json()["email"]["sending"] is False


def test_email_is_off_without_smtp_and_the_api_says_so(tmp_path):
    with LiveServer(sqlite_url(tmp_path / "games.db")) as live:
        ann, csrf = signed_in(live, "Ann")
        assert ann.get("/api/me/notifications").json()["email"]["on"] is False
        refused = ann.post("/api/me/notifications/email", json={"address": "ann@example.org"}, headers=csrf)
        assert refused.status_code == 409 and "--smtp" in refused.json()["error"]
        choices = {"move": False, "invite": True, "ended": False, "email": True}
        assert ann.put("/api/me/notifications", json=choices).status_code == 403
        assert ann.put("/api/me/notifications", json={**choices, "more": 1}, headers=csrf).status_code == 400
        saved = ann.put("/api/me/notifications", json=choices, headers=csrf).json()
        assert (saved["move"], saved["invite"], saved["ended"]) == (False, True, False)


def test_smtp_settings_are_checked_at_start():
    with pytest.raises(ValueError, match="--public-url"):
        LiveServer("sqlite://", smtp_url="smtp://127.0.0.1:25")
    with pytest.raises(ValueError, match="HEADFRAME_SMTP_USER"):
        LiveServer("sqlite://", smtp_url="smtp://user:secret@127.0.0.1:25", public_url="http://x")


def test_a_failing_smtp_server_loses_no_move_and_logs_once(tmp_path, caplog):
    closed = f"smtp://127.0.0.1:{free_port()}"
    with start(serving(sqlite_url(tmp_path / "games.db"), closed, mail_tries=3, mail_backoff=0.05)) as live:
        ann, csrf = signed_in(live, "Ann")
        ann_id = live.hub.accounts.find("ann")[0].id
        live.hub.notify.store.set_choices(ann_id, email="ann@example.org", verified=True)
        created = turn_based_table(ann, csrf, "Offline game")
        game_id, invitation = created["id"], created["join"][1]["token"]
        with caplog.at_level(logging.WARNING, logger="headframe.server"), \
                httpx.Client(base_url=live.url, timeout=30) as guest:
            bob = guest.post(f"/api/games/{game_id}/seats/1/claim", json={"name": "Bob"},
                             headers=bearer(invitation)).json()["token"]
            act(guest, game_id, bearer(bob))  # the game goes on while the mail is tried
            deadline = time.monotonic() + 10
            while not any("could not be sent" in r.getMessage() for r in caplog.records):
                assert time.monotonic() < deadline, "the failure was not logged"
                time.sleep(0.05)
            time.sleep(0.5)
        failures = [r.getMessage() for r in caplog.records if "could not be sent" in r.getMessage()]
        assert len(failures) == 1 and "3 tries" in failures[0] and "ann@example.org" not in failures[0]
        assert ann.get(f"/api/games/{game_id}").json()["version"] >= 1


def verified(live: LiveServer, name: str, address: str) -> None:
    account = live.hub.accounts.find(name.casefold())[0]
    live.hub.notify.store.set_choices(account.id, email=address, verified=True)


def wait_for(box: Inbox, subject: str, timeout: float = 15.0) -> Message:
    deadline = time.monotonic() + timeout
    while True:
        found = [message for message in box.messages if message["Subject"] == subject]
        if found:
            return found[0]
        assert time.monotonic() < deadline, [message["Subject"] for message in box.messages]
        time.sleep(0.05)


def test_invitations_ended_games_and_the_reminder_are_told_and_a_connected_player_is_not(tmp_path, inbox):
    box, smtp = inbox
    presets = {"turn-based": {"1-day": (4.0, 0.0)}, "real-time": {"fast": (120.0, 10.0)}}  # 4 s per move
    with start(serving(sqlite_url(tmp_path / "games.db"), smtp, clock_presets=presets)) as live:
        ann, csrf = signed_in(live, "Ann")
        bob, bob_csrf = signed_in(live, "Bob")
        verified(live, "Ann", "ann@example.org")
        verified(live, "Bob", "bob@example.org")

        body = {"game": "pit-lamps", "players": 2, "name": "Friends", "think_time": 0, "clock": TURN_BASED,
                "seats": [{"type": "human", "me": True}, {"type": "human", "account": "Bob"}]}
        created = ann.post("/api/games", json=body, headers=csrf)
        assert created.status_code == 201, created.text
        invitation = wait_for(box, "You are invited to Friends")
        assert invitation["To"] == "bob@example.org"
        assert text_of(invitation).startswith("Ann invited you to play Pit Lamps “Friends”, as Bob.")

        # A quarter of the move's time left (1 of 4 s): a reminder, then the stand-in plays.
        reminder = wait_for(box, "Time is running out in Friends")
        assert "It is still your move" in text_of(reminder)

        # A game against a bot, played to its end by REST (no connection: Ann is away).
        solo = ann.post("/api/games", headers=csrf, json={
            "game": "pit-lamps", "players": 2, "name": "Solo", "think_time": 0,
            "seats": [{"type": "human", "me": True}, {"type": "bot", "agent": "random"}]}).json()
        from .test_my_games import play_out

        play_out(ann, csrf, solo["id"])
        ended = wait_for(box, "Solo has ended")
        assert ended["To"] == "ann@example.org" and "where you played Ann, has ended" in text_of(ended)
        assert f"{live.url}/games/{solo['id']}" in text_of(ended)
        assert bob_csrf and not [m for m in box.messages if m["To"] == "bob@example.org" and "Solo" in m["Subject"]]


def test_a_player_connected_to_the_game_is_not_told(tmp_path, inbox):
    import asyncio
    import json

    import websockets

    box, smtp = inbox
    with start(serving(sqlite_url(tmp_path / "games.db"), smtp)) as live:
        ann, csrf = signed_in(live, "Ann")
        verified(live, "Ann", "ann@example.org")
        created = turn_based_table(ann, csrf, "Watched")
        game_id = created["id"]

        async def watch_while_bob_joins() -> None:
            cookie = f"headframe_session={ann.cookies['headframe_session']}"
            async with websockets.connect(f"{live.ws_url}/ws/games/{game_id}",
                                          additional_headers={"Cookie": cookie}) as socket:
                await socket.send(json.dumps({"type": "hello", "tokens": []}))
                welcome = json.loads(await socket.recv())
                assert welcome["type"] == "welcome", welcome
                claimed = await asyncio.to_thread(httpx.post, f"{live.url}/api/games/{game_id}/seats/1/claim",
                                                  json={"name": "Bob"}, headers=bearer(created["join"][1]["token"]))
                bob.append(claimed.json()["token"])
                await asyncio.sleep(1.0)

        bob: list[str] = []
        asyncio.run(watch_while_bob_joins())
        assert owes(ann, game_id, 0) and not box.messages  # Ann's move, but she had the game open
        with httpx.Client(base_url=live.url, timeout=30) as guest:
            act(guest, game_id, bearer(bob[0]))  # Bob bids: Ann, gone now and still owing, is told
        assert wait_for(box, "Your move in Watched")["To"] == "ann@example.org"


def test_a_confirmation_link_expires_and_addresses_are_rate_limited(tmp_path, inbox):
    box, smtp = inbox
    with start(serving(sqlite_url(tmp_path / "games.db"), smtp, verify_hours=0.5 / 3600, notify_rate="2/minute")) \
            as live:
        ann, csrf = signed_in(live, "Ann")
        assert ann.post("/api/me/notifications/email", json={"address": "ann@example.org"},
                        headers=csrf).status_code == 200
        expired = link(box.wait(1)[0], "/notifications/verify?token=")
        time.sleep(1.0)
        assert httpx.get(expired).status_code == 400
        assert ann.get("/api/me/notifications").json()["email"]["verified"] is False
        assert ann.post("/api/me/notifications/email", json={"address": "ann@example.net"},
                        headers=csrf).status_code == 200
        refused = ann.post("/api/me/notifications/email", json={"address": "ann@example.com"}, headers=csrf)
        assert refused.status_code == 429 and refused.headers["Retry-After"]
        box.wait(2)
        time.sleep(0.3)
        assert [m["To"] for m in box.messages] == ["ann@example.org", "ann@example.net"]  # none for the refused one
        assert ann.get("/api/me/notifications").json()["email"]["address"] == "ann@example.net"


def test_a_reminder_due_while_the_server_was_restarting_is_sent_after_the_start(tmp_path, inbox):
    box, smtp = inbox
    database = sqlite_url(tmp_path / "games.db")
    presets = {"turn-based": {"1-day": (8.0, 0.0)}, "real-time": {"fast": (120.0, 10.0)}}  # reminder at 6 s
    with start(serving(database, smtp, clock_presets=presets)) as first:
        ann, csrf = signed_in(first, "Ann")
        verified(first, "Ann", "ann@example.org")
        created = turn_based_table(ann, csrf, "Restarted")
        httpx.post(f"{first.url}/api/games/{created['id']}/seats/1/claim", json={"name": "Bob"},
                   headers=bearer(created["join"][1]["token"]))
        wait_for(box, "Your move in Restarted")
    with start(serving(database, smtp, clock_presets=presets, sweep_every=0.5)):
        reminder = wait_for(box, "Time is running out in Restarted", timeout=20)
    assert reminder["To"] == "ann@example.org"
    assert [m["Subject"] for m in box.messages].count("Your move in Restarted") == 1
