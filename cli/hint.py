"""`hunt hint`: advice for one seat of a recorded position, from that seat's view."""

from __future__ import annotations

import json
from pathlib import Path

import click

from hunt.cli.menu import wrapped
from hunt.cli.params import GAME, SEED
from hunt.models.game import AnyState
from hunt.solver.hints import hint_lines, hint_report, move_model
from hunt.solver.profiles import search_profile
from hunt.solver.record_files import read_position, saved_seat


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME)
@click.argument("record_path", metavar="RECORD",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--as", "seat_name", default=None,
              help="Whose advice: the seat you play (e.g. british or german); a seat "
                   "record names its own, and a full record its person's seat.")
@click.option("--model", default=None,
              help="The move model of the game's advice, for a game that has them "
                   "(default: the game's first; an unknown one is refused with the list).")
@click.option("--iterations", type=click.IntRange(min=0), default=None,
              help="Search iterations for the recommended play (a game the levels solve "
                   "whole: the solve's; 0: none); default: the normal level's.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the search.")
@click.option("--json", "as_json", is_flag=True, help="Print the advice as JSON.")
def hint(game_name: str, record_path: Path, seat_name: str | None, model: str | None,
         iterations: int | None, seed: int, as_json: bool) -> None:
    """Advice for a seat at the end of RECORD, computed only from what that seat has
    seen. RECORD is a full game record (saved or hand-written; --as names the seat, else
    the person's seat the record names) or a seat record (what one seat saw: `hunt
    record seat`, `hunt table`)."""
    model = move_model(game_name, model)
    state, recorded_seat = read_position(record_path, game_name)
    if seat_name is None and recorded_seat is None \
            and (named := saved_seat(record_path)) in state.game.info.seat_names:
        seat_name = named  # a full record: its person's seat
    seat = chosen_seat(state, seat_name, recorded_seat)
    budget = search_profile(state.game).advice_iterations if iterations is None else iterations
    report = hint_report(state, seat, model, budget, seed)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=1))
        return
    click.echo(wrapped("\n".join(hint_lines(state, report))))


def chosen_seat(state: AnyState, seat_name: str | None, recorded_seat: int | None) -> int:
    """The seat `--as` names, or the seat record's own; a seat record answers only for
    its seat (it holds nothing of what the others saw)."""
    seats = state.game.info.seat_names
    if seat_name is None:
        if recorded_seat is None:
            raise click.BadParameter(f"a full record needs the seat to advise; accepted: "
                                     f"{', '.join(seats)}", param_hint="--as")
        return recorded_seat
    if seat_name.lower() not in seats:
        raise click.BadParameter(f"{seat_name!r} is not a seat of {state.game.info.name}; "
                                 f"accepted: {', '.join(seats)}", param_hint="--as")
    seat = seats.index(seat_name.lower())
    if recorded_seat is not None and seat != recorded_seat:
        raise click.BadParameter(f"the record is what the {seats[recorded_seat]} saw: it can "
                                 f"advise only the {seats[recorded_seat]}", param_hint="--as")
    return seat


def advise(state: AnyState, seat: int) -> str:
    """The `hint` answer at the play prompt: what `hunt hint` says of the saved game at
    this moment (the same search budget and seed)."""
    budget = search_profile(state.game).advice_iterations
    return "\n".join(hint_lines(state, hint_report(state, seat, "", budget, seed=0),
                                 counted=False))
