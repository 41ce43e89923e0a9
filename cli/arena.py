"""`hunt arena`: two agents against each other on paired seeds."""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import TextIO

import click

from hunt.cli.params import SEED, UserError, game_option_flags, game_options
from hunt.errors import why
from hunt.models.registry import available_games, load_game
from hunt.solver.agent_specs import LEVELS, make_agent
from hunt.solver.arena import GameOutcome, run_arena


@click.command()
@click.argument("game_name", metavar="GAME", type=click.Choice(available_games()))
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
def arena(game_name: str, agent_specs: str, games: int, workers: int, seed: int,
          players: int | None, option_texts: tuple[str, ...], as_json: bool,
          log_path: Path | None) -> None:
    """Play two agents against each other on paired seeds; win rates with 95% intervals.
    The score is the first agent's share of games it scores highest in (ties count
    half); with n players, chance alone gives 1/n."""
    specs = split_agent_specs(agent_specs)
    if len(specs) != 2:
        raise click.BadParameter("give two agents, e.g. ismcts,heuristic", param_hint="--agents")
    for spec in specs:
        make_agent(spec, 0)
    options = game_options(game_name, option_texts, players)
    info = load_game(game_name, **options).info
    seats = 2 if info.cooperative else info.num_players  # co-op: each seed once per agent
    try:
        log: TextIO | None = log_path.open("a") if log_path else None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise UserError(f"cannot write the log {log_path}: {why(error)}") from None
    with click.progressbar(length=seats * games, label="games", file=sys.stderr,
                           show_pos=True) as bar, log or nullcontext():

        def finished(outcome: GameOutcome) -> None:
            bar.update(1)
            if log is not None:
                log.write(json.dumps(outcome.to_json()) + "\n")
                log.flush()

        report = run_arena(game_name, specs[0], specs[1], games, first_seed=seed,
                           workers=workers, options=options, on_game=finished)
    data = report.to_json()
    if as_json:
        click.echo(json.dumps(data, indent=1))
        return
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
        return
    click.echo(f"{game_name}: {specs[0]} against {specs[1]}, {data['games']} games "
               + (f"({games} seeds, both seatings)" if seats == 2 else
                  f"({games} seeds, {specs[0]} in each of the {seats} seats)"))
    click.echo(f"  {specs[0]} wins {data['wins']}, draws {data['draws']}, "
               f"loses {data['losses']}: score {data['score']:.3f} "
               f"(95% interval {low:.3f} to {high:.3f})")
    for seat, counts in data["by_seat"].items():
        played = sum(counts.values())
        click.echo(f"  as {seat}: wins {counts.get('win', 0)} of {played}")
    click.echo(f"  average length {data['average_length']:.1f} actions")
    for reason, count in data["end_reasons"].items():
        click.echo(f"  {count:>5} x {reason}")


def split_agent_specs(text: str) -> list[str]:
    """"ismcts:normal,depth=40,heuristic" -> ["ismcts:normal,depth=40", "heuristic"]:
    a piece that reads as a setting (key=value, a level, uniform) belongs to the agent
    before it; any other piece is the next agent."""
    specs: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        setting = "=" in piece or piece.lower() in (*LEVELS, "uniform")
        if specs and setting and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs
