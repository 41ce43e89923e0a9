"""A seat's view and a choice as numbers, for any game: the input of the learned
policy and value (`hunt.solver.network`).

The view is the seat's observation (`State.observation`, JSON-like), never the state:
what a model reads is what the seat can see. It is flattened into named features
(`path=value` for a word, `path` with the number for a number, one `path=item` for
each word of a list) and the names are hashed into a fixed number of slots (the
hashing trick, Weinberger et al. 2009), so a new game needs no feature code. A choice
is hashed from the words of its text (`move ship 2 14`: each word, each word at
its place, the first two together), so the model can learn what "move", "search" or a
hex is worth in a position.

Hashing is CRC-32 of the name, the same in every process (never Python's `hash`).
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping

VIEW_SLOTS = 2048
"""Slots the view's features are hashed into."""

CHOICE_SLOTS = 512
"""Slots a choice's words are hashed into."""

SKIPPED = frozenset({"log", "seat", "game", "to_move"})
"""Observation keys left out: the event log (long, and already summed up by the rest of
the view) and the names that say only whose view it is."""

SparseVector = dict[int, float]
"""Slot -> value; the slots not named are 0."""


def slot(name: str, slots: int) -> int:
    """The slot of the feature `name`: its CRC-32 modulo `slots`."""
    return zlib.crc32(name.encode()) % slots


def view_features(observation: Mapping[str, object]) -> SparseVector:
    """The seat's view as hashed features (numbers squashed to sign * log(1 + |x|),
    so a count of 20 does not outweigh everything else)."""
    features: SparseVector = {}
    _add(features, "", observation)
    return features


def _add(features: SparseVector, path: str, value: object) -> None:
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not (path == "" and key in SKIPPED):
                _add(features, f"{path}.{key}" if path else str(key), item)
    elif isinstance(value, bool) or value is None or isinstance(value, str):
        _count(features, f"{path}={value}")
    elif isinstance(value, int | float):
        index = slot(path, VIEW_SLOTS)
        features[index] = features.get(index, 0.0) + math.copysign(
            math.log1p(abs(value)), value)
    elif isinstance(value, list | tuple):
        for place, item in enumerate(value):
            # words of a list count alike wherever they are (a hand); anything else is
            # read at its place (a track of numbers, a row of records)
            _add(features, path if isinstance(item, str) else f"{path}[{place}]", item)


def _count(features: SparseVector, name: str) -> None:
    index = slot(name, VIEW_SLOTS)
    features[index] = features.get(index, 0.0) + 1.0


def choice_features(text: str) -> tuple[int, ...]:
    """The slots of a choice's text: every word, every word at its place, the first
    two words together and the last word (distinct slots, in ascending order)."""
    words = text.split()
    names = [*words, *(f"{place}:{word}" for place, word in enumerate(words))]
    if len(words) > 1:
        names += [" ".join(words[:2]), f"last:{words[-1]}"]
    return tuple(sorted({slot(name, CHOICE_SLOTS) for name in names}))
