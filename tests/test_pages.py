"""What the prompt shows besides the menu: `rules`,
`rules CARD`, `log`, a game's own pages (`hand`, `map`), the map of a menu group's
hexes, and Jutland's log saying when a choice closed by itself."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from hunt.cli.main import cli
from hunt.cli.pages import pages_of, picture_of
from hunt.models.game import CHANCE, AnyState
from hunt.models.jutland.log import seat_log
from hunt.models.jutland.rules import JutlandGame
from hunt.models.plugin import SCREEN_WIDTH
from hunt.models.registry import available_games, game_plugin, load_game
from hunt.models.the_hunt.rules import BRITISH, GERMAN, TheHuntGame, TheHuntState
from hunt.models.the_hunt.words import log_lines
from hunt.tests.hunt_positions import new_state, play


def played(name: str, actions: int, seed: int = 1) -> AnyState:
    """A random game of `name` after `actions` actions (or its end)."""
    rng = random.Random(seed)
    state: AnyState = load_game(name).new_initial_state(seed)
    while not state.is_terminal() and len(state.history) < actions:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", available_games())
def test_rules_says_the_turn_and_the_seats_goal_within_80_columns(name: str) -> None:
    state = played(name, 30)
    text = pages_of(name)["rules"](state, 0, "")
    goal = game_plugin(name).goal(state.game.info.seat_names[0]).split()[0:3]
    assert "Your goal: " + " ".join(goal) in text
    assert len(text.splitlines()) >= 5
    assert all(len(line) <= SCREEN_WIDTH for line in text.splitlines())


@pytest.mark.parametrize(("name", "card", "words"), [
    ("the-hunt", "royal-navy", ["2 AP", "For AP (play royal-navy ap)", "Intelligence"]),
    # a reaction's moment as its text names it, a roll about to be made for this one
    ("the-hunt", "cat-and-mouse", ["a search or attack about to be rolled"]),
    ("jutland", "hipper-bc", ["2 in the deck", "Deployable in turns: 1, 3, 4, 5, 6."]),
    ("hunting-party", "camp", ["natives"]),
    ("hunting-party", "fate-03", ["Personal icons"]),
    ("hunted", "grenade", ["Grenade: equipment", "gives move"]),
    # the names the screens show: a Fate row's short icon name, a Location
    ("hunting-party", "attack", ["Animal attack: Shoot bags the trophy"]),
    ("hunted", "flooded tunnel", ["Flooded Tunnel: a Location; drawn, -1 time."])])
def test_rules_card_gives_a_cards_text_and_uses(name: str, card: str, words: list[str]) -> None:
    text = pages_of(name)["rules"](played(name, 0), 0, card)
    assert all(word in text for word in words), text


def test_rules_of_an_unknown_card_is_one_line_naming_examples() -> None:
    text = pages_of("the-hunt")["rules"](played("the-hunt", 0), 0, "bismarck")
    assert text.startswith("'bismarck' is no card here") and "\n" not in text


def test_log_lists_every_event_the_seat_saw_and_the_screen_only_the_last() -> None:
    state = played("the-hunt", 60)
    assert isinstance(state, TheHuntState)
    log = pages_of("the-hunt")["log"](state, BRITISH, "")
    events = log_lines(state.game, state.observation(BRITISH)["log"])  # in words
    assert len(events) > 5 and all(event.split()[0] in log for event in events)
    assert events[0].split(" (")[0] in log  # the first event too, not only the last few


def test_the_germans_own_log_says_where_the_graf_spee_moved_and_the_british_do_not() -> None:
    """The German's log is the paper it keeps its moves on: "The Graf Spee moves to 19
    (2 AP)."; the British hear "The Graf Spee moves: 2 AP spent." only."""
    state = new_state()  # the raider on 24
    play(state, "play kriegsmarine ap", "move graf-spee 2 19")
    german = log_lines(state.game, state.observation(GERMAN)["log"])
    british = log_lines(state.game, state.observation(BRITISH)["log"])
    assert "The Graf Spee moves to 19 (2 AP)." in german
    assert "The Graf Spee moves: 2 AP spent." in british
    assert not any("19" in line for line in british if "Graf Spee" in line)


def test_hand_and_map_read_only_the_seats_view() -> None:
    """The British `hand` page names the British cards and the German discards; two
    worlds that differ only where the raider is give the same `map` page."""
    state = played("the-hunt", 40)
    assert isinstance(state, TheHuntState)
    pages = pages_of("the-hunt")
    hand = pages["hand"](state, BRITISH, "")
    assert all(card in hand for card in state.observation(BRITISH)["hand"])
    assert "Their discards:" in hand
    other = state.clone()
    other.graf_spee = next(hex_id for hex_id in sorted(state.possible)
                           if hex_id != state.graf_spee) if len(state.possible) > 1 \
        else state.graf_spee
    assert pages["map"](state, BRITISH, "") == pages["map"](other, BRITISH, "")
    assert "the Graf Spee" in pages["map"](state, GERMAN, "")


def test_a_group_of_moves_opens_on_the_map_with_each_hexs_cost() -> None:
    state = TheHuntGame().new_initial_state(3)
    picture = picture_of("the-hunt")
    assert picture is not None
    drawn = picture(state, GERMAN, ["move graf-spee 2 14", "move graf-spee 4 15"])
    assert "14<" in drawn and "15<" in drawn and "where these choices lead" in drawn
    assert picture(state, GERMAN, ["end", "move graf-spee 2 14"]) == ""


def test_a_jutland_log_says_when_a_sides_choice_closed_by_itself() -> None:
    """Turn 1's Sight phase: both hands are empty, so the discards close by themselves
    and each side is told so; its own draws are named, the other's counted."""
    game = JutlandGame()
    state = game.new_initial_state(1)
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance_outcome(rng))
    log = state.observation(0)["log"]
    assert log[0].endswith("Your hand was empty, so your discard closed by itself.")
    assert log[1].startswith("You draw ") and log[2] == "The British draw 7 cards."
    assert seat_log([("done",), ("discarded", 2, 0)], game, 0) == [
        "Cards discarded face down: the Germans 2, the British 0."]


def test_the_prompt_answers_rules_log_and_map_in_a_game() -> None:
    result = CliRunner().invoke(cli, ["play", "the-hunt", "--seed", "3", "--ai", "heuristic"],
                                input="rules\nrules royal-navy\nlog\nmap\nhelp\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "AP buy: a move of up to 1, 2 or 3 hexes for 1, 2 or 4 AP" in out
    # the rulebook's exception to "each piece once a turn"
    assert "the Graf Spee may move, attack and then move again" in " ".join(out.split())
    assert "Royal Navy (royal-navy): 2 AP" in out
    assert "  1. Freight Ship" in out and "Freight Ship b-e1 on 23, to england by" in out
    assert "Commands: rules, log, hand, map, hint, save, help, quit, undo, back." in \
        " ".join(out.split())  # the help, wrapped to 80 columns
    assert all(len(line) <= 80 for line in out[out.index("> help"):].splitlines()[1:4])


def test_a_jutland_log_names_each_strikes_forces_and_winner() -> None:
    game = JutlandGame()
    hipper, beatty = game.card_index["hipper-bc"], game.card_index["beatty-bc"]
    assert seat_log([("done",), ("deployed", (hipper,), (beatty,))], game, 0) == [
        "Strike: the Germans deploy hipper-bc (force 3), the British beatty-bc (force 3): "
        "the British win. Sink: the Germans 1 big and 3 small, the British 0 big and 1 "
        "small ships lost."]  # a tie goes to the British; turn 1's Sink table
