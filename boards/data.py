"""Reading component data files shipped inside the package."""

from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import Any

from hunt.errors import BoardError

PROVENANCES = ("rulebook", "public", "reconstructed")
"""Where a value comes from: printed in the rules, confirmed publicly, or rebuilt by us."""


def read_board_file(game: str, filename: str) -> dict[str, Any]:
    """Parse `boards/<game>/<filename>` from the installed package."""
    resource = files("hunt.boards").joinpath(game, filename)
    try:
        text = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BoardError(f"board file {game}/{filename} is missing from the package") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError(f"{game}/{filename} is not valid TOML: {error}") from None


def check_provenance(where: str, table: dict[str, Any]) -> None:
    """Every table names where its values come from."""
    source = table.get("source")
    if source not in PROVENANCES:
        raise BoardError(f"{where}: 'source' is {source!r}; "
                         f"accepted: {', '.join(PROVENANCES)}")
