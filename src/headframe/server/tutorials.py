"""Guided first games (engine/tutorial.py) in the browser: the "Learn to play" page
and its routes. The server keeps nothing per learner: the page asks for the game at
a step and sends the learner's move at a step, and every answer is the learner's
own view (`view(learner)`, its board and log), nothing hidden from that seat."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Literal

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from headframe.engine import HeadframeError, IllegalAction, MalformedAction, game_names, load_game
from headframe.engine.people import naming
from headframe.engine.rulebook import Section
from headframe.engine.tutorial import Lesson, Tutorial, TutorialError, has_tutorial, load_tutorial

from . import pages
from .api import Strict
from .errors import BadRequest, Conflict, NotFound, Unavailable
from .glossary import sources_url
from .leaderboard import known_game

log = logging.getLogger("headframe.server")
Layout = Literal["wide", "narrow"]


class Move(Strict):
    action: dict[str, Any] | str


def tutorial_of(name: str) -> Tutorial:
    """The tutorial of the game called `name`: 404 for an unknown game or one without."""
    game = known_game(name)
    try:
        tutorial = load_tutorial(game)
    except TutorialError:
        log.exception("the tutorial of %s does not load", name)
        raise Unavailable(f"the guided first game of {game.title} does not load on this server") from None
    if tutorial is None:
        raise NotFound(f"{game.title} has no guided first game yet")
    return tutorial


def catalog() -> list[dict[str, str]]:
    """The games that ship a tutorial: [{game, title}]."""
    found = []
    for name in game_names():
        try:
            game = load_game(name)
            if has_tutorial(game):
                found.append({"game": name, "title": game.title})
        except HeadframeError:
            continue
    return found


def citation(tutorial: Tutorial, reference: str) -> dict[str, Any]:
    """A citation for the page: a rulebook section's heading and text, or a ruling's title and
    its place on the Sources page (a ruling's text and source are provenance, not the game's words)."""
    cited = tutorial.cited(reference)
    if isinstance(cited, Section):
        return {"ref": reference, "kind": "section", "heading": cited.heading, "text": cited.text}
    return {"ref": reference, "kind": "ruling", "title": cited.title,
            "url": f"{sources_url(tutorial.game)}#{cited.id}"}


def lesson(item: Lesson) -> dict[str, Any]:
    return {"text": item.text, "rules": list(item.rules), "element": item.element}


def overview(tutorial: Tutorial) -> dict[str, Any]:
    return {"game": tutorial.game.name, "title": tutorial.title, "game_title": tutorial.game.title,
            "players": tutorial.players, "learner": tutorial.learner, "names": list(tutorial.names),
            "steps": len(tutorial.steps), "opening": lesson(tutorial.opening),
            "summary": [lesson(item) for item in tutorial.summary],
            "citations": {ref: citation(tutorial, ref) for ref in tutorial.citations()}}


@lru_cache(maxsize=128)  # a frame holds a board: tens of kilobytes
def frame(name: str, step: int, narrow: bool) -> dict[str, Any]:
    """The learner's game before step `step`: the step's comment, the learner's view,
    board and log, and the learner's choices when the step is theirs."""
    tutorial = tutorial_of(name)
    game, learner = tutorial.game, tutorial.learner
    try:
        state = tutorial.state_at(step)
    except LookupError as exc:
        raise NotFound(str(exc)) from None
    current = tutorial.steps[step] if step < len(tutorial.steps) else None
    view = state.view(learner)
    mine = current is not None and current.seat == learner
    actions = state.decision(learner).actions if mine else ()
    with naming(tutorial.names):
        return {
            "step": step, "steps": len(tutorial.steps), "seat": current.seat if current else None, "mine": mine,
            "lesson": lesson(current.lesson) if current else None,
            "view": view, "board": game.presentation.render_board(view, narrow) if game.presentation.has_board() else None,
            "action_ids": [action.id for action in actions],
            "labels": [game.presentation.describe_action(action) for action in actions],
            "log": [game.presentation.describe_event(entry) for entry in state.log_for(learner)],
        }


def answer(name: str, step: int, action: dict[str, Any] | str) -> dict[str, Any]:
    tutorial = tutorial_of(name)
    try:
        given = tutorial.answer(step, action)
    except LookupError as exc:
        raise NotFound(str(exc)) from None
    except MalformedAction as exc:
        raise BadRequest(f"not an action of {tutorial.game.title}: {exc}") from None
    except IllegalAction as exc:
        raise Conflict(f"{exc}: press Next") from None
    return {"accepted": given.accepted, "message": given.message}


def add_routes(app: FastAPI, page: Callable[[str], HTMLResponse]) -> None:
    @app.get("/api/learn")
    async def tutorials() -> list[dict[str, str]]:
        """The games with a guided first game."""
        return await asyncio.to_thread(catalog)

    @app.get("/api/learn/{game}")
    async def tutorial(game: str) -> dict[str, Any]:
        """The tutorial's title, seats, number of steps, opening, summary and every citation's text."""
        return overview(await asyncio.to_thread(tutorial_of, game))

    @app.get("/api/learn/{game}/steps/{step}")
    async def tutorial_step(game: str, step: int, layout: Layout = "wide") -> dict[str, Any]:
        return await asyncio.to_thread(frame, game, step, layout == "narrow")

    @app.post("/api/learn/{game}/steps/{step}")
    async def tutorial_move(game: str, step: int, body: Move) -> dict[str, Any]:
        """The learner's move at a step: {accepted, message}."""
        return await asyncio.to_thread(answer, game, step, body.action)

    @app.get("/learn/{game}", response_class=HTMLResponse)
    async def learn_page(game: str) -> HTMLResponse:
        found = await asyncio.to_thread(tutorial_of, game)
        return page(pages.learn(found.game.name, found.title))
