"""`hunt bench`: the engine's speed figures, measured side by side in one run."""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import click

from hunt.models.game import random_action
from hunt.models.registry import available_games, game_plugin, load_game, state_from_record
from hunt.models.seat_record import seat_record, world_from_seat_record
from hunt.solver.agent_specs import HARD_WORKERS
from hunt.solver.bench import midgame_states, peak_memory_mb, run_bench
from hunt.solver.hints import hint_report
from hunt.solver.profiles import search_profile
from hunt.solver.record_files import writable_file


@click.command()
@click.option("--quick", is_flag=True, help="Fewer samples: about a minute.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the figures as JSON to this file (to compare runs).")
def bench(quick: bool, as_json: bool, output: Path | None) -> None:
    """Measure playouts, search, tracker and hint speed on this machine."""
    def progress(text: str) -> None:
        click.echo(f"  measuring {text}...", file=sys.stderr)

    if output is not None:  # a bad path is refused now, not after the whole run
        output = writable_file(output)
    report = run_bench(quick, progress)
    extras: list[str] = []
    report["hint_seconds"] = {}
    for name in available_games():
        plugin = game_plugin(name)
        if plugin.bench is not None:  # the game's own figures, e.g. its tracker's speed
            for key, text, figures in plugin.bench(quick, progress):
                report[key] = figures
                extras.append(text)
        if plugin.bench_hint_seat is not None:
            progress(f"{name}: hint on a mid-game record")
            report["hint_seconds"][name] = hint_seconds(name, plugin.bench_hint_seat)
            progress(f"{name}: belief and hint from a seat record of {SEAT_RECORD_LENGTH} "
                     "actions")
            report.setdefault("seat_record_seconds", {})[name] = seat_record_seconds(
                name, plugin.bench_hint_seat, 3 if quick else 10)
    report["peak_memory_mb"] = peak_memory_mb()
    if output is not None:
        output.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if as_json:
        click.echo(json.dumps(report, indent=1))
        return
    click.echo(f"hunt bench ({'quick' if quick else 'full'}, Python {report['python']})")
    click.echo(f"  {'game':<14} {'random games/s':>15} {'ISMCTS it/s':>12} "
               f"{f'on {HARD_WORKERS} processes':>17}  (normal level)")
    for name, figures in report["games"].items():
        depth = figures["ismcts_rollout_depth"]
        one, several = (figures["ismcts_iterations_per_s"],
                        figures["ismcts_parallel_iterations_per_s"])
        click.echo(f"  {name:<14} {figures['random_playouts_per_s']:>15.1f} {one:>12.0f} "
                   f"{several:>8.0f} ({several / one:.2f}x)  "
                   f"({figures['ismcts_normal_iterations']} iterations, playouts "
                   + (f"cut at {depth} actions)" if depth else "to the end)"))
    for name, figures in report["games"].items():
        if "cfr" in figures:
            solve = figures["cfr"]
            click.echo(f"  {name:<14} CFR+ over {solve['histories']} histories: tree built in "
                       f"{solve['tree_seconds']:.2f} s, {solve['iterations_per_s']:.0f} "
                       "iterations/s (the levels' whole-game solve)")
    click.echo("  seconds a decision of the computer (median / max over "
               f"{report['decision_positions']} mid-game positions):")
    for name, figures in report["games"].items():
        click.echo(f"  {name:<14} " + "  ".join(
            f"{level} {times['median']:.2f} / {times['max']:.2f}"
            for level, times in figures["decision_seconds"].items()))
    for text in extras:
        click.echo(f"  {text}")
    for name, seconds in report["hint_seconds"].items():
        click.echo(f"  hunt hint {name} on a mid-game record: {seconds:.2f} s")
    for name, figures in report.get("seat_record_seconds", {}).items():
        click.echo(f"  {name} seat record of {SEAT_RECORD_LENGTH} actions "
                   f"({figures['records']} records): belief {figures['belief_median']:.2f} s "
                   f"median, {figures['belief_max']:.2f} s max; hint {figures['hint_median']:.2f}"
                   f" s median, {figures['hint_max']:.2f} s max")
    click.echo(f"  peak memory: {report['peak_memory_mb']:.0f} MB")


def hint_seconds(game_name: str, seat_name: str) -> float:
    """Seconds to answer `hunt hint GAME --as SEAT` on a mid-game record: the record
    replayed, the game's advice, and a search of the normal level."""
    game = load_game(game_name)
    seat = game.info.seat_names.index(seat_name)
    state = next(s for s in midgame_states(game, 20, seed=1) if s.current_player() == seat)
    text = json.dumps(state.to_record())
    start = time.perf_counter()
    replayed = state_from_record(json.loads(text))
    hint_report(replayed, seat, "", search_profile(game).advice_iterations, seed=0)
    return time.perf_counter() - start


SEAT_RECORD_LENGTH = 150
"""Actions in the seat records `hunt bench` builds a belief from."""


def seat_record_seconds(game_name: str, seat_name: str, records: int) -> dict[str, Any]:
    """Seconds to build the belief (a witness and the seat's prior, see
    `hunt.models.seat_record`) from seat records of `SEAT_RECORD_LENGTH` actions of
    random play, each stopped where the seat has a choice to make, and to answer `hunt hint` on
    them at the normal level: median and max over `records` records."""
    game = load_game(game_name)
    seat = game.info.seat_names.index(seat_name)
    beliefs: list[float] = []
    hints: list[float] = []
    seed = 0
    while len(beliefs) < records:
        seed += 1
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal() and (len(state.history) < SEAT_RECORD_LENGTH
                                           or state.current_player() != seat
                                           or len(state.legal_actions()) < 2):
            state.apply_action(random_action(state, rng))
        if state.is_terminal():
            continue
        text = json.dumps(seat_record(state, seat))
        start = time.perf_counter()
        world, _ = world_from_seat_record(game, json.loads(text))
        world.belief(seat)
        beliefs.append(time.perf_counter() - start)
        start = time.perf_counter()
        hint_report(world, seat, "", search_profile(game).advice_iterations, seed=0)
        hints.append(time.perf_counter() - start)
    return {"records": records, "actions": SEAT_RECORD_LENGTH,
            "belief_median": statistics.median(beliefs), "belief_max": max(beliefs),
            "hint_median": statistics.median(hints), "hint_max": max(hints)}
