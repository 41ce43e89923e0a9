"""Our ISMCTS against OpenSpiel's on Leduc Hold'em, in one process run.

OpenSpiel is the peer we compare with, never a dependency of hunt: install it in a
separate environment together with hunt, then run this script there:

    python3 -m venv /tmp/osvenv
    /tmp/osvenv/bin/pip install open_spiel -e .
    /tmp/osvenv/bin/python scripts/bench_openspiel.py --positions 40 --hands 1000

1. Speed: the same Leduc decisions (positions of random hands, replayed in both
   engines: the cards and actions are numbered alike) searched by our ISMCTS, by
   OpenSpiel's Python ISMCTSBot and by its C++ ISMCTSBot, each with the same number
   of iterations; iterations a second and our rate as a ratio of each. OpenSpiel's
   bots evaluate leaves with one random rollout; ours with one playout of Leduc's
   rule of thumb.
2. Strength: paired hands (each deal played twice, the bots swapping seats), our
   ISMCTS against OpenSpiel's Python ISMCTS at the same time per move (OpenSpiel's
   simulations set from its measured rate), with our mean chips won per hand and a
   95% interval.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

from hunt.models.game import CHANCE, AnyState, random_action
from hunt.models.leduc import LeducGame
from hunt.solver.arena import mean_interval
from hunt.solver.ismcts import ISMCTS

UCT_C = 2.0
LEDUC = LeducGame()
"""Our Leduc, one object a process: an agent that solves the game (`cfr:`) solves each
game object once."""


def positions(count: int, seed: int) -> list[list[int]]:
    """Action histories (chance included) that end where a player must decide."""
    game, rng, found = LEDUC, random.Random(seed), []
    while len(found) < count:
        state = game.new_initial_state(0)
        stops = []
        while not state.is_terminal():
            if state.current_player() >= 0:
                stops.append(list(state.history))
            state.apply_action(random_action(state, rng))
        found.append(rng.choice(stops))
    return found


def ours(history: list[int]) -> AnyState:
    state = LEDUC.new_initial_state(0)
    for action in history:
        state.apply_action(action)
    return state


def theirs(game: Any, history: list[int]) -> Any:
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def python_bot(game: Any, simulations: int, seed: int) -> Any:
    evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return os_ismcts.ISMCTSBot(game, evaluator, UCT_C, simulations,
                               random_state=np.random.RandomState(seed))


def cpp_bot(simulations: int, seed: int) -> Any:
    return pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1, seed), UCT_C,
                             simulations)


def speed(histories: list[list[int]], iterations: int) -> dict[str, float]:
    """Iterations a second of each engine on the same decisions."""
    game = pyspiel.load_game("leduc_poker")
    rates = {}
    start = time.perf_counter()
    for number, history in enumerate(histories):
        ISMCTS(iterations=iterations, seed=number).search(ours(history))
    rates["hunt"] = iterations * len(histories) / (time.perf_counter() - start)
    for name, make in (("openspiel-python", lambda n: python_bot(game, iterations, n)),
                       ("openspiel-c++", lambda n: cpp_bot(iterations, n))):
        start = time.perf_counter()
        for number, history in enumerate(histories):
            make(number).step(theirs(game, history))
        rates[name] = iterations * len(histories) / (time.perf_counter() - start)
    return rates


Mover = Callable[[Any], int]
"""One side's choice in a state (ours: a hunt state; theirs: the OpenSpiel mirror)."""


def paired_hands(hands: int, seed: int, movers: Callable[[int, int], tuple[Mover, Mover]]
                 ) -> list[float]:
    """Our chips in each hand: every deal (both private cards and the public one drawn
    from `seed`) played twice, seats swapped. `movers(deal, our_seat)` gives our side's
    choice on our state and theirs on the OpenSpiel mirror of it."""
    game = pyspiel.load_game("leduc_poker")
    results = []
    for deal in range(hands):
        cards = random.Random(seed + deal).sample(range(6), 3)
        for our_seat in (0, 1):
            our_move, their_move = movers(deal, our_seat)
            state, mirror = LEDUC.new_initial_state(0), game.new_initial_state()
            dealt = 0
            while not state.is_terminal():
                player = state.current_player()
                if player == CHANCE:
                    action = cards[dealt]
                    dealt += 1
                else:
                    action = our_move(state) if player == our_seat else their_move(mirror)
                state.apply_action(action)
                mirror.apply_action(action)
            results.append(state.returns()[our_seat])
    return results


def match(hands: int, seconds: float, python_rate: float, seed: int) -> list[float]:
    """Our chips won in each hand against OpenSpiel's Python ISMCTS at the same time
    per move."""
    game = pyspiel.load_game("leduc_poker")
    simulations = max(1, round(python_rate * seconds))

    def movers(deal: int, our_seat: int) -> tuple[Mover, Mover]:
        search = ISMCTS(time_limit=seconds, iterations=None, seed=deal * 2 + our_seat)
        bot = python_bot(game, simulations, deal * 2 + our_seat)
        return (lambda state: int(search.search(state).action),
                lambda mirror: int(bot.step(mirror)))

    return paired_hands(hands, seed, movers)


def chips_a_hand(chips: list[float]) -> str:
    """The mean chips a hand with its 95% interval, in words."""
    low, high = mean_interval(chips)
    return (f"{statistics.fmean(chips):+.3f} chips a hand (95% interval {low:+.3f} to "
            f"{high:+.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=1000, help="Paired deals.")
    parser.add_argument("--seconds", type=float, default=0.02, help="Time per move.")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rates = speed(positions(args.positions, args.seed), args.iterations)
    print(f"ISMCTS iterations a second on {args.positions} Leduc decisions "
          f"({args.iterations} iterations each):")
    for name, rate in rates.items():
        ratio = "" if name == "hunt" else f"   hunt / {name} = {rates['hunt'] / rate:.2f}"
        print(f"  {name:<18} {rate:10.0f}{ratio}")
    chips = match(args.hands, args.seconds, rates["openspiel-python"], args.seed)
    print(f"hunt ISMCTS against OpenSpiel's Python ISMCTS, {args.seconds} s a move, "
          f"{args.hands} paired deals ({len(chips)} hands): hunt wins {chips_a_hand(chips)}")


if __name__ == "__main__":
    main()
