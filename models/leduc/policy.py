"""Leduc Hold'em's own player: raise a pair or a King, call a Queen, check or mostly
fold a Jack facing a bet."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hunt.models.leduc.observation import LeducObservation
from hunt.models.leduc.rules import CALL, FOLD, RAISE, LeducGame, LeducState
from hunt.models.policy import GamePolicy


class LeducPolicy(GamePolicy[LeducState, int, LeducObservation]):
    """Leduc's rule of thumb, for the heuristic and the playouts alike."""

    def heuristic_action(self, game: LeducGame, observation: LeducObservation,
                         legal_actions: Sequence[int], rng: random.Random) -> int:
        """Raise a pair or a King, call a Queen, check or fold a Jack facing a bet."""
        card = observation["card"]
        if card is None:
            raise ValueError("the heuristic acts for a seat holding its card")
        own = game.rules.ranks.index(card[0])
        public = observation["public_card"]
        pair = public is not None and public[0] == card[0]
        return rule_of_thumb(own, pair, public is None, legal_actions, rng)

    def rollout_action(self, state: LeducState, rng: random.Random) -> int:
        """The rule of thumb, read straight from the sampled world."""
        seat = state.current_player()
        own = state.cards[seat] // 2
        pair = state.public >= 0 and state.public // 2 == own
        return rule_of_thumb(own, pair, state.public < 0, state.legal_actions(), rng)


def rule_of_thumb(rank: int, pair: bool, first_round: bool, legal: Sequence[int],
                  rng: random.Random) -> int:
    """The play of a card of `rank` (0 Jack .. 2 King), paired with the public card or
    not, in the first round or the second, among `legal`."""
    strong = pair or (rank == 2 and first_round)
    if strong and RAISE in legal:
        return RAISE
    if strong or rank >= 1 or FOLD not in legal:
        return CALL
    return CALL if rng.random() < 0.3 else FOLD  # a Jack facing a bet: mostly give up
