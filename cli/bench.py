"""`hunt bench`: the engine's speed figures, measured side by side in one run."""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

import click

from hunt.cli.play import writable_file
from hunt.models.game import random_action
from hunt.models.registry import load_game
from hunt.solver.bench import midgame_states, peak_memory_mb, run_bench
from hunt.solver.profiles import search_profile


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
    progress("the-hunt: tracker updates")
    times = sorted(tracker_update_times(20 if quick else 150))
    report["tracker_update_ms"] = {"median": statistics.median(times) * 1e3,
                                   "p95": times[int(0.95 * (len(times) - 1))] * 1e3,
                                   "updates": len(times)}
    progress("the-hunt: hint on a mid-game record")
    report["hint_seconds"] = hint_seconds(search_profile("the-hunt").normal_iterations)
    report["peak_memory_mb"] = peak_memory_mb()
    if output is not None:
        output.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if as_json:
        click.echo(json.dumps(report, indent=1))
        return
    click.echo(f"hunt bench ({'quick' if quick else 'full'}, Python {report['python']})")
    click.echo(f"  {'game':<10} {'random games/s':>15} {'ISMCTS it/s':>12}  (normal level)")
    for name, figures in report["games"].items():
        depth = figures["ismcts_rollout_depth"]
        click.echo(f"  {name:<10} {figures['random_playouts_per_s']:>15.1f} "
                   f"{figures['ismcts_iterations_per_s']:>12.0f}  "
                   f"({figures['ismcts_normal_iterations']} iterations, playouts "
                   + (f"cut at {depth} actions)" if depth else "to the end)"))
    tracker = report["tracker_update_ms"]
    click.echo(f"  Graf Spee tracker update: median {tracker['median']:.4f} ms, 95th "
               f"percentile {tracker['p95']:.4f} ms ({tracker['updates']} updates)")
    click.echo(f"  hunt hint the-hunt on a mid-game record: {report['hint_seconds']:.2f} s")
    click.echo(f"  peak memory: {report['peak_memory_mb']:.0f} MB")


def tracker_update_times(games: int, seed: int = 0) -> list[float]:
    """Seconds per Graf Spee tracker update (a move or a piece of evidence) along
    random games of The Hunt."""
    from hunt.models.the_hunt.rules import BRITISH, TheHuntGame
    from hunt.models.the_hunt.tracker import GrafSpeeTracker, public_facts

    game = TheHuntGame()
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(games):
        state = game.new_initial_state(rng.randrange(2**31))
        tracker = GrafSpeeTracker(game)
        while not state.is_terminal():
            facts = public_facts(state)
            mark = state.view_length(BRITISH)
            state.apply_legal_action(random_action(state, rng))
            for item in state.views_since(BRITISH, mark):
                before = tracker.updates
                start = time.perf_counter()
                tracker.observe(item, facts)
                if tracker.updates > before:
                    times.append(time.perf_counter() - start)
    return times


def hint_seconds(iterations: int) -> float:
    """Seconds to answer `hunt hint the-hunt --as british` on a mid-game record: the
    record replayed, the tracker and the advice, and a search of `iterations`."""
    import json

    from hunt.models.registry import state_from_record
    from hunt.models.the_hunt.advice import advice_report
    from hunt.models.the_hunt.rules import BRITISH, TheHuntState
    from hunt.solver.hints import recommend

    game = load_game("the-hunt")
    state = next(s for s in midgame_states(game, 20, seed=1) if s.current_player() == BRITISH)
    text = json.dumps(state.to_record())
    start = time.perf_counter()
    replayed = state_from_record(json.loads(text))
    assert isinstance(replayed, TheHuntState)
    advice_report(replayed, BRITISH)
    recommend(replayed, iterations, seed=0)
    return time.perf_counter() - start
