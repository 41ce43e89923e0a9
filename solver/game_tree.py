"""The whole tree of a small game, as arrays: what solving it at decision time needs.

For a game whose every hidden thing is dealt by an explicit chance node from a first
state that hides nothing (a small poker game), the tree from `game.new_initial_state(0)` is
rules only: it holds every deal, so it reads nothing any seat has not seen. Its nodes
are numbered breadth first, so the edges from one depth form a `Level`, and a pass
over the tree is a few numpy operations a level: reaches flow down
(`GameTree.reaches`), values flow up (`GameTree.values`).

Each decision node belongs to an information set (its player's
`information_state_key`); an information set's moves are its *sequences*, numbered so
that each set's are contiguous. A strategy is then one array of chances by sequence,
and `GameTree.edge_chances` extends it with the chance nodes' own chances, so a pass
never asks who moved.

`nash_conv` and `exploitability` measure a strategy as OpenSpiel does (what best
responses gain against it), exactly, on the same tree; `move_values` and
`hidden_chances` read one information set for a hint (what each move is worth, what
its player cannot see). For analysis after a hand, `node` finds a history's node and
`views` the positions a seat cannot tell apart.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from hunt.errors import HuntError
from hunt.models.game import CHANCE, Action, AnyGame, AnyState

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

MAX_NODES = 2_000_000
"""A tree larger than this is not built (a game too big to solve whole)."""


class TreeTooLarge(HuntError):
    """The game's tree has more nodes than `MAX_NODES`: it cannot be solved whole."""


@dataclass(frozen=True)
class Level:
    """The edges from the decision and chance nodes at one depth, in node order."""

    parent: Ints
    child: Ints
    slot: Ints
    """Each edge's index into `GameTree.edge_chances`' array: its sequence, or past
    the sequences, its chance outcome's own chance."""
    actor: Ints
    """Who takes the edge: a player, or `CHANCE`."""
    starts: Ints
    """The first edge of each parent (for `np.add.reduceat`)."""
    parents: Ints
    """The distinct parents, in order."""


@dataclass
class _Edges:
    """The edges from one depth, as built: parallel columns."""

    parent: list[int] = field(default_factory=list)
    child: list[int] = field(default_factory=list)
    slot: list[int] = field(default_factory=list)
    """A sequence, or -1 - n for the tree's n-th chance outcome (the count of sequences,
    after which chance outcomes are numbered, is not known until the end)."""
    actor: list[int] = field(default_factory=list)


class _Builder:
    """Walks a game's histories breadth first and numbers them, its information sets
    and their sequences, for `GameTree`."""

    def __init__(self, game: AnyGame, max_nodes: int, views: bool = False) -> None:
        self.game, self.max_nodes, self.keep_views = game, max_nodes, views
        self.infosets: dict[Hashable, int] = {}
        self.actions: list[tuple[Action, ...]] = []  # by information set, as for:
        self.owners: list[int] = []
        self.depths: list[int] = []
        self.anchors: list[int] = []  # a node of the set
        self.firsts: list[int] = []  # its first sequence
        self.sequences = 0
        self.chances: list[float] = []  # by chance outcome
        self.returns: list[tuple[int, list[float]]] = []  # by terminal node
        self.parents, self.dealt = [-1], [""]  # by node: parent, chance outcome (hidden_text)
        self.children: dict[tuple[int, Action], int] = {}
        self.views: dict[tuple[int, int, Hashable], list[int]] = {}  # see GameTree.views
        self.levels: list[_Edges] = []

    def build(self) -> int:
        """Walk every history; the number of nodes."""
        frontier = [self.game.new_initial_state(0)]
        first = 0  # the number of the frontier's first node
        while frontier:
            following: list[AnyState] = []
            edges = _Edges()
            for node, state in enumerate(frontier, start=first):
                for seat in range(self.game.info.num_players if self.keep_views else 0):
                    view = (len(self.levels), seat, state.information_state_key(seat))
                    self.views.setdefault(view, []).append(node)
                if state.is_terminal():
                    self.returns.append((node, [float(r) for r in state.returns()]))
                    continue
                player = state.current_player()
                moves, slots = self._moves(state, player, node)
                for move, slot in zip(moves, slots, strict=True):
                    self.parents.append(node)
                    self.dealt.append(state.hidden_text(move) if player == CHANCE else "")
                    child = state.clone()
                    child.apply_action(move)
                    self.children[node, move] = first + len(frontier) + len(following)
                    edges.parent.append(node)
                    edges.child.append(first + len(frontier) + len(following))
                    edges.slot.append(slot)
                    edges.actor.append(player)
                    following.append(child)
                if first + len(frontier) + len(following) > self.max_nodes:
                    raise TreeTooLarge(f"{self.game.info.name}'s tree has more than "
                                       f"{self.max_nodes} nodes: too big to solve whole")
            self.levels.append(edges)
            first += len(frontier)
            frontier = following
        return first

    def _moves(self, state: AnyState, player: int, node: int) -> tuple[list[Action], list[int]]:
        """The moves from `state` and their slots (see `_Edges.slot`); a decision's
        information set is numbered when first met."""
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            slots = [-1 - len(self.chances) - i for i in range(len(outcomes))]
            self.chances.extend(chance for _, chance in outcomes)
            return [action for action, _ in outcomes], slots
        moves = state.legal_actions()
        depth = len(self.levels)
        index = self.infosets.setdefault((player, state.information_state_key(player)),
                                         len(self.infosets))
        if index == len(self.actions):
            self.firsts.append(self.sequences)
            self.sequences += len(moves)
            self.actions.append(tuple(moves))
            self.owners.append(player)
            self.depths.append(depth)
            self.anchors.append(node)
        elif self.actions[index] != tuple(moves) or self.depths[index] != depth:
            raise ValueError(f"{self.game.info.name}: an information set whose histories "
                             "differ in their moves or depth")
        return moves, [self.firsts[index] + i for i in range(len(moves))]


class GameTree:
    """Every history of `game` from its first state, built breadth first."""

    def __init__(self, game: AnyGame, max_nodes: int = MAX_NODES) -> None:
        built = _Builder(game, max_nodes)
        self.nodes = built.build()
        self.players = game.info.num_players
        self.parent = built.parents
        """Each node's parent (-1: the first state)."""
        self.dealt = built.dealt
        """The chance outcome that led to each node, as text ("" after a player's move)."""
        self.children = built.children
        """Each node's children by (node, action taken)."""
        self._game, self._max_nodes = weakref.ref(game), max_nodes
        self._views: dict[tuple[int, int, Hashable], Ints] | None = None
        self.infoset_index = built.infosets
        """Information set number by (player, information state key)."""
        self.infoset_actions = built.actions
        self.infoset_player = np.array(built.owners, dtype=np.int64)
        self.infoset_depth = built.depths
        """The depth (`levels` index) of each information set's histories."""
        counts = np.array([len(moves) for moves in built.actions], dtype=np.int64)
        self.first_sequence = np.array(built.firsts, dtype=np.int64)
        """Each information set's first sequence (its moves' are contiguous)."""
        self.sequences = built.sequences
        self.sequence_infoset = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
        self.sequence_player = self.infoset_player[self.sequence_infoset]
        self.sequence_anchor = np.repeat(np.array(built.anchors, dtype=np.int64), counts)
        """A node of each sequence's information set: all its nodes share its player's
        own reach, as an information state key holds all the player has seen (perfect
        recall, the game contract's)."""
        self.uniform = 1.0 / counts[self.sequence_infoset]
        self.outcome_chances = np.array(built.chances, dtype=np.float64)
        self.returns = np.zeros((self.nodes, self.players))
        for node, values in built.returns:
            self.returns[node] = values
        # Only the last level (all its nodes terminal) has no edges, so dropping it
        # keeps `infoset_depth` an index into `levels`.
        self.levels = [self._level(edges) for edges in built.levels if edges.parent]

    def _level(self, edges: _Edges) -> Level:
        parent, child, code, actor = (np.array(column, dtype=np.int64) for column in (
            edges.parent, edges.child, edges.slot, edges.actor))
        slot = np.where(code >= 0, code, self.sequences - 1 - code)
        starts = np.flatnonzero(np.r_[True, parent[1:] != parent[:-1]]).astype(np.int64)
        return Level(parent, child, slot, actor, starts, parent[starts])

    def edge_chances(self, strategy: Floats) -> Floats:
        """Every edge slot's chance: `strategy` (by sequence), then chance outcomes'."""
        return np.concatenate((strategy, self.outcome_chances))

    def reaches(self, player: int, chances: Floats) -> tuple[Floats, Floats]:
        """Each node's chance of being reached through `player`'s own moves, and through
        everyone else's and chance's (its counterfactual reach), under `chances`."""
        own, others = np.ones(self.nodes), np.ones(self.nodes)
        for level in self.levels:
            step = chances[level.slot]
            mine = level.actor == player
            own[level.child] = own[level.parent] * np.where(mine, step, 1.0)
            others[level.child] = others[level.parent] * np.where(mine, 1.0, step)
        return own, others

    @property
    def views(self) -> dict[tuple[int, int, Hashable], Ints]:
        """The nodes a seat cannot tell apart, by (depth, seat, the seat's information
        state key there): where a seat that is not to act may be. Found on first use,
        by a second walk of the game (each seat's key at every node: about 0.1 s more
        on a small poker game, which only analysis needs, not a decision)."""
        if self._views is None:
            game = self._game()
            if game is None:
                raise ValueError("the game this tree was built from is gone")
            built = _Builder(game, self._max_nodes, views=True)
            built.build()
            self._views = {view: np.array(nodes, dtype=np.int64)
                           for view, nodes in built.views.items()}
        return self._views

    def node(self, history: Sequence[Action]) -> int:
        """The node a `history` of actions from the first state leads to (KeyError if
        the tree has none)."""
        node = 0
        for action in history:
            node = self.children[node, action]
        return node

    def values(self, player: int, chances: Floats) -> Floats:
        """Each node's expected return to `player` under `chances`."""
        return self.expected(self.returns[:, player], chances)

    def expected(self, outcome: Floats, chances: Floats) -> Floats:
        """Each node's expected `outcome` (one number a node, read at the terminal
        nodes) under `chances`."""
        value = outcome.copy()
        for level in reversed(self.levels):
            value[level.parents] = np.add.reduceat(
                chances[level.slot] * value[level.child], level.starts)
        return value

    def best_response_value(self, player: int, strategy: Floats) -> float:
        """What `player` expects when it best responds to everyone else playing
        `strategy` (chances by sequence; `player`'s own entries are ignored)."""
        chances = self.edge_chances(strategy)
        _, others = self.reaches(player, chances)
        value = self.returns[:, player].copy()
        for level in reversed(self.levels):
            mine = level.actor == player
            step = chances[level.slot].copy()
            if mine.any():
                # Every history of one information set lies at one depth (checked when
                # built), so the set's best move is chosen here, over all of them.
                sequences = level.slot[mine]
                worth = np.bincount(sequences, others[level.parent[mine]]
                                    * value[level.child[mine]], minlength=self.sequences)
                best = np.maximum.reduceat(worth, self.first_sequence)[self.sequence_infoset]
                chosen = (worth >= best).astype(np.float64)
                ties = np.bincount(self.sequence_infoset, chosen)[self.sequence_infoset]
                step[mine] = (chosen / ties)[sequences]
            value[level.parents] = np.add.reduceat(step * value[level.child], level.starts)
        return float(value[0])

    def nash_conv(self, strategy: Floats) -> float:
        """The sum over players of what a best response gains over `strategy`."""
        values = [self.values(player, self.edge_chances(strategy))[0]
                  for player in range(self.players)]
        return float(sum(self.best_response_value(player, strategy) - values[player]
                         for player in range(self.players)))

    def exploitability(self, strategy: Floats) -> float:
        """`nash_conv` over the number of players (OpenSpiel's `exploitability`): for a
        two-player zero-sum game, what a best response wins against `strategy` on
        average over the seats."""
        return self.nash_conv(strategy) / self.players

    def move_values(self, strategy: Floats, key: Hashable) -> Floats:
        """What each move of the information set `key` is worth to its player, everyone
        playing `strategy` after it: the mean over the set's histories, each weighted
        by the chance that the others and chance lead there (alike by chance alone
        where `strategy` never does: the others took a move it never plays)."""
        player, moves, parents, children = self._set_edges(key)
        count = len(self.infoset_actions[self.infoset_index[key]])
        value = self.values(player, self.edge_chances(strategy))
        weights = self.others_reach(player, strategy, parents)
        worth = np.bincount(moves, weights * value[children], minlength=count)
        return worth / np.bincount(moves, weights, minlength=count)

    def hidden_chances(self, strategy: Floats, key: Hashable) -> list[tuple[str, float]]:
        """What the player of the information set `key` has not seen, if everyone else
        plays `strategy`: the chance outcomes on the way to each of the set's histories
        that not all of them share (in a poker game, the opponent's card), with the chance of
        each, the likeliest first."""
        player, _, parents, _ = self._set_edges(key)
        nodes = np.unique(parents)
        weights = self.others_reach(player, strategy, nodes)
        ways = [self._dealt_on_way(int(node)) for node in nodes]
        shared = set.intersection(*(set(way) for way in ways))
        chances: dict[str, float] = {}
        for way, weight in zip(ways, weights / weights.sum(), strict=True):
            text = ", ".join(outcome for outcome in way if outcome not in shared)
            chances[text] = chances.get(text, 0.0) + float(weight)
        return sorted(chances.items(), key=lambda item: (-item[1], item[0]))

    def _set_edges(self, key: Hashable) -> tuple[int, Ints, Ints, Ints]:
        """The information set `key`'s player, and the edges of its moves at all its
        histories: each edge's move (0, 1, ... in the set's order), parent and child."""
        index = self.infoset_index[key]
        level = self.levels[self.infoset_depth[index]]
        first = int(self.first_sequence[index])
        ours = (level.slot >= first) & (level.slot < first + len(self.infoset_actions[index]))
        return (int(self.infoset_player[index]), level.slot[ours] - first, level.parent[ours],
                level.child[ours])

    def others_reach(self, player: int, strategy: Floats, nodes: Ints) -> Floats:
        """The chance that the others and chance lead to each of `nodes` under
        `strategy`; where they never do (the others took a move it never plays), by
        chance alone."""
        weights = self.reaches(player, self.edge_chances(strategy))[1][nodes]
        if weights.sum() <= 0:
            weights = self.reaches(player, self.edge_chances(np.ones(self.sequences)))[1][nodes]
        return weights

    def _dealt_on_way(self, node: int) -> list[str]:
        """The chance outcomes on the way from the first state to `node`, in order."""
        way = []
        while node > 0:
            if self.dealt[node]:
                way.append(self.dealt[node])
            node = self.parent[node]
        return way[::-1]

    def policy(self, strategy: Floats, key: Hashable) -> tuple[tuple[Action, float], ...]:
        """`strategy`'s moves and chances at the information set `key` ((player,
        information state key)); KeyError if the tree has no such set."""
        index = self.infoset_index[key]
        first = int(self.first_sequence[index])
        moves = self.infoset_actions[index]
        return tuple(zip(moves, (float(c) for c in strategy[first:first + len(moves)]),
                         strict=True))
