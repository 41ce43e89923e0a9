"""Hunting Party: what each seat sees (observation, heuristic view) and the
determinizer: the no-leak boundary of the game in one file."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Self, cast

from hunt.models.game import CHANCE, pick_by_count
from hunt.models.hunting_party.events import KINDS as EVENTS
from hunt.models.hunting_party.fate import FateSteps
from hunt.models.hunting_party.observation import (
    FateCardSeen,
    GoalSeen,
    HunterObservation,
    HunterSeen,
    PartyObservation,
    PartySeen,
    ThreatSeen,
)
from hunt.models.hunting_party.seats import dealt_line, goals_line
from hunt.models.hunting_party.state import KINDS, PartyAction
from hunt.models.hunting_party.steps import FleeWindow, owner
from hunt.models.seat_record import SEPARATOR

HIDDEN_STEPS = frozenset({"deal-goal", "draw", "keep-goal", "play", "jungle"})
"""Steps whose action only its Hunter sees."""
LEARNED_TOKENS = frozenset({"actions", "jungle", "lost", "personal", "over", "died",
                            "round over", "vine settled"})
"""Public events whose content a seat record cannot tell from the actions' texts."""


def _flat(value: object) -> list[object]:
    if isinstance(value, tuple):
        return [word for item in value for word in _flat(item)]
    return [value]


class PartyViews(FateSteps, partial=True):
    """What each seat sees of a position, and worlds drawn from it."""

    # -- what each seat sees -------------------------------------------------------------

    def stage(self) -> str:
        """The kind of the pending step ("play", "discard-fate", ...; "over" at the end)."""
        return "over" if self.over else self.stack[-1].kind

    def heuristic_view(self, player: int) -> PartySeen:
        """What the heuristics read of `player`'s view, built cheaply for playouts. Every
        container is made here, JSON-able, but the Fate cards' views, which are the
        game's own (read only): `observation` is this, with those copied, and what the
        screen adds."""
        return cast(PartySeen, {key: part(self, player) for key, part in VIEW_PARTS.items()})

    def playout_view(self, player: int) -> PartySeen:
        """`heuristic_view` with each part built when a rule of thumb first reads it: a
        playout's discard reads the hand alone, and a whole view at every step was a
        fifth of a search's time."""
        return cast(PartySeen, PlayoutView(self, player))

    def observation(self, player: int) -> PartyObservation:
        game = self.game
        seen = self.heuristic_view(player)
        to_move = self.current_player()

        def fate_view(card: FateCardSeen) -> FateCardSeen:
            return {**card, "icons": list(card["icons"])}

        def hunter_view(seat: int, hunter_seen: HunterSeen) -> HunterObservation:
            hunter_id = self.hunter[seat]
            hunter = game.hunters[hunter_id] if hunter_id else None
            return {
                **hunter_seen, "hunter": hunter.name if hunter else None,
                "ability_text": hunter.text if hunter else None,
                "hand_limit": hunter.hand_limit if hunter else None,
                "hand_size": sum(self.hands[seat]), "alive": self.alive[seat],
                "known_cards": {KINDS[k]: c for k, c in enumerate(self.known[seat]) if c},
            }

        goal, reveal = seen["goal"], self.jungle[player]
        return {
            **seen,
            "fate_up": [fate_view(card) for card in seen["fate_up"]],
            "fate_discards": [fate_view(card) for card in seen["fate_discards"]],
            "hunters": [hunter_view(seat, hunter) for seat, hunter in enumerate(seen["hunters"])],
            "goal": None if goal is None else {
                **goal, "text": game.goals[goal["id"]].text,
                "points": game.goals[goal["id"]].points, "met": self.goal_met(player)},
            "game": "hunting-party", "round": self.round,
            "to_move": game.seat_names[to_move] if to_move >= 0 else
            ("chance" if to_move == CHANCE else "nobody"),
            "first_hunter": game.seat_names[self.first] if self.round else None,
            "goal_choices": [{"id": g, "text": game.goals[g].text,
                              "points": game.goals[g].points}
                             for g in self.goals_dealt[player]] if goal is None else [],
            "fate_deck": len(self.fate_deck), "fate_reshuffles_left": self.reshuffles,
            "event": self.event or None, "ambush": self.ambush,
            "ambush_next": self.ambush_next,
            "action_deck": self.deck_size(),
            "bagged_by": None if self.bagged_by is None else game.seat_names[self.bagged_by],
            "vine": [KINDS[k] for k in self.vine],
            "my_reveal": None if reveal is None else KINDS[reveal],
            "log": [EVENTS.to_json(event) for event in self.log],
            "scores": self.scores() if self.over else None,
            "result": None if not self.over else self.end_reason(),
        }

    def _action_seen(self, seat: int, player: int) -> str | None:
        """The Action of `seat` as `player` sees it: its kind, "face down", or None."""
        played = self.played[seat]
        if played is None:
            return None
        return "face down" if self.secret_play[seat] and seat != player else KINDS[played]

    def _threat(self, player: int) -> ThreatSeen | None:
        """At `player`'s Flee window: the personal fate it would avoid."""
        step = None if self.over else self.stack[-1]
        if not isinstance(step, FleeWindow) or step.seat != player:
            return None
        icon = step.icon
        effect = self._personal_effect(player, icon)
        assert effect is not None
        return {"icon": icon, "effect": effect[0], "count": effect[1]}

    # -- seat records (`hunt.models.seat_record`) ----------------------------------------

    def public_text(self, action: PartyAction, player: int) -> str:
        """What `player` sees of `action`: another Hunter's Goals dealt and kept, its
        draws, the Action it plays face down and the card it chooses to reveal in the
        Jungle are "?" ("goal ?", "draw ?", "keep ?", "play ?", "reveal ?")."""
        step = self.stack[-1]
        if owner(step) != player and step.kind in HIDDEN_STEPS:
            return f"{action.verb} ?"
        return action.text()

    def learned_text(self, token: Hashable, player: int) -> str | None:
        """What an action showed `player` of hidden cards: the Actions turned up, the
        cards revealed in the Jungle, a card lost from a hand, what a personal Fate did,
        the final scores and the Goals shown for them, a death."""
        if not isinstance(token, tuple) or not token or token[0] not in LEARNED_TOKENS:
            return None
        seats = self.game.info.seat_names
        if token[0] == "actions":  # each seat's Action, or "-" for the dead
            return "actions " + " ".join("-" if kind is None else KINDS[kind]
                                         for kind in token[1])
        if token[0] == "jungle":
            return "jungle " + " ".join(f"{seats[seat]} {KINDS[kind]}" for seat, kind in token[1])
        if token[0] == "lost":
            return f"lost {seats[token[1]]} {KINDS[token[2]]}"
        if token[0] == "over":  # the scores, then each Hunter's Goal shown
            return " ".join(["over", *map(str, token[1]), "goals",
                             *(goal or "-" for goal in token[2])])
        return " ".join(str(word) for word in _flat(token))

    def resample_hidden(self, taken: Sequence[PartyAction], entry: str, player: int,
                        rng: random.Random) -> list[PartyAction] | None:
        """For an entry that shows another Hunter's cards (its Action turned up, a card
        revealed in the Jungle, discarded or lost): the line `taken` with the other
        Hunters' unseen draws dealt again so that they hold them (`seats.dealt_line`).
        For the final scores, then: other Hunters' Goals that give them."""
        line = dealt_line(self, taken, entry, player, rng)
        if any(part.startswith("over ") for part in entry.split(SEPARATOR)):
            return goals_line(self, line or taken, entry, player, rng) or line
        return line

    def determinize(self, player: int, rng: random.Random,
                    prior: Any = None) -> Self:
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


# Each part of the view, built from the state for one seat (the view's keys, in order).

def _seat(state: PartyViews, player: int) -> str:
    return state.game.seat_names[player]


def _stage(state: PartyViews, player: int) -> str:
    return state.stage()


def _live_order(state: PartyViews, player: int) -> list[str]:
    return [state.game.seat_names[seat] for seat in state.live_order()]


def _hunters(state: PartyViews, player: int) -> list[HunterSeen]:
    game = state.game
    return [{"seat": game.seat_names[seat], "ability": state.ability(seat),
             "trophies": [game.fate[t].animal for t in state.trophies[seat]],
             "action": state._action_seen(seat, player)}
            for seat in range(game.players)]


def _hand(state: PartyViews, player: int) -> dict[str, int]:
    return dict(zip(KINDS, state.hands[player], strict=True))


def _goal(state: PartyViews, player: int) -> GoalSeen | None:
    goal = state.goal[player]
    return None if goal is None else {"id": goal}


def _fate_up(state: PartyViews, player: int) -> list[FateCardSeen]:
    return [state.game.card_views[card] for card in state.face_up]


def _fate_discards(state: PartyViews, player: int) -> list[FateCardSeen]:
    return [state.game.card_views[card] for card in state.fate_discards]


def _threat(state: PartyViews, player: int) -> ThreatSeen | None:
    return state._threat(player)


def _deck_counts(state: PartyViews, player: int) -> dict[str, int]:
    return dict(zip(KINDS, state.game.deck_counts, strict=True))


def _deck_bottom(state: PartyViews, player: int) -> list[str]:
    return [KINDS[k] for k in state.returned]


VIEW_PARTS: dict[str, Callable[[PartyViews, int], Any]] = {
    "seat": _seat, "stage": _stage, "live_order": _live_order, "hunters": _hunters,
    "hand": _hand, "goal": _goal, "fate_up": _fate_up, "fate_discards": _fate_discards,
    "threat": _threat, "deck_counts": _deck_counts, "deck_bottom": _deck_bottom}
"""How each part of a Hunter's heuristic view (`PartySeen`) is built from the state."""


class PlayoutView(dict[str, Any]):
    """A heuristic view that builds each part (`VIEW_PARTS`) when it is first read, for
    the playouts: what a rule of thumb reads is exactly the heuristic view's part, and
    it answers nothing else (reading any other key fails; the state it builds from is
    its own private slot, which no rule of thumb reads)."""

    __slots__ = ("_player", "_state")

    def __init__(self, state: PartyViews, player: int) -> None:
        super().__init__()
        self._state = state
        self._player = player

    def __missing__(self, key: str) -> Any:
        value = self[key] = VIEW_PARTS[key](self._state, self._player)
        return value
