"""Fit a game's cut-off evaluation (models/the_hunt/evaluation.py,
models/hunted/evaluation.py).

    .venv/bin/python scripts/fit_evaluation.py --games 1000
    .venv/bin/python scripts/fit_evaluation.py --game hunted --games 3000
    .venv/bin/python scripts/fit_evaluation.py --games 400 --agents tracker,heuristic \
        --agents tracker,tracker

Plays heuristic games (The Hunt: or games between the agents of each `--agents` pair,
each seed in both seatings, so the fit learns what wins against players other than the
rule of thumb), takes the positions the evaluation would be asked about (The
Hunt: the start of every turn outside a Battle; Hunted: every turn step outside a
fight), labels each with the result (the German won; the players escaped), fits a
logistic regression (L2 0.01) on the first 80% of the games and reports log-loss and
accuracy on the rest against the constant model and the weights in use (so a change
of rules that left them stale shows). Not a test: paste the printed weights into
`WEIGHTS`.
"""

from __future__ import annotations

import argparse

import numpy as np
from scipy.optimize import minimize

from hunt.errors import HuntError
from hunt.models import hunted
from hunt.models.game import AnyState
from hunt.models.hunted import evaluation as hunted_evaluation
from hunt.models.registry import load_game
from hunt.models.the_hunt import evaluation as hunt_evaluation
from hunt.models.the_hunt.rules import GERMAN, TheHuntState
from hunt.solver.agent import Agent, HeuristicAgent
from hunt.solver.agent_specs import agent_pair, make_agent
from hunt.solver.session import play_game


def hunted_positions(game_seed: int) -> tuple[list[tuple[float, ...]], float]:
    """Features at each turn step of one solo Hunted game, and 1.0 if it was won."""
    game = load_game("hunted")
    rows: list[tuple[float, ...]] = []

    def record(state: AnyState) -> None:
        assert isinstance(state, hunted.HuntedState)
        if state.stage() == "turn" and state.fight is None:
            rows.append(hunted_evaluation.features(state))

    result = play_game(game, [HeuristicAgent(game_seed)], game_seed, on_step=record)
    return rows, result.returns[0]


def positions(game_seed: int, agents: tuple[str, str] = ("heuristic", "heuristic")
              ) -> tuple[list[tuple[float, ...]], float]:
    """Features at the start of each turn of one game of `agents` (German, British),
    and 1.0 if the German won."""
    game = load_game("the-hunt")
    rows: list[tuple[float, ...]] = []
    last_turn = [0]

    def record(state: AnyState) -> None:
        assert isinstance(state, TheHuntState)
        if state.turn != last_turn[0] and state.flow != "battle" and not state.is_terminal():
            last_turn[0] = state.turn
            if state.graf_spee is not None:
                rows.append(hunt_evaluation.features(state))

    players: list[Agent] = [make_agent(spec, game_seed + seat, game)
                            for seat, spec in enumerate(agents)]
    result = play_game(game, players, game_seed, on_step=record)
    return rows, 1.0 if result.returns[GERMAN] > 0 else 0.0


def log_loss(w: np.ndarray, x: np.ndarray, y: np.ndarray, l2: float) -> float:
    z = np.clip(x @ w, -30, 30)
    p = 1 / (1 + np.exp(-z))
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean() + l2 * (w[1:] ** 2).sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", choices=["the-hunt", "hunted"], default="the-hunt")
    parser.add_argument("--agents", action="append", metavar="A,B",
                        help="The Hunt: a pair of agent specs; each seed is played in both "
                             "seatings of each pair (default: heuristic self-play)")
    args = parser.parse_args()
    module = hunt_evaluation if args.game == "the-hunt" else hunted_evaluation
    names = module.FEATURES
    if args.game == "hunted":
        if args.agents is not None:
            parser.error("--agents is for The Hunt; Hunted's fit plays the heuristic alone")
        data = [hunted_positions(seed) for seed in range(args.games)]
    elif args.agents is None:
        data = [positions(seed) for seed in range(args.games)]
    else:  # each seed's games in a row
        try:
            pairs = [agent_pair(text, load_game("the-hunt")) for text in args.agents]
        except HuntError as error:
            parser.error(str(error))
        data = [positions(seed, (a, b) if seating == 0 else (b, a))
                for seed in range(args.games) for a, b in pairs for seating in (0, 1)]
    # The first 80% of the seeds train and the rest are held out.
    split = int(args.games * 0.8) * len(data) // args.games
    train = [(r, y) for rows, y in data[:split] for r in rows]
    test = [(r, y) for rows, y in data[split:] for r in rows]
    x, y = np.array([r for r, _ in train]), np.array([y for _, y in train])
    xt, yt = np.array([r for r, _ in test]), np.array([y for _, y in test])
    w = minimize(log_loss, np.zeros(len(names)), args=(x, y, 0.01), method="L-BFGS-B").x
    base = np.zeros(len(names))
    base[0] = np.log(y.mean() / (1 - y.mean()))
    accuracy = (((xt @ w) > 0) == (yt > 0.5)).mean()
    print(f"{len(train)} training positions ({split} games), {len(test)} held out")
    shipped = np.array(module.WEIGHTS)
    print(f"held-out log-loss {log_loss(w, xt, yt, 0):.4f} (constant model "
          f"{log_loss(base, xt, yt, 0):.4f}, the weights in use "
          f"{log_loss(shipped, xt, yt, 0):.4f}), accuracy {accuracy:.3f} (the weights "
          f"in use {(((xt @ shipped) > 0) == (yt > 0.5)).mean():.3f})")
    print("WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    for name, value in zip(names, w, strict=True):
        print(f"  {name:<14} {value:+.4f}")


if __name__ == "__main__":
    main()
