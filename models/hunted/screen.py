"""Hunted's screen: what `hunt play` shows a seat, drawn from its observation."""

from __future__ import annotations

from hunt.models.events import lately_heading, recent
from hunt.models.hunted.observation import HuntedObservation
from hunt.models.hunted.rules import HuntedGame
from hunt.models.hunted.words import item_words, log_lines, tokens_words
from hunt.models.plugin import Style, fit, plain, plural

LATELY = 6
"""Events the screen repeats (`log` shows them all)."""


def screen(game: HuntedGame, seen: HuntedObservation, seat: int, style: Style = plain,
           unseen: int = 0) -> str:
    """Hunted from `seat`'s side (the whole table is public): time and health, each
    row with what its cards give and cost, the inventories, the fight, the last
    events (every one of the `unseen`)."""
    players = seen["players"]
    lines = ["", style(f"=== Hunted: Mining Colony 415 - time {seen['time']} - "
                       + ", ".join(f"{'your' if players == 1 else f'p{i + 1}'} "
                                   f"health {h}/{seen['max_health']}"
                                   for i, h in enumerate(seen["health"]))
                       + " ===", bold=True)]
    lines.append(f"Locations drawn {seen['locations_drawn']} (the Landing Pad is among the "
                 f"last 3 of 15; {seen['locations_left']} left). Hunted deck "
                 f"{sum(seen['deck'].values())} cards, discards "
                 f"{sum(seen['discards'].values())}, star aliens set aside "
                 f"{seen['stars_aside']}. Reroll token: "
                 + ("by the board." if seen["reroll"] else "used."))

    def card_text(name: str) -> str:
        card = game.cards[name]
        if card.type == "alien":
            return style(f"{name} (alien, {plural(card.strength, 'hit')}"
                         + (", crew icon" if card.crew_icon else "") + ")", fg="red")
        bell = ", bell" if card.noise else ""
        where = f", {card.locations} Location{'s' if card.locations > 1 else ''}" \
            if card.locations else ""
        return (f"{name} ({card.type}{where}; gives {'/'.join(card.gives)}, costs "
                f"{' + '.join(card.cost)}{bell})")

    for index in range(players):
        owner = "Your row" if index == seat else f"p{index + 1}'s row"
        cards = "; ".join(card_text(name) for name in seen["rows"][index]) or "empty"
        lines.append(f"{owner}: {cards}")
    if players == 2:
        lines.append("Shared row: " + ("; ".join(card_text(n) for n in seen["shared"])
                                       or "empty"))
    for index in range(players):
        held = [item_words(item) for item in seen["inventories"][index]]
        tokens = tokens_words(seen, index)
        owner = "You hold" if index == seat else f"p{index + 1} holds"
        lines.append(f"{owner}: {', '.join(held + ([tokens] if tokens else [])) or 'nothing'}.")
    fight = seen["fight"]
    if fight is not None:
        lines.append(style(
            f"FIGHT (round {fight['round']}, {fight['fighter']} fights): {fight['alien']}, "
            f"{fight['hits']} of {plural(fight['strength'], 'hit')}"
            + (", crew icon (it attacks the crew in the inventory first)"
               if fight["crew_icon"] else "")
            + f". Each token hits {seen['hit_rates']['token']:.0%} of the time.", fg="red",
            bold=True))
    if seen["drawn"]:
        lines.append("Locations drawn: " + ", ".join(seen["drawn"]) + " (choose one).")
    if seen["activating"]:
        lines.append(f"Activating {seen['activating']}: pay its cost.")
    if seen["stage"] == "give":
        giver = seen["to_move"]
        lines.append(f"{'You' if giver == seen['seat'] else giver} may give an inventory card "
                     "to the other player (1 time each), or pass.")
    if seen["log"]:
        latest, untold = recent(seen["log"], LATELY, unseen)
        lines.append(lately_heading(untold))
        lines += [f"  {text}" for text in log_lines(game, latest)]
    if seen["result"] is not None:
        lines.append(f"Game over: {seen['reason']}."
                     + (f" Score {seen['score']}." if seen["score"] is not None else ""))
    return fit(lines)
