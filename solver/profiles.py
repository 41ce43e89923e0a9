"""Each game's search profile, read from its plug-in (`GamePlugin.profile`).

The profile's type (`hunt.models.profile.SearchProfile`) and each game's measured
numbers live with the game; this is where solver/ reads them. A game that is not
registered (a test's own game), or whose plug-in gives none, gets `DEFAULT_PROFILE`.
"""

from __future__ import annotations

from hunt.errors import UnknownGameError
from hunt.models.game import AnyGame
from hunt.models.profile import DEFAULT_PROFILE, SearchProfile
from hunt.models.registry import available_games, game_plugin

__all__ = ["DEFAULT_PROFILE", "SearchProfile", "cfr_games", "search_profile"]


def cfr_games() -> list[str]:
    """The games CFR+ may solve (their profiles give it a budget)."""
    return [name for name in available_games() if game_plugin(name).profile.cfr_iterations]


def search_profile(game: AnyGame | str | None) -> SearchProfile:
    """The profile of `game` (a game or its name); `DEFAULT_PROFILE` for a game not
    registered, or for None (no game known)."""
    if game is None:
        return DEFAULT_PROFILE
    name = game if isinstance(game, str) else game.info.name
    try:
        return game_plugin(name).profile
    except UnknownGameError:
        return DEFAULT_PROFILE
