"""hunt.models: the rules of each game behind one contract, and the probabilistic
models of what a player cannot see."""

from hunt.models.game import CHANCE, TERMINAL, Game, GameInfo, State
from hunt.models.registry import available_games, load_game, state_from_record

__all__ = ["CHANCE", "TERMINAL", "Game", "GameInfo", "State", "available_games",
           "load_game", "state_from_record"]
