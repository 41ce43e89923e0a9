"""The one interface every player shares: the computer agents and the human at the CLI."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from hunt.models.game import Action, AnyState
from hunt.models.players import Player
from hunt.models.registry import game_policy


class Agent(ABC):
    """Chooses an action for the player to act, from what that player may see.

    An agent receives the real state (so a person can be asked, and so the search can
    call `determinize`), but must decide only from the acting seat's view:
    `legal_actions()`, `observation(seat)`, `information_state_key(seat)`,
    `determinize(seat, ...)` and `belief(seat)`. Randomness comes from its own seed.
    """

    name: str = "agent"
    rng: random.Random
    """Where the agent's randomness comes from, all of it."""

    @abstractmethod
    def select_action(self, state: AnyState) -> Action:
        """The action to play in `state`, whose current player is this agent's seat."""

    def reseed(self, seed: int) -> None:
        """Draw what follows from `seed`: a driver that reseeds before each decision
        makes every decision replayable on its own (the CLI does)."""
        self.rng.seed(seed)


class RandomAgent(Agent):
    """Uniformly random legal actions: the floor every other agent must beat."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def select_action(self, state: AnyState) -> Action:
        action: Action = self.rng.choice(state.legal_actions())
        return action


class HeuristicAgent(Agent):
    """The game's own rules of thumb (its policy's `heuristic_action`), from the seat's
    observation."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def select_action(self, state: AnyState) -> Action:
        seat = state.current_player()
        action: Action = game_policy(state.game).heuristic_action(
            state.game, state.observation(seat), state.legal_actions(), self.rng)
        return action


class PlayerAgent(Agent):
    """A game's hand-written player (`hunt.models.players`) as an agent: one of the
    population the arena measures against."""

    def __init__(self, name: str, player: Player, seed: int = 0) -> None:
        self.name = name
        self.player = player
        self.rng = random.Random(seed)

    def select_action(self, state: AnyState) -> Action:
        return self.player.choose(state, self.rng)
