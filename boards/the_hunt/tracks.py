"""The Hunt's tracks (tracks.toml): the Strategy track, the airplane, the German
reserve, the Force markers' battle bonuses and the rulebook's counts.

The ranges in `TRACKS_FILE` are those the rules engine can play: a hand is drawn from
an 18-card deck, a Battle plays one card a duel, at most 9 Freight Ships exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hunt.boards.data import BoardFile, BoardSet
from hunt.boards.schema import Either, Int, ListOf, MapOf, Num, Refs, Schema, Str, Table
from hunt.boards.the_hunt.cards import DECK_SIZE
from hunt.boards.the_hunt.map import FREIGHTERS, MAP_FILE

FORCES = ("G", "H", "K")
AIRPLANE_STATES = ("ready", "broken", "destroyed")
"""The airplane marker's states, in the order the rules name them."""
VARIANTS = ("standard", "historical")

HAND = Int(1, DECK_SIZE // 2)
"""A hand size: both hands of a Battle come from one 18-card deck."""
ROLL = Int(1, 6)
"""A die roll to reach (one six-sided die)."""

_BONUS = Table(keys=dict.fromkeys(FORCES, Num(-6, 6)), sourced=True)
_FORCE = Table(keys={"start": Either((Str(ref="hex"), Str(choices=("strategy",))))})

TRACKS_ROOT = Table(keys={
    "strategy": Table(keys={"spaces": Int(1, 10), "entry_hex": Str(ref="hex"),
                            "advance_cost": Int(0, 10),
                            "start": MapOf(("H", "K"), Int(1, 10), every=True)},
                      sourced=True),
    "airplane": Table(keys={"states": ListOf(Str(choices=AIRPLANE_STATES), 3, 3, unique=True),
                            "start": Str(choices=AIRPLANE_STATES),
                            "attack_bonus": Int(0, 6), "repair_cost": Int(0, 10)},
                      sourced=True),
    "reserve": Table(keys={"cap": Int(0, 10), "start": Int(0, 10)}, sourced=True),
    "forces": Table(keys=dict.fromkeys(FORCES, _FORCE), sourced=True),
    "force_bonus": Table(keys=dict.fromkeys(VARIANTS, _BONUS)),
    "game": Table(keys={"hand_size_german": HAND, "hand_size_german_altmark": HAND,
                        "hand_size_british": HAND, "battle_hand_size": HAND,
                        "duels": HAND, "freighters_on_map": Int(1, FREIGHTERS),
                        "freighters_to_win": Int(1, FREIGHTERS),
                        "search_success": ROLL, "attack_success": ROLL},
                  sourced=True)})


def _check_counts(data: dict[str, Any], refs: Refs) -> list[str]:
    """The numbers that must agree with one another."""
    problems = []
    strategy, game = data["strategy"], data["game"]
    if any(space > strategy["spaces"] for space in strategy["start"].values()):
        problems.append(f"key 'strategy.start': start spaces must be between 1 and "
                        f"{strategy['spaces']} (strategy.spaces)")
    if game["duels"] > game["battle_hand_size"]:
        problems.append("key 'game.duels': at most game.battle_hand_size "
                        f"({game['battle_hand_size']}): each duel plays a card")
    if game["hand_size_german_altmark"] < game["hand_size_german"]:
        problems.append("key 'game.hand_size_german_altmark': at least "
                        f"game.hand_size_german ({game['hand_size_german']})")
    if data["reserve"]["start"] > data["reserve"]["cap"]:
        problems.append(f"key 'reserve.start': at most reserve.cap ({data['reserve']['cap']})")
    return problems


TRACKS_FILE = BoardFile("tracks.toml", Schema(TRACKS_ROOT, (_check_counts,)))
"""tracks.toml, read after the map (its hexes are named here)."""

THE_HUNT_TRACKS = BoardSet("the-hunt", "the_hunt", (MAP_FILE, TRACKS_FILE))
"""The files the tracks are read from."""


@dataclass(frozen=True)
class TheHuntTracks:
    """The Strategy track, airplane, reserve and Force bonuses (tracks.toml)."""

    strategy_spaces: int
    entry_hex: str
    advance_cost: int
    strategy_start: dict[str, int]
    """Strategy track space of each Force that starts there (H, K)."""
    airplane_states: tuple[str, ...]
    attack_bonus: int
    repair_cost: int
    reserve_cap: int
    force_bonus: dict[str, dict[str, float]]
    """Variant ("standard", "historical") -> Force -> battle bonus."""
    rules: dict[str, int]
    """The counts in [game]: hand sizes, duels, freighters to win, success rolls."""


def load_hunt_tracks() -> TheHuntTracks:
    """The Hunt's tracks (the shipped file, or the one that overrides it), checked."""
    return _hunt_tracks(THE_HUNT_TRACKS.texts())


@lru_cache(maxsize=8)
def _hunt_tracks(texts: tuple[tuple[str, str], ...]) -> TheHuntTracks:
    data = THE_HUNT_TRACKS.read(texts)["tracks"]
    strategy, airplane = data["strategy"], data["airplane"]
    return TheHuntTracks(
        strategy_spaces=strategy["spaces"], entry_hex=strategy["entry_hex"],
        advance_cost=strategy["advance_cost"], strategy_start=dict(strategy["start"]),
        airplane_states=tuple(airplane["states"]), attack_bonus=airplane["attack_bonus"],
        repair_cost=airplane["repair_cost"], reserve_cap=data["reserve"]["cap"],
        force_bonus={variant: {force: float(table[force]) for force in FORCES}
                     for variant, table in data["force_bonus"].items()},
        rules={key: value for key, value in data["game"].items() if key != "source"})
