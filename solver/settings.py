"""Every setting of one search, declared once: its field, its spec name, its bounds, its help.

`ISMCTSConfig` is what `ISMCTS` and `ISMCTSAgent` run with. Each field's metadata
(`SpecKey`) says how an agent spec names it (`ismcts:tree=1`), how its text is read and
checked, and what it means; the spec parser (`apply_setting`) and its "accepted: ..."
message (`accepted`) are made from them, so a new setting is one field. The shape
fields (`SHAPE_FIELDS`: those a game's `SearchProfile` also has) default to None: the
game's profile's, put under the spec's by `ISMCTSConfig.over`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from hunt.models.profile import SearchProfile
from hunt.solver.budget import check_budget


def whole(text: str, least: int) -> int:
    """`text` as a whole number of at least `least`; ValueError if it is not one."""
    if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) < least:
        raise ValueError(text)
    return int(text)


def finite(text: str, least: float, most: float = math.inf) -> float:
    """`text` as a finite number from `least` to `most` (nan and inf are refused: a
    time budget of either never ends); ValueError if it is not one."""
    number = float(text)
    if not math.isfinite(number) or not least <= number <= most:
        raise ValueError(text)
    return number


@dataclass(frozen=True)
class SpecKey:
    """How an agent spec sets one field of `ISMCTSConfig`."""

    key: str
    """The name in a spec: "tree" in `ismcts:tree=1`."""
    accepts: str
    """What the error message lists for it: "tree=N"."""
    parse: Callable[[str], Any]
    """The field's value from the text after "=" (lower case unless `keep_case`);
    ValueError if the text is not accepted. A bare word's parser is given ""."""
    help: str
    """What the setting does, in one line."""
    clears: str | None = None
    """A field this setting sets to None: a time budget replaces the iterations."""
    keep_case: bool = False
    """Read the text as typed (a path), not lower-cased."""


def _bare(value: object) -> Callable[[str], object]:
    """The parser of a bare word (`uniform`): `value`, and no text after it."""
    def parse(text: str) -> object:
        if text:
            raise ValueError(text)
        return value
    return parse


def _path(text: str) -> str:
    if not text:
        raise ValueError(text)
    return text


def _spec(key: str, accepts: str, parse: Callable[[str], Any], help: str,
          **more: Any) -> dict[str, SpecKey]:
    """A field's metadata: how a spec names it (`SpecKey`)."""
    return {"spec": SpecKey(key, accepts, parse, help, **more)}


@dataclass(frozen=True)
class ISMCTSConfig:
    """Every setting of one search, in one place: `ISMCTS`, `ISMCTSAgent` and the agent
    specs (`hunt.solver.agent_specs`) all take this; each field's `SpecKey` (its
    metadata) says what it does. The budget is `iterations`, `time_limit` or both
    (whichever ends first)."""

    iterations: int | None = field(default=1000, metadata=_spec(
        "iterations", "iterations=N (>= 1)", lambda text: whole(text, 1),
        "iterations per decision; None: only the time limit counts"))
    time_limit: float | None = field(default=None, metadata=_spec(
        "time", "time=S (>= 0.01)", lambda text: finite(text, 0.01),
        "seconds per decision, instead of the iterations; None: only the iterations count",
        clears="iterations"))
    exploration: float = field(default=0.7, metadata={})
    """UCB's exploration constant (no spec sets it)."""
    rollout_depth: int | None = field(default=None, metadata=_spec(
        "depth", "depth=N", lambda text: whole(text, 0),
        "actions a playout takes before the game's evaluation; None: the game's profile's"))
    guide_weight: float = field(default=5.0, metadata=_spec(
        "guide", "guide=W", lambda text: finite(text, 0),
        "progressive bias W / (visits + 1) toward the game's own choice; 0: none"))
    use_belief: bool = field(default=True, metadata=_spec(
        "uniform", "uniform", _bare(False),
        "weight the samples by the game's belief; uniform: every consistent world alike"))
    confidence: float | None = field(default=None, metadata=_spec(
        "confidence", "confidence=C", lambda text: finite(text, 0),
        "standard errors by which the search's choice must beat the game's own choice "
        "(0: the search's always); None: the game's profile's"))
    epsilon: float | None = field(default=None, metadata=_spec(
        "epsilon", "epsilon=E (<= 1)", lambda text: finite(text, 0, 1),
        "share of playout decisions made at random; None: the game's profile's"))
    tree_depth: int | None = field(default=None, metadata=_spec(
        "tree", "tree=N", lambda text: whole(text, 0),
        "decisions an iteration takes in the trees before its playout (1: flat UCB over "
        "the root actions, 0: no limit); None: the game's profile's"))
    temperature: float | None = field(default=None, metadata=_spec(
        "temperature", "temperature=T", lambda text: finite(text, 0),
        "draw the move by visits ** (1 / T), mixed play an opponent cannot read (0: the "
        "most visited); None: the game's profile's"))
    smooth: bool | None = field(default=None, metadata=_spec(
        "smooth", "smooth", _bare(True),
        "Smooth UCT: select sometimes by the average strategy, draw the move from the "
        "visits; None: the game's profile's"))
    workers: int = field(default=1, metadata=_spec(
        "workers", "workers=N (>= 1)", lambda text: whole(text, 1),
        "processes a decision is searched on, its iterations shared among them "
        "(`hunt.solver.parallel`)"))
    model: str | None = field(default=None, metadata=_spec(
        "model", "model=PATH", _path,
        "the weights (a .npz `hunt train` wrote) of the network that guides the search; "
        "None: the game's shipped weights where a prior or a value asks for them",
        keep_case=True))
    prior: float = field(default=0.0, metadata=_spec(
        "prior", "prior=C", lambda text: finite(text, 0),
        "PUCT's constant: select by mean value + C * P(action) * sqrt(availability) / "
        "(1 + visits), P the network's chance; 0: UCB"))
    value: float = field(default=0.0, metadata=_spec(
        "value", "value=V (<= 1)", lambda text: finite(text, 0, 1),
        "the network's share of a leaf's value, the playout's the rest (1: no playout)"))

    def __post_init__(self) -> None:
        check_budget(self.iterations, self.time_limit)
        if self.workers < 1:
            raise ValueError("a search runs on 1 worker or more")
        if self.temperature is not None and self.temperature < 0:
            raise ValueError("temperature is 0 (the most visited action) or more")
        if not 0 <= self.value <= 1:
            raise ValueError("the network's share of a leaf's value is 0 to 1")

    def over(self, profile: SearchProfile) -> SearchProfile:
        """`profile` (a game's search defaults) with this config's shape fields put
        over it where they are set: the shape the search runs with."""
        return replace(profile, **{name: getattr(self, name) for name in SHAPE_FIELDS
                                   if getattr(self, name) is not None})


SHAPE_FIELDS = tuple(entry.name for entry in fields(ISMCTSConfig)
                     if entry.name in {other.name for other in fields(SearchProfile)})
"""The settings a game's profile gives defaults for (None in a config: the profile's)."""

SPEC_KEYS: dict[str, tuple[str, SpecKey]] = {
    entry.metadata["spec"].key: (entry.name, entry.metadata["spec"])
    for entry in fields(ISMCTSConfig) if "spec" in entry.metadata}
"""Each spec name, with the field it sets and how, in the fields' order."""


def accepted(keys: tuple[str, ...] = tuple(SPEC_KEYS)) -> str:
    """The settings `keys` as an error message lists them: "iterations=N (from 1), ..."."""
    return ", ".join(SPEC_KEYS[key][1].accepts for key in keys)


def apply_setting(config: ISMCTSConfig, key: str, text: str) -> ISMCTSConfig:
    """`config` with the spec setting `key` (lower case) set from `text` (as typed);
    ValueError if no field is named so or the text is not accepted."""
    if key not in SPEC_KEYS:
        raise ValueError(key)
    name, spec = SPEC_KEYS[key]
    changes: dict[str, Any] = {name: spec.parse(text if spec.keep_case else text.lower())}
    if spec.clears:
        changes[spec.clears] = None
    return replace(config, **changes)
