"""Leduc Hold'em's deck and betting limits (boards/leduc/rules.toml)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from hunt.boards.data import BoardFile, BoardSet
from hunt.boards.schema import Int, ListOf, Schema, Str, Table


@dataclass(frozen=True)
class LeducRules:
    """The numbers that define the game."""

    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    ante: int
    raise_sizes: tuple[int, ...]
    """The raise amount in each betting round."""
    max_raises: int


RULES_FILE = BoardFile("rules.toml", Schema(Table(keys={
    "deck": Table(keys={"ranks": ListOf(Str(longest=1), 3, 3, unique=True),
                        "suits": ListOf(Str(longest=1), 2, 2, unique=True)}, sourced=True),
    "betting": Table(keys={"ante": Int(1, 100), "raise_sizes": ListOf(Int(1, 1000), 2, 2),
                           "max_raises": Int(0, 10)}, sourced=True)})))
"""rules.toml: the deck (the engine deals 6 cards: 3 ranks of 2 suits) and the bets."""

LEDUC = BoardSet("leduc", "leduc", (RULES_FILE,))
"""Leduc's board file."""


def load_leduc_rules() -> LeducRules:
    """The rules (boards/leduc/rules.toml, or the file that overrides it), checked."""
    return _leduc_rules(LEDUC.texts())


@lru_cache(maxsize=8)
def _leduc_rules(texts: tuple[tuple[str, str], ...]) -> LeducRules:
    data = LEDUC.read(texts)["rules"]
    deck, betting = data["deck"], data["betting"]
    return LeducRules(tuple(deck["ranks"]), tuple(deck["suits"]), betting["ante"],
                      tuple(betting["raise_sizes"]), betting["max_raises"])
