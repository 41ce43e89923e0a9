"""The Hunt: the Battle (simultaneous duels of Battle cards), from its start to the
end of the game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import ClassVar

from hunt.models.steps import AUTO_STEP, DECIDE, Role, auto, effect, legal
from hunt.models.the_hunt.actions import TheHuntAction
from hunt.models.the_hunt.events import (
    BattleBegins,
    BattleEnds,
    BattleHands,
    DuelResult,
    HandSeen,
)
from hunt.models.the_hunt.state import SIDES
from hunt.models.the_hunt.steps import BRITISH, GERMAN, Battle, Draw, Duel, DuelEnd, DuelStart
from hunt.models.the_hunt.turn import TurnSteps


class BattleSteps(TurnSteps, partial=True):
    """The steps of a Battle."""

    step_kinds: ClassVar[Mapping[str, Role]] = {
        "duel": DECIDE, "battle": AUTO_STEP, "duel-start": AUTO_STEP,
        "duel-result": AUTO_STEP}

    @legal("duel")
    def _legal_duel(self, step: Duel) -> list[TheHuntAction]:
        hand = self.hands[step.seat]
        return [TheHuntAction("duel", card) for card in sorted(set(hand))] or \
            [TheHuntAction("duel", "none")]
    @effect("duel")
    def _do_duel(self, step: Duel, action: TheHuntAction) -> None:
        seat = step.seat
        card = action.arg
        if card != "none":
            self.hands[seat].remove(card)
        self.duel_cards[seat] = card
        self._see(seat, ("duel", card))
        if seat == BRITISH:
            self._push(DuelEnd())
    @auto("battle")
    def _auto_battle(self, step: Battle) -> None:
        where = step.hex  # revealed when the search succeeded
        self.flow = "battle"
        self.battle_forces = tuple(f for f, h in sorted(self.forces.items()) if h == where)
        self.log.append(BattleBegins(where, self.battle_forces))
        size = self.game.rules["battle_hand_size"]
        self.stack = []
        self._push(Draw(GERMAN, size), Draw(BRITISH, size), DuelStart())

    @auto("duel-start")
    def _auto_duel_start(self, step: DuelStart) -> None:
        self.duel += 1
        if self.duel == 1:  # the hands just filled for the Battle
            self.log.append(BattleHands(len(self.hands[GERMAN]), len(self.hands[BRITISH])))
        self.duel_cards = [None, None]
        self._push(Duel(GERMAN), Duel(BRITISH))

    @auto("duel-result")
    def _auto_duel_result(self, step: DuelEnd) -> None:
        german, british = self.duel_cards
        assert german is not None and british is not None
        self._see_all(("duel cards", german, british))
        values = [self._duel_value(GERMAN, german), self._duel_value(BRITISH, british)]
        effects = [self._card(c).effect if c != "none" else "" for c in (german, british)]
        hits = [0, 0]
        if values[GERMAN] < values[BRITISH]:
            hits[GERMAN] = 1
        elif values[BRITISH] < values[GERMAN]:
            hits[BRITISH] = 1
        if "both-hit" in effects:
            hits = [1, 1]
        for seat in (GERMAN, BRITISH):
            if effects[seat] == "cancel-own-hit" and values[seat] < values[1 - seat]:
                hits[seat] = 0
            self.damage[seat] += hits[seat]
            if effects[seat] == "next-two-plus-one":
                self.radar[seat] = 2
            card = (german, british)[seat]
            if card != "none":
                self._discard(seat, card)
                self._forget_known(seat, card)
        self.log.append(DuelResult(self.duel, german, values[GERMAN], british, values[BRITISH],
                                   self.damage[GERMAN], self.damage[BRITISH]))
        for seat in (GERMAN, BRITISH):
            if effects[seat] == "see-hand":
                other = 1 - seat
                self.known_hand[seat] = Counter(self.hands[other])
                self._see(seat, ("seen hand", tuple(self.hands[other])))
                self.log.append(HandSeen(seat, tuple(sorted(self.hands[other]))))
        duels = self.game.rules["duels"]
        if self.duel == duels and {german, british} == {"montevideo", "scuttling"}:
            self._finish(BRITISH, "Montevideo: the Graf Spee is scuttled")
        elif self.duel == duels:
            winner = GERMAN if self.damage[GERMAN] < self.damage[BRITISH] else BRITISH
            self.log.append(BattleEnds(self.damage[GERMAN], self.damage[BRITISH]))
            self._finish(winner, f"the {SIDES[winner].capitalize()} won the Battle")
        else:
            self._push(DuelStart())

    def battle_value(self, seat: int, card_id: str) -> float:
        """What `card_id` counts for `seat` in this duel: its AP, +1 for a Battle +1
        card (with Force G in the Battle, for the card that needs G), +1 while Radar
        boosts the side's cards, and for the British the bonus of every Force in the
        Battle. All of it is known to the seat that plays the card."""
        if card_id == "none":
            return 0.0
        card = self._card(card_id)
        value: float = card.ap
        if card.effect == "battle-plus-one" or (card.effect == "plus-one-with-g"
                                                 and "G" in self.battle_forces):
            value += 1
        if self.radar[seat]:
            value += 1
        if seat == BRITISH:
            value += sum(self.game.force_bonus[force] for force in self.battle_forces)
        return value

    def _duel_value(self, seat: int, card_id: str) -> float:
        value = self.battle_value(seat, card_id)
        if card_id != "none" and self.radar[seat]:
            self.radar[seat] -= 1  # Radar boosts the side's next two cards
        return value

    def choice_note(self, action: TheHuntAction) -> str:
        """A Battle card's value in this duel ("value 3.5"), else as in the Hunt."""
        if action.verb == "duel" and action.arg != "none":
            return f"value {self.battle_value(self.current_player(), action.arg):g}"
        return super().choice_note(action)
