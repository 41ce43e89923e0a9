"""Our ISMCTS against OpenSpiel's Python ISMCTS in our arena, at equal time a move.

OpenSpiel is the peer we compare with, never a dependency of hunt: this script runs
where the `openspiel` extra is installed (`pip install -e '.[openspiel]'`):

    python scripts/arena_openspiel.py jutland --games 100 --seed 0 --time 0.2 \\
        --workers 1 --log /tmp/os-jutland.jsonl

Ours is `ismcts:normal` with its budget replaced by `--time` seconds a move; OpenSpiel's
is its Python `ISMCTSBot` (random rollouts, UCT) on the same game through our adapter,
searching `--time` seconds a move too (`hunt.adapters.openspiel.OpenSpielISMCTSAgent`).
The games are the arena's (`hunt.solver.arena`): each seed played once in every
seating, the same seeds, chance and reseeding as `hunt arena`, our score with its 95%
interval and by seat. Each game is logged as it ends (one JSON line: the arena's, with
both sides' search iterations and seconds); a run given the same log again plays only
the games it lacks. The summary gives both sides' iterations a second.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hunt.adapters.openspiel import OpenSpielISMCTSAgent
from hunt.errors import HuntError
from hunt.models.game import Action, AnyState
from hunt.models.registry import load_game, shared_game
from hunt.solver.agent import Agent
from hunt.solver.agent_specs import make_agent
from hunt.solver.arena import (
    ArenaReport,
    GameOutcome,
    GameTask,
    arena_tasks,
    logged_outcomes,
    wilson_interval,
)
from hunt.solver.backends import run_all
from hunt.solver.ismcts import ISMCTSAgent
from hunt.solver.session import play_game

OURS = "ismcts:normal"
"""Our agent, its budget then replaced by the time a move."""
THEIRS = "openspiel-ismcts"
"""OpenSpiel's agent, as the arena's specs and log name it."""


def specs(seconds: float) -> tuple[str, str]:
    """Ours and theirs as the log names them, each with the time a move."""
    return f"{OURS},time={seconds:g}", f"{THEIRS}:time={seconds:g}"


@dataclass
class SearchTally:
    """One side's search over a game: iterations and the wall time they took."""

    iterations: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """As a log line holds it."""
        # exact (JSON keeps a float whole), so a resumed run sums the same numbers
        return {"iterations": self.iterations, "seconds": self.seconds}

    def add(self, other: SearchTally) -> None:
        """Count `other`'s searches in."""
        self.iterations += other.iterations
        self.seconds += other.seconds

    @property
    def rate(self) -> float:
        """Iterations a second (0 before any search)."""
        return self.iterations / self.seconds if self.seconds else 0.0


class TalliedAgent(Agent):
    """Our ISMCTS agent, its iterations and search time added up over its decisions."""

    def __init__(self, agent: ISMCTSAgent) -> None:
        self.agent = agent
        self.name = agent.name
        self.rng = agent.rng  # the same generator: the session's reseeding reaches it
        self.tally = SearchTally()

    def select_action(self, state: AnyState) -> Action:
        action = self.agent.select_action(state)
        result = self.agent.last_result
        if result is not None:
            self.tally.add(SearchTally(result.iterations, result.seconds))
        return action


@dataclass(frozen=True)
class Played:
    """One game of this arena: the arena's outcome and each side's search tally."""

    outcome: GameOutcome
    ours: SearchTally
    theirs: SearchTally

    def to_json(self) -> dict[str, Any]:
        """The arena's log line with both sides' searches."""
        return {**self.outcome.to_json(), "ours": self.ours.to_json(),
                "theirs": self.theirs.to_json()}


def seconds_of(spec: str) -> float:
    """The time a move of a spec `specs` made."""
    return float(spec.rpartition("time=")[2])


def play(task: GameTask) -> Played:
    """Play one game (in a worker process): ours where the task seats agent A, OpenSpiel's
    elsewhere, seeded as `hunt arena` seeds its agents. A game that stops with an error
    comes back as an outcome naming its seed and the error, so the others go on."""
    game = shared_game(task.game, task.options)
    agents: list[Agent] = []
    ours, theirs = SearchTally(), SearchTally()
    bots: list[OpenSpielISMCTSAgent] = []
    for seat, spec in enumerate(task.specs):
        seed = task.seed * 7919 + seat
        if spec.startswith(THEIRS):
            bot = OpenSpielISMCTSAgent(game, seconds=seconds_of(spec), seed=seed)
            bots.append(bot)
            agents.append(bot)
        else:
            agent = make_agent(spec, seed, game)
            assert isinstance(agent, ISMCTSAgent)
            agents.append(TalliedAgent(agent))
    start = time.process_time()
    try:
        result = play_game(game, agents, task.seed)
    except Exception as error:  # say which game: the traceback stays in the worker
        where = traceback.extract_tb(error.__traceback__)[-1]
        return Played(GameOutcome(task, (), 0, "", time.process_time() - start, (
            f"{task.game} seed {task.seed} (ours in seat {task.first_agent_seat}) stopped: "
            f"{type(error).__name__}: {error} (at {where.filename}:{where.lineno})")),
            ours, theirs)
    for agent in agents:
        if isinstance(agent, TalliedAgent):
            ours.add(agent.tally)
    for bot in bots:
        theirs.add(SearchTally(bot.bot.iterations, bot.bot.search_seconds))
    return Played(GameOutcome(task, result.returns, result.length,
                              result.state.end_reason(), time.process_time() - start),
                  ours, theirs)


def resumed(path: Path | None, tasks: Sequence[GameTask]) -> list[Played]:
    """The finished games a log already holds (none without a log or before it exists)."""
    if path is None or not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    outcomes = logged_outcomes(lines, tasks)  # checks every line is a game of this run
    tallies = {}
    for line in filter(str.strip, lines):
        entry = json.loads(line)
        key = (entry["seed"], tuple(entry["agents"]), entry["first_agent_seat"])
        tallies[key] = (SearchTally(**entry.get("ours", {})),
                        SearchTally(**entry.get("theirs", {})))
    done = []
    for outcome in outcomes:
        task = outcome.task
        ours, theirs = tallies[(task.seed, task.specs, task.first_agent_seat)]
        done.append(Played(outcome, ours, theirs))
    return done


def summary(report: ArenaReport, ours: SearchTally, theirs: SearchTally) -> list[str]:
    """The run in a few lines: score and interval, by seat, both sides' speed."""
    low, high = wilson_interval(report.wins + report.draws / 2, report.games)
    lines = [f"{report.game}: {report.agents[0]} against {report.agents[1]}, "
             f"{report.games} games",
             f"score {report.score:.3f} (95% interval {low:.3f} to {high:.3f}): "
             f"{report.wins} wins, {report.draws} draws, {report.losses} losses"]
    for seat, counts in sorted(report.by_seat.items()):
        name = report.seat_names[seat]
        lines.append(f"  ours as {name}: {counts['win']} wins, {counts['draw']} draws, "
                     f"{counts['loss']} losses")
    ratio = f" (ours / theirs = {ours.rate / theirs.rate:.1f})" if theirs.rate else ""
    lines.append(f"iterations a second: ours {ours.rate:,.0f}, OpenSpiel's "
                 f"{theirs.rate:,.0f}{ratio}")
    lines.append(f"processor time of the games: {report.cpu_seconds:,.1f} s")
    lines.extend(f"failed: {outcome.error}" for outcome in report.failed)
    return lines


def positive_seconds(text: str) -> float:
    """`--time`: a positive number of seconds."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a time: give seconds above 0")
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    """Run the arena and print its summary; 2 for bad arguments."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="A registered game: jutland, the-hunt, leduc, ...")
    parser.add_argument("--games", type=int, default=100,
                        help="Games in all: each seed in every seating (a multiple of them).")
    parser.add_argument("--seed", type=int, default=0, help="The first seed.")
    parser.add_argument("--time", type=positive_seconds, default=0.2,
                        help="Seconds a move, for both sides.")
    parser.add_argument("--workers", type=int, default=1, help="Games played at once.")
    parser.add_argument("--log", type=Path, help="One JSON line a game; resumes a run.")
    args = parser.parse_args(argv)
    try:
        game = load_game(args.game)
    except HuntError as error:
        parser.error(str(error))
    if game.info.cooperative:
        parser.error(f"{args.game} is cooperative: the seats do not play one another; "
                     "accepted: a game of opponents")
    ours_spec, theirs_spec = specs(args.time)
    try:
        make_agent(ours_spec, 0, game)  # our search's own bounds on the time, checked now
    except HuntError as error:
        parser.error(f"--time {args.time:g}: {error}")
    seatings = len(arena_tasks(args.game, ours_spec, theirs_spec, 1, args.seed))
    if args.games < 1 or args.games % seatings or args.workers < 1:
        parser.error(f"--games {args.games} and --workers {args.workers}: give a positive "
                     f"multiple of {seatings} games (each seed in every seating) and 1 "
                     "worker or more")
    tasks = arena_tasks(args.game, ours_spec, theirs_spec, args.games // seatings,
                        args.seed)
    report = ArenaReport(args.game, (ours_spec, theirs_spec),
                         seat_names=game.info.seat_names)
    ours, theirs = SearchTally(), SearchTally()

    def count(played: Played) -> None:
        report.add(played.outcome)
        if not played.outcome.error:
            ours.add(played.ours)
            theirs.add(played.theirs)

    try:
        done = resumed(args.log, tasks)
    except HuntError as error:
        parser.error(str(error))
    for played in done:
        count(played)
    finished = {played.outcome.task for played in done}
    todo = [task for task in tasks if task not in finished]
    log = args.log.open("a", encoding="utf-8") if args.log else None
    try:
        for _, played in run_all(play, todo, workers=args.workers):
            count(played)
            if log is not None:
                log.write(json.dumps(played.to_json()) + "\n")
                log.flush()
    finally:
        if log is not None:
            log.close()
    print("\n".join(summary(report, ours, theirs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
