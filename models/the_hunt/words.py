"""The Hunt's log in words: each event (`events.py`) as the screen and the `log` page
say it, the names of cards, ships and ports taken from the board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, assert_never

from hunt.models.events import numbered_log
from hunt.models.plugin import Style, plain, plural
from hunt.models.the_hunt import events as ev
from hunt.models.the_hunt.observation import TheHuntObservation
from hunt.models.the_hunt.rules import GERMAN, TheHuntGame

CANCELLED = {"search": "the search", "attack": "the attack", "battle": "the Battle"}
"""What a reaction cancels, in players' words (an event: its card's name)."""


def side_does(side: int, verb: str) -> str:
    """A side and its verb, in agreement: "The German plays", "The British play"."""
    return f"The German {verb}s" if side == GERMAN else f"The British {verb}"


def turn_words(turn: int) -> str:
    """A turn as players count it, by rounds: "round 2, German turn" for the state's
    `turn` 3 (the sides' turns alternate, the German's first; 0 is the setup)."""
    if turn == 0:
        return "setup"
    return f"round {round_of(turn)}, {'German' if turn % 2 else 'British'} turn"


def round_of(turn: int) -> int:
    """The round the state's `turn` is in: the German's turn and the British one after
    it make a round (0: the setup)."""
    return (turn + 1) // 2


def say(game: TheHuntGame, event: ev.Event) -> str:
    """`event` in words, as the log shows it."""
    match event:
        case ev.GameOver(how):
            return f"Game over: {how}."
        case ev.DeckRebuilt(side):
            return f"The {'German' if side == GERMAN else 'British'} deck is rebuilt from " \
                   "the discards."
        case ev.FreighterSetsOut(freighter):
            ship = game.freighters[freighter]
            return f"Freight Ship {ship.name} ({freighter}) sets out from {ship.start}."
        case ev.FreighterArrives(freighter):
            port = game.board.destinations[game.freighters[freighter].destination].name
            return f"Freight Ship {freighter} reaches {port}."
        case ev.FreighterSails(freighter):
            return f"Freight Ship {freighter} sails one hex further."
        case ev.FreightShipsSailOn(freighters, hexes):
            sailed = ", ".join(f"{freighter} to {hex_id}"
                               for freighter, hex_id in zip(freighters, hexes, strict=True))
            ships = "Freight Ships sail" if len(freighters) > 1 else "Freight Ship sails"
            return f"{ships} on: {sailed}."
        case ev.HandSize(cards):
            return f"The German holds {plural(cards, 'card')}."
        case ev.AltmarkPlaced(hex_id):
            return f"The Altmark is placed on {hex_id}."
        case ev.CardPlayed(side, card, for_event):
            played = game.cards[card]
            use = "its event" if for_event else f"{played.ap} AP"
            return f"{side_does(side, 'play')} {played.name} for {use}."
        case ev.MandatoryEvent(side, card):
            if game.cards[card].effect == "opponent-draws":  # the card's "your opponent"
                drawer = side_does(1 - side, "draw").replace("The ", "the ", 1)
                return f"Mandatory event: {drawer} one card."
            return f"Mandatory event: {game.cards[card].text.removeprefix('Mandatory: ')}"
        case ev.ReserveStored(ap, reserve):
            return f"The German stores {ap} AP in the Reserve ({reserve} now)."
        case ev.RepairTried():
            return "The German tries to repair the airplane."
        case ev.ForceMoves(force, hex_id, ap):
            return f"Force {force} moves to {hex_id} ({ap} AP)."
        case ev.AltmarkMoves(hex_id, ap):
            return f"The Altmark moves to {hex_id} ({ap} AP)."
        case ev.GrafSpeeMoves(ap, hex_id):
            # the German's own log says where it went; the British hear only the AP
            return f"The Graf Spee moves to {hex_id} ({ap} AP)." if hex_id else \
                f"The Graf Spee moves: {ap} AP spent."
        case ev.HintsRemoved():
            return "The Hint markers are removed."
        case ev.Revealed(hex_id):
            return f"The Graf Spee is revealed on {hex_id}."
        case ev.Attack(freighter):
            return f"The Graf Spee attacks Freight Ship {freighter}."
        case ev.AirplaneSent():
            return "The German sends the airplane (+2); it is now Broken."
        case ev.AirplaneBroken():
            return "The German airplane is now Broken."
        case ev.Search(force, hex_id):
            return f"Force {force} searches {hex_id}."
        case ev.Intelligence(card):
            played = game.cards[card]
            return f"Intelligence: {played.name} ({played.intelligence})."
        case ev.ForceEnters(force, hex_id):
            return f"Force {force} enters the map on {hex_id}."
        case ev.ForceAdvances(force, space):
            return f"Force {force} advances to Strategy space {space}."
        case ev.NoHintLeft():
            return "No Hint marker is left to place."
        case ev.NoHintPlace():
            return "The German cannot place a Hint marker."
        case ev.HintPlaced(hex_id):
            return f"A Hint marker is placed on {hex_id}."
        case ev.FalseHint(hex_id):
            return f"A false Hint marker is placed on {hex_id}: the Graf Spee is at least " \
                   "3 hexes away from it."
        case ev.Reacts(side, card):
            return f"{side_does(side, 'react')} with {game.cards[card].name}."
        case ev.Cancels(card, what, of_card):
            target = CANCELLED.get(what) or \
                f"the event of {game.cards[of_card].name if of_card else 'a card'}"
            return f"{game.cards[card].name} cancels {target}."
        case ev.NoBattle():
            return "The Graf Spee passes for a neutral ship: no Battle."
        case ev.ForceDrawnAway(force, hex_id):
            return f"Force {force} is drawn away to {hex_id}."
        case ev.ProximityAnswer(hex_id, near):
            return f"Is the Graf Spee within 2 hexes of {hex_id}? " + ("Yes." if near else "No.")
        case ev.RepairRoll(face, removed, plane):
            return f"Repair roll {face}, against {plural(removed, 'German card')} out of " \
                   f"the game (it must roll higher): the airplane is {plane}."
        case ev.AttackRoll(face, bonus, freighter, sunk):
            return f"Attack roll {face}+{bonus}: Freight Ship {freighter} " \
                + ("is sunk." if sunk else "escapes.")
        case ev.SearchFails(face, bonus):
            return f"Search roll {face}+{bonus} fails: nothing is learnt."
        case ev.SearchFinds(face, bonus, hex_id):
            return f"Search roll {face}+{bonus} succeeds on {hex_id}..."
        case ev.SearchClears(face, bonus, hex_id):
            return f"Search roll {face}+{bonus} on {hex_id} clears it: the Graf Spee is not there."
        case ev.BattleBegins(hex_id, forces):
            return f"Battle on {hex_id}! Forces present: {', '.join(forces)}."
        case ev.BattleHands(german, british):
            return f"Hands filled for the Battle: the German holds {plural(german, 'card')}, " \
                f"the British {plural(british, 'card')}."
        case ev.DuelResult(duel, german, german_value, british, british_value, hurt_german,
                        hurt_british):
            return f"Duel {duel}: German {german} ({german_value:g}) against British " \
                   f"{british} ({british_value:g}); damage German {hurt_german}, British " \
                   f"{hurt_british}."
        case ev.HandSeen(side, cards):
            other = "British" if side == GERMAN else "German"
            return f"{side_does(side, 'look')} at the {other} hand: " \
                   f"{', '.join(cards) or 'none'}."
        case ev.BattleEnds(hurt_german, hurt_british):
            return f"The Battle ends with damage German {hurt_german}, British " \
                   f"{hurt_british}."
        case _:
            assert_never(event)


def log_lines(game: TheHuntGame, log: Sequence[Mapping[str, Any]]) -> list[str]:
    """The observation's log entries (JSON events) in words, oldest first."""
    return [say(game, ev.KINDS.from_json(entry)) for entry in log]


def log_page(game: TheHuntGame, seen: TheHuntObservation, seat: int, style: Style = plain) -> str:
    """`log`: every event the seat has seen, numbered (the screen shows the last few)."""
    return numbered_log(log_lines(game, seen["log"]))


PIECES = {"graf-spee": "the Graf Spee", "altmark": "the Altmark"}
"""The German's pieces as a choice names them -> in words (a Force is "Force G")."""


def choice_words(game: TheHuntGame, text: str) -> str:
    """A choice (a typed action, or a table companion's entry with what it showed after
    "; ") in players' words: "move G 4 15" is "Move Force G to 15 (4 AP)", "draw ?" is
    "Draw a card, unseen"; the text itself where it has no words of its own. What a
    choice costs beyond a move's AP, and needs, is its menu note's to say."""
    typed, *learned = text.split("; ")
    words = typed.lower().split()
    said = _choice_said(game, words[0], words[1:]) if words else None
    if said is None:
        return text
    return said + (f" ({'; '.join(learned)})" if learned else "")


def _choice_said(game: TheHuntGame, verb: str, rest: list[str]) -> str | None:
    """The words of one typed action (`choice_words`); None for an unknown shape."""
    def card(card_id: str) -> str:
        found = game.cards.get(card_id)
        return found.name if found is not None else card_id

    def piece(name: str) -> str:
        return PIECES.get(name, f"Force {name.upper()}")

    def hex_named(hex_id: str) -> str:
        return "a hex unseen" if hex_id == "?" else hex_id

    one = rest[0] if len(rest) == 1 else None
    if verb == "move" and len(rest) == 3:
        return f"Move {piece(rest[0])} to {hex_named(rest[2])} ({rest[1]} AP)"
    if verb == "play" and len(rest) == 2:
        return f"Play {card(rest[0])} for its {'AP' if rest[1] == 'ap' else 'event'}"
    if verb == "shift" and len(rest) == 2:
        return f"Shift {piece(rest[0])} to {rest[1]}"
    if one is None:
        bare = {"end": "End the turn's actions", "pass": "Pass", "repair":
                "Repair the airplane", "plane": "Send the airplane"}
        return bare.get(verb) if not rest else None
    said = {
        "attack": f"Attack Freight Ship {one}",
        "search": f"Search with {piece(one)}",
        "advance": f"Advance {piece(one)} on the Strategy track",
        "intel": f"Intelligence with {card(one)}",
        "react": f"React with {card(one)}",
        "duel": f"Battle: play {card(one)}",
        "draw": "Draw a card, unseen" if one == "?" else f"Draw {card(one)}",
        "roll": f"Roll a {one}",
        "redraw": f"Refill the hand to {one}",
        "start": f"Start the Graf Spee on {hex_named(one)}",
        "altmark": f"Place the Altmark on {hex_named(one)}",
        "hint": f"Place a Hint marker on {hex_named(one)}",
        "query": f"Ask whether the Graf Spee is at or next to {one}",
        "convoy": f"Advance Freight Ship {one} a hex",
        "freighter": f"Freight Ship {one} sails",
    }
    return said.get(verb)
