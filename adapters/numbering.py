"""A fixed numbering of a game's actions, and a seat's view as data: what every adapter needs.

OpenSpiel and PettingZoo name an action by an integer below a bound known before play,
while our actions are values whose stable identity is their text ("move G 2 17",
"deal Kh"). `ActionNumbering` gives each action text one id, the same in every process
for a game and its options:

1. **Exhaustive**, when no game lasts more than `EXHAUSTIVE_LENGTH` actions and the
   whole game tree has at most `EXHAUSTIVE_NODES` positions (Leduc): every text any
   position can produce, listed by walking the tree.
2. **Otherwise, a census and its closure.** Random games from the seeds 0, 1, 2, ...,
   chance drawn with its probabilities and every other choice uniformly, each from a
   `random.Random` seeded by the game's seed, until `CENSUS_STEPS` actions have been
   played; every legal text met is kept. The texts are then grouped by their first word
   (the verb) and their number of words, and each group is closed under recombination:
   every word seen in a place combines with every word seen in each other place
   ("move G 2 17" and "move H 1 05" also give "move G 1 05"), unless that closure
   would exceed `CLOSURE_LIMIT` texts, when the group keeps the texts met.

The texts are sorted (never a set's order) and numbered from 0. Past them come
`spare` ids for a text the census never met: at a position, such texts, sorted, take
the spare ids in order. A spare id therefore names an action only relative to its
position; the listed ids name the same text everywhere. There are as many spares as
the widest choice the census met, so no position the census can reach needs more.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from hunt.models.game import CHANCE, Action, AnyGame, AnyState, as_json
from hunt.models.registry import load_game

EXHAUSTIVE_NODES = 30_000
"""The largest game tree walked whole to list its action texts."""
EXHAUSTIVE_LENGTH = 20
"""Only a game whose `max_game_length` is at most this is walked whole: a longer one
has too large a tree, and finding out by walking it would take minutes."""
CENSUS_STEPS = 20_000
"""How many actions the census plays, over as many games as it takes."""
CLOSURE_LIMIT = 20_000
"""The most texts one verb's closure may add; a larger one keeps only the texts met."""
OBSERVATION_HEADROOM = 4
"""A padded observation holds this many times the longest observation the census met."""
SHORTEST_PADDED_OBSERVATION = 256
"""The fewest bytes a padded observation holds, however short the census's were."""


class NumberingError(RuntimeError):
    """A position has more unlisted action texts than the numbering has spare ids."""


@dataclass(frozen=True)
class ActionNumbering:
    """Every action text of a game with its options, numbered; see the module's docstring."""

    texts: tuple[str, ...]
    """The listed texts, sorted; the id of `texts[i]` is `i`."""
    spare: int
    """Ids after the listed ones, for texts the census never met."""
    method: str
    """"exhaustive" or "census": how the texts were found."""
    longest_observation: int
    """The longest seat observation met, in bytes of `observation_bytes`."""
    _ids: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_ids", {text: i for i, text in enumerate(self.texts)})

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionNumbering:
        # Immutable, so a copy is itself (OpenSpiel deep-copies a state's attributes).
        return self

    @property
    def observation_length(self) -> int:
        """The fixed length of a seat's padded observation (`padded_observation`):
        `OBSERVATION_HEADROOM` times the longest the numbering met, at least
        `SHORTEST_PADDED_OBSERVATION`."""
        return max(SHORTEST_PADDED_OBSERVATION,
                   OBSERVATION_HEADROOM * self.longest_observation)

    @property
    def size(self) -> int:
        """How many ids there are: listed texts and spares."""
        return len(self.texts) + self.spare

    def id_of(self, text: str) -> int | None:
        """The id of a listed text; None for a text the numbering does not list."""
        return self._ids.get(text)

    def actions_by_id(self, state: AnyState) -> dict[int, Action]:
        """The legal actions (or chance outcomes) of `state` by their ids, in id order."""
        texts = {state.action_to_string(action): action for action in state.legal_actions()}
        found: dict[int, Action] = {}
        unlisted = []
        for text, action in texts.items():
            number = self._ids.get(text)
            if number is None:
                unlisted.append(text)
            else:
                found[number] = action
        if len(unlisted) > self.spare:
            raise NumberingError(
                f"{len(unlisted)} actions here are not in the numbering, which has "
                f"{self.spare} spare ids: {', '.join(sorted(unlisted)[:5])}")
        for offset, text in enumerate(sorted(unlisted)):
            found[len(self.texts) + offset] = texts[text]
        return dict(sorted(found.items()))


def chance_outcomes_in_order(state: AnyState) -> list[tuple[Action, float]]:
    """A chance node's outcomes sorted by their text: the order every draw here uses,
    so that a seeded draw does not depend on how a game happens to list them."""
    return sorted(state.chance_outcomes(), key=lambda pair: state.action_to_string(pair[0]))


def draw_chance(state: AnyState, rng: random.Random) -> Action:
    """One chance outcome of `state`, drawn with its probability from `rng`."""
    outcomes = chance_outcomes_in_order(state)
    return rng.choices([action for action, _ in outcomes],
                       weights=[probability for _, probability in outcomes])[0]


def observation_bytes(state: AnyState, player: int) -> bytes:
    """The seat's observation (`state.observation(player)`, all its screen may show)
    as canonical JSON in UTF-8: keys sorted, sets sorted, no spaces."""
    return json.dumps(as_json(state.observation(player)), sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False).encode()


class ObservationLengthError(ValueError):
    """A seat's observation longer than the fixed length its padded form holds."""


def padded_observation(state: AnyState, player: int, length: int) -> np.ndarray[Any, Any]:
    """The seat's `observation_bytes` as `uint8`, padded with zeros to `length` (an
    adapter's fixed observation: `ActionNumbering.observation_length`); the padding is
    dropped by stripping the trailing zeros, as JSON text holds none.
    `ObservationLengthError` if the observation is longer than `length`."""
    data = observation_bytes(state, player)
    if len(data) > length:
        raise ObservationLengthError(
            f"seat {player}'s observation takes {len(data)} bytes, more than the {length} "
            "a padded observation holds")
    padded = np.zeros(length, np.uint8)
    padded[:len(data)] = np.frombuffer(data, np.uint8)
    return padded


def canonical_text(value: object) -> str:
    """A text for a hashable view (an information-state key) that is the same in every
    process: a set's members sorted by their own text, not in hash order."""
    if isinstance(value, set | frozenset):
        return "{" + ",".join(sorted(canonical_text(item) for item in value)) + "}"
    if isinstance(value, tuple | list):
        inner = ",".join(canonical_text(item) for item in value)
        return f"{type(value).__name__}({inner})" if hasattr(value, "_fields") \
            else f"({inner})"
    if isinstance(value, Mapping):
        items = sorted(f"{canonical_text(key)}:{canonical_text(item)}"
                       for key, item in value.items())
        return "{" + ",".join(items) + "}"
    return repr(value)


def information_state_text(state: AnyState, player: int) -> str:
    """`player`'s information-state key as text (`canonical_text`)."""
    key: Hashable = state.information_state_key(player)
    return canonical_text(key)


def _exhaustive(game: AnyGame) -> tuple[set[str], int, int] | None:
    """Every action text in the whole tree, the widest choice and the longest
    observation; None if the game is too long or its tree too large to walk."""
    if game.info.max_game_length > EXHAUSTIVE_LENGTH:
        return None
    texts: set[str] = set()
    widest = longest = 0
    stack = [game.new_initial_state(0)]
    visited = 0
    while stack:
        state = stack.pop()
        visited += 1
        if visited > EXHAUSTIVE_NODES:
            return None
        if state.is_terminal():
            # The views are longest at the end, so the end positions suffice.
            for player in range(game.info.num_players):
                longest = max(longest, len(observation_bytes(state, player)))
            continue
        actions = state.legal_actions()
        widest = max(widest, len(actions))
        for action in actions:
            texts.add(state.action_to_string(action))
            child = state.clone()
            child.apply_legal_action(action)
            stack.append(child)
    return texts, widest, longest


def _census(game: AnyGame) -> tuple[set[str], int, int]:
    """The action texts met in seeded random games, the widest choice and the longest
    observation (measured at one step in fifty and at the end: views grow slowly)."""
    texts: set[str] = set()
    widest = longest = steps = 0
    for seed in itertools.count():
        if steps >= CENSUS_STEPS:
            break
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            widest = max(widest, len(actions))
            texts.update(state.action_to_string(action) for action in actions)
            if steps % 50 == 0:
                for player in range(game.info.num_players):
                    longest = max(longest, len(observation_bytes(state, player)))
            if state.current_player() == CHANCE:
                action = draw_chance(state, rng)
            else:
                ordered = sorted(actions, key=state.action_to_string)
                action = rng.choice(ordered)
            state.apply_legal_action(action)
            steps += 1
        for player in range(game.info.num_players):
            longest = max(longest, len(observation_bytes(state, player)))
    return texts, widest, longest


def _closure(texts: Iterable[str]) -> list[str]:
    """`texts` with each verb's group closed under recombination (module docstring)."""
    groups: dict[tuple[str, int], list[list[str]]] = {}
    for text in sorted(texts):
        words = text.split(" ")
        groups.setdefault((words[0], len(words)), []).append(words)
    closed: set[str] = set(texts)
    for members in groups.values():
        places = [sorted({words[place] for words in members})
                  for place in range(len(members[0]))]
        total = 1
        for words in places:
            total *= len(words)
        if total <= CLOSURE_LIMIT:
            closed.update(" ".join(combination) for combination in itertools.product(*places))
    return sorted(closed)


def build_numbering(game: AnyGame) -> ActionNumbering:
    """The numbering of `game` with its options (see the module's docstring)."""
    found = _exhaustive(game)
    if found is not None:
        texts, widest, longest = found
        return ActionNumbering(tuple(sorted(texts)), spare=0, method="exhaustive",
                               longest_observation=longest)
    texts, widest, longest = _census(game)
    return ActionNumbering(tuple(_closure(texts)), spare=widest, method="census",
                           longest_observation=longest)


@cache
def _numbering(name: str, options: tuple[tuple[str, str], ...]) -> ActionNumbering:
    return build_numbering(load_game(name, **{key: json.loads(value)
                                              for key, value in options}))


def numbering_for(name: str, options: Mapping[str, Any]) -> ActionNumbering:
    """The numbering of the registered game `name` with `options`, built once per process."""
    key = tuple(sorted((option, json.dumps(value, sort_keys=True))
                       for option, value in options.items()))
    return _numbering(name, key)
