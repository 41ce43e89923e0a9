"""Could the German tell the rule of thumb's British from any other? Each British agent
plays whole games against the heuristic's German, and each of its decisions before a
Battle is checked against the rule of thumb on the same British view: the chance that
the rule of thumb (its random tie-breaks drawn 16 ways) makes the same choice. A choice
it makes in none of them tells that British apart. The true British view makes these
counts a bound on what the German can tell; a Force move is the nearest to it, as the
German sees it whole (where each Force stood, where it went, the hexes the British hold
possible: all public) and the rule of thumb's choice among the moves does not depend on
the British hand (only whether it searches first does).

    python scripts/the_hunt_british_style_report.py --games 8 --seed 100 \\
        --british heuristic tracker ismcts:normal pimc:iterations=1600
"""

from __future__ import annotations

import argparse
import random

from hunt.models.game import Action, AnyState
from hunt.models.registry import game_policy, load_game
from hunt.models.the_hunt import TheHuntState
from hunt.models.the_hunt.actions import TheHuntAction
from hunt.models.the_hunt.steps import BRITISH
from hunt.solver.agent import Agent
from hunt.solver.agent_specs import make_agent
from hunt.solver.session import play_game

TIE_BREAKS = 16
"""How many random tie-breaks the rule of thumb's choice is drawn with."""


class Watched(Agent):
    """Plays as `agent` and writes down, for each British decision of more than one
    choice before a Battle, its verb and the rule of thumb's chance of the same choice."""

    def __init__(self, agent: Agent, decisions: list[tuple[str, float]]) -> None:
        self.agent, self.decisions, self.rng = agent, decisions, agent.rng

    def reseed(self, seed: int) -> None:
        self.agent.reseed(seed)

    def select_action(self, state: AnyState) -> Action:
        legal = state.legal_actions()
        action = self.agent.select_action(state)
        if len(legal) > 1 and isinstance(state, TheHuntState) and state.flow != "battle" \
                and isinstance(action, TheHuntAction):
            policy, seen = game_policy(state.game), state.observation(BRITISH)
            same = sum(policy.heuristic_action(state.game, seen, legal, random.Random(k))
                       == action for k in range(TIE_BREAKS))
            self.decisions.append((action.verb, same / TIE_BREAKS))
        return action


def british_decisions(british: str, seed: int) -> list[tuple[str, float]]:
    """The decisions of `british` in the game `seed` against the heuristic's German."""
    game = load_game("the-hunt")
    decisions: list[tuple[str, float]] = []
    agents: list[Agent] = [make_agent("heuristic", seed * 7 + 1, game), Watched(
        make_agent(british, seed * 7 + 2, game), decisions)]  # German, British
    play_game(game, agents, seed)
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=100, help="first game's seed")
    parser.add_argument("--british", nargs="+", default=["heuristic", "tracker"])
    args = parser.parse_args()
    print("British: decisions before a Battle the rule of thumb makes in none of its "
          f"{TIE_BREAKS} tie-breaks, of all; "
          "Force moves so; the first such Force move of each game (its place among "
          "the game's decisions, counted from 1, of how many)")
    for british in args.british:
        games = [british_decisions(british, seed)
                 for seed in range(args.seed, args.seed + args.games)]
        every = [chance for game in games for _, chance in game]
        moves = [chance for game in games for verb, chance in game if verb == "move"]
        firsts = [next((f"{place}/{len(game)}" for place, (verb, chance)
                        in enumerate(game, start=1)
                        if verb == "move" and chance == 0), f"none/{len(game)}")
                  for game in games]
        print(f"{british}: {every.count(0.0)} of {len(every)}; moves {moves.count(0.0)} "
              f"of {len(moves)}; first: {', '.join(firsts)}", flush=True)


if __name__ == "__main__":
    main()
