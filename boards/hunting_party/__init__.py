"""Hunting Party's components (`data`), read from the TOML files beside it."""

from hunt.boards.hunting_party.data import HUNTING_PARTY

BOARD_SETS = (HUNTING_PARTY,)
"""What the loader reads: `hunt.boards.catalog` finds it here."""

__all__ = ["BOARD_SETS"]
