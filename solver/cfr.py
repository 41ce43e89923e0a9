"""CFR+ over a small game's whole tree, at decision time: a mixed, hard-to-exploit player.

For a game whose whole tree is small and whose first state hides nothing (every hidden
thing dealt by an explicit chance node), such as a small poker game, the strongest honest
answer to "what should this seat do?" is an equilibrium strategy: the agent solves the
game from its first state with CFR+ (Tammelin 2014: regret matching with regrets
floored at 0, players updated in turn, the average strategy weighted by iteration) on
`hunt.solver.game_tree.GameTree`, and plays a move drawn from the average strategy at
the seat's information set. Solving from the first state gives every seat's strategy
the whole range of hands the others could hold, which a search from one seat's view
cannot (its samples always hold the seat's real hand).

The solve reads the rules only; the seat's own information state key picks the move.
A solve of a number of iterations depends on nothing else, so a game object is solved
once and every later decision on it reads the solve (`solve`); a solve bounded by
seconds is run afresh each decision (and so, unlike the rest, does not replay alike).
The move is drawn with the agent's seeded `random.Random`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from weakref import WeakKeyDictionary

import numpy as np

from hunt.models.game import Action, AnyGame, AnyState
from hunt.solver.agent import Agent
from hunt.solver.budget import budget_spent, check_budget
from hunt.solver.game_tree import Floats, GameTree


class CFRPlus:
    """CFR+ on `tree`: `iterate` once more, `average` the strategy so far."""

    def __init__(self, tree: GameTree) -> None:
        self.tree = tree
        self.regrets = np.zeros(tree.sequences)
        self.sums = np.zeros(tree.sequences)
        self.iterations = 0

    def current(self) -> Floats:
        """Regret matching: chances in proportion to the positive regrets (all of them
        are, under CFR+), alike in an information set where none is."""
        tree = self.tree
        totals = np.bincount(tree.sequence_infoset, self.regrets)[tree.sequence_infoset]
        shares = self.regrets / np.where(totals > 0, totals, 1.0)
        return np.where(totals > 0, shares, tree.uniform)

    def iterate(self) -> None:
        """One iteration: each player in turn updates its regrets against the others'
        current strategy (already updated for the players before it)."""
        tree = self.tree
        self.iterations += 1
        for player in range(tree.players):
            strategy = self.current()
            chances = tree.edge_chances(strategy)
            own, others = tree.reaches(player, chances)
            value = tree.values(player, chances)
            gains = np.zeros(tree.sequences)
            for level in tree.levels:
                mine = level.actor == player
                parents = level.parent[mine]
                np.add.at(gains, level.slot[mine],
                          others[parents] * (value[level.child[mine]] - value[parents]))
            ours = tree.sequence_player == player
            self.regrets = np.where(ours, np.maximum(self.regrets + gains, 0.0), self.regrets)
            # Weighted by the iteration, as CFR+ averages, and by the player's own reach
            # of the set (alike at all its histories).
            self.sums += np.where(
                ours, self.iterations * own[tree.sequence_anchor] * strategy, 0.0)

    def average(self) -> Floats:
        """The average strategy (current where a set was never reached)."""
        tree = self.tree
        totals = np.bincount(tree.sequence_infoset, self.sums)[tree.sequence_infoset]
        return np.where(totals > 0, self.sums / np.where(totals > 0, totals, 1.0),
                        self.current())


@dataclass
class _Solves:
    """One game's tree and its solves by iterations."""

    tree: GameTree
    strategies: dict[int, Floats]


_SOLVES: WeakKeyDictionary[AnyGame, _Solves] = WeakKeyDictionary()
"""By game object: a game's rules may come from board files other than the shipped
ones (`hunt.boards.data.board_file_override`), so neither its name nor its options
name its tree."""


def _solves(game: AnyGame) -> _Solves:
    if game not in _SOLVES:
        _SOLVES[game] = _Solves(GameTree(game), {})
    return _SOLVES[game]


def game_tree(game: AnyGame) -> GameTree:
    """The tree of `game`, built once for the game object."""
    return _solves(game).tree


def solve(game: AnyGame, iterations: int | None, time_limit: float | None = None
          ) -> tuple[Floats, int]:
    """`game`'s average strategy after CFR+ for `iterations`, `time_limit` seconds or
    both (whichever ends first; the tree's first build is not counted), and the
    iterations it took. A solve of iterations alone is made once for the game object
    and reused."""
    check_budget(iterations, time_limit)
    known = _solves(game)
    if time_limit is None and iterations in known.strategies:
        return known.strategies[iterations], iterations
    solver, start = CFRPlus(known.tree), time.perf_counter()
    while not budget_spent(iterations, time_limit, solver.iterations, start):
        solver.iterate()
    strategy = solver.average()
    strategy.flags.writeable = False  # shared by every later decision on the game
    if time_limit is None:
        assert iterations is not None
        known.strategies[iterations] = strategy
    return strategy, solver.iterations


def seat_key(state: AnyState) -> Hashable:
    """The information set of the seat to act in `state`, as the tree numbers it: all
    a decision on the solve reads of the real state."""
    seat = state.current_player()
    if seat < 0:
        raise ValueError("a decision needs a seat to act, not a chance or terminal node")
    return seat, state.information_state_key(seat)


@dataclass(frozen=True)
class SolvedAdvice:
    """What the solve says at the seat's information set."""

    moves: tuple[tuple[Action, float, float], ...]
    """Each legal move, in legal order, with the chance the solve plays it and what it
    is worth to the seat (both sides playing the solve after it)."""
    hidden: tuple[tuple[str, float], ...]
    """What the seat has not seen (the others' deals), with its chance if the others
    play the solve, the likeliest first."""


def solved_advice(state: AnyState, iterations: int) -> SolvedAdvice:
    """The solve of `iterations` at the information set of the seat to act in `state`."""
    key = seat_key(state)
    strategy, _ = solve(state.game, iterations)
    tree = game_tree(state.game)
    moves = tuple((move, chance, float(worth)) for (move, chance), worth in zip(
        tree.policy(strategy, key), tree.move_values(strategy, key), strict=True))
    return SolvedAdvice(moves, tuple(tree.hidden_chances(strategy, key)))


@dataclass(frozen=True)
class CFRResult:
    """A decision: the move drawn and the strategy it was drawn from."""

    action: Action
    policy: tuple[tuple[Action, float], ...]
    """The average strategy at the seat's information set, in legal order."""
    iterations: int
    seconds: float


class CFRAgent(Agent):
    """An agent that plays a move drawn from CFR+'s average strategy for its seat's
    information set. `last_result` keeps its latest decision."""

    name = "cfr"

    def __init__(self, iterations: int | None = 1000, time_limit: float | None = None,
                 seed: int = 0) -> None:
        check_budget(iterations, time_limit)
        self.iterations, self.time_limit = iterations, time_limit
        self.rng = random.Random(seed)
        self.last_result: CFRResult | None = None

    def select_action(self, state: AnyState) -> Action:
        start = time.perf_counter()
        key = seat_key(state)
        strategy, iterations = solve(state.game, self.iterations, self.time_limit)
        policy = game_tree(state.game).policy(strategy, key)
        action = self.rng.choices([move for move, _ in policy],
                                  [chance for _, chance in policy])[0]
        self.last_result = CFRResult(action, policy, iterations,
                                     time.perf_counter() - start)
        return action
