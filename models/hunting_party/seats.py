"""Hunting Party's seat records: the other Hunters' unseen Action cards dealt again so
that a line of play shows the cards an entry reveals (`hunt.models.seat_record`).

What a seat cannot see of the Action cards is which cards the other Hunters drew from
the shuffled part of the deck and which they chose face down (an Action, a Jungle Fever
card) until those are turned up. Every other change to a hand is public (a discard, a
card lost, a draw from the cards put under the deck). So a line of play agrees with what
the seat saw when each other Hunter holds every card it gives up when it does, and the
shuffled part holds every card drawn from it: it only loses cards, so in all, the cards
of a kind drawn from it number at most those it started with. `hunt.models.hidden_deal`
deals the unseen draws under those counts whenever they allow it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hunt.models.hidden_deal import Count, HiddenDeal
from hunt.models.hunting_party.state import KINDS, PartyAction
from hunt.models.hunting_party.steps import DealGoal, Draw, owner
from hunt.models.seat_record import SEPARATOR, normalized

if TYPE_CHECKING:
    from hunt.models.hunting_party.views import PartyViews


def cards_shown(state: PartyViews, entry: str, player: int) -> list[tuple[str | None, int, int]]:
    """The cards of other Hunters that `entry` shows: (the face-down choice that put it
    on the table, "play" or "jungle", or None for a card given up; the Hunter; the
    kind)."""
    seats = state.game.info.seat_names
    needs: list[tuple[str | None, int, str]] = []
    for part in entry.split(SEPARATOR)[1:]:  # a card discarded is "lost" here too
        words = part.split()
        if words[0] == "actions":
            needs += [("play", seat, kind) for seat, kind in enumerate(words[1:]) if kind != "-"]
        elif words[0] == "jungle":
            needs += [("jungle", seats.index(name), kind)
                      for name, kind in zip(words[1::2], words[2::2], strict=True)]
        elif words[0] == "lost":
            needs.append((None, seats.index(words[1]), words[2]))
    return [(choice, seat, KINDS.index(kind)) for choice, seat, kind in needs
            if seat != player and kind in KINDS]


def dealt_line(state: PartyViews, taken: Sequence[PartyAction], entry: str, player: int,
               rng: random.Random) -> list[PartyAction] | None:
    """The line `taken` with the other Hunters' unseen draws dealt again and their
    face-down choices set to the cards `entry` shows, so that they hold those cards,
    or so that the deck holds the card `entry` draws face up (see the module); None if
    the entry shows no such card, or no dealing allows it."""
    needs = cards_shown(state, entry, player)
    head = entry.split(SEPARATOR)[0].split()
    step = None if state.over else state.stack[-1]
    # A card drawn face up from the shuffled part (the seat's own, or Vine Bridge's).
    drawing = KINDS.index(head[1]) if step is not None and head[0] == "draw" \
        and step.kind in ("draw", "vine-draw") and head[1:] and head[1] in KINDS \
        and sum(state.fresh) else None
    if not needs and drawing is None:
        return None
    kinds = range(len(KINDS))
    others = [seat for seat in range(state.game.players) if seat != player]
    line = list(taken)
    read = _read(state, taken, others)
    changes, unseen, choices = read.changes, read.unseen, read.choices
    # The cards the entry shows: a face-down choice not yet shown set to it (an Action
    # played from the hand leaves it then; one drawn under Ambush never was in it; a
    # Jungle Fever card stays until shown, and may be the entry's own choice), and
    # each Hunter holding them now.
    given_up = {(seat, kind): 0 for seat in others for kind in kinds}
    shown = dict(given_up)
    for choice, seat, kind in needs:
        hidden = state.secret_play[seat] > 0 if choice == "play" else \
            choice == "jungle" and state.jungle[seat] is not None
        point = choices.get((choice, seat)) if hidden and choice is not None else None
        if point is not None:
            was = KINDS.index(line[point].arg)
            line[point] = PartyAction(line[point].verb, KINDS[kind])
            hand_change, deck_change = changes[point]
            if point in read.ambushes:
                deck_change[was] += 1
                deck_change[kind] -= 1
            elif choice == "play":
                hand_change[seat][was] += 1
                hand_change[seat][kind] -= 1
        if choice is None:
            given_up[seat, kind] += 1
        elif choice == "jungle":
            shown[seat, kind] += 1
    deal = HiddenDeal(len(KINDS))
    groups = {index: deal.group(1) for index in unseen}
    hand = {seat: [Count() for _ in kinds] for seat in others}
    drawn = [Count() for _ in kinds]  # from the shuffled part
    for index, (hand_change, deck_change) in enumerate(changes):
        if index in read.shows:  # held when chosen (the show may take it at once)
            deal.at_least(hand[read.shows[index]][KINDS.index(line[index].arg)], 1)
        if index in groups:  # the dealt card in place of the one drawn in `taken`
            was = KINDS.index(taken[index].arg)
            hand_change[unseen[index]][was] -= 1
            deck_change[was] += 1
        for kind in kinds:
            drawn[kind].constant -= deck_change[kind]
            if index in groups:
                hand[unseen[index]][kind].add(deal.variable(groups[index], kind))
                drawn[kind].add(deal.variable(groups[index], kind))
        for seat in others:
            for kind in kinds:
                hand[seat][kind].constant += hand_change[seat][kind]
                if hand_change[seat][kind] < 0:
                    deal.at_least(hand[seat][kind], 0)
    for (seat, kind), count in given_up.items():
        deal.at_least(hand[seat][kind], max(count, shown[seat, kind]))
    for kind in kinds:
        deal.at_least(Count(state.game.deck_counts[kind]).plus(drawn[kind], -1),
                      kind == drawing)
    dealt = deal.solve(rng)
    if dealt is None:
        return None
    for index, group in groups.items():
        line[index] = PartyAction("draw", KINDS[dealt[group][0]])
    return line if line != list(taken) else None


@dataclass
class _Read:
    """What one replay of a line tells of the other Hunters' cards."""

    changes: list[tuple[dict[int, list[int]], list[int]]] = field(default_factory=list)
    """Per action: how it changed each other Hunter's hand, and the shuffled part of
    the deck (per kind)."""
    unseen: dict[int, int] = field(default_factory=dict)
    """The unseen draws: index in the line, whose."""
    choices: dict[tuple[str, int], int] = field(default_factory=dict)
    """The latest face-down choice of each Hunter ("play" or "jungle"): its index."""
    ambushes: set[int] = field(default_factory=set)
    """The Actions drawn under Ambush (the draw is the choice)."""
    shows: dict[int, int] = field(default_factory=dict)
    """The Jungle Fever cards chosen: index, whose (the card stays in the hand)."""


def _read(state: PartyViews, taken: Sequence[PartyAction], others: list[int]) -> _Read:
    """Replay `taken` and note what `_Read` holds."""
    read = _Read()
    kinds = range(len(KINDS))
    replay = state.replayed(0)
    for index, action in enumerate(taken):
        step = replay.stack[-1]
        whose = owner(step)
        if isinstance(step, Draw) and whose in others and not step.ambush:
            read.unseen[index] = whose
        elif isinstance(step, Draw) and whose in others:  # Ambush: the draw is the Action
            read.choices["play", whose] = index
            read.ambushes.add(index)
        elif step.kind in ("play", "jungle") and whose in others:
            read.choices[step.kind, whose] = index
            if step.kind == "jungle":
                read.shows[index] = whose
        hands, fresh = [list(replay.hands[seat]) for seat in others], list(replay.fresh)
        replay.apply_legal_action(action)
        read.changes.append((
            {seat: [replay.hands[seat][kind] - hands[n][kind] for kind in kinds]
             for n, seat in enumerate(others)},
            [replay.fresh[kind] - fresh[kind] for kind in kinds]))
    return read


def goals_line(state: PartyViews, taken: Sequence[PartyAction], entry: str, player: int,
               rng: random.Random) -> list[PartyAction] | None:
    """The line `taken` with the other Hunters dealt Goals, and keeping ones, that give
    them the final scores `entry` shows (Goals score from public facts only: trophies,
    hand sizes, death); None if `entry` does not end the game after `taken`, or no
    dealing of the Goals the seat did not see gives those scores."""
    over = next((part.split()[1:] for part in entry.split(SEPARATOR)
                 if part.startswith("over ")), [])
    cut = over.index("goals") if "goals" in over else len(over)
    wanted = [int(word) for word in over[:cut] if word.lstrip("-").isdigit()]
    shown = over[cut + 1:]  # each Hunter's Goal, shown at the end
    replay = state.replayed(0)
    deals: dict[int, list[int]] = {}
    keeps: dict[int, int] = {}
    for index, action in enumerate(taken):
        step = replay.stack[-1]
        if isinstance(step, DealGoal):
            deals.setdefault(step.target, []).append(index)
        elif step.kind == "keep-goal":
            keeps[step.seat] = index
        if not replay.is_legal(action):
            return None
        replay.apply_legal_action(action)
    head = entry.split(SEPARATOR)[0]
    last = next((action for action in replay.legal_actions()
                 if normalized(replay.public_text(action, player)) == head), None)
    if last is None or len(wanted) != state.game.players:
        return None
    replay.apply_legal_action(last)
    if not replay.over:
        return None
    others = sorted(keeps.keys() - {player})
    free = sorted(set(state.game.goals) - {taken[i].arg for i in deals.get(player, [])})
    rng.shuffle(free)

    def scores_with(seat: int, goal: str) -> bool:
        replay.goal[seat] = goal
        return replay.scores()[seat] == wanted[seat]

    fitting = {seat: [goal for goal in free if scores_with(seat, goal)
                      and (len(shown) != len(wanted) or goal == shown[seat])]
               for seat in others}
    kept = _distinct(others, fitting, {})
    if kept is None:
        return None
    spare = [goal for goal in free if goal not in kept.values()]
    line = list(taken)
    for seat in others:
        dealt = [kept[seat], *(spare.pop() for _ in deals[seat][1:])]
        for index, goal in zip(deals[seat], dealt, strict=True):
            line[index] = PartyAction(line[index].verb, goal)
        line[keeps[seat]] = PartyAction(line[keeps[seat]].verb, kept[seat])
    return line


def _distinct(seats: list[int], fitting: dict[int, list[str]],
              chosen: dict[int, str]) -> dict[int, str] | None:
    """A Goal from `fitting` for each of `seats`, no two alike (by backtracking)."""
    if not seats:
        return dict(chosen)
    seat, rest = seats[0], seats[1:]
    for goal in fitting[seat]:
        if goal not in chosen.values():
            found = _distinct(rest, fitting, {**chosen, seat: goal})
            if found is not None:
                return found
    return None
