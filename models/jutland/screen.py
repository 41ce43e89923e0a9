"""Jutland's screen: what `hunt play` shows a seat, drawn from its observation."""

from __future__ import annotations

from collections import Counter

from hunt.models.events import lately_heading, recent
from hunt.models.jutland.log import FLEETS
from hunt.models.jutland.observation import JutlandObservation
from hunt.models.jutland.rules import JutlandGame
from hunt.models.plugin import Style, fit, plain, plural

LATELY = 3
"""Events the screen repeats (`log` shows them all)."""


def screen(game: JutlandGame, seen: JutlandObservation, seat: int, style: Style = plain,
           unseen: int = 0) -> str:
    """Jutland from `seat`'s side: turn, losses, public counts, strikes, own hand and
    the last events (every one of the `unseen`)."""
    me, enemy = seen["seat"], "british" if seen["seat"] == "german" else "german"
    cards = {card.id: card for card in game.cards}
    turn = game.turns[seen["turn"] - 1]
    lines = ["", style(f"=== Jutland, turn {turn.number}/6 ({turn.name}), "
                       f"{seen['phase'].capitalize()} phase: you are the "
                       f"{me.capitalize()} ===", bold=True)]
    losses = seen["losses"]
    lines.append("Ships lost: " + "; ".join(
        f"{side} {lost['big']} big, {lost['small']} small"
        for side, lost in (("German", losses["german"]), ("British", losses["british"]))))
    lines.append(f"Deck {plural(seen['deck_size'], 'card')}, discard pile {seen['discard_size']}, "
                 f"{enemy.capitalize()} hand {plural(seen['opponent_hand_size'], 'card')}.")
    if (counts := seen["last_discards"]) is not None:
        lines.append(f"Last discards (face down): German {counts['german']}, "
                     f"British {counts['british']}.")
    if strikes := seen["strikes"]:  # the last in full, the others counted (log: each)
        won = Counter(strike["winner"] for strike in strikes)
        last = strikes[-1]
        lines.append(
            f"Strikes won: German {won['german']}, British {won['british']}. Last, turn "
            f"{last['turn']}: German {last['german_force']} "
            f"({', '.join(last['german_cards']) or 'nothing'}) v British "
            f"{last['british_force']} ({', '.join(last['british_cards']) or 'nothing'})"
            f": {FLEETS[last['winner']]} win.")
    if seen["result"] is not None:
        lines.append(f"Game over: {outcome(seen)}.")
        return fit(lines)
    side = 0 if me == "german" else 1
    fleets = turn.fleets[side]
    rule = "any of your own cards" if "any" in fleets else \
        " or ".join(f"{fleet} cards" for fleet in fleets)
    if turn.banned_classes:
        rule += ", but no " + " or ".join(f"{kind}s" for kind in turn.banned_classes)
    if "strike" in turn.phases:
        lines.append(f"This turn you may deploy {rule}.")
        lines.append(f"Sink phase: the winner loses {turn.winner_loses[0]} big + "
                     f"{turn.winner_loses[1]} small, the loser {turn.loser_loses[0]} big + "
                     f"{turn.loser_loses[1]} small.")
    else:
        lines.append("This turn has only the Sight phase.")
    lines.append(f"Your hand ({len(seen['hand'])}):")
    in_hand: Counter[str] = Counter(seen["hand"])
    for card_id, count in sorted(in_hand.items(),
                                 key=lambda item: game.card_index[item[0]]):
        card = cards[card_id]
        lines.append(f"  {count} x {card_id:<14} {card.title}, force {card.force}"
                     + ("" if card.side == me else f" ({card.side})"))
    if seen["selected"]:
        verb = "deploy" if seen["stage"] == "deploy" else "discard"
        lines.append(f"Chosen to {verb} so far: {', '.join(seen['selected'])}")
    if seen["log"]:
        latest, untold = recent(seen["log"], LATELY, unseen)
        lines.append(lately_heading(untold))
        lines += [f"  {entry}" for entry in latest]
    # One card at a time, in any order, or several in one line (`string_to_actions`).
    action = {"deploy": "Choose cards to deploy (deploy a b ... or deploy all), then done:",
              "discard": "Choose cards to discard face down (discard a b ..., or discard all: "
                         "your own cards too), then done:"}.get(seen["stage"], "")
    if action:
        lines.append(action)
    return fit(lines)


def outcome(seen: JutlandObservation) -> str:
    """The end in words: the observation's result ("german win on more ships sunk")
    with the winner as a sentence names it, or the draw explained."""
    result = seen["result"]
    if result is None or result == "draw":
        return "a draw: both sides sank as many ships, and as many big ones"
    winner, how = result.split(" win ", 1)
    return f"{FLEETS[winner]} win {how}"
