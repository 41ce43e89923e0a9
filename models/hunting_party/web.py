"""Hunting Party's table for the browser (`hunt serve`): the party and the face-up Fate
row with the icon each Hunter would meet, drawn from the seat's observation. Every
text is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from hunt.models.hunting_party.observation import PartyObservation
from hunt.models.hunting_party.rules import HuntingPartyGame
from hunt.models.hunting_party.words import log_lines
from hunt.models.plugin import Hands, WebPanels, upper_first


def web_board(game: HuntingPartyGame, seen: PartyObservation, seat: int,
              choices: Sequence[str]) -> str:
    """The Hunters (cards, trophies, Action) and the Fate row as cards, each with the
    personal icon of every Hunter in the live order."""
    party = "".join(
        f'<tr class="{"you" if hunter["seat"] == seen["seat"] else ""}">'
        f'<td>{escape(hunter["seat"])} {escape(hunter["hunter"] or "")}'
        f'{" (First Hunter)" if hunter["seat"] == seen["first_hunter"] else ""}</td>'
        f'<td>{hunter["hand_size"]}/{hunter["hand_limit"]}'
        f'{"" if hunter["alive"] else " dead"}</td>'
        f'<td>{escape(", ".join(hunter["trophies"]) or "none")}</td>'
        f'<td>{escape(hunter["action"] or "")}</td></tr>'
        for hunter in seen["hunters"] if hunter["hunter"])
    order = seen["live_order"]
    fate = "".join(
        f'<div class="fate-card"><b>{escape(card["id"])}</b><br>{escape(card["event"])}, '
        f'{escape(card["animal"])}<ul>'
        + "".join(f'<li class="{"you" if who == seen["seat"] else ""}">{escape(who)}: '
                  f'{escape(card["icons"][place])}</li>' for place, who in enumerate(order))
        + "</ul></div>" for card in seen["fate_up"])
    goal = seen["goal"]
    return ('<div class="table-view"><table><caption>The party</caption><tr><th>Hunter'
            '</th><th>cards</th><th>trophies</th><th>Action</th></tr>'
            f'{party}</table>'
            + (f'<p>Your Goal: {escape(goal["text"])} ({goal["points"]} points'
               f'{", met now" if goal["met"] else ""}).</p>' if goal else "")
            + f'<div class="fate-row">{fate}</div>'
            f'<p>Fate deck {seen["fate_deck"]}, Action deck {seen["action_deck"]}.</p></div>')


def hands(seen: PartyObservation) -> Hands:
    """The Hunter's own cards, one per card (the others' are counted on the board)."""
    return Hands(tuple(kind for kind, count in seen["hand"].items() for _ in range(count)))


def web_panels(game: HuntingPartyGame, seen: PartyObservation, seat: int) -> WebPanels:
    """The seat's whole log in words (the table above already shows the state) and,
    once the game is over, how it ended."""
    return WebPanels("", tuple(log_lines(game, seen)),
                     None if seen["result"] is None else f"{upper_first(seen['result'])}.")
