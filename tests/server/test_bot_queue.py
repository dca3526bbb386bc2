"""The bot-turn queue of `headframe bots` (#22), on PostgreSQL: two workers claiming at once never take
one turn, a claimed turn is not taken again while its lease runs, a lease renewed runs on, and a turn
whose worker died (its lease over) is free again."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from headframe.server.bot_worker import claim, renew
from headframe.server.storage import GameRow, SeatRow, Store
from headframe.server.tables import bot_turns

LEASE = timedelta(seconds=60)


@pytest.fixture(scope="module")
def store(postgres_url):
    store = Store(postgres_url)
    for number in range(6):  # six games of two bots, each bot owing the first decision: twelve turns
        seats = [SeatRow(seat, f"Bot {seat + 1}", "random", "bot", None, True) for seat in range(2)]
        store.create(GameRow(f"queue{number}", "queue", "tinners-trail", 2, number, {}, 0.0, False, "", "running",
                             seats=seats), bots=(0, 1))
    yield store
    store.close()


def free_all(store: Store) -> None:
    with store.engine.begin() as db:
        db.execute(update(bot_turns).values(claimed_until=None))


def leases(store: Store) -> dict[tuple[str, int], datetime | None]:
    with store.engine.begin() as db:
        return {(g, s): until for g, s, until in db.execute(select(bot_turns.c.game_id, bot_turns.c.seat,
                                                                   bot_turns.c.claimed_until))}


def test_two_workers_claiming_at_once_never_take_one_turn(store) -> None:
    free_all(store)
    with ThreadPoolExecutor(4) as pool:
        claims = list(pool.map(lambda _: claim(store, 4, LEASE), range(4)))
    taken = [(game_id, seat) for turns in claims for game_id, seat, _ in turns]
    assert len(taken) == len(set(taken)) == 12  # every turn claimed, none twice
    assert claim(store, 4, LEASE) == []  # none free while the leases run


def test_a_renewed_lease_runs_on_and_an_ended_one_frees_its_turn(store) -> None:
    free_all(store)
    mine = [(game_id, seat) for game_id, seat, _ in claim(store, 2, timedelta(seconds=1))]
    before = leases(store)
    renew(store, mine, LEASE)
    after = leases(store)
    for turn in mine:
        assert after[turn] - before[turn] > timedelta(seconds=50)
    assert not {(g, s) for g, s, _ in claim(store, 12, LEASE)} & set(mine)  # the renewed turns are still held

    with store.engine.begin() as db:  # their worker died: its leases run out
        db.execute(update(bot_turns).values(claimed_until=datetime.now(UTC) - timedelta(seconds=1)))
    assert {(g, s) for g, s, _ in claim(store, 12, LEASE)} == set(leases(store))


def test_renewing_a_turn_already_played_brings_nothing_back(store) -> None:
    free_all(store)
    renew(store, [("queue0", 0), ("no-such-game", 0)], LEASE)
    assert ("no-such-game", 0) not in leases(store)
