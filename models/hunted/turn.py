"""Hunted: a turn (draw, hide, activate, give) and activations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from hunt.boards.hunted.data import LANDING_PAD
from hunt.models.hunted.events import (
    Activates,
    AlienAttacks,
    Drawn,
    FinalFight,
    Gives,
    Helps,
    Hides,
    LocationDrawn,
    Reloads,
    ShuffledIn,
    StrongestTie,
    Uses,
)
from hunt.models.hunted.odds import HuntedOdds
from hunt.models.hunted.state import PASS, Fight, HuntedAction, Item, slug
from hunt.models.hunted.steps import (
    ApplyEffect,
    Arrive,
    DiscardCard,
    DrawCard,
    DrawLocation,
    EndTurn,
    Give,
    Go,
    Pay,
    PickAlien,
    StarDraw,
    Turn,
)
from hunt.models.steps import AUTO_STEP, DECIDE, Role, auto, effect, legal


class TurnSteps(HuntedOdds, partial=True):
    """Hunted: a turn (draw, hide, activate, give) and activations."""

    step_kinds: ClassVar[Mapping[str, Role]] = {
        "turn": DECIDE, "give": DECIDE, "pick-alien": DECIDE, "pay": DECIDE, "go": DECIDE,
        "end-turn": AUTO_STEP, "discard-card": AUTO_STEP, "arrive": AUTO_STEP}

    # -- the turn ------------------------------------------------------------------------

    @legal("turn")
    def _turn_step(self, step: Turn) -> list[HuntedAction]:
        return self._turn_actions(step.seat)

    @effect("turn")
    def _do_turn(self, step: Turn, action: HuntedAction) -> None:
        seat = step.seat
        verb, arg = action.verb, action.arg
        two = self.game.players == 2
        if verb == "done" or (two and verb == "hide"):
            self._push(EndTurn())  # hiding ends a turn of the two-player game
        else:
            self._push(Turn(seat))  # the turn goes on after what is done now
        if verb == "done":
            return
        if verb == "draw":
            self.acted = True
            self.shared_this_draw = False
            if two:
                # Once the draw and all it sets off are resolved, the partner may give
                # (the drawn card is what could make a gift worth its time).
                self._push(Give(1 - seat))
            self._push(DrawCard(seat))
        elif verb == "hide":
            self.log.append(Hides(seat))
            self._clear(seat)
            self._spend_time()
        elif verb == "activate":
            shared = arg.startswith("shared ")
            name = self.game.by_slug[arg.removeprefix("shared ")]
            (self.shared if shared else self.rows[seat]).remove(name)
            self._see_all(("activate", seat, name, shared))
            self._push(Pay(seat, name, shared, self.card(name).cost))
        elif verb == "share":
            name = self.game.by_slug[arg]
            self.rows[seat].remove(name)
            self.shared.append(name)
            self.shared_this_draw = True
            self._see_all(("share", seat, name))
            # The card is now in the partner's row too: its alien and bells count there
            # at once, so the partner may have to fight now, in this player's turn.
            self._check_bells(1 - seat)
        elif verb == "give":
            self._give(seat, arg)
        else:
            self._inventory_action(seat, action)

    def _give(self, seat: int, card_slug: str) -> None:
        """`seat` gives an inventory card (a weapon with its tokens) to the other
        player: 1 time."""
        name = self.game.by_slug[card_slug]
        item = next(i for i in self.inventory[seat] if i.name == name)
        self.inventory[seat].remove(item)
        self.inventory[1 - seat].append(item)
        self._see_all(("give", seat, name))
        self.log.append(Gives(seat, name))
        self._spend_time()

    @legal("give")
    def _give_step(self, step: Give) -> list[HuntedAction]:
        return [*self._gifts(step.seat), PASS]

    @effect("give")
    def _do_give(self, step: Give, action: HuntedAction) -> None:
        """A window to give, outside the giver's own turn: give a card, or pass."""
        if action.verb == "pass":
            self._see_all(("pass", step.seat))
            return
        self._give(step.seat, action.arg)
        if not self.over:
            # The window stays open for another card; each costs a time, so the
            # windows cannot loop for ever.
            self._push(Give(step.seat))

    def _inventory_action(self, seat: int, action: HuntedAction) -> None:
        """use, flip or reload (in a turn or a fight)."""
        verb, arg = action.verb, action.arg
        if verb == "reload":
            label, item = next((lab, i) for lab, i in self.weapons(seat) if lab == arg)
            self._replace_item(seat, item, item._replace(
                ammo=item.ammo - 1, shots=self.card(item.name).shots))
            self._see_all(("reload", seat, label))
            self.log.append(Reloads(seat, item.name))
            self._spend_time()
            return
        name = self.game.by_slug[arg]
        item = next(i for i in self.inventory[seat] if i.name == name
                    and not (verb == "flip" and i.flipped))
        card = self.card(name)
        self._see_all((verb, seat, name))
        if verb == "use":
            self.inventory[seat].remove(item)
            self._to_discard(name)
            assert card.use is not None
            self.log.append(Uses(seat, name))
            self._push(ApplyEffect(seat, card.use))
        else:
            self._replace_item(seat, item, item._replace(flipped=True))
            assert card.flip is not None
            self.log.append(Helps(seat, name))
            self._push(ApplyEffect(seat, card.flip))

    @effect("draw")
    def _do_draw(self, step: DrawCard, action: HuntedAction) -> None:
        seat = step.side
        name = self._from_pile(action.arg)
        self._see_all(("drew", seat, name))
        self.log.append(Drawn(name))
        card = self.card(name)
        if card.type == "event":
            assert card.effect is not None
            self._push(ApplyEffect(seat, card.effect), DiscardCard(name))
            return
        alien_waits = any(self.card(n).type == "alien" for n in self.row_of(seat))
        self.rows[seat].append(name)
        if card.type == "alien" and alien_waits:
            self._attack(seat, "another-alien")
            return
        self._check_bells(seat)

    def _check_bells(self, seat: int) -> None:
        """The rule "if there is ever an alien card in the row along with two cards that
        have a bell icon", for `seat`: checked whenever a card joins its row (a draw, or
        the partner sharing a card); cards leaving a row can never make the condition."""
        row = self.row_of(seat)
        if any(self.card(n).type == "alien" for n in row) \
                and sum(self.card(n).noise for n in row) >= 2:
            self._attack(seat, "two-bells")

    def _attack(self, seat: int, cause: str) -> None:
        """An alien in `seat`'s row attacks: the row (and the shared row) is discarded
        and the strongest alien in it is fought; every weaker one goes to the discards
        with the row. Strongest ones of equal strength: `seat` chooses among them."""
        aliens = [n for n in self.row_of(seat) if self.card(n).type == "alien"]
        top = max(self.card(n).strength for n in aliens)
        strongest = sorted({n for n in aliens if self.card(n).strength == top})
        self._clear(seat)
        if len(strongest) > 1:
            self.log.append(StrongestTie(cause, tuple(strongest)))
            self._push(PickAlien(seat, tuple(strongest)))
            return
        fought = strongest[0]
        # It went to the discards with the row: the one fought comes back out.
        self.discards[fought] -= 1
        self._clean_discards()
        self.log.append(AlienAttacks(cause, fought))
        self._start_fight(seat, fought)

    def _clean_discards(self) -> None:
        self.discards = {name: count for name, count in self.discards.items() if count}

    @legal("pick-alien")
    def _aliens_to_fight(self, step: PickAlien) -> list[HuntedAction]:
        return [HuntedAction("fight", slug(name)) for name in step.aliens]

    @effect("pick-alien")
    def _do_pick_alien(self, step: PickAlien, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        self.discards[name] -= 1
        self._clean_discards()
        self._see_all(("pick", name))
        self._start_fight(step.seat, name)

    @auto("discard-card")
    def _auto_discard_card(self, step: DiscardCard) -> None:
        self._to_discard(step.card)

    @effect("star")
    def _do_star(self, step: StarDraw, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        self.stars[name] -= 1
        self.pile[name] = self.pile.get(name, 0) + 1
        self._see_all(("star", name))
        self.log.append(ShuffledIn(name))

    # -- activation ----------------------------------------------------------------------

    @legal("pay")
    def _pay_step(self, step: Pay) -> list[HuntedAction]:
        return self._payments(step.seat, step.card, step.cost)

    @effect("pay")
    def _do_pay(self, step: Pay, action: HuntedAction) -> None:
        seat = step.seat
        name, shared, cost = step.card, step.shared, step.cost
        icon, _, payer = action.arg.partition(" with ")
        if payer == "token":
            self.keys[seat] -= 1
        else:
            from_shared = payer.startswith("shared ")
            paid = self.game.by_slug[payer.removeprefix("shared ")]
            (self.shared if from_shared else self.rows[seat]).remove(paid)
            self._to_discard(paid)
        self._see_all(("pay", seat, icon, payer))
        rest = cost[1:]
        if rest:
            self._push(Pay(seat, name, shared, rest))
            return
        self._activated(seat, name)

    def _activated(self, seat: int, name: str) -> None:
        card = self.card(name)
        self.log.append(Activates(seat, name))
        if card.type in ("door", "corridor"):
            self._to_discard(name)
            self.drawn = []
            draws = min(card.locations, 2)
            self._push(*(DrawLocation(seat) for _ in range(draws)), Arrive(seat))
            return
        self._take(seat, name)

    def _take(self, seat: int, name: str) -> None:
        """`name` goes into `seat`'s inventory (a weapon with its tokens)."""
        card = self.card(name)
        if card.type == "weapon":
            ammo = min(card.ammo, self.supply("ammo"))
            self.inventory[seat].append(Item(name, ammo, card.shots))
        else:
            self.inventory[seat].append(Item(name))
        self._see_all(("take", seat, name))

    @effect("location")
    def _do_location(self, step: DrawLocation, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        self.locations_drawn += 1
        self._see_all(("location", name))
        self.log.append(LocationDrawn(name))
        if name == LANDING_PAD:
            # The final fight starts at once: no second Location is drawn.
            while self.stack and self.stack[-1].kind == "location":
                self.stack.pop()
            self.stack.pop()  # the "arrive" step
            self.drawn = []
            effect = self.game.components.locations[name]
            self.fight = Fight(step.side, step.side, "", effect.fight, False, True)
            self.log.append(FinalFight())
            self._push_round(step.side)
            return
        self.locations_seen.append(name)
        self.drawn.append(name)

    @auto("arrive")
    def _auto_arrive(self, step: Arrive) -> None:
        seat = step.side
        if len(self.drawn) == 1:
            location = self.game.components.locations[self.drawn[0]]
            self._push(ApplyEffect(seat, location))
            self.drawn = []
        elif len(self.drawn) == 2:
            self._push(Go(seat))

    @legal("go")
    def _drawn_locations(self, step: Go) -> list[HuntedAction]:
        return [HuntedAction("go", slug(name)) for name in self.drawn]

    @effect("go")
    def _do_go(self, step: Go, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        self.drawn = []
        self._see_all(("go", name))
        self._push(ApplyEffect(step.seat, self.game.components.locations[name]))
