"""`hunt board`: show a game's board, and check a (hand-edited) board file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from hunt.boards.catalog import games, identify, kinds, problems
from hunt.boards.the_hunt_map import draw_map, load_hunt_map, routes_through
from hunt.errors import BoardError, why


@click.group()
def board() -> None:
    """Show a game's board, or check a board data file."""


@board.command()
@click.argument("game_name", metavar="GAME", type=click.Choice(games()))
def show(game_name: str) -> None:
    """Draw The Hunt's map with hex numbers, ports and freight routes; for the other
    games, list what each board file holds."""
    if game_name == "the-hunt":
        show_hunt_map()
        return
    for kind in kinds():
        if kind.game == game_name:
            board_set = kind.sets[0]
            data = board_set.read()[kind.file.stem]  # checked: a broken file is refused
            click.echo(f"{kind.directory}/{kind.file.filename}:")
            for line in describe(data):
                click.echo("  " + line)


def show_hunt_map() -> None:
    """The Hunt's map, destinations, freight routes and busiest hexes."""
    hunt_map = load_hunt_map()
    marks = {destination.entry: "*" for destination in hunt_map.destinations.values()}
    click.echo("The Hunt: the South Atlantic (north at the top; * = port or England)")
    click.echo("")
    for line in draw_map(hunt_map, marks):
        click.echo("  " + line)
    click.echo("")
    click.echo("Destinations (off-map boxes, entered only from their hex):")
    for destination in hunt_map.destinations.values():
        click.echo(f"  {destination.name:<13} from hex {destination.entry}")
    click.echo("Freight markers (one hex per Freight Ship phase):")
    for freighter in hunt_map.freighters:
        click.echo(f"  {freighter.id:<5} {freighter.name:<36} {' '.join(freighter.route)}")
    busiest = sorted(routes_through(hunt_map).items(), key=lambda item: -len(item[1]))[:3]
    click.echo("Busiest hexes: " + ", ".join(f"{hex_id} ({len(ids)} routes)"
                                             for hex_id, ids in busiest))


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
