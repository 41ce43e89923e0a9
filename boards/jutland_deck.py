"""Jutland's components: the common deck and the six turns, loaded and validated."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from hunt.boards.data import check_provenance, read_board_file
from hunt.errors import BoardError

SIDES = ("german", "british")
CARD_CLASSES = ("admiral", "battle-cruiser", "battleship", "armored-cruiser",
                "light-cruiser", "destroyer", "support")
PHASES = ("sight", "sail", "strike", "sink")


@dataclass(frozen=True)
class JutlandCard:
    """One kind of card in the common deck (`count` copies of it)."""

    id: str
    name: str
    side: str
    fleet: str
    card_class: str
    force: int
    count: int
    real: int | None
    sunk: int | None

    @property
    def title(self) -> str:
        """The name a player reads, with the fleet where the name alone is ambiguous."""
        return self.name if self.card_class in ("admiral", "support") \
            else f"{self.fleet} {self.name}"


@dataclass(frozen=True)
class JutlandTurn:
    """One of the six turns: its phases, who may deploy what, and its casualties."""

    number: int
    name: str
    phases: tuple[str, ...]
    fleets: tuple[tuple[str, ...], tuple[str, ...]]
    """Deployable fleets per side (German, British); ("any",) for all own cards."""
    banned_classes: tuple[str, ...]
    winner_loses: tuple[int, int]
    """(big, small) ships the Strike winner loses in the Sink phase."""
    loser_loses: tuple[int, int]
    historical_winner: str

    def may_deploy(self, side: int, card: JutlandCard) -> bool:
        """Whether `side` (0 German, 1 British) may deploy `card` this turn."""
        if "strike" not in self.phases or card.side != SIDES[side]:
            return False
        fleets = self.fleets[side]
        return ("any" in fleets or card.fleet in fleets) \
            and card.card_class not in self.banned_classes


def _field(where: str, table: dict[str, Any], key: str, kind: type) -> Any:
    value = table.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise BoardError(f"{where}: '{key}' should be a {kind.__name__}, got {value!r}")
    return value


def _pair(where: str, table: dict[str, Any], key: str) -> tuple[int, int]:
    value = table.get(key)
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and v >= 0 for v in value)):
        raise BoardError(f"{where}: '{key}' should be [big, small] counts, got {value!r}")
    return (value[0], value[1])


def _card(index: int, table: dict[str, Any]) -> JutlandCard:
    where = f"jutland/cards.toml card {index + 1}"
    check_provenance(where, table)
    card = JutlandCard(
        id=_field(where, table, "id", str), name=_field(where, table, "name", str),
        side=_field(where, table, "side", str), fleet=_field(where, table, "fleet", str),
        card_class=_field(where, table, "class", str), force=_field(where, table, "force", int),
        count=_field(where, table, "count", int),
        real=table.get("real"), sunk=table.get("sunk"))
    if card.side not in SIDES:
        raise BoardError(f"{where}: side {card.side!r}; accepted: {', '.join(SIDES)}")
    if card.card_class not in CARD_CLASSES:
        raise BoardError(f"{where}: class {card.card_class!r}; "
                         f"accepted: {', '.join(CARD_CLASSES)}")
    if card.count < 1 or card.force < 0:
        raise BoardError(f"{where}: count must be >= 1 and force >= 0")
    return card


def _turn(index: int, table: dict[str, Any], banned_extra: tuple[str, ...]) -> JutlandTurn:
    where = f"jutland/turns.toml turn {index + 1}"
    check_provenance(where, table)
    phases = tuple(_field(where, table, "phases", list))
    if not phases or any(phase not in PHASES for phase in phases):
        raise BoardError(f"{where}: phases {list(phases)}; accepted: {', '.join(PHASES)}")
    banned = tuple(_field(where, table, "banned_classes", list))
    if any(name not in CARD_CLASSES for name in banned):
        raise BoardError(f"{where}: banned_classes {list(banned)}; "
                         f"accepted: {', '.join(CARD_CLASSES)}")
    if "admiral" in banned:  # the turn that bans Admirals and Battleships (Escape)
        banned = banned + tuple(name for name in banned_extra if name not in banned)
    return JutlandTurn(
        number=_field(where, table, "number", int), name=_field(where, table, "name", str),
        phases=phases,
        fleets=(tuple(_field(where, table, "german_fleets", list)),
                tuple(_field(where, table, "british_fleets", list))),
        banned_classes=banned,
        winner_loses=_pair(where, table, "winner_loses"),
        loser_loses=_pair(where, table, "loser_loses"),
        historical_winner=_field(where, table, "historical_winner", str))


@cache
def load_jutland(escape_bans_battle_cruisers: bool = False
                 ) -> tuple[tuple[JutlandCard, ...], tuple[JutlandTurn, ...]]:
    """The deck's card kinds (German first) and the six turns, validated.

    `escape_bans_battle_cruisers` reads turn 6's "no Admirals or Battleships" as
    banning Battle Cruisers too (off by default: the reference reading).
    """
    cards = tuple(_card(i, table) for i, table in
                  enumerate(read_board_file("jutland", "cards.toml").get("card", [])))
    extra = ("battle-cruiser",) if escape_bans_battle_cruisers else ()
    turns = tuple(_turn(i, table, extra) for i, table in
                  enumerate(read_board_file("jutland", "turns.toml").get("turn", [])))
    ids = [card.id for card in cards]
    if len(set(ids)) != len(ids):
        raise BoardError("jutland/cards.toml: card ids must be unique")
    for side in SIDES:
        total = sum(card.count for card in cards if card.side == side)
        if total != 26:
            raise BoardError(f"jutland/cards.toml: the {side} list has {total} cards, "
                             "the rulebook's has 26")
    if [turn.number for turn in turns] != [1, 2, 3, 4, 5, 6]:
        raise BoardError("jutland/turns.toml: the turns must be numbered 1 to 6 in order")
    return cards, turns
