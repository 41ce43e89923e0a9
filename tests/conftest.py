"""Shared test set-up: games played in tests save under the test's own folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _saves_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`hunt play` saves every game by default; never into the user's home in tests."""
    monkeypatch.setenv("HUNT_SAVE_DIR", str(tmp_path / "saves"))
