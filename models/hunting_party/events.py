"""Hunting Party: the public events the rules record in the log, as data (see
`hunt.models.events`); `words.py` says them for the screen and the `log` page.
Hunters are named by seat number, cards by id, Actions by kind ("camp", "flee",
"shoot")."""

from __future__ import annotations

from typing import NamedTuple

from hunt.models.events import EventKinds


class FirstHunter(NamedTuple):
    """The first First Hunter: the first by name."""

    seat: int


class RoundBegins(NamedTuple):
    """A round, its First Hunter, and whether each plays the card drawn (an Ambush)."""

    round: int
    first: int
    ambush: bool


class Joins(NamedTuple):
    """A seat's Hunter joins the party."""

    seat: int


class PlaysFaceDown(NamedTuple):
    """A Hunter plays an Action face down."""

    seat: int


class PlaysFaceUp(NamedTuple):
    """A Hunter plays the Action drawn, face up."""

    seat: int
    action: str


class DiscardsFate(NamedTuple):
    """A Hunter discards a Fate card (a trophy)."""

    seat: int
    card: str


class DiscardsAction(NamedTuple):
    """A Hunter discards an Action card."""

    seat: int
    action: str


class GameOver(NamedTuple):
    """The scores, by seat, and each Hunter's Goal, shown at the end to be scored: its
    id ("" for none) and whether it was met."""

    scores: tuple[int, ...]
    goals: tuple[str, ...] = ()
    met: tuple[bool, ...] = ()


class Dies(NamedTuple):
    """A Hunter with no Action card left dies."""

    seat: int


class Misfires(NamedTuple):
    """A Hunter misfires and loses an Action."""

    seat: int
    action: str


class Scavengers(NamedTuple):
    """Scavengers: a Fate card shows an animal the dead's trophies are lost to."""

    card: str


class LosesTrophy(NamedTuple):
    """A Hunter loses a trophy of `animal`."""

    seat: int
    animal: str


class Flees(NamedTuple):
    """A Hunter flees with a Flee from the hand."""

    seat: int


class TakesTrophy(NamedTuple):
    """A Hunter takes a Fate card as a trophy."""

    seat: int
    card: str


class VineNames(NamedTuple):
    """Vine Bridge: a Hunter names an Action."""

    seat: int
    action: str


class Accident(NamedTuple):
    """Hunting Accident: a Hunter hits another."""

    seat: int
    victim: int


class FateRevealed(NamedTuple):
    """The Fate card resolved, and the Action each Hunter played (None: none)."""

    card: str
    actions: tuple[str | None, ...]


class AmbushNext(NamedTuple):
    """Ambush: next round each Hunter plays the card drawn."""


class FeverMatched(NamedTuple):
    """Jungle Fever: a Hunter's shown Action matched another's and is discarded."""

    seat: int
    action: str


class Resupplied(NamedTuple):
    """Resupply: each live Hunter draws 2 cards."""


class FeverKept(NamedTuple):
    """Jungle Fever: a Hunter's shown Action matched no other's and goes back to the
    hand, seen by all."""

    seat: int
    action: str


class Personal(NamedTuple):
    """A personal icon befalls a Hunter: `what` it does ("trophy", "discards", "lose",
    "gain", "misfire"), `cards` cards where it says."""

    seat: int
    icon: str
    what: str
    cards: int


class VineFinds(NamedTuple):
    """Vine Bridge: the Hunter finds the Action named."""

    seat: int
    action: str


class VineEmpty(NamedTuple):
    """Vine Bridge: the Hunter finds nothing and discards 2."""

    seat: int


class Bags(NamedTuple):
    """A Hunter bags the round's Fate card."""

    seat: int
    card: str


class FateReshuffled(NamedTuple):
    """The Fate deck is shuffled again, with `cards` cards."""

    cards: int


Event = (FirstHunter | RoundBegins | Joins | PlaysFaceDown | PlaysFaceUp | DiscardsFate
         | DiscardsAction | GameOver | Dies | Misfires | Scavengers | LosesTrophy | Flees
         | TakesTrophy | VineNames | Accident | FateRevealed | AmbushNext | FeverMatched | FeverKept
         | Resupplied
         | Personal | VineFinds | VineEmpty | Bags | FateReshuffled)
"""Every kind of event the log holds."""

KINDS: EventKinds[Event] = EventKinds(Event)
"""Each kind by its JSON name ("fate-revealed")."""
