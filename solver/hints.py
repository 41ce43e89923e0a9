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
chance itself; where they count something else (`GameInfo.score_unit`: chips) it is
shown as it is.
"""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from hunt.errors import HuntError, quoted
from hunt.models.game import CHANCE, AnyGame, AnyState
from hunt.models.profile import Knots
from hunt.models.registry import game_plugin, game_policy
from hunt.solver.cfr import solved_advice
from hunt.solver.ismcts import ISMCTS
from hunt.solver.profiles import chance_knots, search_profile


class AdviceError(HuntError, ValueError):
    """Advice asked for in a way the game does not give it (a move model it lacks)."""


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
    error: float = 0.0
    """The standard error of `value` from the search's sampling (0: a solve's exact
    worth, or too few visits to tell)."""


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
    chance_knots: Knots = ()
    """The game's calibration of a share of won playouts into a chance
    (`SearchProfile.chance_knots`)."""

    def share(self, value: float) -> float:
        """The search's share of won playouts in `value` (0 .. 1; a margin term can
        push the raw value a little past the ends)."""
        return min(1.0, max(0.0, (value + self.offset) / self.span))

    def reading(self, value: float) -> float:
        """`value` for a person: the chance (its share of won playouts, calibrated), or
        the score."""
        if not self.chance:
            return value
        return calibrated(self.share(value), self.chance_knots)

    def margin(self, value: float, error: float) -> float:
        """How far `value` ± `error` (in the search's values) reaches as it is read:
        half the width of the interval's ends read (the calibration stretches it)."""
        if not self.chance:
            return error
        if not self.chance_knots:
            return error / self.span
        return (self.reading(value + error) - self.reading(value - error)) / 2

    def shown(self, value: float) -> str:
        """`value` in words: "win chance 58%", "expected chips +1.25"."""
        return f"{self.label} {self.figure(value)}"

    def figure(self, value: float, margin: float = 0.0) -> str:
        """`value` as a figure, with its 95% `margin` (as read) if any: "58%", "58±2%",
        "+1.25", "+1.25±0.30". A margin that would round to nothing is shown a digit
        finer, with the value ("51.2±0.3%", "+1.250±0.004"), and never below that
        digit: "51±0%" would read as a certainty, and plays whose playouts end in a
        smooth cut-off evaluation can differ by less than a point."""
        if self.chance:
            chance = self.reading(value)
            if not margin:
                return f"{chance:.0%}"
            if f"{margin:.0%}" == "0%":
                return f"{chance * 100:.1f}±{max(margin * 100, 0.1):.1f}%"
            return f"{chance:.0%}".removesuffix("%") + f"±{margin:.0%}"
        if not margin:
            return f"{value:+.2f}"
        if f"{margin:.2f}" == "0.00":
            return f"{value:+.3f}±{max(margin, 0.001):.3f}"
        return f"{value:+.2f}±{margin:.2f}"

    def ranked(self, entry: RankedPlay) -> str:
        """A ranked play's value as a figure with its margin, or "not tried" (a play
        the search never tried has no value: 0 would read as a coin toss)."""
        return self.figure(entry.value, entry.margin) if entry.visits else "not tried"


def calibrated(share: float, knots: Sequence[tuple[float, float]]) -> float:
    """The chance the (share, chance) `knots` give a share of won playouts: read on the
    straight line between the knots around it, the end knots' chances beyond them; the
    share itself without knots."""
    if not knots:
        return share
    if share <= knots[0][0]:
        return knots[0][1]
    for (x0, y0), (x1, y1) in itertools.pairwise(knots):
        if share <= x1:
            return y0 + (y1 - y0) * (share - x0) / (x1 - x0) if x1 > x0 else y1
    return knots[-1][1]


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
    margin = game_policy(game).adds_margin
    knots = chance_knots(game)
    if info.cooperative:
        # Every seat wins or loses together; the game's goal is the escape.
        return ValueScale("chance to escape", 0.0, 1.0, True,
                          "Chance to escape: how often positions like this were escaped "
                          "(calibrated)." if knots else
                          "Chance to escape: how often the search's playouts escaped "
                          "after the play.", knots)
    offset, span = (1.0, 2.0) if info.zero_sum else (0.0, 1.0)
    if knots:  # the playouts' share read as the rate such positions were won
        legend = ("Win chance: how often positions like this were won (the search, "
                  "calibrated).")
    else:
        legend = ("Win chance: how often the search's playouts won after it; wide wins "
                  "count more." if margin else
                  "Win chance: how often the search's playouts won after the play, for "
                  "your side.")
    return ValueScale("win chance", offset, span, True, legend, knots)


def recommend(state: AnyState, iterations: int, seed: int, top: int = 5) -> Recommendation:
    """Search from the seat to act in `state` with `iterations` and rank its actions
    (a game its levels solve whole: solve it with `iterations`; no seed is needed)."""
    if search_profile(state.game).solves_whole:
        return _solved(state, iterations, top)
    result = ISMCTS(iterations=iterations, seed=seed).search(state)
    visits = sum(entry.visits for entry in result.stats) or 1
    # The recommended play heads the ranking, the others by visits after it: where the
    # game's own choice stands against the most visited (a close call), a ranking by
    # visits alone would put another play above the one recommended.
    ranked = sorted(result.stats, key=lambda entry: entry.action != result.action)
    ranking = tuple(RankedAction(entry.text, entry.visits / visits, entry.mean_value,
                                 entry.visits, entry.std_error)
                    for entry in ranked[:top])
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


def move_model(game_name: str, model: str | None) -> str:
    """The move model `--model` names, checked against the game's; the game's first
    (or "") when none is named. A game without models refuses one in a line."""
    models = game_plugin(game_name).move_models
    if model is None:
        return models[0] if models else ""
    if not models:
        raise AdviceError(f"{game_name}'s advice has no move models; --model is not for it")
    if model.lower() not in models:
        raise AdviceError(f"--model {quoted(model)} is not a move model of {game_name}; "
                        f"accepted: {', '.join(models)}")
    return model.lower()


@dataclass(frozen=True)
class RankedPlay:
    """One candidate play in a hint's ranking, as the seat reads it."""

    text: str
    share: float
    """The search's share of visits on it (a solve: how often it plays it)."""
    value: float
    """Its raw value (`RankedAction.value`)."""
    visits: int
    reason: str
    """What the play buys, in the game's words ("" if it gives none)."""
    win_chance: float | None
    """The value read as a chance (None where values are no chance, or it was not tried)."""
    margin: float = 0.0
    """Half the width of the 95% interval around `value` as the seat reads it (points of
    chance, or of the score): the search's sampling noise; 0 for a solve."""


@dataclass(frozen=True)
class HiddenChance:
    """Something the seat cannot see, with its chance if the others play the solve."""

    text: str
    chance: float


@dataclass(frozen=True)
class PlayAdvice:
    """The recommended play of a hint, with the ranking behind it."""

    action: str
    iterations: int
    ranking: tuple[RankedPlay, ...]
    forced: bool
    """Whether it was the only legal play (nothing was searched)."""
    solved: bool
    """Whether the ranking is a solve's (CFR+) rather than a search's."""
    hidden: tuple[HiddenChance, ...]
    reason: str
    """What the recommended play buys, in the game's words."""
    note: str
    """Its menu note (what it names or costs)."""
    value_label: str
    legend: str
    """One line on what the numbers mean."""


@dataclass(frozen=True)
class HintReport:
    """`hunt hint`'s advice for one seat, from that seat's view only: what the terminal
    and the web board both render."""

    game: str
    seat: str
    actions: int
    """How many actions the game has had."""
    to_move: str | None
    """The seat to act, or None at a chance node or the end."""
    pending: str
    """What the game waits for, in words the seat may read (`pending`)."""
    recommendation: PlayAdvice | None
    """The search's advice when the seat is to act and a budget was given."""
    game_advice: Mapping[str, Any] = field(default_factory=dict)
    """The game's own part (its plug-in's `advice`: a belief, the best searches), as
    JSON-able data its `advice_lines` read."""

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-able data (`hunt hint --json`): the game's part beside the
        common fields."""
        return {"game": self.game, "seat": self.seat, "actions": self.actions,
                **self.game_advice, "to_move": self.to_move, "pending": self.pending,
                "recommendation": None if self.recommendation is None
                else asdict(self.recommendation)}


def hint_report(state: AnyState, seat: int, model: str, iterations: int,
                seed: int) -> HintReport:
    """The advice for `seat`: the game's own advice (its plugin's, e.g. a tracker's
    belief), and the search's recommended play when `seat` is to act (`iterations` >
    0)."""
    seats = state.game.info.seat_names
    plugin = game_plugin(state.game.info.name)
    game_advice: dict[str, Any] = {} if plugin.advice is None else dict(
        plugin.advice(state, seat, model or move_model(plugin.name, None)))
    # The game's reasons for its card plays feed the recommendation, not the report.
    reasons: dict[str, str] = game_advice.pop("play_reasons", {})
    player = state.current_player()
    advice = None
    if player == seat and iterations > 0:
        advice = play_advice(state, recommend(state, iterations, seed), reasons)
    return HintReport(state.game.info.name, seats[seat], len(state.history),
                      seats[player] if player >= 0 else None, pending(state), advice,
                      game_advice)


def play_advice(state: AnyState, advice: Recommendation,
                reasons: Mapping[str, str]) -> PlayAdvice:
    """The search's advice for a seat: the play, with what it buys (`reasons`: the
    game's, by action text) and its menu note, and the ranking, each value read as the
    game's `ValueScale` says."""
    scale = value_scale(state.game)
    notes = {state.action_to_string(action): state.choice_note(action)
             for action in state.legal_actions()}
    ranking = tuple(RankedPlay(entry.text, entry.share, entry.value, entry.visits,
                               reasons.get(entry.text, ""),
                               scale.reading(entry.value)
                               if scale.chance and entry.visits else None,
                               scale.margin(entry.value, Z95 * entry.error))
                    for entry in advice.ranking)
    return PlayAdvice(advice.action, advice.iterations, ranking, advice.forced,
                      advice.solved, tuple(HiddenChance(text, chance)
                                           for text, chance in advice.hidden),
                      reasons.get(advice.action, ""), notes.get(advice.action, ""),
                      scale.label, scale.legend)


def pending(state: AnyState) -> str:
    """What the game waits for, in words any seat may read: a seat's name, "chance:
    the next draw" (the verb every outcome shares, never the outcomes, which could
    tell what a hidden hand holds), or "nobody (the game is over)"."""
    player = state.current_player()
    if player >= 0:
        return state.game.info.seat_names[player]
    if player == CHANCE:
        verbs = sorted({state.action_to_string(action).split()[0]
                        for action in state.legal_actions()})
        return f"chance: the next {' or '.join(verbs)}"
    return "nobody (the game is over)"


def hint_lines(state: AnyState, report: HintReport, map_shown: bool = False,
               counted: bool = True) -> list[str]:
    """The advice in words (with the game's own part, e.g. a shaded map, left out when
    `map_shown`: the face shades its own map with the belief). The first line says how
    many actions the game has had, if `counted`: a game read from its record (`hunt
    hint`). A live game's faces leave it out: the count takes in the other side's acts
    the seat never saw (cards laid face down, their number hidden until the reveal),
    and a table companion's witness only guesses them."""
    plugin = game_plugin(report.game)
    after = f", after {report.actions} actions" if counted else ""
    lines = [f"{state.game.info.title}{after}: advice for {plugin.seat_title(report.seat)}."]
    advice_lines = plugin.advice_lines
    if advice_lines is not None:
        lines += advice_lines(state, report.to_json(), map_shown)
    if report.recommendation is not None:
        lines += recommendation_lines(state, report.recommendation)
    elif report.to_move != report.seat:
        lines.append(f"Waiting for: {report.pending}.")
    return lines


WIDTH = 80
"""The columns the advice fits in (a terminal's default width)."""


def recommendation_lines(state: AnyState, advice: PlayAdvice) -> list[str]:
    """The recommended play in words: what it buys, the ranking with each value as a
    chance in percent (or the game's score), and a line on what the numbers mean."""
    solved = advice.solved
    if advice.forced:
        lines = [f"Recommended play: {advice.action} (the only legal play)."]
    elif solved:
        mixed = sum(entry.share >= MIXED for entry in advice.ranking) > 1
        lines = [f"Recommended play: {advice.action} (CFR+ solve of "
                 f"{advice.iterations} iterations{'; it mixes' if mixed else ''}):"]
    else:
        lines = [f"Recommended play: {advice.action} (search of "
                 f"{advice.iterations} iterations):"]
    # What the play buys (the game's reason), else its menu note (what it names or
    # costs); two lines at most, so the ranking stays in sight.
    if advice.reason:
        lines += fitted("  It buys ", advice.reason, ".")
    elif advice.note:
        lines += fitted("  (", advice.note, ")")
    if advice.forced:
        return lines
    scale = value_scale(state.game)
    for entry in advice.ranking:
        # "win chance 58±2%", "expected chips +1.25±0.30", "not tried"
        value = f"{scale.label} {scale.ranked(entry)}" if entry.visits else "not tried"
        whose = "of the time" if solved else "of the search"
        lines.append(f"  {entry.text:<28} {entry.share:6.1%} {whose}, {value}")
    if noise := noise_words(advice.ranking):
        lines += textwrap.wrap(noise, WIDTH)
    lines.append(advice.legend)
    if advice.hidden:
        lines.append("What you cannot see, if the others play the solve:")
        lines += fitted("  ", hidden_chances(advice.hidden), ".")
    return lines


Z95 = 1.96
"""Standard errors either side of a mean for a 95% interval."""


def within_noise(ranking: Sequence[RankedPlay]) -> list[RankedPlay]:
    """The plays the search cannot tell from the recommended one, the ranking's first:
    their 95% intervals overlap its (never for a solve, whose values are exact). A play
    tried a few times has a wide interval, and may show a higher chance by luck."""
    tried = [entry for entry in ranking if entry.visits and entry.margin]
    if not tried or tried[0] is not ranking[0]:
        return []
    first = tried[0]
    return [entry for entry in tried[1:]
            if abs(_read(first) - _read(entry)) < first.margin + entry.margin]


def noise_words(ranking: Sequence[RankedPlay]) -> str:
    """The sentence a hint adds after its ranking for `within_noise` ("" if none)."""
    rivals = within_noise(ranking)
    if not rivals:
        return ""
    names = ", ".join(entry.text for entry in rivals)
    return (f"Within the search's noise of the recommended play: {names} (± is a 95% "
            "margin; a play tried less is less sure, and may show a higher chance by luck).")


def _read(entry: RankedPlay) -> float:
    """The play's value as the seat reads it: the chance, or the score."""
    return entry.win_chance if entry.win_chance is not None else entry.value


def hidden_chances(hidden: Sequence[HiddenChance]) -> str:
    """What a seat cannot see, each with its chance, the words they all begin with said
    once: "the second player holds Kh 25%, Ks 25%" (not "the second player holds" five
    times)."""
    words = [entry.text.split() for entry in hidden]
    shared = 0
    while all(len(text) > shared + 1 and text[shared] == words[0][shared] for text in words):
        shared += 1
    chances = ", ".join(f"{' '.join(text[shared:])} {entry.chance:.0%}"
                        for text, entry in zip(words, hidden, strict=True))
    return " ".join([*words[0][:shared], chances])


def fitted(lead: str, text: str, end: str, most: int = 2) -> list[str]:
    """`lead`, `text` and `end` in at most `most` lines of at most `WIDTH` columns: a
    longer text (a card's) loses its tail to "...". `end` "." is left out after the
    text's own full stop."""
    if end == "." and text.endswith("."):
        end = ""
    indent = " " * (len(lead) - len(lead.lstrip()) + 2)  # under the lead's first word
    return textwrap.wrap(f"{lead}{text}{end}", WIDTH, subsequent_indent=indent,
                         max_lines=most, placeholder="...")
