"""Online CFR (issue 26, point 3): a search from the game's first state that plays a
mixed strategy, for Leduc Hold'em; it reads only the seat's view and replays from its
seed."""

from __future__ import annotations

import pytest

from hunt.models import load_game
from hunt.models.leduc import LeducGame, LeducState
from hunt.solver import play_game
from hunt.solver.agent_specs import AgentSpecError, level_agent, make_agent
from hunt.solver.online_cfr import OnlineCFR, OnlineCFRAgent, regret_matching
from hunt.solver.profiles import search_profile

FOLD, CALL, RAISE = 0, 1, 2


def hand(*actions: int) -> LeducState:
    """A Leduc hand after `actions` (cards 0-5: J, J, Q, Q, K, K; then the bets)."""
    state = LeducGame().new_initial_state(0)
    for action in actions:
        state.apply_action(action)
    return state


# The second player holds a king, the public card is the other king (the best hand
# there is), and the first player has raised in the second round.
KINGS_FACING_A_RAISE = (2, 5, CALL, CALL, 4, RAISE)


def test_regret_matching_plays_the_positive_regrets_in_proportion() -> None:
    assert regret_matching([3.0, 1.0, 0.0], 3) == pytest.approx([0.75, 0.25, 0.0])
    assert regret_matching([0.0, 0.0], 2) == [0.5, 0.5]  # nothing positive: alike
    assert regret_matching(None, 3) == pytest.approx([1 / 3] * 3)  # never visited


@pytest.mark.parametrize("public", [0.0, 1.0])
def test_either_targeting_finds_that_the_best_hand_never_folds(public: float) -> None:
    """Targeted at the seat's information set (0) or at its public state (1)."""
    result = OnlineCFR(1500, public=public, seed=1).search(
        hand(*KINGS_FACING_A_RAISE))
    policy = dict(result.policy)
    assert sorted(policy) == [FOLD, CALL, RAISE]
    assert sum(policy.values()) == pytest.approx(1.0)
    assert policy[FOLD] < 0.01 and policy[RAISE] > 0.5
    assert result.action in policy and result.iterations == 1500


def test_targeted_iterations_reach_the_seats_state_more_often_than_the_game_does() -> None:
    state = hand(*KINGS_FACING_A_RAISE)
    untargeted = OnlineCFR(1000, targeting=0.0, seed=2).search(state)
    targeted = OnlineCFR(1000, seed=2).search(state)
    assert targeted.reached > 5 * max(untargeted.reached, 1)


def test_the_search_reads_only_the_seats_view() -> None:
    """Two hands that differ only in the opponent's card search alike, and the search
    never deals the opponent's real card on purpose (no leak)."""
    for seed in range(3):
        results = [OnlineCFR(400, seed=seed).search(hand(card, 5, CALL, CALL, 4, RAISE))
                   for card in (0, 2)]  # the first player's jack, then its queen
        with_jack, with_queen = ((r.action, r.policy, r.iterations, r.reached)
                                 for r in results)
        assert with_jack == with_queen


def test_a_decision_replays_from_its_seed_and_mixes_across_seeds() -> None:
    state = hand(2, 4)  # the first player's first bet with a queen
    moves = set()
    for seed in range(10):
        first = OnlineCFR(300, seed=seed).search(state)
        again = OnlineCFR(300, seed=seed).search(state)
        assert (first.action, first.policy) == (again.action, again.policy)
        moves.add(first.action)
    assert len(moves) > 1  # a mixed strategy: not the same move every time


def test_the_spec_budget_comes_from_the_games_profile_and_levels_scale_it() -> None:
    game = LeducGame()
    normal = search_profile(game).cfr_iterations
    agent = make_agent("cfr:normal", 1, game)
    assert isinstance(agent, OnlineCFRAgent) and agent.search.iterations == normal
    hard = make_agent("cfr:hard", 1, game)
    assert isinstance(hard, OnlineCFRAgent) and hard.search.iterations == 4 * normal
    timed = make_agent("cfr:time=0.5,targeting=0.5,public=0", 1, game)
    assert isinstance(timed, OnlineCFRAgent)
    assert (timed.search.time_limit, timed.search.iterations) == (0.5, None)
    assert level_agent(game, "normal") == "cfr:normal"
    assert level_agent(load_game("jutland"), "easy") == "ismcts:easy"


@pytest.mark.parametrize("spec, words", [
    ("cfr:targeting=1", "targeting=T (0 to below 1)"),
    ("cfr:public=2", "public=P (0 to 1)"),
    ("cfr:smooth", "accepted: easy, normal, hard"),
])
def test_a_bad_cfr_setting_is_one_line_naming_what_is_accepted(spec: str, words: str) -> None:
    with pytest.raises(AgentSpecError, match="bad setting") as error:
        make_agent(spec, 1, LeducGame())
    assert words in str(error.value) and "\n" not in str(error.value)


def test_a_game_too_big_for_a_search_from_its_first_state_is_refused() -> None:
    with pytest.raises(AgentSpecError, match="accepted games: leduc"):
        make_agent("cfr:normal", 1, load_game("the-hunt"))


def test_online_cfr_plays_whole_hands() -> None:
    game = LeducGame()
    for seed in range(4):
        result = play_game(game, [make_agent("cfr:iterations=60", seed, game),
                                  make_agent("cfr:iterations=60", seed + 10, game)],
                           seed=seed)
        assert sum(result.returns) == 0
