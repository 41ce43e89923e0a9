"""Hunting Party rules of thumb, from one Hunter's observation only.

Cards in hand are life (a Hunter with none dies and loses 3 points), trophies are
points. Each outcome is valued in points: a trophy 1, a card more the fewer are
held. Play the Action with the best outcome averaged over the face-up Fate cards
(any of them may be the one left), then discard the face-up card that would treat
you worst; flee from the hand when the fate costs 2 cards or could kill (never from
Pitfall or Reload, which a Flee does not avoid); discard the kind held most (keeping
a Flee); take trophies that serve the Goal; aim accidents at the Hunter with most
trophies.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hunt.models.hunting_party.observation import HunterSeen, PartySeen
from hunt.models.hunting_party.state import (
    FLEE_NOW,
    KINDS,
    NO_FLEE,
    REGARDLESS_OF_ACTION,
    PartyAction,
)

if TYPE_CHECKING:
    from hunt.models.hunting_party.rules import HuntingPartyGame

BAG_CHANCE = 0.7
"""How often an Animal Attack met with Shoot is still there to bag (an earlier
Hunter may have shot it first)."""
GOAL_EASE = {"one-of-each": 0.1, "animal-count": 0.2, "hand-at-end": 0.75,
             "hand-at-most": 0.15, "two-pairs": 0.28}
"""How often heuristic Hunters meet each Goal kind (scripts/hunting_party_report.py;
most-trophies: about one in the number of players)."""


def card_worth(hand: int) -> float:
    """Points one Action card is worth with `hand` cards held: near death, a lot."""
    return 1.2 if hand <= 2 else 0.5 if hand <= 4 else 0.2


def outcome(icon: str, action: str | None, ability: str, hand: int, discards: bool) -> float:
    """The value in points of personal fate `icon` against `action` (None: no Action)."""
    if action == "flee" and icon not in REGARDLESS_OF_ACTION:
        return 0.0
    card = card_worth(hand)
    if icon == "animal-attack":
        if action == "shoot":
            return BAG_CHANCE
        return -(1 if ability == "thick-hide" else 2) * card
    if icon == "natives":
        if action == "camp":
            return (3 if ability == "native-tongue" else 2) * card_worth(hand + 1)
        return 0.0 if ability == "native-tongue" else -2 * card
    if icon == "misfire":
        return 0.0 if ability == "steady-hands" else -card
    if icon == "opportunity-shot":
        return 1.0 if discards else 0.0
    if icon == "pitfall":
        return -card
    return card_worth(hand + 1)  # reload


def event_value(event: str, action: str | None, hand: int, trophies: int) -> float:
    """The value in points of a party event for one Hunter."""
    # A chain, not a table of every value: this runs for each Fate card of each
    # Action weighed at every playout step.
    if event == "quicksand":
        return -card_worth(hand)
    if event == "resupply":
        return 2 * card_worth(hand + 1)
    if event in ("jungle-fever", "vine-bridge"):
        return -0.5 * card_worth(hand)
    if event == "hunting-accident":
        return 0.0 if action == "shoot" else -0.3 * card_worth(hand)
    if event == "backtrack":
        return 0.5 if action == "shoot" else 0.0
    if event == "scavengers":
        return -0.2 * trophies
    return 0.0


def heuristic_action(game: HuntingPartyGame, seen: PartySeen,
                     legal_actions: Sequence[PartyAction], rng: random.Random) -> PartyAction:
    """The heuristic's choice among `legal_actions` for the Hunter whose view `seen` is."""
    legal = list(legal_actions)
    if len(legal) == 1:
        return legal[0]
    # Each stage reads only the parts of the view it needs: a playout's view builds a
    # part when it is first read (`PartyViews.playout_view`).
    stage = seen["stage"]
    if stage == "keep-goal":
        return max(legal, key=lambda a: _goal_value(game, a.arg))
    if stage in ("discard", "jungle"):
        counts = seen["hand"]
        return max(legal, key=lambda a: counts[a.arg] - (1.5 if a.arg == "flee" else 0))
    hand = sum(seen["hand"].values())
    if stage == "play":
        me = _me(seen)
        return max(legal, key=lambda a: (_play_value(seen, me, a.arg, hand), rng.random()))
    if stage == "discard-fate":
        me = _me(seen)
        return min(legal, key=lambda a: (_card_value(seen, me, a.arg, hand), rng.random()))
    if stage == "flee-window":
        threat = seen["threat"]
        if threat is None:
            raise ValueError("only the view of the Hunter at its Flee window holds the threat")
        losing = threat["effect"] in ("lose", "misfire") \
            and threat["icon"] not in REGARDLESS_OF_ACTION  # a Flee would not avoid those
        worth = losing and hand > 1 and (threat["count"] >= 2 or hand <= 2)
        return FLEE_NOW if worth else NO_FLEE
    if stage == "take-trophy":
        me = _me(seen)
        return max(legal, key=lambda a: (_trophy_value(game, seen, me, a.arg), rng.random()))
    if stage == "name":
        unseen = {kind: seen["deck_counts"][kind] - seen["hand"][kind]
                  - seen["deck_bottom"].count(kind) for kind in KINDS}
        return max(legal, key=lambda a: unseen[a.arg])
    if stage == "accident":
        trophies = {h["seat"]: len(h["trophies"]) for h in seen["hunters"]}
        others = [a for a in legal if a.arg != seen["seat"]] or legal
        return max(others, key=lambda a: (trophies[a.arg], rng.random()))
    return rng.choice(legal)


def _me(seen: PartySeen) -> HunterSeen:
    """The view's own Hunter."""
    return next(h for h in seen["hunters"] if h["seat"] == seen["seat"])


def _position(seen: PartySeen) -> int:
    return seen["live_order"].index(seen["seat"])


def _play_value(seen: PartySeen, me: HunterSeen, action: str, hand: int) -> float:
    position = _position(seen)
    after = hand - 1
    discards = bool(seen["fate_discards"])
    values = [outcome(card["icons"][position], action, me["ability"], after, discards)
              + event_value(card["event"], action, after, len(me["trophies"]))
              for card in seen["fate_up"]]
    keep_flee = 0.3 if action == "flee" and seen["hand"]["flee"] == 1 else 0.0
    return sum(values) / len(values) - keep_flee


def _card_value(seen: PartySeen, me: HunterSeen, card_id: str, hand: int) -> float:
    card = next(c for c in seen["fate_up"] if c["id"] == card_id)
    action = me["action"]
    discards = bool(seen["fate_discards"])
    return outcome(card["icons"][_position(seen)], action, me["ability"], hand, discards) \
        + event_value(card["event"], action, hand, len(me["trophies"]))


def _goal_value(game: HuntingPartyGame, goal_id: str) -> float:
    goal = game.goals[goal_id]
    ease = GOAL_EASE.get(goal.condition, 1 / game.players)
    return goal.points * ease


def _trophy_value(game: HuntingPartyGame, seen: PartySeen, me: HunterSeen,
                  card_id: str) -> float:
    kept = seen["goal"]
    if kept is None:
        return 0.0
    animal = game.fate[card_id].animal
    held = me["trophies"].count(animal)
    goal = game.goals[kept["id"]]
    if goal.condition == "animal-count":
        return 1.0 if goal.animal == animal else 0.0
    if goal.condition == "one-of-each":
        return 1.0 if held == 0 else 0.0
    if goal.condition == "two-pairs":
        return 1.0 if held == 1 else 0.0
    return 0.0
