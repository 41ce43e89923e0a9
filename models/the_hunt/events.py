"""The Hunt: the public events the rules record in the log, as data (see
`hunt.models.events`); `words.py` says them in words for the screen and the `log`
page. Cards, Freight Ships and sides are named by id (a side by its seat number), so
the words come from the board, not from the rules.
"""

from __future__ import annotations

from typing import NamedTuple

from hunt.models.events import EventKinds


class GameOver(NamedTuple):
    """The game ended (`how`: the end reason, as `end_reason` gives it)."""

    how: str


class DeckRebuilt(NamedTuple):
    """A side's empty deck is rebuilt from its discards."""

    side: int


class FreighterSetsOut(NamedTuple):
    """A Freight Ship is drawn from the bag and sets out from its start."""

    freighter: str


class FreighterArrives(NamedTuple):
    """A Freight Ship reaches its destination."""

    freighter: str


class FreighterSails(NamedTuple):
    """A Freight Ship sails one hex on by an event."""

    freighter: str


class FreightShipsSailOn(NamedTuple):
    """The Freight phase: the Freight Ships at sea each sail one hex on, to `hexes`
    (those that reach port have `FreighterArrives`)."""

    freighters: tuple[str, ...]
    hexes: tuple[str, ...]


class HandSize(NamedTuple):
    """How many cards the German holds after the refill (announced)."""

    cards: int


class AltmarkPlaced(NamedTuple):
    """The Altmark's start."""

    hex: str


class CardPlayed(NamedTuple):
    """A side plays a card for its AP or (`for_event`) for its event."""

    side: int
    card: str
    for_event: bool


class MandatoryEvent(NamedTuple):
    """A card played by `side` for AP or Intelligence whose event is forced (the other
    side may still cancel it)."""

    side: int
    card: str


class ReserveStored(NamedTuple):
    """The German stores unspent AP in the Reserve (`reserve`: what it holds now)."""

    ap: int
    reserve: int


class RepairTried(NamedTuple):
    """The German tries to repair the airplane."""


class ForceMoves(NamedTuple):
    """A British Force moves."""

    force: str
    hex: str
    ap: int


class AltmarkMoves(NamedTuple):
    """The Altmark moves."""

    hex: str
    ap: int


class GrafSpeeMoves(NamedTuple):
    """The Graf Spee moves: the AP spent are public, the hex it moves to is in the
    German's own log only (`hex` is "" in the British view)."""

    ap: int
    hex: str = ""


class HintsRemoved(NamedTuple):
    """The Hint markers leave the map as the Graf Spee moves."""


class Revealed(NamedTuple):
    """The Graf Spee is seen on a hex."""

    hex: str


class Attack(NamedTuple):
    """The Graf Spee attacks a Freight Ship (the airplane, if sent, comes after the
    British let the attack stand: `AirplaneSent`)."""

    freighter: str


class AirplaneSent(NamedTuple):
    """The German sends the airplane to the attack about to be rolled: +2, and the
    airplane is Broken."""


class AirplaneBroken(NamedTuple):
    """An event (Unreliable Technology) breaks the German airplane, which was Ready."""


class Search(NamedTuple):
    """A British Force searches its hex."""

    force: str
    hex: str


class Intelligence(NamedTuple):
    """The British play a card for its Intelligence stripe."""

    card: str


class ForceEnters(NamedTuple):
    """A Force leaves the Strategy track and enters the map."""

    force: str
    hex: str


class ForceAdvances(NamedTuple):
    """A Force advances on the Strategy track."""

    force: str
    space: int


class NoHintLeft(NamedTuple):
    """A Hint is asked for but none is left in the box."""


class NoHintPlace(NamedTuple):
    """A Hint is asked for but the German has no hex to put it on."""


class HintPlaced(NamedTuple):
    """A Hint marker goes on a hex."""

    hex: str


class FalseHint(NamedTuple):
    """A false Hint marker goes on a hex 3 or more hexes from the Graf Spee."""

    hex: str


class Reacts(NamedTuple):
    """A side plays a reaction card."""

    side: int
    card: str


class Cancels(NamedTuple):
    """A reaction card cancels something: `what` is "search", "attack", "battle" or
    "event" (then `of_card` is the card whose event it was)."""

    card: str
    what: str
    of_card: str | None


class NoBattle(NamedTuple):
    """A disguise: the search found the Graf Spee, but no Battle follows."""


class ForceDrawnAway(NamedTuple):
    """An event moves a British Force."""

    force: str
    hex: str


class ProximityAnswer(NamedTuple):
    """Whether the Graf Spee is within 2 hexes of a hex, as the German answers."""

    hex: str
    near: bool


class RepairRoll(NamedTuple):
    """The repair roll, against the cards removed, and the airplane's state after."""

    face: int
    removed: int
    plane: str


class AttackRoll(NamedTuple):
    """An attack's roll and bonus, and whether the Freight Ship is sunk."""

    face: int
    bonus: int
    freighter: str
    sunk: bool


class SearchFails(NamedTuple):
    """A search roll too low to learn anything."""

    face: int
    bonus: int


class SearchFinds(NamedTuple):
    """A search roll that finds the Graf Spee on the hex."""

    face: int
    bonus: int
    hex: str


class SearchClears(NamedTuple):
    """A search roll that succeeds: the Graf Spee is not on the hex."""

    face: int
    bonus: int
    hex: str


class BattleBegins(NamedTuple):
    """A Battle on a hex, with the Forces present."""

    hex: str
    forces: tuple[str, ...]


class BattleHands(NamedTuple):
    """The hands the two sides fight the Battle with, once filled (how many cards each
    holds is public)."""

    german: int
    british: int


class DuelResult(NamedTuple):
    """A duel's cards ("none": no card), their values and the damage after it."""

    duel: int
    german: str
    german_value: float
    british: str
    british_value: float
    german_damage: int
    british_damage: int


class HandSeen(NamedTuple):
    """`side` looks at the other side's remaining `cards` (Concentrated Fire's Battle
    event). Only `side`'s log holds it: the other side knows its own hand."""

    side: int
    cards: tuple[str, ...]


class BattleEnds(NamedTuple):
    """The Battle's end, with the damage each side took."""

    german_damage: int
    british_damage: int


Event = (GameOver | DeckRebuilt | FreighterSetsOut | FreighterArrives | FreighterSails
         | FreightShipsSailOn
         | HandSize | AltmarkPlaced | CardPlayed | MandatoryEvent | ReserveStored
         | RepairTried | ForceMoves | AltmarkMoves | GrafSpeeMoves | HintsRemoved | Revealed
         | Attack | AirplaneSent | AirplaneBroken | Search | Intelligence | ForceEnters
         | ForceAdvances | NoHintLeft
         | NoHintPlace | HintPlaced | FalseHint | Reacts | Cancels | NoBattle
         | ForceDrawnAway | ProximityAnswer | RepairRoll | AttackRoll | SearchFails
         | SearchFinds | SearchClears | BattleBegins | BattleHands | DuelResult | HandSeen
         | BattleEnds)
"""Every kind of event the log holds."""

KINDS: EventKinds[Event] = EventKinds(Event)
"""Each kind by its JSON name: the class name in kebab case ("force-moves")."""
