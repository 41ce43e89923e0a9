"""Jutland in the browser (`hunt serve`): the table (the turn track, the Strikes so far
and the ships lost), the hand as cards face up with the uses open to each now, the
state at a glance (what the turn allows, what the Sink phase costs, the last discards,
the cards chosen so far, what the seat is asked), the log in words and the ending.
Drawn from the seat's observation and the printed cards only; every text is escaped."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape

from hunt.models.jutland.log import FLEETS
from hunt.models.jutland.observation import JutlandObservation
from hunt.models.jutland.rules import JutlandGame
from hunt.models.jutland.screen import outcome
from hunt.models.jutland.words import SIDE_WORDS, card_sentence, named_ids, titles
from hunt.models.plugin import (
    CardFace,
    Hands,
    WebPanels,
    plural,
    stat_box,
    status_markup,
    upper_first,
    uses_by_card,
)

USE_LABELS = {"discard": "Discard", "deploy": "Deploy"}
"""A card's use on its face, by the choice's verb ("discard hipper-dd")."""

CHOSEN = {"discard": "Chosen to discard", "deploy": "Chosen to deploy"}
"""The mark of a card already chosen in this phase's choice, by the stage."""


def web_board(game: JutlandGame, seen: JutlandObservation, seat: int,
              choices: Sequence[str]) -> str:
    """The turn track (this turn and its phase marked), the Strikes (each side's cards
    by their printed names) and the ships lost."""
    def phases(turn_number: int, names: Sequence[str]) -> str:
        return ", ".join(f"<b>{escape(name)}</b>" if turn_number == seen["turn"]
                         and name == seen["phase"] else escape(name) for name in names)

    track = "".join(
        f'<li class="{"now" if turn.number == seen["turn"] else ""}">'
        f'{turn.number}. {escape(turn.name)}<br><small>{phases(turn.number, turn.phases)}'
        f"</small></li>" for turn in game.turns)
    strikes = "".join(
        f'<tr><td>{strike["turn"]}</td><td>{strike["german_force"]}</td>'
        f'<td>{strike["british_force"]}</td>'
        f'<td>{escape(upper_first(FLEETS[strike["winner"]]))}</td>'
        f'<td>{escape(titles(game, strike["german_cards"]))}</td>'
        f'<td>{escape(titles(game, strike["british_cards"]))}</td></tr>'
        for strike in seen["strikes"]) or \
        '<tr><td colspan="6">None yet: the first is in turn 1.</td></tr>'
    lost = seen["losses"]
    losses = "".join(
        f'<tr><td>{SIDE_WORDS[side]}</td><td>{ships["big"]}</td><td>{ships["small"]}</td></tr>'
        for side, ships in (("german", lost["german"]), ("british", lost["british"])))
    return (f'<div class="table-view"><ol class="track">{track}</ol>'
            f'<p>{escape(seen["phase"].capitalize())} phase. Deck '
            f'{plural(seen["deck_size"], "card")}, discard pile '
            f'{plural(seen["discard_size"], "card")}.</p>'
            '<table><caption>Strikes</caption><tr><th>Turn</th><th>German force</th>'
            '<th>British force</th><th>Winner</th><th>German cards</th>'
            f'<th>British cards</th></tr>{strikes}</table>'
            '<table><caption>Ships lost</caption><tr><th>Side</th><th>Big</th>'
            f'<th>Small</th></tr>{losses}</table></div>')


def hands(seen: JutlandObservation) -> Hands:
    """The side's own cards and the other side's count, for the browser."""
    return Hands(tuple(seen["hand"]), seen["opponent_hand_size"])


def card_use(text: str) -> tuple[str, str] | None:
    """The card a choice uses and its button's label ("Deploy"); None for a choice that
    uses no card (`uses_by_card`)."""
    words = text.split()
    return (words[1], USE_LABELS[words[0]]) if len(words) == 2 and words[0] in USE_LABELS \
        else None


def card_faces(game: JutlandGame, seen: JutlandObservation,
               choices: Sequence[str]) -> list[CardFace]:
    """The seat's hand face up: printed name, force, what the card is and when the seat
    may deploy it, and the uses `choices` make of it now. A card already chosen in this
    phase's choice is marked so and has no use (its other copies keep theirs: a choice
    names a kind, and a copy not chosen yet is what it plays)."""
    uses = uses_by_card(choices, card_use)
    chosen = Counter(seen["selected"])
    faces = []
    offered: tuple[tuple[str, str], ...]
    for card_id in seen["hand"]:
        card = game.cards[game.card_index[card_id]]
        if chosen[card_id]:
            chosen[card_id] -= 1
            mark, offered = CHOSEN.get(seen["stage"], "Chosen"), ()
        else:
            mark = "" if card.side == seen["seat"] else f"Enemy card ({SIDE_WORDS[card.side]})"
            offered = tuple(uses.get(card_id, ()))
        faces.append(CardFace(card_id, card.title, f"Force {card.force}",
                              card_sentence(game, card, seen["seat"]), mark, offered))
    return faces


def web_panels(game: JutlandGame, seen: JutlandObservation, seat: int) -> WebPanels:
    """The state at a glance as HTML (`status`), the side's whole log with the cards'
    printed names and, once the game is over, how it ended."""
    return WebPanels(status_html(game, seen),
                     tuple(named_ids(game, line) for line in seen["log"]),
                     None if seen["result"] is None else f"{upper_first(outcome(seen))}.")


def status_html(game: JutlandGame, seen: JutlandObservation) -> str:
    """Everything the screen says that the table and the cards do not: the side, the
    turn and its name, what it may deploy this turn, what the Sink phase costs, the
    enemy's hand, the last discards, the Strikes won, the cards chosen so far, the
    result, and what the seat is asked now; as labelled boxes."""
    me = seen["seat"]
    enemy = "british" if me == "german" else "german"
    turn = game.turns[seen["turn"] - 1]

    parts = [stat_box("You are", f"the {SIDE_WORDS[me]}", "side"),
             stat_box("Turn", f"{turn.number} of {len(game.turns)}: {turn.name}", "turn"),
             stat_box("Phase", seen["phase"].capitalize(), "phase"),
             stat_box(f"The {SIDE_WORDS[enemy]} hand", plural(seen["opponent_hand_size"], "card"),
                  "enemy-hand")]
    if (counts := seen["last_discards"]) is not None:
        parts.append(stat_box("Last discards, face down",
                          f"German {counts['german']}, British {counts['british']}",
                          "discards"))
    if seen["strikes"]:
        won = Counter(strike["winner"] for strike in seen["strikes"])
        parts.append(stat_box("Strikes won", f"German {won['german']}, British {won['british']}",
                          "won"))
    if seen["result"] is not None:
        parts.append(stat_box("Game over", upper_first(outcome(seen)), "result"))
        return status_markup(parts)
    if "strike" in turn.phases:
        parts.append(stat_box("You may deploy", deploy_rule(turn.fleets[0 if me == "german" else 1],
                                                        turn.banned_classes), "may-deploy"))
        parts.append(stat_box("Sink phase losses", f"winner {ships(turn.winner_loses)}; loser "
                          f"{ships(turn.loser_loses)}", "sink", wide=True))
    else:
        parts.append(stat_box("This turn", "only the Sight phase: no Strike, no losses", "sink"))
    if seen["selected"]:
        parts.append(stat_box(CHOSEN.get(seen["stage"], "Chosen") + " so far",
                          titles(game, seen["selected"]), "chosen"))
    return status_markup(parts, question(seen))


def deploy_rule(fleets: Sequence[str], banned: Sequence[str]) -> str:
    """What a side may deploy this turn, as the rulebook says it: "Hipper or Fleet
    cards", "any of your own cards, but no admirals or battleships"."""
    rule = "any of your own cards" if "any" in fleets else \
        " or ".join(fleets) + " cards"
    if banned:
        rule += ", but no " + " or ".join(f"{kind.replace('-', ' ')}s" for kind in banned)
    return rule


def ships(lost: tuple[int, int]) -> str:
    """A Sink phase's casualties, (big, small): "1 big and 3 small ships", "none"."""
    big, small = lost
    if not big and not small:
        return "nothing"
    said = [f"{big} big" if big else "", f"{small} small" if small else ""]
    return " and ".join(part for part in said if part) + (" ship" if big + small == 1
                                                          else " ships")


def question(seen: JutlandObservation) -> str:
    """What the seat is asked now, in a line; "" when it is not its turn to choose."""
    if seen["to_move"] != seen["seat"]:
        return ""
    if seen["stage"] == "deploy":
        return ("Strike: choose the cards to deploy, one at a time (some, none or all), "
                "then Done. Both sides reveal at once; the higher force wins, the British win "
                "ties.")
    if seen["stage"] == "discard":
        return (f"{seen['phase'].capitalize()}: choose the cards to discard face down, one "
                "at a time (some, none or all), then Done; you then draw back up to 7.")
    return ""
