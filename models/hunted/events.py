"""Hunted: the public events the rules record in the log, as data (see
`hunt.models.events`); `words.py` says them for the screen and the `log` page. Cards
are named as the rules name them, seats by number."""

from __future__ import annotations

from typing import NamedTuple

from hunt.models.events import EventKinds


class TestResult(NamedTuple):
    """A test's toss: `hit` or not."""

    hit: bool


class NothingFound(NamedTuple):
    """A search for a card of type `wanted` finds none left."""

    wanted: str


class Found(NamedTuple):
    """A search finds `card`."""

    card: str


class NoAmbush(NamedTuple):
    """No alien among the next `draws` cards."""

    draws: int


class Ambush(NamedTuple):
    """An alien from the pile attacks; the row stays."""

    card: str


class Hits(NamedTuple):
    """`landed` of the `tossed` tokens hit."""

    landed: int
    tossed: int


class Reroll(NamedTuple):
    """The reroll token: the missed tokens are tossed again."""


class MoreHits(NamedTuple):
    """The hits of the re-toss."""

    hits: int


class AlienTakes(NamedTuple):
    """The alien takes a crew card instead of a hit."""

    card: str


class OutOfAmmo(NamedTuple):
    """`seat` has nothing left to fire in a fight: the aliens kill it."""

    seat: int


class Escaped(NamedTuple):
    """The game is won, with its score."""

    score: int


class Lost(NamedTuple):
    """The game is lost, and why (`end_reason`)."""

    reason: str


class Reshuffled(NamedTuple):
    """The discard pile becomes a new Hunted deck."""


class CrewLost(NamedTuple):
    """A crew card is lost to the aliens."""

    card: str


class AlienDefeated(NamedTuple):
    """The alien fought is defeated ("": the Location's alien, no card)."""

    alien: str


class Hides(NamedTuple):
    """`seat` hides: its row is discarded."""

    seat: int


class Gives(NamedTuple):
    """`seat` gives `card` to the other player."""

    seat: int
    card: str


class Reloads(NamedTuple):
    """`seat` reloads a weapon."""

    seat: int
    card: str


class Uses(NamedTuple):
    """`seat` uses (discards) an inventory card."""

    seat: int
    card: str


class Helps(NamedTuple):
    """`seat` flips an inventory card for its help."""

    seat: int
    card: str


class Drawn(NamedTuple):
    """A card drawn into the row."""

    card: str


class AlienAttacks(NamedTuple):
    """An alien in the row attacks (`cause`: "another-alien" or "two-bells"): the row
    is discarded and `card` is fought."""

    cause: str
    card: str


class StrongestTie(NamedTuple):
    """An alien attack with several strongest aliens: one of `cards` is chosen."""

    cause: str
    cards: tuple[str, ...]


class ShuffledIn(NamedTuple):
    """A starred card goes back into the Hunted deck."""

    card: str


class Activates(NamedTuple):
    """`seat` activates a card of its row."""

    seat: int
    card: str


class LocationDrawn(NamedTuple):
    """A Location is drawn."""

    card: str


class FinalFight(NamedTuple):
    """The Landing Pad: the alien queen, the final fight."""


class HealthChanges(NamedTuple):
    """`seat` loses or gains health (`change`), and has `health` now."""

    seat: int
    change: int
    health: int


class TimeChanges(NamedTuple):
    """A card's or a Location's effect moves the time track by `change`, to `time`."""

    change: int
    time: int


Event = (TestResult | NothingFound | Found | NoAmbush | Ambush | Hits | Reroll | MoreHits
         | AlienTakes | OutOfAmmo | Escaped | Lost | Reshuffled | CrewLost | AlienDefeated
         | Hides | Gives | Reloads | Uses | Helps | Drawn | AlienAttacks | StrongestTie
         | ShuffledIn | Activates | LocationDrawn | FinalFight | HealthChanges | TimeChanges)
"""Every kind of event the log holds."""

KINDS: EventKinds[Event] = EventKinds(Event)
"""Each kind by its JSON name ("alien-attacks")."""
