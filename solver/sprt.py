"""A sequential probability ratio test on paired seeds: stop an arena when it settles.

Chess engines' test farms decide a change by a sequential test instead of a fixed
number of games: the games go on until the evidence says "better" or "not better" at
the error rates asked for, which takes few games when the difference is large and
many only when it is small. The sample here is one number per seed: agent A's score
over every seating of that seed (both seatings of a two-seat game: the pair cancels a
game's lean to one side), so each sample compares A and B on the same cards.

The test is the generalized SPRT of those farms, with the normal approximation: for
H0 "A's score is `low`" against H1 "A's score is `high`", after n seeds with mean m
and variance v, the log-likelihood ratio is n / (2 v) * ((m - low)^2 - (m - high)^2);
it accepts H1 above log((1 - beta) / alpha), H0 below log(beta / (1 - alpha)), and
says nothing before `MIN_SEEDS` seeds.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from hunt.errors import HuntError

MIN_VARIANCE = 1e-3
"""The least variance the ratio is computed with (seeds that all scored alike have
none)."""
MIN_SEEDS = 20
"""Seeds before any verdict: the variance of fewer is no estimate (two seeds won alike
would settle anything)."""


class SPRTError(HuntError, ValueError):
    """Hypotheses that a test cannot tell apart (e.g. `low` not below `high`)."""


@dataclass(frozen=True)
class SPRT:
    """H0: agent A scores `low`; H1: it scores `high` (shares of games, 0 to 1)."""

    low: float
    high: float
    alpha: float = 0.05
    """The chance of accepting H1 when H0 holds."""
    beta: float = 0.05
    """The chance of accepting H0 when H1 holds."""

    def __post_init__(self) -> None:
        if not 0 <= self.low < self.high <= 1:
            raise SPRTError(f"the scores {self.low:g} and {self.high:g} must rise within 0 "
                            f"to 1, e.g. 0.5,0.55")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise SPRTError("the error rates must lie between 0 and 0.5")

    @classmethod
    def parse(cls, text: str) -> SPRT:
        """"0.5,0.55" -> SPRT(0.5, 0.55); `SPRTError` saying what is accepted."""
        try:
            low, high = (float(part) for part in text.split(","))
        except ValueError:
            raise SPRTError(f"{text!r} is not two scores; accepted: LOW,HIGH such as "
                            "0.5,0.55 (is A's score LOW or HIGH?)") from None
        return cls(low, high)

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratios below which H0 and above which H1 is accepted."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, scores: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 to H0 after the per-seed `scores`."""
        if len(scores) < MIN_SEEDS:
            return 0.0
        mean = statistics.fmean(scores)
        variance = max(MIN_VARIANCE, statistics.pvariance(scores))
        return len(scores) / (2 * variance) * ((mean - self.low) ** 2 - (mean - self.high) ** 2)

    def verdict(self, scores: Sequence[float]) -> str | None:
        """"H1" (A scores `high` or better), "H0" (`low` or worse), or None: play on."""
        ratio = self.llr(scores)
        lower, upper = self.bounds
        return "H1" if ratio >= upper else "H0" if ratio <= lower else None

    def to_json(self, scores: Sequence[float]) -> dict[str, object]:
        """The test's state after `scores`, for a report."""
        return {"low": self.low, "high": self.high, "alpha": self.alpha, "beta": self.beta,
                "seeds": len(scores), "llr": round(self.llr(scores), 4),
                "bounds": [round(bound, 4) for bound in self.bounds],
                "verdict": self.verdict(scores)}
