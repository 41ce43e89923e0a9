"""Jutland's registration: rules, options, screen and board files."""

from __future__ import annotations

from hunt.boards.jutland_deck import JUTLAND
from hunt.models.jutland.help import RULES, card_texts
from hunt.models.jutland.observation import JutlandObservation
from hunt.models.jutland.policy import JutlandPolicy
from hunt.models.jutland.rules import JutlandGame, JutlandState
from hunt.models.jutland.screen import screen
from hunt.models.jutland.web import web_board
from hunt.models.plugin import GamePlugin

PLUGIN: GamePlugin[JutlandGame, JutlandState, JutlandObservation] = GamePlugin(
    name="jutland", title="Jutland", seats=("german", "british"),
    game=JutlandGame, options=JutlandGame.option_spec, screen=screen,
    board_sets=(JUTLAND,),
    policy=JutlandPolicy(),
    goals={"": "To win, sink more enemy ships than you lose (then more big ones) in 6 "
               "turns.\nEach Strike the higher force wins, British win ties; the turn "
               "sets the losses."},
    rules=RULES, cards=card_texts, web_board=web_board)
"""Jutland, as every command reads it."""
