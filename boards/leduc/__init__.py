"""Leduc Hold'em's deck and betting limits (`rules`), read from the TOML file beside it."""

from hunt.boards.leduc.rules import LEDUC

BOARD_SETS = (LEDUC,)
"""What the loader reads: `hunt.boards.catalog` finds it here."""

__all__ = ["BOARD_SETS"]
