"""Shared test set-up: games played in tests save under the test's own folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _saves_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`hunt play` saves every game by default; never into the user's home in tests."""
    monkeypatch.setenv("HUNT_SAVE_DIR", str(tmp_path / "saves"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked slow first (in their own order), then the rest: with several
    workers (pytest-xdist hands tests out in this order) the long ones start at once
    and the short ones fill in, so no worker is left alone with a long test at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
