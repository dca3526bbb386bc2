"""Bots that search on a Ray cluster (`headframe bots --ray ADDRESS`, #22): a search is a task on the
cluster and answers a legal move; one past its deadline is cancelled (its CPU freed) and replaced; one
that raises is replaced. End to end: a server that leaves bot turns to the queue, and a bot worker
whose searches run on a cluster it joins by address, play a game to its end."""

import asyncio
import random

import httpx
import pytest
import ray

from headframe.engine import Rng, load_game
from headframe.server.bots import BotPool, BotTask
from headframe.server.ray_bots import RaySearchers

from .conftest import Seat, check_no_leaks, claim, play
from .test_bots import GAME, LONG_SEARCH, legal, live_pids, run, task
from .test_cluster import BotWorkerProcess
from .test_crash import ServerProcess


@pytest.fixture(scope="module")
def cluster():
    # One CPU: a search still running after its deadline would hold the cluster's only slot. Ray runs its
    # worker processes at niceness 15, where the suite's other busy worker would starve them: 0 here.
    with pytest.MonkeyPatch.context() as env:
        env.setenv("RAY_worker_niceness", "0")
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def test_searches_run_on_the_cluster_and_are_stopped_at_their_deadlines(cluster, position):
    others = live_pids()
    searchers = RaySearchers(cluster, 30.0, None)
    assert searchers.cpus() == 1
    # A deadline with room for a 20-iteration search and the cluster's scheduling under the suite's load (a slot
    # loads the games before its first task, off the deadline: ray_bots.warm_up), far short of LONG_SEARCH.
    pool = BotPool(workers=1, max_think=30.0, grace=0.5, searchers=searchers, search_deadline=4.0)

    async def scenario(pool):
        first = await pool.decide(task(position, "ismcts:iters=20"))
        assert live_pids() <= others  # searched on the cluster: no process of the pool's
        late = await pool.decide(task(position, LONG_SEARCH))
        after = await pool.decide(task(position, "ismcts:iters=20"))  # the cluster's one CPU is free again
        failed = await pool.decide(task(position, "ismcts:iters=nope"))
        return first, late, after, failed

    first, late, after, failed = run(scenario, pool)
    assert not first.replaced and legal(position, first)
    assert late.replaced and "deadline" in late.reason and legal(position, late)
    assert not after.replaced, after.reason
    assert failed.replaced and failed.reason.startswith("AgentSpecError: ") and legal(position, failed)


def test_the_games_registered_by_hand_are_known_on_the_cluster(cluster):
    # tests/conftest.py registers Pit Lamps in this process only: the cluster's tasks register it too.
    state = load_game("pit-lamps").new_state(2, 3)
    seat = state.to_move()[0]
    world = state.determinize(seat, Rng(1), keep_log=False).to_json()
    pool = BotPool(workers=1, searchers=RaySearchers(cluster, 10.0, None))
    answer = run(lambda pool: pool.decide(BotTask("g1", "pit-lamps", "ismcts:iters=20", seat, 5, world)), pool)
    assert not answer.replaced, answer.reason
    assert load_game("pit-lamps").parse_action(answer.action) in state.decision(seat).actions


def test_a_bot_worker_searching_on_a_cluster_plays_a_served_game_to_its_end(cluster, postgres_url):
    server = ServerProcess(postgres_url, "--bot-workers", "0")
    worker = BotWorkerProcess(postgres_url, "--ray", cluster, "--workers", "1")
    try:
        server.start()
        worker.start()
        with httpx.Client(base_url=server.url, timeout=30) as http:
            created = http.post("/api/games", json={
                "game": GAME, "players": 2, "think_time": 0,
                "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "agent": "ismcts:iters=10"}]}).json()
            ann = claim(http, created["id"], 0, created["join"][0]["token"])

            async def game():
                async with Seat(server.ws_url, created["id"], [ann]) as seat:
                    await play([seat], random.Random(3))
                    return seat.messages

            messages = asyncio.run(asyncio.wait_for(game(), 240))
            record = http.get(f"/api/games/{created['id']}/record").json()
    finally:
        server.stop()
        worker.stop()
    assert [m for m in messages if m["type"] == "state"][-1]["view"]["over"]
    assert any(item["seat"] == 1 for item in record["actions"])
    assert check_no_leaks(record, messages)
    log = worker.process.stdout.read()
    assert "is replaced" not in log, log  # every bot move was the cluster's search, none a stand-in's
