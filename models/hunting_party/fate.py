"""Hunting Party: Resolve Fate (the party event, each Hunter's personal fate, the
end of the round), with its steps' choices beside their effects. Readings of the
rulebook are in `rules.py`'s docstring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from hunt.models.hunting_party.events import (
    Accident,
    AmbushNext,
    Bags,
    FateReshuffled,
    FateRevealed,
    FeverKept,
    FeverMatched,
    Flees,
    LosesTrophy,
    Misfires,
    Personal,
    Resupplied,
    Scavengers,
    TakesTrophy,
    VineEmpty,
    VineFinds,
    VineNames,
)
from hunt.models.hunting_party.state import (
    CAMP,
    FLEE,
    FLEE_NOW,
    KINDS,
    NO_FLEE,
    REGARDLESS_OF_ACTION,
    SHOOT,
    PartyAction,
    PartyState,
)
from hunt.models.hunting_party.steps import (
    AfterParty,
    ApplyPersonalFate,
    ChooseVictim,
    CloseRound,
    Discard,
    Draw,
    EndRound,
    FleeWindow,
    Jungle,
    JungleShow,
    Misfire,
    Name,
    Party,
    PersonalFate,
    Resolve,
    Scavenge,
    TakeTrophy,
    VineDraw,
    VineSettle,
)
from hunt.models.steps import AUTO_STEP, DECIDE, Role, Step, auto, effect, legal

SHOOTER_EVENTS = ("backtrack", "hunting-accident")
"""The party events that act on each Hunter who shot and hit no trophy: after the
personal fates, and passing over a Hunter who fled from the hand (docs/rulings.md)."""


class FateSteps(PartyState, partial=True):
    """The steps of Resolve Fate and the events it sets off."""

    step_kinds: ClassVar[Mapping[str, Role]] = {
        "flee-window": DECIDE, "take-trophy": DECIDE, "name": DECIDE, "jungle": DECIDE,
        "accident": DECIDE, "resolve": AUTO_STEP, "party": AUTO_STEP,
        "jungle-show": AUTO_STEP, "personal": AUTO_STEP, "apply-personal": AUTO_STEP,
        "after-party": AUTO_STEP, "vine-settle": AUTO_STEP, "end-round": AUTO_STEP,
        "close-round": AUTO_STEP}

    @effect("vine-draw")
    def _do_vine_draw(self, step: VineDraw, action: PartyAction) -> None:
        kind = KINDS.index(action.arg)
        self.fresh[kind] -= 1
        self.vine.append(kind)
        self._see_all(("vine", step.target, kind))

    @effect("misfire")
    def _do_misfire(self, step: Misfire, action: PartyAction) -> None:
        seat = step.target
        self.log.append(Misfires(seat, action.arg))
        self._lose(seat, KINDS.index(action.arg))

    @effect("scavenge")
    def _do_scavenge(self, step: Scavenge, action: PartyAction) -> None:
        card = self.game.fate[action.arg]
        self.fate_deck.remove(card.id)
        self.fate_discards.append(card.id)
        self._see_all(("scavengers", card.id))
        self.log.append(Scavengers(card.id))
        for seat in self.live_order():  # the porters carry the dead's trophies
            match = next((t for t in self.trophies[seat]
                          if self.game.fate[t].animal == card.animal), None)
            if match is not None:
                self.trophies[seat].remove(match)
                self.fate_discards.append(match)
                self.log.append(LosesTrophy(seat, card.animal))

    @legal("flee-window")
    def _flee_choices(self, step: FleeWindow) -> list[PartyAction]:
        """A Flee is offered where it avoids something."""
        useful = self.hands[step.seat][FLEE] and step.icon not in REGARDLESS_OF_ACTION
        return [FLEE_NOW, NO_FLEE] if useful else [NO_FLEE]

    @effect("flee-window")
    def _do_flee_window(self, step: FleeWindow, action: PartyAction) -> None:
        seat = step.seat
        if action == NO_FLEE:
            self._see_all(("no flee", seat))
            return
        self.fled[seat] = True
        self.log.append(Flees(seat))
        self._lose(seat, FLEE)

    @legal("take-trophy")
    def _trophies_to_take(self, step: TakeTrophy) -> list[PartyAction]:
        return [PartyAction("trophy", f) for f in sorted(set(self.fate_discards))]

    @effect("take-trophy")
    def _do_take_trophy(self, step: TakeTrophy, action: PartyAction) -> None:
        self.fate_discards.remove(action.arg)
        self.trophies[step.seat].append(action.arg)
        self._see_all(("trophy", step.seat, action.arg))
        self.log.append(TakesTrophy(step.seat, action.arg))

    @legal("name")
    def _names(self, step: Name) -> list[PartyAction]:
        return [PartyAction("name", k) for k in KINDS]

    @effect("name")
    def _do_name(self, step: Name, action: PartyAction) -> None:
        seat = step.seat
        self.vine_named = KINDS.index(action.arg)
        self.vine = []
        self._see_all(("name", seat, self.vine_named))
        self.log.append(VineNames(seat, action.arg))
        reveal = 3 if self.ability(seat) == "pathfinder" else 2
        self._push(*(VineDraw(seat) for _ in range(reveal)),
                   VineSettle(seat))

    @legal("jungle")
    def _reveal_choices(self, step: Jungle) -> list[PartyAction]:
        return [PartyAction("reveal", KINDS[k]) for k in range(3) if self.hands[step.seat][k]]

    @effect("jungle")
    def _do_jungle(self, step: Jungle, action: PartyAction) -> None:
        seat = step.seat
        self.jungle[seat] = KINDS.index(action.arg)
        self._see(seat, ("reveal", self.jungle[seat]))
        self._see_others(seat, ("chose", seat))

    @legal("accident")
    def _targets(self, step: ChooseVictim) -> list[PartyAction]:
        return [PartyAction("target", self.game.seat_names[s]) for s in self.live_order()]

    @effect("accident")
    def _do_accident(self, step: ChooseVictim, action: PartyAction) -> None:
        victim = self.game.seat_names.index(action.arg)
        self._see_all(("accident", step.seat, victim))
        self.log.append(Accident(step.seat, victim))
        self._push(Discard(victim))

    # -- Resolve Fate --------------------------------------------------------------------

    @auto("resolve")
    def _auto_resolve(self, step: Resolve) -> None:
        assert len(self.face_up) == 1
        card = self.game.fate[self.face_up[0]]
        for seat, kind in enumerate(self.played):
            if kind is not None and self.secret_play[seat]:
                self.known[seat][kind] = max(0, self.known[seat][kind] - 1)
                self.secret_play[seat] = 0
        self._see_all(("actions", tuple(self.played)))
        self.log.append(FateRevealed(card.id, tuple(None if k is None else KINDS[k]
                                                    for k in self.played)))
        self.event = card.event
        self.bagged_by = None
        self.hit = [False] * self.game.players
        self.fled = [False] * self.game.players
        live = self.live_order()
        personal = [PersonalFate(seat, card.icons[i])
                    for i, seat in enumerate(live)]
        self._push(Party(card.event), *personal, AfterParty(),
                   EndRound())

    @auto("party")
    def _auto_party(self, step: Party) -> None:
        event = step.event
        live = self.live_order()
        if event == "ambush":
            self.ambush_next = True
            self.log.append(AmbushNext())
        elif event == "jungle-fever":
            self._jungle_round(live)
        elif event == "quicksand":
            self._push(*(Discard(seat) for seat in live))
        elif event == "resupply":
            self.log.append(Resupplied())
            self._push(*(Draw(seat) for seat in live for _ in range(2)))
        elif event == "scavengers":
            self._push(Scavenge())
        elif event == "vine-bridge":
            self._push(*(Name(seat) for seat in live))
        # SHOOTER_EVENTS wait for the personal fates: see after-party

    def _jungle_round(self, group: list[int]) -> None:
        group = [seat for seat in group if self.alive[seat]]
        if len(group) < 2:
            return
        self._push(*(Jungle(seat) for seat in group),
                   JungleShow(tuple(group)))

    @auto("jungle-show")
    def _auto_jungle_show(self, step: JungleShow) -> None:
        group = [seat for seat in step.group if self.jungle[seat] is not None]
        shown = {seat: self.jungle[seat] for seat in group}
        self._see_all(("jungle", tuple(sorted(shown.items()))))
        kinds = list(shown.values())
        matched = [seat for seat in group if kinds.count(shown[seat]) > 1]
        for seat in group:
            kind = shown[seat]
            assert kind is not None
            self.jungle[seat] = None
            if seat in matched:
                self.log.append(FeverMatched(seat, KINDS[kind]))
                self._lose(seat, kind)
            else:
                self.log.append(FeverKept(seat, KINDS[kind]))
                self.known[seat][kind] = max(self.known[seat][kind], 1)
        self._jungle_round(matched)

    @auto("personal")
    def _auto_personal(self, step: PersonalFate) -> None:
        seat, icon = step.target, step.icon
        if not self.alive[seat]:
            return
        effect = self._personal_effect(seat, icon)
        if effect is None:
            if self._hits_animal(seat, icon):
                # Sharp Eye bags an animal already bagged with no discards left for her:
                # nothing to take, but she hit it all the same.
                self.hit[seat] = True
            self._see_all(("personal", seat, icon, "nothing"))
            return
        steps: list[Step] = [ApplyPersonalFate(seat, icon, *effect)]
        # The window opens for any Hunter with cards in hand, Flee or not: one that
        # opened only for a Flee would show the others what the hand holds.
        if self.played[seat] != FLEE and any(self.hands[seat]):
            steps.insert(0, FleeWindow(seat, icon))
        self._push(*steps)

    def action_in_effect(self, seat: int) -> int | None:
        """The Action the Hunter in `seat` meets this round's fate with: the card played,
        unless a Flee from the hand at personal fate resolution took its place ("useful
        if you planned to Camp with the natives but a rhino charges you"). So a Hunter
        who played Shoot and then fled fired no shot: Misfire passes them by, and
        Backtrack and Hunting Accident ("each player that shoots") do not count them."""
        return FLEE if self.fled[seat] else self.played[seat]

    def _personal_effect(self, seat: int, icon: str) -> tuple[str, int] | None:
        """What `icon` does to the Hunter in `seat` given its Action: ("trophy", 0),
        ("discards", 0) for a trophy from the Fate discards, ("lose", n), ("gain", n),
        ("misfire", 1); None when nothing happens."""
        action, ability = self.action_in_effect(seat), self.ability(seat)
        if action == FLEE and icon not in REGARDLESS_OF_ACTION:
            return None  # "Flee: avoids your personal fate"
        if icon == "animal-attack":
            if self.bagged_by is None:
                if action == SHOOT:
                    return ("trophy", 0)
                return ("lose", 1 if ability == "thick-hide" else 2)
            if action == SHOOT and ability == "sharp-eye" and self.fate_discards:
                return ("discards", 0)
            return None
        if icon == "natives":
            if action == CAMP:
                return ("gain", 3 if ability == "native-tongue" else 2)
            return None if ability == "native-tongue" else ("lose", 2)
        if icon == "misfire":
            return None if ability == "steady-hands" else ("misfire", 1)
        if icon == "opportunity-shot":
            return ("discards", 0) if self.fate_discards else None
        if icon == "pitfall":
            return ("lose", 1)
        if icon == "reload":
            return ("gain", 1)
        raise AssertionError(icon)

    def _hits_animal(self, seat: int, icon: str) -> bool:
        """Whether the Hunter in `seat` hits the animal of an Animal Attack: the first
        Shoot bags it, and Sharp Eye's Shoot bags it even when another Hunter shot it
        first (her trophy then comes from the discards, if any). Backtrack and Hunting
        Accident pass over the Hunters who hit it (and those whose Opportunity Shot
        took a trophy)."""
        if icon != "animal-attack" or self.action_in_effect(seat) != SHOOT:
            return False
        return self.bagged_by is None or self.ability(seat) == "sharp-eye"

    @auto("apply-personal")
    def _auto_apply_personal(self, step: ApplyPersonalFate) -> None:
        seat, icon, what, count = step.target, step.icon, step.what, step.count
        # A Flee from the hand avoids what a Flee Action avoids, and no more.
        if not self.alive[seat] or (self.action_in_effect(seat) == FLEE
                                    and icon not in REGARDLESS_OF_ACTION):
            self._see_all(("personal", seat, icon, "fled"))
            return
        self._see_all(("personal", seat, icon, what))
        self.log.append(Personal(seat, icon, what, count))
        if self._hits_animal(seat, icon):  # before `bagged_by` is set below
            self.hit[seat] = True
        if icon == "opportunity-shot" and what == "discards":
            # An Opportunity Shot that takes a trophy is a shot that hit one: Backtrack
            # and Hunting Accident ("shoots but doesn't hit a trophy") pass it by.
            self.hit[seat] = True
        if what == "trophy":
            self.bagged_by = seat
        elif what == "discards":
            self._push(TakeTrophy(seat))
        elif what == "lose":
            self._push(*(Discard(seat) for _ in range(count)))
        elif what == "gain":
            self._push(*(Draw(seat) for _ in range(count)))
        else:
            self._push(Misfire(seat))

    @auto("after-party")
    def _auto_after_party(self, step: AfterParty) -> None:
        """The party events for the Hunters who shot without a trophy (`SHOOTER_EVENTS`),
        once the personal fates have said who hit."""
        missed = [seat for seat in self.live_order()
                  if self.action_in_effect(seat) == SHOOT and not self.hit[seat]]
        if self.event == "backtrack":
            self._push(*(TakeTrophy(seat) for seat in missed))
        elif self.event == "hunting-accident":
            self._push(*(ChooseVictim(seat) for seat in missed))

    @auto("vine-settle")
    def _auto_vine_settle(self, step: VineSettle) -> None:
        seat, named = step.target, self.vine_named
        found = named in self.vine
        if found:
            self.vine.remove(named)
            self.hands[seat][named] += 1
            self.known[seat][named] += 1
        self.returned += self.vine
        self.vine = []
        self._see_all(("vine settled", seat, found))
        self.log.append(VineFinds(seat, KINDS[named]) if found else VineEmpty(seat))
        if not found:
            self._push(Discard(seat), Discard(seat))

    @auto("end-round")
    def _auto_end_round(self, step: EndRound) -> None:
        card = self.face_up.pop()
        if self.bagged_by is not None:
            self.trophies[self.bagged_by].append(card)
            self.log.append(Bags(self.bagged_by, card))
        else:
            self.fate_discards.append(card)
        n = self.game.players
        for seat in ((self.first + i) % n for i in range(n)):
            kind = self.played[seat]
            if kind is not None:
                self.returned.append(kind)
                self.played[seat] = None
        self._see_all(("round over", card, self.bagged_by))
        limits = [Discard(seat) for seat in self.live_order()
                  for _ in range(max(0, sum(self.hands[seat]) - self.hand_limit(seat)))]
        self._push(*limits, CloseRound())

    @auto("close-round")
    def _auto_close_round(self, step: CloseRound) -> None:
        live = self.live_order()
        if not live or (self.death_round is not None and self.round > self.death_round):
            self._finish()
            return
        if len(self.fate_deck) < len(live) + 1:
            if not self.reshuffles:
                self._finish()
                return
            self.reshuffles -= 1
            self.fate_deck = sorted(self.fate_deck + self.fate_discards)
            self.fate_discards = []
            self._see_all(("fate reshuffled", len(self.fate_deck)))
            self.log.append(FateReshuffled(len(self.fate_deck)))
            if len(self.fate_deck) < len(live) + 1:
                self._finish()
                return
        n = self.game.players
        self.first = next(seat for seat in ((self.first + i) % n for i in range(1, n + 1))
                          if self.alive[seat])
        self._begin_round()

