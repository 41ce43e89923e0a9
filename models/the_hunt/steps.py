"""The Hunt's steps: one frozen class per kind of pending step, with what it needs in
named fields (see `hunt.models.steps`). The rules that carry them out are in
`state.py` (setup, draws, the Freight Ship phase), `turn.py` and `battle.py`."""

from __future__ import annotations

from dataclasses import dataclass

from hunt.models.game import CHANCE
from hunt.models.steps import AUTO, Step

GERMAN = 0
BRITISH = 1


# -- setup, the draws and the Freight Ship phase ---------------------------------------

@dataclass(frozen=True)
class PlaceGrafSpee(Step):
    """The German places the Graf Spee, in secret."""

    kind = "place-graf-spee"
    seat = GERMAN


@dataclass(frozen=True)
class PlaceAltmark(Step):
    """The German places the Altmark, in the open."""

    kind = "place-altmark"
    seat = GERMAN


@dataclass(frozen=True)
class Draw(Step):
    """`side` draws a card, again until it holds `upto` cards."""

    kind = "draw"
    seat = CHANCE
    side: int
    upto: int


@dataclass(frozen=True)
class DrawFreight(Step):
    """A Freight Ship drawn from the bag; the second of setup must start elsewhere
    than the first."""

    kind = "draw-freight"
    seat = CHANCE
    second_of_setup: bool = False


@dataclass(frozen=True)
class Deal(Step):
    """Both sides draw their first hands."""

    kind = "deal"
    seat = AUTO


@dataclass(frozen=True)
class Redraw(Step):
    """The German refills the hand at the end of the turn."""

    kind = "redraw"
    seat = AUTO


@dataclass(frozen=True)
class Announce(Step):
    """The German says how many cards it holds after the refill (`before`: it held)."""

    kind = "announce"
    seat = AUTO
    before: int


@dataclass(frozen=True)
class FreightPhase(Step):
    """The Freight Ships sail and new ones set out."""

    kind = "freight-phase"
    seat = AUTO


# -- a side's turn ---------------------------------------------------------------------

@dataclass(frozen=True)
class PlayCard(Step):
    """A side plays a card for its AP or its event."""

    kind = "card"
    seat: int


@dataclass(frozen=True)
class Actions(Step):
    """A side spends its AP, one action at a time, or ends."""

    kind = "actions"
    seat: int


@dataclass(frozen=True)
class Boost(Step):
    """Intelligence between the search of `force` on `hex` and its roll."""

    kind = "boost"
    seat = BRITISH
    force: str
    hex: str


@dataclass(frozen=True)
class Airplane(Step):
    """The German's attack on `freighter` stands (the British did not cancel it):
    send the airplane for its +2, or roll with `bonus` alone."""

    kind = "airplane"
    seat = GERMAN
    freighter: str
    bonus: int


@dataclass(frozen=True)
class RedrawChoice(Step):
    """The German names the hand size it refills to."""

    kind = "redraw-choice"
    seat = GERMAN


@dataclass(frozen=True)
class PlaceHint(Step):
    """The German places a Hint marker that Intelligence asked for."""

    kind = "hint"
    seat = GERMAN


@dataclass(frozen=True)
class Window(Step):
    """A side may react to what is on the stack below, with a card whose effect is
    `reaction` ("cancel-roll", "cancel-event", "disguise"), or pass."""

    kind = "window"
    seat: int
    reaction: str


@dataclass(frozen=True)
class Choose(Step):
    """A side chooses the target of its card's event `effect`."""

    kind = "choose"
    seat: int
    effect: str


@dataclass(frozen=True)
class RollForRepair(Step):
    """The die of the airplane's repair."""

    kind = "repair-roll"
    seat = CHANCE


@dataclass(frozen=True)
class RollForAttack(Step):
    """The die of the Graf Spee's attack on `freighter`, with `bonus`."""

    kind = "attack-roll"
    seat = CHANCE
    freighter: str
    bonus: int


@dataclass(frozen=True)
class RollForSearch(Step):
    """The die of the search of `force` on `hex`."""

    kind = "search-roll"
    seat = CHANCE
    force: str
    hex: str


@dataclass(frozen=True)
class Resolve(Step):
    """`side`'s `card` takes effect: its event played from the hand, its forced
    (`mandatory`) event, or a reaction that `cancels` a step below it."""

    kind = "resolve"
    seat = AUTO
    side: int
    card: str
    mandatory: bool = False
    cancels: Step | None = None


@dataclass(frozen=True)
class Cancelled(Step):
    """A step a reaction cancelled, left in its place: it does nothing but end."""

    kind = "cancelled"
    seat = AUTO
    original: Step


# -- the Battle ------------------------------------------------------------------------

@dataclass(frozen=True)
class Battle(Step):
    """A Battle begins on `hex`."""

    kind = "battle"
    seat = AUTO
    hex: str


@dataclass(frozen=True)
class DuelStart(Step):
    """The next duel begins."""

    kind = "duel-start"
    seat = AUTO


@dataclass(frozen=True)
class Duel(Step):
    """A side chooses its Battle card for the duel."""

    kind = "duel"
    seat: int


@dataclass(frozen=True)
class DuelEnd(Step):
    """Both cards are shown and the duel is scored."""

    kind = "duel-result"
    seat = AUTO
