"""Leduc Hold'em's deck and betting limits (boards/leduc/rules.toml)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hunt.boards.data import check_provenance, read_board_file
from hunt.errors import BoardError


@dataclass(frozen=True)
class LeducRules:
    """The numbers that define the game."""

    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    ante: int
    raise_sizes: tuple[int, ...]
    """The raise amount in each betting round."""
    max_raises: int


@cache
def load_leduc_rules() -> LeducRules:
    """Read and check boards/leduc/rules.toml."""
    data = read_board_file("leduc", "rules.toml")
    try:
        deck, betting = data["deck"], data["betting"]
        check_provenance("leduc deck", deck)
        check_provenance("leduc betting", betting)
        rules = LeducRules(tuple(deck["ranks"]), tuple(deck["suits"]), int(betting["ante"]),
                           tuple(int(n) for n in betting["raise_sizes"]),
                           int(betting["max_raises"]))
    except (KeyError, TypeError, ValueError) as error:
        raise BoardError(f"leduc/rules.toml: missing or bad value {error}") from None
    if len(rules.raise_sizes) != 2 or rules.ante < 1 or rules.max_raises < 0:
        raise BoardError("leduc/rules.toml: two raise sizes, an ante of 1 or more and "
                         "max_raises of 0 or more are needed")
    return rules
