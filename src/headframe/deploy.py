"""`headframe deploy`: the configuration of the programs a deployment runs besides headframe."""

from __future__ import annotations

import typer

deploy_app = typer.Typer(help="Configuration for the programs in front of headframe's processes, printed.",
                         no_args_is_help=True)


@deploy_app.callback()
def deploy() -> None:
    """Configuration for the programs in front of headframe's processes, printed."""


@deploy_app.command()
def nginx(
    upstreams: list[str] = typer.Option(..., "--upstream", help="A `headframe serve` process: HOST:PORT or "
                                        "unix:/PATH (once for each)."),
    listen: str = typer.Option("80", "--listen", help="The port (or HOST:PORT) nginx listens on."),
) -> None:
    """The blocks for your nginx's http block: each game's requests and WebSockets to one process."""
    from headframe.server.nginx import routes

    try:
        print(routes(upstreams, listen), end="")
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
