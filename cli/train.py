"""`hunt train`: self-play games, then a policy and value network fitted to them."""

from __future__ import annotations

import datetime
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import click

from hunt.cli.analyze import plotting
from hunt.cli.params import GAME, SEED, backend_options, game_option_flags, game_options
from hunt.models.registry import load_game
from hunt.solver.agent_specs import make_agent
from hunt.solver.ismcts import ISMCTSAgent
from hunt.solver.network import Network
from hunt.solver.record_files import writable_file
from hunt.solver.training import (
    Epoch,
    SelfPlayTask,
    figures,
    fit,
    plain_figures,
    self_play_games,
)


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME)
@click.option("--games", type=click.IntRange(min=2), default=200, show_default=True,
              help="Self-play games; the last fifth (at least one) are held out.")
@click.option("--agent", "agent_spec", default="heuristic", show_default=True,
              help="Who plays every seat, e.g. heuristic or ismcts:easy (a search's "
                   "visit shares become the policy's targets).")
@click.option("--epochs", type=click.IntRange(min=1), default=20, show_default=True,
              help="Passes over the training positions.")
@click.option("--hidden", type=click.IntRange(min=1, max=1024), default=64, show_default=True,
              help="Hidden units of the network.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes for the self-play games.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="First game's seed; the fit's too.")
@click.option("--players", type=int, default=None, help="Players, for a game with a range.")
@game_option_flags
@click.option("--output", "output_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Where the weights go; default: GAME.npz here.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Also draw the loss curves to this PNG (needs the plot "
                                 "extra: pip install 'hunt[plot]').")
@click.option("--json", "as_json", is_flag=True, help="Print the training report as JSON.")
@backend_options
def train(game_name: str, games: int, agent_spec: str, epochs: int, hidden: int, workers: int,
          seed: int, players: int | None, option_texts: tuple[str, ...],
          output_path: Path | None, report_path: Path | None, as_json: bool, backend: str,
          address: str | None) -> None:
    """Play GAME against itself and fit a policy and value network to the games: the
    weights (with how they were made) for `ismcts:prior=C,value=V,model=PATH`."""
    options = game_options(game_name, option_texts, players)
    agent = make_agent(agent_spec, 0, load_game(game_name, **options))  # a bad spec fails now
    output = writable_file(output_path or Path(f"{game_name}.npz"))
    if report_path is not None:
        plotting()
        report_path = writable_file(report_path)
    say = (lambda text: None) if as_json else click.echo
    frozen = tuple(sorted(options.items()))
    tasks = [SelfPlayTask(game_name, frozen, agent_spec, seed + n) for n in range(games)]
    played = [0]

    def on_game(_: int) -> None:
        played[0] += 1
        if not as_json and sys.stderr.isatty():
            click.echo(f"\rself-play: {played[0]}/{games} games", nl=False, err=True)

    samples = self_play_games(tasks, workers, on_game, backend=backend, address=address)
    if not as_json and sys.stderr.isatty():
        click.echo(err=True)
    held_games = max(1, games // 5)
    train_set = [s for game in samples[:-held_games] for s in game]
    held_out = [s for game in samples[-held_games:] for s in game]
    if not train_set or not held_out:
        raise click.UsageError(f"{games} games gave no decisions to learn from; play more")
    plain = plain_figures(train_set, held_out)
    say(f"{len(train_set)} positions from {games - held_games} games to learn from, "
        f"{len(held_out)} from {held_games} held out.")
    say(f"Plain guesses on the held-out positions: log-loss {plain.log_loss:.3f}, "
        f"accuracy {plain.accuracy:.3f}, value error {plain.value_error:.3f}.")

    def on_epoch(epoch: Epoch) -> None:
        f = epoch.held_out
        say(f"epoch {epoch.number:>3}: training loss {epoch.train_loss:.3f}; held out: "
            f"log-loss {f.log_loss:.3f}, accuracy {f.accuracy:.3f}, value error "
            f"{f.value_error:.3f}")

    net = Network.initial(hidden, seed)
    start = figures(net, train_set)
    history = fit(net, train_set, held_out, epochs=epochs, seed=seed, on_epoch=on_epoch)
    net.provenance = {
        "command": shlex.join(
            ["hunt", "train", game_name, "--games", str(games), "--agent", agent_spec,
             "--epochs", str(epochs), "--hidden", str(hidden), "--seed", str(seed),
             *(f"-o{key}={value}" for key, value in frozen)]),
        "game": game_name, "options": dict(frozen), "agent": agent_spec, "games": games,
        "held_out_games": held_games, "seed": seed, "epochs": epochs, "hidden": hidden,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
        "positions": len(train_set), "held_out": history[-1].held_out.to_json(),
        "plain": plain.to_json()}
    if isinstance(agent, ISMCTSAgent) and agent.search.network is not None:
        # a search guided by an earlier network played the games (expert iteration):
        # its provenance goes along, so the chain is known from the last file alone
        net.provenance["guide"] = agent.search.network.provenance
    net.save(output)
    report: dict[str, Any] = {
        **net.provenance, "weights": str(output),
        "start": start.to_json(),
        "epochs_run": [{"epoch": e.number, "train_loss": round(e.train_loss, 4),
                        **e.held_out.to_json()} for e in history]}
    if report_path is not None:
        draw_losses(history, plain.log_loss, report_path, game_name)
        report["report"] = str(report_path)
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    click.echo(f"Weights written to {output} ({report['command']}).")
    if report_path is not None:
        click.echo(f"Loss curves drawn to {report_path}.")


def draw_losses(history: list[Epoch], plain_log_loss: float, path: Path, game: str) -> None:
    """The training loss and the held-out log-loss and value error by epoch, with the
    plain guess's log-loss for scale, as a PNG."""
    pyplot = plotting()
    figure, axes = pyplot.subplots(figsize=(7, 4))
    epochs = [epoch.number for epoch in history]
    axes.plot(epochs, [e.train_loss for e in history], label="training loss (both heads)")
    axes.plot(epochs, [e.held_out.log_loss for e in history], label="held-out policy log-loss")
    axes.plot(epochs, [e.held_out.value_error for e in history], label="held-out value error")
    axes.axhline(plain_log_loss, color="grey", linestyle=":", label="every choice alike")
    axes.set_xlabel("epoch")
    axes.set_title(f"hunt train {game}")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    pyplot.close(figure)
