"""Golden playthroughs: a seeded game written out step by step, as OpenSpiel keeps them.

`playthrough(game, seed, policy)` plays one game with chance drawn from `Random(seed)`
and every decision made by `policy` ("random": uniform among the legal actions;
"heuristic": the game's rule of thumb from the acting seat's observation), and writes
what happened as text: each action with the seat that took it, how every seat saw it
(`public_text`), what changed in each seat's observation, and every seat's screen
now and then. A test keeps such
transcripts under `tests/data/playthroughs/` and compares a fresh one line by line,
so a change to the rules, the views or the words a seat is shown shows up as a diff
of a file a person can read.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

from hunt.models.game import CHANCE, AnyGame, AnyState, as_json
from hunt.models.plugin import plain
from hunt.models.registry import game_plugin, game_policy

POLICIES = ("random", "heuristic")
"""How a playthrough's decisions are made."""

SCREEN_EVERY = 40
"""A transcript shows every seat's screen after each this many actions, and at the end."""

WIDTH = 160
"""The widest line a transcript writes: a longer value is cut with "..." and its length."""


def playthrough(game: AnyGame, seed: int, policy: str = "random") -> str:
    """The transcript of one game of `game` from `seed`, decided by `policy`."""
    if policy not in POLICIES:
        raise ValueError(f"policy {policy!r}; accepted: {', '.join(POLICIES)}")
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    seats = game.info.seat_names
    lines = [f"game {game.info.name} options {json.dumps(game.options, sort_keys=True)} "
             f"seed {seed} policy {policy}"]
    seen = [_flat(as_json(state.observation(seat))) for seat in range(len(seats))]
    for seat, flat in enumerate(seen):
        lines += [f"  {seats[seat]}: {entry}" for entry in _entries(flat)]
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance_outcome(rng)
        elif policy == "heuristic":
            action = game_policy(game).heuristic_action(game, state.observation(player),
                                                        state.legal_actions(), rng)
        else:
            action = rng.choice(state.legal_actions())
        who = "chance" if player == CHANCE else seats[player]
        texts = [state.public_text(action, seat) for seat in range(len(seats))]
        lines.append(f"{len(state.history) + 1} {who}: {state.action_to_string(action)}")
        state.apply_action(action)
        for seat, text in enumerate(texts):
            now = _flat(as_json(state.observation(seat)))
            lines.append(f"  {seats[seat]} saw: {text}")
            lines += [f"    {entry}" for entry in _changes(seen[seat], now)]
            seen[seat] = now
        if len(state.history) % SCREEN_EVERY == 0:
            lines += _screens(state)
    lines.append(f"returns {state.returns()} after {len(state.history)} actions: "
                 f"{state.end_reason()}")
    lines += _screens(state)
    return "\n".join(lines) + "\n"


def _screens(state: AnyState) -> list[str]:
    """Each seat's screen now (the game's own, without colours), indented."""
    screen = game_plugin(state.game.info.name).screen
    lines = []
    for seat, name in enumerate(state.game.info.seat_names):
        lines.append(f"  screen of {name}:")
        text = screen(state.game, state.observation(seat), seat, plain)
        lines += [f"  | {line}".rstrip() for line in text.splitlines()]
    return lines


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    """A JSON value as path -> leaf: objects by key, lists kept whole (a hand, a log)
    unless they hold objects; the `log` is kept whole even of records (its new records
    show as it grows)."""
    if isinstance(value, Mapping):
        flat: dict[str, Any] = {}
        for key in value:
            flat.update(_flat(value[key], f"{prefix}.{key}" if prefix else str(key)))
        return flat
    if isinstance(value, list) and prefix != "log" \
            and any(isinstance(item, Mapping) for item in value):
        flat = {}
        for index, item in enumerate(value):
            flat.update(_flat(item, f"{prefix}[{index}]"))
        return flat
    return {prefix: value}


def _changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> Iterator[str]:
    """What changed from `before` to `after`: a list that grew at its end (a log) by
    its new items only, a key that went away as gone."""
    for key in sorted(after.keys() | before.keys()):
        old, new = before.get(key), after.get(key)
        if key not in after:
            yield f"{key} (gone)"
        elif old == new and key in before:
            continue
        elif isinstance(old, list) and isinstance(new, list) and len(new) > len(old) \
                and new[:len(old)] == old:
            yield _entry(key + "+", new[len(old):])
        else:
            yield _entry(key, new)


def _entries(flat: Mapping[str, Any]) -> Iterator[str]:
    for key in sorted(flat):
        yield _entry(key, flat[key])


def _entry(key: str, value: Any) -> str:
    text = json.dumps(value, sort_keys=True)
    if len(key) + len(text) + 1 > WIDTH:
        text = text[:WIDTH - len(key) - 20] + f"... ({len(text)} chars)"
    return f"{key}={text}"
