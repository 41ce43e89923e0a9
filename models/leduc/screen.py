"""Leduc Hold'em's screen: what `hunt play` shows a seat, drawn from its observation."""

from __future__ import annotations

from hunt.models.leduc.observation import LeducObservation
from hunt.models.leduc.rules import LeducGame
from hunt.models.plugin import Style, fit, plain, plural


def screen(game: LeducGame, seen: LeducObservation, seat: int, style: Style = plain,
           unseen: int = 0) -> str:
    """Leduc Hold'em from `seat`'s side: its card, the public card, the bets (every bet
    of the hand is on it, so `unseen` changes nothing)."""
    chips = seen["contributions"]
    lines = ["", style(f"=== Leduc Hold'em - round {seen['round']} of 2 - you are "
                       f"the {seen['seat']} player ===", bold=True),
             f"Your card: {seen['card'] or '-'}   Public card: {seen['public_card'] or '-'}",
             f"In the pot: you {chips[seat]}, the opponent {chips[1 - seat]}; raises this round "
             f"{seen['raises']} of 2; bets this round: {', '.join(seen['bets']) or 'none'}"
             + (f"; in round 1: {', '.join(seen['first_round_bets'])}."
                if seen["first_round_bets"] else ".")]
    if result := seen["result"]:
        how = result["how"]  # "showdown", or "first folded"
        if how.endswith(" folded"):
            how = "you folded" if how.split()[0] == seen["seat"] else "the opponent folded"
        other = f" (the opponent held {seen['opponent_card']})" if seen["opponent_card"] else ""
        mine = round(result["returns"][seat])
        won = f"you win {plural(mine, 'chip')}" if mine > 0 else \
            f"you lose {plural(-mine, 'chip')}" if mine < 0 else "the pot is split"
        lines.append(f"Game over: {how}{other}; {won}.")
    return fit(lines)
