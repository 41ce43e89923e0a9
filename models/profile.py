"""How the search plays a game: its normal budget, where playouts stop, its shape.

The rules describe a game; how the search plays it is measured in arena games and
kept with the game, in its plug-in (`GamePlugin.profile`), as plain numbers: models/
never imports the search, which reads them (`hunt.solver.profiles.search_profile`).
An agent spec overrides the shape fields (`hunt.solver.settings`); the levels scale
`normal_iterations`.
"""

from __future__ import annotations

from dataclasses import dataclass

Knots = tuple[tuple[float, float], ...]
"""A calibration map: (share, chance) points, rising in both."""


@dataclass(frozen=True)
class SearchProfile:
    """One game's search defaults; each game keeps those that played best in its
    measured arena games."""

    normal_iterations: int = 1000
    """Search iterations that answer within about 1 s a move on a 2-core machine: the
    "normal" level (easy and hard scale it)."""
    rollout_depth: int | None = None
    """Where the search cuts its playouts to call the game's `evaluate` (None: play to
    the end)."""
    tree_depth: int = 0
    """Decisions an iteration takes in the trees before its playout; 0: no limit (it
    descends until it expands a node). 1 is flat UCB over the root actions."""
    confidence: float = 1.0
    """Standard errors by which the search's choice must beat the game's own choice
    to replace it (0: the search's choice always)."""
    epsilon: float = 0.0
    """Share of playout decisions made at random instead of by the rollout policy."""
    temperature: float = 0.0
    """How the final choice is made: 0 plays the most visited action; above 0 draws
    one with chance visits ** (1 / temperature): mixed play, where the game rewards
    being unpredictable."""
    smooth: bool = False
    """Smooth UCT (Heinrich & Silver 2015): a selection sometimes follows the node's
    average strategy (its visit shares) instead of UCB, so the visits tend to a
    strategy an opponent cannot exploit; the final choice is then drawn from them
    (temperature 1 unless one is set)."""
    search: str = "ismcts"
    """The agent the levels play (`hunt play --level`, the web board): "ismcts", or
    "cfr" (CFR+ over the whole game, `hunt.solver.cfr`)."""
    chance_knots: Knots = ()
    """How the search's share of won playouts reads as the win chance a hint shows:
    (share, chance) points, the chance between them read on the straight line between
    its neighbours (and the end points' chances beyond them). A monotone map fitted by
    `scripts/calibration.py --fit` on the positions of held-out games between the
    population's players, so that a chance is the rate at which such positions were
    won; empty: the share itself. Fitted on games at the game's default options, and
    read only there (`hunt.solver.profiles.chance_knots`)."""
    analysis_knots: Knots = ()
    """How post-game analysis's estimate of a seat's chance (playouts from the whole
    position, `hunt.solver.analysis`) reads as the rate such positions were won, as
    `chance_knots` for the hint: fitted by `scripts/calibration.py --judge analysis
    --fit`; empty: the estimate itself. Read at the game's default options only, for
    the seats `hunt.solver.analysis.read_seats` names (the first, where the others'
    chances follow from it; else each)."""
    cfr_iterations: int = 0
    """CFR+'s iterations at the normal level; 0: the game is not solved so (it solves
    from the game's first state: only a small game whose first state hides nothing)."""

    @property
    def solves_whole(self) -> bool:
        """Whether the levels, hints and analysis solve the game whole (CFR+) rather
        than search it."""
        return self.search == "cfr"

    @property
    def advice_iterations(self) -> int:
        """The budget hints, the table companion and analysis advise with: the normal
        level's, of the agent the levels play."""
        return self.cfr_iterations if self.solves_whole else self.normal_iterations


DEFAULT_PROFILE = SearchProfile()
"""For a game whose plug-in gives no profile."""
