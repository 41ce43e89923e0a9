"""Every name a board file may give an effect is one the rules engine acts on.

The board loaders check each card's effect against a vocabulary (`choices=` in the
schema); the per-card rules tests play each card. This test closes the gap between:
a name added to a vocabulary is named by the rules modules (the code that carries the
effects out, not the screens, the advice or the players), so a card cannot load with
an effect nothing implements."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

from hunt.boards.hunting_party import data as party
from hunt.boards.the_hunt import cards as hunt_cards

MODELS = Path(__file__).resolve().parents[1] / "models"

WITHOUT_A_RULE = {"pack-mule": "no ability: the Hunter's bigger hand is its hand_limit, data"}
"""Names a board may give that no rule acts on, each with why."""

VOCABULARIES = [
    ("the_hunt", ("state", "turn", "battle", "views"), "The Hunt's card effects",
     tuple(hunt_cards.EFFECTS)),
    ("hunting_party", ("state", "fate", "seats", "rules"), "Hunting Party's abilities",
     party.ABILITIES),
    ("hunting_party", ("state", "fate", "seats", "rules"), "Hunting Party's Fate events",
     party.EVENTS),
    ("hunting_party", ("state", "fate", "seats", "rules"), "Hunting Party's personal icons",
     party.ICONS),
    ("hunting_party", ("state", "fate", "seats", "rules"), "Hunting Party's Goal conditions",
     party.CONDITIONS),
]


def strings_in(folder: str, modules: Iterable[str]) -> set[str]:
    """Every string constant in the named modules of a game's folder."""
    found: set[str] = set()
    for module in modules:
        tree = ast.parse((MODELS / folder / f"{module}.py").read_text(encoding="utf-8"))
        found |= {node.value for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    return found


@pytest.mark.parametrize(("folder", "modules", "what", "names"), VOCABULARIES,
                         ids=[entry[2] for entry in VOCABULARIES])
def test_every_name_a_board_may_give_is_acted_on_by_the_rules(
        folder: str, modules: tuple[str, ...], what: str, names: tuple[str, ...]) -> None:
    missing = sorted(set(names) - strings_in(folder, modules) - set(WITHOUT_A_RULE))
    assert not missing, f"{what} the rules never name: {missing}"
