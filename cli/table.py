"""`hunt table`: the companion at a real table. The person types what happens at the
table from their seat, in order (their own moves, what the other side did as they saw
it, their dice and draws); the program keeps it as a seat record
(`hunt.models.seat_record`), refuses what cannot have happened, and gives the advice
of `hunt hint` from that record alone."""

from __future__ import annotations

import io
import sys
from functools import partial
from pathlib import Path

import click

from hunt.cli.menu import Command, QuitGame, Undo, read_menu, wrapped
from hunt.cli.pages import pages_of
from hunt.cli.params import GAME, UserError, game_option_flags, game_options
from hunt.cli.play import screen_of
from hunt.cli.prompt_game import INTERRUPTED, verdict
from hunt.errors import OutputError, RecordError
from hunt.models.registry import game_of_record, game_plugin, load_game
from hunt.models.seat_record import SeatNotebook, is_seat_record
from hunt.solver.hints import hint_lines
from hunt.solver.record_files import (
    is_sealed,
    new_save_path,
    read_game_record,
    writable_file,
    write_record,
)
from hunt.solver.table import asked, next_entries, table_advice, write_down

TABLE_HELP = ("Type the number of an entry or its text: your own moves, what the other "
              "side did as you saw it (a hidden part as ?, e.g. 'draw ?'), your rolls "
              "and your draws; a card by its id or its printed name ('draw HMS "
              "Cumberland'); an entry and xN for it N times ('draw ? x5', all or none); a "
              "number that opens a group shows its entries, and back returns. hint: "
              "advice, with a search on your turn; undo: strike out the last entry; rules "
              "[CARD]; log; save [FILE].")
@click.command()
@click.argument("game_name", metavar="GAME", type=GAME)
@click.option("--as", "seat_name", default=None,
              help="Your seat at the table (e.g. british); a resumed record names it.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Keep the seat record in this file (default: a new file "
                                 "in the save folder), written after every entry.")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Go on with a seat record (and keep writing it there "
                                 "unless --save says otherwise; a game saved by `hunt "
                                 "play` is only read).")
@click.option("--no-color", "no_color", is_flag=True, help="Plain text.")
@game_option_flags
def table(game_name: str, seat_name: str | None, save_path: Path | None,
          resume_path: Path | None, no_color: bool, option_texts: tuple[str, ...]) -> None:
    """Keep the record of GAME played at a real table from your seat, with advice from
    what your seat has seen (the other side's hidden moves are never asked for)."""
    if no_color:
        click.get_current_context().color = False
    if resume_path is not None:
        notebook, sealed = resumed(game_name, resume_path, option_texts)
        # A game saved by `hunt play` holds the hidden moves its resume needs: the table
        # reads what its seat saw and keeps its own record in a new file, never there.
        save_path = save_path or (None if sealed else resume_path)
        if sealed and save_path is None:
            click.echo(f"{resume_path} is a game saved by `hunt play`; it is left as it is.")
    else:
        game = load_game(game_name, **game_options(game_name, option_texts, None))
        notebook = SeatNotebook(game, seat_index(game.info.seat_names, seat_name))
    seats = notebook.game.info.seat_names
    if seat_name is not None and seat_name.lower() != seats[notebook.seat]:
        raise UserError(f"the record is what the {seats[notebook.seat]} saw: resume it "
                        f"--as {seats[notebook.seat]}")
    path = writable_file(save_path or new_save_path(f"{game_name}-{seats[notebook.seat]}"))
    you = game_plugin(notebook.game.info.name).seat_title(seats[notebook.seat])
    click.echo(f"{notebook.game.info.title} at the table: you are {you}; "
               f"the record is kept in {path}.")
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="surrogateescape")
    keep_table(notebook, path)


def seat_index(seats: tuple[str, ...], seat_name: str | None) -> int:
    """The seat `--as` names (required for a new record)."""
    if seat_name is None or seat_name.lower() not in seats:
        given = "" if seat_name is None else f"{seat_name!r} is not a seat; "
        raise click.BadParameter(f"{given}accepted: {', '.join(seats)}", param_hint="--as")
    return seats.index(seat_name.lower())


def resumed(game_name: str, path: Path, option_texts: tuple[str, ...]
            ) -> tuple[SeatNotebook, bool]:
    """The notebook of the seat record in `path`, and whether the file is a sealed save
    of `hunt play` (a seat record with the whole game sealed beside it)."""
    data = read_game_record(path, game_name)
    if not is_seat_record(data):
        raise RecordError(f"{path} is a full record; `hunt table` keeps seat records "
                          "(`hunt record seat` makes one)")
    if option_texts:
        raise UserError("the record has its options; resume it without -o")
    game = game_of_record(data)
    try:
        return SeatNotebook.from_record(game, data), is_sealed(data)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def keep_table(notebook: SeatNotebook, path: Path) -> None:
    """The loop: show the seat's screen, ask for the next entry, write the record."""
    game, seat = notebook.game, notebook.seat
    render = screen_of(game.info.name)
    shown_for = ""
    pages = pages_of(game.info.name)

    def save(target: str) -> str:
        try:
            return f"Saved in {write_record(notebook.record(), target or path)}."
        except OutputError as error:
            return f"Not saved: {error}."

    def enter(text: str) -> None:
        write_down(notebook, text)

    def hint() -> str:
        return "\n".join(hint_lines(notebook.world, table_advice(notebook, search=True),
                                     counted=False))

    while not notebook.world.is_terminal():
        state = notebook.world
        screen = render(state, seat)
        if state.current_player() == seat:
            screen += "\n" + wrapped("\n".join(
                hint_lines(state, table_advice(notebook, search=False))[1:]))
        if screen != shown_for:
            click.echo(screen)
            shown_for = screen
        click.echo(asked(notebook))
        entries = next_entries(notebook)
        options = [entry.text for entry in entries]

        def chosen(index: int, shown: list[str] = options) -> None:
            notebook.add(shown[index])

        try:
            commands: dict[str, Command] = {word: partial(page, notebook.world, seat)
                                            for word, page in pages.items()}
            commands |= {"hint": lambda _: hint(), "save": save}
            notes = [entry.note for entry in entries]
            read_menu(options, chosen, enter, sys.stdin, commands, TABLE_HELP,
                      notes if state.current_player() == seat else None)
        except Undo:
            struck = notebook.undo()
            click.echo(f"Struck out: {struck}." if struck else "Nothing to strike out.")
        except (QuitGame, KeyboardInterrupt) as stop:
            click.echo(f"Stopped ({stop if isinstance(stop, QuitGame) else 'interrupted'}). "
                       f"{save('')}")
            if isinstance(stop, KeyboardInterrupt):
                raise SystemExit(INTERRUPTED) from None
            return
        answer = save("")
        if answer.startswith("Not saved"):  # said, and the notebook goes on
            click.echo(answer)
    click.echo(render(notebook.world, seat))
    click.echo(f"The game is over: {notebook.world.end_reason()}. "
               f"{verdict(notebook.world, seat)}")
