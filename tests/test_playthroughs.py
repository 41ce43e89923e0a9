"""Golden playthroughs: every registered game, played from fixed seeds by random play
and by its rule of thumb, gives the transcript kept in tests/data/playthroughs/ line
for line (`hunt.models.playthrough`). A change to the rules, the views or the screens
shows up here as a diff of a readable file; a change meant to be is written anew with
HUNT_WRITE_PLAYTHROUGHS=1 and the diff reviewed in the commit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hunt.models.playthrough import POLICIES, playthrough
from hunt.models.registry import available_games, game_plugin, load_game

FOLDER = Path(__file__).parent / "data" / "playthroughs"
SEED = 1


def cases() -> list[tuple[str, int | None, str]]:
    """Each game at its fewest and most players (one case when the count is fixed),
    with each policy."""
    found = []
    for name in available_games():
        low, high = game_plugin(name).player_range
        counts: list[int | None] = [None] if low == high else [low, high]
        found += [(name, count, policy) for count in counts for policy in POLICIES]
    return found


@pytest.mark.parametrize(("name", "players", "policy"), cases())
def test_playthrough_matches_the_golden_transcript(name: str, players: int | None,
                                                   policy: str) -> None:
    game = load_game(name) if players is None else load_game(name, players=players)
    text = playthrough(game, SEED, policy)
    path = FOLDER / f"{name}{'' if players is None else f'-{players}p'}-{policy}.txt"
    if os.environ.get("HUNT_WRITE_PLAYTHROUGHS"):
        path.write_text(text)
    assert path.exists(), f"no golden transcript {path.name}: write it with " \
        "HUNT_WRITE_PLAYTHROUGHS=1"
    expected = path.read_text().splitlines()
    got = text.splitlines()
    for number, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        assert have == want, f"{path.name} line {number} differs"
    assert len(got) == len(expected), f"{path.name}: {len(got)} lines, kept {len(expected)}"
