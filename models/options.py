"""Game options, declared once per game (OpenSpiel's parameter specification).

Each `Game` class declares its options as an `OptionSpec`: name, type, default,
accepted values and help of each. The same declaration checks the keywords of
`load_game` (and so the options of a record), reads the CLI's `-o key=value` text,
lists the options in `hunt games`, and words every error, one line each.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hunt.errors import OptionError, quoted

WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,19}")
"""An option's whole number as typed: a sign at most, then ASCII digits."""


@dataclass(frozen=True)
class Option:
    """One option of a game."""

    name: str
    type: type
    """bool, int, float, str, or dict: a mapping of the `choices` (as keys) to chances
    above 0, at most 1 (hit rates by kind)."""
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    """The accepted values (keys, for a dict); empty: any value of the type."""
    recorded: bool = False
    """Whether a record keeps the option even at its default (older records did)."""

    def accepted(self) -> str:
        """The accepted values in words, for help and errors."""
        if self.type is bool:
            return "true or false"
        if self.type is dict:
            return (f"an object of {', '.join(self.choices)} to a chance above 0, at most 1 "
                    "(on the command line: KEY=P,KEY=P)")
        if self.type is int and len(self.choices) > 2 \
                and list(self.choices) == list(range(self.choices[0], self.choices[-1] + 1)):
            return f"a whole number from {self.choices[0]} to {self.choices[-1]}"
        if self.choices:
            return ", ".join(map(str, self.choices)) if len(self.choices) > 2 \
                else " or ".join(map(str, self.choices))
        return {int: "a whole number", float: "a number", str: "text"}.get(self.type, "?")

    def check(self, value: Any) -> Any:
        """`value` if this option accepts it, else an `OptionError` in one line. Types
        are checked, not assumed: options may come from a record file (and a bool is
        never a number)."""
        if self.type is dict:
            return self._check_mapping(value)
        right_type = type(value) is self.type or (
            self.type is float and type(value) is int)
        if not right_type or (self.choices and value not in self.choices):
            raise OptionError(f"{self.name} must be {self.accepted()}, not {quoted(value)}")
        return value

    def _check_mapping(self, value: Any) -> dict[str, float]:
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise OptionError(f"{self.name} {quoted(value)}: must be {self.accepted()}")
        for key, chance in value.items():
            if key not in self.choices:
                raise OptionError(f"{self.name}: no key {quoted(key)}; accepted: "
                                  f"{', '.join(self.choices)}")
            if isinstance(chance, bool) or not isinstance(chance, int | float) \
                    or not 0 < chance <= 1:
                raise OptionError(f"{self.name} {key}={quoted(chance)}: a number above 0, "
                                  "at most 1")
        return dict(value)

    def parse(self, text: str) -> Any:
        """The value of `-o NAME=TEXT`, checked; an `OptionError` in one line."""
        value: Any = text
        stripped = text.strip()
        if self.type is bool:
            value = {"true": True, "yes": True, "1": True, "false": False, "no": False,
                     "0": False}.get(stripped.lower(), text)
        elif self.type is int:
            # ASCII digits only: str.isdigit takes "²" and "①", which int() refuses
            value = int(stripped) if WHOLE_NUMBER.fullmatch(stripped) else text
        elif self.type is float:
            try:
                number = float(stripped)
                value = number if math.isfinite(number) else text
            except ValueError:
                pass
        elif self.type is str:
            value = stripped.lower()
        elif self.type is dict:
            value = {}
            for pair in stripped.split(","):
                key, equals, chance = pair.partition("=")
                try:
                    value[key.strip().lower()] = float(chance)
                except ValueError:
                    raise OptionError(f"{self.name}={quoted(text)} is not KEY=P "
                                      f"(e.g. {self.choices[0]}=0.5)") from None
                if not equals:
                    raise OptionError(f"{self.name}={quoted(text)} is not KEY=P")
        return self.check(value)


@dataclass(frozen=True)
class OptionSpec:
    """Every option of one game."""

    game: str
    """The game's registered name, for messages."""
    options: tuple[Option, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The option names, in declared order."""
        return tuple(option.name for option in self.options)

    def option(self, name: str) -> Option:
        """The option called `name` (a hyphen reads as an underscore), or an
        `OptionError` naming the accepted ones."""
        for option in self.options:
            if option.name == name.strip().lower().replace("-", "_"):
                return option
        raise OptionError(f"{self.game} has no option {_named(name)}; accepted: "
                          + (", ".join(self.names) or "none"))

    def check(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value: each given one checked, the others at their default."""
        unknown = sorted(name for name in given if name not in self.names)
        if unknown:
            raise OptionError(f"{self.game} has no option {', '.join(map(_named, unknown))}; "
                              "accepted: " + (", ".join(self.names) or "none"))
        try:
            return {option.name: option.check(given[option.name]) if option.name in given
                    else option.default for option in self.options}
        except OptionError as error:
            raise OptionError(f"{self.game}: {error}") from None

    def recorded(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The options a record keeps: those not at their default, and those declared
        `recorded` (so a record's "options" object keeps the keys it always had)."""
        return {option.name: values[option.name] for option in self.options
                if option.recorded or values[option.name] != option.default}

    def parse(self, pairs: Iterable[str]) -> dict[str, Any]:
        """The options of `-o NAME=VALUE` texts (a later one for the same dict option
        adds to it), each checked; an `OptionError` in one line."""
        chosen: dict[str, Any] = {}
        for pair in pairs:
            name, equals, text = pair.partition("=")
            if not equals:
                raise OptionError(f"-o {quoted(pair)} is not NAME=VALUE; options of "
                                  f"{self.game}: " + (", ".join(self.names) or "none"))
            option = self.option(name)
            try:
                value = option.parse(text)
            except OptionError as error:
                raise OptionError(f"{self.game}: {error}") from None
            if option.type is dict and option.name in chosen:
                value = {**chosen[option.name], **value}
            chosen[option.name] = value
        return chosen

    def describe(self) -> list[str]:
        """One line per option: name, accepted values, default, help."""
        return [f"-o {option.name}=...  {option.help} Accepted: {option.accepted()}; "
                f"default: {_shown(option.default)}." for option in self.options]


def _named(name: object) -> str:
    """An option name as a message quotes it: bare if it reads as a name."""
    return name if isinstance(name, str) and name.isidentifier() else quoted(name)


def _shown(value: Any) -> str:
    """A default as a person types it: true, none, 3."""
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value in (None, {}) else str(value)
