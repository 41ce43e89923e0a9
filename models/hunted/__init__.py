"""Hunted: Mining Colony 415: the solo and 2-player escape card game."""

from hunt.models.hunted.rules import HuntedAction, HuntedGame, HuntedState

__all__ = ["HuntedAction", "HuntedGame", "HuntedState"]
