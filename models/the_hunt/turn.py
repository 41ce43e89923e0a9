"""The Hunt: a side's turn: the card played, the actions (moves, searches, attacks),
Intelligence, hints, reaction windows and the events cards set off, each step's
legality beside its effect.

One file of about 690 lines, on purpose: every step here reads and writes the
same turn (its AP, what moved and searched, the reaction window open), a roll resolves
what the turn's action began, and the steps' table is checked as one; the other phase,
the Battle, is battle.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from hunt.boards.the_hunt.cards import TheHuntCard
from hunt.models.game import Action
from hunt.models.steps import (
    AUTO_STEP,
    CHANCE_STEP,
    DECIDE,
    Role,
    Step,
    auto,
    effect,
    legal,
    outcomes,
)
from hunt.models.the_hunt.actions import (
    AP_FOR_STEPS,
    ATTACK_AP,
    END,
    PASS,
    PLANE,
    REPAIR,
    STEPS_FOR_AP,
    TheHuntAction,
)
from hunt.models.the_hunt.events import (
    AirplaneBroken,
    AirplaneSent,
    AltmarkMoves,
    Attack,
    AttackRoll,
    Cancels,
    CardPlayed,
    FalseHint,
    ForceAdvances,
    ForceDrawnAway,
    ForceEnters,
    ForceMoves,
    FreighterSails,
    GrafSpeeMoves,
    HintPlaced,
    HintsRemoved,
    Intelligence,
    MandatoryEvent,
    NoBattle,
    NoHintLeft,
    NoHintPlace,
    ProximityAnswer,
    Reacts,
    RepairRoll,
    RepairTried,
    ReserveStored,
    Revealed,
    Search,
    SearchClears,
    SearchFails,
    SearchFinds,
)
from hunt.models.the_hunt.state import DIE, FREE_ATTACK_BONUS, MAX_HINTS, SetupSteps
from hunt.models.the_hunt.steps import (
    BRITISH,
    GERMAN,
    Actions,
    Airplane,
    Announce,
    Battle,
    Boost,
    Cancelled,
    Choose,
    Draw,
    PlaceHint,
    PlayCard,
    RedrawChoice,
    Resolve,
    RollForAttack,
    RollForRepair,
    RollForSearch,
    Window,
)

ROLLS: tuple[tuple[Action, float], ...] = tuple((TheHuntAction("roll", n=face), 1 / 6)
                                                for face in DIE)
"""A die roll's outcomes (made once: playouts roll all the time)."""


class TurnSteps(SetupSteps, partial=True):
    """The steps of a side's turn."""

    step_kinds: ClassVar[Mapping[str, Role]] = {
        "card": DECIDE, "actions": DECIDE, "boost": DECIDE, "airplane": DECIDE,
        "redraw-choice": DECIDE,
        "hint": DECIDE, "window": DECIDE, "choose": DECIDE, "repair-roll": CHANCE_STEP,
        "attack-roll": CHANCE_STEP, "search-roll": CHANCE_STEP, "resolve": AUTO_STEP,
        "cancelled": AUTO_STEP}

    def _resolve_unasked(self, step: Step) -> bool:
        """Drop a draw into a full hand (or from an empty deck and discards), and a
        decision with no choice, with what that implies."""
        if isinstance(step, Draw) and not self._can_draw(step):
            self.stack.pop()
            return True
        if step.seat >= 0 and self._nothing_to_decide(step):
            self.stack.pop()  # nothing to decide (e.g. no legal hex for a hint)
            if isinstance(step, PlaceHint):
                self._no_hint()
            if isinstance(step, Boost):  # no AP or no card for Intelligence: roll
                self._push(RollForSearch(step.force, step.hex))
            if isinstance(step, Airplane):  # the airplane is not Ready: roll
                self._push(RollForAttack(step.freighter, step.bonus))
            return True
        return False

    def _nothing_to_decide(self, step: Step) -> bool:
        """Whether the decision `step` has no legal choice: `not self._decisions(step)`,
        answered without building the list where the rules make it plain (this is asked
        before every decision, in every playout step)."""
        kind = step.kind
        if kind in ("actions", "duel"):
            return False  # `end` is always legal; a Duel without cards plays "none"
        if kind in ("card", "window"):
            return not self.hands[step.seat]  # any card may be played for its AP
        if kind == "boost":
            return self.ap < 1 or not self.hands[BRITISH]
        return not self._decisions(step)

    # -- the card a side plays for its Action Points or its event ----------------------

    @legal("card")
    def _legal_card(self, step: PlayCard) -> list[TheHuntAction]:
        seat, plays = step.seat, self.game.play_actions
        actions = []
        for card_id in sorted(set(self.hands[seat])):
            for_ap, for_event = plays[card_id]
            actions.append(for_ap)
            card = self._card(card_id)
            if card.event == "hunt" and self._event_usable(seat, card.effect):
                actions.append(for_event)
        return actions

    @effect("card")
    def _do_card(self, step: PlayCard, action: TheHuntAction) -> None:
        seat, card_id, mode = step.seat, action.arg, action.mode
        card = self._card(card_id)
        self.hands[seat].remove(card_id)
        self._forget_known(seat, card_id)
        self._see_all(("play", seat, card_id, mode))
        if mode == "event" and seat == GERMAN:
            # The event was legal, so the British learn where it could be played from.
            self.possible = frozenset(h for h in self.possible
                                      if self.event_usable_from(card.effect, h))
        if mode == "event":
            self.log.append(CardPlayed(seat, card_id, True))
            steps: list[Step] = [Window(1 - seat, "cancel-event"), Resolve(seat, card_id)]
            if card.effect == "free-searches":
                steps.append(Actions(seat))
            self._push(*steps)
            return
        self.ap = card.ap
        if seat == GERMAN:
            self.ap += self.reserve
            self.reserve = 0
        self.log.append(CardPlayed(seat, card_id, False))
        self._discard(seat, card_id)
        steps = [Actions(seat)]
        if card.event == "mandatory":
            self.log.append(MandatoryEvent(seat, card_id))
            steps[:0] = [Window(1 - seat, "cancel-event"), Resolve(seat, card_id, mandatory=True)]
        self._push(*steps)

    # -- the actions: moves, searches, attacks, Intelligence, the track ----------------

    @legal("actions")
    def _legal_actions(self, step: Actions) -> list[TheHuntAction]:
        return self._german_actions() if step.seat == GERMAN else self._british_actions()

    def _german_actions(self) -> list[TheHuntAction]:
        game, actions = self.game, [END]
        gs = self.graf_spee
        assert gs is not None and self.altmark is not None
        gs_may_move = self.graf_spee_may_move()
        for steps, cost in AP_FOR_STEPS.items():
            if cost > self.ap:
                continue
            if gs_may_move:
                actions += game.moves["graf-spee", gs, steps]
            if not self.altmark_moved:
                actions += game.moves["altmark", self.altmark, steps]
        if self.ap >= ATTACK_AP and not self.attacked and not self.no_searches:
            for freighter in self.freighters_on(gs):
                actions.append(TheHuntAction("attack", freighter))
        if self.ap >= game.tracks.repair_cost and self.plane == "broken":
            actions.append(REPAIR)
        return actions

    def _british_actions(self) -> list[TheHuntAction]:
        game, actions = self.game, [END]
        for force, where in self.forces.items():
            if where is None:
                continue
            if force not in self.moved:
                for steps, cost in AP_FOR_STEPS.items():
                    if cost <= self.ap:
                        actions += game.moves[force, where, steps]
            if force not in self.searched and not self.no_searches \
                    and (self.ap >= 1 or self.free_searches):
                actions.append(game.force_actions["search", force])
        if self.ap >= 1:
            for card_id in sorted(set(self.hands[BRITISH])):
                if self._card(card_id).intelligence != "none":
                    actions.append(game.intel_actions[card_id])
        if self.ap >= game.tracks.advance_cost and not self.advanced:
            actions += [game.force_actions["advance", force] for force in sorted(self.strategy)]
        return actions

    def search_may_follow(self, after_ap: int = 0) -> bool:
        """Whether a British search may still be made this turn once `after_ap` more AP
        are spent: a Force on the map that has not searched, no storm, and an AP for it
        (or Mile by Mile's free searches). All of it public."""
        if self.no_searches:
            return False
        if not (self.free_searches or self.ap - after_ap >= 1):
            return False
        return any(where is not None and force not in self.searched
                   for force, where in self.forces.items())

    @effect("actions")
    def _do_actions(self, step: Actions, action: TheHuntAction) -> None:
        seat = step.seat
        if action == END:
            self._see_all(("end", seat))
            if seat == GERMAN and self.ap:
                # Added to what the Reserve holds, never in place of it: a turn whose
                # AP came from an event (Fair Weather) did not empty the Reserve.
                cap = self.game.tracks.reserve_cap
                stored = min(self.ap, cap - self.reserve)
                self.reserve += stored
                if stored:
                    self.log.append(ReserveStored(stored, self.reserve))
            self.ap = 0
            return
        self._push(Actions(seat))  # more actions may follow
        if action.verb == "move":
            self.ap -= action.n
            self._move(seat, action)
        elif action.verb == "attack":
            self.ap -= ATTACK_AP
            self._begin_attack(action, bonus=0)
        elif action.verb == "repair":
            self.ap -= self.game.tracks.repair_cost
            self._see_all(("repair",))
            self.log.append(RepairTried())
            self._push(RollForRepair())
        elif action.verb == "search":
            if not self.free_searches:
                self.ap -= 1
            self._begin_search(action.arg)
        elif action.verb == "intel":
            self.ap -= 1
            self._intelligence(action.arg)
        elif action.verb == "advance":
            self.ap -= self.game.tracks.advance_cost
            self.advanced = True
            self._advance_strategy(action.arg)

    def _move(self, seat: int, action: TheHuntAction) -> None:
        steps = STEPS_FOR_AP[action.n]
        if seat == BRITISH:
            self.forces[action.arg] = action.hex
            self.moved.add(action.arg)
            self._see_all(("move", action.arg, action.n, action.hex))
            self.log.append(ForceMoves(action.arg, action.hex, action.n))
        elif action.arg == "altmark":
            self.altmark = action.hex
            self.altmark_moved = True
            self._see_all(("move", "altmark", action.n, action.hex))
            self.log.append(AltmarkMoves(action.hex, action.n))
        else:
            self.graf_spee = action.hex
            self.gs_moves += 1
            self.gs_moved_after_attack = self.attacked
            self._see(GERMAN, ("move", "graf-spee", action.n, action.hex))
            self._see(BRITISH, ("graf spee moved", action.n))
            self.log.append(GrafSpeeMoves(action.n, action.hex))
            self.possible = frozenset().union(*(self.game.ball[h][steps] for h in self.possible))
            if self.hints:
                self.log.append(HintsRemoved())
                self.hints = []

    def _reveal(self, hex_id: str) -> None:
        self.possible = frozenset((hex_id,))
        self._see_all(("revealed", hex_id))
        self.log.append(Revealed(hex_id))

    def _begin_attack(self, action: TheHuntAction, bonus: int) -> None:
        assert self.graf_spee is not None
        self.attacked = True
        self._reveal(self.graf_spee)
        self._see_all(("attack", action.arg))
        self.log.append(Attack(action.arg))
        # As for a British search (Example 7): the attack is declared, the British may
        # cancel it, and only then, before the die, the German may send the airplane
        # (Example 2): a cancelled attack never spends it.
        self._push(Window(BRITISH, "cancel-roll"),
                   Airplane(action.arg, bonus + self.roll_bonus))

    def _begin_search(self, force: str) -> None:
        where = self.forces[force]
        assert where is not None
        self.searched.add(force)
        self._see_all(("search", force, where))
        self.log.append(Search(force, where))
        # Example 7: the search is declared, then (the German not cancelling it) the
        # British may add Intelligence before its die is rolled.
        self._push(Window(GERMAN, "cancel-roll"), Boost(force, where))

    def _intelligence(self, card_id: str) -> None:
        card = self._card(card_id)
        self.hands[BRITISH].remove(card_id)
        self._forget_known(BRITISH, card_id)
        self._discard(BRITISH, card_id)
        self._see_all(("intel", card_id))
        self.log.append(Intelligence(card_id))
        if card.intelligence in ("plus-one", "both"):
            self.search_bonus += 1
        steps: list[Step] = [PlaceHint()] if card.intelligence in ("hint", "both") else []
        if card.event == "mandatory":
            # Played in the Hunt phase, whatever for: its event is forced (the
            # rulebook's one exception is the Battle), as for a card played for AP.
            self.log.append(MandatoryEvent(BRITISH, card_id))
            steps[:0] = [Window(GERMAN, "cancel-event"), Resolve(BRITISH, card_id, mandatory=True)]
        self._push(*steps)

    def _advance_strategy(self, force: str) -> None:
        space = self.strategy[force] + 1
        if space > self.game.tracks.strategy_spaces:
            del self.strategy[force]
            self.forces[force] = self.game.tracks.entry_hex
            self.log.append(ForceEnters(force, self.game.tracks.entry_hex))
        else:
            self.strategy[force] = space
            self.log.append(ForceAdvances(force, space))
        self._see_all(("advance", force))

    # -- Intelligence added between a search and its roll ------------------------------

    @legal("boost")
    def _legal_boost(self, step: Boost) -> list[TheHuntAction]:
        """Intelligence between a search's declaration and its roll (1 AP a card), or
        `pass` to roll. Open whenever the British hold a card and an AP (both public),
        whether or not a card has an Intelligence stripe."""
        if self.ap < 1 or not self.hands[BRITISH]:
            return []
        return [PASS, *(TheHuntAction("intel", card) for card in sorted(set(self.hands[BRITISH]))
                        if self._card(card).intelligence != "none")]

    @effect("boost")
    def _do_boost(self, step: Boost, action: TheHuntAction) -> None:
        if action == PASS:
            self._see_all(("pass", BRITISH))
            self._push(RollForSearch(step.force, step.hex))
            return
        self.ap -= 1
        self._push(step)  # more Intelligence may follow, after what this one sets off
        self._intelligence(action.arg)

    # -- the airplane, sent between an attack that stands and its roll -----------------

    @legal("airplane")
    def _legal_airplane(self, step: Airplane) -> list[TheHuntAction]:
        """Send the airplane (+2, then Broken) or `pass`: asked whenever it is Ready
        (public), so that whose turn it is tells the British nothing."""
        return [PASS, PLANE] if self.plane == "ready" else []

    @effect("airplane")
    def _do_airplane(self, step: Airplane, action: TheHuntAction) -> None:
        bonus = step.bonus
        if action == PLANE:
            self.plane = "broken"
            bonus += self.game.tracks.attack_bonus
            self._see_all(("plane",))
            self.log.append(AirplaneSent())
        else:
            self._see_all(("pass", GERMAN))
        self._push(RollForAttack(step.freighter, bonus))

    # -- the German's refill beside the Altmark ----------------------------------------

    @legal("redraw-choice")
    def _legal_redraw_choice(self, step: RedrawChoice) -> list[TheHuntAction]:
        held = len(self.hands[GERMAN])
        rules = self.game.rules
        low = max(held, rules["hand_size_german"])
        high = max(low, rules["hand_size_german_altmark"])
        # "continue to draw until they have 5 cards ..., or they may stop at 3 cards
        # only": two stops, never one between; a hand already above 3 stops where it is.
        sizes = sorted({low, high}) if self._near_altmark() else [low]
        return [TheHuntAction("redraw", n=n) for n in sizes]

    def _near_altmark(self) -> bool:
        assert self.graf_spee is not None and self.altmark is not None
        return self.game.hex_distance(self.graf_spee, self.altmark) <= 1

    @effect("redraw-choice")
    def _do_redraw_choice(self, step: RedrawChoice, action: TheHuntAction) -> None:
        # The size is said as the German starts to draw: the British count the cards
        # drawn and hear the size announced after them anyway, and a size kept secret
        # until then would leave them unsure whether another draw comes (whose turn it
        # is) only where the German chose to draw beyond 3. Stopping at 3 beside the
        # Altmark looks the same as having no choice.
        self._see_all(("redraw", action.n))
        self._push(Draw(GERMAN, action.n), Announce(len(self.hands[GERMAN])))

    # -- hints -------------------------------------------------------------------------

    @legal("hint")
    def _legal_hint(self, step: PlaceHint) -> list[TheHuntAction]:
        if len(self.hints) >= MAX_HINTS or self.graf_spee is None:
            return []
        return [TheHuntAction("hint", hex=h) for h in sorted(self.game.ball[self.graf_spee][1])
                if h not in self.hints and h != self.altmark]

    def _false_hint_hexes(self, gs: str) -> list[str]:
        """Where a false Hint may go with the Graf Spee on `gs`: 3 or more hexes away,
        not on a hint or the Altmark."""
        return [h for h in self.game.hexes if self.game.hex_distance(gs, h) >= 3
                and h not in self.hints and h != self.altmark]

    def _no_hint(self) -> None:
        """An Intelligence hint the German cannot place: it says so, which tells the
        British (unless the box is empty) that every hex next to the Graf Spee already
        holds a hint or the Altmark."""
        self._see_all(("no hint",))
        if len(self.hints) >= MAX_HINTS:
            self.log.append(NoHintLeft())
            return
        self.log.append(NoHintPlace())
        blocked = {*self.hints, self.altmark}
        self.possible = frozenset(h for h in self.possible
                                  if self.game.ball[h][1] <= blocked)

    @effect("hint")
    def _do_hint(self, step: PlaceHint, action: TheHuntAction) -> None:
        self.hints.append(action.hex)
        self.hints.sort()
        self.possible &= self.game.ball[action.hex][1]
        self._see_all(("hint", action.hex))
        self.log.append(HintPlaced(action.hex))

    # -- reaction windows --------------------------------------------------------------

    @legal("window")
    def _legal_window(self, step: Window) -> list[TheHuntAction]:
        # The window opens whenever the seat holds a card (hand sizes are public), not
        # only when it holds a matching reaction: whose turn it is must not tell the
        # other side what is in the hand. Without a matching card it may only pass.
        if not self.hands[step.seat]:
            return []
        cards = sorted({c for c in self.hands[step.seat] if self._card(c).effect == step.reaction
                        and self._card(c).event == "reaction"})
        return [PASS, *(TheHuntAction("react", card) for card in cards)]

    @effect("window")
    def _do_window(self, step: Window, action: TheHuntAction) -> None:
        seat = step.seat
        if action == PASS:
            self._see_all(("pass", seat))  # at the table: "no reaction", said aloud
            return
        card_id = action.arg
        self.hands[seat].remove(card_id)
        self._forget_known(seat, card_id)
        self._see_all(("react", seat, card_id))
        self.log.append(Reacts(seat, card_id))
        # The reaction's target is the step it cancels: the one now on top.
        self._push(Window(1 - seat, "cancel-event"),
                   Resolve(seat, card_id, cancels=self.stack[-1]))

    # -- an event's choice -------------------------------------------------------------

    @legal("choose")
    def _legal_choose(self, step: Choose) -> list[TheHuntAction]:
        effect = step.effect
        if effect == "move-enemy-force":
            return [TheHuntAction("shift", force, hex=h) for force, where in self.forces.items()
                    if where is not None for h in sorted(self.game.ball[where][2]) if h != where]
        if effect == "false-hint":
            assert self.graf_spee is not None
            return [TheHuntAction("hint", hex=h) for h in self._false_hint_hexes(self.graf_spee)]
        if effect == "advance-freighter":
            return [TheHuntAction("convoy", f) for f in sorted(self.at_sea)]
        if effect == "proximity-query":
            return [TheHuntAction("query", hex=h) for h in self.game.hexes]
        if effect == "strategy-advance":
            return [TheHuntAction("advance", force) for force in sorted(self.strategy)]
        if effect == "free-attack":
            assert self.graf_spee is not None
            return [TheHuntAction("attack", f) for f in self.freighters_on(self.graf_spee)]
        raise AssertionError(effect)

    def event_usable_from(self, effect: str, hex_id: str) -> bool:
        """Whether a German Hunt event could be played with the Graf Spee on `hex_id`,
        judged from public facts only: what its playing tells the British."""
        if effect == "free-attack":
            return bool(self.freighters_on(hex_id)) and not self.attacked \
                and not self.no_searches
        if effect == "false-hint":
            return len(self.hints) < MAX_HINTS and bool(self._false_hint_hexes(hex_id))
        return True

    def _event_usable(self, seat: int, effect: str) -> bool:
        """Whether a Hunt event can take effect now (else the card is AP only)."""
        gs = self.graf_spee
        if effect in ("free-attack", "false-hint") and seat == GERMAN:
            return gs is not None and self.event_usable_from(effect, gs)
        if effect == "move-enemy-force":
            return any(where is not None for where in self.forces.values())
        if effect == "advance-freighter":
            return bool(self.at_sea)
        if effect == "strategy-advance":
            return bool(self.strategy)
        if effect == "free-searches":
            return not self.no_searches and any(w is not None for w in self.forces.values())
        if effect == "clear-hints":
            return bool(self.hints)
        if effect == "break-plane":
            return self.plane == "ready"
        return effect in ("roll-bonus", "proximity-query")

    @effect("choose")
    def _do_choose(self, step: Choose, action: TheHuntAction) -> None:
        effect = step.effect
        self._see_all(("choose", action))
        if effect == "move-enemy-force":
            self.forces[action.arg] = action.hex
            self.log.append(ForceDrawnAway(action.arg, action.hex))
        elif effect == "false-hint":
            self.hints.append(action.hex)
            self.hints.sort()
            self.possible -= self.game.ball[action.hex][2]
            self.log.append(FalseHint(action.hex))
        elif effect == "advance-freighter":
            self.log.append(FreighterSails(action.arg))
            self._sail(action.arg)
        elif effect == "proximity-query":
            assert self.graf_spee is not None
            near = self.game.hex_distance(self.graf_spee, action.hex) <= 2
            area = self.game.ball[action.hex][2]
            self.possible = self.possible & area if near else self.possible - area
            self._see_all(("answer", action.hex, near))
            self.log.append(ProximityAnswer(action.hex, near))
        elif effect == "strategy-advance":
            self._advance_strategy(action.arg)
        elif effect == "free-attack":
            self._begin_attack(action, bonus=FREE_ATTACK_BONUS)

    # -- rolls -------------------------------------------------------------------------

    @outcomes("repair-roll", "attack-roll", "search-roll")
    def _die(self, step: Step) -> list[tuple[Action, float]]:
        return list(ROLLS)

    @effect("repair-roll")
    def _do_repair_roll(self, step: RollForRepair, action: TheHuntAction) -> None:
        face = action.n
        self._see_all(("roll", "repair", face))
        removed = sum(self.removed[GERMAN].values())
        self.plane = "ready" if face + self.roll_bonus > removed else "destroyed"
        self.log.append(RepairRoll(face, removed, self.plane))

    @effect("attack-roll")
    def _do_attack_roll(self, step: RollForAttack, action: TheHuntAction) -> None:
        face, bonus, freighter = action.n, step.bonus, step.freighter
        self._see_all(("roll", "attack", face))
        sunk = face + bonus >= self.game.rules["attack_success"]
        self.log.append(AttackRoll(face, bonus, freighter, sunk))
        if sunk:
            del self.at_sea[freighter]
            self.sunk.append(freighter)
            if len(self.sunk) >= self.game.rules["freighters_to_win"]:
                self._finish(GERMAN, "the German sank 5 Freight Ships")

    @effect("search-roll")
    def _do_search_roll(self, step: RollForSearch, action: TheHuntAction) -> None:
        face, where = action.n, step.hex
        self._see_all(("roll", "search", face))
        bonus = self.search_bonus + self.roll_bonus
        if face + bonus < self.game.rules["search_success"]:
            self.log.append(SearchFails(face, bonus))
            return
        if where == self.graf_spee:
            self.log.append(SearchFinds(face, bonus, where))
            # Everyone saw the roll succeed on this hex, so the Graf Spee is there
            # for all to know, before the German may answer with a disguise.
            self._reveal(where)
            self._push(Window(GERMAN, "disguise"), Battle(where))
        else:
            self.possible -= {where}
            self._see_all(("not here", where))
            self.log.append(SearchClears(face, bonus, where))

    # -- steps carried out unasked -----------------------------------------------------

    @auto("resolve")
    def _auto_resolve(self, step: Resolve) -> None:
        seat, card_id = step.side, step.card
        card = self._card(card_id)
        self._see_all(("event", seat, card_id))  # everyone sees it take effect
        if step.mandatory:
            self._effect(seat, card)
            return
        if card.removed_after_event:
            self.removed[seat][card_id] += 1
        else:
            self._discard(seat, card_id)
        if step.cancels is None:
            self._effect(seat, card)
            return
        # The target was on top when the reaction was played, and is again: only this
        # reaction's own steps went above it (a reaction to them cancels this one).
        assert self.stack[-1] is step.cancels
        self.log.append(Cancels(card_id, *self._what_is_cancelled(step.cancels)))
        self.stack[-1] = Cancelled(step.cancels)

    @staticmethod
    def _what_is_cancelled(step: Step) -> tuple[str, str | None]:
        """What a reaction cancels when it cancels `step`, as `Cancels` names it: the
        players' word, not the step's (a `Boost` is the search, before its roll)."""
        match step:
            case Resolve(card=card):
                return "event", card
            case Boost():
                return "search", None
            case Airplane():
                return "attack", None
            case Battle():
                return "battle", None
        raise AssertionError(f"no reaction cancels a {step.kind} step")

    @auto("cancelled")
    def _auto_cancelled(self, step: Cancelled) -> None:
        original = step.original
        self._see_all(("cancelled", original.kind))
        if isinstance(original, Battle):  # the search found it: it stays revealed
            self.log.append(NoBattle())
        if isinstance(original, Resolve) and not original.mandatory:
            # A cancelled event: its card is discarded.
            self._discard(original.side, original.card)

    # -- events ------------------------------------------------------------------------

    def _effect(self, seat: int, card: TheHuntCard) -> None:
        """Carry out a card's event for `seat` (a choice becomes a `choose` step)."""
        effect = card.effect
        if effect == "roll-bonus":  # the die bonus, and the card's AP to roll with
            self.roll_bonus = 1
            self.ap = card.ap
            self._push(Actions(seat))
        elif effect == "opponent-draws":
            other = 1 - seat
            self._push(Draw(other, len(self.hands[other]) + 1))
        elif effect == "no-searches":
            self.no_searches = True
        elif effect == "clear-hints":
            self.hints = []
        elif effect == "break-plane":
            if self.plane == "ready":
                self.plane = "broken"
                self.log.append(AirplaneBroken())
        elif effect == "free-searches":
            self.free_searches = True
        elif effect in ("move-enemy-force", "false-hint", "advance-freighter",
                        "proximity-query", "strategy-advance", "free-attack"):
            if self._event_usable(seat, effect):
                self._push(Choose(seat, effect))
        else:  # reactions and Battle events never resolve here
            raise AssertionError(effect)

    def _discard(self, seat: int, card_id: str) -> None:
        self.discards[seat][card_id] += 1

    def _forget_known(self, seat: int, card_id: str) -> None:
        known = self.known_hand[1 - seat]
        if known[card_id]:
            known[card_id] -= 1
