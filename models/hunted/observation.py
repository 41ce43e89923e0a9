"""Hunted: the shape of what a seat sees, as types.

`HuntedSeen` is what the heuristics read; `HuntedObservation` adds what only a screen
shows. Both are built in `views.py`, the first cheaply for playouts (sharing the
state's lists, read only), the second as JSON. The containers are typed read-only
(`Sequence`, `Mapping`) so that both fit.

An inventory card is one of three shapes, told apart by its "type": a weapon (with
its label, ammo and shot tokens), a crew card (face up or flipped) or equipment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypeAlias, TypedDict


class WeaponSeen(TypedDict):
    """A weapon in an inventory, with its tokens."""

    name: str
    type: Literal["weapon"]
    label: str
    """Its name's slug, numbered when an inventory holds two ("pulse-rifle#2")."""
    ammo: int
    shots: int
    """Shot tokens loaded."""
    capacity: int
    """Shot tokens it holds when loaded (and one ammo token reloads)."""


class CrewSeen(TypedDict):
    """A crew card in an inventory."""

    name: str
    type: Literal["crew"]
    flipped: bool


class EquipmentSeen(TypedDict):
    """A piece of equipment in an inventory."""

    name: str
    type: Literal["equipment"]


ItemSeen: TypeAlias = WeaponSeen | CrewSeen | EquipmentSeen
"""A card in an inventory (a weapon, a crew card, equipment: no other type is taken)."""


class FightSeen(TypedDict):
    """The fight going on."""

    alien: str
    """The alien card's name, or "the alien queen" / "an alien" when no card is it."""
    strength: int
    hits: int
    crew_icon: bool
    queen: bool
    round: int
    fighter: str
    """The seat fighting this round ("p1", "p2")."""
    tossed: int
    landed: int


class HuntedSeen(TypedDict):
    """What the heuristics read of a seat's view."""

    seat: str
    """"p1" or "p2"."""
    players: int
    stage: str
    """The kind of the pending step ("turn", "fight", "pay", ...; "over" at the end)."""
    time: int
    max_health: int
    health: Sequence[int]
    """Per seat."""
    loose_shots: Sequence[int]
    """Per seat: shot tokens a crew flip gave, tossed with the next toss of this fight."""
    grenades: Sequence[int]
    """Per seat: grenade tokens to toss in this fight."""
    rows: Sequence[Sequence[str]]
    """Per seat: the card names in its row."""
    shared: Sequence[str]
    """The shared row (two players)."""
    inventories: Sequence[Sequence[ItemSeen]]
    """Per seat (both are on the table)."""
    fight: FightSeen | None
    hit_rates: Mapping[str, float]
    """The chance a toss of "token", "large" or "small" hits."""


class HuntedObservation(HuntedSeen):
    """Everything a seat sees now: `HuntedSeen` and what the screen adds."""

    game: str
    to_move: str
    """The seat to act, or "chance", or "nobody" (the game is over)."""
    keys: list[int]
    """Per seat: key tokens."""
    reroll: bool
    """Whether the reroll token is still by the board."""
    deck: dict[str, int]
    """The draw pile's cards by name (its order is chance)."""
    discards: dict[str, int]
    stars_aside: int
    removed: list[str]
    """Crew cards removed from the game."""
    locations_drawn: int
    locations_left: int
    locations_seen: list[str]
    drawn: list[str]
    """Locations drawn by the activation being resolved."""
    activating: str | None
    """The card whose cost is being paid."""
    large_from_health: int
    turn: str
    """Whose turn it is."""
    acted: bool
    log: list[dict[str, Any]]
    """The public events so far, oldest first, as JSON (`events.KINDS`)."""
    score: int | None
    """The score of a won game."""
    result: str | None
    """"won" or "lost" once the game is over."""
    reason: str | None
