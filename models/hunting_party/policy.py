"""Hunting Party's own player: the rules of thumb (`heuristics`) and a playout score
that counts the lead in points."""

from __future__ import annotations

import random
from collections.abc import Sequence

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

    def rollout_action(self, state: HuntingPartyState, rng: random.Random) -> PartyAction:
        """The rules of thumb, from a view of the sampled world whose parts are built as
        they are read (`playout_view`): the same choice as from the whole view."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return heuristic_action(state.game, state.playout_view(state.current_player()),
                                legal, rng)

    def search_reward(self, state: HuntingPartyState) -> list[float]:
        """The returns, plus a little for the lead in points (at most 0.09, less
        than any step between two returns), so playouts tell a near miss from a rout."""
        scores = state.scores()
        rewards = state.returns()
        for seat, score in enumerate(scores):
            lead = score - max(s for other, s in enumerate(scores) if other != seat)
            rewards[seat] += max(-0.09, min(0.09, 0.01 * lead))
        return rewards
