"""Positions of Jutland built through its actions, for the tests of its rules and of
its players: a phase of a turn reached by chance and `done`, then exactly the hands
asked for (the deck adjusted)."""

from __future__ import annotations

import random

from hunt.models import CHANCE, load_game
from hunt.models.jutland import BRITISH, GERMAN, JutlandGame, JutlandState


def new_game(**options: bool) -> JutlandGame:
    game = load_game("jutland", **options)
    assert isinstance(game, JutlandGame)
    return game


def staged(turn: int, phase: str, german: list[str], british: list[str],
           **options: bool) -> JutlandState:
    """The German's choice in `phase` of `turn`, with exactly these hands (the deck
    adjusted; a card the deck has run out of comes back from the discard pile)."""
    state = new_game(**options).new_initial_state()
    game = state.game
    rng = random.Random(turn)
    while not (state.turn.number == turn and state.phase == phase
               and state.current_player() == GERMAN):
        if state.current_player() == CHANCE:
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(game.done_action)
    for seat, cards in ((GERMAN, german), (BRITISH, british)):
        for kind, n in enumerate(state.hands[seat]):
            state.deck[kind] += n
        state.hands[seat] = [0] * game.num_kinds
        for card in cards:
            kind = game.card_index[card]
            if state.deck[kind] == 0:  # take it back from the discard pile instead
                state.discard_up[kind] -= 1
                state.deck[kind] += 1
            state.deck[kind] -= 1
            state.hands[seat][kind] += 1
    state.deck_size = sum(state.deck)
    return state
