"""The OpenSpiel adapter passes OpenSpiel's own checks, and its ISMCTS plays our games."""

from __future__ import annotations

import numpy as np
import pytest

from hunt.models.registry import available_games

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as spiel_policy  # noqa: E402
from open_spiel.python.algorithms import expected_game_score, ismcts, mcts  # noqa: E402

from hunt.adapters.openspiel import spiel_name  # noqa: E402

SIMULATIONS = {"the-hunt": 1, "hunting-party": 2}
"""random_sim_test's games per game: The Hunt runs to thousands of actions."""


@pytest.mark.parametrize("name", available_games())
def test_openspiels_random_sim_test_passes(name: str) -> None:
    game = pyspiel.load_game(spiel_name(name))
    # Serialisation is off: our states are rebuilt from records, not from OpenSpiel's.
    pyspiel.random_sim_test(game, num_sims=SIMULATIONS.get(name, 5), serialize=False,
                            verbose=False)


def test_options_are_parameters() -> None:
    game = pyspiel.load_game("hunt_hunting_party(players=4)")
    assert game.num_players() == 4
    assert game.new_initial_state().hunt_state.game.info.num_players == 4


def _ismcts_game(name: str, seed: int) -> list[float]:
    """One whole game of `name`, every seat played by OpenSpiel's Python ISMCTSBot."""
    game = pyspiel.load_game(spiel_name(name))
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    # A sampled world keeps only the searching seat's view (`State.determinize`), so the
    # other seats' nodes in its tree may meet differing action sets: allowed.
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=20,
                           random_state=rng, allow_inconsistent_action_sets=True)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
    returns: list[float] = state.returns()
    return returns


def test_openspiels_ismcts_plays_a_whole_game_of_leduc() -> None:
    returns = _ismcts_game("leduc", seed=1)
    assert sum(returns) == 0 and returns != [0.0, 0.0]


def test_openspiels_ismcts_plays_a_whole_game_of_jutland() -> None:
    returns = _ismcts_game("jutland", seed=2)
    assert sorted(returns) == [-1.0, 1.0]


def _information_sets(game: object) -> int:
    """Distinct (seat, information state) pairs over the whole tree of `game`."""
    seen = set()
    stack = [game.new_initial_state()]  # type: ignore[attr-defined]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            seen.add((state.current_player(), state.information_state_string()))
        stack.extend(state.child(action) for action in state.legal_actions())
    return len(seen)


def test_leduc_through_the_adapter_has_openspiels_information_sets() -> None:
    ours = pyspiel.load_game("hunt_leduc")
    theirs = pyspiel.load_game("leduc_poker")
    assert _information_sets(ours) == _information_sets(theirs) == 936


def test_leduc_through_the_adapter_is_worth_openspiels_under_uniform_play() -> None:
    # The equilibrium value would take a solver's run; the value of uniform play already
    # checks the deal's odds and every payoff of the tree.
    values = []
    for name in ("hunt_leduc", "leduc_poker"):
        game = pyspiel.load_game(name)
        uniform = spiel_policy.UniformRandomPolicy(game)
        values.append(expected_game_score.policy_value(game.new_initial_state(),
                                                       [uniform, uniform]))
    assert np.allclose(values[0], values[1])
