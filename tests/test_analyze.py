"""`hunt analyze`: win chances, the British belief turn by turn, turning points, plot."""

from __future__ import annotations

import builtins
import dataclasses
import json
import random
import re
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest
from click.testing import CliRunner

from hunt.cli.main import cli
from hunt.models import load_game
from hunt.models.game import random_action
from hunt.models.registry import game_plugin
from hunt.models.the_hunt.words import round_of
from hunt.solver.profiles import search_profile
from hunt.solver.record_files import read_record

EXAMPLES = Path(__file__).parent.parent / "examples"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_analyze_json_has_belief_and_win_chance_per_turn_and_turning_points() -> None:
    code, out = run("analyze", "the-hunt", str(EXAMPLES / "the-hunt-full-game.json"),
                    "--playouts", "3", "--turning-points", "2", "--iterations", "10",
                    "--json")
    assert code == 0, out
    data = json.loads(out[out.index("{"):])
    assert data["result"] == "the German sank 5 Freight Ships" and data["playouts"] == 3
    turns = data["turns"]
    assert [t["turn"] for t in turns] == sorted({t["turn"] for t in turns})
    for turn in turns:
        assert 0 < turn["p_true_hex"] <= 1 and 0 <= turn["p_german_wins"] <= 1
        assert turn["entropy_bits"] >= 0
    assert turns[0]["p_true_hex"] == pytest.approx(1 / 41)  # nothing known at the start
    # the two biggest swings among those told apart from the playouts' noise
    bound = NormalDist().inv_cdf(1 - 0.025 / len(data["decisions"]))
    told = sorted((abs(d["swing"]) for d in data["decisions"]
                   if abs(d["swing"]) > bound * d["error"]), reverse=True)
    # a chance has noise unless it is sure, or where the calibration's map is flat (an
    # estimate past its end knots reads as their chance, whatever the playouts' spread)
    knots = search_profile(load_game("the-hunt")).analysis_knots
    assert told and all(d["error"] > 0 for d in data["decisions"]
                        if knots[0][1] < d["before"] < knots[-1][1])
    assert sorted(abs(p["swing"]) for p in data["turning_points"]) == sorted(told[:2])


def test_analyze_reads_a_record_saved_by_play_and_writes_the_plot(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = CliRunner().invoke(cli, ["play", "the-hunt", "--seed", "3", "--ai", "heuristic",
                                      "--save", str(save)], input="1\n" * 1500)
    assert result.exit_code == 0
    plot = tmp_path / "game.png"
    code, out = run("analyze", "the-hunt", str(save), "--playouts", "2", "--iterations", "5",
                    "--plot", str(plot))
    assert code == 0, out
    assert "British belief on the raider's hex" in out and "Turning points" in out
    # a turning point names the action as the record writes it, not "played play ..."
    assert re.search(r"action \d+: the (German|British) chose '[^']+': [+-]", out), out
    assert " played " not in out and "round 1, German turn" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_the_plot_extra_a_one_line_message_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    code, out = run("analyze", "the-hunt", str(EXAMPLES / "the-hunt-full-game.json"),
                    "--plot", str(tmp_path / "x.png"))
    assert code == 2
    assert out.strip() == ("Error: --plot needs matplotlib, the plot extra: pip install -e "
                           "'.[plot]' (or pip install matplotlib)")


def test_win_chances_read_each_game_s_returns_as_a_chance() -> None:
    """Zero-sum returns become 1 for a gain, 0 for a loss, a half for neither; a
    cooperative or multi-player game's returns are already each seat's share of the win,
    so a lost Hunted game is 0, not 0.5."""
    from hunt.solver.agent import HeuristicAgent
    from hunt.solver.analysis import win_chances
    from hunt.solver.session import play_game

    rng = random.Random(0)
    hunted = play_game(load_game("hunted"), [HeuristicAgent(1)], 11).state
    assert win_chances(hunted, 5, rng) == [1.0 if hunted.returns()[0] else 0.0]
    party = play_game(load_game("hunting-party", players=3),
                      [HeuristicAgent(seat) for seat in range(3)], 4).state
    assert win_chances(party, 5, rng) == party.returns()
    duel = load_game("jutland").new_initial_state(3)
    chances = win_chances(duel, 20, rng)
    assert sum(chances) == pytest.approx(1.0)
    # Leduc's returns are chips (up to 13 a hand): a gain is a win, whatever its size.
    leduc = load_game("leduc").new_initial_state(5)
    for action in (2, 5, 1, 2, 1):  # a queen and a king dealt; call, raise, call
        leduc.apply_action(action)
    chances = win_chances(leduc, 30, rng)
    assert all(0.0 <= chance <= 1.0 for chance in chances)
    assert sum(chances) == pytest.approx(1.0)
    for action in (4, 2, 1):  # the other king comes up; raise, call: the kings win 7
        leduc.apply_action(action)
    assert leduc.returns() == [-7.0, 7.0] and win_chances(leduc, 5, rng) == [0.0, 1.0]


def test_the_plot_counts_turns_labels_turning_points_and_hex_labels_read_on_dark_cells(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The figure as drawn (kept from being closed): the curve's x are the turns of
    its decisions, each turning point is labelled with its seat and move, and the hex
    labels are white on the darkest cells, black on the palest."""
    from hunt.cli.analyze import plotting

    pyplot = plotting()
    figures: list[Any] = []
    monkeypatch.setattr(pyplot, "close", figures.append)
    code, out = run("analyze", "the-hunt", str(EXAMPLES / "the-hunt-full-game.json"),
                    "--playouts", "1", "--turning-points", "2", "--iterations", "5",
                    "--json", "--plot", str(tmp_path / "a.png"))
    assert code == 0, out
    data = json.loads(out[out.index("{"):])
    turns = data["action_turns"]
    assert len(turns) == data["actions"] and turns[0] == 0 and turns == sorted(turns)
    board, curve = figures[0].axes[:2]  # (the colorbar is the third)
    assert curve.get_xlabel() == "turn"
    xs = list(curve.get_lines()[0].get_xdata())
    assert [round(x) for x in xs] == [turns[d["index"]] for d in data["decisions"]]
    assert xs == sorted(xs) and max(xs) < turns[-1] + 0.5
    labels = {text.get_text() for text in curve.texts}
    assert labels == {f"{('German', 'British')[p['seat']]}: {p['action']}"
                      for p in data["turning_points"]}
    belief = [t for t in data["turns"] if t["side"] == "british"][-1]["belief"]  # as drawn
    colour = {text.get_text(): text.get_color() for text in board.texts}
    likeliest = max(colour, key=lambda hex_id: belief.get(hex_id, 0.0))
    palest = min(colour, key=lambda hex_id: belief.get(hex_id, 0.0))
    assert colour[likeliest] == "white" and colour[palest] == "black"


def test_label_colour_follows_the_cell_s_luminance() -> None:
    from matplotlib import colormaps

    from hunt.models.the_hunt.plugin import label_colour

    reds = colormaps["Reds"]
    assert label_colour(reds(1.0)) == "white"  # the likeliest hex: dark red
    assert label_colour(reds(0.0)) == "black"  # a ruled-out hex: near white
    assert label_colour((0.0, 0.0, 0.6)) == "white" and label_colour((1.0, 1.0, 0.0)) == "black"


def test_without_turns_the_curve_counts_actions_and_a_turn_s_decisions_share_it() -> None:
    from hunt.cli.analyze import decision_positions

    assert decision_positions([3, 7], None) == [4.0, 8.0]
    turns = [0, 0, 1, 1, 1, 2]
    assert decision_positions([0, 2, 3, 4, 5], turns) == pytest.approx(
        [0.0, 1 - 1 / 3, 1.0, 1 + 1 / 3, 2.0])


def test_leducs_turning_points_are_judged_by_the_solve() -> None:
    """A king that folds to a first-round raise gives up chips the solve would win: the
    turning point counts them, from what the king knew, whatever the dealt cards."""
    from hunt.solver.analysis import analysis_lines, analysis_report

    state = load_game("leduc").new_initial_state(5)
    for action in (2, 4, 2, 0):  # a queen, a king; the queen raises, the king folds
        state.apply_action(action)
    report = analysis_report(state, None, playouts=10, count=2)
    assert report.judge == "solve" and report.playouts is None  # none were played
    [point] = report.turning_points  # the queen's raise is the solve's own play
    folded = point.decision
    assert folded.action == "fold" and folded.cost is not None and folded.cost < -1.0
    assert point.preferred in ("raise", "call")
    lines = "\n".join(analysis_lines(state, report, None))
    assert "Turning points (mistakes by the solve: chips given up, from what the decider " \
        "knew):" in lines
    assert f"second player chose 'fold': {folded.cost:+.2f} chips; the solve preferred " \
        f"{point.preferred}" in lines
    assert lines.endswith("Result: second folded; chips: the first player +1, the second "
                          "player -1.")


def test_a_hand_played_by_the_solve_has_no_turning_points() -> None:
    """Every decision the solve's own agent makes is a move of the judging solve's mix
    or as good (within `COSTLESS`), so the analysis names none as a turning point."""
    from hunt.solver.analysis import analysis_lines, analysis_report
    from hunt.solver.cfr import CFRAgent
    from hunt.solver.session import play_game

    game = load_game("leduc")
    for seed in range(3):
        agents = [CFRAgent(iterations=100, seed=seed), CFRAgent(iterations=100, seed=seed + 9)]
        state = play_game(game, agents, seed=seed).state
        report = analysis_report(state, None, playouts=2)
        assert not any(d.mistake for d in report.decisions)
        assert report.turning_points == ()
        assert "  none: every decision was the solve's play or as good" \
            in analysis_lines(state, report, None)


def test_leducs_win_chances_are_the_solves_and_a_seats_read_nothing_it_did_not_see() -> None:
    """With the best hand there is (a pair of kings), the second player wins whatever
    the solve plays after (it all but never folds them); as a seat saw it, the chance
    is the same whichever card the opponent holds (the conformance suite's worlds the
    seat cannot tell apart)."""
    import random

    from hunt.models.testing import indistinguishable_worlds
    from hunt.solver.analysis import solved_win_chances

    game = load_game("leduc")
    state = game.new_initial_state(0)
    for action in (2, 5, 1, 2, 1, 4, 2):  # a queen; a king that raised; a king shown
        state.apply_action(action)
    assert solved_win_chances(state, 100) == pytest.approx([0.0, 1.0], abs=1e-3)
    assert solved_win_chances(state, 100, seat=1) == pytest.approx([0.0, 1.0], abs=1e-3)
    assert 0.0 < solved_win_chances(state, 100, seat=0)[0] < 0.5  # a queen alone
    checked = 0
    for position, world, seat in indistinguishable_worlds(game, range(30), random.Random(4),
                                                          pairs=6, attempts=20):
        if not position.is_terminal():
            assert solved_win_chances(position, 100, seat) == \
                solved_win_chances(world, 100, seat)
            checked += 1
    assert checked >= 3


def test_an_analysis_that_shows_no_turning_point_claims_none_only_when_none_cost() -> None:
    """With --turning-points 0 the king's costly fold is not shown, and the analysis
    must not say that every decision was worth the solve's play."""
    from hunt.solver.analysis import analysis_lines, analysis_report

    state = load_game("leduc").new_initial_state(5)
    for action in (2, 4, 2, 0):  # a queen, a king; the queen raises, the king folds
        state.apply_action(action)
    lines = "\n".join(analysis_lines(state, analysis_report(state, None, count=0), None))
    assert "none: every decision" not in lines and "2 decisions" in lines


def test_a_seat_records_analysis_shows_that_seats_own_chances() -> None:
    from hunt.solver.analysis import analysis_lines, analysis_report

    state = load_game("leduc").new_initial_state(5)
    for action in (2, 4, 1, 1):  # a queen, a king; both check
        state.apply_action(action)
    report = analysis_report(state, 1, count=1)
    [decision] = report.decisions  # the second player's one decision
    lines = analysis_lines(state, report, 1)
    assert lines[0] == "Leduc Hold'em: 4 actions, 1 decision; win chances as the second " \
        "player saw them,"
    assert f"  before action   4: P(second wins) {decision.decider_before:5.1%}" in lines


def test_a_solve_calls_a_mistake_only_a_costly_move_outside_its_mix() -> None:
    from hunt.solver.analysis import Decision

    def decision(cost: float, share: float) -> Decision:
        return Decision(7, 1, "call", 0.5, 0.5, 0.5, 0.5, cost, share)

    assert decision(-0.5, 0.01).mistake  # played 1% of the time, 0.5 chips given up
    assert not decision(-0.1, 0.30).mistake  # in the mix: an unsettled solve's spread
    assert not decision(-0.005, 0.0).mistake  # as good as the mix, within COSTLESS
    assert not Decision(7, 1, "call", 0.5, 0.4, 0.5, 0.4).mistake  # a searched game


def test_a_playout_cut_short_counts_the_evaluations_chance_not_its_sign(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hunt's playouts stop after 40 actions at its fitted evaluation; a position
    the evaluation gives the German 60% counts 0.6 of a win, not a sure one (counted
    by sign, every such playout of a slightly worse position was a sure loss, and the
    analysis said "P(German wins) 0.0%" turn after turn while ships sank)."""
    from hunt.models.the_hunt.policy import TheHuntPolicy
    from hunt.models.the_hunt.rules import TheHuntState
    from hunt.solver import analysis
    from hunt.solver.profiles import search_profile

    state = load_game("the-hunt").new_initial_state(7)
    rng = random.Random(7)
    while state.flow == "setup" or state.current_player() < 0:
        state.apply_action(random_action(state, rng))
    cut_at_once = dataclasses.replace(search_profile(state.game), rollout_depth=0)
    monkeypatch.setattr(analysis, "search_profile", lambda game: cut_at_once)

    def sixty_percent(self: TheHuntPolicy, world: TheHuntState) -> list[float]:
        return [0.2, -0.2]

    monkeypatch.setattr(TheHuntPolicy, "evaluate", sixty_percent)
    assert analysis.win_chances(state, 5, random.Random(1)) == pytest.approx([0.6, 0.4])


def test_the_plot_shows_the_british_belief_in_rounds_spread_through_the_game() -> None:
    """`hunt analyze --plot` draws the belief map of the last British turn large and a
    strip of earlier ones: the plug-in draws the British turn `share` of the way
    through the game, each titled with its round."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot

    state = read_record(EXAMPLES / "the-hunt-full-game.json")
    plugin = game_plugin("the-hunt")
    assert plugin.analysis is not None and plugin.plot_board is not None
    report = plugin.analysis(state, dict.fromkeys(range(len(state.history)), 0.5), None)
    british = [turn for turn in report["turns"] if turn["side"] == "british"]
    figure = pyplot.figure(figsize=(12, 7.2))
    grid = figure.add_gridspec(2, 6)
    titles = []
    for place in range(6):
        axes = figure.add_subplot(grid[1, place])
        assert plugin.plot_board(state, report, axes, place / 6)
        titles.append(axes.get_title())
    last = figure.add_subplot(grid[0, :3])
    assert plugin.plot_board(state, report, last, 1.0)
    pyplot.close(figure)
    rounds = [int(title.removeprefix("round ")) for title in titles]
    assert rounds == sorted(rounds) and len(set(rounds)) == 6  # spread, in order
    assert rounds[0] == round_of(british[0]["turn"])
    assert last.get_title() == (f"British belief in round {round_of(british[-1]['turn'])}"
                                " (blue: the true hex)")
