"""Leduc Hold'em's registration: rules, options, screen and board files."""

from __future__ import annotations

from hunt.boards.leduc_rules import LEDUC
from hunt.models.leduc.observation import LeducObservation
from hunt.models.leduc.rules import LeducGame, LeducState
from hunt.models.leduc.screen import screen
from hunt.models.plugin import GamePlugin

PLUGIN: GamePlugin[LeducGame, LeducState, LeducObservation] = GamePlugin(
    name="leduc", title="Leduc Hold'em", seats=("first", "second"),
    game=LeducGame, options=LeducGame.option_spec, screen=screen,
    board_sets=(LEDUC,))
"""Leduc Hold'em, as every command reads it."""
