"""Jutland's own player: the rules of thumb (`heuristics`) and a playout score that
counts the margin of ships sunk."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hunt.models.jutland import heuristics
from hunt.models.jutland.observation import JutlandObservation
from hunt.models.jutland.phases import BRITISH, GERMAN, SELECT
from hunt.models.jutland.rules import BIG, SMALL, JutlandGame, JutlandState
from hunt.models.policy import GamePolicy

MARGIN_WEIGHT = 0.25
"""Most the margin of ships sunk adds to a search playout's result."""


class JutlandPolicy(GamePolicy[JutlandState, int, JutlandObservation]):
    """Jutland's rules of thumb and playouts."""

    def heuristic_action(self, game: JutlandGame, observation: JutlandObservation,
                         legal_actions: Sequence[int], rng: random.Random) -> int:
        """Rules of thumb from `hunt.models.jutland.heuristics`."""
        return heuristics.heuristic_action(game, observation, legal_actions, rng)

    def rollout_action(self, state: JutlandState, rng: random.Random) -> int:
        """The heuristic, read from the acting side's hand in the sampled world."""
        return heuristics.rollout_action(state, rng)

    def sensible_actions(self, state: JutlandState, legal: list[int]) -> list[int]:
        """A discard or a deployment, which the rules take one card at a time in any
        order, weighed in deck order only: the cards of a kind before the last kind
        chosen are dropped (never `done`). Every set of cards is still reached, once,
        so the search does not spread its visits over orders of the same choice."""
        if state.stage != SELECT:
            return legal
        chosen = state.selected[state.chooser]
        last = max((kind for kind, count in enumerate(chosen) if count), default=0)
        return [action for action in legal
                if action == state.game.done_action or action >= last]

    def search_reward(self, state: JutlandState) -> list[float]:
        """The result, plus up to 0.25 for the margin of ships sunk (big ones double),
        so the search prefers wide wins and narrow losses."""
        german_sank, british_sank = state.losses[BRITISH], state.losses[GERMAN]
        margin = (german_sank[SMALL] + 2 * german_sank[BIG]) \
            - (british_sank[SMALL] + 2 * british_sank[BIG])
        bonus = max(-MARGIN_WEIGHT, min(MARGIN_WEIGHT, margin * MARGIN_WEIGHT / 10))
        german = state.returns()[GERMAN] + bonus
        return [german, -german]
