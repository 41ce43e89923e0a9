"""Leduc Hold'em's registration: rules, options, screen and board files."""

from __future__ import annotations

from hunt.boards.leduc_rules import LEDUC
from hunt.models.leduc.rules import LeducGame
from hunt.models.leduc.screen import screen
from hunt.models.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="leduc", title="Leduc Hold'em", seats=("first", "second"),
    game=LeducGame, options=LeducGame.option_spec, screen=screen,
    board_sets=(LEDUC,))
"""Leduc Hold'em, as every command reads it."""
