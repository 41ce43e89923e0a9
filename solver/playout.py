"""Playouts: finishing a sampled world with the game's rollout policy."""

from __future__ import annotations

import random

from hunt.models.game import CHANCE, State, sample_chance_outcome


def play_out(world: State, rng: random.Random, max_depth: int | None = None) -> list[float]:
    """Play `world` on (changing it) with the game's `rollout_action`, chance drawn by
    its probabilities; the game's `search_reward` at the end, or its `evaluate` once
    `max_depth` actions are played (if the game has an evaluation)."""
    game = world.game
    depth = 0
    while not world.is_terminal():
        if max_depth is not None and depth >= max_depth:
            estimate = game.evaluate(world)
            if estimate is not None:
                return estimate
        if world.current_player() == CHANCE:
            world.apply_legal_action(sample_chance_outcome(world, rng))
        else:
            world.apply_legal_action(game.rollout_action(world, rng))
        depth += 1
    return game.search_reward(world)
