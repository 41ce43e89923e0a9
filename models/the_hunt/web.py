"""The Hunt in the browser (`hunt serve`), beside the map (`svg.py`): the hand as
cards face up with the uses open to each now. Drawn from the seat's observation and
the printed cards only."""

from __future__ import annotations

from collections.abc import Sequence

from hunt.models.plugin import CardFace
from hunt.models.the_hunt.actions import parse_action
from hunt.models.the_hunt.help import INTELLIGENCE
from hunt.models.the_hunt.observation import TheHuntObservation
from hunt.models.the_hunt.rules import TheHuntGame

USE_LABELS = {("play", "ap"): "For {ap} AP", ("play", "event"): "For its event",
              ("intel", ""): "Intelligence (1 AP)", ("react", ""): "React with it",
              ("duel", ""): "Play in this duel"}
"""A card's use on its face, by the choice's verb and mode ("play X ap")."""


def card_uses(game: TheHuntGame, choices: Sequence[str]) -> dict[str, list[tuple[str, str]]]:
    """The uses of each card the `choices` name (card -> [label, choice] pairs), in the
    choices' order."""
    uses: dict[str, list[tuple[str, str]]] = {}
    for text in choices:
        action = parse_action(text)
        if action is None or action.arg not in game.cards:
            continue
        label = USE_LABELS.get((action.verb, action.mode))
        if label is not None:
            uses.setdefault(action.arg, []).append(
                (label.format(ap=game.cards[action.arg].ap), text))
    return uses


def card_faces(game: TheHuntGame, seen: TheHuntObservation,
               choices: Sequence[str]) -> list[CardFace]:
    """The seat's hand face up: name, AP, event kind and text, the British stripe, and
    the uses `choices` make of each card now."""
    uses = card_uses(game, choices)
    faces = []
    for card_id in seen["hand"]:
        card = game.cards[card_id]
        mark = f"Intelligence: {INTELLIGENCE[card.intelligence]}" \
            if seen["seat"] == "british" and card.intelligence in INTELLIGENCE else ""
        faces.append(CardFace(card_id, card.name, f"{card.ap} AP",
                              f"{card.event.capitalize()} event: {card.text}", mark,
                              tuple(uses.get(card_id, ()))))
    return faces
