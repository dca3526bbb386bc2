"""Playing at a terminal: any mix of people and bots, hot seat included.

People see only their own seat's view; between two people at one keyboard a
hand-over screen hides the last one's hand. Every finished game writes its
record; `s` saves at any time, `q` and Ctrl-C offer to save (Ctrl-C saves).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from headframe.agents import Agent, InformationSet, make_agent
from headframe.engine import Game, HeadframeError, IllegalAction, Rng, State

BOT_PACE_S = 0.8
COMMANDS = "number or typed action to play · ? rules · u undo · s save · q quit"


class SeatError(HeadframeError, ValueError):
    """A --seats list that does not fit the game."""


@dataclass
class Seat:
    name: str
    spec: str  # "you", "human:Name", or an agent spec
    agent: Agent | None = None

    @property
    def human(self) -> bool:
        return self.agent is None


def split_seats(text: str) -> list[str]:
    """Split a --seats list on commas, keeping an agent's own settings together:
    "you,ismcts:iters=500,rollout=random,heuristic" has three seats."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def make_seats(specs: list[str], game: Game, seed: int) -> list[Seat]:
    if len(specs) not in game.players:
        raise SeatError(f"{game.title} is played by {', '.join(map(str, game.players))} players, "
                        f"and {len(specs)} seats were given")
    seats = []
    for index, spec in enumerate(specs):
        if spec == "you":
            seats.append(Seat("You", spec))
        elif spec.startswith("human:") and spec[6:].strip():
            seats.append(Seat(spec[6:].strip(), spec))
        else:
            agent = make_agent(spec, game, seed * 31 + index)
            seats.append(Seat(f"{spec.partition(':')[0].capitalize()} {index}", spec, agent))
    return seats


class Quit(Exception):
    """The person at the keyboard chose to stop."""


class TerminalGame:
    """One game at one terminal."""

    def __init__(self, state: State, seats: list[Seat], console: Console, read: Callable[[str], str] = input,
                 fast: bool = False, record_path: Path | None = None, seed: int = 0) -> None:
        self.state = state
        self.game = state.game
        self.seats = seats
        self.console = console
        self.read = read
        self.fast = fast
        self.record_path = record_path or default_record_path(self.game.name)
        self.rng = Rng(seed ^ 0x5EA7)
        self.seen = [0] * len(seats)
        self.at_keyboard: int | None = None
        self.humans = sum(seat.human for seat in seats)

    # --- the game loop -----------------------------------------------------------

    def run(self) -> State:
        try:
            while not self.state.is_over():
                seat = self.state.to_move()[0]
                if self.seats[seat].human:
                    self.human_turn(seat)
                else:
                    self.bot_turn(seat)
            self.finish()
        except Quit:
            if self.ask_yes("Save the game before leaving? [Y/n] "):
                self.save()
        except (KeyboardInterrupt, EOFError):
            self.console.print("\nInterrupted.")
            self.save()
        return self.state

    def bot_turn(self, seat: int) -> None:
        info = InformationSet(self.state, seat, self.rng)
        action = self.seats[seat].agent.choose(info)
        self.state.apply(seat, action)
        if self.humans:
            self.console.print(f"[cyan]{escape(self.seats[seat].name)}[/]: {escape(self.game.describe_action(action))}")
            if not self.fast:
                time.sleep(BOT_PACE_S)
        else:
            self.console.print(f"{escape(self.seats[seat].name)}: {escape(self.game.describe_action(action))}")

    def human_turn(self, seat: int) -> None:
        self.hand_over(seat)
        self.show(seat)
        while True:
            text = self.read(f"{self.seats[seat].name}> ").strip()
            if not text:
                continue
            if text == "?":
                self.show_help(seat)
            elif text == "u":
                if self.take_back(seat):
                    return
            elif text == "s":
                self.save()
            elif text == "q":
                raise Quit
            elif self.play(seat, text):
                return

    def play(self, seat: int, text: str) -> bool:
        actions = self.state.decision(seat).actions
        try:
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(actions):
                    raise IllegalAction(f"choose a number from 1 to {len(actions)}")
                action = actions[number - 1]
            else:
                action = self.game.parse_action(text)
            self.state.apply(seat, action)
        except IllegalAction as exc:
            self.console.print(f"[red]{escape(str(exc))}[/] ({COMMANDS})")
            return False
        return True

    def take_back(self, seat: int) -> bool:
        if not self.state.can_undo(seat):
            self.console.print("[red]Nothing to take back:[/] only your own actions in this turn, "
                               "before anything was revealed or drawn.")
            return False
        self.state.undo(seat)
        self.seen[seat] = min(self.seen[seat], len(self.state.log))
        self.console.print("[yellow]Taken back.[/]")
        return True

    # --- screens -----------------------------------------------------------------

    def hand_over(self, seat: int) -> None:
        if self.humans < 2 or self.at_keyboard == seat:
            return
        self.console.clear()
        self.console.print(Panel(f"Pass the keyboard to [bold]{escape(self.seats[seat].name)}[/] (seat {seat}).\n"
                                 "Press Enter when nobody else can see the screen."))
        self.read("")
        self.console.clear()
        self.at_keyboard = seat

    def show(self, seat: int) -> None:
        entries = self.state.log_for(seat)
        news = entries[self.seen[seat]:]
        self.seen[seat] = len(entries)
        view = self.state.view(seat)
        self.console.print(Panel(escape(self.game.render_text(view)),
                                 title=f"{escape(self.game.title)} — {escape(self.seats[seat].name)}, seat {seat}"))
        if news:
            self.console.print("[bold]Since your last move:[/]")
            for entry in news[-12:]:
                self.console.print("  " + escape(self.game.describe_event(entry)))
        decision = self.state.decision(seat)
        self.console.print(f"[bold]{escape(decision.prompt)}[/]")
        table = Table(show_header=False, box=None)
        for number, action in enumerate(decision.actions, 1):
            words = self.game.describe_action(action)
            typed = f"[dim]{escape(action.id)}[/]" if words != action.id else ""
            table.add_row(f"[bold]{number:>3}[/]", escape(words), typed)
        self.console.print(table)
        self.console.print(f"[dim]{COMMANDS}[/]")

    def show_help(self, seat: int) -> None:
        decision = self.state.decision(seat)
        self.console.print(Panel(escape(self.game.summary.strip()), title=f"{escape(self.game.title)}: the rules"))
        rulings = self.game.rulings_for(decision.kind)
        if rulings:
            self.console.print(f"[bold]Rulings that bear on this decision ({escape(decision.kind)}):[/]")
            for ruling in rulings:
                self.console.print(f"  [bold]{ruling.id}[/] ({ruling.source}) {escape(ruling.title)}: {escape(ruling.text)}")
        self.console.print(f"[dim]{COMMANDS}[/]")

    def finish(self) -> None:
        viewer = next((i for i, s in enumerate(self.seats) if s.human), None) if self.humans == 1 else None
        self.console.print(Panel(escape(self.game.render_text(self.state.view(viewer))), title="Game over"))
        result = self.state.result()
        table = Table(title="Result")
        for column in ("seat", "player", "score", "rank"):
            table.add_column(column)
        for seat in sorted(range(len(self.seats)), key=lambda s: result.ranking[s]):
            table.add_row(str(seat), escape(self.seats[seat].name), str(result.scores[seat]), str(result.ranking[seat]))
        self.console.print(table)
        if result.tiebreak:
            self.console.print(f"First place was decided by the tie-breaker: {escape(result.tiebreak)}.")
        self.save()

    # --- records -----------------------------------------------------------------

    def save(self) -> None:
        record: dict[str, Any] = self.state.record()
        record["seats"] = [seat.spec for seat in self.seats]
        self.record_path.parent.mkdir(parents=True, exist_ok=True)
        self.record_path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        self.console.print(f"Record saved to {escape(str(self.record_path))} "
                           f"(continue with: headframe play --resume {escape(str(self.record_path))})")

    def ask_yes(self, question: str) -> bool:
        try:
            return self.read(question).strip().lower() not in ("n", "no")
        except EOFError:
            return True


def default_record_path(game_name: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return Path("headframe-records") / f"{game_name}-{stamp}.json"

