"""Jutland's table for the browser (`hunt serve`): the turn track, the Strikes so far
and the losses, drawn from the seat's observation (the hands are the page's cards).
Every text is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from hunt.models.jutland.observation import JutlandObservation
from hunt.models.jutland.rules import JutlandGame
from hunt.models.plugin import Hands, WebPanels, upper_first


def web_board(game: JutlandGame, seen: JutlandObservation, seat: int,
              choices: Sequence[str]) -> str:
    """The turn track (this turn marked, each turn's phases), the Strikes and the losses."""
    track = "".join(
        f'<li class="{"now" if turn.number == seen["turn"] else ""}">'
        f'{turn.number}. {escape(turn.name)}<br><small>{escape(", ".join(turn.phases))}'
        f"</small></li>" for turn in game.turns)
    strikes = "".join(
        f'<tr><td>{strike["turn"]}</td><td>{strike["german_force"]}</td>'
        f'<td>{strike["british_force"]}</td><td>{escape(strike["winner"])}</td>'
        f'<td>{escape(", ".join(strike["german_cards"]))}</td>'
        f'<td>{escape(", ".join(strike["british_cards"]))}</td></tr>'
        for strike in seen["strikes"])
    lost = seen["losses"]
    losses = "".join(
        f'<tr><td>{side}</td><td>{ships["big"]}</td><td>{ships["small"]}</td></tr>'
        for side, ships in (("german", lost["german"]), ("british", lost["british"])))
    return (f'<div class="table-view"><ol class="track">{track}</ol>'
            f'<p>Phase: {escape(seen["phase"])}. Deck {seen["deck_size"]}, discards '
            f'{seen["discard_size"]}.</p>'
            '<table><caption>Strikes</caption><tr><th>turn</th><th>German force</th>'
            '<th>British force</th><th>winner</th><th>German cards</th>'
            f'<th>British cards</th></tr>{strikes}</table>'
            '<table><caption>Ships lost</caption><tr><th>side</th><th>big</th>'
            f'<th>small</th></tr>{losses}</table></div>')


def hands(seen: JutlandObservation) -> Hands:
    """The side's own cards and the other side's count, for the browser."""
    return Hands(tuple(seen["hand"]), seen["opponent_hand_size"])


def web_panels(game: JutlandGame, seen: JutlandObservation, seat: int) -> WebPanels:
    """The side's whole log (the table above already shows the state) and, once the
    game is over, how it ended."""
    return WebPanels("", tuple(seen["log"]),
                     None if seen["result"] is None else f"{upper_first(seen['result'])}.")
