"""Hunted: what each seat sees (observation, heuristic view). Nothing is hidden but
the decks' order, so the determinizer (in `state.py`) is the position itself."""

from __future__ import annotations

from collections.abc import Hashable

from hunt.models.game import CHANCE, as_json
from hunt.models.hunted.events import KINDS
from hunt.models.hunted.fight import FightSteps
from hunt.models.hunted.observation import (
    FightSeen,
    HuntedObservation,
    HuntedSeen,
    ItemSeen,
)
from hunt.models.hunted.steps import Pay


class HuntedViews(FightSteps, partial=True):
    """What each seat sees of a position."""

    # -- what each seat sees ---------------------------------------------------------------

    def stage(self) -> str:
        """The kind of the pending step ("turn", "fight", "pay", ...; "over" at the end)."""
        return "over" if self.over else self.stack[-1].kind

    def _inventory_view(self, seat: int) -> list[ItemSeen]:
        """`seat`'s inventory: a weapon (the cards with a label) with its tokens, a crew
        card face up or not, or equipment (no other type is ever taken)."""
        items: list[ItemSeen] = []
        for label, item in zip(self._labels(seat), self.inventory[seat], strict=True):
            card = self.card(item.name)
            if label:
                items.append({"name": item.name, "type": "weapon", "label": label,
                              "ammo": item.ammo, "shots": item.shots, "capacity": card.shots})
            elif card.type == "crew":
                items.append({"name": item.name, "type": "crew", "flipped": item.flipped})
            else:
                items.append({"name": item.name, "type": "equipment"})
        return items

    def _fight_view(self) -> FightSeen | None:
        fight = self.fight
        if fight is None:
            return None
        return {"alien": fight.alien or ("the alien queen" if fight.queen else "an alien"),
                "strength": fight.strength, "hits": fight.hits, "crew_icon": fight.crew_icon,
                "queen": fight.queen, "round": fight.round,
                "fighter": self.game.seat_names[fight.fighter], "tossed": fight.tossed,
                "landed": fight.landed}

    def heuristic_view(self, player: int) -> HuntedSeen:
        """What the heuristic reads of `player`'s view, built cheaply for playouts: it
        shares the state's lists and the hit rates' dict (read only)."""
        game = self.game
        return {"seat": game.seat_names[player], "players": game.players,
                "stage": self.stage(), "time": self.time, "max_health": game.max_health,
                "health": self.health, "loose_shots": self.loose_shots,
                "grenades": self.grenades,
                "rows": self.rows, "shared": self.shared,
                "inventories": [self._inventory_view(seat) for seat in range(game.players)],
                "fight": self._fight_view(), "hit_rates": game.hit_rates}

    def observation(self, player: int) -> HuntedObservation:
        game = self.game
        to_move = self.current_player()
        pending = self.stack[-1] if self.stack else None
        return {
            **as_json(self.heuristic_view(player)),
            "game": "hunted",
            "to_move": game.seat_names[to_move] if to_move >= 0 else
            ("chance" if to_move == CHANCE else "nobody"),
            "keys": list(self.keys), "reroll": self.reroll,
            "deck": dict(sorted(self.pile.items())), "discards": dict(sorted(
                self.discards.items())),
            "stars_aside": sum(self.stars.values()), "removed": list(self.removed),
            "locations_drawn": self.locations_drawn,
            "locations_left": game.location_cards + 1 - self.locations_drawn,
            "locations_seen": list(self.locations_seen), "drawn": list(self.drawn),
            "activating": pending.card if isinstance(pending, Pay) else None,
            "large_from_health": game.components.large_from_health,
            "turn": game.seat_names[self.turn], "acted": self.acted,
            "log": [KINDS.to_json(event) for event in self.log],
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
