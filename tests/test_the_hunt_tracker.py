"""The Graf Spee tracker (models/the_hunt/tracker.py) and the Bayes filter under it."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

import numpy as np
import pytest

from hunt.errors import EvidenceError
from hunt.models.belief import DiscreteBelief
from hunt.models.game import Action, AnyState
from hunt.models.the_hunt import BRITISH, GERMAN, TheHuntAction, TheHuntGame, TheHuntState
from hunt.models.the_hunt.actions import STEPS_FOR_AP
from hunt.models.the_hunt.fitting import RecordedMove, fit_weights
from hunt.models.the_hunt.tracker import (
    GrafSpeeTracker,
    MoveWeights,
    PublicFacts,
    replay_views,
)
from hunt.solver.agent import HeuristicAgent, RandomAgent
from hunt.solver.session import play_game

GAME = TheHuntGame()
NOWHERE = PublicFacts(altmark="41", hints=(), freighters=(), forces=(), attacked=False,
                      storm=False)


def placed(model: str = "uniform") -> GrafSpeeTracker:
    tracker = GrafSpeeTracker(GAME, model, MoveWeights(1.0, 1.0))
    tracker.observe(("graf spee placed",), NOWHERE)
    return tracker


def random_games(count: int, seed: int) -> Iterator[TheHuntState]:
    """Finished games, heuristic or random players by turns, each step kept."""
    for number in range(count):
        game_seed = seed + number
        agents = [HeuristicAgent(game_seed), RandomAgent(game_seed)]
        if number % 2:
            agents.reverse()
        state = play_game(GAME, agents, game_seed).state
        assert isinstance(state, TheHuntState)
        yield state


# -- the filter ----------------------------------------------------------------------

def test_filter_predict_spreads_and_update_reweights_and_normalises() -> None:
    belief = DiscreteBelief(["a", "b", "c"], np.array([1.0, 0.0, 0.0]))
    belief.predict(np.array([[0.5, 0.5, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]), "move")
    assert belief.distribution() == {"a": 0.5, "b": 0.5}
    belief.update(np.array([1.0, 3.0, 1.0]), "evidence")
    assert belief.probability("b") == pytest.approx(0.75)
    belief.exclude(["b"], "not b")
    assert belief.distribution() == {"a": 1.0} and belief.entropy() == 0.0


def test_filter_evidence_against_everything_is_an_error_naming_the_event() -> None:
    belief = DiscreteBelief(["a", "b"])
    belief.keep(["a"], "first clue")
    with pytest.raises(EvidenceError, match="the second clue contradicts every position"):
        belief.keep(["b"], "the second clue")


# -- each public event -----------------------------------------------------------------

def test_start_is_uniform_over_every_sea_hex() -> None:
    assert placed().posterior() == pytest.approx({h: 1 / 41 for h in GAME.hexes})


def test_a_move_spreads_uniformly_over_the_hexes_within_its_reach() -> None:
    tracker = placed()
    tracker.observe(("revealed", "20"), NOWHERE)
    tracker.observe(("graf spee moved", 2), NOWHERE)  # 2 AP: up to 2 hexes
    reach = GAME.ball["20"][2]
    assert tracker.posterior() == pytest.approx({h: 1 / len(reach) for h in reach})


def test_the_german_view_of_its_own_move_gives_the_same_public_belief() -> None:
    british, german = placed(), placed()
    british.observe(("graf spee moved", 4), NOWHERE)
    german.observe(("move", "graf-spee", 4, "17"), NOWHERE)
    assert british.posterior() == german.posterior()


def test_hint_marker_keeps_hexes_within_1_and_false_hint_removes_those_within_2() -> None:
    tracker = placed()
    tracker.observe(("hint", "20"), NOWHERE)
    assert set(tracker.posterior()) == GAME.ball["20"][1]
    tracker = placed()
    tracker.observe(("choose", TheHuntAction("hint", hex="20")), NOWHERE)
    assert set(tracker.posterior()) == set(GAME.hexes) - GAME.ball["20"][2]


def test_a_hint_the_german_cannot_place_means_every_neighbour_is_taken() -> None:
    corner = "01"
    taken = sorted(GAME.ball[corner][1] - {corner})
    facts = NOWHERE._replace(altmark=taken[0], hints=(corner, *taken[1:]))
    tracker = placed()
    tracker.observe(("no hint",), facts)
    assert all(GAME.ball[h][1] <= {*facts.hints, facts.altmark} for h in tracker.posterior())
    assert corner in tracker.posterior()
    full = placed()
    full.observe(("no hint",), NOWHERE._replace(hints=("01", "20", "41")))
    assert len(full.posterior()) == 41  # the box was empty: nothing learnt


def test_a_search_that_finds_nothing_rules_out_only_that_hex() -> None:
    tracker = placed()
    tracker.observe(("not here", "24"), NOWHERE)
    assert "24" not in tracker.posterior() and len(tracker.posterior()) == 40


def test_harwoods_intuition_answer_keeps_or_removes_the_hexes_within_2() -> None:
    yes, no = placed(), placed()
    yes.observe(("answer", "20", True), NOWHERE)
    no.observe(("answer", "20", False), NOWHERE)
    assert set(yes.posterior()) == GAME.ball["20"][2]
    assert set(no.posterior()) == set(GAME.hexes) - GAME.ball["20"][2]


def test_a_refill_above_3_and_above_the_cards_held_puts_the_raider_by_the_altmark() -> None:
    near, held_four, stop_at_three = placed(), placed(), placed()
    near.observe(("hand size", 5, 1), NOWHERE)
    held_four.observe(("hand size", 4, 4), NOWHERE)  # drew nothing
    stop_at_three.observe(("hand size", 3, 0), NOWHERE)  # may be beside it, or not
    assert set(near.posterior()) == GAME.ball["41"][1]
    assert len(held_four.posterior()) == len(stop_at_three.posterior()) == 41


def test_military_order_for_its_event_puts_the_raider_on_a_freight_ship() -> None:
    tracker = placed()
    tracker.observe(("play", GERMAN, "military-order", "event"),
                    NOWHERE._replace(freighters=("05", "24")))
    assert set(tracker.posterior()) == {"05", "24"}
    british = placed()  # a British event says nothing of the raider
    british.observe(("play", BRITISH, "fair-weather", "event"), NOWHERE)
    assert len(british.posterior()) == 41


def test_an_event_no_position_explains_is_an_error_naming_the_event() -> None:
    tracker = placed()
    tracker.observe(("revealed", "01"), NOWHERE)
    with pytest.raises(EvidenceError, match="the Hint marker on 41"):
        tracker.observe(("hint", "41"), NOWHERE)


def test_purposeful_model_prefers_freight_ships_and_keeps_every_reachable_hex() -> None:
    tracker = placed("purposeful")
    tracker.observe(("revealed", "20"), NOWHERE)
    facts = NOWHERE._replace(freighters=("08",), forces=("22",))
    tracker.observe(("graf spee moved", 1), facts)
    posterior = tracker.posterior()
    assert set(posterior) == GAME.ball["20"][1]
    assert max(posterior, key=posterior.__getitem__) == "14"  # towards 08, away from 22


# -- against the rules engine and brute force --------------------------------------------

def test_along_whole_games_the_true_hex_keeps_mass_and_the_support_is_the_engines() -> None:
    """Soundness: under the uniform model the true hex never gets probability 0, and
    the hexes with mass are exactly the engine's own public `possible` set."""
    checked = 0
    for state in random_games(30, seed=700):
        tracker = GrafSpeeTracker(GAME)
        for replay, seen, facts in replay_views(state, BRITISH):
            for item in seen:
                tracker.observe(item, facts)
            if tracker.placed and replay.graf_spee_hex is not None:
                assert tracker.probability(replay.graf_spee_hex) > 0
                assert tracker.belief.support() == replay.possible
                checked += 1
    assert checked > 5000


def test_belief_depends_only_on_the_british_view_and_the_german_sees_the_same() -> None:
    state = next(random_games(1, seed=3))
    cut = GAME.new_initial_state(state.seed)
    for action in state.history[:120]:
        cut.apply_action(action)
    from hunt.models.testing import alternative_histories
    others = alternative_histories(cut, BRITISH, random.Random(1), attempts=200, wanted=3)
    assert others, "no other world to compare with"
    for other in others:
        assert other.belief(BRITISH) == cut.belief(BRITISH)
    german = GrafSpeeTracker.for_seat(cut, GERMAN).posterior()
    assert german == GrafSpeeTracker.for_seat(cut, BRITISH).posterior()


def _move_ap(action: Action) -> int:
    assert isinstance(action, TheHuntAction)
    return action.n


def _segments(state: TheHuntState) -> list[int]:
    """Indices of the German's choices of the raider's hex: the start and each move."""
    return [i for i, a in enumerate(state.history) if isinstance(a, TheHuntAction)
            and (a.verb == "start" or (a.verb == "move" and a.arg == "graf-spee"))]


PRIVATE_STEPS = ("redraw-choice", "window")
"""German decisions the British do not see being asked (only what comes of them)."""


def _private(state: AnyState) -> bool:
    assert isinstance(state, TheHuntState)
    return state.current_player() == GERMAN and state.stack[-1].kind in PRIVATE_STEPS


def _replays_alike(world: AnyState, original: Sequence[Action], german: list[bool], index: int,
                   end: int, stream: list[object], shown: int) -> bool:
    """Whether `world` can replay actions `index`..`end` so that the British see the
    rest of `stream` (their items from `shown` on): the original actions where legal,
    German steps invisible to them added or left out as this world needs."""
    def consume(action: Action) -> tuple[AnyState, int] | None:
        trial = world.clone()
        mark = trial.view_length(BRITISH)
        trial.apply_action(action)
        items = list(trial.views_since(BRITISH, mark))
        if stream[shown:shown + len(items)] != items:
            return None
        return trial, shown + len(items)

    if index == end and shown == len(stream):
        return True
    if world.is_terminal():
        return False
    if index < end and world.is_legal(original[index]):
        step = consume(original[index])
        if step is not None and _replays_alike(step[0], original, german, index + 1, end,
                                               stream, step[1]):
            return True
    if index < end and german[index] and _replays_alike(world, original, german, index + 1,
                                                        end, stream, shown):
        return True  # a private German step the original had and this world has not
    if _private(world):  # one this world has and the original had not
        for other in world.legal_actions():
            if index < end and other == original[index]:
                continue
            step = consume(other)
            if step is not None and _replays_alike(
                    step[0], original, german, index, end, stream, step[1]):
                return True
    return False


def _to_act(state: TheHuntState, cut: int) -> int:
    replay = GAME.new_initial_state(state.seed)
    for action in state.history[:cut]:
        replay.apply_action(action)
    return replay.current_player()


def _brute_force(state: TheHuntState, cut: int, limit: int) -> dict[str, float] | None:
    """P(hex) after the first `cut` actions, summed over every path of the raider
    consistent with the British view (None beyond `limit` paths)."""
    history = list(state.history[:cut])
    decisions = [i for i in _segments(state) if i < cut]
    replay = GAME.new_initial_state(state.seed)
    seen: list[list[object]] = []
    german: list[bool] = []
    before: list[TheHuntState] = []
    for action in history:
        before.append(replay.clone())
        german.append(_private(replay))
        mark = replay.view_length(BRITISH)
        replay.apply_action(action)
        seen.append(list(replay.views_since(BRITISH, mark)))
    allowed: list[set[str]] = []  # hexes each segment can be replayed from, as seen
    for n, start in enumerate(decisions):
        end = decisions[n + 1] if n + 1 < len(decisions) else cut
        stream = [item for items in seen[start + 1:end] for item in items]
        fits = set()
        for hex_id in GAME.hexes:
            world = before[start].clone()
            world.apply_action(history[start])
            world.graf_spee = hex_id
            if _replays_alike(world, history, german, start + 1, end, stream, 0):
                fits.add(hex_id)
        allowed.append(fits)
    steps = [STEPS_FOR_AP[_move_ap(history[i])] for i in decisions[1:]]
    totals = dict.fromkeys(GAME.hexes, 0.0)
    paths = 0

    def extend(depth: int, here: str, weight: float) -> None:
        nonlocal paths
        if depth == len(steps):
            totals[here] += weight
            paths += 1
            if paths > limit:
                raise OverflowError
            return
        reach = GAME.ball[here][steps[depth]]
        for there in reach & allowed[depth + 1]:
            extend(depth + 1, there, weight / len(reach))

    try:
        for hex_id in allowed[0]:
            extend(0, hex_id, 1 / len(GAME.hexes))
    except OverflowError:
        return None
    total = sum(totals.values())
    return {h: w / total for h, w in totals.items() if w > 0}


def test_the_filter_equals_a_brute_force_sum_over_every_consistent_path() -> None:
    """Short random histories (up to 6 Graf Spee moves): the tracker's posterior is the
    sum over every German path the British view allows, each hex decision replayed
    through the rules engine (so this checks what each event means, too)."""
    compared = 0
    moves_seen = []
    for state in random_games(60, seed=2000):
        decisions = _segments(state)
        rng = random.Random(state.seed)
        for moves in range(min(6, len(decisions) - 1), -1, -1):
            end = decisions[moves + 1] if moves + 1 < len(decisions) else len(state.history)
            british = [i for i in range(decisions[moves] + 1, end + 1)
                       if _to_act(state, i) == BRITISH]
            if not british:
                continue
            cut = rng.choice(british)
            expected = _brute_force(state, cut, limit=20_000)
            if expected is None:
                continue
            prefix = GAME.new_initial_state(state.seed)
            for action in state.history[:cut]:
                prefix.apply_action(action)
            got = GrafSpeeTracker.for_seat(prefix, BRITISH).posterior()
            assert set(got) == set(expected)
            assert all(math.isclose(got[h], expected[h], abs_tol=1e-9) for h in got)
            compared += 1
            moves_seen.append(moves)
            break
        if compared >= 25:
            break
    assert compared >= 25 and max(moves_seen) >= 3


def test_fitting_recovers_the_weights_that_generated_the_moves() -> None:
    truth = MoveWeights(freighter=1.2, force=0.6)
    model = GrafSpeeTracker(GAME, "purposeful", truth)
    rng = np.random.default_rng(5)
    moves = []
    for _ in range(1500):
        hexes = rng.choice(GAME.hexes, size=4, replace=False)
        facts = NOWHERE._replace(freighters=(str(hexes[0]),), forces=(str(hexes[1]),))
        origin, steps = str(hexes[2]), int(rng.integers(1, 4))
        row = model.kernel(steps, facts)[GAME.hexes.index(origin)]
        target = GAME.hexes[int(rng.choice(len(GAME.hexes), p=row))]
        moves.append(RecordedMove(origin, steps, target, facts))
    fitted = fit_weights(GAME, moves)
    assert fitted.freighter == pytest.approx(1.2, abs=0.15)
    assert fitted.force == pytest.approx(0.6, abs=0.15)


def test_a_belief_on_one_hex_has_entropy_zero_never_minus_zero() -> None:
    """With the raider's hex known, the analysis said "entropy -0.00 bits": the entropy
    of a certain belief is +0.0."""
    belief = DiscreteBelief(["01", "02", "03"], np.array([0.0, 1.0, 0.0]))
    assert belief.entropy() == 0.0 and math.copysign(1.0, belief.entropy()) == 1.0
    assert f"{belief.entropy():.2f}" == "0.00"
