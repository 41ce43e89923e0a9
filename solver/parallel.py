"""Work for one decision spread over processes: a pool per worker count, kept for the
life of the program (a decision takes a second or so; starting processes for each
would cost a good part of it).

Root parallelisation (Chaslot, Winands & van den Herik, "Parallel Monte-Carlo Tree
Search", 2008) runs on it: each worker searches the same position with its own seed
for its share of the budget and the searching seat's root statistics are summed
(`hunt.solver.ismcts`). The pool forks, as the arena's does: the workers start with
the games already loaded, and a state travels as its fields and its game's name
(`Game.__reduce__`).
"""

from __future__ import annotations

import atexit
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

_POOLS: dict[int, ProcessPoolExecutor] = {}


def pool(workers: int) -> ProcessPoolExecutor:
    """The program's pool of `workers` processes, started on first use."""
    if workers not in _POOLS:
        _POOLS[workers] = ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("fork"))
    return _POOLS[workers]


def run_parts(function: Callable[..., T], parts: Sequence[tuple[Any, ...]]) -> list[T]:
    """`function(*part)` for each of `parts`, each on its own worker, the results in
    the order of `parts` (never in the order they finish, so a merge is the same on
    every run). In a process that may not start others (an arena's worker is a
    daemon) the parts run here one after another: the same results, later."""
    if multiprocessing.current_process().daemon:
        return [function(*part) for part in parts]
    futures = [pool(len(parts)).submit(function, *part) for part in parts]
    return [future.result() for future in futures]


@atexit.register
def _shut_down() -> None:
    for executor in _POOLS.values():
        executor.shutdown(cancel_futures=True)
