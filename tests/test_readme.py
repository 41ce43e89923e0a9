"""The README and the docs pages are executed: console sessions and Python sessions."""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
"""Every page that may show a session: the README, then the docs pages."""


def _blocks(language: str, page: Path = README) -> list[str]:
    text = page.read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.DOTALL)


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def test_the_readme_opens_with_the_install_and_play_and_the_test_commands() -> None:
    commands = _blocks("bash")
    assert commands[0].strip().endswith("hunt play the-hunt")
    assert ".venv/bin/pytest" in commands[1]
    assert "pip install -e '.[dev]'" in commands[1]


def test_the_readme_is_a_front_door() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) < 150


def test_ci_runs_the_readmes_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "test-command" in script  # .ci/run reads the command from the README


def test_every_docs_page_is_in_the_sites_nav() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r":\s*(\S+\.md)\s*$", config, flags=re.MULTILINE))
    assert listed == {page.name for page in PAGES[1:]}


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_the_console_sessions_print_what_the_page_shows(page: Path, tmp_path: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}"
                                f"{os.environ['PATH']}", COLUMNS="100")
    checker = doctest.OutputChecker()
    sessions = _blocks("console", page)
    if page == README:
        assert sessions
    # Run where a user would: beside a copy of the repository's example records.
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    for session in sessions:
        for chunk in session.split("$ ")[1:]:
            command, _, expected = chunk.partition("\n")
            result = subprocess.run(command, shell=True, cwd=tmp_path, env=env,
                                    capture_output=True, text=True, check=False)
            assert result.returncode == 0, result.stderr
            assert checker.check_output(expected, result.stdout,
                                        doctest.ELLIPSIS | doctest.REPORT_UDIFF), \
                checker.output_difference(doctest.Example(command, expected),
                                          result.stdout, doctest.ELLIPSIS)


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_the_python_sessions_run_as_shown(page: Path) -> None:
    parser = doctest.DocTestParser()
    for number, session in enumerate(_blocks("pycon", page)):
        name = f"{_name(page)}-{number}"
        test = parser.get_doctest(session, {}, name, str(page), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0, f"{name}: Python session {number} failed"


def test_nothing_points_outside_the_repository_or_names_an_issue() -> None:
    outside = re.compile(r"\.\./shared|shared/(rules|reference)|[Ii]ssue [0-9]+")
    skipped = {"build", "dist", "site"}
    found = [f"{path.relative_to(ROOT)}:{number}"
             for suffix in ("py", "md", "toml")
             for path in ROOT.rglob(f"*.{suffix}")
             if not any(part.startswith(".") or part in skipped or part.endswith(".egg-info")
                        for part in path.relative_to(ROOT).parts)
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if outside.search(line)]
    assert not found, found


def test_the_docs_show_sessions_that_are_run() -> None:
    docs = "".join(page.read_text(encoding="utf-8") for page in PAGES[1:])
    assert "```console" in docs and "```pycon" in docs
