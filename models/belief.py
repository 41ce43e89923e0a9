"""A discrete Bayes filter over the nodes of a graph.

The belief is a probability vector indexed by node. Two operations change it:
`predict` spreads the mass with a transition kernel (the hidden piece moved) and
`update` reweights it with a likelihood (something was observed). Evidence that rules
out every node is an error that names the event, never a silent empty vector: it means
the record is impossible or the model is wrong, and either must be reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from hunt.errors import EvidenceError

Vector = npt.NDArray[np.float64]
"""A float vector indexed like `DiscreteBelief.nodes`."""


class DiscreteBelief:
    """A probability vector over `nodes` (any hashable names, kept in the given order)."""

    def __init__(self, nodes: Sequence[str], prior: Vector | None = None) -> None:
        self.nodes = tuple(nodes)
        self.index = {node: i for i, node in enumerate(self.nodes)}
        self.p: Vector = np.full(len(self.nodes), 1.0 / len(self.nodes))
        if prior is not None:
            self.p = np.asarray(prior, dtype=np.float64).copy()
            self._normalise("the prior")

    def copy(self) -> DiscreteBelief:
        """An independent copy."""
        other = DiscreteBelief.__new__(DiscreteBelief)
        other.nodes, other.index, other.p = self.nodes, self.index, self.p.copy()
        return other

    def predict(self, kernel: Vector, event: str) -> None:
        """The piece moves: `kernel[i, j]` is P(to j | from i); each row sums to 1."""
        self.p = self.p @ kernel
        self._normalise(event)

    def update(self, likelihood: Vector, event: str) -> None:
        """Observe `event`, whose probability on each node is `likelihood`."""
        self.p = self.p * likelihood
        self._normalise(event)

    def keep(self, nodes: Iterable[str], event: str) -> None:
        """Evidence that the piece is on one of `nodes`."""
        self.update(self.indicator(nodes), event)

    def exclude(self, nodes: Iterable[str], event: str) -> None:
        """Evidence that the piece is on none of `nodes`."""
        self.update(1.0 - self.indicator(nodes), event)

    def indicator(self, nodes: Iterable[str]) -> Vector:
        """1 on `nodes`, 0 elsewhere."""
        vector = np.zeros(len(self.nodes))
        vector[[self.index[node] for node in nodes]] = 1.0
        return vector

    def probability(self, node: str) -> float:
        """P(the piece is on `node`)."""
        return float(self.p[self.index[node]])

    def distribution(self) -> dict[str, float]:
        """Node -> probability for every node with any mass, in node order."""
        return {node: float(q) for node, q in zip(self.nodes, self.p, strict=True) if q > 0}

    def support(self) -> frozenset[str]:
        """The nodes not ruled out."""
        return frozenset(node for node, q in zip(self.nodes, self.p, strict=True) if q > 0)

    def entropy(self) -> float:
        """Shannon entropy in bits (0.0, never -0.0, when one position is left)."""
        q = self.p[self.p > 0]
        return max(0.0, float(-(q * np.log2(q)).sum()))

    def _normalise(self, event: str) -> None:
        total = float(self.p.sum())
        if not total > 0:
            raise EvidenceError(f"impossible event: {event} contradicts every position "
                                "still possible")
        self.p /= total  # zeros stay exact zeros, so the support is exact
