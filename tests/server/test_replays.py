"""Replays: a finished game's record downloads as JSON, every step can be viewed
with every seat's view, each log line knows its step, and an uploaded record
replays the same way; a bad record is refused clearly."""

import json
import time

from headframe.engine import load_game, replay
from headframe.engine.people import naming

from .conftest import create


def bot_game(http, server) -> str:
    created = create(http, "pit-lamps", 2, seats=[{"type": "bot"}, {"type": "bot", "agent": "heuristic"}])
    deadline = time.monotonic() + 30
    while http.get(f"/api/games/{created['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return created["id"]


def test_finished_game_record_and_frames(server, http):
    game_id = bot_game(http, server)
    download = http.get(f"/api/games/{game_id}/record")
    assert download.headers["content-disposition"].startswith("attachment")
    record = download.json()
    assert record["seats"] == [{"name": "random", "agent": "random"}, {"name": "heuristic", "agent": "heuristic"}]
    final = replay(record)
    overview = http.get(f"/api/games/{game_id}/replay").json()
    assert overview["steps"] == len(record["actions"]) and overview["result"] == final.result().to_json()
    assert [line["entry"] for line in overview["log"]] == json.loads(json.dumps(final.log_for(None)))  # public
    steps = [line["step"] for line in overview["log"]]
    assert steps == sorted(steps) and steps[-1] <= overview["steps"]
    for index in (0, len(steps) // 2, len(steps) - 1):  # each line is written by the step it names
        assert http.get(f"/api/games/{game_id}/replay/{steps[index]}").json()["log_length"] > index
        if steps[index] > 0:
            assert http.get(f"/api/games/{game_id}/replay/{steps[index] - 1}").json()["log_length"] <= index
    game = load_game("pit-lamps")
    assert overview["names"] == ["Random bot", "Heuristic bot"]  # bots seated without a name: by their level
    for step in (0, 1, steps[len(steps) // 2], overview["steps"]):
        frame = http.get(f"/api/games/{game_id}/replay/{step}").json()
        state = replay(record, upto=step)
        assert frame["views"] == [json.loads(json.dumps(state.view(s))) for s in range(2)]
        assert frame["spectator"] == json.loads(json.dumps(state.view(None)))
        with naming(overview["names"]):  # drawn with the record's seat names
            assert frame["texts"][0] == game.presentation.render_text(frame["views"][0])
            assert frame["boards"] == [game.presentation.render_board(view) for view in frame["views"]]  # every seat's board
            assert frame["spectator_board"] == game.presentation.render_board(frame["spectator"])
        assert "Heuristic bot" in frame["spectator_board"] and "Seat 2" not in frame["spectator_board"]
        assert frame["log_length"] == len(state.log)
    assert http.get(f"/api/games/{game_id}/replay/{overview['steps'] + 1}").status_code == 404
    page = http.get(f"/games/{game_id}/replay")
    assert page.status_code == 200 and "replay.js" in page.text


def test_uploaded_records_replay(server, http):
    record = http.get(f"/api/games/{bot_game(http, server)}/record").json()
    as_json = http.post("/api/replays", json=record)
    assert as_json.status_code == 201
    key = as_json.json()["id"]
    as_file = http.post("/api/replays", files={"record": ("game.json", json.dumps(record), "application/json")})
    assert as_file.json()["id"] == key
    assert http.get(f"/api/replays/{key}").json()["steps"] == len(record["actions"])
    assert http.get(f"/api/replays/{key}/3").json()["step"] == 3
    assert http.get(f"/replays/{key}").status_code == 200
    assert http.get("/api/replays/rmissing").status_code == 404


def test_an_annotated_record_replays_with_its_comments(server, http):
    record = http.get(f"/api/games/{bot_game(http, server)}/record").json()
    comments = [{"step": 0, "text": "The deal."}, {"step": 2, "text": "A bid."}]
    key = http.post("/api/replays", json={**record, "comments": comments}).json()["id"]
    assert key != http.post("/api/replays", json=record).json()["id"]  # another record, another replay
    assert http.get(f"/api/replays/{key}").json()["comments"] == comments
    downloaded = http.get(f"/api/replays/{key}/record")
    assert downloaded.json() == {**record, "comments": comments}
    assert "attachment" in downloaded.headers["content-disposition"]
    assert "/record" in http.get(f"/replays/{key}").text  # the page links it, so comments can be added and kept
    bad = http.post("/api/replays", json={**record, "comments": [{"step": 10_000, "text": "x"}]})
    assert bad.status_code == 400 and "comments[0].step" in bad.json()["error"]


def test_the_server_writes_the_annotated_record_so_the_seed_stays_exact(server, http):
    """A browser's numbers are doubles: a 63-bit seed would come back rounded from one."""
    game_id = bot_game(http, server)
    record = http.get(f"/api/games/{game_id}/record").json()
    comments = [{"step": 1, "text": "The first bid."}]
    made = http.post(f"/api/games/{game_id}/replay/comments", json={"comments": comments})
    assert made.status_code == 201, made.text
    assert http.get(made.json()["record"]).json() == {**record, "comments": comments}
    again = http.post(f"/api/replays/{made.json()['id']}/comments", json={"comments": []})
    assert http.get(again.json()["record"]).json()["comments"] == []  # comments replaced, not added
    for body, words in (({"comments": [{"step": -1, "text": "x"}]}, "comments[0].step"),
                        ({"notes": []}, '{"comments": [...]}'), ([1], '{"comments": [...]}')):
        refused = http.post(f"/api/games/{game_id}/replay/comments", json=body)
        assert refused.status_code == 400 and words in refused.json()["error"], refused.text
    assert http.post("/api/replays/rmissing/comments", json={"comments": []}).status_code == 404


def test_bad_records_are_refused(http):
    cases = [
        (b"not json", "not a record"),
        (json.dumps({"format": "headframe-record/1", "game": "pit-lamps", "players": 2, "seed": 1,
                     "actions": [{"seat": 0, "action": {"kind": "dig"}}]}).encode(), "does not replay"),
        (json.dumps({"format": "headframe-record/1", "game": "chess", "players": 2, "seed": 1, "actions": []}).encode(),
         "does not replay"),
    ]
    for body, words in cases:
        response = http.post("/api/replays", content=body, headers={"Content-Type": "application/json"})
        assert response.status_code == 400 and words in response.json()["error"], response.text
    huge = http.post("/api/replays", content=b" " * (5 * 1024 * 1024), headers={"Content-Type": "application/json"})
    assert huge.status_code == 413
