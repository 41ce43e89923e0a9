"""Hints: the AI's search run from the user's seat, as ranked actions.

The search sees what the user's seat sees, exactly as the AI opponent would in that
seat (`ISMCTS` reads only the seat's view), so a hint never gives away hidden state.
A game whose levels solve it whole (`SearchProfile.search` "cfr") is
advised from the solve instead: how often it plays each move at the seat's
information set, what each is worth, and what the seat cannot see, if the others
play the solve (`hunt.solver.cfr.solved_advice`).

A search value is the mean of the game's `search_reward` over the playouts after an
action. `ValueScale` says how to read it for a person: in a duel (+1 win, -1 loss) a
value v is the chance to win (v + 1) / 2; where the returns are already a share of the
win (0 .. 1: co-operative games, a top score shared among several players) it is the
chance itself; where they count something else (`GameInfo.score_unit`: chips) it is shown as it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from hunt.errors import UnknownGameError
from hunt.models.game import AnyGame, AnyState, Game
from hunt.models.registry import available_games, shared_game
from hunt.solver.cfr import solved_advice
from hunt.solver.ismcts import ISMCTS
from hunt.solver.profiles import search_profile

MIXED = 0.05
"""A solved strategy's move played at least this often is part of its mix: playing it
is no mistake."""


@dataclass(frozen=True)
class RankedAction:
    """One candidate of the seat to act, as the search judged it."""

    text: str
    share: float
    """Fraction of the search's visits spent on it (a solve: how often it plays it)."""
    value: float
    """Mean search reward for the seat after it (a solve: its worth); `ValueScale`
    reads it."""
    visits: int = 0
    """Iterations that tried it (0: the search never did; its value means nothing). A
    solve's every iteration weighs every move: its iterations."""


@dataclass(frozen=True)
class Recommendation:
    """The search's advice: the action it would play and the ranking behind it."""

    action: str
    ranking: tuple[RankedAction, ...]
    iterations: int
    solved: bool = False
    """Whether the ranking is a solved strategy's (CFR+) rather than a search's."""
    hidden: tuple[tuple[str, float], ...] = ()
    """A solve's reading of what the seat has not seen (`SolvedAdvice.hidden`)."""

    @property
    def forced(self) -> bool:
        """Whether there was nothing to choose: a single legal action, never searched."""
        return self.iterations == 0

    def agrees(self, text: str) -> bool:
        """Whether playing `text` is what the advice would do: the search's action, or
        a move of the solved strategy's mix (played at least `MIXED` of the time)."""
        if not self.solved:
            return text == self.action
        return any(entry.text == text and entry.share >= MIXED for entry in self.ranking)


class _ScoreUnits(Mapping[str, str]):
    """`GameInfo.score_unit` of each registered game that has one, by name (for the
    commands that look a unit up by the game's name)."""

    def __getitem__(self, name: str) -> str:
        try:
            unit = shared_game(name).info.score_unit
        except UnknownGameError:
            unit = None
        if unit is None:
            raise KeyError(name)
        return unit

    def __iter__(self) -> Iterator[str]:
        return (name for name in available_games() if self.get(name) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


SCORE_UNITS: Mapping[str, str] = _ScoreUnits()
"""The games whose returns count something other than a win, with the unit they
count: read from each game's `GameInfo.score_unit`."""


@dataclass(frozen=True)
class ValueScale:
    """How one game's search values read: a chance in percent, or an expected score."""

    label: str
    """What a value is called in a sentence: "win chance", "expected chips"."""
    offset: float
    """Added to a value, then divided by `span`, to give a chance (when `chance`)."""
    span: float
    chance: bool
    """Whether a value is a chance (0 .. 1 once scaled); else a score shown as it is."""
    legend: str
    """One line under the ranking, at most 80 columns: what the numbers mean."""

    def reading(self, value: float) -> float:
        """`value` for a person: the chance (0 .. 1; a margin term can push the raw
        value a little past the ends), or the score."""
        if not self.chance:
            return value
        return min(1.0, max(0.0, (value + self.offset) / self.span))

    def shown(self, value: float) -> str:
        """`value` in words: "win chance 58%", "expected chips +1.25"."""
        if self.chance:
            return f"{self.label} {self.reading(value):.0%}"
        return f"{self.label} {value:+.2f}"


def value_scale(game: AnyGame) -> ValueScale:
    """How `game`'s search values read (see the module's docstring)."""
    info = game.info
    unit = info.score_unit
    if unit is not None:
        after = ("the play wins (+) or loses (-), the solve played after it"
                 if search_profile(game).solves_whole else
                 "the search's playouts won (+) or lost (-) after the play")
        return ValueScale(f"expected {unit}", 0.0, 1.0, False,
                          f"Expected {unit}: what {after}.")
    # A game that adds a margin to its returns (`search_reward`) makes the mean a
    # little more than a count of wins: the legend says so rather than hide it.
    margin = type(game).search_reward is not Game.search_reward
    if info.cooperative:
        # Every seat wins or loses together; the game's goal is the escape.
        return ValueScale("chance to escape", 0.0, 1.0, True,
                          "Chance to escape: how often the search's playouts escaped "
                          "after the play.")
    offset, span = (1.0, 2.0) if info.zero_sum else (0.0, 1.0)
    legend = ("Win chance: how often the search's playouts won after it; wide wins count "
              "more." if margin else
              "Win chance: how often the search's playouts won after the play, for your "
              "side.")
    return ValueScale("win chance", offset, span, True, legend)


def recommend(state: AnyState, iterations: int, seed: int, top: int = 5) -> Recommendation:
    """Search from the seat to act in `state` with `iterations` and rank its actions
    (a game its levels solve whole: solve it with `iterations`; no seed is needed)."""
    if search_profile(state.game).solves_whole:
        return _solved(state, iterations, top)
    result = ISMCTS(iterations=iterations, seed=seed).search(state)
    visits = sum(entry.visits for entry in result.stats) or 1
    ranking = tuple(RankedAction(entry.text, entry.visits / visits, entry.mean_value,
                                 entry.visits)
                    for entry in result.stats[:top])
    return Recommendation(state.action_to_string(result.action), ranking, result.iterations)


def _solved(state: AnyState, iterations: int, top: int) -> Recommendation:
    """The solve's advice: its moves by how often it plays them, the most often first."""
    advice = solved_advice(state, iterations)
    moves = sorted(advice.moves, key=lambda move: -move[1])
    ranking = tuple(RankedAction(state.action_to_string(move), chance, worth, iterations)
                    for move, chance, worth in moves[:top])
    # A single legal move is forced, as the search would report it (no iterations).
    return Recommendation(ranking[0].text, ranking, iterations if len(moves) > 1 else 0,
                          solved=True, hidden=advice.hidden)
