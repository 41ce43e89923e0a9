"""Game records in files: reading them with one-line errors for every way they break,
and writing them so that a crash never leaves half a file.

A record comes from outside (a file a person saved, edited or was sent), so everything
about it is bounded before it is trusted: only a regular file is read (a device such
as /dev/zero would fill the memory, a named pipe would wait for ever), at most
`MAX_RECORD_BYTES` of it, its integers at most `MAX_INT_DIGITS` digits (Python refuses
to convert longer ones) and its nesting at most `MAX_DEPTH` levels (deeper nesting
exhausts the recursion of the JSON reader and of every comparison after it).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import os
import stat
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

from hunt.errors import OutputError, RecordError, quoted, why
from hunt.models.game import AnyState
from hunt.models.registry import game_of_record, state_from_record
from hunt.models.seat_record import is_seat_record, seat_record, world_from_seat_record

MAX_RECORD_BYTES = 10_000_000
"""The largest record file read: the longest game records are about 30 kB."""
MAX_INT_DIGITS = 40
"""The longest integer a record may hold: a seed has at most 19 digits (63 bits)."""
MAX_DEPTH = 20
"""The deepest nesting of lists and objects a record may have: a real one has 3."""


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number JSON allows; a game record is plain JSON")


def load_record(path: Path) -> dict[str, Any]:
    """The JSON object in the record file `path`, read within the bounds above
    (`parse_record`)."""
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
    return parse_record(raw, str(path))  # it checks the length again: a file may grow


def parse_record(raw: bytes, name: str) -> dict[str, Any]:
    """The JSON object in the record bytes `raw` (a file's, or a record uploaded to the
    web board), within the bounds above; `name` says where it came from in an error.

    A UTF-8 byte-order mark (some editors write one) is accepted."""
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{name} has more than {MAX_RECORD_BYTES} bytes; a game record "
                          "has fewer")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(f"{name} is not UTF-8 text; a game record is JSON") from None

    def bounded_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise RecordError(f"{name} has a number of {len(digits)} digits; a game record's "
                              f"numbers have at most {MAX_INT_DIGITS}")
        return int(digits)

    try:
        data = json.loads(text, parse_int=bounded_int, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise RecordError(f"{name} is not valid JSON (line {error.lineno}, column "
                          f"{error.colno}: {error.msg}); a game record is JSON with game, "
                          "seed and actions") from None
    except RecursionError:
        data = None  # refused just below, with the depth check's message
    if data is None or nesting_depth(data) > MAX_DEPTH:
        raise RecordError(f"{name} is nested too deeply (a game record's lists and objects "
                          f"go at most {MAX_DEPTH} levels deep)")
    if not isinstance(data, dict):
        raise RecordError(f"{name} is not a game record: a JSON object with game, seed "
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
    return replay_record(read_game_record(path, game_name), str(path))


def replay_record(data: dict[str, Any], name: str) -> AnyState:
    """The last position of the full record `data` (from `name`, said in an error); a
    seat record is refused (its hidden moves are not there to replay); a sealed save
    (`sealed_record`) is opened: the program resumes it, the person still sees only
    their seat."""
    if is_sealed(data):
        data = unsealed(data, name)
    if is_seat_record(data):
        raise RecordError(f"{name} is a seat record (what the {quoted(data.get('seat'))} "
                          "saw), not a full record; `hunt hint`, `hunt analyze` and `hunt "
                          "table --resume` take it")
    try:
        return state_from_record(data)
    except RecordError as error:
        raise RecordError(f"{name}: {error}") from None


def revealed_record(path: Path, spoilers: bool = False) -> dict[str, Any]:
    """The full record in the file `path`: as it is if it is one, opened if it is a
    sealed save whose game is over (or `spoilers`: the person asked to see it anyway);
    `RecordError` for a seat record or a sealed game that goes on."""
    data = load_record(path)
    if not is_sealed(data):
        replay_record(data, str(path))  # a full record that replays, or why not
        return data
    full = unsealed(data, str(path))
    if not spoilers and not replay_record(full, str(path)).is_terminal():
        raise RecordError(f"the game in {path} is not over: its full record would show "
                          f"what the {data.get('seat')} has not seen; add --spoilers to "
                          "see it anyway")
    return full


def read_position(path: Path, game_name: str) -> tuple[AnyState, int | None]:
    """The last position of the record in `path`, full or seat, and for a seat record
    its seat. For a seat record the position is a witness (`hunt.models.seat_record`):
    a game the seat cannot tell from the real one, so only the seat's advice may be
    drawn from it. A sealed save of a game that goes on is the real position with its
    person's seat: the advice, drawn from that seat's view alone, is the one the prompt
    gave."""
    data = read_game_record(path, game_name)
    if is_sealed(data):  # the whole game, advised or analysed only for its person's
        state = replay_record(data, str(path))  # seat until it is over
        seat = recorded_seat(data)
        seats = state.game.info.seat_names
        return state, None if state.is_terminal() or seat not in seats else seats.index(seat)
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
        if is_sealed(saved):
            saved = unsealed(saved, str(path))
    except RecordError:
        return False
    record = state.to_record()
    actions = saved.get("actions")
    return all(saved.get(key) == record[key] for key in ("game", "options", "seed")) \
        and isinstance(actions, list) and actions == record["actions"][:len(actions)]


def saved_seat(path: Path) -> str | None:
    """The seat a person played in the game saved in `path` (None if not recorded)."""
    try:
        seat = recorded_seat(load_record(path))
    except RecordError:
        return None
    return seat


def recorded_seat(record: dict[str, Any]) -> str | None:
    """The seat a person played in the game of `record` (a full record's `human`, a
    sealed save's seat), None if it names none."""
    seat = record.get("seat") if is_sealed(record) else record.get("human")
    return seat if isinstance(seat, str) else None


def writable_file(target: str | Path) -> Path:
    """The regular file that writing `target` would write, or `OutputError` saying why
    it cannot be written.

    `~` is expanded and a symbolic link is followed to the file it names (so the link
    stays a link); what exists must be a regular file the user may write (never a
    folder or a device such as /dev/null); its folder is made if missing and must be
    writable. A probe file is made and removed there, so a failure shows now, not after
    a game or a long run."""
    text = str(target)
    if not text.strip() or "\0" in text:
        raise OutputError(f"{quoted(text)} is not a file name; give a path such as "
                          "games/mine.json")
    path = Path(os.path.realpath(Path(text).expanduser()))
    try:
        if path.exists() and not path.is_file():
            raise OutputError(f"{quoted(str(path))} is not a regular file; give the path "
                              "of a file to write")
        if path.exists() and not os.access(path, os.W_OK):
            raise OutputError(f"{quoted(str(path))} is read-only; give a file you may write")
        if path.parent.exists() and not path.parent.is_dir():
            raise OutputError(f"{quoted(str(path.parent))} is not a folder; give a file "
                              "in a folder you may write")
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        raise OutputError(f"cannot write {quoted(str(path))}: {why(error)}; "
                          "give a file in a folder you may write") from None
    return path


def save_record(state: AnyState, target: str | Path, human: int | None = None) -> Path:
    """Write the game's record to `target` (see `writable_file`) atomically and
    durably: a crash or a kill never leaves half a file, and what the file says has
    reached the disk before the screen shows it. `human` is the seat `hunt play
    --resume` gives back to the person; a game with a person in it is saved sealed
    (`sealed_record`). Returns the file written; `OutputError` (and no file left
    behind) if it cannot be written."""
    record = full_record(state) if human is None else sealed_record(state, human)
    return write_record(record, target)


SEALED_FORMAT = "zlib+base64"
"""How a sealed save encodes the full record: JSON, compressed, in base64 text."""


def sealed_record(state: AnyState, human: int) -> dict[str, Any]:
    """A save that does not spoil the game at a glance: the record of what the
    person's seat `human` saw, in clear (`hunt hint` and `hunt analyze` read it as the
    seat's), with the full record beside it encoded under `sealed`. The program opens
    it to resume the game (`replay_record`); `hunt record reveal` shows it once the
    game is over. An encoding, not a lock: it keeps the other side's cards out of
    sight of a person who opens the file, as a face-down card does."""
    full = json.dumps(full_record(state, human), separators=(",", ":")).encode()
    record = seat_record(state, human)
    record["sealed"] = {"encoding": SEALED_FORMAT,
                        "data": base64.b64encode(zlib.compress(full, 9)).decode("ascii")}
    return record


def is_sealed(record: dict[str, Any]) -> bool:
    """Whether `record` is a sealed save (`sealed_record`)."""
    return "sealed" in record


def unsealed(record: dict[str, Any], name: str) -> dict[str, Any]:
    """The full record inside the sealed save `record` (from `name`, said in an
    error), within the bounds of any record (`parse_record`)."""
    sealed = record.get("sealed")
    encoded = sealed.get("data") if isinstance(sealed, dict) else None
    if not isinstance(sealed, dict) or sealed.get("encoding") != SEALED_FORMAT \
            or not isinstance(encoded, str):
        raise RecordError(f"{name}: its 'sealed' part is not one hunt reads; accepted: "
                          f"an object with encoding {SEALED_FORMAT!r} and its data")
    try:
        inflate = zlib.decompressobj()
        # bounded: a small file must not inflate to gigabytes
        raw = inflate.decompress(base64.b64decode(encoded, validate=True),
                                 MAX_RECORD_BYTES + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise RecordError(f"{name}: its 'sealed' part is damaged (not the {SEALED_FORMAT} "
                          "hunt wrote)") from None
    full = parse_record(raw, f"{name}'s sealed part")
    if is_sealed(full) or is_seat_record(full) or full.get("game") != record.get("game"):
        raise RecordError(f"{name}: its 'sealed' part is not the full record of its game")
    return full


def full_record(state: AnyState, human: int | None = None) -> dict[str, Any]:
    """The game's full record, naming `human` (if given) as the person's seat."""
    record = state.to_record()
    if human is not None:
        record["human"] = state.game.info.seat_names[human]
    return record


def write_record(record: dict[str, Any], target: str | Path) -> Path:
    """Write the JSON record `record` to `target` as `save_record` does: atomically and
    durably, or `OutputError` and no file left behind."""
    path = writable_file(target)
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(record, stream, indent=1)
            stream.write("\n")
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise OutputError(f"cannot write {quoted(str(path))}: "
                          f"{why(error)}") from None
    finally:  # every failure path, an interrupt too, removes the half-written copy
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return path


def default_save_dir() -> Path:
    """Where games are saved unless told otherwise: $HUNT_SAVE_DIR, else the user's
    state folder ($XDG_STATE_HOME/hunt or ~/.local/state/hunt)."""
    if os.environ.get("HUNT_SAVE_DIR"):
        return Path(os.environ["HUNT_SAVE_DIR"])
    state_home = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state_home) / "hunt"


def new_save_path(game_name: str, folder: Path | None = None) -> Path:
    """A save file for a new game that names no seed (the seed is secret) and is
    not taken yet: GAME-DATE-TIME.json in `folder` (default: `default_save_dir()`),
    numbered if need be."""
    folder = default_save_dir() if folder is None else folder
    path = folder / f"{game_name}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    return numbered(path) if path.exists() else path


def reserved_save_path(game_name: str, folder: Path | None = None) -> Path:
    """`new_save_path`, made here (empty, the folder too if missing) so that no other
    game takes it: the file is created exclusively, so games started at once (threads
    or processes, in the same second) never share one. `OutputError` if the folder
    cannot be written."""
    path = new_save_path(game_name, folder)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            try:
                with open(path, "x", encoding="utf-8"):
                    return path
            except FileExistsError:  # taken a moment ago: the next number
                path = numbered(path)
    except OSError as error:
        raise OutputError(f"cannot make a save file in {quoted(str(path.parent))}: "
                          f"{why(error)}") from None


GAME_NUMBER_DIGITS = 3
"""Digits of the number `numbered` gives a session's game: up to game 999."""


def numbered(path: Path) -> Path:
    """The save file of the game after the one saved in `path`, beside it and not
    taken yet: game.json, then game-2.json, game-3.json, ... A name's last part counts
    as a game's number only if it is at most `GAME_NUMBER_DIGITS` digits (a default
    save file ends in the time, GAME-20261202-163637.json: its next is ...-163637-2)."""
    stem, _, number = path.stem.rpartition("-")
    if not (stem and number.isascii() and number.isdigit()
            and len(number) <= GAME_NUMBER_DIGITS):
        stem, number = path.stem, "1"
    following = int(number) + 1
    while (candidate := path.with_name(f"{stem}-{following}{path.suffix}")).exists():
        following += 1
    return candidate
