"""Recount The Hunt's stored perft positions (tests/data/the_hunt_perft.json).

    .venv/bin/python scripts/the_hunt_perft.py

Run it only after an intended rule change. Each position is a game record; its counts
are the number of legal action sequences of length 1 and 2 from it. A record that no
longer replays under the rules keeps its longest legal prefix and is played on from
there at random (seeded by the record's seed) to its old length, so every position
stays a real one of about the same depth.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hunt.errors import IllegalActionError, RecordError
from hunt.models.game import AnyState, random_action
from hunt.models.registry import load_game

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "the_hunt_perft.json"


def perft(state: AnyState, depth: int) -> int:
    """The number of legal action sequences of length `depth` (a game's end counts 1)."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


def replayed(record: dict[str, Any]) -> AnyState:
    """The record's position, or its legal prefix played on at random to its length."""
    game = load_game(record["game"])
    state: AnyState
    try:
        state = game.from_record(record)
        return state
    except RecordError:
        pass
    state = game.new_initial_state(record["seed"])
    for text in record["actions"]:
        try:
            state.apply_action(state.string_to_action(text))
        except IllegalActionError:  # the first action the rules no longer allow
            break
    rng = random.Random(record["seed"])
    while len(state.history) < len(record["actions"]) and not state.is_terminal():
        state.apply_action(random_action(state, rng))
    return state


def main() -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    for position in data["positions"]:
        state = replayed(position["record"])
        position.update(record=state.to_record(), to_move=state.current_player(),
                        depth1=perft(state, 1), depth2=perft(state, 2))
    DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
