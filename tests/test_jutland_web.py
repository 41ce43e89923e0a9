"""Jutland's page in the browser as a board gamer reads it: every choice (the game's
actions and the table companion's entries) in players' words naming cards by their
printed names."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from html import unescape

from hunt.models.jutland.rules import JutlandGame, JutlandState
from hunt.models.registry import game_plugin, load_game
from hunt.models.seat_record import SeatNotebook, entry_text

PLUGIN = game_plugin("jutland")


def _game() -> JutlandGame:
    game = load_game("jutland")
    assert isinstance(game, JutlandGame)
    return game


def _positions(game: JutlandGame, seeds: range) -> Iterator[JutlandState]:
    """Every position of random games, from the first to the last."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while True:
            yield state
            if state.is_terminal():
                break
            state = state.clone()
            state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                               else rng.choice(state.legal_actions()))


def _text(markup: str) -> str:
    """What markup shows, as one line of text."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def test_every_choice_of_jutland_has_words_of_its_own() -> None:
    """The browser's buttons say Jutland's choices in players' words: every action text
    of random positions (each side's discards, deployments and "done", the draws), and
    every entry the table companion offers from either seat (the other side's hidden
    cards as ?, what an entry showed after "; "), has words of its own, beginning with a
    capital, that name each card the text names by its printed name, and the counts
    and forces a reveal shows; never the raw text."""
    game = _game()
    words = PLUGIN.choice_words
    assert words is not None
    title = {card.id: card.title for card in game.cards}
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        notebooks = [SeatNotebook(game, seat) for seat in range(2)]
        while not state.is_terminal():
            texts = [state.action_to_string(action) for action in state.legal_actions()]
            for notebook in notebooks:
                texts += notebook.possible_entries(worlds=4)
            for text in texts:
                said = words(game, text)
                assert said != text and said[0].isupper(), text
                typed, *learned = text.split("; ")
                for part in typed.split()[1:] + " ".join(learned).split():
                    if part in title:
                        assert title[part] in said, (text, said)
                    elif part == "?":
                        assert "enemy" in said, (text, said)
                    elif part.isdigit():  # a reveal's counts of discards
                        assert f"{part} card" in said, (text, said)
                if learned and learned[0].startswith("deployed"):
                    assert said.count("(force ") == 2 and " win" in said, (text, said)
                seen.add(typed.split()[0] + (" ?" if typed.endswith("?") else ""))
                seen.update(part.split()[0] for part in learned)
            action = state.sample_chance_outcome(rng) if state.current_player() < 0 \
                else rng.choice(state.legal_actions())
            # a seat writes down what it saw; the other side's card laid face down
            # showed it nothing, and its seat record leaves it out
            actor, before = state.current_player(), [state.view_length(s) for s in (0, 1)]
            entries = [entry_text(state, action, seat) for seat in (0, 1)]
            state.apply_action(action)
            for seat, notebook in enumerate(notebooks):
                unseen = actor not in (seat, -1) and state.view_length(seat) == before[seat]
                if not unseen:
                    notebook.add(entries[seat])
    assert {"discard", "deploy", "draw", "done", "discard ?", "deploy ?", "draw ?",
            "discarded", "deployed"} <= seen


def test_an_unknown_choice_keeps_its_text() -> None:
    """A text of no shape the game writes (a card that is not one, a verb it has not)
    is shown as it is, not guessed at."""
    game = _game()
    words = PLUGIN.choice_words
    assert words is not None
    for text in ("deploy nelson", "sink hipper", "draw hipper scheer", "done; sunk 3",
                 "done; deployed german nelson british none", ""):
        assert words(game, text) == text
