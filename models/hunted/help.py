"""Hunted at the prompt: `rules` (the turn, from the rulebook) and `rules CARD` (what a
card of the Hunted deck gives, costs and does)."""

from __future__ import annotations

from hunt.boards.hunted.data import HuntedCard
from hunt.models.hunted.rules import HuntedGame
from hunt.models.hunted.words import effect_words
from hunt.models.plugin import plural

RULES = """\
Hunted, a turn: draw the top card of the Hunted deck into your row, or hide (discard
the row, lose 1 time). Cards in the row are activated by discarding others for their
icons (move, search, key...): an item, weapon or crew goes to your inventory, a door
or corridor draws Location cards: the Landing Pad is among the last 3 of 15.

An alien in the row with two bells, or a second alien, starts a fight: each toss of
shots (and grenades) costs 1 time, a round without enough hits costs 1 health.
Reloading (an ammo token) and each use of a weapon cost time too.

At the Landing Pad the Queen needs 3 hits. Time or health at zero: you lose.
With 2 players you alternate turns, each with a row, and both lose if either dies."""
"""Paragraphs (reflowed to the screen) of the rulebook's turn, in our words."""


def card_text(name: str, card: HuntedCard) -> str:
    """What one kind of card is, gives and costs."""
    if card.type == "alien":
        return (f"{name}: an alien needing {plural(card.strength, 'hit')}"
                + ("; it attacks the crew in your inventory first" if card.crew_icon else "")
                + f"; {card.count} in the deck.")
    parts = [f"{name}: {card.type}; {card.count} in the deck."]
    if card.gives:
        parts.append(f"Discarded from the row it gives {' or '.join(card.gives)}.")
    if card.cost:
        parts.append(f"Activating it costs {' + '.join(card.cost)}.")
    if card.locations:
        parts.append(f"Activated, it draws {plural(card.locations, 'Location')}.")
    if card.shots:
        parts.append(f"A weapon of {plural(card.shots, 'shot')} with {card.ammo} ammo.")
    if card.use is not None:
        parts.append(f"Discarded from your inventory: {effect_words(card.use)}.")
    if card.flip is not None:
        parts.append(f"Flipped face down in your inventory: {effect_words(card.flip)}.")
    if card.effect is not None:
        parts.append(f"Drawn, it acts at once: {effect_words(card.effect)}.")
    if card.noise:
        parts.append("It has a bell: an alien in the row with two bells makes you fight it.")
    return " ".join(parts)


def card_texts(game: HuntedGame) -> dict[str, str]:
    """Every kind of card by name, for `rules CARD`, and every Location."""
    return {**{name: card_text(name, card) for name, card in sorted(game.cards.items())},
            **{name: f"{name}: a Location; drawn, {effect_words(effect)}."
               for name, effect in sorted(game.components.locations.items())}}
