"""The interactive game loop: a human at one seat, agents at the others.

Game-agnostic: the screen comes from the game's plugin (`models/<game>/screen.py`), drawn only
from `state.observation(human)`; the prompt lists the human's legal actions by
number and accepts their text forms. A typo or an illegal choice is answered with the
reason and the prompt comes again; end of input saves (if asked) and stops cleanly.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import tempfile
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TextIO

import click

from hunt.cli.menu import Command, QuitGame, Undo, read_line, read_menu, shown
from hunt.cli.records import holds_only_this_game
from hunt.errors import OutputError, quoted, why
from hunt.models.game import CHANCE, Action, AnyState
from hunt.solver.agent import Agent

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


def step_seed(secret: int, *parts: object) -> int:
    """A seed for one step of a game, from the game's secret and where the step is.

    Every chance outcome and every computer decision draws from its own generator
    seeded this way, so a step gives the same result however often it is reached: a
    killed and resumed game, or an undo and the same choice again, re-rolls nothing.
    Seeding with text hashes it with SHA-512, the same in every process (Python's own
    `hash` of a string is not)."""
    return random.Random("/".join(map(str, (secret, *parts)))).getrandbits(63)


def computer_step(state: AnyState, agents: Sequence[Agent | None]) -> Action:
    """What the program plays at a chance node or at a computer's seat of `state`: the
    outcome or the decision drawn with `step_seed` from the game's secret and the
    number of actions played, so a step gives the same result wherever it is reached
    (`hunt play`, `hunt serve`, a resumed game)."""
    player, played = state.current_player(), len(state.history)
    if player == CHANCE:
        outcome: Action = state.sample_chance_outcome(
            random.Random(step_seed(state.seed, "chance", played)))
        return outcome
    agent = agents[player]
    assert agent is not None, "the human's seat is not the program's to play"
    agent.reseed(step_seed(state.seed, "seat", player, played))
    return agent.select_action(state)


def undone(state: AnyState, human: int) -> AnyState | str:
    """`state` before the human's last decision (a choice among several), or why it
    cannot be taken back.

    Allowed when it is the human's turn and the human has seen nothing since that
    decision took effect (no roll, no draw, no opponent move it could see): so whether
    undo is allowed depends only on what the human has seen, and an undo can never be
    used to peek. Steps of others the human did not see are taken back too; they come
    again as they were (see `step_seed`)."""
    replay = state.replayed(0)
    last: int | None = None
    seen_after = 0
    for index, action in enumerate(state.history):
        decided = replay.current_player() == human and len(replay.legal_actions()) > 1
        replay.apply_action(action)
        if decided:
            last, seen_after = index, replay.view_length(human)
    if last is None:
        return "you have made no choice yet"
    if state.current_player() != human or state.view_length(human) != seen_after:
        return "you have seen something happen since your last choice"
    return state.replayed(last)


def hidden_from(state: AnyState, seat: int) -> bool:
    """Whether `seat` cannot see which outcome the chance node `state` draws (an
    opponent's card, say): every outcome shows it the same."""
    seen: set[tuple[Hashable, ...]] = set()
    for action in state.legal_actions():
        trial = state.clone()
        mark = trial.view_length(seat)
        trial.apply_action(action)
        seen.add(trial.views_since(seat, mark))
        if len(seen) > 1:
            return False
    return True


def writable_file(target: str | Path) -> Path:
    """The regular file that writing `target` would write, or `OutputError` saying why
    it cannot be written.

    `~` is expanded and a symbolic link is followed to the file it names (so the link
    stays a link); what exists must be a regular file the user may write (never a
    folder or a device such as /dev/null); its folder is made if missing and must be
    writable. A probe file is made and removed there, so a failure shows now, not after
    a game or a long run."""
    text = str(target)
    if not text.strip() or "\0" in text:
        raise OutputError(f"{quoted(text)} is not a file name; give a path such as "
                          "games/mine.json")
    path = Path(os.path.realpath(Path(text).expanduser()))
    try:
        if path.exists() and not path.is_file():
            raise OutputError(f"{quoted(str(path))} is not a regular file; give the path "
                              "of a file to write")
        if path.exists() and not os.access(path, os.W_OK):
            raise OutputError(f"{quoted(str(path))} is read-only; give a file you may write")
        if path.parent.exists() and not path.parent.is_dir():
            raise OutputError(f"{quoted(str(path.parent))} is not a folder; give a file "
                              "in a folder you may write")
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        raise OutputError(f"cannot write {quoted(str(path))}: {why(error)}; "
                          "give a file in a folder you may write") from None
    return path


def save_record(state: AnyState, target: str | Path, human: int | None = None) -> Path:
    """Write the game's record to `target` (see `writable_file`) atomically and
    durably: a crash or a kill never leaves half a file, and what the file says has
    reached the disk before the screen shows it. `human` is the seat `hunt play
    --resume` gives back to the person. Returns the file written; `OutputError` (and
    no file left behind) if it cannot be written."""
    record = state.to_record()
    if human is not None:
        record["human"] = state.game.info.seat_names[human]
    return write_record(record, target)


def write_record(record: dict[str, Any], target: str | Path) -> Path:
    """Write the JSON record `record` to `target` as `save_record` does: atomically and
    durably, or `OutputError` and no file left behind."""
    path = writable_file(target)
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(record, stream, indent=1)
            stream.write("\n")
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise OutputError(f"cannot write {quoted(str(path))}: "
                          f"{why(error)}") from None
    finally:  # every failure path, an interrupt too, removes the half-written copy
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return path


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
                picture: Callable[[Sequence[str]], str] | None = None) -> Action:
    """Ask until the human names a legal action (by menu or text); `commands` answer
    their words at the prompt and `picture` draws a group of choices (`read_menu`);
    `undo` raises `Undo`."""
    actions: list[Action] = state.legal_actions()
    action: Action = read_menu([state.action_to_string(action) for action in actions],
                               actions.__getitem__, state.string_to_action, stdin, commands,
                               HELP_TEXT, [state.choice_note(action) for action in actions],
                               picture)
    return action


def play_interactive(state: AnyState, human: int, agents: Sequence[Agent | None],
                     render: Callable[[AnyState, int], str], stdin: TextIO,
                     save_path: Path | None = None,
                     advise: Callable[[AnyState, int], str] | None = None,
                     manual_chance: bool = False,
                     pages: Mapping[str, Page] | None = None,
                     picture: Callable[[AnyState, int, Sequence[str]], str] | None = None,
                     ) -> AnyState:
    """Play `state` on to the end; `agents[seat]` is None for the human's seat.

    Each chance outcome and each computer decision is drawn with `step_seed` from the
    game's secret (`state.seed`) and the number of actions played, so the game replays
    from its record in any process. Every action is saved to `save_path` (when given)
    before anything that follows it is shown. `advise(state, human)` answers `hint`,
    and each of `pages` its word at the prompt (`rules`, `log`, ...); `picture` draws
    the choices of a menu group as it opens.
    With `manual_chance` the human types each roll and draw it can see at the table,
    checked against what is possible; what only the computer sees (its own draws) the
    program draws from its deck.
    """

    def save(target: str) -> str:
        if not target and save_path is None:
            return "Say where: save FILE (or start the game with --save FILE)."
        try:
            path = writable_file(target or save_path or "")
            if path != save_path and not may_overwrite(path, state, stdin):
                return f"Not saved: {path} is kept as it was."
            path = save_record(state, path, human)
        except OutputError as error:
            return f"Not saved: {error}."
        return f"Saved in {path}; resume with: hunt play {state.game.info.name} " \
            f"--resume {path}"

    failed: list[str] = []  # the last automatic save's failure, said once until it changes

    def autosave() -> None:
        # A failed automatic save never ends the game (the disk may be full for a
        # moment): it is said in one line, once until it changes, and play goes on.
        if save_path is None:
            return
        try:
            save_record(state, save_path, human)
        except OutputError as error:
            if failed != [str(error)]:
                click.echo(f"Not saved: {error}; the game goes on (save FILE saves "
                           "elsewhere).")
                failed[:] = [str(error)]
        else:
            failed.clear()

    def play(action: Action) -> None:
        state.apply_action(action)
        autosave()

    def commands() -> dict[str, Command]:
        # Each reads the state as it is now, from the human's seat only.
        answers: dict[str, Command] = {
            word: partial(page, state, human) for word, page in (pages or {}).items()}
        if advise is not None:
            answers["hint"] = lambda _: advise(state, human)
        answers["save"] = save
        return answers

    shown_for: str | None = None
    try:
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE and (not manual_chance or hidden_from(state, human)):
                play(computer_step(state, agents))
                continue
            if player == CHANCE:
                click.echo("Chance: what came up at the table?")
                try:
                    play(read_choice(state, stdin, commands()))
                except Undo:
                    click.echo("Cannot undo a roll or a draw: type what came up.")
                continue
            if player != human:
                play(decided(partial(computer_step, state, agents)))
                continue
            forced = state.legal_actions()
            if len(forced) == 1:  # a pass with no reaction card, say: no question to ask
                click.echo(f"> {state.action_to_string(forced[0])} (your only choice)")
                play(forced[0])
                continue
            screen = render(state, human)
            if screen != shown_for:
                click.echo(screen)
                shown_for = screen
            try:
                action = read_choice(state, stdin, commands(), None if picture is None
                                     else partial(picture, state, human))
            except Undo:
                before = undone(state, human)
                if isinstance(before, str):
                    click.echo(f"Cannot undo: {before}.")
                    continue
                state = before
                shown_for = None
                click.echo("Taken back.")
                autosave()
                continue
            play(action)
    except (QuitGame, KeyboardInterrupt) as stop:
        reason = stop if isinstance(stop, QuitGame) else "interrupted"
        autosave()
        if save_path is not None and not failed:
            click.echo(f"Stopped ({reason}); the game so far is saved in {save_path}.")
        else:
            click.echo(f"Stopped ({reason}).")
        if isinstance(stop, KeyboardInterrupt):
            raise SystemExit(INTERRUPTED) from None
        return state
    click.echo(render(state, human))
    click.echo(click.style(verdict(state, human), bold=True))
    return state


OUTCOMES = {"won": "You won.", "lost": "You lost.", "team won": "Your team won.",
            "team lost": "Your team lost.", "drawn": "A draw.",
            "shared": "You share first place."}
"""Each outcome of a finished game for a seat (`outcome`), and how `verdict` says it."""


def outcome(state: AnyState, seat: int) -> str:
    """A finished game from `seat`'s side, a key of `OUTCOMES`: won, lost, a draw, a
    shared first place, or the team's result in a cooperative game."""
    returns = state.returns()
    mine, best = returns[seat], max(returns)
    if state.game.info.cooperative and len(returns) > 1:
        return "team won" if mine > 0 else "team lost"
    if state.game.info.cooperative:  # a solo game
        return "won" if mine > 0 else "lost"
    if mine == best == min(returns):
        return "drawn"
    if mine < best:
        return "lost"
    return "won" if returns.count(best) == 1 else "shared"


def verdict(state: AnyState, seat: int) -> str:
    """A finished game from `seat`'s side in a sentence: "You won.", "You lost.", ..."""
    return OUTCOMES[outcome(state, seat)]


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
