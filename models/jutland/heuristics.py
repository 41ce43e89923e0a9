"""Jutland rules of thumb: the `HeuristicAgent` policy and the search's rollout policy.

They decide from one side's own cards and public facts only. A turn's stakes are
what losing its Strike costs over winning it (a big ship counts as two small ones).
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
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from hunt.models.game import CHANCE
from hunt.models.jutland.observation import JutlandObservation
from hunt.models.jutland.phases import BRITISH, GERMAN

if TYPE_CHECKING:
    from hunt.boards.jutland.deck import JutlandTurn
    from hunt.models.jutland.rules import JutlandGame, JutlandState

RESERVE = 3
"""At most this many cards are kept back from a Strike for a later, narrower one."""


def stakes(turn: JutlandTurn) -> int:
    """What losing the turn's Strike costs over winning it; 0 for a turn without one."""
    if "strike" not in turn.phases:
        return 0
    return 2 * (turn.loser_loses[0] - turn.winner_loses[0]) \
        + (turn.loser_loses[1] - turn.winner_loses[1])


@cache
def _plan(game: JutlandGame, side: int, turn_number: int
          ) -> tuple[tuple[bool, ...], tuple[bool, ...], tuple[int, ...]]:
    """Per card kind, for `side` in `turn_number`: useless (discard it), deployable now,
    and the kinds worth keeping back from this Strike, strongest first."""
    now = game.turns[turn_number - 1]
    later = game.turns[turn_number:]
    deployable = game.deployable[turn_number - 1][side]

    def accepts(turn: JutlandTurn, kind: int) -> bool:
        return game.deployable[turn.number - 1][side][kind]

    kinds = range(game.num_kinds)
    useless = tuple(not deployable[kind] and not any(
        accepts(turn, kind) and stakes(turn) >= stakes(now) for turn in later)
        for kind in kinds)
    narrow_later = [turn for turn in later
                    if stakes(turn) > stakes(now) and "any" not in turn.fleets[side]]
    keep = tuple(sorted((kind for kind in kinds if deployable[kind]
                         and any(accepts(turn, kind) for turn in narrow_later)),
                        key=lambda kind: -game.cards[kind].force))
    return useless, deployable, keep


def worth_keeping(game: JutlandGame, side: int, turn_number: int) -> tuple[bool, ...]:
    """Per card kind: would `side` keep it through a Sight or Sail discard in
    `turn_number` (it can deploy it now or in a later turn with the same stakes)?"""
    useless, _, _ = _plan(game, side, turn_number)
    return tuple(not discard for discard in useless)


def target_counts(game: JutlandGame, side: int, turn_number: int, deploying: bool,
                  hand: Sequence[int]) -> list[int]:
    """How many cards of each kind the heuristic wants to discard (or deploy)."""
    useless, deployable, keep = _plan(game, side, turn_number)
    if not deploying:
        return [n if useless[kind] else 0 for kind, n in enumerate(hand)]
    wanted = [n if deployable[kind] else 0 for kind, n in enumerate(hand)]
    reserve = RESERVE
    for kind in keep:
        held = min(wanted[kind], reserve)
        wanted[kind] -= held
        reserve -= held
    return wanted


def next_choice(game: JutlandGame, candidates: Iterable[int], wanted: Sequence[int],
                 selected: Sequence[int]) -> int:
    """The first card among `candidates` still wanted, else done."""
    for action in candidates:
        if action != game.done_action and wanted[action] > selected[action]:
            return action
    return game.done_action


def strike_force(state: JutlandState, side: int) -> int:
    """The force `side` deploys in this Strike: its choice if made (the German's, when
    the British choose), else the one these rules make from its hand."""
    game = state.game
    if side == GERMAN and state.chooser == BRITISH:
        chosen = state.selected[GERMAN]
    else:
        chosen = target_counts(game, side, state.turn.number, True, state.hands[side])
    return game.force(chosen)


def heuristic_action(game: JutlandGame, observation: JutlandObservation,
                     legal_actions: Sequence[int], rng: random.Random) -> int:
    """The heuristic's next card choice, from one side's observation."""
    if observation["stage"] not in ("discard", "deploy"):
        return rng.choice(list(legal_actions))
    side = 0 if observation["seat"] == "german" else 1

    def counts(card_ids: Sequence[str]) -> list[int]:
        result = [0] * game.num_kinds
        for card_id in card_ids:
            result[game.card_index[card_id]] += 1
        return result

    wanted = target_counts(game, side, observation["turn"], observation["stage"] == "deploy",
                           counts(observation["hand"]))
    return next_choice(game, legal_actions, wanted, counts(observation["selected"]))


def rollout_action(state: JutlandState, rng: random.Random) -> int:
    """The same rules of thumb read straight from a (sampled) state, for playouts:
    the acting side's own hand and the turn only."""
    if state.current_player() == CHANCE:
        return state.sample_chance_outcome(rng)
    game, side = state.game, state.chooser
    wanted = target_counts(game, side, state.turn.number, state.phase == "strike",
                           state.hands[side])
    # Every kind instead of the legal actions (not built, for speed): a wanted card
    # is in hand and deployable, so it is legal there.
    return next_choice(game, range(game.num_kinds), wanted, state.selected[side])
