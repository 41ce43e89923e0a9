"""Who plays The Hunt's Battle better? The same Battle starts, played by pairs of agents.

Collects Battle starts from heuristic games (the state as the first duel card is to
be chosen: both hands drawn to 5, the Forces present), then lets each German/British
pair of agents play every one of those Battles to its end. Because the starts are the
same for every pair, the British win counts compare the agents' Battle play alone,
apart from how good the hands were when the search succeeded.

    python scripts/the_hunt_battle_report.py --battles 120 \\
        --pairs heuristic/heuristic pimc:normal/ismcts:normal pimc:normal/pimc:normal
"""

from __future__ import annotations

import argparse

from hunt.models.registry import load_game
from hunt.models.the_hunt import TheHuntGame, TheHuntState
from hunt.solver.agent_specs import make_agent
from hunt.solver.arena import wilson_interval
from hunt.solver.session import play_game, play_on


def first_battle_start(game: TheHuntGame, seed: int) -> TheHuntState | None:
    """The Battle start of the heuristic game `seed` (as the first duel card is to be
    chosen), or None if that game ends without a Battle."""
    agents = [make_agent("heuristic", seed * 7919 + seat, game) for seat in (0, 1)]
    found: list[TheHuntState] = []

    def keep_battle_start(state: object) -> None:
        if isinstance(state, TheHuntState) and not found and state.flow == "battle" \
                and state.current_player() >= 0:
            found.append(state.clone())

    play_game(game, agents, seed, keep_battle_start)
    return found[0] if found else None


def battle_starts(game: TheHuntGame, count: int, first_seed: int
                  ) -> list[tuple[int, TheHuntState]]:
    """(seed, Battle start) of the first `count` heuristic games from `first_seed`
    that reach a Battle."""
    starts: list[tuple[int, TheHuntState]] = []
    seed = first_seed
    while len(starts) < count:
        start = first_battle_start(game, seed)
        if start is not None:
            starts.append((seed, start))
        seed += 1
    return starts


def british_wins(game: TheHuntGame, starts: list[tuple[int, TheHuntState]],
                 german: str, british: str) -> int:
    """How many of the Battles the British win, `german` and `british` playing them."""
    wins = 0
    for seed, start in starts:
        agents = [make_agent(german, seed * 31 + 1, game),
                  make_agent(british, seed * 31 + 2, game)]
        result = play_on(start.clone(), agents)
        wins += result.returns[1] > 0
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--battles", type=int, default=120)
    parser.add_argument("--seed", type=int, default=0, help="first heuristic game's seed")
    parser.add_argument("--pairs", nargs="+", metavar="GERMAN/BRITISH",
                        default=["heuristic/heuristic", "pimc:normal/ismcts:normal",
                                 "pimc:normal/pimc:normal"])
    args = parser.parse_args()
    game = load_game("the-hunt")
    assert isinstance(game, TheHuntGame)
    starts = battle_starts(game, args.battles, args.seed)
    print(f"{len(starts)} Battle starts from heuristic games (seeds {args.seed} to "
          f"{starts[-1][0]})")
    for pair in args.pairs:
        german, _, british = pair.partition("/")
        wins = british_wins(game, starts, german, british)
        low, high = wilson_interval(wins, len(starts))
        print(f"German {german:14} British {british:14} British wins {wins:3} of "
              f"{len(starts)} ({low:.2f} to {high:.2f})", flush=True)


if __name__ == "__main__":
    main()
