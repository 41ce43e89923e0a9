"""Each game's search profile, read from its plug-in (`GamePlugin.profile`).

The profile's type (`hunt.models.profile.SearchProfile`) and each game's measured
numbers live with the game; this is where solver/ reads them. A game that is not
registered (a test's own game), or whose plug-in gives none, gets `DEFAULT_PROFILE`.
"""

from __future__ import annotations

from hunt.errors import UnknownGameError
from hunt.models.game import AnyGame
from hunt.models.profile import DEFAULT_PROFILE, Knots, SearchProfile
from hunt.models.registry import available_games, game_plugin

__all__ = ["DEFAULT_PROFILE", "SearchProfile", "analysis_knots", "cfr_games", "chance_knots",
           "search_profile"]


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


def chance_knots(game: AnyGame) -> Knots:
    """How a hint reads `game`'s share of won playouts as a win chance (its profile's
    `chance_knots`), where the game is played at its default options: the map was
    fitted on such games, and a game of other options (more players, a harder
    variant) wins at other rates. None there: the hint shows the share itself."""
    return _where_fitted(game, search_profile(game).chance_knots)


def analysis_knots(game: AnyGame) -> Knots:
    """How analysis reads `game`'s playout estimates (its profile's `analysis_knots`),
    at the default options only, as `chance_knots`."""
    return _where_fitted(game, search_profile(game).analysis_knots)


def _where_fitted(game: AnyGame, knots: Knots) -> Knots:
    """`knots` if `game` (a registered one) is played at its default options, where
    they were fitted; none otherwise."""
    if not knots:
        return ()
    spec = game_plugin(game.info.name).options
    return knots if spec.check(game.options) == spec.check({}) else ()
