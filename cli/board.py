"""`hunt board`: show a game's board, and check a (hand-edited) board file."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import click

from hunt.boards.data import read_board_file
from hunt.boards.hunted_data import FILES as HUNTED_FILES
from hunt.boards.hunted_data import TYPES as HUNTED_TYPES
from hunt.boards.hunted_data import validate_hunted
from hunt.boards.the_hunt_cards import validate_cards
from hunt.boards.the_hunt_map import (
    draw_map,
    load_hunt_map,
    routes_through,
    validate_map,
    validate_tracks,
)


@click.group()
def board() -> None:
    """Show a game's board, or check a board data file."""


@board.command()
@click.argument("game_name", metavar="GAME", type=click.Choice(["the-hunt"]))
def show(game_name: str) -> None:
    """Draw GAME's map with hex numbers, ports and freight routes."""
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


@board.command()
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
def validate(path: Path) -> None:
    """Check The Hunt's map, tracks or cards file, or one of Hunted's (cards,
    locations, setup: checked with the shipped others); every problem, one a line."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise click.ClickException(f"cannot read {path}: {error.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        click.echo(f"{path}: not valid TOML: {error}")
        sys.exit(1)
    hunted = hunted_file(data)
    if hunted:
        files = {name: read_board_file("hunted", f"{name}.toml") for name in HUNTED_FILES}
        files[hunted] = data
        problems = validate_hunted(files)
    elif "hex" in data or "freighter" in data:
        problems = validate_map(data)
    elif "strategy" in data:
        problems = validate_tracks(data, load_hunt_map().graph)
    elif "card" in data:
        problems = validate_cards(data)
    else:
        click.echo(f"{path}: not a board file hunt can check; expected a map ([[hex]], "
                   "[[destination]], [[freighter]]), tracks ([strategy], ...) or cards "
                   "([[card]]) of The Hunt, or Hunted's cards ([[card]] with a type), "
                   "locations ([[location]]) or setup ([start])")
        sys.exit(1)
    for problem in problems:
        click.echo(f"{path}: {problem}")
    if problems:
        click.echo(f"{len(problems)} problem{'s' if len(problems) > 1 else ''} found.")
        sys.exit(1)
    click.echo(f"{path}: no problems.")


def hunted_file(data: dict[str, object]) -> str:
    """Which of Hunted's board files `data` is ("cards", "locations", "setup"), or ""."""
    if "location" in data:
        return "locations"
    if "start" in data and "hit_rates" in data:
        return "setup"
    cards = data.get("card")
    if isinstance(cards, list) and any(isinstance(card, dict) and card.get("type") in
                                       HUNTED_TYPES for card in cards):
        return "cards"
    return ""
