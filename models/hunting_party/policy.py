"""Hunting Party's own player: the rules of thumb (`heuristics`) and a playout score
that counts the lead in points."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from hunt.models.hunting_party.heuristics import heuristic_action
from hunt.models.hunting_party.observation import PartyObservation, PartySeen
from hunt.models.hunting_party.rules import HuntingPartyGame, HuntingPartyState, PartyAction
from hunt.models.policy import ViewPolicy


class HuntingPartyPolicy(ViewPolicy[HuntingPartyState, PartyAction, PartyObservation]):
    """Hunting Party's rules of thumb and playouts."""

    def heuristic_action(self, game: HuntingPartyGame, observation: PartySeen,
                         legal_actions: Sequence[PartyAction],
                         rng: random.Random) -> PartyAction:
        """Rules of thumb from `hunt.models.hunting_party.heuristics`."""
        return heuristic_action(game, observation, legal_actions, rng)

    def playout_view(self, state: HuntingPartyState, player: int) -> PartyObservation:
        """The heuristic view with each part built as the rules of thumb read it
        (`HuntingPartyState.playout_view`): the same choices, less built. (Typed as the
        observation, as the base's heuristic view is: the rules of thumb read only
        the heuristic view's part of it.)"""
        return cast(PartyObservation, state.playout_view(player))

    def search_reward(self, state: HuntingPartyState) -> list[float]:
        """The returns, plus a little for the lead in points (at most 0.09, less
        than any step between two returns), so playouts tell a near miss from a rout."""
        scores = state.scores()
        rewards = state.returns()
        for seat, score in enumerate(scores):
            lead = score - max(s for other, s in enumerate(scores) if other != seat)
            rewards[seat] += max(-0.09, min(0.09, 0.01 * lead))
        return rewards
