"""The script that says where an engine's time goes (scripts/step_costs.py): its
recorded games read back through the bench loop's calls step for step, and its
playouts count every step they play by its kind."""

from __future__ import annotations

import random

import pytest

from hunt.tests.scripts import load_script


def test_a_recorded_game_read_back_takes_the_bench_loops_calls_step_for_step() -> None:
    costs = load_script("step_costs")
    for steps in costs.recorded("the-hunt", 2):
        replayed = costs.Replayed(steps)
        assert costs.bench_loop(replayed, random.Random(5)) == len(steps)
        assert replayed.is_terminal() and len(replayed.history) == len(steps)
    with pytest.raises(ValueError):  # a move not among the step's legal ones
        costs.Replayed(steps).apply_action("not an action")


def test_playout_costs_count_every_playout_step_by_its_kind() -> None:
    costs = load_script("step_costs")
    counted = costs.playout_costs("the-hunt", 1, 3)
    assert "actions" in counted and "draw" in counted
    assert all(steps > 0 and choose >= 0 and apply >= 0
               for steps, choose, apply in counted.values())
    # Leduc's state has no step stack: its steps are told by who acts
    assert set(costs.playout_costs("leduc", 1, 3)) <= {"decision", "chance", "(evaluation)"}
