"""The Hunt's actions: one small sortable value per move, with a text form to type.

An action is a `TheHuntAction(verb, arg, n, hex, mode)`; unused fields stay empty (`mode`
is how a card is played: "ap" or "event"). Text forms:

    play fair-weather ap | play fair-weather event     (a card for AP or its event)
    move graf-spee 2 24 | move altmark 1 17 | move G 4 15   (AP spent, target hex)
    attack e-a | repair | search G | intel cumberland | advance H
    end | hint 24 | react cat-and-mouse | pass | plane | redraw 5 | duel radar
    query 24 | shift G 10 | convoy e-a                   (event choices)
    start 24 | altmark 17                                (setup placements)
    draw radar | roll 5 | freighter e-a                  (chance outcomes)
"""

from __future__ import annotations

from typing import NamedTuple


class TheHuntAction(NamedTuple):
    """A move of The Hunt. Sorted and hashed as a tuple."""

    verb: str
    arg: str = ""
    n: int = 0
    hex: str = ""
    mode: str = ""
    """How a card is played: "ap" or "event" (verb "play" only)."""

    def text(self) -> str:
        """The form a person types."""
        parts = [self.verb]
        if self.arg:
            parts.append(self.arg)
        if self.verb in ("move", "roll", "redraw"):
            parts.append(str(self.n))
        if self.hex:
            parts.append(self.hex)
        if self.mode:
            parts.append(self.mode)
        return " ".join(parts)


AP_FOR_STEPS = {1: 1, 2: 2, 3: 4}
"""Movement cost: 1, 2 or 4 AP for up to 1, 2 or 3 hexes."""
STEPS_FOR_AP = {ap: steps for steps, ap in AP_FOR_STEPS.items()}
ATTACK_AP = 2
"""The German's Search and Attack costs 2 AP (rule B)."""

END = TheHuntAction("end")
PASS = TheHuntAction("pass")
REPAIR = TheHuntAction("repair")
PLANE = TheHuntAction("plane")
"""Send the airplane (+2) to the attack about to be rolled."""


def parse_action(text: str) -> TheHuntAction | None:
    """The action a text form names, or None if it has no valid shape (the inverse of
    `TheHuntAction.text`; whether it is legal is for the state to say)."""
    words = text.lower().split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    try:
        if verb == "move" and len(rest) == 3:
            arg = rest[0] if rest[0] in ("graf-spee", "altmark") else rest[0].upper()
            return TheHuntAction("move", arg, int(rest[1]), rest[2])
        if verb in ("roll", "redraw") and len(rest) == 1:
            return TheHuntAction(verb, n=int(rest[0]))
        if verb == "attack" and len(rest) == 1:
            return TheHuntAction("attack", rest[0])
        if verb == "play" and len(rest) == 2:
            return TheHuntAction("play", rest[0], mode=rest[1])
        if verb == "shift" and len(rest) == 2:
            return TheHuntAction("shift", rest[0].upper(), hex=rest[1])
        if verb in ("start", "altmark", "hint", "query") and len(rest) == 1:
            return TheHuntAction(verb, hex=rest[0])
        if verb in ("search", "advance") and len(rest) == 1:
            return TheHuntAction(verb, rest[0].upper())
        if verb in ("draw", "freighter", "intel", "react", "duel", "convoy") and len(rest) == 1:
            return TheHuntAction(verb, rest[0])
        if verb in ("end", "pass", "repair", "plane") and not rest:
            return TheHuntAction(verb)
    except ValueError:
        return None
    return None
