"""`hunt serve`: the board in a browser, against the same engine as `hunt play`."""

from __future__ import annotations

import webbrowser
from pathlib import Path

import click

from hunt.cli.params import UserError

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("0.0.0.0", "::")
"""Addresses that listen on every interface, by which no browser names the server."""


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but this machine lets others play "
                   "your games.")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@click.option("--save-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where games are saved; default: where hunt play saves.")
def serve(host: str, port: int, open_browser: bool, save_dir: Path | None) -> None:
    """Play in a browser: the games, a new game against the computer, a saved game
    resumed. Needs the web extra: pip install -e '.[web]'."""
    try:
        import uvicorn

        from hunt.cli.web.app import allowed_hosts, create_app
    except ImportError:
        raise UserError("hunt serve needs the web extra: pip install -e '.[web]' (Starlette "
                        "and uvicorn)") from None
    if host not in LOCAL_HOSTS:
        click.echo(f"Warning: listening on {host}: anyone who can reach it can start games "
                   "(each saved to a new file of the save folder) and play a seat whose "
                   "link they are given; no request reads or names any other file.",
                   err=True)
    if host in WILDCARDS:
        # the Host check answers only the names it is given: others would be refused
        click.echo(f"Note: only pages addressed to {host} or this machine's own names are "
                   "answered; to play over a network, give --host the address the others "
                   "will use (such as 192.168.1.5).", err=True)
    address = f"http://{'localhost' if host in LOCAL_HOSTS else host}:{port}/"
    click.echo(f"The board is at {address} (Ctrl-C stops the server).")
    if open_browser:
        webbrowser.open(address)
    app = create_app(save_dir, hosts=allowed_hosts(host))
    uvicorn.run(app, host=host, port=port, log_level="warning")
