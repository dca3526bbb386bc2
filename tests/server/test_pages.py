"""The generic web client's pages: server-rendered frames that boot an ES module
with the page's data, and the static modules they import."""

import json
import re

from headframe.engine import load_game
from headframe.engine.people import SEAT_COLOURS

from .conftest import create


def boot_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="boot">(.*?)</script>', html, re.S)
    assert found, html
    return json.loads(found.group(1))


def test_lobby_game_and_upload_pages(http):
    lobby = http.get("/")
    assert lobby.status_code == 200 and '<script type="module" src="/static/lobby.js">' in lobby.text
    created = create(http, "pit-lamps", 2, name="</script><script>alert(1)</script>")
    page = http.get(f"/games/{created['id']}")
    assert page.status_code == 200 and "game.js" in page.text
    assert "<script>alert(1)" not in page.text  # the name can neither close the data tag nor the title
    game = boot_data(page.text)["game"]
    assert game["id"] == created["id"] and game["name"] == created["name"]
    assert "token" not in json.dumps(game)
    colours = boot_data(page.text)["seat_colours"]  # the boards' colours, so names and pictures agree
    assert [c["colour"] for c in colours] == list(SEAT_COLOURS) and colours[0]["name"] == "vermilion"
    assert http.get("/replays").status_code == 200
    assert http.get("/games/missing").status_code == 404


def test_a_game_page_carries_how_a_turn_goes_in_its_games_words(http):
    # issue 53: the first decision of a game shows a short "How a turn goes" (game.js, guidePanel).
    for name in ("copper-country", "ore-city", "tinners-trail", "coal-country"):
        created = create(http, name, 2, seats=[{"type": "human"}, {"type": "bot"}], hotseat=True)
        guide = boot_data(http.get(f"/games/{created['id']}").text)["guide"]
        assert guide == load_game(name).turn_guide and 150 < len(guide) < 700, name
        assert "_" not in guide and "-R" not in guide


def test_a_link_to_nothing_is_a_page_with_a_way_back_and_the_api_keeps_its_json(http):
    # issue 52: a mistyped game link showed raw JSON ({"error":"no game 'doesnotexist'"}).
    for path, words in (("/games/doesnotexist", "There is no game at this address"),
                        ("/games/doesnotexist/replay", "There is no game at this address"),
                        ("/no/such/page", "There is no such page here"),
                        ("/replays/rmissing", "No such uploaded replay")):
        page = http.get(path)
        assert page.status_code == 404 and page.headers["content-type"].startswith("text/html"), path
        assert '<script type="module" src="/static/missing.js">' in page.text
        assert boot_data(page.text)["message"].startswith(words), path
        assert "doesnotexist" not in boot_data(page.text)["message"]
    api = http.get("/api/games/doesnotexist")
    assert api.status_code == 404 and api.headers["content-type"] == "application/json" and "error" in api.json()
    assert http.get("/static/no-such-file.js").headers["content-type"] == "application/json"


def test_static_modules_are_served_and_import_what_exists(http):
    for name in ("common.js", "board.js", "lobby.js", "game.js", "replay.js", "upload.js", "missing.js", "style.css",
                 "favicon.svg"):
        response = http.get(f"/static/{name}")
        assert response.status_code == 200 and response.text, name
        for imported in re.findall(r'from "\./([\w.]+)"', response.text):
            assert http.get(f"/static/{imported}").status_code == 200
    assert "javascript" in http.get("/static/game.js").headers["content-type"]


def test_pages_allow_only_their_own_scripts(http):
    policy = http.get("/").headers["content-security-policy"]
    assert "default-src 'self'" in policy and "unsafe-inline" not in policy
