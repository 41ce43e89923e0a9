"""How well do Jutland's sampled worlds foresee the opponent's Strike? Kept cards or uniform.

Plays heuristic games. At each side's Strike choice (before it picks a card), the side
samples worlds from its own view, once dealing the unseen cards uniformly and once
with the game's belief (`KeptCards`: the cards the opponent held through its discard
are of kinds it would keep). In each world the opponent's force is what it deploys
there: its choice if it chose first (the German's, guessed by the determinizer),
else the heuristic's choice from the sampled hand. Reported per dealing: the mean
absolute error of the mean sampled force against the true one, and the Brier score
of the sampled chance that the opponent wins the Strike (0.25 is a coin's).

    python scripts/jutland_belief_report.py --games 200 --samples 40
"""

from __future__ import annotations

import argparse
import random
import statistics

from hunt.models.jutland import GERMAN, JutlandGame, heuristics
from hunt.models.registry import game_policy


def opponent_wins(opponent: int, theirs: int, mine: int) -> bool:
    """Whether `opponent` wins the Strike with force `theirs` against `mine`."""
    forces = (theirs, mine) if opponent == GERMAN else (mine, theirs)
    return JutlandGame.strike_winner(*forces) == opponent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--samples", type=int, default=40, help="worlds per Strike choice")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = JutlandGame()
    errors: dict[str, list[float]] = {"uniform": [], "kept cards": []}
    briers: dict[str, list[float]] = {"uniform": [], "kept cards": []}
    for seed in range(args.seed, args.seed + args.games):
        state = game.new_initial_state(seed)
        chance, rng = random.Random(seed), random.Random(seed + 1)
        deciders = [random.Random(seed), random.Random(seed + 1)]  # the heuristic's draws
        while not state.is_terminal():
            seat = state.current_player()
            if seat < 0:
                state.apply_action(state.sample_chance_outcome(chance))
                continue
            if state.phase == "strike" and not any(state.selected[seat]):
                opponent = 1 - seat
                mine = heuristics.strike_force(state, seat)
                true = heuristics.strike_force(state, opponent)
                for name, prior in (("uniform", None), ("kept cards", state.belief(seat))):
                    worlds = [state.determinize(seat, rng, prior) for _ in range(args.samples)]
                    forces = [heuristics.strike_force(world, opponent) for world in worlds]
                    errors[name].append(abs(statistics.mean(forces) - true))
                    chance_they_win = sum(opponent_wins(opponent, force, mine)
                                          for force in forces) / len(forces)
                    briers[name].append(
                        (chance_they_win - opponent_wins(opponent, true, mine)) ** 2)
            state.apply_action(game_policy(game).heuristic_action(game,
                state.observation(seat), state.legal_actions(), deciders[seat]))
    print(f"{len(errors['uniform'])} Strike choices in {args.games} heuristic games, "
          f"{args.samples} worlds each")
    for name in errors:
        print(f"  {name:<10}  force error {statistics.mean(errors[name]):.2f}  "
              f"Brier of the Strike's winner {statistics.mean(briers[name]):.3f}")


if __name__ == "__main__":
    main()
