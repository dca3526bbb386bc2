"""The FastAPI application: the lobby and action REST API, the WebSocket hub,
replays, and the pages of the generic web client."""

from __future__ import annotations

import asyncio
import email.message
import logging
import re
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from headframe.agents import AGENT_NAMES
from headframe.agents.policy import list_policies
from headframe.engine import HeadframeError, RecordError, game_names, jsontext, load_game, parse_record

from . import (
    accounts,
    api,
    chat,
    friends,
    glossary,
    hints,
    leaderboard,
    lobby,
    my_account,
    notify_routes,
    pages,
    rematch,
    results,
    standins,
    tutorials,
)
from .broker import shared
from .config import ServerConfig
from .errors import BadRequest, Forbidden, NotFound, Refusal
from .holders import bearer, check_host, check_writer, seat_if_any
from .hub import Hub
from .live import Door, announce_seats, announce_thinking, broadcast, end_session, serve_socket
from .notify import Notifier
from .ratelimit import RateLimits, client_of
from .replays import Replay, ReplayCache, parse_upload, record_key
from .rooms import Room
from .storage import Store

log = logging.getLogger("headframe.server")
Layout = api.Layout
ANNOTATING = re.compile(r"/api/(games/[^/]+/replay|replays/[^/]+)/comments")  # bodies as large as uploads

STATIC = Path(__file__).parent.parent / "web" / "static"
MAX_BODY = 64 * 1024
MAX_UPLOAD = 4 * 1024 * 1024


def create_app(db_url: str, **settings: Any) -> FastAPI:
    """The server on the database at `db_url`; `settings` are ServerConfig's fields."""
    config = ServerConfig(db_url, **settings)
    if config.bot_workers < 1 and not shared(db_url):
        raise ValueError("--bot-workers 0 leaves bot turns to bot workers (headframe bots), which need PostgreSQL: "
                         "on SQLite one process serves, and its bots think in it")

    # --- the parts ------------------------------------------------------------------
    limits = RateLimits.of(config)
    store = Store(db_url)
    ratings = leaderboard.Ratings(store, timedelta(days=config.expire_days))
    table_chat = chat.Chat(store, config, limits)
    hub = Hub(store, config, chat=table_chat, catch_up=ratings.catch_up)
    notifier = Notifier(hub, config)
    auth = accounts.Auth(hub.accounts, config, ended=lambda token: end_session(hub, token))
    creators = lobby.Creators(auth)
    door = Door(config)
    replays = ReplayCache()

    # --- the wiring: who the hub tells of what, in this order --------------------------
    hub.listen(change=broadcast, seats=announce_seats, thinking=announce_thinking)  # the watchers (live.py)
    hub.listen(finished=ratings.game_finished)  # a rated game is rated when its final move is committed
    hub.attach_notifier(notifier)  # told of every change after the watchers are

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        try:
            await ratings.catch_up()  # a game whose final move was kept just before a crash
        except Exception:
            log.exception("rating the games whose rating was lost failed")
        hub.start()
        notifier.start()
        yield
        await ratings.settled()
        await hub.close()
        await notifier.closed()
        auth.close()
        store.close()

    # --- the routes -----------------------------------------------------------------
    app = FastAPI(title="headframe", lifespan=lifespan, docs_url="/api/docs", redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.state.hub, app.state.ratings = hub, ratings
    app.add_middleware(BodyLimit)
    _handle_errors(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    accounts.add_routes(app, auth, limits)
    lobby.add_routes(app, hub, auth)
    standins.add_routes(app, hub, auth, limits)
    leaderboard.add_routes(app, hub, ratings, _page)
    glossary.add_routes(app, _page)
    results.add_routes(app, hub)
    chat.add_routes(app, hub, table_chat, auth)
    hints.add_routes(app, hub, auth, limits)
    tutorials.add_routes(app, _page)
    notify_routes.add_routes(app, notifier, auth)
    friends.add_routes(app, hub, auth, limits)
    rematch.add_routes(app, hub, auth, limits, creators)
    my_account.add_routes(app, hub, auth, limits)
    _game_routes(app, hub, auth, limits, creators, door)
    finished_replay, uploaded_replay = _replay_routes(app, hub, table_chat, replays, limits)
    _page_routes(app, hub, finished_replay, uploaded_replay)
    return app


def _game_routes(app: FastAPI, hub: Hub, auth: accounts.Auth, limits: RateLimits, creators: lobby.Creators,
                 door: Door) -> None:
    """The lobby's and play's routes: the catalog, games made, listed, claimed and handed over, states,
    actions, take-backs, and the game's WebSocket."""
    config, store = hub.config, hub.store

    # --- lobby -----------------------------------------------------------------

    @app.get("/api/catalog")
    async def catalog() -> list[dict[str, Any]]:
        """Every game that loads: players, options, and the agents it can seat."""
        return [_catalog_entry(name, config) for name in game_names() if _loads(name)]

    @app.post("/api/games", status_code=201)
    async def create_game(body: api.CreateGame, request: Request) -> dict[str, Any]:
        limits.check("create", client_of(request))
        wanted = body.model_dump()
        mine = accounts.check_me_seats(wanted["seats"])
        owner = None if mine is None else (await auth.writer(request)).account
        room, host_token, tokens = await friends.create(hub, wanted, owner, await creators.of(request))
        return {
            **room.summary(), "host_token": host_token,
            "host_url": f"/games/{room.id}#host={host_token}",
            "spectate_url": f"/games/{room.id}",
            "join": [{"seat": seat, "token": token, "url": f"/games/{room.id}#tokens={token}"}
                     for seat, token in tokens.items()],
            "play_url": f"/games/{room.id}#tokens={','.join(tokens.values())}&host={host_token}"
            if room.row.hotseat else None,
        }

    @app.get("/api/games")
    async def list_games(status: str | None = Query(default=None, pattern="^(open|running|finished)$"),
                         limit: int = Query(default=50, ge=1, le=200)) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(store.listing, status, limit)
        return [_listing(hub.rooms.get(row.id), row) for row in rows]

    @app.get("/api/games/{game_id}")
    async def game_summary(game_id: str) -> dict[str, Any]:
        return (await hub.room(game_id)).summary()

    @app.post("/api/games/{game_id}/seats/{seat}/claim")
    async def claim_seat(game_id: str, seat: int, body: api.Claim, request: Request,
                         authorization: str | None = Header(default=None)) -> dict[str, Any]:
        limits.check("claim", client_of(request))
        room = await hub.room(game_id)
        token = await hub.claim(room, seat, body.name, bearer(authorization, required=False), await auth.owner(request))
        return {"seat": seat, "token": token, "url": f"/games/{room.id}#tokens={token}"}

    @app.post("/api/games/{game_id}/seats/{seat}/control")
    async def control_seat(game_id: str, seat: int, body: api.Control,
                           authorization: str | None = Header(default=None)) -> dict[str, Any]:
        room = await hub.room(game_id)
        check_host(room, authorization, "hand seats over")
        await hub.hand_over(room, seat, body.controller, body.agent)
        return room.summary()

    # --- play ------------------------------------------------------------------

    @app.get("/api/games/{game_id}/state")
    async def seat_state(game_id: str, request: Request, authorization: str | None = Header(default=None),
                         layout: Layout = "wide") -> dict[str, Any]:
        """The token's seat's state (no token: the signed-in player's seat, else a spectator's)."""
        room = await hub.room(game_id)
        seat = await auth.reading(request, room, seat_if_any(room, authorization))
        return await room.whole_state(seat, narrow=layout == "narrow")

    @app.get("/api/games/{game_id}/text")
    async def seat_text(game_id: str, request: Request,
                        authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """The game's text picture of the token's seat's view (no token: as for the state)."""
        room = await hub.room(game_id)
        return await room.text(await auth.reading(request, room, seat_if_any(room, authorization)))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: api.Act, request: Request,
                  authorization: str | None = Header(default=None)) -> dict[str, Any]:
        room = await hub.room(game_id)
        await check_writer(auth, request, room, authorization, body.seat)
        return {"version": await hub.act(room, body.seat, body.action, body.version)}

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, body: api.Undo, request: Request,
                   authorization: str | None = Header(default=None)) -> dict[str, Any]:
        room = await hub.room(game_id)
        await check_writer(auth, request, room, authorization, body.seat)
        return {"version": await hub.undo(room, body.seat, body.version)}

    @app.websocket("/ws/games/{game_id}")
    async def live(socket: WebSocket, game_id: str) -> None:
        await serve_socket(hub, door, socket, game_id, auth)


def _replay_routes(app: FastAPI, hub: Hub, table_chat: chat.Chat, replays: ReplayCache, limits: RateLimits
                   ) -> tuple[Callable[[str], Awaitable[Replay]], Callable[[str], Replay]]:
    """A finished game's replay, record and comments; uploaded records' replays. Returns how a finished game's
    replay and an uploaded one are found (for their pages)."""

    # --- replays -----------------------------------------------------------------

    async def finished_replay(game_id: str) -> Replay:
        found = replays.get(game_id)
        if found is not None:
            return found
        room = await hub.room(game_id)
        if not room.state.is_over():
            raise Forbidden("a game can be replayed once it is finished")
        return replays.put(game_id, await asyncio.to_thread(Replay, room.record()))

    def uploaded_replay(key: str) -> Replay:
        found = replays.get(key)
        if found is None:
            raise NotFound("no such uploaded replay (uploads are kept for a while only): upload the record again")
        return found

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> Response:
        replay = await finished_replay(game_id)
        return JSONResponse(replay.record, headers={
            "Content-Disposition": f'attachment; filename="{replay.game.name}-{game_id}.json"'})

    @app.get("/api/games/{game_id}/replay")
    async def replay_overview(game_id: str) -> dict[str, Any]:
        return {**(await finished_replay(game_id)).overview(), "chat": await table_chat.replay_lines(game_id)}

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay_frame(game_id: str, step: int, layout: Layout = "wide") -> dict[str, Any]:
        replay = await finished_replay(game_id)
        return await asyncio.to_thread(replay.frame, step, layout == "narrow")

    @app.post("/api/replays", status_code=201)
    async def upload_replay(request: Request) -> dict[str, Any]:
        """Upload a record (a JSON body, or a form's `record` file) to replay it."""
        limits.check("upload", client_of(request))
        record = parse_upload(await _upload_bytes(request))
        key = record_key(record)
        if replays.get(key) is None:
            replays.put(key, await asyncio.to_thread(Replay, record))
        return {"id": key, "url": f"/replays/{key}"}

    @app.get("/api/replays/{key}")
    async def uploaded_overview(key: str) -> dict[str, Any]:
        return uploaded_replay(key).overview()

    async def annotate(replay: Replay, request: Request) -> dict[str, Any]:
        """The replay's record with the comments of the body ({"comments": [...]}) as an
        uploaded replay of its own; the record is rebuilt here, so no seed passes
        through a browser's floating-point numbers."""
        limits.check("upload", client_of(request))
        try:
            body = jsontext.loads(await request.body())
        except jsontext.JsonError as exc:
            raise BadRequest(f"a JSON object {{\"comments\": [...]}}: {exc}") from None
        if not isinstance(body, dict) or set(body) != {"comments"}:
            raise BadRequest('a JSON object {"comments": [...]}: the record\'s comments, each {step, text, element?}')
        annotated = {**replay.record, "comments": body["comments"]}
        try:
            parse_record(annotated)
        except RecordError as exc:
            raise BadRequest(f"these comments do not fit the record: {exc}") from None
        key = record_key(annotated)
        if replays.get(key) is None:
            replays.put(key, await asyncio.to_thread(Replay, annotated))
        return {"id": key, "url": f"/replays/{key}", "record": f"/api/replays/{key}/record"}

    @app.post("/api/games/{game_id}/replay/comments", status_code=201)
    async def annotate_finished(game_id: str, request: Request) -> dict[str, Any]:
        """A finished game's record with comments: a new uploaded replay (its record downloads)."""
        return await annotate(await finished_replay(game_id), request)

    @app.post("/api/replays/{key}/comments", status_code=201)
    async def annotate_uploaded(key: str, request: Request) -> dict[str, Any]:
        return await annotate(uploaded_replay(key), request)

    @app.get("/api/replays/{key}/record")
    async def uploaded_record(key: str) -> JSONResponse:
        replay = uploaded_replay(key)
        return JSONResponse(replay.record, headers={
            "Content-Disposition": f'attachment; filename="{replay.game.name}-{key[:12]}.json"'})

    @app.get("/api/replays/{key}/{step}")
    async def uploaded_frame(key: str, step: int, layout: Layout = "wide") -> dict[str, Any]:
        return await asyncio.to_thread(uploaded_replay(key).frame, step, layout == "narrow")

    return finished_replay, uploaded_replay


def _page_routes(app: FastAPI, hub: Hub, finished_replay: Callable[[str], Awaitable[Replay]],
                 uploaded_replay: Callable[[str], Replay]) -> None:
    """The pages of the web client."""

    # --- pages -------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def lobby_page() -> HTMLResponse:
        return _page(pages.lobby())

    @app.get("/games/{game_id}", response_class=HTMLResponse)
    async def game_page(game_id: str) -> HTMLResponse:
        room = await hub.room(game_id)
        return _page(pages.game(room.summary(), room.game.turn_guide))

    @app.get("/games/{game_id}/replay", response_class=HTMLResponse)
    async def replay_page(game_id: str) -> HTMLResponse:
        await finished_replay(game_id)
        return _page(pages.replay(f"/api/games/{game_id}/replay", f"/api/games/{game_id}/record"))

    @app.get("/me", response_class=HTMLResponse)
    async def my_games_page() -> HTMLResponse:
        return _page(pages.my_games())

    @app.get("/signin", response_class=HTMLResponse)
    async def sign_in_page() -> HTMLResponse:
        return _page(pages.sign_in())

    @app.get("/replays", response_class=HTMLResponse)
    async def upload_page() -> HTMLResponse:
        return _page(pages.upload())

    @app.get("/replays/{key}", response_class=HTMLResponse)
    async def uploaded_page(key: str) -> HTMLResponse:
        uploaded_replay(key)
        return _page(pages.replay(f"/api/replays/{key}", f"/api/replays/{key}/record"))


PAGE_HEADERS = {
    # Only our own modules run; the page's data sits in a JSON script tag, which is not code.
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _page(html: str) -> HTMLResponse:
    return HTMLResponse(html, headers=PAGE_HEADERS)


def _catalog_entry(name: str, config: ServerConfig) -> dict[str, Any]:
    game = load_game(name)
    agents = [a for a in AGENT_NAMES if a != "heuristic" or game.learning.has_heuristic()]
    agents += [f"policy:name={policy}" for policy in list_policies(config.models, game)]
    return {"name": game.name, "title": game.title, "summary": game.summary, "players": list(game.players),
            "options": game.Options.describe(), "short_options": game.short_options, "agents": agents,
            "max_think": config.max_think, "board": game.presentation.has_board()}


def _loads(name: str) -> bool:
    try:
        load_game(name)
    except HeadframeError:
        log.warning("game %s does not load; it is left out of the catalog", name)
        return False
    return True


def _listing(room: Room | None, row) -> dict[str, Any]:
    if room is not None:
        return room.summary()
    return {"id": row.id, "name": row.name, "game": row.game, "title": _title(row.game), "players": row.players,
            "status": row.status,
            "hotseat": row.hotseat, "result": row.result,
            "progress": 100 if row.status == "finished" else None,  # a game not in memory: not replayed for a listing
            "seats": [{"seat": s.seat, "name": s.name, "controller": s.controller, "claimed": s.claimed, "open": s.open}
                      for s in row.seats]}


def _title(name: str) -> str:
    """A game's title for a listing (its name when it no longer loads here)."""
    try:
        return load_game(name).title
    except HeadframeError:
        return name


async def _upload_bytes(request: Request) -> bytes:
    if request.headers.get("content-type", "").startswith("multipart/form-data"):
        form = await request.form(max_files=1, max_fields=1)
        upload = form.get("record")
        if upload is None or isinstance(upload, str):
            raise BadRequest("the form needs a `record` file")
        return await upload.read()
    return await request.body()


class BodyLimit:
    """Refuse request bodies over the limit (4 MiB for record uploads, 64 KiB
    elsewhere), whether or not they declare their length: the body is read here,
    bounded, and handed on whole. A JSON body for the API must be bounded JSON
    (FastAPI's own parser would recurse without bound); record uploads are read
    raw and bounded as records."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        uploading = scope["path"] == "/api/replays" or ANNOTATING.fullmatch(scope["path"]) is not None
        limit = MAX_UPLOAD if uploading else MAX_BODY
        declared = dict(scope["headers"]).get(b"content-length")
        too_large = JSONResponse({"error": f"the request body is over {limit} bytes"}, 413)
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await too_large(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return
            body += message.get("body", b"")
            if len(body) > limit:
                await too_large(scope, receive, send)
                return
            if not message.get("more_body"):
                break
        if scope["path"].startswith("/api/") and not uploading and self._is_json(scope, body):
            try:
                jsontext.loads(body)
            except jsontext.JsonError as exc:
                await JSONResponse({"error": f"invalid request: {exc}"}, 400)(scope, receive, send)
                return
        delivered = False

        async def replay():
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)

    @staticmethod
    def _is_json(scope, body: bytes) -> bool:
        """Whether FastAPI would parse this body as JSON (the same test as its own)."""
        if not body:
            return False
        # The first such header, as Starlette's `request.headers.get` finds it.
        content_type = next((value for name, value in scope["headers"] if name == b"content-type"), b"")
        if not content_type:
            return True
        message = email.message.Message()
        message["content-type"] = content_type.decode("latin-1")
        subtype = message.get_content_subtype()
        return message.get_content_maintype() == "application" and (subtype == "json" or subtype.endswith("+json"))


def _handle_errors(app: FastAPI) -> None:
    @app.exception_handler(Refusal)
    async def refused(request: Request, refusal: Refusal) -> Response:
        if _for_people(request):
            return _missing_page(refusal.status, _in_words(request, refusal))
        return JSONResponse({"error": refusal.message}, refusal.status, headers=refusal.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": f"invalid request: {api.problems(exc.errors())}"}, 400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if _for_people(request):
            return _missing_page(exc.status_code, "There is no such page here." if exc.status_code == 404
                                 else str(exc.detail))
        return JSONResponse({"error": str(exc.detail)}, exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def internal(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=exc)
        return JSONResponse({"error": "internal server error"}, 500)





def _for_people(request: Request) -> bool:
    """Whether a refused request was a page a person opened (the API and static files keep their answers)."""
    path = request.url.path
    return request.method == "GET" and not path.startswith(("/api/", "/static/", "/ws/"))


def _in_words(request: Request, refusal: Refusal) -> str:
    if isinstance(refusal, NotFound) and request.url.path.startswith("/games/"):
        return ("There is no game at this address: the link may be mistyped, or the table was cancelled "
                "before it started.")
    return refusal.message[:1].upper() + refusal.message[1:] + "."


def _missing_page(status: int, message: str) -> HTMLResponse:
    return HTMLResponse(pages.missing(status, message), status, headers=PAGE_HEADERS)
