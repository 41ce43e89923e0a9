"""The sequential test on paired seeds (`hunt.solver.sprt`): it settles for the better
side, stops early on a large difference, keeps its error rates, and refuses
hypotheses it cannot tell apart."""

from __future__ import annotations

import random

import pytest

from hunt.solver.sprt import MIN_SEEDS, SPRT, SPRTError


def seed_scores(true_score: float, rng: random.Random) -> list[float]:
    """Per-seed scores of two games each (both seatings) won with `true_score`."""
    return [(float(rng.random() < true_score) + float(rng.random() < true_score)) / 2
            for _ in range(2000)]


def settle(test: SPRT, scores: list[float]) -> tuple[str | None, int]:
    for count in range(1, len(scores) + 1):
        verdict = test.verdict(scores[:count])
        if verdict is not None:
            return verdict, count
    return None, len(scores)


def test_a_clear_difference_settles_early_and_for_the_better_side() -> None:
    test = SPRT(0.5, 0.6)
    better, seeds = settle(test, seed_scores(0.8, random.Random(1)))
    assert better == "H1" and MIN_SEEDS <= seeds < 60
    worse, seeds = settle(test, seed_scores(0.3, random.Random(2)))
    assert worse == "H0" and MIN_SEEDS <= seeds < 60


def test_nothing_is_decided_before_the_least_number_of_seeds() -> None:
    assert SPRT(0.5, 0.6).verdict([1.0] * (MIN_SEEDS - 1)) is None
    assert SPRT(0.5, 0.6).verdict([1.0] * MIN_SEEDS) == "H1"


def test_the_error_rates_hold_where_the_hypotheses_are_true() -> None:
    """alpha = beta = 0.05: at a true score of `low` H1 is accepted rarely, and at
    `high` H0 rarely (the normal approximation is not exact: allowed 0.1)."""
    test, runs = SPRT(0.5, 0.6), 200
    false_h1 = sum(settle(test, seed_scores(0.5, random.Random(seed)))[0] == "H1"
                   for seed in range(runs))
    false_h0 = sum(settle(test, seed_scores(0.6, random.Random(seed)))[0] == "H0"
                   for seed in range(runs, 2 * runs))
    assert false_h1 / runs <= 0.1 and false_h0 / runs <= 0.1


def test_hypotheses_it_cannot_tell_apart_are_refused_in_one_line() -> None:
    assert SPRT.parse("0.5,0.55") == SPRT(0.5, 0.55)
    for text, why in (("0.6,0.5", "must rise within 0 to 1"), ("half", "is not two scores"),
                      ("0.5,1.5", "must rise")):
        with pytest.raises(SPRTError, match=why):
            SPRT.parse(text)
