"""Root parallelisation: a decision searched on several processes
gives the summed statistics of its parts, the same on every run and whether the parts
ran on other processes or one after another here."""

from __future__ import annotations

import multiprocessing
import random

import pytest

from hunt.models.game import CHANCE, AnyState
from hunt.models.registry import load_game
from hunt.solver.agent_specs import AgentSpecError, make_agent
from hunt.solver.ismcts import ISMCTS, ISMCTSAgent


def midgame(name: str, seed: int = 3) -> AnyState:
    """A decision with several choices some 30 actions into a random game."""
    rng = random.Random(seed)
    state: AnyState = load_game(name).new_initial_state(seed)
    while True:
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance_outcome(rng))
        if len(state.history) > 30 and len(state.legal_actions()) > 1:
            return state
        state.apply_action(rng.choice(state.legal_actions()))


def summary(state: AnyState) -> tuple[object, ...]:
    result = ISMCTS(iterations=101, workers=2, seed=7).search(state)
    return result.action, result.iterations, [(e.action, e.visits, round(e.mean_value, 9))
                                              for e in result.stats]


@pytest.mark.parametrize("name", ["the-hunt", "jutland"])
def test_a_parallel_search_is_the_same_on_processes_or_in_turn(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = midgame(name)
    on_processes = summary(state)
    assert on_processes == summary(state)  # replays from its seed
    assert on_processes[1] == 2 * 51  # each of the 2 parts: its share, rounded up

    class Daemon:
        daemon = True

    monkeypatch.setattr(multiprocessing, "current_process", Daemon)
    assert summary(state) == on_processes  # in a daemon the parts run in turn, alike


def test_the_hard_level_searches_on_two_processes() -> None:
    hard = make_agent("ismcts:hard", 1, load_game("jutland"))
    assert isinstance(hard, ISMCTSAgent) and hard.search.config.workers == 2
    normal = make_agent("ismcts:normal,workers=3", 1, load_game("jutland"))
    assert isinstance(normal, ISMCTSAgent) and normal.search.config.workers == 3
    with pytest.raises(AgentSpecError, match="workers=N"):
        make_agent("ismcts:workers=0", 1)
