"""Hunting Party's hand-written players: two more Hunters for the population.

Both read one seat's view only (`observation(seat)` and the legal actions) and the
public components (the Fate cards, the Goals, the Hunters' abilities), and both are
written from the rulebook by themselves, not from the rule of thumb the search assumes.

- `GreedyPlayer` ("greedy") takes what the rules give it now. It plays the Action that
  pays most on the best face-up Fate card, as if that card will be the one left, and
  discards the Fate card worst for it; a trophy counts 1, a card a little, dying -3.
  It keeps the Goal that pays now, flees only from a loss of two cards or of its life,
  gives up a Flee before a Camp before a Shoot, and aims a Hunting Accident at a Hunter
  it would kill, else at the most trophies. It never reckons with who shoots first,
  what the others may discard or how long the game has left.
- `PlannerPlayer` ("planner") plays for the whole game. It values its hand by what
  the cards are worth in the rounds still to come (nothing but survival and its Goal
  in the last round), weighs each face-up card by how likely it is to survive the
  discards of the Hunters after it, counts the chance that an earlier Hunter shoots
  the animal first (by how often each has shot in the Actions turned up so far),
  keeps a Flee in hand for the Fate card that calls for it, spoils the leader's Fate
  where that costs it little, tracks the cards the others have shown and the Action
  deck to name at the Vine Bridge and reveal in the Jungle, keeps the Goal it can
  best meet (never one its hand limit rules out), and steers its trophies and hand
  towards it.

Neither keeps memory between decisions, so one player may play several seats.

One file of about 620 lines, on purpose: both players read a seat's view through the
same helpers (`_view`, `_personal`, `_goal_points`), the planner's half being its
`_Plan`; split, those helpers would become another module's private names.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from math import comb
from typing import TYPE_CHECKING, Any

from hunt.models.hunting_party.observation import (
    FateCardSeen,
    HunterObservation,
    PartyObservation,
)
from hunt.models.hunting_party.state import (
    FLEE_NOW,
    KINDS,
    NO_FLEE,
    REGARDLESS_OF_ACTION,
    PartyAction,
)
from hunt.models.players import Player

if TYPE_CHECKING:
    from hunt.boards.hunting_party.data import Goal
    from hunt.models.hunting_party.rules import HuntingPartyGame, HuntingPartyState

DEATH = 3.0
"""Points a Hunter loses for dying (the rulebook's "lose 3 points")."""


# -- what the rules say an outcome is, shared by both players ----------------------------


def _me(obs: PartyObservation) -> HunterObservation:
    """The seat's own Hunter in its observation."""
    return next(h for h in obs["hunters"] if h["seat"] == obs["seat"])


def _hand_size(obs: PartyObservation) -> int:
    return sum(obs["hand"].values())


def _position(obs: PartyObservation, seat: str) -> int:
    """Which personal icon `seat` gets: its place from the First Hunter (live only)."""
    return list(obs["live_order"]).index(seat)


def _icon(card: FateCardSeen, obs: PartyObservation, seat: str) -> str:
    return card["icons"][_position(obs, seat)]


def _goal_points(game: HuntingPartyGame, goal: str | None, animals: Sequence[str],
                 hand: int, alive: bool, best_rival: int) -> int:
    """The points `goal` pays a Hunter with these trophies and this hand, now: the
    Goal's rule read from its public card (other seats' Goals are never asked)."""
    if goal is None:
        return 0
    card = game.goals[goal]
    condition, met = card.condition, False
    if condition == "one-of-each":
        met = len(set(animals)) >= 5
    elif condition == "animal-count":
        met = animals.count(card.animal or "") >= (card.count or 0)
    elif condition == "hand-at-end":
        met = alive and hand >= (card.count or 0)
    elif condition == "hand-at-most":
        met = alive and hand <= (card.count or 0)
    elif condition == "most-trophies":
        met = len(animals) > best_rival
    elif condition == "two-pairs":
        met = sum(animals.count(a) >= 2 for a in sorted(set(animals))) >= 2
    return card.points if met else 0


def _personal(icon: str, action: str, ability: str, discards: bool) -> tuple[float, int]:
    """What `icon` does against `action` by the rulebook's Personal Fate, with nobody
    having shot the animal yet: (trophies, cards gained or lost)."""
    if action == "flee" and icon not in REGARDLESS_OF_ACTION:
        return 0.0, 0
    if icon == "animal-attack":
        if action == "shoot":
            return 1.0, 0
        return 0.0, -1 if ability == "thick-hide" else -2
    if icon == "natives":
        if action == "camp":
            return 0.0, 3 if ability == "native-tongue" else 2
        return 0.0, 0 if ability == "native-tongue" else -2
    if icon == "misfire":
        return 0.0, 0 if ability == "steady-hands" else -1
    if icon == "opportunity-shot":
        return (1.0 if discards else 0.0), 0
    if icon == "pitfall":
        return 0.0, -1
    return 0.0, 1  # reload


EVENT_CARDS = {"resupply": 2.0, "quicksand": -1.0, "vine-bridge": -0.5, "jungle-fever": -0.5}
"""Cards a party event adds to each hand, on average (Vine Bridge: two cards lost when
the named card is missed, one found when not; Jungle Fever: a match now and then)."""


def _view(state: Any) -> tuple[HuntingPartyState, PartyObservation, list[PartyAction]]:
    """The position, the observation of the seat to act, and its legal actions: all a
    player reads of the position beyond the public components."""
    party: HuntingPartyState = state
    return party, party.observation(party.current_player()), list(party.legal_actions())


# -- the greedy Hunter -------------------------------------------------------------------

GREEDY_CARD = 0.2
"""A card to the greedy Hunter: a fifth of a trophy (it counts trophies)."""
GREEDY_DISCARD_ORDER = ("flee", "camp", "shoot")
"""Cards the greedy Hunter gives up first: a Flee wins nothing, a Shoot wins trophies."""


class GreedyPlayer(Player):
    """Takes the most it can get this round: see the module docstring."""

    def choose(self, state: Any, rng: random.Random) -> PartyAction:
        """The greedy choice for the seat to act, from its observation only."""
        party, obs, legal = _view(state)
        if len(legal) == 1:
            return legal[0]
        stage, game = obs["stage"], party.game
        if stage == "keep-goal":
            return max(legal, key=lambda a: (self._goal_now(game, obs, a.arg),
                                             game.goals[a.arg].points, a.arg))
        if stage == "play":
            return max(legal, key=lambda a: (self._play_value(obs, a.arg),
                                             -GREEDY_DISCARD_ORDER.index(a.arg)))
        if stage == "discard-fate":
            played = _me(obs)["action"] or "camp"
            cards = {c["id"]: c for c in obs["fate_up"]}
            hand = _hand_size(obs)
            return min(legal, key=lambda a: (self._gain(obs, cards[a.arg], played, hand),
                                             a.arg))
        if stage == "flee-window":
            threat, hand = obs["threat"], _hand_size(obs)
            # A loss of two cards costs more than the one Flee; and losing every card
            # costs 3 points, so flee then too, unless the Flee is the last card.
            if threat and threat["effect"] == "lose" and hand > 1 and \
                    (threat["count"] >= 2 or threat["count"] >= hand):
                return FLEE_NOW if FLEE_NOW in legal else NO_FLEE
            return NO_FLEE
        if stage == "discard":
            return min(legal, key=lambda a: GREEDY_DISCARD_ORDER.index(a.arg))
        if stage == "take-trophy":
            return max(legal, key=lambda a: (self._trophy_now(game, obs, a.arg), _neg(a.arg)))
        if stage == "name":
            return max(legal, key=lambda a: (self._copies_left(obs, a.arg), a.arg))
        if stage == "jungle":
            # Show the kind held most: a match costs the card it can best spare.
            return max(legal, key=lambda a: (obs["hand"][a.arg], a.arg))
        if stage == "accident":
            return max(legal, key=lambda a: self._victim(obs, a.arg))
        return legal[rng.randrange(len(legal))]

    @staticmethod
    def _goal_now(game: HuntingPartyGame, obs: PartyObservation, goal: str) -> int:
        """The points `goal` would pay if the game ended now, with the hand about to be
        dealt (the Goals come before the Action cards): a sure point beats a hope."""
        hand = max(_hand_size(obs), int(game.rules["hand"]))
        return _goal_points(game, goal, [], hand, True, 0)

    @staticmethod
    def _gain(obs: PartyObservation, card: FateCardSeen, action: str, hand: int) -> float:
        """Points this round if `card` is the one left, the Action is `action` and
        `hand` cards are left in the hand."""
        me = _me(obs)
        trophies, cards = _personal(_icon(card, obs, obs["seat"]), action, me["ability"],
                                    True)
        cards += round(EVENT_CARDS.get(card["event"], 0.0))
        if card["event"] == "backtrack" and action == "shoot" and not trophies:
            trophies = 1.0  # a shot without a trophy takes one from the discards
        hand += cards
        return trophies + GREEDY_CARD * cards - (DEATH if hand <= 0 else 0.0)

    def _play_value(self, obs: PartyObservation, action: str) -> float:
        """The best this Action can win on any face-up card (the greedy Hunter means to
        keep that one), the average as a tie-break."""
        hand = _hand_size(obs) - 1  # the Action leaves the hand
        gains = [self._gain(obs, card, action, hand) for card in obs["fate_up"]]
        return max(gains) + 0.01 * sum(gains) / len(gains)

    @staticmethod
    def _trophy_now(game: HuntingPartyGame, obs: PartyObservation, fate: str) -> int:
        """Goal points met with this trophy added."""
        me = _me(obs)
        animals = [*me["trophies"], game.fate[fate].animal]
        rival = max((len(h["trophies"]) for h in obs["hunters"] if h["seat"] != obs["seat"]),
                    default=0)
        goal = obs["goal"]
        return _goal_points(game, goal["id"] if goal else None, animals,
                            _hand_size(obs), True, rival)

    @staticmethod
    def _copies_left(obs: PartyObservation, kind: str) -> int:
        """Copies of `kind` that may be on top of the Action deck: all of them but the
        ones in the hand and under the deck; known exactly once only those are left."""
        bottom = list(obs["deck_bottom"])
        if obs["action_deck"] <= len(bottom):
            return bottom[:2].count(kind)
        return obs["deck_counts"][kind] - obs["hand"][kind] - bottom.count(kind)

    @staticmethod
    def _victim(obs: PartyObservation, target: str) -> tuple[int, int, int]:
        """Another Hunter about to die first (3 points off them), then the one with
        the most trophies; never itself."""
        hunter = next(h for h in obs["hunters"] if h["seat"] == target)
        if target == obs["seat"]:
            return (-1, 0, 0)
        return (int(hunter["hand_size"] == 1), len(hunter["trophies"]), -_seat_index(target))


def _neg(text: str) -> tuple[int, ...]:
    """A key that puts `text` first where `max` would put it last (ties to the lowest id)."""
    return tuple(-ord(ch) for ch in text)


def _seat_index(seat: str) -> int:
    return int(seat[1:])


# -- the planner -------------------------------------------------------------------------

MARGINAL = (0.8, 0.5, 0.35, 0.25, 0.2, 0.15, 0.1, 0.1)
"""The worth, in points over the rest of the game, of the 1st, 2nd, ... card in the hand:
the first ones stand between the Hunter and death, the later ones only buy options.
Measured against the heuristic with 3 players, 80 seeds each (chance 1/3): these 0.53
with RIVAL_WEIGHT 0.8 (0.51 at 1.2); (0.6, 0.35, ...) 0.50; the first tried,
(1.2, 0.8, 0.55, ...), 0.50, and 0.46 with RIVAL_WEIGHT 0.3."""
KEEP = {"shoot": (0.35, 0.15, 0.05), "flee": (0.3, 0.1, 0.0), "camp": (0.2, 0.1, 0.0)}
"""What a 1st, 2nd, 3rd copy of a kind adds beyond being a card: a Shoot wins trophies,
a Flee saves cards when the Fate turns, a Camp only pays at the Natives."""
OTHERS_SHOOT = 0.5
"""How likely a Hunter whose Action is face down shot, before its play has shown how
it plays (`_Plan.shoot_rate`)."""
RIVAL_WEIGHT = 0.8
"""How much a trophy of the leading rival counts against the planner's own (a third of
it when the planner leads). Measured against the heuristic with 3 players, 80 seeds
each (chance 1/3), with the first MARGINAL tried (1.2, 0.8, ...): 0.44 at 0, 0.46 at
0.3, 0.50 at 0.8."""
GOAL_PULL = (1.0, 0.3, 0.3, 0.1)
"""How much a Goal of the hand counts with 0, 1, 2, 3 or more rounds left after this one:
in full in the last round, a little before (a small hand early is a risk of death)."""
GOAL_ODDS = {"one-of-each": 0.1, "animal-count": 0.25, "hand-at-end": 0.75,
             "hand-at-most": 0.4, "two-pairs": 0.35}
"""How often a Hunter who plays for it meets each Goal; most-trophies goes by the number
of Hunters, a Goal of a hand at least of 5 never with a smaller hand limit."""


class PlannerPlayer(Player):
    """Plays for the whole game: see the module docstring."""

    def choose(self, state: Any, rng: random.Random) -> PartyAction:
        """The planner's choice for the seat to act, from its observation only."""
        party, obs, legal = _view(state)
        if len(legal) == 1:
            return legal[0]
        plan = _Plan(party.game, obs)
        stage = obs["stage"]
        if stage == "keep-goal":
            return max(legal, key=lambda a: (plan.goal_worth(a.arg), a.arg))
        if stage == "play":
            return max(legal, key=lambda a: (plan.play_value(a.arg), a.arg))
        if stage == "discard-fate":
            return max(legal, key=lambda a: (plan.discard_fate_value(a.arg), _neg(a.arg)))
        if stage == "flee-window":
            return FLEE_NOW if FLEE_NOW in legal and plan.should_flee() else NO_FLEE
        if stage == "discard":
            return min(legal, key=lambda a: (plan.keep_worth(a.arg), a.arg))
        if stage == "take-trophy":
            return max(legal, key=lambda a: (plan.trophy_worth(a.arg), _neg(a.arg)))
        if stage == "name":
            return max(legal, key=lambda a: (plan.find_chance(a.arg)
                                             + 0.05 * plan.keep_worth(a.arg), a.arg))
        if stage == "jungle":
            return min(legal, key=lambda a: (plan.match_cost(a.arg), a.arg))
        if stage == "accident":
            return max(legal, key=lambda a: (plan.victim_worth(a.arg), _neg(a.arg)))
        return legal[rng.randrange(len(legal))]


class _Plan:
    """The planner's reading of one observation."""

    def __init__(self, game: HuntingPartyGame, obs: PartyObservation) -> None:
        self.game, self.obs = game, obs
        self.me = _me(obs)
        self.seat = obs["seat"]
        self.hand = _hand_size(obs)
        self.limit = self.me["hand_limit"] or 5
        self.live = list(obs["live_order"])
        rivals = [h for h in obs["hunters"] if h["seat"] != self.seat]
        self.best_rival = max((len(h["trophies"]) for h in rivals), default=0)
        self.leader = max((h for h in rivals if h["alive"]),
                          key=lambda h: (len(h["trophies"]), -_seat_index(h["seat"])),
                          default=None)
        self.rounds_after = self._rounds_after()
        # Cards matter for the rounds still to come; in the last one only for staying
        # alive and for the Goal.
        self.horizon = min(1.0, self.rounds_after / 3)
        goal = obs["goal"]
        self.goal: Goal | None = game.goals[goal["id"]] if goal else None

    def _rounds_after(self) -> int:
        """Rounds the game may still have after this one, from public counts: the Fate
        deck, its reshuffle, and a death (the game ends the round after)."""
        obs = self.obs
        if not all(h["alive"] for h in obs["hunters"] if h["hunter"] is not None):
            return 0
        per_round = len(self.live) + 1
        left = obs["fate_deck"] // per_round
        if obs["fate_reshuffles_left"]:
            kept = sum(len(h["trophies"]) for h in obs["hunters"])
            left += (len(self.game.fate) - kept - obs["fate_deck"]) // per_round
        return left

    # -- the hand --------------------------------------------------------------------------

    def hand_worth(self, cards: float) -> float:
        """What ending the round with `cards` cards is worth: dying costs 3, cards over
        the hand limit are discarded anyway, and the Goal may ask for a hand. A count
        expected, not whole, is worth the mean of the whole counts either side."""
        low = int(cards // 1)
        if cards != low:
            share = cards - low
            return (1 - share) * self.hand_worth(low) + share * self.hand_worth(low + 1)
        if cards <= 0:
            return -DEATH
        kept = min(int(cards), self.limit)
        worth = self.horizon * sum(MARGINAL[:kept])
        goal = self.goal
        if goal is not None and goal.condition in ("hand-at-end", "hand-at-most"):
            met = kept >= (goal.count or 0) if goal.condition == "hand-at-end" \
                else kept <= (goal.count or 0)
            # The last round settles it; before, the hand only leans towards it.
            worth += goal.points * GOAL_PULL[min(self.rounds_after, len(GOAL_PULL) - 1)] * met
        return worth

    def keep_worth(self, kind: str) -> float:
        """What one card of `kind` adds to the hand beyond its count: less for a kind
        held many times; a Flee more when the Fate card left threatens this seat."""
        held = self.obs["hand"][kind]
        worth = KEEP[kind][min(held, 3) - 1] if held else KEEP[kind][0]
        if kind == "flee" and len(self.obs["fate_up"]) == 1 and self.seat in self.live:
            _, cards = _personal(_icon(self.obs["fate_up"][0], self.obs, self.seat),
                                        self.me["action"] or "camp", self.me["ability"],
                                        bool(self.obs["fate_discards"]))
            worth += 0.5 * max(0, -cards)
        return worth * max(self.horizon, 0.2)

    # -- the Fate ------------------------------------------------------------------------

    def earlier_shot(self, card: FateCardSeen) -> float:
        """The chance that a Hunter before this seat, meeting the animal too, shot it."""
        miss = 1.0
        for seat in self.live[:self.live.index(self.seat)]:
            if card["icons"][self.live.index(seat)] != "animal-attack":
                continue
            action = next(h for h in self.obs["hunters"] if h["seat"] == seat)["action"]
            if action == "shoot":
                return 1.0
            if action in (None, "face down"):
                miss *= 1 - self.shoot_rate(seat)
        return 1 - miss

    def shoot_rate(self, seat: str) -> float:
        """How often the Hunter in `seat` has shot, by the Actions turned up each round
        (the public log), starting from `OTHERS_SHOOT` as two rounds' worth."""
        index = self.game.seat_names.index(seat)
        shown = [entry["actions"][index] for entry in self.obs["log"]
                 if entry["event"] == "fate-revealed" and entry["actions"][index] is not None]
        return (shown.count("shoot") + 2 * OTHERS_SHOOT) / (len(shown) + 2)

    def outcome(self, card: FateCardSeen, action: str, flees_left: int) -> float:
        """What this seat expects in points if `card` is left and its Action is `action`,
        with `flees_left` Flees in hand to play at the personal fate."""
        icon, ability = _icon(card, self.obs, self.seat), self.me["ability"]
        hand = self.hand - (1 if self.obs["stage"] == "play" else 0) \
            + EVENT_CARDS.get(card["event"], 0.0)
        trophies, cards = _personal(icon, action, ability, True)
        branches: list[tuple[float, float, int]] = []  # (chance, trophies, cards)
        if icon == "animal-attack" and action != "flee":
            shot = self.earlier_shot(card)
            after = (1.0 if ability == "sharp-eye" else 0.0) if action == "shoot" else 0.0
            branches = [(1 - shot, trophies, cards), (shot, after, 0)]
        else:
            branches = [(1.0, trophies, cards)]
        base = self.hand_worth(hand)
        value = 0.0
        for chance, got, delta in branches:
            if card["event"] == "backtrack" and action == "shoot" and not got:
                got = 0.9  # the discards nearly always hold a card to take
            if card["event"] == "scavengers" and self.me["trophies"]:
                got -= 0.3
            worth = got + self.hand_worth(hand + delta) - base
            if flees_left and delta < 0 and icon not in REGARDLESS_OF_ACTION and hand > 1:
                worth = max(worth, self.hand_worth(hand - 1) - base)  # flee then
            value += chance * worth
        return value

    def survival(self, cards: Sequence[FateCardSeen], drop: str | None) -> dict[str, float]:
        """The chance each card is the one left when this seat discards `drop` (None
        when it has discarded already) and each later Hunter then discards the card
        worst for it by its icon (a tie split evenly)."""
        left = [card for card in cards if card["id"] != drop]
        start = self.live.index(self.seat) + 1
        later = self.live[start:] if self.seat in self.live else []
        if drop is None:  # discarded already: the Hunters after this seat still to come
            later = later[len(later) - (len(left) - 1):] if len(left) > 1 else []
        odds: dict[str, float] = {}
        self._spread(left, [self.live.index(s) for s in later], 1.0, odds)
        return odds

    def _spread(self, left: list[FateCardSeen], places: list[int], chance: float,
                odds: dict[str, float]) -> None:
        if len(left) <= 1 or not places:
            for card in left:
                odds[card["id"]] = odds.get(card["id"], 0.0) + chance / len(left)
            return
        place = places[0]
        pain = [_dislike(card["icons"][place], bool(self.obs["fate_discards"]))
                for card in left]
        worst = [card for card, p in zip(left, pain, strict=True) if p == max(pain)]
        for card in worst:
            self._spread([c for c in left if c is not card], places[1:],
                         chance / len(worst), odds)

    def rival_gain(self, card: FateCardSeen) -> float:
        """What the leading rival may win from `card`: trophies it can take."""
        leader = self.leader
        if leader is None or leader["seat"] not in self.live:
            return 0.0
        icon = _icon(card, self.obs, leader["seat"])
        if icon == "opportunity-shot" and self.obs["fate_discards"]:
            return 1.0
        if icon == "animal-attack":
            if leader["action"] in (None, "face down"):
                return self.shoot_rate(leader["seat"])
            return 1.0 if leader["action"] == "shoot" else 0.0
        return 0.0

    def expected(self, odds: Mapping[str, float], action: str, flees_left: int) -> float:
        cards = {card["id"]: card for card in self.obs["fate_up"]}
        lead = len(self.leader["trophies"]) >= len(self.me["trophies"]) if self.leader else False
        weight = RIVAL_WEIGHT if lead else RIVAL_WEIGHT / 3
        return sum(chance * (self.outcome(cards[cid], action, flees_left)
                             - weight * self.rival_gain(cards[cid]))
                   for cid, chance in sorted(odds.items()))

    def play_value(self, action: str) -> float:
        """The Action's worth with this seat's own Fate discard still to come (the best
        one for it), less what the card is worth kept for later rounds."""
        flees = self.obs["hand"]["flee"] - (action == "flee")
        cards = list(self.obs["fate_up"])
        best = max(self.expected(self.survival(cards, card["id"]), action, flees)
                   for card in cards) if len(cards) > 1 else \
            self.expected(self.survival(cards, None), action, flees)
        return best - self.keep_worth(action)

    def discard_fate_value(self, fate: str) -> float:
        """What this seat expects after discarding `fate`, its Action already chosen."""
        action = self.me["action"] or "camp"
        flees = self.obs["hand"]["flee"]
        return self.expected(self.survival(self.obs["fate_up"], fate), action, flees)

    def should_flee(self) -> bool:
        """Flee when the threatened loss is worth more than the Flee card, counting what
        the hand limit would throw away and what the Goal asks."""
        threat = self.obs["threat"]
        if threat is None or threat["effect"] not in ("lose", "misfire") or self.hand <= 1:
            return False
        lost = threat["count"]
        return self.hand_worth(self.hand - 1) > self.hand_worth(self.hand - lost) + 0.05

    # -- trophies, the deck, the others -------------------------------------------------

    def goal_worth(self, goal_id: str) -> float:
        """A Goal's points times how often a Hunter playing for it meets it."""
        goal = self.game.goals[goal_id]
        if goal.condition == "most-trophies":
            odds = 1.0 / max(2, len(self.obs["hunters"]))
        elif goal.condition == "hand-at-end" and self.limit < (goal.count or 0):
            odds = 0.0
        else:
            odds = GOAL_ODDS.get(goal.condition, 0.2)
        return goal.points * odds

    def trophy_worth(self, fate: str) -> float:
        """A trophy's worth to the Goal (progress now, points if it completes it), and
        a little for an animal the Scavengers are less likely to turn over."""
        animal = self.game.fate[fate].animal
        mine = list(self.me["trophies"])
        goal = self.goal
        now = _goal_points(self.game, goal.id if goal else None, mine, self.hand, True,
                           self.best_rival)
        then = _goal_points(self.game, goal.id if goal else None, [*mine, animal], self.hand,
                            True, self.best_rival)
        worth = float(then - now)
        if goal is not None and _progress(goal, animal, mine):
            worth += 0.5
        unseen = [card for card in self.game.fate.values()
                  if card.animal == animal and not self._seen_fate(card.id)]
        return worth - 0.01 * len(unseen)

    def _seen_fate(self, fate: str) -> bool:
        obs = self.obs
        return any(card["id"] == fate for card in (*obs["fate_up"], *obs["fate_discards"]))

    def pool(self) -> dict[str, int]:
        """Action cards per kind this seat cannot place: the deck's copies less its own
        hand and Action, the cards under the deck, those on the table face up and
        those the others are known to hold."""
        obs = self.obs
        pool = {kind: (obs["deck_counts"][kind] - obs["hand"][kind]
                            - list(obs["deck_bottom"]).count(kind)
                            - list(obs["vine"]).count(kind)) for kind in KINDS}
        for hunter in obs["hunters"]:
            if hunter["action"] in KINDS:
                pool[hunter["action"] or ""] -= 1
            if hunter["seat"] != self.seat:
                for kind, count in sorted(hunter["known_cards"].items()):
                    pool[kind] -= count
        return {kind: max(0, count) for kind, count in pool.items()}

    def find_chance(self, kind: str) -> float:
        """The chance the Vine Bridge turns up `kind`: the shuffled part first (drawn
        from the cards this seat cannot place), then the known cards under it."""
        obs = self.obs
        reveal = 3 if self.me["ability"] == "pathfinder" else 2
        bottom = list(obs["deck_bottom"])
        fresh = max(0, obs["action_deck"] - len(bottom))
        from_fresh = min(reveal, fresh)
        pool = self.pool()
        total = sum(pool.values())
        miss = 1.0
        if from_fresh and total > 0:
            miss = comb(total - pool[kind], from_fresh) / comb(total, from_fresh) \
                if total >= from_fresh else 1.0
        if kind in bottom[:reveal - from_fresh]:
            miss = 0.0
        return 1 - miss

    def match_cost(self, kind: str) -> float:
        """Jungle Fever: the chance another Hunter shows `kind` too, times what losing
        one such card costs this seat."""
        pool = self.pool()
        total = sum(pool.values()) or 1
        miss = 1.0
        for hunter in self.obs["hunters"]:
            if hunter["seat"] == self.seat or not hunter["alive"] or not hunter["hand_size"]:
                continue
            known = hunter["known_cards"].get(kind, 0)
            unknown = hunter["hand_size"] - sum(hunter["known_cards"].values())
            shows = min(1.0, (known + unknown * pool[kind] / total) / hunter["hand_size"])
            miss *= 1 - shows
        loss = self.hand_worth(self.hand) - self.hand_worth(self.hand - 1) \
            + self.keep_worth(kind)
        return (1 - miss) * loss

    def victim_worth(self, target: str) -> float:
        """Hunting Accident: hurt the strongest rival, most of all one it would kill
        (3 points off, and the game ends the round after)."""
        if target == self.seat:
            return -10.0
        hunter = next(h for h in self.obs["hunters"] if h["seat"] == target)
        worth = len(hunter["trophies"]) + 1.0 / max(1, hunter["hand_size"])
        if hunter["hand_size"] == 1:
            worth += DEATH
        return worth


def _progress(goal: Goal, animal: str, mine: Sequence[str]) -> bool:
    """Whether a trophy of `animal` brings a Goal of trophies nearer."""
    if goal.condition == "animal-count":
        return animal == goal.animal
    if goal.condition == "one-of-each":
        return animal not in mine
    return goal.condition == "two-pairs" and mine.count(animal) == 1


def _dislike(icon: str, discards: bool) -> float:
    """How much a Hunter, whose Action the planner cannot see, would want to be rid of
    a card bearing `icon` for it (higher: more likely to be discarded)."""
    return {"pitfall": 1.0, "misfire": 0.8, "natives": 0.3, "animal-attack": 0.0,
            "reload": -0.5, "opportunity-shot": -1.0 if discards else 0.5}[icon]
