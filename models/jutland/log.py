"""Jutland's event log: what one side has seen, in words, read from its view.

The screen shows the last few entries and `log` all of them. Everything comes from the
seat's own view (`State._views`), so the log names the seat's own draws and never the
other side's cards until they are revealed."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from hunt.boards.jutland.deck import SIDES, JutlandCard
from hunt.models.plugin import plural, upper_first

if TYPE_CHECKING:  # the rules build their observation with this module
    from hunt.models.jutland.rules import JutlandGame

FLEETS = {"german": "the Germans", "british": "the British"}
"""Each side as the subject of a sentence."""


def names(deployed: Sequence[JutlandCard]) -> str:
    """Deployed cards by id, or "nothing"."""
    return ", ".join(card.id for card in deployed) or "nothing"


def seat_log(views: Sequence[Hashable], game: JutlandGame, seat: int) -> list[str]:
    """The log of the side `seat` from its view tokens, in order: choices made,
    discards and Strikes revealed, draws (consecutive ones together), reshuffles."""
    cards = game.cards
    # the k-th Strike is fought in the k-th turn with a Strike phase: its Sink table
    strike_turns = iter([turn for turn in game.turns if "strike" in turn.phases])
    log: list[str] = []
    other = FLEETS[SIDES[1 - seat]]
    chose = False  # whether this side said "done" since the last reveal
    drawn: list[str] = []
    opponent_drew = 0

    def flush() -> None:
        nonlocal opponent_drew
        if drawn:
            log.append(f"You draw {', '.join(drawn)}.")
            drawn.clear()
        if opponent_drew:
            log.append(f"{upper_first(other)} draw {plural(opponent_drew, 'card')}.")
            opponent_drew = 0

    for token in views:
        assert isinstance(token, tuple)
        kind = token[0]
        if kind == "drew":
            drawn.append(cards[token[1]].id)
            continue
        if kind == "opponent drew":
            opponent_drew += 1
            continue
        flush()
        if kind == "done":
            chose = True
        elif kind == "chosen":
            log.append(f"{upper_first(FLEETS[SIDES[token[1]]])} have chosen.")
        elif kind == "discarded":
            log.append(f"Cards discarded face down: the Germans {token[1]}, the "
                       f"British {token[2]}."
                       + ("" if chose else " Your hand was empty, so your discard "
                                           "closed by itself."))
            chose = False
        elif kind == "deployed":
            german, british = ([cards[k] for k in side] for side in token[1:3])
            forces = [sum(card.force for card in side) for side in (german, british)]
            won = game.strike_winner(*forces)
            sunk = ", ".join(f"{FLEETS[SIDES[seat]]} {big} big and {small} small" for seat,
                             (big, small) in enumerate(game.sink(next(strike_turns), won)))
            log.append(f"Strike: the Germans deploy {names(german)} (force {forces[0]}), the "
                       f"British {names(british)} (force {forces[1]}): {FLEETS[SIDES[won]]} "
                       "win." + ("" if chose else " Your hand was empty, so you deploy "
                                                   "nothing.") + f" Sink: {sunk} ships lost.")
            chose = False
        elif kind == "reshuffled":
            log.append(f"The discards are shuffled into a new deck of "
                       f"{plural(token[1], 'card')}.")
    flush()
    return log
