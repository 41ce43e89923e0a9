"""The `hunt` command line: listing games and playing Jutland through piped input."""

from __future__ import annotations

import io
import json
import random
import re
from functools import partial
from pathlib import Path
from typing import TextIO, cast

import click
import pytest
from click.testing import CliRunner

from hunt.cli.main import cli
from hunt.cli.play import screen_of
from hunt.cli.prompt_game import read_choice
from hunt.models import load_game, state_from_record
from hunt.models.hunted import HuntedState
from hunt.models.hunting_party import HuntingPartyState
from hunt.models.jutland import JutlandGame
from hunt.solver import arena as arena_module
from hunt.solver.record_files import revealed_record


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.output


def test_help_lists_the_commands() -> None:
    code, out = run("--help")
    assert code == 0
    assert "games" in out and "play" in out


def test_games_lists_the_registered_games_with_player_counts() -> None:
    code, out = run("games")
    assert code == 0
    assert "jutland          Jutland (2 players: german, british)" in out
    assert "the-hunt         The Hunt (2 players: german, british)" in out


def test_play_jutland_to_the_end_through_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # A typo, an illegal choice (an enemy card / an unknown number), then "done" always.
    stdin = "dsicard hipper\ndeploy beatty\n42\n" + "done\n" * 300
    code, out = run("play", "jutland", "--as", "german", "--seed", "4", "--save", str(save),
                    "--ai", "heuristic", stdin=stdin)
    assert code == 0, out
    assert "you are the German; seed 4" in out
    assert "Not accepted: 'dsicard hipper' is not legal here; legal: " in out
    assert "Not accepted: 'deploy beatty' is not legal here" in out
    assert "There is no choice 42: pick 1 to" in out
    assert "Game over: " in out
    final = state_from_record(revealed_record(save, spoilers=True))
    assert final.is_terminal()


def test_play_jutland_a_line_naming_several_cards_plays_each_and_a_bad_one_none(
        tmp_path: Path) -> None:
    """`discard a b` at the prompt plays the two discards in turn, in any order; a line
    with a name that cannot be discarded is refused in one line and plays none."""
    save = tmp_path / "game.json"
    stdin = "discard jellicoe-bb hipper-dd\ndiscard scheer-lc nelson\nquit\n"
    code, out = run("play", "jutland", "--as", "british", "--seed", "5", "--save", str(save),
                    stdin=stdin)
    assert code == 0, out
    assert "Chosen to discard so far: hipper-dd, jellicoe-bb\n" in out
    assert "Not accepted: 'discard scheer-lc nelson': 'nelson' is not a card, so nothing " \
        "was played; accepted: discard and any of " in " ".join(out.split())  # wrapped
    actions = json.loads(save.read_text())["actions"]
    assert actions[-2:] == ["discard jellicoe-bb", "discard hipper-dd"]


def test_undo_after_a_line_naming_several_cards_takes_the_whole_line_back(
        tmp_path: Path) -> None:
    """The player typed one line, so `undo` takes back every discard it made, not only
    its last; a second undo then takes back the line before it."""
    save = tmp_path / "game.json"
    stdin = "discard hipper-dd\ndiscard scheer-lc scheer-dd\nundo\nundo\nquit\n"
    code, out = run("play", "jutland", "--as", "british", "--seed", "5", "--save", str(save),
                    stdin=stdin)
    assert code == 0, out
    assert out.count("Taken back.") == 2
    first, second = out.split("Taken back.")[1:]
    assert "Chosen to discard so far: hipper-dd\n" in first
    assert "Chosen to discard so far" not in second
    assert not any(action.startswith("discard")
                   for action in json.loads(save.read_text())["actions"])


def test_play_as_british_by_numbers(tmp_path: Path) -> None:
    code, out = run("play", "jutland", "--as", "british", "--seed", "9", "--level", "easy",
                    stdin="1\n" * 400)
    assert code == 0, out
    assert "you are the British" in out and "Game over: " in out


def test_the_screen_shows_only_what_the_seat_can_see() -> None:
    """Worlds a seat cannot tell apart draw the same screen for it."""
    state = load_game("jutland").new_initial_state(3)
    rng = random.Random(3)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        screens = {screen_of("jutland")(state.determinize(seat, random.Random(k)), seat)
                   for k in range(5)}
        assert screens == {screen_of("jutland")(state, seat)}


def test_end_of_input_stops_cleanly_and_keeps_the_record(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run("play", "jutland", "--seed", "4", "--save", str(save), "--ai", "random",
                    stdin="done\n")
    assert code == 0
    assert f"Stopped (the input ended); the game so far is saved in {save}" in out
    state = state_from_record(revealed_record(save, spoilers=True))
    assert not state.is_terminal()


def test_an_unknown_seat_is_a_one_line_usage_error() -> None:
    code, out = run("play", "jutland", "--as", "french")
    assert code == 2
    assert "'french' is not a seat of jutland; accepted: german, british" in out


def test_an_unknown_game_is_refused_with_the_choices() -> None:
    code, out = run("play", "chess")
    assert code == 2
    assert ("Invalid value for 'GAME': 'chess' is not one of 'hunted', 'hunting-party', "
            "'jutland', 'leduc', 'the-hunt'") in out


def test_arena_reports_win_rates_with_intervals_for_both_seatings() -> None:
    code, out = run("arena", "jutland", "--agents", "heuristic,random", "--games", "20")
    assert code == 0, out
    assert "heuristic against random, 40 games (20 seeds, both seatings)" in out
    assert "heuristic wins 40, draws 0, loses 0: score 1.000 (95% interval 0.912 to 1.000)" \
        in out
    assert "as german: wins 20 of 20" in out and "as british: wins 20 of 20" in out


def test_arena_reports_the_chips_a_game_where_a_game_counts_chips() -> None:
    """Leduc's equilibrium folds often and loses little: how much it wins says what
    how often cannot."""
    code, out = run("arena", "leduc", "--agents", "cfr:easy,random", "--games", "30",
                    "--json")
    assert code == 0, out
    data = json.loads(out[out.index("{"):])
    low, high = data["mean_return_95"]
    assert data["games"] == 60 and low < data["mean_return"] < high
    code, out = run("arena", "leduc", "--agents", "cfr:easy,random", "--games", "30")
    assert (f"cfr:easy wins {data['mean_return']:+.3f} chips a game on average (95% "
            f"interval {low:+.3f} to {high:+.3f})") in out
    code, out = run("arena", "jutland", "--agents", "random,random", "--games", "2")
    assert code == 0 and " a game on average" not in out  # a win is all Jutland counts


def test_arena_population_plays_one_agent_against_every_member_with_the_minimum(
        tmp_path: Path) -> None:
    """`--population`: the agent against the generic members and the game's own
    players, a row each, and the lowest score (overall and in one seat) last."""
    code, out = run("arena", "leduc", "--agents", "random", "--population", "--games", "4")
    assert code == 0, out
    rows = [line.split()[0] for line in out.splitlines() if line.startswith("  ")]
    assert rows[:6] == ["opponent", "random", "heuristic", "pimc", "ismcts:normal,tree=0",
                        "minimum"]
    code, out = run("arena", "leduc", "--agents", "random", "--population", "--games", "4",
                    "--json")
    table = json.loads(out[out.index("{"):])
    worst = min(table["rows"], key=lambda row: row["score"])
    assert table["minimum"]["score"] == worst["score"]
    assert table["minimum"]["opponent"] == worst["opponent"]
    code, out = run("arena", "leduc", "--agents", "random,heuristic", "--population")
    assert code == 2 and "give one agent with --population" in out
    log = tmp_path / "population.jsonl"  # a long run resumes from its log, every row
    run("arena", "leduc", "--agents", "random", "--population", "--games", "2", "--log",
        str(log))
    code, out = run("arena", "leduc", "--agents", "random", "--population", "--games", "3",
                    "--resume", str(log))
    assert code == 0 and "8 games played" in out and "16 counted from" in out


def test_arena_cross_plays_each_agent_against_each_and_turns_a_pair_round(
        tmp_path: Path) -> None:
    """`--cross`: a table of every agent against every other with each row's minimum.
    In a game of two seats (or a cooperative one) a pair is played once, and the second
    agent's row holds what the first did not take, each seat's points from the games
    the first sat in the other; with three seats each pair is played both ways."""
    log = tmp_path / "cross.jsonl"
    code, out = run("arena", "jutland", "--agents", "heuristic,random,greedy", "--cross",
                    "--games", "3", "--json", "--log", str(log))
    assert code == 0, out
    data = json.loads(out[out.index("{"):])
    assert data["timing"]["played"] == 3 * 3 * 2  # three pairs, once each
    rows = {(table["agent"], row["opponent"]): row for table in data["tables"]
            for row in table["rows"]}
    for (agent, opponent), row in rows.items():
        back = rows[(opponent, agent)]
        assert row["score"] == pytest.approx(1 - back["score"])
        assert row["by_seat"]["german"] == [3 - back["by_seat"]["british"][0], 3]
    for table in data["tables"]:
        assert table["minimum"]["score"] == min(row["score"] for row in table["rows"])
    code, out = run("arena", "jutland", "--agents", "heuristic,random,greedy", "--cross",
                    "--games", "3", "--resume", str(log))
    assert code == 0 and "0 games played" in out and "18 counted from" in out
    assert "| agent | heuristic | random | greedy | minimum |" in out
    greedy = next(line for line in out.splitlines() if line.startswith("| greedy |"))
    assert greedy.split(" | ")[3] == "-"  # no agent is measured against itself
    code, out = run("arena", "hunting-party", "--agents", "heuristic,random", "--cross",
                    "--games", "2", "--json")
    assert code == 0 and json.loads(out[out.index("{"):])["timing"]["played"] == 2 * 2 * 3
    code, out = run("arena", "hunted", "--agents", "heuristic,random", "--cross", "--games",
                    "2", "--json")  # cooperative: a pair of deals is the same from both sides
    data = json.loads(out[out.index("{"):])
    assert code == 0 and data["timing"]["played"] == 2 * 2
    first, second = (table["rows"][0] for table in data["tables"])
    assert first["score"] == pytest.approx(1 - second["score"])
    # An agent's games alone are every pair's it is in: played once, counted by each.
    three = ("arena", "hunted", "--agents", "heuristic,random,ismcts:iterations=2", "--cross",
             "--games", "2")
    log = tmp_path / "hunted.jsonl"
    code, out = run(*three, "--log", str(log))
    # the 3 pairs hold 12 games; ismcts's team as the second agent is in two of them
    assert code == 0 and "8 games played" in out, out
    code, out = run(*three, "--resume", str(log))
    assert code == 0 and "0 games played" in out and "8 counted from" in out, out
    code, out = run("arena", "jutland", "--agents", "heuristic,random", "--cross",
                    "--population")
    assert code == 2 and "give --population or --cross, not both" in out
    code, out = run("arena", "jutland", "--agents", "random,Random", "--cross")
    assert code == 2 and "an agent is named twice in 'random,Random'" in out
    code, out = run("arena", "jutland", "--agents", "heuristic,random", "--cross", "--sprt",
                    "0.5,0.6")
    assert code == 2 and "give --sprt without --cross" in out


def test_arena_sprt_stops_once_the_test_settles() -> None:
    """`--sprt LOW,HIGH`: the rule of thumb wins every Jutland game against random, so
    the test settles at its least number of seeds, far short of --games."""
    code, out = run("arena", "jutland", "--agents", "heuristic,random", "--games", "200",
                    "--sprt", "0.5,0.6")
    assert code == 0, out
    assert "after 20 seeds: heuristic scores 0.6 or better" in out
    assert "heuristic against random, 40 games" in out
    code, out = run("arena", "jutland", "--agents", "heuristic,random", "--sprt", "0.6,0.5")
    assert code == 2 and "must rise within 0 to 1" in out


def test_arena_json_and_a_bad_agent_spec() -> None:
    code, out = run("arena", "jutland", "--agents", "random,random", "--games", "3", "--json")
    assert code == 0
    data = json.loads(out[out.index("{"):])
    assert data["games"] == 6 and data["wins"] + data["draws"] + data["losses"] == 6
    code, out = run("arena", "jutland", "--agents", "random,alphazero")
    assert code == 2
    assert "no agent 'alphazero'; accepted: random, heuristic, ismcts, pimc" in out
    # After an agent with settings, a word that names no agent reads as one more setting.
    code, out = run("arena", "jutland", "--agents", "ismcts:normal,alphazero")
    assert code == 2 and "'alphazero' names no agent, so it reads as a setting of " \
        "'ismcts:normal' (agents: random, heuristic, ismcts, pimc, cfr, greedy, planner)" \
        in " ".join(out.split())
    code, out = run("arena", "jutland", "--agents", "random")
    assert code == 2 and "'random' names 1 agent (agents: " in " ".join(out.split())


def test_arena_log_has_a_json_line_per_game_as_it_ends(tmp_path: Path) -> None:
    log = tmp_path / "arena.jsonl"
    code, out = run("arena", "jutland", "--agents", "heuristic,random", "--games", "3",
                    "--log", str(log))
    assert code == 0, out
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted((game["seed"], game["first_agent_seat"]) for game in games) == \
        [(seed, seat) for seed in range(3) for seat in range(2)]
    for game in games:
        assert game["agents"][game["first_agent_seat"]] == "heuristic"
        assert game["returns"][game["first_agent_seat"]] == 1.0 and game["length"] > 0
        assert game["end"].endswith("win on more ships sunk")
    code, out = run("arena", "jutland", "--agents", "heuristic,random", "--games", "1",
                    "--log", str(tmp_path / "missing" / "arena.jsonl"))
    assert code == 2 and "cannot write the log" in out and "Traceback" not in out


def test_an_arena_game_that_fails_names_its_seed_and_seating(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def failing_game(*args: object) -> None:
        raise ValueError("no such card")

    monkeypatch.setattr(arena_module, "play_game", failing_game)
    code, out = run("arena", "jutland", "--agents", "heuristic,random", "--games", "1",
                    "--seed", "7")
    assert code == 2
    assert "jutland seed 7 (german heuristic, british random) stopped: ValueError: " \
        "no such card (at " in out
    assert "Traceback" not in out


def test_play_the_hunt_to_the_end_through_piped_input_as_each_side(tmp_path: Path) -> None:
    for seat in ("german", "british"):
        save = tmp_path / f"{seat}.json"
        stdin = "sarch G\n" + "1\n" * 1500
        code, out = run("play", "the-hunt", "--as", seat, "--seed", "6", "--ai", "heuristic",
                        "--save", str(save), stdin=stdin)
        assert code == 0, out[-2000:]
        assert "Not accepted: 'sarch G' is not legal here; legal: " in out
        assert "Game over: " in out
        assert state_from_record(revealed_record(save, spoilers=True)).is_terminal()


def test_ctrl_c_at_the_prompt_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    from hunt.cli.prompt_game import play_interactive
    from hunt.solver import HeuristicAgent

    class Interrupting:
        def readline(self, size: int = -1) -> str:
            raise KeyboardInterrupt

        def isatty(self) -> bool:
            return False

    game = load_game("jutland")
    save = tmp_path / "game.json"
    state = game.new_initial_state(3)
    with pytest.raises(SystemExit) as stopped:
        play_interactive(state, 0, [None, HeuristicAgent(1)], screen_of("jutland"),
                         cast(TextIO, Interrupting()), save)
    assert stopped.value.code == 130  # 128 + SIGINT, as shells expect
    assert not state.is_terminal()
    assert state_from_record(revealed_record(save, spoilers=True)) == state


def test_arena_agent_specs_may_carry_several_settings() -> None:
    from hunt.solver.agent_specs import split_agent_specs

    assert split_agent_specs("ismcts:iterations=30,depth=12,heuristic") == [
        "ismcts:iterations=30,depth=12", "heuristic"]
    assert split_agent_specs("random, pimc:iterations=5") == ["random", "pimc:iterations=5"]
    # an agent whose first setting has "=" starts a new agent; flags stay with theirs
    assert split_agent_specs("ismcts:smooth,ismcts:time=0.2,model=/tmp/A.npz") == [
        "ismcts:smooth", "ismcts:time=0.2,model=/tmp/A.npz"]


def test_a_scripts_agent_pair_keeps_each_agents_settings() -> None:
    """The scripts' `--agents A,B` read specs with settings as the arena does, and a
    count other than two is refused in words."""
    from hunt.solver.agent_specs import AgentSpecError, agent_pair

    game = load_game("the-hunt")
    assert agent_pair("ismcts:normal,tree=1,tracker", game) == ("ismcts:normal,tree=1",
                                                               "tracker")
    with pytest.raises(AgentSpecError, match="names 3 agents; accepted: two"):
        agent_pair("tracker,heuristic,random", game)


@pytest.mark.slow
def test_bench_quick_prints_every_figure_and_writes_them_as_json(tmp_path: Path) -> None:
    output = tmp_path / "bench.json"
    code, out = run("bench", "--quick", "--output", str(output))
    assert code == 0, out
    figures = json.loads(output.read_text())
    for name in ("jutland", "the-hunt"):
        entry = figures["games"][name]
        assert entry["random_playouts_per_s"] > 0 and entry["ismcts_iterations_per_s"] > 0
        assert entry["ismcts_parallel_iterations_per_s"] > 0  # the same search on 2 processes
        ratio = entry["ismcts_parallel_iterations_per_s"] / entry["ismcts_iterations_per_s"]
        assert f"  {name:<14} {entry['random_playouts_per_s']:>15.1f}" in out
        assert f"({ratio:.2f}x)" in out
        normal = entry["decision_seconds"]["normal"]
        assert 0 < normal["median"] <= normal["max"]
        assert f"  {name:<14} normal {normal['median']:.2f} / {normal['max']:.2f}" in out
    solve = figures["games"]["leduc"]["cfr"]  # Leduc's levels solve it whole
    assert solve["histories"] == 9457 and solve["iterations_per_s"] > 0
    assert (f"  leduc          CFR+ over 9457 histories: tree built in "
            f"{solve['tree_seconds']:.2f} s, {solve['iterations_per_s']:.0f} iterations/s") in out
    tracker = figures["tracker_update_ms"]
    assert 0 < tracker["median"] <= tracker["p95"]
    assert f"Graf Spee tracker update: median {tracker['median']:.4f} ms" in out
    assert f"the-hunt on a mid-game record: {figures['hint_seconds']['the-hunt']:.2f} s" in out
    assert f"peak memory: {figures['peak_memory_mb']:.0f} MB" in out


def test_play_the_hunt_with_hint_undo_save_and_resume(tmp_path: Path) -> None:
    """As the German at the easy level: a typo, an illegal move, a hint, an undo that
    is refused (no choice made yet) and one that is taken, a save, a quit; then
    the game resumes from the file and is played to the end."""
    save = tmp_path / "hunt.json"
    stdin = ("hnit\nmove graf-spee 4 01\nhint\nundo\nstart 24\naltmark 20\n"
             "play military-order ap\nmove graf-spee 1 28\nundo\nmove graf-spee 1 18\n"
             "save\nquit\n")
    code, out = run("play", "the-hunt", "--seed", "5", "--level", "easy", "--save", str(save),
                    stdin=stdin)
    assert code == 0, out[-2000:]
    assert "Not accepted: 'hnit' is not legal here" in out
    assert "Not accepted: 'move graf-spee 4 01' is not legal here" in out
    assert "Recommended play: start " in out and "Likeliest hexes: 01 2.4%" in out
    assert "Cannot undo: you have made no choice yet." in out
    assert out.count("Taken back.") == 1
    assert f"Saved in {save}; resume with: hunt play the-hunt --resume {save}" in \
        " ".join(out.split())  # wrapped at spaces
    record = revealed_record(save, spoilers=True)
    assert record["human"] == "german"
    assert record["actions"][-3:] == ["altmark 20", "play military-order ap",
                                      "move graf-spee 1 18"]
    code, out = run("play", "the-hunt", "--resume", str(save), "--level", "easy",
                    stdin="1\n" * 1500)
    assert code == 0, out[-2000:]
    assert "you are the German; resumed after 16 actions." in out
    assert "Game over: " in out
    assert state_from_record(revealed_record(save, spoilers=True)).is_terminal()


def test_play_the_hunt_as_british_with_hint_undo_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "hunt.json"
    stdin = "sarch G\nsearch Z\nhint\n1\nundo\n1\nsave\nquit\n"
    code, out = run("play", "the-hunt", "--as", "british", "--seed", "8", "--level", "easy",
                    "--save", str(save), stdin=stdin)
    assert code == 0, out[-2000:]
    assert "Not accepted: 'sarch G' is not legal here" in out
    assert "Not accepted: 'search Z' is not legal here" in out
    assert "Searches this turn" in out and "Recommended play: " in out  # the hint
    assert "Taken back." in out or "Cannot undo" in out
    assert revealed_record(save, spoilers=True)["human"] == "british"
    code, out = run("play", "the-hunt", "--resume", str(save), "--level", "easy",
                    stdin="1\n" * 1500)
    assert code == 0, out[-2000:]
    assert "you are the British; resumed after" in out and "Game over: " in out
    assert state_from_record(revealed_record(save, spoilers=True)).is_terminal()


def test_resuming_a_foreign_or_broken_file_is_refused_in_one_line(tmp_path: Path) -> None:
    foreign = tmp_path / "jutland.json"
    foreign.write_text(json.dumps(load_game("jutland").new_initial_state(1).to_record()))
    code, out = run("play", "the-hunt", "--resume", str(foreign))
    assert code == 2 and "is a record of 'jutland', not 'the-hunt'" in out
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "the-hunt", "seed": 1, "actions": ["freighter e-a", "x"]}')
    code, out = run("play", "the-hunt", "--resume", str(broken))
    assert code == 2 and "action 2: 'x' is not legal here" in out
    assert len(out.strip().splitlines()) == 1


def test_the_british_screen_never_shows_the_hidden_graf_spee() -> None:
    """Along a whole game, worlds the British cannot tell apart (the raider elsewhere,
    other German cards) draw the very same British screen."""
    from hunt.models.testing import indistinguishable_worlds
    from hunt.solver import HeuristicAgent

    compared = 0
    for state, world, seat in indistinguishable_worlds(
            load_game("the-hunt"), range(9, 13), random.Random(9), pairs=5, seat=1,
            probability=0.3, attempts=8,
            policy=lambda state, seed: HeuristicAgent(seed).select_action(state)):
        assert screen_of("the-hunt")(world, seat) == screen_of("the-hunt")(state, seat)
        compared += 1
    assert compared == 5


def test_manual_dice_asks_for_every_draw_and_checks_it(tmp_path: Path) -> None:
    """Beside a physical copy: the freight draw and the German's own cards are typed in;
    one that cannot come up (a second freighter from the same port) is refused. The
    computer's British cards are drawn by the program, never asked for."""
    save = tmp_path / "table.json"
    cards = ["kriegsmarine", "radar", "marconi", "langsdorff", "pocket-battleships"]
    stdin = "freighter e-a\nfreighter e-s\nfreighter b-e1\n" + "".join(
        f"draw {card}\n" for card in cards) + "quit\n"
    code, out = run("play", "the-hunt", "--dice", "manual", "--ai", "heuristic",
                    "--seed", "1", "--save", str(save), stdin=stdin)
    assert code == 0, out[-2000:]
    assert "Not accepted: 'freighter e-s' is not legal here" in out
    assert out.count("Chance: what came up at the table?") == 2 + len(cards)
    record = revealed_record(save, spoilers=True)
    assert record["actions"][:7] == ["freighter e-a", "freighter b-e1",
                                     *(f"draw {card}" for card in cards)]
    assert len([text for text in record["actions"] if text.startswith("draw ")]) == 10


def test_manual_dice_never_asks_the_british_for_the_computers_hidden_draws(
        tmp_path: Path) -> None:
    """A person types only what a person at the table sees: the public
    freight draw and their own cards, not the German's, whose draw options would list
    what is left of the German deck."""
    save = tmp_path / "table.json"
    cards = ["royal-navy", "cumberland", "k-and-h", "fair-weather", "convoy-routes"]
    stdin = "freighter e-a\nfreighter b-e1\n" + "".join(f"draw {card}\n" for card in cards) \
        + "quit\n"
    code, out = run("play", "the-hunt", "--as", "british", "--dice", "manual", "--ai",
                    "heuristic", "--seed", "1", "--save", str(save), stdin=stdin)
    assert code == 0, out[-2000:]
    assert out.count("Chance: what came up at the table?") == 2 + len(cards)
    assert "draw langsdorff" not in out  # a German card: never offered to the British
    actions = revealed_record(save, spoilers=True)["actions"]
    assert actions[:2] == ["freighter e-a", "freighter b-e1"]
    assert actions[7:12] == [f"draw {card}" for card in cards]  # after 5 German draws


def test_the_map_is_in_colour_on_a_terminal_and_plain_with_no_color(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def screen(*extra: str) -> str:
        result = CliRunner().invoke(cli, ["play", "the-hunt", "--seed", "3", "--as", "german",
                                          "--ai", "heuristic", *extra],
                                    input="start 24\naltmark 25\nquit\n", color=True)
        return result.output

    coloured, plain = screen(), screen("--no-color")
    assert "24\x1b[31m\x1b[1mS\x1b[0m" in coloured  # the Graf Spee in bold red
    assert "\x1b[" not in plain and "     23f*  24S   28    25A" in plain
    monkeypatch.setenv("NO_COLOR", "1")  # https://no-color.org: any value but empty
    no_color = screen()
    assert "\x1b[" not in no_color and "     23f*  24S   28    25A" in no_color


@pytest.mark.parametrize(("name", "seat", "ending"), [
    ("jutland", "german", "Game over: the Germans win on more ships sunk.\nYou won.\n"),
    ("leduc", "first", "Game over: you folded; you lose 1 chip.\nYou lost.\n"),
    ("hunted", "p1", "Game over: health ran out.\nYou lost.\n"),
    ("hunting-party", "p1", "(not met) - 3 for dying = -3 points.\nYou won.\n")])
def test_the_end_says_whether_you_won_why_and_the_score(name: str, seat: str, ending: str,
                                                         tmp_path: Path) -> None:
    code, out = run("play", name, "--as", seat, "--seed", "3", "--ai", "random",
                    "--save", str(tmp_path / "game.json"), stdin="1\n" * 400)
    assert code == 0, out
    assert ending + "Another game? (y/n) " in out
    assert out.endswith("Another game? (y/n) \n")  # the input ended: no more games
    assert not (tmp_path / "game-2.json").exists()


def test_another_game_follows_with_the_next_seed_its_own_save_file_and_a_tally(
        tmp_path: Path) -> None:
    """Poker is played hand after hand: after a game, y plays another (a seed given
    counts on, so each game replays from its own), saved beside the first, and the
    session's games and chips are added up."""
    from hunt.solver.record_files import read_record

    # Calls to the showdown: at most four a hand; one left over is asked again.
    hand = "call\n" * 4 + "maybe\n"
    code, out = run("play", "leduc", "--seed", "3", "--ai", "random",
                    "--save", str(tmp_path / "g.json"), stdin=f"{hand}y\n{hand}n\n")
    assert code == 0, out
    first, second = (read_record(tmp_path / name, "leduc") for name in ("g.json", "g-2.json"))
    assert first.is_terminal() and second.is_terminal()
    assert (first.seed, second.seed) == (3, 4)
    assert "seed 4.\nIts hidden draws follow from the seed" in out
    assert "'maybe' is not an answer here: y plays another game, n stops (log, rules still " \
        "answer)." in out
    chips = first.returns()[0] + second.returns()[0]
    assert out.count("Another game? (y/n) ") >= 3 and out.endswith("Another game? (y/n) n\n")
    assert "After 2 games: " in out and f"; chips in all: {chips:+g}." in out


def test_every_game_is_saved_by_default_and_can_be_resumed(tmp_path: Path) -> None:
    code, out = run("play", "jutland", "--seed", "12", "--ai", "heuristic", stdin="done\n")
    assert code == 0
    found = re.search(r"Saved after every move in (\S+) \(resume", out)
    assert found is not None
    saved = Path(found.group(1))
    assert saved.parent == tmp_path / "saves"  # HUNT_SAVE_DIR (tests/conftest.py)
    assert re.fullmatch(r"jutland-\d{8}-\d{6}(-\d+)?\.json", saved.name)  # not the seed
    assert f"the game so far is saved in {saved}" in out
    code, out = run("play", "jutland", "--resume", str(saved), "--ai", "heuristic",
                    stdin="done\n" * 300)
    assert code == 0 and "resumed after" in out and "Game over" in out


def test_a_british_transcript_never_names_the_raiders_hex_before_it_is_revealed() -> None:
    """A whole game as the British through the CLI: before the first reveal no line
    puts the Graf Spee on a hex, and a map marks it (S) only where the public events
    leave a single hex possible (no '?' left on that map)."""
    import re

    code, out = run("play", "the-hunt", "--as", "british", "--seed", "21", "--ai",
                    "heuristic", stdin="1\n" * 1500)
    assert code == 0 and "Game over: " in out
    hidden = out.split("The Graf Spee is revealed on")[0]
    assert len(hidden) > 5000  # a real stretch of play before any reveal
    # (the map's key beside its rows names the Graf Spee's letter, not a hex)
    assert not [line for line in hidden.splitlines()
                if "Graf Spee" in line.replace("S Graf Spee", "")
                and re.search(r"\b\d\d\b", line)]
    key = re.compile(r" {4}[SAGfh*?] \S.*$")  # the map's key beside its rows, cut off
    maps = ["\n".join(key.sub("", row) for row in screen.splitlines()[1:8])
            for screen in out.split("=== The Hunt")[1:]]
    marked = [board for board in maps if re.search(r"\d\dS", board)]
    assert marked and all("?" not in board for board in marked)


def test_play_a_whole_3_player_hunting_party_through_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "party.json"
    stdin = "shoot the lion\n" + "2\n1\n" * 400
    code, out = run("play", "hunting-party", "--players", "3", "--as", "p2", "--seed", "8",
                    "--ai", "heuristic", "--save", str(save), stdin=stdin)
    assert code == 0, out[-2000:]
    assert "you are Player 2; seed 8" in out
    assert "Not accepted: 'shoot the lion' is not legal here; legal: " in out
    assert "Game over (" in out
    final = state_from_record(revealed_record(save, spoilers=True))
    assert isinstance(final, HuntingPartyState) and final.is_terminal()
    assert final.game.info.num_players == 3 and final.round >= 3


def test_players_is_refused_in_one_line_by_a_game_without_it() -> None:
    code, out = run("play", "jutland", "--players", "3")
    assert code == 2 and "jutland is played by 2 players, always; --players is for a game " \
        "with a range (hunt games lists them)" in out
    code, out = run("play", "hunting-party", "--players", "7")
    assert code == 2 and "players must be a whole number from 2 to 5" in out


def test_arena_seats_the_first_agent_in_each_seat_of_a_4_player_game() -> None:
    code, out = run("arena", "hunting-party", "--players", "4", "--agents", "heuristic,random",
                    "--games", "2", "--json")
    assert code == 0, out
    data = json.loads(out[out.index("{"):])
    assert data["games"] == 8 and sorted(data["by_seat"]) == ["p1", "p2", "p3", "p4"]


def test_play_a_whole_solo_hunted_game_through_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "hunted.json"
    # A typo, a hint, then always the first choice (activate when possible, else draw;
    # in a fight: flip, reload or toss) until the game ends.
    stdin = "drwa\nhint\n" + "1\n" * 3000
    code, out = run("play", "hunted", "--seed", "5", "--save", str(save), stdin=stdin)
    assert code == 0, out[-2000:]
    assert "Hunted: Mining Colony 415: you are Player 1; seed 5" in out
    assert "Not accepted: 'drwa' is not legal here; legal: draw, hide" in out
    assert "The next card: an alien" in out and "chance to escape" in out
    assert "Game over: " in out
    final = state_from_record(revealed_record(save, spoilers=True))
    assert isinstance(final, HuntedState) and final.is_terminal()
    assert final.game.info.num_players == 1


def test_play_a_whole_two_player_hunted_game_beside_the_computer_partner(
        tmp_path: Path) -> None:
    save = tmp_path / "hunted2.json"
    code, out = run("play", "hunted", "--players", "2", "--seed", "6", "--iterations", "20",
                    "--save", str(save), stdin="1\n" * 3000)
    assert code == 0, out[-2000:]
    assert "Shared row:" in out and "p2 holds" in out and "Game over: " in out
    final = state_from_record(revealed_record(save, spoilers=True))
    assert isinstance(final, HuntedState) and final.is_terminal()
    assert final.game.info.num_players == 2
    assert any(final.history[i] != final.history[0] for i in range(len(final.history)))


def test_hunted_manual_dice_the_person_types_the_hits_of_a_real_toss(tmp_path: Path) -> None:
    save = tmp_path / "manual.json"
    # Draw cards by hand (two aliens: a fight), toss 2 shots, 1 hits, keep the reroll.
    stdin = ("draw\ncard drone\ndraw\ncard stalker\ntoss pulse-rifle 2\nhits 3\nhits 1\n"
             "keep\nquit\n")
    code, out = run("play", "hunted", "--seed", "1", "--dice", "manual", "--save", str(save),
                    "-o", "hit_rates=token=0.4", stdin=stdin)
    assert code == 0, out
    assert "Not accepted: 'hits 3' is not legal here" in out
    final = state_from_record(revealed_record(save, spoilers=True))
    assert isinstance(final, HuntedState)
    assert final.game.hit_rates["token"] == 0.4
    assert final.fight is not None and final.fight.hits == 1 and final.health == [5]


def test_hunted_options_are_checked_in_one_line() -> None:
    code, out = run("play", "hunted", "-o", "hit_rates=token=lots")
    assert code == 2 and "hit_rates='token=lots' is not KEY=P" in out
    code, out = run("play", "hunted", "--players", "3")
    assert code == 2 and "players must be 1 or 2" in out
    code, out = run("play", "jutland", "-o", "difficulty=hard")
    assert code == 2 and "jutland has no option difficulty" in out


def test_hint_for_hunted_gives_the_next_card_odds_and_chances_to_escape(
        tmp_path: Path) -> None:
    game = load_game("hunted")
    state = game.new_initial_state(2)
    for text in ("draw", "card hatch", "draw", "card drone"):
        state.apply_action(state.string_to_action(text))
    record = tmp_path / "record.json"
    record.write_text(json.dumps(state.to_record()))
    code, out = run("hint", "hunted", str(record), "--as", "p1", "--iterations", "100")
    assert code == 0, out
    assert "The next card: an alien" in out and "forces a fight at once" in out
    assert "Recommended play:" in out and "chance to escape" in out


def test_arena_compares_two_agents_on_the_same_deals_in_a_cooperative_game() -> None:
    code, out = run("arena", "hunted", "--agents", "heuristic,random", "--games", "6",
                    "--json")
    assert code == 0, out
    data = json.loads(out[out.index("{"):])
    assert data["games"] == 6 and data["wins"] + data["draws"] + data["losses"] == 6
    assert sum(data["end_reasons"].values()) == 12  # each seed once per agent
    # A seed counts for the heuristic when it escaped there and random did not.
    heuristic, random_team = data["team_wins"]
    assert data["wins"] - data["losses"] == heuristic - random_team
    code, out = run("arena", "hunted", "--agents", "heuristic,random", "--games", "3")
    assert code == 0 and "the players win or lose together" in out
    assert "heuristic wins" in out and "on the same deals" in out


def test_a_terminal_is_told_while_the_computer_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import threading

    from hunt.cli import prompt_game as play_module
    from hunt.solver import HeuristicAgent

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    class Slow(HeuristicAgent):
        def select_action(self, state: object) -> object:  # type: ignore[override]
            started.wait(5)  # answers only once the notice is out
            return super().select_action(state)  # type: ignore[arg-type]

    started = threading.Event()
    terminal = Terminal()
    monkeypatch.setattr("sys.stdout", terminal)
    monkeypatch.setattr(play_module, "THINKING_AFTER", 0.0)
    def echo(text: str = "", nl: bool = True) -> None:
        terminal.write(text + ("\n" if nl else ""))
        started.set()

    monkeypatch.setattr("click.echo", echo)
    state = load_game("jutland").new_initial_state(3)
    while state.current_player() < 0:  # the deal, to the German's first choice
        state.apply_action(state.sample_chance_outcome(random.Random(3)))
    play_module.decided(partial(Slow(0).select_action, state))  # type: ignore[arg-type]
    notice = "The computer is thinking..."
    assert terminal.getvalue() == notice + "\r" + " " * len(notice) + "\r"
    terminal.seek(0)
    terminal.truncate()
    monkeypatch.setattr(Terminal, "isatty", lambda self: False)  # piped: never said
    started.set()
    play_module.decided(partial(Slow(0).select_action, state))  # type: ignore[arg-type]
    assert terminal.getvalue() == ""


def test_menus_name_the_fate_card_a_choice_takes_by_its_event_and_animal() -> None:
    from hunt.cli.menu import labelled
    from hunt.models.game import random_action
    from hunt.models.hunting_party import HuntingPartyGame

    game = HuntingPartyGame()
    seen: dict[str, str] = {}
    for seed in range(60):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and len(seen) < 2:
            for action in state.legal_actions() if state.current_player() >= 0 else ():
                if action.verb in ("trophy", "discard") and action.arg in game.fate:
                    seen.setdefault(action.verb, labelled(state.action_to_string(action),
                                                          state.choice_note(action)))
            state.apply_action(random_action(state, rng))
    card = game.fate[seen["discard"].split()[1]]
    assert seen["discard"].endswith(f" ({card.event}, {card.animal})")
    trophy = game.fate[seen["trophy"].split()[1]]
    assert seen["trophy"] == f"trophy {trophy.id} ({trophy.animal})"


def test_the_next_games_file_is_numbered_beside_the_last_and_never_one_taken(
        tmp_path: Path) -> None:
    from hunt.solver.record_files import numbered

    first = tmp_path / "game.json"
    assert numbered(first) == tmp_path / "game-2.json"
    (tmp_path / "game-2.json").write_text("notes of mine")  # taken: skipped, not asked
    assert numbered(first) == tmp_path / "game-3.json"
    assert numbered(tmp_path / "game-3.json") == tmp_path / "game-4.json"
    assert numbered(tmp_path / "v1.5.json") == tmp_path / "v1.5-2.json"
    # A default save file ends in the time of day, not a game number.
    assert numbered(tmp_path / "leduc-20261202-163637.json") \
        == tmp_path / "leduc-20261202-163637-2.json"


def test_a_resumed_game_goes_on_to_a_new_one_beside_it_counting_only_this_sessions(
        tmp_path: Path) -> None:
    saved = tmp_path / "hand.json"
    hand = "call\n" * 4 + "maybe\n"
    code, out = run("play", "leduc", "--seed", "3", "--ai", "random", "--save", str(saved),
                    stdin=f"{hand}n\n")
    assert code == 0 and "Another game?" in out
    code, out = run("play", "leduc", "--resume", str(saved), "--seed", "3", "--ai", "random",
                    stdin=f"y\n{hand}quit\n")
    assert code == 0, out
    assert "seed 4.\nIts hidden draws follow from the seed" in out
    assert (tmp_path / "hand-2.json").exists()
    assert "After" not in out  # the resumed game ended in the session before


def test_hint_takes_the_seat_from_a_full_record(tmp_path: Path) -> None:
    """A full record that names its person's seat (`human`, as `hunt play` saves it)
    needs no --as; one that names none still asks for it."""
    record = json.loads((Path(__file__).parent.parent / "examples" / "the-hunt-full-game.json")
                        .read_text())
    named, unnamed = tmp_path / "named.json", tmp_path / "unnamed.json"
    named.write_text(json.dumps(record | {"human": "british"}))
    unnamed.write_text(json.dumps(record))
    code, out = run("hint", "the-hunt", str(named), "--iterations", "0")
    assert code == 0 and "advice for the British" in out, out
    code, out = run("hint", "the-hunt", str(unnamed), "--iterations", "0")
    assert code == 2 and "a full record needs the seat to advise" in out


def test_a_printed_card_name_is_accepted_at_the_prompt() -> None:
    """At `hunt play`, "discard Hipper Battle Cruisers" is "discard hipper-bc"."""
    game = cast(JutlandGame, load_game("jutland"))
    state = game.new_initial_state(3)
    rng = random.Random(3)
    while not (state.current_player() >= 0 and any(
            state.action_to_string(a).startswith("discard ") for a in state.legal_actions())):
        state.apply_action(rng.choice(state.legal_actions()))
    cards = {card.id: card.title for card in game.cards}
    text = next(state.action_to_string(a) for a in state.legal_actions()
                if state.action_to_string(a).startswith("discard "))
    printed = "discard " + cards[text.split()[1]].upper()
    chosen = read_choice(state, io.StringIO(printed + "\n"))
    assert chosen == [state.string_to_action(text)]


def test_hunting_party_end_screen_explains_each_score_and_shows_the_goals() -> None:
    """At the end every Hunter's Goal is shown (it is scored), and the screen says how
    each score was made: a point a trophy, the Goal's points if met, 3 off for dying."""
    state = load_game("hunting-party", players=3).new_initial_state(5)
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    out = screen_of("hunting-party")(state, 0)
    explained = " ".join(out[out.index("Game over ("):].split())
    for seat, score in enumerate(state.scores()):
        goal = state.game.goals[state.goal[seat]]
        assert f"for the Goal '{goal.text.rstrip('.')}'" in explained
        assert re.search(rf"p{seat + 1} \([^)]*\): \d+ troph(y|ies) .*?= {score} points?\.",
                         explained)


def test_a_personal_fate_at_the_flee_window_is_said_in_words() -> None:
    """"animal-attack (trophy 0)" reads "animal attack: you bag the animal"."""
    lines = set()
    for seed in range(30):
        state = load_game("hunting-party", players=3).new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            if seat >= 0 and state.observation(seat)["threat"] is not None:
                screen = click.unstyle(screen_of("hunting-party")(state, seat))
                lines |= {line for line in screen.splitlines()
                          if line.startswith("Your personal fate")}
            state.apply_action(rng.choice(state.legal_actions()))
    assert "Your personal fate: animal attack: you bag the animal. Flee from your" in lines
    assert "Your personal fate: natives: you discard 2 cards. Flee from your hand?" in lines
    assert not any(re.search(r"\(\w+ \d\)", line) for line in lines), lines


def test_the_resume_command_a_save_prints_can_be_pasted_when_its_path_has_spaces(
        tmp_path: Path) -> None:
    """The command printed to resume a saved game quotes a path with a space, so that
    it can be pasted into a shell as it is."""
    save = tmp_path / "my games" / "the hunt.json"
    code, out = run("play", "the-hunt", "--seed", "5", "--ai", "heuristic", "--as", "british",
                    stdin=f"save {save}\nquit\n")
    assert code == 0, out[-2000:]
    assert f"resume with: hunt play the-hunt --resume '{save}'" in " ".join(out.split())
    assert save.exists()


def test_a_save_whose_seat_is_not_the_games_is_refused_naming_the_file(tmp_path: Path) -> None:
    """A saved game whose seat field names no seat of the game is a broken file: the
    one-line error names the file and the seats accepted, not an option never given."""
    save = tmp_path / "game.json"
    code, out = run("play", "the-hunt", "--seed", "5", "--ai", "heuristic", "--as", "british",
                    "--save", str(save), stdin="quit\n")
    assert code == 0, out[-2000:]
    record = json.loads(save.read_text())
    record["seat"] = "french"
    save.write_text(json.dumps(record))
    code, out = run("play", "the-hunt", "--resume", str(save))
    assert code == 2
    assert f"{save}: its seat 'french' is not a seat of the-hunt; accepted: german, british" \
        in " ".join(out.split())
    assert "--as" not in out and "Traceback" not in out


def test_a_screen_repeats_the_unseen_log_entries_or_its_usual_few_at_most_six() -> None:
    """A screen repeats the unseen log entries, or its usual few if more, six at most,
    and says how many unseen ones it leaves to `log`."""
    from hunt.models.events import recent

    log = list(range(20))
    assert recent(log, 3) == ([17, 18, 19], 0)
    assert recent(log, 3, unseen=1) == ([17, 18, 19], 0)  # never fewer than the usual few
    assert recent(log, 3, unseen=5) == ([15, 16, 17, 18, 19], 0)
    # the newest six, and nine unseen left to the log
    assert recent(log, 3, unseen=15) == ([14, 15, 16, 17, 18, 19], 9)
    # entries the screen shows elsewhere are left out: two unseen, so the usual three
    assert recent(log, 3, unseen=5, shown=lambda entry: entry % 2 == 0) == ([14, 16, 18], 0)
    assert recent([], 3, unseen=2) == ([], 0)
    assert recent(log[:4], 3, unseen=7) == ([0, 1, 2, 3], 0)  # more unseen than the log


def test_a_screen_repeats_every_event_since_the_seats_last_screen() -> None:
    """The other side's whole turn is on a seat's next screen, not only its last three
    events: a German card that pushed the Storm at Sea out of them went unsaid."""
    from hunt.models.events import NEWS_MOST
    from hunt.models.registry import game_policy
    from hunt.models.the_hunt import TheHuntGame
    from hunt.models.the_hunt.words import log_lines

    game = TheHuntGame()
    policy, rng = game_policy(game), random.Random(42)
    render = screen_of("the-hunt")
    # the first screen's news: every event since the game began
    state, british, shown_at, long_news = game.new_initial_state(42), 1, 0, 0
    while not state.is_terminal() and long_news < 3:
        if state.current_player() == british and len(state.legal_actions()) > 1:
            log = state.observation(british)["log"]
            screen = " ".join(click.unstyle(render(state, british)).split())
            assert screen == " ".join(click.unstyle(render(state, british)).split())
            # every event since, but the Freight's and the end
            news = [entry for entry in log[shown_at:]
                    if entry["event"] != "game-over"]
            for line in log_lines(game, news[-NEWS_MOST:]):
                assert " ".join(line.split()) in screen
            if len(news) > NEWS_MOST:  # the rest are counted, for the `log` page
                assert f"{len(news) - NEWS_MOST} earlier event" in screen
            long_news += len(news) > 3
            shown_at = len(log)
        if state.current_player() < 0:
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(policy.rollout_action(state, rng))
    assert long_news == 3  # three screens had more than three events to say


def test_the_finished_games_pages_answer_at_another_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`log` (and the game's other pages) still answer when the game is over, at
    "Another game?"; anything else is refused with the answers that are accepted."""
    from hunt.cli.play import another_game

    pages = {"log": lambda rest: "  1. The Graf Spee is sunk."}
    assert another_game(io.StringIO("log\nmaybe\nn\n"), pages) is False
    out = capsys.readouterr().out
    assert "  1. The Graf Spee is sunk." in out
    assert "'maybe' is not an answer here: y plays another game, n stops (log still " \
        "answers)." in out


def test_a_forced_first_choice_comes_after_the_board(tmp_path: Path) -> None:
    """A seat whose first decision has one choice (the British pass on the German's
    first card, holding no reaction) sees the board before that choice is made for it,
    and what the choice lets happen."""
    code, out = run("play", "the-hunt", "--as", "british", "--seed", "3", "--ai", "random",
                    "--save", str(tmp_path / "game.json"), stdin="quit\n")
    assert code == 0, out
    # and the forced choice says what it lets happen
    forced = out.index("> pass (your only choice: the card stands)")
    assert "=== The Hunt - round 1, German turn" in out[:forced]
