"""Reading game records from files, with one-line errors for every way they break."""

from __future__ import annotations

import json
from pathlib import Path

from hunt.errors import RecordError
from hunt.models.game import State
from hunt.models.registry import state_from_record


def read_record(path: Path, game_name: str | None = None) -> State:
    """Replay the record in `path` (of `game_name`, if given) to its last position."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read the record {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file; a game record is JSON") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not valid JSON (line {error.lineno}, column "
                          f"{error.colno}: {error.msg}); a game record is JSON with game, "
                          "seed and actions") from None
    if game_name is not None and isinstance(data, dict) and data.get("game") != game_name:
        raise RecordError(f"{path} is a record of {data.get('game')!r}, not {game_name!r}")
    try:
        return state_from_record(data)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def saved_seat(path: Path) -> str | None:
    """The seat a person played in the game saved in `path` (None if not recorded)."""
    try:
        seat = json.loads(path.read_text(encoding="utf-8")).get("human")
    except (OSError, ValueError, AttributeError):
        return None
    return seat if isinstance(seat, str) else None
