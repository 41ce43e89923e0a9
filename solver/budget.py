"""A search's budget: iterations, seconds or both, whichever ends first (ISMCTS and
CFR+ alike)."""

from __future__ import annotations

import time


def check_budget(iterations: int | None, time_limit: float | None) -> None:
    """Refuse a search with no budget (it would never end)."""
    if iterations is None and time_limit is None:
        raise ValueError("give the search a budget: iterations or time_limit")


def budget_spent(iterations: int | None, time_limit: float | None, done: int,
                 start: float) -> bool:
    """Whether a search that began at `start` (`time.perf_counter()`) and has done
    `done` iterations is over. The clock is read every 8 iterations: reading it costs
    about as much as an iteration of a small game."""
    if iterations is not None and done >= iterations:
        return True
    return time_limit is not None and done % 8 == 0 \
        and time.perf_counter() - start >= time_limit
