"""How much is a Jutland Strike worth to a player who knows the other side's deployment?

A ceiling for the target set for Jutland (0.70 against the heuristic): games of rules
alone, on paired seeds, each side in turn against the heuristic. The oracles cheat at
every Strike: they read the heuristic's deployment (its choice if made, else the one its
rules make from its true hand) before they choose, then
- "least winning force": deploy the smallest force of their deployable cards that wins
  the Strike (keeping the rest for later turns), or nothing if none wins;
- "all or nothing": deploy as the heuristic would if that wins, else nothing.
Everything else (the Sight and Sail discards) is the heuristic's, or "fresh draws" (the
heuristic's discards and the side's own force-1 cards, an honest rule). What the oracles
win bounds what reading the Strike is worth: a player who only guesses it wins less.

    python scripts/jutland_strike_oracle.py --games 4000
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Callable, Sequence

from hunt.models.jutland import BRITISH, GERMAN, JutlandGame, JutlandState, heuristics
from hunt.solver.arena import wilson_interval

Policy = Callable[[JutlandState, int], Sequence[int]]
"""What `side` wants to have chosen when its current selection ends: counts by kind."""


def heuristic(state: JutlandState, side: int) -> Sequence[int]:
    """The heuristic's discards or deployment, as its rules make them from its hand."""
    return heuristics.target_counts(state.game, side, state.turn.number,
                                    state.phase == "strike", state.hands[side])


def wins(side: int, mine: int, theirs: int) -> bool:
    """Whether `side` wins a Strike deploying force `mine` against `theirs`."""
    forces = (mine, theirs) if side == GERMAN else (theirs, mine)
    return JutlandGame.strike_winner(*forces) == side


def fresh_draws(state: JutlandState, side: int) -> Sequence[int]:
    """The heuristic, but at Sight and Sail also discarding its own force-1 cards for a
    fresh draw (an honest rule: it measured better than the heuristic; docs/strength.md)."""
    wanted = list(heuristic(state, side))
    if state.phase != "strike":
        own = state.game.info.seat_names[side]
        for kind, card in enumerate(state.game.cards):
            if card.side == own and card.force <= 1:
                wanted[kind] = state.hands[side][kind]
    return wanted


def least_winning_force(state: JutlandState, side: int) -> Sequence[int]:
    """At a Strike, the smallest winning force among `side`'s deployable cards, or
    nothing; elsewhere the heuristic."""
    if state.phase != "strike":
        return heuristic(state, side)
    game = state.game
    deployable = game.deployable[state.turn.number - 1][side]
    hand = [n if deployable[kind] else 0 for kind, n in enumerate(state.hands[side])]
    theirs = heuristics.strike_force(state, 1 - side)
    winning = [list(counts) for counts in itertools.product(*(range(n + 1) for n in hand))
               if wins(side, game.force(counts), theirs)]
    return min(winning, key=game.force) if winning else [0] * game.num_kinds


def least_winning_force_fresh_draws(state: JutlandState, side: int) -> Sequence[int]:
    """The least winning force at a Strike (the oracle), fresh draws elsewhere."""
    if state.phase == "strike":
        return least_winning_force(state, side)
    return fresh_draws(state, side)


def all_or_nothing(state: JutlandState, side: int) -> Sequence[int]:
    """At a Strike, the heuristic's deployment if it wins, else nothing."""
    wanted = heuristic(state, side)
    if state.phase != "strike" or wins(side, state.game.force(wanted),
                                       heuristics.strike_force(state, 1 - side)):
        return wanted
    return [0] * state.game.num_kinds


def play(game: JutlandGame, policies: tuple[Policy, Policy], seed: int) -> list[float]:
    """One game of the two policies (German, British) from `seed`; its returns."""
    state, chance = game.new_initial_state(seed), random.Random(seed)
    while not state.is_terminal():
        if state.current_player() < 0:
            state.apply_action(state.sample_chance_outcome(chance))
        else:
            side = state.chooser
            state.apply_action(heuristics.next_choice(
                game, state.legal_actions(), policies[side](state, side), state.selected[side]))
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4000, help="seeds a side")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = JutlandGame()
    seeds = range(args.seed, args.seed + args.games)
    print(f"Against the heuristic, {args.games} games a side (seeds {args.seed} to "
          f"{args.seed + args.games - 1}); score and 95% interval:")
    for name, policy in (("the heuristic itself", heuristic),
                         ("fresh draws", fresh_draws),
                         ("least winning force (oracle)", least_winning_force),
                         ("least winning force (oracle), fresh draws",
                          least_winning_force_fresh_draws),
                         ("all or nothing (oracle)", all_or_nothing)):
        scores = []
        for side in (GERMAN, BRITISH):
            seating = (policy, heuristic) if side == GERMAN else (heuristic, policy)
            won = sum((play(game, seating, seed)[side] + 1) / 2 for seed in seeds)
            low, high = wilson_interval(won, args.games)
            scores.append(f"{won / args.games:.3f} ({low:.3f} to {high:.3f})")
        print(f"  {name:<42} as German {scores[0]}, as British {scores[1]}")


if __name__ == "__main__":
    main()
