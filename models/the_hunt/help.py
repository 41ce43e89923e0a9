"""The Hunt at the prompt: `rules` (the turn, from the rulebook) and `rules CARD` (a
card's text and what each of its uses does)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hunt.boards.the_hunt.cards import TheHuntCard
from hunt.models.plugin import unique_names

if TYPE_CHECKING:  # the rules' state reads this module for its menu notes
    from hunt.models.the_hunt.rules import TheHuntGame

RULES = """\
The Hunt, a round: the German plays one card, for its event or its AP, then refills
to 3 cards (to 5 if the Graf Spee is at or next to the Altmark, as it chooses) and
says how many it holds. The British move each Freight Ship 1 hex, play one card,
refill to 5.

AP buy: a move of up to 1, 2 or 3 hexes for 1, 2 or 4 AP (each piece once a turn, but
the Graf Spee may move, attack and then move again; the
number in "move graf-spee 2 19" is the AP; the Graf Spee's hex stays secret, only the
AP is said, and it may stay where it is). British: search a Force's hex, 1 AP,
finds on 5+; Intelligence, 1 AP a card (+1 to this turn's searches, or a Hint marker
the German puts at or next to the Graf Spee); a Force up the Strategy track, 2 AP,
once a turn (Forces H and K wait there: past its fourth space a Force enters the map
on 06). German: attack a Freight Ship on its hex, 2 AP, sinks on 5+; an attack shows
the British where the Graf Spee is; repair the airplane, 1 AP (a die roll above the
German cards out of the game, else it is Destroyed); keep up to 2 AP in the Reserve.
A search or attack may be cancelled by the other side first; if it stands, its side
may then add to the roll: Intelligence, or the airplane (+2, then broken).

A search that finds the Graf Spee starts the Battle: 5 duels of a card each, the lower
value takes a hit, the British adding in every duel the bonus of each Force on the hex
(standard: G +0, H +1/2, K +1); fewer hits win, the British win ties."""
"""Paragraphs (reflowed to the screen) of the rulebook's turn sequence and costs, in our words."""

USES = {
    "hunt": "For its event (play CARD event): in your Card Play phase, do what it says.",
    "reaction": "For its event (react CARD, when you are asked): as a reaction, at the "
                "moment its text names: your opponent's card play (their Card Play phase) "
                "or reaction, a search or attack about to be rolled, a search that found "
                "you.",
    "battle": "In a Battle its event happens by itself and it still counts its AP; in "
              "the Hunt phase it is played for AP only.",
    "mandatory": "Played in the Hunt phase you must do its event too; in a Battle the "
                 "event is ignored.",
}
"""What a card's event kind allows, from the rulebook's card section."""

INTELLIGENCE = {
    "plus-one": "+1 to every search roll this turn",
    "hint": "the German places a Hint marker at or next to the Graf Spee",
    "both": "+1 to every search roll this turn, and a Hint marker",
}
"""The British stripe's effects (1 AP each, with `intel CARD`)."""
STRIPE_MARKS = {"plus-one": "+1", "hint": "hint", "both": "+1/hint"}
"""The stripes as a hand or a menu line marks them."""


def card_text(card: TheHuntCard) -> str:
    """One card's whole text and its uses, in paragraphs (one a line)."""
    decks = " and ".join(deck.capitalize() for deck in card.decks)
    lines = [f"{card.name} ({card.id}): {card.ap} AP, {card.event} event; in the {decks} "
             f"deck{'s' if len(card.decks) > 1 else ''}.",
             f"Event: {card.text}",
             f"For AP (play {card.id} ap): {card.ap} AP to spend on moves, searches and "
             "the other actions of your turn.",
             USES[card.event].replace("CARD", card.id)]
    if card.removed_after_event:
        lines.append("Once its event takes place the card leaves the game.")
    if card.intelligence in INTELLIGENCE and "british" in card.decks:
        lines.append(f"British Intelligence stripe (intel {card.id}, 1 AP): "
                     f"{INTELLIGENCE[card.intelligence]}.")
    return "\n".join(lines)


def card_texts(game: TheHuntGame) -> dict[str, str]:
    """Every card's text by its id, for `rules CARD`."""
    return {card_id: card_text(card) for card_id, card in sorted(game.cards.items())}


def card_names(game: TheHuntGame) -> dict[str, str]:
    """Every card's printed name -> its id ("HMS Cumberland" -> "cumberland"), for the
    table and the prompt to read."""
    return unique_names((card.name, card_id) for card_id, card in sorted(game.cards.items()))
