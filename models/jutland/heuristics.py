"""Jutland rules of thumb: the `HeuristicAgent` policy and the search's rollout policy.

It decides from one side's observation only. A turn's stakes are what losing its
Strike costs over winning it (a big ship counts as two small ones).
- Sight and Sail: discard every card that is of no use: enemy cards, and own cards
  that neither this turn's Strike nor a later Strike with at least the same stakes
  accepts, so the refill brings usable ones.
- Strike: deploy every card allowed, except a few kept back for a later turn with
  higher stakes that admits only some fleets (the British keep up to three of their
  strongest Jellicoe cards for the Darkness turn). Cards deployed now are replaced by
  the next refill, so holding back is only worth it for cards that will be scarce.
Choices are made one card at a time, like any player's: the next card of the target
set not chosen yet, or done.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hunt.models.game import Action, Observation

if TYPE_CHECKING:
    from hunt.boards.jutland_deck import JutlandTurn
    from hunt.models.jutland.rules import JutlandGame


RESERVE = 3
"""At most this many cards are kept back from a Strike for a later, narrower one."""


def heuristic_action(game: JutlandGame, observation: Observation,
                     legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic's next card choice (or draw outcome at a chance node)."""
    if observation["stage"] not in ("discard", "deploy"):
        return rng.choice(list(legal_actions))
    side = 0 if observation["seat"] == "german" else 1
    now = game.turns[observation["turn"] - 1]

    def stakes(turn: JutlandTurn) -> int:
        if "strike" not in turn.phases:
            return 0
        return 2 * (turn.loser_loses[0] - turn.winner_loses[0]) \
            + (turn.loser_loses[1] - turn.winner_loses[1])

    def deployable(turn: JutlandTurn, card_id: str) -> bool:
        return game.deployable[turn.number - 1][side][game.card_index[card_id]]

    later = game.turns[now.number:]
    hand: list[str] = observation["hand"]
    if observation["stage"] == "discard":
        wanted = [card for card in hand if not deployable(now, card) and not any(
            deployable(turn, card) and stakes(turn) >= stakes(now) for turn in later)]
    else:
        narrow_later = [turn for turn in later if stakes(turn) > stakes(now)
                        and "any" not in turn.fleets[side]]
        usable = [card for card in hand if deployable(now, card)]
        kept = sorted((card for card in usable
                       if any(deployable(turn, card) for turn in narrow_later)),
                      key=lambda card: -game.cards[game.card_index[card]].force)[:RESERVE]
        wanted = list((Counter(usable) - Counter(kept)).elements())
    remaining = Counter(wanted)
    remaining.subtract(Counter(observation["selected"]))
    for action in legal_actions:
        assert isinstance(action, int)
        if action != game.done_action and remaining[game.cards[action].id] > 0:
            return action
    return game.done_action
