"""Hunted's own player: the rules of thumb (`heuristics`), the fitted chance to
escape where a playout is cut short (`evaluation`), and a playout score that prefers
an escape with more left."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hunt.models.hunted.evaluation import win_chance
from hunt.models.hunted.heuristics import heuristic_action
from hunt.models.hunted.observation import HuntedObservation, HuntedSeen
from hunt.models.hunted.rules import HuntedAction, HuntedGame, HuntedState
from hunt.models.policy import ViewPolicy


class HuntedPolicy(ViewPolicy[HuntedState, HuntedAction, HuntedObservation]):
    """Hunted's rules of thumb and playouts."""

    def heuristic_action(self, game: HuntedGame, observation: HuntedSeen,
                         legal_actions: Sequence[HuntedAction],
                         rng: random.Random) -> HuntedAction:
        """Rules of thumb from `hunt.models.hunted.heuristics`."""
        return heuristic_action(game, observation, legal_actions, rng)

    def evaluate(self, state: HuntedState) -> list[float] | None:
        """P(escape) from the fitted model (`hunt.models.hunted.evaluation`), at a turn
        outside a fight; anything else is played on."""
        if state.over or state.fight is not None or state.stack[-1].kind != "turn":
            return None
        return [win_chance(state)] * state.game.players

    def search_reward(self, state: HuntedState) -> list[float]:
        """The returns, plus a thousandth of the score for a win (the score adds at
        most 0.06): an escape with more health and time left is the better one."""
        bonus = state.score() / 1000 if state.won else 0.0
        return [value + bonus for value in state.returns()]
