"""Rules that run as a stack of pending steps (The Hunt, Hunting Party).

The top step says who acts: a seat, `CHANCE`, or `AUTO` for a step nobody decides,
which the game carries out at once. A game pushes the steps a rule sets off, so the
engine needs no fixed phase order beyond what the rules push.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

AUTO = -3
"""The `seat` of a step nobody decides: it is carried out at once."""


@dataclass(frozen=True)
class Step:
    """One pending step: `kind` and who acts; `data` holds what the step needs."""

    kind: str
    seat: int = AUTO
    data: tuple[Any, ...] = ()


def push(stack: list[Step], *steps: Step) -> None:
    """Push `steps` onto `stack` so that the first given runs first."""
    stack.extend(reversed(steps))
