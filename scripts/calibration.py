"""Whether the hint's win chances mean what they say: positions of games between two
players of the population, the chance the hint gives the seat to act for its
recommended play, and how often that seat went on to win.

    python scripts/calibration.py the-hunt --agents tracker,heuristic --games 50
    python scripts/calibration.py jutland --agents planner,greedy --games 50 --json
    python scripts/calibration.py the-hunt --agents tracker,heuristic \
        --agents heuristic,random --games 30 --save the-hunt.jsonl
    python scripts/calibration.py the-hunt --fit the-hunt.jsonl other.jsonl
    python scripts/calibration.py the-hunt --judge analysis --agents tracker,random \
        --games 10 --every 4 --save chart.jsonl

Each seed is played twice, the agents changing seats (`hunt arena`'s pairing); every
`--every`-th decision with a real choice is kept, and once the game is over the hint's
search (`hunt.solver.hints.recommend`, `--iterations`, from that seat's view only)
judges it. A prediction is the chance the hint shows for its first play; the outcome
is 1 for a win of that seat, 0 for a loss, 1/2 for a tie. The seat then played what its
agent chose, not necessarily the hint's play: the chance is read as the position's
worth for that seat, which is what a calibrated hint's best play is.

Printed: the Brier score beside a constant predictor's (the observed win rate
everywhere: a hint that knows nothing), and for each tenth of the range the
predictions span, how many fell in it, their mean and the rate observed.

With `--judge analysis` the prediction is instead post-game analysis's estimate of the
first seat's chance at every kept position (`hunt analyze`'s chart: `--playouts`
playouts from the whole position), and the outcome the first seat's; in a game of
more seats each seat's (Hunting Party: the chart reads each through one map); its map
is the game's `analysis_knots`.

`--agents` may be given once per pair (population against population); `--save` keeps
each prediction as a JSON line. `--fit FILE...` reads saved predictions and fits a
monotone map of the search's shares of won playouts to win rates (isotonic
regression: the game's `SearchProfile.chance_knots`), judged on
held-out games: the seeds split in two by parity, each half's chances mapped by the
fit of the other half; it prints the table of the held-out mapped chances and the
map fitted on them all. `--check FILE...` reads predictions of other games through the
game's knots as the hint (or the chart) reads them now: the check on held-out games.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
from dataclasses import asdict, dataclass, replace
from typing import TextIO

from hunt.errors import HuntError
from hunt.models.game import AnyState
from hunt.models.profile import Knots
from hunt.models.registry import load_game
from hunt.solver.agent_specs import agent_pair, make_agent
from hunt.solver.analysis import calibrated_chances, read_seats, win_chances, won
from hunt.solver.hints import ValueScale, calibrated, recommend, value_scale
from hunt.solver.profiles import search_profile
from hunt.solver.session import play_game


@dataclass(frozen=True)
class Prediction:
    """One judged position: the chance the hint gave the seat to act, and its result."""

    seed: int
    seat: int
    decision: int
    chance: float
    """The chance the hint showed (calibrated by the game's `chance_knots`)."""
    share: float
    """The search's share of won playouts behind `chance` (what a map is fitted to)."""
    outcome: float
    pair: str = ""
    """The agents of its game, "A,B" (for a saved prediction)."""
    judge: str = "hint"
    """Whose chance it is: the hint's for the seat to act, or post-game analysis's
    for `seat` ("analysis": the first seat, or in a game of more seats than two
    whose seats do not win together, each seat: `hunt.solver.analysis.read_seats`)."""


def positions(game_name: str, specs: tuple[str, str], seed: int, every: int
              ) -> list[tuple[int, AnyState, int, list[float]]]:
    """The kept positions of the two games of `seed` (each seating): (seat of agent A,
    position, its decision number, each seat's share of the win as analysis counts it:
    1 for a win, 0 for a loss, a half for a tie of two)."""
    game = load_game(game_name)
    kept: list[tuple[int, AnyState, int, list[float]]] = []
    for first in range(2):
        seating = specs if first == 0 else (specs[1], specs[0])
        # the pair's agents take the seats in turn (one seat: A in one game, B in the
        # other; three: A, B, A and B, A, B)
        agents = [make_agent(seating[seat % 2], seed * 7919 + seat, game)
                  for seat in range(game.info.num_players)]
        taken: list[tuple[int, AnyState]] = []
        count = 0

        def keep(state: AnyState, taken: list[tuple[int, AnyState]] = taken) -> None:
            nonlocal count
            if state.current_player() >= 0 and len(state.legal_actions()) > 1:
                count += 1
                if count % every == 0:
                    taken.append((count, state.clone()))

        result = play_game(game, agents, seed, on_step=keep)
        kept += [(first, state, number, won(game, list(result.returns))) for number, state in taken]
    return kept


def table(predictions: list[Prediction], bins: int = 10) -> list[dict[str, float]]:
    """Each of `bins` equal parts of the predictions' range: count, mean chance, rate."""
    low = min(p.chance for p in predictions)
    high = max(p.chance for p in predictions)
    width = (high - low) / bins or 1.0
    rows = []
    for index in range(bins):
        inside = [p for p in predictions
                  if min(bins - 1, int((p.chance - low) / width)) == index]
        if inside:
            rows.append({"from": low + index * width, "to": low + (index + 1) * width,
                         "count": len(inside),
                         "predicted": sum(p.chance for p in inside) / len(inside),
                         "observed": sum(p.outcome for p in inside) / len(inside)})
    return rows


def brier(predictions: list[Prediction], constant: float | None = None) -> float:
    """The mean squared gap between chance and outcome (of `constant` if given)."""
    return sum(((p.chance if constant is None else constant) - p.outcome) ** 2
               for p in predictions) / len(predictions)


GROUPS = 8
"""The shares are pooled into this many groups of equal count before the fit: each
knot stands for at least an eighth of the positions (on The Hunt's 2,116, eight
groups did best in a four-fold check by seed, Brier 0.1783 where twenty gave 0.1804
and five 0.1823, and keep the map's slopes, and so the margins read through it, from
jumping knot to knot)."""


def fit_knots(predictions: list[Prediction], groups: int = GROUPS
              ) -> Knots:
    """The monotone map from shares of won playouts to win rates that fits
    `predictions` best in squares (isotonic regression by pooling adjacent violators,
    over `groups` groups of equal count, to one): its (share, chance) knots."""
    ordered = sorted(predictions, key=lambda p: p.share)
    if not ordered:
        return ()
    count = min(groups, len(ordered))
    # Boundaries spread the remainder over the groups: a last group of the few left
    # over would make a knot of its own (shares of 1.0 read as sure wins).
    bounds = [len(ordered) * i // count for i in range(count + 1)]
    # blocks of [sum of shares, sum of outcomes, count], pooled while out of order
    blocks: list[list[float]] = []
    for start, end in itertools.pairwise(bounds):
        part = ordered[start:end]
        blocks.append([sum(p.share for p in part), sum(p.outcome for p in part), len(part)])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            blocks[-1] = [blocks[-1][i] + last[i] for i in range(3)]
    return tuple((round(x / n, 4), round(y / n, 4)) for x, y, n in blocks)


def mapped(predictions: list[Prediction], knots: Knots
           ) -> list[Prediction]:
    """`predictions` with each share of won playouts read through `knots`."""
    return [replace(p, chance=calibrated(p.share, knots)) for p in predictions]


def print_report(title: str, predictions: list[Prediction]) -> None:
    """The Brier scores and the table by tenths, in words."""
    base = sum(p.outcome for p in predictions) / len(predictions)
    print(title)
    print(f"Brier {brier(predictions):.4f}; a constant {base:.3f} scores "
          f"{brier(predictions, base):.4f} (lower is better)")
    print("chances          count  predicted  observed   gap")
    for row in table(predictions):
        print(f"{row['from']:5.0%} - {row['to']:5.0%}  {row['count']:6}  "
              f"{row['predicted']:9.1%}  {row['observed']:8.1%}  "
              f"{row['observed'] - row['predicted']:+6.1%}")


def read_predictions(paths: list[str]) -> list[Prediction]:
    """The predictions saved in `paths` (`--save`)."""
    predictions = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            predictions += [Prediction(**json.loads(line)) for line in lines if line.strip()]
    return predictions


def check_report(game_name: str, paths: list[str]) -> int:
    """`--check`: saved predictions of games the map was not fitted on, read through
    the game's `chance_knots` as the hint now reads them."""
    predictions = read_predictions(paths)
    profile = search_profile(load_game(game_name))
    knots = profile.analysis_knots if predictions[0].judge == "analysis" \
        else profile.chance_knots
    print_report(f"{len(predictions)} positions, the playouts' share:",
                 mapped(predictions, ()))
    print()
    print_report("Read through the game's knots:", mapped(predictions, knots))
    return 0


def fit_report(paths: list[str]) -> int:
    """`--fit`: the held-out table of the fitted map, and the map fitted on all."""
    predictions = read_predictions(paths)
    analysis = predictions[0].judge == "analysis"
    given = "analysis estimated them" if analysis else "the hint gave them"
    print_report(f"{len(predictions)} positions as {given}:", predictions)
    halves = [[p for p in predictions if p.seed % 2 == parity] for parity in (0, 1)]
    held_out = [q for index in (0, 1)
                for q in mapped(halves[index], fit_knots(halves[1 - index]))]
    print()
    print_report("Each half mapped by the fit of the other half (held out):", held_out)
    for pair in sorted({p.pair for p in held_out}):
        print()
        print_report(f"Held out, the games of {pair} alone:",
                     [p for p in held_out if p.pair == pair])
    knots = "analysis_knots" if analysis else "chance_knots"
    print(f"\nThe knots fitted on all {len(predictions)} (the game's {knots}):")
    print(fit_knots(predictions))
    return 0


def judged(args: argparse.Namespace, pair: str, scale: ValueScale,
           saved: TextIO) -> list[Prediction]:
    """The predictions of the games of `pair` ("A,B"), each also written to `saved`."""
    a, b = agent_pair(pair, load_game(args.game))
    found = []
    for seed in range(args.seed, args.seed + args.games):
        for _, state, number, outcomes in positions(args.game, (a, b), seed, args.every):
            if args.judge == "analysis":  # the chances the chart reads through the map
                rng = random.Random(seed * 31 + number)
                shares = win_chances(state, args.playouts, rng)
                chances = calibrated_chances(state.game, shares, [0.0] * len(shares))[0]
                made = [Prediction(seed, seat, number, chances[seat], shares[seat],
                                   outcomes[seat], pair, "analysis")
                        for seat in read_seats(state.game)]
            else:
                seat = state.current_player()
                value = recommend(state, args.iterations,
                                  seed=seed * 31 + number).ranking[0].value
                made = [Prediction(seed, seat, number, scale.reading(value),
                                   scale.share(value), outcomes[seat], pair)]
            for prediction in made:
                saved.write(json.dumps(asdict(prediction)) + "\n")
            saved.flush()
            found += made
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--agents", action="append", default=[],
                        help="two agent specs, A,B (once per pair)")
    parser.add_argument("--games", type=int, default=20, help="seeds (two games each)")
    parser.add_argument("--seed", type=int, default=7000, help="first seed")
    parser.add_argument("--every", type=int, default=10,
                        help="judge every so many decisions with a choice")
    parser.add_argument("--iterations", type=int,
                        help="the hint's search (default: the game's, as the hint runs it)")
    parser.add_argument("--judge", choices=("hint", "analysis"), default="hint",
                        help="whose chance: the hint's, or post-game analysis's chart")
    parser.add_argument("--playouts", type=int, default=30,
                        help="analysis's playouts a chance (30: hunt analyze's)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--save", help="write each prediction to this file, a JSON line")
    parser.add_argument("--fit", nargs="+", metavar="FILE",
                        help="fit a map to saved predictions, judged on held-out games")
    parser.add_argument("--check", nargs="+", metavar="FILE",
                        help="read saved predictions through the game's chance_knots")
    args = parser.parse_args(argv)
    if args.fit:
        return fit_report(args.fit)
    if args.check:
        return check_report(args.game, args.check)
    if not args.agents:
        parser.error("--agents A,B is needed (or --fit)")
    game = load_game(args.game)
    try:
        for pair in args.agents:
            agent_pair(pair, game)  # a bad pair refused before any game
    except HuntError as error:
        parser.error(str(error))
    args.iterations = args.iterations or search_profile(game).advice_iterations
    scale = value_scale(game)
    if not scale.chance and args.judge == "hint":
        print(f"{args.game}'s hint shows {scale.label}, not a chance", file=sys.stderr)
        return 2
    predictions = []
    with open(args.save or os.devnull, "w", encoding="utf-8") as saved:
        for pair in args.agents:
            predictions += judged(args, pair, scale, saved)
    base = sum(p.outcome for p in predictions) / len(predictions)
    report = {"game": args.game, "agents": args.agents,
              "games": 2 * args.games * len(args.agents),
              "positions": len(predictions), "iterations": args.iterations,
              "brier": brier(predictions), "brier_constant": brier(predictions, base),
              "observed_rate": base, "bins": table(predictions)}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    judge = f"the hint at {args.iterations} iterations" if args.judge == "hint" else \
        f"analysis's chart at {args.playouts} playouts"
    print_report(f"{args.game}: {len(predictions)} positions of {report['games']} games "
                 f"({'; '.join(args.agents)}), {judge}", predictions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
