"""`hunt analyze`: a finished (or unfinished) game looked back on, turn by turn."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import click

from hunt.cli.params import SEED
from hunt.cli.play import writable_file
from hunt.cli.records import read_record
from hunt.errors import HuntError
from hunt.models.game import State
from hunt.models.registry import available_games
from hunt.solver.analysis import decisions, turning_points
from hunt.solver.profiles import search_profile


class PlotError(HuntError):
    """A plot was asked for but cannot be drawn (the plotting extra is missing)."""


@click.command()
@click.argument("game_name", metavar="GAME", type=click.Choice(available_games()))
@click.argument("record_path", metavar="RECORD",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--playouts", type=click.IntRange(min=1), default=30, show_default=True,
              help="Playouts per win-chance estimate.")
@click.option("--turning-points", "count", type=click.IntRange(min=0), default=3,
              show_default=True, help="How many of the biggest swings to explain.")
@click.option("--iterations", type=click.IntRange(min=1), default=None,
              help="Search iterations for the preferred moves; default: the normal level.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the playouts.")
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Draw the belief map and the win-chance curve into this "
                                 "PNG (needs the plot extra: pip install 'hunt[plot]').")
def analyze(game_name: str, record_path: Path, playouts: int, count: int,
            iterations: int | None, seed: int, as_json: bool, plot_path: Path | None) -> None:
    """Each side's chance to win along RECORD, the British belief turn by turn (The
    Hunt), and the turning points with the move the search would have preferred."""
    if plot_path is not None:
        plotting()  # fail before the long work if the extra is missing
        plot_path = writable_file(plot_path)  # or if the picture cannot be written
    state = read_record(record_path, game_name)
    with click.progressbar(length=len(state.history), label="analysing",
                           file=sys.stderr) as bar:
        found = decisions(state, playouts, seed,
                          progress=lambda done, total: bar.update(done - bar.pos))
    budget = iterations or search_profile(state.game).normal_iterations
    points = turning_points(state, found, count, budget, seed)
    report: dict[str, Any] = {
        "game": game_name, "actions": len(state.history), "playouts": playouts,
        "result": state.end_reason() or None,
        "decisions": [{**asdict(d), "swing": d.swing} for d in found],
        "turning_points": [{**asdict(p.decision), "swing": p.decision.swing,
                            "preferred": p.preferred} for p in points],
    }
    if game_name == "the-hunt":
        from hunt.models.the_hunt.advice import belief_by_turn
        from hunt.models.the_hunt.rules import TheHuntState
        assert isinstance(state, TheHuntState)
        report["turns"] = belief_by_turn(state, {d.index: d.before for d in found})
    if plot_path is not None:
        draw_plot(state, report, plot_path)
        report["plot"] = str(plot_path)
    if as_json:
        click.echo(json.dumps(report, indent=1))
        return
    seats = state.game.info.seat_names
    click.echo(f"{state.game.info.title}: {len(state.history)} actions, {len(found)} "
               f"decisions; win chances from {playouts} playouts each.")
    for turn in report.get("turns", []):
        click.echo(f"  turn {turn['turn']:>2} ({turn['side']:<7}) P(German wins) "
                   f"{turn['p_german_wins']:5.1%}   British belief on the raider's hex "
                   f"{turn['p_true_hex']:6.1%}, entropy {turn['entropy_bits']:.2f} bits")
    if "turns" not in report:
        for decision in found[:: max(1, len(found) // 12)]:
            click.echo(f"  action {decision.index + 1:>4}: P({seats[0]} wins) "
                       f"{decision.before:5.1%}")
    click.echo("Turning points (the biggest swings of the decider's own chances):")
    for point in report["turning_points"]:
        better = f"; the search preferred {point['preferred']}" if point["preferred"] \
            else "; the search agrees"
        click.echo(f"  action {point['index'] + 1}: the {seats[point['seat']].capitalize()} "
                   f"played {point['action']}: {point['swing']:+.1%}{better}")
    if state.end_reason():
        click.echo(f"Result: {state.end_reason()}.")
    if plot_path is not None:
        click.echo(f"Plot written to {plot_path}.")


def plotting() -> Any:
    """matplotlib's pyplot, drawing to files, or a PlotError saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise PlotError("--plot needs matplotlib, the plot extra: pip install -e '.[plot]' "
                        "(or pip install matplotlib)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot
    return pyplot


def draw_plot(state: State, report: dict[str, Any], path: Path) -> None:
    """Left: the map shaded by the British belief at the last British turn, the raider's
    true hex circled; right: P(German wins) along the game, turning points marked."""
    pyplot = plotting()
    figure, (left, right) = pyplot.subplots(1, 2, figsize=(12, 4.8))
    turns = [t for t in report.get("turns", []) if t["side"] == "british"]
    if turns:
        from hunt.models.the_hunt.rules import TheHuntGame
        game = state.game
        assert isinstance(game, TheHuntGame)
        last = turns[-1]
        xs, ys, heat = [], [], []
        for hex_id in game.hexes:
            q, r = game.graph.nodes[hex_id]["q"], game.graph.nodes[hex_id]["r"]
            xs.append(q + r / 2)
            ys.append(-r * 0.866)
            heat.append(last["belief"].get(hex_id, 0.0))
            left.annotate(hex_id, (xs[-1], ys[-1]), ha="center", va="center", fontsize=7)
        dots = left.scatter(xs, ys, c=heat, cmap="Reds", s=520, marker="h", vmin=0)
        true = game.hexes.index(last["graf_spee"])
        left.scatter([xs[true]], [ys[true]], s=700, facecolors="none", edgecolors="blue")
        figure.colorbar(dots, ax=left, label="P(Graf Spee here)")
        left.set_title(f"British belief, turn {last['turn']} (blue: the true hex)")
    left.set_axis_off()
    points = report["decisions"]
    right.plot([d["index"] + 1 for d in points], [d["before"] for d in points], lw=1)
    for point in report["turning_points"]:
        right.axvline(point["index"] + 1, color="grey", ls=":", lw=1)
    seats = state.game.info.seat_names
    right.set_ylim(0, 1)
    right.set_xlabel("action")
    right.set_ylabel(f"P({seats[0]} wins)")
    right.set_title(f"Win chance ({report['playouts']} playouts per point)")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    pyplot.close(figure)
