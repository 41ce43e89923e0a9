"""`hunt bench`: the engine's speed figures, measured side by side in one run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from hunt.solver.bench import run_bench


@click.command()
@click.option("--quick", is_flag=True, help="Fewer samples: about a minute.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the figures as JSON to this file (to compare runs).")
def bench(quick: bool, as_json: bool, output: Path | None) -> None:
    """Measure playouts, search, tracker and hint speed on this machine."""
    report = run_bench(quick, progress=lambda text: click.echo(f"  measuring {text}...",
                                                               file=sys.stderr))
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
