"""Jutland's page in the browser as a board gamer reads it: every choice (the game's
actions and the table companion's entries) in players' words naming cards by their
printed names, the hand as cards face up whose buttons play every card choice, and a
status panel that says everything the terminal's screen says (which it then hides)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from html import unescape

from hunt.cli.web.session import seat_page
from hunt.models.jutland.rules import JutlandGame, JutlandState
from hunt.models.jutland.screen import outcome
from hunt.models.jutland.web import deploy_rule, ships
from hunt.models.registry import game_plugin, load_game
from hunt.models.testing import check_choice_words
from hunt.solver.session import Choice

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
    title = {card.id: card.title for card in game.cards}
    seen: set[str] = set()
    for text, said in check_choice_words(game, range(3), worlds=4):
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
    assert {"discard", "deploy", "draw", "done", "draw ?", "discarded", "deployed"} <= seen


def test_an_unknown_choice_keeps_its_text() -> None:
    """A text of no shape the game writes (a card that is not one, a verb it has not)
    is shown as it is, not guessed at."""
    game = _game()
    words = PLUGIN.choice_words
    assert words is not None
    for text in ("deploy nelson", "sink hipper", "draw hipper scheer", "done; sunk 3",
                 "done; deployed german nelson british none", ""):
        assert words(game, text) == text


def test_the_hand_is_drawn_face_up_and_every_card_choice_is_one_of_its_uses() -> None:
    """Each card of the hand is face up with its printed name, its force, a sentence on
    what it is and when the seat may deploy it (not the id, not a dump), and as buttons
    the uses the seat may make of it now, labelled Discard or Deploy: every choice that
    names a card is a use of a card in hand, and every use is a choice. A copy already
    chosen is marked so and plays nothing; an enemy card is marked as the enemy's."""
    game = _game()
    assert PLUGIN.card_faces is not None
    checked = Counter[str]()
    for state in _positions(game, range(4)):
        actor = state.current_player()
        for seat in (0, 1):
            seen = state.observation(seat)
            texts = [state.action_to_string(action) for action in state.legal_actions()] \
                if actor == seat else []
            faces = PLUGIN.card_faces(game, seen, texts)
            assert [face.card for face in faces] == seen["hand"]
            uses = [use for face in faces for use in face.uses]
            assert {choice for _, choice in uses} == {t for t in texts if t != "done"}
            for face in faces:
                card = game.cards[game.card_index[face.card]]
                assert face.name == card.title and face.value == f"Force {card.force}"
                assert face.card not in face.text and face.text.endswith(".")
                assert all(label in ("Discard", "Deploy") and choice.split() ==
                           [label.lower(), face.card] for label, choice in face.uses)
                if card.side != seen["seat"] and not face.mark.startswith("Chosen"):
                    assert face.mark.startswith("Enemy card") and "only discard" in face.text
                    assert all(label == "Discard" for label, _ in face.uses)
            marked = Counter(face.card for face in faces if face.mark.startswith("Chosen"))
            assert marked == Counter(seen["selected"])
            assert not any(face.uses for face in faces if face.mark.startswith("Chosen"))
            checked.update(label for label, _ in uses)
            checked["chosen"] += sum(marked.values())
    assert checked["Discard"] and checked["Deploy"] and checked["chosen"]


def test_the_status_says_everything_the_screen_says_that_the_table_does_not() -> None:
    """Once the status panel is there the page hides the terminal's screen, so the
    status, the table and the cards together say every fact the screen gives the seat:
    its side; the turn, its name and its phase; the ships lost; the deck, the discard
    pile and the enemy's hand; the last discards; the Strikes won and the last Strike's
    forces and cards; what the seat may deploy this turn and what the Sink phase costs
    (or that the turn has only the Sight phase); the cards chosen so far; the log; what
    the seat is asked now; and how the game ended. No card is named by its id."""
    game = _game()
    assert PLUGIN.web_panels is not None and PLUGIN.web_board is not None
    ids = {card.id for card in game.cards}
    asked = 0
    for state in _positions(game, range(3)):
        for seat in (0, 1):
            seen = state.observation(seat)
            texts = [state.action_to_string(action) for action in state.legal_actions()] \
                if state.current_player() == seat else []
            page = seat_page(PLUGIN, game, seen, seat, [Choice(t, "") for t in texts], 0)
            panels = page["panels"]
            status, board = _text(panels["status"]), _text(page["board"])
            shown = f"{status} {board}"
            assert not ids & set(re.findall(r"[a-z-]+", shown)), shown
            turn = game.turns[seen["turn"] - 1]
            side = seen["seat"].capitalize()
            assert f"You are the {side}" in status
            assert f"Turn {turn.number} of 6: {turn.name}" in status
            assert f"Phase {seen['phase'].capitalize()}" in status
            for who, lost in (("German", seen["losses"]["german"]),
                              ("British", seen["losses"]["british"])):
                assert f"{who} {lost['big']} {lost['small']}" in board
            assert f"Deck {seen['deck_size']} card" in board
            assert f"discard pile {seen['discard_size']} card" in board
            enemy = "British" if side == "German" else "German"
            assert f"The {enemy} hand {seen['opponent_hand_size']} card" in status
            if (counts := seen["last_discards"]) is not None:
                assert f"German {counts['german']}, British {counts['british']}" in status
            if strikes := seen["strikes"]:
                won = Counter(strike["winner"] for strike in strikes)
                assert f"Strikes won German {won['german']}, British {won['british']}" \
                    in status
                last = strikes[-1]
                row = (f"{last['turn']} {last['german_force']} {last['british_force']} "
                       f"The {last['winner'].capitalize()}")
                assert row in board
                for card_id in last["german_cards"] + last["british_cards"]:
                    assert game.cards[game.card_index[card_id]].title in board
            assert len(panels["log"]) == len(seen["log"])
            if seen["result"] is not None:
                assert outcome(seen)[1:] in status and panels["ending"]
                continue
            if "strike" in turn.phases:
                rule = deploy_rule(turn.fleets[seat], turn.banned_classes)
                assert f"You may deploy {rule}" in status
                assert f"Sink phase losses winner {ships(turn.winner_loses)}; loser " \
                       f"{ships(turn.loser_loses)}" in status
            else:
                assert "only the Sight phase" in status
            for card_id in seen["selected"]:
                assert game.cards[game.card_index[card_id]].title in status
            assert [card["card"] for card in page["cards"]] == seen["hand"]
            if texts:
                stage = seen["stage"]
                assert f"choose the cards to {stage}" in status and "then Done" in status
                asked += 1
            else:
                assert "choose the cards" not in status
    assert asked


def test_the_ships_lost_and_the_rules_of_the_turn_read_as_the_rulebook_says_them() -> None:
    """The Sink phase's casualties and what a side may deploy, in the rulebook's terms."""
    assert ships((1, 3)) == "1 big and 3 small ships"
    assert ships((0, 1)) == "1 small ship"
    assert ships((0, 0)) == "nothing"
    assert deploy_rule(("Hipper", "Fleet"), ()) == "Hipper or Fleet cards"
    assert deploy_rule(("any",), ("admiral", "battleship")) == \
        "any of your own cards, but no admirals or battleships"


def test_the_log_names_cards_by_their_printed_names() -> None:
    """The log panel reads "You draw Admiral Von Hipper, Hipper Destroyers", where the
    terminal's log types ids; the screen's own log is unchanged."""
    game = _game()
    assert PLUGIN.web_panels is not None
    ids = {card.id for card in game.cards}
    for state in _positions(game, range(1)):
        if state.is_terminal():
            seen = state.observation(0)
            log = PLUGIN.web_panels(game, seen, 0).log
            assert log and not ids & {word for line in log
                                      for word in re.findall(r"[a-z-]+", line)}
            assert any(ids & set(re.findall(r"[a-z-]+", line)) for line in seen["log"])
