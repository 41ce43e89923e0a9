"""The report that tells the rule of thumb's British from other British
(scripts/the_hunt_british_style_report.py): every choice of the rule of thumb's British
is one the rule of thumb makes, and the tracker player's British makes Force moves it
never would."""

from __future__ import annotations

from hunt.tests.scripts import load_script


def test_the_rule_of_thumbs_british_is_never_told_apart_from_itself() -> None:
    report = load_script("the_hunt_british_style_report")
    decisions = report.british_decisions("heuristic", 100)
    assert len(decisions) > 20
    assert all(chance > 0 for _, chance in decisions)


def test_the_tracker_players_british_moves_where_the_rule_of_thumb_would_not() -> None:
    report = load_script("the_hunt_british_style_report")
    decisions = report.british_decisions("tracker", 100)
    assert any(verb == "move" and chance == 0 for verb, chance in decisions)
