"""The registry of games: each game's package under models/ with a `plugin.py`.

A game is registered by its folder (`models/my_game/` is "my-game") holding a
`plugin.py` whose `PLUGIN` is a `GamePlugin` (models/plugin.py): adding a game is
adding its folder. A game may also live outside the package: each folder named in the
environment variable `HUNT_GAME_PATH` (separated as `PATH` is) holds game packages the
same way, imported under a module name of their own (`_hunt_game_path_<n>_<folder>`),
so they can neither shadow nor be shadowed by an installed module; a shipped game of
the same name comes first. The names are found without importing any game; a game's
modules are imported only when it is used.
"""

from __future__ import annotations

import copyreg
import os
import sys
from collections.abc import Mapping
from functools import cache
from importlib import import_module, machinery, resources, util
from pathlib import Path
from typing import Any

from hunt.errors import OptionError, RecordError, UnknownGameError, quoted
from hunt.models.game import AnyGame, AnyState
from hunt.models.players import PlayerFactory
from hunt.models.plugin import AnyPlugin, GamePlugin, check_plugin
from hunt.models.policy import AnyPolicy, GamePolicy


class RegistrationError(Exception):
    """A game's plugin.py lacks a part: a bug in the program (shown with its traceback),
    not a user's mistake, so not a `HuntError`."""


GAME_PATH = "HUNT_GAME_PATH"
"""The environment variable naming more folders of game packages."""


@cache
def _plugin_modules() -> dict[str, str]:
    """Registered name -> the module of its plugin, from the folders under models/ and
    then from those under each folder of `HUNT_GAME_PATH`."""
    found: dict[str, str] = {}
    for entry in resources.files("hunt.models").iterdir():
        if entry.is_dir() and entry.joinpath("plugin.py").is_file():
            found[entry.name.replace("_", "-")] = f"hunt.models.{entry.name}.plugin"
    for package, folder in _outside_packages().items():
        found.setdefault(folder.name.replace("_", "-"), f"{package}.plugin")
    return dict(sorted(found.items()))


@cache
def _outside_packages() -> dict[str, Path]:
    """The module name of each game package in the folders of `HUNT_GAME_PATH`, with
    its folder: `_hunt_game_path_<n>_<folder>`, n the path folder's place in the list."""
    found: dict[str, Path] = {}
    folders = [Path(text) for text in os.environ.get(GAME_PATH, "").split(os.pathsep) if text]
    for number, folder in enumerate(folders):
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir()):
            if entry.name.isidentifier() and (entry / "plugin.py").is_file():
                found[f"_hunt_game_path_{number}_{entry.name}"] = entry
    return found


def _import_outside_package(package: str) -> None:
    """Import a game package of `HUNT_GAME_PATH` under its module name (its
    `__init__.py` run if it has one), so its `plugin` and its relative imports load."""
    if package in sys.modules or package not in _outside_packages():
        return
    folder = _outside_packages()[package]
    init = folder / "__init__.py"
    spec = util.spec_from_file_location(package, init,
                                        submodule_search_locations=[str(folder)]) \
        if init.is_file() else machinery.ModuleSpec(package, None, is_package=True)
    assert spec is not None
    spec.submodule_search_locations = [str(folder)]
    module = util.module_from_spec(spec)
    sys.modules[package] = module
    if spec.loader is not None:
        spec.loader.exec_module(module)


def forget_games() -> None:
    """Find the games again on next use (after `HUNT_GAME_PATH` changed)."""
    _plugin_modules.cache_clear()
    _outside_packages.cache_clear()
    shared_game.cache_clear()


def available_games() -> list[str]:
    """The names `load_game` accepts, sorted."""
    return list(_plugin_modules())


def game_plugin(name: str) -> AnyPlugin:
    """The registration of the game called `name`; `UnknownGameError` if there is none."""
    modules = _plugin_modules()
    if name not in modules:
        raise UnknownGameError(f"no game named {quoted(name)}; "
                               f"available: {', '.join(available_games())}")
    _import_outside_package(modules[name].rpartition(".")[0])
    plugin = getattr(import_module(modules[name]), "PLUGIN", None)
    wrong = check_plugin(plugin, name)
    if wrong or not isinstance(plugin, GamePlugin):
        raise RegistrationError("; ".join(wrong))
    if isinstance(plugin.game, type):
        copyreg.pickle(plugin.game, _by_name)
    return plugin


@cache
def _policy(name: str) -> AnyPolicy:
    return game_plugin(name).policy


def game_policy(game: AnyGame) -> AnyPolicy:
    """The own player of `game`: the rules of thumb, playouts and their scoring that
    the heuristic agent and the search use. A registered game's comes from its
    plug-in; a game class may name its own `policy` (a game made for a test)."""
    own = getattr(game, "policy", None)
    if isinstance(own, GamePolicy):
        return own
    return _policy(game.info.name)


def game_players(game: AnyGame) -> Mapping[str, PlayerFactory]:
    """The hand-written players of `game` by name (`GamePlugin.players`); none for a
    game made for a test."""
    if game.info.name not in _plugin_modules():
        return {}
    return game_plugin(game.info.name).players


def load_game(name: str, /, **options: Any) -> AnyGame:
    """The game registered as `name`, with `options` (as its `options` declare them)."""
    game: AnyGame = game_plugin(name).game(**options)
    copyreg.pickle(type(game), _by_name)  # a class the plugin builds through a function
    return game


def _by_name(game: AnyGame) -> tuple[Any, ...]:
    """How a game pickles: as its registered name and options. The process that loads
    it builds the game once (`shared_game`), so a state sent to a worker process (a
    parallel search) carries no board tables with it."""
    return shared_game, (game.info.name, tuple(sorted(game.options.items())))


@cache
def shared_game(name: str, options: tuple[tuple[str, Any], ...] = ()) -> AnyGame:
    """The one game of `name` with `options` in this process: what a pickled game
    becomes (`Game.__reduce__`). Games are immutable once built, so sharing is safe."""
    return load_game(name, **dict(options))


def game_of_record(record: Mapping[str, Any]) -> AnyGame:
    """The game, with its options, that a record (full or seat) was played in."""
    if not isinstance(record, Mapping) or not isinstance(record.get("game"), str):
        raise RecordError("not a hunt game record: it has no 'game' name")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("the record's 'options' must be an object")
    try:
        return load_game(record["game"], **options)
    except (UnknownGameError, OptionError) as error:
        raise RecordError(str(error)) from None
    except TypeError:  # an option named like a parameter of the game's class ("self")
        raise RecordError(f"the record's options {quoted(sorted(options))} are not options "
                          f"of {quoted(record['game'])}") from None


def state_from_record(record: Mapping[str, Any]) -> AnyState:
    """Replay any game's record: the game and its options are read from the record."""
    state: AnyState = game_of_record(record).from_record(record)
    return state
