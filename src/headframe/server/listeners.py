"""Who the hub tells of its events (`Hub.listen`): for each event, its listeners in
the order they were registered. The hub calls every listener of an event where and
when the event happens, one after the other (a listener that raises stops the ones
after it, as it stops the hub's step). The app registers, in this order: the
WebSocket layer's updates (live.py) for changes, seats and thinking; the ratings
(leaderboard.py) for finished games; the notifications (notify.py, after the
watchers' update) for changes. A bot worker (bot_worker.py) listens to the news.

`Wiring` is the hub's side of it (the Hub class is one): `listen`, and the parts
attached once the hub is built, as they need it: the notifier, a bot worker."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .broker import News
    from .notify import Notifier
    from .rooms import Room

OfRoom = Callable[["Room"], None]
OfSeat = Callable[["Room", int], None]
OfNews = Callable[["News"], None]


@dataclass(frozen=True)
class Listeners:
    change: list[OfRoom] = field(default_factory=list)  # every committed change of a room, here or caught up
    seats: list[OfRoom] = field(default_factory=list)  # a room's seats (or status) changed
    thinking: list[OfSeat] = field(default_factory=list)  # a searching bot starts or stops thinking
    finished: list[OfRoom] = field(default_factory=list)  # a room's game ended (here, or seen caught up)
    news: list[OfNews] = field(default_factory=list)  # another process's change (broker.py), after the room's

    def add(self, *, change: OfRoom | None = None, seats: OfRoom | None = None, thinking: OfSeat | None = None,
            finished: OfRoom | None = None, news: OfNews | None = None) -> None:
        """Register one listener for each event given, after the ones already there."""
        if change is not None:
            self.change.append(change)
        if seats is not None:
            self.seats.append(seats)
        if thinking is not None:
            self.thinking.append(thinking)
        if finished is not None:
            self.finished.append(finished)
        if news is not None:
            self.news.append(news)

    def tell_change(self, room: Room) -> None:
        for listener in self.change:
            listener(room)

    def tell_seats(self, room: Room) -> None:
        for listener in self.seats:
            listener(room)

    def tell_thinking(self, room: Room, seat: int) -> None:
        for listener in self.thinking:
            listener(room, seat)

    def tell_finished(self, room: Room) -> None:
        for listener in self.finished:
            listener(room)

    def tell_news(self, news: News) -> None:
        for listener in self.news:
            listener(news)


class Wiring:
    """The hub's listeners and attached parts; the attributes are set in `Hub.__init__`."""

    listeners: Listeners  # who is told of the hub's events
    notify: Notifier | None  # notifications when away (notify.py); None until attached
    bots_here: bool  # bot turns are taken here when rooms owe them (else a bot worker claims them from the queue)
    lets_go_unwatched: bool  # a room nobody needs is let go on another process's news, rather than caught up

    def listen(self, *, change: OfRoom | None = None, seats: OfRoom | None = None, thinking: OfSeat | None = None,
               finished: OfRoom | None = None, news: OfNews | None = None) -> None:
        """Tell these listeners of the hub's events, after the ones registered before."""
        self.listeners.add(change=change, seats=seats, thinking=thinking, finished=finished, news=news)

    def attach_notifier(self, notifier: Notifier) -> None:
        """The notifications (`notify`, which friends.py and others call), told of every change after the
        change listeners registered before (the watchers' update)."""
        self.notify = notifier
        self.listen(change=notifier.changed)

    def attach_bot_worker(self, wake: OfNews) -> None:
        """A bot worker (bot_worker.py) plays this hub's bot turns as it claims them from the queue, never
        because a room was loaded; nobody watches there, so rooms are kept caught up for their next bot
        turns rather than let go. `wake` hears every other process's news: a bot turn may be waiting."""
        self.bots_here = False
        self.lets_go_unwatched = False
        self.listen(news=wake)
