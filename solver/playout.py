"""Playouts: finishing a sampled world with the game's rollout policy."""

from __future__ import annotations

import random
from collections.abc import Callable

from hunt.models.game import CHANCE, TERMINAL, AnyState
from hunt.models.registry import game_policy


def play_out(world: AnyState, rng: random.Random, max_depth: int | None = None,
             epsilon: float = 0.0,
             reward: Callable[[AnyState], list[float]] | None = None) -> list[float]:
    """Play `world` on (changing it) with the game policy's `rollout_action`, chance
    drawn by its probabilities; the policy's `search_reward` at the end (or `reward`,
    if given), or its `evaluate` once `max_depth` actions are played (if the game has
    an evaluation). With `epsilon`, that share of the decisions is a uniformly random
    legal action instead: playouts that do not assume every player follows the
    game's rules of thumb."""
    policy = game_policy(world.game)
    depth = 0
    while (player := world.current_player()) != TERMINAL:
        if max_depth is not None and depth >= max_depth:
            estimate = policy.evaluate(world)
            if estimate is not None:
                return estimate
        if player == CHANCE:
            world.apply_legal_action(world.sample_chance_outcome(rng))
        elif epsilon and rng.random() < epsilon:
            world.apply_legal_action(rng.choice(world.legal_actions()))
        else:
            world.apply_legal_action(policy.rollout_action(world, rng))
        depth += 1
    return (reward or policy.search_reward)(world)
