"""No wasted turns: the search at The Hunt's normal level on positions where a move
costs something and can gain nothing (the playtest's cases). The game's policy drops
such moves from what the search weighs (`TheHuntPolicy.sensible_actions`). And how the
search plays the Battle out (`TheHuntPolicy.playout_epsilon`)."""

from __future__ import annotations

import random
from typing import cast

from hunt.models.registry import game_policy
from hunt.models.the_hunt import BRITISH, GERMAN, TheHuntAction, TheHuntState
from hunt.models.the_hunt.heuristics import battle_ready, heuristic_action
from hunt.models.the_hunt.observation import TheHuntSeen
from hunt.models.the_hunt.policy import BATTLE_EPSILON
from hunt.solver.agent_specs import make_agent
from hunt.solver.ismcts import ISMCTS
from hunt.solver.profiles import search_profile
from hunt.tests.hunt_positions import (
    GAME,
    british_turn,
    draw_until,
    force_g_searches,
    new_state,
    play,
    roll,
    texts,
)


def search_choice(state: TheHuntState, seed: int = 0) -> str:
    action = make_agent("ismcts:normal", seed, GAME).select_action(state)
    assert isinstance(action, TheHuntAction)
    return state.action_to_string(action)


def rule_of_thumb(state: TheHuntState) -> str:
    """What the playouts' rules of thumb play here."""
    seat = state.current_player()
    action = heuristic_action(GAME, state.heuristic_view(seat), state.legal_actions(),
                              random.Random(0))
    return state.action_to_string(action)


def sensible(state: TheHuntState) -> list[str]:
    kept = game_policy(GAME).sensible_actions(state, state.legal_actions())
    return [state.action_to_string(action) for action in kept]


def test_intelligence_plus_one_is_not_bought_when_no_search_can_follow() -> None:
    """Its last AP spent on +1, no Force could search: the card is wasted."""
    state = british_turn()
    play(state, "play cumberland ap", "move G 1 05")  # 1 AP left: a search, or +1
    plus_one = [text for text in texts(state) if text.startswith("intel ")
                and GAME.cards[text.split()[1]].intelligence == "plus-one"]
    assert plus_one and "search G" in texts(state)
    assert not set(plus_one) & set(sensible(state))
    assert search_choice(state) not in plus_one
    with_ap = british_turn()
    play(with_ap, "play cumberland ap")  # 2 AP: +1 and then a search
    assert "intel royal-navy" in sensible(with_ap)


def test_mile_by_mile_free_searches_are_taken_where_they_may_find_the_raider() -> None:
    """Mile by Mile played for its event: Force G may search its hex for free. The
    raider may be there (the tracker gives it a few per cent) and the British hand is
    ready for a Battle, so ending the turn instead gives a chance away for nothing (the
    playtest: the free searches were left). With a hand not worth a Battle the choice
    stays open."""
    hand = ["mile-by-mile", "royal-navy", "cumberland", "harwoods-intuition", "fair-weather"]
    state = british_turn(british=hand)
    play(state, "play mile-by-mile event")
    seen = state.heuristic_view(BRITISH)
    assert texts(state) == ["end", "search G"] and "06" in seen["possible"]
    assert battle_ready(GAME, seen, "06")
    assert sensible(state) == ["search G"]
    assert search_choice(state, seed=6) == "search G"
    weak = british_turn(british=["mile-by-mile", "scuttling", "that-never-happened",
                                 "prize-warfare", "concentrated-fire"])
    play(weak, "play mile-by-mile event")
    assert not battle_ready(GAME, weak.heuristic_view(BRITISH), "06")
    assert sensible(weak) == ["end", "search G"]


def test_the_german_does_not_cancel_a_search_that_cannot_find_it() -> None:
    """Cat and Mouse spent on a search of 06 while the Graf Spee is on 31 saves nothing."""
    for raider, cancels in (("31", False), ("06", True)):
        state = force_g_searches(raider)
        assert ("react cat-and-mouse" in sensible(state)) == cancels
        if not cancels:
            assert search_choice(state) == "pass"


def test_the_playouts_british_seek_any_battle_when_one_more_sinking_loses() -> None:
    """With four Freight Ships sunk the German wins at the next: the rule of thumb the
    playouts follow then starts a Battle even with a hand it would otherwise not risk
    (the playtest: P = 1 on the raider's hex, and no search)."""
    state = british_turn(british=["scuttling", "that-never-happened", "prize-warfare",
                                  "fair-weather", "concentrated-fire"])
    seen = state.heuristic_view(BRITISH)
    assert not battle_ready(GAME, seen, "06")
    last_chance = cast(TheHuntSeen, {**seen, "sunk": ["e-a", "e-b", "e-s", "a-e1"]})
    assert battle_ready(GAME, last_chance, "06")


def test_the_german_keeps_langsdorff_when_a_weaker_card_pays_for_the_attack() -> None:
    """A Freight Ship one hex away needs 1 AP to reach and 2 to attack: Radar's 3 AP do
    it, and Langsdorff (5 AP, the best Battle card) stays in hand (the playtest: it was
    spent for AP)."""
    state = new_state()  # the raider on 24, a Freight Ship on 23
    assert GAME.hex_distance("24", "23") == 1 and "langsdorff" in state.hands[0]
    assert rule_of_thumb(state) == "play radar ap"
    assert search_choice(state) != "play langsdorff ap"


def test_no_reaction_is_spent_to_refuse_the_card_prize_warfare_gives() -> None:
    """The German plays Rules of Prize Warfare for its AP: its forced event makes the
    British draw a card. That Never Happened would spend a British card to refuse one
    (the playtest: it did). A forced Storm at Sea, which stops the British searches, is
    still worth cancelling."""
    british = ["that-never-happened", "royal-navy", "cumberland", "fair-weather",
               "convoy-routes"]
    german = ["prize-warfare", "storm-at-sea", "radar", "langsdorff", "marconi"]
    for card, worth_cancelling in (("prize-warfare", False), ("storm-at-sea", True)):
        state = new_state(german=german, british=british)
        play(state, f"play {card} ap")
        assert "react that-never-happened" in texts(state)
        assert ("react that-never-happened" in sensible(state)) == worth_cancelling
        if not worth_cancelling:
            assert search_choice(state) == "pass"


def test_the_german_search_plays_a_battle_out_at_random() -> None:
    """Once the Battle has begun, the German's search of its duel card plays the Battle
    out at random (`BATTLE_EPSILON`): playouts that answer its card by the rule of
    thumb's strongest card first picture an opponent only the rule of thumb is. The
    British, who pick second, keep the game's profile, as every search does before the
    Battle; an agent's own setting goes over both."""
    profile = search_profile(GAME).epsilon
    german = new_state()
    assert german.current_player() == GERMAN and german.flow != "battle"
    assert ISMCTS().shape_for(german).epsilon == profile < BATTLE_EPSILON == 1.0
    state = british_turn(graf_spee="06")
    assert ISMCTS().shape_for(state).epsilon == profile
    play(state, "play royal-navy ap", "search G")
    roll(state, 5)
    draw_until(state, GERMAN)
    draw_until(state, BRITISH)
    assert state.flow == "battle" and state.current_player() == GERMAN
    assert ISMCTS().shape_for(state).epsilon == BATTLE_EPSILON
    assert ISMCTS(epsilon=0.5).shape_for(state).epsilon == 0.5
    play(state, texts(state)[0])
    assert state.current_player() == BRITISH
    assert ISMCTS().shape_for(state).epsilon == profile
    assert ISMCTS(epsilon=0.5).shape_for(state).epsilon == 0.5
