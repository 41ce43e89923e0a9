"""Hunted's table for the browser (`hunt serve`): time, health, each row as cards and
each inventory, drawn from the observation (the whole table is public). Every text is
escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from hunt.models.hunted.observation import HuntedObservation
from hunt.models.hunted.rules import HuntedGame
from hunt.models.hunted.words import log_lines
from hunt.models.plugin import WebPanels, upper_first


def web_board(game: HuntedGame, seen: HuntedObservation, seat: int,
              choices: Sequence[str]) -> str:
    """Time and health, the rows (a card each, aliens marked), the inventories and a
    fight in progress."""
    def card(name: str) -> str:
        found = game.cards[name]
        kind = "alien" if found.type == "alien" else "location"
        detail = f"{found.strength} hits" if found.type == "alien" else \
            f"gives {'/'.join(found.gives)}; costs {' + '.join(found.cost) or 'nothing'}"
        return (f'<div class="row-card {kind}"><b>{escape(name)}</b><br>'
                f"<small>{escape(found.type)}: {escape(detail)}</small></div>")

    players = seen["players"]
    rows = "".join(
        f'<div class="row"><span>{"Your row" if index == seat else f"p{index + 1}"}:'
        f'</span>{"".join(card(n) for n in seen["rows"][index]) or " empty"}</div>'
        for index in range(players))
    if players == 2:
        rows += (f'<div class="row"><span>Shared:</span>'
                 f'{"".join(card(n) for n in seen["shared"]) or " empty"}</div>')
    holds = "".join(
        f'<li>{"You" if index == seat else f"p{index + 1}"}: health '
        f'{seen["health"][index]}/{seen["max_health"]}; '
        + escape(", ".join(item["name"] for item in seen["inventories"][index]) or "nothing")
        + f'; keys {seen["keys"][index]}</li>' for index in range(players))
    fight = seen["fight"]
    fighting = (f'<p class="error">Fight: {escape(fight["alien"])}, {fight["hits"]} of '
                f'{fight["strength"]} hits.</p>' if fight else "")
    return (f'<div class="table-view"><p>Time {seen["time"]}; Locations left '
            f'{seen["locations_left"]}.</p>{rows}<ul>{holds}</ul>{fighting}</div>')


def web_panels(game: HuntedGame, seen: HuntedObservation, seat: int) -> WebPanels:
    """The whole log in words (the table above already shows the state) and, once the
    game is over, how it ended."""
    return WebPanels("", tuple(log_lines(game, seen["log"])),
                     None if seen["reason"] is None or seen["result"] is None
                     else f"{upper_first(seen['reason'])}.")
