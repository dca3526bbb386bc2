"""Storage: Alembic builds the schema from the first table on, a game is its
rows plus its ordered actions, plies cannot be taken twice, and moves of many
games are committed together."""

import asyncio
import sqlite3
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import inspect, select, text, update

from headframe.server.journal import Journal
from headframe.server.storage import ConflictError, GameRow, Move, SeatRow, Store, database_url, sqlite_url
from headframe.server.tables import games


def a_game(game_id: str) -> GameRow:
    return GameRow(game_id, "test", "pit-lamps", 2, 7, {"rounds": 2}, 0.0, False, "h" * 64, "running",
                   seats=[SeatRow(0, "Ann", None, "human", "t" * 64, True), SeatRow(1, "bot", "random", "bot", None, True)])


def test_migrations_build_the_schema_and_rerun_as_a_no_op(store):
    tables = set(inspect(store.engine).get_table_names())
    assert {"games", "seats", "actions", "alembic_version"} <= tables
    store.migrate()
    with store.engine.connect() as db:
        assert db.execute(text("select version_num from alembic_version")).scalar() == "0012"


def test_a_game_is_its_rows_and_its_ordered_actions(store):
    store.create(a_game("g1"))
    store.append(Move("g1", 0, 0, {"kind": "bid", "card": 3}, "running", None, seen=0b001))
    store.append(Move("g1", 1, 1, {"kind": "bid", "card": 5}, "finished", {"scores": [1, 2]}, seen=0b111))
    expected = a_game("g1")
    expected.status, expected.result = "finished", {"scores": [1, 2]}
    assert store.get("g1") == expected
    assert store.actions("g1") == ([{"seat": 0, "action": {"kind": "bid", "card": 3}},
                                    {"seat": 1, "action": {"kind": "bid", "card": 5}}], [0b001, 0b111])
    store.take_back("g1", 1)
    assert len(store.actions("g1")[0]) == 1
    with pytest.raises(ConflictError):
        store.take_back("g1", 5)
    assert store.get("missing") is None


def test_a_ply_cannot_be_taken_twice(store):
    store.create(a_game("g1"))
    store.append(Move("g1", 0, 0, {"kind": "dig"}, "running", None))
    with pytest.raises(ConflictError):
        store.append(Move("g1", 0, 1, {"kind": "rest"}, "running", None))
    assert store.actions("g1")[0] == [{"seat": 0, "action": {"kind": "dig"}}]


def test_moves_of_many_games_commit_together_and_a_conflict_fails_only_itself(store):
    for game_id in ("a", "b", "c"):
        store.create(a_game(game_id))
    store.append(Move("b", 0, 0, {"kind": "dig"}, "running", None))
    errors = store.append_all([Move("a", 0, 0, {"kind": "dig"}, "running", None),
                               Move("b", 0, 0, {"kind": "rest"}, "running", None),
                               Move("c", 0, 0, {"kind": "draw"}, "running", None)])
    assert [type(e) for e in errors] == [type(None), ConflictError, type(None)]
    assert [len(store.actions(g)[0]) for g in "abc"] == [1, 1, 1]
    assert store.actions("b")[0] == [{"seat": 0, "action": {"kind": "dig"}}]


def test_the_journal_groups_concurrent_commits(store):
    for index in range(20):
        store.create(a_game(f"g{index}"))
    groups = []
    write = store.append_all
    store.append_all = lambda moves: groups.append(len(moves)) or write(moves)

    async def many():
        journal = Journal(store)
        await asyncio.gather(*(journal.commit(Move(f"g{i}", 0, 0, {"kind": "dig"}, "running", None)) for i in range(20)))
        with pytest.raises(ConflictError):
            await journal.commit(Move("g0", 0, 0, {"kind": "dig"}, "running", None))

    asyncio.run(many())
    assert sum(groups) == 21 and len(groups) < 20
    assert all(len(store.actions(f"g{i}")[0]) == 1 for i in range(20))


def test_database_urls():
    assert database_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("var/x.db").startswith("sqlite:////") and database_url("var/x.db").endswith("/var/x.db")


def test_a_cancelled_caller_cannot_leave_memory_behind_the_database(store):
    from headframe.server.config import ServerConfig
    from headframe.server.hub import Hub

    write = store.append_all

    def slow_write(moves):
        time.sleep(0.2)
        return write(moves)

    async def scenario():
        hub = Hub(store, ServerConfig(store.url))
        room, _, _ = await hub.create({"game": "pit-lamps", "players": 2, "hotseat": True, "think_time": 0,
                                       "seats": [{"type": "human"}, {"type": "human"}]})
        store.append_all = slow_write
        bid = room.state.decision(0).actions[0]
        acting = asyncio.ensure_future(hub.act(room, 0, bid))
        await asyncio.sleep(0.05)
        acting.cancel()
        await asyncio.sleep(0.4)
        await hub.close()
        return room

    room = asyncio.run(scenario())
    assert len(store.actions(room.id)[0]) == 1 and room.version == 1


def test_expire_names_exactly_the_games_it_ended_while_others_change_them(store):
    """The hub tells a game's room that it ended by the ids `expire` returns: a game
    that went idle while `expire` ran is either ended and named, or left for the next."""
    ids = [f"g{n}" for n in range(300)]
    for game_id in ids:
        store.create(a_game(game_id))
    long_ago = datetime.now(UTC) - timedelta(days=8)

    def go_idle() -> None:
        for game_id in ids:  # one transaction each, racing the sweeps
            with store.engine.begin() as db:
                db.execute(update(games).where(games.c.id == game_id).values(updated_at=long_ago))

    named: list[str] = []
    writer = threading.Thread(target=go_idle)
    writer.start()
    while writer.is_alive():
        named += store.expire(timedelta(days=7), timedelta(hours=24))
    writer.join()
    named += store.expire(timedelta(days=7), timedelta(hours=24))
    assert sorted(named) == sorted(ids)  # each named once, none ended unnamed
    with store.engine.connect() as db:
        assert set(db.execute(select(games.c.status)).scalars()) == {"expired"}


def test_an_sqlite_without_returning_is_refused_with_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite3.dbapi2, "sqlite_version_info", (3, 34, 1))  # what SQLAlchemy reads
    monkeypatch.setattr(sqlite3, "sqlite_version", "3.34.1")
    with pytest.raises(RuntimeError, match=r"SQLite 3\.35 or newer .* this Python has 3\.34\.1"):
        Store(sqlite_url(tmp_path / "games.db"))
