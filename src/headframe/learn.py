"""Learning a game at the terminal: `headframe learn GAME` plays the game's guided
first game (engine/tutorial.py). The learner sees their own board and log, as in
`headframe play`, and at every step the tutorial's comment with the rules it cites;
Enter plays a bot's step, the learner makes the move the step asks for (another is
refused, saying why), `b` steps back, `?` shows the cited rules, `q` quits, and the
end shows the summary of the rules met."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from headframe.engine import IllegalAction, naming, seat_colour_name, seat_label
from headframe.engine.components import Ruling
from headframe.engine.tutorial import Lesson, Tutorial
from headframe.play import Quit, choices, numbered, readable, typed_action, who

COMMANDS = "Enter the next step · your move by number or typed action · b back · ? the rules cited · q quit"
LOG_LINES = 12  # the most log entries shown after a step


class TerminalLesson:
    """One tutorial at one terminal."""

    def __init__(self, tutorial: Tutorial, console: Console, read: Callable[[str], str] = input) -> None:
        self.tutorial = tutorial
        self.game = tutorial.game
        self.console = console
        self.read = read
        self.step = 0
        self.seen = 0  # the learner's log entries shown
        self.shown: int | None = None  # the step last shown

    def run(self) -> None:
        with naming(self.tutorial.names):
            learner = self.tutorial.learner
            self.console.print(f"[bold]{escape(self.tutorial.title)}[/]: you are {who(learner)} "
                               f"({seat_colour_name(learner)}); the other seats are bots whose moves the tutorial plays.")
            self.console.print(self.comment("How the game goes", self.tutorial.opening))
            try:
                while self.turn():
                    pass
            except (Quit, KeyboardInterrupt, EOFError):
                self.console.print("\nStopped. Start again with: headframe learn " + escape(self.game.name))

    def turn(self) -> bool:
        """Show the step and take one command; False once the learner leaves the end."""
        steps = self.tutorial.steps
        if self.shown != self.step:
            self.show()
            self.shown = self.step
        if self.step == len(steps):
            self.finish()
            if self.read("b to step back, Enter to leave> ").strip().lower() != "b":
                return False
            self.back()
            return True
        text = self.read(f"step {self.step + 1}> ").strip()
        mine = steps[self.step].seat == self.tutorial.learner
        if text.lower() == "q":
            raise Quit
        if text.lower() == "b":
            self.back()
        elif text == "?":
            self.show_rules(steps[self.step].lesson, self.tutorial.opening if self.step == 0 else None)
        elif not mine:
            if text:
                self.console.print(f"This step is {who(steps[self.step].seat)}'s move: press Enter to see it.")
            else:
                self.step += 1
        elif text:
            self.move(text)
        else:
            self.console.print("This step is your move: type its number.")
        return True

    def back(self) -> None:
        if self.step == 0:
            self.console.print("This is the first step.")
            return
        self.step -= 1
        self.seen = min(self.seen, len(self.tutorial.state_at(self.step).log_for(self.tutorial.learner)))
        self.console.print("[yellow]One step back.[/]")

    def move(self, text: str) -> None:
        state = self.tutorial.state_at(self.step)
        menu = numbered(self.game, state.players, state.decision(self.tutorial.learner).actions)
        try:
            answer = self.tutorial.answer(self.step, typed_action(self.game, menu, text))
        except IllegalAction as exc:
            self.console.print(f"[red]{escape(str(exc))}[/] ({COMMANDS})")
            return
        if answer.accepted:
            self.console.print("[green]Yes.[/]")
            self.step += 1
        else:
            self.console.print(Text(answer.message, style="red"))

    # --- screens -----------------------------------------------------------------

    def show(self) -> None:
        learner, steps = self.tutorial.learner, self.tutorial.steps
        state = self.tutorial.state_at(self.step)
        self.console.print(Panel(escape(self.game.presentation.render_text(state.view(learner))),
                                 title=f"{escape(self.game.title)} — {who(learner)}"))
        entries = state.log_for(learner)
        news, self.seen = entries[self.seen:], len(entries)
        if news:
            self.console.print("[bold]What happened:[/]")
            for entry in news[-LOG_LINES:]:
                self.console.print("  " + escape(self.game.presentation.describe_event(entry)))
        if self.step == len(steps):
            return
        step = steps[self.step]
        mover = "your move" if step.seat == learner else f"{seat_label(step.seat)}'s move"
        self.console.print(self.comment(f"Step {self.step + 1} of {len(steps)}: {mover}", step.lesson))
        if step.seat == learner:
            self.console.print(f"[bold]{escape(state.decision(learner).prompt)}[/]")
            self.console.print(choices(self.game, numbered(self.game, state.players, state.decision(learner).actions)))
        self.console.print(f"[dim]{COMMANDS}[/]")

    def comment(self, title: str | None, lesson: Lesson) -> Panel:
        """A comment in a panel: its text, what it is about, and the rules it cites."""
        parts: list[RenderableType] = [Text(lesson.text)]
        if lesson.element:
            parts.append(Text(f"About: {self.game.presentation.glossary[lesson.element].name}", style="italic"))
        parts.append(Text("Rules: " + "; ".join(self.citation(reference) for reference in lesson.rules), style="dim"))
        return Panel(Group(*parts), title=escape(title) if title else None, title_align="left")

    def citation(self, reference: str) -> str:
        """A rulebook heading as it is printed; a ruling as its id, source label and title."""
        cited = self.tutorial.cited(reference)
        return f"{cited.id} ({cited.source}) {cited.title}" if isinstance(cited, Ruling) else cited.heading

    def show_rules(self, *lessons: Lesson | None) -> None:
        """The text of the rulebook sections and the rulings the comments shown cite."""
        cited = dict.fromkeys(reference for lesson in lessons if lesson for reference in lesson.rules)
        for reference in cited:
            text = self.tutorial.cited(reference).text
            self.console.print(Panel(readable(text), title=escape(self.citation(reference)), title_align="left"))

    def finish(self) -> None:
        self.console.print("[bold]The tutorial is over. The rules you met:[/]")
        for lesson in self.tutorial.summary:
            self.console.print(self.comment(None, lesson))
        over = "The game is over." if self.tutorial.state_at(self.step).is_over() else ""
        self.console.print(f"{over} Play a real game: headframe play {escape(self.game.name)}".strip())
