"""Jutland's seats and the stages of a turn, named once: the rules, the heuristics and
the seat records all read them, and none of those need import another for them."""

GERMAN = 0
"""The German seat."""
BRITISH = 1
"""The British seat."""
SELECT, DRAW, OVER = "select", "draw", "over"
"""The stages of a turn: both sides choose their force; a side draws back to its hand;
the game is over."""
