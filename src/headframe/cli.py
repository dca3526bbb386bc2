"""The `headframe` command."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from headframe import turn_graph
from headframe.deploy import deploy_app
from headframe.engine import (
    Game,
    HeadframeError,
    Rng,
    State,
    comments_at,
    game_names,
    load_game,
    load_position,
    load_record,
    naming,
    replay,
    seat_label,
)
from headframe.engine.sources import LABELS
from headframe.engine.sources import as_text as sources_text

app = typer.Typer(help="headframe: four mining-industry board games, played by their complete rules.",
                  no_args_is_help=True, add_completion=False)
position_app = typer.Typer(help="Positions: a whole game state as JSON, like a chess FEN.", no_args_is_help=True)
app.add_typer(position_app, name="position")
app.command()(turn_graph.flow)
app.add_typer(deploy_app, name="deploy")
console = Console(highlight=False, emoji=False)  # game text is never markup: ":convenience_store:" stays typed

ComponentsOption = typer.Option(None, "--components", help="Your own component data file for the game.")


def fail(message: str) -> NoReturn:
    console.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(2)


def open_game(name: str, components: Path | None = None) -> Game:
    try:
        game = load_game(name, components)
        game.components  # noqa: B018 (load and validate now, so a bad file is named at once)
        return game
    except HeadframeError as exc:
        fail(str(exc))


def parse_options(game: Game, assignments: list[str]) -> dict[str, Any]:
    options = {}
    for text in assignments:
        try:
            name, value = game.Options.parse_assignment(text)
        except HeadframeError as exc:
            fail(str(exc))
        options[name] = value
    return options


@app.command()
def games() -> None:
    """The registered games, their player counts and options."""
    table = Table(title="headframe games")
    table.add_column("game")
    table.add_column("players", no_wrap=True)
    table.add_column("options (name = default, then the choices)", overflow="fold")  # wrapped, never cut
    for name in game_names():
        try:
            game = load_game(name)
        except HeadframeError as exc:
            table.add_row(name, "", f"[red]{escape(str(exc))}[/]")
            continue
        options = "\n".join(
            f"{o['name']} = {o['default']}" + (f"\n  ({' / '.join(map(str, o['choices']))})" if o["choices"] else "")
            for o in game.Options.describe()
        )
        table.add_row(f"{name}\n[dim]{escape(game.title)}[/]", player_counts(game.players),
                      escape(options) or "-")
    console.print(table)


def player_counts(counts: tuple[int, ...]) -> str:
    """ "2-6" for 2, 3, 4, 5 and 6 players; "2, 4" otherwise."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


@app.command()
def rules(name: str, components: Path | None = ComponentsOption) -> None:
    """A game's rule summary, options, and where each rule comes from: its rulings and the sources of its data."""
    game = open_game(name, components)
    console.print(f"[bold]{escape(game.title)}[/] — {', '.join(map(str, game.players))} players\n")
    console.print(escape(game.summary.strip()) + "\n")
    if game.Options.describe():
        table = Table(title="Options")
        for column in ("option", "default", "allowed", "help"):
            table.add_column(column)
        for o in game.Options.describe():
            allowed = "/".join(map(str, o["choices"])) if o["choices"] else (
                f">= {o['minimum']}" if o["minimum"] is not None else "")
            table.add_row(escape(o["name"]), escape(str(o["default"])), escape(allowed), escape(o["help"]))
        console.print(table)
    console.print("\n" + sources_text(game), markup=False, highlight=False, soft_wrap=True)  # the Sources page
    sources = Table(title="Component data and their sources")
    sources.add_column("section")
    sources.add_column("source")
    for section, value in game.components.items():  # in words: "event cards 19th", "Invented"
        if isinstance(value, dict) and "source" in value:
            sources.add_row(escape(section.replace("_", " ")), escape(LABELS.get(value["source"], str(value["source"]))))
    if game.components.get("source"):
        whole = game.components["source"]
        sources.add_row("(whole file)", escape(LABELS.get(whole, str(whole))))
    console.print(sources)


def print_log(state: State, start: int, seat: int | None = None) -> int:
    entries = state.log_for(seat)
    for entry in entries[start:]:
        console.print("  " + escape(state.game.presentation.describe_event(entry)))
    return len(entries)


def print_result(state: State) -> None:
    result = state.result()
    table = Table(title="Result")
    for column in ("seat", "score", "rank"):
        table.add_column(column)
    for seat, (score, rank) in enumerate(zip(result.scores, result.ranking)):
        table.add_row(escape(seat_label(seat)), str(score), str(rank))
    console.print(table)
    if result.tiebreak:
        console.print(f"First place decided by the tie-breaker: {escape(result.tiebreak)}")


@app.command("random")
def random_game(
    name: str,
    players: int = typer.Option(..., "--players", "-p", help="How many players."),
    seed: int = typer.Option(0, "--seed", "-s", help="The game's seed."),
    option: list[str] = typer.Option([], "--option", "-o", help="An option, name=value (repeatable)."),
    record: Path | None = typer.Option(None, "--record", help="Write the game's record to this file."),
    components: Path | None = ComponentsOption,
) -> None:
    """Play a random game and print its log."""
    game = open_game(name, components)
    try:
        state = game.new_state(players, seed, parse_options(game, option))
    except HeadframeError as exc:
        fail(str(exc))
    rng = Rng(seed)
    shown = print_log(state, 0)
    while not state.is_over():
        seat = rng.choice(state.to_move())
        action = rng.choice(state.decision(seat).actions)
        console.print(f"[dim]{escape(seat_label(seat))}:[/] {escape(game.presentation.describe_action(action))}")
        state.apply(seat, action)
        shown = print_log(state, shown)
    console.print(escape(game.presentation.render_text(state.view(None))))
    print_result(state)
    if record:
        record.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
        console.print(f"record written to {escape(str(record))}")


@app.command("replay")
def replay_record(
    path: Path,
    step: bool = typer.Option(False, "--step", help="Pause after every action (Enter to go on, q to stop)."),
    seat_number: int | None = typer.Option(None, "--seat", help="Show the game as this seat saw it (1 for the first)."),
) -> None:
    """Print a recorded game, or step through it."""
    try:
        record = load_record(path)
        game = load_game(record["game"])
        state = replay(record, game, upto=0)  # the record checked whole, its comments too; the game as set up
    except HeadframeError as exc:
        fail(str(exc))
    seat = chosen_seat(state, seat_number)
    with naming(record_names(record)):
        print_replay(state, record, seat, step)


def chosen_seat(state: State, number: int | None) -> int | None:
    """The 0-based seat of a `--seat` people count from 1."""
    if number is None:
        return None
    if not 1 <= number <= state.players:
        fail(f"there is no seat {number}: seats are 1 to {state.players}")
    return number - 1


def record_names(record: dict[str, Any]) -> list[str | None]:
    """The players' names a record keeps (the server's seats, or the terminal's seat specs)."""
    from headframe.play import seat_name

    seats = record.get("seats")
    if not isinstance(seats, list):
        return []
    names: list[str | None] = []
    for index, seat in enumerate(seats):
        if isinstance(seat, dict) and isinstance(seat.get("name"), str):
            names.append(seat["name"])
        elif isinstance(seat, str):
            names.append(seat_name(seat, index))
        else:
            names.append(None)
    return names


def print_replay(state: State, record: dict[str, Any], seat: int | None, step: bool) -> None:
    game = state.game
    shown = print_log(state, 0, seat)
    print_comments(game, record, 0)
    for index, item in enumerate(record["actions"]):
        try:
            action = game.parse_action(item["action"])
            state.apply(item["seat"], action)
        except HeadframeError as exc:
            fail(f"actions[{index}]: {exc}")
        said = game.presentation.describe_action(action)
        console.print(f"[dim]{index + 1}. {escape(seat_label(item['seat']))}:[/] {escape(said)}")
        shown = print_log(state, shown, seat)
        print_comments(game, record, index + 1)
        if step:
            console.print(escape(game.presentation.render_text(state.view(seat))))
            if input("-- Enter for the next action, q to stop: ").strip().lower() == "q":
                return
    console.print(escape(game.presentation.render_text(state.view(seat))))
    if state.is_over():
        print_result(state)


def print_comments(game, record: dict[str, Any], step: int) -> None:
    """An annotated replay's comments at a step, each with the thing it points at."""
    for comment in comments_at(record, step):
        about = f" (about {game.presentation.glossary[comment['element']].name})" if "element" in comment else ""
        console.print(f"[italic]  Comment{escape(about)}: {escape(comment['text'])}[/]")


def load_position_file(path: Path) -> State:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{path}: cannot read: {exc}")
    try:
        return load_position(text)
    except HeadframeError as exc:
        fail(f"{path}: {exc}")


@position_app.command("show")
def position_show(
    path: Path,
    seat_number: int | None = typer.Option(None, "--seat", help="Show it as this seat sees it (1 for the first)."),
    as_json: bool = typer.Option(False, "--json", help="Print the view as JSON."),
) -> None:
    """Show a position: whose move, the legal actions, the board."""
    state = load_position_file(path)
    seat = chosen_seat(state, seat_number)
    view = state.view(seat)
    if as_json:
        console.print_json(json.dumps(view))
        return
    console.print(escape(state.game.presentation.render_text(view)))
    for waiting in state.to_move():
        if seat is None or seat == waiting:
            decision = state.decision(waiting)
            console.print(f"{escape(seat_label(waiting))} — {escape(decision.prompt)}:")
            for action in decision.actions:
                console.print(f"  {escape(action.id)}  {escape(state.game.presentation.describe_action(action))}")
    if state.is_over():
        print_result(state)


@position_app.command("save")
def position_save(record_path: Path, out: Path, upto: int | None = typer.Option(
        None, "--upto", help="Stop after this many actions.")) -> None:
    """Write the position reached by a record (or its first N actions)."""
    try:
        state = replay(load_record(record_path), upto=upto)
    except HeadframeError as exc:
        fail(str(exc))
    out.write_text(state.to_json() + "\n", encoding="utf-8")
    console.print(f"position after {len(state.history)} actions written to {escape(str(out))}")


DEFAULT_GAME = "ore-city"
DEFAULT_SEATS = "you,heuristic,heuristic"


@app.command()
def play(
    name: str | None = typer.Argument(None, help=f"The game (default: {DEFAULT_GAME})."),
    seats: str | None = typer.Option(None, "--seats", help="Comma-separated: you, human:Name, or an agent "
                                        f"spec (random, heuristic, ismcts:time=1.0). Default: {DEFAULT_SEATS}."),
    seed: int | None = typer.Option(None, "--seed", "-s", help="The game's seed (default: random)."),
    option: list[str] = typer.Option([], "--option", "-o", help="An option, name=value (repeatable)."),
    resume: Path | None = typer.Option(None, "--resume", help="Continue a saved game from its record."),
    record: Path | None = typer.Option(None, "--record", help="Where to save the record (default: a file in "
                                       "the user's data directory, its path printed at the end)."),
    fast: bool = typer.Option(False, "--fast", help="Do not pause after the bots' moves."),
) -> None:
    """Play at the terminal, against bots or friends (hot seat)."""
    from headframe.play import SeatError, TerminalGame, make_seats, split_seats

    try:
        if resume is not None:
            saved = load_record(resume)
            state = replay(saved)
            seat_specs = split_seats(seats) if seats else saved.get("seats")
            if not isinstance(seat_specs, list) or not all(isinstance(s, str) for s in seat_specs):
                fail(f"{resume}: the record names no seats; give them with --seats")
            chosen_seed = saved["seed"]
            record = record or resume
        else:
            game = open_game(name or (DEFAULT_GAME if DEFAULT_GAME in game_names() else game_names()[0]))
            seat_specs = split_seats(seats or DEFAULT_SEATS)
            chosen_seed = seed if seed is not None else Rng(time.time_ns()).below(10**6)
            state = game.new_state(len(seat_specs), chosen_seed, parse_options(game, option))
        table = TerminalGame(state, make_seats(seat_specs, state.game, chosen_seed), console,
                             fast=fast, record_path=record, seed=chosen_seed)
    except (HeadframeError, SeatError) as exc:
        fail(str(exc))
    table.run()


@app.command()
def learn(name: str = typer.Argument(..., help="The game to learn.")) -> None:
    """A guided first game: a scripted game against bots, a comment at every step with the rules it cites."""
    from headframe.engine.tutorial import load_tutorial
    from headframe.learn import TerminalLesson

    game = open_game(name)
    try:
        tutorial = load_tutorial(game)
    except HeadframeError as exc:
        fail(str(exc))
    if tutorial is None:
        fail(f"{game.title} has no guided first game yet")
    TerminalLesson(tutorial, console).run()


def progress_bar():
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn(), console=console)


def run_with_progress(description: str, total: int, work) -> None:
    with progress_bar() as bar:
        task = bar.add_task(description, total=total, rate="-")
        start = time.perf_counter()
        first: list[int] = []

        def update(done: int, total: int) -> None:
            first.append(done)
            played = done - first[0] + 1
            bar.update(task, completed=done, rate=f"{played / (time.perf_counter() - start):.2f}")

        work(update)


@app.command()
def simulate(
    name: str,
    players: int = typer.Option(..., "--players", "-p"),
    agents: list[str] = typer.Option(..., "--agents", "-a", help="Agent specs, one per seat or repeated to "
                                     "fill: a comma-separated list, or -a once per spec."),
    games: int = typer.Option(100, "--games", "-k", help="How many games."),
    option: list[str] = typer.Option([], "--option", "-o", help="An option, name=value (repeatable)."),
    compare: str | None = typer.Option(None, "--compare", help="OPTION=A,B: play the run with the option at A and "
                                       "at B, on the same seeds and seats, and print the paired comparison."),
    seed: int = typer.Option(0, "--seed", "-s", help="The run's seed; game i's seed derives from it."),
    workers: int = typer.Option(1, "--workers", "-w", help="Local worker processes."),
    ray: str | None = typer.Option(None, "--ray", help="A Ray cluster address ('local' for a local Ray)."),
    fixed_seats: bool = typer.Option(False, "--fixed-seats", help="Do not rotate the agents' seats."),
    records: bool = typer.Option(False, "--records", help="Keep each game's record in its line."),
    out: Path = typer.Option(..., "--out", help="Results, one JSON line per game; a rerun resumes it."),
) -> None:
    """Play many games between agents and write one line of results per game."""
    from dataclasses import replace

    from headframe.play import split_seats
    from headframe.sim.runner import Run, variant_path
    from headframe.sim.runner import simulate as run_games

    game = open_game(name)
    run = Run(name, players, tuple(spec for given in agents for spec in split_seats(given)), games, seed,
              parse_options(game, option),
              not fixed_seats, records)
    sides = [(run, out, "")]
    if compare is not None:
        option_name, _, values = compare.partition("=")
        texts = values.split(",")
        if len(texts) != 2 or not all(texts):
            fail(f"--compare takes one option and two values, OPTION=A,B (as in rounds=2,3), not {compare!r}")
        settings = [parse_options(game, [f"{option_name}={text}"]) for text in texts]
        if settings[0] == settings[1]:
            fail(f"--compare needs two different values of {option_name}, not {compare!r}")
        if option_name in run.options:
            fail(f"{option_name} is set by -o and compared by --compare: give it once")
        sides = [(replace(run, options={**run.options, **setting}), variant_path(out, f"{option_name}={text}"),
                  f" ({option_name}={text})") for setting, text in zip(settings, texts)]
    try:
        for side, _, _ in sides:
            side.check()  # both settings are valid before anything is played
        for side, path, label in sides:
            run_with_progress(f"{game.title}{label}", games,
                              lambda update, side=side, path=path: run_games(side, path, workers, ray, update))
    except HeadframeError as exc:
        fail(str(exc))
    paths = " ".join(escape(str(path)) for _, path, _ in sides)
    console.print(f"{games} games in {paths}; the whole report: headframe report {paths}")
    if compare is not None:
        show_report([path for _, path, _ in sides], None, comparison_only=True)


@app.command()
def report(
    results: list[Path] = typer.Argument(..., help="Results files; the first is the baseline of comparisons."),
    html: Path | None = typer.Option(None, "--html", help="Write a self-contained HTML report with plots here."),
) -> None:
    """The balance of each run (seats, scores, margins, lengths, points by source, actions) and the
    difference between runs, every number with its 95% interval and every table's tests corrected."""
    show_report(results, html)


def show_report(results: list[Path], html: Path | None, comparison_only: bool = False) -> None:
    from rich.markdown import Markdown

    from headframe.sim.report import render_markdown, sections, write_html
    from headframe.sim.results import load_results, summarize

    try:
        summaries = [summarize(path.stem, load_results(path)) for path in results]
        parts = sections(summaries)
        if html:
            write_html(summaries, html)
    except HeadframeError as exc:
        fail(str(exc))
    console.print(Markdown(render_markdown(parts[len(summaries):] if comparison_only else parts)))
    if html:
        console.print(f"report written to {escape(str(html))}")


@app.command()
def ladder(
    name: str,
    agents: list[str] = typer.Option(..., "--agents", "-a", help="The agent specs to rank: a comma-separated "
                                     "list, or -a once per spec."),
    players: int | None = typer.Option(None, "--players", "-p", help="Seats per game (default: the fewest)."),
    games: int = typer.Option(100, "--games", "-k"),
    option: list[str] = typer.Option([], "--option", "-o"),
    seed: int = typer.Option(0, "--seed", "-s"),
    workers: int = typer.Option(1, "--workers", "-w"),
    out: Path = typer.Option(Path("ladder.jsonl"), "--out", help="The games' results; a rerun resumes it."),
) -> None:
    """A round-robin tournament between agents, rated by finishing places (openskill, as the server rates)."""
    from headframe.agents import make_agent
    from headframe.play import split_seats
    from headframe.sim.ladder import ladder_plans, rate
    from headframe.sim.results import load_results
    from headframe.sim.runner import play_plans

    game = open_game(name)
    specs = [spec for given in agents for spec in split_seats(given)]
    count = players or game.players[0]
    try:
        game.new_state(count, 0, parse_options(game, option))
        for spec in specs:
            make_agent(spec, game)
        plans = ladder_plans(name, count, specs, games, seed, parse_options(game, option))
        run_with_progress(f"{game.title} ladder", games, lambda update: play_plans(plans, out, workers, None, update))
        standings = rate(load_results(out), specs)
    except HeadframeError as exc:
        fail(str(exc))
    table = Table(title=f"{game.title} ladder, {games} games of {count} players",
                  caption="rating: mu - 3 sigma; mu's 95% interval; averaged over orders of the games")
    table.add_column("agent", overflow="fold")  # whole, folded: a spec cut short could read as another agent's
    for column in ("rating", "mu (95% interval)", "games", "win rate", "average place"):
        table.add_column(column)
    for standing in standings:
        low, high = standing.skill.interval
        table.add_row(escape(standing.agent), f"{standing.skill.rating:.1f}",
                      f"{standing.skill.mu:.1f} ({low:.1f} to {high:.1f})", str(standing.games),
                      f"{100 * standing.wins / max(standing.games, 1):.1f}%", f"{standing.average_place:.2f}")
    console.print(table)
    ratings = out.with_suffix(".ratings.json")
    ratings.write_text(json.dumps([s.to_json() for s in standings], indent=1) + "\n", encoding="utf-8")
    console.print(f"ratings saved to {escape(str(ratings))}")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="The address to serve on."),
    port: int = typer.Option(8000, "--port", help="The port to serve on."),
    db: str = typer.Option("var/headframe.db", "--db", help="A SQLite file, or a database URL "
                           "(postgresql+psycopg://user:password@host/name)."),
    workers: int = typer.Option(1, "--workers", min=1, help="Processes serving the port (more than 1: PostgreSQL, and nginx "
                                 "in front of them)."),
    bot_workers: int = typer.Option(2, "--bot-workers", min=0, help="Processes the bots search in (0 on "
                                    "PostgreSQL: bot turns are left to `headframe bots`)."),
    board_workers: int | None = typer.Option(None, "--board-workers", min=0, help="Processes board pictures are "
                                             "drawn in (default: the machine's cores but one, at most 4; 0: in a "
                                             "thread of the server)."),
    think_time: float = typer.Option(0.5, "--think-time", min=0.0,
                                     help="Seconds bots wait before moving, in games created without a think time."),
    max_think: float = typer.Option(10.0, "--max-think", min=0.1, help="The most seconds a bot may think on one decision."),
    models: Path | None = typer.Option(None, "--models", help="A directory of learned policies that seats may ask "
                                       "for as policy:name=NAME."),
    expire_days: float = typer.Option(7.0, "--expire-days", min=0.01,
                                      help="Days without a move after which an unfinished game expires."),
    ws_compression: bool = typer.Option(True, "--ws-compression/--no-ws-compression",
                                        help="Compress live updates (permessage-deflate) for clients that ask."),
    log_level: str = typer.Option("info", "--log-level"),
) -> None:
    """The game server: lobby, live games in the browser, replays."""
    try:
        from headframe.server.cli import serve as run_server
    except ImportError as exc:
        fail(f"the server needs the server extra (pip install 'headframe[server]'): {exc}")
    drawing = {} if board_workers is None else {"board_workers": board_workers}
    run_server(host, port, db, log_level, ws_compression, workers, bot_workers=bot_workers, think_time=think_time,
               max_think=max_think, models=models, expire_days=expire_days, **drawing)


@app.command()
def bots(
    db: str = typer.Option(..., "--db", help="The PostgreSQL database the servers share "
                           "(postgresql+psycopg://user:password@host/name)."),
    workers: int | None = typer.Option(None, "--workers", min=1, help="Searches at once: processes here "
                                       "(default 2), or tasks on the Ray cluster (default: its CPUs)."),
    ray: str | None = typer.Option(None, "--ray", help="Search on this Ray cluster (auto, HOST:PORT, "
                                   "ray://HOST:PORT; 'local' for a local Ray)."),
    max_think: float = typer.Option(10.0, "--max-think", min=0.1, help="The most seconds a bot may think on one decision."),
    models: Path | None = typer.Option(None, "--models", help="A directory of learned policies that seats may ask "
                                       "for as policy:name=NAME (on every Ray node, at this path)."),
    log_level: str = typer.Option("info", "--log-level"),
) -> None:
    """A bot worker: takes the bot turns of the games the servers share, from the database's queue."""
    try:
        from headframe.server.bot_worker import run
    except ImportError as exc:
        fail(f"bot workers need the server extra (pip install 'headframe[server]'): {exc}")
    run(db, workers, max_think, models, log_level, ray)


@app.command()
def bench(
    game: list[str] = typer.Option([], "--game", "-g", help="A game to measure (default: all)."),
    players: list[int] = typer.Option([], "--players", "-p", help="A player count (default: all)."),
    seconds: float = typer.Option(2.0, "--seconds", help="Time per measurement."),
    rounds: int = typer.Option(1, "--rounds", min=1, help="Rounds per case; each rate is its best round's."),
) -> None:
    """Throughput benchmarks, as JSON."""
    from headframe.bench import run

    try:
        print(json.dumps(run(game or None, players or None, seconds, rounds), indent=2))
    except HeadframeError as exc:
        fail(str(exc))


@app.command()
def demo(
    name: str | None = typer.Argument(None, help="The game (default: the first registered)."),
    players: int | None = typer.Option(None, "--players", "-p"),
    seed: int | None = typer.Option(None, "--seed", "-s"),
) -> None:
    """A random demo game, printed with its log (what `make run` starts)."""
    names = game_names()
    if not names:
        fail("no games are registered")
    name = name or names[0]
    game = open_game(name)
    chosen_seed = seed if seed is not None else Rng(time.time_ns()).below(10**6)
    console.print(f"[bold]{escape(game.title)}[/], a random demo game (seed {chosen_seed})\n")
    random_game(name, players or game.players[len(game.players) // 2], chosen_seed, [], None, None)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
