"""The Hunt's cards: the two 18-card decks, loaded and validated."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from hunt.boards.data import PROVENANCES, read_board_file
from hunt.errors import BoardError

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
class HuntCard:
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


def validate_cards(data: dict[str, Any]) -> list[str]:
    """Every problem of a parsed cards file, one line each."""
    problems: list[str] = []
    cards = data.get("card")
    if not isinstance(cards, list) or not all(isinstance(t, dict) for t in cards):
        return ["the file needs a list of [[card]] tables"]
    seen: set[str] = set()
    totals = dict.fromkeys(DECKS, 0)
    for index, table in enumerate(cards, start=1):
        card_id = table.get("id")
        where = f"card {card_id!r}" if isinstance(card_id, str) else f"card #{index}"
        if not isinstance(card_id, str) or not card_id:
            problems.append(f"{where}: id must be a non-empty string")
        elif card_id in seen:
            problems.append(f"{where}: id used twice")
        else:
            seen.add(card_id)
        if table.get("source") not in PROVENANCES or any(
                value not in PROVENANCES for value in table.get("sources", {}).values()):
            problems.append(f"{where}: source and sources must be one of "
                            f"{', '.join(PROVENANCES)}")
        for key in ("name", "text"):
            if not isinstance(table.get(key), str) or not table[key]:
                problems.append(f"{where}: {key} must be a non-empty string")
        decks = table.get("decks", [])
        if not decks or any(deck not in DECKS for deck in decks):
            problems.append(f"{where}: decks {decks!r}; accepted: {', '.join(DECKS)}")
        copies, ap = table.get("copies"), table.get("ap")
        if not isinstance(copies, int) or copies < 1:
            problems.append(f"{where}: copies must be a positive integer")
            copies = 0
        if not isinstance(ap, int) or ap < 0:
            problems.append(f"{where}: ap must be a whole number of Action Points")
        for deck in decks:
            if deck in totals:
                totals[deck] += copies
        if table.get("event") not in EVENT_TYPES:
            problems.append(f"{where}: event {table.get('event')!r}; "
                            f"accepted: {', '.join(EVENT_TYPES)}")
        if table.get("effect") not in EFFECTS:
            problems.append(f"{where}: unknown effect id {table.get('effect')!r}; "
                            f"accepted: {', '.join(sorted(EFFECTS))}")
        if not isinstance(table.get("removed_after_event"), bool):
            problems.append(f"{where}: removed_after_event must be true or false")
        stripe = table.get("intelligence", "none")
        if stripe not in INTELLIGENCE:
            problems.append(f"{where}: intelligence {stripe!r}; "
                            f"accepted: {', '.join(INTELLIGENCE)}")
        elif stripe != "none" and "british" not in decks:
            problems.append(f"{where}: only British cards carry an Intelligence stripe")
    for deck, total in totals.items():
        if total != DECK_SIZE:
            problems.append(f"the {deck} deck has {total} cards; the game has {DECK_SIZE}")
    return problems


@cache
def load_hunt_cards() -> tuple[HuntCard, ...]:
    """The Hunt's shipped cards, validated."""
    data = read_board_file("the_hunt", "cards.toml")
    problems = validate_cards(data)
    if problems:
        raise BoardError(f"the-hunt cards: {problems[0]}")
    return tuple(HuntCard(
        id=table["id"], name=table["name"], decks=tuple(table["decks"]),
        copies=table["copies"], ap=table["ap"], event=table["event"],
        effect=table["effect"], removed_after_event=table["removed_after_event"],
        intelligence=table.get("intelligence", "none"), text=table["text"])
        for table in data["card"])
