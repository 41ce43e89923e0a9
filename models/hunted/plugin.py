"""Hunted's registration: rules, options, screen and board files, and the odds of the
next card for `hunt hint`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hunt.boards.hunted import BOARD_SETS
from hunt.models.hunted.help import RULES, card_texts
from hunt.models.hunted.observation import HuntedObservation
from hunt.models.hunted.policy import HuntedPolicy
from hunt.models.hunted.rules import HuntedGame, HuntedState
from hunt.models.hunted.screen import screen
from hunt.models.hunted.web import card_faces, hands, web_board, web_panels
from hunt.models.hunted.words import choice_words, log_page
from hunt.models.plugin import GamePlugin
from hunt.models.profile import SearchProfile


def advice(state: HuntedState, seat: int, model: str) -> dict[str, Any]:
    """The odds of the next card `seat` draws (the deck is public)."""
    return {"next_draw": state.draw_odds(seat)}


def advice_lines(state: HuntedState, report: Mapping[str, Any], map_shown: bool
                 ) -> list[str]:
    """The odds of the next card, in words (Hunted has no map: `map_shown` is moot)."""
    odds = report["next_draw"]
    return [f"The next card: an alien {odds['alien']:.0%}, a bell {odds['bell']:.0%}, "
            f"an event {odds['event']:.0%}; it forces a fight at once {odds['fight']:.0%}."]


PLUGIN: GamePlugin[HuntedGame, HuntedState, HuntedObservation] = GamePlugin(
    name="hunted", title="Hunted: Mining Colony 415", seats=("p1", "p2"),
    game=HuntedGame, options=HuntedGame.option_spec, screen=screen,
    board_sets=BOARD_SETS, advice=advice, advice_lines=advice_lines,
    policy=HuntedPolicy(),
    # About 0.2 s a move: a solo game (~100 choices) took 15-18 s.
    profile=SearchProfile(
        normal_iterations=300, rollout_depth=30,
        # The hint's chance to escape (alone, at normal difficulty: the defaults): the
        # search's share of escaped playouts read as the rate at which such positions
        # were escaped, fitted on 4,491 positions of 192 solo games played by the
        # heuristic, the normal level and PIMC (`python scripts/calibration.py hunted
        # --agents heuristic,ismcts:normal --agents pimc,heuristic --games 24 --seed
        # 9600 --every 4 --save A.jsonl`, and `--seed 9650` into B.jsonl, then `--fit
        # A.jsonl B.jsonl`). The playouts, cut at 30 actions and played by the rule of
        # thumb, under-promised everywhere: a share of 15% was escaped 33% of the time,
        # one of 45% 65%; docs/strength.md has the held-out check.
        chance_knots=((0.0252, 0.1159), (0.0867, 0.2121), (0.1405, 0.3381),
                      (0.1872, 0.3494), (0.2482, 0.4492), (0.3325, 0.4911),
                      (0.4708, 0.6292), (0.7756, 0.9057)),
        # Post-game analysis's chance of the escape (30 playouts from the whole
        # position), read as the rate at which such positions were escaped: fitted on
        # 2,239 positions of 96 solo games between the same players (`--judge analysis
        # --games 12 --every 4`, seeds 9700 and 9750, then `--fit`). The playouts
        # under-promised in the middle (an estimate of 35% was escaped 74% of the time);
        # docs/strength.md has the held-out check.
        analysis_knots=((0.0344, 0.0072), (0.1121, 0.1786), (0.1756, 0.4107),
                        (0.2271, 0.5214), (0.2906, 0.7107), (0.3713, 0.7286),
                        (0.5049, 0.85), (0.7692, 0.8679))),
    goals={"": "To win, cross the colony to your ship at the landing pad and defeat the "
               "Queen,\nbefore time runs out or your health drops to zero."},
    rules=RULES, cards=card_texts, pages={"log": log_page}, choice_words=choice_words,
    web_board=web_board, hands=hands, web_panels=web_panels, card_faces=card_faces)
"""Hunted, as every command reads it."""
