"""Hunted: what each seat sees (observation, heuristic view). Nothing is hidden but
the decks' order, so the determinizer (in `state.py`) is the position itself."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from hunt.models.game import CHANCE, Observation
from hunt.models.hunted.fight import FightSteps


class HuntedViews(FightSteps, partial=True):
    """What each seat sees of a position."""

    # -- what each seat sees ---------------------------------------------------------------

    def stage(self) -> str:
        """The kind of the pending step ("turn", "fight", "pay", ...; "over" at the end)."""
        return "over" if self.over else self.stack[-1].kind

    def _inventory_view(self, seat: int) -> list[dict[str, Any]]:
        return [{"name": item.name, "type": self.card(item.name).type,
                 **({"label": label, "ammo": item.ammo, "shots": item.shots,
                     "capacity": self.card(item.name).shots} if label else {}),
                 **({"flipped": item.flipped} if self.card(item.name).type == "crew" else {})}
                for label, item in zip(self._labels(seat), self.inventory[seat], strict=True)]

    def _fight_view(self) -> dict[str, Any] | None:
        fight = self.fight
        if fight is None:
            return None
        return {"alien": fight.alien or ("the alien queen" if fight.queen else "an alien"),
                "strength": fight.strength, "hits": fight.hits, "crew_icon": fight.crew_icon,
                "queen": fight.queen, "round": fight.round,
                "fighter": self.game.seat_names[fight.fighter], "tossed": fight.tossed,
                "landed": fight.landed}

    def heuristic_view(self, player: int) -> dict[str, Any]:
        """The part of `observation(player)` the heuristic reads, built cheaply for
        playouts (the hit rates' dict is shared: read only)."""
        game = self.game
        return {"seat": game.seat_names[player], "players": game.players,
                "stage": self.stage(), "time": self.time, "max_health": game.max_health,
                "health": self.health, "loose_shots": self.loose_shots,
                "grenades": self.grenades,
                "rows": self.rows, "shared": self.shared,
                "inventories": [self._inventory_view(seat) for seat in range(game.players)],
                "fight": self._fight_view(), "hit_rates": game.hit_rates}

    def observation(self, player: int) -> Observation:
        game = self.game
        to_move = self.current_player()
        pending = self.stack[-1] if self.stack else None
        return {
            "game": "hunted", "seat": game.seat_names[player], "players": game.players,
            "stage": self.stage(),
            "to_move": game.seat_names[to_move] if to_move >= 0 else
            ("chance" if to_move == CHANCE else "nobody"),
            "time": self.time, "max_health": game.max_health,
            "health": list(self.health), "keys": list(self.keys),
            "grenades": list(self.grenades), "loose_shots": list(self.loose_shots),
            "reroll": self.reroll,
            "rows": [list(row) for row in self.rows], "shared": list(self.shared),
            "inventories": [self._inventory_view(seat) for seat in range(game.players)],
            "deck": dict(sorted(self.pile.items())), "discards": dict(sorted(
                self.discards.items())),
            "stars_aside": sum(self.stars.values()), "removed": list(self.removed),
            "locations_drawn": self.locations_drawn,
            "locations_left": game.location_cards + 1 - self.locations_drawn,
            "locations_seen": list(self.locations_seen), "drawn": list(self.drawn),
            "activating": pending.data[0] if pending and pending.kind == "pay" else None,
            "fight": self._fight_view(),
            "hit_rates": dict(game.hit_rates),
            "large_from_health": game.components.large_from_health,
            "turn": game.seat_names[self.turn], "acted": self.acted,
            "log": list(self.log[-10:]),
            "score": self.score() if self.won else None,
            "result": None if not self.over else ("won" if self.won else "lost"),
            "reason": self.reason or None,
        }

    def _fingerprint(self) -> Hashable:
        return (tuple(self.health), self.time, tuple(map(tuple, self.inventory)),
                tuple(self.keys), tuple(self.grenades), tuple(self.loose_shots), self.reroll,
                tuple(map(tuple, self.rows)), tuple(self.shared),
                tuple(sorted(self.pile.items())), tuple(sorted(self.discards.items())),
                tuple(sorted(self.stars.items())), tuple(self.removed), self.locations_drawn,
                tuple(self.locations_seen), tuple(self.drawn), self.turn, self.acted,
                self.shared_this_draw, self.fight, self.over, self.won, tuple(self.stack),
                tuple(tuple(view) for view in self._views))

