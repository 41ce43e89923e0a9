"""The Hunt: the shape of what a side sees, as types.

`TheHuntSeen` is what the heuristics and the advice read; `TheHuntObservation` adds what
only a screen shows. Both are built in `views.py` (the no-leak boundary), the first
cheaply for playouts (sharing the state's containers, read only), the second as JSON.
The containers are typed read-only (`Collection`, `Mapping`) so that both fit.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:
    from hunt.models.the_hunt.rules import TheHuntGame


class FreighterSeen(TypedDict):
    """A Freight Ship at sea: where it is and the port it sails for (both public)."""

    hex: str
    destination: str


class TurnSeen(TypedDict):
    """What has happened this turn."""

    gs_moves: int | None
    """How often the Graf Spee moved (the German's own knowledge: None for the British)."""
    attacked: bool
    moved: Collection[str]
    searched: Collection[str]
    search_bonus: int
    storm: bool


class BattleSeen(TypedDict):
    """A Battle under way."""

    forces: Sequence[str]
    duel: int
    damage: Mapping[str, int]
    """"german" and "british": the damage each side has taken."""
    my_card: str | None
    """The Battle card this side has chosen for the duel, if any."""


class ResultSeen(TypedDict):
    """How the game ended."""

    winner: str
    how: str


class TheHuntSeen(TypedDict):
    """What the heuristics and the advice read of a side's view."""

    seat: str
    """"german" or "british"."""
    graf_spee: str | None
    """The raider's hex: the German's own knowledge, or the British's when only one hex
    is possible."""
    possible: Collection[str]
    """The hexes the raider may be on, as the British can tell (public)."""
    altmark: str | None
    forces: Mapping[str, str | None]
    """Force -> its hex (None: in port or not yet at sea)."""
    strategy: Mapping[str, int]
    """Force -> its space on the Strategy track."""
    ap: int
    """Action Points left to spend this turn."""
    freighters: Mapping[str, FreighterSeen]
    turn_state: TurnSeen
    hand: Sequence[str]
    discard_counts: Sequence[Mapping[str, int]]
    """Each side's discard pile, card -> copies (German first)."""
    removed_counts: Sequence[Mapping[str, int]]
    """Each side's cards removed from the game, card -> copies (German first)."""
    sunk: Sequence[str]
    """The Freight Ships sunk so far (public), in order."""
    delivered: Sequence[str]
    """The Freight Ships that reached port (public), in order."""
    battle: BattleSeen | None


class TheHuntObservation(TheHuntSeen):
    """Everything a side sees now: `TheHuntSeen` and what the screen adds."""

    game: str
    variant: str
    turn: int
    phase: str
    to_move: str
    """"you", "waiting" or "nobody" (the game is over)."""
    step: str | None
    """The kind of decision asked of this side, when it is to act."""
    step_data: list[str]
    opponent_hand_size: int
    known_opponent_cards: list[str]
    decks: list[int]
    """Cards left in each side's deck."""
    discards: list[list[str]]
    """Each side's discard pile, sorted (German first)."""
    removed: list[list[str]]
    """Each side's cards removed from the game, sorted (German first)."""
    plane: str
    reserve: int
    bag: int
    hints: list[str]
    log: list[dict[str, Any]]
    """The public events so far, oldest first, as JSON (`events.event_json`)."""
    result: ResultSeen | None


def raider_hex(seen: TheHuntSeen) -> str:
    """The Graf Spee's hex in the German's view of a game under way (it is placed first)."""
    raider = seen["graf_spee"]
    if raider is None:
        raise ValueError("only the German's view of a game under way holds the Graf Spee")
    return raider


def freight_targets(game: TheHuntGame, freighters: Mapping[str, FreighterSeen]
                    ) -> frozenset[str]:
    """The hexes the Freight Ships at sea stand on or reach within their next two
    moves (public: every side sees the Freight Ships)."""
    targets: list[str] = []
    for freighter, where in freighters.items():
        route = game.freighters[freighter].route
        at = route.index(where["hex"])
        targets += route[at:at + 3]
    return frozenset(targets)
