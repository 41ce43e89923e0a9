"""Where a game's engine spends its time, step by step: what bounds a speed-up.

    python scripts/step_costs.py the-hunt                  # about half a minute
    python scripts/step_costs.py hunting-party --seconds 2 --playouts 100

Two measurements, on this checkout.

1. Random games, as `scripts/bench_against.py` plays them (a step: the legal actions,
   the chance odds at a chance node, a checked move): the same loop runs over the
   engine, and over the same games recorded, where each step's lists are read back and
   nothing is computed. The difference is the engine's own time a step; the rest is
   the loop's, which no engine work can take away. So a target in random games a
   second says how fast the engine itself must get.
2. Playouts as the search plays them at the game's normal shape (the rollout policy,
   its share of random decisions, cut at the search's depth with the game's
   evaluation), from worlds drawn at mid-game positions, timed by the kind of step,
   the policy's choice apart from the move's effect. The largest kind's share bounds
   what a shortcut in one kind can buy: all of it taken away gives 1 / (1 - share).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from hunt.models.game import CHANCE, TERMINAL, AnyState
from hunt.models.registry import game_plugin, game_policy, load_game

Step = tuple[int, list[Any], list[tuple[Any, float]]]
"""A recorded step: who acts, the legal actions, the chance odds ([] at a decision)."""


class Replayed:
    """A recorded random game read back: the bench loop's calls, nothing computed."""

    def __init__(self, steps: list[Step]) -> None:
        self.steps, self.at = steps, 0
        self.history: list[Any] = []

    def is_terminal(self) -> bool:
        return self.at >= len(self.steps)

    def current_player(self) -> int:
        return self.steps[self.at][0]

    def legal_actions(self) -> list[Any]:
        return self.steps[self.at][1]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return self.steps[self.at][2]

    def apply_action(self, action: Any) -> None:
        if action not in self.steps[self.at][1]:  # the check a checked move makes
            raise ValueError(action)
        self.at += 1
        self.history.append(action)


def bench_loop(state: Any, rng: random.Random) -> int:
    """`scripts/bench_against.py`'s random game, call for call: a copy of its `play`,
    which is a program text run by another commit's interpreter, not importable."""
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() < 0:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(legal)
        state.apply_action(action)
        steps += 1
    return steps


def recorded(name: str, games: int) -> list[list[Step]]:
    """`games` seeded random games, each step's lists as the engine gave them."""
    game, rng, played = load_game(name), random.Random(1), []
    for _ in range(games):
        state, steps = game.new_initial_state(rng.randrange(2**31)), []
        while not state.is_terminal():
            player = state.current_player()
            outcomes = state.chance_outcomes() if player < 0 else []
            steps.append((player, state.legal_actions(), outcomes))
            state.apply_action(rng.choices([a for a, _ in outcomes],
                                           [p for _, p in outcomes])[0]
                               if outcomes else rng.choice(steps[-1][1]))
        played.append(steps)
    return played


def rate(seconds: float, one_game: Callable[[int], int]) -> tuple[float, float]:
    """Games a second and steps a second of `one_game(index) -> steps`."""
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += one_game(games)
        games += 1
    spent = time.perf_counter() - start
    return games / spent, steps / spent


def mid_positions(name: str, count: int) -> list[AnyState]:
    """A third of the way through seeded random games, at a decision with a choice (as
    `scripts/bench_against.py` picks its search positions)."""
    game, pick = load_game(name), random.Random(3)
    found: list[AnyState] = []
    while len(found) < count:
        state, seen = game.new_initial_state(pick.randrange(2**31)), []
        while not state.is_terminal():
            if state.current_player() >= 0 and len(state.legal_actions()) > 1:
                seen.append(state.clone())
            state.apply_action(state.sample_chance_outcome(pick)
                               if state.current_player() == CHANCE
                               else pick.choice(state.legal_actions()))
        if seen:
            found.append(seen[len(seen) // 3])
    return found


def kind_of(state: AnyState) -> str:
    """The kind of the step to play: a step engine's top step, else who acts."""
    stack = getattr(state, "stack", None)
    if stack:
        return str(stack[-1].kind)
    return "chance" if state.current_player() == CHANCE else "decision"


def playout_costs(name: str, positions: int, playouts: int
                  ) -> dict[str, tuple[int, float, float]]:
    """Kind of step -> (steps, seconds choosing, seconds applying) over `playouts` search
    playouts from worlds drawn at each of `positions` mid-game positions."""
    game = load_game(name)
    policy, profile = game_policy(game), game_plugin(name).profile
    costs: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    clock = time.perf_counter
    for index, position in enumerate(mid_positions(name, positions)):
        rng, seat = random.Random(index), position.current_player()
        epsilon = policy.playout_epsilon(position, profile.epsilon)
        for _ in range(playouts):
            world, depth = position.determinize(seat, rng), 0
            while (player := world.current_player()) != TERMINAL:
                if profile.rollout_depth is not None and depth >= profile.rollout_depth:
                    started = clock()
                    estimate = policy.evaluate(world)
                    entry = costs["(evaluation)"]
                    entry[0] += 1
                    entry[1] += clock() - started
                    if estimate is not None:
                        break
                kind, started = kind_of(world), clock()
                if player == CHANCE:
                    action = world.sample_chance_outcome(rng)
                elif epsilon and rng.random() < epsilon:
                    action = rng.choice(world.legal_actions())
                else:
                    action = policy.rollout_action(world, rng)
                chosen = clock()
                world.apply_legal_action(action)
                entry = costs[kind]
                entry[0] += 1
                entry[1] += chosen - started
                entry[2] += clock() - chosen
                depth += 1
    return {kind: (int(n), choose, apply) for kind, (n, choose, apply) in costs.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seconds", type=float, default=4.0, help="per random-games rate")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=300, help="per position")
    parser.add_argument("--times", type=float, nargs="+", default=[2.0, 4.0],
                        help="speed-ups of the random games to say the engine's need for")
    args = parser.parse_args()

    played = recorded(args.game, 100)
    game = load_game(args.game)
    loop_rng = random.Random(1)
    engine = rate(args.seconds, lambda _: bench_loop(
        game.new_initial_state(loop_rng.randrange(2**31)), loop_rng))
    replay_rng = random.Random(1)
    loop = rate(args.seconds, lambda index: bench_loop(
        Replayed(played[index % len(played)]), replay_rng))
    per_step = [1e6 / steps_per_second for _, steps_per_second in (engine, loop)]
    print(f"{args.game}: random games, {sum(map(len, played)) / len(played):.0f} steps a game")
    print(f"  engine and loop  {engine[0]:10,.0f} games/s  {per_step[0]:6.2f} us a step")
    print(f"  the loop alone   {loop[0]:10,.0f} games/s  {per_step[1]:6.2f} us a step")
    print(f"  the engine's own {'':10}          {per_step[0] - per_step[1]:6.2f} us a step")
    own = per_step[0] - per_step[1]
    for times in args.times:
        needed = per_step[0] / times - per_step[1]  # the engine's time a step for `times`
        print(f"  {times:g}x the games a second: the engine at {needed:.2f} us a step, "
              f"{own / needed:.1f}x as fast" if needed > 0 else
              f"  {times:g}x the games a second: beyond the loop alone")

    costs = playout_costs(args.game, args.positions, args.playouts)
    total = sum(choose + apply for _, choose, apply in costs.values())
    steps = sum(n for n, _, _ in costs.values())
    print(f"search playouts: {steps:,} steps, {1e6 * total / steps:.1f} us a step")
    print(f"  {'kind':<16} {'steps':>8} {'choose us':>10} {'apply us':>9} {'share':>6}")
    for kind, (n, choose, apply) in sorted(costs.items(), key=lambda item: -sum(item[1][1:])):
        print(f"  {kind:<16} {n:>8,} {1e6 * choose / n:>10.1f} {1e6 * apply / n:>9.1f} "
              f"{(choose + apply) / total:>6.1%}")


if __name__ == "__main__":
    main()
