"""The Hunt: the rules (../shared/rules/the_hunt.txt) behind the game contract.

The German secretly moves the Admiral Graf Spee, announcing only the AP it spends;
the British hunt it with Forces G, H and K while Freight Ships sail. The rules run as
a stack of pending steps: the top step says who acts (a seat, or chance) and what is
legal; automatic steps (an event taking effect, the Freight Ship phase) run at once.
When the stack is empty the turn sequence pushes the next phase.

Readings of ambiguous sentences follow ../shared/reference/the_hunt_facts.md:
one card per Card Play phase (the British add Intelligence cards at 1 AP each);
German AP = card + the whole Reserve, and what is left goes back to the Reserve (at
most 2: see below); a Mandatory card played in the Hunt phase
gives its AP and its event happens too; the German redraw may stop anywhere from 3
to 5 when the Graf Spee is within 1 hex of the Altmark, and the size is announced;
a failed search says nothing; Hint markers go on or next to the Graf Spee, never on a
hint or the Altmark, and go when the German next announces a Graf Spee move; a Force
advanced past space 4 enters on 06; Battle duels are simultaneous; the game ends when
5 Freight Ships are sunk or delivered, or after a Battle.

Readings settled by the rules audit (issue 21), each tested by name in
tests/test_the_hunt_rules.py:

- The Graf Spee moves at most once before its attack and once after it ("may move,
  conduct a search/attack and then move again"): attack, move, move is illegal.
- The Reserve ("Variable Cost"): the cost is the AP stored, nothing more: each unspent
  German AP left at the end of the turn goes into the Reserve, added to what it holds,
  up to 2, so storing never lowers it. A card played for AP takes the whole Reserve
  with it; as the unspent AP go back, that is the same as taking only what the turn
  needs. The Reserve is added only to a card played for AP ("when playing a card for
  Action Points"), not to AP an event gives (Fair Weather), in which case it stays.
- A Mandatory event happens whenever its card is played in the Hunt phase, for its AP
  or for its Intelligence stripe alike ("When you play a card with a Mandatory Event
  during the Hunt Phase, you are forced to do the Event"; the only exception given is
  the Battle); the opponent may cancel it with That Never Happened.
- The German cards removed from the game (the repair's target number) are those whose
  event took place: five German cards can leave (boards/the_hunt/cards.toml), so
  Example 3's four removals happen in play.
- Intelligence, as in Example 7, may also be played after a search is declared and
  before its die is rolled: the German first answers the search (Cat and Mouse), then
  the British add Intelligence (1 AP a card) or pass, then the die is rolled. So no AP
  go on Intelligence for a search that is then cancelled. The British may still play it
  earlier in the turn, for every search of the turn.

Whose turn it is never depends on what the other side cannot see (issue 20): a
reaction window opens for any side holding a card and it passes aloud when it has no
reaction to play; the British Intelligence window after a search opens whenever they
hold a card and an AP; the German names the size of its redraw, aloud, wherever the
raider is.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

import networkx as nx

from hunt.boards.the_hunt_cards import HuntCard, load_hunt_cards
from hunt.boards.the_hunt_map import HuntMap, load_hunt_map
from hunt.boards.the_hunt_tracks import HuntTracks, load_hunt_tracks
from hunt.errors import OptionError, quoted
from hunt.models.game import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    GameInfo,
    Observation,
    SearchShape,
    State,
)
from hunt.models.steps import (
    AUTO,
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
    AP_FOR_STEPS,
    ATTACK_AP,
    END,
    PASS,
    STEPS_FOR_AP,
    HuntAction,
    parse_action,
)

GERMAN = 0
BRITISH = 1
SIDES = ("german", "british")
VARIANTS = ("standard", "historical")
MAX_HINTS = 3
"""Hint markers in the box."""
DIE = tuple(range(1, 7))



class TheHuntGame(Game):
    """The Hunt for two players. Option: `variant` ("standard" or "historical")."""

    normal_iterations = 300
    rollout_depth = 40
    """About one turn of each side, then the fitted evaluation: 4-5 times the iterations
    a second of full playouts, and 31 of 40 games won against the heuristic at 300
    iterations (`hunt arena the-hunt --agents ismcts:iterations=300,depth=40,heuristic
    --games 20 --seed 5000`)."""
    search_shape = SearchShape(tree_depth=1, confidence=0.0, epsilon=0.2)
    """Flat UCB over the root actions, the search's choice always, a fifth of playout
    decisions at random. Against the heuristic the full tree scored 0.800 in 200
    games, this shape 0.905 in 200; against random opponents the full tree's German
    won 9 of 25 (its playouts expect a British hunt that random play never makes),
    this shape's 92 of 100 (`hunt arena the-hunt --agents ismcts:normal,...`, measured
    before the British Battle rule `battle_ready` and the German's repair-first rule; the
    figures are in issue 5's notes)."""

    def __init__(self, variant: str = "standard", **unknown: Any) -> None:
        if unknown:
            raise OptionError(f"the-hunt has no option {', '.join(sorted(unknown))}; "
                              "accepted: variant")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise OptionError(f"variant {quoted(variant)}; accepted: {', '.join(VARIANTS)}")
        super().__init__({"variant": variant} if variant != "standard" else {})
        self.variant = variant
        self.board: HuntMap = load_hunt_map()
        self.tracks: HuntTracks = load_hunt_tracks()
        self.graph = self.board.graph
        self.hexes: tuple[str, ...] = tuple(sorted(self.graph))
        self.distance: dict[str, dict[str, int]] = {
            source: dict(lengths) for source, lengths in nx.all_pairs_shortest_path_length(
                self.graph)}
        self.ball: dict[str, dict[int, frozenset[str]]] = {
            hex_id: {steps: frozenset(other for other, d in self.distance[hex_id].items()
                                      if d <= steps) for steps in range(4)}
            for hex_id in self.hexes}
        self.moves: dict[tuple[str, str, int], tuple[HuntAction, ...]] = {
            (piece, hex_id, steps): tuple(
                HuntAction("move", piece, AP_FOR_STEPS[steps], h)
                for h in sorted(self.ball[hex_id][steps]) if piece == "graf-spee" or h != hex_id)
            for piece in ("graf-spee", "altmark", "G", "H", "K") for hex_id in self.hexes
            for steps in AP_FOR_STEPS}
        """Every move of a piece from a hex by up to so many steps (made once: the search
        asks for them all the time). Only the Graf Spee may stay where it is."""
        self.cards: dict[str, HuntCard] = {card.id: card for card in load_hunt_cards()}
        self.deck_lists: tuple[dict[str, int], dict[str, int]] = tuple(  # type: ignore[assignment]
            {card.id: card.copies for card in self.cards.values() if side in card.decks}
            for side in SIDES)
        self.freighters = {freighter.id: freighter for freighter in self.board.freighters}
        self.force_bonus = self.tracks.force_bonus[variant]
        self.rules = self.tracks.rules
        self.info = GameInfo(
            name="the-hunt", title="The Hunt", num_players=2, min_players=2, max_players=2,
            seat_names=SIDES, max_game_length=6000, zero_sum=True)

    def new_initial_state(self, seed: int = 0) -> TheHuntState:
        """Before the freight draw: forces placed, markers on their start spaces."""
        return TheHuntState(self, seed)

    def heuristic_action(self, observation: Observation, legal_actions: Sequence[Action],
                         rng: random.Random) -> Action:
        """Rules of thumb from `hunt.models.the_hunt.heuristics`."""
        from hunt.models.the_hunt.heuristics import heuristic_action
        return heuristic_action(self, observation, legal_actions, rng)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """The heuristic, from the acting side's view of the sampled world (the few
        facts it reads, gathered without building a whole observation)."""
        assert isinstance(state, TheHuntState)
        step = state.stack[-1]
        # The legal actions in the engine's order, not sorted: the same rules of thumb,
        # only equal candidates may come in another order; sorting a hundred moves at
        # every playout step was a tenth of the playout's time.
        decisions = state._decisions(step)
        if len(decisions) == 1:  # a pass with no reaction card, a redraw with no choice
            return decisions[0]
        return self.heuristic_action(state.heuristic_view(step.seat), decisions, rng)

    def evaluate(self, state: State) -> list[float] | None:
        """Expected returns from the fitted win-chance model
        (`hunt.models.the_hunt.evaluation`); a Battle is played out instead."""
        assert isinstance(state, TheHuntState)
        if state.flow in ("battle", "setup") or state.graf_spee is None:
            return None
        from hunt.models.the_hunt.evaluation import german_win_chance
        german = 2 * german_win_chance(state) - 1
        return [german, -german]

    def steps(self, a: str, b: str) -> int:
        """Hexes between `a` and `b` along the map."""
        return self.distance[a][b]


class TheHuntState(StepState[HuntAction]):
    """A position of The Hunt."""

    game: TheHuntGame
    step_kinds: ClassVar[Mapping[str, Role]] = {
        "place-graf-spee": DECIDE, "place-altmark": DECIDE, "card": DECIDE,
        "actions": DECIDE, "boost": DECIDE, "redraw-choice": DECIDE, "hint": DECIDE,
        "window": DECIDE, "choose": DECIDE, "duel": DECIDE,
        "draw": CHANCE_STEP, "draw-freight": CHANCE_STEP, "roll": CHANCE_STEP,
        "deal": AUTO_STEP, "redraw": AUTO_STEP, "announce": AUTO_STEP,
        "freight-phase": AUTO_STEP, "resolve": AUTO_STEP, "cancelled": AUTO_STEP,
        "battle": AUTO_STEP, "duel-start": AUTO_STEP, "duel-result": AUTO_STEP}
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
        self.log: list[str] = []
        """Public events of the current and last turn, in words."""
        self._tracked: tuple[int, dict[str, float]] | None = None
        """The British belief (see `belief`) and how many British views it covers."""
        self._reset_turn()
        self.stack = [Step("draw-freight", CHANCE, (1,)), Step("draw-freight", CHANCE, (2,)),
                      Step("deal"), Step("place-graf-spee", GERMAN),
                      Step("place-altmark", GERMAN)]
        self.stack.reverse()
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

    def hex_of_freighter(self, freighter: str) -> str:
        """The hex a Freight Ship at sea is on."""
        return self.game.freighters[freighter].route[self.at_sea[freighter]]

    def freighters_on(self, hex_id: str) -> list[str]:
        """The Freight Ships on `hex_id`."""
        return sorted(f for f in self.at_sea if self.hex_of_freighter(f) == hex_id)

    def _card(self, card_id: str) -> HuntCard:
        return self.game.cards[card_id]

    def _say(self, text: str) -> None:
        self.log.append(text)

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

    def action_to_string(self, action: Action) -> str:
        assert isinstance(action, HuntAction)
        return action.text()

    def string_to_action(self, text: str) -> Action:
        """Read a typed action (see `hunt.models.the_hunt.actions`); only legal ones."""
        action = parse_action(text)
        if action is not None and action in self.legal_actions():
            return action
        return super().string_to_action(text)  # raises, naming what is legal

    @property
    def graf_spee_hex(self) -> str | None:
        """The true hex of the Graf Spee (for tests and analysis only)."""
        return self.graf_spee

    # -- the flow ----------------------------------------------------------------------

    def _resolve_unasked(self, step: Step) -> bool:
        """Drop a draw into a full hand (or from an empty deck and discards), and a
        decision with no choice, with what that implies."""
        if step.seat == CHANCE and step.kind == "draw" and not self._can_draw(step):
            self.stack.pop()
            return True
        if step.seat >= 0 and not self._decisions(step):
            self.stack.pop()  # nothing to decide (e.g. no legal hex for a hint)
            if step.kind == "hint":
                self._no_hint()
            if step.kind == "boost":  # no AP or no card for Intelligence: roll
                self._push(Step("roll", CHANCE, step.data))
            return True
        return False

    def _next_phase(self) -> None:
        flow = self.flow
        if flow in ("setup", "british-redraw"):
            self.flow, self.active = "german-card", GERMAN
            self.turn += 1
            self._reset_turn()
            self.log = self.log[-12:]
            self._push(Step("card", GERMAN))
        elif flow == "german-card":
            self.flow = "german-redraw"
            self._push(Step("redraw"))
        elif flow == "german-redraw":
            self.flow, self.active = "british-freight", BRITISH
            self.turn += 1
            self._reset_turn()
            self._push(Step("freight-phase"))
        elif flow == "british-freight":
            self.flow = "british-card"
            self._push(Step("card", BRITISH))
        elif flow == "british-card":
            self.flow = "british-redraw"
            self._push(Step("draw", CHANCE, (BRITISH, self.game.rules["hand_size_british"])))
        else:  # pragma: no cover - every flow is handled above
            raise AssertionError(flow)

    def _finish(self, winner: int, how: str) -> None:
        self.winner = winner
        self.how = how
        self.flow = "over"
        self.over = True
        self.stack = []
        self._say(f"Game over: {how}.")
        self._see_all(("over", winner, how))

    # -- decisions ---------------------------------------------------------------------

    @legal("place-graf-spee")
    def _legal_place_graf_spee(self, step: Step) -> list[HuntAction]:
        return [HuntAction("start", hex=h) for h in self.game.hexes]

    @legal("place-altmark")
    def _legal_place_altmark(self, step: Step) -> list[HuntAction]:
        return [HuntAction("altmark", hex=h) for h in self.game.hexes]

    @legal("card")
    def _legal_card(self, step: Step) -> list[HuntAction]:
        seat = step.seat
        actions = []
        for card_id in sorted(set(self.hands[seat])):
            actions.append(HuntAction("play", card_id, hex="ap"))
            card = self._card(card_id)
            if card.event == "hunt" and self._event_usable(seat, card.effect):
                actions.append(HuntAction("play", card_id, hex="event"))
        return actions

    @legal("actions")
    def _legal_actions(self, step: Step) -> list[HuntAction]:
        return self._german_actions() if step.seat == GERMAN else self._british_actions()

    def _german_actions(self) -> list[HuntAction]:
        game, actions = self.game, [END]
        gs = self.graf_spee
        assert gs is not None and self.altmark is not None
        gs_may_move = not self.gs_moved_after_attack if self.attacked else self.gs_moves == 0
        for steps, cost in AP_FOR_STEPS.items():
            if cost > self.ap:
                continue
            if gs_may_move:
                actions += game.moves["graf-spee", gs, steps]
            if not self.altmark_moved:
                actions += game.moves["altmark", self.altmark, steps]
        if self.ap >= ATTACK_AP and not self.attacked and not self.no_searches:
            for freighter in self.freighters_on(gs):
                actions.append(HuntAction("attack", freighter))
                if self.plane == "ready":
                    actions.append(HuntAction("attack", freighter, 1))
        if self.ap >= game.tracks.repair_cost and self.plane == "broken":
            actions.append(HuntAction("repair"))
        return actions

    def _british_actions(self) -> list[HuntAction]:
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
                actions.append(HuntAction("search", force))
        if self.ap >= 1:
            for card_id in sorted(set(self.hands[BRITISH])):
                if self._card(card_id).intelligence != "none":
                    actions.append(HuntAction("intel", card_id))
        if self.ap >= game.tracks.advance_cost and not self.advanced:
            actions += [HuntAction("advance", force) for force in sorted(self.strategy)]
        return actions

    @legal("boost")
    def _legal_boost(self, step: Step) -> list[HuntAction]:
        """Intelligence between a search's declaration and its roll (1 AP a card), or
        `pass` to roll. Open whenever the British hold a card and an AP (both public),
        whether or not a card has an Intelligence stripe."""
        if self.ap < 1 or not self.hands[BRITISH]:
            return []
        return [PASS, *(HuntAction("intel", card) for card in sorted(set(self.hands[BRITISH]))
                        if self._card(card).intelligence != "none")]

    @legal("redraw-choice")
    def _legal_redraw_choice(self, step: Step) -> list[HuntAction]:
        held = len(self.hands[GERMAN])
        rules = self.game.rules
        low = max(held, rules["hand_size_german"])
        high = rules["hand_size_german_altmark"] if self._near_altmark() else low
        return [HuntAction("redraw", n=n) for n in range(low, high + 1)]

    @legal("hint")
    def _legal_hint(self, step: Step) -> list[HuntAction]:
        if len(self.hints) >= MAX_HINTS or self.graf_spee is None:
            return []
        return [HuntAction("hint", hex=h) for h in sorted(self.game.ball[self.graf_spee][1])
                if h not in self.hints and h != self.altmark]

    @legal("window")
    def _legal_window(self, step: Step) -> list[HuntAction]:
        # The window opens whenever the seat holds a card (hand sizes are public), not
        # only when it holds a matching reaction: whose turn it is must not tell the
        # other side what is in the hand. Without a matching card it may only pass.
        if not self.hands[step.seat]:
            return []
        effect = step.data[0]
        cards = sorted({c for c in self.hands[step.seat] if self._card(c).effect == effect
                        and self._card(c).event == "reaction"})
        return [PASS, *(HuntAction("react", card) for card in cards)]

    @legal("choose")
    def _legal_choose(self, step: Step) -> list[HuntAction]:
        effect = step.data[0]
        if effect == "move-enemy-force":
            return [HuntAction("shift", force, hex=h) for force, where in self.forces.items()
                    if where is not None for h in sorted(self.game.ball[where][2]) if h != where]
        if effect == "false-hint":
            assert self.graf_spee is not None
            return [HuntAction("hint", hex=h) for h in self._false_hint_hexes(self.graf_spee)]
        if effect == "advance-freighter":
            return [HuntAction("convoy", f) for f in sorted(self.at_sea)]
        if effect == "proximity-query":
            return [HuntAction("query", hex=h) for h in self.game.hexes]
        if effect == "strategy-advance":
            return [HuntAction("advance", force) for force in sorted(self.strategy)]
        if effect == "free-attack":
            assert self.graf_spee is not None
            return [HuntAction("attack", f, plane) for f in self.freighters_on(self.graf_spee)
                    for plane in ((0, 1) if self.plane == "ready" else (0,))]
        raise AssertionError(effect)

    @legal("duel")
    def _legal_duel(self, step: Step) -> list[HuntAction]:
        hand = self.hands[step.seat]
        return [HuntAction("duel", card) for card in sorted(set(hand))] or \
            [HuntAction("duel", "none")]

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

    def _false_hint_hexes(self, gs: str) -> list[str]:
        """Where a false Hint may go with the Graf Spee on `gs`: 3 or more hexes away,
        not on a hint or the Altmark."""
        return [h for h in self.game.hexes if self.game.steps(gs, h) >= 3
                and h not in self.hints and h != self.altmark]

    def _near_altmark(self) -> bool:
        assert self.graf_spee is not None and self.altmark is not None
        return self.game.steps(self.graf_spee, self.altmark) <= 1

    # -- applying decisions ------------------------------------------------------------

    @effect("place-graf-spee")
    def _do_place_graf_spee(self, step: Step, action: HuntAction) -> None:
        self.graf_spee = action.hex
        self._see(GERMAN, ("start", action.hex))
        self._see(BRITISH, ("graf spee placed",))

    @effect("place-altmark")
    def _do_place_altmark(self, step: Step, action: HuntAction) -> None:
        self.altmark = action.hex
        self._see_all(("altmark", action.hex))
        self._say(f"The Altmark is placed on {action.hex}.")

    @effect("card")
    def _do_card(self, step: Step, action: HuntAction) -> None:
        seat, card_id, mode = step.seat, action.arg, action.hex
        card = self._card(card_id)
        self.hands[seat].remove(card_id)
        self._forget_known(seat, card_id)
        self._see_all(("play", seat, card_id, mode))
        if mode == "event" and seat == GERMAN:
            # The event was legal, so the British learn where it could be played from.
            self.possible = frozenset(h for h in self.possible
                                      if self.event_usable_from(card.effect, h))
        if mode == "event":
            self._say(f"The {SIDES[seat].capitalize()} play {card.name} for its event.")
            steps = [Step("window", 1 - seat, ("cancel-event",)),
                     Step("resolve", AUTO, (seat, card_id, None))]
            if card.effect == "free-searches":
                steps.append(Step("actions", seat))
            self._push(*steps)
            return
        self.ap = card.ap
        if seat == GERMAN:
            self.ap += self.reserve
            self.reserve = 0
        self._say(f"The {SIDES[seat].capitalize()} play {card.name} for {card.ap} AP.")
        self._discard(seat, card_id)
        steps = [Step("actions", seat)]
        if card.event == "mandatory":
            self._say(f"Mandatory event: {card.text}")
            steps[:0] = [Step("window", 1 - seat, ("cancel-event",)),
                         Step("resolve", AUTO, (seat, card_id, "mandatory"))]
        self._push(*steps)

    @effect("actions")
    def _do_actions(self, step: Step, action: HuntAction) -> None:
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
                    self._say(f"The German store {stored} AP in the Reserve "
                              f"({self.reserve} now).")
            self.ap = 0
            return
        self._push(Step("actions", seat))  # more actions may follow
        if action.verb == "move":
            self.ap -= action.n
            self._move(seat, action)
        elif action.verb == "attack":
            self.ap -= ATTACK_AP
            self._begin_attack(action, bonus=0)
        elif action.verb == "repair":
            self.ap -= self.game.tracks.repair_cost
            self._see_all(("repair",))
            self._say("The German try to repair the airplane.")
            self._push(Step("roll", CHANCE, ("repair",)))
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

    def _move(self, seat: int, action: HuntAction) -> None:
        steps = STEPS_FOR_AP[action.n]
        if seat == BRITISH:
            self.forces[action.arg] = action.hex
            self.moved.add(action.arg)
            self._see_all(("move", action.arg, action.n, action.hex))
            self._say(f"Force {action.arg} moves to {action.hex} ({action.n} AP).")
        elif action.arg == "altmark":
            self.altmark = action.hex
            self.altmark_moved = True
            self._see_all(("move", "altmark", action.n, action.hex))
            self._say(f"The Altmark moves to {action.hex} ({action.n} AP).")
        else:
            self.graf_spee = action.hex
            self.gs_moves += 1
            self.gs_moved_after_attack = self.attacked
            self._see(GERMAN, ("move", "graf-spee", action.n, action.hex))
            self._see(BRITISH, ("graf spee moved", action.n))
            self._say(f"The Graf Spee moves: {action.n} AP spent.")
            self.possible = frozenset().union(*(self.game.ball[h][steps] for h in self.possible))
            if self.hints:
                self._say("The Hint markers are removed.")
                self.hints = []

    def _reveal(self, hex_id: str) -> None:
        self.possible = frozenset((hex_id,))
        self._see_all(("revealed", hex_id))
        self._say(f"The Graf Spee is revealed on {hex_id}.")

    def _begin_attack(self, action: HuntAction, bonus: int) -> None:
        assert self.graf_spee is not None
        self.attacked = True
        self._reveal(self.graf_spee)
        if action.n:
            self.plane = "broken"
        self._see_all(("attack", action.arg, action.n))
        self._say(f"The Graf Spee attacks Freight Ship {action.arg}"
                  + (" with the airplane (+2)." if action.n else "."))
        total = bonus + self.roll_bonus + (self.game.tracks.attack_bonus if action.n else 0)
        self._push(Step("window", BRITISH, ("cancel-roll",)),
                   Step("roll", CHANCE, ("attack", action.arg, total)))

    def _begin_search(self, force: str) -> None:
        where = self.forces[force]
        assert where is not None
        self.searched.add(force)
        self._see_all(("search", force, where))
        self._say(f"Force {force} searches {where}.")
        # Example 7: the search is declared, then (the German not cancelling it) the
        # British may add Intelligence before its die is rolled.
        self._push(Step("window", GERMAN, ("cancel-roll",)),
                   Step("boost", BRITISH, ("search", force, where)))

    def _intelligence(self, card_id: str) -> None:
        card = self._card(card_id)
        self.hands[BRITISH].remove(card_id)
        self._forget_known(BRITISH, card_id)
        self._discard(BRITISH, card_id)
        self._see_all(("intel", card_id))
        self._say(f"Intelligence: {card.name} ({card.intelligence}).")
        if card.intelligence in ("plus-one", "both"):
            self.search_bonus += 1
        steps = [Step("hint", GERMAN)] if card.intelligence in ("hint", "both") else []
        if card.event == "mandatory":
            # Played in the Hunt phase, whatever for: its event is forced (the
            # rulebook's one exception is the Battle), as for a card played for AP.
            self._say(f"Mandatory event: {card.text}")
            steps[:0] = [Step("window", GERMAN, ("cancel-event",)),
                         Step("resolve", AUTO, (BRITISH, card_id, "mandatory"))]
        self._push(*steps)

    def _advance_strategy(self, force: str) -> None:
        space = self.strategy[force] + 1
        if space > self.game.tracks.strategy_spaces:
            del self.strategy[force]
            self.forces[force] = self.game.tracks.entry_hex
            self._say(f"Force {force} enters the map on {self.game.tracks.entry_hex}.")
        else:
            self.strategy[force] = space
            self._say(f"Force {force} advances to Strategy space {space}.")
        self._see_all(("advance", force))

    @effect("boost")
    def _do_boost(self, step: Step, action: HuntAction) -> None:
        if action == PASS:
            self._see_all(("pass", BRITISH))
            self._push(Step("roll", CHANCE, step.data))
            return
        self.ap -= 1
        self._push(step)  # more Intelligence may follow, after what this one sets off
        self._intelligence(action.arg)

    @effect("redraw-choice")
    def _do_redraw_choice(self, step: Step, action: HuntAction) -> None:
        # The size is said as the German starts to draw: the British count the cards
        # drawn and hear the size announced after them anyway, and a size kept secret
        # until then would leave them unsure whether another draw comes (whose turn it
        # is) only where the German chose to draw beyond 3. Stopping at 3 beside the
        # Altmark looks the same as having no choice.
        self._see_all(("redraw", action.n))
        self._push(Step("draw", CHANCE, (GERMAN, action.n)),
                   Step("announce", AUTO, (len(self.hands[GERMAN]),)))

    def _no_hint(self) -> None:
        """An Intelligence hint the German cannot place: it says so, which tells the
        British (unless the box is empty) that every hex next to the Graf Spee already
        holds a hint or the Altmark."""
        self._see_all(("no hint",))
        if len(self.hints) >= MAX_HINTS:
            self._say("No Hint marker is left to place.")
            return
        self._say("The German cannot place a Hint marker.")
        blocked = {*self.hints, self.altmark}
        self.possible = frozenset(h for h in self.possible
                                  if self.game.ball[h][1] <= blocked)

    @effect("hint")
    def _do_hint(self, step: Step, action: HuntAction) -> None:
        self.hints.append(action.hex)
        self.hints.sort()
        self.possible &= self.game.ball[action.hex][1]
        self._see_all(("hint", action.hex))
        self._say(f"A Hint marker is placed on {action.hex}.")

    @effect("window")
    def _do_window(self, step: Step, action: HuntAction) -> None:
        seat = step.seat
        if action == PASS:
            self._see_all(("pass", seat))  # at the table: "no reaction", said aloud
            return
        card_id = action.arg
        card = self._card(card_id)
        self.hands[seat].remove(card_id)
        self._forget_known(seat, card_id)
        self._see_all(("react", seat, card_id))
        self._say(f"The {SIDES[seat].capitalize()} react with {card.name}.")
        # The reaction's target is the step it cancels: the one now on top.
        target = len(self.stack) - 1
        self._push(Step("window", 1 - seat, ("cancel-event",)),
                   Step("resolve", AUTO, (seat, card_id, target)))

    @effect("choose")
    def _do_choose(self, step: Step, action: HuntAction) -> None:
        effect = step.data[0]
        self._see_all(("choose", action))
        if effect == "move-enemy-force":
            self.forces[action.arg] = action.hex
            self._say(f"Force {action.arg} is drawn away to {action.hex}.")
        elif effect == "false-hint":
            self.hints.append(action.hex)
            self.hints.sort()
            self.possible -= self.game.ball[action.hex][2]
            self._say(f"A false Hint marker is placed on {action.hex}: the Graf Spee is at "
                      "least 3 hexes away from it.")
        elif effect == "advance-freighter":
            self._say(f"Freight Ship {action.arg} sails one hex further.")
            self._sail(action.arg)
        elif effect == "proximity-query":
            assert self.graf_spee is not None
            near = self.game.steps(self.graf_spee, action.hex) <= 2
            area = self.game.ball[action.hex][2]
            self.possible = self.possible & area if near else self.possible - area
            self._see_all(("answer", action.hex, near))
            self._say(f"Is the Graf Spee within 2 hexes of {action.hex}? "
                      + ("Yes." if near else "No."))
        elif effect == "strategy-advance":
            self._advance_strategy(action.arg)
        elif effect == "free-attack":
            self._begin_attack(action, bonus=1)

    @effect("duel")
    def _do_duel(self, step: Step, action: HuntAction) -> None:
        seat = step.seat
        card = action.arg
        if card != "none":
            self.hands[seat].remove(card)
        self.duel_cards[seat] = card
        self._see(seat, ("duel", card))
        if seat == BRITISH:
            self._push(Step("duel-result"))

    # -- chance ------------------------------------------------------------------------

    def _can_draw(self, step: Step) -> bool:
        seat, target = step.data
        if len(self.hands[seat]) >= target:
            return False
        if not sum(self.decks[seat].values()):
            if not sum(self.discards[seat].values()):
                return False
            self.decks[seat] = self.discards[seat]
            self.discards[seat] = Counter()
            self._see_all(("reshuffle", seat))
            self._say(f"The {SIDES[seat].capitalize()} deck is rebuilt from the discards.")
        return True

    @outcomes("draw")
    def _cards_left(self, step: Step) -> list[tuple[Action, float]]:
        deck = self.decks[step.data[0]]
        total = sum(deck.values())
        return [(HuntAction("draw", card), n / total) for card, n in sorted(deck.items()) if n]

    @effect("draw")
    def _do_draw(self, step: Step, action: HuntAction) -> None:
        seat = step.data[0]
        self.decks[seat][action.arg] -= 1
        if not self.decks[seat][action.arg]:
            del self.decks[seat][action.arg]
        self.hands[seat].append(action.arg)
        self.hands[seat].sort()
        self._see(seat, ("drew", action.arg))
        self._see(1 - seat, ("opponent drew",))
        self.stack.append(step)  # draw again until the hand is full (see _run)

    @outcomes("draw-freight")
    def _freighters_left(self, step: Step) -> list[tuple[Action, float]]:
        choices = self._freighter_choices(step.data[0] == 2 and self.flow == "setup")
        return [(HuntAction("freighter", f), 1 / len(choices)) for f in choices]

    @effect("draw-freight")
    def _do_draw_freight(self, step: Step, action: HuntAction) -> None:
        freighter = self.game.freighters[action.arg]
        self.bag.remove(action.arg)
        self.at_sea[action.arg] = 0
        self._see_all(("freighter", action.arg))
        self._say(f"Freight Ship {freighter.name} ({action.arg}) sets out from "
                  f"{freighter.start}.")

    @outcomes("roll")
    def _die(self, step: Step) -> list[tuple[Action, float]]:
        return [(HuntAction("roll", n=face), 1 / 6) for face in DIE]

    @effect("roll")
    def _do_roll(self, step: Step, action: HuntAction) -> None:
        purpose, face = step.data[0], action.n
        self._see_all(("roll", purpose, face))
        if purpose == "repair":
            removed = sum(self.removed[GERMAN].values())
            self.plane = "ready" if face + self.roll_bonus > removed else "destroyed"
            self._say(f"Repair roll {face} against {removed} cards removed: the airplane "
                      f"is {self.plane}.")
        elif purpose == "attack":
            freighter, bonus = step.data[1], step.data[2]
            if face + bonus >= self.game.rules["attack_success"]:
                del self.at_sea[freighter]
                self.sunk.append(freighter)
                self._say(f"Attack roll {face}+{bonus}: Freight Ship {freighter} is sunk.")
                if len(self.sunk) >= self.game.rules["freighters_to_win"]:
                    self._finish(GERMAN, "the German sank 5 Freight Ships")
            else:
                self._say(f"Attack roll {face}+{bonus}: Freight Ship {freighter} escapes.")
        else:
            where = step.data[2]
            bonus = self.search_bonus + self.roll_bonus
            if face + bonus < self.game.rules["search_success"]:
                self._say(f"Search roll {face}+{bonus} fails: nothing is learnt.")
                return
            if where == self.graf_spee:
                self._say(f"Search roll {face}+{bonus} succeeds on {where}...")
                # Everyone saw the roll succeed on this hex, so the Graf Spee is there
                # for all to know, before the German may answer with a disguise.
                self._reveal(where)
                self._push(Step("window", GERMAN, ("disguise",)),
                           Step("battle", AUTO, (where,)))
            else:
                self.possible -= {where}
                self._see_all(("not here", where))
                self._say(f"Search roll {face}+{bonus} succeeds: the Graf Spee is not on "
                          f"{where}.")

    # -- automatic steps ---------------------------------------------------------------

    @auto("deal")
    def _auto_deal(self, step: Step) -> None:
        hand = self.game.rules["hand_size_british"]
        self._push(Step("draw", CHANCE, (GERMAN, hand)), Step("draw", CHANCE, (BRITISH, hand)))

    @auto("redraw")
    def _auto_redraw(self, step: Step) -> None:
        """To 3 cards; within 1 hex of the Altmark the German may choose up to 5. The
        German names the size it draws to wherever the Graf Spee is (with one choice
        away from the Altmark): a choice asked only beside the Altmark would tell the
        British where the raider is by whose turn it is."""
        if len(self.hands[GERMAN]) >= self.game.rules["hand_size_german_altmark"]:
            self._push(Step("announce", AUTO, (len(self.hands[GERMAN]),)))
        else:
            self._push(Step("redraw-choice", GERMAN))

    @auto("announce")
    def _auto_announce(self, step: Step) -> None:
        before = step.data[0]
        size = len(self.hands[GERMAN])
        self._see_all(("hand size", size, before))
        self._say(f"The German hold {size} cards.")
        if size > self.game.rules["hand_size_german"] and size > before:
            assert self.altmark is not None
            self.possible &= self.game.ball[self.altmark][1]

    @auto("freight-phase")
    def _auto_freight_phase(self, step: Step) -> None:
        for freighter in sorted(self.at_sea):
            self._sail(freighter)
            if self.flow == "over":
                return
        missing = self.game.rules["freighters_on_map"] - len(self.at_sea)
        self._push(*(Step("draw-freight", CHANCE, (0,))
                     for _ in range(min(missing, len(self.bag)))))

    def _sail(self, freighter: str) -> None:
        """One hex along the route; from the entry hex into the destination box."""
        route = self.game.freighters[freighter].route
        index = self.at_sea[freighter]
        if index == len(route) - 1:
            del self.at_sea[freighter]
            self.delivered.append(freighter)
            self._say(f"Freight Ship {freighter} reaches "
                      f"{self.game.board.destinations[self.game.freighters[freighter].destination].name}.")
            if len(self.delivered) >= self.game.rules["freighters_to_win"]:
                self._finish(BRITISH, "the British delivered 5 Freight Ships")
        else:
            self.at_sea[freighter] = index + 1

    @auto("resolve")
    def _auto_resolve(self, step: Step) -> None:
        seat, card_id, target = step.data
        card = self._card(card_id)
        self._see_all(("event", seat, card_id))  # everyone sees it take effect
        if target == "mandatory":
            self._effect(seat, card)
            return
        if card.removed_after_event:
            self.removed[seat][card_id] += 1
        else:
            self._discard(seat, card_id)
        if target is None:
            self._effect(seat, card)
            return
        cancelled = self.stack[target]
        self._say(f"{card.name} cancels the {cancelled.kind}.")
        self.stack[target] = Step("cancelled", AUTO, (cancelled,))

    @auto("cancelled")
    def _auto_cancelled(self, step: Step) -> None:
        original = step.data[0]
        self._see_all(("cancelled", original.kind))
        if original.kind == "battle":  # the search found it: it stays revealed
            self._say("The Graf Spee passes for a neutral ship: no Battle.")
        if original.kind == "resolve" and original.data[2] != "mandatory":
            seat, card_id, _ = original.data  # a cancelled event: its card is discarded
            self._discard(seat, card_id)

    @auto("battle")
    def _auto_battle(self, step: Step) -> None:
        where = step.data[0]  # revealed when the search succeeded
        self.flow = "battle"
        self.battle_forces = tuple(f for f, h in sorted(self.forces.items()) if h == where)
        self._say(f"Battle on {where}! Forces present: {', '.join(self.battle_forces)}.")
        size = self.game.rules["battle_hand_size"]
        self.stack = []
        self._push(Step("draw", CHANCE, (GERMAN, size)), Step("draw", CHANCE, (BRITISH, size)),
                   Step("duel-start"))

    @auto("duel-start")
    def _auto_duel_start(self, step: Step) -> None:
        self.duel += 1
        self.duel_cards = [None, None]
        self._push(Step("duel", GERMAN), Step("duel", BRITISH))

    @auto("duel-result")
    def _auto_duel_result(self, step: Step) -> None:
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
        self._say(f"Duel {self.duel}: German {german} ({values[0]:g}) against British "
                  f"{british} ({values[1]:g}); damage German {self.damage[0]}, British "
                  f"{self.damage[1]}.")
        for seat in (GERMAN, BRITISH):
            if effects[seat] == "see-hand":
                other = 1 - seat
                self.known_hand[seat] = Counter(self.hands[other])
                self._see(seat, ("seen hand", tuple(self.hands[other])))
        duels = self.game.rules["duels"]
        if self.duel == duels and {german, british} == {"montevideo", "scuttling"}:
            self._finish(BRITISH, "Montevideo: the Graf Spee is scuttled")
        elif self.duel == duels:
            winner = GERMAN if self.damage[GERMAN] < self.damage[BRITISH] else BRITISH
            self._say(f"The Battle ends with damage German {self.damage[GERMAN]}, British "
                      f"{self.damage[BRITISH]}.")
            self._finish(winner, f"the {SIDES[winner].capitalize()} won the Battle")
        else:
            self._push(Step("duel-start"))

    def _duel_value(self, seat: int, card_id: str) -> float:
        if card_id == "none":
            return 0.0
        card = self._card(card_id)
        value: float = card.ap
        if card.effect == "battle-plus-one" or (card.effect == "plus-one-with-g"
                                                 and "G" in self.battle_forces):
            value += 1
        if self.radar[seat]:
            value += 1
            self.radar[seat] -= 1
        if seat == BRITISH:
            value += sum(self.game.force_bonus[force] for force in self.battle_forces)
        return value

    # -- events ------------------------------------------------------------------------

    def _effect(self, seat: int, card: HuntCard) -> None:
        """Carry out a card's event for `seat` (a choice becomes a `choose` step)."""
        effect = card.effect
        if effect == "roll-bonus":  # the die bonus, and the card's AP to roll with
            self.roll_bonus = 1
            self.ap = card.ap
            self._push(Step("actions", seat))
        elif effect == "opponent-draws":
            other = 1 - seat
            self._push(Step("draw", CHANCE, (other, len(self.hands[other]) + 1)))
        elif effect == "no-searches":
            self.no_searches = True
        elif effect == "clear-hints":
            self.hints = []
        elif effect == "break-plane":
            if self.plane == "ready":
                self.plane = "broken"
        elif effect == "free-searches":
            self.free_searches = True
        elif effect in ("move-enemy-force", "false-hint", "advance-freighter",
                        "proximity-query", "strategy-advance", "free-attack"):
            if self._event_usable(seat, effect):
                self._push(Step("choose", seat, (effect,)))
        else:  # reactions and Battle events never resolve here
            raise AssertionError(effect)

    def _discard(self, seat: int, card_id: str) -> None:
        self.discards[seat][card_id] += 1

    def _forget_known(self, seat: int, card_id: str) -> None:
        known = self.known_hand[1 - seat]
        if known[card_id]:
            known[card_id] -= 1

    # -- views -------------------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        game = self.game
        opponent = 1 - player
        acting = self.current_player()
        step = self.stack[-1] if self.stack else None
        return {
            "game": "the-hunt", "seat": SIDES[player], "variant": game.variant,
            "turn": self.turn, "phase": self.flow,
            # Only the seat to act learns what is asked of it (a reaction window must
            # not show that the other side holds a reaction card).
            "to_move": "you" if acting == player else
            ("nobody" if acting == TERMINAL else "waiting"),
            "step": step.kind if step and acting == player else None,
            "step_data": [x for x in step.data if isinstance(x, str)]
            if step and acting == player else [],
            "hand": list(self.hands[player]),
            "opponent_hand_size": len(self.hands[opponent]),
            "known_opponent_cards": sorted(self.known_hand[player].elements()),
            "decks": [sum(deck.values()) for deck in self.decks],
            "discards": [sorted(pile.elements()) for pile in self.discards],
            "removed": [sorted(pile.elements()) for pile in self.removed],
            "graf_spee": self.graf_spee if player == GERMAN else
            (next(iter(self.possible)) if len(self.possible) == 1 else None),
            "possible": sorted(self.possible),
            "altmark": self.altmark,
            "forces": dict(self.forces),
            "strategy": dict(self.strategy),
            "plane": self.plane, "reserve": self.reserve, "ap": self.ap,
            "freighters": {f: {"hex": self.hex_of_freighter(f),
                               "destination": game.freighters[f].destination}
                           for f in sorted(self.at_sea)},
            "bag": len(self.bag), "sunk": list(self.sunk), "delivered": list(self.delivered),
            "hints": list(self.hints),
            "turn_state": {"gs_moves": self.gs_moves if player == GERMAN else None,
                           "attacked": self.attacked, "moved": sorted(self.moved),
                           "searched": sorted(self.searched), "search_bonus":
                           self.search_bonus, "storm": self.no_searches},
            "battle": None if self.flow != "battle" and not self.battle_forces else {
                "forces": list(self.battle_forces), "duel": self.duel,
                "damage": {"german": self.damage[0], "british": self.damage[1]},
                "my_card": self.duel_cards[player]},
            "log": list(self.log[-12:]),
            "result": None if self.winner is None else
            {"winner": SIDES[self.winner], "how": self.how},
        }

    def heuristic_view(self, player: int) -> dict[str, Any]:
        """The part of `observation(player)` the heuristics read, cheaply.

        `possible` is a set here (the heuristics only take minima, sums and sizes of it,
        which do not depend on its order)."""
        game = self.game
        return {
            "seat": SIDES[player],
            "graf_spee": self.graf_spee if player == GERMAN else None,
            "possible": self.possible, "altmark": self.altmark, "forces": self.forces,
            "strategy": self.strategy, "ap": self.ap,
            "freighters": {f: {"hex": game.freighters[f].route[i]}
                           for f, i in self.at_sea.items()},
            "turn_state": {"gs_moves": self.gs_moves if player == GERMAN else None,
                           "search_bonus": self.search_bonus},
            "removed": [list(self.removed[GERMAN].elements()), []],
            "discards": [list(self.discards[GERMAN].elements()), []],
            "hand": self.hands[player],
            "battle": {"duel": self.duel} if self.flow == "battle" else None,
        }

    def determinize(self, player: int, rng: random.Random, prior: Any = None) -> TheHuntState:
        """Redeal what `player` cannot see: the other side's hand (beyond the cards it
        has seen), and for the British the Graf Spee's hex among the possible ones,
        weighted by `prior` (hex -> weight) when given. A Battle card the German has
        chosen but not yet shown is redrawn from the sampled hand."""
        world = self._sampled_copy(player)
        if player == BRITISH:
            self.belief(BRITISH)  # the sample answers `belief` as this state does
            world._tracked = self._tracked
        other = 1 - player
        known = self.known_hand[player]
        unseen = Counter(self.game.deck_lists[other]) - self.discards[other] \
            - self.removed[other] - self._cards_in_play(other) - known
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        top = self.stack[-1] if self.stack else None
        pending = self.duel_cards[other] not in (None, "none")
        # Cards the other side holds (and a Battle card it chose but has not shown).
        hidden = len(self.hands[other]) + pending - sum(known.values())
        held = sorted([*pool[:hidden], *known.elements()])
        world.decks[other] = Counter(pool[hidden:])
        if pending:
            world.duel_cards[other] = held.pop(rng.randrange(len(held)))
        world.hands[other] = held
        if player == BRITISH and self.graf_spee is not None:
            hexes = sorted(self.possible)
            redrawing = top is not None and top.kind == "draw" and top.data[0] == GERMAN \
                and self.flow == "german-redraw"
            before: int = self.stack[-2].data[0] if redrawing else 0
            rules = self.game.rules
            if redrawing and top is not None \
                    and top.data[1] > max(before, rules["hand_size_german"]):
                # The German draws beyond 3 cards: it had the choice, beside the Altmark.
                assert self.altmark is not None
                hexes = [h for h in hexes if self.game.steps(h, self.altmark) <= 1]
            elif top is not None and top.seat == GERMAN:
                # A German choice is pending (a hint, an event's target): only hexes
                # from which it has a legal answer, as it had in the real game.
                def answerable(hex_id: str) -> bool:
                    world.graf_spee = hex_id
                    return bool(world._decisions(top))

                hexes = [h for h in hexes if answerable(h)] or hexes
            weights = [float(prior.get(h, 0.0)) for h in hexes] if prior else None
            if weights is not None and sum(weights) <= 0:
                weights = None
            world.graf_spee = rng.choices(hexes, weights=weights)[0]
        return world

    def belief(self, player: int) -> dict[str, float] | None:
        """For the British: the Graf Spee tracker's posterior over its hex (uniform move
        model), replayed from their view and kept until they see more. A sampled world
        has no record to replay: it answers with the belief of the state it was sampled
        from while the British have seen nothing new. The German needs no belief."""
        if player != BRITISH or self.graf_spee is None:
            return None
        seen = self.view_length(BRITISH)
        if self._tracked is not None and self._tracked[0] == seen:
            return self._tracked[1]
        if self._determinized:
            return None
        from hunt.models.the_hunt.tracker import GrafSpeeTracker
        self._tracked = (seen, GrafSpeeTracker.for_seat(self, BRITISH).posterior())
        return self._tracked[1]

    def _cards_in_play(self, seat: int) -> Counter[str]:
        """`seat`'s cards played for an event that has not taken effect yet (public)."""
        cards: Counter[str] = Counter()
        for step in self.stack:
            if step.kind == "cancelled":
                step = step.data[0]
            if step.kind == "resolve" and step.data[0] == seat and step.data[2] != "mandatory":
                cards[step.data[1]] += 1
        return cards

    def _fingerprint(self) -> Hashable:
        return (tuple(self.stack), self.flow, self.turn, self.graf_spee, self.altmark,
                tuple(sorted(self.forces.items(), key=lambda item: item[0])),
                tuple(sorted(self.strategy.items())), self.plane, self.reserve,
                tuple(map(tuple, self.hands)),
                tuple(tuple(sorted(c.items())) for c in
                      (*self.decks, *self.discards, *self.removed, *self.known_hand)),
                tuple(self.bag), tuple(sorted(self.at_sea.items())), tuple(self.sunk),
                tuple(self.delivered), tuple(self.hints), self.possible, tuple(self.damage),
                self.battle_forces, self.duel, tuple(self.duel_cards), tuple(self.radar),
                self.winner, self.ap, self.gs_moves, self.attacked,
                self.gs_moved_after_attack, self.altmark_moved,
                tuple(sorted(self.moved)), tuple(sorted(self.searched)), self.advanced,
                self.search_bonus, self.roll_bonus, self.no_searches, self.free_searches,
                tuple(tuple(view) for view in self._views))
