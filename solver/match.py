"""Playing whole games between agents, with chance drawn from a seeded stream."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hunt.models.game import AnyGame, AnyState
from hunt.solver.agent import Agent


@dataclass(frozen=True)
class MatchResult:
    """The end of one game: the final state, its returns and its length in actions."""

    state: AnyState
    returns: tuple[float, ...]
    length: int


def play_game(game: AnyGame, agents: Sequence[Agent], seed: int,
              on_step: Callable[[AnyState], None] | None = None) -> MatchResult:
    """Play one game, seat i played by `agents[i]`; chance outcomes come from `seed`.

    The chance stream is the game's seed, so the same seed deals the same cards to
    whichever agents sit down, as long as they make the same choices.
    """
    return play_on(game.new_initial_state(seed), agents, random.Random(seed), on_step)


def play_on(state: AnyState, agents: Sequence[Agent], chance: random.Random,
            on_step: Callable[[AnyState], None] | None = None) -> MatchResult:
    """Play `state` (changing it) to its end, seat i played by `agents[i]`, chance
    outcomes drawn from `chance`: a game from its start, or from a position."""
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            action = state.sample_chance_outcome(chance)
        else:
            action = agents[player].select_action(state)
        state.apply_action(action)
        if on_step is not None:
            on_step(state)
    return MatchResult(state, tuple(state.returns()), len(state.history))
