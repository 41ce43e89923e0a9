"""How ready for a Battle should the British be? Heuristic games of The Hunt with the
British heuristic's Battle margins set, against a heuristic and a random German.

`battle_ready` lets the heuristic British search where their Battle hand reaches the
German's expected hand plus a margin: `BATTLE_MARGIN`, or `LEAD_MARGIN` while the
British lead the race of Freight Ships. This script plays the same seeds with each
lead margin side by side (a lead margin equal to `BATTLE_MARGIN` is no lead rule) and
reports the British wins, so the margin is chosen by measured play against both:

    python scripts/the_hunt_battle_margin.py --games 2000 --lead-margins -3 0 3 6
"""

from __future__ import annotations

import argparse

from hunt.models.registry import load_game
from hunt.models.the_hunt import heuristics
from hunt.solver.agent import Agent, HeuristicAgent, RandomAgent
from hunt.solver.arena import wilson_interval
from hunt.solver.session import play_game


def british_wins(games: int, german: str) -> int:
    """British wins in `games` seeded games (seeds 0 to games - 1) of the heuristic
    British against `german` ("heuristic" or "random"), with the margins now set."""
    game = load_game("the-hunt")
    wins = 0
    for seed in range(games):
        opponent: Agent = (HeuristicAgent(2 * seed) if german == "heuristic"
                           else RandomAgent(2 * seed))
        result = play_game(game, [opponent, HeuristicAgent(2 * seed + 1)], seed)
        wins += result.returns[1] > 0
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--lead-margins", nargs="+", type=float,
                        default=[heuristics.BATTLE_MARGIN, heuristics.LEAD_MARGIN],
                        help="values of LEAD_MARGIN to compare")
    args = parser.parse_args()
    print(f"British wins of {args.games} (95% interval), heuristic British")
    print(f"{'lead margin':>11}  {'against heuristic':>24}  {'against random':>24}")
    for margin in args.lead_margins:
        heuristics.LEAD_MARGIN = margin
        cells = []
        for german in ("heuristic", "random"):
            wins = british_wins(args.games, german)
            low, high = wilson_interval(wins, args.games)
            cells.append(f"{wins:5d} ({low:.3f}-{high:.3f})")
        print(f"{margin:11.1f}  {cells[0]:>24}  {cells[1]:>24}")


if __name__ == "__main__":
    main()
