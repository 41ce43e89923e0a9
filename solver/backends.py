"""Where many independent games run: this machine's processes, or Ray.

`run_all(function, items, workers=W, backend=B)` calls `function(item)` for each item
and yields `(index, result)` as each finishes, in whatever order they finish (an arena
tallies them, self-play puts them back in order). The `local` backend is a pool of
forked processes (or this process alone, for one worker); the `ray` backend runs each
call as a Ray task, on a Ray started here with W CPUs or on the cluster at `address`
(Ray is an optional extra, imported only when asked for). The function and its items
must be picklable and deterministic, so a game is the same wherever it runs.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from hunt.errors import HuntError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")


class BackendError(HuntError, RuntimeError):
    """A backend that cannot run here: Ray missing, or its cluster out of reach."""


def run_all(function: Callable[[T], R], items: Sequence[T], *, workers: int = 1,
            backend: str = "local", address: str | None = None) -> Iterator[tuple[int, R]]:
    """`(index, function(items[index]))` for every item, as each finishes."""
    if backend == "ray":
        yield from _run_on_ray(function, items, workers, address)
        return
    if backend != "local":
        raise BackendError(f"no backend {backend!r}; accepted: {', '.join(BACKENDS)}")
    if workers <= 1 or len(items) <= 1:
        yield from enumerate(map(function, items))
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap_unordered(_Indexed(function), enumerate(items))


class _Indexed:
    """`function` on `(index, item)`, keeping the index (picklable, unlike a lambda)."""

    def __init__(self, function: Callable[[Any], Any]) -> None:
        self.function = function

    def __call__(self, pair: tuple[int, Any]) -> tuple[int, Any]:
        return pair[0], self.function(pair[1])


def _run_on_ray(function: Callable[[T], R], items: Sequence[T], workers: int,
                address: str | None) -> Iterator[tuple[int, R]]:
    ray = ray_module()
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, logging_level="ERROR", log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR",
                         log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise BackendError(f"cannot start or join Ray"
                               f"{f' at {address}' if address else ''}: "
                               f"{str(error).splitlines()[0]}") from None
    remote = ray.remote(num_cpus=1)(function)
    index_of = {remote.remote(item): index for index, item in enumerate(items)}
    waiting = list(index_of)
    while waiting:
        # whatever has finished within a moment, so a long run is not a wait per game
        done, waiting = ray.wait(waiting, num_returns=len(waiting), timeout=0.2)
        for ref in done:
            yield index_of.pop(ref), ray.get(ref)


def ray_module() -> Any:
    """Ray, or a `BackendError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BackendError("--backend ray needs Ray, the ray extra: pip install -e '.[ray]' "
                           "(or pip install ray)") from None
    return ray
