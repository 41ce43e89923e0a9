"""Hunting Party: the rules (../shared/rules/hunting_party.txt) behind the game contract.

2 to 5 Hunters (seats p1..p5, clockwise). The rules run as a stack of pending steps,
as in The Hunt: the top step says who acts (a seat, or chance) and what is legal;
automatic steps run at once. Components come from `boards/hunting_party/`.

Readings where the rulebook is silent or ambiguous (each one tested by name):
- Restlessness (named once, no text) is Quicksand printed under another name.
- Action cards are dealt from a shuffled deck whose order nobody knows, so each draw
  from it is a chance outcome weighted by the copies left. Discarded and played
  cards go under the deck face up (only Goals and the chosen Action are said to be
  face down), so once the shuffled part runs out the draws come from that pile in
  order, and everyone knows what they are.
- The personal icons go to the live Hunters, the first icon to the First Hunter and
  on clockwise; the dead are out of the party (no turn, no icon, no draws).
- Each personal icon against a Flee ("Flee: Avoids your personal fate", unless the
  icon's own sentence says "regardless of your Action"), whether the Flee is the
  Action or played from the hand at personal fate resolution (that Flee makes the
  Hunter's Action a Flee in effect: "if you planned to Camp ... but a rhino charges"):
  Animal Attack: avoided ("If you Flee you escape harm but get no trophy");
  Natives: avoided ("Fleeing results in no effect");
  Misfire: avoided (no "regardless": a Hunter who fled fires no shot);
  Opportunity Shot: avoided too (no "regardless": the whole personal fate goes);
  Pitfall: NOT avoided ("Choose and discard a card, regardless of your Action");
  Reload: NOT avoided ("Draw a card, regardless of your Action").
  The Flee window opens for every live Hunter with cards in hand whose personal
  fate would do something, Flee in hand or not (a window opened only for a Flee would
  tell the others the hand holds one); a Flee is offered in it where it avoids the
  fate (never against Pitfall or Reload, where it would be spent for nothing), else
  the Hunter passes, in the open.
- Backtrack and Hunting Accident need to know who shot without bagging the animal,
  so they take effect after the personal fates. A Hunting Accident's victim chooses
  which card to discard (the shooter cannot see it); any live Hunter may be chosen.
- Jungle Fever: every live Hunter chooses a card to reveal without seeing the others'
  choices; the Hunters whose cards match another's discard them and choose again
  among themselves, until no two match; an unmatched card goes back to the hand.
- Vine Bridge: the named card (one copy) goes to the hand, the other revealed cards
  under the deck; a Hunter who does not find it discards 2 cards of their choice.
- Scavengers turns over the top Fate card (it then lies with the discards), and
  only live Hunters lose a matching trophy: a dead Hunter's trophies are with the
  porters ("Your trophies will be brought back by the porters"), out of the party,
  as the dead are for every other party event (Resupply, Quicksand, ...).
- The Fate deck is exhausted when it holds too few cards to reveal the next round
  (one per live Hunter plus one): with 4 or 5 players the Fate discards are then
  shuffled into it once; otherwise, or the second time, the game is over.
- A Hunter who died ends the game at the end of the next round; a First Hunter
  marker passes clockwise to the next live Hunter.
- The bagged animal's Fate card is added to the trophies at the end of the round;
  an unbagged one goes to the Fate discards.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from hunt.boards.hunting_party_data import (
    ACTIONS,
    ANIMALS,
    FateCard,
    Goal,
    Hunter,
    load_hunting_party,
)
from hunt.errors import OptionError
from hunt.models.game import (
    CHANCE,
    Action,
    Game,
    GameInfo,
    Observation,
    State,
    pick_by_count,
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
    effect,
    legal,
    lists,
    outcomes,
)

KINDS = ACTIONS
"""The Action cards by kind index: camp, flee, shoot."""
CAMP, FLEE, SHOOT = range(3)
ROUND_BOUND = 400
"""More actions than any round can take (for `max_game_length`)."""


class PartyAction(NamedTuple):
    """A move of Hunting Party, sorted and hashed as a tuple. Text: "verb arg"."""

    verb: str
    arg: str = ""

    def text(self) -> str:
        """The form a person types, e.g. "play shoot" or "discard fate-07"."""
        return f"{self.verb} {self.arg}" if self.arg else self.verb


FLEE_NOW = PartyAction("flee")
NO_FLEE = PartyAction("pass")
REGARDLESS_OF_ACTION = frozenset({"pitfall", "reload"})
"""Personal icons whose rulebook sentence ends "regardless of your Action": a Flee,
played as the Action or from the hand, does not avoid them."""



def hunter_id(hunter: Hunter) -> str:
    """A Hunter's name as an action argument: "Amelia Thorne" -> "amelia-thorne"."""
    return "-".join(hunter.name.lower().split())


class HuntingPartyGame(Game):
    """Hunting Party for 2 to 5 players. Option: `players` (default 3)."""

    normal_iterations = 600  # about 1 s a move (600 iterations a second)

    def __init__(self, players: int = 3, **unknown: Any) -> None:
        if unknown:
            raise OptionError(f"hunting-party has no option {', '.join(sorted(unknown))}; "
                              "accepted: players")
        components = load_hunting_party()
        low, high = components.setup["players"]
        if type(players) is not int or not low <= players <= high:
            raise OptionError(f"players must be a whole number from {low} to {high}")
        super().__init__({"players": players})
        self.components = components
        self.players = players
        self.rules = components.setup
        self.deck_counts = tuple(components.action_deck[kind] for kind in KINDS)
        self.fate: dict[str, FateCard] = {card.id: card for card in components.fate}
        self.hunters: dict[str, Hunter] = {hunter_id(h): h for h in components.hunters}
        self.goals: dict[str, Goal] = {goal.id: goal for goal in components.goals}
        self.card_views = {card.id: {"id": card.id, "event": card.event, "animal": card.animal,
                                     "icons": list(card.icons)} for card in components.fate}
        """Each Fate card as observations show it (shared by heuristic views: read only)."""
        self.seat_names = tuple(f"p{seat + 1}" for seat in range(players))
        passes = self.rules["fate_passes"][str(players)]
        rounds = passes * len(self.fate) // 2 + 2
        self.info = GameInfo(
            name="hunting-party", title="Hunting Party", num_players=players,
            min_players=low, max_players=high, seat_names=self.seat_names,
            max_game_length=200 + rounds * ROUND_BOUND, zero_sum=False)

    def new_initial_state(self, seed: int = 0) -> HuntingPartyState:
        """Before the Hunters are dealt: every deck whole, no hands."""
        return HuntingPartyState(self, seed)

    def heuristic_action(self, observation: Observation, legal_actions: Sequence[Action],
                         rng: random.Random) -> Action:
        """Rules of thumb from `hunt.models.hunting_party.heuristics`."""
        from hunt.models.hunting_party.heuristics import heuristic_action
        return heuristic_action(self, observation, legal_actions, rng)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """The heuristic, from the acting seat's view of the sampled world."""
        assert isinstance(state, HuntingPartyState)
        seat = state.current_player()
        return self.heuristic_action(state.heuristic_view(seat), state.legal_actions(), rng)

    def search_reward(self, state: State) -> list[float]:
        """The returns, plus a little for the lead in points (at most 0.09, less
        than any step between two returns), so playouts tell a near miss from a rout."""
        assert isinstance(state, HuntingPartyState)
        scores = state.scores()
        rewards = state.returns()
        for seat, score in enumerate(scores):
            lead = score - max(s for other, s in enumerate(scores) if other != seat)
            rewards[seat] += max(-0.09, min(0.09, 0.01 * lead))
        return rewards


class HuntingPartyState(StepState[PartyAction]):
    """A position of Hunting Party. Hands and decks are counts per Action kind."""

    game: HuntingPartyGame
    step_kinds: ClassVar[Mapping[str, Role]] = {
        "deal-hunter": CHANCE_STEP, "deal-goal": CHANCE_STEP, "keep-goal": DECIDE,
        "draw": CHANCE_STEP, "first-round": AUTO_STEP, "reveal-fate": CHANCE_STEP,
        "play": DECIDE, "discard-fate": DECIDE, "discard": DECIDE, "flee-window": DECIDE,
        "take-trophy": DECIDE, "name": DECIDE, "jungle": DECIDE, "accident": DECIDE,
        "vine-draw": CHANCE_STEP, "misfire": CHANCE_STEP, "scavenge": CHANCE_STEP,
        "resolve": AUTO_STEP, "party": AUTO_STEP, "jungle-show": AUTO_STEP,
        "personal": AUTO_STEP, "apply-personal": AUTO_STEP, "after-party": AUTO_STEP,
        "vine-settle": AUTO_STEP, "end-round": AUTO_STEP, "close-round": AUTO_STEP}
    copied: ClassVar[Mapping[str, Copier]] = {
        "hunter": list, "goals_dealt": lists, "goal": list, "goal_deck": list,
        "hands": lists, "known": lists, "fresh": list, "returned": list,
        "fate_deck": list, "fate_discards": list, "face_up": list, "trophies": lists,
        "alive": list, "played": list, "secret_play": list, "hit": list, "fled": list,
        "jungle": list, "vine": list, "log": list, "stack": list}

    def __init__(self, game: HuntingPartyGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        n = game.players
        self.hunter: list[str | None] = [None] * n
        self.goals_dealt: list[list[str]] = [[] for _ in range(n)]
        self.goal: list[str | None] = [None] * n
        self.goal_deck = sorted(game.goals)
        """Goals not dealt (one set aside under the deck never comes back)."""
        self.hands = [[0, 0, 0] for _ in range(n)]
        self.known = [[0, 0, 0] for _ in range(n)]
        """Cards everyone knows a Hunter holds (a lower bound, per kind), counting a
        card played face down and not yet revealed as still held."""
        self.fresh = list(game.deck_counts)
        """The shuffled part of the Action deck, per kind (its order nobody knows)."""
        self.returned: list[int] = []
        """Cards put under the deck, face up, in order: drawn after the shuffled part."""
        self.fate_deck = sorted(game.fate)
        self.reshuffles = game.rules["fate_passes"][str(n)] - 1
        """Times the Fate discards may still become the Fate deck."""
        self.fate_discards: list[str] = []
        self.face_up: list[str] = []
        self.trophies: list[list[str]] = [[] for _ in range(n)]
        self.alive = [True] * n
        self.death_round: int | None = None
        self.round = 0
        self.first = 0
        self.played: list[int | None] = [None] * n
        self.secret_play = [0] * n
        """0: no hidden Action; 1: chosen from the hand, face down; 2: the card drawn
        under Ambush, face down (it was never among the known cards)."""
        self.ambush = False
        self.ambush_next = False
        self.event = ""
        self.bagged_by: int | None = None
        self.hit = [False] * n
        self.fled = [False] * n
        self.jungle: list[int | None] = [None] * n
        self.vine: list[int] = []
        self.vine_named = 0
        self.over = False
        self.log: list[str] = []
        self.stack: list[Step] = []
        rules = game.rules
        self._push(*(Step("deal-hunter", CHANCE, (seat,)) for seat in range(n)),
                   *(Step("deal-goal", CHANCE, (seat,)) for seat in range(n)
                     for _ in range(rules["goals_dealt"])),
                   *(Step("keep-goal", seat) for seat in range(n)),
                   *(Step("draw", CHANCE, (seat,)) for seat in range(n)
                     for _ in range(rules["hand"])),
                   Step("first-round"))
        self._run()

    # -- small helpers -----------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.log.append(text)

    def name(self, seat: int) -> str:
        """A seat as the screen names it: "p2 (Cecil Hargreave)"."""
        hunter = self.hunter[seat]
        label = self.game.seat_names[seat]
        return f"{label} ({self.game.hunters[hunter].name})" if hunter else label

    def ability(self, seat: int) -> str:
        """The special ability of the Hunter in `seat` ("" before the deal)."""
        hunter = self.hunter[seat]
        return self.game.hunters[hunter].ability if hunter else ""

    def hand_limit(self, seat: int) -> int:
        """The hand limit of the Hunter in `seat`."""
        hunter = self.hunter[seat]
        assert hunter is not None
        return self.game.hunters[hunter].hand_limit

    def live_order(self) -> list[int]:
        """The live Hunters from the First Hunter clockwise."""
        n = self.game.players
        return [seat for seat in ((self.first + i) % n for i in range(n)) if self.alive[seat]]

    def deck_size(self) -> int:
        """Action cards left to draw."""
        return sum(self.fresh) + len(self.returned)

    # -- chance --------------------------------------------------------------------------

    @outcomes("deal-hunter")
    def _hunters_left(self, step: Step) -> list[tuple[Action, float]]:
        left = [h for h in self.game.hunters if h not in self.hunter]
        return [(PartyAction("hunter", h), 1 / len(left)) for h in sorted(left)]

    @outcomes("deal-goal")
    def _goals_left(self, step: Step) -> list[tuple[Action, float]]:
        return [(PartyAction("goal", g), 1 / len(self.goal_deck)) for g in self.goal_deck]

    @outcomes("reveal-fate", "scavenge")
    def _fate_left(self, step: Step) -> list[tuple[Action, float]]:
        return [(PartyAction("fate", f), 1 / len(self.fate_deck)) for f in self.fate_deck]

    @outcomes("draw", "vine-draw", "misfire")
    def _card_odds(self, step: Step) -> list[tuple[Action, float]]:
        """A draw from the shuffled part of the deck, or a misfire's card from the hand."""
        kind = step.kind
        counts = self.hands[step.data[0]] if kind == "misfire" else self.fresh
        total = sum(counts)
        verb = "misfire" if kind == "misfire" else "draw"
        return [(PartyAction(verb, KINDS[k]), counts[k] / total) for k in range(3) if counts[k]]

    def sample_chance_outcome(self, rng: random.Random) -> Action:
        """Draws by index into the counts, and Fate cards uniformly: the odds of
        `chance_outcomes`, without building them."""
        step = self.stack[-1]
        if step.kind in ("draw", "vine-draw", "misfire"):
            counts = self.hands[step.data[0]] if step.kind == "misfire" else self.fresh
            verb = "misfire" if step.kind == "misfire" else "draw"
            return PartyAction(verb, KINDS[pick_by_count(counts, rng)])
        if step.kind in ("reveal-fate", "scavenge"):
            return PartyAction("fate", rng.choice(self.fate_deck))
        return super().sample_chance_outcome(rng)

    def returns(self) -> list[float]:
        """At the end, 1 shared among the Hunters with the top score; 0 before."""
        n = self.game.players
        if not self.over:
            return [0.0] * n
        scores = self.scores()
        top = max(scores)
        winners = [seat for seat in range(n) if scores[seat] == top]
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(n)]

    def end_reason(self) -> str:
        if not self.over:
            return ""
        if not any(self.alive):
            return "every Hunter died"
        if self.death_round is not None and self.round > self.death_round:
            return "a Hunter died the round before"
        return "the Fate deck ran out"

    def action_to_string(self, action: Action) -> str:
        assert isinstance(action, PartyAction)
        return action.text()

    # -- the flow ------------------------------------------------------------------------

    def _resolve_unasked(self, step: Step) -> bool:
        """Drop a step of the dead, a step with nothing to draw or to choose, and draw
        from under the deck once its shuffled part is gone."""
        target = step.data[0] if step.seat == CHANCE and step.data else step.seat
        if target >= 0 and not self.alive[target]:
            self.stack.pop()  # the dead do nothing more
            return True
        if step.kind in ("draw", "vine-draw") and not any(self.fresh):
            self.stack.pop()
            self._draw_from_bottom(step)
            return True
        if self._nothing_to_do(step):
            self.stack.pop()  # nothing to draw or to choose (e.g. no Fate discards)
            return True
        return False

    def _nothing_to_do(self, step: Step) -> bool:
        """Whether `step` has no outcome or no choice (`_chance` or `_decisions` would
        be empty), answered without building them: `_run` asks at every step."""
        kind = step.kind
        if kind in ("reveal-fate", "scavenge"):
            return not self.fate_deck
        if kind == "deal-goal":
            return not self.goal_deck
        if kind in ("misfire", "play", "discard", "jungle"):
            return not any(self.hands[step.data[0] if kind == "misfire" else step.seat])
        if kind == "discard-fate":
            return len(self.face_up) <= 1
        if kind == "take-trophy":
            return not self.fate_discards
        return False

    @auto("first-round")
    def _auto_first_round(self, step: Step) -> None:
        names = {seat: self.game.hunters[h].name for seat, h in enumerate(self.hunter) if h}
        self.first = min(names, key=lambda seat: names[seat])
        self._say(f"{self.name(self.first)} is the First Hunter (first by name).")
        self._see_all(("first", self.first))
        self._begin_round()

    def _begin_round(self) -> None:
        self.round += 1
        self.ambush, self.ambush_next = self.ambush_next, False
        live = self.live_order()
        self._say(f"Round {self.round}: {self.name(self.first)} is the First Hunter"
                  + (" (Ambush: each plays the card drawn)." if self.ambush else "."))
        self._see_all(("round", self.round, self.first))
        steps = [Step("reveal-fate", CHANCE) for _ in range(len(live) + 1)]
        for seat in live:
            if self.ambush:
                steps.append(Step("draw", CHANCE, (seat, "ambush")))
            else:
                steps += [Step("draw", CHANCE, (seat,)), Step("play", seat)]
            steps.append(Step("discard-fate", seat))
        steps.append(Step("resolve"))
        self._push(*steps)

    # -- chance --------------------------------------------------------------------------

    @effect("deal-hunter")
    def _do_deal_hunter(self, step: Step, action: PartyAction) -> None:
        seat = step.data[0]
        self.hunter[seat] = action.arg
        self._say(f"{self.name(seat)} joins the party.")
        self._see_all(("hunter", seat, action.arg))

    @effect("deal-goal")
    def _do_deal_goal(self, step: Step, action: PartyAction) -> None:
        seat = step.data[0]
        self.goal_deck.remove(action.arg)
        self.goals_dealt[seat].append(action.arg)
        self._see(seat, ("goal", action.arg))
        self._see_others(seat, ("goal dealt", seat))

    @effect("reveal-fate")
    def _do_reveal_fate(self, step: Step, action: PartyAction) -> None:
        self.fate_deck.remove(action.arg)
        self.face_up.append(action.arg)
        self._see_all(("fate", action.arg))

    @effect("draw")
    def _do_draw(self, step: Step, action: PartyAction) -> None:
        seat, kind = step.data[0], KINDS.index(action.arg)
        self.fresh[kind] -= 1
        self.hands[seat][kind] += 1
        self._see(seat, ("drew", kind))
        self._see_others(seat, ("drew", seat))
        if len(step.data) > 1:  # Ambush: the card drawn is the Action, face down
            self._play(seat, kind, secret=2)

    def _draw_from_bottom(self, step: Step) -> None:
        """The shuffled part is gone: the card under it, face up, or none at all."""
        seat = step.data[0]
        if not self.returned:
            self._see_all(("no card", seat))
            if len(step.data) > 1:
                self._push(Step("play", seat))  # Ambush with nothing drawn: choose
            return
        kind = self.returned.pop(0)
        if step.kind == "vine-draw":
            self.vine.append(kind)
            self._see_all(("vine", seat, kind))
            return
        self.hands[seat][kind] += 1
        self.known[seat][kind] += 1
        self._see_all(("drew", seat, kind))
        if len(step.data) > 1:  # Ambush: everyone saw the card, so the Action is known
            self._play(seat, kind, secret=0)
            self.known[seat][kind] -= 1

    @effect("vine-draw")
    def _do_vine_draw(self, step: Step, action: PartyAction) -> None:
        kind = KINDS.index(action.arg)
        self.fresh[kind] -= 1
        self.vine.append(kind)
        self._see_all(("vine", step.data[0], kind))

    @effect("misfire")
    def _do_misfire(self, step: Step, action: PartyAction) -> None:
        seat = step.data[0]
        self._say(f"{self.name(seat)} misfires and loses a {action.arg}.")
        self._lose(seat, KINDS.index(action.arg))

    @effect("scavenge")
    def _do_scavenge(self, step: Step, action: PartyAction) -> None:
        card = self.game.fate[action.arg]
        self.fate_deck.remove(card.id)
        self.fate_discards.append(card.id)
        self._see_all(("scavengers", card.id))
        self._say(f"Scavengers: {card.id} shows the {card.animal}.")
        for seat in self.live_order():  # the porters carry the dead's trophies
            match = next((t for t in self.trophies[seat]
                          if self.game.fate[t].animal == card.animal), None)
            if match is not None:
                self.trophies[seat].remove(match)
                self.fate_discards.append(match)
                self._say(f"{self.name(seat)} loses a trophy ({card.animal}).")

    # -- decisions -----------------------------------------------------------------------

    @legal("keep-goal")
    def _goal_choices(self, step: Step) -> list[PartyAction]:
        return [PartyAction("keep", g) for g in self.goals_dealt[step.seat]]

    @effect("keep-goal")
    def _do_keep_goal(self, step: Step, action: PartyAction) -> None:
        seat = step.seat
        self.goal[seat] = action.arg
        self._see(seat, ("keep", action.arg))
        self._see_others(seat, ("goal kept", seat))

    @legal("play", "discard", "jungle")
    def _cards_in_hand(self, step: Step) -> list[PartyAction]:
        """A kind of card from the hand: to play, to discard, or to reveal."""
        verb = {"play": "play", "discard": "discard", "jungle": "reveal"}[step.kind]
        return [PartyAction(verb, KINDS[k]) for k in range(3) if self.hands[step.seat][k]]

    @effect("play")
    def _do_play(self, step: Step, action: PartyAction) -> None:
        self._play(step.seat, KINDS.index(action.arg), secret=1)

    def _play(self, seat: int, kind: int, secret: int) -> None:
        self.hands[seat][kind] -= 1
        self.played[seat] = kind
        self.secret_play[seat] = secret
        if secret:
            self._see(seat, ("play", kind))
            self._see_others(seat, ("played", seat))
        else:
            self._see_all(("play", seat, kind))
        self._say(f"{self.name(seat)} plays an Action face down." if secret else
                  f"{self.name(seat)} plays {KINDS[kind]} (drawn face up).")
        self._check_death(seat)

    @legal("discard-fate")
    def _fate_to_discard(self, step: Step) -> list[PartyAction]:
        if len(self.face_up) <= 1:
            return []
        return [PartyAction("discard", f) for f in sorted(set(self.face_up))]

    @effect("discard-fate")
    def _do_discard_fate(self, step: Step, action: PartyAction) -> None:
        self.face_up.remove(action.arg)
        self.fate_discards.append(action.arg)
        self._see_all(("discard fate", step.seat, action.arg))
        self._say(f"{self.name(step.seat)} discards {action.arg}.")

    @effect("discard")
    def _do_discard(self, step: Step, action: PartyAction) -> None:
        self._say(f"{self.name(step.seat)} discards a {action.arg}.")
        self._lose(step.seat, KINDS.index(action.arg))

    @legal("flee-window")
    def _flee_choices(self, step: Step) -> list[PartyAction]:
        """A Flee is offered where it avoids something."""
        useful = self.hands[step.seat][FLEE] and step.data[0] not in REGARDLESS_OF_ACTION
        return [FLEE_NOW, NO_FLEE] if useful else [NO_FLEE]

    @effect("flee-window")
    def _do_flee_window(self, step: Step, action: PartyAction) -> None:
        seat = step.seat
        if action == NO_FLEE:
            self._see_all(("no flee", seat))
            return
        self.fled[seat] = True
        self._say(f"{self.name(seat)} flees (a Flee from the hand).")
        self._lose(seat, FLEE)

    @legal("take-trophy")
    def _trophies_to_take(self, step: Step) -> list[PartyAction]:
        return [PartyAction("trophy", f) for f in sorted(set(self.fate_discards))]

    @effect("take-trophy")
    def _do_take_trophy(self, step: Step, action: PartyAction) -> None:
        self.fate_discards.remove(action.arg)
        self.trophies[step.seat].append(action.arg)
        animal = self.game.fate[action.arg].animal
        self._see_all(("trophy", step.seat, action.arg))
        self._say(f"{self.name(step.seat)} takes {action.arg} ({animal}) as a trophy.")

    @legal("name")
    def _names(self, step: Step) -> list[PartyAction]:
        return [PartyAction("name", k) for k in KINDS]

    @effect("name")
    def _do_name(self, step: Step, action: PartyAction) -> None:
        seat = step.seat
        self.vine_named = KINDS.index(action.arg)
        self.vine = []
        self._see_all(("name", seat, self.vine_named))
        self._say(f"Vine Bridge: {self.name(seat)} names {action.arg}.")
        reveal = 3 if self.ability(seat) == "pathfinder" else 2
        self._push(*(Step("vine-draw", CHANCE, (seat,)) for _ in range(reveal)),
                   Step("vine-settle", AUTO, (seat,)))

    @effect("jungle")
    def _do_jungle(self, step: Step, action: PartyAction) -> None:
        seat = step.seat
        self.jungle[seat] = KINDS.index(action.arg)
        self._see(seat, ("reveal", self.jungle[seat]))
        self._see_others(seat, ("chose", seat))

    @legal("accident")
    def _targets(self, step: Step) -> list[PartyAction]:
        return [PartyAction("target", self.game.seat_names[s]) for s in self.live_order()]

    @effect("accident")
    def _do_accident(self, step: Step, action: PartyAction) -> None:
        victim = self.game.seat_names.index(action.arg)
        self._see_all(("accident", step.seat, victim))
        self._say(f"Hunting Accident: {self.name(step.seat)} hits {self.name(victim)}.")
        self._push(Step("discard", victim))

    # -- Resolve Fate --------------------------------------------------------------------

    @auto("resolve")
    def _auto_resolve(self, step: Step) -> None:
        assert len(self.face_up) == 1
        card = self.game.fate[self.face_up[0]]
        for seat, kind in enumerate(self.played):
            if kind is not None and self.secret_play[seat]:
                self.known[seat][kind] = max(0, self.known[seat][kind] - 1)
                self.secret_play[seat] = 0
        self._see_all(("actions", tuple(self.played)))
        shown = ", ".join(f"{self.name(s)} {KINDS[k]}" for s, k in enumerate(self.played)
                          if k is not None)
        self._say(f"Fate: {card.id} ({card.event}, {card.animal}). Actions: {shown}.")
        self.event = card.event
        self.bagged_by = None
        self.hit = [False] * self.game.players
        self.fled = [False] * self.game.players
        live = self.live_order()
        personal = [Step("personal", AUTO, (seat, card.icons[i])) for i, seat in enumerate(live)]
        self._push(Step("party", AUTO, (card.event,)), *personal, Step("after-party"),
                   Step("end-round"))

    @auto("party")
    def _auto_party(self, step: Step) -> None:
        event = step.data[0]
        live = self.live_order()
        if event == "ambush":
            self.ambush_next = True
            self._say("Ambush: next round each Hunter plays the card they draw.")
        elif event == "jungle-fever":
            self._jungle_round(live)
        elif event == "quicksand":
            self._push(*(Step("discard", seat) for seat in live))
        elif event == "resupply":
            self._push(*(Step("draw", CHANCE, (seat,)) for seat in live for _ in range(2)))
        elif event == "scavengers":
            self._push(Step("scavenge", CHANCE))
        elif event == "vine-bridge":
            self._push(*(Step("name", seat) for seat in live))
        # backtrack and hunting-accident wait for the personal fates: see after-party

    def _jungle_round(self, group: list[int]) -> None:
        group = [seat for seat in group if self.alive[seat]]
        if len(group) < 2:
            return
        self._push(*(Step("jungle", seat) for seat in group),
                   Step("jungle-show", AUTO, tuple(group)))

    @auto("jungle-show")
    def _auto_jungle_show(self, step: Step) -> None:
        group = [seat for seat in step.data if self.jungle[seat] is not None]
        shown = {seat: self.jungle[seat] for seat in group}
        self._see_all(("jungle", tuple(sorted(shown.items()))))
        kinds = list(shown.values())
        matched = [seat for seat in group if kinds.count(shown[seat]) > 1]
        for seat in group:
            kind = shown[seat]
            assert kind is not None
            self.jungle[seat] = None
            if seat in matched:
                self._say(f"Jungle Fever: {self.name(seat)} shows a {KINDS[kind]}, "
                          "matched: discarded.")
                self._lose(seat, kind)
            else:
                self.known[seat][kind] = max(self.known[seat][kind], 1)
        self._jungle_round(matched)

    @auto("personal")
    def _auto_personal(self, step: Step) -> None:
        seat, icon = step.data
        if not self.alive[seat]:
            return
        effect = self._personal_effect(seat, icon)
        if effect is None:
            self._see_all(("personal", seat, icon, "nothing"))
            return
        steps = [Step("apply-personal", AUTO, (seat, icon, effect))]
        # The window opens for any Hunter with cards in hand, Flee or not: one that
        # opened only for a Flee would show the others what the hand holds.
        if self.played[seat] != FLEE and sum(self.hands[seat]):
            steps.insert(0, Step("flee-window", seat, (icon,)))
        self._push(*steps)

    def _personal_effect(self, seat: int, icon: str) -> tuple[str, int] | None:
        """What `icon` does to the Hunter in `seat` given its Action: ("trophy", 0),
        ("discards", 0) for a trophy from the Fate discards, ("lose", n), ("gain", n),
        ("misfire", 1); None when nothing happens."""
        action, ability = self.played[seat], self.ability(seat)
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

    @auto("apply-personal")
    def _auto_apply_personal(self, step: Step) -> None:
        seat, icon, (what, count) = step.data
        # A Flee from the hand avoids what a Flee Action avoids, and no more.
        if not self.alive[seat] or (self.fled[seat] and icon not in REGARDLESS_OF_ACTION):
            self._see_all(("personal", seat, icon, "fled"))
            return
        self._see_all(("personal", seat, icon, what))
        self._say(f"{self.name(seat)}: {icon.replace('-', ' ')}"
                  + {"trophy": ", bags the animal.", "discards": ", a trophy from the discards.",
                     "lose": f", discards {count}.", "gain": f", draws {count}.",
                     "misfire": "."}[what])
        if what == "trophy":
            self.bagged_by = seat
            self.hit[seat] = True
        elif what == "discards":
            self._push(Step("take-trophy", seat))
        elif what == "lose":
            self._push(*(Step("discard", seat) for _ in range(count)))
        elif what == "gain":
            self._push(*(Step("draw", CHANCE, (seat,)) for _ in range(count)))
        else:
            self._push(Step("misfire", CHANCE, (seat,)))

    @auto("after-party")
    def _auto_after_party(self, step: Step) -> None:
        missed = [seat for seat in self.live_order()
                  if self.played[seat] == SHOOT and not self.hit[seat]]
        if self.event == "backtrack":
            self._push(*(Step("take-trophy", seat) for seat in missed))
        elif self.event == "hunting-accident":
            self._push(*(Step("accident", seat) for seat in missed))

    @auto("vine-settle")
    def _auto_vine_settle(self, step: Step) -> None:
        seat, named = step.data[0], self.vine_named
        found = named in self.vine
        if found:
            self.vine.remove(named)
            self.hands[seat][named] += 1
            self.known[seat][named] += 1
        self.returned += self.vine
        self.vine = []
        self._see_all(("vine settled", seat, found))
        self._say(f"{self.name(seat)} " + (f"finds a {KINDS[named]}." if found else
                                           "finds nothing and discards 2."))
        if not found:
            self._push(Step("discard", seat), Step("discard", seat))

    @auto("end-round")
    def _auto_end_round(self, step: Step) -> None:
        card = self.face_up.pop()
        if self.bagged_by is not None:
            self.trophies[self.bagged_by].append(card)
            self._say(f"{self.name(self.bagged_by)} bags {card} "
                      f"({self.game.fate[card].animal}).")
        else:
            self.fate_discards.append(card)
        n = self.game.players
        for seat in ((self.first + i) % n for i in range(n)):
            kind = self.played[seat]
            if kind is not None:
                self.returned.append(kind)
                self.played[seat] = None
        self._see_all(("round over", card, self.bagged_by))
        limits = [Step("discard", seat) for seat in self.live_order()
                  for _ in range(max(0, sum(self.hands[seat]) - self.hand_limit(seat)))]
        self._push(*limits, Step("close-round"))

    @auto("close-round")
    def _auto_close_round(self, step: Step) -> None:
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
            self._say(f"The Fate deck is shuffled again ({len(self.fate_deck)} cards).")
            if len(self.fate_deck) < len(live) + 1:
                self._finish()
                return
        n = self.game.players
        self.first = next(seat for seat in ((self.first + i) % n for i in range(1, n + 1))
                          if self.alive[seat])
        self._begin_round()

    def _finish(self) -> None:
        self.over = True
        self.stack = []
        scores = self.scores()
        self._see_all(("over", tuple(scores)))
        self._say("Game over: " + ", ".join(f"{self.name(s)} {score}"
                                             for s, score in enumerate(scores)) + ".")

    # -- cards leaving a hand ------------------------------------------------------------

    def _lose(self, seat: int, kind: int) -> None:
        """A card leaves the hand face up and goes under the deck."""
        self.hands[seat][kind] -= 1
        self.known[seat][kind] = max(0, self.known[seat][kind] - 1)
        self.returned.append(kind)
        self._see_all(("lost", seat, kind))
        self._check_death(seat)

    def _check_death(self, seat: int) -> None:
        if self.alive[seat] and not any(self.hands[seat]):
            self.alive[seat] = False
            if self.death_round is None:
                self.death_round = self.round
            self._see_all(("died", seat))
            self._say(f"{self.name(seat)} has no Action cards left and dies.")

    # -- scoring -------------------------------------------------------------------------

    def goal_met(self, seat: int) -> bool:
        """Whether the Hunter in `seat` meets its kept Goal now."""
        goal_id = self.goal[seat]
        if goal_id is None:
            return False
        goal = self.game.goals[goal_id]
        animals = [self.game.fate[t].animal for t in self.trophies[seat]]
        held = sum(self.hands[seat])
        if goal.condition == "one-of-each":
            return set(ANIMALS) <= set(animals)
        if goal.condition == "animal-count":
            return animals.count(goal.animal or "") >= (goal.count or 0)
        if goal.condition == "hand-at-end":
            return self.alive[seat] and held >= (goal.count or 0)
        if goal.condition == "hand-at-most":
            return self.alive[seat] and held <= (goal.count or 0)
        if goal.condition == "most-trophies":
            mine = len(self.trophies[seat])
            return all(mine > len(t) for other, t in enumerate(self.trophies) if other != seat)
        if goal.condition == "two-pairs":
            return sum(animals.count(animal) >= 2 for animal in set(animals)) >= 2
        raise AssertionError(goal.condition)

    def scores(self) -> list[int]:
        """Trophies, plus Goal points if met, minus the death penalty for the dead."""
        penalty = self.game.rules["death_penalty"]
        return [len(self.trophies[seat])
                + (self.game.goals[self.goal[seat] or ""].points if self.goal_met(seat) else 0)
                - (0 if self.alive[seat] else penalty)
                for seat in range(self.game.players)]

    # -- what each seat sees -------------------------------------------------------------

    def stage(self) -> str:
        """The kind of the pending step ("play", "discard-fate", ...; "over" at the end)."""
        return "over" if self.over else self.stack[-1].kind

    def observation(self, player: int) -> Observation:
        game, n = self.game, self.game.players
        to_move = self.current_player()

        def hunter_view(seat: int) -> dict[str, Any]:
            hunter = game.hunters[self.hunter[seat] or ""] if self.hunter[seat] else None
            return {
                "seat": game.seat_names[seat], "hunter": hunter.name if hunter else None,
                "ability": self.ability(seat),
                "ability_text": hunter.text if hunter else None,
                "hand_limit": hunter.hand_limit if hunter else None,
                "hand_size": sum(self.hands[seat]), "alive": self.alive[seat],
                "known_cards": {KINDS[k]: c for k, c in enumerate(self.known[seat]) if c},
                "trophies": [game.fate[t].animal for t in self.trophies[seat]],
                "action": self._action_seen(seat, player),
            }

        def fate_view(card_id: str) -> dict[str, Any]:
            view = game.card_views[card_id]
            return {**view, "icons": list(view["icons"])}

        goal, reveal = self.goal[player], self.jungle[player]
        return {
            "game": "hunting-party", "seat": game.seat_names[player], "round": self.round,
            "stage": self.stage(),
            "to_move": game.seat_names[to_move] if to_move >= 0 else
            ("chance" if to_move == CHANCE else "nobody"),
            "first_hunter": game.seat_names[self.first] if self.round else None,
            "live_order": [game.seat_names[seat] for seat in self.live_order()],
            "hunters": [hunter_view(seat) for seat in range(n)],
            "hand": {kind: self.hands[player][k] for k, kind in enumerate(KINDS)},
            "goal": None if goal is None else {
                "id": goal, "text": game.goals[goal].text, "points": game.goals[goal].points,
                "met": self.goal_met(player)},
            "goal_choices": [{"id": g, "text": game.goals[g].text,
                              "points": game.goals[g].points}
                             for g in self.goals_dealt[player]] if goal is None else [],
            "fate_up": [fate_view(card) for card in self.face_up],
            "fate_deck": len(self.fate_deck), "fate_reshuffles_left": self.reshuffles,
            "fate_discards": [fate_view(card) for card in self.fate_discards],
            "event": self.event or None, "ambush": self.ambush,
            "ambush_next": self.ambush_next,
            "action_deck": self.deck_size(),
            "deck_bottom": [KINDS[k] for k in self.returned],
            "deck_counts": dict(zip(KINDS, game.deck_counts, strict=True)),
            "bagged_by": None if self.bagged_by is None else game.seat_names[self.bagged_by],
            "vine": [KINDS[k] for k in self.vine],
            "my_reveal": None if reveal is None else KINDS[reveal],
            "threat": self._threat(player),
            "log": list(self.log[-12:]),
            "scores": self.scores() if self.over else None,
            "result": None if not self.over else self.end_reason(),
        }

    def _action_seen(self, seat: int, player: int) -> str | None:
        """The Action of `seat` as `player` sees it: its kind, "face down", or None."""
        played = self.played[seat]
        if played is None:
            return None
        return "face down" if self.secret_play[seat] and seat != player else KINDS[played]

    def heuristic_view(self, player: int) -> dict[str, Any]:
        """The part of `observation(player)` the heuristic reads, built cheaply for
        playouts (the Fate cards' dicts are shared: read only)."""
        game = self.game
        goal = self.goal[player]
        return {
            "seat": game.seat_names[player], "stage": self.stage(),
            "live_order": [game.seat_names[seat] for seat in self.live_order()],
            "hunters": [{"seat": game.seat_names[seat], "ability": self.ability(seat),
                         "trophies": [game.fate[t].animal for t in self.trophies[seat]],
                         "action": self._action_seen(seat, player)}
                        for seat in range(game.players)],
            "hand": dict(zip(KINDS, self.hands[player], strict=True)),
            "goal": None if goal is None else {"id": goal},
            "fate_up": [game.card_views[card] for card in self.face_up],
            "fate_discards": [game.card_views[card] for card in self.fate_discards],
            "threat": self._threat(player), "deck_counts": dict(zip(KINDS, game.deck_counts,
                                                                    strict=True)),
            "deck_bottom": [KINDS[k] for k in self.returned],
        }

    def _threat(self, player: int) -> dict[str, Any] | None:
        """At `player`'s Flee window: the personal fate it would avoid."""
        if self.over or self.stack[-1].kind != "flee-window" or self.stack[-1].seat != player:
            return None
        icon = self.stack[-1].data[0]
        effect = self._personal_effect(player, icon)
        assert effect is not None
        return {"icon": icon, "effect": effect[0], "count": effect[1]}

    def determinize(self, player: int, rng: random.Random,
                    prior: Any = None) -> HuntingPartyState:
        """Deal what `player` cannot see at random: the other Hunters' Goals, their
        Action cards beyond those everyone knows of, their face-down Actions and
        Jungle Fever choices, and the shuffled part of the Action deck.

        `player` knows its own cards, the cards under the deck, the Fate deck's
        contents (its order nobody knows), and the known cards of each hand. Every
        other Action card is dealt uniformly over the places it could be.
        """
        world = self._sampled_copy(player)
        others = [seat for seat in range(self.game.players) if seat != player]
        goals = [g for g in sorted(self.game.goals) if g not in self.goals_dealt[player]]
        rng.shuffle(goals)
        for seat in others:
            dealt = [goals.pop() for _ in self.goals_dealt[seat]]
            world.goals_dealt[seat] = dealt
            world.goal[seat] = rng.choice(dealt) if self.goal[seat] is not None else None
        world.goal_deck = sorted(goals)
        unseen = list(self.fresh)
        slots: dict[int, int] = {}
        for seat in others:
            slots[seat] = sum(self.hands[seat]) + (self.secret_play[seat] == 1) \
                - sum(self.known[seat])
            for kind in range(3):
                unseen[kind] += self.hands[seat][kind] - self.known[seat][kind] \
                    + (self.played[seat] == kind and self.secret_play[seat] > 0)
        # Built from counts, so worlds that differ only in what `player` cannot see
        # shuffle the same list.
        pool = [kind for kind in range(3) for _ in range(unseen[kind])]
        rng.shuffle(pool)
        for seat in others:
            combined = list(self.known[seat])
            for _ in range(slots[seat]):
                combined[pool.pop()] += 1
            if self.secret_play[seat] == 1:
                kind = pick_by_count(combined, rng)
                combined[kind] -= 1
                world.played[seat] = kind
            elif self.secret_play[seat] == 2:
                world.played[seat] = pool.pop()
            world.hands[seat] = combined
            if self.jungle[seat] is not None:
                world.jungle[seat] = pick_by_count(combined, rng)
        world.fresh = [pool.count(k) for k in range(3)]
        return world

    def _fingerprint(self) -> Hashable:
        return (self.round, self.first, tuple(self.hunter), tuple(map(tuple, self.goals_dealt)),
                tuple(self.goal), tuple(self.goal_deck), tuple(map(tuple, self.hands)),
                tuple(map(tuple, self.known)), tuple(self.fresh), tuple(self.returned),
                tuple(self.fate_deck), self.reshuffles, tuple(self.fate_discards),
                tuple(self.face_up), tuple(map(tuple, self.trophies)), tuple(self.alive),
                self.death_round, tuple(self.played), tuple(self.secret_play), self.ambush,
                self.ambush_next, self.event, self.bagged_by, tuple(self.hit),
                tuple(self.fled), tuple(self.jungle), tuple(self.vine), self.vine_named,
                self.over, tuple(self.stack), tuple(tuple(view) for view in self._views))
