"""Email through the operator's SMTP server, in a thread of its own: a message is
tried again with a growing wait, and given up with one line in the log, so a slow
or failing server never holds up a move.

`smtp://host:port` speaks STARTTLS (required, except to a loopback address: a relay on
the same machine may not offer it); `smtps://host:port` speaks TLS from the start.
The user and password come from the environment (HEADFRAME_SMTP_USER,
HEADFRAME_SMTP_PASSWORD), never from the URL, and are never logged."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import smtplib
import ssl
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from urllib.parse import urlsplit

log = logging.getLogger("headframe.server")

USER_VARIABLE = "HEADFRAME_SMTP_USER"
PASSWORD_VARIABLE = "HEADFRAME_SMTP_PASSWORD"
TIMEOUT = 30.0  # seconds for one conversation with the server


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    text: str


@dataclass(frozen=True)
class Relay:
    host: str
    port: int
    tls: bool  # smtps: TLS from the start; else STARTTLS

    @classmethod
    def of(cls, url: str) -> Relay:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError("--smtp: smtp://host:port (STARTTLS) or smtps://host:port (TLS)")
        if parts.username or parts.password:
            raise ValueError(f"--smtp: give the user and password in {USER_VARIABLE} and {PASSWORD_VARIABLE}, "
                             "not in the URL")
        tls = parts.scheme == "smtps"
        return cls(parts.hostname, parts.port or (465 if tls else 587), tls)

    @property
    def loopback(self) -> bool:
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return self.host == "localhost"


class Mailer:
    def __init__(self, url: str, sender: str, tries: int, backoff: float) -> None:
        self.relay = Relay.of(url)
        self.sender = sender
        self.tries = max(1, tries)
        self.backoff = backoff
        self.login = (os.environ.get(USER_VARIABLE), os.environ.get(PASSWORD_VARIABLE))
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="headframe-mail")
        self.sending: set[asyncio.Task] = set()

    def send(self, mail: Mail) -> None:
        """Send in the background (from the event loop)."""
        task = asyncio.get_running_loop().create_task(self._send(mail))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def _send(self, mail: Mail) -> None:
        loop = asyncio.get_running_loop()
        for attempt in range(self.tries):
            try:
                await loop.run_in_executor(self.pool, self._deliver, mail)
                return
            except (smtplib.SMTPException, OSError) as exc:
                failure = exc
            if attempt + 1 < self.tries:
                await asyncio.sleep(self.backoff * 2 ** attempt)
        log.warning("an email (%s) could not be sent after %d tries: %s: %s", mail.subject, self.tries,
                    type(failure).__name__, failure)

    def _deliver(self, mail: Mail) -> None:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, mail.to, mail.subject
        message["Message-ID"] = make_msgid(domain=self.sender.rpartition("@")[2].strip("<> ") or None)
        message.set_content(mail.text)
        relay, context = self.relay, ssl.create_default_context()
        if relay.tls:
            server: smtplib.SMTP = smtplib.SMTP_SSL(relay.host, relay.port, timeout=TIMEOUT, context=context)
        else:
            server = smtplib.SMTP(relay.host, relay.port, timeout=TIMEOUT)
        with server:
            if not relay.tls:
                server.ehlo()
                if server.has_extn("starttls"):
                    server.starttls(context=context)
                elif not relay.loopback:
                    raise smtplib.SMTPNotSupportedError("the SMTP server does not offer STARTTLS")
            user, password = self.login
            if user:
                server.login(user, password or "")
            server.send_message(message)

    async def close(self) -> None:
        for task in list(self.sending):
            task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
