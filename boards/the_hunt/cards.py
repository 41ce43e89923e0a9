"""The Hunt's cards (cards.toml): the two 18-card decks, their schema and loader."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hunt.boards.data import BoardFile, BoardSet
from hunt.boards.schema import Bool, Int, ListOf, Refs, Schema, Str, Table, Tables

DECKS = ("german", "british")
DECK_SIZE = 18
EVENT_TYPES = ("hunt", "reaction", "battle", "mandatory")
INTELLIGENCE = ("plus-one", "hint", "both", "none")

EFFECTS: dict[str, str] = {
    "roll-bonus": "the card's AP, and +1 to every die roll of the player this turn",
    "cancel-roll": "cancel one search or attack of the opponent before its roll",
    "see-hand": "in the Battle, see the opponent's remaining cards",
    "cancel-event": "cancel the event of the card the opponent just played",
    "opponent-draws": "the opponent draws one card",
    "no-searches": "no searches or attacks this turn",
    "battle-plus-one": "+1 to this card's Battle value",
    "both-hit": "both sides take a hit in this duel",
    "free-attack": "an attack on a Freight Ship in the Graf Spee's hex, free, +1",
    "cancel-own-hit": "no hit for losing this duel",
    "disguise": "a successful search on the Graf Spee's hex finds nothing",
    "move-enemy-force": "move one British Force up to 2 hexes",
    "montevideo": "the Montevideo ending, with Scuttling in the fifth duel",
    "scuttling": "the Montevideo ending, with Montevideo in the fifth duel",
    "clear-hints": "remove every Hint marker",
    "false-hint": "a Hint marker at least 3 hexes from the Graf Spee",
    "next-two-plus-one": "+1 to the player's next two Battle cards",
    "plus-one-with-g": "+1 to this card's Battle value if Force G is in the Battle",
    "advance-freighter": "one Freight Ship moves one hex along its route",
    "proximity-query": "the German says whether the Graf Spee is within 2 hexes of a hex",
    "strategy-advance": "Force H or K advances one Strategy space, free",
    "free-searches": "each Force on the map may search once, free",
    "break-plane": "a Ready German airplane becomes Broken",
}
"""The vocabulary of card effects: every `effect` in cards.toml must be one of these,
and the rules engine implements each of them."""


@dataclass(frozen=True)
class TheHuntCard:
    """One card design (in one or both decks, `copies` times in each)."""

    id: str
    name: str
    decks: tuple[str, ...]
    copies: int
    ap: int
    event: str
    effect: str
    removed_after_event: bool
    intelligence: str
    """The British copy's stripe; "none" for German-only cards."""
    text: str


CARD = Table(keys={"id": Str(), "name": Str(), "decks": ListOf(Str(choices=DECKS), 1, 2,
                                                                unique=True),
                   "copies": Int(1, DECK_SIZE), "ap": Int(0, 10),
                   "event": Str(choices=EVENT_TYPES), "effect": Str(choices=tuple(EFFECTS)),
                   "removed_after_event": Bool(), "text": Str()},
             optional={"intelligence": Str(choices=INTELLIGENCE)}, sourced=True, label="id")
"""One card design (`copies` in each of its decks)."""


def _check_decks(data: dict[str, Any], refs: Refs) -> list[str]:
    """Each deck holds its 18 cards; only British cards carry an Intelligence stripe."""
    problems = []
    for table in data["card"]:
        if table.get("intelligence", "none") != "none" and "british" not in table["decks"]:
            problems.append(f"card {table['id']!r}: only British cards carry an "
                            "Intelligence stripe")
    for deck in DECKS:
        total = sum(table["copies"] for table in data["card"] if deck in table["decks"])
        if total != DECK_SIZE:
            problems.append(f"the {deck} deck has {total} cards; the game has {DECK_SIZE}")
    return problems


CARDS_FILE = BoardFile("cards.toml", Schema(
    Table(keys={"card": Tables(CARD, unique=("id", "name"))}), (_check_decks,)))
"""cards.toml: the card designs of both decks."""

THE_HUNT_CARDS = BoardSet("the-hunt", "the_hunt", (CARDS_FILE,))
"""The files the cards are read from."""


def load_hunt_cards() -> tuple[TheHuntCard, ...]:
    """The Hunt's cards (the shipped file, or the one that overrides it), checked."""
    return _hunt_cards(THE_HUNT_CARDS.texts())


@lru_cache(maxsize=8)
def _hunt_cards(texts: tuple[tuple[str, str], ...]) -> tuple[TheHuntCard, ...]:
    data = THE_HUNT_CARDS.read(texts)["cards"]
    return tuple(TheHuntCard(
        id=table["id"], name=table["name"], decks=tuple(table["decks"]),
        copies=table["copies"], ap=table["ap"], event=table["event"],
        effect=table["effect"], removed_after_event=table["removed_after_event"],
        intelligence=table.get("intelligence", "none"), text=table["text"])
        for table in data["card"])
