"""Self-play and fitting: the games `hunt train` learns from and the fit itself.

Games are played by an agent spec in every seat (the heuristic, or a search), each
from its own seed, in worker processes. Every decision with more than one choice is a
sample: the seat's view (its observation, hashed), the texts of the legal choices,
what was played (the search's visit shares when a search played, else the choice
made) and, once the game ends, the seat's search reward. The last games are held out:
the fit never sees them, and they give the log-loss, accuracy and value error
reported beside those of the plain guesses (every choice alike; the mean reward).

The fit is minibatch Adam on cross-entropy plus squared value error, all in numpy.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from hunt.models.game import AnyState
from hunt.models.registry import game_policy, load_game
from hunt.solver.agent import Agent
from hunt.solver.agent_specs import make_agent
from hunt.solver.backends import run_all
from hunt.solver.features import CHOICE_SLOTS, VIEW_SLOTS, SparseVector, view_features
from hunt.solver.ismcts import ISMCTSAgent
from hunt.solver.network import Array, Network, choice_slots
from hunt.solver.session import play_game


@dataclass(frozen=True)
class Sample:
    """One decision of a self-play game, as the network sees it."""

    view: SparseVector
    choices: tuple[str, ...]
    target: tuple[float, ...]
    """What was played: a chance for each choice (1 on the one played by a rule; the
    visit shares when a search played)."""
    reward: float
    """The seat's search reward at the end of the game."""


@dataclass(frozen=True)
class SelfPlayTask:
    """One self-play game: the game, the agent in every seat, the seed."""

    game: str
    options: tuple[tuple[str, Any], ...]
    agent: str
    seed: int


class _Recorder(Agent):
    """Plays as `agent` and writes down each decision it makes."""

    def __init__(self, agent: Agent, decisions: list[tuple[int, SparseVector, tuple[str, ...],
                                                             tuple[float, ...]]]) -> None:
        self.agent, self.decisions, self.rng = agent, decisions, agent.rng

    def select_action(self, state: AnyState) -> Any:
        seat, legal = state.current_player(), state.legal_actions()
        action = self.agent.select_action(state)
        if len(legal) > 1:
            target = [1.0 if choice == action else 0.0 for choice in legal]
            result = self.agent.last_result if isinstance(self.agent, ISMCTSAgent) else None
            if result is not None and result.iterations:
                visits = {entry.action: entry.visits for entry in result.stats}
                total = sum(visits.values())
                target = [visits.get(choice, 0) / total for choice in legal]
            self.decisions.append((seat, view_features(state.observation(seat)),
                                   tuple(state.action_to_string(a) for a in legal),
                                   tuple(target)))
        return action


def self_play(task: SelfPlayTask) -> list[Sample]:
    """The samples of one self-play game (run in a worker process)."""
    game = load_game(task.game, **dict(task.options))
    decisions: list[tuple[int, SparseVector, tuple[str, ...], tuple[float, ...]]] = []
    agents = [_Recorder(make_agent(task.agent, task.seed * 7919 + seat, game), decisions)
              for seat in range(game.info.num_players)]
    final = play_game(game, agents, task.seed).state
    rewards = game_policy(game).search_reward(final)
    return [Sample(view, choices, target, rewards[seat])
            for seat, view, choices, target in decisions]


def self_play_games(tasks: Sequence[SelfPlayTask], workers: int = 1,
                    on_game: Callable[[int], None] | None = None, *, backend: str = "local",
                    address: str | None = None) -> list[list[Sample]]:
    """Each task's samples, in the order of `tasks` whatever order they finish in (so a
    fit is the same on any backend and number of workers); `on_game` hears each game's
    number of samples as it finishes."""
    games: list[list[Sample]] = [[] for _ in tasks]
    for index, samples in run_all(self_play, tasks, workers=workers, backend=backend,
                                  address=address):
        games[index] = samples
        if on_game is not None:
            on_game(len(samples))
    return games


@dataclass(frozen=True)
class Figures:
    """How well a network predicts some samples."""

    log_loss: float
    """The policy's mean cross-entropy against what was played."""
    accuracy: float
    """The share of decisions where the policy's favourite was the choice played most."""
    value_error: float
    """Mean squared error of the value against the reward."""

    def to_json(self) -> dict[str, float]:
        """The figures, rounded for a report."""
        return {"log_loss": round(self.log_loss, 4), "accuracy": round(self.accuracy, 4),
                "value_error": round(self.value_error, 4)}


@dataclass(frozen=True)
class _Batch:
    """Samples as arrays: views one row each, choices one row each (grouped by sample)."""

    views: Array
    choices: Array
    starts: npt.NDArray[np.int64]
    owner: npt.NDArray[np.int64]
    target: Array
    reward: Array

    @classmethod
    def of(cls, samples: Sequence[Sample]) -> _Batch:
        views = np.zeros((len(samples), VIEW_SLOTS))
        for row, sample in enumerate(samples):
            views[row, list(sample.view)] = list(sample.view.values())
        counts = [len(sample.choices) for sample in samples]
        choices = np.zeros((sum(counts), CHOICE_SLOTS))
        row = 0
        for sample in samples:
            for text in sample.choices:
                choices[row, list(choice_slots(text))] = 1.0
                row += 1
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        owner = np.repeat(np.arange(len(samples)), counts)
        target = np.concatenate([sample.target for sample in samples])
        reward = np.array([sample.reward for sample in samples])
        return cls(views, choices, starts, owner, target, reward)


def _forward(net: Network, batch: _Batch) -> tuple[Array, Array, Array, Array]:
    """Pre-activations, hidden layer, each choice's chance and each sample's value."""
    pre = batch.views @ net.w1 + net.b1
    hidden = np.maximum(pre, 0.0)
    slot_scores = hidden @ net.w2 + net.b2
    scores = (batch.choices * slot_scores[batch.owner]).sum(axis=1)
    scores -= np.maximum.reduceat(scores, batch.starts)[batch.owner]
    exp = np.exp(scores)
    chances = exp / np.add.reduceat(exp, batch.starts)[batch.owner]
    value = hidden @ net.wv + net.bv[0]
    return pre, hidden, chances, value


def figures(net: Network, samples: Sequence[Sample], chunk: int = 512) -> Figures:
    """The network's log-loss, accuracy and value error on `samples` (read `chunk` at a
    time: a position of a board game may have dozens of choices, each a row)."""
    loss = error = 0.0
    hits = 0
    for start in range(0, len(samples), chunk):
        batch = _Batch.of(samples[start:start + chunk])
        _, _, chances, value = _forward(net, batch)
        loss -= float((batch.target * np.log(np.maximum(chances, 1e-12))).sum())
        error += float(((value - batch.reward) ** 2).sum())
        ends = [*batch.starts[1:], len(chances)]
        hits += sum(int(np.argmax(chances[a:b]) == np.argmax(batch.target[a:b]))
                    for a, b in zip(batch.starts, ends, strict=True))
    return Figures(loss / len(samples), hits / len(samples), error / len(samples))


def plain_figures(train: Sequence[Sample], samples: Sequence[Sample]) -> Figures:
    """The plain guesses' figures on `samples`: every choice alike, and the mean reward
    of `train` as the value (accuracy: the first choice, as a rule-less pick)."""
    mean = float(np.mean([sample.reward for sample in train]))
    return Figures(
        log_loss=sum(math.log(len(s.choices)) * sum(s.target) for s in samples) / len(samples),
        accuracy=sum(s.target[0] == max(s.target) for s in samples) / len(samples),
        value_error=float(np.mean([(s.reward - mean) ** 2 for s in samples])))


VALUE_WEIGHT = 1.0
"""How much the value's squared error counts beside the policy's cross-entropy."""

L2 = 1e-5
"""Weight decay on the weights (not the biases)."""


def loss_and_gradients(net: Network, batch: _Batch) -> tuple[float, list[Array]]:
    """The batch's mean loss and its gradient for each of `net.parameters`."""
    size = len(batch.starts)
    pre, hidden, chances, value = _forward(net, batch)
    loss = -(batch.target * np.log(np.maximum(chances, 1e-12))).sum() / size
    loss += VALUE_WEIGHT * ((value - batch.reward) ** 2).mean()
    # d loss / d score of each choice: its chance times the sample's target mass, less
    # its target (targets sum to 1 per sample, so this is the softmax gradient)
    mass = np.add.reduceat(batch.target, batch.starts)[batch.owner]
    d_scores = (chances * mass - batch.target) / size
    d_slots = np.add.reduceat(batch.choices * d_scores[:, None], batch.starts)
    d_value = 2 * VALUE_WEIGHT * (value - batch.reward) / size
    d_hidden = d_slots @ net.w2.T + np.outer(d_value, net.wv)
    d_pre = d_hidden * (pre > 0)
    grads = [batch.views.T @ d_pre + L2 * net.w1, d_pre.sum(axis=0),
             hidden.T @ d_slots + L2 * net.w2, d_slots.sum(axis=0),
             hidden.T @ d_value + L2 * net.wv, np.array([d_value.sum()])]
    loss += L2 / 2 * sum(float((w ** 2).sum()) for w in (net.w1, net.w2, net.wv))
    return float(loss), grads


@dataclass(frozen=True)
class Epoch:
    """One pass over the training samples: the mean training loss and the held-out
    figures after it."""

    number: int
    train_loss: float
    held_out: Figures


def fit(net: Network, train: Sequence[Sample], held_out: Sequence[Sample], *, epochs: int,
        seed: int, batch_size: int = 256, learning_rate: float = 0.003,
        on_epoch: Callable[[Epoch], None] | None = None) -> list[Epoch]:
    """Fit `net` (in place) to `train` by Adam; the figures on `held_out` after each
    epoch (on `train` when nothing is held out)."""
    rng = np.random.default_rng(seed)
    params = net.parameters
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    beta1, beta2, steps = 0.9, 0.999, 0
    history = []
    for number in range(1, epochs + 1):
        order = rng.permutation(len(train))
        losses = []
        for start in range(0, len(order), batch_size):
            batch = _Batch.of([train[i] for i in order[start:start + batch_size]])
            loss, grads = loss_and_gradients(net, batch)
            losses.append(loss)
            steps += 1
            for param, grad, m, v in zip(params, grads, first, second, strict=True):
                m *= beta1
                m += (1 - beta1) * grad
                v *= beta2
                v += (1 - beta2) * grad * grad
                step = learning_rate * math.sqrt(1 - beta2 ** steps) / (1 - beta1 ** steps)
                param -= step * m / (np.sqrt(v) + 1e-8)
        epoch = Epoch(number, float(np.mean(losses)), figures(net, held_out or train))
        history.append(epoch)
        if on_epoch is not None:
            on_epoch(epoch)
    return history
