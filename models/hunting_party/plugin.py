"""Hunting Party's registration: rules, options, screen and board files."""

from __future__ import annotations

from hunt.boards.hunting_party import BOARD_SETS
from hunt.models.hunting_party.help import RULES, card_texts
from hunt.models.hunting_party.observation import PartyObservation
from hunt.models.hunting_party.players import GreedyPlayer, PlannerPlayer
from hunt.models.hunting_party.policy import HuntingPartyPolicy
from hunt.models.hunting_party.rules import HuntingPartyGame, HuntingPartyState
from hunt.models.hunting_party.screen import deck_page, hunters_page, screen
from hunt.models.hunting_party.web import card_faces, hands, web_board, web_panels
from hunt.models.hunting_party.words import choice_words, log_page
from hunt.models.plugin import GamePlugin
from hunt.models.profile import SearchProfile

PLUGIN: GamePlugin[HuntingPartyGame, HuntingPartyState, PartyObservation] = GamePlugin(
    name="hunting-party", title="Hunting Party", seats=("p1", "p2", "p3", "p4", "p5"),
    game=HuntingPartyGame, options=HuntingPartyGame.option_spec,
    screen=screen, board_sets=BOARD_SETS,
    policy=HuntingPartyPolicy(),
    # About 160 iterations a second with full playouts (`hunt bench`): 600 took 3.4 s
    # a decision, over the 2 s a normal move may take; 300 answer in under 2.
    profile=SearchProfile(normal_iterations=300),
    goals={"": "To win, score the most: 1 point a trophy, and your secret Goal's if "
               "met.\nThe dead lose 3. Each round, play an Action face down, then "
               "discard Fate."},
    rules=RULES, cards=card_texts, choice_words=choice_words,
    pages={"hunters": hunters_page, "deck": deck_page, "log": log_page},
    web_board=web_board, hands=hands, web_panels=web_panels, card_faces=card_faces,
    players={"greedy": GreedyPlayer, "planner": PlannerPlayer})
"""Hunting Party, as every command reads it."""
