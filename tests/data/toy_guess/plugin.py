"""A toy game for the registry's tests: a game written outside the package.

A card from 1 to 3 is dealt face down to the dealer; the guesser names a number and
wins if it is the card. `tests/test_game_path.py` copies this folder into a temporary
one named in `HUNT_GAME_PATH`: the whole game is this one file, which imports only
the contract (`hunt.models`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from hunt.models.game import CHANCE, TERMINAL, Game, GameInfo, Observation, State
from hunt.models.options import OptionSpec
from hunt.models.plugin import GamePlugin, Style, plain

DEALER, GUESSER = 0, 1
CARDS = (1, 2, 3)


class GuessGame(Game["GuessState", str, Observation]):
    """One card dealt face down; one guess."""

    option_spec = OptionSpec("toy-guess")
    """No options."""
    info = GameInfo(name="toy-guess", title="Toy guess", num_players=2, min_players=2,
                    max_players=2, seat_names=("dealer", "guesser"), max_game_length=2,
                    zero_sum=True)

    def __init__(self, **options: Any) -> None:
        super().__init__(self.option_spec.recorded(self.option_spec.check(options)))

    def new_initial_state(self, seed: int = 0) -> GuessState:
        return GuessState(self, seed)

    def heuristic_action(self, observation: Observation, legal_actions: Sequence[str],
                         rng: random.Random) -> str:
        """Guess the middle card: as good as any other."""
        return "guess 2" if "guess 2" in legal_actions else legal_actions[0]


class GuessState(State[str, Observation]):
    """Before the deal, before the guess, or over."""

    game: GuessGame

    def __init__(self, game: GuessGame, seed: int) -> None:
        super().__init__(game, seed)
        self.card: int | None = None
        self.guess: int | None = None

    def current_player(self) -> int:
        if self.card is None:
            return CHANCE
        return GUESSER if self.guess is None else TERMINAL

    def legal_actions(self) -> list[str]:
        if self.card is None:
            return [f"deal {card}" for card in CARDS]
        return [f"guess {card}" for card in CARDS] if self.guess is None else []

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return [(f"deal {card}", 1 / len(CARDS)) for card in CARDS] if self.card is None else []

    def _apply(self, action: str) -> None:
        if self.card is None:
            self.card = int(action.split()[1])
            self._see(DEALER, action)
            self._see(GUESSER, "dealt")
        else:
            self.guess = int(action.split()[1])
            self._see_all((action, self.card))

    def returns(self) -> list[float]:
        if self.guess is None:
            return [0.0, 0.0]
        return [-1.0, 1.0] if self.guess == self.card else [1.0, -1.0]

    def clone(self) -> GuessState:
        other = GuessState(self.game, self.seed)
        other.card, other.guess = self.card, self.guess
        other.history = list(self.history)
        other._views = [list(view) for view in self._views]
        other._determinized = self._determinized
        return other

    def observation(self, player: int) -> Observation:
        shown = player == DEALER or self.guess is not None
        return {"card": self.card if shown else None, "guess": self.guess}

    def determinize(self, player: int, rng: random.Random, prior: Any = None) -> GuessState:
        world = self.clone()
        world.history, world._determinized = [], True
        world._views = [[], []]
        world._views[player] = list(self._views[player])
        if player == GUESSER and self.card is not None and self.guess is None:
            world.card = rng.choice(CARDS)
        return world

    def action_to_string(self, action: str) -> str:
        return action

    def _fingerprint(self) -> Hashable:
        return (self.card, self.guess, tuple(tuple(view) for view in self._views))


def screen(game: GuessGame, seen: Observation, seat: int, style: Style = plain,
           unseen: int = 0) -> str:
    """The card if the seat may see it, and the guess (no log: `unseen` says nothing)."""
    return f"Card: {seen['card'] or '?'}   Guess: {seen['guess'] or '-'}"


PLUGIN: GamePlugin[GuessGame, GuessState, Observation] = GamePlugin(
    name="toy-guess", title="Toy guess", seats=("dealer", "guesser"), game=GuessGame,
    options=GuessGame.option_spec, screen=screen)
"""The toy game, as every command reads it."""
