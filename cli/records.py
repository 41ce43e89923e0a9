"""Reading game records from files, with one-line errors for every way they break.

A record comes from outside (a file a person saved, edited or was sent), so everything
about it is bounded before it is trusted: only a regular file is read (a device such
as /dev/zero would fill the memory, a named pipe would wait for ever), at most
`MAX_RECORD_BYTES` of it, its integers at most `MAX_INT_DIGITS` digits (Python refuses
to convert longer ones) and its nesting at most `MAX_DEPTH` levels (deeper nesting
exhausts the recursion of the JSON reader and of every comparison after it).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from hunt.errors import RecordError, quoted, why
from hunt.models.game import AnyState
from hunt.models.registry import game_of_record, state_from_record
from hunt.models.seat_record import is_seat_record, world_from_seat_record

MAX_RECORD_BYTES = 10_000_000
"""The largest record file read: a long game of The Hunt is about 30 kB."""
MAX_INT_DIGITS = 40
"""The longest integer a record may hold: a seed has at most 19 digits (63 bits)."""
MAX_DEPTH = 20
"""The deepest nesting of lists and objects a record may have: a real one has 3."""


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number JSON allows; a game record is plain JSON")


def load_record(path: Path) -> dict[str, Any]:
    """The JSON object in the record file `path`, read within the bounds above.

    A UTF-8 byte-order mark (some editors write one) is accepted."""
    try:
        info = os.stat(path)
        regular = stat.S_ISREG(info.st_mode)
        if regular and info.st_size <= MAX_RECORD_BYTES:
            with open(path, "rb") as stream:
                raw = stream.read(MAX_RECORD_BYTES + 1)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise RecordError(f"cannot read the record {path}: {why(error)}") from None
    if not regular:
        raise RecordError(f"{path} is not a regular file; a game record is a JSON file")
    if info.st_size > MAX_RECORD_BYTES:
        raise RecordError(f"{path} has {info.st_size} bytes; a game record has at most "
                          f"{MAX_RECORD_BYTES}")
    if len(raw) > MAX_RECORD_BYTES:  # it grew after the stat
        raise RecordError(f"{path} has more than {MAX_RECORD_BYTES} bytes; a game record "
                          "has fewer")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text; a game record is JSON") from None

    def bounded_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise RecordError(f"{path} has a number of {len(digits)} digits; a game record's "
                              f"numbers have at most {MAX_INT_DIGITS}")
        return int(digits)

    try:
        data = json.loads(text, parse_int=bounded_int, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not valid JSON (line {error.lineno}, column "
                          f"{error.colno}: {error.msg}); a game record is JSON with game, "
                          "seed and actions") from None
    except RecursionError:
        data = None  # refused just below, with the depth check's message
    if data is None or nesting_depth(data) > MAX_DEPTH:
        raise RecordError(f"{path} is nested too deeply (a game record's lists and objects "
                          f"go at most {MAX_DEPTH} levels deep)")
    if not isinstance(data, dict):
        raise RecordError(f"{path} is not a game record: a JSON object with game, seed "
                          "and actions")
    return data


def nesting_depth(value: object) -> int:
    """How many lists and objects deep `value` goes (iteratively: no recursion limit)."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth + 1)
            if deepest > MAX_DEPTH:
                return deepest
            stack.extend((child, depth + 1)
                         for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def read_record(path: Path, game_name: str | None = None) -> AnyState:
    """Replay the full record in `path` (of `game_name`, if given) to its last position;
    a seat record is refused (its hidden moves are not there to replay)."""
    data = read_game_record(path, game_name)
    if is_seat_record(data):
        raise RecordError(f"{path} is a seat record (what the {quoted(data.get('seat'))} "
                          "saw), not a full record; `hunt hint`, `hunt analyze` and `hunt "
                          "table --resume` take it")
    try:
        return state_from_record(data)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def read_position(path: Path, game_name: str) -> tuple[AnyState, int | None]:
    """The last position of the record in `path`, full or seat, and for a seat record
    its seat. For a seat record the position is a witness (`hunt.models.seat_record`):
    a game the seat cannot tell from the real one, so only the seat's advice may be
    drawn from it."""
    data = read_game_record(path, game_name)
    if not is_seat_record(data):
        return read_record(path, game_name), None
    try:
        return world_from_seat_record(game_of_record(data), data)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def read_game_record(path: Path, game_name: str | None) -> dict[str, Any]:
    """The record object in `path` (full or seat), refused if it is of another game."""
    data = load_record(path)
    if game_name is not None and data.get("game") != game_name:
        raise RecordError(f"{path} is a record of {quoted(data.get('game'))}, not {game_name!r}")
    return data


def holds_only_this_game(path: Path, state: AnyState) -> bool:
    """Whether writing `state`'s record over the file `path` loses nothing: the file is
    missing, or it is a save of this very game (same game, options and seed) at this
    position or an earlier one. Anything else (another game, a later position, a file
    that is not a record) is not overwritten without asking."""
    if not path.exists():
        return True
    try:
        saved = load_record(path)
    except RecordError:
        return False
    record = state.to_record()
    actions = saved.get("actions")
    return all(saved.get(key) == record[key] for key in ("game", "options", "seed")) \
        and isinstance(actions, list) and actions == record["actions"][:len(actions)]


def saved_seat(path: Path) -> str | None:
    """The seat a person played in the game saved in `path` (None if not recorded)."""
    try:
        seat = load_record(path).get("human")
    except RecordError:
        return None
    return seat if isinstance(seat, str) else None
