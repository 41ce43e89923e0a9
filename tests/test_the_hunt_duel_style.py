"""The British picture of how the German picks its duel cards (`duel_style`): Bayes'
rule over strongest first and any card, from the German cards shown in the Battle, and
the British worlds that deal the German's chosen card by it."""

from __future__ import annotations

import random

import pytest

from hunt.models.the_hunt import BRITISH, GERMAN, TheHuntState
from hunt.models.the_hunt.duel_style import (
    ANY_CARD_SHARE,
    STRONGEST_FIRST_PRIOR,
    chosen_card_index,
    strongest_first_chance,
)
from hunt.models.the_hunt.heuristics import duel_value
from hunt.tests.hunt_positions import GAME, british_turn, draw_until, play, roll, texts

WEAK = ["marconi", "prize-warfare"]  # 2 AP each
STRONG = ["pocket-battleships", "langsdorff", "kriegsmarine"]  # 6, 5 and 5 in a duel


def test_before_any_duel_the_two_styles_are_even() -> None:
    """With no German card shown yet, the picture is the prior: even."""
    assert strongest_first_chance(GAME, [], [*WEAK, *STRONG]) == STRONGEST_FIRST_PRIOR == 0.5


def test_a_german_that_led_its_strongest_cards_is_taken_to_lead_them() -> None:
    """Bayes' rule, duel by duel, with the hand of each duel rebuilt from the hand now
    and the cards shown since: Pocket Battleships the one strongest of five, Langsdorff
    one of two strongest of four, Kriegsmarine the strongest of three."""
    share = ANY_CARD_SHARE
    strongest = ((1 - share) + share / 5) * ((1 - share) / 2 + share / 4) \
        * ((1 - share) + share / 3)
    anyhow = 1 / 5 * 1 / 4 * 1 / 3
    chance = strongest_first_chance(GAME, STRONG, WEAK)
    assert chance == pytest.approx(strongest / (strongest + anyhow))
    assert chance > 0.9


def test_a_german_that_led_weak_cards_is_taken_to_pick_any() -> None:
    """Two weak cards led while the strong ones stayed in hand: each has the chance of
    the share of any card under strongest first, so the picture turns to any card."""
    chance = strongest_first_chance(GAME, WEAK, STRONG)
    assert chance == pytest.approx(0.04 * 0.05 / (0.04 * 0.05 + 0.2 * 0.25))
    assert chance < 0.05


def test_a_duel_without_a_card_tells_nothing() -> None:
    """A duel the German fought with no card ("none") leaves the picture as it was."""
    assert strongest_first_chance(GAME, ["none"], STRONG) == STRONGEST_FIRST_PRIOR


def test_the_chosen_card_is_drawn_by_the_picture() -> None:
    """After strongest-first duels the chosen card is one of the hand's strongest in
    about the picture's chance (less the share of any card) and its share of the rest;
    after weak duels about as often as a card drawn at random."""
    hand = ["cat-and-mouse", "pocket-battleships", "marconi"]
    strongest = hand.index("pocket-battleships")

    def share_strongest(shown: list[str]) -> float:
        rng = random.Random(5)
        picks = [chosen_card_index(GAME, shown, hand, len(shown) + 1, rng) for _ in range(3000)]
        return picks.count(strongest) / len(picks)

    led_strong = strongest_first_chance(GAME, ["langsdorff", "kriegsmarine"], hand)
    expected = led_strong * (1 - ANY_CARD_SHARE) + (1 - led_strong * (1 - ANY_CARD_SHARE)) / 3
    assert share_strongest(["langsdorff", "kriegsmarine"]) == pytest.approx(expected, abs=0.03)
    assert share_strongest(["prize-warfare", "new-paintwork"]) == pytest.approx(1 / 3, abs=0.03)


def _battle(german_cards: list[str]) -> TheHuntState:
    """A Battle in which the German has led `german_cards` (the British answering with
    their first card) and has just chosen the last of them: the British to pick."""
    state = british_turn(graf_spee="06")
    play(state, "play royal-navy ap", "search G")
    roll(state, 5)
    draw_until(state, GERMAN)
    draw_until(state, BRITISH)
    assert state.flow == "battle"
    for card in german_cards[:-1]:
        play(state, f"duel {card}")
        play(state, texts(state)[0])
    play(state, f"duel {german_cards[-1]}")
    assert state.current_player() == BRITISH
    return state


def test_british_worlds_expect_a_german_that_led_its_strongest_to_lead_it_again() -> None:
    """The British search deals the German's chosen but unseen card from each sampled
    German hand by how the German has picked in this Battle: after it led Pocket
    Battleships and Langsdorff, its card is one of the strongest of the world's hand in
    most worlds; after it led Marconi and Cat and Mouse, in far fewer."""

    def strongest_share(german_cards: list[str]) -> float:
        state = _battle(german_cards)
        rng, hits = random.Random(3), 0
        for _ in range(400):
            world = state.determinize(BRITISH, rng)
            chosen = world.duel_cards[GERMAN]
            assert chosen is not None
            best = max(duel_value(GAME, card, state.duel)
                       for card in [*world.hands[GERMAN], chosen])
            hits += duel_value(GAME, chosen, state.duel) == best
        return hits / 400

    led_strong = strongest_share(["pocket-battleships", "langsdorff", "radar"])
    led_weak = strongest_share(["marconi", "cat-and-mouse", "radar"])
    assert led_strong > 0.65
    assert led_strong > led_weak + 0.2
