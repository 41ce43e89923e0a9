"""`hunt board`: show a game's board, and check a (hand-edited) board file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from hunt.boards.catalog import identify, problems
from hunt.cli.params import GAME
from hunt.errors import BoardError, why
from hunt.models.registry import game_plugin


@click.group()
def board() -> None:
    """Show a game's board, or check a board data file."""


@board.command()
@click.argument("game_name", metavar="GAME", type=GAME)
def show(game_name: str) -> None:
    """Draw GAME's board as the game shows it (a map with its hex numbers, ports and
    routes, where it has one), or else list what each of its board files holds."""
    plugin = game_plugin(game_name)
    if plugin.board_lines is not None:
        for line in plugin.board_lines():
            click.echo(line)
        return
    shown: set[str] = set()
    for board_set in plugin.board_sets:
        texts = board_set.read()  # checked: a broken file is refused
        for board_file in board_set.files:
            if board_file.filename in shown:
                continue
            shown.add(board_file.filename)
            click.echo(f"{board_set.directory}/{board_file.filename}:")
            for line in describe(texts[board_file.stem]):
                click.echo("  " + line)


def describe(data: dict[str, Any]) -> list[str]:
    """A checked board file in a few lines: each array of tables by the names of its
    entries, each table by its values (provenance left out)."""
    lines = []
    for key, value in data.items():
        if isinstance(value, list):
            names = [str(entry.get("id", entry.get("name", "?"))) for entry in value]
            lines.append(f"[[{key}]] {len(value)}: {', '.join(names)}")
        elif isinstance(value, dict):
            values = ", ".join(f"{name} = {item}" for name, item in value.items()
                               if name not in ("source", "sources"))
            lines.append(f"[{key}] {values}")
    return lines


@board.command()
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
def validate(path: Path) -> None:
    """Check any game's board file (recognised by its name and tables; checked with
    the game's other files as shipped); every problem, one a line, exit code 2."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = why(error)
        raise BoardError(f"cannot read {path}: {reason}") from None
    kind = identify(path, text)
    found = problems(kind, path)
    for name, line in found:
        click.echo(f"{name}: {line}")
    if found:
        raise BoardError(f"{path}: {len(found)} problem{'s' if len(found) > 1 else ''} "
                         f"found (checked as {kind}).")
    click.echo(f"{path}: checked as {kind}: no problems.")
