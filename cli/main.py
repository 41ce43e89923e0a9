"""The `hunt` command line."""

from __future__ import annotations

import io
import json
import os
import secrets
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import TextIO

import click
from click.core import ParameterSource

from hunt.cli.analyze import analyze
from hunt.cli.bench import bench
from hunt.cli.board import board
from hunt.cli.hint import hint
from hunt.cli.params import SECONDS, SEED
from hunt.errors import HuntError, why
from hunt.models.game import State
from hunt.models.registry import available_games, load_game
from hunt.solver.agent import Agent
from hunt.solver.agent_specs import LEVELS, make_agent
from hunt.solver.arena import GameOutcome, run_arena


class UserError(click.ClickException):
    """A HuntError shown as one line, with the usage-error exit code."""

    exit_code = 2


class HuntGroup(click.Group):
    """Turns every `HuntError` a command raises into a one-line message, exit code 2."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except HuntError as error:
            raise UserError(str(error)) from None


@click.group(cls=HuntGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hunt")
def cli() -> None:
    """hunt: play hidden-information board games against the computer, get hints,
    and analyse games."""


@cli.command()
def games() -> None:
    """List the games hunt can play, with their player counts."""
    for name in available_games():
        info = load_game(name).info
        if info.min_players == info.max_players:
            players, seats = str(info.min_players), ", ".join(info.seat_names)
        else:  # seats named for the most players --players takes
            names = load_game(name, **player_option(info.max_players)).info.seat_names
            players = f"{info.min_players}-{info.max_players}"
            seats = f"{names[0]} to {names[-1]}"
        click.echo(f"{name:<16} {info.title} ({players} players: {seats})")


@cli.command()
@click.argument("game_name", metavar="GAME", type=click.Choice(available_games()))
@click.option("--as", "seat_name", default=None,
              help="The seat you play (e.g. german or british); default: the first seat.")
@click.option("--seed", type=SEED, default=None,
              help="Seed of the card draws and the AI, for a game you can replay; "
                   "default: a secret one, kept in the save file and never shown.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Save the game record to this file after every move "
                                 "(default: a file per game in $HUNT_SAVE_DIR, else "
                                 "~/.local/state/hunt).")
@click.option("--level", type=click.Choice(list(LEVELS)), default="normal", show_default=True,
              help="Strength of the computer (its search budget).")
@click.option("--iterations", type=click.IntRange(min=1), default=None,
              help="Search iterations per computer move (instead of --level).")
@click.option("--time", "time_limit", type=SECONDS, default=None,
              help="Seconds of search per computer move (instead of --level).")
@click.option("--ai", "ai_spec", default=None, metavar="AGENT",
              help="Any agent for the computer seats: random, heuristic, "
                   "ismcts[:level|iterations=N|time=S], pimc[:iterations=N].")
@click.option("--dice", type=click.Choice(["auto", "manual"]), default="auto",
              show_default=True, help="manual: you type every die roll and card draw "
                                      "(playing beside a physical copy).")
@click.option("--no-color", "no_color", is_flag=True,
              help="Plain text (colour is also off when the output is not a terminal).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Go on with a game saved in this file (and keep saving "
                                 "there unless --save says otherwise).")
@click.option("--players", type=int, default=None,
              help="Players, for a game with a range (hunting-party: 2 to 5, default 3; "
                   "hunted: 1 or 2, default 1).")
@click.option("--difficulty", type=click.Choice(["normal", "hard"]), default=None,
              help="hunted: hard starts with 4 health and 17 time.")
@click.option("--target", type=click.Choice(["normal", "hard"]), default=None,
              help="hunted: the side of the alien target card in the box lid.")
@click.option("--hit-rate", "hit_rates", multiple=True, metavar="TOSS=P",
              help="hunted: the chance one tossed token hits, for token (shots and "
                   "grenades), large or small (test tokens), e.g. --hit-rate token=0.5; "
                   "repeat for each.")
def play(game_name: str, seat_name: str | None, seed: int | None, save_path: Path | None,
         level: str, iterations: int | None, time_limit: float | None,
         ai_spec: str | None, dice: str, no_color: bool, resume_path: Path | None,
         players: int | None, difficulty: str | None, target: str | None,
         hit_rates: tuple[str, ...]) -> None:
    """Play GAME against the computer in the terminal. At the prompt: a choice's number
    or text, hint, undo, save [FILE], help, quit."""
    from hunt.cli.hint import advise
    from hunt.cli.play import may_overwrite, play_interactive, writable_file
    from hunt.cli.records import read_record, saved_seat
    from hunt.cli.screens import RENDERERS

    context = click.get_current_context()
    if no_color:
        context.color = False
    level_given = context.get_parameter_source("level") is not ParameterSource.DEFAULT
    check_budget(ai_spec, level if level_given else None, iterations, time_limit)
    asked = {**player_option(players), **hunted_options(difficulty, target, hit_rates)}
    game = load_game(game_name, **asked)  # options checked even when resuming
    state = None
    if resume_path is not None:
        state = read_record(resume_path, game_name)
        game = state.game
        if asked and load_game(game_name, **{**game.options, **asked}).options != game.options:
            raise UserError(f"the saved game was played with options {game.options}; resume "
                            "it without --players, --difficulty, --target or --hit-rate")
        if seed is not None and seed != state.seed:
            raise UserError(f"the saved game has its own seed; resume it without --seed "
                            f"(or with --seed {state.seed})")
        seat_name = check_resumed_seat(state, seat_name, saved_seat(resume_path))
        save_path = save_path or resume_path
    seats = game.info.seat_names
    if seat_name is None:
        seat_name = seats[0]
    if seat_name.lower() not in seats:
        raise click.BadParameter(f"{seat_name!r} is not a seat of {game_name}; "
                                 f"accepted: {', '.join(seats)}", param_hint="--as")
    human = seats.index(seat_name.lower())
    # Everything that can be refused is checked before the game is announced.
    if ai_spec is None:
        ai_spec = f"ismcts:{level}"
        if iterations is not None:
            ai_spec = f"ismcts:iterations={iterations}"
        if time_limit is not None:
            ai_spec = f"ismcts:time={time_limit}"
    agents: list[Agent | None] = [
        None if seat == human else make_agent(ai_spec, seat, game)
        for seat in range(game.info.num_players)]
    if save_path is None:
        save_path = new_save_path(game_name)
    # Refuse to start a game whose chosen save file cannot be written at all; once
    # started, a failed save is said in one line and the game goes on (cli/play.py).
    save_path = writable_file(save_path)
    you = f"{game.info.title}: you are the {seats[human].capitalize()}"
    if state is not None:
        click.echo(f"{you}; resumed after {len(state.history)} actions.")
    elif seed is not None:
        click.echo(f"{you}; seed {seed}: a game you can replay, whose hidden draws follow "
                   "from the seed.")
    else:
        # The game's secret: every draw follows from it, so it is kept in the record
        # and never shown (a seat could deal the other side's cards from it).
        seed = secrets.randbits(63)
        click.echo(f"{you}.")
    if state is None:
        assert seed is not None
        state = game.new_initial_state(seed)
    if isinstance(sys.stdin, io.TextIOWrapper):  # undecodable bytes: answered, not fatal
        sys.stdin.reconfigure(errors="surrogateescape")
    if not may_overwrite(save_path, state, sys.stdin):
        raise UserError(f"{save_path} is kept as it was; give another --save file (or "
                        "--resume it to go on with the game in it)")
    click.echo(f"Saved after every move in {save_path} (resume: hunt play {game_name} "
               f"--resume {save_path}).")
    play_interactive(state, human, agents, RENDERERS[game_name], sys.stdin, save_path,
                     advise, manual_chance=dice == "manual")


def check_resumed_seat(state: State, asked: str | None, saved: str | None) -> str | None:
    """The seat to resume a saved game as: the one it was begun with. Another seat is
    refused while the game goes on (it would be shown what the first seat could not
    see); a finished game, or a record that names no seat, may be taken up by any."""
    if saved is None or asked is None or state.is_terminal():
        return asked or saved
    if asked.lower() != saved.lower():
        raise UserError(f"this game was begun as the {saved.capitalize()}: resume it "
                        f"--as {saved} (another seat would see what that one cannot)")
    return asked


def new_save_path(game_name: str) -> Path:
    """A save file for a new game that names no seed (the seed is secret) and is
    not taken yet: GAME-DATE-TIME.json in `default_save_dir()`, numbered if need be."""
    folder = default_save_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_name}-{stamp}.json"
    number = 2
    while path.exists():
        path = folder / f"{game_name}-{stamp}-{number}.json"
        number += 1
    return path


@cli.command()
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
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Append each game to this file as it ends, one JSON line "
                                 "(seed, agents by seat, returns, length, how it ended).")
def arena(game_name: str, agent_specs: str, games: int, workers: int, seed: int,
          players: int | None, as_json: bool, log_path: Path | None) -> None:
    """Play two agents against each other on paired seeds; win rates with 95% intervals.
    The score is the first agent's share of games it scores highest in (ties count
    half); with n players, chance alone gives 1/n."""
    specs = split_agent_specs(agent_specs)
    if len(specs) != 2:
        raise click.BadParameter("give two agents, e.g. ismcts,heuristic", param_hint="--agents")
    for spec in specs:
        make_agent(spec, 0)
    options = player_option(players)
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
    seat_names = info.seat_names
    for seat, counts in data["by_seat"].items():
        played = sum(counts.values())
        click.echo(f"  as {seat_names[int(seat)]}: wins {counts.get('win', 0)} of {played}")
    click.echo(f"  average length {data['average_length']:.1f} actions")
    for reason, count in data["end_reasons"].items():
        click.echo(f"  {count:>5} x {reason}")


def check_budget(ai_spec: str | None, level: str | None, iterations: int | None,
                 time_limit: float | None) -> None:
    """Refuse two answers to one question: `--ai` names the whole agent, and `--level`,
    `--iterations` and `--time` are each a budget of the default one (`level` is None
    unless the user gave it)."""
    given = [name for name, value in (("--level", level), ("--iterations", iterations),
                                      ("--time", time_limit)) if value is not None]
    if ai_spec is not None and given:
        raise UserError(f"--ai names the whole agent; put its budget in the spec (e.g. "
                        f"ismcts:hard or ismcts:iterations=500), not in {given[0]}")
    if len(given) > 1:
        raise UserError(f"{given[0]} and {given[1]} are two budgets for the computer; "
                        "give one")


def player_option(players: int | None) -> dict[str, int]:
    """The game option for `--players`, if given (a game without it refuses it)."""
    return {} if players is None else {"players": players}


def hunted_options(difficulty: str | None, target: str | None,
                   hit_rates: tuple[str, ...]) -> dict[str, object]:
    """Hunted's options from `--difficulty`, `--target` and `--hit-rate TOSS=P` (only
    those given: a game without them refuses them in one line)."""
    options: dict[str, object] = {}
    if difficulty is not None:
        options["difficulty"] = difficulty
    if target is not None:
        options["target"] = target
    rates: dict[str, float] = {}
    for text in hit_rates:
        toss, _, value = text.partition("=")
        try:
            rates[toss.strip().lower()] = float(value)
        except ValueError:
            raise click.BadParameter(f"{text!r} is not TOSS=P (e.g. token=0.5)",
                                     param_hint="--hit-rate") from None
    if rates:
        options["hit_rates"] = rates
    return options


def default_save_dir() -> Path:
    """Where games are saved unless --save says otherwise: $HUNT_SAVE_DIR, else the
    user's state folder ($XDG_STATE_HOME/hunt or ~/.local/state/hunt)."""
    if os.environ.get("HUNT_SAVE_DIR"):
        return Path(os.environ["HUNT_SAVE_DIR"])
    state_home = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state_home) / "hunt"


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


cli.add_command(board)
cli.add_command(hint)
cli.add_command(bench)
cli.add_command(analyze)


def main() -> None:
    """Entry point of the `hunt` script."""
    cli()
