"""OpenSpiel's ISMCTS seated in our arena: its timed bot, its agent and the script that
plays it against ours (`scripts/arena_openspiel.py`)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from hunt.adapters.openspiel import (  # noqa: E402
    FEWEST_SIMULATIONS,
    HuntSpielState,
    OpenSpielISMCTSAgent,
    TimedISMCTSBot,
)
from hunt.models.registry import load_game  # noqa: E402
from hunt.solver.session import play_game  # noqa: E402
from hunt.tests.scripts import load_script  # noqa: E402


def _script() -> ModuleType:
    """scripts/arena_openspiel.py as a module."""
    return load_script("arena_openspiel")


def _leduc_decision() -> HuntSpielState:
    """Leduc through the adapter at the first seat's first decision."""
    state: HuntSpielState = pyspiel.load_game("hunt_leduc").new_initial_state()
    for text in ("deal Kh", "deal Qs"):
        state.apply_action(state.string_to_action(text))
    return state


def test_the_timed_bot_stops_after_its_time_having_run_at_least_two_simulations() -> None:
    state = _leduc_decision()
    bot = TimedISMCTSBot(state.get_game(), np.random.RandomState(1), seconds=0.001)
    assert bot.step(state) in state.legal_actions()
    assert bot.iterations >= FEWEST_SIMULATIONS  # and it returned: the time stopped it
    first = bot.iterations
    bot.step(state)
    assert bot.iterations >= first + FEWEST_SIMULATIONS


def test_the_timed_bot_runs_exactly_its_simulations_when_they_are_its_budget() -> None:
    state = _leduc_decision()
    bot = TimedISMCTSBot(state.get_game(), np.random.RandomState(1), simulations=7)
    bot.step(state)
    assert bot.iterations == 7


def test_a_timed_bot_without_a_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="give the search a budget"):
        TimedISMCTSBot(pyspiel.load_game("hunt_leduc"), np.random.RandomState(1))


def test_the_openspiel_agent_decides_from_its_seats_view_only() -> None:
    # Two deals that differ only in the second seat's card: the first seat, reseeded
    # alike, must choose alike.
    game = load_game("leduc")
    choices = set()
    for second_card in ("Qs", "Jh"):
        state = game.new_initial_state(0)
        for text in ("deal Kh", f"deal {second_card}"):
            state.apply_action(state.string_to_action(text))
        agent = OpenSpielISMCTSAgent(game, simulations=40, seed=3)
        agent.reseed(11)
        choices.add(state.action_to_string(agent.select_action(state)))
    assert len(choices) == 1


def test_a_seeded_game_between_the_openspiel_agents_replays() -> None:
    game = load_game("leduc")
    histories = {tuple(play_game(game, [OpenSpielISMCTSAgent(game, simulations=30, seed=seat)
                                        for seat in (0, 1)], seed=5).state.history)
                 for _ in range(2)}
    assert len(histories) == 1


def test_the_script_plays_a_seed_of_leduc_in_both_seatings_and_reports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.jsonl"
    assert _script().main(["leduc", "--games", "2", "--seed", "4", "--time", "0.01",
                           "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "2 games" in out and "score " in out and "95% interval" in out
    assert "ours as first" in out and "ours as second" in out
    assert "iterations a second: ours" in out
    games = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert sorted(game["first_agent_seat"] for game in games) == [0, 1]
    assert all(game["seed"] == 4 and game["ours"]["iterations"] > 0
               and game["theirs"]["iterations"] > 0 for game in games)


def test_a_rerun_with_its_log_plays_no_game_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.jsonl"
    arguments = ["leduc", "--games", "2", "--time", "0.01", "--log", str(log)]
    script = _script()
    script.main(arguments)
    first = capsys.readouterr().out
    script.main(arguments)
    again = capsys.readouterr().out
    assert len(log.read_text(encoding="utf-8").splitlines()) == 2
    # the same games and searches, read from the log (the processor time is rounded there)
    assert [line for line in again.splitlines() if "processor" not in line] \
        == [line for line in first.splitlines() if "processor" not in line]


def test_a_number_of_games_that_is_no_whole_number_of_seeds_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        _script().main(["leduc", "--games", "3", "--time", "0.01"])
    assert stop.value.code == 2
    assert "give a positive multiple of 2 games" in capsys.readouterr().err
