"""Live play over WebSockets, for every registered game: a scripted seat against
bots to the end with a spectator watching and a reconnect midway, hot seat,
simultaneous sealed decisions, undo, and the host handing seats to bots."""

import asyncio
import json
import random
import time

import pytest

from headframe.engine import load_game

from .conftest import Seat, bearer, check_no_leaks, claim, create, every_game, play, whole_log


def finished_record(http, game_id: str) -> dict:
    response = http.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize("name", every_game())
def test_scripted_seat_against_bots_to_the_end(server, http, name):
    game = load_game(name)  # a game that does not load fails here
    players = game.players[0]
    created = create(http, name, players)
    game_id, token = created["id"], created["join"][0]["token"]
    token = claim(http, game_id, 0, token, "Ann")

    async def scenario():
        async with Seat(server.ws_url, game_id, []) as spectator:
            async with Seat(server.ws_url, game_id, [token]) as first:
                await play([first], random.Random(1), max_moves=3)
            async with Seat(server.ws_url, game_id, [token]) as again:
                await again.wait_for(lambda m: m["type"] == "state")
                reconnected = next(m for m in again.messages if m["type"] == "state")
                assert reconnected["log_start"] == 0  # a reconnect gets the whole state at once
                await play([again], random.Random(2))
            await spectator.wait_for(lambda m: m["type"] == "state" and m["view"]["over"])
            return first.messages, again.messages, spectator.messages

    first, again, watched = asyncio.run(scenario())
    record = finished_record(http, game_id)
    assert record["seats"][0]["name"] == "Ann"
    assert check_no_leaks(record, first) > 0
    assert check_no_leaks(record, again) > 0
    assert check_no_leaks(record, watched) > 0
    final = load_game(name).replay(record)
    assert whole_log(again, 0) == json.loads(json.dumps(final.log_for(0)))
    assert whole_log(watched, None) == json.loads(json.dumps(final.log_for(None)))
    summary = http.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "finished" and summary["result"] == final.result().to_json()
    assert [g["id"] for g in http.get("/api/games", params={"status": "finished"}).json()] == [game_id]


@pytest.mark.parametrize("name", every_game())
def test_hot_seat_one_connection_plays_every_seat(server, http, name):
    players = load_game(name).players[0]
    created = create(http, name, players, seats=[{"type": "human"}] * players, hotseat=True)
    assert created["status"] == "running" and created["play_url"]
    tokens = [entry["token"] for entry in created["join"]]

    async def scenario():
        async with Seat(server.ws_url, created["id"], tokens) as table:
            await table.wait_for(lambda m: m["type"] == "state" and m["seat"] == players - 1)
            await play([table], random.Random(3), max_moves=25)
            return table

    table = asyncio.run(scenario())
    acks = [m for m in table.messages if m["type"] == "ack"]
    summary = http.get(f"/api/games/{created['id']}").json()
    # The game's own count of actions, which no seat is shown: the record's, once it is over.
    played = (len(http.get(f"/api/games/{created['id']}/record").json()["actions"]) if summary["status"] == "finished"
              else server.hub.rooms[created["id"]].version)
    assert played == len(acks) and (len(acks) == 25 or summary["status"] == "finished")
    assert {m["seat"] for m in table.messages if m["type"] == "state"} == set(range(players))
    assert not table.errors()


def test_sealed_bids_are_collected_from_every_seat_and_stay_private(server, http):
    created = create(http, "pit-lamps", 3, seats=[{"type": "human"}, {"type": "human"}, {"type": "bot"}])
    tokens = [claim(http, created["id"], entry["seat"], entry["token"]) for entry in created["join"]]

    async def scenario():
        async with Seat(server.ws_url, created["id"], [tokens[0]]) as ann, \
                Seat(server.ws_url, created["id"], [tokens[1]]) as bob:
            start = await ann.wait_for(lambda m: m["type"] == "state")
            await bob.wait_for(lambda m: m["type"] == "state")
            assert start["view"]["decision"]["kind"] == "bid" and set(start["view"]["to_move"]) >= {0, 1}
            bid = start["view"]["decision"]["actions"][0]
            await ann.send({"type": "act", "seat": 0, "action": bid, "ref": "a1"})
            await ann.wait_for(lambda m: m["type"] == "ack" and m["ref"] == "a1")
            seen_by_bob = await bob.wait_for(lambda m: m["type"] == "state" and 0 not in m["view"]["to_move"])
            assert seen_by_bob["log"][-1]["event"] == "bid" and "private" not in seen_by_bob["log"][-1]
            seen_by_ann = await ann.wait_for(lambda m: m["type"] == "state" and 0 not in m["view"]["to_move"])
            assert seen_by_ann["log"][-1]["private"] == {"card": bid["card"]}
            await play([ann, bob], random.Random(4))
            return ann.messages, bob.messages

    ann, bob = asyncio.run(scenario())
    record = finished_record(http, created["id"])
    assert check_no_leaks(record, ann) and check_no_leaks(record, bob)
    assert len({item["seat"] for item in record["actions"] if item["action"]["kind"] == "bid"}) == 3


def test_undo_follows_the_engine_policy(server, http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
    game_id = created["id"]
    tokens = [entry["token"] for entry in created["join"]]
    for seat in (0, 1):
        bid = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[seat])).json()["view"]["decision"]["actions"][0]
        assert http.post(f"/api/games/{game_id}/actions", json={"seat": seat, "action": bid},
                         headers=bearer(tokens[seat])).status_code == 200
    worker = http.get(f"/api/games/{game_id}").json()["to_move"][0]
    view = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[worker])).json()
    assert view["view"]["decision"]["actions"][0]["kind"] == "dig" and not view["can_undo"]
    version = http.post(f"/api/games/{game_id}/actions", json={"seat": worker, "action": "dig"},
                        headers=bearer(tokens[worker])).json()["version"]
    after_dig = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[worker])).json()
    assert after_dig["can_undo"] and after_dig["view"]["digs"] == 1
    other = 1 - worker
    refused = http.post(f"/api/games/{game_id}/undo", json={"seat": other}, headers=bearer(tokens[other]))
    assert refused.status_code == 400 and "no action of its own" in refused.json()["error"]
    undone = http.post(f"/api/games/{game_id}/undo", json={"seat": worker, "version": version},
                       headers=bearer(tokens[worker]))
    assert undone.status_code == 200 and undone.json()["version"] == version - 1
    back = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[worker])).json()
    assert back["view"] == view["view"] and back["log"] == view["log"] and back["version"] == 2
    assert len(server.hub.store.actions(game_id)) == 2  # the taken-back action is gone from storage too
    bid_undo = http.post(f"/api/games/{game_id}/undo", json={"seat": worker}, headers=bearer(tokens[worker]))
    assert bid_undo.status_code == 400  # the sealed bid ended that seat's turn

    async def over_the_socket():
        async with Seat(server.ws_url, game_id, tokens) as table:
            await table.wait_for(lambda m: m["type"] == "state" and m["seat"] == worker)
            await table.send({"type": "act", "seat": worker, "action": "dig", "version": 2, "ref": "dig"})
            assert (await table.wait_for(lambda m: m.get("ref") == "dig"))["version"] == 3
            dug = await table.wait_for(lambda m: m["type"] == "state" and m["seat"] == worker and m["version"] == 3)
            assert dug["can_undo"]
            await table.send({"type": "undo", "seat": worker, "version": 3, "ref": "undo"})
            assert (await table.wait_for(lambda m: m.get("ref") == "undo"))["version"] == 2
            after = table.messages.index(dug)
            undone = await table.wait_for(lambda m: m["type"] == "state" and m["seat"] == worker and m["version"] == 2
                                          and table.messages.index(m) > after)
            assert undone["view"] == view["view"] and not undone["can_undo"]
            assert undone["log_start"] <= len(view["log"])  # the client drops the taken-back log lines

    asyncio.run(over_the_socket())


def test_host_hands_a_left_seat_to_a_bot_and_back(server, http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}])
    game_id, host = created["id"], created["host_token"]
    tokens = [claim(http, game_id, entry["seat"], entry["token"]) for entry in created["join"]]

    async def scenario():
        async with Seat(server.ws_url, game_id, [tokens[0]]) as ann:
            await ann.wait_for(lambda m: m["type"] == "state")
            connected = http.post(f"/api/games/{game_id}/seats/0/control", json={"controller": "bot"},
                                  headers=bearer(host))
            assert connected.status_code == 409  # seat 0's player has not left
            not_host = http.post(f"/api/games/{game_id}/seats/1/control", json={"controller": "bot"},
                                 headers=bearer(tokens[0]))
            assert not_host.status_code == 403
            handed = http.post(f"/api/games/{game_id}/seats/1/control", json={"controller": "bot", "agent": "random"},
                               headers=bearer(host))
            assert handed.status_code == 200 and handed.json()["seats"][1]["controller"] == "bot"
            # Ann has not bid, so the one action that can have been taken is the bot's, for seat 1.
            by_bot = await ann.wait_for(lambda m: m["type"] == "state" and m["version"] == 1)
            assert by_bot["view"]["to_move"] == [0]
            assert by_bot["seats"][1]["controller"] == "bot"
            refused = http.post(f"/api/games/{game_id}/actions", json={"seat": 1, "action": "rest"},
                                headers=bearer(tokens[1]))
            assert refused.status_code == 403 and "bot" in refused.json()["error"]
            back = http.post(f"/api/games/{game_id}/seats/1/control", json={"controller": "human"},
                             headers=bearer(host))
            assert back.status_code == 200 and back.json()["seats"][1]["controller"] == "human"
            await ann.wait_for(lambda m: m["type"] == "state" and m["seats"][1]["controller"] == "human")

    asyncio.run(scenario())
    record = http.get(f"/api/games/{game_id}").json()
    assert record["seats"][1]["controller"] == "human"


def test_a_thinking_bot_does_not_block_the_server(server, http):
    # The bot searches for 4 s and never stops early (early=0: a decided choice would end the search
    # at once), so ten quick reads all land while it thinks, even on a loaded CI machine.
    created = create(http, "pit-lamps", 2, seats=[{"type": "bot", "agent": "ismcts:time=4,early=0"}, {"type": "human"}],
                     hotseat=True)
    time.sleep(0.3)  # the bot of seat 0 is now searching
    slowest = 0.0
    for _ in range(10):
        started = time.perf_counter()
        assert http.get(f"/api/games/{created['id']}").status_code == 200
        slowest = max(slowest, time.perf_counter() - started)
    assert slowest < 0.5
    assert 0 in http.get(f"/api/games/{created['id']}").json()["to_move"]  # still thinking all along
