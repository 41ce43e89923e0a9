"""The adapters' shared part, their packaging and their docs pages (no framework needed
except where a page's code is run)."""

from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest

from hunt.adapters.numbering import (
    ObservationLengthError,
    numbering_for,
    observation_bytes,
    padded_observation,
)
from hunt.models.game import random_action
from hunt.models.registry import load_game
from hunt.tests.hash_seeds import outputs_under_hash_seeds

ROOT = Path(__file__).resolve().parents[1]
FRAMEWORKS = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")
PAGES = {"openspiel.md": "pyspiel", "pettingzoo.md": "pettingzoo"}
"""Each adapter's docs page, with the module its code needs."""


def test_the_default_imports_load_no_framework() -> None:
    code = ("import sys, hunt, hunt.models.registry, hunt.adapters, hunt.adapters.numbering; "
            f"print([name for name in {FRAMEWORKS!r} if name in sys.modules])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def test_the_extras_name_the_frameworks() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    assert extras["openspiel"] == ["open_spiel"]
    assert extras["pettingzoo"] == ["pettingzoo", "gymnasium"]
    assert "pyspiel" not in str(extras["dev"]) and "pettingzoo" not in str(extras["dev"])


def test_ci_installs_both_extras() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "openspiel" in script and "pettingzoo" in script


@pytest.mark.parametrize("name", ["leduc", "jutland"])
def test_the_numbering_is_the_same_in_every_process(name: str) -> None:
    code = ("from hunt.adapters.numbering import numbering_for; "
            f"n = numbering_for({name!r}, {{}}); print('\\n'.join(n.texts), n.spare)")
    outputs = outputs_under_hash_seeds(code)
    assert len(outputs) == 1
    numbering = numbering_for(name, {})
    assert outputs.pop() == "\n".join(numbering.texts) + f" {numbering.spare}\n"


def test_leducs_numbering_lists_its_whole_tree() -> None:
    numbering = numbering_for("leduc", {})
    assert numbering.method == "exhaustive" and numbering.spare == 0
    assert numbering.texts == ("call", "deal Jh", "deal Js", "deal Kh", "deal Ks",
                               "deal Qh", "deal Qs", "fold", "raise")


@pytest.mark.parametrize("name", ["jutland", "hunted"])
def test_every_position_of_fresh_games_numbers_its_actions(name: str) -> None:
    # Seeds the census never played: every legal action gets a distinct id in range.
    game = load_game(name)
    numbering = numbering_for(name, {})
    for seed in range(10_000, 10_005):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            by_id = numbering.actions_by_id(state)
            assert sorted(by_id.values()) == state.legal_actions()
            assert all(0 <= number < numbering.size for number in by_id)
            state.apply_action(random_action(state, rng))


def _code(page: str) -> str:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert len(blocks) == 1, f"docs/{page} should show one Python block"
    return str(blocks[0])


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_docs_pages_code_runs(page: str) -> None:
    if importlib.util.find_spec(PAGES[page]) is None:
        pytest.skip(f"{PAGES[page]} is not installed (extra of docs/{page})")
    exec(compile(_code(page), f"docs/{page}", "exec"), {})


def test_a_padded_observation_is_the_seats_json_then_zeros() -> None:
    state = load_game("leduc").new_initial_state(3)
    state.apply_action(state.string_to_action("deal Kh"))
    numbering = numbering_for("leduc", {})
    padded = padded_observation(state, 0, numbering.observation_length)
    data = observation_bytes(state, 0)
    assert padded.dtype == np.uint8 and padded.shape == (numbering.observation_length,)
    assert bytes(padded[:len(data)]) == data and not padded[len(data):].any()


def test_an_observation_longer_than_its_padding_is_refused_with_both_lengths() -> None:
    state = load_game("leduc").new_initial_state(3)
    size = len(observation_bytes(state, 0))
    with pytest.raises(ObservationLengthError, match=f"takes {size} bytes, more than the 8"):
        padded_observation(state, 0, 8)
