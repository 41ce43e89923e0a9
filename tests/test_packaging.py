"""Packaging: the root folders install as the one package `hunt`, data included."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib.resources import files
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BARE_NAMES = ("models", "cli", "solver", "boards", "errors")


def _declared_packages() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as stream:
        setuptools = tomllib.load(stream)["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"hunt": "."}
    return sorted(setuptools["packages"])


def test_the_package_list_names_every_folder_with_python_code() -> None:
    found = sorted(
        "hunt." + ".".join(init.parent.relative_to(ROOT).parts)
        for init in ROOT.rglob("__init__.py")
        if init.parent != ROOT and not any(part.startswith(".") or part == "build"
                                           for part in init.relative_to(ROOT).parts))
    assert _declared_packages() == sorted(["hunt", *found])


def test_no_bare_top_level_module_is_importable_from_the_installed_package(
        tmp_path: Path) -> None:
    for name in BARE_NAMES:
        result = subprocess.run([sys.executable, "-c", f"import {name}"], cwd=tmp_path,
                                capture_output=True, text=True, check=False)
        assert result.returncode != 0, f"bare module {name!r} is importable"
        assert "ModuleNotFoundError" in result.stderr
    result = subprocess.run([sys.executable, "-c", "import hunt.models.game, hunt.cli.main"],
                            cwd=tmp_path, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_board_data_loads_through_importlib_resources() -> None:
    cards = files("hunt.boards").joinpath("jutland", "cards.toml")
    assert cards.is_file()
    assert "Admiral Von Hipper" in cards.read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_wheel_ships_the_data_files_under_hunt_only(tmp_path: Path) -> None:
    # Build from a copy: setuptools writes build/ and *.egg-info into the source tree.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "build", "*.egg-info", "__pycache__", ".*_cache", ".typecheck"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(tmp_path), str(source)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("hunt-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "hunt/boards/jutland/cards.toml" in names
    assert "hunt/boards/jutland/turns.toml" in names
    for name in ("map", "tracks", "cards"):
        assert f"hunt/boards/the_hunt/{name}.toml" in names
    assert "hunt/models/game.py" in names and "hunt/py.typed" in names
    tops = {name.split("/")[0] for name in names}
    assert tops <= {"hunt", wheel.name.split("-")[0] + "-" + wheel.name.split("-")[1]
                    + ".dist-info"}, tops


def _imports(folder: str) -> dict[str, set[str]]:
    import ast

    found: dict[str, set[str]] = {}
    for path in (ROOT / folder).rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
        found[str(path.relative_to(ROOT))] = names
    return found


def test_dependencies_point_one_way_boards_models_solver_cli() -> None:
    games = ("hunt.models.jutland", "hunt.models.leduc", "hunt.models.the_hunt")
    for path, names in _imports("boards").items():
        assert not any(n.startswith(("hunt.models", "hunt.solver", "hunt.cli"))
                       for n in names), path
    for path, names in _imports("models").items():
        assert not any(n.startswith(("hunt.solver", "hunt.cli")) for n in names), path
    for path, names in _imports("solver").items():
        assert not any(n.startswith((*games, "hunt.cli")) for n in names), path
