"""The OpenSpiel adapter passes OpenSpiel's own checks, and its ISMCTS plays our games."""

from __future__ import annotations

import json

import numpy as np
import pytest

from hunt.models.registry import available_games

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as spiel_policy  # noqa: E402
from open_spiel.python.algorithms import expected_game_score, ismcts, mcts  # noqa: E402

from hunt.adapters.numbering import numbering_for, observation_bytes  # noqa: E402
from hunt.adapters.openspiel import HuntSpielState, spiel_name  # noqa: E402

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


def _leduc_dealt(second_card: str) -> HuntSpielState:
    """Leduc through the adapter with Kh dealt to the first seat and `second_card` to the
    second: worlds the first seat cannot tell apart when only the second card differs."""
    state: HuntSpielState = pyspiel.load_game("hunt_leduc").new_initial_state()
    for text in ("deal Kh", f"deal {second_card}"):
        state.apply_action(state.string_to_action(text))
    return state


def test_the_game_offers_an_observation_tensor_and_no_information_state_tensor() -> None:
    kind = pyspiel.load_game("hunt_leduc").get_type()
    assert kind.provides_observation_tensor
    assert not kind.provides_information_state_tensor


def test_the_observation_tensor_has_the_numberings_fixed_length() -> None:
    game = pyspiel.load_game("hunt_jutland")
    length = numbering_for("jutland", {}).observation_length
    assert game.observation_tensor_shape() == [length]
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == len(state.observation_tensor(1)) == length


def test_the_observation_tensor_is_the_seats_own_observation_padded_with_zeros() -> None:
    state = _leduc_dealt("Qs")
    for seat in (0, 1):
        tensor = np.array(state.observation_tensor(seat))
        data = observation_bytes(state.hunt_state, seat)
        assert bytes(tensor[:len(data)].astype(np.uint8)) == data
        assert not tensor[len(data):].any()
        assert json.loads(data) == json.loads(state.observation_string(seat))


def test_worlds_a_seat_cannot_tell_apart_give_it_the_same_observation_tensor() -> None:
    one, other = _leduc_dealt("Qs"), _leduc_dealt("Jh")
    assert one.observation_tensor(0) == other.observation_tensor(0)
    assert one.observation_tensor(1) != other.observation_tensor(1)
