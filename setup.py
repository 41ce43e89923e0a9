"""The package list, found rather than written out; everything else is in pyproject.toml.

The repository root is the package `hunt` (`package-dir` maps it to "."), so its code
folders are subpackages. setuptools' own `find` names what it finds after the folders
below `where`, which here would install `models` and `cli` as bare top-level packages,
and pyproject.toml has no way to put `hunt.` in front: so this file does, and nothing
more. Only the design card's code folders are searched, so `tests/`, `scripts/`,
`build/`, `.venv/` and `*.egg-info` are never packages of `hunt`, whatever they hold.

This file sits in the package's folder too, so `build_py` is told to leave it out of
the wheel; the guard keeps `import hunt.setup` (editable installs) from running a build.
"""

from __future__ import annotations

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

CODE_FOLDERS = ("boards", "models", "solver", "cli", "adapters")
"""The root's folders that are subpackages of `hunt` (the layout in docs/design.md)."""


def hunt_packages(root: str = ".") -> list[str]:
    """`hunt` and every package below the code folders of `root`, named `hunt.<dotted path>`."""
    found = find_packages(root, include=[pattern for folder in CODE_FOLDERS
                                         for pattern in (folder, folder + ".*")])
    return ["hunt", *sorted("hunt." + name for name in found)]


class BuildWithoutSetup(build_py):
    """`build_py` that ships no `hunt/setup.py`: the root's modules are `hunt`'s, but not
    this one (setuptools skips its setup script only when run as `python setup.py`)."""

    def find_package_modules(self, package: str, package_dir: str
                             ) -> list[tuple[str, str, str]]:
        """The package's modules, without this file in `hunt`."""
        modules: list[tuple[str, str, str]] = super().find_package_modules(package,
                                                                          package_dir)
        return [entry for entry in modules if (entry[0], entry[1]) != ("hunt", "setup")]


if __name__ == "__main__":
    setup(packages=hunt_packages(), cmdclass={"build_py": BuildWithoutSetup})
