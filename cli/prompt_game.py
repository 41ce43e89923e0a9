"""A game at the terminal prompt: a human at one seat, agents at the others, driven by
the library's `GameSession` (chance, the computer's moves, forced moves, undo).

Game-agnostic: the screen comes from the game's plugin (`models/<game>/screen.py`), drawn only
from `state.observation(human)`; the prompt lists the human's legal actions by
number and accepts their text forms. A typo or an illegal choice is answered with the
reason and the prompt comes again; end of input saves (if asked) and stops cleanly.
"""

from __future__ import annotations

import shlex
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TextIO

import click

from hunt.cli.menu import Command, QuitGame, Undo, read_line, read_menu, shown
from hunt.errors import OutputError, quoted
from hunt.models.game import CHANCE, Action, AnyState
from hunt.models.plugin import with_card_ids
from hunt.models.registry import game_plugin
from hunt.solver.agent import Agent
from hunt.solver.record_files import holds_only_this_game, save_record, writable_file
from hunt.solver.session import VERDICTS, GameSession, outcome

HELP_TEXT = ("Type the number of a choice or its text (e.g. 'done'); an entry ending in "
             "[N] opens a group of N choices, and back returns. rules [CARD]: the turn, how to "
             "win, a card's text; log: every event you have seen; hint: advice from your "
             "side's view; undo: take back your last choice, if nothing has happened "
             "since; save [FILE].")


INTERRUPTED = 130
"""The exit code after Ctrl-C (128 + SIGINT), once the game is saved."""
THINKING_AFTER = 0.5
"""Seconds a computer decision takes before the terminal says it is thinking."""

Page = Callable[[AnyState, int, str], str]
"""A prompt command that shows something: (the state, the human's seat, the rest of the
line) -> the text. It reads only what that seat may see."""


def may_overwrite(path: Path, state: AnyState, stdin: TextIO) -> bool:
    """Whether `state`'s record may be written to `path`: without a question when that
    loses nothing (see `holds_only_this_game`), else only if the person says yes."""
    if holds_only_this_game(path, state):
        return True
    click.echo(f"{quoted(str(path))} holds something other than this game so far; "
               "overwrite it? (yes/no) ", nl=False)
    try:
        answer = read_line(stdin)
    except UnicodeDecodeError:
        answer = None
    if answer is not None and not stdin.isatty():
        click.echo(shown(answer))
    return answer is not None and answer.lower() in ("y", "yes")


def read_choice(state: AnyState, stdin: TextIO,
                commands: Mapping[str, Command] | None = None,
                picture: Callable[[Sequence[str]], str] | None = None) -> list[Action]:
    """Ask until the human names a legal action (by menu or text); `commands` answer
    their words at the prompt and `picture` draws a group of choices (`read_menu`);
    `undo` raises `Undo`. Usually one action; a line that names several of the game's
    actions at once (`State.string_to_actions`, e.g. `discard a b c`) gives them
    all, to play in turn, each checked legal in its turn before any is played. A card
    may be typed by its printed name (`GamePlugin.card_names`)."""
    actions: list[Action] = state.legal_actions()
    plugin = game_plugin(state.game.info.name)
    names = plugin.card_names(state.game) if plugin.card_names is not None else {}
    chosen: list[Action] = read_menu(
        [state.action_to_string(action) for action in actions],
        lambda index: [actions[index]],
        lambda text: state.string_to_actions(with_card_ids(text, names)), stdin, commands,
        HELP_TEXT, [state.choice_note(action) for action in actions], picture)
    return chosen


def play_interactive(state: AnyState, human: int, agents: Sequence[Agent | None],
                     render: Callable[[AnyState, int], str], stdin: TextIO,
                     save_path: Path | None = None,
                     advise: Callable[[AnyState, int], str] | None = None,
                     manual_chance: bool = False,
                     pages: Mapping[str, Page] | None = None,
                     picture: Callable[[AnyState, int, Sequence[str]], str] | None = None,
                     seeded: bool = True,
                     ) -> AnyState:
    """Play `state` on to the end; `agents[seat]` is None for the human's seat.

    The game is a `GameSession`: chance and the computer's decisions are drawn from the
    game's seed step by step when `seeded` (the user gave one: a game to replay), else
    from the operating system when first needed (no copy of the save predicts them);
    every action is saved to `save_path` (when given) before anything that follows it is
    shown. `advise(state, human)` answers `hint`, and each of `pages` its word at the
    prompt (`rules`, `log`, ...); `picture` draws the choices of a menu group as it
    opens. With `manual_chance` the human types each roll and draw it can see at the
    table, checked against what is possible; what only the computer sees (its own
    draws) the program draws from its deck.
    """
    failed: list[str] = []  # the last automatic save's failure, said once until it changes

    def autosave(saved: AnyState) -> None:
        # A failed automatic save never ends the game (the disk may be full for a
        # moment): it is said in one line, once until it changes, and play goes on.
        if save_path is None:
            return
        try:
            save_record(saved, save_path, human)
        except OutputError as error:
            if failed != [str(error)]:
                click.echo(f"Not saved: {error}; the game goes on (save FILE saves "
                           "elsewhere).")
                failed[:] = [str(error)]
        else:
            failed.clear()

    session = GameSession(state, agents, autosave, seeded)

    def save(target: str) -> str:
        if not target and save_path is None:
            return "Say where: save FILE (or start the game with --save FILE)."
        try:
            path = writable_file(target or save_path or "")
            if path != save_path and not may_overwrite(path, session.state, stdin):
                return f"Not saved: {path} is kept as it was."
            path = save_record(session.state, path, human)
        except OutputError as error:
            return f"Not saved: {error}."
        return f"Saved in {path}; resume with: hunt play {session.state.game.info.name} " \
            f"--resume {shlex.quote(str(path))}"

    def commands() -> dict[str, Command]:
        # Each reads the state as it is now, from the human's seat only.
        answers: dict[str, Command] = {
            word: partial(page, session.state, human) for word, page in (pages or {}).items()}
        if advise is not None:
            answers["hint"] = lambda _: advise(session.state, human)
        answers["save"] = save
        return answers

    shown_for: str | None = None
    lines: list[int] = []  # the choices each of the human's typed lines made, in order
    try:
        while not session.is_over():
            player = session.state.current_player()
            if player == CHANCE and manual_chance and not session.chance_hidden_from(human):
                click.echo("Chance: what came up at the table?")
                try:
                    for action in read_choice(session.state, stdin, commands()):
                        session.play(action)
                except Undo:
                    click.echo("Cannot undo a roll or a draw: type what came up.")
                continue
            forced = session.forced_choice()
            if forced is not None:  # a pass with no reaction card, say: nothing to ask
                if shown_for is None:  # the board first, not a choice out of nowhere
                    shown_for = render(session.state, human)
                    click.echo(shown_for)
                # what it does, where the game says ("end (your only choice: 2 AP lost)")
                note = session.state.choice_note(forced)
                click.echo(f"> {session.state.action_to_string(forced)} (your only choice"
                           f"{': ' + note if note else ''})")
                session.play(forced)
                continue
            if session.human_to_choose() is None:
                session.play(session.program_action() if player == CHANCE
                             else decided(session.program_action))
                continue
            screen = render(session.state, human)
            if screen != shown_for:
                click.echo(screen)
                shown_for = screen
            try:
                chosen = read_choice(session.state, stdin, commands(), None if picture is None
                                     else partial(picture, session.state, human))
            except Undo:
                # A line that made several choices (`discard a b c`) is taken back whole.
                refused = session.undo(human, lines[-1] if lines else 1)
                if refused is not None:
                    click.echo(f"Cannot undo: {refused}.")
                    continue
                if lines:
                    lines.pop()
                shown_for = None
                click.echo("Taken back.")
                continue
            choices = 0
            for action in chosen:  # several only from one typed line, all checked legal
                choices += len(session.state.legal_actions()) > 1
                session.play(action)
            lines.append(choices)
    except (QuitGame, KeyboardInterrupt) as stop:
        reason = stop if isinstance(stop, QuitGame) else "interrupted"
        session.save()
        if save_path is not None and not failed:
            click.echo(f"Stopped ({reason}); the game so far is saved in {save_path}.")
        else:
            click.echo(f"Stopped ({reason}).")
        if isinstance(stop, KeyboardInterrupt):
            raise SystemExit(INTERRUPTED) from None
        return session.state
    click.echo(render(session.state, human))
    click.echo(click.style(verdict(session.state, human), bold=True))
    return session.state


def verdict(state: AnyState, seat: int) -> str:
    """A finished game from `seat`'s side in a sentence: "You won.", "You lost.", ..."""
    return VERDICTS[outcome(state, seat)]


def decided(decide: Callable[[], Action]) -> Action:
    """The computer's decision, `decide()`; on a terminal, "The computer is thinking..."
    while it takes longer than `THINKING_AFTER` seconds (a line wiped when it answers)."""
    if not sys.stdout.isatty():
        return decide()
    notice = "The computer is thinking..."
    shown: list[bool] = []

    def notify() -> None:
        click.echo(notice, nl=False)
        shown.append(True)

    timer = threading.Timer(THINKING_AFTER, notify)
    timer.start()
    try:
        return decide()
    finally:
        timer.cancel()
        timer.join()  # a notice being written is finished before it is wiped
        if shown:
            click.echo("\r" + " " * len(notice) + "\r", nl=False)
