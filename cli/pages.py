"""What the prompt shows besides the menu: `rules [CARD]`, `log` and a game's own
pages (`hand`, ...). Each reads the state only through the seat's observation, like the
screen, so no command shows what the seat may not see."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import click

from hunt.cli.prompt_game import Page
from hunt.errors import quoted
from hunt.models.events import numbered_log
from hunt.models.game import AnyState
from hunt.models.plugin import AnyPlugin, GamePage, with_card_ids, wrap
from hunt.models.registry import game_plugin


def pages_of(game_name: str) -> dict[str, Page]:
    """The game's prompt commands that show something, by their word."""
    plugin = game_plugin(game_name)
    pages: dict[str, Page] = {"rules": partial(rules_page, plugin), "log": log_page}
    for word, screen in plugin.pages.items():
        pages[word] = partial(screen_page, screen)
    return pages


Picture = Callable[[AnyState, int, Sequence[str]], str]
"""A picture of some choices of a seat: (state, seat, their texts) -> text or ""."""


def picture_of(game_name: str) -> Picture | None:
    """The game's picture of a menu group's choices (`GamePlugin.choices_screen`),
    drawn from the seat's observation; None if the game has none."""
    screen = game_plugin(game_name).choices_screen
    if screen is None:
        return None

    def picture(state: AnyState, seat: int, texts: Sequence[str]) -> str:
        return screen(state.game, state.observation(seat), seat, texts)

    return picture


def rules_page(plugin: AnyPlugin, state: AnyState, seat: int, card: str) -> str:
    """`rules`: the turn and how to win; `rules CARD`: that card's text and uses."""
    if not card:
        cards = " `rules CARD` gives a card's text." if plugin.cards is not None else ""
        paragraphs = [" ".join(part.split()) for part in plugin.rules.split("\n\n")]
        return "\n".join([*(line for part in paragraphs for line in wrap(part, "")), *wrap(
            "Your goal: " + plugin.goal(state.game.info.seat_names[seat]).replace("\n", " ")
            + cards)])
    texts: Mapping[str, str] = plugin.cards(state.game) if plugin.cards is not None else {}
    if not texts:
        return f"{plugin.title} has no cards to look up; `rules` alone gives its turn."
    names = plugin.card_names(state.game) if plugin.card_names is not None else {}
    wanted = slug(with_card_ids(card, names))  # "rules Harwood's Intuition"
    found = [name for name in texts if slug(name) == wanted] or \
        [name for name in texts if slug(name).startswith(wanted)]
    if len(found) != 1:
        example = ", ".join(sorted(texts)[:3])
        what = "names several cards" if found else "is no card here"
        return f"{quoted(card)} {what}: type a card's id as the screen shows it " \
               f"(e.g. {example})."
    return "\n".join(line for paragraph in texts[found[0]].splitlines()
                     for line in wrap(paragraph))


def slug(name: str) -> str:
    """A card name as ids spell it: lower case, words joined by hyphens ("Nest Guard"
    and "nest-guard" are one card)."""
    return "-".join(re.findall(r"[a-z0-9]+", name.lower()))


def log_page(state: AnyState, seat: int, _: str) -> str:
    """`log`: every event the seat has seen, numbered (the screen shows the last few)."""
    seen = state.observation(seat)
    log = seen.get("log") if isinstance(seen, Mapping) else None
    if log is None:
        return "This game keeps no event log: the screen shows everything public."
    return numbered_log([str(entry) for entry in log])


def screen_page(screen: GamePage[Any, Any], state: AnyState, seat: int, _: str) -> str:
    """A game's own page (`GamePlugin.pages`), drawn from the seat's observation."""
    return screen(state.game, state.observation(seat), seat, click.style)
