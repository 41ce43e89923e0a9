"""Hunted: the odds of every chance step (draws, tosses, tests, finds, ambushes)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import ClassVar

from hunt.boards.hunted.data import LANDING_PAD
from hunt.models.hunted.state import HuntedAction, HuntedBase, _by_count, _none_among, slug
from hunt.models.hunted.steps import (
    AmbushDraw,
    DrawCard,
    DrawLocation,
    Find,
    Retoss,
    StarDraw,
    Test,
    Toss,
)
from hunt.models.steps import CHANCE_STEP, Role, outcomes


class HuntedOdds(HuntedBase, partial=True):
    """Hunted: the odds of every chance step (draws, tosses, tests, finds, ambushes)."""

    step_kinds: ClassVar[Mapping[str, Role]] = {
        "draw": CHANCE_STEP, "star": CHANCE_STEP, "location": CHANCE_STEP,
        "toss": CHANCE_STEP, "retoss": CHANCE_STEP, "test": CHANCE_STEP,
        "find": CHANCE_STEP, "ambush": CHANCE_STEP}

    # -- chance --------------------------------------------------------------------------

    @outcomes("draw")
    def _card_odds(self, step: DrawCard) -> list[tuple[HuntedAction, float]]:
        return _by_count("card", self.pile)

    @outcomes("star")
    def _star_odds(self, step: StarDraw) -> list[tuple[HuntedAction, float]]:
        return _by_count("star", self.stars)

    @outcomes("location")
    def _location_step(self, step: DrawLocation) -> list[tuple[HuntedAction, float]]:
        return self._location_odds()

    @outcomes("toss", "retoss")
    def _hit_odds(self, step: Toss | Retoss) -> list[tuple[HuntedAction, float]]:
        tokens, rate = step.tokens, self.game.hit_rates["token"]
        return [(HuntedAction("hits", str(k)),
                 math.comb(tokens, k) * rate ** k * (1 - rate) ** (tokens - k))
                for k in range(tokens + 1)]

    @outcomes("test")
    def _test_odds(self, step: Test) -> list[tuple[HuntedAction, float]]:
        seat = step.side
        size = "large" if self.health[seat] >= self.game.components.large_from_health \
            else "small"
        rate = self.game.hit_rates[size]
        outcomes = [(HuntedAction("test", "hit"), rate)]
        return outcomes + ([(HuntedAction("test", "miss"), 1 - rate)] if rate < 1 else [])

    @outcomes("find")
    def _find_odds(self, step: Find) -> list[tuple[HuntedAction, float]]:
        pool = self._find_pool(step.wanted)
        if not pool:
            return [(HuntedAction("found", "nothing"), 1.0)]
        return _by_count("found", pool)

    @outcomes("ambush")
    def _ambush_step(self, step: AmbushDraw) -> list[tuple[HuntedAction, float]]:
        return self._ambush_odds(step.draws)

    def _find_pool(self, wanted: str) -> dict[str, int]:
        """The cards of type `wanted` a search would find: in the draw pile, else in
        the discards (reshuffled when the pile is gone through)."""
        for source in (self.pile, self.discards):
            pool = {name: count for name, count in source.items()
                    if count and self.card(name).type == wanted}
            if pool:
                return pool
        return {}

    def _ambush_odds(self, draws: int) -> list[tuple[HuntedAction, float]]:
        """The first alien among the next `draws` cards (the discards reshuffled when
        the pile runs out), or none."""
        def aliens(source: dict[str, int]) -> dict[str, int]:
            return {n: c for n, c in source.items() if c and self.card(n).type == "alien"}

        size = sum(self.pile.values())
        in_pile = aliens(self.pile)
        none = _none_among(size, sum(in_pile.values()), draws)
        outcomes: list[tuple[HuntedAction, float]] = []
        if none < 1:
            total = sum(in_pile.values())
            outcomes += [(HuntedAction("ambush", slug(n)), (1 - none) * c / total)
                         for n, c in sorted(in_pile.items())]
        if size < draws and not in_pile:
            later = aliens(self.discards)
            none = _none_among(sum(self.discards.values()), sum(later.values()),
                               draws - size)
            total = sum(later.values())
            outcomes += [(HuntedAction("ambush", slug(n)), (1 - none) * c / total)
                         for n, c in sorted(later.items())]
        if none > 0:
            outcomes.append((HuntedAction("ambush", "nothing"), none))
        return outcomes

    def _location_odds(self) -> list[tuple[HuntedAction, float]]:
        unseen = [name for name in self.game.non_pad if name not in self.locations_seen]
        left = self.game.location_cards + 1 - self.locations_drawn
        bottom = self.game.location_cards + 1 - self.game.pad_among_last
        pad = 1 / left if self.locations_drawn >= bottom else 0.0
        outcomes = [(HuntedAction("location", slug(name)), (1 - pad) / len(unseen))
                    for name in unseen] if pad < 1 else []
        if pad:
            outcomes.append((HuntedAction("location", slug(LANDING_PAD)), pad))
        return outcomes
