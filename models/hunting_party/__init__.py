"""Hunting Party: the 2-5 player safari card game with secret goals."""

from hunt.models.hunting_party.rules import HuntingPartyGame, HuntingPartyState, PartyAction

__all__ = ["HuntingPartyGame", "HuntingPartyState", "PartyAction"]
