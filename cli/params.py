"""Parameter types shared by the commands: each refuses a bad value in one line."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import click

from hunt.errors import quoted
from hunt.models.registry import available_games, game_plugin
from hunt.solver.backends import BACKENDS


class FiniteSeconds(click.ParamType):  # type: ignore[type-arg]
    """A number of seconds: finite and at least 0.01 (nan and inf never return)."""

    name = "seconds"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        """`value` as seconds, or a one-line usage error."""
        try:
            seconds = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            seconds = math.nan
        if not math.isfinite(seconds) or seconds < 0.01:
            self.fail(f"{quoted(value)} is not a number of seconds; accepted: a finite "
                      "number from 0.01", param, ctx)
        return seconds


SECONDS = FiniteSeconds()
class WholeNumber(click.IntRange):
    """A whole number in a range, written in at most `digits` ASCII digits: a longer
    one is refused without converting it, and quoted cut short."""

    def __init__(self, low: int, high: int, digits: int = 19) -> None:
        super().__init__(min=low, max=high)
        self.digits = digits

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        """`value` as a whole number in the range, or a one-line usage error."""
        if isinstance(value, str) and len(value.strip().lstrip("+-")) > self.digits:
            self.fail(f"{quoted(value)} is not a whole number from {self.min} to "
                      f"{self.max}", param, ctx)
        number: int = super().convert(value, param, ctx)  # type: ignore[arg-type]
        return number


SEED_COUNT = 2**63
"""Seeds are whole numbers from 0 to SEED_COUNT - 1 (the secret seeds are 63 bits)."""
SEED = WholeNumber(0, SEED_COUNT - 1)
"""The type of a --seed option."""


class GameName(click.Choice[str]):
    """A GAME argument: a registered game's name. The names are read from the registry
    each time a value is checked, refused or completed, never fixed when the command is
    declared, so a game found later (a folder added to `HUNT_GAME_PATH` after `hunt.cli`
    was imported, and `forget_games()` called) is accepted. Its messages are
    `click.Choice`'s."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=True)

    @property
    def choices(self) -> tuple[str, ...]:
        """The registered games' names, sorted, as the registry reads them now."""
        return tuple(available_games())

    @choices.setter
    def choices(self, fixed: tuple[str, ...]) -> None:
        # `click.Choice.__init__` assigns its list; the names come from the registry.
        del fixed


GAME = GameName()
"""The type of every command's GAME argument."""


class UserError(click.ClickException):
    """A usage error shown as one line, with the usage-error exit code 2."""

    exit_code = 2


game_option_flags = click.option(
    "-o", "--option", "option_texts", multiple=True, metavar="NAME=VALUE",
    help="A game option, e.g. -o difficulty=hard; repeat for each (`hunt games` lists "
         "every game's options).")
"""The `-o NAME=VALUE` flag of every command that starts a game."""


_BACKEND_FLAGS = click.option(
    "--backend", type=click.Choice(BACKENDS), default="local", show_default=True,
    help="Where the games run: this machine's processes, or Ray (the ray extra: pip "
         "install -e '.[ray]'), started here with --workers CPUs or joined at --address."
), click.option("--address", default=None, metavar="ADDR",
                help="A Ray cluster to join (e.g. ray://head:10001 or auto); with "
                     "--backend ray.")


def backend_options(function: Callable[..., Any]) -> Callable[..., Any]:
    """The `--backend` and `--address` flags of the commands that play many games."""
    backend, address = _BACKEND_FLAGS
    return backend(address(function))


def game_options(game_name: str, texts: tuple[str, ...], players: int | None) -> dict[str, Any]:
    """The options of `-o NAME=VALUE` texts and `--players` for `game_name`, each
    checked against the game's declaration (a game without an option refuses it in
    one line); only those given."""
    plugin = game_plugin(game_name)
    spec = plugin.options
    options = spec.parse(texts)
    if players is not None and "players" not in spec.names:
        raise UserError(f"{game_name} is played by {len(plugin.seats)} players, always; "
                        "--players is for a game with a range (hunt games lists them)")
    if players is not None:
        if "players" in options and options["players"] != players:
            raise UserError("--players and -o players= say two numbers of players; give one")
        options["players"] = players
    spec.check(options)
    return options
