"""Hunting Party's screen: what `hunt play` shows a seat, drawn from its observation."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from hunt.models.hunting_party.observation import PartyObservation
from hunt.models.hunting_party.rules import HuntingPartyGame
from hunt.models.plugin import Style, plain, plural, seat_title


def screen(game: HuntingPartyGame, seen: PartyObservation, seat: int,
           style: Style = plain) -> str:
    """Hunting Party from `seat`'s side: the party, the face-up Fate with the icon each
    Hunter would meet, the decks, its own hand and Goal."""
    me = seen["hunters"][seat]
    title = f"=== Hunting Party - round {seen['round']} - you are {seat_title(seen['seat'])}"
    title += f" ({me['hunter']}) ===" if me["hunter"] else " ==="
    lines = ["", style(title, bold=True)]
    order = seen["live_order"]
    for hunter in seen["hunters"]:
        if not hunter["hunter"]:
            continue
        marks = " (First Hunter)" if hunter["seat"] == seen["first_hunter"] else ""
        state_text = f"{hunter['hand_size']}/{hunter['hand_limit']} cards" if hunter["alive"] \
            else style("dead", fg="red")
        trophies = ", ".join(hunter["trophies"]) or "no trophies"
        action = f"; Action: {hunter['action']}" if hunter["action"] else ""
        lines.append(f"  {hunter['seat']} {hunter['hunter']}{marks}: {state_text}; "
                     f"{trophies}{action}")
        lines.append(f"      {hunter['ability_text']}")
    if goal := seen["goal"]:
        lines.append(f"Your Goal: {goal['text']} ({goal['points']} points"
                     + (", met now)." if goal["met"] else ")."))
    for choice in seen["goal_choices"]:
        lines.append(f"Goal dealt: {choice['id']}: {choice['text']} ({choice['points']} points)")
    hand = ", ".join(f"{count} {kind}" for kind, count in seen["hand"].items() if count)
    lines.append(f"Your hand: {hand or 'empty'}.")
    if seen["fate_up"]:
        lines.append("Face-up Fate cards (personal icons for " + ", ".join(order) + "):")
        for card in seen["fate_up"]:
            icons = ", ".join(f"{who} {card['icons'][i]}" for i, who in enumerate(order))
            lines.append(style(f"  {card['id']}: {card['event']}, {card['animal']}; "
                               f"{icons}", fg="yellow"))
    discards = ", ".join(card["animal"] for card in seen["fate_discards"]) or "none"
    lines.append(f"Fate deck {plural(seen['fate_deck'], 'card')} (reshuffles left "
                 f"{seen['fate_reshuffles_left']}); Fate discards: {discards}.")
    lines.append(f"Action deck {plural(seen['action_deck'], 'card')}"
                 + (f", under it face up: {under_deck(seen['deck_bottom'])}."
                    if seen["deck_bottom"] else "."))
    if seen["ambush"]:
        lines.append("Ambush: this round each Hunter plays the card they draw.")
    if threat := seen["threat"]:
        lines.append(style(f"Your personal fate: {threat['icon']} "
                           f"({threat['effect']} {threat['count']}). Flee from your "
                           "hand?", fg="red"))
    if seen["log"]:
        lines.append("Lately:")
        lines += [f"  {entry}" for entry in seen["log"][-6:]]
    if seen["scores"] is not None:
        scores = ", ".join(f"{h['seat']} {score}" for h, score in
                           zip(seen["hunters"], seen["scores"], strict=True))
        lines.append(f"Game over ({seen['result']}): {scores}.")
    return "\n".join(lines)


def under_deck(cards: Sequence[str]) -> str:
    """The cards under the Action deck, in order, as runs of a kind: "2 camp, shoot,
    3 flee" (the order is what the Hunters will draw once the shuffled part is gone)."""
    runs = [(kind, len(list(run))) for kind, run in groupby(cards)]
    return ", ".join(kind if count == 1 else f"{count} {kind}" for kind, count in runs)
