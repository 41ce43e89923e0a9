"""Hunted measured: how often an agent escapes the colony, and how games end.

Plays `--games` solo (or 2-player) games of Hunted with every seat taken by one agent
spec and prints the win rate with its 95% Wilson interval, how games ended, how far
the losers got (Locations drawn), and the mean score of the wins. The figures the
reconstructed deck and hit rates are checked against, and the win-rate table:

    python scripts/hunted_report.py --agent heuristic --games 300
    python scripts/hunted_report.py --agent ismcts:normal --games 300 --difficulty hard \\
        --target hard --workers 2
    python scripts/hunted_report.py --players 2 --agent heuristic --partner ismcts:normal
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from hunt.models.hunted import HuntedGame, HuntedState
from hunt.solver.agent_specs import make_agent
from hunt.solver.arena import wilson_interval
from hunt.solver.session import play_game


def play(options: dict[str, Any], agents_by_seat: list[str],
         seed: int) -> tuple[bool, str, int, int, int]:
    """One game: (won, how it ended, Locations drawn, score, time left)."""
    game = HuntedGame(**options)
    agents = [make_agent(spec, seed * game.players + seat, game)
              for seat, spec in enumerate(agents_by_seat)]
    state = play_game(game, agents, seed).state
    assert isinstance(state, HuntedState)
    return state.won, state.end_reason(), state.locations_drawn, state.score(), state.time


def main() -> None:
    """Parse the arguments, play the games, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--partner", default=None,
                        help="with 2 players: the agent of p2 (default: --agent)")
    parser.add_argument("--difficulty", default="normal", choices=["normal", "hard"])
    parser.add_argument("--target", default="normal", choices=["normal", "hard"])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    options = {"players": args.players, "difficulty": args.difficulty, "target": args.target}
    seeds = range(args.seed, args.seed + args.games)
    seats = [args.agent] + [args.partner or args.agent] * (args.players - 1)
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play, [options] * args.games, [seats] * args.games, seeds))
    wins = sum(won for won, *_ in results)
    low, high = wilson_interval(wins, args.games)
    print(f"hunted {options}, {' + '.join(seats)}, {args.games} games (seeds {args.seed}-"
          f"{args.seed + args.games - 1}): won {wins} = {wins / args.games:.3f} "
          f"(95% {low:.3f}-{high:.3f})")
    endings = Counter(reason for _, reason, *_ in results)
    print("  ended: " + ", ".join(f"{n} {why}" for why, n in endings.most_common()))
    lost = [drawn for won, _, drawn, _, _ in results if not won]
    if lost:
        print(f"  Locations drawn in lost games: mean {statistics.mean(lost):.1f}, "
              f"reached the last three {sum(d >= 12 for d in lost)} times")
    scores = [score for won, _, _, score, _ in results if won]
    if scores:
        print(f"  score of the wins: mean {statistics.mean(scores):.1f}, best {max(scores)}")


if __name__ == "__main__":
    main()
