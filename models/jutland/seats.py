"""Jutland's seat records: the other side's hidden cards, dealt again so that a line of
play agrees with everything a seat wrote down (`hunt.models.seat_record`). Its public
texts and what a seat learns at a reveal are in `rules.py`, beside the views.

What a seat cannot see is which cards the other side drew and which it laid face down
in its discards. Everything else is public or the seat's own: how many cards each side
drew, discarded and holds, the cards deployed, when the deck was reshuffled. So a line of
play is an assignment of kinds to the other side's draws (by batch: only how many of
each kind a batch holds matters) and to its discards, and it agrees with the record
exactly when
- the other side holds every card it discards or deploys when it does so, and
- the deck holds every card drawn from it: while the deck is not reshuffled it only
  loses cards, so the cards of a kind drawn from it by both sides since it was formed
  number at most those it was formed with. At a reshuffle the deck is empty, so the new
  deck is every card but the two hands: for the other side's cards, its hand then plus
  its draws until the next reshuffle number at most the copies of the kind less the
  seat's hand then and the seat's draws in that time.
These are linear constraints on whole numbers: `hunt.models.hidden_deal` finds an
assignment whenever one exists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hunt.models.hidden_deal import Count, HiddenDeal
from hunt.models.jutland.phases import DRAW, GERMAN, SELECT
from hunt.models.seat_record import SEPARATOR

if TYPE_CHECKING:  # the rules call this module to replay a seat record
    from hunt.models.jutland.rules import JutlandState


@dataclass
class _Selection:
    """One selection of the other side: the indices of its picks in the line, and of its
    "done" (None while it is the entry's, not yet in the line)."""

    picks: list[int]
    done: int | None
    strike: bool


@dataclass
class _HiddenLine:
    """The other side's hidden part of a line of play, as the constraints read it."""

    num_kinds: int
    batches: list[list[int]] = field(default_factory=list)
    """Runs of the other side's draws from one deck (indices into the line)."""
    discards: list[tuple[_Selection, int]] = field(default_factory=list)
    """The other side's Sight and Sail selections, each with its number of cards."""
    deployed: list[list[int]] = field(default_factory=list)
    """The cards of each of the other side's deployments (counts per kind)."""
    ops: list[tuple[str, int]] = field(default_factory=list)
    """In order: ("draw", batch), ("discard", index into `discards`), ("deploy", index
    into `deployed`), ("reshuffle", index into `caps` of the deck it closes)."""
    caps: list[list[int]] = field(default_factory=list)
    """Per deck and kind: the most cards of the kind the other side may hold when the
    deck is formed and draw from it (see the module)."""

    def remove(self, selection: _Selection, cards: list[int] | int) -> None:
        """The other side's selection: discards (as many as `cards`, or its length)
        whose kinds are to be dealt, or the deployment of the kinds `cards`."""
        if selection.strike:
            counts = [0] * self.num_kinds
            for kind in cards if isinstance(cards, list) else ():
                counts[kind] += 1
            self.deployed.append(counts)
            self.ops.append(("deploy", len(self.deployed) - 1))
        else:
            self.discards.append((selection, cards if isinstance(cards, int) else len(cards)))
            self.ops.append(("discard", len(self.discards) - 1))

    def close_deck(self, copies: Sequence[int], own_hand: Sequence[int],
                   own_draws: Sequence[int]) -> None:
        """The deck formed when the seat held `own_hand` is done with (reshuffled, or the
        line ends) after the seat drew `own_draws` from it."""
        self.caps.append([copies[kind] - own_hand[kind] - own_draws[kind]
                          for kind in range(self.num_kinds)])


def dealt_line(state: JutlandState, taken: Sequence[int], entry: str, player: int,
                rng: random.Random) -> list[int] | None:
    """A line of play, from `taken`, in which the entry `entry` can follow: the other
    side's draws and face-down cards dealt again (see the module) so that it holds the
    cards a reveal shows, or as many as it shows, and the deck holds the card the seat
    draws. None if the entry is of neither kind, or no dealing allows it."""
    game = state.game
    shown = _shown(state, entry, 1 - player)
    drawn: int | None = None
    if shown is None:
        word = entry.split()[-1]
        if state.stage != DRAW or state.drawer != player or word not in game.card_index:
            return None
        drawn = game.card_index[word]
    line, pending = _hidden_line(state, taken, player, shown, drawn)
    solution = _solve(line, rng)
    if solution is None:
        return None
    draws, discarded = solution
    for batch in draws:
        rng.shuffle(batch)
    # The picks of each selection dealt again go just before its "done" (or at the end
    # of the line, for the entry's own); the picks it had are dropped.
    picks_before: dict[int, list[int]] = {}
    for (selection, _), kinds in zip(line.discards, discarded, strict=True):
        picks_before[len(taken) if selection.done is None else selection.done] = kinds
    if pending is not None and isinstance(shown, list):
        picks_before[len(taken) if pending.done is None else pending.done] = shown
    dropped = {index for selection, _ in line.discards for index in selection.picks}
    dropped.update(pending.picks if pending is not None else ())
    batch_of = {index: batch for batch, indices in enumerate(line.batches)
                for index in indices}
    result: list[int] = []
    for index, action in enumerate([*taken, None]):
        result.extend(picks_before.get(index, ()))
        if action is None:
            break
        if index in batch_of:
            result.append(draws[batch_of[index]].pop())
        elif index not in dropped:
            result.append(action)
    return result


def _shown(state: JutlandState, entry: str, other: int) -> list[int] | int | None:
    """What the entry reveals of the other side: the kinds of the cards it deployed,
    sorted, or how many cards it discarded; None if it reveals neither."""
    index = state.game.card_index
    for part in entry.split(SEPARATOR)[1:]:
        words = part.split()
        if words[:1] == ["deployed"] and "british" in words:
            cut = words.index("british")
            side = [word for word in (words[2:cut] if other == GERMAN else words[cut + 1:])
                    if word != "none"]
            return sorted(index[word] for word in side) if set(side) <= index.keys() else None
        if words[:1] == ["discarded"] and len(words) == 3 and words[1 + other].isdigit():
            return int(words[1 + other])
    return None


def _hidden_line(state: JutlandState, taken: Sequence[int], player: int,
                 shown: list[int] | int | None, drawn: int | None
                 ) -> tuple[_HiddenLine, _Selection | None]:
    """Replay `taken` and read the constraints on the other side's hidden part, with the
    entry's reveal (`shown`) or the seat's draw (`drawn`) to come; and the other side's
    selection the entry reveals, if it reveals one."""
    game = state.game
    other = 1 - player
    line = _HiddenLine(game.num_kinds)
    copies = [card.count for card in game.cards]
    replay = game.new_initial_state(0)
    own_hand, own_draws = [0] * game.num_kinds, [0] * game.num_kinds
    picks: list[int] = []
    last: _Selection | None = None  # the other side's latest selection
    batch_open = False  # whether the latest action was a draw of the other side
    for index, action in enumerate(taken):
        deck_size = replay.deck_size
        if replay.stage == DRAW and replay.drawer == other:
            if not batch_open:
                line.batches.append([])
                line.ops.append(("draw", len(line.batches) - 1))
            line.batches[-1].append(index)
        elif replay.stage == DRAW:
            own_draws[action] += 1
        elif replay.chooser == other and action != game.done_action:
            picks.append(index)
        elif replay.chooser == other:
            last = _Selection(picks, index, replay.phase == "strike")
            line.remove(last, [taken[pick] for pick in picks])
            picks = []
        batch_open = replay.stage == DRAW and replay.drawer == other
        replay.apply_legal_action(action)
        if replay.deck_size > deck_size:  # the deck ran out and was reshuffled
            line.close_deck(copies, own_hand, own_draws)
            line.ops.append(("reshuffle", len(line.caps) - 1))
            own_hand, own_draws = list(replay.hands[player]), [0] * game.num_kinds
            batch_open = False
    pending: _Selection | None = None
    if shown is not None:
        if state.stage == SELECT and state.chooser == other:
            pending = _Selection(picks, None, state.phase == "strike")
        elif last is not None and line.ops[-1][0] in ("discard", "deploy"):
            pending = last  # said "done" before the seat: its removal is read again
            kind, _ = line.ops.pop()
            (line.discards if kind == "discard" else line.deployed).pop()
        if pending is not None:
            line.remove(pending, shown)
    if drawn is not None:
        own_draws[drawn] += 1
    line.close_deck(copies, own_hand, own_draws)
    return line, pending


def _solve(line: _HiddenLine, rng: random.Random
           ) -> tuple[list[list[int]], list[list[int]]] | None:
    """Kinds for the other side's draws (per batch, in no order) and discards (per
    selection, sorted) meeting every constraint of `line` (see the module), one drawn at
    random; None if there are none."""
    kinds = range(line.num_kinds)
    deal = HiddenDeal(line.num_kinds)
    batches = [deal.group(len(batch)) for batch in line.batches]
    discards = [deal.group(size) for _, size in line.discards]
    hand = [Count() for _ in kinds]  # the other side's hand
    formed_with = [Count() for _ in kinds]  # its hand when the current deck was formed
    drawn = [Count() for _ in kinds]  # what it drew from that deck
    for op, at in [*line.ops, ("reshuffle", len(line.caps) - 1)]:
        if op == "draw":
            for kind in kinds:
                hand[kind].add(deal.variable(batches[at], kind))
                drawn[kind].add(deal.variable(batches[at], kind))
        elif op == "discard":
            for kind in kinds:
                hand[kind].add(deal.variable(discards[at], kind), -1)
                deal.at_least(hand[kind], 0)
        elif op == "deploy":
            for kind in kinds:
                if line.deployed[at][kind]:
                    hand[kind].constant -= line.deployed[at][kind]
                    deal.at_least(hand[kind], 0)
        else:  # a deck done with
            for kind in kinds:
                used = formed_with[kind].plus(drawn[kind])
                deal.at_least(Count(line.caps[at][kind]).plus(used, -1), 0)
            formed_with, drawn = [count.copy() for count in hand], [Count() for _ in kinds]
    dealt = deal.solve(rng)
    return None if dealt is None else (dealt[:len(batches)], dealt[len(batches):])
