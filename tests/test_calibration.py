"""The calibration of win chances (`scripts/calibration.py`): the monotone fit of the
search's shares to win rates, the outcome each kept position is judged by, and post-game
analysis's chances read through a game's `analysis_knots`."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from hunt.models.registry import load_game
from hunt.solver import analysis
from hunt.solver.hints import calibrated, value_scale
from hunt.solver.profiles import analysis_knots, chance_knots, search_profile
from hunt.tests.scripts import load_script


def _script() -> ModuleType:
    """scripts/calibration.py as a module."""
    return load_script("calibration")


def test_the_fit_is_monotone_and_pools_what_runs_against_it() -> None:
    """Isotonic regression: shares whose win rates fall as the share rises are pooled
    into one knot, so the map never falls; each knot is a group's mean share and rate."""
    script = _script()
    rising = [(0.1, 0.0), (0.2, 0.0), (0.3, 1.0), (0.4, 0.0), (0.8, 1.0), (0.9, 1.0)]
    predictions = [script.Prediction(seed, 0, 0, share, share, outcome)
                   for seed, (share, outcome) in enumerate(rising)]
    knots = script.fit_knots(predictions, groups=6)
    assert knots == ((0.15, 0.0), (0.35, 0.5), (0.85, 1.0))
    chances = [calibrated(share, knots) for share in (0.0, 0.2, 0.35, 0.5, 0.9, 1.0)]
    assert chances == sorted(chances)


def test_the_groups_share_the_remainder_so_no_knot_stands_on_a_handful() -> None:
    """Groups of equal count, to one: the predictions left over by an uneven split go
    into the groups, not into a last group of their own (a sure win at a share of 1.0
    made a knot that read every such share as a certain win)."""
    script = _script()
    # 17 predictions in 8 groups: pairs that win one of two, and a sure win at 1.0
    games = [(0.05 * i, float(i % 2)) for i in range(16)] + [(1.0, 1.0)]
    predictions = [script.Prediction(seed, 0, 0, share, share, outcome)
                   for seed, (share, outcome) in enumerate(games)]
    knots = script.fit_knots(predictions, groups=8)
    # seven pairs pooled at a half; the last group holds the last pair and the 1.0
    assert knots == ((0.325, 0.5), (0.8167, 0.6667))
    assert calibrated(1.0, knots) == 0.6667
    assert script.fit_knots(predictions[:3], groups=8) == ((0.0, 0.0), (0.075, 0.5))
    assert script.fit_knots([], groups=8) == ()  # no predictions, no map


def test_a_kept_position_is_judged_by_its_seats_share_of_the_win() -> None:
    """A two-seat game's outcome is 1 for the winner's seat and 0 for the loser's; a
    game the seats play together (Hunted alone) is 1 only for an escape, never a win
    by default because nobody did better."""
    script = _script()
    for name, expected in (("leduc", {(0.0, 1.0), (1.0, 0.0), (0.5, 0.5)}),
                           ("hunted", {(0.0,), (1.0,)})):
        found = {tuple(outcomes) for seed in range(6)
                 for _, _, _, outcomes in script.positions(name, ("random", "random"),
                                                           seed, every=1)}
        assert found and found <= expected, (name, found)
    # random play never escapes the colony: each of its solo positions is a loss
    assert {tuple(outcomes) for _, _, _, outcomes in
            script.positions("hunted", ("random", "random"), 1, every=1)} == {(0.0,)}


def test_analysis_reads_the_first_seats_chance_through_the_games_analysis_knots(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With `analysis_knots`, an analysed decision's chances are the first seat's
    playout estimate read through them, the second seat's their complement; without,
    the playouts' own estimate."""
    game = load_game("the-hunt")
    state = game.new_initial_state(3)
    rng = random.Random(3)
    while len(state.history) < 40:
        state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                           else rng.choice(state.legal_actions()))
    knots = ((0.2, 0.05), (0.5, 0.5), (0.8, 0.97))
    monkeypatch.setattr(analysis, "analysis_knots", lambda _: ())
    raw = analysis.decisions(state, 12, seed=5)
    monkeypatch.setattr(analysis, "analysis_knots", lambda _: knots)
    read = analysis.decisions(state, 12, seed=5)
    assert raw and len(raw) == len(read)
    for before, after in zip(raw, read, strict=True):
        assert after.before == pytest.approx(calibrated(before.before, knots))
        mine = after.before if after.seat == 0 else 1 - after.before
        assert after.decider_before == pytest.approx(mine)


def test_a_game_whose_seats_win_together_reads_every_seats_chance_through_the_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Hunted alone: analysis's chance of the escape is read through the map, and a
    co-operative game's every seat shares it (no complement)."""
    knots = ((0.1, 0.1), (0.5, 0.9), (0.9, 0.95))  # twice as steep at 30%
    game = load_game("hunted")
    monkeypatch.setattr(analysis, "analysis_knots", lambda _: knots)
    assert analysis.calibrates(game)
    chances, variances = analysis.calibrated_chances(game, [0.3], [0.0004])
    assert chances == [pytest.approx(0.5)] and variances == [pytest.approx(4 * 0.0004)]
    pair = load_game("hunted", players=2)
    assert analysis.calibrated_chances(pair, [0.3, 0.3], [0.0, 0.0])[0] == \
        [pytest.approx(calibrated(0.3, knots))] * 2


def test_a_game_of_three_rivals_reads_each_seats_chance_through_the_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Hunting Party: no seat's chance follows from another's, so each Hunter's estimate
    is read through the map on its own (the map was fitted on every seat's), its
    variance by the map's slope there; the calibration script judges every seat."""
    knots = ((0.1, 0.1), (0.5, 0.9), (0.9, 0.95))  # twice as steep at 30%
    game = load_game("hunting-party")
    assert analysis.read_seats(game) == [0, 1, 2]
    assert analysis.read_seats(load_game("the-hunt")) == analysis.read_seats(
        load_game("hunted")) == [0]
    monkeypatch.setattr(analysis, "analysis_knots", lambda _: knots)
    chances, variances = analysis.calibrated_chances(game, [0.3, 0.6, 0.1],
                                                     [0.0004, 0.0, 0.0])
    assert chances == [pytest.approx(0.5), pytest.approx(0.9125), pytest.approx(0.1)]
    assert variances[0] == pytest.approx(4 * 0.0004) and variances[1:] == [0.0, 0.0]


def test_the_knots_are_read_only_at_the_options_they_were_fitted_under() -> None:
    """A game's maps were fitted on games at its default options: a hint and a chart
    read through them there, and show the playouts' own share under other options
    (a harder variant, more players), where positions are won at other rates."""
    for name, other in (("the-hunt", {"variant": "historical"}), ("jutland",
                        {"escape_bans_battle_cruisers": True})):
        profile = search_profile(name)
        assert profile.chance_knots and chance_knots(load_game(name)) == profile.chance_knots
        assert chance_knots(load_game(name, **other)) == ()
        assert value_scale(load_game(name, **other)).chance_knots == ()
    the_hunt = search_profile("the-hunt").analysis_knots
    assert the_hunt and analysis_knots(load_game("the-hunt")) == the_hunt
    assert analysis_knots(load_game("the-hunt", variant="historical")) == ()
    assert not analysis.calibrates(load_game("the-hunt", variant="historical"))
    party = search_profile("hunting-party").analysis_knots
    assert party and analysis_knots(load_game("hunting-party")) == party
    assert not analysis.calibrates(load_game("hunting-party", players=4))
