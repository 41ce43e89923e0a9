"""Leduc Hold'em: the shape of what a seat sees, as types.

`LeducObservation` is what `LeducState.observation` returns, as JSON: what the screen
draws and the heuristic reads. Cards are named as "Qh" (rank, then suit).
"""

from __future__ import annotations

from typing import TypedDict


class LeducResult(TypedDict):
    """How the hand ended."""

    how: str
    """"showdown", or which seat folded."""
    returns: list[float]
    """Chips won or lost, one value per seat."""


class LeducObservation(TypedDict):
    """Everything a seat sees now."""

    game: str
    seat: str
    """"first" or "second"."""
    card: str | None
    """The seat's own card; None before the deal."""
    opponent_card: str | None
    """The opponent's card, shown only at a showdown."""
    public_card: str | None
    """None before the second round's deal."""
    round: int
    """1 or 2: the betting round."""
    contributions: list[int]
    """Chips each seat has put in the pot."""
    raises: int
    """Raises in this round."""
    bets: list[str]
    """The bets of this round, as "call" or "raise"."""
    first_round_bets: list[str]
    """In the second round, the first round's bets (empty before)."""
    to_move: str
    """"you" or "waiting"."""
    result: LeducResult | None
