"""Jutland at the prompt: `rules` (the turn, from the rulebook) and `rules CARD` (a
card's force and the turns it may be deployed in)."""

from __future__ import annotations

from hunt.boards.jutland.deck import SIDES, JutlandCard
from hunt.models.jutland.rules import JutlandGame
from hunt.models.plugin import unique_names

RULES = """\
Jutland: 6 turns of 4 phases over one deck of both fleets' cards (52).

Sight, then Sail: both sides may discard any of their cards face down, then draw back
up to 7 (the discards are reshuffled when the deck runs out).

Strike: both reveal at once the cards they deploy (only their own side's, and only the
fleets the turn allows); the higher total force wins, the British win ties. Deployed
cards are discarded.

Sink: the turn says how many big and small ships the winner and the loser lose.
Turn 2 has only the Sight phase. The side that sinks more enemy ships wins (then the
one that sinks more big ones)."""
"""Paragraphs (reflowed to the screen) of the rulebook's turn sequence, in our words."""


def card_text(game: JutlandGame, card: JutlandCard) -> str:
    """One card's fleet, force, copies and the turns its side may deploy it in."""
    side = SIDES.index(card.side)
    turns = [str(turn.number) for turn in game.turns if turn.may_deploy(side, card)]
    history = f" At Jutland: {card.real} ships, {card.sunk} sunk." \
        if card.real is not None else ""
    return (f"{card.title} ({card.id}): {card.side} {card.fleet} fleet, {card.card_class}, "
            f"force {card.force}; {card.count} in the deck.{history}\n"
            f"Deployable in turns: {', '.join(turns) or 'none'}.")


def card_texts(game: JutlandGame) -> dict[str, str]:
    """Every card by its id, for `rules CARD`."""
    return {card.id: card_text(game, card) for card in game.cards}


def card_names(game: JutlandGame) -> dict[str, str]:
    """Every card's printed name -> its id ("Hipper Battle Cruisers" -> "hipper-bc"),
    with the fleet where the name alone is shared ("Battle Cruisers" names none)."""
    return unique_names(pair for card in game.cards
                        for pair in ((card.title, card.id), (card.name, card.id)))
