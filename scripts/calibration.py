"""Whether the hint's win chances mean what they say: positions of games between two
players of the population, the chance the hint gives the seat to act for its
recommended play, and how often that seat went on to win.

    python scripts/calibration.py the-hunt --agents tracker,heuristic --games 50
    python scripts/calibration.py jutland --agents planner,greedy --games 50 --json

Each seed is played twice, the agents changing seats (`hunt arena`'s pairing); every
`--every`-th decision with a real choice is kept, and once the game is over the hint's
search (`hunt.solver.hints.recommend`, `--iterations`, from that seat's view only)
judges it. A prediction is the chance the hint shows for its first play; the outcome
is 1 for a win of that seat, 0 for a loss, 1/2 for a tie. The seat then played what its
agent chose, not necessarily the hint's play: the chance is read as the position's
worth for that seat, which is what a calibrated hint's best play is.

Printed: the Brier score beside a constant predictor's (the observed win rate
everywhere: a hint that knows nothing), and for each tenth of the range the
predictions span, how many fell in it, their mean and the rate observed.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass

from hunt.models.game import AnyState
from hunt.models.registry import load_game
from hunt.solver.agent_specs import make_agent
from hunt.solver.hints import recommend, value_scale
from hunt.solver.session import play_game


@dataclass(frozen=True)
class Prediction:
    """One judged position: the chance the hint gave the seat to act, and its result."""

    seed: int
    seat: int
    decision: int
    chance: float
    outcome: float


def positions(game_name: str, specs: tuple[str, str], seed: int, every: int
              ) -> list[tuple[int, AnyState, int, float]]:
    """The kept positions of the two games of `seed` (each seating): (seat of agent A,
    position, its decision number, the outcome for the seat to act there)."""
    game = load_game(game_name)
    kept: list[tuple[int, AnyState, int, float]] = []
    for first in range(2):
        seating = specs if first == 0 else (specs[1], specs[0])
        agents = [make_agent(spec, seed * 7919 + seat, game) for seat, spec in enumerate(seating)]
        taken: list[tuple[int, AnyState]] = []
        count = 0

        def keep(state: AnyState, taken: list[tuple[int, AnyState]] = taken) -> None:
            nonlocal count
            if state.current_player() >= 0 and len(state.legal_actions()) > 1:
                count += 1
                if count % every == 0:
                    taken.append((count, state.clone()))

        result = play_game(game, agents, seed, on_step=keep)
        for number, state in taken:
            seat = state.current_player()
            best = max(result.returns)
            mine = result.returns[seat]
            winners = sum(1 for value in result.returns if value == best)
            outcome = 0.0 if mine < best else 1.0 / winners
            kept.append((first, state, number, outcome))
    return kept


def table(predictions: list[Prediction], bins: int = 10) -> list[dict[str, float]]:
    """Each of `bins` equal parts of the predictions' range: count, mean chance, rate."""
    low = min(p.chance for p in predictions)
    high = max(p.chance for p in predictions)
    width = (high - low) / bins or 1.0
    rows = []
    for index in range(bins):
        inside = [p for p in predictions
                  if min(bins - 1, int((p.chance - low) / width)) == index]
        if inside:
            rows.append({"from": low + index * width, "to": low + (index + 1) * width,
                         "count": len(inside),
                         "predicted": sum(p.chance for p in inside) / len(inside),
                         "observed": sum(p.outcome for p in inside) / len(inside)})
    return rows


def brier(predictions: list[Prediction], constant: float | None = None) -> float:
    """The mean squared gap between chance and outcome (of `constant` if given)."""
    return sum(((p.chance if constant is None else constant) - p.outcome) ** 2
               for p in predictions) / len(predictions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--agents", required=True, help="two agent specs, A,B")
    parser.add_argument("--games", type=int, default=20, help="seeds (two games each)")
    parser.add_argument("--seed", type=int, default=7000, help="first seed")
    parser.add_argument("--every", type=int, default=10,
                        help="judge every so many decisions with a choice")
    parser.add_argument("--iterations", type=int, default=600,
                        help="the hint's search (600: the normal level's)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    a, b = args.agents.split(",")
    game = load_game(args.game)
    scale = value_scale(game)
    if not scale.chance:
        print(f"{args.game}'s hint shows {scale.label}, not a chance", file=sys.stderr)
        return 2
    predictions = []
    for seed in range(args.seed, args.seed + args.games):
        for _, state, number, outcome in positions(args.game, (a, b), seed, args.every):
            advice = recommend(state, args.iterations, seed=seed * 31 + number)
            predictions.append(Prediction(seed, state.current_player(), number,
                                          scale.reading(advice.ranking[0].value), outcome))
    base = sum(p.outcome for p in predictions) / len(predictions)
    report = {"game": args.game, "agents": [a, b], "games": 2 * args.games,
              "positions": len(predictions), "iterations": args.iterations,
              "brier": brier(predictions), "brier_constant": brier(predictions, base),
              "observed_rate": base, "bins": table(predictions)}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{args.game}: {len(predictions)} positions of {2 * args.games} games "
          f"({a} against {b}), the hint at {args.iterations} iterations")
    print(f"Brier {report['brier']:.4f}; a constant {base:.3f} scores "
          f"{report['brier_constant']:.4f} (lower is better)")
    print("chances          count  predicted  observed   gap")
    for row in report["bins"]:
        print(f"{row['from']:5.0%} - {row['to']:5.0%}  {row['count']:6}  "
              f"{row['predicted']:9.1%}  {row['observed']:8.1%}  "
              f"{row['observed'] - row['predicted']:+6.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
