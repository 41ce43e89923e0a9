"""Many seeded games between two agents, paired: each seed is played once with the
first agent in each seat (the second agent in every other seat), so both meet the
same cards from every side. In a cooperative game (the players win or lose together)
each seed is played once by each agent in every seat, and the agents are compared on
the same deals: the one that escapes where the other does not wins the pair.

Games run on a backend (`hunt.solver.backends`: processes of this machine, or Ray);
results carry win rates with 95% Wilson intervals, the average game length and how
games ended. A game that stops with an error is reported by its seed and seating and
the others go on; an arena's log (one JSON line a game) lets a stopped run resume.
"""

from __future__ import annotations

import itertools
import json
import math
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hunt.errors import HuntError
from hunt.models.registry import load_game, shared_game
from hunt.solver.agent_specs import make_agent
from hunt.solver.backends import run_all
from hunt.solver.session import play_game
from hunt.solver.sprt import SPRT


@dataclass(frozen=True)
class GameTask:
    """One game of the arena: which agent sits where, and the seed of its chance."""

    game: str
    options: tuple[tuple[str, Any], ...]
    specs: tuple[str, ...]
    """Agent spec per seat."""
    first_agent_seat: int
    """Seat of agent A in this game (agent B takes every other seat); in a cooperative
    game -1 when agent B plays every seat."""
    seed: int


@dataclass(frozen=True)
class GameOutcome:
    """What one arena game gave: its result, or the error that stopped it."""

    task: GameTask
    returns: tuple[float, ...]
    length: int
    end_reason: str
    cpu_seconds: float = 0.0
    """Processor time the game took where it ran (not part of the results: it differs
    from run to run)."""
    error: str | None = None
    """Why the game stopped before its end (seed and seating named), if it did."""

    def to_json(self) -> dict[str, Any]:
        """The game as one line of an arena log: seed, seating and result."""
        return {"seed": self.task.seed, "agents": list(self.task.specs),
                "first_agent_seat": self.task.first_agent_seat,
                "returns": list(self.returns), "length": self.length, "end": self.end_reason,
                "cpu_seconds": round(self.cpu_seconds, 3),
                **({"error": self.error} if self.error else {})}


def play_task(task: GameTask) -> GameOutcome:
    """Play one arena game (in a worker process). A game that stops with an error comes
    back as an outcome naming its seed, seating and the error, so the others go on."""
    # One game a process, as a pickled game is: what an agent learns of the rules (a
    # whole-game solve) is then made once, not once a game.
    game = shared_game(task.game, task.options)
    agents = [make_agent(spec, task.seed * 7919 + seat, game)
              for seat, spec in enumerate(task.specs)]
    start = time.process_time()
    try:
        result = play_game(game, agents, task.seed)
    except Exception as error:  # a bug: say which game, as the traceback stays in the worker
        where = traceback.extract_tb(error.__traceback__)[-1]
        seating = ", ".join(f"{name} {spec}" for name, spec
                            in zip(game.info.seat_names, task.specs, strict=True))
        return GameOutcome(task, (), 0, "", time.process_time() - start, (
            f"{task.game} seed {task.seed} ({seating}) stopped: {type(error).__name__}: "
            f"{error} (at {where.filename}:{where.lineno})"))
    return GameOutcome(task, result.returns, result.length, result.state.end_reason(),
                       time.process_time() - start)


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (draws may count as half successes)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """A normal-approximation interval for the mean of `values` (95% by default)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


@dataclass
class ArenaReport:
    """Tallies of an arena run, from agent A's side."""

    game: str
    agents: tuple[str, str]
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    by_seat: dict[int, Counter[str]] = field(default_factory=dict)
    """Agent A's seat -> counts of "win", "draw", "loss"."""
    total_length: int = 0
    end_reasons: Counter[str] = field(default_factory=Counter)
    cooperative: bool = False
    team_wins: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    """Cooperative games: the games each agent's team won (JSON: a list in the order
    of `agents`)."""
    seat_names: tuple[str, ...] = ()
    """The seats' names, which name them in the JSON (else their numbers)."""
    pending: dict[int, tuple[str, bool]] = field(default_factory=dict)
    """Cooperative games: a seed's first result (which agent, won?) until its pair
    arrives."""
    failed: list[GameOutcome] = field(default_factory=list)
    """Games that stopped with an error (not counted)."""
    cpu_seconds: float = 0.0
    """Processor time of the games counted, added up."""
    returns: list[float] = field(default_factory=list)
    """Agent A's return in each game counted (not in a cooperative game), for its mean:
    the measure of a game whose returns count something (chips: `GameInfo.score_unit`)."""
    seed_scores: list[float] = field(default_factory=list)
    """Agent A's score over every seating of each seed whose games are all in (in a
    cooperative game: of the seed's pair), in the order they completed: the samples of
    a sequential test (`hunt.solver.sprt`)."""
    sprt: SPRT | None = None
    """The sequential test that may stop the arena early, if one was asked for."""
    _seed_parts: dict[int, list[float]] = field(default_factory=dict)

    def add(self, outcome: GameOutcome) -> None:
        """Count one finished game (or keep one that failed)."""
        if outcome.error:
            self.failed.append(outcome)
            return
        self.cpu_seconds += outcome.cpu_seconds
        if self.cooperative:
            self._add_pair_half(outcome)
            return
        seat = outcome.task.first_agent_seat
        mine = outcome.returns[seat]
        self.returns.append(mine)
        best_other = max(r for s, r in enumerate(outcome.returns) if s != seat)
        result = "win" if mine > best_other else "loss" if mine < best_other else "draw"
        self.games += 1
        self.wins += result == "win"
        self.draws += result == "draw"
        self.losses += result == "loss"
        self.by_seat.setdefault(seat, Counter())[result] += 1
        self.total_length += outcome.length
        self.end_reasons[outcome.end_reason or "unknown"] += 1
        parts = self._seed_parts.setdefault(outcome.task.seed, [])
        parts.append(SCORES[result])
        if len(parts) == len(self.seat_names):
            self.seed_scores.append(statistics.fmean(self._seed_parts.pop(outcome.task.seed)))

    def _add_pair_half(self, outcome: GameOutcome) -> None:
        won = outcome.returns[0] > 0
        agent = "a" if outcome.task.first_agent_seat >= 0 else "b"
        self.team_wins[agent] += won
        self.total_length += outcome.length
        self.end_reasons[outcome.end_reason or "unknown"] += 1
        seed = outcome.task.seed
        if seed not in self.pending:
            self.pending[seed] = (agent, won)
            return
        first_agent, first_won = self.pending.pop(seed)
        won_by = {first_agent: first_won, agent: won}
        result = "win" if won_by["a"] > won_by["b"] else \
            "loss" if won_by["a"] < won_by["b"] else "draw"
        self.games += 1
        self.wins += result == "win"
        self.draws += result == "draw"
        self.losses += result == "loss"
        self.by_seat.setdefault(0, Counter())[result] += 1
        self.seed_scores.append(SCORES[result])

    def _seat_name(self, seat: int) -> str:
        if self.cooperative:
            return "pairs"  # counted per seed, the pair of games, not per seat
        return self.seat_names[seat] if seat < len(self.seat_names) else str(seat)

    def settled(self) -> bool:
        """Whether the sequential test, if any, has reached its verdict."""
        return self.sprt is not None and self.sprt.verdict(self.seed_scores) is not None

    @property
    def score(self) -> float:
        """Agent A's share: wins plus half the draws, over games."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-able data."""
        low, high = wilson_interval(self.wins + self.draws / 2, self.games)
        return {
            "game": self.game, "agents": list(self.agents), "games": self.games,
            "wins": self.wins, "draws": self.draws, "losses": self.losses,
            "score": self.score, "score_95": [low, high],
            **({"mean_return": statistics.fmean(self.returns),
                "mean_return_95": list(mean_interval(self.returns))}
               if self.returns else {}),
            "by_seat": {self._seat_name(seat): dict(counts)
                        for seat, counts in sorted(self.by_seat.items())},
            "average_length": self.total_length / (2 * self.games if self.cooperative
                                                    else self.games) if self.games else 0.0,
            # most first, ties by name: the same whatever order the games finished in
            "end_reasons": dict(sorted(self.end_reasons.items(),
                                       key=lambda item: (-item[1], item[0]))),
            **({"sprt": self.sprt.to_json(self.seed_scores)} if self.sprt else {}),
            **({"failed": sorted(o.error or "" for o in self.failed)}
               if self.failed else {}),
            **({"team_wins": [self.team_wins["a"], self.team_wins["b"]],
                "team_win_95": [list(wilson_interval(self.team_wins[key], self.games))
                                for key in "ab"]}
               if self.cooperative else {}),
        }


def population_table(reports: Sequence[ArenaReport]) -> dict[str, Any]:
    """One agent's arenas against each member of a population as a table: a row per
    opponent (score, its interval, wins and games by the agent's seat) and the minimum:
    the lowest score, and the lowest score in one seat (not in a cooperative game,
    whose games are compared in pairs)."""
    cooperative = any(report.cooperative for report in reports)
    return _table(reports[0].agents[0] if reports else "",
                  [_row(report) for report in reports], cooperative)


def cross_table(agents: Sequence[str], reports: Sequence[ArenaReport]) -> dict[str, Any]:
    """Each of `agents` against each other, from the arenas of their pairs: a
    `population_table` per agent, its rows the other agents in the order given. An
    agent's arena against another may be missing where the other's against it was
    played: in a game of two seats, and in a cooperative one, the games of a pair are
    the same games from the other side, so the second's row is the first's turned round
    (every win a loss, each seat's games the ones the first played in the other)."""
    played = {report.agents: report for report in reports}
    cooperative = any(report.cooperative for report in reports)
    tables = []
    for agent in agents:
        rows = []
        for other in (other for other in agents if other != agent):
            report, back = played.get((agent, other)), played.get((other, agent))
            if report is not None:
                rows.append(_row(report))
            elif back is not None and _mirrored(back.cooperative, len(back.seat_names)):
                rows.append(_turned_round(back))
            else:
                raise ValueError(f"no arena of {agent} against {other}")
        tables.append(_table(agent, rows, cooperative))
    return {"agents": list(agents), "tables": tables}


def cross_pairings(agents: Sequence[str], cooperative: bool, seats: int) -> list[tuple[str, str]]:
    """The arenas a `cross_table` of `agents` needs: each pair once where the games of
    a pair are the same from either side (`_mirrored`), else each pair both ways (with
    more seats, the first agent has one seat and the second all the others)."""
    pairs = itertools.combinations if _mirrored(cooperative, seats) else itertools.permutations
    return list(pairs(agents, 2))


def _mirrored(cooperative: bool, seats: int) -> bool:
    """Whether an arena's games, seen from its second agent's side, are that agent's
    arena against the first: in a game of two seats, or a cooperative one."""
    return cooperative or seats == 2


def _row(report: ArenaReport) -> dict[str, Any]:
    """Agent A's row of a table: the opponent, score, interval, and by seat its points
    (wins and half the draws) and games."""
    data = report.to_json()
    return {"opponent": report.agents[1], "games": report.games,
            "score": report.score, "score_95": data["score_95"],
            "by_seat": {seat: [counts.get("win", 0) + counts.get("draw", 0) / 2,
                               sum(counts.values())]
                        for seat, counts in data["by_seat"].items()},
            **({"sprt": data["sprt"]} if "sprt" in data else {})}


def _turned_round(report: ArenaReport) -> dict[str, Any]:
    """Agent B's row from agent A's arena against it (`_mirrored`): B's points are
    what A did not take, in the games where A sat in the other seat."""
    row = _row(report)
    low, high = row["score_95"]
    by_seat = {seat: [played - won, played] for seat, (won, played) in row["by_seat"].items()}
    if not report.cooperative:  # B sat in each seat in the games where A sat in the other
        first, second = report.seat_names
        by_seat = {seat: by_seat[other] for seat, other in ((first, second), (second, first))
                   if other in by_seat}
    return {"opponent": report.agents[0], "games": row["games"],
            "score": 1 - row["score"] if row["games"] else 0.0,
            "score_95": [1 - high, 1 - low], "by_seat": by_seat}


def _table(agent: str, rows: list[dict[str, Any]], cooperative: bool) -> dict[str, Any]:
    measured = [row for row in rows if row["games"]] or rows  # every game of a row failed
    worst = min(measured, key=lambda row: row["score"])
    minimum: dict[str, Any] = {"score": worst["score"], "opponent": worst["opponent"]}
    if not cooperative:
        by_seat = [(won / played, seat, row["opponent"]) for row in measured
                   for seat, (won, played) in row["by_seat"].items() if played]
        if by_seat:
            score, seat, opponent = min(by_seat)
            minimum.update(seat=seat, seat_score=score, seat_opponent=opponent)
    return {"agent": agent, "rows": rows, "minimum": minimum}


SCORES = {"win": 1.0, "draw": 0.5, "loss": 0.0}
"""A game's (or a cooperative pair's) result as agent A's score."""


def arena_tasks(game: str, agent_a: str, agent_b: str, seeds: int, first_seed: int,
                options: dict[str, Any] | None = None) -> list[GameTask]:
    """Every seating of each seed: agent A in one seat, agent B in all the others (in a
    cooperative game: agent A in every seat, then agent B in every seat)."""
    frozen = tuple(sorted((options or {}).items()))
    info = load_game(game, **dict(frozen)).info
    num_players = info.num_players
    tasks = []
    for seed in range(first_seed, first_seed + seeds):
        if info.cooperative:
            tasks += [GameTask(game, frozen, (agent_a,) * num_players, 0, seed),
                      GameTask(game, frozen, (agent_b,) * num_players, -1, seed)]
            continue
        for seat in range(num_players):
            specs = [agent_b] * num_players
            specs[seat] = agent_a
            tasks.append(GameTask(game, frozen, tuple(specs), seat, seed))
    return tasks


def run_arena(game: str, agent_a: str, agent_b: str, seeds: int, *, first_seed: int = 0,
              workers: int = 1, options: dict[str, Any] | None = None,
              on_game: Callable[[GameOutcome], None] | None = None,
              backend: str = "local", address: str | None = None,
              done: Sequence[GameOutcome] = (), sprt: SPRT | None = None) -> ArenaReport:
    """Play every seed with every seating on `backend` (`hunt.solver.backends`); agent
    A's results, tallied. The games of `done` (a resumed log) are counted, not played
    again. A game that fails is kept in the report's `failed`; the others go on. With
    `sprt`, play stops as soon as the test settles (seeds are dealt in order; the
    games under way are dropped)."""
    loaded = load_game(game, **(options or {}))
    for spec in (agent_a, agent_b):
        make_agent(spec, 0, loaded)  # refuse a bad spec before starting workers
    tasks = arena_tasks(game, agent_a, agent_b, seeds, first_seed, options)
    report = ArenaReport(game, (agent_a, agent_b), cooperative=loaded.info.cooperative,
                         seat_names=loaded.info.seat_names, sprt=sprt)
    finished = {outcome.task for outcome in done}
    for outcome in done:
        report.add(outcome)
    todo = [task for task in tasks if task not in finished]
    if report.settled():
        return report
    for _, outcome in run_all(play_task, todo, workers=workers, backend=backend,
                              address=address):
        report.add(outcome)
        if on_game is not None:
            on_game(outcome)
        if report.settled():
            break  # the workers' pool is closed with the loop
    return report


def logged_outcomes(lines: Sequence[str], tasks: Sequence[GameTask]) -> list[GameOutcome]:
    """The finished games of an arena log (`GameOutcome.to_json` lines) among `tasks`;
    `ArenaLogError` for a line that is not one, or a game no task of this arena plays.
    Failed games are left out, so a resumed arena plays them again."""
    by_key = {(task.seed, task.specs, task.first_agent_seat): task for task in tasks}
    outcomes = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            key = (entry["seed"], tuple(entry["agents"]), entry["first_agent_seat"])
            returns, length, end = tuple(entry["returns"]), entry["length"], entry["end"]
        except (ValueError, KeyError, TypeError):
            raise ArenaLogError(f"line {number} of the log is not an arena game; expected "
                                "the JSON lines `hunt arena --log` writes") from None
        if key not in by_key:
            raise ArenaLogError(
                f"line {number} of the log is a game this arena does not play (seed "
                f"{key[0]}, agents {', '.join(key[1])}); resume with the same --agents, "
                "--games, --seed and options")
        if "error" not in entry:
            outcomes.append(GameOutcome(by_key[key], returns, length, end,
                                        float(entry.get("cpu_seconds", 0.0))))
    return outcomes


class ArenaLogError(HuntError, ValueError):
    """An arena log that cannot be resumed: a line that is no game of this arena."""
