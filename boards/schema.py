"""Board-file schemas: a small declarative description of what a TOML board file holds.

A schema names every table of a file and every key of each table, with its type, its
range or vocabulary, whether it is required, which values must be unique and which
must name something defined elsewhere (a hex of the map, a card of the deck). The one
walk in `Schema.problems` checks a parsed file against it and says what is wrong, one
line each, naming the key and what would be accepted. A loader builds its components
only from a file with no problems, and `hunt board validate` prints the same lines, so
the two can never disagree about a file.

Rules that no single key can express (a deck's total, a route that must follow
neighbouring hexes) are the schema's `checks`: functions that run only on data that
already fits the schema, so they may index and compare without guarding every access.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

PROVENANCES = ("rulebook", "public", "reconstructed")
"""Where a value comes from: printed in the rules, confirmed publicly, or rebuilt by us."""

Refs = Mapping[str, frozenset[str]]
"""Names defined by the files read so far: a kind ("hex", "card") -> its ids."""


def shown(value: object) -> str:
    """`value` as a message quotes it: its repr, cut short (a fuzzed file may hold a
    very long string), never more than one line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def listing(names: Iterable[object]) -> str:
    """A short comma-separated list of accepted names (the first eight, then "...")."""
    ordered = sorted(str(name) for name in names)
    return ", ".join(ordered[:8]) + (", ..." if len(ordered) > 8 else "")


@dataclass
class Walk:
    """The state of one check: the problems found and the names known to it."""

    refs: Refs
    problems: list[str] = field(default_factory=list)

    def bad(self, where: str, key: str, accepted: str, value: object) -> None:
        """A value that is not what the key accepts."""
        self.problems.append(f"{at(where, key)}: expected {accepted}, got {shown(value)}")


def at(where: str, key: str) -> str:
    """The place of a key in a message: the table it is in and its dotted key path."""
    place = f"key '{key}'" if key else "the file"
    return f"{where}: {place}" if where else place


class Spec:
    """What one value may be. Subclasses say what they accept and check a value."""

    def accepts(self) -> str:
        """What the value may be, in words (completes "expected ...")."""
        raise NotImplementedError

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """Record every problem of `value` in `walk`; whether it was sound."""
        raise NotImplementedError

    def defined(self, value: object, found: dict[str, set[str]]) -> None:
        """Add the names `value` defines (see `Tables.define`) to `found`."""


@dataclass(frozen=True)
class Int(Spec):
    """A whole number (TOML integer, never a boolean) from `low` to `high`."""

    low: int | None = None
    high: int | None = None

    def accepts(self) -> str:
        """"a whole number", with its range."""
        return "a whole number" + _range(self.low, self.high)

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """A TOML integer within the range."""
        if not (isinstance(value, int) and not isinstance(value, bool)
                and _within(value, self.low, self.high)):
            walk.bad(where, key, self.accepts(), value)
            return False
        return True


@dataclass(frozen=True)
class Num(Spec):
    """A finite number (integer or float) from `low` to `high`; `above` makes `low`
    itself excluded (a probability above 0)."""

    low: float | None = None
    high: float | None = None
    above: bool = False

    def accepts(self) -> str:
        """"a number", with its range."""
        if self.above and self.low is not None:
            top = f" and at most {self.high:g}" if self.high is not None else ""
            return f"a number above {self.low:g}{top}"
        return "a number" + _range(self.low, self.high)

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """A finite number within the range."""
        sound = (isinstance(value, int | float) and not isinstance(value, bool)
                 and math.isfinite(value) and _within(value, self.low, self.high)
                 and not (self.above and value == self.low))
        if not sound:
            walk.bad(where, key, self.accepts(), value)
        return sound


def _within(value: float, low: float | None, high: float | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)


def _range(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {low:g} to {high:g}"
    if low is not None:
        return f" of {low:g} or more"
    return f" of {high:g} or less" if high is not None else ""


@dataclass(frozen=True)
class Bool(Spec):
    """true or false."""

    def accepts(self) -> str:
        """"true or false"."""
        return "true or false"

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """A TOML boolean."""
        if not isinstance(value, bool):
            walk.bad(where, key, self.accepts(), value)
            return False
        return True


@dataclass(frozen=True)
class Str(Spec):
    """A non-empty string: one of `choices` if given, a name of the kind `ref` if
    given (defined by some file's `Tables.define`), or `digits` long and all digits."""

    choices: tuple[str, ...] = ()
    ref: str = ""
    digits: int = 0
    empty: bool = False
    """Whether "" is accepted."""
    longest: int = 0
    """The most characters it may have (0: no limit)."""

    def accepts(self) -> str:
        """The vocabulary, or what kind of name."""
        if self.choices:
            return "one of " + ", ".join(self.choices)
        if self.ref:
            return f"the name of a {self.ref}"
        if self.digits:
            return f"a string of {self.digits} digits like \"{'0' * (self.digits - 1)}6\""
        if self.longest:
            return f"a string of 1 to {self.longest} characters"
        return "a string" if self.empty else "a non-empty string"

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """A string in the vocabulary, naming a known thing, or of the given form."""
        if not isinstance(value, str) or not (value or self.empty) or (
                self.choices and value not in self.choices) or (
                self.digits and not (len(value) == self.digits and value.isdigit()
                                     and value.isascii())) or (
                self.longest and len(value) > self.longest):
            walk.bad(where, key, self.accepts(), value)
            return False
        if self.ref and value not in walk.refs.get(self.ref, frozenset()):
            known = walk.refs.get(self.ref, frozenset())
            walk.problems.append(f"{at(where, key)}: {shown(value)} is not a known "
                                 f"{self.ref}; accepted: {listing(known) or 'none defined'}")
            return False
        return True


@dataclass(frozen=True)
class Either(Spec):
    """Any of several specs (e.g. a count or a word)."""

    options: tuple[Spec, ...]

    def accepts(self) -> str:
        """Each option's words, joined by "or"."""
        return " or ".join(option.accepts() for option in self.options)

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """Sound when some option takes the value."""
        for option in self.options:
            if option.check(value, where, key, Walk(walk.refs)):
                return True
        walk.bad(where, key, self.accepts(), value)
        return False


@dataclass(frozen=True)
class ListOf(Spec):
    """A TOML array of `item`s, `low` to `high` long, optionally without repeats."""

    item: Spec
    low: int = 0
    high: int | None = None
    unique: bool = False

    def accepts(self) -> str:
        """How many of what."""
        if self.high is not None and self.low == self.high:
            count = f"{self.low}"
        elif self.high is not None:
            count = f"{self.low} to {self.high}"
        else:
            count = f"{self.low} or more" if self.low else "any number of"
        distinct = " different" if self.unique else ""
        return f"a list of {count}{distinct} values, each {self.item.accepts()}"

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """The length, each item, and repeats."""
        if not isinstance(value, list) or not _within(len(value), self.low, self.high):
            walk.bad(where, key, self.accepts(), value)
            return False
        sound = all([self.item.check(item, where, f"{key}[{index}]", walk)
                     for index, item in enumerate(value)])
        if sound and self.unique and len({shown(item) for item in value}) != len(value):
            walk.bad(where, key, self.accepts(), value)
            return False
        return sound


@dataclass(frozen=True)
class Table(Spec):
    """A TOML table with known keys: `keys` required, `optional` may be left out; any
    other key is refused (a misspelt key would otherwise be silently ignored).

    `sourced` tables carry their provenance: `source` (one of PROVENANCES) for every
    value, and optional `sources`, a table from some of its keys to a provenance that
    overrides `source` for that key. `label` names the key that identifies an entry
    of a `Tables` in messages (its id or name)."""

    keys: Mapping[str, Spec] = field(default_factory=dict)
    optional: Mapping[str, Spec] = field(default_factory=dict)
    sourced: bool = False
    label: str = ""

    def accepts(self) -> str:
        """"a table with ..." its required keys."""
        return f"a table with {', '.join(self.keys) or 'no required keys'}"

    def every_key(self) -> dict[str, Spec]:
        """Every key the table accepts, with its spec (provenance keys included)."""
        specs = {**self.keys, **self.optional}
        if self.sourced:
            specs["source"] = Str(choices=PROVENANCES)
            specs["sources"] = Overrides(tuple(k for k in specs if k != "source"))
        return specs

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """Every required key present, no unknown key, every value sound."""
        if not isinstance(value, dict):
            walk.bad(where, key, self.accepts(), value)
            return False
        specs = self.every_key()
        required = [*self.keys, *(["source"] if self.sourced else [])]
        sound = True
        prefix = f"{key}." if key else ""
        for name in required:
            if name not in value:
                walk.problems.append(f"{at(where, prefix + name)} is missing; expected "
                                     f"{specs[name].accepts()}")
                sound = False
        for name, item in value.items():
            spec = specs.get(name)
            if spec is None:
                walk.problems.append(f"{at(where, prefix + name)} is unknown; accepted: "
                                     f"{', '.join(specs)}")
                sound = False
            elif not spec.check(item, where, prefix + name, walk):
                sound = False
        return sound

    def defined(self, value: object, found: dict[str, set[str]]) -> None:
        """The names defined by the tables it holds."""
        if isinstance(value, dict):
            for name, spec in self.every_key().items():
                if name in value:
                    spec.defined(value[name], found)


@dataclass(frozen=True)
class Overrides(Spec):
    """A `sources` table: some of the table's own keys -> a provenance."""

    fields: tuple[str, ...]

    def accepts(self) -> str:
        """What `sources` holds."""
        return (f"a table from keys of this table ({', '.join(self.fields)}) to one of "
                f"{', '.join(PROVENANCES)}")

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """Known keys, known provenances."""
        if not (isinstance(value, dict) and all(
                name in self.fields and item in PROVENANCES for name, item in value.items())):
            walk.bad(where, key, self.accepts(), value)
            return False
        return True


@dataclass(frozen=True)
class MapOf(Spec):
    """A TOML table whose keys are data (Force letters, player counts): each key is
    one of `names`, each value a `value`; `every` requires all of `names`."""

    names: tuple[str, ...]
    value: Spec
    every: bool = False

    def accepts(self) -> str:
        """Which keys, what values."""
        which = "every one" if self.every else "any"
        return (f"a table with {which} of the keys {', '.join(self.names)}, "
                f"each {self.value.accepts()}")

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """Known keys (all of them when `every`), sound values."""
        if not isinstance(value, dict) or any(name not in self.names for name in value) or (
                self.every and len(value) != len(self.names)):
            walk.bad(where, key, self.accepts(), value)
            return False
        return all([self.value.check(item, where, f"{key}.{name}", walk)
                    for name, item in value.items()])


@dataclass(frozen=True)
class Tables(Spec):
    """A TOML array of tables (`[[card]]`), `low` to `high` entries.

    `unique` keys may not repeat between entries; `define` maps a key to the kind of
    name its values define ({"id": "hex"}), which `Str(ref="hex")` values elsewhere
    (in this file or in a file read after it) must name."""

    table: Table
    low: int = 1
    high: int | None = None
    unique: tuple[str, ...] = ()
    define: Mapping[str, str] = field(default_factory=dict)

    def accepts(self) -> str:
        """How many tables."""
        count = f"{self.low} to {self.high}" if self.high is not None else f"{self.low} or more"
        return f"an array of {count} tables ([[...]])"

    def check(self, value: object, where: str, key: str, walk: Walk) -> bool:
        """Each entry, then the unique keys across entries."""
        if not isinstance(value, list) or not _within(len(value), self.low, self.high):
            walk.bad(where, key, self.accepts(), value)
            return False
        sound = True
        seen: dict[str, set[object]] = {name: set() for name in self.unique}
        for index, entry in enumerate(value, start=1):
            label = entry.get(self.table.label) if isinstance(entry, dict) else None
            place = f"[[{key}]] #{index}" + (f" {shown(label)}" if isinstance(label, str)
                                             else "")
            if not self.table.check(entry, place, "", walk):
                sound = False
                continue
            for name in self.unique:
                if name in entry and shown(entry[name]) in seen[name]:
                    walk.problems.append(f"{at(place, name)}: {shown(entry[name])} is used "
                                         f"twice; each [[{key}]] needs its own {name}")
                    sound = False
                elif name in entry:
                    seen[name].add(shown(entry[name]))
        return sound

    def defined(self, value: object, found: dict[str, set[str]]) -> None:
        """The string values of the defining keys."""
        if isinstance(value, list):
            for entry in value:
                if isinstance(entry, dict):
                    for name, kind in self.define.items():
                        if isinstance(entry.get(name), str):
                            found.setdefault(kind, set()).add(entry[name])


Check = Callable[[dict[str, Any], Refs], list[str]]
"""A rule across keys, run on data that fits the schema: its problems, one line each."""


@dataclass(frozen=True)
class Schema:
    """One board file: its top-level tables and keys (`root`) and the rules across
    keys (`checks`, run only when every key is sound)."""

    root: Table
    checks: tuple[Check, ...] = ()

    def problems(self, data: object, refs: Refs) -> list[str]:
        """Every problem of the parsed file `data`, one line each; `refs` are the names
        other files define. Names this file defines are known to it as well."""
        found = self.defines(data)
        known = {**refs, **{kind: frozenset(names) | refs.get(kind, frozenset())
                            for kind, names in found.items()}}
        walk = Walk(known)
        if self.root.check(data, "", "", walk):
            assert isinstance(data, dict)
            for check in self.checks:
                walk.problems += check(data, known)
        return walk.problems

    def defines(self, data: object) -> dict[str, frozenset[str]]:
        """The names the file defines, by kind (see `Tables.define`)."""
        found: dict[str, set[str]] = {}
        self.root.defined(data, found)
        return {kind: frozenset(names) for kind, names in found.items()}
