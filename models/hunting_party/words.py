"""Hunting Party's log in words: each event (`events.py`) as the screen and the `log`
page say it, the Hunters named as the seat's observation names them."""

from __future__ import annotations

from typing import assert_never

from hunt.models.events import numbered_log
from hunt.models.hunting_party import events as ev
from hunt.models.hunting_party.observation import PartyObservation
from hunt.models.hunting_party.rules import HuntingPartyGame
from hunt.models.plugin import Style, plain

PERSONAL = {"trophy": ", bags the animal.", "discards": ", a trophy from the discards.",
            "lose": ", discards {cards}.", "gain": ", draws {cards}.", "misfire": "."}
"""What a personal icon does, after the icon's name."""


def who(seen: PartyObservation, seat: int) -> str:
    """A seat as the screen names it: "p2 (Cecil Hargreave)" (its label alone before
    it has a Hunter)."""
    hunter = seen["hunters"][seat]
    return f"{hunter['seat']} ({hunter['hunter']})" if hunter["hunter"] else hunter["seat"]


def say(game: HuntingPartyGame, seen: PartyObservation, event: ev.Event) -> str:
    """`event` in words, as the log shows it to the seat that sees `seen`."""
    match event:
        case ev.FirstHunter(seat):
            return f"{who(seen, seat)} is the First Hunter (first by name)."
        case ev.RoundBegins(number, first, ambush):
            return f"Round {number}: {who(seen, first)} is the First Hunter" \
                + (" (Ambush: each plays the card drawn)." if ambush else ".")
        case ev.Joins(seat):
            return f"{who(seen, seat)} joins the party."
        case ev.PlaysFaceDown(seat):
            return f"{who(seen, seat)} plays an Action face down."
        case ev.PlaysFaceUp(seat, action):
            return f"{who(seen, seat)} plays {action} (drawn face up)."
        case ev.DiscardsFate(seat, card):
            return f"{who(seen, seat)} discards {card}."
        case ev.DiscardsAction(seat, action):
            return f"{who(seen, seat)} discards a {action}."
        case ev.GameOver(scores):
            return "Game over: " + ", ".join(f"{who(seen, seat)} {score}"
                                             for seat, score in enumerate(scores)) + "."
        case ev.Dies(seat):
            return f"{who(seen, seat)} has no Action cards left and dies."
        case ev.Misfires(seat, action):
            return f"{who(seen, seat)} misfires and loses a {action}."
        case ev.Scavengers(card):
            return f"Scavengers: {card} shows the {game.fate[card].animal}."
        case ev.LosesTrophy(seat, animal):
            return f"{who(seen, seat)} loses a trophy ({animal})."
        case ev.Flees(seat):
            return f"{who(seen, seat)} flees (a Flee from the hand)."
        case ev.TakesTrophy(seat, card):
            return f"{who(seen, seat)} takes {card} ({game.fate[card].animal}) as a trophy."
        case ev.VineNames(seat, action):
            return f"Vine Bridge: {who(seen, seat)} names {action}."
        case ev.Accident(seat, victim):
            return f"Hunting Accident: {who(seen, seat)} hits {who(seen, victim)}."
        case ev.FateRevealed(card, actions):
            fate = game.fate[card]
            shown = ", ".join(f"{who(seen, seat)} {action}"
                              for seat, action in enumerate(actions) if action is not None)
            return f"Fate: {card} ({fate.event}, {fate.animal}). Actions: {shown}."
        case ev.AmbushNext():
            return "Ambush: next round each Hunter plays the card they draw."
        case ev.FeverMatched(seat, action):
            return f"Jungle Fever: {who(seen, seat)} shows a {action}, matched: discarded."
        case ev.Personal(seat, icon, what, cards):
            return f"{who(seen, seat)}: {icon.replace('-', ' ')}" \
                + PERSONAL[what].format(cards=cards)
        case ev.VineFinds(seat, action):
            return f"{who(seen, seat)} finds a {action}."
        case ev.VineEmpty(seat):
            return f"{who(seen, seat)} finds nothing and discards 2."
        case ev.Bags(seat, card):
            return f"{who(seen, seat)} bags {card} ({game.fate[card].animal})."
        case ev.FateReshuffled(cards):
            return f"The Fate deck is shuffled again ({cards} cards)."
        case _:
            assert_never(event)


def log_lines(game: HuntingPartyGame, seen: PartyObservation, last: int = 0) -> list[str]:
    """The log of `seen` in words, oldest first (only the `last` few if given)."""
    entries = seen["log"][-last:] if last else seen["log"]
    return [say(game, seen, ev.KINDS.from_json(entry)) for entry in entries]


def log_page(game: HuntingPartyGame, seen: PartyObservation, seat: int,
             style: Style = plain) -> str:
    """`log`: every event the seat has seen, numbered (the screen shows the last few)."""
    return numbered_log(log_lines(game, seen))
