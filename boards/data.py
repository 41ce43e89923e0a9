"""Reading a game's board files, checked against their schemas.

Each game's files form a `BoardSet`: the files in the order they are read (a file may
name things an earlier one defines: the tracks name hexes of the map), each with its
`Schema`, and the checks across files. `BoardSet.read()` is what every loader calls:
the parsed files, or a one-line `BoardError` naming the file, the key and what is
accepted. `BoardSet.problems()` is what `hunt board validate` prints: the same
problems, all of them.

`board_file_override` points a game's file at another path for a while (a hand-edited
or fuzzed copy), so that loading the game reads it: the loaders cache what they build
by the files' text, never by name, so an override never sees a stale build.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from hunt.boards.schema import PROVENANCES, Refs, Schema
from hunt.errors import BoardError

__all__ = ["PROVENANCES", "BoardFile", "BoardSet", "board_file_override", "board_text",
           "parse_board_text", "read_board_file"]

_OVERRIDES: ContextVar[Mapping[str, Path] | None] = ContextVar("board_overrides", default=None)


@contextmanager
def board_file_override(directory: str, filename: str, path: Path) -> Iterator[None]:
    """While inside, `boards/<directory>/<filename>` is read from `path` instead."""
    token = _OVERRIDES.set({**(_OVERRIDES.get() or {}), f"{directory}/{filename}": path})
    try:
        yield
    finally:
        _OVERRIDES.reset(token)


@cache
def _shipped_text(directory: str, filename: str) -> str:
    resource = files("hunt.boards").joinpath(directory, filename)
    try:
        return resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BoardError(f"board file {directory}/{filename} is missing from the "
                         "package") from None


def board_text(directory: str, filename: str) -> tuple[str, str]:
    """(name for messages, text) of `boards/<directory>/<filename>`, or of the file
    that overrides it."""
    path = (_OVERRIDES.get() or {}).get(f"{directory}/{filename}")
    if path is None:
        return f"{directory}/{filename}", _shipped_text(directory, filename)
    try:
        return str(path), path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BoardError(f"cannot read {path}: {getattr(error, 'strerror', None) or error}"
                         ) from None


def parse_board_text(name: str, text: str) -> dict[str, Any]:
    """The parsed TOML; `BoardError` (one line, naming the file) when it is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError(f"{name}: not valid TOML: {error}") from None


def read_board_file(directory: str, filename: str) -> dict[str, Any]:
    """Parse `boards/<directory>/<filename>` (unchecked: the loaders check it)."""
    return parse_board_text(*board_text(directory, filename))


@dataclass(frozen=True)
class BoardFile:
    """One board file: its name in the game's folder and its schema."""

    filename: str
    schema: Schema

    @property
    def stem(self) -> str:
        """The file's name without ".toml" (how loaders index the parsed files)."""
        return self.filename.removesuffix(".toml")


CrossCheck = Callable[[dict[str, dict[str, Any]]], list[tuple[str, str]]]
"""A rule across a game's files, run when each file fits its schema: its problems as
(file stem, one line)."""


@dataclass(frozen=True)
class BoardSet:
    """A game's board files, in reading order, and the checks across them."""

    game: str
    """The game's registered name ("my-game")."""
    directory: str
    """Its folder under boards/ ("my_game")."""
    files: tuple[BoardFile, ...]
    checks: tuple[CrossCheck, ...] = ()

    def file(self, stem: str) -> BoardFile:
        """The board file called `stem` (or `stem`.toml)."""
        return next(f for f in self.files if f.stem == stem.removesuffix(".toml"))

    def texts(self) -> tuple[tuple[str, str], ...]:
        """(name, text) of each file, overrides applied: the key of a loader's cache."""
        return tuple(board_text(self.directory, f.filename) for f in self.files)

    def problems(self, texts: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
        """Every problem of the files' texts, as (file name, one line)."""
        parsed: dict[str, object] = {}
        unparsed: list[tuple[str, str]] = []
        for board_file, (name, text) in zip(self.files, texts, strict=True):
            try:
                parsed[board_file.stem] = tomllib.loads(text)
            except tomllib.TOMLDecodeError as error:
                unparsed.append((name, f"not valid TOML: {error}"))
        names = {f.stem: name for f, (name, _) in zip(self.files, texts, strict=True)}
        return unparsed + [(names[stem], line) for stem, line in self.check(parsed)]

    def check(self, files: Mapping[str, object]) -> list[tuple[str, str]]:
        """Every problem of the parsed files (by stem; a missing one is not checked), as
        (stem, one line): each file against its schema, knowing the names the files
        before it define, then, when all are sound, the checks across files."""
        problems: list[tuple[str, str]] = []
        sound: dict[str, dict[str, Any]] = {}
        refs: dict[str, frozenset[str]] = {}
        for board_file in self.files:
            if board_file.stem not in files:
                continue
            data = files[board_file.stem]
            found = board_file.schema.problems(data, refs)
            problems += [(board_file.stem, line) for line in found]
            refs = _merged(refs, board_file.schema.defines(data))
            if not found:
                assert isinstance(data, dict)
                sound[board_file.stem] = data
        if not problems and len(sound) == len(self.files):
            for check in self.checks:
                problems += check(sound)
        return problems

    def read(self, texts: tuple[tuple[str, str], ...] | None = None
             ) -> dict[str, dict[str, Any]]:
        """The parsed files (by stem) of `texts` (default: the files now in force),
        every one sound; else `BoardError` naming the first problem, its file and key,
        and how many more there are. Loaders cache what they build by `texts()`."""
        texts = self.texts() if texts is None else texts
        problems = self.problems(texts)
        if problems:
            name, line = problems[0]
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise BoardError(f"{name}: {line}{more}")
        return {f.stem: tomllib.loads(text) for f, (_, text) in zip(self.files, texts,
                                                                     strict=True)}


def _merged(refs: Refs, found: Refs) -> dict[str, frozenset[str]]:
    return {**refs, **{kind: names | refs.get(kind, frozenset())
                       for kind, names in found.items()}}
