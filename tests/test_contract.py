"""The game contract and the conformance suite: the suite catches each kind of breach."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from hunt.errors import IllegalActionError, OptionError, RecordError, UnknownGameError
from hunt.models import available_games, load_game, state_from_record
from hunt.models.game import Action
from hunt.models.jutland import BRITISH, GERMAN, JutlandState
from hunt.models.testing import ConformanceError, check_game


def test_available_games_lists_every_registered_game() -> None:
    assert "jutland" in available_games()
    assert available_games() == sorted(available_games())


def test_load_game_names_the_available_games_on_a_typo() -> None:
    with pytest.raises(UnknownGameError,
                       match="no game named 'jutlnd'; available: hunted, hunting-party, jutland"):
        load_game("jutlnd")


@pytest.mark.slow
def test_every_registered_game_passes_the_conformance_suite_briefly() -> None:
    for name in available_games():
        check_game(load_game(name), num_games=20, seed=11)


def test_apply_action_refuses_an_illegal_action_and_names_the_legal_ones() -> None:
    state = load_game("jutland").new_initial_state()
    with pytest.raises(IllegalActionError, match="legal: draw hipper"):
        state.apply_action(999)
    with pytest.raises(IllegalActionError, match="'deploy hipper' is not legal here"):
        state.string_to_action("deploy hipper")


def test_a_refused_typed_move_lists_the_legal_moves_most_like_it_first() -> None:
    """`move g 17` where Force G needs 2 AP to reach 17: the refusal lists `move G 2 17`
    first, then Force G's other moves, before the rest of the many legal moves; `mvoe g
    17` as well."""
    from hunt.tests.hunt_positions import british_turn, play

    state = british_turn()
    state.forces["G"] = "15"
    play(state, "play royal-navy ap")
    with pytest.raises(IllegalActionError) as refused:
        state.string_to_action("move g 17")
    listed = str(refused.value).split("legal: ")[1].split(", ")
    assert listed[0] == "move G 2 17"
    assert all(text.startswith("move G ") for text in listed[1:6])
    assert listed[-1].endswith(" in all)")
    # a slip of the finger in a word, and a word begun, are read as like it
    for typed in ("mvoe g 17", "move g 1"):
        with pytest.raises(IllegalActionError) as refused:
            state.string_to_action(typed)
        assert str(refused.value).split("legal: ")[1].startswith("move G ")


def _random_game(seed: int) -> JutlandState:
    state = load_game("jutland").new_initial_state(seed)
    assert isinstance(state, JutlandState)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_record_replays_to_the_same_state() -> None:
    state = _random_game(5)
    replayed = state_from_record(state.to_record())
    assert replayed == state
    assert replayed.information_state_key(GERMAN) == state.information_state_key(GERMAN)


@pytest.mark.parametrize(("record", "message"), [
    ([], "must be a JSON object"),
    ({"game": "chess"}, "no game named 'chess'"),
    ({"game": "jutland", "seed": 1, "actions": ["draw hipper", "draw nelson"]},
     "action 2: 'draw nelson' is not legal here"),
    ({"game": "jutland", "seed": "x", "actions": []}, "integer 'seed'"),
    ({"game": "jutland", "options": {"turns": 9}, "seed": 1, "actions": []},
     "no option turns"),
])
def test_a_broken_record_is_refused_with_one_line_naming_the_fault(
        record: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message) as error:
        state_from_record(record) if isinstance(record, dict) \
            else load_game("jutland").from_record(record)
    assert "\n" not in str(error.value)


def test_unknown_options_raise_option_errors() -> None:
    with pytest.raises(OptionError):
        load_game("jutland", escape_bans_battle_cruisers="yes")


# -- the suite catches broken games ---------------------------------------------------

def _breaks(monkeypatch: pytest.MonkeyPatch, name: str, method: Callable[..., Any],
            message: str) -> None:
    monkeypatch.setattr(JutlandState, name, method)
    with pytest.raises(ConformanceError, match=message):
        check_game(load_game("jutland"), num_games=5, determinize_probability=0.5)


def test_the_suite_catches_a_determinizer_that_leaks_hidden_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    honest = JutlandState.determinize

    def leaky(self: JutlandState, player: int, rng: random.Random,
              prior: Any = None) -> JutlandState:
        world = honest(self, player, rng, prior)
        # Peek: put the true hands, deck and face-down discards back.
        world.hands = [list(hand) for hand in self.hands]
        world.deck = list(self.deck)
        world.discard_down = [list(pile) for pile in self.discard_down]
        return world

    _breaks(monkeypatch, "determinize", leaky, "determinize leaks")


def test_the_suite_catches_a_determinizer_that_changes_the_information_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    honest = JutlandState.determinize

    def forgetful(self: JutlandState, player: int, rng: random.Random,
                  prior: Any = None) -> JutlandState:
        world = honest(self, player, rng, prior)
        world._views[player] = []
        return world

    _breaks(monkeypatch, "determinize", forgetful, "changed its information state")


def test_the_suite_catches_a_clone_that_shares_its_hands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    honest = JutlandState.clone

    def shallow(self: JutlandState) -> JutlandState:
        copy = honest(self)
        copy.hands = self.hands
        copy.deck = self.deck
        return copy

    _breaks(monkeypatch, "clone", shallow, "changed the original")


def test_the_suite_catches_unsorted_legal_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = JutlandState.legal_actions

    def unsorted(self: JutlandState) -> list[Action]:
        return list(reversed(honest(self)))

    _breaks(monkeypatch, "legal_actions", unsorted, "not sorted and unique")


def test_the_suite_catches_chance_probabilities_that_do_not_sum_to_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    honest = JutlandState.chance_outcomes

    def skewed(self: JutlandState) -> list[tuple[Action, float]]:
        return [(action, p * 0.9) for action, p in honest(self)]

    _breaks(monkeypatch, "chance_outcomes", skewed, "chance probabilities sum")


def test_the_suite_catches_a_game_that_accepts_illegal_actions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(JutlandState, "is_legal", lambda self, action: True)
    monkeypatch.setattr(JutlandState, "_apply", lambda self, action: None)
    with pytest.raises(ConformanceError, match="was accepted"):
        check_game(load_game("jutland"), num_games=1)


def test_the_suite_catches_an_observation_that_is_not_json(
        monkeypatch: pytest.MonkeyPatch) -> None:
    honest = JutlandState.observation
    monkeypatch.setattr(JutlandState, "observation",
                        lambda self, player: {**honest(self, player), "hand": {1, 2}})
    with pytest.raises(TypeError, match="not JSON serializable"):
        check_game(load_game("jutland"), num_games=1)


def test_the_suite_catches_a_heuristic_view_that_shows_the_opponents_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What a playout policy reads must be shown in the seat's observation: a view
    holding the other seat's hand would let every playout cheat."""
    honest = JutlandState.observation

    def peeking(self: JutlandState, player: int) -> dict[str, Any]:
        return {**honest(self, player), "opponent_hand": list(self.hands[1 - player])}

    _breaks(monkeypatch, "heuristic_view", peeking, "heuristic view of seat 0 holds")


def test_the_suite_catches_a_game_that_never_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("jutland")
    monkeypatch.setattr(game, "info", type(game.info)(**{
        **game.info.__dict__, "max_game_length": 40}))
    with pytest.raises(ConformanceError, match="no end after max_game_length 40"):
        check_game(game, num_games=1, playout_probability=0.0)


def test_british_view_is_the_same_whatever_the_german_drew() -> None:
    keys = set()
    for first in ("hipper", "scheer"):
        state = load_game("jutland").new_initial_state()
        state.apply_action(state.string_to_action(f"draw {first}"))
        keys.add(state.information_state_key(BRITISH))
        assert state.observation(BRITISH)["opponent_hand_size"] == 1
    assert len(keys) == 1


def test_the_conformance_suite_refuses_unequal_returns_in_a_cooperative_game() -> None:
    from hunt.models.hunted import HuntedGame, HuntedState

    class Unfair(HuntedState):
        def returns(self) -> list[float]:
            return [1.0, 0.0] if self.over else [0.0, 0.0]

    class UnfairGame(HuntedGame):
        def new_initial_state(self, seed: int = 0) -> HuntedState:
            return Unfair(self, seed)

    with pytest.raises(ConformanceError, match="cooperative game differ"):
        check_game(UnfairGame(players=2), num_games=1)


def test_the_suite_catches_seat_worlds_that_leak_what_the_seat_cannot_see(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`State.seat_worlds` that returns the real position tells the seat the hidden
    cards: worlds it cannot tell apart give different lists."""
    _breaks(monkeypatch, "seat_worlds", lambda self, player, rng: [self.clone()],
            "seat_worlds leaks")


def test_the_suite_catches_seat_worlds_that_leave_out_what_can_happen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One sampled world is not every world: an entry the real position allows is
    missing from the menu the worlds make."""
    _breaks(monkeypatch, "seat_worlds",
            lambda self, player, rng: [self.determinize(player, rng)], "leaves out")
