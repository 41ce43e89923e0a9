"""Hunting Party's screen: what `hunt play` shows a seat, drawn from its observation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import groupby

from hunt.models.events import lately_heading
from hunt.models.hunting_party.events import KINDS as EVENTS
from hunt.models.hunting_party.events import GameOver
from hunt.models.hunting_party.fate import SHOOTER_EVENTS
from hunt.models.hunting_party.observation import PartyObservation, ThreatSeen
from hunt.models.hunting_party.rules import HuntingPartyGame
from hunt.models.hunting_party.words import log_lines, printed, who
from hunt.models.plugin import Style, fit, plain, plural
from hunt.models.registry import game_plugin

LATELY = 4
"""Events the screen repeats (`log` shows them all)."""
SHORT = {"animal-attack": "attack", "opportunity-shot": "opportunity"}
"""Personal icons as the Fate rows name them, to keep a row on one line."""


def short_names(game: HuntingPartyGame) -> dict[str, str]:
    """The Fate rows' short names of personal icons -> their ids: `rules attack` reads
    what the screen shows."""
    return {short: icon for icon, short in SHORT.items()}
UNDER_SHOWN = 8
"""Action cards under the deck the screen names (`deck` names them all)."""


def screen(game: HuntingPartyGame, seen: PartyObservation, seat: int,
           style: Style = plain, unseen: int = 0) -> str:
    """Hunting Party from `seat`'s side: the party, the face-up Fate with the icon each
    Hunter would meet, the decks, its own hand and Goal, the last events (every one of
    the `unseen`)."""
    me = seen["hunters"][seat]
    you = game_plugin(game.info.name).seat_title(seen["seat"])
    title = f"=== Hunting Party - round {seen['round']} - you are {you}"
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
        if hunter["seat"] == seen["seat"]:  # the others' are one word away: hunters
            lines.append(f"      {hunter['ability_text']}")
    if goal := seen["goal"]:
        lines.append(f"Your Goal: {goal['text'].rstrip('.')} ({plural(goal['points'], 'point')}"
                     + (", met now)." if goal["met"] else ")."))
    for choice in seen["goal_choices"]:
        lines.append(f"Goal dealt: {choice['id']}: {choice['text'].rstrip('.')} "
                     f"({plural(choice['points'], 'point')}).")
    hand = ", ".join(f"{count} {kind}" for kind, count in seen["hand"].items() if count)
    lines.append(f"Your hand: {hand or 'empty'}.")
    if seen["fate_up"]:
        lines.append("Face-up Fate cards (personal icons for " + ", ".join(order) + "):")
        for card in seen["fate_up"]:
            icons = ", ".join(f"{who} {SHORT.get(card['icons'][i], card['icons'][i])}"
                              for i, who in enumerate(order))
            lines.append(style(f"  {card['id']}: {card['event']}, {card['animal']}; "
                               f"{icons}", fg="yellow"))
    animals = Counter(card["animal"] for card in seen["fate_discards"])
    discards = ", ".join(f"{count} {animal}" for animal, count in sorted(animals.items()))
    lines.append(f"Fate deck {plural(seen['fate_deck'], 'card')} (reshuffles left "
                 f"{seen['fate_reshuffles_left']}); Fate discards: {discards or 'none'}.")
    bottom = seen["deck_bottom"]
    lines.append(f"Action deck {plural(seen['action_deck'], 'card')}" + (
        f", under it {len(bottom)} face up: {under_deck(bottom[:UNDER_SHOWN])}"
        + (" ... (deck: all)." if len(bottom) > UNDER_SHOWN else ".") if bottom else "."))
    if seen["ambush"]:
        lines.append("Ambush: this round each Hunter plays the card they draw.")
    if threat := seen["threat"]:
        # a shooter who flees fired no shot: the events for shooters pass them over
        fate = seen["fate_up"][0]["event"] if len(seen["fate_up"]) == 1 else ""
        passed = f" If you flee you did not shoot, and {printed(fate)} passes you over." \
            if fate in SHOOTER_EVENTS and me["action"] == "shoot" else ""
        lines.append(style(f"Your personal fate: {threat_words(threat)}. Flee from your "
                           f"hand?{passed}", fg="red"))
    if seen["log"]:
        # the game's end has its own line below
        latest, untold = EVENTS.latest(seen["log"], LATELY, (GameOver,), unseen)
        lines.append(lately_heading(untold))
        lines += [f"  {text}" for text in log_lines(game, seen, latest)]
    if seen["scores"] is not None:
        scores = ", ".join(f"{h['seat']} {score}" for h, score in
                           zip(seen["hunters"], seen["scores"], strict=True))
        lines.append(f"Game over ({seen['result']}): {scores}.")
        lines += score_lines(game, seen)
    return fit(lines)


def threat_words(threat: ThreatSeen) -> str:
    """A personal fate in words: "animal attack: you discard 2 cards"."""
    count = threat["count"]
    effect = {"trophy": "you bag the animal",
              "discards": "you take a trophy from the Fate discards",
              "lose": f"you discard {plural(count, 'card')}",
              "gain": f"you draw {plural(count, 'card')}",
              "misfire": "your gun misfires: a card of your hand is lost at random"}
    return f"{threat['icon'].replace('-', ' ')}: {effect.get(threat['effect'], threat['effect'])}"


def score_lines(game: HuntingPartyGame, seen: PartyObservation) -> list[str]:
    """At the end: how each Hunter scored (a point a trophy, its Goal's points if met,
    the penalty if dead), with every Goal, shown at the end to be scored."""
    over = next((event for entry in reversed(seen["log"])
                 if isinstance(event := EVENTS.from_json(entry), GameOver)), None)
    if over is None or len(over.goals) != len(seen["hunters"]):
        return []
    penalty = game.rules["death_penalty"]
    lines = []
    for seat, hunter in enumerate(seen["hunters"]):
        trophies = len(hunter["trophies"])
        parts = [f"{trophies} {'trophy' if trophies == 1 else 'trophies'}"]
        if goal := game.goals.get(over.goals[seat]):
            met = over.met[seat]
            parts.append(f"+ {goal.points if met else 0} for the Goal "
                         f"'{goal.text.rstrip('.')}' ({'met' if met else 'not met'})")
        if not hunter["alive"]:
            parts.append(f"- {penalty} for dying")
        lines.append(f"  {who(seen, seat)}: {' '.join(parts)} = "
                     f"{plural(over.scores[seat], 'point')}.")
    return lines


def hunters_page(game: HuntingPartyGame, seen: PartyObservation, seat: int,
                 style: Style = plain) -> str:
    """`hunters`: every Hunter's special ability (the screen shows only yours)."""
    return fit([f"{hunter['seat']} {hunter['hunter']}: {hunter['ability_text']}"
                for hunter in seen["hunters"] if hunter["hunter"]])


def deck_page(game: HuntingPartyGame, seen: PartyObservation, seat: int,
              style: Style = plain) -> str:
    """`deck`: the Action cards face up under the deck, in the order they will be
    drawn, and the Fate discards one by one."""
    bottom = seen["deck_bottom"]
    return fit([f"Under the Action deck, face up, first drawn first: "
                f"{under_deck(bottom) if bottom else 'none'}.",
                "Fate discards: " + (", ".join(f"{card['id']} ({card['animal']})"
                                               for card in seen["fate_discards"]) or "none")
                + "."])


def under_deck(cards: Sequence[str]) -> str:
    """The cards under the Action deck, in order, as runs of a kind: "2 camp, shoot,
    3 flee" (the order is what the Hunters will draw once the shuffled part is gone)."""
    runs = [(kind, len(list(run))) for kind, run in groupby(cards)]
    return ", ".join(kind if count == 1 else f"{count} {kind}" for kind, count in runs)
