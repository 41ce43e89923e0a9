"""Hand-written players: opponents the computer is measured against, not tuned on.

A game's own rule of thumb (`hunt.models.policy.GamePolicy.heuristic_action`) is what
the search's playouts assume of an opponent, so winning against it proves little. A
`Player` is another way to play the game, written from the rulebook's logic by itself
(a greedy player, a planner, one that reads the public tracker): together with the
generic agents they make the population `hunt arena --population` measures against.
None of them becomes a playout policy.

A player gets the real state, as an agent does, and decides from its seat's view only:
`legal_actions()`, `observation(seat)`, the seat's views of the record
(`views_since`, `replayed` through what the seat saw), never a hidden part; the
conformance suite checks it (`hunt.models.testing.check_players`). Its randomness is
the generator it is given. A player may remember what it worked out earlier in the
same game (a tracker brought up to date), never what it could not have seen.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from hunt.models.game import Action


class Player(ABC):
    """One hand-written way to play a game, for every seat of it."""

    @abstractmethod
    def choose(self, state: Any, rng: random.Random) -> Action:
        """The action for the seat to act in `state` (not a chance node), one of its
        legal actions, decided from that seat's view only."""


PlayerFactory = Callable[[], Player]
"""Makes a fresh player (its memory empty) for one agent."""
