"""Leduc Hold'em at the prompt: `rules`, from the game as OpenSpiel defines it."""

RULES = """\
Leduc Hold'em: a deck of six cards (J, Q, K in two suits); each player antes 1 chip
and gets one private card. Two betting rounds, the public card turned between them:
call (match the bet, or check), raise (by 2 in the first round, 4 in the second, at
most 2 raises a round) or fold (give up the pot, only when facing a bet).

At the showdown a pair with the public card beats any single card; else the higher
card wins; equal cards split the pot. A record (and `hunt table`) writes a showdown
as the two private cards, the first player's first: "showdown Jh Kh"."""
"""The rules of `boards/leduc/rules.toml`, in our words."""
