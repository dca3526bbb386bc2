"""The routes of notifications (notify.py): a signed-in player's choices, email address
and browsers' push subscriptions (session and CSRF, as every account write); the
verification and unsubscribe links of its messages (their token is the authority: no
signing in); the server's VAPID public key, and the service worker at the site's root."""

from __future__ import annotations

import asyncio
import html
import math
import secrets
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Form, Query, Request
from fastapi.responses import FileResponse, HTMLResponse
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import EmailStr, Field

from .accounts import Auth
from .api import Strict
from .errors import BadRequest, Conflict, TooManyRequests
from .notify import Notifier, unsubscribed_account
from .notify_store import Subscription
from .push import endpoint_problem
from .ratelimit import client_of
from .tokens import token_hash

STATIC = Path(__file__).parent.parent / "web" / "static"
EMAIL_OFF = "email notifications are off on this server (it was started without --smtp)"
PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; object-src 'none'; base-uri 'none'",
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
Key = Annotated[str, Field(min_length=16, max_length=128, pattern=r"^[A-Za-z0-9_=-]+$")]  # base64url


class NotifyChoices(Strict):
    move: bool
    invite: bool
    ended: bool
    email: bool  # send to the verified address (its unsubscribe link turns it off)


class EmailAddress(Strict):
    address: EmailStr | None  # None: no more email (email-validator bounds its length)


class PushKeys(Strict):
    p256dh: Key
    auth: Key


class PushSubscription(Strict):
    endpoint: str = Field(min_length=8, max_length=1024)
    keys: PushKeys
    expirationTime: float | None = None  # as the browser's PushSubscription.toJSON() gives it  # noqa: N815


class PushEndpoint(Strict):
    endpoint: str = Field(min_length=8, max_length=1024)


class Limiter:
    """Addresses set and unsubscriptions: per client, and per account, in this process's memory."""

    def __init__(self, rate: str) -> None:
        self.rate = parse(rate)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def check(self, *keys: str) -> None:
        for key in keys:
            if not self.limiter.hit(self.rate, "notify", key):
                reset = self.limiter.get_window_stats(self.rate, "notify", key).reset_time
                wait = max(1, math.ceil(reset - time.time()))
                raise TooManyRequests(f"too many notification changes: try again in {wait} s", wait)


def page(title: str, *paragraphs: str, form: str = "", status: int = 200) -> HTMLResponse:
    body = "".join(f"<p>{html.escape(text)}</p>" for text in paragraphs)
    return HTMLResponse(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
        f'content="width=device-width, initial-scale=1"><title>{html.escape(title)} · headframe</title>'
        f'<link rel="stylesheet" href="/static/style.css"></head><body><header><a href="/" class="brand">headframe</a>'
        f'</header><main><h1>{html.escape(title)}</h1>{body}{form}<p><a href="/me">My games</a></p></main></body></html>',
        status, headers=PAGE_HEADERS)


def add_routes(app: FastAPI, notifier: Notifier, auth: Auth) -> None:
    """GET/PUT /api/me/notifications, POST /api/me/notifications/email, GET /api/push/key,
    POST/DELETE /api/me/push, GET /notifications/verify, GET/POST /notifications/unsubscribe, GET /sw.js."""
    store, config, limiter = notifier.store, notifier.config, Limiter(notifier.config.notify_rate)

    async def state(account_id: str) -> dict[str, Any]:
        choices, subscriptions = await asyncio.gather(asyncio.to_thread(store.choices, account_id),
                                                      asyncio.to_thread(store.subscriptions, account_id))
        email = {"on": notifier.email_on, "address": choices.email, "verified": choices.verified,
                 "sending": choices.email_on}
        return {"move": choices.move, "invite": choices.invite, "ended": choices.ended, "email": email,
                "push": {"browsers": len(subscriptions)}}

    @app.get("/api/me/notifications")
    async def my_choices(request: Request) -> dict[str, Any]:
        return await state((await auth.signed_in(request)).account.id)

    @app.put("/api/me/notifications")
    async def choose(body: NotifyChoices, request: Request) -> dict[str, Any]:
        account_id = (await auth.writer(request)).account.id
        choices = body.model_dump()
        await asyncio.to_thread(store.set_choices, account_id, email_on=choices.pop("email"), **choices)
        return await state(account_id)

    @app.post("/api/me/notifications/email")
    async def set_address(body: EmailAddress, request: Request) -> dict[str, Any]:
        account_id = (await auth.writer(request)).account.id
        if body.address is not None and not notifier.email_on:
            raise Conflict(EMAIL_OFF)
        limiter.check(f"client {client_of(request)}", f"account {account_id}")
        token = secrets.token_urlsafe(32)
        expires = datetime.now(UTC) + timedelta(hours=config.verify_hours)
        await asyncio.to_thread(store.set_email, account_id, body.address,
                                None if body.address is None else token_hash(token), expires)
        if body.address is not None:
            notifier.send_verification(body.address, token)
        return await state(account_id)

    @app.get("/api/push/key")
    async def push_key() -> dict[str, str]:
        return {"key": notifier.pusher.public}

    @app.post("/api/me/push", status_code=201)
    async def subscribe(body: PushSubscription, request: Request) -> dict[str, Any]:
        account_id = (await auth.writer(request)).account.id
        problem = endpoint_problem(body.endpoint, config.push_loopback)
        if problem:
            raise BadRequest(problem)
        subscription = Subscription(body.endpoint, body.keys.p256dh, body.keys.auth)
        if not await asyncio.to_thread(store.subscribe, account_id, token_hash(body.endpoint), subscription,
                                       config.push_per_account):
            raise Conflict(f"an account may have {config.push_per_account} browsers notified: "
                           "turn notifications off in one of them first")
        return await state(account_id)

    @app.delete("/api/me/push")
    async def unsubscribe_browser(body: PushEndpoint, request: Request) -> dict[str, Any]:
        account_id = (await auth.writer(request)).account.id
        await asyncio.to_thread(store.unsubscribe, token_hash(body.endpoint), account_id)
        return await state(account_id)

    @app.get("/notifications/verify", response_class=HTMLResponse)
    async def verify(token: str = Query(default="", max_length=64)) -> HTMLResponse:
        if await asyncio.to_thread(store.verify, token_hash(token)):
            return page("Address confirmed", "Your email address is confirmed: headframe will tell you there what "
                        "you chose on your notification settings.")
        return page("Link expired", "This confirmation link is unknown, used or expired: set your address again "
                    "on your notification settings to get a new one.", status=400)

    @app.get("/notifications/unsubscribe", response_class=HTMLResponse)
    async def unsubscribe_page(token: str = Query(default="", max_length=128)) -> HTMLResponse:
        if unsubscribed_account(notifier.key, token) is None:
            return page("Unknown link", "This unsubscribe link is not one of ours.", status=400)
        form = ('<form method="post" action="/notifications/unsubscribe">'
                f'<input type="hidden" name="token" value="{html.escape(token)}">'
                '<button type="submit">Stop email from headframe</button></form>')
        return page("Stop email", "Press the button to stop every email from headframe to this address. "
                    "You can turn email on again on your notification settings.", form=form)

    @app.post("/notifications/unsubscribe", response_class=HTMLResponse)
    async def unsubscribe(request: Request, token: str = Form(default="", max_length=128)) -> HTMLResponse:
        limiter.check(f"client {client_of(request)}")
        account_id = unsubscribed_account(notifier.key, token)
        if account_id is None:
            return page("Unknown link", "This unsubscribe link is not one of ours.", status=400)
        await asyncio.to_thread(store.unsubscribed, account_id)
        return page("Email stopped", "headframe sends no more email to this address.")

    @app.get("/sw.js")
    async def service_worker() -> FileResponse:
        # At the root, so its scope is the whole site (a notification opens any game's page).
        return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"})
