"""Hunted: what cards do (effects, optional effects, loads, tests, finds)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from hunt.boards.hunted.data import Effect
from hunt.models.hunted.events import (
    Ambush,
    Found,
    HealthChanges,
    NoAmbush,
    NothingFound,
    TestResult,
    TimeChanges,
)
from hunt.models.hunted.state import Fight, HuntedAction
from hunt.models.hunted.steps import AmbushDraw, ApplyEffect, Find, Load, Optional, Test
from hunt.models.hunted.turn import TurnSteps
from hunt.models.steps import AUTO_STEP, DECIDE, Role, auto, effect, legal


class EffectSteps(TurnSteps, partial=True):
    """Hunted: what cards do (effects, optional effects, loads, tests, finds)."""

    step_kinds: ClassVar[Mapping[str, Role]] = {
        "optional": DECIDE, "load": DECIDE, "effect": AUTO_STEP}

    # -- effects -------------------------------------------------------------------------

    @auto("effect")
    def _auto_effect(self, step: ApplyEffect) -> None:
        seat, effect = step.side, step.effect
        if effect.optional:
            self._push(Optional(seat, effect))
            return
        self._resolve(seat, effect)

    @legal("optional")
    def _yes_or_no(self, step: Optional) -> list[HuntedAction]:
        return [HuntedAction("yes"), HuntedAction("no")]

    @effect("optional")
    def _do_optional(self, step: Optional, action: HuntedAction) -> None:
        effect = step.effect
        self._see_all(("optional", action.verb))
        if action.verb == "yes":
            if effect.pay_time:
                self.log.append(TimeChanges(-effect.pay_time,
                                            max(0, self.time - effect.pay_time)))
                self._spend_time(effect.pay_time)
                if self.over:
                    return
            self._resolve(step.seat, replace(effect, optional=False, pay_time=0))

    def _resolve(self, seat: int, effect: Effect) -> None:
        if effect.test:
            self._push(Test(seat, effect))
            return
        for what, amount in effect.gains:
            self._gain(seat, what, amount)
            if self.over:
                return
        if effect.clear_row:
            self._clear(seat)
        if effect.find:
            self._push(Find(seat, effect.find))
        if effect.ambush:
            self._push(AmbushDraw(seat, effect.ambush))
        if effect.fight and self.fight is None:
            self.fight = Fight(seat, seat, "", effect.fight, False, effect.queen)
            self._push_round(seat)

    def _gain(self, seat: int, what: str, amount: int) -> None:
        if what == "time":
            # said before the move: time run out ends the game, and the end is said last
            after = min(self.game.max_time, max(0, self.time + amount))
            if after != self.time:  # a track at its top moves not
                self.log.append(TimeChanges(after - self.time, after))
            if amount < 0:
                self._spend_time(-amount)
            else:
                self.time = after
                self._see_all(("time", self.time))
        elif what == "health":
            for _ in range(-amount):
                if not self.over:
                    self._lose_health(seat)
            if amount > 0:
                before = self.health[seat]
                self.health[seat] = min(self.game.max_health, before + amount)
                self._see_all(("health", seat, self.health[seat]))
                if self.health[seat] != before:
                    self.log.append(HealthChanges(seat, self.health[seat] - before,
                                                  self.health[seat]))
        elif what == "keys":
            self.keys[seat] += min(amount, self.supply("key"))
        elif what == "grenades":
            self.grenades[seat] += min(amount, self.supply("grenade"))
        elif what == "shots":
            self.loose_shots[seat] += amount
        elif what == "reroll":
            self.reroll = True
        elif what == "hits":
            if self.fight is not None:
                self.fight = self.fight._replace(hits=self.fight.hits + amount)
                if self.fight.hits >= self.fight.strength:
                    self._defeated()
        elif what == "ammo":
            for _ in range(min(amount, self.supply("ammo"))):
                self._push(Load(seat))

    @legal("load")
    def _weapons_to_load(self, step: Load) -> list[HuntedAction]:
        return [HuntedAction("load", label) for label, _ in self.weapons(step.seat)]

    @effect("load")
    def _do_load(self, step: Load, action: HuntedAction) -> None:
        label, item = next((lab, i) for lab, i in self.weapons(step.seat) if lab == action.arg)
        self._replace_item(step.seat, item, item._replace(ammo=item.ammo + 1))
        self._see_all(("load", step.seat, label))

    @effect("test")
    def _do_test(self, step: Test, action: HuntedAction) -> None:
        seat, effect = step.side, step.effect
        hit = action.arg == "hit"
        self._see_all(("test", hit))
        self.log.append(TestResult(hit))
        outcome = effect.success if hit else effect.failure
        if outcome is not None:
            self._resolve(seat, outcome)

    @effect("find")
    def _do_find(self, step: Find, action: HuntedAction) -> None:
        seat, wanted = step.side, step.wanted
        in_pile = any(count and self.card(name).type == wanted
                      for name, count in self.pile.items())
        if not in_pile:
            self._reshuffle()  # the pile is gone through: the discards come in
        self._see_all(("found", action.arg))
        if action.arg == "nothing":
            self.log.append(NothingFound(wanted))
            return
        name = self._from_pile(action.arg)
        self.log.append(Found(name))
        self._take(seat, name)

    @effect("ambush")
    def _do_ambush(self, step: AmbushDraw, action: HuntedAction) -> None:
        seat, draws = step.side, step.draws
        if sum(self.pile.values()) < draws and not any(
                self.card(n).type == "alien" for n, c in self.pile.items() if c):
            self._reshuffle()
        self._see_all(("ambush", action.arg))
        if action.arg == "nothing":
            self.log.append(NoAmbush(draws))
            return
        name = self._from_pile(action.arg)
        self.log.append(Ambush(name))
        if self.fight is None:
            self._start_fight(seat, name)
        else:
            self._to_discard(name)
