"""The registry of games: names to rules sets."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

from hunt.errors import OptionError, RecordError, UnknownGameError, quoted
from hunt.models.game import Game, State

# name -> "module:class"; modules are imported only when a game is loaded.
_GAMES: dict[str, str] = {
    "hunted": "hunt.models.hunted.rules:HuntedGame",
    "hunting-party": "hunt.models.hunting_party.rules:HuntingPartyGame",
    "jutland": "hunt.models.jutland.rules:JutlandGame",
    "leduc": "hunt.models.leduc.rules:LeducGame",
    "the-hunt": "hunt.models.the_hunt.rules:TheHuntGame",
}


def available_games() -> list[str]:
    """The names `load_game` accepts, sorted."""
    return sorted(_GAMES)


def load_game(name: str, /, **options: Any) -> Game:
    """The game registered as `name`, with `options` (each game documents its own)."""
    if name not in _GAMES:
        raise UnknownGameError(f"no game named {quoted(name)}; "
                               f"available: {', '.join(available_games())}")
    module_name, class_name = _GAMES[name].split(":")
    factory: Callable[..., Game] = getattr(import_module(module_name), class_name)
    return factory(**options)


def state_from_record(record: Mapping[str, Any]) -> State:
    """Replay any game's record: the game and its options are read from the record."""
    if not isinstance(record, Mapping) or not isinstance(record.get("game"), str):
        raise RecordError("not a hunt game record: it has no 'game' name")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("the record's 'options' must be an object")
    try:
        game = load_game(record["game"], **options)
    except (UnknownGameError, OptionError) as error:
        raise RecordError(str(error)) from None
    except TypeError:  # an option named like a parameter of the game's class ("self")
        raise RecordError(f"the record's options {quoted(sorted(options))} are not options "
                          f"of {quoted(record['game'])}") from None
    return game.from_record(record)
