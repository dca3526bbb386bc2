"""The notification choices panel (notifications.js, `notificationsPanel()`) on the /me page: its switches
save and come back after a reload; an email address is sent a confirmation link
(a real SMTP server the test starts) and shows as confirmed once it is opened; a
server without SMTP says email is off."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from headframe.server.storage import sqlite_url
from tests.server.conftest import LiveServer
from tests.server.test_notify_email import Inbox, free_port, link

from .conftest import LAPTOP, TIMEOUT_MS, screenshot

PASSWORD = "notify me when away"


@pytest.fixture(scope="module")
def mail() -> Iterator[tuple[Inbox, str]]:
    from aiosmtpd.controller import Controller

    box = Inbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield box, f"smtp://127.0.0.1:{controller.port}"
    controller.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory, mail):
    live = LiveServer(sqlite_url(tmp_path_factory.mktemp("notify-browser") / "games.db"), think_time=0,
                      smtp_url=mail[1], public_url="http://placeholder")
    with live:
        live.hub.notify.public_url = live.url
        yield live


def signed_in_panel(page: Page, name: str) -> None:
    registered = page.request.post("/api/accounts", data={"name": name, "password": PASSWORD})
    assert registered.status == 201, registered.text()
    open_panel(page)


def open_panel(page: Page) -> None:
    page.goto("/me")  # me.js shows the panel (notificationsPanel) to a signed-in player
    expect(page.locator("#notifications section.notifications h2")).to_be_visible()


def switch(page: Page, label: str):
    return page.locator("section.notifications label.switch", has_text=label).locator("input")


def test_the_switches_save_and_come_back_after_a_reload(page: Page, mail):
    box, _ = mail
    signed_in_panel(page, "Nora")
    move, ended = switch(page, "It is my move"), switch(page, "A game I play has ended")
    expect(move).to_be_checked()
    with page.expect_response(lambda r: r.url.endswith("/api/me/notifications") and r.request.method == "PUT"):
        move.uncheck()
    with page.expect_response(lambda r: r.url.endswith("/api/me/notifications") and r.request.method == "PUT"):
        switch(page, "A game I play has ended").uncheck()
    open_panel(page)  # a reload: what shows is what the server kept
    expect(move).not_to_be_checked()
    expect(ended).not_to_be_checked()
    expect(switch(page, "invited")).to_be_checked()
    expect(switch(page, "by email")).to_be_checked()

    expect(page.locator(".email-state")).to_have_text("No address yet.")
    page.get_by_label("Email address").fill("nora@example.org")
    page.get_by_role("button", name="Send a confirmation link").click()
    expect(page.locator(".email-state")).to_contain_text("not confirmed yet")
    deadline = time.monotonic() + 15
    while not box.messages:
        assert time.monotonic() < deadline, "no confirmation mail"
        time.sleep(0.05)
    assert httpx.get(link(box.messages[-1], "/notifications/verify?token=")).status_code == 200
    open_panel(page)
    expect(page.locator(".email-state")).to_have_text("nora@example.org is confirmed.")
    expect(page.get_by_role("button", name=re.compile("Allow browser notifications|Stop this browser"))).to_be_visible()
    screenshot(page, "notification-choices")


def test_a_server_without_smtp_says_email_is_off(browser, tmp_path):
    with LiveServer(sqlite_url(tmp_path / "games.db"), think_time=0) as live:
        context = browser.new_context(viewport=LAPTOP, base_url=live.url)
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        signed_in_panel(page, "Otto")
        expect(page.locator(".email-state")).to_have_text("Email notifications are off on this server.")
        with page.expect_response(lambda r: r.request.method == "PUT"):
            switch(page, "invited").uncheck()
        open_panel(page)
        expect(switch(page, "invited")).not_to_be_checked()
        context.close()


# The service worker (sw.js) as a push service reaches it: the browser's DevTools protocol delivers a
# message to its registration (headless Chromium has no push service of its own to subscribe to).
SHOWN = """() => navigator.serviceWorker.ready.then((registration) => registration.getNotifications())
  .then((shown) => shown.map((n) => ({ title: n.title, body: n.body, url: n.data && n.data.url })))"""


def test_the_service_worker_shows_what_is_pushed_and_keeps_to_this_site(browser, server):
    context = browser.new_context(base_url=server.url)
    context.grant_permissions(["notifications"], origin=server.url)
    page = context.new_page()
    try:
        page.goto("/me")
        cdp = context.new_cdp_session(page)
        registered: list[str] = []
        cdp.on("ServiceWorker.workerRegistrationUpdated",
               lambda event: registered.extend(r["registrationId"] for r in event["registrations"]
                                               if r["scopeURL"] == f"{server.url}/" and not r["isDeleted"]))
        cdp.send("ServiceWorker.enable")
        page.evaluate("() => navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready)")
        deadline = time.monotonic() + 10
        while not registered and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert registered, "the service worker did not register at the site's scope"

        def delivered(message: dict) -> dict:
            """The notification a pushed message shows, as soon as it is shown (the browser may close it
            soon after). A message delivered while the worker is still starting may be dropped: sent again."""
            wanted = f"() => ({SHOWN})().then((shown) => shown.find((n) => n.title === {json.dumps(message['title'])}))"
            for _ in range(3):
                cdp.send("ServiceWorker.deliverPushMessage", {"origin": server.url, "registrationId": registered[-1],
                                                              "data": json.dumps(message)})
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:  # evaluate awaits the promise (wait_for_function took it as true)
                    found = page.evaluate(wanted)
                    if found:
                        return found
                    page.wait_for_timeout(100)
            raise AssertionError(f"{message['title']!r} was never shown")

        mine = {"title": "Your move in Sunday game", "body": "Pit Lamps: it is your move.", "url": "/games/abc"}
        assert delivered(mine) == mine
        elsewhere = {"title": "Elsewhere", "body": "", "url": "https://elsewhere.example/steal"}  # never another site
        assert delivered(elsewhere)["url"] == "/me"
    finally:
        context.close()
