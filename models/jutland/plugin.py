"""Jutland's registration: rules, options, screen, board files and browser page."""

from __future__ import annotations

from hunt.boards.jutland import BOARD_SETS
from hunt.models.jutland.help import RULES, card_names, card_texts
from hunt.models.jutland.observation import JutlandObservation
from hunt.models.jutland.players import GreedyPlayer, PlannerPlayer
from hunt.models.jutland.policy import JutlandPolicy
from hunt.models.jutland.rules import JutlandGame, JutlandState
from hunt.models.jutland.screen import screen
from hunt.models.jutland.web import card_faces, hands, web_board, web_panels
from hunt.models.jutland.words import choice_words
from hunt.models.plugin import GamePlugin
from hunt.models.profile import SearchProfile

PLUGIN: GamePlugin[JutlandGame, JutlandState, JutlandObservation] = GamePlugin(
    name="jutland", title="Jutland", seats=("german", "british"),
    game=JutlandGame, options=JutlandGame.option_spec, screen=screen,
    board_sets=BOARD_SETS,
    policy=JutlandPolicy(),
    players={"greedy": GreedyPlayer, "planner": PlannerPlayer},
    profile=SearchProfile(
        # With full playouts: about half a second a decision on this machine (2,100
        # iterations a second, `hunt bench`; 600 when the budget was set).
        normal_iterations=1000,
        # The full tree (the opponent's choices searched, not rolled out by the rule of
        # thumb), the search's choice always. Flat UCB scored best against the
        # heuristic (0.575 in 200) but the planner beat it: 0.100 (0.040 to 0.231);
        # the full tree scores 0.323 against the planner, 0.450 against the heuristic
        # and greedy, 0.475 against PIMC, and 0.775 against flat UCB (sequential tests
        # on paired seeds, `hunt arena jutland --agents ismcts:normal,tree=0,B --sprt
        # 0.2,0.4 --seed 300`, the planner's row `--seed 200`, flat UCB's `--sprt
        # 0.4,0.6`; docs/strength.md).
        tree_depth=0, confidence=0.0,
        # The hint's win chance: the search's share of won playouts read as the rate at
        # which such positions were won, fitted on 2,302 positions of 84 games between
        # the population's players (planner against greedy, heuristic against greedy,
        # planner against random; each pair 14 seeds, both seatings): `python
        # scripts/calibration.py jutland --agents planner,greedy --agents
        # heuristic,greedy --agents planner,random --games 14 --seed 9200 --every 4
        # --save A.jsonl`, then `--fit A.jsonl`. The shares over-promised (one of 45% was
        # won 29% of the time, one of 85% 72%); docs/strength.md has the held-out check.
        chance_knots=((0.0, 0.007), (0.1049, 0.1389), (0.2919, 0.2361), (0.4982, 0.3646),
                      (0.7364, 0.6446), (0.9018, 0.7361), (0.9999, 0.9288))),
    goals={"": "To win, sink more enemy ships than you lose (then more big ones) in 6 "
               "turns.\nEach Strike the higher force wins, British win ties; the turn "
               "sets the losses."},
    rules=RULES, cards=card_texts, card_names=card_names, choice_words=choice_words,
    web_board=web_board, hands=hands, web_panels=web_panels, card_faces=card_faces)
"""Jutland, as every command reads it."""
