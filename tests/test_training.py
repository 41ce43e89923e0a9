"""The view features, the network and its fit, `hunt train`,
and the search the network guides (PUCT prior, value at the leaf)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from hunt.cli.main import cli
from hunt.models.registry import load_game
from hunt.models.testing import indistinguishable_worlds
from hunt.solver import ismcts as ismcts_module
from hunt.solver.agent_specs import AgentSpecError, make_agent
from hunt.solver.features import choice_features, slot, view_features
from hunt.solver.ismcts import ISMCTSAgent
from hunt.solver.network import Network, WeightsError
from hunt.solver.training import (
    Sample,
    SelfPlayTask,
    _Batch,
    loss_and_gradients,
    self_play_games,
)


def test_feature_slots_are_crc32_the_same_in_every_process() -> None:
    """A weights file means the same in any process: slots come from CRC-32, never from
    Python's salted `hash` (these values were computed once and must not move)."""
    assert slot("hand=beatty-lc", 2048) == 1983
    assert choice_features("move graf-spee 2 14") == choice_features("move graf-spee 2 14")
    assert len(choice_features("search G")) == 6  # 2 words, 2 placed words, pair, last


def test_view_features_read_the_view_not_the_state() -> None:
    """Two worlds the British cannot tell apart (the raider elsewhere, the German's hand
    another) give the British the same features."""
    checked = 0
    for state, world, seat in indistinguishable_worlds(load_game("the-hunt"), [2],
                                                       random.Random(2), pairs=3, seat=1,
                                                       probability=0.3):
        assert world != state
        assert view_features(world.observation(seat)) == view_features(state.observation(seat))
        checked += 1
    assert checked == 3


def _samples(count: int = 4) -> list[Sample]:
    tasks = [SelfPlayTask("jutland", (), "heuristic", seed) for seed in range(count)]
    return [sample for game in self_play_games(tasks) for sample in game]


def test_the_gradients_are_those_of_the_loss() -> None:
    """Back-propagation agrees with finite differences on every kind of weight."""
    net = Network.initial(6, seed=1)
    rng = np.random.default_rng(3)
    net.wv[:] = rng.normal(0, 0.3, 6)
    batch = _Batch.of(_samples(2)[:30])
    _, grads = loss_and_gradients(net, batch)
    for param, grad in zip(net.parameters, grads, strict=True):
        # the slots this batch reaches (most of w1's rows are no view's feature)
        flat = np.flatnonzero(grad) if np.any(grad) else np.arange(grad.size)
        for index in rng.choice(flat, size=min(3, flat.size), replace=False):
            where = np.unravel_index(index, param.shape)
            kept = param[where]
            param[where] = kept + 1e-6
            up, _ = loss_and_gradients(net, batch)
            param[where] = kept - 1e-6
            down, _ = loss_and_gradients(net, batch)
            param[where] = kept
            assert grad[where] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-8)


def test_self_play_samples_carry_the_choices_and_the_seats_reward() -> None:
    samples = _samples(1)
    assert samples and all(len(s.choices) > 1 and sum(s.target) == 1 for s in samples)
    assert {s.reward for s in samples} <= {-1.0, 1.0} or len({s.reward for s in samples}) == 2


@pytest.mark.slow
def test_hunt_train_on_a_tiny_budget_writes_weights_whose_loss_fell(tmp_path: Path) -> None:
    """`hunt train` in CI: a few games, the training loss falls from the first epoch to
    the last, the held-out figures and the provenance are in the file, and the same
    seed writes the same weights."""
    runner = CliRunner()
    paths = [tmp_path / "a.npz", tmp_path / "b.npz"]
    reports = []
    for path in paths:
        result = runner.invoke(cli, ["train", "jutland", "--games", "6", "--epochs", "4",
                                     "--hidden", "8", "--seed", "3", "--output", str(path),
                                     "--json"])
        assert result.exit_code == 0, result.output
        reports.append(json.loads(result.output))
    epochs = reports[0]["epochs_run"]
    assert epochs[-1]["train_loss"] < epochs[0]["train_loss"]
    net, again = Network.load(paths[0]), Network.load(paths[1])
    assert all(np.array_equal(a, b) for a, b in zip(net.parameters, again.parameters,
                                                     strict=True))
    assert net.provenance["command"] == ("hunt train jutland --games 6 --agent heuristic "
                                         "--epochs 4 --hidden 8 --seed 3")
    assert {"date", "games", "seed", "held_out", "plain"} <= set(net.provenance)
    assert net.provenance["held_out"]["log_loss"] < net.provenance["plain"]["log_loss"]


def test_weights_from_a_guided_search_carry_the_guides_provenance(tmp_path: Path) -> None:
    """Expert iteration: when a search guided by earlier weights plays the games, the
    new file names those weights' provenance, so the whole chain is in the last file."""
    guide = Network.load(_guiding_net(tmp_path))
    guide.provenance = {"command": "hunt train leduc --games 9", "seed": 9}
    guide.save(tmp_path / "guide.npz")
    output = tmp_path / "next.npz"
    result = CliRunner().invoke(cli, [
        "train", "leduc", "--games", "3", "--epochs", "1", "--hidden", "4", "--output",
        str(output), "--agent", f"ismcts:iterations=8,prior=1,model={tmp_path / 'guide.npz'}"])
    assert result.exit_code == 0, result.output
    assert Network.load(output).provenance["guide"] == guide.provenance


def test_a_broken_weights_file_is_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.npz"
    broken.write_text("not weights")
    with pytest.raises(WeightsError, match=r"expected a \.npz written by `hunt train`"):
        Network.load(broken)
    with pytest.raises(AgentSpecError, match="no weights ship for leduc; give model=PATH"):
        make_agent("ismcts:prior=2", 1, load_game("leduc"))


def _guiding_net(tmp_path: Path) -> str:
    net = Network.initial(8, seed=2)
    net.wv[:] = np.random.default_rng(4).normal(0, 0.5, 8)
    path = tmp_path / "net.npz"
    net.save(path)
    return str(path)


def test_the_guided_search_does_not_leak(tmp_path: Path) -> None:
    """With a prior and a network value, states the searching seat cannot tell apart
    still give the same action and statistics: the network reads views only."""
    model = _guiding_net(tmp_path)
    checked = 0
    for state, world, _ in indistinguishable_worlds(load_game("jutland"), range(40),
                                                    random.Random(4), pairs=4, attempts=20,
                                                    min_choices=3):
        outcomes = []
        for which in (state, world):
            agent = ISMCTSAgent(iterations=40, seed=len(state.history), model=model,
                                prior=2.0, value=0.5, tree_depth=0)
            action = agent.select_action(which)
            assert agent.last_result is not None
            outcomes.append((action, agent.last_result.stats))
        assert outcomes[0] == outcomes[1]
        checked += 1
    assert checked == 4


def test_a_network_value_of_share_one_plays_no_playout(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def no_playout(*_: object) -> list[float]:
        raise AssertionError("a playout was played")

    monkeypatch.setattr(ismcts_module, "play_out", no_playout)
    game = load_game("jutland")
    state = game.new_initial_state(1)
    rng = random.Random(1)
    while state.current_player() < 0 or len(state.legal_actions()) < 3:
        state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                           else state.legal_actions()[0])
    agent = make_agent(f"ismcts:iterations=50,value=1,model={_guiding_net(tmp_path)}", 1,
                       game)
    assert agent.select_action(state) in state.legal_actions()
