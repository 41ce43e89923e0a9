"""Does the program find a game behind every seat record of whole games? And how fast?

Plays heuristic self-play games to the end; for every seat, writes its seat record and
asks `world_from_seat_record` for a game behind it, then checks that game gives the
same seat record. Reports the records solved and the seconds each took (mean, max).

    python scripts/seat_record_report.py jutland --games 40
    python scripts/seat_record_report.py hunting-party --games 25 -o players=5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hunt.errors import RecordError
from hunt.models import load_game
from hunt.models.game import CHANCE, AnyGame, AnyState
from hunt.models.registry import game_policy
from hunt.models.seat_record import seat_record, world_from_seat_record


def heuristic_game(game: AnyGame, seed: int) -> AnyState:
    """A whole game of heuristic self-play."""
    rng = random.Random(seed)
    state: AnyState = game.new_initial_state(seed)
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(state.sample_chance_outcome(rng) if player == CHANCE else
                           game_policy(game).heuristic_action(game, state.observation(player),
                                                 state.legal_actions(), rng))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-o", "--option", action="append", default=[],
                        help="a whole-number option, key=value")
    args = parser.parse_args()
    options = {key: int(value) for key, value in (o.split("=") for o in args.option)}
    game = load_game(args.game, **options)
    solved, seconds = 0, []
    for seed in range(args.seed, args.seed + args.games):
        state = heuristic_game(game, seed)
        for seat in range(game.info.num_players):
            record = seat_record(state, seat)
            start = time.perf_counter()
            try:
                world, _ = world_from_seat_record(game, record, random.Random(seed))
                solved += seat_record(world, seat) == record
            except RecordError as error:
                print(f"seed {seed}, seat {seat}: {error}")
            seconds.append(time.perf_counter() - start)
    label = " ".join([args.game, *args.option])
    print(f"{label}: {solved} of {len(seconds)} seat records solved; "
          f"seconds each: mean {statistics.mean(seconds):.3f}, max {max(seconds):.3f}")


if __name__ == "__main__":
    main()
