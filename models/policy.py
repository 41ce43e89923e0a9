"""A game's own player: its rules of thumb, and how a search plays out and scores a
sampled world.

The rules (`hunt.models.game`) say what may be done; a `GamePolicy` says what the
game's own player would do, and what a search aims for. A game supplies one through
its plug-in (`GamePlugin.policy`), so the rules never import their heuristics and a
search finds them through the registry (`hunt.models.registry.game_policy`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic, cast

from hunt.models.game import ActionT, ObsT, StateT


class GamePolicy(Generic[StateT, ActionT, ObsT]):
    """The game's rule-of-thumb player and its playout scoring. The defaults: uniform
    random playouts, scored by the returns, never cut short; a game overrides what it
    knows better."""

    def heuristic_action(self, game: Any, observation: ObsT, legal_actions: Sequence[ActionT],
                         rng: random.Random) -> ActionT:
        """The rule-of-thumb choice of the seat whose `observation` this is, among
        `legal_actions`. It sees only that seat's observation, so it cannot cheat: the
        `heuristic` agent plays it, and the search's playouts follow it."""
        raise NotImplementedError(f"{type(self).__name__} has no rules of thumb")

    def rollout_action(self, state: StateT, rng: random.Random) -> ActionT:
        """The playout policy in a sampled world: uniform random by default. A game
        gives a fast form of its rules of thumb; it may read the acting seat's own
        cards in the sampled world, never another seat's."""
        action: ActionT = rng.choice(state.legal_actions())
        return action

    def sensible_actions(self, state: StateT, legal: list[ActionT]) -> list[ActionT]:
        """The actions of `legal` (the state's, in its order) a search weighs for the
        seat to act: all of them by default. A game drops those its rules make plain
        waste, that cost something and can gain nothing (a card spent on a bonus no roll
        will use), judged from what the acting seat knows; never all of them."""
        return legal

    def playout_epsilon(self, state: StateT, epsilon: float) -> float:
        """The share of random decisions in the playouts of a search from `state`:
        `epsilon`, the game's profile's, by default. A game may play out a part of
        itself otherwise, where its rules of thumb are a poor picture of an opponent
        (an agent's own `epsilon` setting still goes over this)."""
        return epsilon

    def search_reward(self, state: StateT) -> list[float]:
        """What the search maximizes at the end of a playout: `returns()` by default. A
        game may add a small margin term (ordered like the returns, never beyond them)
        so that playouts tell a narrow win from a wide one."""
        return state.returns()

    def evaluate(self, state: StateT) -> list[float] | None:
        """Estimated returns where a playout is cut short (the search's profile says
        where); None: play to the end."""
        return None

    @property
    def adds_margin(self) -> bool:
        """Whether `search_reward` adds a margin to the returns (a hint's legend says
        that its chances count wide wins more)."""
        return type(self).search_reward is not GamePolicy.search_reward


class ViewPolicy(GamePolicy[StateT, ActionT, ObsT]):
    """A policy whose playouts follow its rules of thumb as they are, read from the
    acting seat's heuristic view of the sampled world (`State.heuristic_view`)."""

    def rollout_action(self, state: StateT, rng: random.Random) -> ActionT:
        """The heuristic, from the acting seat's view of the sampled world; a forced
        move without building the view (every game's rules of thumb play it and draw
        nothing from `rng`)."""
        legal: list[ActionT] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = self.playout_view(state, state.current_player())
        return self.heuristic_action(state.game, view, legal, rng)

    def playout_view(self, state: StateT, player: int) -> ObsT:
        """What the rules of thumb read in a playout: the seat's heuristic view (the
        part of the observation they read), unless a game builds it more cheaply."""
        return cast(ObsT, state.heuristic_view(player))


AnyPolicy = GamePolicy[Any, Any, Any]
"""Any game's policy: what the solver handles."""

