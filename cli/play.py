"""The interactive game loop: a human at one seat, agents at the others.

Game-agnostic: the screen comes from the game's renderer (`cli/screens.py`), drawn only
from `state.observation(human)`; the prompt lists the human's legal actions by
number and accepts their text forms. A typo or an illegal choice is answered with the
reason and the prompt comes again; end of input saves (if asked) and stops cleanly.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TextIO

import click

from hunt.errors import IllegalActionError
from hunt.models.game import CHANCE, Action, State
from hunt.solver.agent import Agent

HELP_TEXT = ("Type the number of a choice or its text (e.g. 'done'). Other commands: "
             "hint (advice from your side's view), undo (take back your last choice, "
             "if nothing has happened since), save [FILE], help, quit.")


class QuitGame(Exception):
    """The human asked to stop, or the input ended."""


class Undo(Exception):
    """The human asked to take back their last decision."""


def undone(state: State, human: int) -> State | None:
    """`state` before the human's last decision, or None when that would reveal
    something: only a decision nothing has followed yet (no chance, no opponent) may
    be taken back, so an undo can never be used to peek."""
    if not state.history:
        return None
    replay = state.game.new_initial_state(state.seed)
    for action in state.history[:-1]:
        replay.apply_action(action)
    if replay.current_player() != human:
        return None
    return replay


def save_record(state: State, path: Path, human: int | None = None) -> None:
    """Write the game's record to `path` atomically (a crash never leaves half a file);
    `human` is the seat `hunt play --resume` gives back to the person."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    record = state.to_record()
    if human is not None:
        record["human"] = state.game.info.seat_names[human]
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        json.dump(record, stream, indent=1)
        stream.write("\n")
    os.replace(temporary, path)


def read_choice(state: State, stdin: TextIO, hint: Callable[[], str] | None = None,
                save: Callable[[str], str] | None = None) -> Action:
    """Ask until the human names a legal action (by number or text). `hint` answers the
    `hint` command, `save` the `save [FILE]` command; `undo` raises `Undo`."""
    actions = state.legal_actions()
    texts = [f"{number:>3}. {state.action_to_string(action)}"
             for number, action in enumerate(actions, start=1)]
    if len(texts) <= 12:
        for text in texts:
            click.echo(" " + text)
    else:  # many choices (hexes, say): in columns
        width = max(map(len, texts)) + 2
        for row in range(0, len(texts), 4):
            click.echo(" " + "".join(text.ljust(width) for text in texts[row:row + 4]).rstrip())
    while True:
        click.echo("> ", nl=False)
        line = stdin.readline()
        if not line:
            raise QuitGame("the input ended")
        text = line.strip()
        if not stdin.isatty():
            click.echo(text)  # piped input: show it, so the transcript reads like a session
        if not text:
            continue
        lowered = text.lower()
        if lowered in ("quit", "exit"):
            raise QuitGame("you quit")
        if lowered in ("help", "?"):
            click.echo(HELP_TEXT)
            continue
        if lowered == "undo":
            raise Undo
        if lowered == "hint":
            click.echo(hint() if hint is not None else "No hints in this game.")
            continue
        if lowered == "save" or lowered.startswith("save "):
            click.echo(save(text[4:].strip()) if save is not None else "Nothing to save.")
            continue
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            click.echo(f"There is no choice {number}: pick 1 to {len(actions)}, "
                       "or type an action.")
            continue
        try:
            return state.string_to_action(text)
        except IllegalActionError as error:
            click.echo(f"Not accepted: {error}")


def play_interactive(state: State, human: int, agents: Sequence[Agent | None], seed: int,
                     render: Callable[[State, int], str], stdin: TextIO,
                     save_path: Path | None = None,
                     advise: Callable[[State, int], str] | None = None,
                     manual_chance: bool = False) -> State:
    """Play `state` on to the end; `agents[seat]` is None for the human's seat.

    Chance outcomes come from a generator seeded with `seed` and the number of actions
    already played (so a resumed game draws afresh). The record is saved to `save_path`
    after every decision when one is given. `advise(state, human)` answers `hint`.
    With `manual_chance` the human types every die roll and card draw instead (a game
    beside a physical copy), checked against what is possible.
    """
    chance = random.Random(seed if not state.history else f"{seed}/{len(state.history)}")
    shown_for: str | None = None

    def save(target: str) -> str:
        path = Path(target) if target else save_path
        if path is None:
            return "Say where: save FILE (or start the game with --save FILE)."
        try:
            save_record(state, path, human)
        except OSError as error:
            return f"Not saved: {error.strerror or error} ({path})."
        return f"Saved in {path}; resume with: hunt play {state.game.info.name} " \
            f"--resume {path}"

    try:
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE and not manual_chance:
                state.apply_action(state.sample_chance_outcome(chance))
                continue
            if player == CHANCE:
                click.echo("Chance: what came up at the table?")
                state.apply_action(read_choice(state, stdin, None, save))
                if save_path is not None:
                    save_record(state, save_path, human)
                continue
            if player == human:
                screen = render(state, human)
                if screen != shown_for:
                    click.echo(screen)
                    shown_for = screen
                try:
                    action = read_choice(
                        state, stdin, None if advise is None else partial(advise, state, human),
                        save)
                except Undo:
                    before = undone(state, human)
                    if before is None:
                        click.echo("Cannot undo: something has happened since your last "
                                   "choice (or you have made none).")
                    else:
                        state = before
                        shown_for = None
                        click.echo("Taken back.")
                        if save_path is not None:
                            save_record(state, save_path, human)
                    continue
            else:
                agent = agents[player]
                assert agent is not None
                action = agent.select_action(state)
            state.apply_action(action)
            if save_path is not None:
                save_record(state, save_path, human)
    except (QuitGame, KeyboardInterrupt) as stop:
        reason = stop if isinstance(stop, QuitGame) else "interrupted"
        if save_path is not None:
            save_record(state, save_path, human)
            click.echo(f"Stopped ({reason}); the game so far is saved in {save_path}.")
        else:
            click.echo(f"Stopped ({reason}).")
        return state
    if save_path is not None:
        save_record(state, save_path, human)
    click.echo(render(state, human))
    return state
