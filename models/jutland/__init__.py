"""Jutland: the 2-player card game of the 1916 battle."""

from hunt.models.jutland.rules import BRITISH, GERMAN, JutlandGame, JutlandState

__all__ = ["BRITISH", "GERMAN", "JutlandGame", "JutlandState"]
