"""Leduc Hold'em's registration: rules, options, screen and board files."""

from __future__ import annotations

from hunt.boards.leduc_rules import LEDUC
from hunt.models.leduc.help import RULES
from hunt.models.leduc.observation import LeducObservation
from hunt.models.leduc.policy import LeducPolicy
from hunt.models.leduc.rules import LeducGame, LeducState
from hunt.models.leduc.screen import screen
from hunt.models.plugin import GamePlugin

PLUGIN: GamePlugin[LeducGame, LeducState, LeducObservation] = GamePlugin(
    name="leduc", title="Leduc Hold'em", seats=("first", "second"),
    game=LeducGame, options=LeducGame.option_spec, screen=screen,
    board_sets=(LEDUC,),
    policy=LeducPolicy(),
    goals={"": "To win chips: bet on your card; at the showdown a pair with the public "
               "card\nbeats any single card, else the higher card wins (unless someone "
               "folds)."},
    rules=RULES)
"""Leduc Hold'em, as every command reads it."""
