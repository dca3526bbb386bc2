"""The bot pool: bots think in worker processes, answer legal moves, are stopped
at their deadlines and replaced by stand-ins, share the workers fairly between
games, and leave no process behind."""

import asyncio
import logging
import multiprocessing
import os
import signal
import time

import pytest

from headframe.engine import Rng, load_game
from headframe.server.bots import BotPool, BotPoolClosed, BotTask

from .conftest import BOT_GAME

GAME = BOT_GAME
LONG_SEARCH = "ismcts:time=20,early=0"  # thinks far past every deadline below


def task(position, spec: str, game_id: str = "g1", seed: int = 5) -> BotTask:
    _, seat, world = position
    return BotTask(game_id=game_id, game=GAME, spec=spec, seat=seat, seed=seed, world=world)


def legal(position, answer) -> bool:
    state, seat, _ = position
    return load_game(GAME).parse_action(answer.action) in state.decision(seat).actions


def run(scenario, pool: BotPool):
    """Runs the scenario with the pool, then closes the pool and checks it left no process behind."""
    others = live_pids()

    async def main():
        try:
            return await scenario(pool)
        finally:
            await pool.close()

    result = asyncio.run(main())
    assert live_pids() <= others
    return result


def live_pids() -> set[int]:
    """This process's children: the pools' workers, and those of another test's server still closing
    (the suite's worker runs tests of every module), which a test tells apart by taking them first."""
    return {child.pid for child in multiprocessing.active_children()}


def test_quick_bots_answer_legal_moves(position):
    others = live_pids()
    pool = BotPool()
    assert live_pids() <= others  # processes start at the first decision

    async def scenario(pool):
        return [await pool.decide(task(position, spec)) for spec in ("random", "heuristic")]

    for answer in run(scenario, pool):
        assert not answer.replaced and answer.reason is None
        assert legal(position, answer)


def test_workers_know_the_games_registered_by_hand():
    # tests/conftest.py registers Pit Lamps in this process only: workers register it too.
    state = load_game("pit-lamps").new_state(2, 3)
    seat = state.to_move()[0]
    world = state.determinize(seat, Rng(1), keep_log=False).to_json()

    async def scenario(pool):
        specs = ("random", "ismcts:iters=20")
        return [await pool.decide(BotTask("g1", "pit-lamps", spec, seat, 5, world)) for spec in specs]

    for answer in run(scenario, BotPool()):
        assert not answer.replaced, answer.reason
        assert load_game("pit-lamps").parse_action(answer.action) in state.decision(seat).actions


def test_a_search_within_max_think_answers(position):
    async def scenario(pool):
        return await pool.decide(task(position, "ismcts:time=0.2"))

    answer = run(scenario, BotPool(max_think=2.0, grace=0.5))
    assert not answer.replaced
    assert legal(position, answer)
    assert answer.seconds < 2.5


def test_a_bot_past_its_deadline_is_killed_and_replaced(position, caplog):
    # The workers' own cap (max_think) is far past the pool's deadline: only the pool stops the search.
    pool = BotPool(max_think=30.0, grace=0.3, search_deadline=0.8)
    others = live_pids()

    async def scenario(pool):
        await pool.decide(task(position, "ismcts:iters=5"))  # starts the worker
        before = live_pids() - others
        started = time.monotonic()
        late = await pool.decide(task(position, LONG_SEARCH))
        elapsed = time.monotonic() - started
        after = await pool.decide(task(position, "ismcts:iters=5"))
        assert not any(pid in live_pids() for pid in before)  # the late worker was killed
        return late, elapsed, after

    with caplog.at_level(logging.WARNING, logger="headframe.server"):
        late, elapsed, after = run(scenario, pool)
    assert late.replaced and "deadline" in late.reason
    assert legal(position, late)
    assert elapsed < 0.8 + 2
    assert not after.replaced  # a fresh worker took the killed one's place
    assert any("g1" in record.getMessage() and LONG_SEARCH in record.getMessage() for record in caplog.records)


def test_a_bot_that_raises_or_whose_worker_dies_is_replaced(position):
    pool = BotPool(max_think=30.0, grace=0.5)
    others = live_pids()

    async def scenario(pool):
        failed = await pool.decide(task(position, "ismcts:iters=nope"))
        searching = asyncio.ensure_future(pool.decide(task(position, LONG_SEARCH)))
        await asyncio.sleep(0.5)
        for pid in live_pids() - others:  # the searching worker, and the quick one the first stand-in started
            os.kill(pid, signal.SIGKILL)
        return failed, await searching

    failed, crashed = run(scenario, pool)
    assert failed.replaced and failed.reason.startswith("AgentSpecError: ")
    assert crashed.replaced and "died" in crashed.reason
    assert legal(position, failed) and legal(position, crashed)


def test_one_game_cannot_take_every_worker(position):
    search = "ismcts:time=0.6,early=0"

    async def scenario(pool):
        warm_up = (("random", "a"), ("ismcts:iters=5", "a"), ("ismcts:iters=5", "b"))  # starts every worker
        await asyncio.gather(*(pool.decide(task(position, spec, game_id)) for spec, game_id in warm_up))
        started = time.monotonic()
        finished = {}

        async def timed(name, spec, game_id):
            await pool.decide(task(position, spec, game_id))
            finished[name] = time.monotonic() - started

        async def heartbeat():  # the event loop stays free while the bots think
            gaps = []
            while len(finished) < 5:
                tick = time.monotonic()
                await asyncio.sleep(0.01)
                gaps.append(time.monotonic() - tick)
            return max(gaps)

        longest_gap, *_ = await asyncio.gather(heartbeat(), *(timed(f"a{n}", search, "a") for n in range(3)),
                                               timed("b", search, "b"), timed("b-random", "random", "b"))
        assert longest_gap < 0.3
        return finished

    finished = run(scenario, BotPool(workers=2, max_think=5.0, grace=1.0))
    assert finished["b-random"] < 1.0
    assert finished["b"] < sorted(finished[f"a{n}"] for n in range(3))[1]  # b did not wait for a's searches
    a_times = sorted(finished[f"a{n}"] for n in range(3))
    assert a_times[1] - a_times[0] > 0.5 and a_times[2] - a_times[1] > 0.5  # a's searches ran one at a time


def test_games_take_turns_round_robin(position):
    async def scenario(pool):
        await pool.decide(task(position, "ismcts:iters=5"))  # starts the worker
        order = []

        async def logged(game_id):
            await pool.decide(task(position, "ismcts:iters=20", game_id))
            order.append(game_id)

        await asyncio.gather(*(logged(game_id) for game_id in ("a", "a", "a", "b", "b")))
        return order

    assert run(scenario, BotPool(workers=1)) == ["a", "b", "a", "b", "a"]


def test_a_cancelled_decision_frees_its_worker_and_its_game(position):
    others = live_pids()

    async def scenario(pool):
        await pool.decide(task(position, "ismcts:iters=5"))  # starts the worker
        before = live_pids() - others
        thinking, waiting = (asyncio.ensure_future(pool.decide(task(position, LONG_SEARCH))) for _ in range(2))
        await asyncio.sleep(0.3)
        waiting.cancel()
        thinking.cancel()
        started = time.monotonic()
        answer = await pool.decide(task(position, "ismcts:iters=5"))
        # Freed at once, not after the cancelled 30 s search: the time is a fresh worker's start (it loads
        # every game's data before it is ready, seconds on a loaded machine), far under max_think.
        assert time.monotonic() - started < 10
        assert thinking.cancelled() and waiting.cancelled()
        assert not any(pid in live_pids() for pid in before)  # the cancelled search's worker was killed
        return answer

    assert not run(scenario, BotPool(workers=1, max_think=30.0)).replaced


def test_close_fails_waiting_and_thinking_tasks_and_stops_every_worker(position):
    others = live_pids()

    async def scenario(pool):
        await pool.decide(task(position, "ismcts:iters=5"))  # starts the worker
        tasks = [asyncio.ensure_future(pool.decide(task(position, LONG_SEARCH))) for _ in range(2)]
        await asyncio.sleep(0.3)  # the first is thinking, the second waits its game's turn
        assert len(live_pids() - others) == 1
        started = time.monotonic()
        await pool.close()
        # Freed at once, not after the cancelled 30 s search: the time is a fresh worker's start (it loads
        # every game's data before it is ready, seconds on a loaded machine), far under max_think.
        assert time.monotonic() - started < 10
        for waiting in tasks:
            with pytest.raises(BotPoolClosed):
                await waiting
        with pytest.raises(BotPoolClosed):
            await pool.decide(task(position, "random"))

    run(scenario, BotPool(max_think=30.0))
