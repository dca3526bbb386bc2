"""The lobby: the catalog, creating games (and every refusal), join links,
claiming seats, and listing open, running and finished games."""

import pytest

from headframe.engine import game_names, load_game

from .conftest import bearer, create


def test_catalog_lists_every_game_with_its_options_and_agents(http):
    catalog = {entry["name"]: entry for entry in http.get("/api/catalog").json()}
    assert set(catalog) == set(game_names())
    for name, entry in catalog.items():
        game = load_game(name)
        assert entry["players"] == list(game.players) and entry["title"] == game.title
        assert [o["name"] for o in entry["options"]] == [o["name"] for o in game.Options.describe()]
        assert "random" in entry["agents"] and ("heuristic" in entry["agents"]) == game.learning.has_heuristic()
        assert entry["summary"] == game.summary and entry["short_options"] == game.short_options
        assert entry["board"] == game.presentation.has_board()


def test_games_created_without_a_think_time_take_the_servers(http, server):
    body = {"game": "pit-lamps", "players": 2, "seats": [{"type": "human"}, {"type": "bot"}]}
    assert http.post("/api/games", json=body).json()["think_time"] == 0.5
    assert http.post("/api/games", json={**body, "think_time": 0}).json()["think_time"] == 0


def test_create_returns_one_private_link_per_human_seat_and_a_spectator_link(http):
    created = create(http, "pit-lamps", 3, seats=[{"type": "human", "name": "Ann"}, {"type": "bot", "agent": "heuristic"},
                                                  {"type": "human"}], name="Friday game")
    assert created["name"] == "Friday game" and created["status"] == "open"
    assert [entry["seat"] for entry in created["join"]] == [0, 2]
    assert all(entry["url"] == f"/games/{created['id']}#tokens={entry['token']}" for entry in created["join"])
    assert created["spectate_url"] == f"/games/{created['id']}" and created["play_url"] is None
    assert [s["controller"] for s in created["seats"]] == ["human", "bot", "human"]
    assert created["seats"][1]["agent"] == "heuristic" and created["seats"][0]["name"] == "Ann"
    assert "token" not in str(http.get(f"/api/games/{created['id']}").json())


BAD_GAMES = [
    ({"game": "chess"}, "no game named 'chess'"),
    ({"players": 9}, "played by 2, 3, 4 players"),
    ({"options": {"rounds": 0}}, "at least 1"),
    ({"options": {"colour": "red"}}, "unknown option 'colour'"),
    ({"seats": [{"type": "human"}]}, "needs 2 seats"),
    ({"seats": [{"type": "human"}, {"type": "bot", "agent": "genius"}]}, "unknown agent 'genius'"),
    ({"seats": [{"type": "human"}, {"type": "alien"}]}, "seats.1.type"),
    ({"think_time": 60}, "think_time"),
    ({"seed": -1}, "seed"),
    ({"surprise": True}, "surprise"),
    ({"name": "x" * 81}, "name"),
]


@pytest.mark.parametrize("change, words", BAD_GAMES, ids=[w for _, w in BAD_GAMES])
def test_bad_games_are_refused_and_nothing_is_stored(http, change, words):
    body = {"game": "pit-lamps", "players": 2, "seats": [{"type": "human"}, {"type": "bot"}], **change}
    response = http.post("/api/games", json=body)
    assert response.status_code == 400 and words in response.json()["error"], response.text
    assert http.get("/api/games").json() == []


def test_seats_are_claimed_by_invitation_or_from_the_lobby_once_opened(http):
    created = create(http, "pit-lamps", 3, seats=[{"type": "human"}, {"type": "human"}, {"type": "bot"}])
    game_id, invitation = created["id"], created["join"][0]["token"]
    wrong = http.post(f"/api/games/{game_id}/seats/0/claim", json={"name": "Eve"}, headers=bearer(created["join"][1]["token"]))
    assert wrong.status_code == 403
    before = http.get(f"/api/games/{game_id}/state", headers=bearer(invitation))
    assert before.status_code == 403 and "invitation" in before.json()["error"]  # it shows the seat to nobody
    claimed = http.post(f"/api/games/{game_id}/seats/0/claim", json={"name": "Ann"}, headers=bearer(invitation))
    assert claimed.status_code == 200 and claimed.json()["token"] != invitation
    assert http.get(f"/api/games/{game_id}/state", headers=bearer(invitation)).status_code == 403  # it died
    assert http.post(f"/api/games/{game_id}/seats/0/claim", json={"name": "Eve"}).status_code == 409
    assert http.post(f"/api/games/{game_id}/seats/2/claim", json={}).status_code == 409  # a bot's seat
    assert [g["id"] for g in http.get("/api/games", params={"status": "open"}).json()] == [game_id]
    private = http.post(f"/api/games/{game_id}/seats/1/claim", json={"name": "Bob"})
    assert private.status_code == 403 and "private" in private.json()["error"]  # an invited seat, until opened
    opened = http.post(f"/api/games/{game_id}/seats/1/open", headers=bearer(created["host_token"]))
    assert opened.status_code == 200 and opened.json()["seats"][1]["open"]
    joined = http.post(f"/api/games/{game_id}/seats/1/claim", json={"name": "Bob"})
    assert joined.status_code == 200 and joined.json()["token"] != created["join"][1]["token"]
    old_link = http.get(f"/api/games/{game_id}/state", headers=bearer(created["join"][1]["token"]))
    assert old_link.status_code == 403  # the unused invitation died with the seat's new owner
    mine = http.get(f"/api/games/{game_id}/state", headers=bearer(joined.json()["token"])).json()
    assert mine["seat"] == 1 and mine["view"]["hand"]
    summary = http.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "running" and [s["name"] for s in summary["seats"]][:2] == ["Ann", "Bob"]
    assert http.get("/api/games", params={"status": "open"}).json() == []
    assert [g["id"] for g in http.get("/api/games", params={"status": "running"}).json()] == [game_id]
    assert http.post(f"/api/games/{game_id}/seats/5/claim", json={}).status_code == 400


def test_running_games_show_how_far_they_have_come(http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
    game_id, tokens = created["id"], [entry["token"] for entry in created["join"]]
    assert http.get(f"/api/games/{game_id}").json()["progress"] == 0
    for seat in (0, 1):
        bid = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[seat])).json()["view"]["decision"]["actions"][0]
        http.post(f"/api/games/{game_id}/actions", json={"seat": seat, "action": bid}, headers=bearer(tokens[seat]))
    state = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[0])).json()
    assert 0 < state["progress"] < 100  # the bids are in: the first round's work goes on
    running = {game["id"]: game for game in http.get("/api/games?status=running").json()}
    assert running[game_id]["progress"] == state["progress"]
