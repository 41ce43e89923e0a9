"""Hunting Party's steps: one frozen class per kind of pending step, with what it
needs in named fields (see `hunt.models.steps`). The round's own steps are carried
out in `state.py`, Resolve Fate's in `fate.py`."""

from __future__ import annotations

from dataclasses import dataclass

from hunt.models.game import CHANCE
from hunt.models.steps import AUTO, Step

# -- chance steps that deal or draw for a Hunter ---------------------------------------


@dataclass(frozen=True)
class ToSeat(Step):
    """A chance step that deals or draws for the Hunter in `target`."""

    seat = CHANCE
    target: int


@dataclass(frozen=True)
class DealHunter(ToSeat):
    """A Hunter card dealt to `target`."""

    kind = "deal-hunter"


@dataclass(frozen=True)
class DealGoal(ToSeat):
    """A Goal card dealt to `target`, face down."""

    kind = "deal-goal"


@dataclass(frozen=True)
class Draw(ToSeat):
    """An Action card drawn by `target`; under Ambush (`ambush`) the card drawn is the
    Action it plays, face down."""

    kind = "draw"
    ambush: bool = False


@dataclass(frozen=True)
class VineDraw(ToSeat):
    """Vine Bridge: a card turned over from the deck for `target`."""

    kind = "vine-draw"


@dataclass(frozen=True)
class Misfire(ToSeat):
    """Misfire: a card of `target`'s hand, at random, discarded."""

    kind = "misfire"


def owner(step: Step) -> int:
    """The seat whose cards `step` deals, draws or chooses: the Hunter drawn for, or the
    Hunter deciding; `CHANCE` or `AUTO` for a step of nobody's."""
    return step.target if isinstance(step, ToSeat) else step.seat


# -- chance steps of the table ---------------------------------------------------------


@dataclass(frozen=True)
class RevealFate(Step):
    """A Fate card turned face up from the Fate deck."""

    kind = "reveal-fate"
    seat = CHANCE


@dataclass(frozen=True)
class Scavenge(Step):
    """Scavengers: a Fate card turned over from the Fate deck."""

    kind = "scavenge"
    seat = CHANCE


# -- decisions -------------------------------------------------------------------------


@dataclass(frozen=True)
class KeepGoal(Step):
    """Of the Goals dealt, the one a Hunter keeps."""

    kind = "keep-goal"
    seat: int


@dataclass(frozen=True)
class Play(Step):
    """The Action card a Hunter plays face down."""

    kind = "play"
    seat: int


@dataclass(frozen=True)
class DiscardFate(Step):
    """A face-up Fate card a Hunter discards."""

    kind = "discard-fate"
    seat: int


@dataclass(frozen=True)
class Discard(Step):
    """An Action card a Hunter discards from the hand."""

    kind = "discard"
    seat: int


@dataclass(frozen=True)
class FleeWindow(Step):
    """Before the personal fate `icon` strikes: Flee from the hand, or pass."""

    kind = "flee-window"
    seat: int
    icon: str


@dataclass(frozen=True)
class TakeTrophy(Step):
    """A trophy a Hunter takes from the Fate discards."""

    kind = "take-trophy"
    seat: int


@dataclass(frozen=True)
class Name(Step):
    """Vine Bridge: the Action card a Hunter names."""

    kind = "name"
    seat: int


@dataclass(frozen=True)
class Jungle(Step):
    """Jungle Fever: the card a Hunter reveals from the hand."""

    kind = "jungle"
    seat: int


@dataclass(frozen=True)
class ChooseVictim(Step):
    """Hunting Accident: the Hunter a Hunter who missed makes discard."""

    kind = "accident"
    seat: int


# -- steps nobody decides --------------------------------------------------------------


@dataclass(frozen=True)
class FirstRound(Step):
    """The First Hunter is found and the first round begins."""

    kind = "first-round"
    seat = AUTO


@dataclass(frozen=True)
class Resolve(Step):
    """Resolve Fate: the Actions revealed, the event and the personal fates set off."""

    kind = "resolve"
    seat = AUTO


@dataclass(frozen=True)
class Party(Step):
    """The Fate card's party `event`, carried out for every live Hunter."""

    kind = "party"
    seat = AUTO
    event: str


@dataclass(frozen=True)
class JungleShow(Step):
    """Jungle Fever: the cards the Hunters of `group` chose are shown and compared."""

    kind = "jungle-show"
    seat = AUTO
    group: tuple[int, ...]


@dataclass(frozen=True)
class PersonalFate(Step):
    """The personal fate `icon` of the Hunter in `target`."""

    kind = "personal"
    seat = AUTO
    target: int
    icon: str


@dataclass(frozen=True)
class ApplyPersonalFate(Step):
    """The personal fate `icon` carried out on the Hunter in `target`: `what` (trophy,
    discards, lose, gain, misfire), `count` times where it counts."""

    kind = "apply-personal"
    seat = AUTO
    target: int
    icon: str
    what: str
    count: int


@dataclass(frozen=True)
class AfterParty(Step):
    """Backtrack and Hunting Accident, which wait for the personal fates."""

    kind = "after-party"
    seat = AUTO


@dataclass(frozen=True)
class VineSettle(Step):
    """Vine Bridge: the cards turned over for `target` settled."""

    kind = "vine-settle"
    seat = AUTO
    target: int


@dataclass(frozen=True)
class EndRound(Step):
    """The round's Fate card bagged or discarded, the Actions put under the deck, hands
    cut to their limits."""

    kind = "end-round"
    seat = AUTO


@dataclass(frozen=True)
class CloseRound(Step):
    """The game ends, or the next round begins."""

    kind = "close-round"
    seat = AUTO
