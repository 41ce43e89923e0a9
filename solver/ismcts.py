"""Information Set Monte Carlo Tree Search, multiple-observer form.

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG
2012. Each iteration samples one world consistent with the searching seat's view
(`state.determinize`, weighted by the game's `belief` prior), then walks one tree per
seat through it. A seat's tree is keyed by that seat's view of every step: its own
decisions by the action, everything else by what it saw (`State.views_since`), so the
British tree branches on the German's announcements, never on its hidden hex. At a
decision, the acting seat's tree picks among the actions available in this world by
availability-aware UCB; the first action not tried yet is expanded, then a playout (the
game policy's `rollout_action`, cut at `rollout_depth` with its `evaluate`) gives the
returns that every tree backs up for its own seat. How far the trees grow, whether the
game's own choice stands against a close call, and how often playouts stray from the
rollout policy are the game's measured profile (`hunt.solver.profiles`; the share of
random playout decisions as the game's policy sets it for the position,
`GamePolicy.playout_epsilon`) unless set here. The final choice is the most visited
action, or a move drawn from the visits (a temperature; Smooth UCT, which also mixes the
nodes' average strategy into the selections, Heinrich & Silver 2015); a decision can be
searched on several processes, the roots summed (`workers`, `hunt.solver.parallel`). A
policy and value network (`hunt.solver.network`, fitted by `hunt train`) can guide it:
PUCT with the network's chances from the acting seat's view (`prior`; Smooth UCT then
does not apply), and the network's value of each seat's view at the leaf beside or
instead of the playout (`value`).

The search reads nothing of the real state but the seat's view: it only calls
`determinize`, `belief`, `current_player` and `legal_actions` on it, and the game's
policy reads its public phase there (`playout_epsilon`). Everything
random comes from one seeded `random.Random`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from hunt.models.game import CHANCE, Action, AnyState
from hunt.models.profile import SearchProfile
from hunt.models.registry import game_policy
from hunt.solver.agent import Agent
from hunt.solver.budget import budget_spent
from hunt.solver.features import view_features
from hunt.solver.network import load_network
from hunt.solver.parallel import run_parts
from hunt.solver.playout import play_out
from hunt.solver.profiles import search_profile
from hunt.solver.settings import ISMCTSConfig


class _Node:
    """A point in one seat's tree: an information set of that seat."""

    __slots__ = ("availability", "children", "priors", "square_sum", "value_sum", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.value_sum = 0.0
        self.square_sum = 0.0
        self.availability = 0
        """How often the action leading here was available when its parent was visited."""
        self.priors: dict[Action, float] = {}
        """The network's chance of each action tried for here (a guided search only)."""


@dataclass(frozen=True)
class ActionStats:
    """What the search learned of one root action."""

    action: Action
    text: str
    visits: int
    mean_value: float
    """Mean return for the searching seat after this action (-1..1 in duels)."""
    availability: int
    """Iterations in which the action was legal in the sampled world."""
    std_error: float = 0.0
    """The standard error of `mean_value` (0 for fewer than two visits): how far the
    search's sampling noise may move it."""


@dataclass(frozen=True)
class SearchResult:
    """A finished search: the chosen action and every root action's statistics."""

    action: Action
    stats: tuple[ActionStats, ...]
    """Root actions, most visited first."""
    iterations: int
    seconds: float
    policy: tuple[tuple[Action, float], ...] = ()
    """The chances the final choice was drawn with (one action at 1 when it was not
    drawn: the most visited, or the game's own choice)."""


class ISMCTS:
    """The search itself: `search(state)` from the current player's seat, with the
    settings of `config`, each keyword in `settings` put over it."""

    def __init__(self, config: ISMCTSConfig | None = None, *, seed: int = 0,
                 **settings: Any) -> None:
        # `settings` are `ISMCTSConfig` fields by name: `replace` refuses any other.
        self.config = replace(config or ISMCTSConfig(), **settings)
        self.rng = random.Random(seed)
        if (self.config.prior or self.config.value) and self.config.model is None:
            raise ValueError("a prior or a network value needs a model (weights)")
        self.network = load_network(self.config.model) if self.config.model else None

    def shape_for(self, state: AnyState) -> SearchProfile:
        """The game's search profile, with the playouts' random share the game's policy
        gives for a search from `state`, and this search's own settings put over it."""
        profile = search_profile(state.game)
        epsilon = game_policy(state.game).playout_epsilon(state, profile.epsilon)
        return self.config.over(replace(profile, epsilon=epsilon))

    def search(self, state: AnyState) -> SearchResult:
        """Search from the seat to act in `state` and return its statistics."""
        seat = state.current_player()
        if seat < 0:
            raise ValueError("search needs a seat to act, not a chance or terminal node")
        legal = state.legal_actions()
        shape = self.shape_for(state)
        prior = state.belief(seat) if self.config.use_belief else None  # once per decision
        start = time.perf_counter()
        guide = legal[0]
        if len(legal) == 1:
            return self._result(state, legal, _Node(), guide, shape, 0, 0.0)
        # The game's own choice here, read from a sampled world as a playout would.
        guide = game_policy(state.game).rollout_action(
            state.determinize(seat, self.rng, prior), self.rng)
        if self.config.workers > 1:
            root, done = self._grow_in_parallel(state)
        else:
            root, done = self.grow(state, prior)
        return self._result(state, legal, root, guide, shape, done,
                            time.perf_counter() - start)

    def grow(self, state: AnyState, prior: Any = None) -> tuple[_Node, int]:
        """Grow the trees from `state` for the budget; the searching seat's root and
        the iterations done. `prior` is the seat's belief (`State.belief`)."""
        seat = state.current_player()
        roots = [_Node() for _ in range(state.game.info.num_players)]
        shape = self.shape_for(state)
        start = time.perf_counter()
        done = 0
        while not budget_spent(self.config.iterations, self.config.time_limit, done, start):
            world = state.determinize(seat, self.rng, prior)
            self._iterate(world, roots, shape)
            done += 1
        return roots[seat], done

    def _grow_in_parallel(self, state: AnyState) -> tuple[_Node, int]:
        """`grow` on `workers` processes, each with a seed drawn here and its share
        of the iterations; their roots summed, in worker order."""
        workers, iterations = self.config.workers, self.config.iterations
        share = replace(self.config, workers=1, iterations=None if iterations is None
                        else max(1, math.ceil(iterations / workers)))
        seeds = [self.rng.getrandbits(63) for _ in range(workers)]
        root, done = _Node(), 0
        for part, count in run_parts(grow_part, [(share, seed, state) for seed in seeds]):
            done += count
            for key, (visits, value_sum, square_sum, availability) in part.items():
                child = root.children.setdefault(key, _Node())
                child.visits += visits
                child.value_sum += value_sum
                child.square_sum += square_sum
                child.availability += availability
        return root, done

    def _iterate(self, world: AnyState, roots: list[_Node], shape: SearchProfile) -> None:
        """One sampled world: select and expand down the trees, play out, back up."""
        nodes = list(roots)
        paths: list[list[_Node]] = [[] for _ in roots]
        seats = range(len(roots))
        expanded = False
        decisions = 0
        policy = game_policy(world.game)
        while not world.is_terminal() and not expanded \
                and (not shape.tree_depth or decisions < shape.tree_depth):
            player = world.current_player()
            marks = [world.view_length(seat) for seat in seats]
            if player == CHANCE:
                world.apply_legal_action(world.sample_chance_outcome(self.rng))
            else:
                guide = policy.rollout_action(world, self.rng)
                legal = policy.sensible_actions(world, world.legal_actions())
                if self.config.prior:
                    self._add_priors(nodes[player], world, legal)
                    action, child, expanded = self._select_by_prior(nodes[player], legal,
                                                                    guide)
                else:
                    action, child, expanded = self._select(nodes[player], legal, guide,
                                                           shape.smooth)
                paths[player].append(child)
                nodes[player] = child
                world.apply_legal_action(action)
                decisions += 1
            for seat in seats:
                seen = world.views_since(seat, marks[seat])
                if seen:
                    nodes[seat] = nodes[seat].children.setdefault(seen, _Node())
        returns = self._leaf_value(world, shape.rollout_depth, shape.epsilon)
        for seat in seats:
            for node in paths[seat]:
                node.visits += 1
                node.value_sum += returns[seat]
                node.square_sum += returns[seat] * returns[seat]

    def _add_priors(self, node: _Node, world: AnyState, legal: list[Action]) -> None:
        """The network's chances for the actions legal here, from the acting seat's
        view, the first time the node meets them (another sampled world may offer
        others; those are read then, with the chances of that world's choices)."""
        if all(action in node.priors for action in legal):
            return
        assert self.network is not None
        view = view_features(world.observation(world.current_player()))
        chances = self.network.policy(view, [world.action_to_string(a) for a in legal])
        for action, chance in zip(legal, chances, strict=True):
            node.priors.setdefault(action, float(chance))

    def _leaf_value(self, world: AnyState, depth: int | None, epsilon: float) -> list[float]:
        """The returns an iteration backs up: a playout's, the network's (each seat's
        value from its own view) or the two mixed by the `value` share."""
        share = self.config.value
        if not share or world.is_terminal():
            return play_out(world, self.rng, depth, epsilon)
        assert self.network is not None
        values = [self.network.value(view_features(world.observation(seat)))
                  for seat in range(world.game.info.num_players)]
        if share == 1:
            return values
        played = play_out(world, self.rng, depth, epsilon)
        return [share * v + (1 - share) * p for v, p in zip(values, played, strict=True)]

    def _select_by_prior(self, node: _Node, legal: list[Action], guide: Action
                         ) -> tuple[Action, _Node, bool]:
        """PUCT among the actions legal in this world: mean value plus `prior` * P *
        sqrt(availability) / (1 + visits), with `_select`'s fading bias toward `guide`.
        An untried action is valued at the mean of the tried ones (first-play urgency),
        so a network that trusts few actions leaves the rest unexpanded."""
        children = [node.children.get(("act", action)) for action in legal]
        visits = sum(child.visits for child in children if child is not None)
        values = sum(child.value_sum for child in children if child is not None)
        untried_value = values / visits if visits else 0.0
        best: tuple[float, Action, _Node | None] | None = None
        for action, child in zip(legal, children, strict=True):
            if child is None:
                mean, count, available = untried_value, 0, visits + 1
            else:
                child.availability += 1
                mean, count = child.value_sum / max(child.visits, 1), child.visits
                available = child.availability
            score = mean + self.config.prior * node.priors[action] * math.sqrt(
                available) / (1 + count)
            if action == guide:
                score += self.config.guide_weight / (count + 1)
            if best is None or score > best[0]:
                best = (score, action, child)
        assert best is not None
        _, action, chosen = best
        if chosen is not None:
            return action, chosen, False
        chosen = node.children[("act", action)] = _Node()
        chosen.availability = 1
        return action, chosen, True

    def _select(self, node: _Node, legal: list[Action], guide: Action, smooth: bool = False
                ) -> tuple[Action, _Node, bool]:
        """Availability-aware UCB among the actions legal in this world, with a
        progressive bias toward `guide` (the game's policy choice here) that fades
        with visits; untried actions first, `guide` before the others. `smooth`: once
        every action is tried, the node's average strategy (`smooth_uct_share`) instead
        of UCB, sometimes. Returns the action, its node and whether it was just
        expanded."""
        untried = []
        tried: list[tuple[Action, _Node]] = []
        best: tuple[float, Action, _Node] | None = None
        for action in legal:
            key = ("act", action)
            child = node.children.get(key)
            if child is None:
                untried.append(action)
                continue
            child.availability += 1
            tried.append((action, child))
            score = child.value_sum / child.visits + self.config.exploration * math.sqrt(
                math.log(child.availability) / child.visits)
            if action == guide:
                score += self.config.guide_weight / (child.visits + 1)
            if best is None or score > best[0]:
                best = (score, action, child)
        if untried:
            action = guide if guide in untried else self.rng.choice(untried)
            child = _Node()
            child.availability = 1
            node.children[("act", action)] = child
            return action, child, True
        assert best is not None
        if smooth:
            visits = sum(child.visits for _, child in tried)
            if self.rng.random() >= smooth_uct_share(visits):
                action, child = self.rng.choices(
                    tried, [child.visits for _, child in tried])[0]
                return action, child, False
        return best[1], best[2], False

    def _result(self, state: AnyState, legal: list[Action], root: _Node, guide: Action,
                shape: SearchProfile, iterations: int, seconds: float) -> SearchResult:
        """The most visited action, unless it is not clearly better than the game's
        own choice (`confidence` standard errors): then the game's choice stands, so
        sampling noise does not replace a sound rule of thumb. With a temperature
        (the shape), an action drawn by its visits instead (`mixed_policy`)."""
        stats = []
        for action in legal:
            child = root.children.get(("act", action))
            visits = child.visits if child else 0
            stats.append(ActionStats(
                action=action, text=state.action_to_string(action), visits=visits,
                mean_value=child.value_sum / visits if child and visits else 0.0,
                availability=child.availability if child else 0,
                std_error=math.sqrt(_variance(child) / visits)
                if child is not None and visits > 1 else 0.0))
        # Most visited first; ties by mean value, then by the legal order (stable).
        stats.sort(key=lambda entry: (-entry.visits, -entry.mean_value))
        chosen = stats[0].action
        best, kept = root.children.get(("act", chosen)), root.children.get(("act", guide))
        if chosen != guide and best is not None and kept is not None and kept.visits > 1:
            margin = best.value_sum / best.visits - kept.value_sum / kept.visits
            error = math.sqrt(_variance(best) / best.visits + _variance(kept) / kept.visits)
            if margin < shape.confidence * error:
                chosen = guide
        policy: tuple[tuple[Action, float], ...] = ((chosen, 1.0),)
        temperature = shape.temperature or (1.0 if shape.smooth else 0.0)
        if temperature > 0 and iterations:
            policy = mixed_policy(stats, temperature)
            chosen = self.rng.choices([action for action, _ in policy],
                                      [chance for _, chance in policy])[0]
        return SearchResult(chosen, tuple(stats), iterations, seconds, policy)


SMOOTH_UCT = (0.9, 0.002, 0.1)
"""Smooth UCT's schedule (eta, d, gamma; Heinrich & Silver 2015, their settings for
two small poker games): the share of selections made by UCB."""


def smooth_uct_share(visits: int) -> float:
    """The chance that Smooth UCT selects by UCB at a node of `visits` visits:
    max(gamma, eta / (1 + d * sqrt(visits))); otherwise it follows the average
    strategy."""
    eta, d, gamma = SMOOTH_UCT
    return max(gamma, eta / (1 + d * math.sqrt(visits)))


RootStats = dict[Hashable, tuple[int, float, float, int]]
"""A root's children: visits, value sum, square sum and availability, by child key."""


def grow_part(config: ISMCTSConfig, seed: int, state: AnyState) -> tuple[RootStats, int]:
    """One worker's share of a parallel search: the root statistics it grew and its
    iterations (run in a worker process; `ISMCTS._grow_in_parallel` sums them)."""
    search = ISMCTS(config, seed=seed)
    seat = state.current_player()
    root, done = search.grow(state, state.belief(seat) if config.use_belief else None)
    return {key: (child.visits, child.value_sum, child.square_sum, child.availability)
            for key, child in root.children.items()}, done


def mixed_policy(stats: tuple[ActionStats, ...] | list[ActionStats], temperature: float
                 ) -> tuple[tuple[Action, float], ...]:
    """The chance of each root action at `temperature`: visits ** (1 / temperature),
    normalised, in the order of `stats` (actions never visited get none)."""
    top = max(entry.visits for entry in stats)
    # scaled by the top count first, so a low temperature cannot overflow
    weights = [(entry.action, (entry.visits / top) ** (1 / temperature))
               for entry in stats if entry.visits]
    total = sum(weight for _, weight in weights)
    return tuple((action, weight / total) for action, weight in weights)


def _variance(node: _Node) -> float:
    mean = node.value_sum / node.visits
    return max(node.square_sum / node.visits - mean * mean, 1e-9)


class ISMCTSAgent(Agent):
    """An agent that plays the action ISMCTS visited most. `last_result` keeps the
    statistics of its latest decision (for hints and tests)."""

    name = "ismcts"

    def __init__(self, config: ISMCTSConfig | None = None, *, seed: int = 0,
                 **settings: Any) -> None:
        self.search = ISMCTS(config, seed=seed, **settings)
        self.last_result: SearchResult | None = None
        self.rng = self.search.rng

    def select_action(self, state: AnyState) -> Action:
        self.last_result = self.search.search(state)
        return self.last_result.action
