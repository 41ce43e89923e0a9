"""`hunt analyze`: a finished (or unfinished) game looked back on, turn by turn."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import click

from hunt.cli.params import GAME, SEED
from hunt.errors import HuntError
from hunt.models.game import AnyState
from hunt.models.registry import game_plugin
from hunt.solver.analysis import AnalysisReport, analysis_lines, analysis_report
from hunt.solver.record_files import read_position, writable_file


class PlotError(HuntError):
    """A plot was asked for but cannot be drawn (the plotting extra is missing)."""


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME)
@click.argument("record_path", metavar="RECORD",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--playouts", type=click.IntRange(min=1), default=30, show_default=True,
              help="Playouts per win-chance estimate (a game the levels solve "
                   "whole reads its chances from the solve).")
@click.option("--turning-points", "count", type=click.IntRange(min=0), default=3,
              show_default=True, help="How many of the biggest swings to explain (a "
                                      "game the levels solve whole: the costliest "
                                      "decisions).")
@click.option("--iterations", type=click.IntRange(min=1), default=None,
              help="Search iterations for the preferred moves; default: the normal "
                   "level's (a game the levels solve whole: the hard level's solve "
                   "judges, its chances and costs too).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the playouts.")
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Draw the belief map and the win-chance curve into this "
                                 "PNG (needs the plot extra: pip install 'hunt[plot]').")
def analyze(game_name: str, record_path: Path, playouts: int, count: int,
            iterations: int | None, seed: int, as_json: bool, plot_path: Path | None) -> None:
    """Each side's chance to win along RECORD (with the game's own extras, e.g. a
    belief turn by turn), and the turning points with the move the search would have
    preferred. From a seat record (`hunt record seat`, `hunt table`): the seat's own
    decisions, with the chances as that seat could estimate them."""
    if plot_path is not None:
        plotting()  # fail before the long work if the extra is missing
        plot_path = writable_file(plot_path)  # or if the picture cannot be written
    state, seat = read_position(record_path, game_name)
    with click.progressbar(length=len(state.history), label="analysing",
                           file=sys.stderr) as bar:
        report = analysis_report(state, seat, playouts, count, iterations, seed,
                                 progress=lambda done, total: bar.update(done - bar.pos))
    if plot_path is not None:
        draw_plot(state, report, plot_path)
    if as_json:
        data = report.to_json()
        if plot_path is not None:
            data["plot"] = str(plot_path)
        click.echo(json.dumps(data, indent=1))
        return
    for line in analysis_lines(state, report, seat):
        click.echo(line)
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


STRIP = 6
"""The earlier boards drawn in a strip under the last one and the curve."""


def draw_plot(state: AnyState, report: AnalysisReport, path: Path) -> None:
    """Top left: the game's board at its end as its plugin draws it (a map shaded by
    the belief, where the game has one), and under it a strip of `STRIP` boards spread
    through the game, if it draws any (else the curve alone); top right: the first
    seat's win chance along the game, counted in turns when the game's analysis gives
    the turn of each action (`action_turns`), else in actions, each turning point
    marked and labelled with the move played."""
    pyplot = plotting()
    plot_board = game_plugin(state.game.info.name).plot_board
    data = report.to_json()
    figure = pyplot.figure(figsize=(12, 7.2 if plot_board is not None else 4.8))
    grid = figure.add_gridspec(2, STRIP, height_ratios=(2.2, 1)) \
        if plot_board is not None else figure.add_gridspec(1, 1)
    if plot_board is None:
        right = figure.add_subplot(grid[0])
    else:
        left = figure.add_subplot(grid[0, :STRIP // 2])
        right = figure.add_subplot(grid[0, STRIP // 2:])
        if plot_board(state, data, left, 1.0):
            left.set_axis_off()
            for place in range(STRIP):
                axes = figure.add_subplot(grid[1, place])
                plot_board(state, data, axes, place / STRIP)
                axes.set_axis_off()
        else:  # no board to draw: the curve takes the whole width, not half a blank
            left.remove()
            right.set_subplotspec(figure.add_gridspec(1, 1)[0])
            figure.set_size_inches(12, 4.8)
    turns: list[int] | None = report.game_analysis.get("action_turns")
    decided = report.decisions
    where = dict(zip((d.index for d in decided),
                     decision_positions([d.index for d in decided], turns), strict=True))
    right.plot([where[d.index] for d in decided], [d.before for d in decided], lw=1)
    seats = state.game.info.seat_names
    mark_turning_points(right, [(where[p.decision.index], p.decision.before,
                                 f"{seats[p.decision.seat].capitalize()}: {p.decision.action}")
                                for p in report.turning_points])
    right.set_ylim(0, 1)
    if turns is None:  # the game says nothing of turns: count what the record counts
        right.set_xlabel("action (its number in the record)")
    else:
        right.set_xlabel("turn")
        right.xaxis.get_major_locator().set_params(integer=True)  # no turn 2.5
    right.set_ylabel(f"P({seats[0].capitalize()} wins)")
    how = "both sides playing the solve" if report.judge == "solve" \
        else f"{report.playouts} playouts per point" + (
            ", calibrated" if report.calibrated else "")
    right.set_title(f"Win chance ({how}; red: turning points)")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    pyplot.close(figure)


def decision_positions(indices: list[int], turns: list[int] | None) -> list[float]:
    """Where the decisions at action `indices` (ascending) stand on the x-axis: with
    the turn of each action, a turn's decisions spread evenly across the half-turn
    either side of its number, so the curve keeps every decision's step but reads in
    turns; without, the action's number in the record (1 = first)."""
    if turns is None:
        return [index + 1.0 for index in indices]
    per_turn = Counter(turns[index] for index in indices)
    seen: Counter[int] = Counter()
    positions = []
    for index in indices:
        turn = turns[index]
        positions.append(turn - 0.5 + (seen[turn] + 0.5) / per_turn[turn])
        seen[turn] += 1
    return positions


def mark_turning_points(axes: Any, points: list[tuple[float, float, str]]) -> None:
    """Each turning point (x, win chance before it, its label: the move played) as a
    dot on the curve and a dotted line, its label in small type in a band along the
    top or the bottom, whichever is further from the curve, so labels do not hide
    it; neighbours at staggered heights, so close turning points do not overprint."""
    if not points:
        return
    curve = sorted(y for line in axes.get_lines() for y in line.get_ydata())
    bottom = not curve or curve[len(curve) // 2] >= 0.5  # the curve keeps to the top
    left, right = axes.get_xlim()
    for rank, (x, y, label) in enumerate(points):
        axes.axvline(x, color="grey", ls=":", lw=1, zorder=1)
        axes.plot([x], [y], "o", ms=5, color="tab:red", zorder=3)
        height = 0.05 + 0.09 * (rank % 3)
        # near an edge a centred label would run out of the axes
        share = (x - left) / (right - left) if right > left else 0.5
        align = "left" if share < 0.15 else "right" if share > 0.85 else "center"
        axes.annotate(label if len(label) <= 36 else label[:35] + "…", (x, y),
                      xytext=(x, height if bottom else 1 - height),
                      textcoords=("data", "axes fraction"), ha=align, va="center",
                      fontsize=7, zorder=4,
                      bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "tab:red",
                            "lw": 0.5},
                      arrowprops={"arrowstyle": "-", "color": "tab:red", "lw": 0.5,
                                  # from the end of the label over the point: upright
                                  "relpos": ({"left": 0.0, "right": 1.0}.get(align, 0.5),
                                             0.5)})
