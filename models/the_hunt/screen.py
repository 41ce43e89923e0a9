"""The Hunt's screen: what `hunt play` shows a seat, drawn from its observation."""

from __future__ import annotations

from hunt.boards.the_hunt_map import draw_map
from hunt.models.plugin import Style, plain, plural
from hunt.models.the_hunt.observation import HuntObservation
from hunt.models.the_hunt.rules import TheHuntGame


def screen(game: TheHuntGame, seen: HuntObservation, seat: int, style: Style = plain) -> str:
    """The Hunt from `seat`'s side: the map with what that side sees, tracks, hand, log."""
    me = seen["seat"]
    marks: dict[str, str] = {}
    # Colours go away by themselves when the output is not a terminal (or --no-color).
    for hex_id in seen["possible"] if me == "british" and len(seen["possible"]) < 41 else ():
        marks[hex_id] = style("?", fg="magenta", bold=True)
    for freighter in seen["freighters"].values():
        marks[freighter["hex"]] = style("f", fg="green")
    for hex_id in seen["hints"]:
        marks[hex_id] = style("h", fg="yellow")
    if altmark := seen["altmark"]:
        marks[altmark] = style("A", fg="cyan")
    for force, where in seen["forces"].items():
        if where:
            marks[where] = style(force, fg="blue", bold=True)
    if raider := seen["graf_spee"]:
        marks[raider] = style("S", fg="red", bold=True)
    lines = ["", style(f"=== The Hunt - turn {seen['turn']} - you are the "
                       f"{me.capitalize()} ({seen['variant']}) ===", bold=True)]
    lines += ["  " + row for row in draw_map(game.board, marks)]
    lines.append("  S Graf Spee  A Altmark  G/H/K Forces  f Freight Ship  h Hint"
                 + ("  ? where the Graf Spee may be" if me == "british" else ""))
    ships = ", ".join(f"{f} on {info['hex']} to {info['destination']}"
                      for f, info in seen["freighters"].items()) or "none"
    lines.append(f"Freight Ships: {ships}; in the bag {seen['bag']}; "
                 f"sunk {len(seen['sunk'])}, delivered {len(seen['delivered'])} (5 wins).")
    track = ", ".join(f"{force} on space {space}" for force, space in seen["strategy"].items())
    lines.append(f"Strategy track: {track or 'empty'}.  Airplane: {seen['plane']}.  "
                 f"Reserve: {seen['reserve']} AP.")
    enemy = 1 if me == "german" else 0
    lines.append(f"Opponent: {plural(seen['opponent_hand_size'], 'card')} in hand, "
                 f"{seen['decks'][enemy]} in deck, discards "
                 f"{', '.join(seen['discards'][enemy]) or 'none'}; removed from the game "
                 f"{', '.join(seen['removed'][enemy]) or 'none'}.")
    if seen["battle"]:
        battle = seen["battle"]
        lines.append(f"BATTLE, duel {battle['duel']} of 5 - Forces {', '.join(battle['forces'])}"
                     f" - damage German {battle['damage']['german']}, British "
                     f"{battle['damage']['british']}.")
    lines.append("Your hand:")
    for card_id in seen["hand"]:
        card = game.cards[card_id]
        stripe = f" [Intelligence: {card.intelligence}]" if me == "british" \
            and card.intelligence != "none" else ""
        lines.append(f"  {card_id:<22} {card.ap} AP, {card.event}: {card.text}{stripe}")
    if seen["log"]:
        lines.append("Lately:")
        lines += [f"  {entry}" for entry in seen["log"][-6:]]
    if seen["result"]:
        lines.append(f"Game over: {seen['result']['how']}.")
    elif seen["step"] == "actions":
        lines.append(f"You have {seen['ap']} AP to spend.")
    return "\n".join(lines)
