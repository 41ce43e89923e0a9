"""The Hunt: the rulebook's sentences, its eight worked examples and every card event,
each a named test (the readings: docs/rulings.md)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Hashable
from pathlib import Path

import pytest

from hunt.errors import IllegalActionError
from hunt.models import load_game
from hunt.models.game import CHANCE, AnyState, random_action
from hunt.models.registry import game_policy
from hunt.models.testing import check_game
from hunt.models.the_hunt import BRITISH, GERMAN, TheHuntAction, TheHuntGame, TheHuntState
from hunt.models.the_hunt.actions import END, PLANE
from hunt.models.the_hunt.advice import play_reasons
from hunt.models.the_hunt.events import FreightShipsSailOn
from hunt.models.the_hunt.help import card_texts
from hunt.models.the_hunt.steps import Choose, Window
from hunt.models.the_hunt.words import log_page
from hunt.tests.hunt_positions import (
    GAME,
    REMOVABLE,
    british_turn,
    draw_until,
    force_g_searches,
    new_state,
    play,
    roll,
    texts,
    to_british_card_phase,
)

# -- setup ------------------------------------------------------------------------------

def test_setup_second_freighter_redrawn_until_starts_differ() -> None:
    state = GAME.new_initial_state()
    assert len(state.chance_outcomes()) == 9
    play(state, "freighter e-a")  # starts on 06
    second = [state.action_to_string(a) for a, _ in state.chance_outcomes()]
    assert "freighter e-b" not in second and "freighter e-s" not in second
    assert len(second) == 6 and {p for _, p in state.chance_outcomes()} == {1 / 6}


def test_setup_each_player_draws_5_cards_and_the_german_places_both_ships() -> None:
    state = new_state()
    assert len(state.hands[GERMAN]) == 5 and len(state.hands[BRITISH]) == 5
    assert state.graf_spee == "24" and state.altmark == "20"
    assert state.forces == {"G": "06", "H": None, "K": None}
    assert state.strategy == {"H": 2, "K": 1}
    assert state.plane == "ready" and state.reserve == 0


def test_setup_graf_spee_position_is_noted_secretly_the_altmark_openly() -> None:
    keys = {new_state(graf_spee=hex_id).information_state_key(BRITISH)
            for hex_id in ("24", "31", "01")}
    assert len(keys) == 1
    assert new_state().observation(BRITISH)["graf_spee"] is None
    assert new_state().observation(BRITISH)["altmark"] == "20"


def test_the_german_player_plays_first() -> None:
    state = new_state()
    assert state.current_player() == GERMAN and state.flow == "german-card"


# -- card play --------------------------------------------------------------------------

def test_a_card_is_played_for_its_ap_or_for_its_hunt_event() -> None:
    state = new_state()
    legal = texts(state)
    assert "play kriegsmarine ap" in legal and "play kriegsmarine event" not in legal  # Battle
    assert "play cat-and-mouse event" not in legal  # a Reaction: only in the other's turn
    assert "play marconi event" in legal and "play marconi ap" in legal


def test_battle_events_can_only_be_played_for_ap_in_the_hunt_phase() -> None:
    state = new_state()
    with pytest.raises(IllegalActionError, match="not legal here"):
        play(state, "play radar event")


def test_mandatory_event_is_done_whenever_the_card_is_played() -> None:
    state = new_state(german=["prize-warfare", "kriegsmarine", "radar", "marconi", "langsdorff"])
    british_cards = len(state.hands[BRITISH])
    play(state, "play prize-warfare ap")  # Mandatory: your opponent draws one card
    assert state.current_player() == CHANCE  # the British draw now
    draw_until(state, BRITISH)
    assert len(state.hands[BRITISH]) == british_cards + 1
    assert state.ap == 2 and state.current_player() == GERMAN
    # The log names who draws, where the card's own words say "your opponent".
    logged = log_page(GAME, state.observation(GERMAN), GERMAN)
    assert "Mandatory event: the British draw one card." in logged


def test_a_mandatory_card_played_for_its_intelligence_stripe_still_has_its_event() -> None:
    """"When you play a card with a Mandatory Event during the Hunt Phase, you are
    forced to do the Event": an Intelligence play is a play in the Hunt phase, so
    Rules of Prize Warfare's stripe places a Hint and the German draws a card."""
    state = british_turn(british=["prize-warfare", "convoy-routes", "royal-navy",
                                  "cumberland", "fair-weather"], graf_spee="31")
    german_cards = len(state.hands[GERMAN])
    play(state, "play convoy-routes ap", "intel prize-warfare")
    if state.current_player() == GERMAN and "pass" in texts(state):
        play(state, "pass")  # a window to cancel the event (the German holds no such card)
    assert state.current_player() == CHANCE  # the German draws: its Mandatory event
    draw_until(state, GERMAN)
    assert len(state.hands[GERMAN]) == german_cards + 1
    logged = log_page(GAME, state.observation(GERMAN), GERMAN)
    assert "Mandatory event: the German draws one card." in logged
    assert texts(state)[0].startswith("hint ")  # and its stripe: a Hint marker
    play(state, "hint 31")
    assert state.ap == 4 and state.discards[BRITISH]["prize-warfare"] == 1


def test_removed_from_the_game_only_if_the_event_takes_place() -> None:
    state = new_state(british=["that-never-happened", "royal-navy", "cumberland",
                               "fair-weather", "convoy-routes"])
    play(state, "play marconi event")
    assert texts(state) == ["pass", "react that-never-happened"]
    play(state, "react that-never-happened")
    # The German may not cancel back (no such card), so the Marconi event is cancelled.
    assert state.removed[BRITISH]["that-never-happened"] == 1
    assert state.discards[GERMAN]["marconi"] == 1 and not state.hints


# -- German turn ------------------------------------------------------------------------

def test_german_movement_costs_1_2_or_4_ap_and_only_the_ap_is_announced() -> None:
    state = new_state()
    play(state, "play pocket-battleships ap")  # 5 AP
    legal = texts(state)
    assert "move graf-spee 4 06" not in legal  # 06 is 5+ hexes from 24
    assert "move graf-spee 1 18" in legal and "move graf-spee 4 24" in legal  # may stay
    before = state.view_length(BRITISH)
    play(state, "move graf-spee 2 31")
    assert state.ap == 3 and state.graf_spee == "31"
    assert state.views_since(BRITISH, before) == (("graf spee moved", 2),)


def test_each_marker_moves_once_but_the_graf_spee_may_move_attack_and_move_again() -> None:
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="24", altmark="20")
    state.reserve = 2
    play(state, "play pocket-battleships ap")  # 5 + 2 reserve = 7 AP
    play(state, "move graf-spee 1 23")  # onto Freight Ship b-e1
    assert not any(t.startswith("move graf-spee") for t in texts(state))
    play(state, "attack b-e1")
    roll(state, 1)
    assert "move graf-spee 1 24" in texts(state)  # again, after the attack
    play(state, "move graf-spee 1 24", "move altmark 1 19")
    assert not any(t.startswith("move") for t in texts(state))


def test_attack_needs_a_freighter_on_the_graf_spee_hex_costs_2_and_hits_on_5() -> None:
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23")
    play(state, "play kriegsmarine ap")
    assert texts(state).count("attack b-e1") == 1 and "attack e-a" not in texts(state)
    play(state, "attack b-e1")
    assert state.ap == 2 and state.possible == frozenset({"23"})  # 4 AP - 2: revealed
    roll(state, 5)
    assert state.sunk == ["b-e1"] and "b-e1" not in state.at_sea
    assert not any(t.startswith("attack") for t in texts(state))  # one per turn


def test_attack_fails_below_5_and_the_airplane_adds_2_then_is_broken() -> None:
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23")
    play(state, "play kriegsmarine ap", "attack b-e1", "plane")
    assert state.plane == "broken"
    roll(state, 3)
    assert state.sunk == ["b-e1"]
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23")
    play(state, "play kriegsmarine ap", "attack b-e1")
    roll(state, 4)
    assert state.sunk == [] and "b-e1" in state.at_sea


def test_two_freighters_on_one_hex_the_german_chooses_which() -> None:
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="24")
    state.at_sea = {"b-e1": 1, "e-a": 7}  # both on 24
    play(state, "play kriegsmarine ap")
    assert {"attack b-e1", "attack e-a"} <= set(texts(state))


def test_repair_the_plane_for_1_ap_higher_than_removed_cards_or_destroyed() -> None:
    for face, removed, result in ((3, 2, "ready"), (2, 2, "destroyed")):
        state = new_state()
        state.plane = "broken"
        state.removed[GERMAN] = Counter(REMOVABLE[:removed])
        play(state, "play kriegsmarine ap", "repair")
        roll(state, face)
        assert state.plane == result and state.ap == 3


def test_reserve_stores_unspent_german_ap_up_to_2_and_adds_it_later() -> None:
    state = new_state()
    play(state, "play pocket-battleships ap", "move graf-spee 1 24", "end")
    assert state.reserve == 2  # 3 left, 2 stored
    state = new_state()
    state.reserve = 2
    play(state, "play kriegsmarine ap")
    assert state.ap == 6 and state.reserve == 0


# Reproductions of the rules audit: seed 1, played by action text.
AUDIT_SETUP = ("freighter e-a", "freighter a-e1", "draw fair-weather", "draw langsdorff",
               "draw pocket-battleships", "draw pocket-battleships", "draw kriegsmarine",
               "draw royal-navy", "draw royal-navy", "draw cumberland", "draw cumberland",
               "draw harwood", "start 06", "altmark 20")


def test_the_graf_spee_may_move_attack_and_move_again_so_attack_move_move_is_illegal() -> None:
    """"Each marker can only be moved once per turn. Exception: the Admiral Graf Spee
    may move, conduct a search/attack and then move again." A move after the attack is
    the last one, whether or not one came before it."""
    from hunt.models.the_hunt.tracker import GrafSpeeTracker

    state = GAME.new_initial_state(1)
    play(state, *AUDIT_SETUP, "play langsdorff ap", "attack e-a")
    roll(state, 1)
    play(state, "move graf-spee 1 05")
    assert not any(t.startswith("move graf-spee") for t in texts(state))
    with pytest.raises(IllegalActionError):
        play(state, "move graf-spee 2 09")
    assert state.graf_spee == "05" and GAME.hex_distance("06", state.graf_spee) == 1
    # What the British know agrees: one move of 1 from the revealed 06.
    assert state.possible == GAME.ball["06"][1]
    assert GrafSpeeTracker.for_seat(state, BRITISH).probability("05") > 0
    assert set(GrafSpeeTracker.for_seat(state, BRITISH).posterior()) == set(state.possible)


def test_the_reserve_cannot_store_more_than_2_and_storing_never_lowers_it() -> None:
    """"The German player may store unspent Action Points in the Reserve. The Reserve
    cannot store more than 2 Action Points." AP that did not come from a card played for
    AP (Fair Weather's event) leave the Reserve where it was; what is stored is added."""
    state = GAME.new_initial_state(1)
    play(state, *AUDIT_SETUP, "play langsdorff ap", "end")
    assert state.reserve == 2
    play(state, "play royal-navy ap", "end", "draw k-and-h")
    play(state, "play fair-weather event")
    assert state.ap == 2 and state.reserve == 2  # an event's AP: the Reserve is not taken
    play(state, "move altmark 1 14", "end")
    assert state.reserve == 2  # was lowered to the 1 AP left
    state = new_state(german=["fair-weather", "kriegsmarine", "radar", "marconi",
                              "langsdorff"])
    state.reserve = 1
    play(state, "play fair-weather event", "end")
    assert state.reserve == 2  # 1 + 2, capped at 2


def test_reserve_variable_cost_storing_costs_only_the_ap_stored() -> None:
    """"D. Reserve (Variable Cost)": the cost is the AP put into the Reserve, no fee
    on top: 1 AP left over is 1 AP in the Reserve, and it comes back in full."""
    state = new_state()
    play(state, "play kriegsmarine ap", "move graf-spee 2 24", "move altmark 1 19")
    assert state.choice_note(END) == "1 AP to the Reserve"
    play(state, "end")
    assert state.reserve == 1
    to_british_card_phase(state)
    play(state, "play royal-navy ap")
    # the British have no Reserve: what they leave unspent is lost, and the menu says so
    assert state.choice_note(END) == "2 AP lost"
    play(state, "end")
    draw_until(state, BRITISH)
    play(state, "play langsdorff ap")
    assert state.ap == 5 + 1 and state.reserve == 0


def test_german_redraws_to_3_and_announces_the_hand_size() -> None:
    state = new_state(graf_spee="01", altmark="41")
    play(state, "play kriegsmarine ap", "end")
    draw_until(state, GERMAN)
    assert len(state.hands[GERMAN]) == 4  # held 4 already: no draw, no choice
    assert ("hand size", 4, 4) in state.views_since(BRITISH, 0)


def test_near_the_altmark_the_german_may_draw_up_to_5_or_stop_at_3() -> None:
    state = new_state(graf_spee="24", altmark="23")
    state.hands[GERMAN] = ["marconi", "radar"]
    play(state, "play marconi ap", "end")
    assert texts(state) == ["redraw 3", "redraw 5"]
    possible = state.possible
    play(state, "redraw 5")
    draw_until(state, GERMAN)
    assert len(state.hands[GERMAN]) == 5
    assert state.possible == possible & GAME.ball["23"][1]  # proximity is now known


def test_beside_the_altmark_the_german_draws_to_five_or_stops_at_three() -> None:
    """"they may continue to draw until they have 5 cards in their hand, or they may
    stop at 3 cards only": two stops, not 4. A hand already holding 4 cannot go down
    to 3: it stops where it is or draws to 5."""
    for held, sizes in ((["radar", "kriegsmarine", "marconi"], ["redraw 3", "redraw 5"]),
                        (["radar", "kriegsmarine", "marconi", "montevideo"],
                         ["redraw 3", "redraw 5"]),
                        (["radar", "kriegsmarine", "marconi", "montevideo", "second-funnel"],
                         ["redraw 4", "redraw 5"])):
        state = new_state(graf_spee="24", altmark="23")
        state.hands[GERMAN] = list(held)
        play(state, f"play {held[-1]} ap", "end")
        assert texts(state) == sizes, held
        # the menu says what each stop draws: none where it keeps the hand as it is
        in_hand = len(state.hands[GERMAN])
        assert [state.choice_note(state.string_to_action(text)) for text in sizes] == [
            f"keep your {in_hand}" if int(text[-1]) == in_hand else
            f"draw {int(text[-1]) - in_hand}" for text in sizes], held
        refused = "redraw 3" if "redraw 4" in sizes else "redraw 4"
        with pytest.raises(IllegalActionError):
            state.string_to_action(refused)


def test_example_4_refilling_only_to_3_near_the_altmark_gives_nothing_away() -> None:
    def british_see_redraw(altmark: str) -> tuple[Hashable, ...]:
        state = new_state(graf_spee="24", altmark=altmark)
        state.hands[GERMAN] = ["marconi", "radar", "kriegsmarine"]
        play(state, "play marconi ap")
        possible = state.possible
        mark = state.view_length(BRITISH)
        play(state, "end")
        if "redraw 3" in texts(state):  # beside the Altmark: a choice, 3 or 5
            play(state, "redraw 3")
        draw_until(state, GERMAN)
        assert len(state.hands[GERMAN]) == 3 and state.possible == possible
        return state.views_since(BRITISH, mark)

    # Beside the Altmark the German could draw up to 5; far from it, 3 was its only
    # stop. The British see the same either way: the size said, the cards drawn.
    near = british_see_redraw("23")
    assert near == british_see_redraw("05")
    assert [item for item in near if item != ("opponent drew",)] == \
        [("end", 0), ("redraw", 3), ("hand size", 3, 2)]


# -- British turn -----------------------------------------------------------------------

def test_freight_ship_phase_moves_each_one_hex_and_refills_to_two() -> None:
    """Each Freight Ship sails one hex, and the log (both sides') says where to."""
    state = british_turn(graf_spee="24", freighters=("e-a", "b-e1"))
    assert state.at_sea == {"e-a": 1, "b-e1": 1}
    hexes = [state.hex_of_freighter(f) for f in ("b-e1", "e-a")]
    assert state.log[-1] == FreightShipsSailOn(("b-e1", "e-a"), tuple(hexes))
    for seat in (GERMAN, BRITISH):
        assert f"Freight Ships sail on: b-e1 to {hexes[0]}, e-a to {hexes[1]}." in \
            log_page(GAME, state.observation(seat), seat)


def test_the_screens_last_events_say_the_freight_ships_sailing_too() -> None:
    """The sailing is logged every turn; the map shows where each Freight Ship is, but
    two playtests looked for the sailing among the last events, where it was left out."""
    from hunt.models.the_hunt.screen import screen
    state = british_turn(graf_spee="24", freighters=("e-a", "b-e1"))
    assert isinstance(state.log[-1], FreightShipsSailOn)
    shown = " ".join(screen(GAME, state.observation(BRITISH), BRITISH).split())
    assert "Lately:" in shown and "Freight Ships sail on: " in shown


def test_the_screen_says_game_over_once_and_keeps_the_last_events_for_the_play() -> None:
    """The game's end has its own line under the last events; it is not one of them
    too, where it pushed out the play that ended the game."""
    from hunt.models.the_hunt.screen import screen
    rng = random.Random(3)
    state = GAME.new_initial_state(3)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    shown = screen(GAME, state.observation(BRITISH), BRITISH)
    assert shown.count("Game over") == 1 and "Lately:" in shown


def test_delivery_only_from_the_entry_hex_then_a_new_freighter_from_the_bag() -> None:
    state = new_state(freighters=("e-a", "b-e1"))
    state.at_sea["e-a"] = len(GAME.freighters["e-a"].route) - 1  # on 34, Argentina's hex
    play(state, "play kriegsmarine ap", "end")
    while state.stack[-1].kind != "draw-freight":
        state.apply_action(state.legal_actions()[0])
    assert state.delivered == ["e-a"]
    assert len(state.chance_outcomes()) == 7  # any Freight Ship left in the bag
    play(state, "freighter s-e1")
    assert state.at_sea["s-e1"] == 0


def test_british_forces_move_once_each_for_1_2_or_4_ap() -> None:
    state = british_turn(graf_spee="24")
    play(state, "play convoy-routes ap", "move G 4 15")  # 5 AP
    assert state.forces["G"] == "15" and state.ap == 1
    assert not any(t.startswith("move G") for t in texts(state))


def test_search_costs_1_ap_succeeds_on_5_and_a_miss_says_nothing() -> None:
    state = new_state(graf_spee="31")
    play(state, "play kriegsmarine ap", "move graf-spee 1 31", "end")
    to_british_card_phase(state)
    play(state, "play cumberland ap", "search G")
    assert state.ap == 1
    possible = state.possible
    roll(state, 4)
    assert state.possible == possible  # failure: nothing is said
    assert "search G" not in texts(state)  # each Force once per turn


def test_successful_search_not_there_rules_out_the_hex() -> None:
    state = british_turn(graf_spee="31")
    play(state, "play royal-navy ap", "search G")
    roll(state, 6)
    assert "06" not in state.possible


def test_successful_search_on_the_graf_spee_starts_the_battle() -> None:
    state = british_turn(graf_spee="06", altmark="20")
    play(state, "play royal-navy ap", "search G")
    roll(state, 5)
    assert state.flow == "battle" and state.battle_forces == ("G",)
    assert state.possible == frozenset({"06"})


def test_intelligence_plus_one_adds_to_every_search_this_turn() -> None:
    state = british_turn(graf_spee="31")
    play(state, "play convoy-routes ap", "intel royal-navy")
    assert state.search_bonus == 1 and state.ap == 4
    play(state, "search G")
    roll(state, 4)  # 4 + 1 = 5: success
    assert "06" not in state.possible


def test_intelligence_hint_goes_on_or_next_to_the_graf_spee_never_on_a_hint_or_altmark() -> None:
    state = british_turn(graf_spee="31", altmark="34")
    play(state, "play convoy-routes ap", "intel cumberland")
    assert state.current_player() == GERMAN
    hexes = {t.split()[1] for t in texts(state)}
    assert hexes == set(GAME.ball["31"][1]) - {"34"}
    play(state, "hint 24")
    assert state.hints == ["24"] and state.possible <= GAME.ball["24"][1]


def test_hints_are_removed_when_the_graf_spee_moves_again() -> None:
    state = new_state(graf_spee="31")
    state.hints = ["24"]
    play(state, "play kriegsmarine ap", "move graf-spee 1 31")
    assert state.hints == []


def test_strategy_track_2_ap_once_per_turn_past_space_4_enters_on_06() -> None:
    state = british_turn(graf_spee="24")
    state.strategy["H"] = 4
    play(state, "play convoy-routes ap", "advance H")
    assert state.forces["H"] == "06" and "H" not in state.strategy and state.ap == 3
    assert not any(t.startswith("advance") for t in texts(state))


def test_unspent_british_ap_is_lost_and_the_british_redraw_to_5() -> None:
    state = british_turn(graf_spee="24")
    play(state, "play convoy-routes ap", "end")
    assert state.ap == 0
    draw_until(state, BRITISH)
    assert len(state.hands[BRITISH]) == 5 and state.flow == "german-card"


def test_a_depleted_deck_is_rebuilt_from_the_discards() -> None:
    state = new_state()
    state.discards[GERMAN] = state.decks[GERMAN]
    state.decks[GERMAN] = Counter()
    state.hands[GERMAN] = ["kriegsmarine"]
    play(state, "play kriegsmarine ap", "end")
    assert ("reshuffle", GERMAN) in state.views_since(BRITISH, 0)
    assert sum(state.decks[GERMAN].values()) > 0


# -- reactions and events ---------------------------------------------------------------

def test_cat_and_mouse_cancels_a_search_before_its_roll() -> None:
    state = british_turn(german=["cat-and-mouse", "kriegsmarine", "radar", "marconi",
                                 "langsdorff"])
    play(state, "play royal-navy ap", "search G")
    assert texts(state) == ["pass", "react cat-and-mouse"]
    play(state, "react cat-and-mouse")
    assert state.current_player() == BRITISH and state.ap == 1  # the search is spent
    assert "search G" not in texts(state)


def test_cat_and_mouse_cancels_a_german_attack() -> None:
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23",
                      british=["cat-and-mouse", "royal-navy", "cumberland", "fair-weather",
                               "convoy-routes"])
    play(state, "play kriegsmarine ap", "attack b-e1")
    play(state, "react cat-and-mouse")
    assert "b-e1" in state.at_sea and state.attacked and state.current_player() == GERMAN


def test_a_cancelled_attack_keeps_the_airplane_ready() -> None:
    """The airplane is sent "before rolling the die" (Example 2), once the British have
    let the attack stand, as Intelligence comes after the German has let a search
    stand (Example 7): an attack that Cat and Mouse cancels never used the airplane."""
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23",
                      british=["cat-and-mouse", "royal-navy", "cumberland", "fair-weather",
                               "convoy-routes"])
    play(state, "play kriegsmarine ap", "attack b-e1")
    assert texts(state) == ["pass", "react cat-and-mouse"]  # the British first
    play(state, "react cat-and-mouse")
    assert state.plane == "ready" and "b-e1" in state.at_sea
    assert "plane" not in texts(state) and state.current_player() == GERMAN


def test_the_modifier_is_chosen_after_the_opponents_cancel_window_for_both_sides() -> None:
    """One order for a search and an attack: declared, the other side's window to
    cancel it, then its side's modifier (Intelligence; the airplane), then the die."""
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23")
    play(state, "play kriegsmarine ap", "attack b-e1")
    assert state.stack[-1].kind == "airplane" and texts(state) == ["pass", "plane"]
    assert state.plane == "ready"  # not committed while the British could cancel
    assert state.choice_note(PLANE) == "+2, then Broken: sinks on 3+"
    assert state.choice_note(TheHuntAction("pass")) == "sinks on 5+"
    play(state, "plane")
    assert state.plane == "broken" and state.current_player() == CHANCE
    searched = force_g_searches("06")
    assert searched.stack[-1] == Window(GERMAN, "cancel-roll")
    play(searched, "pass")
    assert searched.stack[-1].kind == "boost"


def test_the_airplane_is_asked_for_whenever_it_is_ready_and_only_then() -> None:
    """Whether the German is asked depends only on the airplane's state (public); a
    Broken airplane rolls the attack at once."""
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23")
    state.plane = "broken"
    play(state, "play kriegsmarine ap", "attack b-e1")
    assert state.current_player() == CHANCE and state.stack[-1].kind == "attack-roll"
    roll(state, 4)
    assert state.sunk == []


def test_fair_weather_adds_1_to_the_german_attack_roll() -> None:
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23",
                      german=["fair-weather", "kriegsmarine", "radar", "marconi", "langsdorff"])
    play(state, "play fair-weather event", "attack b-e1")
    roll(state, 4)
    assert state.sunk == ["b-e1"]


def test_storm_at_sea_forbids_searches_and_attacks_this_turn() -> None:
    state = british_turn(british=["storm-at-sea", "royal-navy", "cumberland", "k-and-h",
                                  "convoy-routes"])
    play(state, "play storm-at-sea ap")
    assert state.no_searches and not any(t.startswith("search") for t in texts(state))
    with pytest.raises(IllegalActionError, match=r"^'search G': no searches or attacks this "
                       r"turn \(Storm at Sea\); legal: advance H, "):
        state.string_to_action("search G")


def test_a_second_search_move_or_advance_is_refused_naming_the_once_a_turn_rule() -> None:
    """"Each Force can only search once per turn", "each piece can only be moved once
    per turn", the Strategy track "once per turn": typed again, each is refused with
    its rule, not only with the list of what is legal; so is a move the AP left do
    not pay for."""
    def refused(state: TheHuntState, text: str, why: str) -> None:
        with pytest.raises(IllegalActionError, match=rf"^'{text}': {why}; legal: "):
            state.string_to_action(text)

    state = british_turn(british=["convoy-routes", "royal-navy", "cumberland", "k-and-h",
                                  "fair-weather"])
    play(state, "play convoy-routes ap", "search G")
    while "end" not in texts(state):  # the roll fails, no reaction, no Intelligence
        if state.current_player() == CHANCE:
            roll(state, 1)
        else:
            play(state, "pass")
    refused(state, "search G", "each Force searches once a turn, and Force G has")
    play(state, "move G 1 11")
    refused(state, "move G 1 12", "each Force moves once a turn, and Force G has")
    play(state, "advance H")
    refused(state, "advance K", "the Strategy track advances once a turn, and it has this turn")
    german = new_state(graf_spee="24")
    play(german, "play marconi ap")
    refused(german, "move graf-spee 4 15", "this move costs 4 AP, and you have 2")
    with pytest.raises(IllegalActionError, match=r"^'move graf-spee 3 15' is not legal"):
        german.string_to_action("move graf-spee 3 15")  # no move costs 3 AP: no reason
    play(german, "move graf-spee 1 28", "move altmark 1 26")
    refused(german, "move graf-spee 1 24",
            r"the Graf Spee moves once a turn \(once more after an attack\), and it has")
    refused(german, "move altmark 1 25", "the Altmark moves once a turn, and it has")


def test_military_order_attacks_for_free_with_plus_1() -> None:
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23",
                      german=["military-order", "kriegsmarine", "radar", "marconi",
                              "langsdorff"])
    play(state, "play military-order event", "attack b-e1")
    roll(state, 4)
    assert state.sunk == ["b-e1"]


def test_graf_scheer_moves_a_british_force_up_to_2_hexes() -> None:
    state = new_state(german=["graf-scheer", "kriegsmarine", "radar", "marconi", "langsdorff"])
    play(state, "play graf-scheer event")
    assert "shift G 15" not in texts(state) and "shift G 10" in texts(state)
    play(state, "shift G 10")
    assert state.forces["G"] == "10"


def test_second_funnel_removes_every_hint() -> None:
    state = new_state(german=["second-funnel", "kriegsmarine", "radar", "marconi",
                              "langsdorff"])
    state.hints = ["24", "18"]
    play(state, "play second-funnel event")
    assert state.hints == []


def test_marconi_places_a_false_hint_at_least_3_away_and_says_so() -> None:
    state = new_state(graf_spee="24")
    play(state, "play marconi event")
    hexes = {t.split()[1] for t in texts(state)}
    assert all(GAME.hex_distance("24", h) >= 3 for h in hexes)
    play(state, "hint 06")
    assert state.hints == ["06"] and not state.possible & GAME.ball["06"][2]


def test_new_convoy_routes_event_sails_one_freighter_one_more_hex() -> None:
    state = british_turn()
    at = dict(state.at_sea)
    play(state, "play convoy-routes event", "convoy e-a")
    assert state.at_sea["e-a"] == at["e-a"] + 1


def test_harwoods_intuition_asks_whether_the_graf_spee_is_within_2_hexes() -> None:
    state = british_turn(graf_spee="31")
    play(state, "play harwoods-intuition event", "query 34")
    assert ("answer", "34", True) in state.views_since(BRITISH, 0)
    assert state.possible <= GAME.ball["34"][2]


def test_k_and_h_forces_advance_a_force_for_free() -> None:
    state = british_turn(british=["k-and-h", "royal-navy", "cumberland", "fair-weather",
                                  "convoy-routes"])
    play(state, "play k-and-h event", "advance K")
    assert state.strategy["K"] == 2


def test_mile_by_mile_lets_each_force_search_for_free() -> None:
    state = british_turn(british=["mile-by-mile", "royal-navy", "cumberland",
                                  "fair-weather", "convoy-routes"])
    play(state, "play mile-by-mile event")
    assert state.ap == 0 and "search G" in texts(state)
    play(state, "search G")
    roll(state, 1)
    assert texts(state) == ["end"]


def test_unreliable_technology_breaks_a_ready_airplane() -> None:
    state = british_turn(british=["unreliable-technology", "royal-navy", "cumberland",
                                  "fair-weather", "convoy-routes"])
    play(state, "play unreliable-technology event")
    assert state.plane == "broken"
    # both sides' logs say so: the airplane's state is public
    for side in (GERMAN, BRITISH):
        assert log_page(GAME, state.observation(side), side).splitlines()[-1].endswith(
            "The German airplane is now Broken.")


def test_new_paintwork_turns_a_successful_search_into_no_battle() -> None:
    state = british_turn(german=["new-paintwork", "kriegsmarine", "radar", "marconi",
                                 "langsdorff"], graf_spee="06")
    play(state, "play royal-navy ap", "search G")
    roll(state, 6)
    play(state, "react new-paintwork")
    assert state.flow != "battle" and state.removed[GERMAN]["new-paintwork"] == 1
    assert state.possible == frozenset({"06"})  # the search found it: still revealed
    # the German's screen names its own cards out of the game: a repair must beat them
    from hunt.models.the_hunt.screen import screen
    shown = " ".join(screen(GAME, state.observation(GERMAN), GERMAN).split())
    assert "Yours out of the game: new-paintwork." in shown


def test_new_paintworks_window_asks_in_words_what_the_search_found_and_what_it_would_do() -> None:
    """The German's window after a successful search on its hex says what happened (the
    search found the Graf Spee, a Battle is coming) and what New Paintwork would do."""
    from hunt.models.the_hunt.screen import question, screen

    state = british_turn(german=["new-paintwork", "kriegsmarine", "radar", "marconi",
                                 "langsdorff"], graf_spee="06")
    play(state, "play royal-navy ap", "search G")
    roll(state, 6)
    seen = state.observation(GERMAN)
    assert (seen["step"], seen["step_data"]) == ("window", ["disguise"])
    asked = ("A British search succeeded on 06, the Graf Spee's hex: the Battle begins, "
             "unless you react with New Paintwork (the search finds nothing, no Battle; "
             "the card leaves the game). React, or pass.")
    assert question(seen) == asked
    assert asked in " ".join(screen(GAME, seen, GERMAN).split())


def test_a_successful_search_reveals_the_graf_spee_before_the_german_may_disguise_it() -> None:
    """Everyone saw the roll succeed on the searched hex, so while the German decides
    on New Paintwork every British sample has the Graf Spee there (a sample elsewhere
    once fought the Battle on 06 with the raider on another hex and emptied `possible`)."""
    state = british_turn(german=["new-paintwork", "kriegsmarine", "radar", "marconi",
                                 "langsdorff"], graf_spee="06")
    play(state, "play royal-navy ap", "search G")
    roll(state, 6)
    assert state.current_player() == GERMAN and "react new-paintwork" in texts(state)
    assert state.possible == frozenset({"06"})
    rng = random.Random(1)
    for _ in range(20):
        world = state.determinize(BRITISH, rng, state.belief(BRITISH))
        assert world.graf_spee == "06"
        for action in world.legal_actions():  # pass, or New Paintwork if it was dealt
            after = world.clone()
            after.apply_action(action)
            assert after.graf_spee in after.possible


# -- battle -----------------------------------------------------------------------------

def battle(german: list[str], british: list[str], forces: tuple[str, ...] = ("G",),
           variant: str = "standard") -> TheHuntState:
    game = load_game("the-hunt", variant=variant)
    assert isinstance(game, TheHuntGame)
    state = british_turn(graf_spee="06", game=game)
    for force in forces:
        state.forces[force] = "06"
        state.strategy.pop(force, None)
    play(state, "play royal-navy ap", "search G")
    roll(state, 6)
    state.hands = [sorted(german), sorted(british)]
    while state.current_player() == CHANCE:
        state.stack.pop()  # the hands above are the battle hands
    state._run()
    return state


def duel(state: TheHuntState, german: str, british: str) -> None:
    play(state, f"duel {german}", f"duel {british}")


def test_example_8_radar_against_concentrated_fire_with_force_h() -> None:
    state = battle(["radar", "kriegsmarine", "pocket-battleships", "langsdorff", "marconi"],
                   ["concentrated-fire", "royal-navy", "cumberland", "fair-weather",
                    "convoy-routes"], forces=("H",))
    state.battle_forces = ("H",)
    keys = state.information_state_key(BRITISH)
    play(state, "duel radar")
    assert state.information_state_key(BRITISH) == keys  # the choice is secret
    play(state, "duel concentrated-fire")
    assert state.damage == [0, 1]  # 3 against 2 + 1/2
    seen = [v for v in state.views_since(BRITISH, 0)
            if isinstance(v, tuple) and v[0] == "seen hand"]
    assert seen[-1] == ("seen hand",
                        ("kriegsmarine", "langsdorff", "marconi", "pocket-battleships"))
    assert state.radar[GERMAN] == 2  # +1 to the next two German cards


def test_each_duel_choice_shows_the_value_the_card_counts_in_this_duel() -> None:
    """Example 8 from the choices' side: before each duel a card's note is what it
    counts there, as the Battle compares it: the German's Radar 3, then +1 on its next
    two cards; the British card's AP with Force H's +1/2 (Royal Navy a Battle +1)."""
    state = battle(["radar", "kriegsmarine", "pocket-battleships", "langsdorff", "marconi"],
                   ["concentrated-fire", "royal-navy", "cumberland", "fair-weather",
                    "convoy-routes"], forces=("H",))

    def notes() -> dict[str, str]:
        return {state.action_to_string(action): state.choice_note(action)
                for action in state.legal_actions()}

    assert notes()["duel radar"] == "value 3"
    play(state, "duel radar")
    assert notes()["duel concentrated-fire"] == "value 2.5"
    assert notes()["duel royal-navy"] == "value 3.5"
    assert play_reasons(state, BRITISH)["duel royal-navy"].startswith(
        "a Battle value of 3.5")  # the hint's reason says the same value
    play(state, "duel concentrated-fire")
    assert state.damage == [0, 1]
    cards = state.game.cards

    def own(card: str) -> int:  # its AP, +1 for a Battle +1 card
        return cards[card].ap + (cards[card].effect == "battle-plus-one")

    assert own("pocket-battleships") == 6 and own("marconi") == 2
    assert notes() == {f"duel {card}": f"value {own(card) + 1}"  # and Radar's +1
                       for card in ("kriegsmarine", "langsdorff", "marconi",
                                    "pocket-battleships")}
    play(state, "duel marconi", "duel royal-navy")
    assert notes()["duel kriegsmarine"] == f"value {own('kriegsmarine') + 1}"
    play(state, "duel kriegsmarine", "duel cumberland")
    assert notes()["duel langsdorff"] == f"value {own('langsdorff')}"  # Radar spent


def test_concentrated_fire_shows_the_british_the_germans_remaining_cards() -> None:
    """"Look at your opponent's remaining cards": the British screen, `hand` page and
    log name them (and drop each as it is played); the German's pages say nothing new
    (it knows its hand), and its observation holds no trace of the look."""
    from hunt.models.the_hunt.screen import hand_page, screen

    def pages(state: TheHuntState, seat: int) -> str:
        seen = state.observation(seat)
        return "\n".join(page(GAME, seen, seat) for page in (screen, hand_page, log_page))

    state = battle(["radar", "kriegsmarine", "pocket-battleships", "langsdorff", "marconi"],
                   ["concentrated-fire", "royal-navy", "cumberland", "fair-weather",
                    "convoy-routes"], forces=("H",))
    other = battle(["radar", "kriegsmarine", "pocket-battleships", "langsdorff", "marconi"],
                   ["royal-navy", "concentrated-fire", "cumberland", "fair-weather",
                    "convoy-routes"], forces=("H",))
    duel(state, "radar", "concentrated-fire")
    duel(other, "radar", "royal-navy")  # the same duel for the German, without the look
    british = pages(state, BRITISH)
    remaining = "kriegsmarine, langsdorff, marconi, pocket-battleships"
    assert f"Their hand, as you saw it: {remaining} (of 4 cards)." in \
        " ".join(british.split())
    assert f"The British look at the German hand: {remaining}." in \
        " ".join(british.split())
    assert state.observation(BRITISH)["known_opponent_cards"] == remaining.split(", ")
    german = state.observation(GERMAN)
    assert german["known_opponent_cards"] == [] and \
        all(entry["event"] != "hand-seen" for entry in german["log"])
    assert "German hand" not in pages(state, GERMAN) and \
        "as you saw it" not in pages(state, GERMAN)
    assert german["log"][:-1] == other.observation(GERMAN)["log"][:-1]  # but the duel's cards
    duel(state, "marconi", "royal-navy")
    assert "Their hand, as you saw it: kriegsmarine, langsdorff, pocket-battleships" in \
        " ".join(pages(state, BRITISH).split())


def test_battle_force_bonuses_lower_value_takes_a_hit_ties_none() -> None:
    state = battle(["marconi"] * 5, ["fair-weather"] * 5, forces=("G", "K"))
    duel(state, "marconi", "fair-weather")  # 2 against 2 + 0 + 1
    assert state.damage == [1, 0]
    state = battle(["marconi"] * 5, ["fair-weather"] * 5, forces=("G",))
    duel(state, "marconi", "fair-weather")  # 2 against 2: a tie
    assert state.damage == [0, 0]


def test_battle_fewer_damage_wins_after_five_duels_and_ties_go_to_the_british() -> None:
    state = battle(["marconi"] * 5, ["fair-weather"] * 5)
    for _ in range(5):
        duel(state, "marconi", "fair-weather")
    assert state.is_terminal() and state.winner == BRITISH  # 0-0
    state = battle(["pocket-battleships"] * 5, ["fair-weather"] * 5)
    for _ in range(5):
        duel(state, "pocket-battleships", "fair-weather")
    assert state.winner == GERMAN and state.returns() == [1.0, -1.0]


def test_battle_events_are_automatic_and_mandatory_events_ignored() -> None:
    state = battle(["pocket-battleships", "punta-del-este", "langsdorff", "marconi",
                    "kriegsmarine"],
                   ["royal-navy", "storm-at-sea", "cumberland", "harwood", "fair-weather"])
    duel(state, "pocket-battleships", "royal-navy")  # 5 + 1 against 2 + 1
    assert state.damage == [0, 1]
    duel(state, "punta-del-este", "storm-at-sea")  # both take a hit; Storm ignored
    assert state.damage == [1, 2]
    duel(state, "kriegsmarine", "harwood")  # 4 + 1 against 3 + 1 (Force G)
    assert state.damage == [1, 3]
    duel(state, "marconi", "cumberland")  # 2 against 2 + 1
    assert state.damage == [2, 3]


def test_langsdorff_cancels_the_hit_of_a_lost_duel() -> None:
    state = battle(["langsdorff"] * 5, ["convoy-routes"] * 5, forces=("K",))
    state.battle_forces = ("K",)
    duel(state, "langsdorff", "convoy-routes")  # 5 against 5 + 1 (Force K)
    assert state.damage == [0, 0]
    state.battle_forces = ("G",)
    duel(state, "langsdorff", "convoy-routes")  # 5 against 5: a tie anyway
    assert state.damage == [0, 0]


def test_montevideo_against_scuttling_in_the_fifth_duel_is_a_british_win() -> None:
    state = battle(["pocket-battleships"] * 4 + ["montevideo"],
                   ["fair-weather"] * 4 + ["scuttling"])
    for _ in range(4):
        duel(state, "pocket-battleships", "fair-weather")
    duel(state, "montevideo", "scuttling")
    assert state.winner == BRITISH and "Montevideo" in state.end_reason()


def test_montevideo_earlier_counts_only_its_ap() -> None:
    state = battle(["montevideo"] + ["marconi"] * 4, ["scuttling"] + ["fair-weather"] * 4)
    duel(state, "montevideo", "scuttling")
    assert not state.is_terminal() and state.damage == [0, 0]


def test_historical_variant_uses_the_back_of_the_force_markers() -> None:
    state = battle(["marconi"] * 5, ["fair-weather"] * 5, variant="historical")
    duel(state, "marconi", "fair-weather")  # 2 against 2 + 1/2 (historical G)
    assert state.damage == [1, 0]


# -- victory ----------------------------------------------------------------------------

def test_the_german_wins_at_once_on_the_fifth_freighter_sunk() -> None:
    state = new_state(freighters=("b-e1", "e-a"), graf_spee="23")
    state.sunk = ["a", "b", "c", "d"]
    play(state, "play kriegsmarine ap", "attack b-e1")
    roll(state, 6)
    assert state.is_terminal() and state.winner == GERMAN


def test_the_british_win_at_once_on_the_fifth_freighter_delivered() -> None:
    state = new_state(freighters=("e-a", "b-e1"))
    state.delivered = ["a", "b", "c", "d"]
    state.at_sea["e-a"] = len(GAME.freighters["e-a"].route) - 1
    play(state, "play kriegsmarine ap", "end")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.winner == BRITISH and "delivered" in state.end_reason()


# -- the rulebook examples 1, 2, 3, 5, 6, 7 -----------------------------------------------

def test_example_1_cat_and_mouse_for_ap_graf_spee_28_to_24_then_the_altmark() -> None:
    state = new_state(graf_spee="28", altmark="20",
                      german=["cat-and-mouse", "kriegsmarine", "radar", "marconi", "langsdorff"])
    before = state.view_length(BRITISH)
    play(state, "play cat-and-mouse ap", "move graf-spee 2 24", "move altmark 1 19")
    assert state.graf_spee == "24" and state.altmark == "19" and state.ap == 0
    assert ("graf spee moved", 2) in state.views_since(BRITISH, before)
    assert not any("24" in str(v) for v in state.views_since(BRITISH, before))


def test_example_2_prize_warfare_for_ap_attack_on_20_with_the_airplane() -> None:
    state = new_state(freighters=("e-a", "b-e1"), graf_spee="20",
                      german=["prize-warfare", "kriegsmarine", "radar", "marconi",
                              "langsdorff"])
    state.at_sea["e-a"] = GAME.freighters["e-a"].route.index("20")
    play(state, "play prize-warfare ap")
    draw_until(state, BRITISH)  # its Mandatory event
    play(state, "attack e-a")
    if state.current_player() == BRITISH:  # the card drawn was a Reaction: not used
        play(state, "pass")
    play(state, "plane")  # "Before rolling the die he decides to use the Airplane"
    assert state.plane == "broken"
    roll(state, 4)  # needs only 3+
    assert state.sunk == ["e-a"]


def to_german_card_phase(state: TheHuntState) -> None:
    """Let chance draw, the British end their turn and every window pass, until the
    German are to play a card."""
    while not (state.current_player() == GERMAN and state.stack[-1].kind == "card"):
        if state.current_player() == CHANCE:
            state.apply_action(state.legal_actions()[0])
        else:
            legal = texts(state)
            play(state, "pass" if "pass" in legal else "end" if "end" in legal else legal[0])


def play_passing(state: TheHuntState, *texts: str) -> None:
    """`play`, passing first any reaction window that stands before the next text."""
    for text in texts:
        while text not in texts_of(state) and "pass" in texts_of(state):
            play(state, "pass")
        play(state, text)


def texts_of(state: TheHuntState) -> list[str]:
    return texts(state) if state.current_player() >= 0 else []


def test_example_3_kriegsmarine_repair_with_4_cards_removed_needs_a_5() -> None:
    """"he already removed 4 cards during the course of the game, so he needs a 5+ ...
    He rolls the die and gets a '1'": four German events that remove their card, played
    in turn (Marconi, That Never Happened, the Second Funnel, the Graf Scheer), then
    Kriegsmarine for its AP to repair the airplane broken by Unreliable Technology."""
    state = new_state(german=["marconi", "that-never-happened", "second-funnel",
                              "graf-scheer", "kriegsmarine"],
                      british=["k-and-h", "unreliable-technology", "royal-navy",
                               "cumberland", "convoy-routes"], graf_spee="01", altmark="41")
    play_passing(state, "play marconi event", "hint 06")  # a false trail, 3+ hexes away
    to_british_card_phase(state)
    play_passing(state, "play k-and-h event", "react that-never-happened")
    to_german_card_phase(state)
    play_passing(state, "play second-funnel event")  # the false Hint is removed
    to_british_card_phase(state)
    play_passing(state, "play unreliable-technology event")
    to_german_card_phase(state)
    play_passing(state, "play graf-scheer event", "shift G 10")
    to_british_card_phase(state)
    to_german_card_phase(state)
    assert state.plane == "broken" and state.removed[GERMAN] == Counter(
        {"marconi": 1, "that-never-happened": 1, "second-funnel": 1, "graf-scheer": 1})
    play(state, "play kriegsmarine ap", "repair")
    for face, plane in ((4, "destroyed"), (5, "ready")):  # higher than 4: a 5+
        other = state.clone()
        roll(other, face)
        assert other.plane == plane
    roll(state, 1)
    assert state.plane == "destroyed"
    assert not any(t == "repair" for t in texts(state))


def test_example_5_unreliable_technology_for_4_ap_moves_force_g_17_to_15() -> None:
    state = british_turn(british=["unreliable-technology", "royal-navy", "cumberland",
                                  "fair-weather", "convoy-routes"])
    state.forces["G"] = "17"
    play(state, "play unreliable-technology ap", "move G 4 15")
    assert state.forces["G"] == "15" and state.ap == 0


def test_example_6_harwoods_intuition_move_15_to_16_search_roll_6_not_there() -> None:
    state = british_turn(graf_spee="31")
    state.forces["G"] = "15"
    play(state, "play harwoods-intuition ap", "move G 2 16")
    # the menu names the hex a search is of, and the roll it needs
    assert state.choice_note(TheHuntAction("search", "G")) == "on 16, 1 AP, finds on 5+"
    play(state, "search G")
    roll(state, 6)
    assert "16" not in state.possible and state.ap == 2
    assert log_page(GAME, state.observation(BRITISH), BRITISH).splitlines()[-1].endswith(
        "Search roll 6+0 on 16 clears it: the Graf Spee is not there.")
    play(state, "end")
    draw_until(state, BRITISH)
    assert len(state.hands[BRITISH]) == 5


def test_example_7_convoy_routes_search_34_with_cumberland_hint_and_concentrated_fire() -> None:
    state = british_turn(british=["convoy-routes", "cumberland", "concentrated-fire",
                                  "royal-navy", "fair-weather"], graf_spee="31")
    state.forces["G"] = "23"
    play(state, "play convoy-routes ap", "move G 2 34")
    # "She then spends 1 AP to do a search in hex 34, but before rolling the die, she
    # spends the 2 AP remaining to do a British Intelligence action."
    play(state, "search G", "intel cumberland", "hint 34", "intel concentrated-fire")
    assert state.ap == 0 and state.hints == ["34"] and state.search_bonus == 1
    roll(state, 4)  # 4 + 1: a success, but the Graf Spee is on 31
    assert "34" not in state.possible and "31" in state.possible


def test_example_7_intelligence_comes_after_the_german_may_cancel_the_search() -> None:
    """The British add Intelligence after the German has let the search stand, so no
    AP go on Intelligence for a search Cat and Mouse cancels."""
    state = british_turn(british=["convoy-routes", "cumberland", "concentrated-fire",
                                  "royal-navy", "fair-weather"],
                         german=["cat-and-mouse", "kriegsmarine", "radar", "marconi",
                                 "langsdorff"], graf_spee="31")
    state.forces["G"] = "23"
    play(state, "play convoy-routes ap", "move G 2 34", "search G")
    assert state.current_player() == GERMAN and "react cat-and-mouse" in texts(state)
    play(state, "react cat-and-mouse")
    assert state.current_player() == BRITISH and state.stack[-1].kind == "actions"
    assert state.ap == 2 and "intel cumberland" in texts(state)  # AP kept, no roll


# -- views and conformance --------------------------------------------------------------

def test_the_british_never_see_the_graf_spee_hex_until_revealed() -> None:
    rng = random.Random(5)
    state = GAME.new_initial_state(5)
    while not state.is_terminal():
        seen = state.observation(BRITISH)
        if state.graf_spee and len(state.possible) > 1:
            assert seen["graf_spee"] is None
        assert state.graf_spee in state.possible or state.graf_spee is None
        state.apply_action(rng.choice(state.legal_actions()))


def test_actions_have_their_documented_text() -> None:
    assert TheHuntAction("move", "graf-spee", 2, "24").text() == "move graf-spee 2 24"
    assert TheHuntAction("attack", "e-a").text() == "attack e-a"
    assert PLANE.text() == "plane"
    assert TheHuntAction("play", "radar", mode="ap").text() == "play radar ap"
    assert TheHuntAction("roll", n=5).text() == "roll 5"


@pytest.mark.slow
def test_the_hunt_passes_the_conformance_suite_on_1000_random_games() -> None:
    report = check_game(GAME, num_games=1000, seed=3, determinize_probability=0.002,
                        check_probability=0.1)
    assert report.games == 1000 and report.determinizations > 2000


@pytest.mark.slow
def test_the_hunt_no_leak_check_compares_many_worlds() -> None:
    report = check_game(GAME, num_games=25, seed=4, determinize_probability=0.05)
    assert report.alternative_worlds > 100


@pytest.mark.slow
def test_the_historical_variant_passes_the_conformance_suite_on_1000_random_games() -> None:
    report = check_game(load_game("the-hunt", variant="historical"), num_games=1000, seed=5,
                        determinize_probability=0.002, check_probability=0.1)
    assert report.games == 1000


def _perft(state: AnyState, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += _perft(child, depth - 1)
    return total


def test_stored_positions_keep_their_legal_action_counts() -> None:
    """Perft-style data (tests/data/the_hunt_perft.json): positions given by their
    records, with the number of action sequences of length 1 and 2 from each."""
    path = Path(__file__).resolve().parent / "data" / "the_hunt_perft.json"
    for position in json.loads(path.read_text(encoding="utf-8"))["positions"]:
        state = GAME.from_record(position["record"])
        assert state.current_player() == position["to_move"]
        assert (_perft(state, 1), _perft(state, 2)) == (position["depth1"],
                                                          position["depth2"])


def test_radar_technology_adds_1_to_the_next_two_german_cards() -> None:
    state = battle(["radar", "marconi", "marconi", "marconi", "marconi"],
                   ["fair-weather"] * 5)
    duel(state, "radar", "fair-weather")  # 3 against 2
    duel(state, "marconi", "fair-weather")  # 2 + 1 against 2
    duel(state, "marconi", "fair-weather")  # 2 + 1 against 2
    duel(state, "marconi", "fair-weather")  # 2 against 2: the boost is spent
    assert state.damage == [0, 3]


def test_a_battle_starts_with_both_hands_drawn_to_5() -> None:
    state = british_turn(graf_spee="06", altmark="20")
    play(state, "play royal-navy ap", "search G")
    roll(state, 5)
    assert len(state.hands[GERMAN]) == 4 and state.current_player() == CHANCE
    draw_until(state, GERMAN)
    draw_until(state, BRITISH)
    assert [len(hand) for hand in state.hands] == [5, 5]
    assert state.current_player() == GERMAN and texts(state)[0].startswith("duel ")
    # the hands' sizes are public, and the log says them
    assert log_page(GAME, state.observation(BRITISH), BRITISH).splitlines()[-1].endswith(
        "Hands filled for the Battle: the German holds 5 cards, the British 5 cards.")
    # the German chooses its card first: the British screen says where its fifth card is
    from hunt.models.the_hunt.screen import screen

    play(state, texts(state)[0])
    assert len(state.hands[GERMAN]) == 4 and state.current_player() == BRITISH
    shown = " ".join(screen(GAME, state.observation(BRITISH), BRITISH).split())
    assert "German: 4 cards" in shown and "The German's card for this duel lies face " \
        "down." in shown


def test_that_never_happened_can_answer_a_reaction_with_a_reaction() -> None:
    state = british_turn(german=["that-never-happened", "kriegsmarine", "radar", "marconi",
                                 "langsdorff"],
                         british=["that-never-happened", "royal-navy", "cumberland",
                                  "fair-weather", "harwoods-intuition"])
    play(state, "play harwoods-intuition event")
    play(state, "react that-never-happened")  # the German cancel the query...
    play(state, "react that-never-happened")  # ...and the British cancel the cancel
    assert texts(state)[0].startswith("query ")  # so the query takes place
    # Removed only where the event took place: the German card was cancelled.
    assert state.removed == [Counter(), Counter({"that-never-happened": 1})]
    assert state.discards[GERMAN]["that-never-happened"] == 1


def test_harwoods_intuition_no_rules_out_everything_within_2() -> None:
    state = british_turn(graf_spee="31")
    play(state, "play harwoods-intuition event", "query 06")
    assert ("answer", "06", False) in state.views_since(BRITISH, 0)
    assert not state.possible & GAME.ball["06"][2] and "31" in state.possible


def test_there_are_only_3_hint_markers() -> None:
    state = british_turn(graf_spee="31")
    state.hints = ["24", "30", "32"]
    state.hands[BRITISH] = ["convoy-routes", "cumberland", "unreliable-technology"]
    play(state, "play convoy-routes ap", "intel cumberland")
    assert state.current_player() == BRITISH and len(state.hints) == 3  # none left


def test_an_intelligence_card_with_both_stripes_gives_plus_1_and_a_hint() -> None:
    state = british_turn(british=["harwood", "convoy-routes", "royal-navy", "cumberland",
                                  "fair-weather"], graf_spee="31")
    play(state, "play convoy-routes ap", "intel harwood")
    assert state.search_bonus == 1 and state.current_player() == GERMAN
    assert texts(state)[0].startswith("hint ")


def test_every_action_text_reads_back_as_the_same_action() -> None:
    """`parse_action` is the exact inverse of `TheHuntAction.text` over whole games."""
    from hunt.models.the_hunt.actions import parse_action

    rng = random.Random(9)
    for seed in range(5):
        state = GAME.new_initial_state(seed)
        while not state.is_terminal():
            for action in state.legal_actions():
                assert isinstance(action, TheHuntAction)
                assert parse_action(action.text()) == action
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_card_played_for_ap_is_discarded_even_if_its_event_would_remove_it() -> None:
    state = new_state(german=["new-paintwork", "kriegsmarine", "radar", "marconi",
                              "langsdorff"])
    play(state, "play new-paintwork ap")
    assert state.discards[GERMAN]["new-paintwork"] == 1
    assert not state.removed[GERMAN]


def test_fair_weather_turns_a_4_into_a_successful_search() -> None:
    state = british_turn(british=["fair-weather", "royal-navy", "cumberland", "k-and-h",
                                  "convoy-routes"], graf_spee="31")
    play(state, "play fair-weather event")
    assert state.ap == 2 and state.roll_bonus == 1  # its AP, and +1 to every roll
    play(state, "search G")
    roll(state, 4)
    assert "06" not in state.possible


# -- rules of thumb ---------------------------------------------------------------------

def heuristic_choice(state: TheHuntState, seat: int) -> str:
    action = game_policy(GAME).heuristic_action(GAME, state.observation(seat),
                                                state.legal_actions(),
                                   random.Random(0))
    return state.action_to_string(action)


def test_the_british_heuristic_searches_only_where_a_battle_is_worth_starting() -> None:
    """A Battle is won with cards and Force bonuses: Force G alone with a hand of 1s and
    2s is far weaker than an average German hand, so the heuristic does not search;
    the same hand with Force K there (+1 in each duel), or a strong hand, searches."""
    weak = ["cumberland", "cumberland", "royal-navy", "royal-navy", "scuttling"]
    strong = ["convoy-routes", "harwoods-intuition", "mile-by-mile",
              "unreliable-technology", "k-and-h"]
    for hand, forces, searches in ((weak, ("G",), False), (weak, ("G", "K"), True),
                                   (strong, ("G",), True)):
        state = british_turn(graf_spee="31")
        state.hands[BRITISH] = sorted([*hand, "that-never-happened"])
        for force in forces:
            state.forces[force] = "06"
            state.strategy.pop(force, None)
        play(state, "play that-never-happened ap")  # 1 AP: a search, not Intelligence
        assert "06" in state.possible and "search G" in texts(state)
        assert (heuristic_choice(state, BRITISH) == "search G") is searches, (hand, forces)


def test_the_british_heuristic_leading_the_race_waits_for_a_clearly_better_battle() -> None:
    """While more Freight Ships are delivered than sunk, only a lost Battle can lose the
    game for the British, so a Battle hand about even with the German's expected one
    (a search when the race is even) waits; a strong hand still searches."""
    even = ["cumberland", "royal-navy", "k-and-h", "harwood", "mile-by-mile"]
    strong = ["convoy-routes", "harwoods-intuition", "mile-by-mile",
              "unreliable-technology", "k-and-h"]
    for hand, delivered, sunk, searches in ((even, [], [], True),
                                            (even, ["s-e1"], ["s-e2"], True),
                                            (even, ["s-e1"], [], False),
                                            (strong, ["s-e1"], [], True)):
        state = british_turn(graf_spee="31")
        state.hands[BRITISH] = sorted([*hand, "that-never-happened"])
        state.forces["G"] = "06"
        state.delivered, state.sunk = list(delivered), list(sunk)
        play(state, "play that-never-happened ap")
        assert (heuristic_choice(state, BRITISH) == "search G") is searches, (hand, delivered)


def test_the_german_heuristic_repairs_the_airplane_before_an_attack_it_can_afford() -> None:
    """Rules B and C: with the airplane broken, 1 AP of repair (sure while no card is
    removed) turns a 5+ attack into a 3+, so with 4 AP the heuristic repairs first and
    then attacks with the airplane; with 2 AP it attacks without; with 3 cards removed
    the repair fails half the time and loses the airplane, so it attacks without."""
    hand = ["kriegsmarine", "concentrated-fire", "radar", "langsdorff", "marconi"]
    for removed, card, first in ((0, "kriegsmarine", "repair"),
                                 (0, "concentrated-fire", "attack b-e1"),
                                 (3, "kriegsmarine", "attack b-e1")):
        state = new_state(freighters=("b-e1", "e-a"), german=hand, graf_spee="23")
        state.plane = "broken"
        state.removed[GERMAN] = Counter(REMOVABLE[:removed])
        play(state, f"play {card} ap")
        assert heuristic_choice(state, GERMAN) == first, (removed, card)
        if first == "repair":
            play(state, "repair")
            roll(state, 1)
            assert heuristic_choice(state, GERMAN) == "attack b-e1"
            play(state, "attack b-e1")
            assert heuristic_choice(state, GERMAN) == "plane"  # the attack stood


def test_military_orders_attack_is_noted_at_no_ap_and_with_its_plus_one() -> None:
    """Military Order 115.39: "attack a Freight Ship in its hex at no AP cost, +1 to the
    roll". The menu's note of that attack says so (not a bought attack's "2 AP, sinks
    on 5+"), and a bought attack's note is unchanged."""
    def walk(seed: int) -> TheHuntState | None:
        """Random play from `seed` that plays Military Order's event whenever it can,
        up to its free attack (None if the game ends first)."""
        rng = random.Random(seed)
        state = GAME.new_initial_state(seed)
        while not state.is_terminal():
            if isinstance(top := state.stack[-1], Choose) and top.effect == "free-attack":
                return state
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            legal = state.legal_actions()
            ordered = [a for a in legal
                       if state.action_to_string(a) == "play military-order event"]
            state.apply_action(ordered[0] if ordered else rng.choice(legal))
        return None

    state = next(found for seed in range(20) if (found := walk(seed)) is not None)
    success = GAME.rules["attack_success"]

    def plane(need: int) -> str:
        return f" ({max(need - GAME.tracks.attack_bonus, 1)}+ with the airplane)" \
            if state.plane == "ready" else ""

    need = success - state.roll_bonus - 1
    for action in state.legal_actions():
        assert state.choice_note(action) == f"no AP, sinks on {max(need, 1)}+{plane(need)}"
    bought = TheHuntAction("attack", "s-e2", 0)
    state.stack.append(Choose(GERMAN, "not-an-attack"))  # any other step: a bought attack
    need = success - state.roll_bonus
    assert state.choice_note(bought) == f"2 AP, sinks on {need}+{plane(need)}"


def test_a_reaction_cards_help_names_the_command_that_plays_it() -> None:
    """Reactions are played in a window the opponent's play opens, with `react CARD`;
    `play CARD event` is refused for them."""
    text = card_texts(GAME)["cat-and-mouse"]
    assert "react cat-and-mouse" in text and "play cat-and-mouse event" not in text


def test_a_format_3_record_that_sent_the_airplane_with_the_attack_still_replays() -> None:
    """Before format 4 the airplane went with the attack (`attack e-s plane`, then the
    British answer, then the roll); such a record replays to the same game, the
    airplane sent just before the roll."""
    record = json.loads((Path(__file__).resolve().parent.parent / "examples"
                         / "the-hunt-full-game.json").read_text(encoding="utf-8"))
    full = GAME.from_record(record)
    old: list[str] = []
    for text in record["actions"]:
        if text == "plane":
            attack = max(i for i, t in enumerate(old) if t.startswith("attack "))
            old[attack] += " plane"
        else:
            old.append(text)
    assert len(old) < len(record["actions"]) and any(t.endswith(" plane") for t in old)
    assert GAME.from_record(record | {"format": 3, "actions": old}) == full


def test_every_decision_asks_its_question_in_words() -> None:
    """Each kind of decision met in random games (a window by what it waits for, a
    choice by its event) has its question on the screen."""
    from hunt.models.the_hunt.screen import question

    asked: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new_initial_state(seed)
        while not state.is_terminal():
            if state.current_player() >= 0:
                seen = state.observation(state.current_player())
                assert question(seen), (seen["step"], seen["step_data"])
                asked.add(seen["step"] if seen["step"] in ("airplane", "boost") else
                          " ".join([str(seen["step"]), *seen["step_data"][:1]]))
            state.apply_action(random_action(state, rng))
    assert {"window disguise", "airplane", "window cancel-roll"} <= asked, sorted(asked)


def test_the_screen_counts_turns_in_rounds_as_players_do() -> None:
    """"Starting with the German player, players take turns alternately": the German's
    second turn is round 2, and so is the British turn after it, on the screen of both
    sides and in the analysis lines."""
    from hunt.models.the_hunt.screen import screen
    from hunt.models.the_hunt.words import turn_words

    assert [turn_words(turn) for turn in range(5)] == [
        "setup", "round 1, German turn", "round 1, British turn", "round 2, German turn",
        "round 2, British turn"]
    rng = random.Random(4)
    state = GAME.new_initial_state(4)
    headers: set[str] = set()
    while not state.is_terminal() and len(headers) < 8:
        if state.current_player() >= 0:
            for seat in (GERMAN, BRITISH):
                headers.add(screen(GAME, state.observation(seat), seat).splitlines()[0])
        state.apply_action(random_action(state, rng))
    assert "=== The Hunt - round 2, German turn - you are the British (standard) ===" \
        in headers
    assert not any(" - turn " in header for header in headers)
