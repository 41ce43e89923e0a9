"""The game contract every game implements: OpenSpiel's State API, typed.

A `Game` is a rules set with fixed options; it creates `State`s. A `State` is one
position: whose turn it is (a seat, `CHANCE` or `TERMINAL`), the legal actions, how
actions change it, and what each seat may see of it.

Hidden information is handled through views. Each seat keeps its own history of
what it saw at every step (perfect recall), and everything an agent, a hint or a
screen may use is derived from that view: `information_state_key`, `observation`,
`determinize`, `belief`. Only tests and post-game analysis look at the full state.

Chance is explicit: die rolls and card draws are `CHANCE` nodes whose outcomes are
ordinary actions, so a record holds every draw and a game replays exactly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from bisect import bisect
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import accumulate
from typing import Any, Generic, Protocol, Self, TypeVar, cast

from hunt.errors import IllegalActionError, RecordError, quoted

CHANCE = -1
"""`current_player()` at a chance node: the next action is drawn from `chance_outcomes()`."""
TERMINAL = -2
"""`current_player()` once the game is over."""

RECORD_FORMAT = 4
"""Version of the JSON game record written by `State.to_record()`.

2: every decision is recorded, the forced ones too (a reaction window a player can
only pass since it holds no reaction card, a redraw with one size open). Format 1
records left those out, when such windows opened only for a player holding the card.
3: a seat may add a card between a search and its roll, or `pass`.
4: a roll's modifier is chosen after the other side's window to cancel it, as its own
decision (`plane`, or `pass`), no longer with the action it modifies
(`attack e-a plane`).
Older records still replay (`Game.from_record`): each game first rewrites what an older
format wrote otherwise (`Game.upgrade_record_actions`); then a decision they skip is
taken when it has a single legal action, or else is a `pass` (a window the older rules
did not open).
"""

READABLE_FORMATS = (1, 2, 3, 4)
"""Record formats `Game.from_record` reads."""

class Action(Protocol):
    """An action: a small hashable, orderable value (an int or a frozen dataclass with
    `order=True`), so that legal actions are listed sorted and kept in sets."""

    def __hash__(self) -> int: ...

    def __lt__(self, other: Any, /) -> bool: ...


Observation = Mapping[str, Any]
"""What a seat sees now, as JSON-able data: everything a screen may draw. Each game
declares its own as a `TypedDict`, so every key a screen or a heuristic reads is checked."""

V = TypeVar("V")


def as_json(view: V) -> V:
    """A JSON-able copy of a view built on a state's own containers: every mapping a
    dict, every set a sorted list, every other sequence a list, all the way down. The
    shape, and so the view's type, is kept (a view types its containers read-only)."""
    return cast(V, _json_copy(view))


def _json_copy(value: object) -> object:
    if isinstance(value, Mapping):
        return {key: _json_copy(item) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        return sorted(value)
    if isinstance(value, list | tuple):
        return [_json_copy(item) for item in value]
    return value


ActionT = TypeVar("ActionT", bound=Action)
"""A game's action type."""
ObsT = TypeVar("ObsT", bound=Observation)
"""A game's observation type (a `TypedDict`)."""
StateT = TypeVar("StateT", bound="State[Any, Any]")
"""A game's state type."""


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, independent of any position."""

    name: str
    """Registry name, e.g. "my-game" (its folder `my_game`, hyphenated)."""
    title: str
    """Name as printed on the box."""
    num_players: int
    """Seats in this configuration."""
    min_players: int
    max_players: int
    seat_names: tuple[str, ...]
    """Lower-case name of each seat, e.g. ("german", "british")."""
    max_game_length: int
    """No game lasts more actions than this, chance outcomes included."""
    zero_sum: bool
    """Whether the returns of every finished game add up to zero."""
    cooperative: bool = False
    """Whether every seat always gets the same return: the players win or lose
    together (and one seat alone is a solo game)."""
    min_utility: float = -1.0
    """No seat's return is below this (OpenSpiel's `min_utility`); -1: a loss."""
    max_utility: float = 1.0
    """No seat's return is above this; 1: a win."""
    score_unit: str | None = None
    """What a return counts when it is not a share of a win ("chips"); None: the
    returns are wins and losses, and advice reads them as chances."""


class Game(ABC, Generic[StateT, ActionT, ObsT]):
    """A rules set with its options; a factory of states `StateT`, whose actions are `ActionT`
    and whose observations are `ObsT`."""

    info: GameInfo

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options: dict[str, Any] = dict(options)

    @abstractmethod
    def new_initial_state(self, seed: int = 0) -> StateT:
        """The position before the first action.

        `seed` names the chance stream a driver (the CLI, the arena) uses to sample
        chance outcomes; it is kept in the record. The rules themselves never draw.
        """

    def check_record_game(self, record: Mapping[str, Any]) -> None:
        """`RecordError` unless `record` (full or seat) is an object of this game, played
        with these options."""
        if not isinstance(record, Mapping):
            raise RecordError("a game record must be a JSON object with game, seed, actions")
        if record.get("game") != self.info.name:
            raise RecordError(f"the record is for game {quoted(record.get('game'))}, "
                              f"not {self.info.name!r}")
        options = record.get("options", {})
        if options != self.options:
            raise RecordError(f"the record was played with options {quoted(options)}, "
                              f"this game has {self.options}")

    def upgrade_record_actions(self, actions: list[str], version: int) -> list[str]:
        """The actions of a record of an older `version` as today's format writes them
        (the forced steps it left out are taken during the replay); unchanged unless a
        game's text of some action changed."""
        return actions

    def from_record(self, record: Mapping[str, Any]) -> StateT:
        """Replay a record written by `State.to_record()`; `RecordError` if it is broken."""
        self.check_record_game(record)
        version = record.get("format", 1)
        if type(version) is not int or version not in READABLE_FORMATS:
            raise RecordError(f"record format {quoted(version)} is not one hunt reads; accepted: "
                              f"{', '.join(map(str, READABLE_FORMATS))}")
        seed = record.get("seed", 0)
        actions = record.get("actions")
        if type(seed) is not int or not isinstance(actions, list):
            raise RecordError("a game record needs an integer 'seed' and a list 'actions'")
        state = self.new_initial_state(seed)
        if version < RECORD_FORMAT and all(isinstance(text, str) for text in actions):
            actions = self.upgrade_record_actions(actions, version)
        for number, text in enumerate(actions, start=1):
            if not isinstance(text, str):
                raise RecordError(f"action {number} is {quoted(text)}, not the text of an action")
            if state.is_terminal():
                raise RecordError(f"action {number} {quoted(text)} comes after the end of the game")
            try:
                if version < RECORD_FORMAT:
                    take_forced_steps(state, text)
                state.apply_action(state.string_to_action(text))
            except IllegalActionError as error:
                raise RecordError(f"action {number}: {error}") from None
        return state


class State(ABC, Generic[ActionT, ObsT]):
    """One position of a game, whose actions are `ActionT` and whose observations are `ObsT`.
    Mutable: `apply_action` changes it in place."""

    def __init__(self, game: Game[Any, ActionT, ObsT], seed: int) -> None:
        self.game = game
        self.seed = seed
        self.history: list[ActionT] = []
        """Every action applied since the initial state (empty in a determinized state)."""
        self._views: list[list[Hashable]] = [[] for _ in range(game.info.num_players)]
        self._determinized = False

    # -- whose turn, and what can be done -------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (0..n-1), or `CHANCE`, or `TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[ActionT]:
        """Sorted, unique actions of the player to act; the outcomes at a chance node;
        [] only at the end."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[ActionT, float]]:
        """At a chance node, each outcome with its probability (they sum to 1); else []."""

    def apply_action(self, action: ActionT) -> None:
        """Play `action`; `IllegalActionError` (the state unchanged) if it is not legal."""
        if not self.is_legal(action):
            raise IllegalActionError(
                f"{action!r} is not legal here; legal: {self._legal_texts()}")
        self._apply(action)
        self.history.append(action)

    def apply_legal_action(self, action: ActionT) -> None:
        """Play an action taken from `legal_actions()` (or a game policy) without
        checking it again: the search's fast path. Anything else: `apply_action`."""
        self._apply(action)
        self.history.append(action)

    def is_legal(self, action: ActionT) -> bool:
        """Whether `action` may be applied now. Games may answer faster than this."""
        try:
            return action in self.legal_actions()
        except TypeError:
            return False

    def sample_chance_outcome(self, rng: random.Random) -> ActionT:
        """At a chance node, one outcome drawn with its probability. Games may draw
        faster than this (playouts draw at every chance node) but never with other odds."""
        outcomes = self.chance_outcomes()
        # `rng.choices(actions, weights)[0]` without its copies: the same sums, the same
        # one draw and the same search, so the same outcome from the same generator.
        cumulative = list(accumulate(probability for _, probability in outcomes))
        pick = bisect(cumulative, rng.random() * cumulative[-1], 0, len(outcomes) - 1)
        return outcomes[pick][0]

    @abstractmethod
    def _apply(self, action: ActionT) -> None:
        """Apply an action already known to be legal, appending what each seat sees."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per seat: the result of a finished game, 0.0 for all before the end."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy: changing either never changes the other."""

    def _copy_shell(self) -> Self:
        """A copy sharing every attribute but the history and the views, which it
        copies: a game's `clone` then copies its own mutable parts."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other._views = [list(view) for view in self._views]
        return other

    # -- what each seat sees --------------------------------------------------------

    def information_state_key(self, player: int) -> Hashable:
        """Everything `player` has seen so far, and nothing else (perfect recall)."""
        return (player, tuple(self._views[player]))

    def view_length(self, player: int) -> int:
        """How many things `player` has seen so far; a mark for `views_since`."""
        return len(self._views[player])

    def views_since(self, player: int, mark: int) -> tuple[Hashable, ...]:
        """What `player` saw after `mark` (from `view_length`): its view of those steps."""
        return tuple(self._views[player][mark:])

    @abstractmethod
    def observation(self, player: int) -> ObsT:
        """What `player` sees now, as JSON-able data: all the screen may render."""

    def heuristic_view(self, player: int) -> Observation:
        """What the game's heuristic reads of `player`'s view: the observation, unless a
        game builds a cheaper part of it for its playouts. It never holds more than the
        observation shows (the conformance suite checks it), so a playout policy that
        reads it cannot cheat."""
        return self.observation(player)

    @abstractmethod
    def determinize(self, player: int, rng: random.Random, prior: Any = None) -> Self:
        """A full state drawn among those consistent with `player`'s information.

        Uses only what `player` can see, so two states with the same information-state
        key for `player` give identical samples from equally seeded `rng`s. `prior`
        (from `belief(player)`) weights what is hidden, where a game has such a model.
        The sample has no history and no record; other seats' views are empty in it.
        """

    def _sampled_copy(self, player: int) -> Self:
        """A clone to build a determinization in: no history or record, and of the
        views only `player`'s (the other seats' are empty in a sample)."""
        world = self.clone()
        world.history = []
        world._determinized = True
        world._views = [[] for _ in self._views]
        world._views[player] = list(self._views[player])
        return world

    def end_reason(self) -> str:
        """How a finished game ended, in a few words (for arena tallies); "" before."""
        return ""

    def belief(self, player: int) -> Any:
        """The game's prior over what `player` cannot see, or None if it has none."""
        return None

    def _see(self, player: int, token: Hashable) -> None:
        """Record that `player` saw `token` at this step."""
        self._views[player].append(token)

    def _see_all(self, token: Hashable) -> None:
        """Record a public event: every seat saw `token`."""
        for view in self._views:
            view.append(token)

    def _see_others(self, player: int, token: Hashable) -> None:
        """Record that every seat but `player` saw `token` (its own view differs)."""
        for seat, view in enumerate(self._views):
            if seat != player:
                view.append(token)

    # -- what a seat saw, as text (seat records: `hunt.models.seat_record`) ----------

    def public_text(self, action: ActionT, player: int) -> str:
        """The text of `action`, taken here, as `player` saw it: its full text, unless
        part of it is hidden from `player`; then each hidden word is `?` ("move
        ship 2 ?", "draw ?"). A function of `player`'s view only: two states with
        the same information-state key for `player` give every action the same text."""
        return self.action_to_string(action)

    def learned_text(self, token: Hashable, player: int) -> str | None:
        """The words a seat record adds to an action's public text for `token`, a thing
        `player` saw at that step that the public text does not imply (a search that
        found nothing, a hand shown); None for a token the record already tells. By
        default every token is implied: a game whose actions have hidden consequences
        names them."""
        return None

    def hidden_text(self, action: ActionT) -> str:
        """`action`, a chance outcome taken here, in the words a hint uses when it lists
        what a seat has not seen, with the chance of each ("the second player holds
        Kh"); by default its text."""
        return self.action_to_string(action)

    def seat_worlds(self, player: int, rng: random.Random) -> list[Self] | None:
        """For a seat record's menu of what may come next (`possible_entries`): worlds
        `player` cannot tell from this one that between them hold every hidden thing
        the game can enumerate (each hex a hidden piece may be on, each card the other
        side may hold), so the entries of their legal actions are every entry that can
        follow. Each agrees with `player`'s view exactly as a `determinize` sample does,
        and is built from that view alone. None (the default): the game has no such
        enumeration, and worlds are sampled instead."""
        return None

    def resample_hidden(self, taken: Sequence[ActionT], entry: str,
                        player: int, rng: random.Random) -> list[ActionT] | None:
        """For the seat-record replayer: this state (a world consistent with `player`'s
        record up to here, played by `taken`) cannot take the record's next entry
        `entry`. Another line of play that `player` cannot tell from `taken` (as long,
        but for private acts a seat record leaves out) and in which the entry can
        follow, drawn at random; None if the game has no such model (the replayer then
        searches by itself)."""
        return None

    # -- text and records -----------------------------------------------------------

    @abstractmethod
    def action_to_string(self, action: ActionT) -> str:
        """The text form of `action` in this state, as a person would type it."""

    def choice_note(self, action: ActionT) -> str:
        """A few words a menu shows after the text of `action`, one of the legal actions
        of the seat to act, to say what it names or costs ("lion"); only what that seat
        sees. "" (the default): the text says it all."""
        return ""

    def string_to_action(self, text: str) -> ActionT:
        """The legal action whose text is `text` (case and spacing ignored).

        Raises `IllegalActionError` naming what would be accepted.
        """
        wanted = " ".join(text.lower().split())
        for action in self.legal_actions():
            if self.action_to_string(action).lower() == wanted:
                return action
        raise IllegalActionError(f"{quoted(text.strip())} is not legal here; "
                                 f"legal: {self._legal_texts(text)}")

    def string_to_actions(self, text: str) -> list[ActionT]:
        """The legal actions one line typed at the prompt plays, one after the other.

        By default the one action `string_to_action` reads. A game may accept a
        shorthand there for several of its own actions (e.g. `discard a b c`):
        each is still one legal action, taken in turn by the same seat. The whole line
        is checked before anything is played: raises `IllegalActionError` (one line,
        naming what would be accepted) and nothing is played if any part is not legal
        in its turn. Records, seat records and the search see only the single actions.
        """
        return [self.string_to_action(text)]

    def _legal_texts(self, typed: str = "") -> str:
        """The legal actions' texts for a refusal, at most 12, those most like the
        refused `typed` text first: any holding a word like each of its words ("move g
        17": `move G 2 17`; "mvoe g 17" too), then by how many of its first words they
        begin with words like (Force G's other moves), the rest in their order. A word
        is like a typed one if it is it, begins with it, or differs by a slip of the
        finger (`difflib`'s ratio 0.75 or more: "mvoe", "move")."""
        texts = [self.action_to_string(action) for action in self.legal_actions()]
        words = typed.lower().split()

        def alike(typed_word: str, word: str) -> bool:
            return word == typed_word or (len(typed_word) > 1 and word.startswith(typed_word)) \
                or SequenceMatcher(None, typed_word, word).ratio() >= 0.75

        def likeness(text: str) -> tuple[bool, int]:
            own = text.lower().split()
            leading = next((n for n, (a, b) in enumerate(zip(words, own, strict=False))
                            if not alike(a, b)), min(len(own), len(words)))
            return all(any(alike(word, mine) for mine in own) for word in words), leading

        if words:
            texts.sort(key=likeness, reverse=True)  # stable: the rest keep their order
        if len(texts) > 12:
            texts = [*texts[:12], f"... ({len(texts)} in all)"]
        return ", ".join(texts) if texts else "nothing (the game is over)"

    def replayed(self, upto: int) -> Self:
        """The position after the first `upto` actions of this game, replayed from its
        initial state (views and all, as if played)."""
        if self._determinized:
            raise RecordError("a determinized state has no history to replay")
        replay = self.game.new_initial_state(self.seed)
        for action in self.history[:upto]:
            replay.apply_legal_action(action)
        return cast(Self, replay)

    def to_record(self) -> dict[str, Any]:
        """A JSON-able record: game, options, seed and every action as text."""
        if self._determinized:
            raise RecordError("a determinized state has no history, so no record")
        replay = self.game.new_initial_state(self.seed)
        texts = []
        for action in self.history:
            texts.append(replay.action_to_string(action))
            replay._apply(action)
        return {"format": RECORD_FORMAT, "game": self.game.info.name,
                "options": dict(self.game.options), "seed": self.seed, "actions": texts}

    # -- identity -------------------------------------------------------------------

    @abstractmethod
    def _fingerprint(self) -> Hashable:
        """Everything that defines the position, hidden parts and views included."""

    def __eq__(self, other: object) -> bool:
        return (type(self) is type(other) and isinstance(other, State)
                and self._fingerprint() == other._fingerprint())

    # Defining __eq__ leaves __hash__ None: a state is mutable, never a dict key.


AnyState = State[Any, Any]
"""A state of any game: what the game-agnostic layers (solver, CLI) handle."""
AnyGame = Game[Any, Any, Any]
"""A game of any kind."""


def take_forced_steps(state: AnyState, text: str) -> None:
    """Before the action `text`: take each decision that an older record left out (see
    `RECORD_FORMAT`): one with a single legal action, or else a `pass`, until `text` is
    legal or another choice comes. A hand-written line of play may leave them out too."""
    while state.current_player() >= 0:
        try:
            state.string_to_action(text)
            return
        except IllegalActionError:
            pass
        legal = state.legal_actions()
        passes = [action for action in legal if state.action_to_string(action) == "pass"]
        if len(legal) == 1 or passes:
            state.apply_action(legal[0] if len(legal) == 1 else passes[0])
        else:
            return


def random_action(state: State[ActionT, Any], rng: random.Random) -> ActionT:
    """A chance outcome drawn with its probability, or else a uniformly random legal
    action: random play, as benchmarks and tests use it."""
    if state.current_player() == CHANCE:
        return state.sample_chance_outcome(rng)
    action: ActionT = rng.choice(state.legal_actions())
    return action


def pick_by_count(counts: Sequence[int], rng: random.Random) -> int:
    """An index drawn with probability counts[i] / sum(counts): one card of a pile held
    as counts per kind, each card alike (a fast chance draw)."""
    pick = rng.randrange(sum(counts))
    for index, count in enumerate(counts):
        if pick < count:
            return index
        pick -= count
    raise AssertionError("unreachable: pick < sum(counts)")
