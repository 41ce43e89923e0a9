"""Determinized flat Monte Carlo (Perfect Information Monte Carlo), the baseline.

Sample a world consistent with the seat's view, try every root action in it with one
playout each (cut where the game cuts the search's playouts), and average over worlds.
No tree: what ISMCTS must beat.
"""

from __future__ import annotations

import math
import random

from hunt.models.game import Action, AnyState
from hunt.solver.agent import Agent
from hunt.solver.playout import play_out
from hunt.solver.profiles import search_profile


class PIMCAgent(Agent):
    """Flat Monte Carlo over determinizations; `iterations` playouts per decision."""

    name = "pimc"

    def __init__(self, iterations: int = 1000, seed: int = 0) -> None:
        self.iterations = iterations
        self.rng = random.Random(seed)

    def select_action(self, state: AnyState) -> Action:
        seat = state.current_player()
        legal: list[Action] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        prior = state.belief(seat)
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        worlds = max(1, self.iterations // len(legal))
        depth = search_profile(state.game).rollout_depth
        for _ in range(worlds):
            world = state.determinize(seat, self.rng, prior)
            for index, action in enumerate(legal):
                if not world.is_legal(action):
                    continue
                trial = world.clone()
                trial.apply_legal_action(action)
                totals[index] += play_out(trial, self.rng, depth)[seat]
                counts[index] += 1
        means = [total / count if count else -math.inf
                 for total, count in zip(totals, counts, strict=True)]
        return legal[max(range(len(legal)), key=means.__getitem__)]
