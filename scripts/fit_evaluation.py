"""Fit The Hunt's cut-off evaluation (models/the_hunt/evaluation.py).

    .venv/bin/python scripts/fit_evaluation.py --games 1000

Plays heuristic against heuristic, takes the position at the start of every turn
outside a Battle, labels it with the winner, fits a logistic regression (L2 0.01) on
the first 80% of the games and reports log-loss and accuracy on the rest against the
constant model. Not a test: paste the printed weights into `WEIGHTS`.
"""

from __future__ import annotations

import argparse

import numpy as np
from scipy.optimize import minimize

from hunt.models.game import State
from hunt.models.registry import load_game
from hunt.models.the_hunt.evaluation import FEATURES, features
from hunt.models.the_hunt.rules import GERMAN, TheHuntState
from hunt.solver.agent import HeuristicAgent
from hunt.solver.match import play_game


def positions(game_seed: int) -> tuple[list[tuple[float, ...]], float]:
    """Features at the start of each turn of one game, and 1.0 if the German won."""
    game = load_game("the-hunt")
    rows: list[tuple[float, ...]] = []
    last_turn = [0]

    def record(state: State) -> None:
        assert isinstance(state, TheHuntState)
        if state.turn != last_turn[0] and state.flow != "battle" and not state.is_terminal():
            last_turn[0] = state.turn
            if state.graf_spee is not None:
                rows.append(features(state))

    result = play_game(game, [HeuristicAgent(game_seed), HeuristicAgent(game_seed + 1)],
                       game_seed, on_step=record)
    return rows, 1.0 if result.returns[GERMAN] > 0 else 0.0


def log_loss(w: np.ndarray, x: np.ndarray, y: np.ndarray, l2: float) -> float:
    z = np.clip(x @ w, -30, 30)
    p = 1 / (1 + np.exp(-z))
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean() + l2 * (w[1:] ** 2).sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    split = int(args.games * 0.8)
    data = [positions(seed) for seed in range(args.games)]
    train = [(r, y) for rows, y in data[:split] for r in rows]
    test = [(r, y) for rows, y in data[split:] for r in rows]
    x, y = np.array([r for r, _ in train]), np.array([y for _, y in train])
    xt, yt = np.array([r for r, _ in test]), np.array([y for _, y in test])
    w = minimize(log_loss, np.zeros(len(FEATURES)), args=(x, y, 0.01), method="L-BFGS-B").x
    base = np.zeros(len(FEATURES))
    base[0] = np.log(y.mean() / (1 - y.mean()))
    accuracy = (((xt @ w) > 0) == (yt > 0.5)).mean()
    print(f"{len(train)} training positions ({split} games), {len(test)} held out")
    print(f"held-out log-loss {log_loss(w, xt, yt, 0):.4f} (constant model "
          f"{log_loss(base, xt, yt, 0):.4f}), accuracy {accuracy:.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:<14} {value:+.4f}")


if __name__ == "__main__":
    main()
