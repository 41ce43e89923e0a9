"""The PettingZoo adapter passes PettingZoo's own API and seed tests on every game."""

from __future__ import annotations

import random

import pytest

from hunt.models.registry import available_games

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from hunt.adapters.pettingzoo import HuntEnv, decode_observation, env


@pytest.mark.parametrize("name", available_games())
def test_pettingzoos_api_test_passes(name: str) -> None:
    api_test(env(name), num_cycles=1000)


@pytest.mark.parametrize("name", available_games())
def test_pettingzoos_seed_test_passes(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=300)


@pytest.mark.parametrize("name", available_games())
def test_a_masked_random_rollout_of_a_thousand_steps(name: str) -> None:
    environment = env(name)
    rng = random.Random(5)
    games = steps = 0
    while steps < 1000:
        environment.reset(seed=games)
        games += 1
        for agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = [index for index, flag in enumerate(observation["action_mask"]) if flag]
            assert legal, f"{agent} has no legal action before the end"
            environment.step(rng.choice(legal))
            steps += 1
            if steps == 1000:
                break
    assert steps == 1000


def test_an_agent_sees_its_own_seat_only() -> None:
    environment = env("leduc")
    environment.reset(seed=3)
    raw = environment.unwrapped
    assert isinstance(raw, HuntEnv)
    for seat, agent in enumerate(environment.possible_agents):
        seen = decode_observation(environment.observe(agent)["observation"])
        assert seen == raw.state.observation(seat)
    first = decode_observation(environment.observe("first")["observation"])
    second = decode_observation(environment.observe("second")["observation"])
    assert first != second  # each holds its own private card, not the other's


def test_the_ansi_render_is_the_seats_screen() -> None:
    environment = env("leduc", render_mode="ansi")
    environment.reset(seed=1)
    text = environment.render()
    assert isinstance(text, str) and text.strip()


def test_a_seed_replays_the_same_chance() -> None:
    texts = []
    for _ in range(2):
        environment = env("leduc")
        environment.reset(seed=11)
        raw = environment.unwrapped
        assert isinstance(raw, HuntEnv)
        texts.append(raw.state.to_record()["actions"])
    assert texts[0] == texts[1] and texts[0]
