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
from pathlib import Path
from typing import TextIO

import click

from hunt.errors import IllegalActionError
from hunt.models.game import CHANCE, Action, State, sample_chance_outcome
from hunt.solver.agent import Agent

HELP_TEXT = ("Type the number of a choice or its text (e.g. 'done'). "
             "Other commands: help, quit.")


class QuitGame(Exception):
    """The human asked to stop, or the input ended."""


def save_record(state: State, path: Path) -> None:
    """Write the game's record to `path` atomically (a crash never leaves half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        json.dump(state.to_record(), stream, indent=1)
        stream.write("\n")
    os.replace(temporary, path)


def read_choice(state: State, stdin: TextIO) -> Action:
    """Ask until the human names a legal action (by number or text)."""
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
                     save_path: Path | None = None) -> State:
    """Play `state` to the end; `agents[seat]` is None for the human's seat.

    Chance outcomes come from a generator seeded with `seed`. The record is saved to
    `save_path` after every decision when one is given.
    """
    chance = random.Random(seed)
    shown_for: str | None = None
    try:
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance_outcome(state, chance))
                continue
            if player == human:
                screen = render(state, human)
                if screen != shown_for:
                    click.echo(screen)
                    shown_for = screen
                action = read_choice(state, stdin)
            else:
                agent = agents[player]
                assert agent is not None
                action = agent.select_action(state)
            state.apply_action(action)
            if save_path is not None:
                save_record(state, save_path)
    except (QuitGame, KeyboardInterrupt) as stop:
        reason = stop if isinstance(stop, QuitGame) else "interrupted"
        if save_path is not None:
            save_record(state, save_path)
            click.echo(f"Stopped ({reason}); the game so far is saved in {save_path}.")
        else:
            click.echo(f"Stopped ({reason}).")
        return state
    if save_path is not None:
        save_record(state, save_path)
    click.echo(render(state, human))
    return state
