"""Packaging: the root folders install as the one package `hunt`, data included."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib.resources import files
from pathlib import Path

import pytest

from hunt.models.registry import available_games

ROOT = Path(__file__).resolve().parents[1]
BARE_NAMES = ("models", "cli", "solver", "boards", "errors")


CODE_FOLDERS = ("boards", "models", "solver", "cli", "adapters")
"""The root's folders that are subpackages of `hunt` (the layout in docs/design.md)."""
DECOYS = ("build/lib/hunt/__init__.py", "build/lib/hunt/models/__init__.py",
          ".venv/lib/python3.11/site-packages/numpy/__init__.py", "hunt.egg-info/__init__.py",
          "tests/__init__.py", "tests/data/__init__.py", "scripts/__init__.py",
          "docs/__init__.py", "examples/__init__.py")
"""Packages a working tree may hold that must never become `hunt.*`: a build's output,
a virtual environment, egg-info, and the folders that are not the package's code."""


def _source_copy(tmp_path: Path) -> Path:
    """The project's files in a fresh folder, with every decoy planted: setuptools
    writes build/ and *.egg-info into the tree it builds, so build from a copy."""
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "build", "*.egg-info", "__pycache__", ".*_cache"))
    for decoy in DECOYS:
        (source / decoy).parent.mkdir(parents=True, exist_ok=True)
        (source / decoy).write_text("", encoding="utf-8")
    return source


def _code_packages(root: Path) -> list[str]:
    """`hunt` and every folder with an `__init__.py` under the code folders of `root`."""
    return sorted(["hunt", *(
        "hunt." + ".".join(init.parent.relative_to(root).parts)
        for folder in CODE_FOLDERS for init in (root / folder).rglob("__init__.py"))])


def test_the_tree_has_no_link_that_loops() -> None:
    # A link to one of its own folders makes grep -R warn and copytree fail.
    for folder, names, leaves in os.walk(ROOT):
        names[:] = [name for name in names if name not in (".git", ".venv")]
        for name in names + leaves:
            path = Path(folder, name)
            if path.is_symlink():
                target = path.resolve()
                assert not Path(folder).resolve().is_relative_to(target), \
                    f"{path.relative_to(ROOT)} links to its own folder {target}"


def test_setuptools_finds_every_code_folder_and_nothing_else(tmp_path: Path) -> None:
    source = _source_copy(tmp_path)
    # What setuptools builds from: setup.py run as a build runs it, pyproject.toml read.
    listing = ("from setuptools._distutils.core import run_setup; "
               "print('\\n'.join(sorted(run_setup('setup.py', stop_after='config')"
               ".packages)))")
    result = subprocess.run([sys.executable, "-c", listing], cwd=source,
                            capture_output=True, text=True, check=True)
    found = result.stdout.split()
    assert found == _code_packages(ROOT)
    assert "hunt.models.the_hunt" in found and "hunt.boards" in found
    assert not [name for name in found
                if name.split(".")[1:2] in (["build"], ["tests"], ["scripts"], ["docs"])]


def test_every_root_folder_with_a_package_is_a_code_folder() -> None:
    # A new folder of code at the root must join CODE_FOLDERS (and setup.py's), or it
    # would silently stay out of the wheel.
    for folder in ROOT.iterdir():
        if folder.is_dir() and not folder.name.startswith(".") \
                and folder.name not in ("build", "dist") and "egg-info" not in folder.name \
                and folder.name not in CODE_FOLDERS:
            assert not list(folder.rglob("__init__.py")), folder.name


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
def test_the_wheel_ships_the_code_folders_and_data_under_hunt_only(tmp_path: Path) -> None:
    source = _source_copy(tmp_path)
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
    shipped = {name.split("/")[1] for name in names if name.startswith("hunt/")}
    root_modules = {path.name for path in ROOT.glob("*.py")} - {"setup.py"}
    assert shipped == {*CODE_FOLDERS, *root_modules, "py.typed"}, shipped
    packages = sorted(name.removesuffix("/__init__.py").replace("/", ".")
                      for name in names if name.endswith("/__init__.py"))
    assert packages == _code_packages(ROOT)


def _imports(folder: str) -> dict[str, set[str]]:
    """Every module each file under `folder` imports, function-local and TYPE_CHECKING
    imports included; `from a import b` counts as `a` and `a.b` (b may be a module)."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / folder).rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                # A relative import would name its package only by where the file is.
                assert node.level == 0 and node.module, f"relative import in {path}"
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
        found[str(path.relative_to(ROOT))] = names
    return found


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def test_the_import_contracts_hold() -> None:
    """The layers (boards <- models <- solver <- cli), the games' independence and no
    import cycles, as `lint-imports` checks the contracts in pyproject.toml."""
    linter = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(linter)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout[-3000:]


def test_the_import_contracts_name_every_registered_game() -> None:
    """A contract that lists the games (each game's independence, the solver's blindness
    to them) lists exactly the registered ones: a new game is not left out."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    games = {"hunt.models." + name.replace("-", "_") for name in available_games()}
    independence = next(c for c in contracts if c["type"] == "independence")
    assert set(independence["modules"]) == games
    forbidden = next(c for c in contracts if c["type"] == "forbidden")
    assert set(forbidden["forbidden_modules"]) - {"hunt.boards"} == games


def test_model_fitting_stays_out_of_what_plays() -> None:
    # Fitting reads true hexes and needs scipy: scripts and tests use it, nothing that
    # plays or advises does.
    fitting = ("hunt.models.the_hunt.fitting",)
    for folder in ("boards", "models", "solver", "cli"):
        for path, names in _imports(folder).items():
            if path != "models/the_hunt/fitting.py":
                assert not [n for n in names if _within(n, fitting)], path
    result = subprocess.run(
        [sys.executable, "-c", "import sys, hunt.cli.main, hunt.models.the_hunt.tracker; "
         "print(sorted(m for m in sys.modules if m.startswith(('scipy', 'hunt.models."
         "the_hunt.fitting'))))"], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
