"""Jutland: the shape of what a side sees, as types.

`JutlandObservation` is what `JutlandState.observation` returns, as JSON: what the
screen draws and the heuristic reads (its own hand and choice, the turn and stage).
"""

from __future__ import annotations

from typing import TypedDict


class ShipsLost(TypedDict):
    """The ships a side has lost."""

    big: int
    small: int


class SidesLost(TypedDict):
    """The ships each side has lost."""

    german: ShipsLost
    british: ShipsLost


class DiscardCounts(TypedDict):
    """How many cards each side discarded, face down, in the latest Sight or Sail."""

    german: int
    british: int


class StrikeSeen(TypedDict):
    """A Strike, revealed: each side's force and deployed cards, and its winner."""

    turn: int
    german_force: int
    british_force: int
    winner: str
    """"german" or "british"."""
    german_cards: list[str]
    british_cards: list[str]


class JutlandObservation(TypedDict):
    """Everything a side sees now."""

    game: str
    seat: str
    """"german" or "british"."""
    turn: int
    """1 to 6."""
    turn_name: str
    phase: str
    """"sight", "sail" or "strike"."""
    stage: str
    """"discard" or "deploy" (a side is choosing cards), "draw" or "over"."""
    to_move: str
    """A seat name, "chance" or "nobody" (the game is over)."""
    hand: list[str]
    """The side's own cards, in deck order."""
    selected: list[str]
    """The cards it has chosen so far in this phase's choice."""
    opponent_hand_size: int
    deck_size: int
    discard_size: int
    last_discards: DiscardCounts | None
    """None before the first Sight discard."""
    losses: SidesLost
    strikes: list[StrikeSeen]
    log: list[str]
    """What this side has seen happen, in words (`hunt.models.jutland.log`)."""
    result: str | None
    """Once the game is over: "draw", or the winner and why ("german win on more ships
    sunk", `JutlandState.end_reason`)."""
