"""Hunting Party's table for the browser (`hunt serve`): the party and the face-up Fate
row with the icon each Hunter would meet, the hand as Action cards face up with the
uses open to each now, and the state at a glance (the round, the Goal, the decks and
discards, what the seat is asked). Drawn from the seat's observation and the printed
cards only; every text is escaped."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape

from hunt.models.hunting_party.observation import HunterObservation, PartyObservation
from hunt.models.hunting_party.rules import HuntingPartyGame
from hunt.models.hunting_party.screen import score_lines, threat_words, under_deck
from hunt.models.hunting_party.words import (
    ACTION_NAMES,
    animal_words,
    fate_title,
    log_lines,
    printed,
    seat_words,
)
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

USE_LABELS = {"play": "Play face down", "discard": "Discard", "reveal": "Reveal",
              "flee": "Flee now"}
"""A card's use on its face, by the choice's verb ("play camp"; "flee": a Flee from the
hand at personal fate resolution)."""

BOARD_USES = {"discard": "Discard", "trophy": "Take as a trophy",
              "target": "Make them discard"}
"""The choices the table plays, on the Fate card or the Hunter they name, by verb."""

QUESTIONS = {
    "keep-goal": "Keep one of the Goals dealt; the other goes to the bottom of the Goal "
                 "deck.",
    "play": "Play an Action card face down: it is your Action for the round.",
    "discard-fate": "Discard one of the face-up Fate cards: the last one left is the "
                    "round's Fate.",
    "discard": "Discard an Action card of your choice.",
    "take-trophy": "Take a Fate card from the Fate discards as a trophy.",
    "name": "Vine Bridge: name an Action card. If it is among the cards turned over from "
            "the deck you take it; if not, you discard 2.",
    "jungle": "Jungle Fever: choose a card to reveal. Hunters whose cards match discard "
              "them and reveal again.",
    "accident": "Hunting Accident: you shot but hit no trophy; choose a Hunter to discard "
                "a card.",
}
"""What the seat to act is asked, by the kind of the pending step."""


def question(seen: PartyObservation) -> str:
    """What the seat is asked now, in words ("" when it is not to act)."""
    if seen["to_move"] != seen["seat"]:
        return ""
    if threat := seen["threat"]:
        return f"Your personal fate: {threat_words(threat)}. Flee from your hand to " \
               "avoid it, or face it?"
    asked = QUESTIONS.get(seen["stage"], "")
    me = _me(seen)
    if seen["stage"] == "discard" and me["hand_limit"] is not None \
            and me["hand_size"] > me["hand_limit"]:
        asked += f" You hold {me['hand_size']}; your hand limit is {me['hand_limit']}."
    return asked


def _me(seen: PartyObservation) -> HunterObservation:
    return next(hunter for hunter in seen["hunters"] if hunter["seat"] == seen["seat"])


# -- the hand ---------------------------------------------------------------------------


def card_text(kind: str, ability: str) -> str:
    """What an Action card does, for the Hunter holding it (whose ability may bend it),
    in the rulebook's sentences."""
    if kind == "camp":
        draws = 3 if ability == "native-tongue" else 2
        mauled = 1 if ability == "thick-hide" else 2
        return f"If you meet natives, you draw {draws} cards. If an animal attacks, it " \
               f"mauls you: discard {mauled}."
    if kind == "shoot":
        first = "You bag the animal you meet as a trophy, even if another Hunter shot it " \
            "first." if ability == "sharp-eye" else \
            "The first Hunter to shoot the animal you meet bags it as a trophy."
        natives = " Natives do not mind." if ability == "native-tongue" else \
            " If you meet natives, you discard 2."
        return first + natives
    if kind == "flee":
        return "You avoid your personal fate (not a Pitfall or a Reload). You may also " \
               "play it from your hand when your personal fate comes."
    return ""


def card_use(text: str) -> tuple[str, str] | None:
    """The kind of Action card a choice uses and its button's label; None for a choice
    that uses none (`uses_by_card`). Naming a card for Vine Bridge is no use of one in
    hand (it names a card of the deck): it stays a choice of its own."""
    verb, _, arg = text.partition(" ")
    if text == "flee":
        return "flee", USE_LABELS["flee"]
    return (arg, USE_LABELS[verb]) if verb in USE_LABELS and arg in ACTION_NAMES else None


def card_faces(game: HuntingPartyGame, seen: PartyObservation,
               choices: Sequence[str]) -> list[CardFace]:
    """The seat's hand face up, in the order of `hands`: each card's name, what it does
    for this Hunter, a mark on the copies every Hunter knows it holds (drawn face up,
    shown and kept), and the uses `choices` make of it now."""
    me = _me(seen)
    uses = uses_by_card(choices, card_use)
    faces = []
    for kind, count in seen["hand"].items():
        known = min(count, me["known_cards"].get(kind, 0))
        for copy in range(count):
            faces.append(CardFace(
                kind, ACTION_NAMES.get(kind, kind), "Action", card_text(kind, me["ability"]),
                "The others know you hold this card." if copy < known else "",
                tuple(uses.get(kind, ()))))
    return faces


def hands(seen: PartyObservation) -> Hands:
    """The Hunter's own cards, one per card (the others' are counted on the board)."""
    return Hands(tuple(kind for kind, count in seen["hand"].items() for _ in range(count)))


# -- the table --------------------------------------------------------------------------


def _buttons(choices: Sequence[str], verbs: Sequence[str], arg: str) -> str:
    """The buttons of the `choices` that name `arg` with one of `verbs` (the page plays
    a button's `data-move` on a click)."""
    return "".join(f'<button type="button" class="use" data-move="{escape(text)}">'
                   f'{escape(BOARD_USES[text.split()[0]])}</button>'
                   for text in choices
                   if text.split()[0] in verbs and text.split()[1:] == [arg])


def _fate_card(game: HuntingPartyGame, seen: PartyObservation, card_id: str,
               choices: Sequence[str], verbs: Sequence[str], icons: bool) -> str:
    """A Fate card: its number, party event, animal, the personal icon of each live Hunter
    (when `icons`), and the buttons of the `choices` (by `verbs`) that name it."""
    card = game.fate[card_id]
    rows = "".join(
        f'<li class="{"you" if who == seen["seat"] else ""}">{escape(seat_words(who))}: '
        f'{escape(printed(card.icons[place]))}</li>'
        for place, who in enumerate(seen["live_order"])) if icons else ""
    return (f'<div class="fate-card" data-card="{escape(card_id)}">'
            f'<b>{escape(fate_title(card_id))}</b><br>'
            f'{escape(printed(card.event))}<br>Animal: {escape(animal_words(card.animal))}'
            + (f"<ul>{rows}</ul>" if rows else "")
            + _buttons(choices, verbs, card_id) + "</div>")


def _trophies(animals: Sequence[str]) -> str:
    counts = Counter(animals)
    return ", ".join(animal_words(animal) if count == 1 else
                     f"{count} {animal_words(animal)}" for animal, count in sorted(counts.items()))


def web_board(game: HuntingPartyGame, seen: PartyObservation, seat: int,
              choices: Sequence[str]) -> str:
    """The party (each Hunter's name, ability, cards against the hand limit, trophies,
    Action) and the Fate row as cards, each with the personal icon of every live Hunter
    in the live order; the Fate cards and Hunters the seat may choose carry the button
    that chooses them, and the Fate discards are laid out when a trophy is to be taken
    from them."""
    rows = []
    for hunter in seen["hunters"]:
        if not hunter["hunter"]:
            continue
        marks = [mark for mark, on in (("you", hunter["seat"] == seen["seat"]),
                                       ("First Hunter", hunter["seat"] == seen["first_hunter"]))
                 if on]
        cards = f"{hunter['hand_size']} of {hunter['hand_limit']}" if hunter["alive"] \
            else f"dead ({hunter['hand_size']})"
        action = hunter["action"]
        rows.append(
            f'<tr class="{"you" if hunter["seat"] == seen["seat"] else ""}">'
            f'<td><b>{escape(seat_words(hunter["seat"]))}</b> {escape(hunter["hunter"])}'
            + (f' ({escape(", ".join(marks))})' if marks else "")
            + _buttons(choices, ("target",), hunter["seat"]) + "</td>"
            f'<td>{escape(hunter["ability_text"] or "")}</td>'
            f'<td>{escape(cards)}</td>'
            f'<td>{escape(_trophies(hunter["trophies"]) or "none")}</td>'
            f'<td>{escape(ACTION_NAMES.get(action, action) if action else "")}</td></tr>')
    fate = "".join(_fate_card(game, seen, card["id"], choices, ("discard",), True)
                   for card in seen["fate_up"])
    # each live Hunter discards one of the cards turned up (one more than the Hunters):
    # a single card left is the round's Fate
    heading = "The round's Fate" if len(seen["fate_up"]) == 1 else "Face-up Fate cards"
    takes = [text.split()[1] for text in choices if text.startswith("trophy ")]
    discards = "".join(_fate_card(game, seen, card_id, choices, ("trophy",), False)
                       for card_id in takes)
    return ('<div class="table-view"><table><caption>The party</caption><tr><th>Hunter'
            '</th><th>Special ability</th><th>Cards (hand limit)</th><th>Trophies</th>'
            '<th>Action</th></tr>'
            f'{"".join(rows)}</table>'
            + (f'<h3>{heading}</h3><div class="fate-row">{fate}</div>' if fate else "")
            + (f'<h3>The Fate discards</h3><div class="fate-row">{discards}</div>'
               if discards else "")
            + "</div>")


# -- the state at a glance --------------------------------------------------------------


def web_panels(game: HuntingPartyGame, seen: PartyObservation, seat: int) -> WebPanels:
    """The state at a glance as HTML (`status`), the seat's whole log in words and, once
    the game is over, how it ended."""
    return WebPanels(status_html(game, seen), tuple(log_lines(game, seen)),
                     None if seen["result"] is None else f"{upper_first(seen['result'])}.")


def status_html(game: HuntingPartyGame, seen: PartyObservation) -> str:
    """The round, the seat's Hunter and hand, its Goal (or the Goals dealt), the Fate deck
    and discards, the Action deck and the cards under it, an Ambush this round or the
    next, the cards Vine Bridge turned over and the seat's own card for Jungle Fever,
    the scores at the end, and what the seat is asked, as labelled boxes. (The party
    event and the bagger of the last Fate resolved are left to the log: they outlast
    their round in the observation, and a box would show them as this round's.)"""
    me = _me(seen)
    parts = [stat_box("Round", str(seen["round"]) if seen["round"] else "setup", "round")]

    def box(label: str, value: str, name: str, wide: bool = False) -> None:
        parts.append(stat_box(label, value, name, wide))

    if me["hunter"]:
        box("Your Hunter", f"{me['hunter']}, hand limit {me['hand_limit']}", "hunter")
    hand = ", ".join(f"{count} {ACTION_NAMES.get(kind, kind)}"
                     for kind, count in seen["hand"].items() if count)
    box("Your hand", hand or "empty", "hand")
    if goal := seen["goal"]:
        box("Your Goal", f"{goal['text']} {plural(goal['points'], 'point')}, "
            + ("met now." if goal["met"] else "not met yet."), "goal")
    for number, choice in enumerate(seen["goal_choices"], start=1):
        box(f"Goal dealt {number}", f"{choice['text']} {plural(choice['points'], 'point')}.",
            f"goal-dealt-{number}")
    left = seen["fate_reshuffles_left"]
    box("Fate deck", f"{plural(seen['fate_deck'], 'card')}, "
        + (f"shuffled again {plural(left, 'more time')}" if left else "not shuffled again"),
        "fate-deck")
    animals = Counter(card["animal"] for card in seen["fate_discards"])
    box("Fate discards", ", ".join(f"{count} {animal_words(animal)}"
                                   for animal, count in sorted(animals.items())) or "none",
        "fate-discards")
    box("Action deck", plural(seen["action_deck"], "card"), "action-deck")
    if bottom := seen["deck_bottom"]:
        box("Under the Action deck, face up, drawn first to last",
            under_deck([ACTION_NAMES.get(kind, kind) for kind in bottom]), "deck-bottom",
            wide=True)
    if seen["ambush"]:
        box("Ambush", "This round each Hunter plays the card they draw.", "ambush")
    if seen["ambush_next"]:
        box("Ambush next round", "Each Hunter will play the card they draw.", "ambush-next")
    if seen["vine"]:
        box("Vine Bridge: cards turned over",
            ", ".join(ACTION_NAMES.get(kind, kind) for kind in seen["vine"]), "vine")
    if reveal := seen["my_reveal"]:
        box("Your card for Jungle Fever", ACTION_NAMES.get(reveal, reveal), "reveal")
    if seen["scores"] is not None:
        box(f"Game over ({seen['result']})",
            ", ".join(f"{seat_words(hunter['seat'])} {score}" for hunter, score
                      in zip(seen["hunters"], seen["scores"], strict=True)),
            "scores", wide=True)
        for number, line in enumerate(score_lines(game, seen), start=1):
            box("Score", line.strip(), f"score-{number}", wide=True)
    return status_markup(parts, question(seen))
