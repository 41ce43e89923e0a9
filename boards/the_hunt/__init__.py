"""The Hunt's components: the hex map (`map`), the cards (`cards`) and the tracks
(`tracks`), each with its schema and loader, read from the TOML files beside them."""

from hunt.boards.the_hunt.cards import THE_HUNT_CARDS
from hunt.boards.the_hunt.map import THE_HUNT_MAP, TheHuntMap, load_hunt_map
from hunt.boards.the_hunt.tracks import THE_HUNT_TRACKS, load_hunt_tracks

BOARD_SETS = (THE_HUNT_MAP, THE_HUNT_TRACKS, THE_HUNT_CARDS)
"""What each loader reads (the tracks are read with the map): `hunt.boards.catalog`
finds them here."""

__all__ = ["BOARD_SETS", "TheHuntMap", "load_hunt_map", "load_hunt_tracks"]
