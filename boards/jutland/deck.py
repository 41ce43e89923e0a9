"""Jutland's components: the common deck and the six turns, their schemas and loader."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hunt.boards.data import BoardFile, BoardSet
from hunt.boards.schema import Either, Int, ListOf, Refs, Schema, Str, Table, Tables

SIDES = ("german", "british")
CARD_CLASSES = ("admiral", "battle-cruiser", "battleship", "armored-cruiser",
                "light-cruiser", "destroyer", "support")
PHASES = ("sight", "sail", "strike", "sink")
SIDE_CARDS = 26
"""Cards in each side's list (rulebook)."""
TURNS = 6


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


_FLEETS = ListOf(Either((Str(choices=("any",)), Str(ref="fleet"))), unique=True)
"""The fleets a side may deploy this turn: fleets printed on cards, or "any"."""
_LOSSES = ListOf(Int(0, 26), 2, 2)
"""[big, small] ships lost."""

def _check_sides(data: dict[str, Any], refs: Refs) -> list[str]:
    """Each side's list holds the rulebook's 26 cards."""
    problems = []
    for side in SIDES:
        total = sum(card["count"] for card in data["card"] if card["side"] == side)
        if total != SIDE_CARDS:
            problems.append(f"the {side} list has {total} cards, the rulebook's has "
                            f"{SIDE_CARDS}")
    return problems


def _check_order(data: dict[str, Any], refs: Refs) -> list[str]:
    """The turns come in order."""
    numbers = [turn["number"] for turn in data["turn"]]
    if numbers != list(range(1, TURNS + 1)):
        return [f"the turns must be numbered 1 to {TURNS} in order, got {numbers}"]
    return []


CARDS_FILE = BoardFile("cards.toml", Schema(Table(keys={"card": Tables(
    Table(keys={"id": Str(), "name": Str(), "side": Str(choices=SIDES), "fleet": Str(),
                "class": Str(choices=CARD_CLASSES), "force": Int(0, 10),
                "count": Int(1, SIDE_CARDS)},
          optional={"real": Int(0, 1000), "sunk": Int(0, 1000)}, sourced=True, label="id"),
    unique=("id",), define={"fleet": "fleet"})}), (_check_sides,)))
"""cards.toml: the kinds of card in the common deck."""

TURNS_FILE = BoardFile("turns.toml", Schema(Table(keys={"turn": Tables(
    Table(keys={"number": Int(1, TURNS), "name": Str(),
                "phases": ListOf(Str(choices=PHASES), 1, len(PHASES), unique=True),
                "german_fleets": _FLEETS, "british_fleets": _FLEETS,
                "banned_classes": ListOf(Str(choices=CARD_CLASSES), unique=True),
                "winner_loses": _LOSSES, "loser_loses": _LOSSES,
                "historical_winner": Str(choices=(*SIDES, "none"))},
          sourced=True, label="name"),
    low=TURNS, high=TURNS)}), (_check_order,)))
"""turns.toml: the six turns, read after the cards (it names their fleets)."""

JUTLAND = BoardSet("jutland", "jutland", (CARDS_FILE, TURNS_FILE))
"""Jutland's board files."""


def _card(table: dict[str, Any]) -> JutlandCard:
    return JutlandCard(
        id=table["id"], name=table["name"], side=table["side"], fleet=table["fleet"],
        card_class=table["class"], force=table["force"], count=table["count"],
        real=table.get("real"), sunk=table.get("sunk"))


def _turn(table: dict[str, Any], banned_extra: tuple[str, ...]) -> JutlandTurn:
    banned = tuple(table["banned_classes"])
    if "admiral" in banned:  # the turn that bans Admirals and Battleships (Escape)
        banned = banned + tuple(name for name in banned_extra if name not in banned)
    return JutlandTurn(
        number=table["number"], name=table["name"], phases=tuple(table["phases"]),
        fleets=(tuple(table["german_fleets"]), tuple(table["british_fleets"])),
        banned_classes=banned,
        winner_loses=(table["winner_loses"][0], table["winner_loses"][1]),
        loser_loses=(table["loser_loses"][0], table["loser_loses"][1]),
        historical_winner=table["historical_winner"])


def load_jutland(escape_bans_battle_cruisers: bool = False
                 ) -> tuple[tuple[JutlandCard, ...], tuple[JutlandTurn, ...]]:
    """The deck's card kinds (German first) and the six turns, checked (from the
    shipped files, or those that override them).

    `escape_bans_battle_cruisers` reads turn 6's "no Admirals or Battleships" as
    banning Battle Cruisers too (off by default: the reference reading).
    """
    return _jutland(escape_bans_battle_cruisers, JUTLAND.texts())


@lru_cache(maxsize=8)
def _jutland(escape_bans_battle_cruisers: bool, texts: tuple[tuple[str, str], ...]
             ) -> tuple[tuple[JutlandCard, ...], tuple[JutlandTurn, ...]]:
    files = JUTLAND.read(texts)
    extra = ("battle-cruiser",) if escape_bans_battle_cruisers else ()
    return (tuple(_card(table) for table in files["cards"]["card"]),
            tuple(_turn(table, extra) for table in files["turns"]["turn"]))
