"""Hunting Party: the shape of what a Hunter sees, as types.

`PartySeen` is what the heuristics read; `PartyObservation` adds what only a screen
shows. Both are built in `views.py` (the no-leak boundary), the first cheaply for
playouts (sharing the game's Fate card views, read only), the second as JSON. The
containers are typed read-only (`Sequence`, `Mapping`) so that both fit, and the two
items whose observation form holds more (`hunters`, `goal`) are `ReadOnly`, so that
`PartyObservation` may narrow them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:  # annotations only: typing_extensions comes with mypy, not at run time
    from typing_extensions import ReadOnly


class FateCardSeen(TypedDict):
    """A Fate card face up (or in the Fate discards): all of it is public."""

    id: str
    event: str
    animal: str
    icons: Sequence[str]
    """The personal icons, one per seat from the First Hunter clockwise."""


class HunterSeen(TypedDict):
    """What the heuristics read of a Hunter."""

    seat: str
    """"p1" ... "p5"."""
    ability: str
    """The Hunter's special ability ("" before the deal)."""
    trophies: Sequence[str]
    """The animal of each trophy."""
    action: str | None
    """Its Action this round: the kind, "face down" (another's, not yet shown), or None."""


class HunterObservation(HunterSeen):
    """A Hunter as the screen shows it: `HunterSeen` and more."""

    hunter: str | None
    """The Hunter's name (None before the deal)."""
    ability_text: str | None
    hand_limit: int | None
    hand_size: int
    alive: bool
    known_cards: dict[str, int]
    """Kind -> cards everyone knows it holds (kinds with none left out)."""


class GoalSeen(TypedDict):
    """The Goal a Hunter kept, as the heuristics read it."""

    id: str


class GoalChoice(GoalSeen):
    """A Goal as the screen shows it."""

    text: str
    points: int


class GoalObservation(GoalChoice):
    """The kept Goal as the screen shows it."""

    met: bool
    """Whether the Hunter meets it now."""


class ThreatSeen(TypedDict):
    """At the Hunter's Flee window: the personal fate a Flee would avoid."""

    icon: str
    effect: str
    """"trophy", "discards", "lose", "gain" or "misfire"."""
    count: int


class PartySeen(TypedDict):
    """What the heuristics read of a Hunter's view."""

    seat: str
    stage: str
    """The kind of the pending step ("play", "discard-fate", ...; "over" at the end)."""
    live_order: Sequence[str]
    """The live Hunters' seats from the First Hunter clockwise."""
    hunters: ReadOnly[Sequence[HunterSeen]]
    """Every seat's Hunter, in seat order."""
    hand: Mapping[str, int]
    """Kind -> cards of it in the hand (every kind, in the order of `KINDS`)."""
    goal: ReadOnly[GoalSeen | None]
    fate_up: Sequence[FateCardSeen]
    fate_discards: Sequence[FateCardSeen]
    threat: ThreatSeen | None
    deck_counts: Mapping[str, int]
    """Kind -> its copies in the whole Action deck."""
    deck_bottom: Sequence[str]
    """The cards under the Action deck, face up, in the order they will be drawn."""


class PartyObservation(PartySeen):
    """Everything a Hunter sees now: `PartySeen` and what the screen adds."""

    hunters: list[HunterObservation]
    goal: GoalObservation | None
    game: str
    round: int
    to_move: str
    """A seat, "chance" or "nobody" (the game is over)."""
    first_hunter: str | None
    goal_choices: list[GoalChoice]
    """The Goals dealt, while none is kept."""
    fate_deck: int
    fate_reshuffles_left: int
    event: str | None
    """This round's party event, once resolved."""
    ambush: bool
    ambush_next: bool
    action_deck: int
    """Action cards left to draw."""
    bagged_by: str | None
    vine: list[str]
    my_reveal: str | None
    """The card this Hunter chose to reveal for Jungle Fever, until shown."""
    log: list[dict[str, Any]]
    """The public events so far, oldest first, as JSON (`events.KINDS`)."""
    scores: list[int] | None
    result: str | None
