"""What each game's screen shows, drawn only from the human seat's observation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import click

from hunt.models.game import State

Renderer = Callable[[State, int], str]


def render_jutland(state: State, seat: int) -> str:
    """Jutland from `seat`'s side: turn, losses, public counts, strikes and own hand."""
    from hunt.models.jutland.rules import JutlandGame

    game = state.game
    assert isinstance(game, JutlandGame)
    seen = state.observation(seat)
    me, enemy = seen["seat"], "british" if seen["seat"] == "german" else "german"
    cards = {card.id: card for card in game.cards}
    turn = game.turns[seen["turn"] - 1]
    lines = ["", click.style(f"=== Jutland - turn {turn.number} of 6: {turn.name} - "
                             f"{seen['phase'].capitalize()} phase - you are the "
                             f"{me.capitalize()} ===", bold=True)]
    losses = seen["losses"]
    lines.append("Ships lost: " + "; ".join(
        f"{side.capitalize()} {losses[side]['big']} big, {losses[side]['small']} small"
        for side in ("german", "british")))
    lines.append(f"Deck {seen['deck_size']} cards, discard pile {seen['discard_size']}, "
                 f"{enemy.capitalize()} hand {seen['opponent_hand_size']} cards.")
    if seen["last_discards"] is not None:
        counts = seen["last_discards"]
        lines.append(f"Last discards (face down): German {counts['german']}, "
                     f"British {counts['british']}.")
    for strike in seen["strikes"]:
        lines.append(
            f"Strike of turn {strike['turn']}: German {strike['german_force']} "
            f"({', '.join(strike['german_cards']) or 'nothing'}) against British "
            f"{strike['british_force']} ({', '.join(strike['british_cards']) or 'nothing'})"
            f" - {strike['winner'].capitalize()} win.")
    if seen["result"] is not None:
        lines.append(f"Game over: {seen['result']}.")
        return "\n".join(lines)
    side = 0 if me == "german" else 1
    fleets = turn.fleets[side]
    rule = "any of your own cards" if "any" in fleets else \
        " or ".join(f"{fleet} cards" for fleet in fleets)
    if turn.banned_classes:
        rule += ", but no " + ", ".join(turn.banned_classes)
    if "strike" in turn.phases:
        lines.append(f"This turn you may deploy {rule}. "
                     f"Winner loses {turn.winner_loses[0]} big + {turn.winner_loses[1]} "
                     f"small, loser {turn.loser_loses[0]} big + {turn.loser_loses[1]} small.")
    else:
        lines.append("This turn has only the Sight phase.")
    lines.append(f"Your hand ({len(seen['hand'])}):")
    in_hand: Counter[str] = Counter(seen["hand"])
    for card_id, count in sorted(in_hand.items(),
                                 key=lambda item: game.card_index[item[0]]):
        card = cards[card_id]
        lines.append(f"  {count} x {card_id:<14} {card.title} ({card.side}, {card.fleet}, "
                     f"force {card.force})")
    if seen["selected"]:
        verb = "deploy" if seen["stage"] == "deploy" else "discard"
        lines.append(f"Chosen to {verb} so far: {', '.join(seen['selected'])}")
    action = {"deploy": "Choose the cards to deploy, one at a time, then done:",
              "discard": "Choose the cards to discard (face down), one at a time, "
                         "then done:"}.get(seen["stage"], "")
    if action:
        lines.append(action)
    return "\n".join(lines)


def render_the_hunt(state: State, seat: int) -> str:
    """The Hunt from `seat`'s side: the map with what that side sees, tracks, hand, log."""
    from hunt.boards.the_hunt_map import draw_map
    from hunt.models.the_hunt.rules import TheHuntGame

    game = state.game
    assert isinstance(game, TheHuntGame)
    seen = state.observation(seat)
    me = seen["seat"]
    marks: dict[str, str] = {}
    # Colours go away by themselves when the output is not a terminal (or --no-color).
    for hex_id in seen["possible"] if me == "british" and len(seen["possible"]) < 41 else ():
        marks[hex_id] = click.style("?", fg="magenta", bold=True)
    for freighter in seen["freighters"].values():
        marks[freighter["hex"]] = click.style("f", fg="green")
    for hex_id in seen["hints"]:
        marks[hex_id] = click.style("h", fg="yellow")
    if seen["altmark"]:
        marks[seen["altmark"]] = click.style("A", fg="cyan")
    for force, hex_id in seen["forces"].items():
        if hex_id:
            marks[hex_id] = click.style(force, fg="blue", bold=True)
    if seen["graf_spee"]:
        marks[seen["graf_spee"]] = click.style("S", fg="red", bold=True)
    lines = ["", click.style(f"=== The Hunt - turn {seen['turn']} - you are the "
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
    lines.append(f"Opponent: {seen['opponent_hand_size']} cards in hand, "
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


def render_hunting_party(state: State, seat: int) -> str:
    """Hunting Party from `seat`'s side: the party, the face-up Fate with the icon each
    Hunter would meet, the decks, its own hand and Goal."""
    seen = state.observation(seat)
    me = seen["hunters"][seat]
    title = f"=== Hunting Party - round {seen['round']} - you are {seen['seat']}"
    title += f" ({me['hunter']}) ===" if me["hunter"] else " ==="
    lines = ["", click.style(title, bold=True)]
    order = seen["live_order"]
    for hunter in seen["hunters"]:
        if not hunter["hunter"]:
            continue
        marks = " (First Hunter)" if hunter["seat"] == seen["first_hunter"] else ""
        state_text = f"{hunter['hand_size']}/{hunter['hand_limit']} cards" if hunter["alive"] \
            else click.style("dead", fg="red")
        trophies = ", ".join(hunter["trophies"]) or "no trophies"
        action = f"; Action: {hunter['action']}" if hunter["action"] else ""
        lines.append(f"  {hunter['seat']} {hunter['hunter']}{marks}: {state_text}; "
                     f"{trophies}{action}")
        lines.append(f"      {hunter['ability_text']}")
    if seen["goal"]:
        goal = seen["goal"]
        lines.append(f"Your Goal: {goal['text']} ({goal['points']} points"
                     + (", met now)." if goal["met"] else ")."))
    for choice in seen["goal_choices"]:
        lines.append(f"Goal dealt: {choice['id']}: {choice['text']} ({choice['points']} points)")
    hand = ", ".join(f"{count} {kind}" for kind, count in seen["hand"].items() if count)
    lines.append(f"Your hand: {hand or 'empty'}.")
    if seen["fate_up"]:
        lines.append("Face-up Fate cards (personal icons for " + ", ".join(order) + "):")
        for card in seen["fate_up"]:
            icons = ", ".join(f"{who} {card['icons'][i]}" for i, who in enumerate(order))
            lines.append(click.style(f"  {card['id']}: {card['event']}, {card['animal']}; "
                                     f"{icons}", fg="yellow"))
    discards = ", ".join(card["animal"] for card in seen["fate_discards"]) or "none"
    lines.append(f"Fate deck {seen['fate_deck']} cards (reshuffles left "
                 f"{seen['fate_reshuffles_left']}); Fate discards: {discards}.")
    lines.append(f"Action deck {seen['action_deck']} cards"
                 + (f", under it: {', '.join(seen['deck_bottom'])}." if seen["deck_bottom"]
                    else "."))
    if seen["ambush"]:
        lines.append("Ambush: this round each Hunter plays the card they draw.")
    if seen["threat"]:
        threat = seen["threat"]
        lines.append(click.style(f"Your personal fate: {threat['icon']} "
                                 f"({threat['effect']} {threat['count']}). Flee from your "
                                 "hand?", fg="red"))
    if seen["log"]:
        lines.append("Lately:")
        lines += [f"  {entry}" for entry in seen["log"][-6:]]
    if seen["scores"] is not None:
        scores = ", ".join(f"{h['seat']} {score}" for h, score in
                           zip(seen["hunters"], seen["scores"], strict=True))
        lines.append(f"Game over ({seen['result']}): {scores}.")
    return "\n".join(lines)


def render_hunted(state: State, seat: int) -> str:
    """Hunted from `seat`'s side (the whole table is public): time and health, each
    row with what its cards give and cost, the inventories, the fight, the log."""
    from hunt.models.hunted.rules import HuntedGame

    game = state.game
    assert isinstance(game, HuntedGame)
    seen = state.observation(seat)
    players = seen["players"]
    lines = ["", click.style(f"=== Hunted: Mining Colony 415 - time {seen['time']} - "
                             + ", ".join(f"{'you' if players == 1 else f'p{i + 1}'} "
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
            return click.style(f"{name} (alien, {card.strength} hits"
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
        items = []
        for item in seen["inventories"][index]:
            if "label" in item:
                items.append(f"{item['name']} {item['shots']}/{item['capacity']} shots, "
                             f"{item['ammo']} ammo")
            elif item["type"] == "crew":
                items.append(item["name"] + (" (flipped)" if item["flipped"] else ""))
            else:
                items.append(item["name"])
        tokens = [f"{count} {what}" for what, count in (
            ("key", seen["keys"][index]), ("grenade token", seen["grenades"][index]),
            ("loose shot", seen["loose_shots"][index])) if count]
        owner = "You hold" if index == seat else f"p{index + 1} holds"
        lines.append(f"{owner}: {', '.join(items + tokens) or 'nothing'}.")
    fight = seen["fight"]
    if fight is not None:
        lines.append(click.style(
            f"FIGHT (round {fight['round']}, {fight['fighter']} fights): {fight['alien']}, "
            f"{fight['hits']} of {fight['strength']} hits"
            + (", crew icon" if fight["crew_icon"] else "")
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
        lines.append("Lately:")
        lines += [f"  {entry}" for entry in seen["log"][-6:]]
    if seen["result"] is not None:
        lines.append(f"Game over: {seen['reason']}."
                     + (f" Score {seen['score']}." if seen["score"] is not None else ""))
    return "\n".join(lines)


def render_leduc(state: State, seat: int) -> str:
    """Leduc Hold'em from `seat`'s side: its card, the public card, the bets."""
    seen = state.observation(seat)
    chips = seen["contributions"]
    lines = ["", click.style(f"=== Leduc Hold'em - round {seen['round']} of 2 - you are "
                             f"the {seen['seat']} player ===", bold=True),
             f"Your card: {seen['card'] or '-'}   Public card: {seen['public_card'] or '-'}",
             f"In the pot: you {chips[seat]}, the opponent {chips[1 - seat]}; raises this round "
             f"{seen['raises']} of 2; bets this round: {', '.join(seen['bets']) or 'none'}."]
    if seen["result"]:
        other = f" (the opponent held {seen['opponent_card']})" if seen["opponent_card"] else ""
        mine = seen["result"]["returns"][seat]
        lines.append(f"Game over: {seen['result']['how']}{other}; you win {mine:+g} chips.")
    return "\n".join(lines)


RENDERERS: dict[str, Renderer] = {"hunted": render_hunted,
                                  "hunting-party": render_hunting_party,
                                  "jutland": render_jutland, "leduc": render_leduc,
                                  "the-hunt": render_the_hunt}
"""Each registered game's screen."""
