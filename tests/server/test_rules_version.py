"""Every stored game carries the version of the rules it is played under; a
server whose game code plays another version refuses to go on with it rather
than replay its actions to another state (issue #19)."""

from __future__ import annotations

import httpx
from sqlalchemy import create_engine, insert

from headframe.server.storage import Store, sqlite_url
from headframe.server.tables import games, seats

from .conftest import LiveServer, create


def a_stored_game(url: str, game_id: str, **values) -> None:
    Store(url).close()
    with create_engine(url).begin() as db:
        db.execute(insert(games), [{
            "id": game_id, "name": "Pit Lamps game", "game": "pit-lamps", "players": 2, "seed": 3, "options": {},
            "think_time": 0.0, "hotseat": True, "host_token_hash": "0" * 64, "status": "running", "bot_seed": 4,
            **values}])
        db.execute(insert(seats), [
            {"game_id": game_id, "seat": seat, "name": f"Seat {seat + 1}", "agent": None, "controller": "human",
             "token_hash": "1" * 64, "claimed": True} for seat in (0, 1)])


def test_a_game_of_another_rules_version_is_refused_with_the_versions(tmp_path):
    url = sqlite_url(tmp_path / "games.db")
    a_stored_game(url, "newer", rules_version=2)
    a_stored_game(url, "older")  # written without the column, as before migration 0003: version 1
    with LiveServer(url) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        refused = http.get("/api/games/newer")
        assert refused.status_code == 409
        assert "rules version 2" in refused.json()["error"] and "version 1" in refused.json()["error"]
        assert "newer" not in server.hub.rooms
        assert http.get("/api/games/older").json()["status"] == "running"


def test_a_new_game_and_its_record_carry_the_rules_version(db_url):
    with LiveServer(db_url) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        created = create(http, "pit-lamps", 2)
        room = server.hub.rooms[created["id"]]
        assert room.row.rules_version == 1 and server.hub.store.get(created["id"]).rules_version == 1
        record = room.record()
        assert record["rules_version"] == 1
        assert http.post("/api/replays", json=record).status_code == 201
        refused = http.post("/api/replays", json={**record, "rules_version": 2})
        assert refused.status_code == 400 and "rules version 2" in refused.json()["error"]
