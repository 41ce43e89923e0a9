"""`hunt arena`: two agents against each other on paired seeds, one against its
population, or several each against each."""

from __future__ import annotations

import json
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any, TextIO

import click

from hunt.cli.params import GAME, SEED, UserError, backend_options, game_option_flags, game_options
from hunt.errors import why
from hunt.models.game import AnyGame
from hunt.models.plugin import plural
from hunt.models.registry import load_game
from hunt.solver.agent_specs import agent_names, make_agent, population, split_agent_specs
from hunt.solver.arena import (
    ArenaLogError,
    ArenaReport,
    GameOutcome,
    GameTask,
    arena_tasks,
    cross_pairings,
    cross_table,
    logged_outcomes,
    population_table,
    run_arena,
)
from hunt.solver.sprt import SPRT, SPRTError


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME)
@click.option("--agents", "agent_specs", required=True, metavar="A,B",
              help="Two agent specs, e.g. ismcts:normal,heuristic or "
                   "ismcts:iterations=300,depth=40,pimc; with --population, one; with "
                   "--cross, two or more.")
@click.option("--population", "population_flag", is_flag=True,
              help="Play the agent against each member of the game's population (the "
                   "generic agents and the game's hand-written players) and print a table "
                   "with the minimum.")
@click.option("--cross", "cross_flag", is_flag=True,
              help="Play each of the agents against each other and print a Markdown "
                   "table of each one's score against each (a row per agent) with each "
                   "row's minimum; in a game of two seats, or a cooperative one, a pair is "
                   "played once and read from both sides (--json adds the intervals).")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True,
              help="Seeds to play; each once with the first agent in every seat.")
@click.option("--sprt", "sprt_text", metavar="LOW,HIGH", default=None,
              help="Stop each arena as soon as a sequential test on paired seeds settles "
                   "whether the first agent scores HIGH or better (rather than LOW or "
                   "worse), e.g. 0.5,0.55; --games is then the most seeds it plays.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="First seed.")
@click.option("--players", type=int, default=None,
              help="Players, for a game with a range: the first agent takes one seat in "
                   "turn, the second all the others.")
@game_option_flags
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Append each game to this file as it ends, one JSON line "
                                 "(seed, agents by seat, returns, length, how it ended).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Count the games of this log (an earlier run's --log with "
                                 "the same settings) and play only the missing ones, "
                                 "appending them to it.")
@backend_options
def arena(game_name: str, agent_specs: str, population_flag: bool, cross_flag: bool,
          games: int, sprt_text: str | None, workers: int, seed: int, players: int | None,
          option_texts: tuple[str, ...], as_json: bool,
          log_path: Path | None, resume_path: Path | None, backend: str,
          address: str | None) -> None:
    """Play two agents against each other on paired seeds (or one against its
    population, or several each against each); win rates with 95% intervals. The score
    is the first agent's share of games it scores highest in (ties count half); with n
    players, chance alone gives 1/n."""
    try:
        sprt = SPRT.parse(sprt_text) if sprt_text is not None else None
    except SPRTError as error:
        raise click.BadParameter(str(error), param_hint="--sprt") from None
    options = game_options(game_name, option_texts, players)
    loaded = load_game(game_name, **options)
    specs = split_agent_specs(agent_specs, agent_names(loaded))
    if population_flag and cross_flag:
        raise click.UsageError("give --population or --cross, not both")
    if cross_flag and sprt is not None:
        raise click.UsageError("a sequential test decides one agent against another; give "
                               "--sprt without --cross")
    wanted = 1 if population_flag else 2
    if len(specs) != wanted and not (cross_flag and len(specs) > 2):
        raise click.BadParameter(_wrong_count(agent_specs, specs, wanted, loaded, cross_flag),
                                 param_hint="--agents")
    info = loaded.info
    if population_flag:
        pairings = [(specs[0], member) for member in population(loaded)]
    elif cross_flag:
        if len({spec.lower() for spec in specs}) < len(specs):
            raise click.BadParameter(f"an agent is named twice in {agent_specs!r}",
                                     param_hint="--agents")
        pairings = cross_pairings(specs, info.cooperative, info.num_players)
    else:
        pairings = [(specs[0], specs[1])]
    for spec in dict.fromkeys(spec for pairing in pairings for spec in pairing):
        make_agent(spec, 0, loaded)  # a bad spec refused before any game, in order
    seats = 2 if info.cooperative else info.num_players  # co-op: each seed once per agent
    done = resumed_games(resume_path, game_name, pairings, games, seed, options)
    # A game that two arenas share (in a cooperative game, an agent in every seat: each
    # of its pairs plays it) is played once, and each arena counts it.
    known: dict[GameTask, GameOutcome] = {}
    for outcome in done:
        known.setdefault(outcome.task, outcome)
    resumed = len(known)
    tasks = {pairing: arena_tasks(game_name, *pairing, games, seed, options)
             for pairing in pairings}
    log_path = log_path or resume_path
    try:
        log: TextIO | None = log_path.open("a") if log_path else None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise UserError(f"cannot write the log {log_path}: {why(error)}") from None
    start = time.perf_counter()
    reports: list[ArenaReport] = []
    played = 0
    todo = {task for pairing_tasks in tasks.values() for task in pairing_tasks} - set(known)
    with click.progressbar(length=len(todo), label="games", file=sys.stderr,
                           show_pos=True) as bar, log or nullcontext():

        def finished(outcome: GameOutcome) -> None:
            nonlocal played
            played += 1
            bar.update(1)
            if not outcome.error:
                known.setdefault(outcome.task, outcome)
            if log is not None:
                log.write(json.dumps(outcome.to_json()) + "\n")
                log.flush()

        for first, second in pairings:
            reports.append(run_arena(
                game_name, first, second, games, first_seed=seed, workers=workers,
                options=options, on_game=finished, backend=backend, address=address,
                sprt=sprt, done=[known[task] for task in tasks[(first, second)]
                                 if task in known]))
    seconds = time.perf_counter() - start
    counted = sum(report.games * (2 if info.cooperative else 1) + len(report.pending)
                  for report in reports)
    timing = {"backend": backend, "workers": workers, "played": played,
              "resumed": resumed, "seconds": round(seconds, 3),
              "games_per_second": round(played / seconds, 4) if seconds else 0.0,
              "cpu_seconds_per_game": round(sum(r.cpu_seconds for r in reports) / counted, 4)
              if counted else 0.0}
    failed = [outcome for report in reports for outcome in report.failed]
    for outcome in failed:
        click.echo(f"Failed: {outcome.error}", err=True)
    if failed and not any(report.games for report in reports):
        raise UserError(f"every game failed ({len(failed)}); the first: {failed[0].error}")
    speed = (f"  {played} games played in {seconds:.1f} s on {backend} with {workers} "
             f"worker{'s' if workers > 1 else ''}: {timing['games_per_second']:.3f} a "
             f"second, {timing['cpu_seconds_per_game']:.2f} CPU-seconds a game"
             + (f"; {resumed} counted from {resume_path}" if resumed else ""))
    if cross_flag:
        tables = cross_table(specs, reports)
        if as_json:
            click.echo(json.dumps({**tables, "timing": timing}, indent=1))
            return
        click.echo(cross_lines(game_name, tables, games, seats, info.cooperative))
        click.echo(speed)
        return
    if population_flag:
        table = population_table(reports)
        if as_json:
            click.echo(json.dumps({**table, "timing": timing}, indent=1))
            return
        click.echo(population_lines(reports, table, games, seats))
        click.echo(speed)
        return
    data = reports[0].to_json()
    if as_json:
        click.echo(json.dumps({**data, "timing": timing}, indent=1))
        return
    click.echo(report_lines(reports[0], data, games, seats, loaded.info.score_unit))
    click.echo(speed)


def _wrong_count(text: str, specs: list[str], wanted: int, game: AnyGame,
                 cross: bool = False) -> str:
    """Why `--agents` does not name `wanted` agents, in one line."""
    names = agent_names(game)
    first, _, last = specs[0].rpartition(",") if len(specs) == 1 else ("", "", "")
    if first and wanted == 2:  # a word that names no agent, after one with settings
        read = f"; {last!r} names no agent, so it reads as a setting of {first!r}"
    elif text.strip():
        read = f"; {text!r} names {plural(len(specs), 'agent')}"
    else:
        read = ""
    example = "ismcts:normal" if wanted == 1 else "ismcts,heuristic"
    count = "one agent with --population" if wanted == 1 else \
        "two or more agents with --cross" if cross else "two agents"
    return f"give {count}, e.g. {example}{read} (agents: {', '.join(names)})"


def report_lines(report: ArenaReport, data: dict[str, Any], games: int, seats: int,
                 unit: str | None) -> str:
    """One arena's report in words."""
    first, second = report.agents
    low, high = data["score_95"]
    lines: list[str] = []
    if "team_wins" in data:
        lines.append(f"{report.game} (the players win or lose together): {first} against "
                     f"{second}, {games} seeds, each played by each agent in every seat")
        for spec, wins, (win_low, win_high) in zip(report.agents, data["team_wins"],
                                                   data["team_win_95"], strict=True):
            lines.append(f"  {spec} wins {wins} of {games} = {wins / games:.3f} "
                         f"(95% interval {win_low:.3f} to {win_high:.3f})")
        lines.append(f"  on the same deals: {first} alone wins {data['wins']}, "
                     f"{second} alone {data['losses']}, both or neither {data['draws']}: "
                     f"score {data['score']:.3f} (95% interval {low:.3f} to {high:.3f})")
    else:
        lines.append(f"{report.game}: {first} against {second}, {data['games']} games "
                     + (f"({games} seeds, both seatings)" if seats == 2 else
                        f"({games} seeds, {first} in each of the {seats} seats)"))
        lines.append(f"  {first} wins {data['wins']}, draws {data['draws']}, "
                     f"loses {data['losses']}: score {data['score']:.3f} "
                     f"(95% interval {low:.3f} to {high:.3f})")
        if unit is not None and "mean_return" in data:
            # A game whose returns count something (chips): how much, not only how often.
            mean_low, mean_high = data["mean_return_95"]
            lines.append(f"  {first} wins {data['mean_return']:+.3f} {unit} a game on "
                         f"average (95% interval {mean_low:+.3f} to {mean_high:+.3f})")
        for seat, counts in data["by_seat"].items():
            lines.append(f"  as {seat}: wins {counts.get('win', 0)} of "
                         f"{sum(counts.values())}")
    lines.append(f"  average length {data['average_length']:.1f} actions")
    lines += [f"  {count:>5} x {reason}" for reason, count in data["end_reasons"].items()]
    if "sprt" in data:
        lines.append("  " + sprt_line(data["sprt"], first))
    return "\n".join(lines)


def sprt_line(test: dict[str, Any], agent: str) -> str:
    """The sequential test's outcome in one line."""
    verdict = {"H1": f"{agent} scores {test['high']:g} or better",
               "H0": f"{agent} scores {test['low']:g} or worse",
               None: "not settled"}[test["verdict"]]
    low, high = test["bounds"]
    return (f"sequential test ({test['low']:g} against {test['high']:g}, errors "
            f"{test['alpha']:g}/{test['beta']:g}) after {test['seeds']} seeds: {verdict} "
            f"(log-likelihood ratio {test['llr']:+.2f}, bounds {low:+.2f} and {high:+.2f})")


def population_lines(reports: list[ArenaReport], table: dict[str, Any], games: int,
                     seats: int) -> str:
    """The population table in words: a row per opponent, the minimum last."""
    agent = reports[0].agents[0]
    how = "both seatings" if seats == 2 else f"{agent} in each of the {seats} seats"
    if reports[0].cooperative:
        how = "each agent in every seat, compared on the same deals"
    width = max(len(row["opponent"]) for row in table["rows"]) + 2
    lines = [f"{reports[0].game}: {agent} against its population, {games} seeds ({how})",
             f"  {'opponent':<{width}}score  95% interval    by seat"]
    for row in table["rows"]:
        low, high = row["score_95"]
        seats_text = ", ".join(f"{seat} {wins:g}/{played}"
                               for seat, (wins, played) in row["by_seat"].items())
        lines.append(f"  {row['opponent']:<{width}}{row['score']:.3f}  {low:.3f} to "
                     f"{high:.3f}  {seats_text}")
        if "sprt" in row:
            lines.append(f"  {'':<{width}}{sprt_line(row['sprt'], agent)}")
    worst = table["minimum"]
    lines.append(f"  {'minimum':<{width}}{worst['score']:.3f}  against {worst['opponent']}"
                 + (f"; lowest seat {worst['seat']} {worst['seat_score']:.3f} against "
                    f"{worst['seat_opponent']}" if worst.get("seat") else ""))
    return "\n".join(lines)


def cross_lines(game: str, tables: dict[str, Any], games: int, seats: int,
                cooperative: bool) -> str:
    """Each agent against each as a Markdown table: a row per agent, its score against
    each column's agent, then its minimum (and, with seats, its least in one)."""
    agents = tables["agents"]
    how = "each agent in every seat, compared on the same deals" if cooperative else \
        "both seatings" if seats == 2 else f"the row's agent in each of the {seats} seats"
    lines = [f"{game}: each agent against each, {games} seeds ({how}); the row's score "
             "against the column's", "",
             "| agent | " + " | ".join(agents) + " | minimum |",
             "| --- | " + " | ".join("---" for _ in agents) + " | --- |"]
    for table in tables["tables"]:
        scores = {row["opponent"]: f"{row['score']:.3f}" if row["games"] else "·"
                  for row in table["rows"]}
        worst = table["minimum"]
        least = f"{worst['score']:.3f} ({worst['opponent']}" + (
            f"; as {worst['seat']} {worst['seat_score']:.3f}, {worst['seat_opponent']})"
            if "seat" in worst else ")")
        lines.append(f"| {table['agent']} | "
                     + " | ".join(scores.get(agent, "-") for agent in agents)
                     + f" | {least} |")
    return "\n".join(lines)


def resumed_games(path: Path | None, game_name: str, pairings: list[tuple[str, str]],
                  games: int, seed: int, options: dict[str, Any]) -> list[GameOutcome]:
    """The finished games of the log at `path` that this arena would play (none without
    a path, or when the file does not exist yet)."""
    if path is None or not path.exists():
        return []
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(f"cannot read the log {path}: {why(error)}") from None
    tasks = [task for first, second in pairings
             for task in arena_tasks(game_name, first, second, games, seed, options)]
    try:
        return logged_outcomes(lines, tasks)
    except ArenaLogError as error:
        raise UserError(f"cannot resume from {path}: {error}") from None
