"""Hunted's evaluation where a playout is cut short: P(escape) from a few features of
the position, by a logistic model fitted on finished games.

Fitted by `scripts/fit_evaluation.py --game hunted` (logistic regression on positions
of heuristic play, each labelled with whether the game was won); the script prints
the weights below and how well they predict held-out games. Only a turn outside a
fight is evaluated: a fight, a test or a draw being resolved is played on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hunt.models.logistic import logistic_chance

if TYPE_CHECKING:
    from hunt.models.hunted.rules import HuntedState

FEATURES = ("bias", "locations", "time", "health", "firepower", "medkits", "crew",
            "alien-in-row")
"""What the model reads, in the order of `WEIGHTS`."""

WEIGHTS = (-6.3573, 0.3582, 0.1984, 0.0322, 0.0435, -0.1170, -0.0807, -0.1278)
"""Logistic weights of `FEATURES`: `scripts/fit_evaluation.py --game hunted --games
3000` (174,595 positions of 2,400 solo games at normal; on 600 held-out games log-loss
0.442 against 0.502 for the constant model, accuracy 0.810 against 0.80 for "always
lost"). Medkits and crew weigh negative: they are held by players who did not need
them yet, and cost cards that could have paid for doors."""


def features(state: HuntedState) -> tuple[float, ...]:
    """The position as numbers: Locations drawn, time, health (all players), shots
    left in the weapons (loaded and in their ammo) and Grenades, Medkits and crew in
    the inventories, and the strongest alien waiting in a row."""
    cards = state.game.cards
    firepower = medkits = crew = 0
    for inventory in state.inventory:
        for item in inventory:
            card = cards[item.name]
            if card.type == "weapon":
                firepower += item.shots + item.ammo * card.shots
            elif item.name == "Grenade":
                firepower += 1
            elif item.name == "Medkit":
                medkits += 1
            elif card.type == "crew":
                crew += 1
    waiting = [cards[name].strength for row in (*state.rows, state.shared) for name in row
               if cards[name].type == "alien"]
    return (1.0, float(state.locations_drawn), float(state.time), float(sum(state.health)),
            float(firepower), float(medkits), float(crew), float(max(waiting, default=0)))


def win_chance(state: HuntedState, weights: tuple[float, ...] = WEIGHTS) -> float:
    """P(escape) under the logistic model."""
    return logistic_chance(weights, features(state))
