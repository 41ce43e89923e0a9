"""A small policy and value network in numpy: what guides the search (`hunt.solver.ismcts`)
and what `hunt train` fits (`hunt.solver.training`).

One hidden layer reads the seat's view (`hunt.solver.features.view_features`):
h = relu(x W1 + b1). The value is v = h . w_v + b_v, the seat's expected search reward
(`Game.search_reward`, -1..1 in the duels). The policy scores each legal choice by the
words of its text: a choice's score is the sum of the slots of g = h W2 + b2 its words
fall in (`choice_features`), and the chances are the softmax of the scores over the
choices legal here. So the network needs no fixed list of a game's actions, and the
same position-to-choice weights learn across similar choices ("search" in any hex).

Weights live in a `.npz` file with the provenance of their training (command, seed,
games, date, held-out figures) beside them; the game's shipped weights are under
`solver/weights/GAME.npz` (`shipped_weights`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hunt.errors import HuntError
from hunt.solver.features import CHOICE_SLOTS, VIEW_SLOTS, SparseVector, choice_features

Array = npt.NDArray[np.float64]

PARAMETERS = ("w1", "b1", "w2", "b2", "wv", "bv")
"""The arrays of a network, in the order of `Network.parameters`."""


class WeightsError(HuntError, ValueError):
    """A weights file that cannot be read as a network."""


@dataclass
class Network:
    """The weights of one policy and value network, and where they came from."""

    w1: Array
    """View slots x hidden units."""
    b1: Array
    w2: Array
    """Hidden units x choice slots."""
    b2: Array
    wv: Array
    """Hidden units: the value's weights."""
    bv: Array
    provenance: dict[str, Any]
    """How the weights were made: the command, seed, games, date and held-out figures."""

    @classmethod
    def initial(cls, hidden: int, seed: int) -> Network:
        """Fresh weights: small random first and policy layers (He's scale for the
        few dozen views' features a position has), zero biases and value."""
        rng = np.random.default_rng(seed)
        return cls(w1=rng.normal(0.0, 0.15, (VIEW_SLOTS, hidden)), b1=np.zeros(hidden),
                   w2=rng.normal(0.0, 0.05, (hidden, CHOICE_SLOTS)), b2=np.zeros(CHOICE_SLOTS),
                   wv=np.zeros(hidden), bv=np.zeros(1), provenance={})

    @property
    def parameters(self) -> list[Array]:
        """The arrays, in the order of `PARAMETERS` (the trainer changes them in place)."""
        return [getattr(self, name) for name in PARAMETERS]

    def hidden(self, view: SparseVector) -> Array:
        """The hidden layer for one view."""
        slots = list(view)
        values = np.fromiter(view.values(), float, len(slots))
        return np.maximum(values @ self.w1[slots] + self.b1, 0.0)

    def value(self, view: SparseVector) -> float:
        """The seat's expected search reward in this view."""
        return float(self.hidden(view) @ self.wv + self.bv[0])

    def policy(self, view: SparseVector, choices: Sequence[str]) -> Array:
        """The chance of each choice (given by its text) in this view."""
        scores = choice_scores(self.hidden(view) @ self.w2 + self.b2, choices)
        scores = np.exp(scores - scores.max())
        result: Array = scores / scores.sum()
        return result

    def save(self, path: Path) -> None:
        """Write the weights and their provenance to `path` (`.npz`)."""
        np.savez_compressed(path, **{name: getattr(self, name) for name in PARAMETERS},
                            provenance=np.array(json.dumps(self.provenance, sort_keys=True)))

    @classmethod
    def load(cls, path: Path | str) -> Network:
        """The network saved at `path`; `WeightsError` if it is not one."""
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: np.asarray(data[name], dtype=float) for name in PARAMETERS}
                provenance = json.loads(str(data["provenance"]))
        except (OSError, KeyError, ValueError) as error:
            raise WeightsError(f"cannot read weights from {path}: {error}; expected a .npz "
                               "written by `hunt train`") from None
        network = cls(**arrays, provenance=provenance)
        hidden = network.b1.shape[0]
        if network.w1.shape != (VIEW_SLOTS, hidden) or network.w2.shape != (
                hidden, CHOICE_SLOTS) or network.wv.shape != (hidden,):
            raise WeightsError(f"weights in {path} have shapes this version does not read "
                               f"({VIEW_SLOTS} view slots, {CHOICE_SLOTS} choice slots)")
        return network


def choice_scores(slot_scores: Array, choices: Sequence[str]) -> Array:
    """Each choice's score: the sum of `slot_scores` over its words' slots."""
    return np.array([slot_scores[list(choice_slots(text))].sum() for text in choices])


@lru_cache(maxsize=65536)
def choice_slots(text: str) -> tuple[int, ...]:
    """`choice_features`, remembered: a game has a few thousand distinct choices."""
    return choice_features(text)


WEIGHTS_PACKAGE = "hunt.solver.weights"


def shipped_weights(game: str) -> Path | None:
    """The path of the weights shipped for `game` (by its name), or None."""
    path = Path(str(resources.files(WEIGHTS_PACKAGE).joinpath(f"{game}.npz")))
    return path if path.is_file() else None


@lru_cache(maxsize=16)
def load_network(path: str) -> Network:
    """The network at `path`, read once per process (searches share it, read-only)."""
    return Network.load(path)

