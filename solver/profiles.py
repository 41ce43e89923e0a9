"""How the search plays each game: its normal budget, where playouts stop, its shape.

The rules describe a game; how we search it is ours, measured in arena games and kept
here, by game name (`GameInfo.name`), since solver/ never imports a game. A game with
no entry gets `DEFAULT_PROFILE`. An agent spec can override each field
(`hunt.solver.agent_specs`); the levels scale `normal_iterations`.
"""

from __future__ import annotations

from dataclasses import dataclass

from hunt.models.game import AnyGame


@dataclass(frozen=True)
class SearchShape:
    """How ISMCTS is shaped for a game unless an agent spec says otherwise; each game
    keeps the shape that played best in its measured arena games."""

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


@dataclass(frozen=True)
class SearchProfile:
    """One game's search settings."""

    normal_iterations: int = 1000
    """Search iterations that answer in about 2 s a move on a 2-core machine: the
    "normal" level (easy and hard scale it)."""
    rollout_depth: int | None = None
    """Where the search cuts its playouts to call the game's `evaluate` (None: play to
    the end)."""
    shape: SearchShape = SearchShape()
    """The search's default shape for this game."""
    search: str = "ismcts"
    """The agent the levels play (`hunt play --level`, the web board): "ismcts", or
    "cfr" (CFR+ over the whole game, `hunt.solver.cfr`)."""
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
"""For a game without an entry in `PROFILES`."""

PROFILES: dict[str, SearchProfile] = {
    "the-hunt": SearchProfile(
        # 300 answered in 0.8 s a decision, well inside the normal level's 2 s; 600 take
        # about 1.6 s and won 40 of 40 games against the heuristic where 300 won 30 of
        # the same 40 (`hunt arena the-hunt --agents ismcts:iterations=600,heuristic
        # --games 20 --seed 16000`; paired, 10 games only 600 won, none only 300), and
        # 92 of 100 with `--games 50` (300: 75 of 100), and 353 of 400 with 150 more seeds.
        normal_iterations=600,
        # About one turn of each side, then the fitted evaluation: 4-5 times the
        # iterations a second of full playouts, and 31 of 40 games won against the
        # heuristic at 300 iterations (`hunt arena the-hunt --agents
        # ismcts:iterations=300,depth=40,heuristic --games 20 --seed 5000`).
        rollout_depth=40,
        # Flat UCB over the root actions, the search's choice always, a fifth of
        # playout decisions at random. Against the heuristic the full tree scored 0.800
        # in 200 games, this shape 0.905 in 200; against random opponents the full
        # tree's German won 9 of 25 (its playouts expect a British hunt that random
        # play never makes), this shape's 92 of 100 (`hunt arena the-hunt --agents
        # ismcts:normal,...`, measured before the British Battle rule `battle_ready` and
        # the German's repair-first rule; the figures are in docs/strength.md).
        shape=SearchShape(tree_depth=1, confidence=0.0, epsilon=0.2)),
    # About 0.2 s a move: a solo game (~100 choices) took 15-18 s.
    "hunted": SearchProfile(normal_iterations=300, rollout_depth=30),
    # About 160 iterations a second with full playouts (`hunt bench`): 600 took 3.4 s
    # a decision, over the 2 s a normal move may take; 300 answer in under 2.
    "hunting-party": SearchProfile(normal_iterations=300),
    "jutland": SearchProfile(
        # About 600 iterations a second with full playouts.
        normal_iterations=1000,
        # Flat UCB over the root actions, the search's choice always: 0.500 against the
        # heuristic in 200 games with uniform samples, where the full tree keeping the
        # heuristic's choice unless clearly beaten scored 0.46 in 100; with the
        # kept-cards belief 0.575 in 200 (`hunt arena jutland --agents
        # ismcts:normal,heuristic --games 100 --seed 6000`; docs/strength.md).
        shape=SearchShape(tree_depth=1, confidence=0.0)),
    # The levels solve the game whole with CFR+ (`hunt.solver.cfr`), and its budget
    # sets them apart (`scripts/leduc_exploitability.py`, chips a hand a best response
    # wins): easy 10 iterations, 0.610, about as exploitable as ISMCTS at normal
    # (0.564); normal 100, 0.013; hard 400, 0.001. At 1000 (0.00025) every level
    # played alike, move for move.
    "leduc": SearchProfile(normal_iterations=1000, search="cfr", cfr_iterations=100),
}
"""Each game's measured profile, by `GameInfo.name`."""


def cfr_games() -> list[str]:
    """The games CFR+ may solve (their profiles give it a budget)."""
    return sorted(name for name, profile in PROFILES.items() if profile.cfr_iterations)


def search_profile(game: AnyGame | str | None) -> SearchProfile:
    """The profile of `game` (a game or its name); `DEFAULT_PROFILE` for a game without
    one, or for None (no game known)."""
    if game is None:
        return DEFAULT_PROFILE
    name = game if isinstance(game, str) else game.info.name
    return PROFILES.get(name, DEFAULT_PROFILE)
