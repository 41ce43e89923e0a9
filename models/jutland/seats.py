"""Jutland's seat records: where the other side's face-down cards come back into a
line of play (`hunt.models.seat_record`). Its public texts and what a seat learns at
the reveal are in `rules.py`, beside the views."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hunt.models.jutland.rules import DRAW, GERMAN, SELECT, JutlandState
from hunt.models.seat_record import SEPARATOR


def reveal_line(state: JutlandState, taken: Sequence[int], entry: str, player: int,
                rng: random.Random) -> list[int] | None:
    """For the reveal: the other side's cards laid face down in its latest selection,
    in `taken`, replaced by the ones the entry shows (deployed), or by as many as it
    shows (discarded) drawn from that side's hand at random; a card shown that the
    hand lacks takes the place of a card it drew unseen and still held."""
    other = 1 - player
    wanted: list[int] | int | None = None
    for part in entry.split(SEPARATOR)[1:]:
        words = part.split()
        if words[0] == "deployed":
            cut = words.index("british")
            side = words[2:cut] if other == GERMAN else words[cut + 1:]
            wanted = sorted(state.game.card_index[w] for w in side if w != "none")
        elif words[0] == "discarded":
            wanted = int(words[1 + other])
    if wanted is None:
        return None
    replay = state.replayed(0)
    picks: list[int] = []  # the other side's latest selection: its picks, its "done"
    done_at: int | None = None
    hand: list[int] = []
    draws: list[int] = []  # the other side's draws, unseen
    for index, action in enumerate(taken):
        if replay.stage == DRAW and replay.drawer == other:
            draws.append(index)
        if replay.stage == SELECT and replay.chooser == other:
            if action == state.game.done_action:
                if done_at is not None:  # a selection of no cards
                    picks = []
                done_at, hand = index, list(replay.hands[other])
            else:
                if done_at is not None:  # a new selection
                    picks, done_at = [], None
                picks.append(index)
        replay.apply_legal_action(action)
    if state.stage == SELECT and state.chooser == other:  # its "done" is the entry
        if done_at is not None:
            picks = []
        done_at, hand = len(taken), list(state.hands[other])
    if done_at is None:
        return None
    if isinstance(wanted, int):
        cards = sorted(kind for kind, n in enumerate(hand) for _ in range(n))
        wanted = sorted(rng.sample(cards, min(wanted, len(cards))))
    line = list(taken)
    # A card shown that the hand lacks was drawn unseen: in place of a card drawn
    # that the hand still held then (so no play in between needed it).
    for kind in wanted:
        if hand[kind] > 0:
            hand[kind] -= 1
            continue
        spare = [i for i in draws if i < done_at and hand[line[i]] > 0
                 and line[i] not in wanted]
        if spare:
            hand[line[spare[-1]]] -= 1
            line[spare[-1]] = kind
    line = [action for index, action in enumerate(line) if index not in picks]
    at = done_at - len(picks)
    return [*line[:at], *wanted, *line[at:]]
