"""Every game's board files, and which one a file on disk is.

`hunt board validate FILE` checks FILE as the board file it is (`identify`), with the
game's other files as shipped, through the same `BoardSet`s the loaders read; so a
file it accepts is a file the game loads.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import import_module, resources
from pathlib import Path

from hunt.boards.data import BoardFile, BoardSet, board_file_override, read_board_file
from hunt.errors import BoardError


@cache
def board_sets() -> tuple[BoardSet, ...]:
    """What each game's loaders read (a file may be in several: a game's second file
    may be read with its first), from every package under boards/ with board files:
    its `BOARD_SETS`."""
    found: list[BoardSet] = []
    for entry in sorted(resources.files("hunt.boards").iterdir(), key=lambda e: e.name):
        if entry.is_dir() and entry.joinpath("__init__.py").is_file():
            found += getattr(import_module(f"hunt.boards.{entry.name}"), "BOARD_SETS", ())
    return tuple(found)


@dataclass(frozen=True)
class Kind:
    """One board file of one game."""

    game: str
    directory: str
    file: BoardFile

    def __str__(self) -> str:
        return f"{self.game} {self.file.filename}"

    @property
    def sets(self) -> tuple[BoardSet, ...]:
        """The board sets that read this file."""
        return tuple(board_set for board_set in board_sets()
                     if board_set.directory == self.directory and self.file in board_set.files)


def kinds() -> tuple[Kind, ...]:
    """Every board file of every game, once each."""
    found: dict[tuple[str, str], Kind] = {}
    for board_set in board_sets():
        for board_file in board_set.files:
            found.setdefault((board_set.directory, board_file.filename),
                             Kind(board_set.game, board_set.directory, board_file))
    return tuple(found.values())


def games() -> list[str]:
    """The games that have board files."""
    return sorted({kind.game for kind in kinds()})


def problems(kind: Kind, path: Path) -> list[tuple[str, str]]:
    """Every problem of the file at `path` read as `kind`, with the game's other files
    as shipped: (file name, one line), from each loader that reads it, once each."""
    found: list[tuple[str, str]] = []
    with board_file_override(kind.directory, kind.file.filename, path):
        for board_set in kind.sets:
            found += [problem for problem in board_set.problems(board_set.texts())
                      if problem not in found]
    return found


def _misfit(kind: Kind, data: dict[str, object]) -> int:
    """How badly `data` fits `kind`: its problems against the schema (0 if it fits)."""
    refs: dict[str, frozenset[str]] = {}
    board_set = kind.sets[0]
    for other in board_set.files[:board_set.files.index(kind.file)]:
        for name, ids in other.schema.defines(read_board_file(kind.directory,
                                                              other.filename)).items():
            refs[name] = ids | refs.get(name, frozenset())
    return len(kind.file.schema.problems(data, refs))


def identify(path: Path, text: str) -> Kind:
    """Which board file `text` (read from `path`) is: among the files of that name
    (any file if none has it), the one whose tables it shares and fits best;
    `BoardError` if it shares no table with any."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError(f"{path}: not valid TOML: {error}") from None
    named = [kind for kind in kinds() if kind.file.filename == path.name]
    candidates = [kind for kind in named or kinds()
                  if set(data) & set(kind.file.schema.root.every_key())]
    if not candidates:
        expected = "; ".join(f"{kind} ({', '.join(kind.file.schema.root.keys)})"
                             for kind in kinds())
        raise BoardError(f"{path}: not a board file hunt can check; accepted: {expected}")
    return min(candidates, key=lambda kind: _misfit(kind, data))
