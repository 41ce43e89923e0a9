"""The Graf Spee tracker: where the British believe the raider is, from public events.

An exact forward filter over hexes (`hunt.models.belief`). It reads one seat's views,
step by step, with the public facts of the moment (Altmark, hints, Freight Ships,
Forces); it never reads the Graf Spee's true hex. Every public event changes it:

- the Graf Spee is placed: the prior, every hex alike;
- "the Graf Spee moves, n AP": the mass spreads over the hexes within 1, 2 or 3 steps,
  as the move model says the German picks among them;
- a reveal (an attack, a Battle, a disguise): that hex;
- a search that rolled a success and found nothing: not that hex;
- a Hint marker: within 1 hex of it; a false Hint (Marconi): 3 or more hexes away;
  a hint the German cannot place: every hex next to the raider is taken;
- Harwood's Intuition: within 2 hexes of the queried hex, or not;
- a German refill above 3 cards and above what it held: within 1 of the Altmark;
- a German event that needs the raider somewhere (Military Order: on a Freight Ship's
  hex; Marconi: a free hex 3 away): where it could be played from.

Apart from moves, a German choice is evidence only through its legality: where the
German puts a hint or how many cards it draws is its strategy, which no model claims
to know. Both seats see every public event, so the German computes the very same
belief: its exposure.

Move models: `uniform` (every reachable hex alike; sound, the default) and
`purposeful` (a softmax toward Freight Ships and away from Forces, with weights fitted
by maximum likelihood on recorded German moves: `hunt.models.the_hunt.fitting`, run by
`scripts/tracker_report.py`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from hunt.models.belief import DiscreteBelief, Vector
from hunt.models.plugin import plural
from hunt.models.the_hunt.actions import STEPS_FOR_AP, TheHuntAction
from hunt.models.the_hunt.state import MAX_HINTS
from hunt.models.the_hunt.steps import BRITISH, GERMAN

if TYPE_CHECKING:  # the views ask this module for the British belief
    from hunt.models.the_hunt.rules import TheHuntGame
    from hunt.models.the_hunt.views import TheHuntViews

MODELS = ("uniform", "purposeful")


@dataclass(frozen=True)
class MoveWeights:
    """The purposeful model: a reachable hex scores `freighter` per step nearer the
    nearest Freight Ship and `force` per step farther from the nearest Force (counted
    up to `force_reach` steps); P(hex) is proportional to exp(score)."""

    freighter: float
    force: float
    force_reach: int = 3


FITTED_WEIGHTS = MoveWeights(freighter=1.735, force=2.581)
"""Maximum likelihood on 3,568 German moves of 300 heuristic games (seeds 0-299):
`scripts/tracker_report.py --fit-games 300` (log-likelihood -4801 against -8250 for
the uniform model). A fit to heuristic play: real players may differ, which is why
`uniform` stays the default."""


class PublicFacts(NamedTuple):
    """What both sides see on the board at one moment: all the tracker reads besides
    the views."""

    altmark: str | None
    hints: tuple[str, ...]
    freighters: tuple[str, ...]
    """Hexes holding a Freight Ship."""
    forces: tuple[str, ...]
    """Hexes holding a British Force."""
    attacked: bool
    storm: bool


def public_facts(state: TheHuntViews) -> PublicFacts:
    """The public facts of `state` (nothing hidden is read)."""
    return PublicFacts(
        altmark=state.altmark, hints=tuple(state.hints),
        freighters=tuple(sorted({state.hex_of_freighter(f) for f in state.at_sea})),
        forces=tuple(sorted({h for h in state.forces.values() if h is not None})),
        attacked=state.attacked, storm=state.no_searches)


def replay_views(state: TheHuntViews, seat: int
                 ) -> Iterator[tuple[TheHuntViews, tuple[Hashable, ...], PublicFacts]]:
    """Replay `state`'s record: after each action, the replayed position, what `seat`
    saw of that action, and the public facts from just before it (what the tracker
    reads with each view)."""
    replay = state.replayed(0)
    for action in state.history:
        facts = public_facts(replay)
        mark = replay.view_length(seat)
        replay.apply_action(action)
        yield replay, replay.views_since(seat, mark), facts


class GrafSpeeTracker:
    """The British belief over the Graf Spee's hex."""

    def __init__(self, game: TheHuntGame, model: str = "uniform",
                 weights: MoveWeights = FITTED_WEIGHTS) -> None:
        if model not in MODELS:
            raise ValueError(f"move model {model!r}; accepted: {', '.join(MODELS)}")
        self.game = game
        self.model = model
        self.weights = weights
        self.belief = DiscreteBelief(game.hexes)
        self.placed = False
        self.updates = 0
        """Events that changed the belief."""
        self._index = self.belief.index
        self._distance = np.array([[game.hex_distance(a, b) for b in game.hexes]
                                   for a in game.hexes], dtype=np.float64)
        self._reach: dict[int, Vector] = {
            steps: (self._distance <= steps).astype(np.float64) for steps in (1, 2, 3)}
        """reach[k][i, j] = 1 when hex j is within k steps of hex i."""
        self._uniform: dict[int, Vector] = {
            steps: reach / reach.sum(axis=1, keepdims=True) for steps, reach in self._reach.items()}

    @classmethod
    def for_seat(cls, state: TheHuntViews, seat: int, model: str = "uniform",
                 weights: MoveWeights = FITTED_WEIGHTS) -> GrafSpeeTracker:
        """The belief after everything `seat` has seen in `state`, replayed from its
        record: each step's views of `seat` with the public facts before that step."""
        tracker = cls(state.game, model, weights)
        for _, seen, facts in replay_views(state, seat):
            for item in seen:
                tracker.observe(item, facts)
        return tracker

    def posterior(self) -> dict[str, float]:
        """Hex id -> probability, for every hex not ruled out; sums to 1."""
        return self.belief.distribution()

    def probability(self, hex_id: str) -> float:
        """P(the Graf Spee is on `hex_id`)."""
        return self.belief.probability(hex_id)

    def copy(self) -> GrafSpeeTracker:
        """An independent copy (to try out what an event would do)."""
        other = GrafSpeeTracker.__new__(GrafSpeeTracker)
        other.__dict__.update(self.__dict__)
        other.belief = self.belief.copy()
        return other

    # -- events --------------------------------------------------------------------------

    def observe(self, item: Hashable, facts: PublicFacts) -> None:
        """Take in one view item of either seat; only its public content is used."""
        if not isinstance(item, tuple) or not item:
            return
        kind = item[0]
        if kind in ("graf spee placed", "start"):
            self.belief = DiscreteBelief(self.game.hexes)
            self.placed = True
        elif kind == "graf spee moved" or (kind == "move" and item[1] == "graf-spee"):
            self.move(STEPS_FOR_AP[item[2] if kind == "move" else item[1]], facts)
        elif kind == "revealed":
            self._keep([item[1]], f"the Graf Spee revealed on {item[1]}")
        elif kind == "not here":
            self._exclude([item[1]], f"the search that found nothing on {item[1]}")
        elif kind == "answer":
            hex_id, near = item[1], item[2]
            area = self.game.ball[hex_id][2]
            event = f"the answer {'yes' if near else 'no'} to 'within 2 hexes of {hex_id}?'"
            self._keep(area, event) if near else self._exclude(area, event)
        elif kind == "hint":
            self._keep(self.game.ball[item[1]][1], f"the Hint marker on {item[1]}")
        elif kind == "choose" and isinstance(item[1], TheHuntAction) and item[1].verb == "hint":
            self._exclude(self.game.ball[item[1].hex][2], f"the false Hint on {item[1].hex}")
        elif kind == "no hint" and len(facts.hints) < MAX_HINTS:
            taken = {*facts.hints, facts.altmark}
            self._keep([h for h in self.game.hexes if self.game.ball[h][1] <= taken],
                       "a Hint marker the German could not place")
        elif kind == "play" and item[1] == GERMAN and item[3] == "event":
            self._german_event(self.game.cards[item[2]].effect, item[2], facts)
        elif kind == "hand size":
            size, before = item[1], item[2]
            if size > self.game.rules["hand_size_german"] and size > before:
                assert facts.altmark is not None
                self._keep(self.game.ball[facts.altmark][1],
                           f"the German refill to {size} cards (beside the Altmark)")

    def move(self, steps: int, facts: PublicFacts) -> None:
        """The Graf Spee moved up to `steps` hexes."""
        self.belief.predict(self.kernel(steps, facts),
                            f"a Graf Spee move of {plural(steps, 'hex')}")
        self.updates += 1

    def kernel(self, steps: int, facts: PublicFacts) -> Vector:
        """P(to j | from i) for a move of up to `steps` hexes under the move model."""
        if self.model == "uniform":
            return self._uniform[steps]
        scores = self.scores(facts)
        weights = self._reach[steps] * np.exp(scores - scores.max())[None, :]
        kernel: Vector = weights / weights.sum(axis=1, keepdims=True)
        return kernel

    def scores(self, facts: PublicFacts) -> Vector:
        """The purposeful model's score of each hex as a destination."""
        score = np.zeros(len(self.game.hexes))
        if facts.freighters:
            nearest = self._distance[:, [self._index[h] for h in facts.freighters]].min(1)
            score -= self.weights.freighter * nearest
        if facts.forces:
            nearest = self._distance[:, [self._index[h] for h in facts.forces]].min(1)
            score += self.weights.force * np.minimum(nearest, self.weights.force_reach)
        return score

    def _german_event(self, effect: str, card_id: str, facts: PublicFacts) -> None:
        if effect == "free-attack":
            self._keep(facts.freighters, f"{card_id} played (a Freight Ship on the raider's "
                                         "hex)")
        elif effect == "false-hint":
            free = [h for h in self.game.hexes if h not in facts.hints and h != facts.altmark]
            self._keep([h for h in self.game.hexes if any(self.game.hex_distance(h, far) >= 3
                                                          for far in free)],
                       f"{card_id} played (a free hex 3 away from the raider)")

    def _keep(self, hexes: Iterable[str], event: str) -> None:
        self.belief.keep(hexes, event)
        self.updates += 1

    def _exclude(self, hexes: Iterable[str], event: str) -> None:
        self.belief.exclude(hexes, event)
        self.updates += 1


def raider_path(state: TheHuntViews, ends: Sequence[str], rng: random.Random) -> list[str]:
    """The Graf Spee's hexes in `state`'s game, its start and then after each move,
    drawn from their posterior given all the British saw (the uniform move model) and the
    raider ending on one of `ends`: forward filtering (the tracker, keeping its belief
    before each move), then backward sampling (each earlier hex given the next, in
    proportion to its filtered probability times the chance of that move). Every hex
    of the path agrees with every public fact the tracker reads."""
    tracker = GrafSpeeTracker(state.game)
    before: list[tuple[Vector, Vector]] = []
    """The belief before each move, and the move's kernel."""
    for _, seen, facts in replay_views(state, BRITISH):
        for item in seen:
            if isinstance(item, tuple) and item[:1] == ("graf spee moved",):
                before.append((tracker.belief.p.copy(),
                               tracker.kernel(STEPS_FOR_AP[item[1]], facts)))
            tracker.observe(item, facts)
    hexes = state.game.hexes
    weights = tracker.belief.p * tracker.belief.indicator(ends)
    path = [rng.choices(range(len(hexes)), weights=weights.tolist())[0]]
    for filtered, kernel in reversed(before):
        weights = filtered * kernel[:, path[-1]]
        path.append(rng.choices(range(len(hexes)), weights=weights.tolist())[0])
    return [hexes[i] for i in reversed(path)]


__all__ = ["BRITISH", "GERMAN", "MODELS", "GrafSpeeTracker", "MoveWeights", "PublicFacts",
           "public_facts", "raider_path", "replay_views"]
