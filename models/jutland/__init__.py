"""Jutland: the 2-player card game of the 1916 battle."""

from hunt.models.jutland.phases import BRITISH, GERMAN
from hunt.models.jutland.rules import JutlandGame, JutlandState

__all__ = ["BRITISH", "GERMAN", "JutlandGame", "JutlandState"]
