"""The engine's speed beside an earlier commit's, measured in one run on the same
positions: the ratios say what a change bought.

    python scripts/bench_against.py f14e208            # every game, about 5 minutes
    python scripts/bench_against.py f14e208 --quick    # about a minute
    python scripts/bench_against.py f14e208 --games the-hunt

The earlier commit is checked out in a temporary folder (`git worktree`) with its own
virtual environment (`pip install -e .`, kept in ~/.cache/hunt-bench/COMMIT so a second
run starts at once); this checkout is measured by the interpreter that runs the script.
Both sides run the same measuring program (`MEASURE`, below), which uses only the game
contract that both commits share (`load_game`, `new_initial_state`, `legal_actions`,
`apply_action`, `clone`, `ISMCTS(...).search`), one after the other, turn about, and
each figure is the better of `--rounds` rounds, so a busy machine costs both sides alike.

Figures, for every game: random games a second (whole games of uniformly random moves,
chance by its odds); apply, legal-actions and clone calls a second along those games;
ISMCTS iterations a second at the game's normal shape over a few mid-game positions.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "hunt-bench"

MEASURE = r'''
import json, random, sys, time
from hunt.models.registry import load_game
from hunt.solver.ismcts import ISMCTS

name, seconds, positions = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
game = load_game(name)


def play(state, rng):
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() < 0:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(legal)
        state.apply_action(action)


def rate(work):
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += work()
    return done / (time.perf_counter() - start)


rng = random.Random(1)
def one_game():
    play(game.new_initial_state(rng.randrange(2**31)), rng)
    return 1

# The positions every call is timed on: each step of a few seeded random games.
steps, trail = [], random.Random(2)
for seed in range(3):
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        steps.append((state.clone(), legal[trail.randrange(len(legal))]))
        state.apply_action(steps[-1][1])

def each(call):
    def work():
        for state, action in steps:
            call(state, action)
        return len(steps)
    return work

def apply(state, action):
    state.clone().apply_action(action)

mid, pick = [], random.Random(3)
while len(mid) < positions:
    state = game.new_initial_state(pick.randrange(2**31))
    seen = []
    while not state.is_terminal():
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            seen.append(state.clone())
        legal = state.legal_actions()
        if state.current_player() < 0:
            outcomes = state.chance_outcomes()
            state.apply_action(pick.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(pick.choice(legal))
    if seen:
        mid.append(seen[len(seen) // 3])
iterations, spent = 0, 0.0
for index, state in enumerate(mid):
    result = ISMCTS(iterations=300, seed=index).search(state)
    iterations += result.iterations
    spent += result.seconds
clones = rate(each(lambda state, action: state.clone()))
print(json.dumps({
    "random games/s": rate(one_game),
    "legal_actions/s": rate(each(lambda state, action: state.legal_actions())),
    "clone/s": clones,
    # apply is timed on a fresh clone each time: its rate is of clone + apply, so the
    # clone's share is taken out
    "apply/s": 1 / max(1e-12, 1 / rate(each(apply)) - 1 / clones),
    "ismcts it/s": iterations / spent,
}))
'''


def environment(commit: str) -> Path:
    """The python of a virtual environment with `commit` of this repository installed
    (made on first use)."""
    full = subprocess.run(["git", "rev-parse", commit], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout.strip()
    home = CACHE / full[:12]
    python = home / "venv" / "bin" / "python"
    if python.exists():
        return python
    home.mkdir(parents=True, exist_ok=True)
    source = home / "source"
    if not source.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(source), full], cwd=ROOT,
                       check=True, capture_output=True)
    subprocess.run([sys.executable, "-m", "venv", str(home / "venv")], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "-e", str(source)], check=True)
    return python


def measure(python: Path, name: str, seconds: float, positions: int) -> dict[str, float]:
    """One round of `MEASURE` for game `name` under `python`, from a neutral folder (so
    that the checkout's own folders never shadow the installed package)."""
    with tempfile.TemporaryDirectory() as folder:
        output = subprocess.run([str(python), "-c", MEASURE, name, str(seconds),
                                 str(positions)], cwd=folder, capture_output=True,
                                text=True, check=True).stdout
    figures: dict[str, float] = json.loads(output)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("commit", help="the earlier commit to compare with, e.g. f14e208")
    parser.add_argument("--games", nargs="+", default=None, help="default: every game")
    parser.add_argument("--quick", action="store_true", help="shorter rounds, one position")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per side (the best)")
    args = parser.parse_args()
    before = environment(args.commit)
    now = Path(sys.executable)
    seconds, positions = (0.5, 1) if args.quick else (2.0, 3)
    names = args.games or json.loads(subprocess.run(
        [str(now), "-c", "import json; from hunt.models.registry import available_games; "
         "print(json.dumps(available_games()))"], capture_output=True, text=True,
        check=True, cwd=tempfile.gettempdir()).stdout)
    print(f"hunt speed: this checkout against {args.commit}, the better of {args.rounds} "
          "rounds each, turn about")
    print(f"{'game':<14} {'figure':<17} {args.commit:>12} {'now':>12} {'ratio':>7}")
    for name in names:
        best: list[dict[str, float]] = [{}, {}]
        for _ in range(args.rounds):
            for side, python in enumerate((before, now)):
                for key, value in measure(python, name, seconds, positions).items():
                    best[side][key] = max(best[side].get(key, 0.0), value)
        for key in best[0]:
            old, new = best[0][key], best[1][key]
            print(f"{name:<14} {key:<17} {old:>12,.0f} {new:>12,.0f} {new / old:>6.2f}x")


if __name__ == "__main__":
    main()
