"""Hunting Party measured: how long games last and how balanced the reconstruction is.

For each player count, plays `--games` games with every seat taken by the heuristic
(or `--agent random`) and prints: rounds per game, deaths per game, how games ended,
the mean score, each Hunter's share of wins against the share its seats would get by
chance, and how often each Goal is met. These are the figures the reconstructed
counts in boards/hunting_party/ are checked against:

    python scripts/hunting_party_report.py --games 200
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter, defaultdict

from hunt.models.hunting_party import HuntingPartyGame, HuntingPartyState
from hunt.solver.agent_specs import make_agent
from hunt.solver.session import play_game


def play(game: HuntingPartyGame, seed: int, agent: str) -> HuntingPartyState:
    """One game with every seat played by `agent` ("heuristic" or "random")."""
    agents = [make_agent(agent, seed * game.players + seat, game)
              for seat in range(game.players)]
    state = play_game(game, agents, seed).state
    assert isinstance(state, HuntingPartyState)
    return state


def report(players: int, games: int, agent: str) -> None:
    """Print the figures for one player count."""
    game = HuntingPartyGame(players=players)
    rounds, deaths, scores = [], 0, []
    endings: Counter[str] = Counter()
    seated: Counter[str] = Counter()
    won: defaultdict[str, float] = defaultdict(float)
    dealt: Counter[str] = Counter()
    met: Counter[str] = Counter()
    for seed in range(games):
        state = play(game, seed, agent)
        rounds.append(state.round)
        deaths += state.alive.count(False)
        endings[state.end_reason()] += 1
        scores += state.scores()
        for seat, share in enumerate(state.returns()):
            hunter, goal = state.hunter[seat], state.goal[seat]
            assert hunter is not None and goal is not None
            seated[hunter] += 1
            won[hunter] += share
            dealt[goal] += 1
            met[goal] += state.goal_met(seat)
    print(f"{players} players, {games} games, {agent} play: "
          f"{statistics.mean(rounds):.2f} rounds (min {min(rounds)}, max {max(rounds)}), "
          f"{deaths / games:.2f} deaths a game, mean score {statistics.mean(scores):.2f}")
    print("  ended: " + ", ".join(f"{n} {why}" for why, n in endings.most_common()))
    print(f"  wins per seat by Hunter (chance: {1 / players:.2f}): "
          + ", ".join(f"{h} {won[h] / seated[h]:.2f}" for h in sorted(seated)))
    print("  Goals met: " + ", ".join(f"{g} {met[g] / dealt[g]:.2f}" for g in sorted(dealt)))


def main() -> None:
    """Parse the arguments and print a report per player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--agent", choices=("heuristic", "random"), default="heuristic")
    args = parser.parse_args()
    for players in range(2, 6):
        report(players, args.games, args.agent)


if __name__ == "__main__":
    main()
