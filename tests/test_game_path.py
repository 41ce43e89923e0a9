"""A game outside the package: written into a folder named in `HUNT_GAME_PATH`, it is
found by the registry, and so by every command, with no other edit to the tree."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from hunt.cli.main import cli
from hunt.cli.web.app import create_app
from hunt.models import available_games, load_game
from hunt.models.registry import GAME_PATH, forget_games, game_plugin
from hunt.models.testing import check_game

TOY = Path(__file__).parent / "data" / "toy_guess"
"""A whole game in one plugin.py: one card dealt face down, one guess."""


@pytest.fixture
def toy_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy game copied into a temporary games folder named in `HUNT_GAME_PATH`;
    its registered name. The registry forgets it afterwards."""
    games = tmp_path / "games"
    shutil.copytree(TOY, games / "toy_guess")
    monkeypatch.setenv(GAME_PATH, str(games))
    forget_games()
    yield "toy-guess"
    monkeypatch.delenv(GAME_PATH)
    forget_games()


def test_the_registry_finds_a_game_in_the_game_path(toy_game: str) -> None:
    assert toy_game in available_games()
    plugin = game_plugin(toy_game)
    assert plugin.title == "Toy guess"
    # imported under a name of its own, never as a bare `plugin` or a `hunt` module
    assert type(plugin).__module__ == "hunt.models.plugin"
    assert load_game(toy_game).new_initial_state().__module__.startswith("_hunt_game_path_0_")


def test_a_game_in_the_game_path_passes_the_conformance_suite(toy_game: str) -> None:
    check_game(load_game(toy_game), num_games=60, determinize_probability=1.0)


def test_hunt_games_lists_it_and_the_arena_plays_it(toy_game: str) -> None:
    listed = CliRunner().invoke(cli, ["games"])
    assert listed.exit_code == 0 and toy_game in listed.output, listed.output
    # `hunt.cli` was imported before the game was added: a GAME argument reads the
    # registry when it checks a value, not when the command is declared.
    played = CliRunner().invoke(cli, ["arena", toy_game, "--agents", "random,heuristic",
                                      "--games", "2"])
    assert played.exit_code == 0, played.output
    assert "random" in played.output and "heuristic" in played.output
    refused = CliRunner().invoke(cli, ["arena", "chess"])
    assert refused.exit_code == 2 and f"'the-hunt', '{toy_game}'" in refused.output
    # And as a user's `hunt` does, with `HUNT_GAME_PATH` set before it starts.
    started = subprocess.run(
        [sys.executable, "-c", "from hunt.cli.main import main; main()", "arena", toy_game,
         "--agents", "random,heuristic", "--games", "2"],
        capture_output=True, text=True, timeout=300, check=False)
    assert started.returncode == 0, started.stderr
    assert "random" in started.stdout and "heuristic" in started.stdout


def test_the_web_board_offers_it(toy_game: str, tmp_path: Path) -> None:
    page = TestClient(create_app(tmp_path), base_url="http://127.0.0.1").get("/")
    assert page.status_code == 200 and "Toy guess" in page.text


def test_without_the_game_path_it_is_gone(toy_game: str, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    monkeypatch.delenv(GAME_PATH)
    forget_games()
    assert toy_game not in available_games()
    monkeypatch.setenv(GAME_PATH, "")  # the fixture's teardown removes it again
