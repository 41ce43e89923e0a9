"""The Hunt in the browser (`hunt serve`), beside the map (`svg.py`): the hand as
cards face up with the uses open to each now, the state at a glance (turn, phase, AP,
Reserve, airplane, Freight Ships, decks, a Battle), the log in words and the ending.
Drawn from the seat's observation and the printed cards only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from hunt.models.plugin import (
    CardFace,
    WebPanels,
    plural,
    stat_box,
    status_markup,
    table_markup,
    upper_first,
    uses_by_card,
)
from hunt.models.the_hunt.actions import parse_action
from hunt.models.the_hunt.advice import searches_heading
from hunt.models.the_hunt.help import INTELLIGENCE
from hunt.models.the_hunt.observation import TheHuntObservation
from hunt.models.the_hunt.rules import TheHuntGame
from hunt.models.the_hunt.screen import question
from hunt.models.the_hunt.words import choice_words, log_lines, turn_words

USE_LABELS = {("play", "ap"): "For {ap} AP", ("play", "event"): "For its event",
              ("intel", ""): "Intelligence (1 AP)", ("react", ""): "React with it",
              ("duel", ""): "Play in this duel"}
"""A card's use on its face, by the choice's verb and mode ("play X ap")."""


def card_use(game: TheHuntGame, text: str) -> tuple[str, str] | None:
    """The card a choice uses and its button's label ("For 3 AP"); None for a choice
    that uses no card (`uses_by_card`)."""
    action = parse_action(text)
    if action is None or action.arg not in game.cards:
        return None
    label = USE_LABELS.get((action.verb, action.mode))
    return None if label is None else (action.arg,
                                       label.format(ap=game.cards[action.arg].ap))


def card_faces(game: TheHuntGame, seen: TheHuntObservation,
               choices: Sequence[str]) -> list[CardFace]:
    """The seat's hand face up: name, AP, event kind and text, the British stripe, and
    the uses `choices` make of each card now."""
    uses = uses_by_card(choices, lambda text: card_use(game, text))
    faces = []
    for card_id in seen["hand"]:
        card = game.cards[card_id]
        mark = f"Intelligence: {INTELLIGENCE[card.intelligence]}" \
            if seen["seat"] == "british" and card.intelligence in INTELLIGENCE else ""
        faces.append(CardFace(card_id, card.name, f"{card.ap} AP",
                              f"{card.event.capitalize()} event: {card.text}", mark,
                              tuple(uses.get(card_id, ()))))
    return faces


def web_panels(game: TheHuntGame, seen: TheHuntObservation, seat: int) -> WebPanels:
    """The state at a glance as HTML (`status`), the seat's whole log in words and, once
    the game is over, how it ended."""
    result = seen["result"]
    return WebPanels(status_html(game, seen), tuple(log_lines(game, seen["log"])),
                     None if result is None else f"{upper_first(result['how'])}.")


def status_html(game: TheHuntGame, seen: TheHuntObservation) -> str:
    """The turn, the phase, what the seat is asked, its AP left, the Reserve, the
    airplane, the Freight Ships, the decks and a Battle under way, as labelled boxes."""
    me = seen["seat"]
    enemy = 1 if me == "german" else 0
    win = game.rules["freighters_to_win"]

    at_sea = ", ".join(f"{ship} at {info['hex']} to {info['destination']}"
                       for ship, info in sorted(seen["freighters"].items())) or "none"
    parts = [stat_box("Turn", turn_words(seen["turn"]), "turn"),
             stat_box("Phase", seen["phase"].replace("-", " "), "phase"),
             stat_box("AP left", str(seen["ap"]), "ap"),
             stat_box("German Reserve", f"{seen['reserve']} of {game.tracks.reserve_cap} AP",
                      "reserve"),
             stat_box("Airplane", seen["plane"], "plane"),
             stat_box("Sunk", f"{len(seen['sunk'])} of {win}", "sunk"),
             stat_box("Home", f"{len(seen['delivered'])} of {win}", "home"),
             stat_box("At sea", at_sea, "at-sea", wide=True),
             stat_box("In the bag", plural(seen["bag"], "Freight Ship"), "bag"),
             stat_box("Decks", f"yours {seen['decks'][1 - enemy]}, theirs {seen['decks'][enemy]}",
                  "decks")]
    known = seen["known_opponent_cards"]
    if known:
        parts.append(stat_box("Their hand, as you saw it", ", ".join(known), "seen-hand"))
    gone = seen["removed"][enemy]
    if gone:
        parts.append(stat_box("Their cards out of the game", ", ".join(gone), "removed"))
    battle = seen["battle"]
    if battle:
        parts.append(stat_box("Battle", f"duel {battle['duel']} of {game.rules['duels']}, "
                          f"Forces {', '.join(battle['forces'])}; hits on the German "
                          f"{battle['damage']['german']}, on the British "
                          f"{battle['damage']['british']}", "battle", wide=True))
    return status_markup(parts, question(seen) if seen["to_move"] == "you" else "")


def advice_html(game: TheHuntGame, report: Mapping[str, Any]) -> str:
    """The hint's own part for the browser (the belief itself shades the map): how
    spread the belief is, the likeliest hexes, and the British searches of this turn
    with their chances and the Intelligence worth buying, or the German's exposure and
    the moves that lower it; tables, every text escaped."""
    parts = [f"<p>Where the British believe the Graf Spee is: "
             f"{plural(report['possible'], 'hex')} possible (entropy "
             f"{report['entropy_bits']:.2f} bits, {escape(report['model'])} move model); "
             "the map shades it.</p>",
             table_markup("Likeliest hexes", ("hex", "chance"),
                          [(entry["hex"], f"{entry['p']:.1%}") for entry in report["top"]])]
    if report.get("seat") == "british" and "searches" in report:
        searches = report["searches"]
        parts.append(table_markup(
            searches_heading(report),
            ("Force", "hex", "AP", "P(there)", "P(roll)", "P(find)"),
            [(option["force"], option["hex"], str(option["ap"]), f"{option['p_there']:.1%}",
              f"{option['p_roll']:.0%}", f"{option['p_find']:.1%}") for option in searches],
            first="best") if searches else
            "<p>No Force on the map can search this turn.</p>")
        if report["intelligence"]:
            parts.append(table_markup(
                "Intelligence (1 AP)", ("card", "what it does", "best P(find) with it",
                                        "without", "verdict"),
                [(game.cards[option["card"]].name, INTELLIGENCE[option["kind"]],
                  f"{option['p_find_with']:.1%}", f"{option['p_find_without']:.1%}",
                  "worth its AP" if option["worth_it"] else "not worth its AP")
                 for option in report["intelligence"]]))
    if report.get("seat") == "german" and "exposure" in report:
        parts.append(f"<p>Your exposure: the British put {report['exposure']:.1%} on your "
                     f"hex {escape(report['graf_spee'])}.</p>")
        if report["safest_moves"]:
            parts.append(table_markup(
                "Moves that leave the least belief on your new hex", ("move", "exposure"),
                [(choice_words(game, move["move"]), f"{move['exposure']:.1%}")
                 for move in report["safest_moves"]], first="best"))
    return "".join(parts)
