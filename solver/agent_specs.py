"""Agents by name: "random", "heuristic", "ismcts", "pimc", "cfr", with a level or a budget,
and a game's own hand-written players by theirs (`GamePlugin.players`).

A spec is a name, optionally followed by a colon and settings: `ismcts:normal`,
`ismcts:iterations=300`, `ismcts:time=1.5,uniform`, `pimc:iterations=500`. A level
(`LEVELS`) scales the game's normal budget; every other setting of `ismcts:` is a field
of `hunt.solver.settings.ISMCTSConfig`, whose metadata gives its name, its bounds and
what it does, and from which the parser and its error message are made. Without them
each game's measured profile applies (`hunt.solver.profiles`). `cfr:normal` solves a
small game whole with CFR+ (`hunt.solver.cfr`), for a game whose profile gives it a
budget, with a level, `iterations=N` or `time=S`; `level_agent` names the agent a
game's levels play. Difficulty levels only change the search budget, never what the
AI may see.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import replace

from hunt.errors import HuntError, quoted
from hunt.models.game import AnyGame
from hunt.models.plugin import plural
from hunt.models.registry import game_players
from hunt.solver.agent import Agent, HeuristicAgent, PlayerAgent, RandomAgent
from hunt.solver.cfr import CFRAgent
from hunt.solver.ismcts import ISMCTSAgent
from hunt.solver.network import load_network, shipped_weights
from hunt.solver.pimc import PIMCAgent
from hunt.solver.profiles import cfr_games, search_profile
from hunt.solver.settings import (
    SPEC_KEYS,
    ISMCTSConfig,
    accepted,
    apply_setting,
    finite,
    whole,
)

LEVELS: dict[str, float] = {"easy": 0.1, "normal": 1.0, "hard": 4.0}
"""Search iterations per decision at each level, as a multiple of the game's
profile's `normal_iterations` (`hunt.solver.profiles`: a budget that answers within about
1 s a move on a 2-core machine)."""


def level_iterations(normal: int, level: str) -> int:
    """The iterations `level` (a key of `LEVELS`) searches where the normal level
    searches `normal`: at least one."""
    return max(1, round(normal * LEVELS[level]))


HARD_WORKERS = 2
"""Processes the hard level searches on: a fixed number, not the machine's cores, so a
decision replays alike on every machine (on one core the parts run in turn)."""

AGENT_NAMES = ("random", "heuristic", "ismcts", "pimc", "cfr")

POPULATION = ("random", "heuristic", "pimc", "ismcts:normal,tree=0")
"""The generic members of the population an agent is measured against
(`hunt arena --population`): chance's floor, the game's rule of thumb, determinized
search, and the full-tree search at the normal budget; each game adds its hand-written
players (`population`)."""

PIMC_SETTINGS = ("iterations",)
"""The settings a `pimc:` spec may give besides a level (PIMC has no tree to shape)."""
CFR_SETTINGS = ("iterations", "time")
"""The settings a `cfr:` spec may give besides a level: its budget."""

HARD_SECONDS = 8.0
"""The longest `time=` a spec from outside may ask for: well above a hard move (4 times
the normal level's iterations on `HARD_WORKERS` processes, see `LEVELS`), so no level
is cut short, and bounded so a page cannot keep the server's computer busy."""

READS_FILES = ("model", "prior", "value")
"""The settings that load a network's weights from a file: never from outside."""
OUTSIDE_SETTINGS = tuple(key for key in SPEC_KEYS if key not in READS_FILES)
"""The settings a spec from outside (a web address) may carry besides a level: the
budget, bounded, and how the search plays."""


class AgentSpecError(HuntError, ValueError):
    """An agent spec that names no agent or has a bad setting."""


def make_agent(spec: str, seed: int, game: AnyGame | None = None) -> Agent:
    """The agent `spec` describes, seeded with `seed`; levels are scaled to `game`."""
    name, _, settings = spec.strip().partition(":")
    name = name.lower()
    if name not in AGENT_NAMES:
        players = game_players(game) if game is not None else {}
        if name in players and not settings:
            return PlayerAgent(name, players[name](), seed)
        why = f"{quoted(name)} takes no settings" if name in players else \
            f"no agent {quoted(name)}"
        raise AgentSpecError(f"{why}; accepted: {', '.join(agent_names(game))}")
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        return HeuristicAgent(seed)
    if name == "cfr":
        return _cfr(spec, settings, seed, game)
    normal = search_profile(game).normal_iterations
    # The search's settings, in the ISMCTSConfig that the agent runs with (PIMC reads
    # only its iterations).
    config = _parse(spec, settings, ISMCTSConfig(iterations=normal), normal,
                    tuple(SPEC_KEYS) if name == "ismcts" else PIMC_SETTINGS)
    if name == "ismcts":
        return ISMCTSAgent(_with_weights(config, spec, game), seed=seed)
    assert config.iterations is not None
    return PIMCAgent(iterations=config.iterations, seed=seed)


def agent_names(game: AnyGame | None) -> tuple[str, ...]:
    """The agent names a spec may begin with: the generic ones, then `game`'s players."""
    return (*AGENT_NAMES, *(game_players(game) if game is not None else ()))


def split_agent_specs(text: str, names: Collection[str] = AGENT_NAMES) -> list[str]:
    """"ismcts:normal,depth=40,heuristic" -> ["ismcts:normal,depth=40", "heuristic"]:
    a piece that starts an agent (its name, alone or before a colon) is the next agent;
    any other piece (key=value, a level, uniform, smooth) is a setting of the agent
    before it."""
    specs: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        setting = piece.partition(":")[0].lower() not in names
        if specs and setting and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def agent_pair(text: str, game: AnyGame) -> tuple[str, str]:
    """The two agent specs of "A,B" (`split_agent_specs` over `game`'s agent names);
    `AgentSpecError` for any other count."""
    specs = split_agent_specs(text, agent_names(game))
    if len(specs) != 2:
        raise AgentSpecError(f"{quoted(text)} names {plural(len(specs), 'agent')}; "
                             "accepted: two, e.g. tracker,heuristic or "
                             "ismcts:normal,tree=1,pimc")
    return specs[0], specs[1]


def population(game: AnyGame) -> list[str]:
    """The specs of the opponents `game` is measured against: `POPULATION`, then the
    game's hand-written players."""
    return [*POPULATION, *game_players(game)]


def _parse(spec: str, settings: str, config: ISMCTSConfig, normal: int,
           keys: tuple[str, ...]) -> ISMCTSConfig:
    """`config` with the spec's `settings` (its text after the colon) put over it in
    order: a level scales `normal`, each other setting is one of `keys` (`SPEC_KEYS`);
    `AgentSpecError` naming every accepted setting at the first bad one."""
    for setting in filter(None, settings.split(",")):
        key, _, value = setting.partition("=")
        key = key.lower()
        try:
            if key in LEVELS and not value:
                config = replace(config, iterations=level_iterations(normal, key),
                                 workers=HARD_WORKERS if key == "hard" else 1)
            elif key in keys:
                config = apply_setting(config, key, value)
            else:
                raise ValueError(key)
        except ValueError:
            raise AgentSpecError(f"bad setting {quoted(setting)} in {quoted(spec)}; accepted: "
                                 f"{', '.join(LEVELS)}, {accepted(keys)}") from None
    return config
def bounded_spec(spec: str, game: AnyGame) -> str:
    """`spec` if a stranger may ask for it (`OUTSIDE_SETTINGS` only, its budget no
    larger than the hard level's on `game`, its workers no more than this machine's
    cores), else `AgentSpecError`: so an address can neither read a file nor keep
    the machine busy for ever. The settings themselves are checked by `make_agent`."""
    name, _, settings = spec.strip().partition(":")
    profile = search_profile(game)
    normal = profile.cfr_iterations if name.lower() == "cfr" else profile.normal_iterations
    hard, cores = level_iterations(normal, "hard"), os.cpu_count() or 1
    for setting in filter(None, settings.split(",")):
        key, _, value = (part.lower() for part in setting.partition("="))
        try:
            if not ((key in LEVELS and not value) or key in OUTSIDE_SETTINGS) \
                    or (key == "iterations" and whole(value, 1) > hard) \
                    or (key == "time" and finite(value, 0.01) > HARD_SECONDS) \
                    or (key == "workers" and whole(value, 1) > cores):
                raise ValueError(setting)
        except ValueError:
            raise AgentSpecError(
                f"setting {quoted(setting)} is not accepted here; accepted: "
                f"{', '.join(LEVELS)}, {accepted(OUTSIDE_SETTINGS)}; iterations at most "
                f"{hard}, time at most {HARD_SECONDS:g} s, workers at most {cores}") from None
    return spec


def _cfr(spec: str, settings: str, seed: int, game: AnyGame | None) -> Agent:
    """The CFR+ agent `spec` describes (its settings: a level, iterations=N or time=S),
    for a game whose profile gives it a budget."""
    normal = search_profile(game).cfr_iterations
    if not normal:
        raise AgentSpecError(
            f"{quoted(spec)}: CFR+ solves only a small game whose first state hides "
            f"nothing; accepted games: {', '.join(cfr_games())}")
    # CFR+'s budget is read by the search's own budget fields: one parser, one message.
    config = _parse(spec, settings, ISMCTSConfig(iterations=normal), normal, CFR_SETTINGS)
    return CFRAgent(config.iterations, config.time_limit, seed=seed)


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
