"""Hints: the AI's search run from the user's seat, as ranked actions.

The search sees what the user's seat sees, exactly as the AI opponent would in that
seat (`ISMCTS` reads only the seat's view), so a hint never gives away hidden state.
"""

from __future__ import annotations

from dataclasses import dataclass

from hunt.models.game import AnyState
from hunt.solver.ismcts import ISMCTS


@dataclass(frozen=True)
class RankedAction:
    """One candidate of the seat to act, as the search judged it."""

    text: str
    share: float
    """Fraction of the search's visits spent on it."""
    value: float
    """Mean return for the seat after it (-1 loss .. +1 win)."""


@dataclass(frozen=True)
class Recommendation:
    """The search's advice: the action it would play and the ranking behind it."""

    action: str
    ranking: tuple[RankedAction, ...]
    iterations: int


def recommend(state: AnyState, iterations: int, seed: int, top: int = 5) -> Recommendation:
    """Search from the seat to act in `state` with `iterations` and rank its actions."""
    result = ISMCTS(iterations=iterations, seed=seed).search(state)
    visits = sum(entry.visits for entry in result.stats) or 1
    ranking = tuple(RankedAction(entry.text, entry.visits / visits, entry.mean_value)
                    for entry in result.stats[:top])
    return Recommendation(state.action_to_string(result.action), ranking, result.iterations)
