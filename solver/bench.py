"""Speed measurements, all taken in one run on one machine so they compare.

`run_bench` measures, for every registered game: random-playout games per second and
ISMCTS iterations per second at the normal level's settings; for The Hunt also the
time of one Graf Spee tracker update (median and 95th percentile) and of answering a
hint on a mid-game record; and the peak memory of the process.
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from hunt.models.game import CHANCE, Game, State, sample_chance_outcome
from hunt.models.registry import available_games, load_game
from hunt.solver.ismcts import ISMCTS


def random_playouts_per_second(game: Game, seconds: float, seed: int = 0) -> float:
    """Whole games with uniformly random moves (chance by its odds), per second."""
    rng = random.Random(seed)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(rng.randrange(2**31))
        while not state.is_terminal():
            action = sample_chance_outcome(state, rng) if state.current_player() == CHANCE \
                else rng.choice(state.legal_actions())
            state.apply_legal_action(action)
        games += 1
    return games / (time.perf_counter() - start)


def midgame_states(game: Game, count: int, seed: int = 0) -> list[State]:
    """Positions where a seat must choose, taken a third of the way into random games
    (the same positions in every run)."""
    rng = random.Random(seed)
    states: list[State] = []
    while len(states) < count:
        state = game.new_initial_state(rng.randrange(2**31))
        history: list[State] = []
        while not state.is_terminal():
            if state.current_player() >= 0 and len(state.legal_actions()) > 1:
                history.append(state.clone())
            action = sample_chance_outcome(state, rng) if state.current_player() == CHANCE \
                else rng.choice(state.legal_actions())
            state.apply_legal_action(action)
        if history:
            states.append(history[len(history) // 3])
    return states


def ismcts_iterations_per_second(game: Game, positions: int, seed: int = 0) -> float:
    """ISMCTS at the normal level's budget and settings, over a few positions."""
    done, seconds = 0, 0.0
    for number, state in enumerate(midgame_states(game, positions, seed)):
        result = ISMCTS(iterations=game.normal_iterations, seed=number).search(state)
        done += result.iterations
        seconds += result.seconds
    return done / seconds


def tracker_update_times(games: int, seed: int = 0) -> list[float]:
    """Seconds per Graf Spee tracker update (a move or a piece of evidence) along
    random games of The Hunt."""
    from hunt.models.the_hunt.rules import BRITISH, TheHuntGame
    from hunt.models.the_hunt.tracker import GrafSpeeTracker, public_facts

    game = TheHuntGame()
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(games):
        state = game.new_initial_state(rng.randrange(2**31))
        tracker = GrafSpeeTracker(game)
        while not state.is_terminal():
            facts = public_facts(state)
            mark = state.view_length(BRITISH)
            action = sample_chance_outcome(state, rng) if state.current_player() == CHANCE \
                else rng.choice(state.legal_actions())
            state.apply_legal_action(action)
            for item in state.views_since(BRITISH, mark):
                before = tracker.updates
                start = time.perf_counter()
                tracker.observe(item, facts)
                if tracker.updates > before:
                    times.append(time.perf_counter() - start)
    return times


def hint_seconds(iterations: int) -> float:
    """Seconds to answer `hunt hint the-hunt --as british` on a mid-game record: the
    record replayed, the tracker and the advice, and a search of `iterations`."""
    import json

    from hunt.models.registry import state_from_record
    from hunt.models.the_hunt.advice import advice_report
    from hunt.models.the_hunt.rules import BRITISH, TheHuntState
    from hunt.solver.hints import recommend

    game = load_game("the-hunt")
    state = next(s for s in midgame_states(game, 20, seed=1) if s.current_player() == BRITISH)
    text = json.dumps(state.to_record())
    start = time.perf_counter()
    replayed = state_from_record(json.loads(text))
    assert isinstance(replayed, TheHuntState)
    advice_report(replayed, BRITISH)
    recommend(replayed, iterations, seed=0)
    return time.perf_counter() - start


def peak_memory_mb() -> float:
    """The process's peak resident memory so far, in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def run_bench(quick: bool, progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Every figure, as data. `quick` takes fewer samples of each."""
    seconds, positions, games = (2.0, 2, 20) if quick else (10.0, 8, 150)
    report: dict[str, Any] = {"quick": quick, "python": sys.version.split()[0], "games": {}}
    for name in available_games():
        game = load_game(name)
        progress(f"{name}: random playouts")
        playouts = random_playouts_per_second(game, seconds)
        progress(f"{name}: ISMCTS")
        report["games"][name] = {
            "random_playouts_per_s": playouts,
            "ismcts_iterations_per_s": ismcts_iterations_per_second(game, positions),
            "ismcts_normal_iterations": game.normal_iterations,
            "ismcts_rollout_depth": game.rollout_depth,
        }
    progress("the-hunt: tracker updates")
    times = sorted(tracker_update_times(games))
    report["tracker_update_ms"] = {"median": statistics.median(times) * 1e3,
                                   "p95": times[int(0.95 * (len(times) - 1))] * 1e3,
                                   "updates": len(times)}
    progress("the-hunt: hint on a mid-game record")
    hunt = load_game("the-hunt")
    report["hint_seconds"] = hint_seconds(hunt.normal_iterations)
    report["peak_memory_mb"] = peak_memory_mb()
    return report
