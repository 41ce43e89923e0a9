"""Hunting Party: the position, and the round's own steps (the deal, the Actions
played, draws and discards). Resolve Fate is in `fate.py`, what each seat sees in
`views.py`; `rules.py` assembles the state class and holds the readings of the rules."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from hunt.boards.hunting_party.data import ACTIONS, ANIMALS, Hunter
from hunt.models.game import pick_by_count
from hunt.models.hunting_party.events import (
    Dies,
    DiscardsAction,
    DiscardsFate,
    Event,
    FirstHunter,
    GameOver,
    Joins,
    PlaysFaceDown,
    PlaysFaceUp,
    RoundBegins,
)
from hunt.models.hunting_party.observation import PartyObservation
from hunt.models.hunting_party.steps import (
    DealGoal,
    DealHunter,
    Discard,
    DiscardFate,
    Draw,
    FirstRound,
    KeepGoal,
    Play,
    Resolve,
    RevealFate,
    ToSeat,
    VineDraw,
    owner,
)
from hunt.models.steps import (
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

if TYPE_CHECKING:
    from hunt.models.hunting_party.rules import HuntingPartyGame

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


class PartyState(StepState[PartyAction, PartyObservation, Step], partial=True):
    """A position of Hunting Party, and the round's own steps: the deal, the Actions
    played, draws and discards. Hands and decks are counts per Action kind."""

    game: HuntingPartyGame
    step_kinds: ClassVar[Mapping[str, Role]] = {
        "deal-hunter": CHANCE_STEP, "deal-goal": CHANCE_STEP, "keep-goal": DECIDE,
        "draw": CHANCE_STEP, "first-round": AUTO_STEP, "reveal-fate": CHANCE_STEP,
        "play": DECIDE, "discard-fate": DECIDE, "discard": DECIDE,
        "vine-draw": CHANCE_STEP, "misfire": CHANCE_STEP, "scavenge": CHANCE_STEP}
    """The round's own steps; the chance steps of Resolve Fate (in `fate.py`) have
    their odds here, beside the other draws from the same piles."""
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
        self.log: list[Event] = []
        self.stack: list[Step] = []
        rules = game.rules
        self._push(*(DealHunter(seat) for seat in range(n)),
                   *(DealGoal(seat) for seat in range(n)
                     for _ in range(rules["goals_dealt"])),
                   *(KeepGoal(seat) for seat in range(n)),
                   *(Draw(seat) for seat in range(n)
                     for _ in range(rules["hand"])),
                   FirstRound())
        self._run()

    # -- small helpers -----------------------------------------------------------------

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
        alive = self.alive
        return [seat for seat in self.game.clockwise[self.first] if alive[seat]]

    def deck_size(self) -> int:
        """Action cards left to draw."""
        return sum(self.fresh) + len(self.returned)

    # -- chance --------------------------------------------------------------------------

    @outcomes("deal-hunter")
    def _hunters_left(self, step: DealHunter) -> list[tuple[PartyAction, float]]:
        left = [h for h in self.game.hunters if h not in self.hunter]
        return [(PartyAction("hunter", h), 1 / len(left)) for h in sorted(left)]

    @outcomes("deal-goal")
    def _goals_left(self, step: DealGoal) -> list[tuple[PartyAction, float]]:
        return [(PartyAction("goal", g), 1 / len(self.goal_deck)) for g in self.goal_deck]

    @outcomes("reveal-fate", "scavenge")
    def _fate_left(self, step: Step) -> list[tuple[PartyAction, float]]:
        return [(PartyAction("fate", f), 1 / len(self.fate_deck)) for f in self.fate_deck]

    @outcomes("draw", "vine-draw", "misfire")
    def _card_odds(self, step: ToSeat) -> list[tuple[PartyAction, float]]:
        """A draw from the shuffled part of the deck, or a misfire's card from the hand."""
        kind = step.kind
        counts = self.hands[step.target] if kind == "misfire" else self.fresh
        total = sum(counts)
        verb = "misfire" if kind == "misfire" else "draw"
        return [(PartyAction(verb, KINDS[k]), counts[k] / total) for k in range(3) if counts[k]]

    def sample_chance_outcome(self, rng: random.Random) -> PartyAction:
        """Draws by index into the counts, and Fate cards uniformly: the odds of
        `chance_outcomes`, without building them."""
        step = self.stack[-1]
        if isinstance(step, ToSeat) and step.kind in ("draw", "vine-draw", "misfire"):
            counts = self.hands[step.target] if step.kind == "misfire" else self.fresh
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

    def action_to_string(self, action: PartyAction) -> str:
        return action.text()

    def choice_note(self, action: PartyAction) -> str:
        """A Fate card chosen (a trophy, a card to discard) by what is on it: its
        animal, and for a face-up card its event too (both face up for all)."""
        if action.verb == "trophy":
            return self.game.fate[action.arg].animal
        if action.verb == "discard" and action.arg in self.game.fate:
            card = self.game.fate[action.arg]
            return f"{card.event}, {card.animal}"
        return ""

    # -- the flow ------------------------------------------------------------------------

    def _resolve_unasked(self, step: Step) -> bool:
        """Drop a step of the dead, a step with nothing to draw or to choose, and draw
        from under the deck once its shuffled part is gone."""
        target = owner(step)
        if target >= 0 and not self.alive[target]:
            self.stack.pop()  # the dead do nothing more
            return True
        if isinstance(step, Draw | VineDraw) and not any(self.fresh):
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
            return not any(self.hands[owner(step)])
        if kind == "discard-fate":
            return len(self.face_up) <= 1
        if kind == "take-trophy":
            return not self.fate_discards
        return False

    @auto("first-round")
    def _auto_first_round(self, step: FirstRound) -> None:
        names = {seat: self.game.hunters[h].name for seat, h in enumerate(self.hunter) if h}
        self.first = min(names, key=lambda seat: names[seat])
        self.log.append(FirstHunter(self.first))
        self._see_all(("first", self.first))
        self._begin_round()

    def _begin_round(self) -> None:
        self.round += 1
        self.ambush, self.ambush_next = self.ambush_next, False
        live = self.live_order()
        self.log.append(RoundBegins(self.round, self.first, self.ambush))
        self._see_all(("round", self.round, self.first))
        steps: list[Step] = [RevealFate() for _ in range(len(live) + 1)]
        for seat in live:
            if self.ambush:
                steps.append(Draw(seat, ambush=True))
            else:
                steps += [Draw(seat), Play(seat)]
            steps.append(DiscardFate(seat))
        steps.append(Resolve())
        self._push(*steps)

    # -- chance --------------------------------------------------------------------------

    @effect("deal-hunter")
    def _do_deal_hunter(self, step: DealHunter, action: PartyAction) -> None:
        seat = step.target
        self.hunter[seat] = action.arg
        self.log.append(Joins(seat))
        self._see_all(("hunter", seat, action.arg))

    @effect("deal-goal")
    def _do_deal_goal(self, step: DealGoal, action: PartyAction) -> None:
        seat = step.target
        self.goal_deck.remove(action.arg)
        self.goals_dealt[seat].append(action.arg)
        self._see(seat, ("goal", action.arg))
        self._see_others(seat, ("goal dealt", seat))

    @effect("reveal-fate")
    def _do_reveal_fate(self, step: RevealFate, action: PartyAction) -> None:
        self.fate_deck.remove(action.arg)
        self.face_up.append(action.arg)
        self._see_all(("fate", action.arg))

    @effect("draw")
    def _do_draw(self, step: Draw, action: PartyAction) -> None:
        seat, kind = step.target, KINDS.index(action.arg)
        self.fresh[kind] -= 1
        self.hands[seat][kind] += 1
        self._see(seat, ("drew", kind))
        self._see_others(seat, ("drew", seat))
        if step.ambush:  # the card drawn is the Action, face down
            self._play(seat, kind, secret=2)

    def _draw_from_bottom(self, step: Draw | VineDraw) -> None:
        """The shuffled part is gone: the card under it, face up, or none at all."""
        seat = step.target
        ambush = isinstance(step, Draw) and step.ambush
        if not self.returned:
            self._see_all(("no card", seat))
            if ambush:
                self._push(Play(seat))  # nothing drawn: the Hunter chooses
            return
        kind = self.returned.pop(0)
        if isinstance(step, VineDraw):
            self.vine.append(kind)
            self._see_all(("vine", seat, kind))
            return
        self.hands[seat][kind] += 1
        self.known[seat][kind] += 1
        self._see_all(("drew", seat, kind))
        if ambush:  # everyone saw the card, so the Action is known
            self._play(seat, kind, secret=0)
            self.known[seat][kind] -= 1

    # -- decisions -----------------------------------------------------------------------

    @legal("keep-goal")
    def _goal_choices(self, step: KeepGoal) -> list[PartyAction]:
        return [PartyAction("keep", g) for g in self.goals_dealt[step.seat]]

    @effect("keep-goal")
    def _do_keep_goal(self, step: KeepGoal, action: PartyAction) -> None:
        seat = step.seat
        self.goal[seat] = action.arg
        self._see(seat, ("keep", action.arg))
        self._see_others(seat, ("goal kept", seat))

    @legal("play", "discard")
    def _cards_in_hand(self, step: Play | Discard) -> list[PartyAction]:
        """A kind of card from the hand: to play, or to discard."""
        return [PartyAction(step.kind, KINDS[k]) for k in range(3) if self.hands[step.seat][k]]

    @effect("play")
    def _do_play(self, step: Play, action: PartyAction) -> None:
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
        self.log.append(PlaysFaceDown(seat) if secret else PlaysFaceUp(seat, KINDS[kind]))
        self._check_death(seat)

    @legal("discard-fate")
    def _fate_to_discard(self, step: DiscardFate) -> list[PartyAction]:
        if len(self.face_up) <= 1:
            return []
        return [PartyAction("discard", f) for f in sorted(set(self.face_up))]

    @effect("discard-fate")
    def _do_discard_fate(self, step: DiscardFate, action: PartyAction) -> None:
        self.face_up.remove(action.arg)
        self.fate_discards.append(action.arg)
        self._see_all(("discard fate", step.seat, action.arg))
        self.log.append(DiscardsFate(step.seat, action.arg))

    @effect("discard")
    def _do_discard(self, step: Discard, action: PartyAction) -> None:
        self.log.append(DiscardsAction(step.seat, action.arg))
        self._lose(step.seat, KINDS.index(action.arg))

    def _finish(self) -> None:
        self.over = True
        self.stack = []
        scores = self.scores()
        # The Goals are shown at the end, to be scored: every Hunter learns them.
        goals = tuple(goal or "" for goal in self.goal)
        self._see_all(("over", tuple(scores), goals))
        self.log.append(GameOver(tuple(scores), goals,
                                 tuple(self.goal_met(seat) for seat in range(self.game.players))))

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
            self.log.append(Dies(seat))

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

