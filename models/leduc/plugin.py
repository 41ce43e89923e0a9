"""Leduc Hold'em's registration: rules, options, screen and board files."""

from __future__ import annotations

from hunt.boards.leduc import BOARD_SETS
from hunt.models.leduc.help import RULES
from hunt.models.leduc.observation import LeducObservation
from hunt.models.leduc.policy import LeducPolicy
from hunt.models.leduc.rules import LeducGame, LeducState
from hunt.models.leduc.screen import screen
from hunt.models.plugin import GamePlugin
from hunt.models.profile import SearchProfile

PLUGIN: GamePlugin[LeducGame, LeducState, LeducObservation] = GamePlugin(
    name="leduc", title="Leduc Hold'em", seats=("first", "second"),
    seat_titles={"first": "the first player", "second": "the second player"},
    game=LeducGame, options=LeducGame.option_spec, screen=screen,
    board_sets=BOARD_SETS,
    policy=LeducPolicy(),
    # The levels solve the game whole with CFR+ (`hunt.solver.cfr`), and its budget
    # sets them apart (`scripts/leduc_exploitability.py`, chips a hand a best response
    # wins): easy 10 iterations, 0.610, about as exploitable as ISMCTS at normal
    # (0.564); normal 100, 0.013; hard 400, 0.001. At 1000 (0.00025) every level
    # played alike, move for move.
    profile=SearchProfile(normal_iterations=1000, search="cfr", cfr_iterations=100),
    goals={"": "To win chips: bet on your card; at the showdown a pair with the public "
               "card\nbeats any single card, else the higher card wins (unless someone "
               "folds)."},
    rules=RULES)
"""Leduc Hold'em, as every command reads it."""
