"""Hunted: the position (its fields), the actions a turn or a fight offers, and the
flow. Chance odds are in `odds.py`, the turn and activations in `turn.py`, card
effects in `effects.py`, fights in `fight.py`, what each seat sees in `views.py`;
`rules.py` assembles the state class and holds the readings of the rulebook."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self

from hunt.boards.hunted.data import HuntedCard
from hunt.models.game import pick_by_count
from hunt.models.hunted.events import (
    AlienDefeated,
    CrewLost,
    Escaped,
    Event,
    HealthChanges,
    Lost,
    OutOfAmmo,
    Reshuffled,
)
from hunt.models.hunted.observation import HuntedObservation
from hunt.models.hunted.steps import EndTurn, FightTurn, Give, StarDraw, Turn
from hunt.models.steps import Copier, Step, StepState, auto, lists

if TYPE_CHECKING:
    from hunt.models.hunted.rules import HuntedGame

DIFFICULTIES = ("normal", "hard")
FIGHT_FLIPS = ("shots", "grenades", "hits")
"""Crew flip gains that "must be flipped during a fight"."""


class HuntedAction(NamedTuple):
    """A move of Hunted, sorted and hashed as a tuple. Text: "verb arg"."""

    verb: str
    arg: str = ""

    def text(self) -> str:
        """The form a person types, e.g. "activate runner" or "toss pulse-rifle 3"."""
        return f"{self.verb} {self.arg}" if self.arg else self.verb


class Item(NamedTuple):
    """A card in an inventory: a weapon with its ammo and shot tokens, or a crew card
    (face up, or flipped face down), or equipment."""

    name: str
    ammo: int = 0
    shots: int = 0
    flipped: bool = False


class Fight(NamedTuple):
    """The fight going on: who drew it, who fights this round, the alien, its hits."""

    drawer: int
    fighter: int
    alien: str
    """The alien card's name, or "" for an alien no card represents."""
    strength: int
    crew_icon: bool
    queen: bool
    hits: int = 0
    round: int = 1
    tossed: int = 0
    landed: int = 0


@cache
def slug(name: str) -> str:
    """A card name as an action argument: "Dr. Reyes" -> "dr-reyes"."""
    return "-".join(name.lower().replace(".", "").split())


DRAW = HuntedAction("draw")
HIDE = HuntedAction("hide")
DONE = HuntedAction("done")
PASS = HuntedAction("pass")
"""Closes a window to give (two players): nothing more is given now."""

class HuntedBase(StepState[HuntedAction, HuntedObservation, Step], partial=True):
    """A position of Hunted: its fields, the helpers every part uses, the choices a
    turn or a fight offers and the flow. Decks are counts per card name (their order
    is chance)."""

    game: HuntedGame
    copied: ClassVar[Mapping[str, Copier]] = {
        "health": list, "inventory": lists, "keys": list, "grenades": list,
        "loose_shots": list, "rows": lists, "shared": list, "pile": dict, "discards": dict,
        "stars": dict, "removed": list, "locations_seen": list, "drawn": list, "log": list,
        "stack": list}

    def __init__(self, game: HuntedGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        n = game.players
        self.health = [game.start_health] * n
        self.time = game.start_time
        weapon = game.cards[game.starting_weapon]
        self.inventory: list[list[Item]] = [
            [Item(game.starting_weapon, game.starting_ammo, weapon.shots)] for _ in range(n)]
        self.keys = [0] * n
        self.grenades = [0] * n
        """Grenade tokens to toss in the current fight."""
        self.loose_shots = [0] * n
        """Shot tokens a crew flip gave, tossed with the next toss of this fight."""
        self.reroll = True
        """Whether the reroll token is still by the board (both players may use it)."""
        self.rows: list[list[str]] = [[] for _ in range(n)]
        self.shared: list[str] = []
        self.pile = dict(game.deck)
        self.discards: dict[str, int] = {}
        self.stars = dict(game.stars)
        """Star aliens still set aside."""
        self.removed: list[str] = []
        """Crew cards removed from the game."""
        self.locations_drawn = 0
        self.locations_seen: list[str] = []
        self.drawn: list[str] = []
        """Locations drawn by the activation being resolved."""
        self.turn = 0
        self.acted = False
        """Two players: whether the player to move has drawn (or hidden) this turn."""
        self.shared_this_draw = False
        self.fight: Fight | None = None
        self.over = False
        self.won = False
        self.reason = ""
        self.log: list[Event] = []
        self.stack: list[Step] = [Turn(0)]

    # -- small helpers -----------------------------------------------------------------

    def card(self, name: str) -> HuntedCard:
        """The Hunted card called `name`."""
        return self.game.cards[name]

    def row_of(self, seat: int) -> list[str]:
        """The cards `seat` can see as its row: its own, then the shared row."""
        return self.rows[seat] + self.shared

    def supply(self, token: str) -> int:
        """Ammo, key or grenade tokens still in the box (the printed counts bound them)."""
        printed = self.game.components.tokens[token]
        if token == "ammo":
            return printed - sum(item.ammo for inv in self.inventory for item in inv)
        held = self.keys if token == "key" else self.grenades
        return printed - sum(held)

    def weapons(self, seat: int) -> list[tuple[str, Item]]:
        """`seat`'s weapons, each with its label (its name's slug, numbered when the
        inventory holds two of one name: "pulse-rifle", "pulse-rifle#2")."""
        return [(label, item) for label, item in zip(self._labels(seat), self.inventory[seat],
                                                     strict=True) if label]

    def _labels(self, seat: int) -> list[str]:
        """Per inventory place: the weapon's label, or "" for any other card."""
        return self.game.weapon_labels(tuple(item.name for item in self.inventory[seat]))

    def _replace_item(self, seat: int, old: Item, new: Item | None) -> None:
        inventory = self.inventory[seat]
        index = inventory.index(old)
        if new is None:
            del inventory[index]
        else:
            inventory[index] = new

    def score(self) -> int:
        """The endgame score: 2 a health point, 1 a time, 3 a face-up crew card, 1 a
        face-down one (all players together)."""
        crew = [item for inv in self.inventory for item in inv
                if self.card(item.name).type == "crew"]
        return (2 * sum(self.health) + self.time
                + sum(1 if item.flipped else 3 for item in crew))

    def draw_odds(self, seat: int) -> dict[str, float]:
        """What the next card `seat` draws may be, from the public deck: an alien, an
        event, a card with a bell, and the chance that it forces a fight at once (a
        second alien, or the second bell beside an alien)."""
        pile = self.pile if any(self.pile.values()) else self.discards
        total = sum(pile.values()) or 1
        row = self.row_of(seat)
        alien_waits = any(self.card(name).type == "alien" for name in row)
        bells = sum(self.card(name).noise for name in row)

        def share(test: Any) -> float:
            return sum(count for name, count in pile.items() if test(self.card(name))) / total

        fight = 0.0
        if alien_waits:
            fight = share(lambda c: c.type == "alien" or (c.noise and bells >= 1))
        elif bells >= 2:
            fight = share(lambda c: c.type == "alien")
        return {"alien": share(lambda c: c.type == "alien"),
                "event": share(lambda c: c.type == "event"),
                "bell": share(lambda c: c.noise), "fight": fight}

    # -- the contract --------------------------------------------------------------------

    def _odds(self, step: Step) -> list[tuple[HuntedAction, float]]:
        """The outcomes sorted (the handlers build them by card name, not by slug)."""
        return sorted(super()._odds(step))

    def sample_chance_outcome(self, rng: random.Random) -> HuntedAction:
        """Card draws by index into the counts: the odds of `chance_outcomes`, faster."""
        step = self.stack[-1]
        if step.kind == "draw":
            names = list(self.pile)
            return HuntedAction("card", slug(names[pick_by_count(list(self.pile.values()),
                                                                  rng)]))
        return super().sample_chance_outcome(rng)

    def returns(self) -> list[float]:
        """1 for every player if they escaped, 0 otherwise (and before the end)."""
        return [1.0 if self.won else 0.0] * self.game.players

    def end_reason(self) -> str:
        return self.reason if self.over else ""

    def action_to_string(self, action: HuntedAction) -> str:
        return action.text()

    def determinize(self, player: int, rng: random.Random, prior: Any = None) -> Self:
        """The position itself: nothing is hidden but the decks' order, which is chance."""
        return self._sampled_copy(player)

    # -- decisions -------------------------------------------------------------------------

    def _turn_actions(self, seat: int) -> list[HuntedAction]:
        two = self.game.players == 2
        actions: list[HuntedAction] = []
        if not (two and self.acted):
            if any(self.pile.values()) or any(self.discards.values()):
                actions.append(DRAW)
            actions.append(HIDE)
        if not two or self.acted:
            actions += self._activations(seat)
        if two and self.acted:
            actions.append(DONE)
            if not self.shared_this_draw:
                actions += [HuntedAction("share", slug(name)) for name in self.rows[seat]]
        actions += self._gifts(seat)
        actions += self._inventory_actions(seat, fighting=False)
        return actions

    def _gifts(self, seat: int) -> list[HuntedAction]:
        """Two players: `seat` may give any inventory card to the other (1 time)."""
        if self.game.players != 2:
            return []
        return [HuntedAction("give", slug(item.name)) for item in self.inventory[seat]]

    def _payers(self, seat: int) -> list[tuple[str, bool]]:
        """The row cards `seat` may discard to pay: (name, in the shared row)."""
        payers = [(name, False) for name in self.rows[seat]]
        if self.game.players == 2 and self.acted:
            payers += [(name, True) for name in self.shared]
        return payers

    def _activations(self, seat: int) -> list[HuntedAction]:
        actions = []
        payers = self._payers(seat)
        for index, (name, shared) in enumerate(payers):
            card = self.card(name)
            if card.type in ("alien", "event"):
                continue
            others = payers[:index] + payers[index + 1:]
            if _can_pay(card.cost, [self.card(n).gives for n, _ in others], self.keys[seat]):
                actions.append(HuntedAction("activate", ("shared " if shared else "")
                                            + slug(name)))
        return actions

    def _payments(self, seat: int, target: str, cost: tuple[str, ...]) -> list[HuntedAction]:
        icon, rest = cost[0], cost[1:]
        payers = self._payers(seat)
        gives = [self.card(name).gives for name, _ in payers]
        actions = []
        if icon == "key" and self.keys[seat] and _can_pay(rest, gives, self.keys[seat] - 1):
            actions.append(HuntedAction("pay", "key with token"))
        for index, (name, shared) in enumerate(payers):
            if icon in gives[index] and _can_pay(rest, gives[:index] + gives[index + 1:],
                                                 self.keys[seat]):
                actions.append(HuntedAction("pay", f"{icon} with "
                                            + ("shared " if shared else "") + slug(name)))
        return actions

    def _inventory_actions(self, seat: int, fighting: bool) -> list[HuntedAction]:
        actions = []
        for item in self.inventory[seat]:
            card = self.card(item.name)
            if card.type == "equipment" and card.use is not None:
                if fighting or not card.fight_only:
                    actions.append(HuntedAction("use", slug(item.name)))
            elif card.type == "crew" and not item.flipped and card.flip is not None:
                in_fight = any(card.flip.gain(g) for g in FIGHT_FLIPS)
                if fighting or not in_fight:
                    actions.append(HuntedAction("flip", slug(item.name)))
        for label, item in self.weapons(seat):
            if item.ammo and item.shots < self.card(item.name).shots:
                actions.append(HuntedAction("reload", label))
        return actions

    def _fight_actions(self, seat: int) -> list[HuntedAction]:
        actions = self._inventory_actions(seat, fighting=True) + self._gifts(seat)
        grenades, loose = self.grenades[seat], self.loose_shots[seat]
        for extra in range(grenades + 1):
            tail = f" grenade {extra}" if extra else ""
            for label, item in self.weapons(seat):
                actions += [HuntedAction("toss", f"{label} {shots}{tail}")
                            for shots in range(1, item.shots + 1)]
            if extra or loose:
                actions.append(HuntedAction("toss", tail.strip() or "loose"))
        return actions

    def can_attack(self, seat: int) -> bool:
        """Whether `seat` has anything to toss in a fight, now or after a reload, a
        Grenade or Ammo card, or a crew flip."""
        if self.grenades[seat] or self.loose_shots[seat]:
            return True
        armed = bool(self.weapons(seat))
        for item in self.inventory[seat]:
            card = self.card(item.name)
            if card.type == "weapon" and (item.shots or item.ammo):
                return True
            effect = card.use if card.type == "equipment" else \
                card.flip if card.type == "crew" and not item.flipped else None
            if effect is not None and (
                    effect.gain("shots") or effect.gain("hits")
                    or (effect.gain("grenades") and self.supply("grenade"))
                    or (effect.gain("ammo") and self.supply("ammo") and armed)):
                return True
        return False

    # -- the flow ------------------------------------------------------------------------

    def _resolve_unasked(self, step: Step) -> bool:
        """Reshuffle an empty draw pile; drop a step with nothing to do; end a fight
        with nothing left to fire; carry out a choice of one."""
        if step.kind == "draw" and not any(self.pile.values()):
            self._reshuffle()
        if step.kind == "star" and not any(self.stars.values()):
            self.stack.pop()  # every star alien is in already
            return True
        if step.kind == "give" and not self.inventory[step.seat]:
            self.stack.pop()  # nothing to give: no window to decide
            return True
        if step.kind == "fight" and not self.can_attack(step.seat):
            self.log.append(OutOfAmmo(step.seat))
            self.health[step.seat] = 0
            self._see_all(("killed", step.seat))
            self._end(False, "out of ammo in a fight")
            return True
        if step.kind in ("lose-crew", "load") and len(self._decisions(step)) <= 1:
            self.stack.pop()  # no choice: carry it out
            choices = self._decisions(step)
            if choices:
                self._carry_out(step, choices[0])
            return True
        return False

    def _end(self, won: bool, reason: str) -> None:
        self.over, self.won, self.reason = True, won, reason
        self.stack = []
        self._see_all(("over", won))
        self.log.append(Escaped(self.score()) if won else Lost(reason))

    def _spend_time(self, amount: int = 1) -> None:
        self.time -= amount
        self._see_all(("time", self.time))
        if self.time <= 0:
            self.time = 0
            self._end(False, "time ran out")

    def _lose_health(self, seat: int) -> None:
        self.health[seat] -= 1
        self._see_all(("health", seat, self.health[seat]))
        self.log.append(HealthChanges(seat, -1, self.health[seat]))
        if self.health[seat] <= 0:
            self._end(False, "health ran out")

    def _reshuffle(self) -> None:
        for name, count in self.discards.items():
            self.pile[name] = self.pile.get(name, 0) + count
        self.discards = {}
        self._see_all(("reshuffle",))
        self.log.append(Reshuffled())

    def _from_pile(self, card_slug: str) -> str:
        """Take the card named by `card_slug` out of the draw pile; its name."""
        name = self.game.by_slug[card_slug]
        self.pile[name] -= 1
        if not self.pile[name]:
            del self.pile[name]
        return name

    def _to_discard(self, name: str) -> None:
        """A card leaves the row (or a fight): crew are removed and a star alien comes
        in; anything else goes to the discard pile."""
        if self.card(name).type == "crew":
            self._remove_crew(name)
        else:
            self.discards[name] = self.discards.get(name, 0) + 1

    def _remove_crew(self, name: str) -> None:
        self.removed.append(name)
        self.log.append(CrewLost(name))
        self._see_all(("crew-lost", name))
        if any(self.stars.values()):
            self._push(StarDraw())

    def _clear(self, seat: int) -> None:
        """Discard `seat`'s row and the shared row."""
        for name in self.rows[seat] + self.shared:
            self._to_discard(name)
        self.rows[seat] = []
        self.shared = []
        self._see_all(("cleared", seat))

    @auto("end-turn")
    def _auto_end_turn(self, step: EndTurn) -> None:
        self.turn = (self.turn + 1) % self.game.players
        self.acted = False
        self.shared_this_draw = False
        self._see_all(("turn", self.turn))
        self._push(Turn(self.turn))

    # -- fights begun and won (the turn, card effects and fights start them) -------

    def _start_fight(self, seat: int, alien: str) -> None:
        card = self.card(alien)
        self.fight = Fight(seat, seat, alien, card.strength, card.crew_icon, False)
        self._see_all(("fight", alien))
        self._push_round(seat)

    def _push_round(self, fighter: int) -> None:
        """A combat round: `fighter` tosses; first (two players) the other player may
        give the fighter what it needs (a weapon, Ammo, a Grenade...)."""
        self._push(FightTurn(fighter))
        if self.game.players == 2:
            self._push(Give(1 - fighter))

    def _defeated(self) -> None:
        fight = self.fight
        assert fight is not None
        # The fight's step may still be pending (a hit token ends it mid-round).
        while self.stack and self.stack[-1].kind == "fight":
            self.stack.pop()
        self.fight = None
        for seat in range(self.game.players):
            self.loose_shots[seat] = 0
            self.grenades[seat] = 0
        self._see_all(("defeated", fight.alien))
        if fight.queen:
            self._end(True, "escaped: the queen is defeated")
            return
        self.log.append(AlienDefeated(fight.alien))
        if fight.alien:
            self._to_discard(fight.alien)


def toss_parts(arg: str) -> tuple[str, int, int]:
    """A toss's text ("pulse-rifle 3", "pulse-rifle 3 grenade 1", "grenade 2", "loose")
    as (weapon label or "", shots from it, grenade tokens); loose shots go with any."""
    words = arg.split()
    label, shots = "", 0
    if words and words[0] not in ("grenade", "loose"):
        label, shots, words = words[0], int(words[1]), words[2:]
    grenades = int(words[1]) if words and words[0] == "grenade" else 0
    return label, shots, grenades


def _by_count(verb: str, counts: dict[str, int]) -> list[tuple[HuntedAction, float]]:
    total = sum(counts.values())
    return [(HuntedAction(verb, slug(name)), count / total)
            for name, count in sorted(counts.items()) if count]


def _none_among(size: int, wanted: int, draws: int) -> float:
    """The chance that `draws` cards from `size` (of which `wanted` are sought) hold none."""
    draws = min(draws, size)
    if wanted == 0 or draws == 0:
        return 1.0
    return math.comb(size - wanted, draws) / math.comb(size, draws)


def _can_pay(cost: tuple[str, ...], gives: list[tuple[str, ...]], keys: int) -> bool:
    """Whether the icons in `cost` can be paid, each by a different card (`gives` per
    card) or, for a key icon, by one of `keys` key tokens."""
    if not cost:
        return True
    icon, rest = cost[0], cost[1:]
    if icon == "key" and keys and _can_pay(rest, gives, keys - 1):
        return True
    return any(icon in offer and _can_pay(rest, gives[:i] + gives[i + 1:], keys)
               for i, offer in enumerate(gives))
