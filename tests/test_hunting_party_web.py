"""Hunting Party in the browser (`hunt serve`): its choices and the table companion's
entries in players' words, its hand as Action cards face up with the uses open to each
now, the state at a glance that replaces the terminal's screen (nothing the screen
tells the seat is lost), and a table whose Fate cards and Hunters carry the buttons
that choose them."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from html import unescape

from hunt.cli.web.session import WebGame
from hunt.models.hunting_party.rules import HuntingPartyGame, HuntingPartyState
from hunt.models.hunting_party.screen import threat_words
from hunt.models.hunting_party.web import card_faces, hands, status_html, web_board
from hunt.models.hunting_party.words import (
    ACTION_NAMES,
    animal_words,
    fate_title,
    printed,
    seat_words,
)
from hunt.models.registry import game_plugin, load_game
from hunt.models.testing import check_choice_words

PLUGIN = game_plugin("hunting-party")


def _game(players: int) -> HuntingPartyGame:
    game = load_game("hunting-party", players=players)
    assert isinstance(game, HuntingPartyGame)
    return game


def _positions(players: int, seeds: range, rng_seed: int = 0) -> Iterator[HuntingPartyState]:
    """Every position of random games (random choices, chance drawn by its odds)."""
    game = _game(players)
    for seed in seeds:
        rng = random.Random(rng_seed + seed)
        state = game.new_initial_state(seed)
        while True:
            yield state
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                               else rng.choice(state.legal_actions()))


def _names_what_it_names(game: HuntingPartyGame, text: str, said: str) -> None:
    """`said` names every card, Goal, Hunter and seat the typed part of `text` names
    (a Fate card by its number, party event and animal; a Goal by its text)."""
    for part in text.split("; ")[0].split()[1:]:
        if part in ACTION_NAMES:
            assert ACTION_NAMES[part] in said, (text, said)
        elif part in game.fate:
            card = game.fate[part]
            for shown in (fate_title(part), printed(card.event), animal_words(card.animal)):
                assert shown in said, (text, said)
        elif part in game.goals:
            assert game.goals[part].text in said, (text, said)
        elif part in game.hunters:
            assert game.hunters[part].name in said, (text, said)
        elif part in game.seat_names:
            assert seat_words(part) in said, (text, said)
        else:
            assert part == "?" and "unseen" in said, (text, said)


def test_every_choice_of_hunting_party_has_words_of_its_own() -> None:
    """The browser's buttons say Hunting Party's choices in players' words: every legal
    action of random positions of every seat (2 to 5 Hunters), and every entry the table
    companion offers from every seat (hidden parts as ?, what an entry showed after
    "; "), has words of its own, starting with a capital, that name what the text
    names, and each part an entry showed is said in words too (no raw "personal 0 ...")."""
    seen_verbs: set[str] = set()
    learned: set[str] = set()
    for players in (2, 3, 4, 5):
        game = _game(players)
        for text, said in check_choice_words(game, range(2)):
            _names_what_it_names(game, text, said)
            for part in text.split("; ")[1:]:
                assert part not in said, (text, said)  # said in words, not as typed
                learned.add(part.split()[0])
            seen_verbs.add(text.split()[0])
    assert {"hunter", "goal", "keep", "draw", "fate", "play", "discard", "trophy", "name",
            "reveal", "flee", "pass", "misfire", "target"} <= seen_verbs, seen_verbs
    assert {"actions", "jungle", "lost", "died", "personal", "vine", "round", "over"} \
        <= learned, learned


def test_a_choice_of_an_unknown_shape_is_left_as_it_is() -> None:
    """Text the game never produces is returned unchanged, not guessed at; a known
    entry with a part of an unknown shape keeps that part as it is."""
    words = PLUGIN.choice_words
    assert words is not None
    game = _game(3)
    for text in ("", "frobnicate", "play xyzzy", "discard fate-99", "keep nothing",
                 "target p9", "play camp shoot", "flee now"):
        assert words(game, text) == text
    assert words(game, "draw camp; something new 3") == "Draw a Camp. Then: something new 3"


def test_the_hand_is_drawn_as_action_cards_whose_uses_are_the_choices_naming_them() -> None:
    """Each card of the hand is face up with its printed name, "Action", what it does
    in sentences (as the Hunter's ability bends it), and as uses exactly the choices
    that play, discard or reveal a card of its kind, or flee with it from the hand (a
    click plays them): every such choice is a use of every card of its kind, and naming
    a card for Vine Bridge (a card of the deck) stays a choice of its own."""
    used = Counter[str]()
    for players in (3, 5):
        for state in _positions(players, range(3)):
            seat = state.current_player()
            if seat < 0:
                continue
            game = state.game
            seen = state.observation(seat)
            choices = [state.action_to_string(action) for action in state.legal_actions()]
            faces = card_faces(game, seen, choices)
            assert [face.card for face in faces] == list(hands(seen).own)
            for face in faces:
                assert face.name == ACTION_NAMES[face.card] and face.value == "Action"
                assert face.text[0].isupper() and face.text.endswith(".")
                assert len(face.text.split()) >= 10 and "=" not in face.text  # sentences
                if face.card == "camp":  # what it does for this Hunter, ability and all
                    ability = seen["hunters"][seat]["ability"]
                    assert ("draw 3" if ability == "native-tongue" else "draw 2") in face.text
                    assert ("discard 1" if ability == "thick-hide" else "discard 2") \
                        in face.text
                wanted = {text for text in choices
                          if text.split()[0] in ("play", "discard", "reveal")
                          and text.split()[1:] == [face.card]}
                if face.card == "flee" and "flee" in choices:
                    wanted.add("flee")
                assert {move for _, move in face.uses} == wanted, (choices, face)
                assert all(label and len(label) <= 15 for label, _ in face.uses)
                used.update(move.split()[0] for _, move in face.uses)
                assert not any(move.startswith("name ") for _, move in face.uses)
    assert {"play", "discard", "reveal", "flee"} <= set(used), used


def test_a_card_everyone_knows_the_hunter_holds_is_marked() -> None:
    """A card the others know the Hunter holds (drawn face up from under the deck,
    shown in the Jungle and kept) carries a mark saying so; the others carry none."""
    marked = 0
    for state in _positions(4, range(3)):
        for seat in range(state.game.players):
            seen = state.observation(seat)
            me = seen["hunters"][seat]
            faces = card_faces(state.game, seen, [])
            for kind in ACTION_NAMES:
                marks = [face.mark for face in faces if face.card == kind]
                known = min(len(marks), me["known_cards"].get(kind, 0))
                assert sum(bool(mark) for mark in marks) == known
                marked += known
    assert marked > 0


def _boxes(status: str) -> dict[str, str]:
    return dict(re.findall(r'data-stat="([a-z0-9-]+)"><span class="stat-label">[^<]*'
                           r"</span> <b>([^<]*)</b>", unescape(status)))


def test_the_state_at_a_glance_says_every_fact_of_the_screen_the_board_does_not() -> None:
    """Once the status panel is there the terminal's screen is hidden, so the status
    and the board together say everything the screen says to the seat, fact by fact:
    the round; each Hunter's name, ability, cards and hand limit, trophies and Action;
    the First Hunter; the seat's hand, Goal (or the Goals dealt, while none is kept);
    each face-up Fate card with each live Hunter's icon; the Fate deck, its reshuffles
    left and its discards by animal; the Action deck and every card under it; an
    Ambush; the personal fate a Flee would avoid; and at the end the scores and how
    each was made. What the seat is asked now is said whenever it is to act."""
    stages: set[str] = set()
    for players in (2, 4, 5):
        for state in _positions(players, range(2), rng_seed=7):
            if state.current_player() < 0 and not state.is_terminal():
                continue
            game = state.game
            for seat in range(players):
                seen = state.observation(seat)
                choices = [state.action_to_string(action) for action in state.legal_actions()] \
                    if state.current_player() == seat else []
                status = unescape(status_html(game, seen))
                board = unescape(web_board(game, seen, seat, choices))
                boxes = _boxes(status_html(game, seen))
                assert boxes["round"] == (str(seen["round"]) if seen["round"] else "setup")
                for hunter in seen["hunters"]:
                    if not hunter["hunter"]:
                        continue
                    for fact in (hunter["hunter"], hunter["ability_text"] or "",
                                 f"{hunter['hand_size']} of {hunter['hand_limit']}"
                                 if hunter["alive"] else f"dead ({hunter['hand_size']})"):
                        assert fact in board, fact
                    for animal in set(hunter["trophies"]):
                        assert animal_words(animal) in board
                    if hunter["action"]:
                        assert ACTION_NAMES.get(hunter["action"], hunter["action"]) in board
                if seen["first_hunter"]:
                    assert "First Hunter" in board
                hand = seen["hand"]
                for kind, count in hand.items():
                    if count:
                        assert f"{count} {ACTION_NAMES[kind]}" in boxes["hand"]
                if goal := seen["goal"]:
                    assert goal["text"] in boxes["goal"]
                    assert ("met now" in boxes["goal"]) == goal["met"]
                for choice in seen["goal_choices"]:
                    assert choice["text"] in status
                for card in seen["fate_up"]:
                    assert fate_title(card["id"]) in board and printed(card["event"]) in board
                    for place, who in enumerate(seen["live_order"]):
                        assert f"{seat_words(who)}: {printed(card['icons'][place])}" in board
                assert boxes["fate-deck"].startswith(f"{seen['fate_deck']} card")
                reshuffles = seen["fate_reshuffles_left"]
                assert ("not shuffled again" in boxes["fate-deck"]) == (reshuffles == 0)
                animals = Counter(card["animal"] for card in seen["fate_discards"])
                for animal, count in animals.items():
                    assert f"{count} {animal_words(animal)}" in boxes["fate-discards"]
                assert boxes["action-deck"].startswith(f"{seen['action_deck']} card")
                if seen["deck_bottom"]:
                    # in runs of a kind, first drawn first: "2 Camp, Shoot"
                    drawn = [name for run in boxes["deck-bottom"].split(", ")
                             for count, _, name in [run.rpartition(" ")]
                             for _ in range(int(count or 1))]
                    assert drawn == [ACTION_NAMES[kind] for kind in seen["deck_bottom"]]
                assert ("ambush" in boxes) == seen["ambush"]
                if threat := seen["threat"]:
                    assert threat_words(threat) in status
                if seen["scores"] is not None:
                    for hunter, score in zip(seen["hunters"], seen["scores"], strict=True):
                        assert f"{seat_words(hunter['seat'])} {score}" in boxes["scores"]
                asked = re.search(r'<p class="asked">([^<]*)</p>', status_html(game, seen))
                assert (asked is not None) == (seen["to_move"] == seen["seat"]), seen["stage"]
                if asked is not None:
                    stages.add(seen["stage"])
    assert {"keep-goal", "play", "discard-fate", "discard", "flee-window"} <= stages, stages


def test_the_fate_cards_and_hunters_the_seat_may_choose_carry_the_buttons_that_choose_them(
) -> None:
    """Each choice of a face-up Fate card to discard, a Fate card to take from the
    discards as a trophy, or a Hunter for a Hunting Accident is one button on the table
    that plays it (on that card, or in that Hunter's row); nothing else is a button."""
    counted = Counter[str]()
    for players in (3, 5):
        for state in _positions(players, range(4)):
            seat = state.current_player()
            if seat < 0:
                continue
            choices = [state.action_to_string(action) for action in state.legal_actions()]
            board = web_board(state.game, state.observation(seat), seat, choices)
            moves = [unescape(move) for move in re.findall(r'data-move="([^"]*)"', board)]
            wanted = [text for text in choices
                      if text.split()[0] in ("trophy", "target")
                      or (text.startswith("discard ") and text.split()[1] in state.game.fate)]
            assert sorted(moves) == sorted(wanted), (choices, moves)
            for move in moves:
                verb, arg = move.split()
                where = f'data-card="{arg}"' if verb != "target" else \
                    f"<b>{seat_words(arg)}</b>"
                block = board[board.index(where):]
                assert f'data-move="{move}"' in block[:block.find("</div>" if verb != "target"
                                                                   else "</tr>")]
                counted[verb] += 1
    assert {"discard", "trophy", "target"} <= set(counted), counted


def test_the_page_shows_the_status_so_the_terminal_screen_is_hidden() -> None:
    """The page data carries Hunting Party's status panel (so the page hides the text
    screen), its choices in words, and its hand as faces with their uses."""
    game = _game(3)
    state = game.new_initial_state(4)
    session = WebGame(state, [None, None, None], None)
    rng = random.Random(4)
    for _ in range(40):
        seat = state.current_player()
        if seat >= 0:
            view = session.view(seat)
            assert view["panels"]["status"]
            assert all(choice["words"] != choice["text"] for choice in view["choices"])
            assert [card["card"] for card in view["cards"]] == view["hand"]
        state.apply_action(state.sample_chance_outcome(rng) if seat < 0
                           else rng.choice(state.legal_actions()))
