"""The Hunt's evaluation where a playout is cut short: P(the German wins) from a few
features of the position, by a logistic model fitted on finished games.

Fitted by `scripts/fit_evaluation.py` (logistic regression on positions of heuristic
self-play, each labelled with who won); the script prints the weights below and how
well they predict held-out games. A Battle is never cut: it is played out.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hunt.models.logistic import logistic_chance

if TYPE_CHECKING:
    from hunt.models.the_hunt.rules import TheHuntState

FEATURES = ("bias", "sunk", "delivered", "sailed", "to-freighter", "to-force",
            "forces-on-map", "plane", "hidden-bits")
"""What the model reads, in the order of `WEIGHTS`."""

FAR = 6
"""Distances are counted up to this many hexes."""

WEIGHTS = (-0.8136, 0.4928, -0.3416, -0.2276, -0.0067, 0.0261, -0.0918, 0.3621, 0.0252)
"""Logistic weights of `FEATURES`: `scripts/fit_evaluation.py --games 1000` (26,475
positions of 800 games; on 200 held-out games log-loss 0.642 against 0.688 for the
constant model, accuracy 0.627: Battles, decided by the cards, keep much of the
outcome unpredictable). Hand strength was tried and added nothing.
Fitted again after the rules audit's fixes (1000 games: held out 0.605 against these
weights' 0.627) the weights predicted better and played worse: `ismcts:easy` scored
0.250 against the heuristic where these score 0.305 (`hunt arena the-hunt --agents
ismcts:easy,heuristic --games 100 --seed 20000`, the same 200 games), so these stay.
Fitted on games of the population's players (`--agents tracker,tracker --agents
tracker,heuristic --agents heuristic,heuristic`) they predicted those games far better
(held out 0.607 against these weights' 0.695) and traded strength at the normal level
(600 iterations then):
more games won against the tracker player, fewer against the heuristic
(docs/strength.md, "The Hunt's cut-off evaluation"), so these stay."""


def features(state: TheHuntState) -> tuple[float, ...]:
    """The position as numbers (read from the full state: the search evaluates the
    worlds it sampled, never the real one)."""
    game = state.game
    gs = state.graf_spee
    assert gs is not None
    ships = [game.freighters[f].route[i] for f, i in state.at_sea.items()]
    forces = [h for h in state.forces.values() if h is not None]
    sailed = sum((i + 1) / len(game.freighters[f].route) for f, i in state.at_sea.items())
    distance = game.distance[gs]
    return (1.0, float(len(state.sunk)), float(len(state.delivered)), sailed,
            float(min([distance[h] for h in ships] + [FAR])),
            float(min([distance[h] for h in forces] + [FAR])),
            float(len(forces)), {"ready": 1.0, "broken": 0.5}.get(state.plane, 0.0),
            math.log2(len(state.possible)))


def german_win_chance(state: TheHuntState, weights: tuple[float, ...] = WEIGHTS) -> float:
    """P(the German wins) under the logistic model."""
    return logistic_chance(weights, features(state))
