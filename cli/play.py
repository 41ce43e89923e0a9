"""`hunt play`: a game against the computer in the terminal (the prompt's loop is
`hunt.cli.prompt_game`)."""

from __future__ import annotations

import io
import secrets
import shlex
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TextIO

import click
from click.core import ParameterSource

from hunt.cli.hint import advise
from hunt.cli.menu import read_line, shown, wrapped
from hunt.cli.pages import pages_of, picture_of
from hunt.cli.params import (
    GAME,
    SECONDS,
    SEED,
    SEED_COUNT,
    UserError,
    game_option_flags,
    game_options,
)
from hunt.cli.prompt_game import INTERRUPTED, may_overwrite, play_interactive
from hunt.errors import RecordError
from hunt.models.game import AnyState
from hunt.models.registry import game_plugin, load_game
from hunt.solver.agent import Agent
from hunt.solver.agent_specs import LEVELS, level_agent, make_agent
from hunt.solver.record_files import (
    new_save_path,
    numbered,
    read_record,
    saved_seat,
    writable_file,
)
from hunt.solver.session import OUTCOMES, outcome


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME)
@click.option("--as", "seat_name", default=None,
              help="The seat you play (e.g. german or british); default: the first seat.")
@click.option("--seed", type=SEED, default=None,
              help="Seed of the card draws and the AI, for a game you can replay; "
                   "default: a secret one, kept in the save file and never shown.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Save the game record to this file after every move "
                                 "(default: a file per game in $HUNT_SAVE_DIR, else "
                                 "~/.local/state/hunt).")
@click.option("--level", type=click.Choice(list(LEVELS)), default="normal", show_default=True,
              help="Strength of the computer (its search budget).")
@click.option("--iterations", type=click.IntRange(min=1), default=None,
              help="Search iterations per computer move (instead of --level).")
@click.option("--time", "time_limit", type=SECONDS, default=None,
              help="Seconds of search per computer move (instead of --level).")
@click.option("--ai", "ai_spec", default=None, metavar="AGENT",
              help="Any agent for the computer seats: random, heuristic, "
                   "ismcts[:level|iterations=N|time=S], pimc[:iterations=N], "
                   "cfr[:level|iterations=N|time=S] (a small game only).")
@click.option("--dice", type=click.Choice(["auto", "manual"]), default="auto",
              show_default=True, help="manual: you type every die roll and card draw "
                                      "(playing beside a physical copy).")
@click.option("--no-color", "no_color", is_flag=True,
              help="Plain text (colour is also off when the output is not a terminal).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Go on with a game saved in this file (and keep saving "
                                 "there unless --save says otherwise).")
@click.option("--players", type=int, default=None,
              help="Players, for a game with a range (`hunt games` lists them).")
@game_option_flags
def play(game_name: str, seat_name: str | None, seed: int | None, save_path: Path | None,
         level: str, iterations: int | None, time_limit: float | None,
         ai_spec: str | None, dice: str, no_color: bool, resume_path: Path | None,
         players: int | None, option_texts: tuple[str, ...]) -> None:
    """Play GAME against the computer in the terminal. At the prompt: a choice's number
    or text (a number ending in [N] opens a group; back returns), rules [CARD], log,
    hint, undo, save [FILE], help, quit. After a game, y plays another."""
    context = click.get_current_context()
    if no_color:
        context.color = False
    level_given = context.get_parameter_source("level") is not ParameterSource.DEFAULT
    check_budget(ai_spec, level if level_given else None, iterations, time_limit)
    asked = game_options(game_name, option_texts, players)
    game = load_game(game_name, **asked)  # options checked even when resuming
    state = None
    if resume_path is not None:
        state = read_record(resume_path, game_name)
        game = state.game
        if asked and load_game(game_name, **{**game.options, **asked}).options != game.options:
            raise UserError(f"the saved game was played with options {game.options}; resume "
                            "it without --players or -o")
        if seed is not None and seed != state.seed:
            raise UserError(f"the saved game has its own seed; resume it without --seed "
                            f"(or with --seed {state.seed})")
        saved = saved_seat(resume_path)
        if saved is not None and saved.lower() not in game.info.seat_names:
            raise RecordError(f"{resume_path}: its seat {saved!r} is not a seat of "
                              f"{game_name}; accepted: {', '.join(game.info.seat_names)}")
        seat_name = check_resumed_seat(state, seat_name, saved)
        save_path = save_path or resume_path
    seats = game.info.seat_names
    if seat_name is None:
        seat_name = seats[0]
    if seat_name.lower() not in seats:
        raise click.BadParameter(f"{seat_name!r} is not a seat of {game_name}; "
                                 f"accepted: {', '.join(seats)}", param_hint="--as")
    human = seats.index(seat_name.lower())
    # Everything that can be refused is checked before the game is announced.
    if ai_spec is None:
        ai_spec = level_agent(game, level)
        if iterations is not None:
            ai_spec = level_agent(game, f"iterations={iterations}")
        if time_limit is not None:
            ai_spec = level_agent(game, f"time={time_limit}")
    agents: list[Agent | None] = [
        None if seat == human else make_agent(ai_spec, seat, game)
        for seat in range(game.info.num_players)]
    if save_path is None:
        save_path = new_save_path(game_name)
    # Refuse to start a game whose chosen save file cannot be written at all; once
    # started, a failed save is said in one line and the game goes on (`hunt.cli.prompt_game`).
    save_path = writable_file(save_path)
    seed_given = seed is not None
    # A file the user chose (--save, or the game resumed): the next games' files are
    # numbered beside it; else each gets a new file in the save folder.
    chosen_file = resume_path is not None or context.get_parameter_source("save_path") \
        is not ParameterSource.DEFAULT
    if isinstance(sys.stdin, io.TextIOWrapper):  # undecodable bytes: answered, not fatal
        sys.stdin.reconfigure(errors="surrogateescape")
    you = f"{game.info.title}: you are {game_plugin(game.info.name).seat_title(seats[human])}"
    finished: list[AnyState] = []
    while True:
        if state is not None:
            click.echo(f"{you}; resumed after {len(state.history)} actions.")
        elif seed is not None:
            click.echo(f"{you}; seed {seed}.\nIts hidden draws follow from the seed: a "
                       "game you can replay.")
        else:
            # A seed the record keeps and nobody is shown; the draws of a game without
            # a seed given come from the operating system, not from it (`GameSession`).
            seed = secrets.randbits(63)
            click.echo(f"{you}.")
        if goal := game_plugin(game_name).goal(seats[human]):
            click.echo(goal)
        if state is None:
            assert seed is not None
            state = game.new_initial_state(seed)
        over_before = state.is_terminal()  # a finished game resumed: not this session's
        if not may_overwrite(save_path, state, sys.stdin):
            raise UserError(f"{save_path} is kept as it was; give another --save file (or "
                            "--resume it to go on with the game in it)")
        click.echo(f"Saved after every move in {save_path} (resume: hunt play {game_name} "
                   f"--resume {shlex.quote(str(save_path))}).")
        state = play_interactive(state, human, agents, screen_of(game_name), sys.stdin,
                                 save_path, advise, manual_chance=dice == "manual",
                                 pages=pages_of(game_name), picture=picture_of(game_name),
                                 seeded=seed_given)
        if not state.is_terminal():  # stopped: saved, nothing more to ask
            return
        if not over_before:
            finished.append(state)
        if len(finished) > 1:
            click.echo(tally(finished, human))
        finished_pages = {word: partial(page, state, human)
                          for word, page in pages_of(game_name).items()}
        if not another_game(sys.stdin, finished_pages):
            return
        # The next game: a seed given counts on (each game replays from its own seed;
        # after the largest, from 0), else a secret one is drawn afresh.
        seed = (state.seed + 1) % SEED_COUNT if seed_given else None
        state = None
        save_path = writable_file(numbered(save_path)) if chosen_file \
            else new_save_path(game_name)


def screen_of(game_name: str) -> Callable[[AnyState, int], str]:
    """The game's screen for a seat, drawn from that seat's observation, in colour
    where the output takes it. It counts the log entries each seat has been shown, so
    that a screen repeats every event since the seat's last screen (the other seats'
    whole turns), where it would repeat only the last few."""
    screen = game_plugin(game_name).screen
    shown: dict[int, tuple[int, int]] = {}  # seat -> entries at its last screen, unseen then

    def render(state: AnyState, seat: int) -> str:
        seen = state.observation(seat)
        entries = len(seen.get("log", ()))
        before, unseen = shown.get(seat, (0, 0))  # a seat's first screen: all is news
        if entries != before:  # the same log drawn again keeps its news; an undo has none
            unseen = max(0, entries - before)
        shown[seat] = (entries, unseen)
        return screen(state.game, seen, seat, click.style, unseen)

    return render


def check_resumed_seat(state: AnyState, asked: str | None, saved: str | None) -> str | None:
    """The seat to resume a saved game as: the one it was begun with. Another seat is
    refused while the game goes on (it would be shown what the first seat could not
    see); a finished game, or a record that names no seat, may be taken up by any."""
    if saved is None or asked is None or state.is_terminal():
        return asked or saved
    if asked.lower() != saved.lower():
        begun = game_plugin(state.game.info.name).seat_title(saved)
        raise UserError(f"this game was begun as {begun}: resume it "
                        f"--as {saved} (another seat would see what that one cannot)")
    return asked


def another_game(stdin: TextIO, pages: Mapping[str, Callable[[str], str]] | None = None
                 ) -> bool:
    """Ask whether to play another game; y or yes plays one; n, no, q, quit or the end
    of the input stops; an empty line asks again, a word of `pages` (the finished
    game's `log`, ...) shows that page and asks again, anything else says so and asks
    again."""
    pages = pages or {}
    while True:
        click.echo("Another game? (y/n) ", nl=False)
        try:
            answer = read_line(stdin)
        except KeyboardInterrupt:  # as at a move: the games so far are saved
            click.echo("\nStopped (interrupted).")
            raise SystemExit(INTERRUPTED) from None
        except UnicodeDecodeError as error:
            click.echo(f"\nThat line is not {error.encoding} text: y plays another game, "
                       "n stops.")
            continue
        if answer is None:
            click.echo()
            return False
        if not stdin.isatty():  # piped input: show it, as the prompt of a game does
            click.echo(shown(answer))
        if answer.lower() in ("y", "yes"):
            return True
        if answer.lower() in ("n", "no", "q", "quit"):
            return False
        if not answer:  # Enter alone, as at a move: no answer yet
            continue
        word, _, rest = answer.partition(" ")
        if word.lower() in pages:  # the game just finished, looked over once more
            click.echo(wrapped(pages[word.lower()](rest.strip())))
            continue
        click.echo(f"{shown(answer)!r} is not an answer here: y plays another game, "
                   f"n stops{still_answer(pages)}.")


def still_answer(pages: Mapping[str, object]) -> str:
    """" (log, rules still answer)": the words that still answer after a game."""
    if not pages:
        return ""
    return f" ({', '.join(sorted(pages))} still {'answers' if len(pages) == 1 else 'answer'})"


def tally(finished: Sequence[AnyState], human: int) -> str:
    """The session so far from the human's seat: how many games had each outcome
    (`hunt.solver.session.OUTCOMES`: won, lost, ...), and in a game that counts something
    else (chips) their sum."""
    counts = Counter(outcome(state, human) for state in finished)
    said = [f"{key} {counts[key]}" for key in OUTCOMES if counts[key]]
    line = f"After {len(finished)} games: {', '.join(said)}"
    unit = finished[0].game.info.score_unit
    if unit is not None:
        total = sum(state.returns()[human] for state in finished)
        line += f"; {unit} in all: {total:+g}"
    return line + "."


def check_budget(ai_spec: str | None, level: str | None, iterations: int | None,
                 time_limit: float | None) -> None:
    """Refuse two answers to one question: `--ai` names the whole agent, and `--level`,
    `--iterations` and `--time` are each a budget of the default one (`level` is None
    unless the user gave it)."""
    given = [name for name, value in (("--level", level), ("--iterations", iterations),
                                      ("--time", time_limit)) if value is not None]
    if ai_spec is not None and given:
        raise UserError(f"--ai names the whole agent; put its budget in the spec (e.g. "
                        f"ismcts:hard or ismcts:iterations=500), not in {given[0]}")
    if len(given) > 1:
        raise UserError(f"{given[0]} and {given[1]} are two budgets for the computer; "
                        "give one")
