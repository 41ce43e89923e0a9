"""The search decides as it did: on seeded positions of every game, ISMCTS (the game's
own profile, a small budget) and PIMC return the move and the root statistics kept in
tests/data/search_goldens.json. A refactor or a speed-up must not change a decision; a
change of policy that does rewrites the file (HUNT_WRITE_SEARCH_GOLDENS=1, with
-p no:xdist) and says why in its commit."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from hunt.models.registry import available_games, load_game
from hunt.solver.bench import midgame_states
from hunt.solver.ismcts import ISMCTS
from hunt.solver.pimc import PIMCAgent

GOLDENS = Path(__file__).parent / "data" / "search_goldens.json"
POSITIONS = 3
"""Seeded positions of each game (a third of the way into random games)."""
ITERATIONS = 60


def decisions(name: str) -> list[dict[str, Any]]:
    """The searches' answers on the game's seeded positions, as JSON-able data."""
    game = load_game(name)
    found = []
    for index, state in enumerate(midgame_states(game, POSITIONS, seed=11)):
        result = ISMCTS(iterations=ITERATIONS, seed=index).search(state)
        pimc = PIMCAgent(iterations=ITERATIONS, seed=index).select_action(state)
        found.append({
            "position": index, "actions": len(state.history),
            "ismcts": state.action_to_string(result.action),
            "stats": [[entry.text, entry.visits, round(entry.mean_value, 9)]
                      for entry in result.stats],
            "pimc": state.action_to_string(pimc)})
    return found


@pytest.mark.parametrize("name", available_games())
def test_the_search_decides_as_it_did_on_seeded_positions(name: str) -> None:
    found = decisions(name)
    kept = json.loads(GOLDENS.read_text()) if GOLDENS.exists() else {}
    if os.environ.get("HUNT_WRITE_SEARCH_GOLDENS"):
        kept[name] = found
        GOLDENS.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")
    assert name in kept, f"no golden for {name}: write it with HUNT_WRITE_SEARCH_GOLDENS=1"
    assert found == kept[name]
