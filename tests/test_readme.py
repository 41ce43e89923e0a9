"""The README's quick-start is executed: console sessions and Python sessions."""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.DOTALL)


def test_the_readme_opens_with_the_install_and_play_and_the_test_commands() -> None:
    commands = _blocks("bash")
    assert commands[0].strip().endswith("hunt play the-hunt")
    assert ".venv/bin/pytest" in commands[1]
    assert "pip install -e '.[dev]'" in commands[1]


def test_ci_runs_the_readmes_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "test-command" in script  # .ci/run reads the command from the README


def test_the_console_sessions_print_what_the_readme_shows(tmp_path: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}"
                                f"{os.environ['PATH']}", COLUMNS="100")
    checker = doctest.OutputChecker()
    sessions = _blocks("console")
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


def test_the_python_sessions_run_as_shown() -> None:
    parser = doctest.DocTestParser()
    for number, session in enumerate(_blocks("pycon")):
        test = parser.get_doctest(session, {}, f"README-{number}", "README.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0, f"README Python session {number} failed"
