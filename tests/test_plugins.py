"""Each game registers once (models/<game>/plugin.py), every command reads that
registration, and each game's options are declared once and read everywhere."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hunt.boards.catalog import board_sets
from hunt.cli.main import cli
from hunt.errors import OptionError
from hunt.models.game import random_action
from hunt.models.plugin import REQUIRED, check_plugin, plain
from hunt.models.registry import RegistrationError, available_games, game_plugin, load_game
from hunt.solver.record_files import revealed_record

ROOT = Path(__file__).resolve().parents[1]
GAMES = available_games()


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.output


def test_every_game_with_a_folder_under_models_is_registered() -> None:
    assert GAMES == ["hunted", "hunting-party", "jutland", "leduc", "the-hunt"]


@pytest.mark.parametrize("name", GAMES)
def test_each_registration_has_every_required_part(name: str) -> None:
    plugin = game_plugin(name)
    assert check_plugin(plugin, name) == []
    for part in REQUIRED:  # the check finds each part missing
        missing: dict[str, Any] = {part: None}
        assert check_plugin(replace(plugin, **missing), name), part


def test_loading_a_game_whose_registration_lacks_a_part_fails_naming_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    module = import_module("hunt.models.leduc.plugin")
    monkeypatch.setattr(module, "PLUGIN", replace(module.PLUGIN, screen=None))
    with pytest.raises(RegistrationError) as error:
        load_game("leduc")
    assert str(error.value) == "leduc: the plugin lacks its screen"


def test_a_registration_lacking_a_part_or_misnamed_is_reported() -> None:
    plugin = game_plugin("hunted")
    assert check_plugin(replace(plugin, advice_lines=None), "hunted") == \
        ["hunted: advice and advice_lines come together"]
    assert check_plugin(replace(plugin, name="other"), "hunted") == \
        ["hunted: the plugin is named 'other'"]
    assert check_plugin(object(), "hunted") == \
        ["hunted: its plugin.py has no PLUGIN = GamePlugin(...)"]


@pytest.mark.parametrize("name", GAMES)
def test_a_registration_tells_the_game_info_hunt_games_shows_without_building_it(
        name: str) -> None:
    plugin = game_plugin(name)
    low, high = plugin.player_range
    assert len(plugin.seats) == high
    for players in range(low, high + 1):
        info = load_game(name, **({} if low == high else {"players": players})).info
        assert (info.title, info.min_players, info.max_players, info.seat_names) == \
            (plugin.title, low, high, plugin.seats[:players])


@pytest.mark.parametrize("name", GAMES)
def test_a_registration_names_the_board_files_its_game_reads(name: str) -> None:
    assert list(game_plugin(name).board_sets) == \
        [board_set for board_set in board_sets() if board_set.game == name]


@pytest.mark.parametrize("name", GAMES)
def test_each_screen_draws_every_seat_from_its_observation(name: str) -> None:
    plugin = game_plugin(name)
    state = plugin.game().new_initial_state(5)
    rng = random.Random(5)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    for seat in range(state.game.info.num_players):
        text = plugin.screen(state.game, state.observation(seat), seat, plain)
        assert text.strip() and "\x1b" not in text  # plain: no colour codes


def test_no_code_outside_the_games_folders_names_a_game() -> None:
    """A game lives in its folders: cli/, solver/ and the shared modules of models/ and
    boards/ name no game, by its registry name or its title, in code, docstrings or
    comments (a sixth game needs no edit there)."""
    words = {*GAMES, *(game_plugin(name).title for name in GAMES)}
    names = re.compile("|".join(re.escape(word).replace("\\-", "[-_ ]?")
                                .replace("\\ ", "[-_ ]?") for word in words), re.IGNORECASE)
    shared = [*(ROOT / "cli").rglob("*.py"), *(ROOT / "cli").rglob("*.js"),
              *(ROOT / "solver").rglob("*.py"), *(ROOT / "models").glob("*.py"),
              *(ROOT / "boards").glob("*.py")]
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}" for path in sorted(shared)
             for number, line in enumerate(path.read_text().splitlines(), start=1)
             if names.search(line)]
    assert found == []


# -- options, declared once -------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_the_defaults_are_accepted_and_a_record_keeps_the_keys_it_always_had(
        name: str) -> None:
    spec = game_plugin(name).options
    defaults = {option.name: option.default for option in spec.options}
    assert spec.check({}) == defaults
    kept = {"hunted": {"players": 1, "difficulty": "normal", "target": "normal"},
            "hunting-party": {"players": 3}}.get(name, {})
    assert load_game(name, **defaults).new_initial_state(1).to_record()["options"] == kept


def test_an_unknown_option_is_refused_naming_the_accepted_ones() -> None:
    with pytest.raises(OptionError) as error:
        load_game("hunted", colour="red")
    assert str(error.value) == ("hunted has no option colour; accepted: players, difficulty, "
                                "target, hit_rates")
    with pytest.raises(OptionError) as error:
        load_game("leduc", players=2)
    assert str(error.value) == "leduc has no option players; accepted: none"


def test_play_sets_any_declared_option_with_o(tmp_path: Path) -> None:
    save = tmp_path / "hard.json"
    code, out = run("play", "hunted", "-o", "difficulty=hard", "-o", "hit-rates=token=0.5",
                    "-o", "hit_rates=large=0.4", "--seed", "2", "--save", str(save),
                    stdin="quit\n")
    assert code == 0, out
    assert revealed_record(save, spoilers=True)["options"] == {
        "players": 1, "difficulty": "hard", "target": "normal",
        "hit_rates": {"token": 0.5, "large": 0.4}}


@pytest.mark.parametrize(("args", "message"), [
    (["play", "jutland", "-o", "escape_bans_battle_cruisers=perhaps"],
     "escape_bans_battle_cruisers must be true or false, not 'perhaps'"),
    (["play", "hunted", "-o", "difficulty"], "-o 'difficulty' is not NAME=VALUE"),
    (["play", "hunted", "-o", "target=easy"], "target must be normal or hard, not 'easy'"),
    (["play", "hunting-party", "--players", "3", "-o", "players=4"],
     "--players and -o players= say two numbers of players"),
    (["arena", "leduc", "--agents", "random,random", "-o", "players=3"],
     "leduc has no option players; accepted: none"),
])
def test_a_bad_o_option_is_refused_in_one_line(args: list[str], message: str) -> None:
    code, out = run(*args, stdin="quit\n")
    assert code == 2 and message in out
    assert len(out.strip().splitlines()) == 1 or "Usage:" in out


def test_games_lists_each_games_declared_options() -> None:
    code, out = run("games", "--options")
    assert code == 0
    assert "-o difficulty=...  hard: start with 4 health and 17 time. Accepted: normal or hard; " \
           "default: normal." in out
    assert "-o escape_bans_battle_cruisers=..." in out and "default: false." in out


# -- game-specific flags of a command ----------------------------------------------------

def test_hint_model_is_refused_for_a_game_without_move_models(tmp_path: Path) -> None:
    record = tmp_path / "leduc.json"
    record.write_text(json.dumps({"game": "leduc", "seed": 1, "actions": []}))
    code, out = run("hint", "leduc", str(record), "--as", "first", "--model", "purposeful")
    assert code == 2 and "leduc's advice has no move models; --model is not for it" in out


def test_hint_model_names_the_accepted_models_when_unknown() -> None:
    code, out = run("hint", "the-hunt", str(ROOT / "examples" / "the-hunt-british-turn.json"),
                    "--as", "british", "--model", "psychic")
    assert code == 2
    assert "--model 'psychic' is not a move model of the-hunt; accepted: uniform, " \
           "purposeful" in out


@pytest.mark.parametrize("name", GAMES)
def test_board_show_covers_every_game(name: str) -> None:
    code, out = run("board", "show", name)
    assert code == 0 and out.strip(), out


@pytest.mark.parametrize("name", available_games())
def test_every_seat_is_told_how_to_win_in_two_lines_that_fit_80_columns(name: str) -> None:
    plugin = game_plugin(name)
    for seat in plugin.seats:
        lines = plugin.goal(seat).splitlines()
        assert 1 <= len(lines) <= 2 and all(len(line) <= 80 for line in lines), seat
        assert lines[0].startswith("To win")


def test_words_on_screen_agree_in_number_and_name_seats_as_people() -> None:
    from hunt.models.hunting_party.screen import under_deck
    from hunt.models.plugin import plural

    assert [plural(1, "card"), plural(0, "token"), plural(2, "hex")] == \
        ["1 card", "0 tokens", "2 hexes"]
    assert [game_plugin("the-hunt").seat_title("german"),
            game_plugin("hunting-party").seat_title("p3"),
            game_plugin("leduc").seat_title("first")] == \
        ["the German", "Player 3", "the first player"]
    # The default rule, for a game whose plug-in gives no titles of its own:
    assert [replace(game_plugin("leduc"), seat_titles={}).seat_title(seat)
            for seat in ("first", "p2")] == ["the First", "Player 2"]
    assert under_deck(["camp", "camp", "shoot", "flee", "flee"]) == "2 camp, shoot, 2 flee"
