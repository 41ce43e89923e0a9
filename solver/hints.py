"""Hints: the AI's search run from the user's seat, as ranked actions.

The search sees what the user's seat sees, exactly as the AI opponent would in that
seat (`ISMCTS` reads only the seat's view), so a hint never gives away hidden state.
A game whose levels solve it whole (`SearchProfile.search` "cfr": Leduc Hold'em) is
advised from the solve instead: how often it plays each move at the seat's
information set, what each is worth, and what the seat cannot see, if the others
play the solve (`hunt.solver.cfr.solved_advice`).

A search value is the mean of the game's `search_reward` over the playouts after an
action. `ValueScale` says how to read it for a person: in a duel (+1 win, -1 loss) a
value v is the chance to win (v + 1) / 2; where the returns are already a share of the
win (0 .. 1: co-operative games, a top score shared among several players) it is the
chance itself; where they count something else (Leduc's chips) it is shown as it is.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from hunt.errors import HuntError, quoted
from hunt.models.game import CHANCE, AnyGame, AnyState, Game
from hunt.models.plugin import seat_title
from hunt.models.registry import game_plugin
from hunt.solver.cfr import solved_advice
from hunt.solver.ismcts import ISMCTS
from hunt.solver.profiles import search_profile


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


SCORE_UNITS: dict[str, str] = {"leduc": "chips"}
"""The games whose returns count something other than a win, by `GameInfo.name`, with
the unit they count (`GameInfo` does not say how large a return is, so they are named
here, as `hunt.solver.profiles` names games)."""


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
    unit = SCORE_UNITS.get(info.name)
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


def hint_report(state: AnyState, seat: int, model: str, iterations: int,
                seed: int) -> dict[str, Any]:
    """The advice for `seat` as data: the game's own advice (its plugin's, e.g. The
    Hunt's tracker), and the search's recommended play when `seat` is to act
    (`iterations` > 0)."""
    seats = state.game.info.seat_names
    report: dict[str, Any] = {"game": state.game.info.name, "seat": seats[seat],
                              "actions": len(state.history)}
    plugin = game_plugin(state.game.info.name)
    if plugin.advice is not None:
        report.update(plugin.advice(state, seat, model or move_model(plugin.name, None)))
    player = state.current_player()
    report["to_move"] = seats[player] if player >= 0 else None
    report["pending"] = pending(state)
    report["recommendation"] = None
    # The game's reasons for its card plays feed the recommendation, not the report.
    reasons: dict[str, str] = report.pop("play_reasons", {})
    if player == seat and iterations > 0:
        report["recommendation"] = recommendation_data(
            state, recommend(state, iterations, seed), reasons)
    return report


def recommendation_data(state: AnyState, advice: Recommendation,
                        reasons: dict[str, str]) -> dict[str, Any]:
    """The search's advice as JSON-able data: the play, with what it buys (`reasons`:
    the game's, by action text) and its menu note, and the ranking, each value read
    as the game's `ValueScale` says (`win_chance` None where a value is no chance)."""
    scale = value_scale(state.game)
    notes = {state.action_to_string(action): state.choice_note(action)
             for action in state.legal_actions()}
    ranking = [{**vars(entry), "reason": reasons.get(entry.text, ""),
                "win_chance": scale.reading(entry.value)
                if scale.chance and entry.visits else None}
               for entry in advice.ranking]
    return {"action": advice.action, "iterations": advice.iterations,
            "ranking": ranking, "forced": advice.forced, "solved": advice.solved,
            "hidden": [{"text": text, "chance": chance} for text, chance in advice.hidden],
            "reason": reasons.get(advice.action, ""), "note": notes.get(advice.action, ""),
            "value_label": scale.label, "legend": scale.legend}


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


def describe(state: AnyState, report: dict[str, Any]) -> list[str]:
    """The advice in words (with the game's own part, e.g. The Hunt's shaded map)."""
    lines = [f"{state.game.info.title}, after {report['actions']} actions: advice for "
             f"{seat_title(report['seat'])}."]
    advice_lines = game_plugin(report["game"]).advice_lines
    if advice_lines is not None:
        lines += advice_lines(state, report)
    advice = report["recommendation"]
    if advice is not None:
        lines += recommendation_lines(state, advice)
    elif report["to_move"] != report["seat"]:
        lines.append(f"Waiting for: {report['pending']}.")
    return lines


WIDTH = 80
"""The columns the advice fits in (a terminal's default width)."""


def recommendation_lines(state: AnyState, advice: dict[str, Any]) -> list[str]:
    """The recommended play in words: what it buys, the ranking with each value as a
    chance in percent (or the game's score), and a line on what the numbers mean."""
    solved = advice["solved"]
    if advice["forced"]:
        lines = [f"Recommended play: {advice['action']} (the only legal play)."]
    elif solved:
        mixed = sum(entry["share"] >= MIXED for entry in advice["ranking"]) > 1
        lines = [f"Recommended play: {advice['action']} (CFR+ solve of "
                 f"{advice['iterations']} iterations{'; it mixes' if mixed else ''}):"]
    else:
        lines = [f"Recommended play: {advice['action']} (search of "
                 f"{advice['iterations']} iterations):"]
    # What the play buys (the game's reason), else its menu note (what it names or
    # costs); two lines at most, so the ranking stays in sight.
    if advice["reason"]:
        lines += fitted("  It buys ", advice["reason"], ".")
    elif advice["note"]:
        lines += fitted("  (", advice["note"], ")")
    if advice["forced"]:
        return lines
    scale = value_scale(state.game)
    for entry in advice["ranking"]:
        # An action the search never tried has no value: 0 would read as a coin toss.
        value = scale.shown(entry["value"]) if entry["visits"] else "not tried"
        whose = "of the time" if solved else "of the search"
        lines.append(f"  {entry['text']:<28} {entry['share']:6.1%} {whose}, {value}")
    lines.append(advice["legend"])
    if advice["hidden"]:
        lines.append("What you cannot see, if the others play the solve:")
        lines += fitted("  ", hidden_chances(advice["hidden"]), ".")
    return lines


def hidden_chances(hidden: list[dict[str, Any]]) -> str:
    """What a seat cannot see, each with its chance, the words they all begin with said
    once: "the second player holds Kh 25%, Ks 25%" (not "the second player holds" five
    times)."""
    words = [entry["text"].split() for entry in hidden]
    shared = 0
    while all(len(text) > shared + 1 and text[shared] == words[0][shared] for text in words):
        shared += 1
    chances = ", ".join(f"{' '.join(text[shared:])} {entry['chance']:.0%}"
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
