"""Hunted's steps: one frozen class per kind of pending step, with what it needs in
named fields (see `hunt.models.steps`). The rules that carry them out are in
`turn.py`, `effects.py`, `fight.py` and `odds.py`."""

from __future__ import annotations

from dataclasses import dataclass

from hunt.boards.hunted.data import Effect
from hunt.models.game import CHANCE
from hunt.models.steps import AUTO, Step

# -- a turn ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn(Step):
    """A seat's turn: draw, hide, activate, share or use an inventory card."""

    kind = "turn"
    seat: int


@dataclass(frozen=True)
class Give(Step):
    """A seat may give an inventory card to the other player, or pass."""

    kind = "give"
    seat: int


@dataclass(frozen=True)
class PickAlien(Step):
    """Among the equally strong `aliens` of an attack, the one fought."""

    kind = "pick-alien"
    seat: int
    aliens: tuple[str, ...]


@dataclass(frozen=True)
class Pay(Step):
    """The next icon of `cost` paid to activate `card` (from the shared row if
    `shared`)."""

    kind = "pay"
    seat: int
    card: str
    shared: bool
    cost: tuple[str, ...]


@dataclass(frozen=True)
class Go(Step):
    """Of the Locations drawn, the one a seat goes to."""

    kind = "go"
    seat: int


@dataclass(frozen=True)
class EndTurn(Step):
    """The turn ends: time passes, the next seat's turn."""

    kind = "end-turn"
    seat = AUTO


@dataclass(frozen=True)
class DiscardCard(Step):
    """An event card goes to the discards once carried out."""

    kind = "discard-card"
    seat = AUTO
    card: str


@dataclass(frozen=True)
class Arrive(Step):
    """The Locations drawn for `side` are laid out (one: gone to at once)."""

    kind = "arrive"
    seat = AUTO
    side: int


# -- effects ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ApplyEffect(Step):
    """`effect` takes place for `side`."""

    kind = "effect"
    seat = AUTO
    side: int
    effect: Effect


@dataclass(frozen=True)
class Optional(Step):
    """A seat may take an optional `effect`, paying its price, or not."""

    kind = "optional"
    seat: int
    effect: Effect


@dataclass(frozen=True)
class Load(Step):
    """The weapon a seat loads."""

    kind = "load"
    seat: int


# -- fights ----------------------------------------------------------------------------

@dataclass(frozen=True)
class FightTurn(Step):
    """A seat's toss in a fight: which weapon, or a grenade."""

    kind = "fight"
    seat: int


@dataclass(frozen=True)
class RerollChoice(Step):
    """Whether to spend the reroll token on the missed tokens."""

    kind = "reroll"
    seat: int


@dataclass(frozen=True)
class LoseCrew(Step):
    """The crew card a seat gives up instead of a hit."""

    kind = "lose-crew"
    seat: int


@dataclass(frozen=True)
class ChooseFighter(Step):
    """Who fights the next round of a two-player fight."""

    kind = "fighter"
    seat: int


@dataclass(frozen=True)
class NextRound(Step):
    """The fight goes on to its next round."""

    kind = "next-round"
    seat = AUTO


# -- chance ----------------------------------------------------------------------------

@dataclass(frozen=True)
class DrawCard(Step):
    """A card drawn into `side`'s row."""

    kind = "draw"
    seat = CHANCE
    side: int


@dataclass(frozen=True)
class StarDraw(Step):
    """A star alien shuffled into the Hunted deck."""

    kind = "star"
    seat = CHANCE


@dataclass(frozen=True)
class DrawLocation(Step):
    """A Location drawn for `side`."""

    kind = "location"
    seat = CHANCE
    side: int


@dataclass(frozen=True)
class Toss(Step):
    """`tokens` hit tokens tossed."""

    kind = "toss"
    seat = CHANCE
    tokens: int


@dataclass(frozen=True)
class Retoss(Step):
    """The missed `tokens` tossed again."""

    kind = "retoss"
    seat = CHANCE
    tokens: int


@dataclass(frozen=True)
class Test(Step):
    """A test's toss: `effect`'s success or failure for `side`."""

    kind = "test"
    seat = CHANCE
    side: int
    effect: Effect


@dataclass(frozen=True)
class Find(Step):
    """A search of the pile for a card of type `wanted`, for `side`."""

    kind = "find"
    seat = CHANCE
    side: int
    wanted: str


@dataclass(frozen=True)
class AmbushDraw(Step):
    """The next `draws` cards turned for an alien that ambushes `side`."""

    kind = "ambush"
    seat = CHANCE
    side: int
    draws: int
