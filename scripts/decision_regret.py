"""How good are the search's choices? Regret of each agent setting on fixed positions.

Takes mid-game positions (`hunt.solver.bench.midgame_states`), lets each setting choose
an action from the seat's own view, then values every chosen action by many playouts
from the TRUE position (analysis only: the game's rollout policy for every seat,
cut where the game cuts). An agent's regret at a position is the best chosen action's
value minus the value of its own choice; the script prints the mean over positions.
The yardstick is play against the game's heuristic, so settings that assume the
heuristic continues (PIMC, a shallow tree) are favoured by it: use it to find what
to measure in `hunt arena`, not instead of it.

    python scripts/decision_regret.py jutland --positions 30 --iterations 1000 --playouts 1500
    python scripts/decision_regret.py the-hunt --positions 40 --iterations 300 --playouts 400
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from hunt.models.game import Action, AnyState
from hunt.models.registry import game_policy, load_game
from hunt.solver.bench import midgame_states
from hunt.solver.ismcts import ISMCTS
from hunt.solver.pimc import PIMCAgent
from hunt.solver.playout import play_out
from hunt.solver.profiles import search_profile

SETTINGS: dict[str, dict[str, Any]] = {
    "ismcts (the game's shape)": {},
    "ismcts full tree": {"tree_depth": 0, "confidence": 1.0, "epsilon": 0.0},
    "ismcts full tree confidence=0": {"tree_depth": 0, "confidence": 0.0, "epsilon": 0.0},
    "ismcts tree=1": {"tree_depth": 1, "confidence": 1.0, "epsilon": 0.0},
    "ismcts tree=1 confidence=0": {"tree_depth": 1, "confidence": 0.0, "epsilon": 0.0},
    "ismcts tree=2": {"tree_depth": 2, "confidence": 1.0, "epsilon": 0.0},
}
"""Settings left out take the game's profile (`hunt.solver.profiles`)."""


def value(state: AnyState, action: Action, playouts: int, rng: random.Random) -> float:
    """Mean playout return of `action` for the seat to move, from the true state."""
    seat, total = state.current_player(), 0.0
    for _ in range(playouts):
        world = state.clone()
        world.apply_legal_action(action)
        total += play_out(world, rng, search_profile(state.game).rollout_depth)[seat]
    return total / playouts


def choices(state: AnyState, index: int, iterations: int) -> dict[str, Action]:
    """Each setting's choice at `state` (the heuristic's read from a sampled world)."""
    seat = state.current_player()
    sample = state.determinize(seat, random.Random(index), state.belief(seat))
    chosen = {"heuristic": game_policy(state.game).rollout_action(sample, random.Random(index)),
              "pimc": PIMCAgent(iterations=iterations, seed=index).select_action(state)}
    for name, settings in SETTINGS.items():
        chosen[name] = ISMCTS(iterations=iterations, seed=index, **settings).search(state).action
    return chosen


def main() -> None:
    """Print each setting's mean regret."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--iterations", type=int, default=None,
                        help="search budget (default: the game's normal level)")
    parser.add_argument("--playouts", type=int, default=1000)
    args = parser.parse_args()
    game = load_game(args.game)
    iterations = args.iterations or search_profile(game).normal_iterations
    rng = random.Random(1)
    regrets: dict[str, list[float]] = {}
    for index, state in enumerate(midgame_states(game, args.positions, seed=5)):
        if len(state.legal_actions()) < 3:
            continue
        chosen = choices(state, index, iterations)
        values = {action: value(state, action, args.playouts, rng)
                  for action in set(chosen.values())}
        best = max(values.values())
        for name, action in chosen.items():
            regrets.setdefault(name, []).append(best - values[action])
    for name, regret in regrets.items():
        print(f"{name:28} mean regret {statistics.mean(regret):.3f} over {len(regret)} "
              "positions")


if __name__ == "__main__":
    main()
