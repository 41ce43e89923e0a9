"""`hunt record`: records turned into other records (`hunt record seat`)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from hunt.models.seat_record import seat_record
from hunt.solver.record_files import read_record, writable_file


@click.group()
def record() -> None:
    """Work with game records."""


@record.command()
@click.argument("full_path", metavar="FULL", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--as", "seat_name", required=True, help="The seat whose record to write.")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the seat record here (default: print it).")
def seat(full_path: Path, seat_name: str, output: Path | None) -> None:
    """The seat record of the full record FULL: what the seat --as saw, each hidden
    action in the form it saw it (`move graf-spee 2 ?`, `draw ?`). `hunt hint` and
    `hunt analyze` take it as they take a full record."""
    state = read_record(full_path)
    seats = state.game.info.seat_names
    if seat_name.lower() not in seats:
        raise click.BadParameter(f"{seat_name!r} is not a seat of {state.game.info.name}; "
                                 f"accepted: {', '.join(seats)}", param_hint="--as")
    text = json.dumps(seat_record(state, seats.index(seat_name.lower())), indent=1) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    writable_file(output).write_text(text)
