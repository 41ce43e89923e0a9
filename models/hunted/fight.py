"""Hunted: fights (tosses, rerolls, crew lost, the next round, a defeat)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from hunt.models.hunted.effects import EffectSteps
from hunt.models.hunted.events import AlienTakes, Hits, MoreHits, Reroll
from hunt.models.hunted.state import HuntedAction, slug, toss_parts
from hunt.models.hunted.steps import (
    ChooseFighter,
    FightTurn,
    LoseCrew,
    NextRound,
    RerollChoice,
    Retoss,
    Toss,
)
from hunt.models.steps import AUTO_STEP, DECIDE, Role, auto, effect, legal


class FightSteps(EffectSteps, partial=True):
    """Hunted: fights (tosses, rerolls, crew lost, the next round, a defeat)."""

    step_kinds: ClassVar[Mapping[str, Role]] = {
        "fight": DECIDE, "reroll": DECIDE, "lose-crew": DECIDE, "fighter": DECIDE,
        "next-round": AUTO_STEP}

    # -- fights --------------------------------------------------------------------------

    @legal("fight")
    def _fight_step(self, step: FightTurn) -> list[HuntedAction]:
        return self._fight_actions(step.seat)

    @effect("fight")
    def _do_fight(self, step: FightTurn, action: HuntedAction) -> None:
        seat = step.seat
        if action.verb != "toss":
            self._push(FightTurn(seat))  # the same round: still this seat's toss
            if action.verb == "give":
                self._give(seat, action.arg)
            else:
                self._inventory_action(seat, action)
            return
        fight = self.fight
        assert fight is not None
        label, shots, grenades = toss_parts(action.arg)
        tokens = self.loose_shots[seat] + shots + grenades
        self.loose_shots[seat] = 0
        self.grenades[seat] -= grenades
        if label:
            item = next(i for lab, i in self.weapons(seat) if lab == label)
            self._replace_item(seat, item, item._replace(shots=item.shots - shots))
        self.fight = fight._replace(tossed=tokens, landed=0)
        self._see_all(("toss", seat, action.arg))
        self._spend_time()
        if not self.over:
            self._push(Toss(tokens))

    @effect("toss")
    def _do_toss(self, step: Toss, action: HuntedAction) -> None:
        fight = self.fight
        assert fight is not None
        landed = int(action.arg)
        self.fight = fight._replace(landed=landed)
        self._see_all(("hits", landed))
        self.log.append(Hits(landed, fight.tossed))
        if self.reroll and fight.hits + landed < fight.strength and landed < fight.tossed:
            self._push(RerollChoice(fight.fighter))
            return
        self._settle()

    @legal("reroll")
    def _reroll_choices(self, step: RerollChoice) -> list[HuntedAction]:
        return [HuntedAction("reroll"), HuntedAction("keep")]

    @effect("reroll")
    def _do_reroll(self, step: RerollChoice, action: HuntedAction) -> None:
        fight = self.fight
        assert fight is not None
        self._see_all(("reroll", action.verb))
        if action.verb == "keep":
            self._settle()
            return
        self.reroll = False
        self.log.append(Reroll())
        self._push(Retoss(fight.tossed - fight.landed))

    @effect("retoss")
    def _do_retoss(self, step: Retoss, action: HuntedAction) -> None:
        fight = self.fight
        assert fight is not None
        self.fight = fight._replace(landed=fight.landed + int(action.arg))
        self._see_all(("rehits", int(action.arg)))
        self.log.append(MoreHits(int(action.arg)))
        self._settle()

    def _settle(self) -> None:
        """After a combat round's toss: the alien defeated, or the fighter hurt."""
        fight = self.fight
        assert fight is not None
        hits = fight.hits + fight.landed
        self.fight = fight._replace(hits=hits, landed=0, tossed=0)
        if hits >= fight.strength:
            self._defeated()
            return
        seat = fight.fighter
        crew = [i for i in self.inventory[seat] if self.card(i.name).type == "crew"]
        if fight.crew_icon and crew:
            self._push(LoseCrew(seat), NextRound())
            return
        self._lose_health(seat)
        if not self.over:
            self._next_round()

    @legal("lose-crew")
    def _crew_to_lose(self, step: LoseCrew) -> list[HuntedAction]:
        return [HuntedAction("lose", slug(item.name)) for item in self.inventory[step.seat]
                if self.card(item.name).type == "crew"]

    @effect("lose-crew")
    def _do_lose_crew(self, step: LoseCrew, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        item = next(i for i in self.inventory[step.seat] if i.name == name)
        self.inventory[step.seat].remove(item)
        self.log.append(AlienTakes(name))
        self._remove_crew(name)

    @auto("next-round")
    def _auto_next_round(self, step: NextRound) -> None:
        self._next_round()

    def _next_round(self) -> None:
        fight = self.fight
        assert fight is not None
        self.fight = fight._replace(round=fight.round + 1)
        if self.game.players == 2:
            self._push(ChooseFighter(fight.drawer))
        else:
            self._push_round(fight.fighter)

    @legal("fighter")
    def _fighters(self, step: ChooseFighter) -> list[HuntedAction]:
        return [HuntedAction("fighter", name) for name in self.game.seat_names]

    @effect("fighter")
    def _do_fighter(self, step: ChooseFighter, action: HuntedAction) -> None:
        seat = self.game.seat_names.index(action.arg)
        assert self.fight is not None
        self.fight = self.fight._replace(fighter=seat)
        self._see_all(("fighter", seat))
        self._push_round(seat)

