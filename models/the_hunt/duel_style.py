"""How the German picks its duel cards, as far as the British can tell: strongest first,
or any card.

In each duel of a Battle the German picks its card first, in secret, and the British
answer. The British search deals the card the German has chosen but not shown from
the German hand of each sampled world; dealing it as any card of that hand misreads a
German that leads its strongest card (our rule of thumb's and the tracker player's
German do), and the British answer then throws away duels. So the British picture of
the German holds two styles, strongest first (`duel_value`, with a share of any card)
and any card, and weighs them by the German cards already shown in this Battle (each
duel's cards are public once both are played): the chance of each shown card under
each style, from the world's German hand with the cards shown since put back, by
Bayes' rule from an even prior.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hunt.models.the_hunt.heuristics import duel_value

if TYPE_CHECKING:
    from hunt.models.the_hunt.rules import TheHuntGame

STRONGEST_FIRST_PRIOR = 0.5
"""The chance, before any duel is fought, that the German leads its strongest card:
even between the two styles."""

ANY_CARD_SHARE = 0.2
"""The share of a strongest-first German's picks that may be any card (as our playouts
let the rule of thumb pick at random a fifth of the time): one card off the strongest
lowers the picture's weight rather than ruling the style out."""


def strongest_first_chance(game: TheHuntGame, shown: Sequence[str],
                           hand: Sequence[str]) -> float:
    """The chance that the German picks strongest first, given the cards it showed in
    this Battle's duels so far (in duel order; "none" for a duel without a card) and
    its hand now (with the card it has chosen for this duel, if any)."""
    held = list(hand)
    strongest, anyhow = STRONGEST_FIRST_PRIOR, 1 - STRONGEST_FIRST_PRIOR
    for duel in range(len(shown), 0, -1):  # backwards: the hand of each duel rebuilt
        card = shown[duel - 1]
        if card == "none":  # no card to choose from: both styles play it
            continue
        held.append(card)
        options = sorted(set(held))
        tops = [options[index] for index in _strongest(game, options, duel)]
        strongest *= (1 - ANY_CARD_SHARE) * (card in tops) / len(tops) \
            + ANY_CARD_SHARE / len(options)
        anyhow *= 1 / len(options)
    return strongest / (strongest + anyhow)


def chosen_card_index(game: TheHuntGame, shown: Sequence[str], hand: Sequence[str],
                      duel: int, rng: random.Random) -> int:
    """Where in `hand` (a sampled German hand, the card it chose for duel `duel`
    still in it) the chosen card is, drawn from the British picture: with the chance
    of strongest first (`strongest_first_chance`), and but for the share of any card,
    one of the strongest cards; else any card of the hand."""
    if rng.random() < strongest_first_chance(game, shown, hand) \
            and rng.random() >= ANY_CARD_SHARE:
        tops = _strongest(game, hand, duel)
        return tops[rng.randrange(len(tops))]
    return rng.randrange(len(hand))


def _strongest(game: TheHuntGame, cards: Sequence[str], duel: int) -> list[int]:
    """Where in `cards` the strongest for duel `duel` are, by the rule of thumb's order
    (`duel_value`)."""
    values = [duel_value(game, card, duel) for card in cards]
    best = max(values)
    return [index for index, value in enumerate(values) if value == best]
