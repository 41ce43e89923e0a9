"""Bad input never kills. Each test is one way a person (or a file) can give
hunt something broken; the answer is one line saying what is wrong and what is
accepted, exit code 2 for a command, the prompt again in a game; never a traceback.

The fuzz tests at the end run `HUNT_FUZZ_CASES` cases (default: a CI-sized run of
about ten seconds) and print their counts.
"""

from __future__ import annotations

import io
import json
import os
import random
import stat
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hunt.cli.main import cli
from hunt.cli.menu import parse_number
from hunt.errors import OptionError, OutputError, RecordError
from hunt.models import available_games, load_game, state_from_record
from hunt.models.game import random_action
from hunt.solver.record_files import (
    MAX_DEPTH,
    MAX_RECORD_BYTES,
    read_record,
    revealed_record,
    save_record,
    writable_file,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FUZZ_CASES = int(os.environ.get("HUNT_FUZZ_CASES", "0")) or None


def run(*args: str, stdin: str | bytes = "") -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin)


def one_line_error(result: Result) -> str:
    """The error line of a refused command, checked to be a usage error in one line."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    return errors[0]


def play_leduc(*extra: str, stdin: str | bytes = "quit\n") -> Result:
    return run("play", "leduc", "--seed", "1", "--ai", "heuristic", *extra, stdin=stdin)


def leduc_record(tmp_path: Path, **changes: object) -> Path:
    record = {"format": 2, "game": "leduc", "seed": 1, "actions": []} | changes
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


# 1. Numbers at the prompt ---------------------------------------------------------

@pytest.mark.parametrize("typed", ["²", "①", "٣", "1" * 4301, "١٢"])
def test_digits_int_cannot_read_are_answered_and_the_prompt_comes_again(typed: str) -> None:
    result = play_leduc(stdin=f"{typed}\n1\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Traceback" not in result.output
    answer = next(line for line in result.output.splitlines()
                  if "Not accepted" in line or "There is no choice" in line)
    assert len(answer) < 200  # a 4,301-digit number is quoted cut short
    assert parse_number(typed) is None
    assert parse_number("2") == 2 and parse_number(" 2") is None


# 2. Undo at a manual-dice chance prompt -------------------------------------------------

def test_undo_at_a_manual_dice_prompt_is_answered_and_the_draw_asked_again() -> None:
    result = run("play", "jutland", "--dice", "manual", "--seed", "1", "--level", "easy",
                 stdin="undo\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Cannot undo a roll or a draw: type what came up." in result.output
    assert result.output.count("Chance: what came up at the table?") == 2


# 3. Save paths ------------------------------------------------------------------

def test_unwritable_save_paths_are_refused_in_one_line_and_leave_no_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert "/proc/x" in one_line_error(play_leduc("--save", "/proc/x"))
    assert "not a regular file" in one_line_error(play_leduc("--save", ""))
    monkeypatch.setenv("HUNT_SAVE_DIR", "/proc/zz")
    assert "/proc/zz" in one_line_error(play_leduc())
    assert os.listdir(tmp_path) == []  # no temporary file left behind
    result = run("bench", "--quick", "--output", "/proc/x")  # refused before the run
    assert "/proc/x" in one_line_error(result) and "measuring" not in result.output


def test_save_with_a_null_byte_at_the_prompt_is_answered_and_the_game_goes_on() -> None:
    result = play_leduc(stdin="save a\0b\n1\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Not saved: 'a\\x00b' is not a file name" in result.output
    assert "Stopped (you quit); the game so far is saved" in result.output


def test_a_failed_automatic_save_is_said_once_and_the_game_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hunt.cli.play import screen_of
    from hunt.cli.prompt_game import play_interactive
    from hunt.solver import HeuristicAgent

    blocker = tmp_path / "file"
    blocker.write_text("")  # a file where the save folder should be: every save fails
    state = play_interactive(load_game("leduc").new_initial_state(1), 0,
                             [None, HeuristicAgent(1)], screen_of("leduc"),
                             io.StringIO("1\n1\n1\n1\n1\n1\nquit\n"),
                             blocker / "game.json")
    out = capsys.readouterr().out
    assert len(state.history) > 3  # the game went on
    assert out.count("Not saved:") == 1, out
    assert "is not a folder" in out and "the game goes on" in out and "Game over" in out
    assert os.listdir(tmp_path) == ["file"]


# 4. Undecodable input ---------------------------------------------------------------

def test_invalid_utf8_at_the_prompt_is_answered_and_the_prompt_comes_again() -> None:
    result = play_leduc(stdin=b"\xff\n1\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "That line is not valid text" in result.output
    assert "Stopped (you quit)" in result.output


# 5. Records -----------------------------------------------------------------------

def test_broken_records_are_refused_in_one_line(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    huge.write_text('{"game": "leduc", "seed": ' + "9" * 4301 + ', "actions": []}')
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    shallow_but_too_deep = tmp_path / "nested.json"
    shallow_but_too_deep.write_text("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, reason in ((huge, "4301 digits"), (deep, "nested too deeply"),
                         (shallow_but_too_deep, "nested too deeply"),
                         (big, "bytes"), (fifo, "not a regular file"),
                         (Path("/dev/zero"), "not a regular file")):
        with pytest.raises(RecordError, match=reason):
            read_record(path)
        for command in (["analyze", "leduc", str(path)],
                        ["hint", "leduc", str(path), "--as", "first"],
                        ["play", "leduc", "--resume", str(path)]):
            assert reason in one_line_error(run(*command, stdin="quit\n"))


def test_a_record_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(
        {"game": "leduc", "seed": 1, "actions": []}).encode())
    assert read_record(path, "leduc").seed == 1


@pytest.mark.parametrize("options", [{"hit_rates": 5}, {"hit_rates": [0.5]},
                                     {"difficulty": ["hard"]}, {"target": {}},
                                     {"players": True}, {"self": 1}])
def test_record_options_of_the_wrong_type_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(RecordError):
        state_from_record({"game": "hunted", "seed": 1, "options": options, "actions": []})


# 6. Booleans where numbers are wanted ---------------------------------------------

@pytest.mark.parametrize(("game", "options"), [
    ("hunted", {"hit_rates": {"token": True}}), ("hunted", {"players": True}),
    ("hunting-party", {"players": True}), ("the-hunt", {"variant": True}),
    ("jutland", {"escape_bans_battle_cruisers": 1})])
def test_a_bool_for_a_number_option_is_refused(game: str, options: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        load_game(game, **options)


# 11. Command options --------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["--time", "nan"], ["--time", "inf"], ["--time", "-1"],
    ["--ai", "ismcts:time=nan"], ["--ai", "ismcts:time=inf"],
    ["--ai", "ismcts:iterations=0"], ["--ai", "ismcts:iterations=-1"],
    ["--ai", "ismcts:iterations=" + "9" * 5000], ["--ai", "ismcts:epsilon=nan"],
    ["--seed", "-1"], ["--seed", "1" * 5000],
    ["--ai", "heuristic", "--level", "hard"], ["--level", "easy", "--iterations", "5"],
    ["--iterations", "5", "--time", "1"]])
def test_bad_and_conflicting_options_are_refused_in_one_line(args: list[str]) -> None:
    result = run("play", "leduc", *args, stdin="quit\n")
    assert len(one_line_error(result)) < 400
    assert "you are " not in result.output  # refused before the game is announced


def test_resume_with_conflicting_game_options_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "hunted.json"
    assert run("play", "hunted", "--seed", "1", "--save", str(save),
               stdin="quit\n").exit_code == 0
    for args in (["--players", "2"], ["-o", "difficulty=hard"], ["-o", "target=hard"],
                 ["-o", "hit_rates=token=0.9"], ["-o", "players=2"]):
        line = one_line_error(run("play", "hunted", "--resume", str(save), *args,
                                  stdin="quit\n"))
        assert "played with options" in line
    # The options it was played with are no conflict.
    result = run("play", "hunted", "--resume", str(save), "--players", "1", stdin="quit\n")
    assert result.exit_code == 0, result.output


def test_usage_errors_of_arena_and_board_exit_2() -> None:
    one_line_error(run("arena", "leduc", "--agents", "random,random", "--games", "1",
                       "--log", "/proc/x"))
    one_line_error(run("board", "validate", "missing.toml"))


# 12. Where saves go; long lines -------------------------------------------------------

def test_save_writes_only_regular_files_the_user_may_write(tmp_path: Path) -> None:
    state = load_game("leduc").new_initial_state(1)
    with pytest.raises(OutputError, match="not a regular file"):
        save_record(state, tmp_path)
    with pytest.raises(OutputError, match="not a regular file"):
        save_record(state, "/dev/null")
    target = tmp_path / "target.json"
    target.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert save_record(state, link) == target
    assert link.is_symlink() and json.loads(target.read_text())["seed"] == 1
    if os.geteuid() != 0:  # root may write anything
        target.chmod(stat.S_IRUSR)
        with pytest.raises(OutputError, match="read-only"):
            save_record(state, target)
    assert sorted(os.listdir(tmp_path)) == ["link.json", "target.json"]  # no temp files
    assert writable_file("~/x.json") == Path.home().resolve() / "x.json"


def test_a_file_that_is_not_this_games_save_is_overwritten_only_when_the_user_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HUNT_SAVE_DIR", str(tmp_path))
    notes = tmp_path / "notes.json"
    notes.write_text("my notes\n")
    # At the prompt: asked, and "no" keeps the file.
    result = play_leduc(stdin=f"save {notes}\nno\nquit\n")
    said = " ".join(result.output.split())  # long lines are wrapped at spaces
    assert "overwrite it? (yes/no)" in said and "is kept as it was" in said
    assert notes.read_text() == "my notes\n"
    # On the command line: asked before the game starts; anything but yes refuses.
    result = play_leduc("--save", str(notes), stdin="quit\n")
    assert "kept as it was" in one_line_error(result) and notes.read_text() == "my notes\n"
    result = play_leduc("--save", str(notes), stdin="yes\nraise\nquit\n")
    assert result.exit_code == 0 and revealed_record(notes, spoilers=True)["actions"][-1] == "raise"
    # This game's own save, at this position or an earlier one, needs no question.
    result = run("play", "leduc", "--ai", "heuristic", "--resume", str(notes), "--save",
                 str(notes), stdin="quit\n")
    assert result.exit_code == 0 and "overwrite" not in result.output
    # A later position of this game would be lost: asked again.
    result = play_leduc("--save", str(notes), stdin="no\n")
    assert "kept as it was" in one_line_error(result)


def test_a_long_line_is_echoed_cut_short() -> None:
    result = play_leduc(stdin="x" * 5000 + "\nquit\n")
    assert result.exit_code == 0
    assert "x" * 77 + "..." in result.output
    assert max(map(len, result.output.splitlines())) < 300


# Fuzz -----------------------------------------------------------------------------

GAMES = available_games()
"""Every registered game."""


def random_line(rng: random.Random) -> str:
    """One line of what a person (or a cat on the keyboard) may type. Not `hint`: it
    runs a search of a second or two, and tests/test_hint.py covers it."""
    kind = rng.randrange(8)
    if kind == 0:
        return str(rng.randrange(0, 40))
    if kind == 1:
        return "".join(rng.choice("²³①٣١٢۵߂੩𝟙") for _ in range(rng.randrange(1, 4)))
    if kind == 2:
        return "".join(chr(rng.randrange(0, 32)) for _ in range(rng.randrange(1, 6)))
    if kind == 3:
        return rng.choice("0123456789ab") * rng.randrange(100, 6000)
    if kind == 4:
        return "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(1, 20)))
    if kind == 5:
        return rng.choice(["help", "undo", "save", "save \0", "save /proc/x",
                           "?", "", "   ", "-1", "+1", "1e3", "0x1", "1_0"])
    if kind == 6:
        return "\udcff\udcfe"  # written as invalid UTF-8 bytes below
    return " ".join(rng.choice(["move", "search", "play", "call", "raise", "fold", "g",
                                "12", "ap", "done", "pass"]) for _ in range(3))


def test_fuzz_the_prompt_of_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(22)
    lines_per_game = FUZZ_CASES or 1500
    start, fed, games = time.perf_counter(), 0, 0
    for game in GAMES:
        lines = [random_line(rng) for _ in range(lines_per_game)]
        while lines:  # a game that ends is begun again with the lines it did not read
            data = "\n".join(lines).encode("utf-8", "surrogateescape") + b"\n"
            result = run("play", game, "--seed", str(rng.randrange(1000)), "--ai",
                         "heuristic", stdin=data)
            assert result.exit_code == 0 and result.exception is None, \
                (game, result.output[-2000:])
            assert "Traceback" not in result.output
            read = sum(1 for line in result.output.splitlines() if line.startswith("> ")
                       and "(your only choice" not in line)
            games += 1
            fed += min(read, len(lines))
            lines = lines[max(read, 1):]
    with capsys.disabled():
        print(f"\nprompt fuzz: {fed} lines read at the prompt in {games} games of "
              f"{len(GAMES)} kinds, {time.perf_counter() - start:.1f} s")


def mutate(record: dict[str, object], rng: random.Random) -> str:
    """A record broken one random way, as the text of a file."""
    record = json.loads(json.dumps(record))
    actions = record["actions"]
    assert isinstance(actions, list)
    kind = rng.randrange(9)
    if kind == 0 and actions:
        del actions[rng.randrange(len(actions))]
    elif kind == 1 and actions:
        where = rng.randrange(len(actions))
        actions.insert(where, actions[where])
    elif kind == 2 and actions:
        actions[rng.randrange(len(actions))] = rng.choice(
            [7, None, [], {}, "", "move", "x" * 10_000, actions[0]])
    elif kind == 3:
        record[rng.choice(["seed", "options", "format", "game", "actions"])] = rng.choice(
            [True, None, -1, 1.5, "x", [], {}, 10**30, {"players": True},
             {"hit_rates": 5}, {"variant": [1]}])
    elif kind == 4:
        record["seed"] = "HUGE"
    elif kind == 5:
        return json.dumps(record).replace("[", "[" * rng.randrange(2, 50_000), 1)
    elif kind == 6:
        return json.dumps(record)[:rng.randrange(1, 200)]
    elif kind == 7:
        return "\ufeff" + json.dumps(record)
    else:
        record.pop(rng.choice(["seed", "actions", "game", "format"]), None)
    return json.dumps(record).replace('"HUGE"', "9" * rng.randrange(41, 6000))


def test_fuzz_records_for_resume_hint_and_analyze(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(415)
    leduc = load_game("leduc").new_initial_state(3)
    while not leduc.is_terminal():
        leduc.apply_action(random_action(leduc, rng))
    sources = [(json.loads(path.read_text()), "british")
               for path in sorted(EXAMPLES.glob("*.json"))]
    sources.append((leduc.to_record(), "first"))
    cases = FUZZ_CASES or 300
    start, codes = time.perf_counter(), {0: 0, 2: 0}
    for case in range(cases):
        record, seat = sources[case % len(sources)]
        path = tmp_path / f"case{case}.json"
        path.write_text(mutate(record, rng), encoding="utf-8")
        game = str(record["game"])
        command = [["play", game, "--resume", str(path), "--ai", "heuristic",
                    "--save", str(tmp_path / "out.json")],
                   ["hint", game, str(path), "--as", seat, "--iterations", "0"],
                   ["analyze", game, str(path), "--playouts", "1", "--turning-points", "0",
                    "--iterations", "1"]][case % 3]
        result = run(*command, stdin="quit\n")
        assert result.exit_code in (0, 2), (command, path.read_text()[:300], result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            (command, path.read_text()[:300], result.exception)
        codes[result.exit_code] += 1
    with capsys.disabled():
        print(f"\nrecord fuzz: {cases} records ({codes[0]} accepted, {codes[2]} refused), "
              f"{time.perf_counter() - start:.1f} s")
