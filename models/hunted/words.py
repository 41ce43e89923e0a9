"""Hunted's log in words: each event (`events.py`) as the screen and the `log` page
say it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, assert_never

from hunt.models.events import numbered_log
from hunt.models.hunted import events as ev
from hunt.models.hunted.observation import HuntedObservation
from hunt.models.hunted.rules import HuntedGame
from hunt.models.plugin import Style, plain, plural

CAUSES = {"another-alien": "Another alien", "two-bells": "Two bells"}
"""What sets off an alien attack, in words."""


def who(game: HuntedGame, seat: int) -> str:
    """A seat as the log names it: "you" alone, "p1"/"p2" with two players."""
    return "you" if game.players == 1 else game.seat_names[seat]


def say(game: HuntedGame, event: ev.Event) -> str:
    """`event` in words, as the log shows it."""
    match event:
        case ev.TestResult(hit):
            return "Test: " + ("success." if hit else "failed.")
        case ev.NothingFound(wanted):
            return f"No {wanted} card is left to find."
        case ev.Found(card):
            return f"Found: {card}."
        case ev.NoAmbush(draws):
            return f"No alien in the next {plural(draws, 'card')}."
        case ev.Ambush(card):
            return f"Ambush: {card} attacks (the row stays)."
        case ev.Hits(landed, tossed):
            return f"{landed} of {plural(tossed, 'token')} hit."
        case ev.Reroll():
            return "The reroll token: the missed tokens are tossed again."
        case ev.MoreHits(hits):
            return f"{hits} more hit on the re-toss."
        case ev.AlienTakes(card):
            return f"The alien takes {card} instead."
        case ev.OutOfAmmo(seat):
            return f"Nothing is left to fire: the aliens kill {who(game, seat)}."
        case ev.Escaped(score):
            return f"Escaped! Score {score}."
        case ev.Lost(reason):
            return f"Lost: {reason}."
        case ev.Reshuffled():
            return "The discard pile is shuffled into a new Hunted deck."
        case ev.CrewLost(card):
            return f"{card} is lost to the aliens."
        case ev.AlienDefeated(alien):
            return f"{alien or 'The alien'} is defeated."
        case ev.Hides(seat):
            return f"{who(game, seat).capitalize()} hide: the row is discarded."
        case ev.Gives(seat, card):
            return f"{who(game, seat)} gives {card} to {who(game, 1 - seat)}."
        case ev.Reloads(seat, card):
            return f"{who(game, seat).capitalize()} reload the {card}."
        case ev.Uses(seat, card):
            return f"{who(game, seat).capitalize()} use the {card}."
        case ev.Helps(seat, card):
            return f"{card} helps ({who(game, seat)} flip the card)."
        case ev.Drawn(card):
            return f"Drawn: {card}."
        case ev.AlienAttacks(cause, card):
            return f"{CAUSES[cause]}: the row is discarded and {card} attacks."
        case ev.StrongestTie(cause, cards):
            return f"{CAUSES[cause]}: the row is discarded; {' and '.join(cards)} are " \
                   "equally strong: one is chosen to fight."
        case ev.ShuffledIn(card):
            return f"{card} is shuffled into the Hunted deck."
        case ev.Activates(seat, card):
            return f"{who(game, seat).capitalize()} activate {card}."
        case ev.LocationDrawn(card):
            return f"Location: {card}."
        case ev.FinalFight():
            return "The alien queen waits at the Landing Pad: the final fight."
        case _:
            assert_never(event)


def log_lines(game: HuntedGame, log: Sequence[Mapping[str, Any]]) -> list[str]:
    """The observation's log entries (JSON events) in words, oldest first."""
    return [say(game, ev.KINDS.from_json(entry)) for entry in log]


def log_page(game: HuntedGame, seen: HuntedObservation, seat: int, style: Style = plain) -> str:
    """`log`: every event the seat has seen, numbered (the screen shows the last few)."""
    return numbered_log(log_lines(game, seen["log"]))
