"""The fit of The Hunt's cut-off evaluation (`scripts/fit_evaluation.py`): the
positions it learns from, of heuristic self-play or of the games of named players."""

from __future__ import annotations

from hunt.models.the_hunt.evaluation import FEATURES
from hunt.tests.scripts import load_script


def test_the_fit_learns_from_the_games_of_the_players_it_is_given() -> None:
    """Without players the fit reads heuristic self-play; with a pair, the games that
    pair plays from the same seed (the German first), each position as the evaluation
    reads it, labelled 1 where the German went on to win."""
    script = load_script("fit_evaluation")
    rows, label = script.positions(3)
    assert (rows, label) == script.positions(3, ("heuristic", "heuristic"))
    assert rows and label in (0.0, 1.0)
    assert all(len(row) == len(FEATURES) for row in rows)
    other, other_label = script.positions(3, ("tracker", "random"))
    assert other and other_label in (0.0, 1.0) and other != rows
