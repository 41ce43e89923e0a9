"""Jutland's components: the common deck and the six turns (`deck`), read from the
TOML files beside it."""

from hunt.boards.jutland.deck import JUTLAND, JutlandCard, JutlandTurn, load_jutland

BOARD_SETS = (JUTLAND,)
"""What the loader reads: `hunt.boards.catalog` finds it here."""

__all__ = ["BOARD_SETS", "JutlandCard", "JutlandTurn", "load_jutland"]
