"""Post-game analysis: each side's chance to win along a finished game, and the
decisions that changed it most, with the move the search would have preferred.

A win chance is estimated by playouts from the full position (analysis comes after the
game, when everything may be shown): the game's rollout policy for both sides, cut
where the game cuts its search playouts and finished by its evaluation. The preferred
move comes from ISMCTS run from the deciding seat's view, as it would have played.
Analysing one seat's record (`hunt.models.seat_record`), only that seat's decisions are
looked at, and each playout starts from a world drawn from its belief instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from hunt.models.game import AnyGame, AnyState
from hunt.solver.hints import recommend
from hunt.solver.playout import play_out
from hunt.solver.profiles import search_profile


@dataclass(frozen=True)
class Decision:
    """One decision of the game and what it did to the first seat's win chance."""

    index: int
    """Position of the action in the record (0 = first)."""
    seat: int
    action: str
    before: float
    """P(seat 0 wins) just before the decision."""
    after: float
    """P(seat 0 wins) just after it."""
    decider_before: float
    """The deciding seat's own win chance just before the decision."""
    decider_after: float

    @property
    def swing(self) -> float:
        """The change in the decider's own win chance (negative: it lost chances)."""
        return self.decider_after - self.decider_before


@dataclass(frozen=True)
class TurningPoint:
    """A decision that swung the game, and what the search would have played."""

    decision: Decision
    preferred: str
    """The search's choice from the decider's view ('' if it agrees)."""


def win_chances(state: AnyState, playouts: int, rng: random.Random,
                seat: int | None = None) -> list[float]:
    """Each seat's chance to win from `state`, the mean over `playouts` playouts (from
    worlds drawn from `seat`'s belief, if given, else from `state` itself) of its
    `won` share."""
    if state.is_terminal():
        return won(state.game, state.returns())
    totals = [0.0] * state.game.info.num_players
    prior = state.belief(seat) if seat is not None else None
    for _ in range(playouts):
        world = state.clone() if seat is None else state.determinize(seat, rng, prior)
        result = play_out(world, rng, search_profile(state.game).rollout_depth,
                          reward=lambda world: world.returns())
        totals = [total + share / playouts
                  for total, share in zip(totals, won(state.game, result), strict=True)]
    return totals


def won(game: AnyGame, returns: list[float]) -> list[float]:
    """Each seat's share of the win in a finished game with `returns`: in a zero-sum
    game 1 for a gain, 0 for a loss, a half for neither (Leduc's returns are chips,
    not -1 .. 1); in others the returns are that share already (0 .. 1)."""
    if game.info.zero_sum:
        return [0.5 + 0.5 * ((value > 0) - (value < 0)) for value in returns]
    return [min(1.0, max(0.0, value)) for value in returns]


def decisions(state: AnyState, playouts: int, seed: int,
              progress: Callable[[int, int], None] = lambda done, total: None,
              seat: int | None = None) -> list[Decision]:
    """Every decision with a real choice (more than one legal action) in `state`'s
    history, with the win chance before and after it; with `seat`, only that seat's
    decisions, and the chances as it could estimate them."""
    rng = random.Random(seed)
    replay = state.replayed(0)
    found = []
    for index, action in enumerate(state.history):
        decider = replay.current_player()
        choice = decider >= 0 and len(replay.legal_actions()) > 1 \
            and seat in (None, decider)
        before = win_chances(replay, playouts, rng, seat) if choice else []
        text = replay.action_to_string(action)
        replay.apply_action(action)
        if choice:
            after = win_chances(replay, playouts, rng, seat)
            found.append(Decision(index, decider, text, before[0], after[0], before[decider],
                                  after[decider]))
        progress(index + 1, len(state.history))
    return found


def turning_points(state: AnyState, found: list[Decision], count: int, iterations: int,
                   seed: int) -> list[TurningPoint]:
    """The `count` decisions with the largest swings, each with the search's choice."""
    biggest = sorted(found, key=lambda d: -abs(d.swing))[:count]
    points = []
    for decision in sorted(biggest, key=lambda d: d.index):
        replay = state.replayed(decision.index)
        advice = recommend(replay, iterations, seed)
        points.append(TurningPoint(decision,
                                   "" if advice.agrees(decision.action) else advice.action))
    return points
