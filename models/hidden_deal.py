"""Dealing hidden cards again so that a line of play agrees with a seat record.

A card game's hidden part is often only which kinds of card some groups of cards held
(the other side's draws, its face-down discards), and a line of play agrees with what a
seat saw exactly when some counts stay in bounds: no hand holds fewer than none of a
kind when it gives one up, no deck yields more of a kind than it held. Those are linear
constraints on whole numbers, so an integer program finds a dealing whenever one exists
(scipy's `milp`), and random costs make it a random one. The card games that hide
hands deal with it (`hunt.models.seat_record`, `State.resample_hidden`).
"""

from __future__ import annotations

import random

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp


class Count:
    """A number of cards as a deal's variables give it: a constant plus, for some
    (group, kind) variables, a multiple of how many cards of the kind the group holds."""

    def __init__(self, constant: int = 0) -> None:
        self.constant = constant
        self.terms: dict[int, int] = {}

    def add(self, variable: int, times: int = 1) -> None:
        """Count `times` the variable `variable` (from `HiddenDeal.variable`) as well."""
        self.terms[variable] = self.terms.get(variable, 0) + times

    def copy(self) -> Count:
        """An independent copy."""
        other = Count(self.constant)
        other.terms = dict(self.terms)
        return other

    def plus(self, other: Count, times: int = 1) -> Count:
        """This count plus `times` `other` (a new count)."""
        total = self.copy()
        total.constant += times * other.constant
        for variable, weight in other.terms.items():
            total.add(variable, times * weight)
        return total


class HiddenDeal:
    """The kinds of cards of some groups, to be dealt under constraints on counts."""

    def __init__(self, num_kinds: int) -> None:
        self.num_kinds = num_kinds
        self.sizes: list[int] = []
        """How many cards each group holds."""
        self._rows: list[tuple[Count, int]] = []

    def group(self, size: int) -> int:
        """A new group of `size` cards of unknown kinds; its index."""
        self.sizes.append(size)
        return len(self.sizes) - 1

    def variable(self, group: int, kind: int) -> int:
        """The variable counting the cards of `kind` in `group` (for `Count.add`)."""
        return group * self.num_kinds + kind

    def at_least(self, count: Count, low: int) -> None:
        """Require `count` >= `low`."""
        self._rows.append((count.copy(), low))

    def solve(self, rng: random.Random) -> list[list[int]] | None:
        """The kinds of each group's cards (sorted) meeting every requirement, one drawn
        by random costs; None if there is none."""
        kinds, groups = self.num_kinds, len(self.sizes)
        count = groups * kinds
        if count == 0:
            return [] if all(c.constant >= low for c, low in self._rows) else None
        matrix = np.zeros((groups + len(self._rows), count))
        lower = np.zeros(groups + len(self._rows))
        upper = np.full(groups + len(self._rows), np.inf)
        for group, size in enumerate(self.sizes):  # each group holds its size
            matrix[group, group * kinds:(group + 1) * kinds] = 1
            lower[group] = upper[group] = size
        for row, (total, low) in enumerate(self._rows, start=groups):
            for variable, weight in total.terms.items():
                matrix[row, variable] += weight
            lower[row] = low - total.constant
        costs = np.array([rng.random() for _ in range(count)])
        result = milp(costs, integrality=np.ones(count, dtype=int),
                      bounds=Bounds(np.zeros(count), np.repeat(self.sizes, kinds).astype(float)),
                      constraints=LinearConstraint(matrix, lower, upper))
        if result.status != 0 or result.x is None:
            return None
        counts = np.rint(result.x).astype(int).reshape(groups, kinds)
        return [[kind for kind in range(kinds) for _ in range(counts[group, kind])]
                for group in range(groups)]

