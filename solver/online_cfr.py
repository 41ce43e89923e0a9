"""Online counterfactual regret minimisation: a search that plays a mixed strategy.

For games whose whole tree is small and whose first state hides nothing (every hidden
thing is dealt by an explicit chance node), such as Leduc Hold'em. Each decision runs
external-sampling MCCFR (Lanctot et al. 2009) from the game's first state, with
regret matching+ (regrets floored at 0), and plays a move drawn from the average
strategy at the seat's information set. Searching from the first state gives every
seat's tree the range of hands the others could hold there, which a search from the
seat's own view cannot (its samples always hold the seat's real hand).

Most iterations are targeted, as Online Outcome Sampling does (Lisý, Lanctot &
Bowling, AAMAS 2015): on the way to the seat's information set a targeted iteration
only takes the steps the seat saw (its own card, the public bets), or, targeted at its
public state, also the steps the other seats cannot tell from those (the seat's card
dealt otherwise). Each regret and average update is weighted by the balance
heuristic (a history's chance under untargeted sampling over its chance under the
mixture of the three samplings). On the way, though, a targeted iteration explores one
of the traverser's steps and updates no regret there, so the steps before the seat's
state (which make the ranges) learn only from untargeted iterations, and with the
mixture's weight they are biased. Weighting each payoff over its whole way instead,
as Online Outcome Sampling does (and reading the decision as the mean of the seat's
current strategies there), is unbiased but measured worse at this budget (on
Leduc at 2000 iterations, one search an information state: 1.088 chips a hand
exploitable targeted at the information set, 1.320 at the public state, against 0.579
and 1.057 for this search).

The search reads the real state only through the seat's own view (`views_since(seat)`,
`information_state_key(seat)`) and its legal actions; everything random comes from
one seeded `random.Random`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from hunt.models.game import CHANCE, Action, AnyState
from hunt.solver.agent import Agent
from hunt.solver.budget import budget_spent, check_budget

TARGETING = 0.97
"""The share of iterations targeted (the rest go where the game goes): on Leduc, at
2000 iterations a decision targeted at the seat's information set, one search an
information state was 0.596 chips a hand exploitable at 0.97, 0.638 at 0.9 and 0.673
at 0.6 (seed 0; measured while the search was written, with `scripts/
leduc_exploitability.py`'s policy writer)."""
PUBLIC_SHARE = 0.0
"""The share of targeted iterations aimed at the seat's public state instead of its
information set. Public targeting deals the seat's own card afresh too, so the others'
regrets meet its whole range and the search heads for an equilibrium, but it spreads
the iterations over the seat's possible hands: at 2000 iterations a decision, 0.579 at
0, 1.015 at a half and 1.057 at 1; at 10000, 0.779 at 1 (as above)."""


UNTARGETED, SEAT_TARGETED, PUBLIC_TARGETED = 0, 1, 2
"""How an iteration samples its way down: as the game goes; only through the steps that
show the seat what it saw; or through those and the steps the other seats cannot tell
from them (the public state)."""


@dataclass(frozen=True)
class CFRResult:
    """A finished search: the move drawn and the strategy it was drawn from."""

    action: Action
    policy: tuple[tuple[Action, float], ...]
    """The average strategy at the seat's information set, in legal order."""
    iterations: int
    reached: int
    """Traversals that reached the seat's public state (its information set, or, where
    its own card was dealt afresh, another of its hands there)."""
    seconds: float


class OnlineCFR:
    """External-sampling MCCFR from the game's first state, targeted at the searching
    seat's information set (a `public` share of the targeted at its public state);
    `iterations`, `time_limit` or both (whichever ends first)."""

    def __init__(self, iterations: int | None = 1000, time_limit: float | None = None,
                 targeting: float = TARGETING, *, public: float = PUBLIC_SHARE,
                 seed: int = 0) -> None:
        # How each iteration samples: untargeted, targeted at the seat's information
        # set, or at its public state.
        self._shares = (1 - targeting, targeting * (1 - public), targeting * public)
        check_budget(iterations, time_limit)
        if not 0 <= targeting < 1:
            raise ValueError("the targeted share is at least 0 and below 1")
        if not 0 <= public <= 1:
            raise ValueError("the public state's share of the targeted is 0 to 1")
        self.iterations, self.time_limit, self.targeting = iterations, time_limit, targeting
        self.rng = random.Random(seed)
        self._regrets: dict[Hashable, list[float]] = {}
        self._averages: dict[Hashable, list[float]] = {}
        self._seat = 0
        self._target: tuple[Hashable, ...] = ()
        self._reached = 0

    def search(self, state: AnyState) -> CFRResult:
        """Search from the seat to act in `state`; the move is drawn from the result."""
        seat = state.current_player()
        if seat < 0:
            raise ValueError("search needs a seat to act, not a chance or terminal node")
        legal = state.legal_actions()
        start = time.perf_counter()
        self._regrets, self._averages, self._reached = {}, {}, 0
        self._seat, self._target = seat, state.views_since(seat, 0)
        done = 0
        while len(legal) > 1 and not budget_spent(self.iterations, self.time_limit, done,
                                                      start):
            mode = self.rng.choices((UNTARGETED, SEAT_TARGETED, PUBLIC_TARGETED),
                                    self._shares)[0]
            self._walk(state.game.new_initial_state(0), done % 2, mode, (1.0, 1.0, 1.0), True)
            done += 1
        chances = self._average(state.information_state_key(seat), len(legal))
        action = self.rng.choices(legal, chances)[0]
        return CFRResult(action, tuple(zip(legal, chances, strict=True)), done,
                         self._reached, time.perf_counter() - start)

    def _average(self, key: Hashable, count: int) -> list[float]:
        """The average strategy at `key`; its current strategy where none was summed."""
        sums = self._averages.get(key)
        if sums is None or sum(sums) <= 0:
            return regret_matching(self._regrets.get(key), count)
        total = sum(sums)
        return [value / total for value in sums]

    def _walk(self, world: AnyState, traverser: int, mode: int,
              reaches: tuple[float, float, float], on_way: bool) -> float:
        """One traversal below `world`: the sampled value for `traverser`. `mode` is how
        this iteration samples (`UNTARGETED`, `SEAT_TARGETED`, `PUBLIC_TARGETED`);
        `reaches` the chances of the steps sampled so far under each of the three (the
        traverser's own steps are all explored, so they count in none); `on_way`: still
        on the way to the seat's information set (or its public state)."""
        if on_way and world.current_player() == self._seat \
                and world.view_length(self._seat) == len(self._target):
            on_way = False
            self._reached += 1
        if world.is_terminal():
            return world.returns()[traverser]
        player = world.current_player()
        actions: Sequence[Action]
        key: Hashable = None
        if player == CHANCE:
            outcomes = world.chance_outcomes()
            actions, chances = [action for action, _ in outcomes], [p for _, p in outcomes]
        else:
            actions = world.legal_actions()
            key = world.information_state_key(player)
            chances = regret_matching(self._regrets.get(key), len(actions))
        # On the way, every step is tried to see which keep to it, in each targeting.
        children = [_child(world, action) for action in actions] if on_way else None
        everything = [True] * len(actions)
        kept = (everything, *self._kept(world, children)) if children \
            else (everything, everything, everything)
        weight = reaches[UNTARGETED] / sum(
            share * reach for share, reach in zip(self._shares, reaches, strict=True))
        if player == traverser:
            explored = [i for i in range(len(actions)) if kept[mode][i]]
            values = [0.0] * len(actions)
            for i in explored:
                child = children[i] if children else _child(world, actions[i])
                values[i] = self._walk(child, traverser, mode,
                                       _follow(reaches, kept, i, (1.0, 1.0, 1.0)),
                                       on_way and kept[PUBLIC_TARGETED][i])
            value = sum(chance * v for chance, v in zip(chances, values, strict=True))
            if len(explored) < len(actions):
                return value  # a targeted pass through: too few steps for regrets
            regrets = self._regrets.setdefault(key, [0.0] * len(actions))
            for i, v in enumerate(values):
                regrets[i] = max(0.0, regrets[i] + weight * (v - value))
            return value
        masses = [sum(chance for chance, keep in zip(chances, way, strict=True) if keep)
                  for way in kept]
        if masses[mode] <= 0:
            return 0.0  # no step here leads to the information set this way
        pick = self.rng.choices(range(len(actions)), [
            chance if keep else 0.0 for chance, keep in zip(chances, kept[mode], strict=True)])[0]
        if player != CHANCE:
            sums = self._averages.setdefault(key, [0.0] * len(actions))
            for i, chance in enumerate(chances):
                sums[i] += weight * chance
        child = children[pick] if children else _child(world, actions[pick])
        steps = tuple(chances[pick] / mass if mass > 0 else 0.0 for mass in masses)
        value = self._walk(child, traverser, mode, _follow(reaches, kept, pick, steps),
                           on_way and kept[PUBLIC_TARGETED][pick])
        # A targeted step stands for the whole of this node's chance.
        return value * masses[mode]

    def _kept(self, world: AnyState, children: list[AnyState]
              ) -> tuple[list[bool], list[bool]]:
        """Which steps from `world` keep to the way: those that show the seat what it saw
        then, and (public targeting) those the other seats cannot tell from them, such
        as the seat's own card dealt differently."""
        mark = world.view_length(self._seat)
        seen = [child.views_since(self._seat, mark) for child in children]
        kept = [view == self._target[mark:mark + len(view)] for view in seen]
        others = [p for p in range(world.game.info.num_players) if p != self._seat]
        marks = [world.view_length(p) for p in others]
        theirs = [tuple(child.views_since(p, m) for p, m in zip(others, marks, strict=True))
                  for child in children]
        alike = {view for view, keep in zip(theirs, kept, strict=True) if keep}
        return kept, [view in alike for view in theirs]


def regret_matching(regrets: list[float] | None, count: int) -> list[float]:
    """Chances in proportion to the positive regrets; alike where none is positive."""
    if regrets is None:
        return [1 / count] * count
    positive = [max(regret, 0.0) for regret in regrets]
    total = sum(positive)
    return [value / total for value in positive] if total > 0 else [1 / count] * count


def _follow(reaches: tuple[float, float, float], kept: tuple[list[bool], ...], index: int,
            steps: tuple[float, ...]) -> tuple[float, float, float]:
    """The three sampling reaches after step `index`, whose chance under each sampling
    is `steps`; 0 where that sampling leaves the way."""
    u, seat, public = (reach * step if way[index] else 0.0
                       for reach, step, way in zip(reaches, steps, kept, strict=True))
    return u, seat, public


def _child(world: AnyState, action: Action) -> AnyState:
    child = world.clone()
    child.apply_legal_action(action)
    return child


class OnlineCFRAgent(Agent):
    """An agent that plays a move drawn from online CFR's average strategy.
    `last_result` keeps its latest decision (for tests and measurements)."""

    name = "cfr"

    def __init__(self, iterations: int | None = 1000, time_limit: float | None = None,
                 targeting: float = TARGETING, *, public: float = PUBLIC_SHARE,
                 seed: int = 0) -> None:
        self.search = OnlineCFR(iterations, time_limit, targeting, public=public, seed=seed)
        self.rng = self.search.rng
        self.last_result: CFRResult | None = None

    def select_action(self, state: AnyState) -> Action:
        self.last_result = self.search.search(state)
        return self.last_result.action
