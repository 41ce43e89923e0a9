"""Positions of The Hunt built through its actions, for the tests of its rules and of
its players: setup played out, the named actions with their forced answers, dice."""

from __future__ import annotations

from typing import Any

from hunt.models.game import CHANCE, take_forced_steps
from hunt.models.the_hunt import BRITISH, GERMAN, TheHuntAction, TheHuntGame, TheHuntState
from hunt.models.the_hunt.actions import PASS
from hunt.models.the_hunt.steps import Draw

GAME = TheHuntGame()
GERMAN_HAND = ["kriegsmarine", "pocket-battleships", "radar", "langsdorff", "marconi"]
BRITISH_HAND = ["royal-navy", "cumberland", "harwoods-intuition", "fair-weather",
                "convoy-routes"]
REMOVABLE = [card.id for card in GAME.cards.values()
             if "german" in card.decks and card.removed_after_event]
"""The German cards that leave the game after their event (5: see cards.toml)."""


def play(state: TheHuntState, *texts: str) -> None:
    """Play the actions named, and after each the forced answers (a `pass` from a side
    with no reaction card, a `redraw` with one size open), as the rulebook's examples
    leave them out."""
    for text in texts:
        take_forced_steps(state, text)
        state.apply_action(state.string_to_action(text))
        settle(state)


def settle(state: TheHuntState) -> None:
    """Take the forced passes and redraws that are next."""
    while state.current_player() >= 0:
        legal = state.legal_actions()
        if len(legal) != 1 or not isinstance(legal[0], TheHuntAction) \
                or legal[0].verb not in (PASS.verb, "redraw"):
            return
        state.apply_action(legal[0])


def texts(state: TheHuntState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def new_state(freighters: tuple[str, str] = ("e-a", "b-e1"), german: list[str] | None = None,
              british: list[str] | None = None, graf_spee: str = "24",
              altmark: str = "20", game: TheHuntGame = GAME) -> TheHuntState:
    """Setup played through the actions: freight draw, hands, both German ships."""
    state = game.new_initial_state(1)
    play(state, *(f"freighter {f}" for f in freighters))
    play(state, *(f"draw {c}" for c in german or GERMAN_HAND))
    play(state, *(f"draw {c}" for c in british or BRITISH_HAND))
    play(state, f"start {graf_spee}", f"altmark {altmark}")
    return state


def roll(state: TheHuntState, face: int) -> None:
    """Roll the die that is next (after a search, once the British pass on adding
    Intelligence; after an attack, once the German passes on the airplane)."""
    if state.stack[-1].kind in ("boost", "airplane"):
        play(state, "pass")
    assert state.current_player() == CHANCE
    play(state, f"roll {face}")


def draw_until(state: TheHuntState, seat: int) -> None:
    """Let chance draw for `seat` until it stops (first card in deck order)."""
    while state.current_player() == CHANCE:
        top = state.stack[-1]
        if not isinstance(top, Draw) or top.side != seat:
            return
        state.apply_action(state.legal_actions()[0])


def to_british_card_phase(state: TheHuntState) -> None:
    """Let the German end and redraw, and chance refill the freighters."""
    while state.current_player() != BRITISH:
        if state.current_player() == CHANCE:
            state.apply_action(state.legal_actions()[0])
        elif state.current_player() == GERMAN:
            legal = texts(state)
            play(state, "end" if "end" in legal else "pass" if "pass" in legal else legal[0])


def british_turn(graf_spee: str = "31", **setup: Any) -> TheHuntState:
    """Setup as in `new_state`, the German plays Kriegsmarine for AP and ends: the
    British are to play a card."""
    state = new_state(graf_spee=graf_spee, **setup)
    play(state, "play kriegsmarine ap", "end")
    to_british_card_phase(state)
    return state


def force_g_searches(raider: str) -> TheHuntState:
    """The German on `raider` holding Cat and Mouse; Force G searches 06, its hex at
    the start: the German's window to cancel that search before its roll."""
    state = new_state(graf_spee=raider, german=["cat-and-mouse", "kriegsmarine", "radar",
                                               "langsdorff", "marconi"])
    play(state, "play kriegsmarine ap", "end")
    while state.current_player() != BRITISH or "play royal-navy ap" not in texts(state):
        state.apply_action(state.legal_actions()[0])
    play(state, "play royal-navy ap", "search G")
    return state
