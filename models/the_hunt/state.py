"""The Hunt: the position (its fields), setup, the turn sequence, the card draws and
the Freight Ship phase. The turn's steps are in `turn.py`, the Battle in `battle.py`,
what each side sees in `views.py`; `rules.py` assembles the state class and holds the
readings of the rulebook."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from hunt.boards.the_hunt.cards import TheHuntCard
from hunt.errors import IllegalActionError, quoted
from hunt.models.game import Action
from hunt.models.steps import (
    AUTO_STEP,
    CHANCE_STEP,
    DECIDE,
    Copier,
    Role,
    Step,
    StepState,
    auto,
    counters,
    effect,
    legal,
    lists,
    outcomes,
)
from hunt.models.the_hunt.actions import (
    ATTACK_AP,
    END,
    STEPS_FOR_AP,
    TheHuntAction,
    parse_action,
)
from hunt.models.the_hunt.events import (
    AltmarkPlaced,
    DeckRebuilt,
    Event,
    FreighterArrives,
    FreighterSetsOut,
    FreightShipsSailOn,
    GameOver,
    HandSize,
)
from hunt.models.the_hunt.help import STRIPE_MARKS
from hunt.models.the_hunt.observation import TheHuntObservation
from hunt.models.the_hunt.steps import (
    BRITISH,
    GERMAN,
    Actions,
    Airplane,
    Announce,
    Choose,
    Deal,
    Draw,
    DrawFreight,
    FreightPhase,
    PlaceAltmark,
    PlaceGrafSpee,
    PlayCard,
    Redraw,
    RedrawChoice,
    Window,
)

if TYPE_CHECKING:
    from hunt.models.the_hunt.rules import TheHuntGame

LET_STAND = {"cancel-roll": "the roll is made", "cancel-event": "the card stands",
             "disguise": "the Battle begins"}
"""What a pass at a reaction window lets happen, by the reaction it waits for."""

SIDES = ("german", "british")
VARIANTS = ("standard", "historical")
MAX_HINTS = 3
"""Hint markers in the box."""
DIE = tuple(range(1, 7))

FREE_ATTACK_BONUS = 1
"""What Military Order's free attack adds to its roll ("+1 to the roll")."""


NOTE_WIDTH = 36
"""The most of a card's event text a menu line repeats (`rules CARD` has it all)."""


class SetupSteps(StepState[TheHuntAction, TheHuntObservation, Step], partial=True):
    """A position of The Hunt: its fields, setup, the turn sequence, the draws and the
    Freight Ship phase."""

    game: TheHuntGame
    step_kinds: ClassVar[Mapping[str, Role]] = {
        "place-graf-spee": DECIDE, "place-altmark": DECIDE, "draw": CHANCE_STEP,
        "draw-freight": CHANCE_STEP, "deal": AUTO_STEP, "redraw": AUTO_STEP,
        "announce": AUTO_STEP, "freight-phase": AUTO_STEP}
    """Setup, the draws and the Freight Ship phase (the turn's steps: `turn.py`, the
    Battle's: `battle.py`)."""
    copied: ClassVar[Mapping[str, Copier]] = {
        "stack": list, "forces": dict, "strategy": dict, "hands": lists, "decks": counters,
        "discards": counters, "removed": counters, "known_hand": counters, "bag": list,
        "at_sea": dict, "sunk": list, "delivered": list, "hints": list, "damage": list,
        "duel_cards": list, "radar": list, "log": list, "moved": set, "searched": set}

    def __init__(self, game: TheHuntGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        tracks = game.tracks
        self.stack: list[Step] = []
        self.flow = "setup"
        self.over = False
        self.turn = 0
        """Turns begun (German and British each count one)."""
        self.active = GERMAN
        self.graf_spee: str | None = None
        self.altmark: str | None = None
        self.forces: dict[str, str | None] = {"G": tracks.entry_hex, "H": None, "K": None}
        self.strategy: dict[str, int] = dict(tracks.strategy_start)
        self.plane = "ready"
        self.reserve = 0
        self.hands: list[list[str]] = [[], []]
        self.decks: list[Counter[str]] = [Counter(deck) for deck in game.deck_lists]
        self.discards: list[Counter[str]] = [Counter(), Counter()]
        self.removed: list[Counter[str]] = [Counter(), Counter()]
        self.known_hand: list[Counter[str]] = [Counter(), Counter()]
        """known_hand[viewer]: cards of the other side's hand `viewer` has seen."""
        self.bag: list[str] = sorted(game.freighters)
        self.at_sea: dict[str, int] = {}
        """Freight Ships on the map: id -> index of its hex on its route."""
        self.sunk: list[str] = []
        self.delivered: list[str] = []
        self.hints: list[str] = []
        self.possible: frozenset[str] = frozenset(game.hexes)
        """Hexes the Graf Spee may be on, from the British view (public knowledge)."""
        self.damage = [0, 0]
        self.battle_forces: tuple[str, ...] = ()
        self.duel = 0
        self.duel_cards: list[str | None] = [None, None]
        self.radar = [0, 0]
        """Battle cards still boosted by Radar Technology, per side."""
        self.winner: int | None = None
        self.how = ""
        self.log: list[Event] = []
        """Every event of the game so far (`words.py` says them). A side's observation
        shows them all, less the Graf Spee's hexes to the British and the other side's
        look at a hand (`HandSeen`)."""
        self._tracked: tuple[int, dict[str, float]] | None = None
        """The British belief (see `belief`) and how many British views it covers."""
        self._pool: tuple[tuple[int, int], tuple[str, ...]] | None = None
        """The last `_unseen_pool`: for which seat, at which length of its view."""
        self._reset_turn()
        self._push(DrawFreight(), DrawFreight(second_of_setup=True), Deal(), PlaceGrafSpee(),
                   PlaceAltmark())
        self._run()

    # -- small helpers ---------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.ap = 0
        self.gs_moves = 0
        """Graf Spee moves this turn: one before the attack, one after."""
        self.attacked = False
        self.gs_moved_after_attack = False
        """Whether the Graf Spee has moved since its attack: the exception lets it move,
        attack and move again, so a move made after the attack is its last, even when
        it made none before (attack, move, move is not "move, attack, move")."""
        self.altmark_moved = False
        self.moved: set[str] = set()
        self.searched: set[str] = set()
        self.advanced = False
        self.search_bonus = 0
        self.roll_bonus = 0
        self.no_searches = False
        self.free_searches = False

    def graf_spee_may_move(self) -> bool:
        """Whether the Graf Spee may still move this turn: once, and once more after its
        attack (move, attack, move), never twice before it."""
        return not self.gs_moved_after_attack if self.attacked else self.gs_moves == 0

    def hex_of_freighter(self, freighter: str) -> str:
        """The hex a Freight Ship at sea is on."""
        return self.game.freighters[freighter].route[self.at_sea[freighter]]

    def freighters_on(self, hex_id: str) -> list[str]:
        """The Freight Ships on `hex_id`."""
        return sorted(f for f in self.at_sea if self.hex_of_freighter(f) == hex_id)

    def _card(self, card_id: str) -> TheHuntCard:
        return self.game.cards[card_id]

    # -- the contract ------------------------------------------------------------------

    def _freighter_choices(self, second_of_setup: bool) -> list[str]:
        if not second_of_setup:
            return list(self.bag)
        first = next(iter(self.at_sea))
        start = self.game.freighters[first].start
        return [f for f in self.bag if self.game.freighters[f].start != start]

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == GERMAN else [-1.0, 1.0]

    def end_reason(self) -> str:
        return self.how

    def action_to_string(self, action: TheHuntAction) -> str:
        return action.text()

    def string_to_action(self, text: str) -> TheHuntAction:
        """Read a typed action (see `hunt.models.the_hunt.actions`); only legal ones."""
        action = parse_action(text)
        if action is not None and action in self.legal_actions():
            return action
        why = self._why_refused(action) if action is not None else ""
        if why:
            raise IllegalActionError(f"{quoted(text.strip())}: {why}; legal: "
                                     f"{self._legal_texts(text)}")
        return super().string_to_action(text)  # raises, naming what is legal

    def _why_refused(self, action: TheHuntAction) -> str:
        """Why an action the seat to act could take at another moment of its turn is
        not legal now, by the rule that forbids it ("" when no such rule applies: the
        generic refusal, naming what is legal, says enough). It reads only the turn's
        own facts, which the acting seat knows (the storm card is public)."""
        verb, side = action.verb, self.current_player()
        if verb in ("search", "attack") and self.no_searches:
            return "no searches or attacks this turn (Storm at Sea)"
        if not isinstance(self.stack[-1] if self.stack else None, Actions):
            return ""
        if verb == "advance" and side == BRITISH and self.advanced:
            return "the Strategy track advances once a turn, and it has this turn"
        if verb == "search" and side == BRITISH and action.arg in self.searched:
            return f"each Force searches once a turn, and Force {action.arg} has"
        if verb == "attack" and side == GERMAN and self.attacked:
            return "only one search for a Freight Ship is permitted a turn"
        if verb == "move" and side == BRITISH and action.arg in self.moved:
            return f"each Force moves once a turn, and Force {action.arg} has"
        if verb == "move" and side == GERMAN and action.arg == "altmark" and self.altmark_moved:
            return "the Altmark moves once a turn, and it has"
        if verb == "move" and side == GERMAN and action.arg == "graf-spee" \
                and not self.graf_spee_may_move():
            return "the Graf Spee has moved since its attack, its last move this turn" \
                if self.attacked else \
                "the Graf Spee moves once a turn (once more after an attack), and it has"
        own_piece = action.arg in ("graf-spee", "altmark") if side == GERMAN \
            else self.forces.get(action.arg) is not None  # a Force on the map
        if verb == "move" and own_piece and action.n in STEPS_FOR_AP and action.n > self.ap:
            return f"this move costs {action.n} AP, and you have {self.ap}"
        return ""

    def choice_note(self, action: TheHuntAction) -> str:
        """What a choice costs and needs ("2 AP, sinks on 5+"), from the rules and the
        modifiers the seat to act knows of (its own Intelligence, the airplane)."""
        rules, tracks = self.game.rules, self.game.tracks
        verb, bonus = action.verb, self.roll_bonus
        if verb == "move":
            return f"{action.n} AP"
        if verb == "attack":
            # an event's attack (Military Order) costs nothing and rolls with its bonus
            top = self.stack[-1] if self.stack else None
            free = isinstance(top, Choose) and top.effect == "free-attack"
            need = rules["attack_success"] - bonus - (FREE_ATTACK_BONUS if free else 0)
            with_plane = f" ({max(need - tracks.attack_bonus, 1)}+ with the airplane)" \
                if self.plane == "ready" else ""
            return f"{'no AP' if free else f'{ATTACK_AP} AP'}, sinks on {max(need, 1)}+" \
                + with_plane
        if isinstance(top := self.stack[-1] if self.stack else None, Airplane) \
                and verb in ("plane", "pass"):
            need = rules["attack_success"] - top.bonus \
                - (tracks.attack_bonus if verb == "plane" else 0)
            return ("+2, then Broken: " if verb == "plane" else "") + f"sinks on {max(need, 1)}+"
        if isinstance(top, Window) and verb == "pass":
            return LET_STAND[top.reaction]
        if verb == "search":
            need = rules["search_success"] - self.search_bonus - bonus
            return f"on {self.forces[action.arg]}, {'free' if self.free_searches else '1 AP'}" \
                f", finds on {max(need, 1)}+"
        if verb == "repair":
            removed = sum(self.removed[GERMAN].values())
            need = removed + 1 - bonus
            return f"{tracks.repair_cost} AP, " + (f"repairs on {need}+" if need > 1
                                                   else "repairs for sure")
        if verb == "advance":
            return f"{tracks.advance_cost} AP"
        if verb == "intel":
            return f"1 AP, {STRIPE_MARKS.get(self._card(action.arg).intelligence, '')}"
        if verb == "play":
            card = self._card(action.arg)
            if action.mode == "ap":
                return f"{card.ap} AP"
            return card.text if len(card.text) <= NOTE_WIDTH else \
                card.text[:NOTE_WIDTH - 3].rstrip() + "..."
        if action == END and self.ap and self.current_player() >= 0:
            # only the German has a Reserve: the British lose what they leave unspent
            stored = min(self.ap, tracks.reserve_cap - self.reserve) \
                if self.current_player() == GERMAN else 0
            lost = f"{self.ap - stored} AP lost"
            return f"{stored} AP to the Reserve" + (f", {lost}" if stored < self.ap else "") \
                if stored else lost
        if verb == "redraw":  # to a hand of n: what is drawn, or the hand kept as it is
            drawn = action.n - len(self.hands[GERMAN])
            return f"draw {drawn}" if drawn > 0 else f"keep your {action.n}"
        return ""

    @property
    def graf_spee_hex(self) -> str | None:
        """The true hex of the Graf Spee (for tests and analysis only)."""
        return self.graf_spee

    # -- the flow ----------------------------------------------------------------------
    def _next_phase(self) -> None:
        flow = self.flow
        if flow in ("setup", "british-redraw"):
            self.flow, self.active = "german-card", GERMAN
            self.turn += 1
            self._reset_turn()
            self._push(PlayCard(GERMAN))
        elif flow == "german-card":
            self.flow = "german-redraw"
            self._push(Redraw())
        elif flow == "german-redraw":
            self.flow, self.active = "british-freight", BRITISH
            self.turn += 1
            self._reset_turn()
            self._push(FreightPhase())
        elif flow == "british-freight":
            self.flow = "british-card"
            self._push(PlayCard(BRITISH))
        elif flow == "british-card":
            self.flow = "british-redraw"
            self._push(Draw(BRITISH, self.game.rules["hand_size_british"]))
        else:  # pragma: no cover - every flow is handled above
            raise AssertionError(flow)

    def _finish(self, winner: int, how: str) -> None:
        self.winner = winner
        self.how = how
        self.flow = "over"
        self.over = True
        self.stack = []
        self.log.append(GameOver(how))
        self._see_all(("over", winner, how))

    # -- chance ------------------------------------------------------------------------

    def _can_draw(self, step: Draw) -> bool:
        seat = step.side
        if len(self.hands[seat]) >= step.upto:
            return False
        if not sum(self.decks[seat].values()):
            if not sum(self.discards[seat].values()):
                return False
            self.decks[seat] = self.discards[seat]
            self.discards[seat] = Counter()
            self._see_all(("reshuffle", seat))
            self.log.append(DeckRebuilt(seat))
        return True

    @outcomes("draw")
    def _cards_left(self, step: Draw) -> list[tuple[Action, float]]:
        deck = self.decks[step.side]
        total = sum(deck.values())
        draws = self.game.draw_actions
        return [(draws[card], n / total) for card, n in sorted(deck.items()) if n]

    @effect("draw")
    def _do_draw(self, step: Draw, action: TheHuntAction) -> None:
        seat = step.side
        self.decks[seat][action.arg] -= 1
        if not self.decks[seat][action.arg]:
            del self.decks[seat][action.arg]
        self.hands[seat].append(action.arg)
        self.hands[seat].sort()
        self._see(seat, ("drew", action.arg))
        self._see(1 - seat, ("opponent drew",))
        self.stack.append(step)  # draw again until the hand is full (see _run)

    @outcomes("draw-freight")
    def _freighters_left(self, step: DrawFreight) -> list[tuple[Action, float]]:
        choices = self._freighter_choices(step.second_of_setup)
        return [(TheHuntAction("freighter", f), 1 / len(choices)) for f in choices]

    @effect("draw-freight")
    def _do_draw_freight(self, step: DrawFreight, action: TheHuntAction) -> None:
        self.bag.remove(action.arg)
        self.at_sea[action.arg] = 0
        self._see_all(("freighter", action.arg))
        self.log.append(FreighterSetsOut(action.arg))

    # -- automatic steps ---------------------------------------------------------------

    @auto("deal")
    def _auto_deal(self, step: Deal) -> None:
        hand = self.game.rules["hand_size_british"]
        self._push(Draw(GERMAN, hand), Draw(BRITISH, hand))

    @auto("redraw")
    def _auto_redraw(self, step: Redraw) -> None:
        """To 3 cards; within 1 hex of the Altmark the German may choose up to 5. The
        German names the size it draws to wherever the Graf Spee is (with one choice
        away from the Altmark): a choice asked only beside the Altmark would tell the
        British where the raider is by whose turn it is."""
        if len(self.hands[GERMAN]) >= self.game.rules["hand_size_german_altmark"]:
            self._push(Announce(len(self.hands[GERMAN])))
        else:
            self._push(RedrawChoice())

    @auto("announce")
    def _auto_announce(self, step: Announce) -> None:
        before = step.before
        size = len(self.hands[GERMAN])
        self._see_all(("hand size", size, before))
        self.log.append(HandSize(size))
        if size > self.game.rules["hand_size_german"] and size > before:
            assert self.altmark is not None
            self.possible &= self.game.ball[self.altmark][1]

    @auto("freight-phase")
    def _auto_freight_phase(self, step: FreightPhase) -> None:
        for freighter in sorted(self.at_sea):
            self._sail(freighter)
            if self.flow == "over":
                return
        if self.at_sea:  # each one still at sea sailed a hex (a new one sets out later)
            sailed = sorted(self.at_sea)
            hexes = tuple(self.hex_of_freighter(freighter) for freighter in sailed)
            self.log.append(FreightShipsSailOn(tuple(sailed), hexes))
        missing = self.game.rules["freighters_on_map"] - len(self.at_sea)
        self._push(*(DrawFreight() for _ in range(min(missing, len(self.bag)))))

    def _sail(self, freighter: str) -> None:
        """One hex along the route; from the entry hex into the destination box."""
        route = self.game.freighters[freighter].route
        index = self.at_sea[freighter]
        if index == len(route) - 1:
            del self.at_sea[freighter]
            self.delivered.append(freighter)
            self.log.append(FreighterArrives(freighter))
            if len(self.delivered) >= self.game.rules["freighters_to_win"]:
                self._finish(BRITISH, "the British delivered 5 Freight Ships")
        else:
            self.at_sea[freighter] = index + 1

    # -- setup decisions -------------------------------------------------------------

    @legal("place-graf-spee")
    def _legal_place_graf_spee(self, step: PlaceGrafSpee) -> list[TheHuntAction]:
        return [TheHuntAction("start", hex=h) for h in self.game.hexes]

    @legal("place-altmark")
    def _legal_place_altmark(self, step: PlaceAltmark) -> list[TheHuntAction]:
        return [TheHuntAction("altmark", hex=h) for h in self.game.hexes]
    @effect("place-graf-spee")
    def _do_place_graf_spee(self, step: PlaceGrafSpee, action: TheHuntAction) -> None:
        self.graf_spee = action.hex
        self._see(GERMAN, ("start", action.hex))
        self._see(BRITISH, ("graf spee placed",))

    @effect("place-altmark")
    def _do_place_altmark(self, step: PlaceAltmark, action: TheHuntAction) -> None:
        self.altmark = action.hex
        self._see_all(("altmark", action.hex))
        self.log.append(AltmarkPlaced(action.hex))
