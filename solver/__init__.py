"""hunt.solver: game-agnostic search, agents and match play. Sees games only through
`hunt.models.game`."""

from hunt.solver.agent import Agent, HeuristicAgent, RandomAgent
from hunt.solver.agent_specs import LEVELS, make_agent
from hunt.solver.ismcts import ISMCTS, ISMCTSAgent, SearchResult
from hunt.solver.pimc import PIMCAgent
from hunt.solver.session import GameSession, MatchResult, play_game, play_on
from hunt.solver.settings import ISMCTSConfig

__all__ = ["ISMCTS", "LEVELS", "Agent", "GameSession", "HeuristicAgent", "ISMCTSAgent",
           "ISMCTSConfig", "MatchResult", "PIMCAgent", "RandomAgent", "SearchResult",
           "make_agent", "play_game", "play_on"]
