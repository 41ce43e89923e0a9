"""The engine's shortcuts answer as the plain computations they stand for: The Hunt's
cheap "nothing to decide" check, its nearest-hex and distance-total tables, a checked
move's legality without sorting, the contract's chance draw without copies, the
playout's forced move taken without building a view, Hunting Party's playout view
built part by part, and The Hunt's pool of unseen cards kept until a side sees more.
(That the search decides as before is tests/test_search_goldens.py.)"""

from __future__ import annotations

import random
from typing import cast

import pytest

from hunt.models.game import AnyState
from hunt.models.hunting_party import HuntingPartyState
from hunt.models.registry import game_policy, load_game
from hunt.models.steps import Step
from hunt.models.the_hunt import TheHuntState
from hunt.models.the_hunt.actions import TheHuntAction
from hunt.models.the_hunt.heuristics import _centre_of
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


def test_distance_totals_sum_the_distances_to_every_hex() -> None:
    rng = random.Random(4)
    for size in (0, 1, 7, len(GAME.hexes)):
        hexes = rng.sample(GAME.hexes, size)
        origins = rng.sample(GAME.hexes, 9)
        assert GAME.distance_totals(origins, hexes) == \
            [sum(GAME.hex_distance(a, b) for b in hexes) for a in origins]


def test_the_proximity_query_hex_is_the_plain_minimum_with_the_same_draws() -> None:
    """The rule of thumb names the hex nearest in total to the possible hexes, a tie
    broken by one draw a hex: the table's answer is the plain minimum's, and the
    generator ends where the plain minimum leaves it."""
    pick = random.Random(5)
    for trial in range(30):
        hexes = pick.sample(GAME.hexes, pick.randint(1, 30))
        legal = [TheHuntAction("query", "", 0, h) for h in pick.sample(GAME.hexes, 12)]
        fast, plain = random.Random(trial), random.Random(trial)
        expected = min(legal, key=lambda a: (sum(GAME.hex_distance(a.hex, h) for h in hexes),
                                             plain.random()))
        assert _centre_of(GAME, hexes, legal, fast) == expected
        assert fast.getstate() == plain.getstate()


def test_a_checked_move_is_legal_exactly_when_legal_actions_list_it() -> None:
    """`is_legal` looks through the step's choices unsorted: the same answer as
    membership in `legal_actions`, for every legal action and for others."""
    rng = random.Random(6)
    for name in ("the-hunt", "hunting-party", "hunted"):
        game = load_game(name)
        state: AnyState = game.new_initial_state(3)
        earlier: list[object] = []  # the choices of the step before: most not legal now
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in [*legal, *earlier, "not an action"]:
                assert state.is_legal(action) == (action in legal), action
            earlier = list(legal)
            state.apply_action(rng.choice(legal))
        assert not any(state.is_legal(action) for action in earlier)


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


@pytest.mark.parametrize(("name", "least"), [("the-hunt", 50), ("leduc", 8)])
def test_a_chance_draw_is_the_one_random_choices_makes(name: str, least: int) -> None:
    """At every chance node of seeded games of the games that draw by the contract (the
    others draw by their own counts), the draw is the outcome `random.choices` picks
    from the same generator with the outcomes' odds, and the generator ends where
    `random.choices` leaves it: the same odds and the same stream of random numbers."""
    game = load_game(name)
    rng, drawn = random.Random(7), 0
    for seed in range(4):
        state: AnyState = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.current_player() < 0:
                outcomes = state.chance_outcomes()
                plain = random.Random(drawn)
                expected = plain.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                fast = random.Random(drawn)
                assert state.sample_chance_outcome(fast) == expected
                assert fast.getstate() == plain.getstate()
                drawn += 1
            legal = state.legal_actions()
            state.apply_action(rng.choice(legal))
    assert drawn >= least


def test_a_hunting_party_playout_view_reads_as_the_heuristic_view() -> None:
    """Hunting Party's playouts read a view whose parts are built as the rules of thumb
    read them: every part reads as the heuristic view's, a key the view has not fails,
    and the rollout's choice at each decision of seeded games is the rules of thumb's
    from the whole view, with the generator left where that leaves it."""
    game = load_game("hunting-party")
    policy = game_policy(game)
    heuristic = policy.heuristic_action
    compared, stages = 0, set()
    for seed in range(6):
        state = cast(HuntingPartyState, game.new_initial_state(seed))
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            if seat >= 0 and len(state.legal_actions()) > 1:
                whole = state.heuristic_view(seat)
                lazy = state.playout_view(seat)
                assert dict(lazy) == {}
                for key in reversed(list(whole)):  # in another order than the view's
                    assert lazy[key] == whole[key], key  # type: ignore[literal-required]
                with pytest.raises(KeyError):
                    lazy["hidden"]  # type: ignore[typeddict-item]
                plain, fast = random.Random(compared), random.Random(compared)
                expected = heuristic(game, whole, state.legal_actions(), plain)
                assert policy.rollout_action(state, fast) == expected
                assert fast.getstate() == plain.getstate()
                compared += 1
                stages.add(state.stage())
            if seat < 0:
                state.apply_legal_action(state.sample_chance_outcome(rng))
            else:
                state.apply_legal_action(rng.choice(state.legal_actions()))
    assert {"play", "discard-fate", "discard", "flee-window"} <= stages
    assert compared >= 100


def test_the_hunt_unseen_pool_kept_between_views_is_the_pool_counted_afresh() -> None:
    """A search draws its worlds from the same position again and again, so The Hunt
    keeps the pool of a side's unseen cards until that side sees more: at every step of
    whole games (random moves, and the rules of thumb's, which reach Battles, reshuffles
    and looks at a hand), for one side a game as a search asks (the kept pool is one
    side's), and in the worlds it draws there, the kept pool is the one counted afresh."""
    policy = game_policy(GAME)
    rng, checked = random.Random(8), 0
    for seed in range(12):
        state = GAME.new_initial_state(seed)
        seat = seed % 2
        while not state.is_terminal():
            assert state._unseen_pool(seat) == state._count_unseen(seat), seed
            if state.current_player() == seat:
                world = state.determinize(seat, rng)
                assert world._unseen_pool(seat) == world._count_unseen(seat), seed
            checked += 1
            if state.current_player() < 0:
                action = state.sample_chance_outcome(rng)
            elif seed % 4 < 2:
                action = policy.rollout_action(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_legal_action(action)
    assert checked > 1000
