"""Jutland in players' words: the choices as the browser's buttons say them, and the
cards by the names printed on them ("Hipper Destroyers", not "hipper-dd").

A choice's text is either a typed action (`discard hipper-dd`, `deploy beatty`,
`draw gunnery`, `done`) or a table companion's entry, where the other side's hidden
cards are `?` and what the entry showed comes after "; " (`done; discarded 3 2`,
`done; deployed german hipper armor british none`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hunt.boards.jutland.deck import SIDES, JutlandCard
from hunt.models.jutland.log import FLEETS
from hunt.models.jutland.rules import JutlandGame
from hunt.models.plugin import plural, upper_first

NAVIES = {"german": "German High Seas Fleet", "british": "British Grand Fleet"}
"""Each side's fleet as the rulebook's card lists head it."""

SIDE_WORDS = {"german": "German", "british": "British"}
"""Each side as an adjective."""

VERBS = {"discard": "Discard", "deploy": "Deploy", "draw": "Draw"}
"""The verbs a choice may begin with, as a button says them."""

HIDDEN = {"discard": "The enemy discards a card, face down",
          "deploy": "The enemy chooses a card to deploy, face down",
          "draw": "The enemy draws a card, unseen"}
"""The other side's acts whose card the seat cannot see (written `VERB ?`): a seat's
own cards are always named, so `?` is always the enemy's."""


def card_title(game: JutlandGame, card_id: str) -> str:
    """A card's printed name, with its fleet where the name alone is shared ("Hipper
    Destroyers"); the id itself if no card has it."""
    kind = game.card_index.get(card_id)
    return card_id if kind is None else game.cards[kind].title


def titles(game: JutlandGame, card_ids: Sequence[str]) -> str:
    """Cards by their printed names, copies counted ("2 Hipper Destroyers, Admiral Von
    Hipper"), in the order first named; "nothing" for none."""
    counts: dict[str, int] = {}
    for card_id in card_ids:
        counts[card_id] = counts.get(card_id, 0) + 1
    return ", ".join(card_title(game, card_id) if n == 1 else f"{n} {card_title(game, card_id)}"
                     for card_id, n in counts.items()) or "nothing"


def named_ids(game: JutlandGame, text: str) -> str:
    """`text` (a log line) with every card id in it replaced by the card's printed name:
    the log, written for the terminal's typed ids, read with the cards' own names."""
    ids = sorted((card.id for card in game.cards), key=len, reverse=True)
    # an id is a whole token: "hipper" must not match inside "hipper-dd"
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    return pattern.sub(lambda found: card_title(game, found.group(1)), text)


def choice_words(game: JutlandGame, text: str) -> str:
    """A choice (a typed action, or a table companion's entry with what it showed after
    "; ") in players' words: "discard hipper-dd" is "Discard Hipper Destroyers",
    "deploy ?" is "The enemy chooses a card to deploy, face down", "done; discarded 3 2"
    is "Done choosing (cards discarded face down: the Germans 3 cards, the British 2)"; the text
    itself where it has no words of its own. A card's force is its menu note's to say."""
    typed, *learned = text.split("; ")
    said = _typed_said(game, typed.lower().split())
    if said is None:
        return text
    shown = [_learned_said(game, part.lower().split()) for part in learned]
    if any(part is None for part in shown):
        return text
    return said + (f" ({'; '.join(part for part in shown if part)})" if shown else "")


def _typed_said(game: JutlandGame, words: list[str]) -> str | None:
    """The words of one typed action (`choice_words`); None for an unknown shape."""
    if words == ["done"]:
        return "Done choosing"
    if len(words) < 2 or words[0] not in VERBS:
        return None
    verb, rest = words[0], words[1:]
    if rest == ["?"]:
        return HIDDEN[verb]
    if rest == ["all"] and verb != "draw":  # the prompt's `discard all`
        return f"{VERBS[verb]} every card you may"
    if verb == "draw" and len(rest) != 1:
        return None
    if any(card_id not in game.card_index for card_id in rest):
        return None
    return f"{VERBS[verb]} {titles(game, rest)}"


def _learned_said(game: JutlandGame, words: list[str]) -> str | None:
    """What an entry showed, in words: the discards' counts or the Strike's cards."""
    if len(words) == 3 and words[0] == "discarded" and all(w.isdigit() for w in words[1:]):
        german, british = (int(word) for word in words[1:])
        return (f"cards discarded face down: the Germans {plural(german, 'card')}, the British "
                f"{plural(british, 'card')}")
    if len(words) >= 4 and words[:2] == ["deployed", "german"] and "british" in words:
        split = words.index("british")
        sides = [[w for w in words[2:split] if w != "none"],
                 [w for w in words[split + 1:] if w != "none"]]
        if any(w not in game.card_index for side in sides for w in side):
            return None
        forces = [sum(game.cards[game.card_index[w]].force for w in side) for side in sides]
        winner = FLEETS[SIDES[game.strike_winner(*forces)]]
        return (f"Strike: the Germans deploy {titles(game, sides[0])} (force {forces[0]}), "
                f"the British {titles(game, sides[1])} (force {forces[1]}): {winner} win")
    return None


def card_sentence(game: JutlandGame, card: JutlandCard, seat: str) -> str:
    """What a card is and when `seat` may deploy it, in sentences a player reads."""
    navy = NAVIES[card.side]
    if card.card_class == "admiral":
        what = f"The admiral of the {card.fleet} fleet, {navy}."
    elif card.card_class == "support":
        what = f"A Fleet card of the {navy}, for any of its fleets."
    else:
        what = f"{upper_first(card.name.lower())} of the {card.fleet} fleet, {navy}."
        # the rulebook's historical columns, for flavour
        if card.real is not None:
            sunk = "none" if not card.sunk else str(card.sunk)
            what += f" At Jutland: {card.real} ships, {sunk} sunk."
    if card.side != seat:
        return f"{what} A {SIDE_WORDS[card.side]} card: you may only discard it."
    side = SIDES.index(seat)
    turns = [turn.number for turn in game.turns if turn.may_deploy(side, card)]
    when = "in no turn" if not turns else f"in turn {turns[0]}" if len(turns) == 1 else \
        f"in turns {', '.join(map(str, turns[:-1]))} and {turns[-1]}"
    return f"{what} You may deploy it {when}."
