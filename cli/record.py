"""`hunt record`: records turned into other records (`hunt record seat`, `hunt record
reveal`)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from hunt.models.seat_record import seat_record
from hunt.solver.record_files import (
    is_sealed,
    load_record,
    read_record,
    revealed_record,
    writable_file,
)

SPOILERS_HELP = "Show a saved game that is not over (its other side's hidden moves)."


@click.group()
def record() -> None:
    """Work with game records."""


@record.command()
@click.argument("full_path", metavar="FULL", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--as", "seat_name", required=True, help="The seat whose record to write.")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the seat record here (default: print it).")
@click.option("--spoilers", is_flag=True, help=SPOILERS_HELP)
def seat(full_path: Path, seat_name: str, output: Path | None, spoilers: bool) -> None:
    """The seat record of the full record FULL: what the seat --as saw, each hidden
    action in the form it saw it (`move ship 2 ?`, `draw ?`). `hunt hint` and
    `hunt analyze` take it as they take a full record. From a game saved by `hunt
    play`, another seat's record only once the game is over (or with --spoilers)."""
    state = read_record(full_path)
    seats = state.game.info.seat_names
    if seat_name.lower() not in seats:
        raise click.BadParameter(f"{seat_name!r} is not a seat of {state.game.info.name}; "
                                 f"accepted: {', '.join(seats)}", param_hint="--as")
    saved = load_record(full_path)
    if is_sealed(saved) and saved.get("seat") != seat_name.lower():
        revealed_record(full_path, spoilers)  # refused while the game goes on
    _write(json.dumps(seat_record(state, seats.index(seat_name.lower())), indent=1), output)


@record.command()
@click.argument("saved_path", metavar="SAVED", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the full record here (default: print it).")
@click.option("--spoilers", is_flag=True, help=SPOILERS_HELP)
def reveal(saved_path: Path, output: Path | None, spoilers: bool) -> None:
    """The full record of the game saved in SAVED, every hidden move in clear. A game
    played against the computer is saved sealed (what your seat saw in clear, the rest
    encoded, so a glance at the file spoils nothing); once it is over this opens it,
    before that only with --spoilers."""
    data = revealed_record(saved_path, spoilers)
    _write(json.dumps(data, indent=1), output)


def _write(text: str, output: Path | None) -> None:
    if output is None:
        click.echo(text)
        return
    writable_file(output).write_text(text + "\n")
