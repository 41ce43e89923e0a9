"""hunt.solver: game-agnostic search, agents and match play. Sees games only through
`hunt.models.game`."""

from hunt.solver.agent import Agent, HeuristicAgent, RandomAgent
from hunt.solver.match import MatchResult, play_game

__all__ = ["Agent", "HeuristicAgent", "MatchResult", "RandomAgent", "play_game"]
