"""The Hunt's tracker player (`hunt.models.the_hunt.players`): each case is a choice
a player reading the public belief makes, on a position built from the rules."""

from __future__ import annotations

import random

from hunt.models.the_hunt import BRITISH, GERMAN, TheHuntState
from hunt.models.the_hunt.players import TrackerPlayer
from hunt.models.the_hunt.tracker import GrafSpeeTracker
from hunt.tests.hash_seeds import outputs_under_hash_seeds
from hunt.tests.hunt_positions import british_turn, force_g_searches, new_state, play, roll, texts

STRONG_BRITISH = ["mile-by-mile", "royal-navy", "cumberland", "harwood", "cumberland"]
"""A British hand that expects to win a Battle even with Force G alone."""


def choice(state: TheHuntState) -> str:
    return state.action_to_string(TrackerPlayer().choose(state, random.Random(0)))


def revealed_beside_force_g(british: list[str] = STRONG_BRITISH) -> TheHuntState:
    """The German attacks the Freight Ship on 06, where Force G is, misses and ends:
    the British know the raider is on 06 and are to play a card."""
    state = new_state(freighters=("e-a", "b-e1"), graf_spee="06", british=british)
    play(state, "play kriegsmarine ap", "attack e-a")
    roll(state, 1)
    play(state, "end")
    while state.current_player() != BRITISH:
        legal = state.legal_actions()
        state.apply_action(legal[0])
    assert GrafSpeeTracker.for_seat(state, BRITISH).probability("06") == 1.0
    return state


def test_british_take_mile_by_miles_free_searches_where_a_force_stands_on_the_raider() -> None:
    state = revealed_beside_force_g()
    assert choice(state) == "play mile-by-mile event"
    play(state, "play mile-by-mile event")
    assert choice(state) == "search G"


def test_british_buy_plus_one_for_a_search_on_a_likely_hex_and_not_for_an_unlikely_one() -> None:
    state = revealed_beside_force_g()
    play(state, "play royal-navy ap", "search G")
    assert "pass" in texts(state)
    assert choice(state).startswith("intel ")  # P = 1 on 06: +1 makes it a 4+
    unlikely = british_turn(british=STRONG_BRITISH)  # the raider anywhere: P = 1/41 on 06
    play(unlikely, "play royal-navy ap", "search G")
    assert choice(unlikely) == "pass"


def test_german_plays_a_weak_card_for_ap_and_keeps_its_battle_cards() -> None:
    state = new_state(graf_spee="13")  # no Freight Ship within 3 hexes: a short move
    assert choice(state) == "play marconi ap"


def test_german_refills_beside_the_altmark_only_when_that_tells_the_british_little() -> None:
    quiet = new_state(graf_spee="24", altmark="23")
    play(quiet, "play marconi ap", "end")
    # the raider could be anywhere: within 1 of the Altmark leaves it on one of 7 hexes
    assert GrafSpeeTracker.for_seat(quiet, GERMAN).probability("24") < 0.05
    assert choice(quiet) == "redraw 5"
    seen = new_state(freighters=("b-e1", "e-a"), graf_spee="23", altmark="24")
    play(seen, "play kriegsmarine ap", "attack b-e1")
    roll(seen, 1)
    play(seen, "end")  # revealed on 23: a refill says nothing new, yet it is exposed
    assert GrafSpeeTracker.for_seat(seen, GERMAN).probability("23") == 1.0
    assert choice(seen) == "redraw 4"  # the fewest it may hold: it kept 4 cards


def test_german_cancels_only_a_search_of_its_own_hex() -> None:
    for raider, expected in (("06", "react cat-and-mouse"), ("31", "pass")):
        assert choice(force_g_searches(raider)) == expected


def test_british_keep_scuttling_for_the_fifth_duel() -> None:
    """Scuttling in Montevideo wins only in the fifth duel (against Montevideo): the
    British spend every other card before it."""
    state = revealed_beside_force_g(british=["scuttling", *STRONG_BRITISH[1:]])
    play(state, "play royal-navy ap", "search G")
    roll(state, 6)  # found: the Battle
    played = []
    while not state.is_terminal():
        if state.current_player() < 0:
            state.apply_action(state.legal_actions()[0])
            continue
        chosen = choice(state)
        if state.current_player() == BRITISH:
            played.append(chosen)
        play(state, chosen)
    assert len(played) == 5 and played[4] == "duel scuttling"


def test_the_tracker_player_replays_in_any_process_whatever_the_hash_seed() -> None:
    """The tracker player's British weigh their plans by the belief on sets of hexes;
    summed in a set's order (which follows the per-process hash seed) the totals
    differed in their last bits, and this game went otherwise under seeds 1 and 3."""
    script = (
        "from hunt.models import load_game\n"
        "from hunt.solver.agent_specs import make_agent\n"
        "from hunt.solver.session import play_game\n"
        "game = load_game('the-hunt')\n"
        "agents = [make_agent('heuristic', 736, game), make_agent('tracker', 737, game)]\n"
        "print(play_game(game, agents, 105).state.to_record()['actions'])\n")
    assert len(outputs_under_hash_seeds(script, (1, 3))) == 1
