"""CFR+ over a small game's whole tree: Leduc Hold'em's levels play
its average strategy, a mixed strategy a best response gains almost nothing against.
The tree, the best response and the solve are checked against figures OpenSpiel
publishes for the same game; the agent reads only its seat's information state and
replays from its seed."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from hunt.boards.data import board_file_override, board_text
from hunt.models import load_game
from hunt.models.leduc import LeducGame, LeducState
from hunt.models.testing import indistinguishable_worlds
from hunt.solver import play_game
from hunt.solver.agent_specs import AgentSpecError, level_agent, make_agent
from hunt.solver.cfr import CFRAgent, CFRPlus, game_tree, solve, solved_advice
from hunt.solver.game_tree import GameTree, TreeTooLarge
from hunt.solver.hints import hint_report, recommend, recommendation_lines
from hunt.solver.profiles import search_profile

FOLD, CALL, RAISE = 0, 1, 2
LEDUC = LeducGame()
"""One game object for the tests: a game object is solved once."""


def hand(*actions: int) -> LeducState:
    """A Leduc hand after `actions` (cards 0-5: J, J, Q, Q, K, K; then the bets)."""
    state = LEDUC.new_initial_state(0)
    for action in actions:
        state.apply_action(action)
    return state


# The second player holds a king and raised in the first round, the public card is the
# other king (the best hand there is), and the first player has raised in the second.
KINGS_FACING_A_RAISE = (2, 5, CALL, RAISE, CALL, 4, RAISE)


def test_leducs_tree_has_the_histories_and_information_sets_openspiel_counts() -> None:
    tree = game_tree(LEDUC)
    assert (tree.nodes, len(tree.infoset_actions), tree.sequences) == (9457, 936, 2184)


def test_a_history_finds_its_node_and_a_seat_the_positions_it_cannot_tell_apart() -> None:
    tree = game_tree(LEDUC)
    state = hand(*KINGS_FACING_A_RAISE)
    node = tree.node(state.history)
    # The second player sees its king, the public king and the bets: the first player
    # may hold either jack or either queen, four positions, this one among them.
    view = tree.views[len(state.history), 1, state.information_state_key(1)]
    assert node in view and len(view) == 4
    # The first player, with a queen, may face either jack, the other queen or a king.
    assert len(tree.views[len(state.history), 0, state.information_state_key(0)]) == 4
    with pytest.raises(KeyError):
        tree.node([*state.history, 9])


def test_the_uniform_policy_is_as_exploitable_as_openspiel_measures_it() -> None:
    # OpenSpiel's nash_conv of the uniform random policy on leduc_poker: 4.747222...
    tree = game_tree(LEDUC)
    assert tree.nash_conv(tree.uniform) == pytest.approx(4.747222222222222)
    assert tree.exploitability(tree.uniform) == pytest.approx(4.747222222222222 / 2)


def test_cfr_plus_converges_to_leducs_equilibrium() -> None:
    """After 200 iterations as exploitable as OpenSpiel's CFR+ after 200 (0.005), far
    less after 1000, and the first player's value is Leduc's game value, -0.0856."""
    tree = game_tree(LEDUC)
    solver = CFRPlus(tree)
    for _ in range(200):
        solver.iterate()
    assert 0.003 < tree.exploitability(solver.average()) < 0.007
    strategy, iterations = solve(LEDUC, 1000)
    assert iterations == 1000 and tree.exploitability(strategy) < 0.001
    assert tree.values(0, tree.edge_chances(strategy))[0] == pytest.approx(-0.0856, abs=1e-3)
    totals = np.bincount(tree.sequence_infoset, strategy)
    assert totals == pytest.approx(np.ones(len(tree.infoset_actions)))


def test_a_solve_of_iterations_is_made_once_a_game_and_a_timed_one_each_time() -> None:
    game = LeducGame()
    assert solve(game, 30)[0] is solve(game, 30)[0]
    assert solve(LeducGame(), 30)[0] is not solve(game, 30)[0]  # another game object
    timed, done = solve(game, None, 0.05)
    assert done >= 8 and timed is not solve(game, None, 0.05)[0]


def test_a_game_with_other_rules_gets_its_own_tree(tmp_path: Path) -> None:
    """Rules from another board file (a bigger ante): the tree is the game's own, not
    that of another game of the same name and options."""
    text = board_text("leduc", "rules.toml")[1]
    bigger = tmp_path / "rules.toml"
    bigger.write_text(text.replace("ante = 1", "ante = 3"), encoding="utf-8")
    with board_file_override("leduc", "rules.toml", bigger):
        game = LeducGame()
    assert game_tree(LEDUC).returns.max() == 13.0  # 1 ante, 2 + 2 and 4 + 4 in raises
    assert game_tree(game).returns.max() == 15.0


def test_a_tree_too_big_to_solve_whole_is_refused_in_one_line() -> None:
    with pytest.raises(TreeTooLarge, match="more than 100 nodes: too big") as error:
        GameTree(LeducGame(), max_nodes=100)
    assert "\n" not in str(error.value)


def test_the_best_hand_on_the_seats_own_line_raises() -> None:
    # (Where the seat's own strategy almost never leads, e.g. after calling with a king
    # in the first round, the average strategy keeps the early iterations' chances
    # there: an equilibrium leaves them free, and the seat's own moves take such a line
    # about once in 8000 hands that could.)
    agent = CFRAgent(iterations=300, seed=1)
    action = agent.select_action(hand(*KINGS_FACING_A_RAISE))
    assert agent.last_result is not None
    policy = dict(agent.last_result.policy)
    assert sorted(policy) == [FOLD, CALL, RAISE] and action in policy
    assert sum(policy.values()) == pytest.approx(1.0)
    assert policy[FOLD] < 0.001 and policy[RAISE] > 0.99


def test_the_agent_reads_only_its_seats_information_state() -> None:
    """Two hands that differ only in the opponent's card decide alike (no leak)."""
    for seed in range(3):
        decisions = []
        for card in (0, 2):  # the first player's jack, then its queen
            agent = CFRAgent(iterations=100, seed=seed)
            action = agent.select_action(hand(card, 5, *KINGS_FACING_A_RAISE[2:]))
            assert agent.last_result is not None
            decisions.append((action, agent.last_result.policy))
        assert decisions[0] == decisions[1]


def test_worlds_the_seat_cannot_tell_apart_get_the_same_decision_and_advice() -> None:
    """The conformance suite's pairs of worlds (another opponent card, the same view):
    the agent's move and policy with one seed, and the hint, are the same in both."""
    checked = 0
    for state, world, seat in indistinguishable_worlds(LEDUC, range(30), random.Random(2),
                                                       pairs=6, attempts=20):
        assert world != state
        outcomes = []
        for which in (state, world):
            agent = CFRAgent(iterations=100, seed=len(state.history))
            action = agent.select_action(which)
            assert agent.last_result is not None
            outcomes.append((action, agent.last_result.policy,
                             hint_report(which, seat, "", 100, 0).recommendation))
        assert outcomes[0] == outcomes[1]
        checked += 1
    assert checked == 6


def test_a_decision_replays_from_its_seed_and_mixes_across_seeds() -> None:
    state = hand(2, 4)  # the first player's first bet with a queen
    moves = set()
    for seed in range(12):
        first = CFRAgent(iterations=300, seed=seed).select_action(state)
        assert CFRAgent(iterations=300, seed=seed).select_action(state) == first
        moves.add(first)
    assert len(moves) > 1  # a mixed strategy: not the same move every time


def test_the_spec_budget_comes_from_the_games_profile_and_levels_scale_it() -> None:
    game = LeducGame()
    normal = search_profile(game).cfr_iterations
    agent = make_agent("cfr:normal", 1, game)
    assert isinstance(agent, CFRAgent) and agent.iterations == normal
    hard = make_agent("cfr:hard", 1, game)
    assert isinstance(hard, CFRAgent) and hard.iterations == 4 * normal
    timed = make_agent("cfr:time=0.5", 1, game)
    assert isinstance(timed, CFRAgent) and (timed.time_limit, timed.iterations) == (0.5, None)
    assert level_agent(game, "normal") == "cfr:normal"
    assert level_agent(load_game("jutland"), "easy") == "ismcts:easy"


@pytest.mark.parametrize("spec", ["cfr:targeting=0.5", "cfr:smooth", "cfr:iterations=0"])
def test_a_bad_cfr_setting_is_one_line_naming_what_is_accepted(spec: str) -> None:
    with pytest.raises(AgentSpecError, match="bad setting") as error:
        make_agent(spec, 1, LeducGame())
    message = str(error.value)
    assert "accepted: easy, normal, hard, iterations=N" in message and "\n" not in message


def test_a_game_too_big_to_solve_whole_is_refused() -> None:
    with pytest.raises(AgentSpecError, match="accepted games: leduc"):
        make_agent("cfr:normal", 1, load_game("the-hunt"))


def test_cfr_plays_whole_hands() -> None:
    game = LeducGame()
    for seed in range(4):
        result = play_game(game, [make_agent("cfr:iterations=60", seed, game),
                                  make_agent("cfr:iterations=60", seed + 10, game)],
                           seed=seed)
        assert sum(result.returns) == 0


def test_leducs_hints_are_the_solves_mix_and_each_moves_worth() -> None:
    """A queen opening the betting: the solve mixes raise and call, each worth the same
    (a mixed equilibrium's moves are), and the advice says so in words."""
    state = hand(2, 4)
    advice = recommend(state, 1000, seed=0)
    assert advice.solved and advice.iterations == 1000
    ranking = {entry.text: entry for entry in advice.ranking}
    policy = {move: chance for move, chance, _ in solved_advice(state, 1000).moves}
    assert ranking["raise"].share == pytest.approx(policy[RAISE])
    assert ranking["call"].share == pytest.approx(policy[CALL])
    assert ranking["raise"].value == pytest.approx(ranking["call"].value, abs=0.01)
    assert advice.agrees("raise") and advice.agrees("call")
    played = hint_report(state, 0, "", 1000, 0).recommendation
    assert played is not None
    lines = recommendation_lines(state, played)
    assert lines[0].startswith("Recommended play: ") and "CFR+ solve of 1000 iterations; " \
        "it mixes" in lines[0]
    assert lines[1] == "  (2 chips in)"  # the raise in a poker player's words
    assert "% of the time, expected chips -0.4" in lines[2]
    assert lines[4] == ("Expected chips: what the play wins (+) or loses (-), the solve "
                        "played after it.")


def test_a_move_the_solve_never_plays_is_a_mistake_and_is_worth_what_it_loses() -> None:
    advice = recommend(hand(*KINGS_FACING_A_RAISE), 1000, seed=0)
    assert advice.action == "raise" and not advice.agrees("fold")
    worth = {entry.text: entry.value for entry in advice.ranking}
    assert worth["fold"] == -3.0  # the ante and the first round's raise, given up
    assert worth["raise"] > worth["call"] > 0


def test_the_advice_reads_only_the_seats_information_state() -> None:
    reports = [hint_report(hand(card, 5, *KINGS_FACING_A_RAISE[2:]), 1, "", 300, 0)
               for card in (0, 2)]  # the first player's jack, then its queen
    assert reports[0].recommendation == reports[1].recommendation


def test_the_hint_reads_the_opponents_card_from_its_bets_if_it_plays_the_solve() -> None:
    """Before any bet every card the seat does not hold is alike; after a first-round
    raise the solve's raiser holds a jack far less often than a queen or a king."""
    opening = recommend(hand(2, 4), 1000, seed=0)  # the first player's queen, to bet
    holds = "the second player holds "
    assert dict(opening.hidden) == pytest.approx(
        {holds + card: 0.2 for card in ("Jh", "Js", "Kh", "Ks", "Qh")})
    facing = recommend(hand(2, 4, RAISE), 1000, seed=0)  # the second player's king
    chances = dict(facing.hidden)
    assert sum(chances.values()) == pytest.approx(1.0) and len(chances) == 5
    holds = "the first player holds "
    assert holds + "Ks" not in chances  # its own card
    assert chances[holds + "Jh"] < 0.1 < chances[holds + "Qs"] and chances[holds + "Kh"] > 0.25
    assert [chance for _, chance in facing.hidden] == sorted(chances.values(), reverse=True)
    report = hint_report(hand(2, 4, RAISE), 1, "", 1000, 0)
    assert report.recommendation is not None
    lines = recommendation_lines(hand(2, 4, RAISE), report.recommendation)
    assert lines[-2] == "What you cannot see, if the others play the solve:"
    # The likeliest first, the holder named once.
    assert lines[-1].startswith("  the first player holds Kh ") and lines[-1].count("holds") == 1


def test_the_levels_are_solves_of_different_strength() -> None:
    """Easy is beatable (about as exploitable as ISMCTS was), normal and hard are close
    to the equilibrium: levels that played alike would leave a beginner no easier game."""
    tree = game_tree(LEDUC)
    strength = {}
    for level in ("easy", "normal", "hard"):
        agent = make_agent(f"cfr:{level}", 0, LEDUC)
        assert isinstance(agent, CFRAgent)
        strength[level] = tree.exploitability(solve(LEDUC, agent.iterations)[0])
    assert strength["easy"] > 0.4 > 0.02 > strength["normal"] > strength["hard"]
