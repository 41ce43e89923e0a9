"""Hunted: Mining Colony 415's components (`data`), read from the TOML files beside it."""

from hunt.boards.hunted.data import HUNTED

BOARD_SETS = (HUNTED,)
"""What the loader reads: `hunt.boards.catalog` finds it here."""

__all__ = ["BOARD_SETS"]
