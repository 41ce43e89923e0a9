"""The step engine (models/steps.py): handler tables checked when a class is made, and
a clone that copies every field of every step-stack game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from hunt.models import load_game
from hunt.models.game import Action, Observation, random_action
from hunt.models.steps import (
    AUTO,
    AUTO_STEP,
    CHANCE_STEP,
    DECIDE,
    Copier,
    Role,
    Step,
    StepState,
    auto,
    effect,
    legal,
    outcomes,
)

STEP_GAMES = [("the-hunt", {}), ("hunted", {}), ("hunted", {"players": 2}),
              ("hunting-party", {}), ("hunting-party", {"players": 5})]
MUTABLE = (list, dict, set)


def _mutable_parts(value: Any) -> Iterator[Any]:
    """Every mutable container reachable from `value` (through lists, dicts, sets and
    tuples), `value` itself included."""
    if isinstance(value, MUTABLE):
        yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from _mutable_parts(item)
    elif isinstance(value, list | tuple | set):
        for item in value:
            yield from _mutable_parts(item)


@pytest.mark.parametrize(("name", "options"), STEP_GAMES)
def test_a_clone_equals_its_state_and_shares_nothing_mutable(
        name: str, options: dict[str, Any]) -> None:
    game = load_game(name, **options)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        assert isinstance(state, StepState)
        while not state.is_terminal():
            copy = state.clone()
            assert type(copy) is type(state)
            assert vars(copy) == vars(state)
            assert copy == state
            fields = {key: value for key, value in vars(state).items() if key != "game"}
            shared = {id(part) for part in _mutable_parts(list(fields.values()))}
            theirs = [key for key, value in vars(copy).items() if key != "game"
                      and any(id(part) in shared for part in _mutable_parts(value))]
            assert theirs == [], f"{name}: the clone shares {theirs}"
            action = random_action(state, rng)
            before = state.clone()
            copy.apply_action(action)  # playing on the clone leaves the state as it was
            assert vars(state) == vars(before)
            state.apply_action(action)
            assert vars(state) == vars(copy)


class _Toy(StepState[str, Observation, Step], partial=True):
    """A bare step game for the engine's checks (made `partial`: no kinds yet)."""

    def returns(self) -> list[float]:
        return [0.0]

    def observation(self, player: int) -> Observation:
        return {}

    def determinize(self, player: int, rng: random.Random, prior: Any = None) -> _Toy:
        return self._sampled_copy(player)

    def action_to_string(self, action: Action) -> str:
        return str(action)

    def _fingerprint(self) -> Any:
        return tuple(self.stack)


def test_a_declared_step_without_its_handlers_fails_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match=r"pick \(decide\) has no @legal handler"):
        class Missing(_Toy):
            step_kinds: ClassVar[dict[str, Role]] = {"pick": DECIDE}

            @effect("pick")
            def _pick(self, step: Step, action: str) -> None: ...
    with pytest.raises(TypeError, match=r"roll \(chance\) has no @outcomes handler"):
        class NoOdds(_Toy):
            step_kinds: ClassVar[dict[str, Role]] = {"roll": CHANCE_STEP}

            @effect("roll")
            def _roll(self, step: Step, action: str) -> None: ...


def test_a_handler_for_a_kind_not_declared_fails_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match=r"@auto\('tidy'\) handles a kind not declared"):
        class Stray(_Toy):
            step_kinds: ClassVar[dict[str, Role]] = {}

            @auto("tidy")
            def _tidy(self, step: Step) -> None: ...


@dataclass(frozen=True)
class _Toss(Step):
    kind = "toss"
    seat = -1


@dataclass(frozen=True)
class _Call(Step):
    kind = "call"
    seat = 0


@dataclass(frozen=True)
class _Score(Step):
    kind = "score"
    seat = AUTO


class _Coin(_Toy):
    """A coin tossed, then a call; the handlers complete the toy."""

    step_kinds: ClassVar[dict[str, Role]] = {
        "toss": CHANCE_STEP, "call": DECIDE, "score": AUTO_STEP}
    copied: ClassVar[dict[str, Copier]] = {"stack": list, "calls": list}

    def __init__(self) -> None:
        super().__init__(load_game("leduc"), 0)
        self.over = False
        self.calls: list[str] = []
        self.stack: list[Step] = []
        self._push(_Toss(), _Call(), _Score())
        self._run()

    @outcomes("toss")
    def _faces(self, step: Step) -> list[tuple[Action, float]]:
        return [("heads", 0.5), ("tails", 0.5)]

    @effect("toss", "call")
    def _note(self, step: Step, action: str) -> None:
        self.calls.append(action)

    @legal("call")
    def _calls(self, step: Step) -> list[str]:
        return ["tails", "heads", "tails"]

    @auto("score")
    def _score(self, step: Step) -> None:
        self.over = True


def test_the_engine_runs_the_tables_and_clone_refuses_an_unknown_mutable_field() -> None:
    coin = _Coin()
    assert coin.chance_outcomes() == [("heads", 0.5), ("tails", 0.5)]
    coin.apply_action("tails")
    assert coin.legal_actions() == ["heads", "tails"]  # sorted, each once
    copy = coin.clone()
    coin.apply_action("heads")
    assert coin.is_terminal() and coin.calls == ["tails", "heads"]
    assert copy.calls == ["tails"] and not copy.is_terminal()
    vars(coin)["notes"] = ["a field nobody declared"]
    with pytest.raises(TypeError, match="notes holds a list"):
        coin.clone()
