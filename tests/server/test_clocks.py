"""Clocks and stand-ins: the time controls with a fake time, and on a live server
a real-time clock that runs out (a stand-in plays), leaving, taking a seat back,
restarts that keep the deadlines, and the refusals."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from headframe.engine import load_game
from headframe.server import clocks, standins
from headframe.server.clocks import ClockError, Control
from headframe.server.storage import sqlite_url

from .conftest import LiveServer, bearer, claim

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
# Seconds-long real-time clocks, so a test's clock runs out in about two seconds.
PRESETS = {"real-time": {"fast": (1.5, 1.0), "normal": (300.0, 30.0)}, "turn-based": {"1-day": (86400.0, 0.0)}}


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


# --- the time controls, with a fake time ----------------------------------------


def test_presets_are_named_in_words_and_unknown_ones_refused():
    assert clocks.choose("real-time", "normal").describe() == "Real time · normal: 5 min + 30 s per move"
    assert clocks.choose("real-time", "fast").describe() == "Real time · fast: 2 min + 10 s per move"
    assert clocks.choose("turn-based", "1-day").describe() == "Turn based · 1 day per move"
    assert clocks.choose("turn-based", "3-days").describe() == "Turn based · 3 days per move"
    assert clocks.choose("none", None) == Control()
    with pytest.raises(ClockError, match="no real-time preset 'blitz'"):
        clocks.choose("real-time", "blitz")
    with pytest.raises(ClockError, match="not one of"):
        clocks.choose("sudden-death", "fast")
    assert [clocks.duration(s) for s in (30, 270, 300, 8040, 86400, 1.5)] == [
        "30 s", "4 min 30 s", "5 min", "2 h 14 min", "1 day", "1.5 s"]


def test_real_time_charges_the_time_taken_then_adds_the_increment_up_to_the_bank():
    clock = clocks.advance(clocks.start(clocks.choose("real-time", "normal"), 2), at(0), owing=[0])
    assert clocks.deadlines(clock) == {0: at(300)}
    assert clocks.left_at(clock, at(100)) == (200.0, 300.0)
    clock = clocks.advance(clock, at(100), owing=[1], moved=0)
    assert clock.left == (230.0, 300.0)  # 300 - 100 + 30
    assert clocks.deadlines(clock) == {1: at(400)}
    clock = clocks.advance(clock, at(105), owing=[0], moved=1)
    assert clock.left == (230.0, 300.0)  # 300 - 5 + 30, capped at the bank
    assert clocks.run_out(clock, at(334)) == []
    assert clocks.run_out(clock, at(335)) == [0]


def test_a_seat_whose_turn_goes_on_earns_no_increment_until_it_is_done():
    clock = clocks.advance(clocks.start(clocks.choose("real-time", "normal"), 2), at(0), owing=[0])
    clock = clocks.advance(clock, at(50), owing=[0], moved=0)  # a step of a longer turn
    assert clock.left == (250.0, 300.0) and clock.since == at(50)
    clock = clocks.advance(clock, at(60), owing=[1], moved=0)
    assert clock.left == (270.0, 300.0)


def test_turn_based_gives_each_move_the_whole_allowance():
    clock = clocks.advance(clocks.start(clocks.choose("turn-based", "1-day"), 2), at(0), owing=[0])
    assert clocks.deadlines(clock) == {0: at(86400)}
    clock = clocks.advance(clock, at(80000), owing=[1], moved=0)
    assert clocks.deadlines(clock) == {1: at(80000 + 86400)}
    clock = clocks.advance(clock, at(90000), owing=[0], moved=1)
    assert clocks.deadlines(clock) == {0: at(90000 + 86400)}  # a whole day again, no bank


def test_a_simultaneous_sealed_step_runs_every_owing_seats_clock_and_each_stops_when_it_commits():
    game = load_game("pit-lamps")
    state = game.new_state(2, 7)
    assert state.to_move() == (0, 1)  # the sealed bid
    clock = clocks.advance(clocks.start(clocks.choose("real-time", "fast"), 2), at(0), state.to_move())
    assert clocks.left_at(clock, at(30)) == (90.0, 90.0)
    state.apply(0, state.decision(0).actions[0])
    assert state.to_move() == (1,)  # seat 1's decision is still pending; seat 0's clock stops
    clock = clocks.advance(clock, at(30), state.to_move(), moved=0)
    assert clock.running == {1}
    assert clocks.left_at(clock, at(100)) == (100.0, 20.0)  # 120 - 30 + 10; 120 - 100
    assert clocks.run_out(clock, at(120)) == [1]


def test_a_seat_taken_back_has_what_it_had_but_at_least_one_increment():
    clock = clocks.advance(clocks.start(clocks.choose("real-time", "fast"), 2), at(0), owing=[0])
    clock = clocks.advance(clock, at(200), owing=[])  # ran out, handed to a stand-in
    assert clock.left == (0.0, 120.0)
    assert clocks.give_back(clock, 0).left == (10.0, 120.0)
    clock = clocks.advance(clocks.give_back(clock, 0), at(300), owing=[0])
    assert clocks.deadlines(clock) == {0: at(310)}


def test_the_public_clock_says_who_runs_and_how_long_is_left():
    clock = clocks.advance(clocks.start(clocks.choose("real-time", "normal"), 2), at(0), owing=[1])
    shown = clocks.public(clock, at(12.34))
    assert shown["words"] == "Real time · normal: 5 min + 30 s per move"
    assert shown["seats"] == [{"seat": 0, "left": 300.0, "running": False},
                              {"seat": 1, "left": 287.7, "running": True}]
    assert clocks.public(None, at(0))["mode"] == "none"


# --- on a live server ------------------------------------------------------------


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    db = sqlite_url(tmp_path_factory.mktemp("clocks") / "games.db")
    with LiveServer(db, think_time=0.05, clock_presets=PRESETS) as server:
        yield server


@pytest.fixture(scope="module")
def client(live):
    with httpx.Client(base_url=live.url, timeout=30) as http:
        yield http


def table(http, clock, seats=None, name="Anna", options=None) -> tuple[dict, str]:
    """A running Pit Lamps table of a person (who took the seat as `name`) and a
    random bot, long enough to outlast a test: the game and the person's token."""
    seats = seats or [{"type": "human"}, {"type": "bot", "agent": "random"}]
    response = http.post("/api/games", json={"game": "pit-lamps", "players": len(seats), "seats": seats,
                                             "options": options or {"rounds": 40}, "clock": clock})
    assert response.status_code == 201, response.text
    created = response.json()
    token = claim(http, created["id"], 0, created["join"][0]["token"], name)
    return created, token


def summary_when(http, game_id, predicate, timeout=10.0) -> dict:
    deadline = time.monotonic() + timeout
    while not predicate(found := http.get(f"/api/games/{game_id}").json()):
        assert time.monotonic() < deadline, f"not within {timeout}s: {found}"
        time.sleep(0.05)
    return found


def notices(summary) -> list[str]:
    return [notice["text"] for notice in summary["notices"]]


def test_a_clock_that_runs_out_hands_the_seat_to_a_stand_in_and_the_player_takes_it_back(client):
    created, token = table(client, {"mode": "real-time", "preset": "fast"})
    game_id = created["id"]
    start = client.get(f"/api/games/{game_id}").json()
    assert start["clock"]["words"] == "Real time · fast: 1.5 s + 1 s per move"
    assert start["clock"]["seats"][0]["running"] and start["to_move"] == [0, 1]
    out = summary_when(client, game_id, lambda s: s["seats"][0]["controller"] == "bot", timeout=6)
    assert out["seats"][0]["forfeited"] and out["seats"][0]["agent"] == "heuristic"
    assert notices(out) == ["Anna's time ran out: a stand-in bot plays in their place"]
    assert out["clock"]["seats"][0] == {"seat": 0, "left": 0.0, "running": False}
    # The stand-in plays: the game goes on past the sealed bid the person never made.
    moved_on = summary_when(client, game_id, lambda s: s["version"] > out["version"] + 2)
    assert moved_on["status"] == "running"
    back = client.post(f"/api/games/{game_id}/seats/0/return", headers=bearer(token))
    assert back.status_code == 200, back.text
    seat = back.json()["seats"][0]
    assert seat["controller"] == "human" and seat["forfeited"]  # a seat that left still finishes last if rated
    assert notices(back.json())[-1] == "Anna is back"
    # Back with one increment on the clock: when it runs out again, the stand-in takes over again.
    again = summary_when(client, game_id, lambda s: len(s["notices"]) == 3, timeout=8)
    assert notices(again)[-1] == "Anna's time ran out: a stand-in bot plays in their place"
    state = client.get(f"/api/games/{game_id}/state", headers=bearer(token)).json()
    assert [n["text"] for n in state["notices"]] == notices(again)
    assert all(0 <= n["log_at"] <= len(state["log"]) for n in state["notices"])
    assert "step" not in state["notices"][0]  # the step would count others' sealed moves


def test_leaving_forfeits_at_once_and_only_the_seats_player_may_leave_or_return(client):
    two = [{"type": "human"}, {"type": "human"}]
    created, anna = table(client, {"mode": "real-time", "preset": "normal"}, seats=two)
    game_id = created["id"]
    bert = claim(client, game_id, 1, created["join"][1]["token"], "Bert")
    url = f"/api/games/{game_id}/seats"
    before = client.get(f"/api/games/{game_id}").json()
    assert client.post(f"{url}/1/leave", headers=bearer(anna)).status_code == 403
    assert client.post(f"{url}/1/leave").status_code == 401
    assert client.post(f"{url}/1/leave", headers=bearer(created["host_token"])).status_code == 403
    assert client.post(f"{url}/7/leave", headers=bearer(anna)).status_code == 400
    assert client.post(f"{url}/0/return", headers=bearer(anna)).status_code == 409  # not forfeited
    assert client.post("/api/games/nope/seats/0/leave", headers=bearer(anna)).status_code == 404
    assert client.get(f"/api/games/{game_id}").json()["seats"] == before["seats"]  # nothing changed
    left = client.post(f"{url}/0/leave", headers=bearer(anna))
    assert left.status_code == 200, left.text
    assert left.json()["seats"][0]["controller"] == "bot" and left.json()["seats"][0]["forfeited"]
    assert notices(left.json()) == ["Anna left the game: a stand-in bot plays in their place"]
    assert client.post(f"{url}/0/leave", headers=bearer(anna)).status_code == 409
    assert client.post(f"{url}/0/return", headers=bearer(bert)).status_code == 403
    assert client.post(f"{url}/1/return", headers=bearer(bert)).status_code == 409
    summary = summary_when(client, game_id, lambda s: s["to_move"] == [1])  # the stand-in bid for Anna
    assert summary["clock"]["seats"][1]["running"] and not summary["clock"]["seats"][0]["running"]
    assert client.post(f"{url}/0/return", headers=bearer(anna)).status_code == 200
    assert notices(client.get(f"/api/games/{game_id}").json())[-1] == "Anna is back"


def test_bad_clocks_are_refused_and_hot_seat_and_bot_tables_have_none(client):
    seats = [{"type": "human"}, {"type": "bot", "agent": "random"}]
    body = {"game": "pit-lamps", "players": 2, "seats": seats}
    for clock, problem in [({"mode": "real-time", "preset": "blitz"}, "no real-time preset 'blitz'"),
                           ({"mode": "real-time"}, "no real-time preset None"),
                           ({"mode": "sudden"}, "clock.mode"),
                           ({"mode": "none", "bank": 5}, "clock.bank"),
                           ({"mode": "turn-based", "preset": "x" * 33}, "clock.preset")]:
        response = client.post("/api/games", json={**body, "clock": clock})
        assert response.status_code == 400 and problem in response.json()["error"], response.text
    hot = client.post("/api/games", json={**body, "hotseat": True, "clock": {"mode": "real-time", "preset": "fast"}})
    assert hot.status_code == 201 and hot.json()["clock"]["mode"] == "none"
    bots = client.post("/api/games", json={**body, "seats": [seats[1]] * 2,
                                           "clock": {"mode": "turn-based", "preset": "1-day"}})
    assert bots.status_code == 201 and bots.json()["clock"]["mode"] == "none"
    plain = client.post("/api/games", json=body).json()
    assert plain["clock"] == {"mode": "none", "words": "No clock", "low": 0, "seats": []}


def test_a_simultaneous_bid_runs_both_clocks_and_each_stops_when_its_seat_commits(client):
    two = [{"type": "human"}, {"type": "human"}]
    created, anna = table(client, {"mode": "turn-based", "preset": "1-day"}, seats=two)
    game_id = created["id"]
    claim(client, game_id, 1, created["join"][1]["token"], "Bert")
    clock = client.get(f"/api/games/{game_id}").json()["clock"]
    assert clock["words"] == "Turn based · 1 day per move"
    assert [seat["running"] for seat in clock["seats"]] == [True, True]
    state = client.get(f"/api/games/{game_id}/state", headers=bearer(anna)).json()
    acted = client.post(f"/api/games/{game_id}/actions", headers=bearer(anna),
                        json={"seat": 0, "action": state["view"]["decision"]["actions"][0]})
    assert acted.status_code == 200, acted.text
    clock = client.get(f"/api/games/{game_id}").json()["clock"]
    assert [seat["running"] for seat in clock["seats"]] == [False, True]
    assert 86390 < clock["seats"][1]["left"] <= 86400


def test_a_restart_keeps_the_deadlines_and_hands_over_a_seat_that_ran_out_while_down(tmp_path):
    db = sqlite_url(tmp_path / "restart.db")
    # Its own fast clock: long enough that a loaded machine sets both tables up before it runs out.
    presets = {**PRESETS, "real-time": {**PRESETS["real-time"], "fast": (3.0, 1.0)}}
    with LiveServer(db, think_time=0.05, clock_presets=presets) as first, \
            httpx.Client(base_url=first.url, timeout=30) as http:
        slow, _ = table(http, {"mode": "real-time", "preset": "normal"})
        fast, _ = table(http, {"mode": "real-time", "preset": "fast"}, name="Cleo")
        http.post(f"/api/games/{fast['id']}/seats/0/leave")  # refused (no token): nothing changes
        before = http.get(f"/api/games/{slow['id']}").json()["clock"]["seats"][0]["left"]
        # Stopped before the fast clock runs out: its game is not in memory when it does.
        assert http.get(f"/api/games/{fast['id']}").json()["seats"][0]["controller"] == "human"
    time.sleep(3.2)  # the server is down while the fast clock runs out
    with LiveServer(db, think_time=0.05, clock_presets=presets) as second, \
            httpx.Client(base_url=second.url, timeout=30) as http:
        after = http.get(f"/api/games/{slow['id']}").json()["clock"]["seats"][0]
        assert after["running"] and before - 20 < after["left"] < before - 3.1  # the downtime counted: not reset
        out = summary_when(http, fast["id"], lambda s: s["seats"][0]["controller"] == "bot", timeout=10)
        assert notices(out) == ["Cleo's time ran out: a stand-in bot plays in their place"]
        assert out["seats"][0]["forfeited"]


def test_a_finished_games_replay_and_record_keep_the_notices_at_their_steps(client):
    created, _ = table(client, {"mode": "real-time", "preset": "fast"}, options={"rounds": 1}, name="Ed")
    game_id = created["id"]
    summary_when(client, game_id, lambda s: s["status"] == "finished", timeout=15)
    overview = client.get(f"/api/games/{game_id}/replay").json()
    assert [n["text"] for n in overview["notices"]] == ["Ed's time ran out: a stand-in bot plays in their place"]
    assert 0 <= overview["notices"][0]["step"] <= 1  # before the person's bid: at most the bot's came first
    record = client.get(f"/api/games/{game_id}/record").json()
    assert record["notices"] == overview["notices"]
    for bad in ([{"step": 999, "text": "x"}], [{"step": 0, "text": "x" * 201}], [{"step": 0}], "x",
                [{"step": 0, "text": "x"}] * 201):
        response = client.post("/api/replays", json={**record, "notices": bad})
        assert response.status_code == 400 and "notice" in response.json()["error"], response.text
    uploaded = client.post("/api/replays", json=record).json()
    assert client.get(f"/api/replays/{uploaded['id']}").json()["notices"] == overview["notices"]


def test_leaving_and_coming_back_are_rate_limited(tmp_path):
    with LiveServer(sqlite_url(tmp_path / "limits.db"), think_time=0.05, clock_presets=PRESETS,
                    seat_rate="2/minute") as server, httpx.Client(base_url=server.url, timeout=30) as http:
        created, token = table(http, {"mode": "real-time", "preset": "normal"}, name=None)
        url = f"/api/games/{created['id']}/seats/0"
        assert http.post(f"{url}/leave", headers=bearer(token)).status_code == 200
        assert http.post(f"{url}/return", headers=bearer(token)).status_code == 200
        refused = http.post(f"{url}/leave", headers=bearer(token))
        assert refused.status_code == 429 and "seats left or taken back" in refused.json()["error"]
        summary = http.get(f"/api/games/{created['id']}").json()
        assert summary["seats"][0]["controller"] == "human"
        assert notices(summary) == ["Seat 1 left the game: a stand-in bot plays in their place", "Seat 1 is back"]


def test_a_game_keeps_a_bounded_number_of_notices(client, monkeypatch):
    monkeypatch.setattr(standins, "MAX_NOTICES", 3)
    created, token = table(client, {"mode": "real-time", "preset": "normal"}, name="Flo")
    url = f"/api/games/{created['id']}/seats/0"
    for step in ("leave", "return", "leave"):
        assert client.post(f"{url}/{step}", headers=bearer(token)).status_code == 200
    refused = client.post(f"{url}/return", headers=bearer(token))
    assert refused.status_code == 409 and "too often" in refused.json()["error"]
    assert len(client.get(f"/api/games/{created['id']}").json()["notices"]) == 3


def test_an_undo_charges_and_restarts_the_clocks(client):
    two = [{"type": "human"}, {"type": "human"}]
    created, anna = table(client, {"mode": "real-time", "preset": "normal"}, seats=two)
    game_id = created["id"]
    tokens = [anna, claim(client, game_id, 1, created["join"][1]["token"], "Bert")]

    def act(seat, kind=None):
        decision = client.get(f"/api/games/{game_id}/state", headers=bearer(tokens[seat])).json()["view"]["decision"]
        action = next(a for a in decision["actions"] if kind is None or a["kind"] == kind)
        client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                    json={"seat": seat, "action": action}).raise_for_status()

    act(0)
    act(1)  # the sealed bids are in: one seat works (digs, then draws or rests)
    worker = client.get(f"/api/games/{game_id}").json()["to_move"][0]
    time.sleep(0.3)  # so that a clock reset to its bank would show
    act(worker, "dig")
    before = client.get(f"/api/games/{game_id}").json()["clock"]["seats"][worker]
    assert before["running"]  # the turn goes on: no increment yet
    client.post(f"/api/games/{game_id}/undo", headers=bearer(tokens[worker]), json={"seat": worker}).raise_for_status()
    after = client.get(f"/api/games/{game_id}").json()["clock"]["seats"][worker]
    assert after["running"] and after["left"] <= before["left"]  # charged, not reset
