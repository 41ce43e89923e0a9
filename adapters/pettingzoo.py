"""Our games as PettingZoo AEC environments (extra `pettingzoo`).

`env("leduc")` (options as keywords, e.g. `env("hunting-party", players=4)`) is an
`AECEnv` whose agents are the game's seat names. Each agent acts by an id of the game's
fixed action numbering (`hunt.adapters.numbering`): its action space is
`Discrete(numbering.size)`, and only the ids set in its `action_mask` are legal.

What an agent observes is its seat's view and nothing else: a dict of

- `observation`: `uint8` bytes of the seat's observation (`State.observation(seat)`,
  all its screen may show) as canonical JSON in UTF-8, padded with zeros to a fixed
  length (`padded_observation`: four times the longest the numbering's census met);
  `decode_observation` turns it back into the dict;
- `action_mask`: `int8`, 1 for each id the seat may play now (all 0 off its turn).

Chance (dice, draws, deals) is resolved inside `step` and `reset` from a
`random.Random` seeded by `reset(seed=...)`, so a seed replays a game exactly. Rewards
come once, at the end: each seat's `State.returns()`. `render_mode="ansi"` returns the
screen of the seat to act (or of the first seat once the game is over), drawn by the
game's plugin from that seat's observation.
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hunt.adapters.numbering import (
    ActionNumbering,
    draw_chance,
    numbering_for,
    padded_observation,
)
from hunt.models.game import CHANCE, AnyGame, AnyState
from hunt.models.plugin import plain
from hunt.models.registry import game_plugin, load_game


def decode_observation(data: np.ndarray[Any, Any]) -> dict[str, Any]:
    """The seat's observation dict from the `observation` bytes of an agent's observation."""
    text = bytes(data).rstrip(b"\0").decode()
    decoded: dict[str, Any] = json.loads(text)
    return decoded


class HuntEnv(AECEnv):
    """One of our games as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, name: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game: AnyGame = load_game(name, **options)
        self.numbering: ActionNumbering = numbering_for(name, self.game.options)
        # PettingZoo reads the name from `metadata`, per game: an instance's own dict.
        self.metadata = {**HuntEnv.metadata,  # type: ignore[misc]
                         "name": f"hunt_{name.replace('-', '_')}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(self.game.info.seat_names)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        length = self.numbering.observation_length
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0, 255, (length,), np.uint8),
            "action_mask": spaces.Box(0, 1, (self.numbering.size,), np.int8)})
            for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.numbering.size)
                              for agent in self.possible_agents}
        self._rng = random.Random(0)
        self.state: AnyState = self.game.new_initial_state(0)
        self._legal: dict[int, Any] = {}

    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        """The agent's observation space (the same object every call)."""
        space: gymnasium.Space[Any] = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        """The agent's action space: the ids of the numbering."""
        space: gymnasium.Space[Any] = self.action_spaces[agent]
        return space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` seeds the chance draws (None: a fresh random seed)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self._rng = random.Random(seed)
        self.state = self.game.new_initial_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def _advance(self) -> None:
        """Resolve chance, then select the seat to act or, at the end, pay the returns."""
        while self.state.current_player() == CHANCE:
            self.state.apply_legal_action(draw_chance(self.state, self._rng))
        if self.state.is_terminal():
            returns = self.state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = True
            self._legal = {}
            self.agent_selection = self.agents[0]
        else:
            self._legal = self.numbering.actions_by_id(self.state)
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The agent's seat's view (see the module's docstring)."""
        seat = self._seat[agent]
        observation = padded_observation(self.state, seat, self.numbering.observation_length)
        mask = np.zeros(self.numbering.size, np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[list(self._legal)] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent plays the action with id `action` (one its mask allows)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._legal:
            raise ValueError(f"action {action!r} is not legal for {agent}; "
                             f"legal ids: {sorted(self._legal)}")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_legal_action(self._legal[int(action)])
        self._advance()
        self._accumulate_rewards()

    def action_text(self, action: int) -> str:
        """The text of the legal action with id `action` at this position."""
        return self.state.action_to_string(self._legal[int(action)])

    def render(self) -> str | None:
        """With `render_mode="ansi"`: the screen of the seat to act, as text."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass "
                                  "render_mode='ansi' to env()")
            return None
        player = self.state.current_player()
        seat = player if player >= 0 else 0
        screen = game_plugin(self.game.info.name).screen
        text: str = screen(self.game, self.state.observation(seat), seat, plain)
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(name: str, render_mode: str | None = None, **options: Any) -> HuntEnv:
    """The environment of game `name` without PettingZoo's wrappers."""
    return HuntEnv(name, render_mode=render_mode, **options)


def env(name: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The AEC environment of the registered game `name` with `options`, wrapped so that
    calls out of order (a step before reset) raise a clear error."""
    environment: AECEnv = wrappers.OrderEnforcingWrapper(
        raw_env(name, render_mode=render_mode, **options))
    return environment
