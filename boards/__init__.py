"""hunt.boards: what is printed on each game's components, as TOML data and loaders.

Every value in the data files carries its provenance (`rulebook`, `public` or
`reconstructed`) so an owner of the game can check and correct it. Each file has one
schema (`hunt.boards.schema`), which its loader and `hunt board validate` share.
"""

from hunt.boards.data import PROVENANCES, board_file_override, read_board_file
from hunt.boards.jutland_deck import JutlandCard, JutlandTurn, load_jutland
from hunt.boards.the_hunt_map import HuntMap, load_hunt_map, load_map
from hunt.boards.the_hunt_tracks import load_hunt_tracks

__all__ = ["PROVENANCES", "HuntMap", "JutlandCard", "JutlandTurn", "board_file_override",
           "load_hunt_map", "load_hunt_tracks", "load_jutland", "load_map",
           "read_board_file"]
