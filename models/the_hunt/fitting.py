"""Fitting the tracker's purposeful move model on finished games (scripts only).

The weights of `MoveWeights` that make the recorded German moves most likely: the
recorded moves read the true hexes, so this is for fitting on finished games, never
for play, and it is kept out of the runtime tracker (`scripts/tracker_report.py` runs
it; scipy is imported only here).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from hunt.models.belief import Vector
from hunt.models.the_hunt.actions import STEPS_FOR_AP
from hunt.models.the_hunt.rules import GERMAN, TheHuntGame, TheHuntState
from hunt.models.the_hunt.tracker import GrafSpeeTracker, MoveWeights, PublicFacts, public_facts


class RecordedMove(NamedTuple):
    """One German move as recorded: from where, how far, to where, and the board."""

    origin: str
    steps: int
    target: str
    facts: PublicFacts


def recorded_moves(state: TheHuntState) -> list[RecordedMove]:
    """Every Graf Spee move in `state`'s history (this reads the true hexes: it is for
    fitting on finished games, never for play)."""
    moves = []
    replay = state.replayed(0)
    for action in state.history:
        if action.verb == "move" and action.arg == "graf-spee" \
                and replay.current_player() == GERMAN:
            assert replay.graf_spee is not None
            moves.append(RecordedMove(replay.graf_spee, STEPS_FOR_AP[action.n], action.hex,
                                      public_facts(replay)))
        replay.apply_action(action)
    return moves


def log_likelihood(game: TheHuntGame, moves: Sequence[RecordedMove],
                   weights: MoveWeights) -> float:
    """The log-probability of the recorded targets under the purposeful model."""
    return -_MoveData(game, moves, weights.force_reach).loss(
        np.array([weights.freighter, weights.force]))


def fit_weights(game: TheHuntGame, moves: Sequence[RecordedMove],
                force_reach: int = 3) -> MoveWeights:
    """The weights of greatest likelihood for `moves`."""
    from scipy.optimize import minimize

    data = _MoveData(game, moves, force_reach)
    result = minimize(data.loss, np.zeros(2), method="Nelder-Mead",
                      options={"xatol": 1e-5, "fatol": 1e-7})
    return MoveWeights(float(result.x[0]), float(result.x[1]), force_reach)


class _MoveData:
    """Recorded moves as arrays (one row per move, one column per hex) so that the
    likelihood of any weights is a few array operations."""

    def __init__(self, game: TheHuntGame, moves: Sequence[RecordedMove],
                 force_reach: int) -> None:
        tracker = GrafSpeeTracker(game, "purposeful", MoveWeights(1.0, 0.0, force_reach))
        towards = tracker.scores  # with weights (1, 0): minus the steps to a Freight Ship
        away = GrafSpeeTracker(game, "purposeful", MoveWeights(0.0, 1.0, force_reach)).scores
        self.towards = np.array([towards(m.facts) for m in moves])
        self.away = np.array([away(m.facts) for m in moves])
        index = tracker._index
        self.reach = np.array([[h in game.ball[m.origin][m.steps] for h in game.hexes]
                               for m in moves])
        self.target = np.array([index[m.target] for m in moves])

    def loss(self, x: Vector) -> float:
        """Minus the log-likelihood of the weights (freighter, force) = `x`."""
        scores = x[0] * self.towards + x[1] * self.away
        rows = np.arange(len(self.target))
        masked = np.where(self.reach, scores, -np.inf)
        from scipy.special import logsumexp  # only fitting needs scipy: keep play fast to start

        return float(-(scores[rows, self.target] - logsumexp(masked, axis=1)).sum())


__all__ = ["RecordedMove", "fit_weights", "log_likelihood", "recorded_moves"]
