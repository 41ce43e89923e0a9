"""Jutland's hand-written players: two more ways to play, for the population the
search is measured against (`hunt.models.players`). Neither reads the rules of thumb
(`heuristics`); each decides from its seat's own hand, the turn and the public record.

What the rulebook makes of a game: a side wins by sinking more ships than it loses,
and every Strike costs its loser more ships than its winner. Over the five Strikes the
loser's extra losses are First Blood 3, Main Engagement 2, Smoke 3, Darkness 4 and
Escape 1: 13 in all, an odd number, so the totals never tie (the big-ship count never
decides) and a side wins exactly when the Strikes it wins are worth 7 or more.

- `greedy` plays each Strike for itself. It deploys every card it may, and in Sight
  and Sail it discards each card that cannot be deployed in the coming Strike, or
  adds less force to it than a card drawn in its place would on average.
- `planner` plays the game. It shares its hand out among the Strikes to come, each
  card to the Strike it may be deployed in where it raises the chance of winning the
  game most, the cards it will draw counted at their average. That chance reads the
  Strikes as worth the ships above, the score so far, and the opponent's force as
  that of a full hand of its own cards. So at Smoke the British keep Jellicoe's cards
  for Darkness, where only they may sail; a side 4 ships ahead in Darkness keeps the
  small ships Escape takes rather than spend them on a Darkness it is unlikely to win
  and need not; and once a Strike decides the game, everything goes in. In Sight and
  Sail it discards the cards it has shared out to no Strike (the enemy's, and weak ones
  a fresh card would beat).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from hunt.boards.jutland.deck import SIDES
from hunt.models.jutland.phases import GERMAN
from hunt.models.jutland.rules import HAND_SIZE, JutlandGame, JutlandState
from hunt.models.players import Player

NEVER = -1
"""A card shared out to no Strike: discarded at the next Sight or Sail."""

OWN_CARD_SHARE = 0.85
"""The part of the opponent's hand taken to be its own cards at a Strike: a player
discards the enemy's cards in Sight and Sail, and draws again for them."""

REFILL_HITS = {"sight": 0.75, "sail": 0.5}
"""The chance that a slot emptied now holds one of the side's own cards at this turn's
Strike: a card drawn now is one half of the time, and an enemy card drawn in Sight can
be thrown back in Sail for another try."""

LATER_HITS = 0.85
"""The same for a Strike of a later turn: two or more tries to draw an own card."""

PASSES = 3
"""Rounds of moving one card at a time while the planner's sharing out improves."""


def strike_worth(game: JutlandGame, turn_number: int) -> int:
    """The ships losing the Strike of `turn_number` costs over winning it (0 without
    a Strike): what the score moves by."""
    turn = game.turns[turn_number - 1]
    if "strike" not in turn.phases:
        return 0
    return sum(turn.loser_loses) - sum(turn.winner_loses)


@dataclass(frozen=True)
class SeatView:
    """What the seat to act sees of a choice: its hand and what it has chosen so far
    (counts per kind), the turn and phase, and its lead in ships so far."""

    game: JutlandGame
    seat: int
    turn: int
    phase: str
    hand: tuple[int, ...]
    selected: tuple[int, ...]
    lead: int
    """Enemy ships it has sunk less ships it has lost."""

    @classmethod
    def of(cls, state: JutlandState) -> SeatView:
        """The view of the seat to act, read from its observation only."""
        game, seat = state.game, state.current_player()
        observation = state.observation(seat)
        losses = observation["losses"]
        own, enemy = (losses["german"], losses["british"]) if seat == GERMAN \
            else (losses["british"], losses["german"])
        return cls(game, seat, observation["turn"], observation["phase"],
                   _counts(game, observation["hand"]), _counts(game, observation["selected"]),
                   enemy["big"] + enemy["small"] - own["big"] - own["small"])

    def deployable(self, turn_number: int, kind: int) -> bool:
        """Whether the seat may deploy a card of `kind` in `turn_number`'s Strike."""
        return self.game.deployable[turn_number - 1][self.seat][kind]


def _counts(game: JutlandGame, card_ids: Sequence[str]) -> tuple[int, ...]:
    counts = [0] * game.num_kinds
    for card_id in card_ids:
        counts[game.card_index[card_id]] += 1
    return tuple(counts)


def next_card(state: JutlandState, view: SeatView, wanted: Sequence[int]) -> int:
    """The first legal card still wanted (in deck order), else done."""
    for action in state.legal_actions():
        if action != state.game.done_action and wanted[action] > view.selected[action]:
            return action
    return state.game.done_action


def average_draw(view: SeatView, turn_number: int) -> float:
    """The force a card drawn now adds, on average, to `turn_number`'s Strike: the
    cards the seat does not hold are all it knows of the deck."""
    game = view.game
    unseen = [card.count - view.hand[kind] for kind, card in enumerate(game.cards)]
    force = sum(game.cards[kind].force * n for kind, n in enumerate(unseen)
                if view.deployable(turn_number, kind))
    return force / max(1, sum(unseen))


def _unseen_own(view: SeatView, side: int) -> list[int]:
    """Per kind, the copies of `side`'s cards the seat does not hold (0 for the other
    side's kinds)."""
    return [card.count - view.hand[kind] if card.side == SIDES[side] else 0
            for kind, card in enumerate(view.game.cards)]


def average_own_card(view: SeatView, turn_number: int) -> float:
    """The force one of the seat's own cards it does not hold adds, on average, to
    `turn_number`'s Strike."""
    pool = _unseen_own(view, view.seat)
    force = sum(view.game.cards[kind].force * n for kind, n in enumerate(pool)
                if view.deployable(turn_number, kind))
    return force / max(1, sum(pool))


class GreedyPlayer(Player):
    """The strongest Strike now: deploy everything allowed, and keep only the cards
    that add to this turn's Strike (or the next one, in a turn without one) more than
    a fresh card would."""

    def choose(self, state: JutlandState, rng: random.Random) -> int:
        """The next card of the greedy choice, or done."""
        view = SeatView.of(state)
        if view.phase == "strike":
            wanted = [n if view.deployable(view.turn, kind) else 0
                      for kind, n in enumerate(view.hand)]
            return next_card(state, view, wanted)
        target = next((number for number in range(view.turn, len(view.game.turns) + 1)
                       if strike_worth(view.game, number)), view.turn)
        # A card is worth its force if it may be deployed, nothing otherwise; one drawn
        # in its place is worth the average of the cards the seat cannot see.
        draw = average_draw(view, target)
        wanted = [n if (view.game.cards[kind].force if view.deployable(target, kind) else 0)
                  < draw else 0 for kind, n in enumerate(view.hand)]
        return next_card(state, view, wanted)


@dataclass(frozen=True)
class _Opponent:
    """The opponent's force at a Strike, as a normal law: a full hand of cards, each
    one of its own with `OWN_CARD_SHARE`, drawn from its cards the seat does not hold."""

    mean: float
    spread: float

    @classmethod
    def at(cls, view: SeatView, turn_number: int) -> _Opponent:
        """The opponent's force at the Strike of `turn_number`, from the seat's view."""
        enemy = 1 - view.seat
        pool = _unseen_own(view, enemy)
        forces = [(view.game.cards[kind].force, n) for kind, n in enumerate(pool)
                  if view.game.deployable[turn_number - 1][enemy][kind]]
        size = max(1, sum(pool))
        first = OWN_CARD_SHARE * sum(force * n for force, n in forces) / size
        second = OWN_CARD_SHARE * sum(force * force * n for force, n in forces) / size
        variance = HAND_SIZE * max(0.0, second - first * first)
        # One more point of spread for what the model leaves out (a kept-back card, a
        # hand short of its own cards), so that no Strike looks certain.
        return cls(HAND_SIZE * first, math.sqrt(variance) + 1.0)

    def beaten_by(self, force: float, seat: int) -> float:
        """The chance that `seat` deploying `force` wins: the German needs more force,
        the British at least as much (they win ties)."""
        edge = force - 0.5 if seat == GERMAN else force + 0.5
        return 0.5 * (1.0 + math.erf((edge - self.mean) / (self.spread * math.sqrt(2.0))))


class PlannerPlayer(Player):
    """Plays for the game: shares its hand out among the Strikes to come to make the
    chance of winning the game highest (see the module)."""

    def choose(self, state: JutlandState, rng: random.Random) -> int:
        """The next card of the planner's choice, or done."""
        view = SeatView.of(state)
        plan = Plan(view)
        shares = plan.share_out()
        cards = plan.cards
        wanted = [0] * view.game.num_kinds
        aim = view.turn if view.phase == "strike" else NEVER
        for kind, share in zip(cards, shares, strict=True):
            if share == aim:
                wanted[kind] += 1
        return next_card(state, view, wanted)


class Plan:
    """The planner's sharing out of one hand among the Strikes to come."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        game = view.game
        self.turns = [number for number in range(view.turn, len(game.turns) + 1)
                      if strike_worth(game, number)]
        self.cards = [kind for kind, n in enumerate(view.hand) for _ in range(n)]
        self.options = [[number for number in self.turns if view.deployable(number, kind)]
                        + [NEVER] for kind in self.cards]
        self.opponents = {number: _Opponent.at(view, number) for number in self.turns}
        self.draws = {number: average_own_card(view, number) for number in self.turns}

    def share_out(self) -> list[int]:
        """Per card of the hand (in deck order), the turn of the Strike it is kept
        for, or `NEVER`: each card first to the earliest Strike that takes it, then
        moved one at a time while the chance of winning rises."""
        shares = [options[0] for options in self.options]
        best = self.chance(shares)
        for _ in range(PASSES):
            moved = False
            for index, options in enumerate(self.options):
                for option in options:
                    if option == shares[index]:
                        continue
                    trial = [*shares[:index], option, *shares[index + 1:]]
                    chance = self.chance(trial)
                    # Only a clear gain moves a card: the first option stays on a tie,
                    # so a Strike gets what it may take unless keeping it pays.
                    if chance > best + 1e-9:
                        shares, best, moved = trial, chance, True
            if not moved:
                break
        return shares

    def chance(self, shares: Sequence[int]) -> float:
        """The chance of winning the game with these shares: each Strike won with the
        chance its force gives, the force being the cards kept for it and, in each slot
        free by then, a card drawn at the average."""
        view, game = self.view, self.view.game
        refills_now = view.phase != "strike"
        wins: list[tuple[int, float]] = []
        for number in self.turns:
            kept = [kind for kind, share in zip(self.cards, shares, strict=True)
                    if share == number]
            force: float = sum(game.cards[kind].force for kind in kept)
            # Slots held for this Strike or a later one are not free for a new card.
            held = sum(1 for share in shares if share != NEVER and share >= number)
            if number == view.turn:
                hits = REFILL_HITS[view.phase] if refills_now else 0.0
            else:
                hits = LATER_HITS
            force += (HAND_SIZE - held) * hits * self.draws[number]
            wins.append((strike_worth(game, number),
                         self.opponents[number].beaten_by(force, view.seat)))
        return _chance_ahead(view.lead, wins)


def _chance_ahead(lead: int, wins: Sequence[tuple[int, float]]) -> float:
    """The chance that the lead ends above 0 after Strikes each moving it by its worth,
    up if won (with its chance) and down if lost."""
    leads = {lead: 1.0}
    for worth, chance in wins:
        after: dict[int, float] = {}
        for value, weight in sorted(leads.items()):
            after[value + worth] = after.get(value + worth, 0.0) + weight * chance
            after[value - worth] = after.get(value - worth, 0.0) + weight * (1.0 - chance)
        leads = after
    return sum(weight for value, weight in sorted(leads.items()) if value > 0)

