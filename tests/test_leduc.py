"""Leduc Hold'em, as OpenSpiel defines it: each rule, and the conformance suite."""

from __future__ import annotations

import random

import pytest

from hunt.models import load_game
from hunt.models.game import CHANCE, TERMINAL
from hunt.models.leduc import LeducGame, LeducState
from hunt.models.testing import check_game
from hunt.solver import HeuristicAgent, play_game

GAME = LeducGame()


def hand(*texts: str) -> LeducState:
    state = GAME.new_initial_state(1)
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def test_six_cards_dealt_one_each_then_player_0_acts_first() -> None:
    state = hand()
    assert state.current_player() == CHANCE
    assert [state.action_to_string(a) for a, _ in state.chance_outcomes()] == [
        "deal Js", "deal Jh", "deal Qs", "deal Qh", "deal Ks", "deal Kh"]
    state = hand("deal Ks", "deal Qh")
    assert state.current_player() == 0 and state.contributions == [1, 1]  # the antes


def test_fold_only_when_facing_a_bet_and_at_most_two_raises_a_round() -> None:
    state = hand("deal Ks", "deal Qh")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["call", "raise"]
    state.apply_action(state.string_to_action("raise"))
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "fold", "call", "raise"]
    state.apply_action(state.string_to_action("raise"))
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["fold", "call"]


def test_raises_are_2_in_the_first_round_and_4_in_the_second() -> None:
    state = hand("deal Ks", "deal Qh", "raise", "raise", "call")
    assert state.contributions == [5, 5] and state.current_player() == CHANCE
    state.apply_action(state.string_to_action("deal Js"))
    assert state.current_player() == 0  # player 0 opens the second round too
    for text in ("call", "raise", "raise", "call"):
        state.apply_action(state.string_to_action(text))
    assert state.contributions == [13, 13] and state.current_player() == TERMINAL


def test_check_check_ends_a_round_and_a_pair_wins_the_showdown() -> None:
    state = hand("deal Js", "deal Kh", "call", "call", "deal Jh", "call", "call")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.end_reason() == "showdown"
    assert state.observation(1)["opponent_card"] == "Js"  # shown at the showdown


def test_a_record_writes_a_showdown_as_the_rules_help_says_first_players_card_first(
        ) -> None:
    from hunt.models.leduc.help import RULES
    from hunt.models.seat_record import entry_text

    before = hand("deal Jh", "deal Kh", "call", "call", "deal Qs", "call")
    [call] = [action for action in before.legal_actions()
              if before.action_to_string(action) == "call"]
    assert entry_text(before, call, 1) == "call; showdown Jh Kh"
    assert '"showdown Jh Kh"' in RULES and "the first player's first" in RULES


def test_the_menu_says_check_and_what_a_call_a_raise_or_a_fold_costs() -> None:
    opening = hand("deal Qs", "deal Kh")
    notes = {opening.action_to_string(a): opening.choice_note(a)
             for a in opening.legal_actions()}
    assert notes == {"call": "check", "raise": "2 chips in"}  # a raise is 2 in round 1
    facing = hand("deal Qs", "deal Kh", "call", "call", "deal Js", "call", "raise")
    notes = {facing.action_to_string(a): facing.choice_note(a)
             for a in facing.legal_actions()}
    assert notes == {"fold": "give up the 6 chips in the pot", "call": "4 chips to call",
                     "raise": "8 chips in"}  # 4 to match the raise, 4 to raise again


def test_higher_rank_wins_without_a_pair_and_equal_ranks_split() -> None:
    state = hand("deal Qs", "deal Kh", "raise", "call", "deal Js", "call", "call")
    assert state.returns() == [-3.0, 3.0]
    state = hand("deal Qs", "deal Qh", "call", "call", "deal Ks", "call", "call")
    assert state.returns() == [0.0, 0.0]


def test_a_fold_gives_the_pot_and_hides_both_cards() -> None:
    state = hand("deal Qs", "deal Kh", "call", "raise", "fold")
    assert state.returns() == [-1.0, 1.0] and state.end_reason() == "first folded"
    assert state.observation(0)["opponent_card"] is None


def test_the_heuristic_beats_random_play() -> None:
    from hunt.solver import RandomAgent

    total = sum(play_game(GAME, [HeuristicAgent(s), RandomAgent(s)], s).returns[0]
                - play_game(GAME, [RandomAgent(s), HeuristicAgent(s)], s).returns[0]
                for s in range(300))
    assert total > 0


def test_the_second_round_screen_keeps_the_first_rounds_bets() -> None:
    """Everything public stays on the screen (Leduc keeps no event log): the first
    round's bets are shown beside the second's."""
    from hunt.models.leduc.screen import screen

    state = hand("deal Jh", "deal Qh", "raise", "call", "deal Kh", "call")
    for seat in (0, 1):
        seen = state.observation(seat)
        assert seen["first_round_bets"] == ["raise", "call"] and seen["bets"] == ["call"]
        assert "bets this round: call; in round 1: raise, call." in " ".join(
            screen(GAME, seen, seat).split())
    assert hand("deal Jh", "deal Qh", "raise").observation(1)["first_round_bets"] == []


def test_determinize_redeals_only_the_unseen_opponent_card() -> None:
    state = hand("deal Ks", "deal Qh", "raise", "call", "deal Kh")
    for seed in range(20):
        world = state.determinize(0, random.Random(seed))
        assert world.cards[0] == state.cards[0] and world.public == state.public
        assert world.cards[1] not in (state.cards[0], state.public)


@pytest.mark.parametrize("seed", [0, 1])
def test_leduc_passes_the_conformance_suite(seed: int) -> None:
    check_game(load_game("leduc"), num_games=500, seed=seed, determinize_probability=0.3)


def test_play_leduc_through_the_cli_to_the_end() -> None:
    from click.testing import CliRunner

    from hunt.cli.main import cli

    result = CliRunner().invoke(cli, ["play", "leduc", "--as", "second", "--seed", "4",
                                      "--level", "easy"], input="call\n" * 10)
    assert result.exit_code == 0, result.output
    assert "you are the second player" in result.output and "Game over: " in result.output
