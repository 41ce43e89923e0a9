"""Adapters that let other frameworks drive our games: OpenSpiel (`hunt.adapters.openspiel`,
extra `openspiel`) and PettingZoo (`hunt.adapters.pettingzoo`, extra `pettingzoo`).

They see games only through the contract and the registry, like the solver. The shared,
framework-free part (a fixed numbering of every action, a seat's view as bytes, chance
drawn from a seeded generator) is `hunt.adapters.numbering`; importing this package
imports neither framework.
"""
