"""The `hunt` command line."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

import click

from hunt.errors import HuntError
from hunt.models.registry import available_games, load_game
from hunt.solver.agent import Agent, HeuristicAgent


class UserError(click.ClickException):
    """A HuntError shown as one line, with the usage-error exit code."""

    exit_code = 2


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
    and analyse games."""


@cli.command()
def games() -> None:
    """List the games hunt can play, with their player counts."""
    for name in available_games():
        info = load_game(name).info
        players = str(info.min_players) if info.min_players == info.max_players \
            else f"{info.min_players}-{info.max_players}"
        click.echo(f"{name:<16} {info.title} ({players} players: "
                   f"{', '.join(info.seat_names)})")


@cli.command()
@click.argument("game_name", metavar="GAME", type=click.Choice(available_games()))
@click.option("--as", "seat_name", default=None,
              help="The seat you play (e.g. german or british); default: the first seat.")
@click.option("--seed", type=int, default=None,
              help="Seed of the card draws and the AI; default: a fresh one, printed.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Save the game record to this file after every move.")
def play(game_name: str, seat_name: str | None, seed: int | None,
         save_path: Path | None) -> None:
    """Play GAME against the computer in the terminal."""
    from hunt.cli.play import play_interactive
    from hunt.cli.screens import RENDERERS

    game = load_game(game_name)
    seats = game.info.seat_names
    if seat_name is None:
        seat_name = seats[0]
    if seat_name.lower() not in seats:
        raise click.BadParameter(f"{seat_name!r} is not a seat of {game_name}; "
                                 f"accepted: {', '.join(seats)}", param_hint="--as")
    human = seats.index(seat_name.lower())
    if seed is None:
        seed = secrets.randbelow(10**6)
    click.echo(f"{game.info.title}: you are the {seats[human].capitalize()}; seed {seed}.")
    agents: list[Agent | None] = [None if seat == human else HeuristicAgent(seed + seat)
                                  for seat in range(game.info.num_players)]
    state = game.new_initial_state(seed)
    play_interactive(state, human, agents, seed, RENDERERS[game_name],
                     sys.stdin, save_path)


def main() -> None:
    """Entry point of the `hunt` script."""
    cli()
