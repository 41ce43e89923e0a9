"""Hunting Party: what each seat sees (observation, heuristic view) and the
determinizer: the no-leak boundary of the game in one file."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Self

from hunt.models.game import CHANCE, pick_by_count
from hunt.models.hunting_party.fate import FateSteps
from hunt.models.hunting_party.observation import (
    FateCardSeen,
    HunterObservation,
    HunterSeen,
    PartyObservation,
    PartySeen,
    ThreatSeen,
)
from hunt.models.hunting_party.state import KINDS, PartyAction
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

    def _threat(self, player: int) -> ThreatSeen | None:
        """At `player`'s Flee window: the personal fate it would avoid."""
        if self.over or self.stack[-1].kind != "flee-window" or self.stack[-1].seat != player:
            return None
        icon = self.stack[-1].data[0]
        effect = self._personal_effect(player, icon)
        assert effect is not None
        return {"icon": icon, "effect": effect[0], "count": effect[1]}

    # -- seat records (`hunt.models.seat_record`) ----------------------------------------

    def public_text(self, action: PartyAction, player: int) -> str:
        """What `player` sees of `action`: another Hunter's Goals dealt and kept, its
        draws, the Action it plays face down and the card it chooses to reveal in the
        Jungle are "?" ("goal ?", "draw ?", "keep ?", "play ?", "reveal ?")."""
        step = self.stack[-1]
        owner = step.data[0] if step.seat == CHANCE and step.data else step.seat
        if owner != player and step.kind in HIDDEN_STEPS:
            return f"{action.verb} ?"
        return action.text()

    def learned_text(self, token: Hashable, player: int) -> str | None:
        """What an action showed `player` of hidden cards: the Actions turned up, the
        cards revealed in the Jungle, a card lost from a hand, what a personal Fate did,
        the final scores (Goals counted), a death."""
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
        return " ".join(str(word) for word in _flat(token))

    def resample_hidden(self, taken: Sequence[PartyAction], entry: str, player: int,
                        rng: random.Random) -> list[PartyAction] | None:
        """For an entry that shows another Hunter's cards (its Action turned up, a card
        revealed in the Jungle, discarded or lost): the line `taken` with that Hunter's
        latest face-down choice set to the card shown, and, if it did not hold the card
        then, one of its unseen draws before that set to it. None if the entry shows no
        such card. For the final scores: other Hunters' Goals that give them."""
        if any(part.startswith("over ") for part in entry.split(SEPARATOR)):
            return self._goals_for_scores(taken, entry, player)
        needs = self._cards_shown(entry, player)
        if not needs:
            return None
        replay = self.replayed(0)
        draws: dict[int, list[int]] = {}
        latest: dict[tuple[str, int], int] = {}
        ambushes: set[int] = set()
        for index, action in enumerate(taken):
            step = replay.stack[-1]
            owner = step.data[0] if step.seat == CHANCE and step.data else step.seat
            if step.kind == "draw" and len(step.data) > 1:  # Ambush: the draw is the Action
                latest["play", owner] = index
                ambushes.add(index)
            elif step.kind in ("play", "jungle"):
                latest[step.kind, owner] = index
            if step.kind == "draw":
                draws.setdefault(owner, []).append(index)
            replay.apply_legal_action(action)
        line = list(taken)
        for choice, seat, kind in needs:
            point = latest.get((choice, seat), len(taken)) if choice else len(taken)
            if point < len(taken):
                line[point] = PartyAction(line[point].verb, kind)
            if point in ambushes or self._holds(line[:point], seat, kind):
                continue
            earlier = [i for i in draws.get(seat, []) if i < point and line[i].arg != kind]
            # Best a draw whose card was still in the hand then, so no play between
            # needed it; else the latest.
            unused = [i for i in earlier if self._holds(line[:point], seat, line[i].arg)]
            if earlier:
                line[(unused or earlier)[-1]] = PartyAction("draw", kind)
        return line if line != list(taken) else None

    def _goals_for_scores(self, taken: Sequence[PartyAction], entry: str,
                          player: int) -> list[PartyAction] | None:
        """The line `taken` with each other Hunter dealt and keeping a Goal that gives it
        the final score `entry` shows (a Goal it could have been dealt), where one does."""
        wanted = [int(word) for part in entry.split(SEPARATOR) if part.startswith("over ")
                  for word in part.split()[1:]]
        replay = self.replayed(0)
        deals: dict[int, list[int]] = {}
        keeps: dict[int, int] = {}
        for index, action in enumerate(taken):
            step = replay.stack[-1]
            if step.kind == "deal-goal":
                deals.setdefault(step.data[0], []).append(index)
            elif step.kind == "keep-goal":
                keeps[step.seat] = index
            replay.apply_legal_action(action)
        line = list(taken)
        seen = {taken[i].arg for i in deals.get(player, [])}
        for seat in keeps.keys() - {player}:
            for goal in sorted(set(self.game.goals) - seen):
                trial = list(line)
                if goal not in {trial[i].arg for i in deals[seat]}:
                    trial[deals[seat][0]] = PartyAction(trial[deals[seat][0]].verb, goal)
                trial[keeps[seat]] = PartyAction(trial[keeps[seat]].verb, goal)
                if self._final_score(trial, entry, seat) == wanted[seat]:
                    line = trial
                    break
        return line if line != list(taken) else None

    def _final_score(self, line: Sequence[PartyAction], entry: str, seat: int) -> int | None:
        """`seat`'s final score after `line` and the action `entry` starts with, or None
        if they cannot be played."""
        replay = self.replayed(0)
        for action in line:
            if not replay.is_legal(action):
                return None
            replay.apply_legal_action(action)
        head = entry.split(SEPARATOR)[0]
        last = next((a for a in replay.legal_actions() if a.text() == head), None)
        if last is None:
            return None
        replay.apply_legal_action(last)
        return replay.scores()[seat] if replay.over else None

    def _cards_shown(self, entry: str, player: int) -> list[tuple[str | None, int, str]]:
        """The cards of other Hunters that `entry` shows: (the face-down choice that put
        it on the table, or None; the Hunter; the kind)."""
        seats = self.game.info.seat_names
        parts = entry.split(SEPARATOR)
        head = parts[0].split()
        actor = self.current_player()
        needs: list[tuple[str | None, int, str]] = []
        if head[:1] == ["discard"] and head[1:] and head[1] in KINDS and actor >= 0:
            needs.append((None, actor, head[1]))
        for part in parts[1:]:
            words = part.split()
            if words[0] == "actions":
                needs += [("play", seat, kind) for seat, kind in enumerate(words[1:])
                          if kind != "-"]
            elif words[0] == "jungle":
                needs += [("jungle", seats.index(name), kind)
                          for name, kind in zip(words[1::2], words[2::2], strict=True)]
            elif words[0] == "lost":
                needs.append((None, seats.index(words[1]), words[2]))
        return [need for need in needs if need[1] != player]

    def _holds(self, line: Sequence[PartyAction], seat: int, kind: str) -> bool:
        """Whether `seat` holds a `kind` after `line` is played (False if it cannot be)."""
        replay = self.replayed(0)
        for action in line:
            if not replay.is_legal(action):
                return False
            replay.apply_legal_action(action)
        return replay.hands[seat][KINDS.index(kind)] > 0

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

