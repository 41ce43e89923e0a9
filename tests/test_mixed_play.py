"""Mixed play: with a temperature the search draws its move by its
visits instead of always playing the most visited, so an opponent cannot read the hand
from the play; seeded, so a decision still replays."""

from __future__ import annotations

import pytest

from hunt.models.game import CHANCE
from hunt.models.leduc import LeducGame, LeducState
from hunt.solver.agent_specs import AgentSpecError, make_agent
from hunt.solver.ismcts import ISMCTS, ActionStats, ISMCTSAgent, mixed_policy, smooth_uct_share


def stats(*visits: int) -> list[ActionStats]:
    """Root statistics with these visit counts (actions 0, 1, ...)."""
    return [ActionStats(action, str(action), count, 0.0, count)
            for action, count in enumerate(visits)]


def test_the_mixed_policy_follows_the_visits_at_the_temperature() -> None:
    policy = mixed_policy(stats(60, 30, 10, 0), 1.0)
    assert [action for action, _ in policy] == [0, 1, 2]  # one never visited: never played
    assert [chance for _, chance in policy] == pytest.approx([0.6, 0.3, 0.1])
    squared = mixed_policy(stats(60, 30, 10), 0.5)
    assert [action for action, _ in squared] == [0, 1, 2]
    assert [chance for _, chance in squared] == pytest.approx([36 / 46, 9 / 46, 1 / 46])
    cold = mixed_policy(stats(60, 50), 0.01)  # near 0: all but the most visited vanish
    assert cold[0][1] > 0.99


def leduc_decision() -> LeducState:
    """The first player's first bet with the king of spades."""
    state = LeducGame().new_initial_state(0)
    for card in (4, 1):  # Ks to the first player, Jh to the second
        assert state.current_player() == CHANCE
        state.apply_action(card)
    return state


def test_a_search_at_temperature_one_draws_its_move_and_replays_from_its_seed() -> None:
    state = leduc_decision()
    chosen = set()
    for seed in range(12):
        result = ISMCTS(iterations=200, temperature=1.0, seed=seed).search(state)
        visits = {entry.action: entry.visits for entry in result.stats}
        assert sum(chance for _, chance in result.policy) == pytest.approx(1.0)
        assert all(chance == pytest.approx(visits[action] / 200)
                   for action, chance in result.policy)
        assert result.action in dict(result.policy)
        assert ISMCTS(iterations=200, temperature=1.0, seed=seed).search(
            state).action == result.action
        chosen.add(result.action)
    assert len(chosen) > 1  # mixed: not the same move every time


def test_temperature_zero_plays_one_move_for_sure() -> None:
    result = ISMCTS(iterations=200, seed=3).search(leduc_decision())
    assert result.policy == ((result.action, 1.0),)


def test_the_temperature_is_set_by_the_agent_spec() -> None:
    agent = make_agent("ismcts:normal,temperature=1", 1, LeducGame())
    assert isinstance(agent, ISMCTSAgent) and agent.search.config.temperature == 1.0
    with pytest.raises(AgentSpecError, match="temperature=T"):
        make_agent("ismcts:temperature=-1", 1)
    with pytest.raises(ValueError, match="temperature"):
        ISMCTS(temperature=-0.5)


def test_smooth_uct_follows_its_schedule_and_plays_its_average_strategy() -> None:
    # Heinrich & Silver 2015: eta 0.9, d 0.002, gamma 0.1 (UCB's share of selections)
    assert smooth_uct_share(0) == pytest.approx(0.9)
    assert smooth_uct_share(10_000) == pytest.approx(0.9 / 1.2)
    assert smooth_uct_share(10**9) == 0.1  # never below gamma
    state = leduc_decision()
    result = ISMCTS(iterations=300, smooth=True, seed=2).search(state)
    visits = {entry.action: entry.visits for entry in result.stats}
    assert len(result.policy) > 1  # the average strategy, drawn from: mixed
    assert all(chance == pytest.approx(visits[action] / 300)
               for action, chance in result.policy)
    agent = make_agent("ismcts:normal,smooth", 1, LeducGame())
    assert isinstance(agent, ISMCTSAgent) and agent.search.config.smooth
