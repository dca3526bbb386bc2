"""People's names in every text the server writes for a table (log, board,
text picture, replays), the glossary and rules routes, and a finished game's results."""

import json
import random
import time

from headframe.engine import game_names, load_game

from .conftest import bearer, create


def finished(http, game_id: str) -> None:
    deadline = time.monotonic() + 60
    while http.get(f"/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)


def test_a_tables_log_board_and_text_say_its_players_names(http):
    created = create(http, "ore-city", 2, hotseat=True, options=load_game("ore-city").short_options,
                     seats=[{"type": "human", "name": "Ann"}, {"type": "bot", "agent": "random"}])
    game_id, token = created["id"], created["join"][0]["token"]
    rng = random.Random(4)
    for _ in range(6):  # a few of Ann's moves, the bot answering each
        mine = http.get(f"/api/games/{game_id}/state", headers=bearer(token)).json()
        if "decision" not in mine["view"]:
            time.sleep(0.05)
            continue
        answer = http.post(f"/api/games/{game_id}/actions", headers=bearer(token), json={
            "seat": 0, "action": rng.choice(mine["view"]["decision"]["actions"]), "version": mine["version"]})
        assert answer.status_code == 200, answer.text
    watched = http.get(f"/api/games/{game_id}/state").json()
    assert [seat["name"] for seat in watched["seats"]] == ["Ann", "Random bot"]  # the bot by its level, not "random"
    named = [text for text in watched["log_text"] if "Ann" in text]
    assert named, watched["log_text"]
    assert not [text for text in watched["log_text"] if "Seat 1" in text or "Seat 2" in text]
    assert "Ann" in watched["board"] and "Seat 1" not in watched["board"]
    picture = http.get(f"/api/games/{game_id}/text").json()["text"]
    assert "Seat 1" not in picture


def test_a_board_drawn_before_a_seat_was_taken_is_not_served_after(http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "human", "name": "Ann"}, {"type": "human"}])
    game_id = created["id"]
    assert "Seat 2: " in http.get(f"/api/games/{game_id}/state").json()["board"]  # drawn and kept
    invitation = created["join"][1]["token"]
    claimed = http.post(f"/api/games/{game_id}/seats/1/claim", json={"name": "Bea"}, headers=bearer(invitation))
    assert claimed.status_code == 200, claimed.text
    board = http.get(f"/api/games/{game_id}/state").json()["board"]  # the same state, new names
    assert "Bea: " in board and "Seat 2" not in board


def test_a_replay_is_written_with_the_records_names_and_bad_seats_are_refused(http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "bot", "name": "Ann", "agent": "random"},
                                                   {"type": "bot", "agent": "heuristic"}])
    finished(http, created["id"])
    overview = http.get(f"/api/games/{created['id']}/replay").json()
    assert overview["names"] == ["Ann", "Heuristic bot"]
    board = http.get(f"/api/games/{created['id']}/replay/1").json()["spectator_board"]
    assert "Ann: " in board and "Heuristic bot: " in board and "Seat 1" not in board
    record = http.get(f"/api/games/{created['id']}/record").json()
    for seats in ([{"name": "x" * 41, "agent": None}] * 2, [{"name": "Ann"}], "Ann", [{"name": 3}] * 2):
        refused = http.post("/api/replays", json={**record, "seats": seats})
        assert refused.status_code == 400 and "seats" in refused.json()["error"], refused.text
    unnamed = {key: value for key, value in record.items() if key != "seats"}
    uploaded = http.post("/api/replays", json=unnamed).json()["id"]
    assert http.get(f"/api/replays/{uploaded}").json()["names"] == ["Seat 1", "Seat 2"]


def test_the_glossary_route_serves_each_games_entries_and_refuses_unknown_games(http):
    for name in game_names():
        response = http.get(f"/api/rules/{name}/glossary")
        assert response.status_code == 200, (name, response.text)
        assert response.json() == json.loads(json.dumps(load_game(name).presentation.glossary.to_json()))
        assert "max-age" in response.headers["cache-control"]
        for entry in response.json():
            assert set(entry) == {"key", "name", "kind", "text", "source", "rulings", "printed"}
    missing = http.get("/api/rules/chess/glossary")
    assert missing.status_code == 404 and "chess" in missing.json()["error"]


def test_the_rules_route_serves_the_rulebooks_sections_what_each_decision_needs_and_where_sources_are(http):
    for name in game_names():
        game = load_game(name)
        response = http.get(f"/api/rules/{name}")
        assert response.status_code == 200, (name, response.text)
        assert "max-age" in response.headers["cache-control"]
        rules = response.json()
        assert rules["title"] == game.title and rules["summary"] == game.summary
        headings = [section["heading"] for section in rules["sections"]]
        assert headings == list(game.rulebook.sections) if game.rulebook else headings == []
        assert rules["sources"] == f"/games/{name}/sources"  # the rulings live there (issue 53)
        for kind, about in rules["decisions"].items():
            assert set(about["sections"]) <= set(headings), (name, kind)
    assert http.get("/api/rules/chess").status_code == 404


def test_a_finished_games_results_hold_each_seats_score_parts_tiebreak_and_length(http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "bot", "name": "Ann", "agent": "random"},
                                                   {"type": "bot", "name": "Bob", "agent": "heuristic"}])
    game_id = created["id"]
    running = http.get(f"/api/games/{game_id}/results")
    assert running.status_code in (409, 200)  # refused until the game is over (the bots may have finished)
    finished(http, game_id)
    results = http.get(f"/api/games/{game_id}/results").json()
    final = load_game("pit-lamps").replay(http.get(f"/api/games/{game_id}/record").json())
    result, statistics = final.result(), final.statistics()
    parts = [key for key in statistics if key.startswith("score_")]
    assert results["parts"] == [load_game("pit-lamps").presentation.statistic_label(key) for key in parts] == ["Digs", "Bids"]
    assert [seat["name"] for seat in results["seats"]] == ["Ann", "Bob"]
    for seat in results["seats"]:
        index = seat["seat"]
        assert seat["place"] == result.ranking[index] and seat["score"] == result.scores[index]
        assert seat["parts"] == [statistics[key][index] for key in parts]
        assert sum(seat["parts"]) == seat["score"]  # the parts make up the score
    assert results["decisions"] == len(final.history)
    # a chart per round: each seat's score at the end of each round, the last the final score
    rounds = results["rounds"]
    assert rounds["name"] == "Round" and [r["round"] for r in rounds["standings"]] == [1, 2, 3]
    assert rounds["standings"][-1]["scores"] == list(result.scores)
    assert all(all(a <= b for a, b in zip(earlier["scores"], later["scores"]))  # Pit Lamps' scores only grow
               for earlier, later in zip(rounds["standings"], rounds["standings"][1:]))
    shared = "Level on score at the top, and no tie-breaker separated them: first place is shared."
    assert results["tiebreak"] == (f"Level on score at the top: decided by {result.tiebreak}." if result.tiebreak
                                   else "No tie." if list(result.ranking).count(1) == 1 else shared)
    assert isinstance(results["minutes"], float) and 0 <= results["minutes"] < 5
    overview = http.get(f"/api/games/{game_id}/replay").json()
    assert overview["results"]["seats"] == results["seats"]  # the replay's last step shows the same
    assert results["score_name"] == "score"


def test_ore_citys_results_are_in_vp_and_the_first_to_ten_wins(http):
    # issue 53: Ore City's results read "score 1" / "0" and a chart of "Win (first to 10 VP)" (its result's
    # score is 1 for the winner, ORE-R36): they are in VP, by Public Work, and first is who reached 10.
    created = create(http, "ore-city", 2, seed=3, seats=[{"type": "bot", "agent": "heuristic"},
                                                         {"type": "bot", "agent": "heuristic"}])
    finished(http, created["id"])
    results = http.get(f"/api/games/{created['id']}/results").json()
    final = load_game("ore-city").replay(http.get(f"/api/games/{created['id']}/record").json())
    vp, win = final.statistics()["vp"], load_game("ore-city").tables.win_vp
    assert results["score_name"] == "VP" and "Win (first to 10 VP)" not in results["parts"]
    assert all(part.startswith("VP from ") for part in results["parts"])
    for seat in results["seats"]:
        assert seat["score"] == vp[seat["seat"]] and sum(seat["parts"]) == seat["score"]  # VP by Public Work
    first = next(seat for seat in results["seats"] if seat["place"] == 1)
    assert first["score"] >= win  # rulebook: the first to 10 victory points wins
    overview = http.get(f"/api/games/{created['id']}/replay").json()
    assert overview["results"] == {key: value for key, value in results.items() if key != "minutes"}


def test_an_unfinished_games_results_are_refused(http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
    refused = http.get(f"/api/games/{created['id']}/results")
    assert refused.status_code == 409 and "over" in refused.json()["error"]
