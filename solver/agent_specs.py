"""Agents by name: "random", "heuristic", "ismcts", "pimc", with a level or a budget.

A spec is a name, optionally followed by a colon and settings:
`ismcts:normal`, `ismcts:iterations=300`, `ismcts:time=1.5`, `pimc:iterations=500`;
`ismcts:normal,uniform` samples every consistent world alike instead of weighting
them by the game's belief (the Graf Spee tracker in The Hunt, the kept cards in
Jutland); `ismcts:depth=N` cuts playouts after N actions with the game's evaluation
(default: the game's own depth);
`ismcts:confidence=C` keeps the game's own choice unless the search's is C standard
errors better (0: always the search's); `ismcts:epsilon=E` makes that share of
playout decisions at random; `ismcts:tree=N` lets an iteration take at most N
decisions in the trees before its playout (1: flat UCB over the root actions, 0: no
limit); `ismcts:guide=W` sets the selection's bias toward the game's own choice
(W / (visits + 1); 0: none); `ismcts:temperature=T` draws the move by its
visits ** (1 / T) instead of playing the most visited (1: in proportion; mixed
play an opponent cannot read);
`ismcts:smooth` selects by Smooth UCT (sometimes the average strategy instead of UCB)
and draws the final move from the visits; `ismcts:workers=N` searches each decision
on N processes, its iterations shared among them (the hard level uses 2:
`HARD_WORKERS`); `ismcts:prior=C` selects by PUCT with the policy network's chances
(C its constant) and `ismcts:value=V` takes that share of a leaf's value from the
value network (1: no playout), the game's shipped weights
(`hunt.solver.network.shipped_weights`) unless `model=PATH` names others.
Without them each game's measured profile applies (`hunt.solver.profiles`).
`cfr:normal` solves a small game whole with CFR+ (`hunt.solver.cfr`), for a game whose
profile gives it a budget (Leduc Hold'em), with a level, `iterations=N` or `time=S`;
`level_agent` names the agent a game's levels play.
Difficulty levels only change the search budget, never what the AI may see.
"""

from __future__ import annotations

import math
import os
from dataclasses import replace

from hunt.errors import HuntError, quoted
from hunt.models.game import AnyGame
from hunt.solver.agent import Agent, HeuristicAgent, RandomAgent
from hunt.solver.cfr import CFRAgent
from hunt.solver.ismcts import ISMCTSAgent, ISMCTSConfig
from hunt.solver.network import load_network, shipped_weights
from hunt.solver.pimc import PIMCAgent
from hunt.solver.profiles import cfr_games, search_profile

LEVELS: dict[str, float] = {"easy": 0.1, "normal": 1.0, "hard": 4.0}
"""Search iterations per decision at each level, as a multiple of the game's
profile's `normal_iterations` (`hunt.solver.profiles`: the budget that answers in about
2 s a move on a 2-core machine)."""

HARD_WORKERS = 2
"""Processes the hard level searches on: a fixed number, not the machine's cores, so a
decision replays alike on every machine (on one core the parts run in turn)."""

AGENT_NAMES = ("random", "heuristic", "ismcts", "pimc", "cfr")

HARD_SECONDS = 8.0
"""The time a move at the hard level takes, about: 4 times the normal level's 2 s (see
`LEVELS`); the longest `time=` a spec from outside may ask for."""

OUTSIDE_SETTINGS = (*LEVELS, "iterations", "time", "workers", "uniform", "depth",
                    "confidence", "epsilon", "tree", "temperature", "smooth", "guide")
"""The settings a spec from outside (a web address) may carry: the budget, bounded, and
how the search plays; never `model=`, `prior=` or `value=`, which read files."""


class AgentSpecError(HuntError, ValueError):
    """An agent spec that names no agent or has a bad setting."""


def whole(text: str, least: int) -> int:
    """`text` as a whole number of at least `least`; ValueError if it is not one."""
    if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) < least:
        raise ValueError(text)
    return int(text)


def finite(text: str, least: float) -> float:
    """`text` as a finite number of at least `least` (nan and inf are refused: a time
    budget of either never ends); ValueError if it is not one."""
    number = float(text)
    if not math.isfinite(number) or number < least:
        raise ValueError(text)
    return number


def make_agent(spec: str, seed: int, game: AnyGame | None = None) -> Agent:
    """The agent `spec` describes, seeded with `seed`; levels are scaled to `game`."""
    name, _, settings = spec.strip().partition(":")
    name = name.lower()
    if name not in AGENT_NAMES:
        raise AgentSpecError(f"no agent {quoted(name)}; accepted: {', '.join(AGENT_NAMES)}")
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        return HeuristicAgent(seed)
    if name == "cfr":
        return _cfr(spec, settings, seed, game)
    normal = search_profile(game).normal_iterations
    # The search's settings, in the ISMCTSConfig that the agent runs with (PIMC reads
    # only its iterations).
    config = ISMCTSConfig(iterations=normal)
    for setting in filter(None, settings.split(",")):
        key, _, value = setting.partition("=")
        key = key.lower()
        if key != "model":  # a path keeps its case
            value = value.lower()
        try:
            if key in LEVELS and not value:
                config = replace(config, iterations=max(1, round(normal * LEVELS[key])),
                                 workers=HARD_WORKERS if key == "hard" else 1)
            elif key == "iterations":
                config = replace(config, iterations=whole(value, 1))
            elif key == "time" and name == "ismcts":
                config = replace(config, time_limit=finite(value, 0.01), iterations=None)
            elif key == "uniform" and not value and name == "ismcts":
                config = replace(config, use_belief=False)
            elif key == "depth" and name == "ismcts":
                config = replace(config, rollout_depth=whole(value, 0))
            elif key == "confidence" and name == "ismcts":
                config = replace(config, confidence=finite(value, 0))
            elif key == "epsilon" and name == "ismcts" and finite(value, 0) <= 1:
                config = replace(config, epsilon=finite(value, 0))
            elif key == "tree" and name == "ismcts":
                config = replace(config, tree_depth=whole(value, 0))
            elif key == "temperature" and name == "ismcts":
                config = replace(config, temperature=finite(value, 0))
            elif key == "smooth" and not value and name == "ismcts":
                config = replace(config, smooth=True)
            elif key == "workers" and name == "ismcts":
                config = replace(config, workers=whole(value, 1))
            elif key == "guide" and name == "ismcts":
                config = replace(config, guide_weight=finite(value, 0))
            elif key == "prior" and name == "ismcts":
                config = replace(config, prior=finite(value, 0))
            elif key == "value" and name == "ismcts" and finite(value, 0) <= 1:
                config = replace(config, value=finite(value, 0))
            elif key == "model" and name == "ismcts" and value:
                config = replace(config, model=value)
            else:
                raise ValueError
        except ValueError:
            raise AgentSpecError(
                f"bad setting {quoted(setting)} in {quoted(spec)}; accepted: "
                f"{', '.join(LEVELS)}, iterations=N (from 1)"
                + (", time=S (from 0.01 s), depth=N, uniform, confidence=C, epsilon=E and "
                   "value=V (0 to 1), tree=N, temperature=T, smooth, workers=N, guide=W, prior=C, "
                   "model=PATH" if name == "ismcts" else "")
            ) from None
    if name == "ismcts":
        return ISMCTSAgent(_with_weights(config, spec, game), seed=seed)
    assert config.iterations is not None
    return PIMCAgent(iterations=config.iterations, seed=seed)


def bounded_spec(spec: str, game: AnyGame) -> str:
    """`spec` if a stranger may ask for it (`OUTSIDE_SETTINGS` only, its budget no
    larger than the hard level's on `game`, its workers no more than this machine's
    cores), else `AgentSpecError`: so an address can neither read a file nor keep
    the machine busy for ever. The settings themselves are checked by `make_agent`."""
    name, _, settings = spec.strip().partition(":")
    profile = search_profile(game)
    normal = profile.cfr_iterations if name.lower() == "cfr" else profile.normal_iterations
    hard, cores = max(1, round(normal * LEVELS["hard"])), os.cpu_count() or 1
    for setting in filter(None, settings.split(",")):
        key, _, value = (part.lower() for part in setting.partition("="))
        try:
            if key not in OUTSIDE_SETTINGS or (key == "iterations" and whole(value, 1) > hard) \
                    or (key == "time" and finite(value, 0.01) > HARD_SECONDS) \
                    or (key == "workers" and whole(value, 1) > cores):
                raise ValueError(setting)
        except ValueError:
            raise AgentSpecError(
                f"setting {quoted(setting)} is not accepted here; accepted: "
                f"{', '.join(LEVELS)}, iterations=N (at most {hard}), time=S (at most "
                f"{HARD_SECONDS:g} s), workers=N (at most {cores}), uniform, depth=N, "
                "confidence=C, epsilon=E, tree=N, temperature=T, smooth, guide=W") from None
    return spec


def _cfr(spec: str, settings: str, seed: int, game: AnyGame | None) -> Agent:
    """The CFR+ agent `spec` describes (its settings: a level, iterations=N or time=S),
    for a game whose profile gives it a budget."""
    normal = search_profile(game).cfr_iterations
    if not normal:
        raise AgentSpecError(
            f"{quoted(spec)}: CFR+ solves only a small game whose first state hides "
            f"nothing; accepted games: {', '.join(cfr_games())}")
    iterations: int | None = normal
    time_limit = None
    for setting in filter(None, settings.split(",")):
        key, _, value = (part.lower() for part in setting.partition("="))
        try:
            if key in LEVELS and not value:
                iterations = max(1, round(normal * LEVELS[key]))
            elif key == "iterations":
                iterations = whole(value, 1)
            elif key == "time":
                time_limit, iterations = finite(value, 0.01), None
            else:
                raise ValueError
        except ValueError:
            raise AgentSpecError(
                f"bad setting {quoted(setting)} in {quoted(spec)}; accepted: "
                f"{', '.join(LEVELS)}, iterations=N (from 1), time=S (from 0.01 s)") from None
    return CFRAgent(iterations, time_limit, seed=seed)


def level_agent(game: AnyGame, budget: str) -> str:
    """The spec of the agent the levels play on `game` (its profile's search) with
    `budget`: a level, "iterations=N" or "time=S"."""
    return f"{search_profile(game).search}:{budget}"


def _with_weights(config: ISMCTSConfig, spec: str, game: AnyGame | None) -> ISMCTSConfig:
    """`config` with the game's shipped weights where a prior or a network value is
    asked for and no `model=` is given; a readable network either way."""
    if not (config.prior or config.value):
        return config
    if config.model is None:
        path = shipped_weights(game.info.name) if game is not None else None
        if path is None:
            raise AgentSpecError(
                f"{quoted(spec)} asks for a network, and no weights ship for "
                f"{game.info.name if game else 'an unnamed game'}; give model=PATH (a file "
                "`hunt train` wrote)")
        config = replace(config, model=str(path))
    assert config.model is not None
    load_network(config.model)  # a WeightsError (one line) now, not in a worker
    return config
