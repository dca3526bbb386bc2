"""Ratings: the arithmetic against openskill itself, finishing places (ties,
leavers last), who is rated and which games are, and a real rated game between
a signed-in player and a bot level: rated once, shown on the leaderboard."""

import asyncio
import random
import time

import httpx
import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select, update

from headframe.engine import load_game
from headframe.server.ratings import (
    Entrant,
    change,
    difficulties,
    entrants,
    key_of,
    level_of,
    places,
    rate,
    rated_at_creation,
)
from headframe.server.storage import SeatRow, sqlite_url
from headframe.server.tables import rating_changes, ratings, seats
from headframe.skill import DEFAULT, Skill

from .conftest import LiveServer, Seat, claim, create, play

PIT_LAMPS = load_game("pit-lamps")


def person(seat: int, account: str | None = None, forfeited: bool = False) -> SeatRow:
    return SeatRow(seat, f"Person {seat + 1}", None, "human", "hash", True, account_id=account, forfeited=forfeited)


def bot(seat: int, agent: str) -> SeatRow:
    return SeatRow(seat, agent, agent, "bot", None, True)


# --- the rules on their own ------------------------------------------------------------


def test_the_update_is_openskills_plackett_luce():
    before = {"account:a": Skill(30.0, 6.0), "account:b": DEFAULT, "bot:random": Skill(20.0, 4.0)}
    field = [Entrant(0, "account:a", "A", 2), Entrant(1, "account:b", "B", 1), Entrant(2, "bot:random", "R", 3)]
    after = rate(field, before)
    model = PlackettLuce()
    expected = model.rate([[model.rating(mu=before[e.key].mu, sigma=before[e.key].sigma)] for e in field], ranks=[2, 1, 3])
    for entrant, [skill] in zip(field, expected):
        assert after[entrant.key] == pytest.approx(Skill(skill.mu, skill.sigma))
    assert after["account:b"].mu > 25 > after["bot:random"].mu + 5  # the winner up, the last down
    assert DEFAULT == Skill(25.0, 25 / 3) and DEFAULT.rating == pytest.approx(0)


def test_a_player_with_two_seats_moves_by_the_mean_of_their_changes():
    field = [Entrant(0, "account:a", "A", 2), Entrant(1, "bot:heuristic", "H", 1), Entrant(2, "bot:heuristic", "H", 3)]
    after = rate(field, {"account:a": DEFAULT, "bot:heuristic": DEFAULT})
    model = PlackettLuce()
    alone = model.rate([[model.rating()] for _ in field], ranks=[2, 1, 3])
    assert after["bot:heuristic"].mu == pytest.approx((alone[1][0].mu + alone[2][0].mu) / 2)
    assert after["account:a"].mu == pytest.approx(alone[0][0].mu)


def test_places_share_ties_and_put_leavers_last():
    assert places([1, 2, 2, 4], [False] * 4) == [1, 2, 2, 4]
    assert places([1, 2, 3], [True, False, False]) == [3, 1, 2]  # the winner left: last, the others keep their order
    assert places([1, 2, 3, 4], [False, True, True, False]) == [1, 3, 3, 2]  # leavers share last
    assert places([2, 1], [True, True]) == [1, 1]


def test_bot_levels_and_who_is_rated():
    assert [level_of(spec, PIT_LAMPS) for spec in ("random", "heuristic", "ismcts", "ismcts:iters=1000",
                                                    "ismcts:iters=100")] == \
        ["random", "heuristic", "ismcts:iters=1000", "ismcts:iters=1000", "ismcts:iters=100"]
    for unrated in ("ismcts:iters=500", "ismcts:time=1", "ismcts:iters=100,c=2", "policy:name=x", "nonsense", None):
        assert level_of(unrated, PIT_LAMPS) is None
    assert key_of(person(0, "abc"), PIT_LAMPS) == "account:abc"
    assert key_of(person(0), PIT_LAMPS) is None  # a guest
    assert key_of(bot(1, "ismcts:iters=100"), PIT_LAMPS) == "bot:ismcts:iters=100"
    stand_in = SeatRow(0, "Ann", "heuristic", "bot", "hash", True)  # a person's seat handed to a bot
    assert key_of(stand_in, PIT_LAMPS) is None
    stand_in.account_id = "abc"
    assert key_of(stand_in, PIT_LAMPS) == "account:abc"


def test_which_games_are_rated():
    versus_bot = [{"type": "human"}, {"type": "bot", "agent": "heuristic"}]
    assert rated_at_creation(False, None, versus_bot, PIT_LAMPS)
    assert rated_at_creation(False, None, [{"type": "human"}, {"type": "human"}], PIT_LAMPS)
    assert not rated_at_creation(True, None, versus_bot, PIT_LAMPS)  # hot seat
    assert not rated_at_creation(False, 7, versus_bot, PIT_LAMPS)  # the creator chose the deal
    assert not rated_at_creation(False, None, [{"type": "bot"}, {"type": "bot", "agent": "heuristic"}], PIT_LAMPS)
    assert not rated_at_creation(False, None, [{"type": "human"}, {"type": "bot", "agent": "ismcts:time=1"}],
                                 PIT_LAMPS)  # no one to be rated against
    # At the end: guests only, or one signed-in player alone, count for no one.
    assert entrants([person(0), person(1), bot(2, "random")], [1, 2, 3], PIT_LAMPS) == []
    assert entrants([person(0, "a"), bot(1, "ismcts:time=1")], [1, 2], PIT_LAMPS) == []
    found = entrants([person(0, "a", forfeited=True), person(1), bot(2, "random")], [1, 2, 3], PIT_LAMPS)
    assert [(e.seat, e.key, e.name, e.place) for e in found] == [(0, "account:a", "Person 1", 3),
                                                                  (2, "bot:random", "Random bot", 2)]


def test_difficulties_follow_the_ratings_and_a_fixed_order_before_any():
    levels = ["random", "heuristic", "ismcts:iters=100", "ismcts:iters=1000"]
    assert difficulties(levels, {}) == [("random", "Easy"), ("heuristic", "Medium"), ("ismcts:iters=100", "Medium"),
                                        ("ismcts:iters=1000", "Hard")]
    settled = {f"bot:{level}": Skill(20.0, 2.0) for level in levels}
    assert difficulties(levels, {**settled, "bot:random": Skill(40.0, 1.0)})[-1] == ("random", "Hard")
    # One lucky win of the random bot: its rating is not settled yet, the fixed order stands.
    assert difficulties(levels, {**settled, "bot:random": Skill(30.0, 7.5)})[0] == ("random", "Easy")
    assert difficulties(["random", "ismcts:iters=100", "ismcts:iters=1000"], {}) == [
        ("random", "Easy"), ("ismcts:iters=100", "Medium"), ("ismcts:iters=1000", "Hard")]
    assert change(DEFAULT, Skill(26.0, 25 / 3)) == "+1.0" and change(DEFAULT, DEFAULT) == "±0"


# --- a real server ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("ratings") / "games.db"), think_time=0) as live:
        yield live


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def sign_in_seat(server, game_id: str, seat: int, account: str) -> None:
    """The seat belongs to a signed-in player (as the accounts layer records it)."""
    server.hub.rooms[game_id].row.seats[seat].account_id = account
    with server.hub.store.engine.begin() as db:
        db.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(account_id=account))


def finished_rated_game(server, http, account: str, agent: str = "random", seed: int = 1) -> tuple[str, dict]:
    created = create(http, "pit-lamps", 2, seats=[{"type": "human", "name": "Ann"}, {"type": "bot", "agent": agent}])
    game_id = created["id"]
    token = claim(http, game_id, 0, created["join"][0]["token"])
    sign_in_seat(server, game_id, 0, account)

    async def to_the_end():
        async with Seat(server.ws_url, game_id, [token]) as ann:
            await play([ann], random.Random(seed))

    asyncio.run(to_the_end())
    deadline = time.monotonic() + 10
    while not (found := http.get(f"/api/games/{game_id}/ratings").json())["seats"]:
        assert time.monotonic() < deadline, "the game was not rated"
        time.sleep(0.05)
    return game_id, found


def rows(server, table, **where) -> list[dict]:
    query = select(table).where(*(table.c[k] == v for k, v in where.items()))
    with server.hub.store.engine.connect() as db:
        return [dict(r) for r in db.execute(query).mappings()]


def test_a_rated_game_moves_both_ratings_once(server, http):
    game_id, shown = finished_rated_game(server, http, "acc-ann")
    ranking = http.get(f"/api/games/{game_id}").json()["result"]["ranking"]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=ranking)
    kept = {r["player"]: r for r in rows(server, ratings, game="pit-lamps")}
    assert set(kept) == {"account:acc-ann", "bot:random"}
    for key, [skill] in zip(("account:acc-ann", "bot:random"), expected):
        assert (kept[key]["mu"], kept[key]["sigma"], kept[key]["games"]) == pytest.approx((skill.mu, skill.sigma, 1))
    assert kept["account:acc-ann"]["name"] == "Ann" and kept["bot:random"]["name"] == "Random bot"
    changes = rows(server, rating_changes, game_id=game_id)
    assert [(c["seat"], c["player"], c["place"]) for c in changes] == [(0, "account:acc-ann", ranking[0]),
                                                                         (1, "bot:random", ranking[1])]
    assert [s["name"] for s in shown["seats"]] == ["Ann", "random"] and shown["rated"] is True
    assert all(s["change"][0] in "+-±" for s in shown["seats"])

    # The hook again (a repeated call, another process): nothing changes.
    assert server.app.state.ratings.store.record(server.hub.store.get(game_id), ranking, PIT_LAMPS) is False
    assert {r["player"]: r for r in rows(server, ratings, game="pit-lamps")} == kept
    assert len(rows(server, rating_changes, game_id=game_id)) == 2


def test_the_leaderboard_ranks_players_and_bot_levels(server, http):
    # Its own games: under xdist the module's other tests may run on another worker's server.
    finished_rated_game(server, http, "acc-cy", agent="random", seed=6)
    finished_rated_game(server, http, "acc-bob", agent="heuristic", seed=5)
    board = http.get("/api/ratings/pit-lamps").json()
    assert board["title"] == "Pit Lamps"
    assert [r["rank"] for r in board["rows"]] == sorted(r["rank"] for r in board["rows"])
    assert {r["name"] for r in board["rows"]} >= {"Ann", "Random bot", "Heuristic bot"}
    assert all(set(r) == {"rank", "name", "rating", "games", "bot"} and isinstance(r["rating"], int)
               for r in board["rows"])
    assert [level["agent"] for level in board["levels"]] != []
    assert {level["difficulty"] for level in board["levels"]} == {"Easy", "Medium", "Hard"}
    page = http.get("/ratings/pit-lamps")
    assert page.status_code == 200 and "leaderboard.js" in page.text


def test_unrated_games_change_no_rating(server, http):
    before = rows(server, ratings, game="pit-lamps")
    guest = create(http, "pit-lamps", 2)  # a guest against a bot: rated, but counts for no one
    token = claim(http, guest["id"], 0, guest["join"][0]["token"])

    async def to_the_end():
        async with Seat(server.ws_url, guest["id"], [token]) as ann:
            await play([ann], random.Random(9))

    asyncio.run(to_the_end())
    hot = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "bot"}], hotseat=True, seed=3)
    bots = create(http, "pit-lamps", 2, seats=[{"type": "bot"}, {"type": "bot", "agent": "heuristic"}], seed=4)
    assert [server.hub.store.get(g["id"]).rated for g in (guest, hot, bots)] == [True, False, False]
    assert http.get(f"/api/games/{hot['id']}/ratings").json() == {"rated": False, "seats": []}
    deadline = time.monotonic() + 30
    while http.get(f"/api/games/{bots['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(0.3)  # an update would be written at once
    assert rows(server, ratings, game="pit-lamps") == before
    assert rows(server, rating_changes, game_id=guest["id"]) == rows(server, rating_changes, game_id=bots["id"]) == []


def test_unknown_games_are_404(http):
    for path in ("/api/ratings/no-such-game", "/api/games/nosuchgame/ratings"):
        response = http.get(path)
        assert response.status_code == 404 and response.json()["error"], path
    page = http.get("/ratings/no-such-game")  # a person's page: in words, with a way back (issue 52)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html") and "missing.js" in page.text
