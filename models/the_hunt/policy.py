"""The Hunt's own player: the rules of thumb (`heuristics`), the fast playout form of
them, and the fitted evaluation where a playout is cut short (`evaluation`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hunt.models.policy import GamePolicy
from hunt.models.the_hunt.actions import END, TheHuntAction
from hunt.models.the_hunt.evaluation import german_win_chance
from hunt.models.the_hunt.heuristics import battle_ready, heuristic_action
from hunt.models.the_hunt.observation import TheHuntObservation, TheHuntSeen
from hunt.models.the_hunt.rules import TheHuntGame, TheHuntState
from hunt.models.the_hunt.steps import BRITISH, GERMAN, Actions, Boost, Resolve, Window


class TheHuntPolicy(GamePolicy[TheHuntState, TheHuntAction, TheHuntObservation]):
    """The Hunt's rules of thumb and playouts."""

    def heuristic_action(self, game: TheHuntGame, observation: TheHuntSeen,
                         legal_actions: Sequence[TheHuntAction],
                         rng: random.Random) -> TheHuntAction:
        """Rules of thumb from `hunt.models.the_hunt.heuristics`."""
        return heuristic_action(game, observation, legal_actions, rng)

    def rollout_action(self, state: TheHuntState, rng: random.Random) -> TheHuntAction:
        """The heuristic, from the acting side's view of the sampled world (the few
        facts it reads, gathered without building a whole observation)."""
        step = state.stack[-1]
        # The legal actions in the engine's order, not sorted: the same rules of thumb,
        # only equal candidates may come in another order; sorting a hundred moves at
        # every playout step was a tenth of the playout's time.
        decisions = state._decisions(step)
        if len(decisions) == 1:  # a pass with no reaction card, a redraw with no choice
            return decisions[0]
        return heuristic_action(state.game, state.heuristic_view(step.seat), decisions, rng)

    def sensible_actions(self, state: TheHuntState, legal: list[TheHuntAction]
                         ) -> list[TheHuntAction]:
        """Drops the plain wastes the rules make plain: British Intelligence that only
        adds +1 to the rolls when no search can follow this turn; ending the turn
        while Mile by Mile's free searches can still find the raider (a Force on a hex
        the British cannot rule out, where a Battle looks worth it: `battle_ready`); a
        German reaction that cancels a search of a hex the Graf Spee is not on (the
        German knows its hex; the search cannot find it); a reaction that cancels an
        event whose only effect is that the reacting side draws a card (Rules of Prize
        Warfare: a card spent to refuse a card)."""
        step = state.stack[-1]
        kept = legal
        if isinstance(step, Actions) and step.seat == BRITISH:
            if not state.search_may_follow(after_ap=1):
                kept = [a for a in kept if a.verb != "intel"
                        or state.game.cards[a.arg].intelligence != "plus-one"]
            if _free_search_worth_taking(state, kept):
                kept = [a for a in kept if a != END]
        elif isinstance(step, Window) and _reaction_gains_nothing(state, step):
            kept = [a for a in legal if a.verb != "react"]
        return kept or legal

    def playout_epsilon(self, state: TheHuntState, epsilon: float) -> float:
        """`BATTLE_EPSILON` for the German's duel cards: its search plays the Battle
        out at random, not by the rule of thumb's strongest card first (`epsilon`
        everywhere else)."""
        battle = state.flow == "battle" and state.current_player() == GERMAN
        return BATTLE_EPSILON if battle else epsilon

    def evaluate(self, state: TheHuntState) -> list[float] | None:
        """Expected returns from the fitted win-chance model
        (`hunt.models.the_hunt.evaluation`); a Battle is played out instead."""
        if state.flow in ("battle", "setup") or state.graf_spee is None:
            return None
        german = 2 * german_win_chance(state) - 1
        return [german, -german]


BATTLE_EPSILON = 1.0
"""The playouts' random share when the German searches a duel card. The German picks
each duel's card first, in secret, and its playouts then pick the British answer: by
the rule of thumb (strongest card first, a fifth at random) they make a search that
beats exactly that British and loses to any other. On two sets of 200 Battle starts
(`python scripts/the_hunt_battle_report.py --battles 200 --seed 1000`, `--seed 3000`)
the search's German won 145 and 142 against the rule of thumb's British, but 90 and 72
against the search's and 86 and 75 against the full tree's; played out at random, 110
and 99, 103 and 93, 102 and 95: its least over the three rose from 86 to 102 and from 72
to 93; against PIMC's British (first set) it won 97 where it won 87. Half at random
(0.5, first set) won 151, 90 and 93: its least lower again. Taking the card with the
best lesser value of two searches, one played out each way, lowered it too, once the
searches' British read the German's style: 138 against the rule of thumb's British,
but 81 and 72 against PIMC's, where random playouts now win 93 and 91. docs/strength.md,
"The Hunt's Battle", gives the British figures: random playouts did not raise the least
of the side that picks second."""


def _free_search_worth_taking(state: TheHuntState, legal: list[TheHuntAction]) -> bool:
    """Whether one of Mile by Mile's free searches in `legal` is on a hex the British
    cannot rule out, with a Battle there worth starting: it costs nothing and may find
    the raider, so ending the turn instead only gives the chance away. (With a chance
    this small, a few per cent, the search's own values cannot tell the two apart.)"""
    if not state.free_searches:
        return False
    seen = state.heuristic_view(BRITISH)
    return any(action.verb == "search" and (where := state.forces[action.arg]) is not None
               and where in state.possible and battle_ready(state.game, seen, where)
               for action in legal)


def _reaction_gains_nothing(state: TheHuntState, window: Window) -> bool:
    """Whether cancelling what waits below `window` can only cost the reacting side its
    card: a search of a hex the Graf Spee is not on (the German knows), or an event
    whose only effect is that the reacting side draws a card."""
    below = state.stack[-2]
    if window.reaction == "cancel-roll":
        return window.seat == GERMAN and isinstance(below, Boost) \
            and below.hex != state.graf_spee
    if window.reaction == "cancel-event":
        return isinstance(below, Resolve) and below.side != window.seat \
            and state.game.cards[below.card].effect == "opponent-draws"
    return False
