"""Speed measurements, all taken in one run on one machine so they compare.

`run_bench` measures, for every registered game, random-playout games per second,
ISMCTS iterations per second at the normal level's settings, and the seconds the
computer of `hunt play` takes for a decision at each level. Game-specific figures
(a hidden-movement game's tracker and hint) are added by `hunt bench` itself.
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from hunt.models.game import AnyGame, AnyState, random_action
from hunt.models.registry import available_games, load_game
from hunt.solver.agent_specs import HARD_WORKERS, LEVELS, level_agent, make_agent
from hunt.solver.cfr import CFRPlus
from hunt.solver.game_tree import GameTree
from hunt.solver.ismcts import ISMCTS
from hunt.solver.profiles import search_profile


def random_playouts_per_second(game: AnyGame, seconds: float, seed: int = 0) -> float:
    """Whole games with uniformly random moves (chance by its odds), per second."""
    rng = random.Random(seed)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(rng.randrange(2**31))
        while not state.is_terminal():
            state.apply_legal_action(random_action(state, rng))
        games += 1
    return games / (time.perf_counter() - start)


def midgame_states(game: AnyGame, count: int, seed: int = 0) -> list[AnyState]:
    """Positions where a seat must choose, taken a third of the way into random games
    (the same positions in every run)."""
    rng = random.Random(seed)
    states: list[AnyState] = []
    while len(states) < count:
        state = game.new_initial_state(rng.randrange(2**31))
        history: list[AnyState] = []
        while not state.is_terminal():
            if state.current_player() >= 0 and len(state.legal_actions()) > 1:
                history.append(state.clone())
            state.apply_legal_action(random_action(state, rng))
        if history:
            states.append(history[len(history) // 3])
    return states


def ismcts_iterations_per_second(game: AnyGame, positions: int, seed: int = 0,
                                 workers: int = 1) -> float:
    """ISMCTS at the normal level's budget and settings, over a few positions, on
    `workers` processes (root parallelisation)."""
    done, seconds = 0, 0.0
    for number, state in enumerate(midgame_states(game, positions, seed)):
        budget = search_profile(game).normal_iterations
        result = ISMCTS(iterations=budget, seed=number, workers=workers).search(state)
        done += result.iterations
        seconds += result.seconds
    return done / seconds


def cfr_speed(game: AnyGame, iterations: int) -> dict[str, float]:
    """The whole-game solve of a game its levels solve (`hunt.solver.cfr`): the tree's
    histories, the seconds to build it and CFR+ iterations a second over it."""
    start = time.perf_counter()
    tree = GameTree(game)
    built = time.perf_counter() - start
    solver = CFRPlus(tree)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.iterate()
    return {"histories": tree.nodes, "tree_seconds": built,
            "iterations_per_s": iterations / (time.perf_counter() - start)}


def peak_memory_mb() -> float:
    """The process's peak resident memory so far, in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def decision_seconds(game: AnyGame, level: str, decisions: int, seed: int = 0
                     ) -> dict[str, float]:
    """Seconds the computer of `hunt play --level LEVEL` (`level_agent`: `ismcts:LEVEL`
    on most games) takes to decide, over `decisions` mid-game positions: median and
    max."""
    times = []
    for number, state in enumerate(midgame_states(game, decisions, seed)):
        agent = make_agent(level_agent(game, level), number, game)
        start = time.perf_counter()
        agent.select_action(state)
        times.append(time.perf_counter() - start)
    return {"decisions": decisions, "median": statistics.median(times), "max": max(times)}


def run_bench(quick: bool, progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """The game-agnostic figures, as data: per game, random playouts a second, ISMCTS
    iterations a second at the normal level on one process and on `HARD_WORKERS`
    (root parallelisation, as the hard level searches), a game its levels solve whole:
    the solve's speed, and seconds a decision at each level (quick: the normal level
    only). `quick` takes fewer samples."""
    seconds, positions = (2.0, 2) if quick else (10.0, 8)
    levels, decisions = (("normal",), 2) if quick else (tuple(LEVELS), 10)
    report: dict[str, Any] = {"quick": quick, "python": sys.version.split()[0],
                              "decision_positions": decisions, "games": {}}
    for name in available_games():
        game = load_game(name)
        progress(f"{name}: random playouts")
        playouts = random_playouts_per_second(game, seconds)
        progress(f"{name}: ISMCTS")
        report["games"][name] = {
            "random_playouts_per_s": playouts,
            "ismcts_iterations_per_s": ismcts_iterations_per_second(game, positions),
            "ismcts_parallel_iterations_per_s": ismcts_iterations_per_second(
                game, positions, workers=HARD_WORKERS),
            "ismcts_normal_iterations": search_profile(game).normal_iterations,
            "ismcts_rollout_depth": search_profile(game).rollout_depth,
        }
        if search_profile(game).solves_whole:
            progress(f"{name}: CFR+")
            report["games"][name]["cfr"] = cfr_speed(game, 100 if quick else 1000)
        progress(f"{name}: seconds a decision at each level")
        report["games"][name]["decision_seconds"] = {
            level: decision_seconds(game, level, decisions) for level in levels}
    return report
