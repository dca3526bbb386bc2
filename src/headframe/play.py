"""Playing at a terminal: any mix of people and bots, hot seat included.

People see only their own seat's view; between two people at one keyboard a
hand-over screen hides the last one's hand. Every finished game writes its
record (by default in the user's data directory); `s` saves at any time, `q`
and Ctrl-C offer to save (Ctrl-C saves).

All game text is printed escaped (never read as Rich markup), inside `naming`,
so the log, the menus and the board read the players' names, each printed in
its seat's colour. Long lists of choices are grouped by kind and numbered by
the game's fixed action space (`numbered`), so a number keeps its action. A
choice is typed by its number or by some of its words ("bid 8", "bid:8":
`typed_action`); below the board, the choices are shown as many as fit the
screen at a time, `more` showing the next ones (`pages`).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from headframe.agents import Agent, InformationSet, make_agent
from headframe.agents.hints import hint
from headframe.engine import (
    Action,
    Entry,
    Game,
    HeadframeError,
    IllegalAction,
    Rng,
    State,
    naming,
    seat_colour,
    seat_colour_name,
    seat_label,
    seat_number,
)

BOT_PACE_S = 0.8
HINT_SECONDS = 1.0
LONG_LIST = 20  # more choices than this are grouped by kind, with the action space's numbers
NEWS_SHARE = 4  # the news of others' moves above the choices takes at most a quarter of the screen
CHOICES_SHARE = 2  # a page of choices at most half: the end of the board stays in sight above them
FEWEST_CHOICES = 4  # a page of choices shows at least this many lines, on the smallest screen
COMMANDS = ("a number or a choice's words to play · more: the next choices · h what the bot would do"
            " · ? rules · ? name: a card or space · u undo · s save · q quit")
NUMBERING = (f"Lists of more than {LONG_LIST} choices are grouped by kind, and there each choice's number is its "
             "place in the game's fixed list of every action it can offer: an action keeps its number from one "
             "such decision to the next, whatever else is offered. Shorter lists are numbered from 1. "
             "A list longer than the screen is shown a page at a time: `more` shows the next page.")
WORD = re.compile(r"[^\W_]+")  # letters and digits: "Bid £8" is "bid 8", "bid:8" too


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
    return [Seat(seat_name(spec, index), spec, None if person(spec) else make_agent(spec, game, seed * 31 + index))
            for index, spec in enumerate(specs)]


def person(spec: str) -> bool:
    return spec == "you" or (spec.startswith("human:") and bool(spec[6:].strip()))


def seat_name(spec: str, seat: int) -> str:
    """The name a seat spec plays under: "Seat 1" for "you" (a name, not a pronoun:
    the log reads "Seat 1 bids"), the person's, or "Heuristic 2" for a heuristic bot
    in the second seat."""
    if spec == "you":
        return seat_label(seat)
    if person(spec):
        return spec[6:].strip()
    return f"{spec.partition(':')[0].capitalize()} {seat_number(seat)}"


def who(seat: int) -> str:
    """The seat's name (`seat_label`), escaped, in the seat's colour: Rich markup."""
    return f"[bold {seat_colour(seat)}]{escape(seat_label(seat))}[/]"


def numbered(game: Game, players: int, actions: Sequence[Action]) -> list[tuple[int, Action]]:
    """The number a person types for each choice, in the order shown. A long list
    is numbered by the game's action space (its fixed list of every action, where
    each kind's actions sit together in a fixed order), so an action keeps its
    number at every such decision; a short one from 1."""
    if len(actions) <= LONG_LIST or not game.learning.has_action_space():
        return list(enumerate(actions, 1))
    space = game.learning.action_space(players)
    return sorted(((space.index(action) + 1, action) for action in actions), key=lambda pair: pair[0])


def kind_heading(kind: str) -> str:
    """ "Build mine" for the action kind "build_mine"."""
    return kind.replace("_", " ").capitalize()


def readable(text: str) -> Markdown:
    """Rule text as Markdown for the terminal, keeping its line breaks."""
    return Markdown("\n".join(line.rstrip() + "  " for line in text.strip().splitlines()))


def typing(game: Game, menu: list[tuple[int, Action]]) -> str:
    """How to type a choice, shown with one of the choices offered."""
    how = "Type a choice's number, or some of its words in their order"
    for number, action in menu:
        said = game.presentation.describe_action(action)
        short = words(action.kind) + [word for word in words(said) if word.isdigit()]
        if short != words(action.kind) and meant(game, menu, short) == [(number, action)]:
            return f"{how}, with spaces or colons between them: '{' '.join(short)}' or '{':'.join(short)}' for \"{said}\"."
    said = game.presentation.describe_action(menu[0][1])
    return f"{how}: '{' '.join(words(said))}' for \"{said}\"."


def rows(game: Game, menu: list[tuple[int, Action]]) -> list[tuple[str, str]]:
    """The choices as (number, text) rows; a long list under a heading per action kind."""
    grouped = len(menu) > LONG_LIST
    listed: list[tuple[str, str]] = []
    kind = None
    for number, action in menu:
        if grouped and action.kind != kind:
            kind = action.kind
            listed.append(("", f"[bold underline]{escape(kind_heading(kind))}[/]"))
        listed.append((f"[bold]{number:>3}[/]", escape(game.presentation.describe_action(action))))
    return listed


def listing(lines: Sequence[tuple[str, str]]) -> Table:
    table = Table(show_header=False, box=None)
    for number, text in lines:
        table.add_row(number, text)
    return table


def choices(game: Game, menu: list[tuple[int, Action]]) -> RenderableType:
    """The numbered choices; a long list under a heading per action kind."""
    return listing(rows(game, menu))


def height(console: Console, renderable: RenderableType) -> int:
    """The lines a renderable takes on the console."""
    return len(console.render_lines(renderable, console.options, pad=False))


def pages(console: Console, lines: list[tuple[str, str]], room: int) -> list[list[tuple[str, str]]]:
    """The rows in pages of at most `room` screen lines; a page that starts inside
    a kind's choices repeats the kind's heading."""
    paged: list[list[tuple[str, str]]] = [[]]
    used = 0
    heading: tuple[str, str] | None = None
    for line in lines:
        if not line[0]:
            heading = line
        tall = height(console, listing([line]))
        if paged[-1] and used + tall > room:
            paged.append([heading] if heading and line is not heading else [])
            used = len(paged[-1])
        paged[-1].append(line)
        used += tall
    return paged


def words(text: str) -> list[str]:
    return WORD.findall(text.casefold())


def fits(typed: list[str], said: list[str]) -> bool:
    """Whether every typed word is among the said ones, in the same order."""
    rest = iter(said)
    return all(word in rest for word in typed)


def typed_action(game: Game, menu: list[tuple[int, Action]], text: str) -> Action:
    """The action a person typed: its number in the menu shown, some of its words
    in their order ("bid 8", "bid:8", "mine st ives"), or its JSON."""
    if text.isdigit():
        return chosen(menu, int(text))
    if text.lstrip().startswith("{"):
        return game.parse_action(text)
    found = meant(game, menu, words(text))
    if len(found) == 1:
        return found[0][1]
    if found:
        shown = "; ".join(f"{number} {game.presentation.describe_action(action)}" for number, action in found[:6])
        more = f" and {len(found) - 6} more" if len(found) > 6 else ""
        raise IllegalAction(f"'{text}' fits {len(found)} choices ({shown}{more}): type more of the words of "
                            "the one you mean, or its number.")
    raise IllegalAction(f"No choice reads '{text}'. {typing(game, menu)}")


def meant(game: Game, menu: list[tuple[int, Action]], typed: list[str]) -> list[tuple[int, Action]]:
    """The choices typed words may mean: those whose words hold them in order,
    or of those the one they are the whole of."""
    found = [(number, action) for number, action in menu
             if fits(typed, words(action.kind) + words(game.presentation.describe_action(action)))]
    whole = [(number, action) for number, action in found if words(game.presentation.describe_action(action)) == typed]
    return whole if len(whole) == 1 else found


def chosen(menu: list[tuple[int, Action]], number: int) -> Action:
    action = dict(menu).get(number)
    if action is not None:
        return action
    if len(menu) <= LONG_LIST:
        raise IllegalAction(f"choose a number from 1 to {len(menu)}")
    raise IllegalAction(f"no choice has the number {number} now: choose one of the numbers shown")


class Quit(Exception):
    """The person at the keyboard chose to stop."""


class TerminalGame:
    """One game at one terminal."""

    def __init__(self, state: State, seats: list[Seat], console: Console, read: Callable[[str], str] = input,
                 fast: bool = False, record_path: Path | None = None, seed: int = 0,
                 hint_seconds: float = HINT_SECONDS) -> None:
        self.state = state
        self.game = state.game
        self.seats = seats
        self.console = console
        self.read = read
        self.fast = fast
        self.record_path = record_path or default_record_path(self.game.name)
        self.rng = Rng(seed ^ 0x5EA7)
        self.hint_rng = Rng(seed ^ 0x4147)  # apart from the bots' stream: asking for hints changes no bot's play
        self.hint_seconds = hint_seconds
        self.seen = [0] * len(seats)  # per seat: the entries of its log shown to it
        self.told = 0  # the entries of the viewer's log told after bots' moves
        self.at_keyboard: int | None = None
        self.paged: list[list[tuple[str, str]]] = []  # the choices on show, a screen's page at a time
        self.page = 0
        self.humans = sum(seat.human for seat in seats)

    # --- the game loop -----------------------------------------------------------

    def run(self) -> State:
        with naming([seat.name for seat in self.seats]):
            self.introduce()
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

    def introduce(self) -> None:
        players = ", ".join(self.called(seat, seat_colour_name(seat)) for seat in range(len(self.seats)))
        self.console.print(f"[bold]{escape(self.game.title)}[/]: {players}")
        self.tell(None)

    def tell(self, seat: int | None) -> None:
        """What happened since the last telling (after a bot's move: what it showed),
        as the log tells the one person at the keyboard (everyone's public log when
        several share it): never a bot's move itself, which may be a sealed commitment."""
        viewer = self.viewer()
        entries = self.state.log_for(viewer)
        news = entries[min(self.told, len(entries)):]
        self.told = len(entries)
        if viewer is not None:
            self.seen[viewer] = self.told
        if news:
            self.console.print(f"{who(seat)} moved:" if seat is not None else "[bold]So far:[/]")
            for entry in news[-12:]:
                self.console.print("  " + escape(self.game.presentation.describe_event(entry)))

    def bot_turn(self, seat: int) -> None:
        agent = self.seats[seat].agent
        assert agent is not None  # a bot's seat
        action = agent.choose(InformationSet(self.state, seat, self.rng))
        self.state.apply(seat, action)
        self.tell(seat)
        if self.humans and not self.fast:
            time.sleep(BOT_PACE_S)

    def viewer(self) -> int | None:
        """The one person's seat, or None (everyone's public view) for none or several."""
        return next((i for i, s in enumerate(self.seats) if s.human), None) if self.humans == 1 else None

    def human_turn(self, seat: int) -> None:
        self.hand_over(seat)
        self.show(seat)
        while True:
            text = self.read(f"{seat_label(seat)}> ").strip()
            if not text:
                continue
            if text == "?" or text.startswith("? "):
                self.show_help(seat, text[1:].strip())
            elif text == "more":
                self.show_more()
            elif text == "h":
                self.show_hint(seat)
            elif text == "u":
                if self.take_back(seat):
                    return
            elif text == "s":
                self.save()
            elif text == "q":
                raise Quit
            elif self.play(seat, text):
                self.told = len(self.state.log_for(self.viewer()))  # one's own move is not told back
                return

    def menu(self, seat: int) -> list[tuple[int, Action]]:
        return numbered(self.game, self.state.players, self.state.decision(seat).actions)

    def play(self, seat: int, text: str) -> bool:
        try:
            self.state.apply(seat, typed_action(self.game, self.menu(seat), text))
        except IllegalAction as exc:
            self.console.print(Text(str(exc), style="red"))
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
        self.console.print(Panel(f"Pass the keyboard to {self.called(seat)}.\n"
                                 "Press Enter when nobody else can see the screen."))
        self.read("")
        self.console.clear()
        self.at_keyboard = seat

    def called(self, seat: int, *details: str) -> str:
        """The seat's name in its colour, then in brackets its number (unless its
        name is that number: "Seat 2") and any details."""
        said = ([] if self.seats[seat].spec == "you" else [f"Seat {seat_number(seat)}"]) + list(details)
        return who(seat) + (f" ({', '.join(said)})" if said else "")

    def show(self, seat: int) -> None:
        """The board, then what others did, the decision and as many choices as fit
        below them on the screen, with `more` for the rest."""
        entries = self.state.log_for(seat)
        news = entries[self.seen[seat]:]
        self.seen[seat] = len(entries)
        self.console.print(Rule(f"[bold]{escape(self.game.title)}[/] — {self.called(seat)}"))
        self.console.print(escape(self.game.presentation.render_text(self.state.view(seat))))
        told = self.since(news[-max(1, self.console.size.height // NEWS_SHARE - 1):])
        prompt = Text(self.state.decision(seat).prompt, style="bold")
        self.console.print(told, prompt)
        self.paged = pages(self.console, rows(self.game, self.menu(seat)), self.room(told, prompt))
        self.page = 0
        self.show_page()

    def room(self, *above: RenderableType) -> int:
        """The screen lines a page of choices may take: what the news and the decision
        above it, the footer and the input line below it leave, at most half the screen."""
        screen = self.console.size.height
        left = screen - 1 - sum(height(self.console, part) for part in (*above, self.footer(True)))
        return max(min(left, screen // CHOICES_SHARE), FEWEST_CHOICES)

    def since(self, news: list[dict[str, Any]]) -> Group:
        """What others did since the seat's last move."""
        if not news:
            return Group()
        return Group(Text("Since your last move:", style="bold"),
                     *(Text("  " + self.game.presentation.describe_event(entry)) for entry in news))

    def show_more(self) -> None:
        """The next page of choices, after the last the first again."""
        self.page = (self.page + 1) % len(self.paged)
        self.show_page()

    def show_page(self) -> None:
        self.console.print(listing(self.paged[self.page]))
        self.console.print(self.footer(len(self.paged) > 1))

    def footer(self, paged: bool) -> Text:
        after = "next" if self.page + 1 < len(self.paged) else "first again"
        page = f"Page {self.page + 1} of {len(self.paged)} of the choices: type more for the {after}.\n" if paged else ""
        return Text(page + COMMANDS, style="dim")

    def show_hint(self, seat: int) -> None:
        """What the game's ISMCTS would do here, searching the seat's information set only."""
        self.console.print(f"[dim]The bot thinks for {self.hint_seconds:g} s...[/]")
        choices = hint(self.state, seat, self.hint_seconds, self.hint_rng.next64() >> 1)
        numbers = {action: number for number, action in self.menu(seat)}
        parts = [f"{rank}. {escape(self.game.presentation.describe_action(action))} {round(100 * share)}% "
                 f"[dim](number {numbers[action]})[/]" for rank, (action, share) in enumerate(choices, 1)]
        self.console.print("The bot would: " + "  ".join(parts))

    def show_help(self, seat: int, words: str = "") -> None:
        if words:
            self.explain(words)
            return
        decision = self.state.decision(seat)
        parts: list[RenderableType] = [Panel(readable(self.game.summary), title=f"{escape(self.game.title)}: the rules")]
        parts += [Panel(readable(section.text), title=f"The rulebook: {escape(section.heading)}")
                  for section in self.game.rulebook_for(decision.kind)]
        parts.append(Text(f"Where each rule comes from: headframe rules {self.game.name}", style="dim"))
        parts += [Text(typing(self.game, self.menu(seat))), Text(NUMBERING),
                  Text(COMMANDS, style="dim")]
        if self.console.is_terminal:
            with self.console.pager():
                self.console.print(Group(*parts))
        else:
            self.console.print(Group(*parts))

    def explain(self, words: str) -> None:
        """`? single house`: what a card, tile, building or space does, from the game's glossary."""
        found = self.game.presentation.glossary.find(words)
        if not found:
            self.console.print(f"There is no card or space called {escape(repr(words))} in {escape(self.game.title)}.")
        elif len({entry.name.casefold() for entry in found}) == 1:
            for entry in found:
                self.console.print(entry_panel(entry, self.game.name))
        else:
            self.console.print(f"Several things match {escape(repr(words))}: type ? and one of these names.")
            for entry in found:
                self.console.print(f"  [bold]{escape(entry.name)}[/] ({escape(entry.kind)})")

    def finish(self) -> None:
        self.console.print(Rule("[bold]Game over[/]"), escape(self.game.presentation.render_text(self.state.view(self.viewer()))))
        result = self.state.result()
        table = Table(title="Result")
        for column in ("seat", "player", "score", "rank"):
            table.add_column(column)
        for seat in sorted(range(len(self.seats)), key=lambda s: result.ranking[s]):
            table.add_row(str(seat_number(seat)), who(seat), str(result.scores[seat]), str(result.ranking[seat]))
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


def entry_panel(entry: Entry, game_name: str) -> Panel:
    """A glossary entry in full: name, kind, text, and for a text that is not the printed one where
    its source is told (issue 53: not in the game's words)."""
    body = Text(entry.text)
    if not entry.printed:
        body.append(f"\n(not the printed text: see `headframe rules {game_name}`)", style="italic")
    return Panel(body, title=f"[bold]{escape(entry.name)}[/] ({escape(entry.kind)})", title_align="left")


def records_dir() -> Path:
    """Where terminal games save their records: the user's data directory."""
    return Path(platformdirs.user_data_dir("headframe")) / "records"


def default_record_path(game_name: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return records_dir() / f"{game_name}-{stamp}.json"
