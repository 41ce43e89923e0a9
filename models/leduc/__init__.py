"""Leduc Hold'em: the small poker game searches are compared on."""

from hunt.models.leduc.rules import LeducGame, LeducState

__all__ = ["LeducGame", "LeducState"]
