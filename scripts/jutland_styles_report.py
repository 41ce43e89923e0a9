"""How many cards each German player deploys at each Strike: what the British can tell of
the German's style from what is public.

The British choose their Strike force blind, after the German, so their search deals
the German's hidden choice in each sampled world by a picture of how the German plays.
The number of cards a German deploys at a Strike is public once the Strike is fought.
This plays games of rules alone, each German player against the rule of thumb's
British, and prints per Strike (turn) the mean number of German cards deployed, the
commonest counts and how often it held back (deployed 2 cards or fewer), so a picture
that reads the style from the Strikes already fought can be judged: where the styles
agree, no count tells them apart; where they differ, one Strike may be enough.

    python scripts/jutland_styles_report.py --games 300
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable

from hunt.models.jutland import BRITISH, GERMAN, JutlandGame, JutlandState, heuristics
from hunt.models.jutland.players import GreedyPlayer, PlannerPlayer

Chooser = Callable[[JutlandState, random.Random], int]

HELD_BACK = 2
"""The most cards a German deploys at a Strike for it to count as holding back."""

GERMANS: dict[str, Chooser] = {
    "heuristic": heuristics.rollout_action,
    "greedy": GreedyPlayer().choose,
    "planner": PlannerPlayer().choose,
}
"""The German players compared (the rule of thumb read from the state, as playouts do;
it sees only its own hand there too)."""


def deployed_counts(german: Chooser, games: int, seed: int) -> dict[int, list[int]]:
    """Per Strike turn, the number of cards `german` deployed, game by game."""
    game = JutlandGame()
    counts: dict[int, list[int]] = defaultdict(list)
    for number in range(seed, seed + games):
        rng = random.Random(number)
        state = game.new_initial_state(number)
        while not state.is_terminal():
            seat = state.current_player()
            if seat < 0:
                state.apply_action(state.sample_chance_outcome(rng))
            elif seat == GERMAN:
                if state.phase == "strike" and not any(state.selected[GERMAN]):
                    turn = state.turn.number
                    while state.current_player() == GERMAN:
                        state.apply_action(german(state, rng))
                    counts[turn].append(sum(state.selected[GERMAN]))
                else:
                    state.apply_action(german(state, rng))
            else:
                assert seat == BRITISH
                state.apply_action(heuristics.rollout_action(state, rng))
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"German cards deployed at each Strike, {args.games} games a player "
          "against the rule of thumb's British: mean (commonest counts: games; games "
          f"with {HELD_BACK} cards or fewer)")
    for name, german in GERMANS.items():
        counts = deployed_counts(german, args.games, args.seed)
        cells = []
        for turn, values in sorted(counts.items()):
            common = ", ".join(f"{n}: {k}" for n, k in Counter(values).most_common(3))
            held = sum(value <= HELD_BACK for value in values)
            cells.append(f"turn {turn} {statistics.mean(values):.1f} ({common}; "
                         f"held back {held})")
        print(f"  {name:<9}  " + "; ".join(cells))


if __name__ == "__main__":
    main()
