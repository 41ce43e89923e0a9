"""The Hunt's screen: what `hunt play` shows a seat, drawn from its observation.

It fits 80 columns and about 18 lines before the menu; the rest is a word away at
the prompt: `hand` (every card's text), `log` (every event), `rules CARD`."""

from __future__ import annotations

from collections.abc import Sequence

from hunt.boards.the_hunt.map import draw_map
from hunt.models.events import untold_words
from hunt.models.plugin import SCREEN_WIDTH, Style, plain, plural, visible_width, wrap
from hunt.models.the_hunt.events import KINDS, GameOver
from hunt.models.the_hunt.help import INTELLIGENCE, STRIPE_MARKS
from hunt.models.the_hunt.observation import TheHuntObservation
from hunt.models.the_hunt.rules import TheHuntGame
from hunt.models.the_hunt.words import log_lines, turn_words

LATELY = 3
"""Events the screen repeats (`log` shows them all)."""
HAND_COLUMN = (SCREEN_WIDTH - len("Hand: ")) // 2
"""The width of a column of the hand's two (37 on 80 columns)."""


QUESTIONS = {
    "place-graf-spee": "Where does the Graf Spee start? (Secret: the British are not told.)",
    "place-altmark": "Where does the Altmark start? (The British see it.)",
    "card": "Play a card: for its AP, or for its event.",
    "actions": "You have {ap} AP to spend.",
    "redraw-choice": "Refill your hand: to 3 cards, or to 5 beside the Altmark (the "
                     "British hear how many you hold).",
    "hint": "Place the Hint marker the British asked for: on the Graf Spee's hex or next "
            "to it.",
    "window cancel-roll": "Your opponent is about to roll: react to cancel the roll, or "
                          "pass.",
    "window cancel-event": "Your opponent just played a card: react to cancel its event, "
                           "or pass.",
    "window disguise": "A British search succeeded on {hex}, the Graf Spee's hex: the "
                       "Battle begins, unless you react with New Paintwork (the search "
                       "finds nothing, no Battle; the card leaves the game). React, or "
                       "pass.",
    "boost": "Force {1} searches {2}: before the roll, add Intelligence (1 AP a card), "
             "or pass.",
    "airplane": "The British let your attack on Freight Ship {0} stand: before the roll, "
                "send the airplane (+2; it becomes Broken), or pass.",
    "duel": "Battle: the card for this duel (both sides show theirs at once).",
    "choose move-enemy-force": "The event: which British Force moves, and where (up to "
                               "2 hexes)?",
    "choose strategy-advance": "The event: which Force advances on the Strategy track?",
    "choose false-hint": "The event: where does the false Hint marker go (3 hexes or "
                         "more from the Graf Spee)?",
    "choose advance-freighter": "The event: which Freight Ship sails one hex on?",
    "choose proximity-query": "The event: name a hex; the German must say whether the "
                              "Graf Spee is within 2 hexes of it.",
    "choose free-attack": "The event: attack a Freight Ship on the Graf Spee's hex.",
}
"""The question a decision asks, by its step (`TheHuntObservation.step`), or its step
and the first word of its data ("window cancel-roll")."""


def question(seen: TheHuntObservation) -> str:
    """What the seat to act is asked, in words ("" for an unknown step)."""
    step, data = seen["step"] or "", seen["step_data"]
    text = QUESTIONS.get(f"{step} {data[0]}" if data else step) or QUESTIONS.get(step, "")
    return text.format(*data, "", "", "", ap=seen["ap"], hex=seen["graf_spee"] or "")


def hex_marks(game: TheHuntGame, seen: TheHuntObservation, style: Style) -> dict[str, list[str]]:
    """Every mark on each hex the seat sees, the most important first: the Graf Spee,
    Forces, the Altmark, Freight Ships, Hints, where the raider may be, ports."""
    marks: dict[str, list[str]] = {}

    def mark(hex_id: str | None, text: str, colour: str, bold: bool = False) -> None:
        if hex_id:
            marks.setdefault(hex_id, []).append(style(text, fg=colour, bold=bold))

    mark(seen["graf_spee"], "S", "red", True)
    for force, where in seen["forces"].items():
        mark(where, force, "blue", True)
    mark(seen["altmark"], "A", "cyan")
    for freighter in seen["freighters"].values():
        mark(freighter["hex"], "f", "green")
    for hex_id in seen["hints"]:
        mark(hex_id, "h", "yellow")
    # Marked once the public events narrow it to half the map or less: "?" on 40 of 41
    # hexes says nothing
    if seen["seat"] == "british" and seen["graf_spee"] is None \
            and len(seen["possible"]) <= len(game.board.graph) // 2:
        for hex_id in seen["possible"]:
            mark(hex_id, "?", "magenta", True)
    for destination in game.board.destinations.values():
        mark(destination.entry, "*", "white")
    return marks


def map_cells(marks: dict[str, list[str]]) -> tuple[dict[str, str], list[str]]:
    """Each hex's two-character cell (never one mark hidden under another: a third
    shows as "+") and a line naming every mark of each such crowded hex."""
    cells = {hex_id: "".join(found) if len(found) <= 2 else found[0] + "+"
             for hex_id, found in sorted(marks.items())}
    crowded = [f"{hex_id}: {' '.join(found)}" for hex_id, found in sorted(marks.items())
               if len(found) > 2]
    return cells, ([f"  + on {'; '.join(crowded)}"] if crowded else [])


LEGEND = ("S Graf Spee", "A Altmark", "G H K Forces", "f Freight Ship", "h Hint",
          "* port")
"""The map's key, a line of it beside each row of the map."""


def screen(game: TheHuntGame, seen: TheHuntObservation, seat: int, style: Style = plain,
           unseen: int = 0) -> str:
    """The Hunt from `seat`'s side: the map with what that side sees and its key beside
    it, the tracks, the hand, the last events (every one of the `unseen`), the
    question; 24 lines with a short menu and a few events, so a terminal of 80x24
    shows the header and the question together."""
    me = seen["seat"]
    enemy = 1 if me == "german" else 0
    lines = [style(f"=== The Hunt - {turn_words(seen['turn'])} - you are the "
                   f"{me.capitalize()} ({seen['variant']}) ===", bold=True)]
    cells, crowded = map_cells(hex_marks(game, seen, style))
    legend = (*LEGEND, "? maybe S") if me == "british" else LEGEND
    rows = draw_map(game.board, cells)
    lines += beside(["  " + row for row in rows], list(legend))
    lines += crowded
    # a Freight Ship's id says its route (b-e1: Brazil to England, west): its hex is news
    ships = ", ".join(f"{f} on {info['hex']}" for f, info in seen["freighters"].items()) \
        or "none at sea"
    lines += wrap(f"Freight: {ships}. Bag {seen['bag']}. Sunk {len(seen['sunk'])}/5, "
                  f"home {len(seen['delivered'])}/5. Airplane {seen['plane']}.")
    track = ", ".join(f"{force} {space}" for force, space in seen["strategy"].items())
    gone, own_gone = seen["removed"][enemy], seen["removed"][1 - enemy]
    # the German's own cards out of the game are what a repair roll must beat
    lines += wrap(f"Strategy: {track or 'empty'}. German Reserve {seen['reserve']} AP. "
                  f"{'British' if enemy else 'German'}: "
                  f"{plural(seen['opponent_hand_size'], 'card')}, deck {seen['decks'][enemy]}"
                  f", {len(seen['discards'][enemy])} discarded"
                  + (f"; out of the game: {', '.join(gone)}." if gone else ".")
                  + (f" Yours out of the game: {', '.join(own_gone)}." if own_gone else ""))
    lines += seen_cards(seen)
    if seen["battle"]:
        battle = seen["battle"]
        lines += wrap(f"BATTLE, duel {battle['duel']} of 5 - Forces "
                      f"{', '.join(battle['forces'])} - hits on the German "
                      f"{battle['damage']['german']}, on the British "
                      f"{battle['damage']['british']}."
                      # the German chooses first: its card is out of its hand count
                      + (" The German's card for this duel lies face down."
                         if me == "british" and seen["step"] == "duel" else ""))
    lines += [("Hand: " if index == 0 else "      ") + row
              for index, row in enumerate(hand_rows(game, seen))]
    # The game's end has its own line below. (The Freight Ships' sailing is repeated
    # too, though the map shows where they are: players look for it among the events.)
    news, untold = KINDS.latest(seen["log"], LATELY, (GameOver,), unseen)
    if news:
        events = [line for text in ([f"({untold_words(untold)})"] if untold else [])
                  + log_lines(game, news) for line in wrap(text, "  ", SCREEN_WIDTH - 8)]
        lines += ["Lately: " + events[0], *("        " + line for line in events[1:])]
    if seen["result"]:
        lines.append(f"Game over: {seen['result']['how']}.")
    elif seen["to_move"] == "you" and (asked := question(seen)):
        lines += wrap(asked)
    return "\n".join(lines)


def beside(rows: list[str], notes: list[str], gap: int = 4) -> list[str]:
    """`notes` to the right of `rows`, one a row from the top, in a column after the
    widest row (colour codes do not count); rows left over stand alone."""
    width = max(visible_width(row) for row in rows) + gap
    return [row + " " * (width - visible_width(row)) + note if note else row
            for row, note in zip(rows, notes + [""] * (len(rows) - len(notes)), strict=True)]


def seen_cards(seen: TheHuntObservation) -> list[str]:
    """The other side's cards this side has looked at (Concentrated Fire) and that are
    still in that hand; nothing if none."""
    known = seen["known_opponent_cards"]
    return wrap(f"Their hand, as you saw it: {', '.join(known)} (of "
                f"{plural(seen['opponent_hand_size'], 'card')}).") if known else []


def hand_rows(game: TheHuntGame, seen: TheHuntObservation) -> list[str]:
    """The hand, two cards a row: id, AP, event kind and (British) the stripe."""
    labels = []
    for card_id in seen["hand"]:
        card = game.cards[card_id]
        stripe = f" [{STRIPE_MARKS[card.intelligence]}]" if seen["seat"] == "british" \
            and card.intelligence in INTELLIGENCE else ""
        labels.append(f"{card_id} {card.ap} AP {card.event}{stripe}")
    # Two a row where both fit in a column of `HAND_COLUMN` beside the "Hand: " lead;
    # a longer label has its row to itself.
    rows: list[str] = []
    while labels:
        first = labels.pop(0)
        if labels and len(first) < HAND_COLUMN and len(labels[0]) <= HAND_COLUMN:
            rows.append(first.ljust(HAND_COLUMN) + labels.pop(0))
        else:
            rows.append(first)
    return rows or ["none"]


def hand_page(game: TheHuntGame, seen: TheHuntObservation, seat: int,
              style: Style = plain) -> str:
    """`hand`: the text of each card in the hand (`rules CARD` adds what its uses do),
    and the other side's discards."""
    lines = []
    for card_id in dict.fromkeys(seen["hand"]):
        card = game.cards[card_id]
        stripe = f" Intelligence: {INTELLIGENCE[card.intelligence]}." \
            if seen["seat"] == "british" and card.intelligence in INTELLIGENCE else ""
        lines += wrap(f"{card_id}: {card.ap} AP, {card.event} event. {card.text}{stripe}")
    enemy = 1 if seen["seat"] == "german" else 0
    lines += wrap(f"Their discards: {', '.join(seen['discards'][enemy]) or 'none'}.")
    lines += seen_cards(seen)
    return "\n".join(lines)


def map_page(game: TheHuntGame, seen: TheHuntObservation, seat: int, style: Style = plain) -> str:
    """`map`: the map, everything on each marked hex in words, and the hexes each
    Freight Ship at sea has still to sail."""
    cells, _ = map_cells(hex_marks(game, seen, style))
    lines = ["  " + row for row in draw_map(game.board, cells)]
    names = {"S": "the Graf Spee", "A": "the Altmark", "f": "a Freight Ship", "h": "a Hint",
             "?": "maybe the Graf Spee", "*": "a port", "G": "Force G", "H": "Force H",
             "K": "Force K"}
    for hex_id, marks in sorted(hex_marks(game, seen, plain).items()):
        if marks != ["*"]:
            lines += wrap(f"{hex_id}: {', '.join(names[mark] for mark in marks)}")
    routes = {freighter.id: freighter.route for freighter in game.board.freighters}
    for freighter, info in seen["freighters"].items():
        route = routes[freighter]
        ahead = route[route.index(info["hex"]) + 1:] if info["hex"] in route else ()
        lines += wrap(f"Freight Ship {freighter} on {info['hex']}, to {info['destination']}"
                      f" by {' '.join(ahead) or 'its port next'}.")
    return "\n".join(lines)


def choices_map(game: TheHuntGame, seen: TheHuntObservation, seat: int,
                choices: Sequence[str]) -> str:
    """The map with the hexes a menu's `choices` lead to marked "<" ("move G 2 14",
    "start 14"), and the seat's pieces; "" if the choices name no hexes."""
    marks = {hex_id: found[0] for hex_id, found in hex_marks(game, seen, plain).items()
             if found[0] != "*"}
    for text in choices:
        words = text.split()
        if not words or words[-1] not in game.board.graph:
            return ""
        marks[words[-1]] = marks.get(words[-1], "") + "<"
    return "\n".join(["  " + row for row in draw_map(game.board, marks)]
                     + ["  (< where these choices lead)"])
