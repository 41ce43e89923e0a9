"""Dealing hidden cards under counts (`hunt.models.hidden_deal`), as the seat-record
replayer uses it for Jutland and Hunting Party."""

from __future__ import annotations

import random

from hunt.models.hidden_deal import Count, HiddenDeal


def two_draws_then_a_play(kinds_in_deck: list[int]) -> HiddenDeal:
    """Two unseen draws (groups of 1 and 2 cards) from a deck of `kinds_in_deck`
    copies per kind; then the hand gives up a card of kind 2."""
    deal = HiddenDeal(3)
    first, second = deal.group(1), deal.group(2)
    drawn = [Count() for _ in range(3)]
    for kind in range(3):
        for group in (first, second):
            drawn[kind].add(deal.variable(group, kind))
    for kind, copies in enumerate(kinds_in_deck):
        deal.at_least(Count(copies).plus(drawn[kind], -1), 0)
    played = drawn[2].copy()
    played.constant -= 1
    deal.at_least(played, 0)
    return deal


def test_a_hand_holds_the_card_it_gives_up_and_no_deck_yields_more_than_it_holds() -> None:
    for seed in range(20):
        dealt = two_draws_then_a_play([1, 2, 1]).solve(random.Random(seed))
        assert dealt is not None
        cards = [kind for group in dealt for kind in group]
        assert [len(group) for group in dealt] == [1, 2]
        assert cards.count(2) == 1  # the one copy of kind 2, which is played
        assert cards.count(0) <= 1 and cards.count(1) <= 2


def test_random_costs_give_different_dealings() -> None:
    dealings = {str(two_draws_then_a_play([3, 3, 3]).solve(random.Random(seed)))
                for seed in range(30)}
    assert len(dealings) > 1


def test_no_dealing_is_none() -> None:
    assert two_draws_then_a_play([1, 1, 0]).solve(random.Random(0)) is None
