"""`hunt arena`: two agents against each other on paired seeds."""

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
from hunt.models.plugin import plural
from hunt.models.registry import load_game
from hunt.solver.agent_specs import AGENT_NAMES, make_agent
from hunt.solver.arena import ArenaLogError, GameOutcome, arena_tasks, logged_outcomes, run_arena


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME)
@click.option("--agents", "agent_specs", required=True, metavar="A,B",
              help="Two agent specs, e.g. ismcts:normal,heuristic or "
                   "ismcts:iterations=300,depth=40,pimc.")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True,
              help="Seeds to play; each once with the first agent in every seat.")
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
def arena(game_name: str, agent_specs: str, games: int, workers: int, seed: int,
          players: int | None, option_texts: tuple[str, ...], as_json: bool,
          log_path: Path | None, resume_path: Path | None, backend: str,
          address: str | None) -> None:
    """Play two agents against each other on paired seeds; win rates with 95% intervals.
    The score is the first agent's share of games it scores highest in (ties count
    half); with n players, chance alone gives 1/n."""
    specs = split_agent_specs(agent_specs)
    if len(specs) != 2:
        first, _, last = specs[0].rpartition(",") if len(specs) == 1 else ("", "", "")
        if first:  # a word that names no agent, after an agent with settings, is a setting
            read = f"; {last!r} names no agent, so it reads as a setting of {first!r}"
        elif agent_specs.strip():
            read = f"; {agent_specs!r} names {plural(len(specs), 'agent')}"
        else:
            read = ""
        raise click.BadParameter(f"give two agents, e.g. ismcts,heuristic{read} (agents: "
                                 f"{', '.join(AGENT_NAMES)})", param_hint="--agents")
    options = game_options(game_name, option_texts, players)
    loaded = load_game(game_name, **options)
    for spec in specs:
        make_agent(spec, 0, loaded)
    info = loaded.info
    seats = 2 if info.cooperative else info.num_players  # co-op: each seed once per agent
    done = resumed_games(resume_path, game_name, specs, games, seed, options)
    log_path = log_path or resume_path
    try:
        log: TextIO | None = log_path.open("a") if log_path else None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise UserError(f"cannot write the log {log_path}: {why(error)}") from None
    start = time.perf_counter()
    with click.progressbar(length=seats * games - len(done), label="games", file=sys.stderr,
                           show_pos=True) as bar, log or nullcontext():

        def finished(outcome: GameOutcome) -> None:
            bar.update(1)
            if log is not None:
                log.write(json.dumps(outcome.to_json()) + "\n")
                log.flush()

        report = run_arena(game_name, specs[0], specs[1], games, first_seed=seed,
                           workers=workers, options=options, on_game=finished,
                           backend=backend, address=address, done=done)
    played = seats * games - len(done)
    seconds = time.perf_counter() - start
    counted = report.games * (2 if info.cooperative else 1) + len(report.pending)
    timing = {"backend": backend, "workers": workers, "played": played,
              "resumed": len(done), "seconds": round(seconds, 3),
              "games_per_second": round(played / seconds, 4) if seconds else 0.0,
              "cpu_seconds_per_game": round(report.cpu_seconds / counted, 4)
              if counted else 0.0}
    for outcome in report.failed:
        click.echo(f"Failed: {outcome.error}", err=True)
    if report.failed and not report.games:
        raise UserError(f"every game failed ({len(report.failed)}); the first: "
                        f"{report.failed[0].error}")
    data = report.to_json()
    if as_json:
        click.echo(json.dumps({**data, "timing": timing}, indent=1))
        return
    speed = (f"  {played} games played in {seconds:.1f} s on {backend} with {workers} "
             f"worker{'s' if workers > 1 else ''}: {timing['games_per_second']:.3f} a "
             f"second, {timing['cpu_seconds_per_game']:.2f} CPU-seconds a game"
             + (f"; {len(done)} counted from {resume_path}" if done else ""))
    low, high = data["score_95"]
    if "team_wins" in data:
        click.echo(f"{game_name} (the players win or lose together): {specs[0]} against "
                   f"{specs[1]}, {games} seeds, each played by each agent in every seat")
        for spec, wins, (win_low, win_high) in zip(specs, data["team_wins"],
                                                   data["team_win_95"], strict=True):
            click.echo(f"  {spec} wins {wins} of {games} = {wins / games:.3f} "
                       f"(95% interval {win_low:.3f} to {win_high:.3f})")
        click.echo(f"  on the same deals: {specs[0]} alone wins {data['wins']}, "
                   f"{specs[1]} alone {data['losses']}, both or neither {data['draws']}: "
                   f"score {data['score']:.3f} (95% interval {low:.3f} to {high:.3f})")
        click.echo(f"  average length {data['average_length']:.1f} actions")
        for reason, count in data["end_reasons"].items():
            click.echo(f"  {count:>5} x {reason}")
        click.echo(speed)
        return
    click.echo(f"{game_name}: {specs[0]} against {specs[1]}, {data['games']} games "
               + (f"({games} seeds, both seatings)" if seats == 2 else
                  f"({games} seeds, {specs[0]} in each of the {seats} seats)"))
    click.echo(f"  {specs[0]} wins {data['wins']}, draws {data['draws']}, "
               f"loses {data['losses']}: score {data['score']:.3f} "
               f"(95% interval {low:.3f} to {high:.3f})")
    unit = loaded.info.score_unit
    if unit is not None and "mean_return" in data:
        # A game whose returns count something (chips): how much, not only how often.
        low, high = data["mean_return_95"]
        click.echo(f"  {specs[0]} wins {data['mean_return']:+.3f} {unit} a game on average "
                   f"(95% interval {low:+.3f} to {high:+.3f})")
    for seat, counts in data["by_seat"].items():
        played = sum(counts.values())
        click.echo(f"  as {seat}: wins {counts.get('win', 0)} of {played}")
    click.echo(f"  average length {data['average_length']:.1f} actions")
    for reason, count in data["end_reasons"].items():
        click.echo(f"  {count:>5} x {reason}")
    click.echo(speed)


def split_agent_specs(text: str) -> list[str]:
    """"ismcts:normal,depth=40,heuristic" -> ["ismcts:normal,depth=40", "heuristic"]:
    a piece that starts an agent (its name, alone or before a colon) is the next agent;
    any other piece (key=value, a level, uniform, smooth) is a setting of the agent
    before it."""
    specs: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        setting = piece.partition(":")[0].lower() not in AGENT_NAMES
        if specs and setting and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def resumed_games(path: Path | None, game_name: str, specs: list[str], games: int, seed: int,
                  options: dict[str, Any]) -> list[GameOutcome]:
    """The finished games of the log at `path` that this arena would play (none without
    a path, or when the file does not exist yet)."""
    if path is None or not path.exists():
        return []
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(f"cannot read the log {path}: {why(error)}") from None
    tasks = arena_tasks(game_name, specs[0], specs[1], games, seed, options)
    try:
        return logged_outcomes(lines, tasks)
    except ArenaLogError as error:
        raise UserError(f"cannot resume from {path}: {error}") from None
