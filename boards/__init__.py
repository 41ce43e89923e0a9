"""hunt.boards: what is printed on each game's components, as TOML data and loaders.

Each game's components are a package of their own, `boards/<game>/`: its TOML files
and the loaders that read them, with `BOARD_SETS` naming what they read
(`hunt.boards.catalog` finds every game's there). Every value in the data files
carries its provenance (`rulebook`, `public` or `reconstructed`) so an owner of the
game can check and correct it. Each file has one schema (`hunt.boards.schema`), which
its loader and `hunt board validate` share.
"""

from hunt.boards.data import PROVENANCES, board_file_override, read_board_file

__all__ = ["PROVENANCES", "board_file_override", "read_board_file"]
