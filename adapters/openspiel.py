"""Our games as OpenSpiel Python games (extra `openspiel`).

Importing this module registers every game of the registry with `pyspiel` as
`hunt_<name>` (hyphens as underscores: `hunt_the_hunt`, `hunt_leduc`), so
`pyspiel.load_game("hunt_leduc")` works, and OpenSpiel's Python algorithms (its
`ISMCTSBot` among them) play our games. A game's options are OpenSpiel parameters,
those of a plain type (int, str, bool): `pyspiel.load_game("hunt_hunting_party(players=4)")`.

- Actions, chance outcomes included, are the ids of the game's fixed numbering
  (`hunt.adapters.numbering`): `num_distinct_actions` and `max_chance_outcomes` are both
  its size.
- Dynamics sequential, chance explicit, imperfect information, rewards at the end;
  zero-sum, identical (co-operative games) or general-sum as `GameInfo` says, with its
  `min_utility`, `max_utility` and `max_game_length` (which counts chance outcomes).
- `information_state_string(player)` is the seat's information-state key as text (all
  it has seen: perfect recall); `observation_string(player)` is its observation now as
  canonical JSON, and `observation_tensor(player)` the same JSON's bytes as numbers, padded
  with zeros to the numbering's fixed `observation_length` (`padded_observation`, the
  PettingZoo adapter's encoding). No information-state tensor is offered: a seat's
  information state grows with every step of the game, so no fixed size holds it.
- `resample_from_infostate(player, sampler)` is our `determinize`, weighted by the
  seat's `belief` where the game has one, seeded by one draw of `sampler`. A sampled
  world keeps only that seat's view: the other seats' information states in it start
  from the sample (as `State.determinize` documents).

`OpenSpielISMCTSAgent` seats OpenSpiel's Python ISMCTS at our table, an `Agent` like
ours: its `TimedISMCTSBot` searches for a time a move, as our search does, and counts
its iterations, so the two can be compared at equal time (`scripts/arena_openspiel.py`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from hunt.adapters.numbering import (
    ActionNumbering,
    chance_outcomes_in_order,
    information_state_text,
    numbering_for,
    observation_bytes,
    padded_observation,
)
from hunt.models.game import CHANCE, TERMINAL, Action, AnyGame, AnyState
from hunt.models.registry import available_games, game_plugin, load_game
from hunt.solver.agent import Agent
from hunt.solver.budget import check_budget

PREFIX = "hunt_"
"""What OpenSpiel's names of our games begin with."""


def spiel_name(name: str) -> str:
    """OpenSpiel's name of our game `name`: "the-hunt" -> "hunt_the_hunt"."""
    return PREFIX + name.replace("-", "_")


def _parameters(name: str) -> dict[str, Any]:
    """The game's options OpenSpiel can pass as parameters (plain types), with defaults."""
    return {option.name: option.default for option in game_plugin(name).options.options
            if type(option.default) in (int, str, bool)}


def _game_type(name: str) -> Any:
    """The `pyspiel.GameType` of our game `name` (its default options' `GameInfo`)."""
    info = load_game(name).info
    low, high = game_plugin(name).player_range
    utility = (pyspiel.GameType.Utility.ZERO_SUM if info.zero_sum
               else pyspiel.GameType.Utility.IDENTICAL if info.cooperative
               else pyspiel.GameType.Utility.GENERAL_SUM)
    return pyspiel.GameType(
        short_name=spiel_name(name), long_name=f"hunt: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(name))


class HuntSpielGame(pyspiel.Game):
    """One of our games, with its options, as an OpenSpiel game."""

    def __init__(self, name: str, params: Mapping[str, Any] | None = None) -> None:
        options = {key: value for key, value in (params or {}).items()
                   if key in _parameters(name)}
        self.hunt_game: AnyGame = load_game(name, **options)
        self.numbering: ActionNumbering = numbering_for(name, self.hunt_game.options)
        info = self.hunt_game.info
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.numbering.size,
            max_chance_outcomes=self.numbering.size,
            num_players=info.num_players, min_utility=info.min_utility,
            max_utility=info.max_utility, utility_sum=0.0 if info.zero_sum else None,
            max_game_length=info.max_game_length)
        super().__init__(_game_type(name), game_info, dict(params or {}))

    def new_initial_state(self, seed: int = 0) -> HuntSpielState:
        """The position before the first action (`seed` is kept in our record only)."""
        return HuntSpielState(self, self.hunt_game.new_initial_state(seed))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> HuntObserver:
        """The information state under perfect recall (a string only), else the
        observation (a string and a tensor)."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return HuntObserver(perfect_recall, self.numbering.observation_length)


class HuntSpielState(pyspiel.State):
    """A position of one of our games, seen by OpenSpiel through action ids."""

    def __init__(self, game: HuntSpielGame, state: AnyState) -> None:
        super().__init__(game)
        self.hunt_state: AnyState = state
        self.numbering: ActionNumbering = game.numbering
        self._by_id: dict[int, Action] | None = None

    @property
    def hunt_state(self) -> AnyState:
        """Our state behind this one."""
        return self._held.state

    @hunt_state.setter
    def hunt_state(self, state: AnyState) -> None:
        self._held = _Held(state)

    def _actions(self) -> dict[int, Action]:
        if self._by_id is None:
            self._by_id = self.numbering.actions_by_id(self.hunt_state)
        return self._by_id

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player."""
        player = self.hunt_state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the legal actions, ascending."""
        if player != self.hunt_state.current_player():
            return []
        return list(self._actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The ids of the chance outcomes with their probabilities, ascending by id."""
        ids = {self.hunt_state.action_to_string(action): number
               for number, action in self._actions().items()}
        pairs = [(ids[self.hunt_state.action_to_string(action)], probability)
                 for action, probability in chance_outcomes_in_order(self.hunt_state)]
        return sorted(pairs)

    def _apply_action(self, action: int) -> None:
        self.hunt_state.apply_legal_action(self._actions()[action])
        self._by_id = None

    def _action_to_string(self, player: int, action: int) -> str:
        legal = self._actions()
        if action in legal:
            return self.hunt_state.action_to_string(legal[action])
        if action < len(self.numbering.texts):
            return self.numbering.texts[action]
        return f"unlisted action {action - len(self.numbering.texts)} here"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.hunt_state.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's return: 0 before the end."""
        return [float(value) for value in self.hunt_state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> HuntSpielState:
        """A full position consistent with what `player_id` has seen (our `determinize`,
        weighted by the seat's belief), seeded by a draw of `probability_sampler`."""
        seed = int(float(probability_sampler()) * 2**53)
        world = self.hunt_state.determinize(player_id, random.Random(seed),
                                            prior=self.hunt_state.belief(player_id))
        return HuntSpielState(self.get_game(), world)

    def __str__(self) -> str:
        return " | ".join(self.hunt_state.to_record()["actions"]) \
            if self.hunt_state.history else "(start)"


class _Held:
    """Our state as a `HuntSpielState` holds it. OpenSpiel clones a Python state by
    deep-copying its attributes: this one copies itself by `clone`, which shares the
    game's fixed tables rather than copying them."""

    def __init__(self, state: AnyState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())


class HuntObserver:
    """OpenSpiel's observer of one of our states. The observation (not perfect recall)
    has a tensor of `length` numbers, the seat's padded observation; the information
    state (perfect recall) has none, as it grows without bound."""

    def __init__(self, perfect_recall: bool, length: int) -> None:
        self.perfect_recall = perfect_recall
        self.length = 0 if perfect_recall else length
        self.tensor: np.ndarray[Any, Any] = np.zeros(self.length, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = \
            {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: HuntSpielState, player: int) -> None:
        """Fill the tensor with the seat's padded observation (`padded_observation`:
        its canonical JSON's bytes, zeros after); nothing for the information state."""
        if not self.perfect_recall:
            self.tensor[:] = padded_observation(state.hunt_state, player, self.length)

    def string_from(self, state: HuntSpielState, player: int) -> str:
        """The seat's information state (perfect recall) or its observation now."""
        if self.perfect_recall:
            return information_state_text(state.hunt_state, player)
        return observation_bytes(state.hunt_state, player).decode()


UCT_C = 2.0
"""The exploration constant OpenSpiel's ISMCTS is run with here: the `uct_c` of
OpenSpiel's own examples (its bot has no default)."""
FEWEST_SIMULATIONS = 2
"""The simulations a timed search runs however short its time: the first only
expands the root, so a choice needs a second."""


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python `ISMCTSBot` with a budget of wall time a decision (`seconds`),
    simulations (`simulations`) or both, whichever ends first, instead of its fixed
    `max_simulations`; it counts the simulations it ran (`iterations`) and the time
    they took (`search_seconds`) over all its decisions, a decision with one legal
    action not counted (nothing is searched there).

    Leaves are valued by one random rollout (OpenSpiel's `RandomRolloutEvaluator`),
    children picked by UCT with `uct_c`. `allow_inconsistent_action_sets` is on: a
    sampled world keeps only the searching seat's view, so another seat's node may
    meet differing actions. Every draw (worlds, rollouts, ties, the final choice)
    comes from `random_state`."""

    def __init__(self, game: Any, random_state: np.random.RandomState, *,
                 seconds: float | None = None, simulations: int | None = None,
                 uct_c: float = UCT_C) -> None:
        check_budget(simulations, seconds)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        super().__init__(game, evaluator, uct_c, max_simulations=simulations or 0,
                         random_state=random_state, allow_inconsistent_action_sets=True)
        self.seconds = seconds
        self.simulations = simulations
        self.iterations = 0
        """Simulations run, over every decision searched."""
        self.search_seconds = 0.0
        """Wall time the searches took, over every decision searched."""
        # OpenSpiel's own resampler draws from an unseeded sampler: draw from ours.
        self.set_resampler(self._resample)

    def _resample(self, state: HuntSpielState, player: int) -> HuntSpielState:
        return state.resample_from_infostate(player, self._random_state.uniform)

    def _searching(self, done: int, start: float) -> bool:
        """Whether a search that began at `start` and has run `done` simulations goes on
        (the clock read every simulation: one may take milliseconds)."""
        if done < FEWEST_SIMULATIONS:
            return True
        if self.simulations is not None and done >= self.simulations:
            return False
        return self.seconds is None or time.perf_counter() - start < self.seconds

    def run_search(self, state: HuntSpielState) -> list[tuple[int, float]]:
        """OpenSpiel's `run_search` with its loop bounded by this bot's budget (and
        without its check, each simulation, that the sampled world's information
        state is the root's: our determinizer promises it)."""
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        start = time.perf_counter()
        self._root_node = self.create_new_node(state)
        done = 0
        while self._searching(done, start):
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.iterations += done
        self.search_seconds += time.perf_counter() - start
        policy: list[tuple[int, float]] = self.get_final_policy(
            state, self.filter_illegals(self._root_node, legal))
        return policy


class OpenSpielISMCTSAgent(Agent):
    """OpenSpiel's Python ISMCTS (`TimedISMCTSBot`) as one of our agents, on our game
    through this adapter, with a budget of `seconds` a decision, `simulations`, or both.

    It decides from the seat's view only: the bot is handed a world our determinizer
    deals from that view, never the real position. `reseed` reseeds the bot's numpy
    generator too, so a seeded game replays (at a budget of simulations; time varies)."""

    name = "openspiel-ismcts"

    def __init__(self, game: AnyGame, *, seconds: float | None = None,
                 simulations: int | None = None, seed: int = 0) -> None:
        name = game.info.name
        params = {key: value for key, value in game.options.items()
                  if key in _parameters(name)}
        self.spiel_game: HuntSpielGame = pyspiel.load_game(register(name), params)
        self.rng = random.Random(seed)
        self.random_state = np.random.RandomState(seed % 2**32)
        self.bot = TimedISMCTSBot(self.spiel_game, self.random_state, seconds=seconds,
                                  simulations=simulations)

    def reseed(self, seed: int) -> None:
        """Draw what follows, the bot's draws included, from `seed`."""
        self.rng.seed(seed)
        self.random_state.seed(seed % 2**32)

    def select_action(self, state: AnyState) -> Action:
        legal = self.spiel_game.numbering.actions_by_id(state)
        if len(legal) == 1:
            return next(iter(legal.values()))
        seat = state.current_player()
        world = state.determinize(seat, self.rng, prior=state.belief(seat))
        return legal[int(self.bot.step(HuntSpielState(self.spiel_game, world)))]


@cache
def register(name: str) -> str:
    """Register our game `name` with pyspiel (once); its OpenSpiel name."""
    # pyspiel keeps what it is given until the interpreter has shut down; a class is
    # safe to keep so long, while a plain function (a closure) aborts the exit.
    game_class = type(f"HuntSpielGame_{name.replace('-', '_')}", (HuntSpielGame,),
                      {"__init__": _constructor(name), "__module__": __name__})
    pyspiel.register_game(_game_type(name), game_class)
    return spiel_name(name)


def _constructor(name: str) -> Any:
    """The `__init__` of the class that builds our game `name` from OpenSpiel's parameters."""
    def __init__(self: HuntSpielGame, params: Mapping[str, Any] | None = None) -> None:
        HuntSpielGame.__init__(self, name, params)
    return __init__


def register_all() -> list[str]:
    """Register every game of the registry; their OpenSpiel names."""
    return [register(name) for name in available_games()]


register_all()
