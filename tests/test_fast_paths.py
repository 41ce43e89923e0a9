"""The engine's shortcuts answer as the plain computations they stand for: The Hunt's
cheap "nothing to decide" check, its nearest-hex table, and the playout's forced move
taken without building a view. (That the search decides as before is
tests/test_search_goldens.py.)"""

from __future__ import annotations

import random
from typing import cast

import pytest

from hunt.models.game import AnyState
from hunt.models.registry import game_policy, load_game
from hunt.models.steps import Step
from hunt.models.the_hunt import TheHuntState
from hunt.models.the_hunt.steps import (
    BRITISH,
    GERMAN,
    Actions,
    Boost,
    PlaceHint,
    PlayCard,
    RedrawChoice,
    Window,
)
from hunt.solver.bench import midgame_states
from hunt.tests.hunt_positions import GAME


def _asked_steps() -> list[Step]:
    """One of every kind of decision The Hunt's turn asks, for each side."""
    return [PlayCard(GERMAN), PlayCard(BRITISH), Actions(GERMAN), Actions(BRITISH),
            Window(GERMAN, "cancel-roll"), Window(BRITISH, "cancel-event"),
            Boost("G", "20"), PlaceHint(), RedrawChoice()]


def test_nothing_to_decide_is_an_empty_list_of_decisions() -> None:
    """Before every decision the rules ask whether it has any choice; the quick answer
    agrees with building the choices, with hands full and empty and with AP or none."""
    checked = 0
    for position in midgame_states(GAME, 12, seed=5):
        state = cast(TheHuntState, position)
        for hands_empty in (False, True):
            for ap in (0, 1, 3):
                world = state.clone()
                world.ap = ap
                if hands_empty:
                    world.hands = [[], []]
                for step in _asked_steps():
                    assert world._nothing_to_decide(step) == (not world._decisions(step)), \
                        (step, hands_empty, ap)
                    checked += 1
    assert checked == 12 * 2 * 3 * len(_asked_steps())


def test_nearest_distance_is_the_least_distance_to_any_of_the_hexes() -> None:
    rng = random.Random(3)
    for size in (1, 2, 5, 20, len(GAME.hexes)):
        hexes = frozenset(rng.sample(GAME.hexes, size))
        nearest = GAME.nearest_distance(hexes)
        assert nearest == {a: min(GAME.hex_distance(a, b) for b in hexes) for a in GAME.hexes}
        assert GAME.nearest_distance(frozenset(hexes)) is nearest  # kept, not recomputed


@pytest.mark.parametrize("name", ["hunting-party", "hunted"])
def test_a_forced_move_in_a_playout_draws_nothing_from_the_generator(name: str) -> None:
    """A playout step with one legal action plays it without asking the rules of thumb
    (which would play it too): the generator is left as it was, so the playout goes on
    as it would have."""
    game = load_game(name)
    policy = game_policy(game)
    rng, forced = random.Random(1), 0
    for seed in range(20):
        state: AnyState = game.new_initial_state(seed)
        while not state.is_terminal() and forced < 5:
            legal = state.legal_actions()
            if state.current_player() >= 0 and len(legal) == 1:
                before = rng.getstate()
                assert policy.rollout_action(state, rng) == legal[0]
                assert rng.getstate() == before
                forced += 1
            if state.current_player() < 0:
                state.apply_legal_action(state.sample_chance_outcome(rng))
            else:
                state.apply_legal_action(rng.choice(legal))
    assert forced == 5
