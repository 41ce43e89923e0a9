"""The Hunt's hand-written player for the population: it plays from the tracker.

`TrackerPlayer` ("tracker") reads what the rules make public the way the tracker
does (`hunt.models.the_hunt.tracker`): the British belief over the Graf Spee's hex.
Both sides can compute it, since every event it is built from is public, and it plays
each side from it, not from the game's rules of thumb:

- **British**: each Force's plan for the turn is a search where the belief is (after a
  move if the AP allow), chosen together for the most chance of a find within the
  turn's AP; Intelligence +1 is bought for a search on a likely hex, a Hint when the
  belief is spread and AP remain to act on it; Forces H and K are brought in early;
  Mile by Mile's free searches are taken where the Forces stand on belief, Harwood's
  Intuition is asked where it halves the belief.
- **German**: it moves where the British belief after the move stays low and no
  Force can reach, towards Freight Ships it can attack with the AP it has, and flees
  after an attack; it plays its weakest Battle cards for AP and keeps the strong ones;
  it refills beside the Altmark only when the refill tells the British little, and
  places a forced Hint where the belief is widest.
- **Battle**: each duel its strongest card (Radar first, Scuttling kept for the
  fifth duel, Montevideo never left for it).

It decides from its seat's observation and the belief its seat can compute, never from
hidden state, and without chance: equal choices are broken by the action itself.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from hunt.models.players import Player
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
from hunt.models.the_hunt.advice import roll_chance
from hunt.models.the_hunt.observation import TheHuntObservation, freight_targets, raider_hex
from hunt.models.the_hunt.rules import TheHuntGame, TheHuntState
from hunt.models.the_hunt.steps import BRITISH, GERMAN
from hunt.models.the_hunt.tracker import GrafSpeeTracker, public_facts

Belief = Mapping[str, float]
"""Hex -> the British belief that the Graf Spee is there."""

POSITION_WEIGHT = 0.25
"""What a Force's final hex is worth beside a search: this share of the belief within
two hexes of it (where it can search next turn)."""
ADVANCE_VALUE = 0.08
"""What advancing a Force on the Strategy track is worth, in chance of a find: a
Force more on the map for every later turn."""
HINT_SPREAD = 5.0
"""The belief's spread (its effective number of hexes) from which a Hint is worth an
Intelligence card: a Hint keeps the raider within 1 hex of a marker, about 7 hexes."""
PLUS_ONE_BELIEF = 0.2
"""The belief on a searched hex from which +1 to the roll is worth a card and 1 AP."""
EXPOSURE_WEIGHT = 4.0
"""How much the German weighs the belief on its hex (where a Force can reach it)
against a step nearer a Freight Ship."""
REFILL_EXPOSURE = 0.3
"""The most belief on its hex after a refill beside the Altmark (which tells the
British it is within 1 hex of it) that the German accepts for two more cards."""


class TrackerPlayer(Player):
    """Both sides of The Hunt, from the public belief over the raider's hex."""

    def choose(self, state: Any, rng: random.Random) -> TheHuntAction:
        """The tracker player's action for the side to act in `state`."""
        assert isinstance(state, TheHuntState)
        legal: list[TheHuntAction] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        seen = state.observation(seat)
        verbs = {action.verb for action in legal}
        if "duel" in verbs:
            return _duel(state.game, seen, legal)
        tracker = GrafSpeeTracker.for_seat(state, seat)
        if seat == BRITISH:
            return _british(state, seen, tracker.posterior(), legal)
        return _german(state, seen, tracker, legal)


# -- the Battle ------------------------------------------------------------------------


def _duel(game: TheHuntGame, seen: TheHuntObservation, legal: list[TheHuntAction]) -> TheHuntAction:
    """The strongest card for this duel."""
    battle = seen["battle"]
    duel = battle["duel"] if battle is not None else 1
    with_g = battle is not None and "G" in battle["forces"]

    def value(action: TheHuntAction) -> tuple[float, str]:
        effect = game.cards[action.arg].effect
        if effect == "scuttling":  # wins the game against Montevideo in duel 5
            return (100 if duel == 5 else -100), action.arg
        if effect == "montevideo":  # loses it in duel 5: spend it before
            return (100 if duel == 4 else -1), action.arg
        return _battle_value(game, action.arg, with_g), action.arg

    return max(legal, key=value)


def _battle_value(game: TheHuntGame, card_id: str, with_g: bool) -> float:
    """A card's worth in a duel: its AP and what its Battle event adds."""
    card = game.cards[card_id]
    worth = float(card.ap)
    if card.effect == "battle-plus-one" or (card.effect == "plus-one-with-g" and with_g):
        worth += 1
    elif card.effect == "next-two-plus-one":
        worth += 2  # its +1 helps the next two cards: first, while they remain
    elif card.effect == "cancel-own-hit":
        worth += 0.5
    return worth


# -- the British -----------------------------------------------------------------------


def spread(belief: Belief) -> float:
    """The belief's effective number of hexes (1 / sum p^2)."""
    return 1.0 / max(1e-12, sum(p * p for p in belief.values()))


def _british(state: TheHuntState, seen: TheHuntObservation, belief: Belief,
             legal: list[TheHuntAction]) -> TheHuntAction:
    game = state.game
    verbs = {action.verb for action in legal}
    if "play" in verbs:
        return _british_card(game, seen, belief, legal)
    if "query" in verbs:  # Harwood's Intuition: where the answer halves the belief
        return min(legal, key=lambda a: (abs(_mass(belief, game.ball[a.hex][2]) - 0.5), a.hex))
    if "advance" in verbs and END not in legal:  # K and H's free advance
        return max(legal, key=lambda a: (seen["strategy"].get(a.arg, 0), a.arg))
    if "convoy" in verbs:  # the Freight Ship nearest its port
        return min(legal, key=lambda a: (len(game.freighters[a.arg].route), a.arg))
    if "react" in verbs:
        return _british_reaction(game, seen, legal)
    if verbs <= {"pass", "intel"}:  # Intelligence before a search's roll
        searched = seen["step_data"][2] if len(seen["step_data"]) == 3 else ""
        plus = [a for a in legal if a.verb == "intel"
                and game.cards[a.arg].intelligence in ("plus-one", "both")]
        if plus and belief.get(searched, 0.0) >= PLUS_ONE_BELIEF:
            return min(plus, key=lambda a: (_keep_value(game, a.arg), a.arg))
        return PASS
    return _british_actions(game, seen, belief, legal)


def _mass(belief: Belief, hexes: frozenset[str]) -> float:
    """The belief on `hexes`. Summed exactly (`math.fsum`): a plain sum of floats in
    the set's order, which follows the hash seed, differs in its last bits from run to
    run, and two plans as good as each other then fall in another order."""
    return math.fsum(belief.get(h, 0.0) for h in hexes)


def _keep_value(game: TheHuntGame, card_id: str) -> float:
    """What a card in hand is worth keeping: its Battle value, and a reaction's use."""
    card = game.cards[card_id]
    worth = float(card.ap)
    if card.event == "battle":
        worth += 1
    if card.event == "reaction":
        worth += 1.5
    return worth


def _british_card(game: TheHuntGame, seen: TheHuntObservation, belief: Belief,
                  legal: list[TheHuntAction]) -> TheHuntAction:
    forces = {f: h for f, h in seen["forces"].items() if h is not None}
    # the chance of a Battle worth having where the Forces stand (Mile by Mile)
    on_forces = sum(belief.get(where, 0.0) * find_worth(
        game, seen, [f for f, h in forces.items() if h == where])
        for where in sorted(set(forces.values())))
    events = {game.cards[a.arg].effect: a for a in legal if a.mode == "event"}
    if "free-searches" in events and on_forces >= 0.2:
        return events["free-searches"]
    if "proximity-query" in events and spread(belief) > 10:
        return events["proximity-query"]
    if "roll-bonus" in events and _best_reach(game, forces, belief, 1) >= 0.25:
        return events["roll-bonus"]  # its AP as well, and +1 to the searches
    if "strategy-advance" in events and seen["strategy"] \
            and _best_reach(game, forces, belief, 2) < 0.1:
        return events["strategy-advance"]
    plays = [a for a in legal if a.mode == "ap"]
    return max(plays, key=lambda a: (game.cards[a.arg].ap - _keep_value(game, a.arg) / 2,
                                     a.arg))


def _best_reach(game: TheHuntGame, forces: Mapping[str, str], belief: Belief,
                steps: int) -> float:
    """The most belief on one hex within `steps` of a Force."""
    return max((belief.get(h, 0.0) for where in forces.values()
                for h in game.ball[where][steps]), default=0.0)


def _british_reaction(game: TheHuntGame, seen: TheHuntObservation,
                      legal: list[TheHuntAction]) -> TheHuntAction:
    """Cancel every German attack, and the events that sink or push away."""
    reactions = sorted(a for a in legal if a.verb == "react")
    if seen["step_data"] == ["cancel-roll"]:
        return reactions[0]
    played = _last(seen, "card-played")
    if played is not None and game.cards[played["card"]].effect in ("free-attack",
                                                                    "move-enemy-force"):
        return reactions[0]
    return PASS


def _last(seen: TheHuntObservation, kind: str) -> dict[str, Any] | None:
    return next((entry for entry in reversed(seen["log"]) if entry["event"] == kind), None)


Plan = tuple[int, float, tuple[TheHuntAction, ...]]
"""A Force's option for the turn: its AP, its worth, and its actions in order."""


def _british_actions(game: TheHuntGame, seen: TheHuntObservation, belief: Belief,
                     legal: list[TheHuntAction]) -> TheHuntAction:
    """One step of the turn's best plan: a Hint first when the belief is spread, the
    Forces' moves, +1 for the searches that pay for it, the searches, an advance."""
    ap = seen["ap"]
    bonus = seen["turn_state"]["search_bonus"]
    intel = [a for a in legal if a.verb == "intel"]
    hints = [a for a in intel if game.cards[a.arg].intelligence in ("hint", "both")]
    if hints and ap >= 3 and spread(belief) >= HINT_SPREAD and not seen["hints"]:
        return min(hints, key=lambda a: (_keep_value(game, a.arg), a.arg))
    options = [_force_plans(game, seen, belief, legal, force, bonus)
               for force in sorted(seen["forces"])]
    advances = [a for a in legal if a.verb == "advance"]
    if advances:
        best = max(advances, key=lambda a: (seen["strategy"].get(a.arg, 0), a.arg))
        options.append([(game.tracks.advance_cost, ADVANCE_VALUE, (best,))])
    best_plan: tuple[float, int, tuple[Plan, ...]] = (0.0, 0, ())
    for combo in itertools.product(*[[None, *choices] for choices in options]):
        chosen = tuple(plan for plan in combo if plan is not None)
        cost = sum(plan[0] for plan in chosen)
        if cost > ap:
            continue
        worth = sum(plan[1] for plan in chosen)
        if (worth, -cost) > best_plan[:2]:
            best_plan = (worth, -cost, chosen)
    chosen = best_plan[2]
    steps = [action for plan in chosen for action in plan[2]]
    moves = [a for a in steps if a.verb == "move"]
    if moves:
        return moves[0]
    searches = [a for a in steps if a.verb == "search"]
    spare = ap + best_plan[1]  # AP the plan leaves
    plus = [a for a in intel if game.cards[a.arg].intelligence in ("plus-one", "both")]
    forces = seen["forces"]
    if searches and plus and spare >= 1 and max(
            belief.get(forces[a.arg] or "", 0.0) for a in searches) >= PLUS_ONE_BELIEF:
        return min(plus, key=lambda a: (_keep_value(game, a.arg), a.arg))
    if steps:
        return steps[0]
    return END


def battle_edge(game: TheHuntGame, seen: TheHuntObservation, forces: Sequence[str]) -> float:
    """From -1 to 1: how the British may expect a Battle with `forces` on their side to
    go (1: won), from their hand (filled to the Battle hand with average cards) and the
    Forces' bonus in every duel, against a German hand of average cards among those
    neither discarded nor removed (both public)."""
    size, duels = game.rules["battle_hand_size"], game.rules["duels"]
    with_g = "G" in forces

    def worth(card_id: str) -> float:
        return _battle_value(game, card_id, with_g)

    british_deck = [worth(c) for c, n in game.deck_lists[BRITISH].items() for _ in range(n)]
    own = sorted((worth(c) for c in seen["hand"]), reverse=True)[:size]
    ours = sum(own) + (size - len(own)) * sum(british_deck) / len(british_deck) \
        + duels * sum(game.force_bonus[f] for f in forces)
    unseen = dict(game.deck_lists[GERMAN])
    for pile in (seen["discard_counts"][GERMAN], seen["removed_counts"][GERMAN]):
        for card, count in pile.items():
            unseen[card] -= count
    cards = sum(unseen.values())
    theirs = size * sum(worth(c) * n for c, n in unseen.items()) / max(1, cards)
    # a duel won is about 1.5 AP ahead: 5 duels decide by about 7 AP in all
    return max(-1.0, min(1.0, (ours - theirs + 1) / 7))


def find_worth(game: TheHuntGame, seen: TheHuntObservation, forces: Sequence[str]) -> float:
    """What finding the raider with `forces` is worth to the British: their chance in
    the Battle (`battle_edge`) above their chance of winning without it, which falls
    with every Freight Ship sunk (the German wins at the fifth)."""
    won = (1 + battle_edge(game, seen, forces)) / 2
    sunk = len(seen["sunk"]) / game.rules["freighters_to_win"]
    return won - max(0.1, 0.5 - 0.5 * sunk)


def _force_plans(game: TheHuntGame, seen: TheHuntObservation, belief: Belief,
                 legal: list[TheHuntAction], force: str, bonus: int) -> list[Plan]:
    """The options of one Force this turn: search where it is, or move and search
    there, or only move (to stand where the belief is near); the best few."""
    where = seen["forces"][force]
    if where is None:
        return []
    search = TheHuntAction("search", force)
    # a find starts the Battle: worth what the British may expect of it
    chance = roll_chance(game, bonus) * find_worth(game, seen, [force])
    can_search = search in legal
    free = seen["ap"] == 0  # Mile by Mile: searches at no AP

    def standing(hex_id: str) -> float:
        return POSITION_WEIGHT * _mass(belief, game.ball[hex_id][2]) / 7

    plans: list[Plan] = []
    if can_search and belief.get(where, 0.0) > 0:
        plans.append((0 if free else 1, belief[where] * chance + standing(where), (search,)))
    for move in (a for a in legal if a.verb == "move" and a.arg == force):
        joined = [f for f, h in seen["forces"].items() if h == move.hex and f != force]
        gain = belief.get(move.hex, 0.0) * roll_chance(game, bonus) \
            * find_worth(game, seen, [force, *joined])
        if can_search and gain > 0:
            plans.append((move.n + 1, gain + standing(move.hex), (move, search)))
        plans.append((move.n, standing(move.hex) - standing(where), (move,)))
    plans.sort(key=lambda plan: (-plan[1], plan[0], plan[2]))
    return [plan for plan in plans if plan[1] > 0][:6]


# -- the German ------------------------------------------------------------------------


def _german(state: TheHuntState, seen: TheHuntObservation, tracker: GrafSpeeTracker,
            legal: list[TheHuntAction]) -> TheHuntAction:
    game = state.game
    belief = tracker.posterior()
    verbs = {action.verb for action in legal}
    if "start" in verbs:  # far from Force G's entry, near the Freight Ships' courses
        return min(legal, key=lambda a: (_start_score(game, a.hex), a.hex))
    if "altmark" in verbs:
        raider = raider_hex(seen)
        return min(legal, key=lambda a: (abs(game.hex_distance(a.hex, raider) - 1), a.hex))
    if "play" in verbs:
        return _german_card(game, seen, belief, legal)
    if "plane" in verbs:  # the attack stands: the airplane makes it a 3+
        return PLANE
    if "hint" in verbs and seen["step_data"] == ["false-hint"]:
        # Marconi's false trail: the British rule out 2 hexes around it, so where that
        # rules out the least belief
        return min(legal, key=lambda a: (_mass(belief, game.ball[a.hex][2]), a.hex))
    if "hint" in verbs:  # where the Hint leaves the most belief beside the raider
        return max(legal, key=lambda a: (_mass(belief, game.ball[a.hex][1]), a.hex))
    if "shift" in verbs:  # push the Force farthest from the raider
        raider = raider_hex(seen)
        return max(legal, key=lambda a: (game.hex_distance(a.hex, raider), a.arg, a.hex))
    if "redraw" in verbs:
        return _refill(game, seen, belief, legal)
    if "react" in verbs:
        return _german_reaction(game, seen, legal)
    return _german_actions(state, seen, tracker, legal)


def _start_score(game: TheHuntGame, hex_id: str) -> tuple[int, int]:
    near_g = game.hex_distance(hex_id, game.tracks.entry_hex) < 4
    course = min(game.hex_distance(hex_id, h) for freighter in game.freighters.values()
                 for h in freighter.route)
    return int(near_g), course


def _german_card(game: TheHuntGame, seen: TheHuntObservation, belief: Belief,
                 legal: list[TheHuntAction]) -> TheHuntAction:
    raider = raider_hex(seen)
    forces = [h for h in seen["forces"].values() if h is not None]
    near = min((game.hex_distance(raider, h) for h in forces), default=9)
    on_freighter = any(f["hex"] == raider for f in seen["freighters"].values())
    events = {game.cards[a.arg].effect: a for a in legal if a.mode == "event"}
    if "free-attack" in events and near > 2:
        return events["free-attack"]
    if "roll-bonus" in events and on_freighter:
        return events["roll-bonus"]  # its AP as well, and +1 to the attack
    if "move-enemy-force" in events and near <= 1 and belief.get(raider, 0.0) > 0.1:
        return events["move-enemy-force"]
    need = _ap_wanted(game, seen)
    plays = sorted((a for a in legal if a.mode == "ap"),
                   key=lambda a: (_keep_value(game, a.arg), a.arg))
    enough = [a for a in plays if game.cards[a.arg].ap + seen["reserve"] >= need]
    return enough[0] if enough else plays[0]


def _ap_wanted(game: TheHuntGame, seen: TheHuntObservation) -> int:
    """The AP that reach the nearest Freight Ship's course, attack it and slip away."""
    raider = raider_hex(seen)
    steps = min((game.hex_distance(raider, f["hex"]) for f in seen["freighters"].values()),
                default=9)
    if steps > 3:
        return 2  # a move of up to 2 hexes towards them
    return (AP_FOR_STEPS[steps] if steps else 0) + ATTACK_AP + 1


def _refill(game: TheHuntGame, seen: TheHuntObservation, belief: Belief,
            legal: list[TheHuntAction]) -> TheHuntAction:
    """Two cards more beside the Altmark only when the belief they leave on the raider's
    hex (kept within 1 of the Altmark) stays low."""
    raider, altmark = raider_hex(seen), seen["altmark"] or ""
    near = _mass(belief, game.ball[altmark][1])
    after = belief.get(raider, 0.0) / near if near > 0 else 1.0
    most, fewest = max(legal, key=lambda a: a.n), min(legal, key=lambda a: a.n)
    return most if after <= REFILL_EXPOSURE else fewest


def _german_reaction(game: TheHuntGame, seen: TheHuntObservation,
                     legal: list[TheHuntAction]) -> TheHuntAction:
    """Cancel a search of the raider's own hex (or a find there), and the British events
    that would find it."""
    reactions = sorted(a for a in legal if a.verb == "react")
    asked = seen["step_data"][:1]
    if asked == ["disguise"]:
        return reactions[0]
    if asked == ["cancel-roll"]:
        search = _last(seen, "search")
        return reactions[0] if search is not None and search["hex"] == seen["graf_spee"] \
            else PASS
    played = _last(seen, "card-played")
    if played is not None and game.cards[played["card"]].effect in ("free-searches",
                                                                    "proximity-query"):
        return reactions[0]
    return PASS


def _german_actions(state: TheHuntState, seen: TheHuntObservation, tracker: GrafSpeeTracker,
                    legal: list[TheHuntAction]) -> TheHuntAction:
    """Attack a Freight Ship on the raider's hex; else move where the British belief
    will be low and no Force reaches, towards a Freight Ship it can attack; bring the
    Altmark beside it; repair the airplane with AP to spare."""
    game = state.game
    belief = tracker.posterior()
    raider = raider_hex(seen)
    attacks = [a for a in legal if a.verb == "attack"]
    removed = sum(seen["removed_counts"][GERMAN].values())
    if attacks:
        if REPAIR in legal and removed <= 2 and seen["ap"] >= game.tracks.repair_cost + ATTACK_AP:
            return REPAIR  # a Ready airplane makes it a 3+, not a 5+
        return max(attacks, key=lambda a: a.arg)
    moves = [a for a in legal if a.verb == "move" and a.arg == "graf-spee"]
    if moves:
        facts = public_facts(state)
        after = {}  # the British belief after an announced move of each cost
        for cost in sorted({a.n for a in moves}):
            moved = tracker.copy()
            moved.move(STEPS_FOR_AP[cost], facts)
            after[cost] = moved.posterior()
        best = max(moves, key=lambda a: (_move_score(game, seen, after[a.n], a), -a.n, a.hex))
        if _move_score(game, seen, after[best.n], best) > _stay_score(game, seen, belief):
            return best
    altmark = seen["altmark"]
    altmark_moves = [a for a in legal if a.verb == "move" and a.arg == "altmark"]
    if altmark_moves and altmark is not None and game.hex_distance(altmark, raider) > 1:
        return min(altmark_moves, key=lambda a: (game.hex_distance(a.hex, raider), a.n, a.hex))
    if REPAIR in legal and removed <= 2:
        return REPAIR
    return END


def _danger(game: TheHuntGame, seen: TheHuntObservation, hex_id: str) -> float:
    """How surely a British Force can reach `hex_id` and search it next turn."""
    nearest = min((game.hex_distance(hex_id, h) for h in seen["forces"].values()
                   if h is not None), default=9)
    return 1.0 if nearest <= 2 else 0.5 if nearest == 3 else 0.15


def _chase(game: TheHuntGame, seen: TheHuntObservation, hex_id: str) -> int:
    """Steps from `hex_id` to the nearest hex a Freight Ship will sail through next."""
    targets = freight_targets(game, seen["freighters"])
    return game.nearest_distance(targets)[hex_id] if targets else 0


def _move_score(game: TheHuntGame, seen: TheHuntObservation, after: Belief,
                move: TheHuntAction) -> float:
    """A move of the Graf Spee: the British belief on its new hex `after` the announced
    move spread it, where a Force can reach; a Freight Ship within reach of an attack;
    how near the Freight Ships' courses it ends."""
    exposure = after.get(move.hex, 0.0) * _danger(game, seen, move.hex)
    left = seen["ap"] - move.n
    attack = 0.0
    if left >= ATTACK_AP and not seen["turn_state"]["attacked"] \
            and any(f["hex"] == move.hex for f in seen["freighters"].values()):
        attack = 1.0 - 0.5 * (_danger(game, seen, move.hex) >= 1.0)
    return attack - EXPOSURE_WEIGHT * exposure - 0.15 * _chase(game, seen, move.hex)


def _stay_score(game: TheHuntGame, seen: TheHuntObservation, belief: Belief) -> float:
    """Not moving: the belief stays where it is."""
    raider = raider_hex(seen)
    exposure = belief.get(raider, 0.0) * _danger(game, seen, raider)
    return -EXPOSURE_WEIGHT * exposure - 0.15 * _chase(game, seen, raider)


__all__ = ["TrackerPlayer", "spread"]
