"""The Hunt: what each side sees (observation, heuristic view), the determinizer and
the British belief: the no-leak boundary of the game in one file."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Any, Self

from hunt.models.game import CHANCE, TERMINAL, as_json
from hunt.models.seat_record import follows
from hunt.models.steps import Step
from hunt.models.the_hunt.actions import TheHuntAction
from hunt.models.the_hunt.battle import BattleSteps
from hunt.models.the_hunt.duel_style import chosen_card_index
from hunt.models.the_hunt.events import KINDS, GrafSpeeMoves, HandSeen
from hunt.models.the_hunt.observation import TheHuntObservation, TheHuntSeen
from hunt.models.the_hunt.state import SIDES
from hunt.models.the_hunt.steps import (
    BRITISH,
    GERMAN,
    Airplane,
    Announce,
    Boost,
    Cancelled,
    Choose,
    Draw,
    Resolve,
    Window,
)
from hunt.models.the_hunt.tracker import GrafSpeeTracker, raider_path


class TheHuntViews(BattleSteps, partial=True):
    """What each side sees of a position, and worlds drawn from it."""

    # -- views -------------------------------------------------------------------------

    def heuristic_view(self, player: int) -> TheHuntSeen:
        """What the heuristics and the advice read of `player`'s view, built cheaply for
        playouts: it shares the state's containers (read only), and `possible` is the
        state's set (the heuristics take only minima, sums and sizes of it)."""
        game = self.game
        return {
            "seat": SIDES[player],
            # The British know the raider's hex when only one is possible.
            "graf_spee": self.graf_spee if player == GERMAN else
            (next(iter(self.possible)) if len(self.possible) == 1 else None),
            "possible": self.possible, "altmark": self.altmark, "forces": self.forces,
            "strategy": self.strategy, "ap": self.ap,
            "sunk": self.sunk, "delivered": self.delivered,
            "freighters": {f: game.freighter_seen[f][i] for f, i in self.at_sea.items()},
            "turn_state": {"gs_moves": self.gs_moves if player == GERMAN else None,
                           "attacked": self.attacked, "moved": self.moved,
                           "searched": self.searched, "search_bonus": self.search_bonus,
                           "storm": self.no_searches},
            "hand": self.hands[player],
            "discard_counts": self.discards, "removed_counts": self.removed,
            "battle": None if self.flow != "battle" and not self.battle_forces else {
                "forces": self.battle_forces, "duel": self.duel,
                "damage": {"german": self.damage[0], "british": self.damage[1]},
                "my_card": self.duel_cards[player]},
        }

    def observation(self, player: int) -> TheHuntObservation:
        seen = as_json(self.heuristic_view(player))
        acting = self.current_player()
        step = self.stack[-1] if self.stack and acting == player else None
        return {
            **seen,
            "freighters": dict(sorted(seen["freighters"].items())),
            "game": "the-hunt", "variant": self.game.variant,
            "turn": self.turn, "phase": self.flow,
            # Only the seat to act learns what is asked of it (a reaction window must
            # not show that the other side holds a reaction card).
            "to_move": "you" if acting == player else
            ("nobody" if acting == TERMINAL else "waiting"),
            "step": step.kind if step else None,
            "step_data": _asked(step) if step else [],
            "discards": [sorted(pile.elements()) for pile in self.discards],
            "removed": [sorted(pile.elements()) for pile in self.removed],
            "opponent_hand_size": len(self.hands[1 - player]),
            "known_opponent_cards": sorted(self.known_hand[player].elements()),
            "decks": [sum(deck.values()) for deck in self.decks],
            "plane": self.plane, "reserve": self.reserve,
            "bag": len(self.bag), "sunk": list(self.sunk), "delivered": list(self.delivered),
            "hints": list(self.hints),
            "log": [KINDS.to_json(event._replace(hex="")
                                  if player != GERMAN and isinstance(event, GrafSpeeMoves)
                                  else event) for event in self.log
                    if not (isinstance(event, HandSeen) and event.side != player)],
            "result": None if self.winner is None else
            {"winner": SIDES[self.winner], "how": self.how},
        }

    def determinize(self, player: int, rng: random.Random, prior: Any = None) -> Self:
        """Redeal what `player` cannot see: the other side's hand (beyond the cards it
        has seen), and for the British the Graf Spee's hex among the possible ones,
        weighted by `prior` (hex -> weight) when given. A Battle card the other side has
        chosen but not yet shown is redrawn from the sampled hand: for the British, by
        how the German has picked its cards in this Battle (`duel_style`)."""
        pool = self._unseen_pool(player)
        rng.shuffle(pool)
        if player == BRITISH:  # the German's chosen card, by how it has picked so far
            shown = [token[1] for token in self._views[BRITISH]
                     if isinstance(token, tuple) and token[:1] == ("duel cards",)]
            world = self._dealt(player, pool, lambda held: chosen_card_index(
                self.game, shown, held, self.duel, rng))
        else:
            world = self._dealt(player, pool, lambda held: rng.randrange(len(held)))
        if player == BRITISH and self.graf_spee is not None:
            hexes = self._hexes_for(world)
            weights = [float(prior.get(h, 0.0)) for h in hexes] if prior else None
            if weights is not None and sum(weights) <= 0:
                weights = None
            world.graf_spee = rng.choices(hexes, weights=weights)[0]
        return world

    def seat_worlds(self, player: int, rng: random.Random) -> list[Self]:
        """Worlds `player` cannot tell from this one that between them hold every card
        the other side may hold (each in some world's hand, and each the Battle card it
        may have chosen but not shown) and, for the British, every hex the Graf Spee
        may be on: each hand dealt once per hex, so a German act that needs both (an
        event playable only from some hexes) is in some world too."""
        other = 1 - player
        pool = self._unseen_pool(player)
        types = sorted(set(pool))
        pending = self.duel_cards[other] not in (None, "none")
        hidden = len(self.hands[other]) - sum(self.known_hand[player].values())
        # Cards put first in a world's deal (every type once, in as few worlds as may
        # be), and the Battle card chosen but not shown, if there is one.
        deals: list[tuple[list[str], str | None]]
        if pending:
            deals = [([t] if t in pool else [], t)
                     for t in sorted({*types, *self.known_hand[player]})]
        elif hidden <= 0 or not types:
            deals = [([], None)]
        else:
            size = min(hidden, len(types))
            deals = [([types[(start + i) % len(types)] for i in range(size)], None)
                     for start in range(0, len(types), size)]
        worlds = []
        for front, chosen in deals:
            rest = list(pool)
            for card in front:
                rest.remove(card)
            rng.shuffle(rest)
            world = self._dealt(player, [*front, *rest], partial(_index_of, chosen))
            if player != BRITISH or self.graf_spee is None:
                worlds.append(world)
                continue
            for hex_id in self._hexes_for(world):
                placed = world.clone()
                placed.graf_spee = hex_id
                worlds.append(placed)
        return worlds

    def _unseen_pool(self, player: int) -> list[str]:
        """The other side's cards `player` has not seen where they are (its hand and
        deck beyond the cards seen), sorted: kept until `player` sees more, as a search
        draws a world from the same position at every iteration (what `player` has
        seen is all the pool depends on)."""
        key = (player, self.view_length(player))
        if self._pool is None or self._pool[0] != key:
            self._pool = (key, tuple(self._count_unseen(player)))
        return list(self._pool[1])

    def _count_unseen(self, player: int) -> list[str]:
        """`_unseen_pool` counted afresh."""
        other = 1 - player
        unseen = Counter(self.game.deck_lists[other]) - self.discards[other] \
            - self.removed[other] - self._cards_in_play(other) - self.known_hand[player]
        return sorted(unseen.elements())

    def _dealt(self, player: int, pool: list[str], pick: Callable[[list[str]], int]) -> Self:
        """A world for `player` with the other side's unseen cards dealt from `pool` in
        its order (its hand first, then its deck), and the Battle card it chose but has
        not shown, if any, taken from the hand at `pick(hand)`."""
        world = self._sampled_copy(player)
        if player == BRITISH:
            self.belief(BRITISH)  # the sample answers `belief` as this state does
            world._tracked = self._tracked
        other = 1 - player
        known = self.known_hand[player]
        pending = self.duel_cards[other] not in (None, "none")
        # Cards the other side holds (and a Battle card it chose but has not shown).
        hidden = len(self.hands[other]) + pending - sum(known.values())
        held = sorted([*pool[:hidden], *known.elements()])
        world.decks[other] = Counter(pool[hidden:])
        if pending:
            world.duel_cards[other] = held.pop(pick(held))
        world.hands[other] = held
        return world

    def _hexes_for(self, world: Self) -> list[str]:
        """The hexes the British cannot rule out for the Graf Spee in `world` (a deal of
        this state's unseen cards; its hex is changed while trying them)."""
        top = self.stack[-1] if self.stack else None
        hexes = sorted(self.possible)
        redrawing = isinstance(top, Draw) and top.side == GERMAN \
            and self.flow == "german-redraw"
        announce = self.stack[-2] if redrawing else None  # pushed with the draw
        before = announce.before if isinstance(announce, Announce) else 0
        rules = self.game.rules
        if isinstance(top, Draw) and redrawing \
                and top.upto > max(before, rules["hand_size_german"]):
            # The German draws beyond 3 cards: it had the choice, beside the Altmark.
            assert self.altmark is not None
            hexes = [h for h in hexes if self.game.hex_distance(h, self.altmark) <= 1]
        elif top is not None and top.seat == GERMAN:
            # A German choice is pending (a hint, an event's target): only hexes
            # from which it has a legal answer, as it had in the real game.
            def answerable(hex_id: str) -> bool:
                world.graf_spee = hex_id
                return bool(world._decisions(top))

            hexes = [h for h in hexes if answerable(h)] or hexes
        return hexes

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
        self._tracked = (seen, GrafSpeeTracker.for_seat(self, BRITISH).posterior())
        return self._tracked[1]

    # -- seat records (`hunt.models.seat_record`) ----------------------------------------

    def public_text(self, action: TheHuntAction, player: int) -> str:
        """What `player` sees of `action`: the other side's draws ("draw ?") and Battle
        cards ("duel ?") are hidden, and so are the Graf Spee's hexes from the British
        ("start ?", "move graf-spee 2 ?": the AP spent is announced)."""
        actor = self.current_player()
        if actor == CHANCE:
            top = self.stack[-1]
            return "draw ?" if isinstance(top, Draw) and top.side != player else action.text()
        if actor == player:
            return action.text()
        if action.verb == "duel":
            return "duel ?"
        if action.verb == "start":
            return "start ?"
        if action.verb == "move" and action.arg == "graf-spee":
            return f"move graf-spee {action.n} ?"
        return action.text()

    def learned_text(self, token: Hashable, player: int) -> str | None:
        """What an action told `player` beyond its text: for the British, where the
        Graf Spee was revealed or is not, the answer to Harwood's Intuition and a Hint
        the German could not place; for either side the Battle cards shown and a hand
        seen."""
        if not isinstance(token, tuple) or not token:
            return None
        kind = token[0]
        if kind in ("not here", "revealed") and player == BRITISH:
            return f"{kind} {token[1]}"
        if kind == "answer" and player == BRITISH:
            return f"answer {'yes' if token[2] else 'no'}"
        if kind == "no hint" and player == BRITISH:
            return "no hint"
        if kind == "duel cards":
            return f"duel cards {token[1]} {token[2]}"
        if kind == "seen hand":
            return "seen hand " + (" ".join(token[1]) or "none")
        return None

    def resample_hidden(self, taken: Sequence[TheHuntAction], entry: str, player: int,
                        rng: random.Random) -> list[TheHuntAction] | None:
        """For the British: a raider path drawn from the tracker's posterior given all
        they saw (forward filtering, backward sampling) that ends on a hex from which
        `entry` can follow, put in place of the Graf Spee's hexes in `taken`. None for
        the German (it hides no hex) or when no hex lets `entry` follow (the record's
        trouble is elsewhere, a card say)."""
        if player != BRITISH or self.graf_spee is None:
            return None
        world = self.clone()

        def allows(hex_id: str) -> bool:
            world.graf_spee = hex_id
            return follows(world, entry, player)

        ends = [hex_id for hex_id in sorted(self.possible) if allows(hex_id)]
        if not ends:
            return None
        hexes = iter(raider_path(self, ends, rng))
        return [action._replace(hex=next(hexes))
                if action.verb == "start" or (action.verb, action.arg) == ("move", "graf-spee")
                else action for action in taken]

    def _cards_in_play(self, seat: int) -> Counter[str]:
        """`seat`'s cards played for an event that has not taken effect yet (public)."""
        cards: Counter[str] = Counter()
        for step in self.stack:
            if isinstance(step, Cancelled):
                step = step.original
            if isinstance(step, Resolve) and step.side == seat and not step.mandatory:
                cards[step.card] += 1
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


def _asked(step: Step) -> list[str]:
    """What a decision asks about, for the screen (`TheHuntObservation.step_data`): the
    reaction a window waits for, the event a choice serves, the search Intelligence
    would add to, the Freight Ship the airplane would attack."""
    match step:
        case Window(reaction=reaction):
            return [reaction]
        case Choose(effect=effect):
            return [effect]
        case Boost(force=force, hex=hex_id):
            return ["search", force, hex_id]
        case Airplane(freighter=freighter):
            return [freighter]
    return []


def _index_of(card: str | None, held: list[str]) -> int:
    """Where `card` is in `held` (the first place when it is None)."""
    return 0 if card is None else held.index(card)
