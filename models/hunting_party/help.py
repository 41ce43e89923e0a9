"""Hunting Party at the prompt: `rules` (the round, from the rulebook) and `rules CARD`
(an Action card, a Fate card or a party event, with what it does)."""

from __future__ import annotations

from hunt.models.hunting_party.rules import HuntingPartyGame
from hunt.models.plugin import upper_first

RULES = """\
Hunting Party, a round (a day): one Fate card is turned face up for each live Hunter,
plus one. Each Hunter in turn, the First Hunter first, then clockwise: draw an Action
card, play one face down (camp, shoot or flee), discard one face-up Fate card.

The Fate card left is resolved: its party event for everyone, then each Hunter's
personal icon (the first for the First Hunter, then clockwise) against their Action;
a Flee from the hand avoids your personal fate. Backtrack and Hunting Accident, which
ask who shot without a trophy, act after the personal icons and pass over a Hunter
who fled from the hand.

Your hand is your health: with no cards you die, and the game ends after one more
round. It also ends when the Fate deck runs out (twice with 4 or 5 Hunters). At the
end of a round discard down to your hand limit; the First Hunter passes clockwise.

Score: 1 point a trophy, your secret Goal's points if met; the dead lose 3."""
"""Paragraphs (reflowed to the screen) of the rulebook's sequence of play, in our words."""

ACTIONS = {
    "camp": "Camp: if you meet natives you draw 2 cards; an animal attack mauls you "
            "(discard 2).",
    "shoot": "Shoot: meeting an animal, the first Hunter to shoot bags it as a trophy; "
             "meeting natives you discard 2.",
    "flee": "Flee: you avoid your personal fate. It may also be played from your hand "
            "while personal fates are resolved.",
}
"""The three Action cards (the rulebook's Action Hand section)."""

ICONS = {
    "animal-attack": "animal attack: Shoot bags the trophy (the first to shoot), Camp "
                     "discards 2, Flee escapes",
    "natives": "natives: Camp draws 2, Shoot discards 2, Flee nothing",
    "misfire": "misfire: a random card of your hand is discarded",
    "opportunity-shot": "opportunity shot: take a Fate card from the discards as a trophy",
    "pitfall": "pitfall: discard a card of your choice, whatever your Action",
    "reload": "reload: draw a card, whatever your Action",
}
"""The personal icons (the rulebook's Personal Fate section)."""


def card_texts(game: HuntingPartyGame) -> dict[str, str]:
    """Every Action card, Fate card and party event by its id, for `rules CARD`."""
    events = game.components.event_texts
    texts = dict(ACTIONS)
    texts |= {icon: f"{upper_first(text)} (a personal icon of the Fate cards)."
              for icon, text in ICONS.items()}
    for event, text in sorted(events.items()):
        texts[event] = f"{event} (party event): {text}"
    for card_id, card in sorted(game.fate.items()):
        icons = "; ".join(f"{number}. {ICONS.get(icon, icon)}"
                          for number, icon in enumerate(card.icons[:game.players], start=1))
        texts[card_id] = (f"{card_id}: the party event {card.event} "
                          f"({events.get(card.event, '')}); the animal {card.animal}.\n"
                          f"Personal icons, the First Hunter's first: {icons}.")
    return texts
