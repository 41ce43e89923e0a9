"""Hunting Party's log in words: each event (`events.py`) as the screen and the `log`
page say it, the Hunters named as the seat's observation names them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, assert_never

from hunt.models.events import numbered_log
from hunt.models.hunting_party import events as ev
from hunt.models.hunting_party.observation import PartyObservation
from hunt.models.hunting_party.rules import HuntingPartyGame
from hunt.models.plugin import Style, plain, upper_first

PERSONAL = {"trophy": ", bags the animal.", "discards": ", a trophy from the discards.",
            "lose": ", discards {cards}.", "gain": ", draws {cards}.", "misfire": "."}
"""What a personal icon does, after the icon's name."""


def who(seen: PartyObservation, seat: int) -> str:
    """A seat as the screen names it: "p2 (Cecil Hargreave)" (its label alone before
    it has a Hunter)."""
    hunter = seen["hunters"][seat]
    return f"{hunter['seat']} ({hunter['hunter']})" if hunter["hunter"] else hunter["seat"]


def say(game: HuntingPartyGame, seen: PartyObservation, event: ev.Event) -> str:
    """`event` in words, as the log shows it to the seat that sees `seen`."""
    match event:
        case ev.FirstHunter(seat):
            return f"{who(seen, seat)} is the First Hunter (first by name)."
        case ev.RoundBegins(number, first, ambush):
            return f"Round {number}: {who(seen, first)} is the First Hunter" \
                + (" (Ambush: each plays the card drawn)." if ambush else ".")
        case ev.Joins(seat):
            return f"{who(seen, seat)} joins the party."
        case ev.PlaysFaceDown(seat):
            return f"{who(seen, seat)} plays an Action face down."
        case ev.PlaysFaceUp(seat, action):
            return f"{who(seen, seat)} plays {action} (drawn face up)."
        case ev.DiscardsFate(seat, card):
            return f"{who(seen, seat)} discards {card}."
        case ev.DiscardsAction(seat, action):
            return f"{who(seen, seat)} discards a {action}."
        case ev.GameOver(scores):
            return "Game over: " + ", ".join(f"{who(seen, seat)} {score}"
                                             for seat, score in enumerate(scores)) + "."
        case ev.Dies(seat):
            return f"{who(seen, seat)} has no Action cards left and dies."
        case ev.Misfires(seat, action):
            return f"{who(seen, seat)} misfires and loses a {action}."
        case ev.Scavengers(card):
            return f"Scavengers: {card} shows the {game.fate[card].animal}."
        case ev.LosesTrophy(seat, animal):
            return f"{who(seen, seat)} loses a trophy ({animal})."
        case ev.Flees(seat):
            return f"{who(seen, seat)} flees (a Flee from the hand)."
        case ev.TakesTrophy(seat, card):
            return f"{who(seen, seat)} takes {card} ({game.fate[card].animal}) as a trophy."
        case ev.VineNames(seat, action):
            return f"Vine Bridge: {who(seen, seat)} names {action}."
        case ev.Accident(seat, victim):
            return f"Hunting Accident: {who(seen, seat)} hits {who(seen, victim)}."
        case ev.FateRevealed(card, actions):
            fate = game.fate[card]
            shown = ", ".join(f"{who(seen, seat)} {action}"
                              for seat, action in enumerate(actions) if action is not None)
            return f"Fate: {card} ({fate.event}, {fate.animal}). Actions: {shown}."
        case ev.AmbushNext():
            return "Ambush: next round each Hunter plays the card they draw."
        case ev.FeverMatched(seat, action):
            return f"Jungle Fever: {who(seen, seat)} shows a {action}, matched: discarded."
        case ev.Resupplied():
            return "Resupply: every Hunter alive draws 2 cards."
        case ev.FeverKept(seat, action):
            return f"Jungle Fever: {who(seen, seat)} shows a {action}, unmatched: kept."
        case ev.Personal(seat, icon, what, cards):
            return f"{who(seen, seat)}: {icon.replace('-', ' ')}" \
                + PERSONAL[what].format(cards=cards)
        case ev.VineFinds(seat, action):
            return f"{who(seen, seat)} finds a {action}."
        case ev.VineEmpty(seat):
            return f"{who(seen, seat)} finds nothing and discards 2."
        case ev.Bags(seat, card):
            return f"{who(seen, seat)} bags {card} ({game.fate[card].animal})."
        case ev.FateReshuffled(cards):
            return f"The Fate deck is shuffled again ({cards} cards)."
        case _:
            assert_never(event)


def log_lines(game: HuntingPartyGame, seen: PartyObservation,
              entries: Sequence[Mapping[str, Any]] | None = None) -> list[str]:
    """The log of `seen` in words, oldest first (only `entries` of it if given)."""
    return [say(game, seen, ev.KINDS.from_json(entry))
            for entry in (seen["log"] if entries is None else entries)]


def log_page(game: HuntingPartyGame, seen: PartyObservation, seat: int,
             style: Style = plain) -> str:
    """`log`: every event the seat has seen, numbered (the screen shows the last few)."""
    return numbered_log(log_lines(game, seen))


# -- choices in players' words (the browser's buttons, the table companion's entries) --

ACTION_NAMES = {"camp": "Camp", "flee": "Flee", "shoot": "Shoot"}
"""The Action cards by kind, as printed."""
OUTCOME_WORDS = {"nothing": "no effect", "fled": "fled from it", "trophy": "bags the animal",
                 "discards": "takes a trophy from the Fate discards",
                 "lose": "discards cards", "gain": "draws cards",
                 "misfire": "misfires: a card lost at random"}
"""What a personal fate did, as a table companion's entry shows it ("personal 0 natives
gain")."""


def printed(name_id: str) -> str:
    """An id of the board files as the rulebook prints it: "hunting-accident" is
    "Hunting Accident", "opportunity-shot" "Opportunity Shot"."""
    return " ".join(word.capitalize() for word in name_id.split("-"))


def animal_words(animal: str) -> str:
    """An animal as a sentence names it: "big-cat" is "big cat"."""
    return animal.replace("-", " ")


def seat_words(seat: str) -> str:
    """A seat as a sentence names it: "p2" is "Player 2" (as the plug-in's
    `seat_title`)."""
    return f"Player {seat[1:]}" if seat[:1] == "p" and seat[1:].isdigit() else seat


def fate_title(card_id: str) -> str:
    """A Fate card by its number, as a player counts them: "fate-07" is "Fate card 7"
    (its id if it has no number)."""
    number = card_id.removeprefix("fate-")
    return f"Fate card {int(number)}" if number.isdigit() else card_id


def fate_words(game: HuntingPartyGame, card_id: str) -> str:
    """A Fate card with what is printed on it: "Fate card 7 (Backtrack, lion)"."""
    card = game.fate[card_id]
    return f"{fate_title(card_id)} ({printed(card.event)}, {animal_words(card.animal)})"


def goal_words(game: HuntingPartyGame, goal_id: str) -> str:
    """A Goal by its text and points: "the Goal 'Three or more lions.' (3 points)"."""
    goal = game.goals[goal_id]
    return f"the Goal '{goal.text}' ({goal.points} point{'' if goal.points == 1 else 's'})"


def choice_words(game: HuntingPartyGame, text: str) -> str:
    """A choice (a typed action, or a table companion's entry with what it showed after
    "; ") in players' words: "play camp" is "Play Camp face down as your Action",
    "discard fate-07" "Discard Fate card 7 (Backtrack, lion)", "draw ?" "Draw an Action
    card, unseen"; the text itself where it has no words of its own."""
    typed, *learned = text.split("; ")
    words = typed.split()
    said = _choice_said(game, words[0], words[1:]) if words else None
    if said is None:
        return text
    if not learned:
        return said
    return f"{said}. Then: " + "; ".join(_learned_said(game, part) or part for part in learned)


def _choice_said(game: HuntingPartyGame, verb: str, rest: list[str]) -> str | None:
    """The words of one typed action (`choice_words`); None for an unknown shape."""
    if not rest:
        return {"flee": "Flee: play a Flee from your hand to avoid your personal fate",
                "pass": "Do not flee: face your personal fate"}.get(verb)
    if len(rest) != 1:
        return None
    arg = rest[0]
    if arg == "?":  # another Hunter's secret, as the table companion writes it
        return {"goal": "A Goal is dealt, unseen", "keep": "A Goal is kept, unseen",
                "draw": "Draw an Action card, unseen",
                "play": "Play an Action face down, unseen",
                "reveal": "Jungle Fever: choose a card to reveal, unseen",
                "misfire": "Misfire: a card is lost at random, unseen"}.get(verb)
    if arg in ACTION_NAMES:
        card = ACTION_NAMES[arg]
        return {"draw": f"Draw a {card}", "play": f"Play {card} face down as your Action",
                "discard": f"Discard a {card}",
                "misfire": f"Misfire: a {card} is lost at random",
                "name": f"Vine Bridge: name {card}",
                "reveal": f"Jungle Fever: reveal a {card}"}.get(verb)
    if arg in game.fate:
        return {"fate": f"Turn over {fate_words(game, arg)}",
                "discard": f"Discard {fate_words(game, arg)}",
                "trophy": f"Take {fate_words(game, arg)} from the Fate discards as a "
                          "trophy"}.get(verb)
    if arg in game.goals:
        return {"goal": f"Dealt {goal_words(game, arg)}",
                "keep": upper_first(f"Keep {goal_words(game, arg)}")}.get(verb)
    if verb == "hunter" and arg in game.hunters:
        hunter = game.hunters[arg]
        return f"Dealt the Hunter {hunter.name} (hand limit {hunter.hand_limit})"
    if verb == "target" and arg in game.seat_names:
        return f"Hunting Accident: choose {seat_words(arg)} to discard a card"
    return None


def _learned_said(game: HuntingPartyGame, part: str) -> str | None:
    """What a table companion's entry showed, one part after "; " ("lost p2 camp": "Player
    2 loses a Camp"), in words; None for an unknown shape."""
    seats = game.seat_names
    kind, *rest = part.split()
    try:
        if kind == "actions":
            shown = [f"{seat_words(seat)} {ACTION_NAMES[action]}"
                     for seat, action in zip(seats, rest, strict=True) if action != "-"]
            return "the Actions are turned up: " + ", ".join(shown)
        if kind == "jungle":
            return "Jungle Fever shows " + ", ".join(
                f"{seat_words(seat)} {ACTION_NAMES[action]}"
                for seat, action in zip(rest[::2], rest[1::2], strict=True))
        if kind == "lost" and len(rest) == 2:
            return f"{seat_words(rest[0])} loses a {ACTION_NAMES[rest[1]]}"
        if kind == "died" and len(rest) == 1:
            return f"{seat_words(seats[int(rest[0])])} has no cards left and dies"
        if kind == "personal" and len(rest) == 3:
            return f"{seat_words(seats[int(rest[0])])} meets {printed(rest[1])}: " \
                f"{OUTCOME_WORDS[rest[2]]}"
        if part.startswith("vine settled ") and len(rest) == 3:
            who_ = seat_words(seats[int(rest[1])])
            return f"{who_} finds the card named" if rest[2] == "True" else \
                f"{who_} does not find the card named and discards 2"
        if part.startswith("round over ") and len(rest) == 3:
            card = fate_words(game, rest[1])
            return f"the round ends: {card} goes to the Fate discards" if rest[2] == "None" \
                else f"the round ends: {seat_words(seats[int(rest[2])])} bags {card}"
        if kind == "over" and "goals" in rest:
            cut = rest.index("goals")
            scores, goals = rest[:cut], rest[cut + 1:]
            return "the game is over: " + ", ".join(
                f"{seat_words(seat)} scores {score}"
                + (f" ({goal_words(game, goal)})" if goal in game.goals else "")
                for seat, score, goal in zip(seats, scores, goals, strict=True))
    except (KeyError, IndexError, ValueError):  # a shape of its own: said as it is
        return None
    return None
