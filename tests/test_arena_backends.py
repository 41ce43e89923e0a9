"""Arenas and self-play on a backend (this machine's processes or Ray), the
same answers on each, failed games reported while the rest go on, and resumed logs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from hunt.cli.main import cli
from hunt.solver import arena as arena_module
from hunt.solver.network import Network
from hunt.solver.session import play_game

ARENA = ["arena", "jutland", "--agents", "ismcts:iterations=5,heuristic", "--games", "3",
         "--seed", "40", "--json"]


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _report(out: str) -> dict[str, Any]:
    """The arena's JSON without its timing (which differs from run to run)."""
    data: dict[str, Any] = json.loads(out)
    data.pop("timing")
    return data


@pytest.mark.slow
def test_ray_gives_the_same_arena_and_the_same_training_as_the_local_pool(
        tmp_path: Path) -> None:
    """The same seeds give the same games and figures on either backend (a local Ray of
    2 CPUs), and `hunt train` the same weights."""
    import ray

    try:
        reports = []
        for backend in ("local", "ray"):
            code, out, err = _run(*ARENA, "--workers", "2", "--backend", backend)
            assert code == 0, err
            reports.append(_report(out))
        assert reports[0] == reports[1]
        assert reports[0]["games"] == 6
        weights = []
        for backend in ("local", "ray"):
            path = tmp_path / f"{backend}.npz"
            code, _, err = _run("train", "jutland", "--games", "4", "--epochs", "2",
                                "--hidden", "4", "--workers", "2", "--backend", backend,
                                "--output", str(path), "--json")
            assert code == 0, err
            weights.append(Network.load(path).parameters)
        assert all(np.array_equal(a, b) for a, b in zip(*weights, strict=True))
    finally:
        ray.shutdown()


def test_an_arena_reports_a_failed_game_and_counts_the_others(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def failing_on_seed_41(game: Any, agents: Any, seed: int) -> Any:
        if seed == 41:
            raise ValueError("no such card")
        return play_game(game, agents, seed)

    monkeypatch.setattr(arena_module, "play_game", failing_on_seed_41)
    code, out, err = _run(*ARENA)
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 4
    assert [line.split(" (")[0] for line in data["failed"]] == ["jutland seed 41"] * 2
    assert "Failed: jutland seed 41 (german ismcts:iterations=5, british heuristic) " \
        "stopped: ValueError: no such card (at " in err


def test_a_resumed_arena_plays_only_the_missing_games_and_reports_them_all(
        tmp_path: Path) -> None:
    log = tmp_path / "arena.jsonl"
    code, whole, _ = _run(*ARENA, "--log", str(log))
    assert code == 0
    lines = log.read_text().splitlines()
    assert len(lines) == 6
    log.write_text("\n".join(lines[:2]) + "\n")  # a run stopped after two games
    code, out, err = _run(*ARENA, "--resume", str(log))
    assert code == 0, err
    assert _report(out) == _report(whole)
    assert json.loads(out)["timing"]["resumed"] == 2
    assert json.loads(out)["timing"]["played"] == 4
    assert len(log.read_text().splitlines()) == 6
    code, _, err = _run(*ARENA[:-3], "--seed", "90", "--resume", str(log))
    assert code == 2
    assert "cannot resume from" in err and "a game this arena does not play (seed 40" in err


def test_ray_missing_or_unknown_backend_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_ray(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ray":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    code, _, err = _run(*ARENA, "--backend", "ray")
    assert code == 2
    assert "--backend ray needs Ray, the ray extra: pip install -e '.[ray]'" in err
    code, _, err = _run(*ARENA, "--backend", "spark")
    assert code == 2 and "'spark' is not one of 'local', 'ray'" in err
