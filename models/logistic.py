"""Logistic win-chance models: the cut-off evaluations of the search (in the games
that cut playouts) are a weighted sum of a position's features through the logistic
function, with weights fitted by `scripts/fit_evaluation.py`."""

from __future__ import annotations

import math
from collections.abc import Sequence


def logistic_chance(weights: Sequence[float], features: Sequence[float]) -> float:
    """The chance the model gives: 1 / (1 + e^-(w . x)), the sum clipped to +-30."""
    z = sum(w * x for w, x in zip(weights, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
