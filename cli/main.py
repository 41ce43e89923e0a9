"""The `hunt` command line: the group and `hunt games`; each other command is in its
own module, and every game-specific part comes from the game's plugin."""

from __future__ import annotations

import os

import click

from hunt.cli.analyze import analyze
from hunt.cli.arena import arena
from hunt.cli.bench import bench
from hunt.cli.board import board
from hunt.cli.hint import hint
from hunt.cli.params import UserError
from hunt.cli.play import play
from hunt.cli.record import record
from hunt.cli.serve import serve
from hunt.cli.table import table
from hunt.cli.train import train
from hunt.errors import HuntError
from hunt.models.registry import available_games, game_plugin


class HuntGroup(click.Group):
    """Turns every `HuntError` a command raises into a one-line message, exit code 2."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except HuntError as error:
            raise UserError(str(error)) from None


@click.group(cls=HuntGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hunt")
def cli() -> None:
    """hunt: play hidden-information board games against the computer, get hints,
    and analyse games. Colour is off when NO_COLOR is set (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        click.get_current_context().color = False  # every command's context inherits it


@cli.command()
@click.option("--options", "show_options", is_flag=True,
              help="Also list each game's options (set them with -o NAME=VALUE).")
def games(show_options: bool) -> None:
    """List the games hunt can play, with their player counts (and options)."""
    for name in available_games():
        plugin = game_plugin(name)  # its registration: no game (and no board) is built
        low, high = plugin.player_range
        if low == high:
            players, seats = str(low), ", ".join(plugin.seats)
        else:  # seats named for the most players --players takes
            players, seats = f"{low}-{high}", f"{plugin.seats[0]} to {plugin.seats[high - 1]}"
        click.echo(f"{name:<16} {plugin.title} ({players} players: {seats})")
        if show_options:
            for line in plugin.options.describe() or ["no options"]:
                click.echo(f"    {line}")


for command in (play, hint, analyze, arena, board, bench, record, table, train, serve):
    cli.add_command(command)


def main() -> None:
    """Entry point of the `hunt` script."""
    cli()
