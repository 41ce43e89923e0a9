"""Fit the purposeful move model and measure the Graf Spee tracker.

    .venv/bin/python scripts/tracker_report.py --fit-games 300 --games 300 \
        --soundness-games 2000

Plays heuristic against heuristic (the Germans whose moves the model learns),
fits the purposeful weights by maximum likelihood on the first set of games, and on a
second, held-out set reports at every British decision the mean probability each model
gives the true hex, against the baseline "uniform over the hexes not yet ruled out";
and along `--soundness-games` random games (random and heuristic players)
counts the British decisions where the uniform tracker gave the true hex probability 0
(it must be none). Not a test: the figures go into the issue notes. (The time of a
tracker update is measured by `hunt bench`.)
"""

from __future__ import annotations

import argparse

from hunt.models.registry import load_game
from hunt.models.the_hunt.fitting import fit_weights, log_likelihood, recorded_moves
from hunt.models.the_hunt.rules import BRITISH, TheHuntGame, TheHuntState
from hunt.models.the_hunt.tracker import GrafSpeeTracker, MoveWeights, replay_views
from hunt.solver.agent import HeuristicAgent
from hunt.solver.session import play_game


def heuristic_games(game: TheHuntGame, seeds: range) -> list[TheHuntState]:
    """Finished heuristic-against-heuristic games, one per seed."""
    games = []
    for seed in seeds:
        result = play_game(game, [HeuristicAgent(seed), HeuristicAgent(seed + 1)], seed)
        assert isinstance(result.state, TheHuntState)
        games.append(result.state)
    return games


def soundness(games: int) -> None:
    """Random games: the uniform tracker never rules out the true hex."""
    from hunt.solver.agent import RandomAgent

    game = load_game("the-hunt")
    checked = zero = 0
    for seed in range(20_000, 20_000 + games):
        agents = [RandomAgent(seed), HeuristicAgent(seed)]
        if seed % 2:
            agents.reverse()
        state = play_game(game, agents, seed).state
        assert isinstance(state, TheHuntState)
        tracker = GrafSpeeTracker(state.game)
        for replay, seen, facts in replay_views(state, BRITISH):
            for item in seen:
                tracker.observe(item, facts)
            if replay.current_player() == BRITISH and replay.graf_spee_hex is not None:
                checked += 1
                zero += tracker.probability(replay.graf_spee_hex) == 0
    print(f"soundness: {games} random games, {checked} British decisions, the true hex "
          f"had probability 0 at {zero} of them")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit-games", type=int, default=300)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--soundness-games", type=int, default=0)
    args = parser.parse_args()
    if args.soundness_games:
        soundness(args.soundness_games)
    game = load_game("the-hunt")
    assert isinstance(game, TheHuntGame)

    fitting = heuristic_games(game, range(args.fit_games))
    moves = [move for state in fitting for move in recorded_moves(state)]
    weights = fit_weights(game, moves)
    flat = MoveWeights(0.0, 0.0)
    print(f"fitted on {len(moves)} German moves from {args.fit_games} games: "
          f"freighter weight {weights.freighter:.3f}, force weight {weights.force:.3f} "
          f"(log-likelihood {log_likelihood(game, moves, weights):.1f}, "
          f"uniform {log_likelihood(game, moves, flat):.1f})")

    held_out = heuristic_games(game, range(10_000, 10_000 + args.games))
    totals = {"uniform": 0.0, "purposeful": 0.0, "baseline": 0.0}
    decisions = 0
    for state in held_out:
        trackers = {"uniform": GrafSpeeTracker(game, "uniform"),
                    "purposeful": GrafSpeeTracker(game, "purposeful", weights)}
        for replay, seen, facts in replay_views(state, BRITISH):
            for item in seen:
                for tracker in trackers.values():
                    tracker.observe(item, facts)
            if replay.current_player() == BRITISH and replay.flow == "british-card":
                truth = replay.graf_spee_hex
                assert truth is not None
                decisions += 1
                for name, tracker in trackers.items():
                    totals[name] += tracker.probability(truth)
                totals["baseline"] += 1 / len(replay.possible)
    print(f"{decisions} British decisions in {args.games} held-out games; mean "
          "probability on the true hex:")
    for name, total in totals.items():
        print(f"  {name:<10} {total / decisions:.4f}")


if __name__ == "__main__":
    main()
