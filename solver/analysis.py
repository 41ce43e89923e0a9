"""Post-game analysis: each side's chance to win along a finished game, and the decisions
that changed it most, with the move the search would have preferred.

A win chance is estimated by playouts from the full position (analysis comes after the
game, when everything may be shown): the game's rollout policy for both sides, cut where
the game cuts its search playouts and finished by its evaluation. The preferred move
comes from ISMCTS run from the deciding seat's view, as it would have played. A game
whose profile has `analysis_knots` reads the estimate of a full record through them (a
monotone map fitted on games between other players, `scripts/calibration.py`), so that
a chance is the rate at which such positions were won. Analysing
one seat's record (`hunt.models.seat_record`), only that seat's decisions are looked
at, and each playout starts from a world drawn from its belief instead.

In a game the levels solve whole (`SearchProfile.solves_whole`), the solve judges
instead: a win chance is exact, everyone playing the solve from the position (or, for
a seat's record, from the positions the seat cannot tell apart, by their chances under
the solve), and each decision's `cost` is what it gave up, in the game's units,
against the solve's own play from what the decider knew. The turning points are the
costliest decisions: a swing in win chance, read from the dealt cards, would call a
good fold a loss.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from statistics import NormalDist
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np

from hunt.models.game import AnyGame, AnyState
from hunt.models.plugin import plural
from hunt.models.registry import game_plugin
from hunt.solver.agent_specs import level_iterations
from hunt.solver.cfr import game_tree, solve, solved_advice
from hunt.solver.game_tree import Floats
from hunt.solver.hints import MIXED, calibrated, recommend
from hunt.solver.playout import play_out
from hunt.solver.profiles import analysis_knots, search_profile


@dataclass(frozen=True)
class Decision:
    """One decision of the game and what it did to the first seat's win chance."""

    index: int
    """Position of the action in the record (0 = first)."""
    seat: int
    action: str
    before: float
    """P(seat 0 wins) just before the decision."""
    after: float
    """P(seat 0 wins) just after it."""
    decider_before: float
    """The deciding seat's own win chance just before the decision."""
    decider_after: float
    cost: float | None = None
    """In a game the levels solve whole: what the decision gave up against the solve's
    play at the decider's information set (its worth minus the solve's mix's; about 0
    for a move the solve plays, negative for a worse one). None in a searched game."""
    solve_share: float | None = None
    """In a game the levels solve whole: how often the solve plays the move there."""
    error: float = 0.0
    """The standard error of `swing` from the playouts' spread (0 for a solve: exact)."""

    @property
    def mistake(self) -> bool:
        """Whether the solve calls the decision a mistake: a move it (all but) never
        plays there (under `MIXED` of the time) that gives up at least `COSTLESS`. A
        move of the solve's own mix is none, whatever its worth: an unsettled solve's
        mixed moves differ a little (at 400 iterations on a small poker game, by up to
        0.1 chips)."""
        return self.cost is not None and self.solve_share is not None \
            and self.solve_share < MIXED and self.cost <= -COSTLESS

    @property
    def swing(self) -> float:
        """The change in the decider's own win chance (negative: it lost chances)."""
        return self.decider_after - self.decider_before


@dataclass(frozen=True)
class TurningPoint:
    """A decision that swung the game, and what the search would have played."""

    decision: Decision
    preferred: str
    """The search's choice from the decider's view ('' if it agrees)."""
    mix: str = ""
    """In a game the levels solve whole: the solve's moves there and how often it plays
    each ("raise 90%, call 10%")."""


def win_chances(state: AnyState, playouts: int, rng: random.Random,
                seat: int | None = None) -> list[float]:
    """Each seat's chance to win from `state`, the mean over `playouts` playouts (from
    worlds drawn from `seat`'s belief, if given, else from `state` itself) of its
    `won` share."""
    return [float(mean) for mean in np.mean(playout_shares(state, playouts, rng, seat), 0)]


def playout_shares(state: AnyState, playouts: int, rng: random.Random,
                   seat: int | None = None) -> list[list[float]]:
    """Each playout's share of the win for each seat (playouts x seats), as
    `win_chances` averages them: their spread is the estimate's noise."""
    if state.is_terminal():
        return [won(state.game, state.returns())]
    prior = state.belief(seat) if seat is not None else None
    found = []
    for _ in range(playouts):
        world = state.clone() if seat is None else state.determinize(seat, rng, prior)
        result = play_out(world, rng, search_profile(state.game).rollout_depth,
                          reward=lambda world: world.returns())
        # A playout cut short ends in the game's evaluation, expected returns: their
        # chance of a win, not the sign of them (a 45% position is not a sure loss).
        found.append(won(state.game, result) if world.is_terminal()
                     else expected_shares(state.game, result))
    return found


def expected_shares(game: AnyGame, estimate: list[float]) -> list[float]:
    """Each seat's share of the win from the game's evaluation `estimate` (expected
    returns): in a zero-sum game whose returns are a loss at `min_utility` and a win
    at `max_utility` (a draw between), the expectation maps straight onto the chance;
    in others the returns are that share already (0 .. 1)."""
    if not game.info.zero_sum:
        return won(game, estimate)
    low, high = game.info.min_utility, game.info.max_utility
    return [min(1.0, max(0.0, (value - low) / (high - low))) for value in estimate]


def solved_win_chances(state: AnyState, iterations: int, seat: int | None = None
                       ) -> list[float]:
    """Each seat's chance to win from `state` (its `won` share) if everyone plays the
    solve of `iterations` from there: exactly, from the position itself, or with
    `seat`, over the positions that seat cannot tell from it, each weighed by its chance
    under the solve."""
    game = state.game
    if state.is_terminal():
        return won(game, state.returns())
    tree, (strategy, _) = game_tree(game), solve(game, iterations)
    if seat is None:
        nodes, weights = np.array([tree.node(state.history)]), np.ones(1)
    else:
        nodes = tree.views[len(state.history), seat, state.information_state_key(seat)]
        weights = tree.others_reach(seat, strategy, nodes)
    by_node = _node_win_chances(game, iterations)
    return [float(share) for share in weights @ by_node[nodes] / weights.sum()]


_NODE_WIN_CHANCES: WeakKeyDictionary[AnyGame, dict[int, Floats]] = WeakKeyDictionary()
"""By game object and solve, as `hunt.solver.cfr` keeps its solves."""


def _node_win_chances(game: AnyGame, iterations: int) -> Floats:
    """Each node's win chance for each seat (nodes x seats) under the solve of
    `iterations`: worked out once for a game and solve, read by every position."""
    known = _NODE_WIN_CHANCES.setdefault(game, {})
    if iterations not in known:
        tree, (strategy, _) = game_tree(game), solve(game, iterations)
        chances = tree.edge_chances(strategy)
        shares = np.array([won(game, [float(r) for r in row]) for row in tree.returns])
        known[iterations] = np.stack([tree.expected(shares[:, player], chances)
                                      for player in range(game.info.num_players)], axis=1)
    return known[iterations]


def won(game: AnyGame, returns: list[float]) -> list[float]:
    """Each seat's share of the win in a finished game with `returns`: in a zero-sum
    game 1 for a gain, 0 for a loss, a half for neither (returns may count chips,
    not -1 .. 1); in others the returns are that share already (0 .. 1)."""
    if game.info.zero_sum:
        return [0.5 + 0.5 * ((value > 0) - (value < 0)) for value in returns]
    return [min(1.0, max(0.0, value)) for value in returns]


def decisions(state: AnyState, playouts: int, seed: int,
              progress: Callable[[int, int], None] = lambda done, total: None,
              seat: int | None = None, iterations: int | None = None) -> list[Decision]:
    """Every decision with a real choice (more than one legal action) in `state`'s
    history, with the win chance before and after it; with `seat`, only that seat's
    decisions, and the chances as it could estimate them. In a game the levels solve
    whole, the chances and each decision's `cost` come from the solve of `iterations`
    (default: `judge_iterations`), not from playouts."""
    profile = search_profile(state.game)
    budget = iterations or judge_iterations(state.game)
    rng = random.Random(seed)

    def chances(position: AnyState) -> tuple[list[float], list[float]]:
        """Each seat's chance and the variance of its estimate (0 for a solve)."""
        if profile.solves_whole:
            exact = solved_win_chances(position, budget, seat)
            return exact, [0.0] * len(exact)
        shares = np.array(playout_shares(position, playouts, rng, seat))
        found = list(shares.mean(0)), list(shares.var(0) / len(shares))
        return calibrated_chances(state.game, *found) if seat is None else found

    replay = state.replayed(0)
    found = []
    for index, action in enumerate(state.history):
        decider = replay.current_player()
        choice = decider >= 0 and len(replay.legal_actions()) > 1 \
            and seat in (None, decider)
        before, noise = chances(replay) if choice else ([], [])
        text = replay.action_to_string(action)
        cost, share = solved_cost(replay, text, budget) if choice and profile.solves_whole \
            else (None, None)
        replay.apply_action(action)
        if choice:
            after, after_noise = chances(replay)
            error = math.sqrt(noise[decider] + after_noise[decider])
            found.append(Decision(index, decider, text, float(before[0]), float(after[0]),
                                  float(before[decider]), float(after[decider]), cost,
                                  share, error))
        progress(index + 1, len(state.history))
    return found


def calibrates(game: AnyGame) -> bool:
    """Whether analysis reads `game`'s playout estimates through its `analysis_knots`
    (a game that has them, at the options they were fitted under)."""
    return bool(analysis_knots(game))


def read_seats(game: AnyGame) -> list[int]:
    """The seats whose estimates analysis reads through the map: the first alone where
    the others' chances follow from it (two seats, one's win the other's loss; seats
    that win together), else every seat (the map is fitted on all of theirs)."""
    info = game.info
    if info.cooperative or (info.num_players == 2 and info.zero_sum):
        return [0]
    return list(range(info.num_players))


def calibrated_chances(game: AnyGame, chances: list[float], variances: list[float]
                       ) -> tuple[list[float], list[float]]:
    """The seats' estimated chances (from playouts of the whole position) read through
    the game's `analysis_knots` as the rates such positions were won, and the
    variances read through the same map (its slope stretches or shrinks them): each
    seat of `read_seats` reads its own; of two seats, one's win the other's loss, the
    second's chance is the first's complement, and where the seats win together they
    share the first's. Unchanged where `calibrates` says no."""
    if not calibrates(game):
        return chances, variances
    knots = analysis_knots(game)

    def read(chance: float, variance: float) -> tuple[float, float]:
        error = math.sqrt(variance)
        spread = (calibrated(chance + error, knots) - calibrated(chance - error, knots)) / 2
        return calibrated(chance, knots), spread ** 2

    if read_seats(game) == [0]:
        chance, variance = read(chances[0], variances[0])
        shared = [chance] * len(chances) if game.info.cooperative else [chance, 1.0 - chance]
        return shared, [variance] * len(chances)
    each = [read(chance, variance) for chance, variance in zip(chances, variances, strict=True)]
    return [chance for chance, _ in each], [variance for _, variance in each]


def solved_cost(state: AnyState, text: str, iterations: int) -> tuple[float, float]:
    """What playing `text` in `state` gives up against the solve's play there, from the
    information set of the seat to act (the move's worth less the solve's mix's), and
    how often the solve plays it."""
    advice = solved_advice(state, iterations)
    [(worth, share)] = [(value, chance) for move, chance, value in advice.moves
                        if state.action_to_string(move) == text]
    return worth - sum(chance * value for _, chance, value in advice.moves), share


COSTLESS = 0.01
"""A move the solve never plays that gives up less than this (in the game's units) is
no mistake: as good as the solve's own play, within its error."""


def turning_points(state: AnyState, found: list[Decision], count: int, iterations: int,
                   seed: int) -> list[TurningPoint]:
    """The `count` decisions with the largest swings, each with the search's choice; in
    a game the levels solve whole, the `count` costliest of its mistakes."""
    if search_profile(state.game).solves_whole:
        costs = {d.index: d.cost for d in found if d.mistake and d.cost is not None}
        biggest = sorted((d for d in found if d.index in costs),
                         key=lambda d: costs[d.index])[:count]
    else:  # a swing within the playouts' noise tells nothing of the decision
        z = noise_bound(len(found))
        biggest = sorted((d for d in found if abs(d.swing) > z * d.error),
                         key=lambda d: -abs(d.swing))[:count]
    points = []
    for decision in sorted(biggest, key=lambda d: d.index):
        replay = state.replayed(decision.index)
        advice = recommend(replay, iterations, seed)
        # The moves a solve plays at all, as a percentage shows them (1% or more).
        mix = ", ".join(f"{entry.text} {entry.share:.0%}" for entry in advice.ranking
                        if entry.share >= 0.005) if advice.solved else ""
        points.append(TurningPoint(decision,
                                   "" if advice.agrees(decision.action) else advice.action,
                                   mix))
    return points


def noise_bound(decisions: int) -> float:
    """Standard errors a swing must pass to be told from the playouts' noise among
    `decisions` swings at once: 5% that any one of them passes by chance alone
    (Bonferroni), where 1.96 for each would let one in twenty through."""
    return NormalDist().inv_cdf(1 - 0.025 / max(1, decisions))


def judge_iterations(game: AnyGame) -> int:
    """The budget analysis judges `game`'s decisions with: a game the levels solve
    whole, the hard level's solve (a solve of the normal level's budget still mixes in
    moves a little worse than its best, which a judge would call no mistake); else
    the budget of the levels' advice."""
    profile = search_profile(game)
    if profile.solves_whole:
        return level_iterations(profile.advice_iterations, "hard")
    return profile.advice_iterations


@dataclass(frozen=True)
class AnalysisReport:
    """`hunt analyze`'s report: each decision's win chances, the turning points with the
    judge's preferred moves, and the game's own part; what the terminal, the plot and
    the web board all render."""

    game: str
    seat: str | None
    """The seat whose record it is (its view only), or None for a full record."""
    actions: int
    playouts: int | None
    """Playouts per win-chance estimate; None where a solve gave the chances."""
    result: str | None
    """How the game ended (`State.end_reason`), or None before the end."""
    decisions: tuple[Decision, ...]
    turning_points: tuple[TurningPoint, ...]
    judge: str
    """Who judged the turning points: "search", or "solve" (a game its levels solve)."""
    calibrated: bool = False
    """Whether the win chances are the playouts' estimate read through the game's
    `analysis_knots` (a full record of a game that has them)."""
    game_analysis: Mapping[str, Any] = field(default_factory=dict)
    """The game's own part (its plug-in's `analysis`: a belief turn by turn), as
    JSON-able data its `analysis_lines` and `plot_board` read."""

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-able data (`hunt analyze --json`)."""
        return {
            "game": self.game, "seat": self.seat, "actions": self.actions,
            "playouts": self.playouts, "result": self.result,
            "decisions": [{**asdict(d), "swing": d.swing, "mistake": d.mistake}
                          for d in self.decisions],
            "turning_points": [{**asdict(p.decision), "swing": p.decision.swing,
                                "preferred": p.preferred, "mix": p.mix}
                               for p in self.turning_points],
            "judge": self.judge, "calibrated": self.calibrated, **self.game_analysis}


def analysis_report(state: AnyState, seat: int | None, playouts: int = 30, count: int = 3,
                    iterations: int | None = None, seed: int = 0,
                    progress: Callable[[int, int], None] | None = None) -> AnalysisReport:
    """`hunt analyze`'s report: each decision's win chances, the turning points with the
    search's preferred moves and the game's own part; `seat` None for a full record,
    else the seat whose record it is (its view only)."""
    budget = iterations or judge_iterations(state.game)
    found = decisions(state, playouts, seed, seat=seat, iterations=budget,
                      **({"progress": progress} if progress else {}))
    points = turning_points(state, found, count, budget, seed)
    solved = search_profile(state.game).solves_whole
    plugin = game_plugin(state.game.info.name)
    # the game's own part, e.g. a belief turn by turn
    own = {} if plugin.analysis is None else dict(
        plugin.analysis(state, {d.index: d.before for d in found}, seat))
    return AnalysisReport(
        state.game.info.name, None if seat is None else state.game.info.seat_names[seat],
        len(state.history),
        # A game its levels solve is judged by the solve, with no playouts at all.
        None if solved else playouts, state.end_reason() or None, tuple(found),
        tuple(points), "solve" if solved else "search",
        seat is None and not solved and calibrates(state.game), own)


def analysis_lines(state: AnyState, report: AnalysisReport, seat: int | None) -> list[str]:
    """The analysis in words, as `hunt analyze` prints it."""
    seats = state.game.info.seat_names
    plugin = game_plugin(state.game.info.name)
    found = report.decisions
    seen = "" if seat is None else f" as {plugin.seat_title(seats[seat])} saw them"
    judge = report.judge
    how = "if both sides play the solve" if judge == "solve" \
        else f"from {report.playouts} playouts each" + (
            ", calibrated" if report.calibrated else "")
    lines = [f"{state.game.info.title}: {plural(len(state.history), 'action')}, "
             f"{plural(len(found), 'decision')}; win chances{seen},", f"  {how}:"]
    if plugin.analysis_lines is not None:
        lines += plugin.analysis_lines(state, report.to_json())
    else:  # the chance before each decision, of the seat whose record it is, if one
        whose = seats[0] if seat is None else seats[seat]
        lines += [f"  before action {decision.index + 1:>3}: P({whose} wins) "
                  f"{decision.before if seat is None else decision.decider_before:5.1%}"
                  for decision in found[:: max(1, len(found) // 12)]]
    if judge == "solve":
        unit = state.game.info.score_unit or "of the return"
        lines.append(f"Turning points (mistakes by the solve: {unit} given up, from what "
                     "the decider knew):")
        if found and not any(decision.mistake for decision in found):
            lines.append("  none: every decision was the solve's play or as good")
    else:
        bound = noise_bound(len(found))
        lines.append(f"Turning points (the deciders' biggest swings beyond {bound:.1f} "
                     "standard errors):")
        if not report.turning_points:
            lines.append("  none: no swing was told apart from the noise (more "
                         "--playouts tell smaller ones apart)")
    for point in report.turning_points:
        better = f"; the {judge} preferred {point.preferred}" if point.preferred \
            else f"; the {judge} agrees"
        if "," in point.mix:  # the solve mixes: how often it plays each move
            better += f" ({point.mix})"
        made = point.decision
        what = f"{made.cost or 0.0:+.2f} {unit}" if judge == "solve" \
            else f"{made.swing:+.1%} (±{noise_bound(len(found)) * made.error:.1%})"
        lines.append(f"  action {made.index + 1}: {plugin.seat_title(seats[made.seat])} "
                     f"chose '{made.action}': {what}{better}")
    if state.end_reason():
        result = f"Result: {state.end_reason()}"
        counts = state.game.info.score_unit
        if counts is not None:  # a game that counts something: what each seat ended with
            result += f"; {counts}: " + ", ".join(
                f"{plugin.seat_title(name)} {value:+g}"
                for name, value in zip(seats, state.returns(), strict=True))
        lines.append(result + ".")
    return lines
