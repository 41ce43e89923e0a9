"""Hunting Party: each rule sentence of the rulebook, every party
event, every personal icon against every Action, and every Hunter ability, each a
named test; the readings of models/hunting_party/rules.py are tested by name too."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from hunt.boards.hunting_party.data import FateCard
from hunt.errors import IllegalActionError, OptionError
from hunt.models import load_game
from hunt.models.game import CHANCE, TERMINAL, random_action, take_forced_steps
from hunt.models.hunting_party import HuntingPartyGame, HuntingPartyState, PartyAction
from hunt.models.hunting_party.events import (
    Accident,
    Bags,
    FeverKept,
    FeverMatched,
    Misfires,
    Resupplied,
    TakesTrophy,
)
from hunt.models.hunting_party.rules import CAMP, FLEE, KINDS, NO_FLEE, SHOOT
from hunt.models.hunting_party.steps import (
    ChooseVictim,
    DealGoal,
    Discard,
    DiscardFate,
    FleeWindow,
    Jungle,
    KeepGoal,
    Misfire,
    Name,
    Play,
    RevealFate,
    Scavenge,
    TakeTrophy,
    owner,
)
from hunt.models.registry import game_policy
from hunt.models.steps import Step
from hunt.models.testing import check_game
from hunt.solver.agent import HeuristicAgent
from hunt.solver.session import play_game

# Emeric Vance (pathfinder: only Vine Bridge) is first by name before Florence Mbeki
# (no ability), so in a 2-player game seat 1 is the First Hunter.
PLAIN = ("florence-mbeki", "emeric-vance", "cecil-hargreave", "amelia-thorne",
         "barnaby-quill")


def act(state: HuntingPartyState, *texts: str) -> None:
    """Play the actions named, and after each the forced `pass` of a Hunter whose
    Flee window opens with no Flee in hand."""
    for text in texts:
        take_forced_steps(state, text)
        state.apply_action(state.string_to_action(text))
        while state.current_player() >= 0 and state.legal_actions() == [NO_FLEE]:
            state.apply_action(NO_FLEE)


def texts(state: HuntingPartyState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def new_state(players: int = 2, hunters: tuple[str, ...] = PLAIN,
              hands: list[str] | None = None) -> HuntingPartyState:
    """Setup played through its actions: Hunters, Goals (each keeps the first dealt),
    and five Action cards each (default: camp camp shoot shoot shoot, no Flee, so
    no Flee window opens unless a test gives one)."""
    state = HuntingPartyGame(players=players).new_initial_state(1)
    act(state, *(f"hunter {h}" for h in hunters[:players]))
    for _ in range(players * 2):
        act(state, texts(state)[0])
    for seat in range(players):
        act(state, f"keep {state.goals_dealt[seat][0]}")
    for seat in range(players):
        act(state, *(f"draw {kind}" for kind in
                     (hands[seat] if hands else "camp camp shoot shoot shoot").split()))
    return state


def rig(state: HuntingPartyState, event: str = "resupply", icons: tuple[str, ...] = (
        "reload",) * 5, animal: str = "lion") -> str:
    """Put a Fate card of our making into the Fate deck; its id."""
    card = FateCard(f"test-{len(state.game.fate):02d}", event, animal, icons)
    state.game.fate[card.id] = card
    state.game.card_views[card.id] = {"id": card.id, "event": event, "animal": animal,
                                      "icons": list(icons)}
    state.fate_deck = sorted([*state.fate_deck, card.id])
    return card.id


AVOIDED = ("natives",) * 5
"""Personal icons a Flee avoids ("Fleeing results in no effect"): a round of Flees
with them leaves every hand as it was (Pitfall and Reload apply regardless)."""


def round_with(state: HuntingPartyState, card: str, plays: dict[int, str],
               draw: str = "camp") -> None:
    """Reveal `card` and fillers; each live Hunter draws `draw` (or the card it is to
    play, if it holds none), plays `plays[seat]` and discards a filler, so that `card`
    is the Fate card left."""
    live = state.live_order()
    fillers = [rig(state) for _ in live]
    act(state, f"fate {card}", *(f"fate {f}" for f in fillers))
    for seat, filler in zip(live, fillers, strict=True):
        if state.current_player() == CHANCE:
            wanted = plays.get(seat, draw)
            act(state, f"draw {draw if state.hands[seat][KINDS.index(wanted)] else wanted}")
        if state.stack[-1].kind == "play":
            act(state, f"play {plays[seat]}")
        act(state, f"discard {filler}")


def first_and_second(state: HuntingPartyState) -> tuple[int, int]:
    live = state.live_order()
    return live[0], live[1]


# -- Setup --------------------------------------------------------------------------------

def test_setup_randomly_give_each_player_one_hunter_face_up() -> None:
    state = HuntingPartyGame(players=3).new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and all(p == pytest.approx(1 / 6) for _, p in outcomes)
    act(state, "hunter cecil-hargreave")
    assert "hunter cecil-hargreave" not in texts(state)
    for seat in range(3):
        assert state.observation(seat)["hunters"][0]["hunter"] == "Cecil Hargreave"


def test_setup_the_hunters_have_different_abilities_and_hand_limits() -> None:
    hunters = HuntingPartyGame().hunters.values()
    assert len({h.ability for h in hunters}) == 6
    assert len({h.hand_limit for h in hunters}) > 1


def test_setup_each_hunter_is_dealt_two_goals_and_keeps_one_secretly() -> None:
    state = new_state()
    assert all(len(dealt) == 2 for dealt in state.goals_dealt)
    mine, theirs = state.observation(0), state.observation(1)
    goal = mine["goal"]
    assert goal is not None and goal["id"] == state.goal[0]
    assert str(state.goal[0]) not in str(theirs) and state.goals_dealt[0][1] not in str(theirs)


def test_setup_the_goal_not_kept_goes_under_the_goal_deck_and_is_never_dealt_again() -> None:
    state = HuntingPartyGame(players=2).new_initial_state()
    act(state, "hunter florence-mbeki", "hunter emeric-vance")
    act(state, "goal survivor", "goal ivory")
    act(state, "goal pairs", "goal big-five")
    act(state, "keep ivory")
    assert "survivor" not in state.goal_deck and state.goal == ["ivory", None]
    assert texts(state) == ["keep big-five", "keep pairs"]


def test_setup_deal_five_action_cards_to_each_hunter_regardless_of_hand_limit() -> None:
    state = new_state(players=2, hunters=("barnaby-quill", "florence-mbeki"))
    assert [sum(hand) for hand in state.hands] == [5, 5]
    assert state.hand_limit(0) == 5 and state.hand_limit(1) == 8


def test_setup_the_first_hunter_is_first_alphabetically_by_hunter_name() -> None:
    state = new_state(players=3, hunters=("florence-mbeki", "emeric-vance", "cecil-hargreave"))
    assert state.first == 2
    assert state.observation(0)["first_hunter"] == "p3"


def test_setup_then_reveal_fate_for_the_first_round() -> None:
    state = new_state()
    assert state.round == 1 and state.stack[-1].kind == "reveal-fate"
    assert state.current_player() == CHANCE


def test_action_cards_come_in_three_types_camp_flee_and_shoot() -> None:
    game = HuntingPartyGame()
    assert sorted(PartyAction("play", k).arg for k in ("camp", "flee", "shoot")) == \
        sorted(game.components.action_deck)
    assert sum(game.deck_counts) == 60


def test_each_draw_from_the_shuffled_deck_is_weighted_by_the_copies_left() -> None:
    state = HuntingPartyGame(players=2).new_initial_state()
    act(state, "hunter florence-mbeki", "hunter emeric-vance")
    for _ in range(6):
        act(state, texts(state)[0])
    odds = dict(state.chance_outcomes())
    assert odds[PartyAction("draw", "shoot")] == pytest.approx(24 / 60)
    assert odds[PartyAction("draw", "flee")] == pytest.approx(16 / 60)


def test_there_is_no_action_discard_pile_discards_go_under_the_deck() -> None:
    state = new_state()
    card = rig(state, "quicksand")
    round_with(state, card, {0: "shoot", 1: "shoot"})
    act(state, "discard camp")
    assert state.returned[-1] == CAMP


def test_no_reshuffle_once_the_shuffled_deck_is_gone_cards_under_it_come_back_in_order() -> None:
    state = new_state()
    state.fresh = [0, 0, 0]
    state.returned = [SHOOT, FLEE]
    first, second = first_and_second(state)
    act(state, *(f"fate {rig(state)}" for _ in range(3)))
    assert state.hands[first][SHOOT] == 4 and state.returned == [FLEE]
    assert state.observation(second)["hunters"][first]["known_cards"] == {"shoot": 1}


def test_the_number_of_action_cards_in_hand_is_health() -> None:
    state = new_state()
    obs = state.observation(1)
    assert obs["hunters"][0]["hand_size"] == 5 and obs["hunters"][0]["alive"]


# -- Sequence of play -----------------------------------------------------------------------

def test_reveal_fate_turns_over_one_fate_card_per_live_hunter_plus_one() -> None:
    state = new_state(players=3)
    for _ in range(4):
        act(state, texts(state)[0])
    assert len(state.face_up) == 4 and state.stack[-1].kind == "draw"


def test_hunter_turn_draw_play_one_action_face_down_discard_a_face_up_fate_card() -> None:
    state = new_state()
    first, second = first_and_second(state)
    act(state, "fate fate-01", "fate fate-02", "fate fate-03")
    act(state, "draw shoot")
    assert state.hands[first] == [2, 0, 4]
    act(state, "play shoot")
    assert state.observation(second)["hunters"][first]["action"] == "face down"
    assert state.observation(first)["hunters"][first]["action"] == "shoot"
    act(state, "discard fate-02")
    assert state.face_up == ["fate-01", "fate-03"] and "fate-02" in state.fate_discards


def test_each_hunter_takes_their_turn_clockwise_from_the_first_hunter() -> None:
    state = new_state(players=3, hunters=("daphne-okoro", "florence-mbeki", "amelia-thorne"))
    assert state.first == 2
    for _ in range(4):
        act(state, texts(state)[0])
    order = []
    while state.stack[-1].kind != "resolve" and len(state.face_up) > 1:
        if state.current_player() == CHANCE:
            act(state, "draw camp")
        seat = state.current_player()
        if state.stack[-1].kind == "play":
            order.append(seat)
        act(state, texts(state)[0])
    assert order == [2, 0, 1]


def test_after_all_hunter_turns_one_face_up_fate_card_is_left() -> None:
    state = new_state()
    round_with(state, rig(state, "ambush"), {0: "camp", 1: "camp"})
    assert state.face_up == [] or len(state.face_up) == 1


def test_party_fate_is_resolved_before_personal_fate() -> None:
    state = new_state(hands=["camp camp camp camp camp", "shoot shoot shoot shoot shoot"])
    first, _ = first_and_second(state)
    card = rig(state, "resupply", ("pitfall",) * 5)
    round_with(state, card, {0: "camp", 1: "shoot"})
    # Resupply's draws come first (chance for the First Hunter), then the Pitfall choices.
    assert state.current_player() == CHANCE and owner(state.stack[-1]) == first
    act(state, *(["draw camp"] * 4))
    assert state.stack[-1].kind == "discard" and state.current_player() == first


def test_personal_fate_the_first_icon_goes_to_the_first_hunter_then_clockwise() -> None:
    state = new_state()
    first, second = first_and_second(state)
    card = rig(state, "ambush", ("reload", "pitfall", "natives", "natives", "natives"))
    round_with(state, card, {0: "camp", 1: "camp"})
    assert state.current_player() == CHANCE and owner(state.stack[-1]) == first  # reload
    act(state, "draw shoot")
    assert state.current_player() == second and state.stack[-1].kind == "discard"


ICON_TABLE = [
    # icon, action, cards gained (+) or lost (-), trophy
    ("animal-attack", "shoot", 0, True), ("animal-attack", "camp", -2, False),
    ("animal-attack", "flee", 0, False),
    ("natives", "camp", 2, False), ("natives", "shoot", -2, False), ("natives", "flee", 0, False),
    ("misfire", "camp", -1, False), ("misfire", "shoot", -1, False),
    ("misfire", "flee", 0, False),
    ("opportunity-shot", "camp", 0, True), ("opportunity-shot", "shoot", 0, True),
    ("opportunity-shot", "flee", 0, False),
    # "regardless of your Action": a Flee does not avoid Pitfall or Reload.
    ("pitfall", "camp", -1, False), ("pitfall", "shoot", -1, False),
    ("pitfall", "flee", -1, False),
    ("reload", "camp", 1, False), ("reload", "shoot", 1, False), ("reload", "flee", 1, False),
]


@pytest.mark.parametrize(("icon", "action", "cards", "trophy"), ICON_TABLE)
def test_personal_fate_each_icon_against_each_action(icon: str, action: str, cards: int,
                                                   trophy: bool) -> None:
    state = new_state(hands=["camp flee shoot shoot camp", "camp flee shoot shoot camp"])
    first, second = first_and_second(state)
    card = rig(state, "ambush", (icon, "reload", "reload", "reload", "reload"))
    round_with(state, card, {first: action, second: "flee"}, draw="shoot")
    held = sum(state.hands[first])  # after drawing one and playing one: 5
    while state.current_player() == first or (state.current_player() == CHANCE
                                              and owner(state.stack[-1]) == first):
        step = state.stack[-1].kind
        choice = {"flee-window": "pass", "discard": "discard shoot", "take-trophy":
                  texts(state)[0], "draw": "draw camp", "misfire": "misfire camp"}[step]
        act(state, choice)
    assert sum(state.hands[first]) - held == cards
    bagged = state.bagged_by == first or len(state.trophies[first]) == 1
    assert bagged == trophy


def test_animal_attack_only_the_first_hunter_to_shoot_bags_it_later_ones_are_not_mauled() -> None:
    state = new_state(players=3)
    live = state.live_order()
    card = rig(state, "ambush", ("animal-attack",) * 5)
    round_with(state, card, {live[0]: "shoot", live[1]: "shoot", live[2]: "camp"})
    assert state.bagged_by == live[0]
    assert sum(state.hands[live[2]]) == 5  # drew one, played one, no mauling
    assert state.stack[-1].kind == "reveal-fate"


def test_animal_attack_the_trophy_is_added_at_the_end_of_the_round() -> None:
    state = new_state()
    first, _ = first_and_second(state)
    card = rig(state, "ambush", ("animal-attack",) * 5)
    round_with(state, card, {0: "shoot", 1: "shoot"})
    assert state.trophies[first] == [card] and card not in state.fate_discards


def test_an_unbagged_fate_card_goes_to_the_fate_discards() -> None:
    state = new_state()
    card = rig(state, "ambush", AVOIDED)
    round_with(state, card, {0: "flee", 1: "flee"})
    assert card in state.fate_discards


def test_flee_from_the_hand_during_personal_fate_avoids_it() -> None:
    state = new_state(hands=["camp camp flee shoot shoot"] * 2)
    first, _ = first_and_second(state)
    card = rig(state, "ambush", ("natives",) * 5)
    round_with(state, card, {0: "shoot", 1: "shoot"})
    assert state.current_player() == first and texts(state) == ["flee", "pass"]
    act(state, "flee")
    assert state.hands[first] == [3, 0, 1] and state.returned[-1] == FLEE
    assert state.current_player() != first


def test_the_flee_window_opens_for_every_hunter_with_cards_and_others_cannot_tell(
        ) -> None:
    """A window that opened only for a Hunter holding a Flee told the
    others so by whose turn it was. It opens for any Hunter with cards facing a
    personal fate; without a Flee it may only pass, and the others see the same."""
    # Seat 1 is the First Hunter; seat 0 holds the same cards in both games.
    with_flee = new_state(hands=["camp camp shoot shoot camp", "camp flee shoot shoot camp"])
    without = new_state(hands=["camp camp shoot shoot camp", "camp camp shoot shoot camp"])
    for state in (with_flee, without):
        card = rig(state, "ambush", ("natives",) * 5)
        live = state.live_order()
        fillers = [rig(state) for _ in live]
        for text in (f"fate {card}", *(f"fate {f}" for f in fillers), "draw camp",
                     "play shoot", f"discard {fillers[0]}", "draw camp", "play shoot",
                     f"discard {fillers[1]}"):
            state.apply_action(state.string_to_action(text))
    first, second = first_and_second(with_flee)
    for state in (with_flee, without):
        assert state.stack[-1].kind == "flee-window" and state.current_player() == first
    assert texts(with_flee) == ["flee", "pass"] and texts(without) == ["pass"]
    assert with_flee.observation(second) == without.observation(second)
    for state in (with_flee, without):
        state.apply_action(NO_FLEE)
    # The second Hunter cannot tell a Flee kept back from no Flee at all.
    assert with_flee.information_state_key(second) == without.information_state_key(second)
    assert with_flee.current_player() == without.current_player()


def at_the_flee_window(event: str, icon: str) -> tuple[HuntingPartyState, int]:
    """A 2-player round of `event` where the First Hunter plays Shoot and meets `icon`,
    asked whether to flee from the hand; the other Hunter plays a Flee. The state, and
    the seat of the Hunter asked."""
    state = new_state(hands=["camp flee shoot shoot camp"] * 2)
    first, second = first_and_second(state)
    round_with(state, rig(state, event, (icon,) * 5), {first: "shoot", second: "flee"})
    assert state.current_player() == first and texts(state) == ["flee", "pass"]
    return state, first


def shoot_then_flee(event: str, icon: str) -> tuple[HuntingPartyState, int]:
    """`at_the_flee_window`, and the Hunter flees from the hand."""
    state, first = at_the_flee_window(event, icon)
    act(state, "flee")
    return state, first


@pytest.mark.parametrize(("event", "said"), [
    ("backtrack", True), ("hunting-accident", True), ("ambush", False)])
def test_the_flee_window_says_a_shooter_who_flees_is_passed_over(event: str,
                                                                 said: bool) -> None:
    """A Hunter who shot and is asked to flee is told that a Flee takes it out of the
    event for shooters (Backtrack's trophy, Hunting Accident's choice)."""
    from hunt.models.hunting_party.screen import screen

    state, first = at_the_flee_window(event, "natives")
    shown = " ".join(screen(state.game, state.observation(first), first).split())
    assert ("If you flee you did not shoot, and" in shown) == said, shown


def test_a_hunter_who_shot_then_fled_from_the_hand_fired_no_shot_so_no_misfire() -> None:
    """The Flee from the hand takes the place of the Action played ("if you planned
    to Camp with the natives but a rhino charges you"): one reading for Misfire,
    Backtrack and Hunting Accident, `action_in_effect`."""
    state, first = shoot_then_flee("ambush", "misfire")
    assert not any(isinstance(e, Misfires) for e in state.log)
    # drew a Camp, played the Shoot, fled with the Flee, lost nothing to a Misfire
    assert state.hands[first] == [3, 0, 1] and state.stack[-1].kind == "reveal-fate"


def test_backtrack_passes_over_a_hunter_who_shot_then_fled_from_the_hand() -> None:
    """"Backtrack: Each player that shoots but doesn't hit a trophy": a Hunter who
    fled fired no shot, so takes no trophy from the discards."""
    state, _ = shoot_then_flee("backtrack", "natives")
    assert state.fate_discards and state.stack[-1].kind == "reveal-fate"
    assert state.trophies == [[], []]


def test_hunting_accident_passes_over_a_hunter_who_shot_then_fled_from_the_hand() -> None:
    """"Hunting Accident: All players who shoot but do not hit a trophy choose a
    Hunter": a Hunter who fled fired no shot, so chooses nobody."""
    state, _ = shoot_then_flee("hunting-accident", "natives")
    assert state.stack[-1].kind == "reveal-fate"
    assert not any(isinstance(e, Accident) for e in state.log)


def test_a_flee_played_as_the_action_avoids_the_personal_fate() -> None:
    state = new_state()
    first, _ = first_and_second(state)
    card = rig(state, "ambush", ("misfire",) * 5)
    round_with(state, card, {0: "flee", 1: "flee"})
    assert sum(state.hands[first]) == 5  # drew one, played the Flee, no Misfire
    assert state.stack[-1].kind == "reveal-fate"  # nothing else pending: the next round


@pytest.mark.parametrize(("icon", "change"), [("pitfall", -1), ("reload", 1)])
def test_pitfall_and_reload_apply_regardless_of_your_action_even_a_flee(icon: str,
                                                                        change: int) -> None:
    """"Pitfall: Choose and discard a card, regardless of your Action." "Reload: Draw a
    card, regardless of your Action." Neither a Flee Action nor a Flee from the hand
    avoids them, so a Flee is not even offered from the hand."""
    for hand_flee in (False, True):
        state = new_state(hands=["camp flee shoot shoot camp"] * 2)
        first, _ = first_and_second(state)
        card = rig(state, "ambush", (icon,) * 5)
        action = "camp" if hand_flee else "flee"
        round_with(state, card, {0: action, 1: action}, draw="shoot")
        held = sum(state.hands[first])
        if hand_flee:  # its window opened, offering no Flee, and it passed (see `act`)
            assert ("no flee", first) in state.views_since(1 - first, 0)
        if icon == "pitfall":
            assert state.current_player() == first and state.stack[-1].kind == "discard"
            act(state, "discard shoot")
        else:
            assert state.current_player() == CHANCE and owner(state.stack[-1]) == first
            act(state, "draw camp")
        assert sum(state.hands[first]) - held == change, hand_flee


# -- Death ----------------------------------------------------------------------------------

def test_running_out_of_action_cards_kills_the_hunter() -> None:
    state = new_state()
    first, second = first_and_second(state)
    state.hands[first] = [1, 0, 0]
    card = rig(state, "ambush", ("pitfall", "reload", "reload", "reload", "reload"))
    round_with(state, card, {first: "camp", second: "camp"}, draw="camp")
    act(state, "discard camp")
    assert not state.alive[first] and state.death_round == 1
    assert state.observation(second)["hunters"][first]["alive"] is False


def test_after_a_death_the_game_ends_after_one_more_round() -> None:
    state = new_state()
    first, second = first_and_second(state)
    state.hands[first] = [1, 0, 0]
    card = rig(state, "ambush", ("pitfall", "reload", "reload", "reload", "reload"))
    round_with(state, card, {first: "camp", second: "camp"})
    act(state, "discard camp", "draw camp")
    assert not state.is_terminal() and state.round == 2
    assert len([s for s in state.stack if s.kind == "reveal-fate"]) == 2  # 1 live + 1
    act(state, *(f"fate {rig(state)}" for _ in range(2)))
    while not state.is_terminal():
        act(state, texts(state)[0])
    assert state.round == 2 and state.end_reason() == "a Hunter died the round before"


def test_the_dead_keep_their_trophies_and_lose_three_points() -> None:
    state = new_state()
    state.trophies[0] = ["fate-01", "fate-02"]
    state.alive[0] = False
    state.goal[0] = None
    assert state.scores()[0] == 2 - 3


def test_misfire_discards_a_card_chosen_at_random_from_the_hand() -> None:
    state = new_state(hands=["camp camp camp shoot flee"] * 2)
    first, _ = first_and_second(state)
    round_with(state, rig(state, "ambush", ("misfire",) * 5), {0: "shoot", 1: "shoot"},
               draw="camp")
    act(state, "pass")  # no Flee from the hand
    odds = dict(state.chance_outcomes())
    assert state.stack[-1] == Misfire(first)
    assert odds == {PartyAction("misfire", "camp"): pytest.approx(4 / 5),
                    PartyAction("misfire", "flee"): pytest.approx(1 / 5)}


def test_porters_bring_the_trophies_back_a_dead_hunter_may_still_win() -> None:
    state = new_state()
    state.goal = [None, None]
    state.trophies = [["fate-01", "fate-02", "fate-03", "fate-04", "fate-05"], ["fate-06"]]
    state.alive[0] = False
    state.over = True
    assert state.scores() == [2, 1] and state.returns() == [1.0, 0.0]


# -- End of turn ----------------------------------------------------------------------------

def test_end_of_turn_each_hunter_discards_down_to_their_hand_limit() -> None:
    state = new_state(players=2, hunters=("barnaby-quill", "florence-mbeki"))
    card = rig(state, "resupply", ("reload",) * 5)
    round_with(state, card, {0: "camp", 1: "camp"})
    while state.stack[-1].kind != "discard":
        act(state, "draw shoot" if state.current_player() == CHANCE else texts(state)[0])
    assert state.current_player() == 0 and sum(state.hands[0]) == 8  # limit 5
    assert Resupplied() in state.log  # the 2 cards each drew: the log says why
    act(state, "discard shoot", "discard shoot", "discard shoot")
    assert sum(state.hands[0]) == 5 and state.stack[-1].kind == "reveal-fate"


def test_end_of_turn_the_first_hunter_marker_passes_clockwise() -> None:
    state = new_state(players=3)
    before = state.first
    round_with(state, rig(state, "ambush", AVOIDED), {0: "flee", 1: "flee", 2: "flee"})
    assert state.first == (before + 1) % 3 and state.round == 2


def test_the_game_is_over_when_the_fate_deck_is_exhausted_with_2_or_3_players() -> None:
    state = new_state()
    state.fate_deck = []
    card = rig(state, "ambush", AVOIDED)
    round_with(state, card, {0: "flee", 1: "flee"})
    assert state.is_terminal() and state.end_reason() == "the Fate deck ran out"


@pytest.mark.parametrize("players", [4, 5])
def test_with_4_or_5_players_the_fate_deck_is_reshuffled_once(players: int) -> None:
    state = new_state(players=players)
    state.fate_deck = []
    round_with(state, rig(state, "ambush", AVOIDED), dict.fromkeys(range(players), "flee"))
    assert not state.is_terminal() and state.reshuffles == 0
    assert len(state.fate_deck) == players + 1  # the fillers and the unbagged card
    state.fate_deck = []
    state.fate_discards = []
    round_with(state, rig(state, "ambush", AVOIDED), dict.fromkeys(range(players), "flee"))
    assert state.is_terminal()


def test_the_fate_deck_counts_as_exhausted_when_too_few_are_left_for_a_round() -> None:
    state = new_state()
    state.fate_deck = sorted(state.fate_deck)[:5]
    round_with(state, rig(state, "ambush", AVOIDED), {0: "flee", 1: "flee"})
    assert not state.is_terminal()  # 5 left: enough for a round of 3
    state.fate_deck = state.fate_deck[:2]
    act(state, *(f"fate {f}" for f in list(state.fate_deck)), f"fate {rig(state)}")
    state.fate_deck = []
    while not state.is_terminal():
        act(state, "draw camp" if state.current_player() == CHANCE else texts(state)[0])
    assert state.end_reason() == "the Fate deck ran out"


# -- Party events -----------------------------------------------------------------------------

def test_ambush_next_round_each_hunter_plays_the_card_they_draw() -> None:
    state = new_state()
    first, second = first_and_second(state)
    round_with(state, rig(state, "ambush", AVOIDED), {0: "flee", 1: "flee"})
    assert state.ambush
    act(state, *(f"fate {rig(state)}" for _ in range(3)))
    act(state, "draw shoot")
    assert state.played[second] == SHOOT and state.stack[-1].kind == "discard-fate"
    assert state.observation(first)["hunters"][second]["action"] == "face down"


def test_ambush_flee_from_the_hand_still_works() -> None:
    state = new_state(hands=["camp camp flee shoot shoot"] * 2)
    first, _ = first_and_second(state)
    round_with(state, rig(state, "ambush"), {0: "camp", 1: "camp"})
    act(state, "draw camp", "draw camp")  # each Reload (no Flee offered), Flee kept
    first, _ = first_and_second(state)  # the marker has passed
    card = rig(state, "quicksand", ("natives",) * 5)
    act(state, f"fate {card}", f"fate {rig(state)}", f"fate {rig(state)}")
    for filler in state.face_up[1:]:
        act(state, "draw shoot", f"discard {filler}")
    act(state, "discard camp", "discard camp")  # Quicksand
    assert state.current_player() == first and "flee" in texts(state)


def test_backtrack_shooters_without_a_trophy_take_one_from_the_fate_discards() -> None:
    state = new_state()
    first, second = first_and_second(state)
    card = rig(state, "backtrack", ("reload",) * 5)
    round_with(state, card, {first: "shoot", second: "camp"})
    act(state, "draw camp", "draw camp")  # the reloads
    assert state.current_player() == first and state.stack[-1].kind == "take-trophy"
    act(state, texts(state)[0])
    assert len(state.trophies[first]) == 1 and state.trophies[second] == []


def test_backtrack_the_hunter_who_bagged_the_animal_gets_nothing_more() -> None:
    state = new_state()
    first, second = first_and_second(state)
    card = rig(state, "backtrack", ("animal-attack",) * 5)
    round_with(state, card, {first: "shoot", second: "shoot"})
    assert state.current_player() == second and state.stack[-1].kind == "take-trophy"


def test_backtrack_takes_nothing_when_no_fate_card_is_in_the_discards() -> None:
    state = new_state()
    first, _ = first_and_second(state)
    card = rig(state, "backtrack", ("reload",) * 5)
    live = state.live_order()
    act(state, f"fate {card}", *(f"fate {rig(state)}" for _ in live))
    for seat, filler in zip(live, state.face_up[1:], strict=True):
        act(state, "draw camp", f"play {'shoot' if seat == first else 'camp'}",
            f"discard {filler}")
        state.fate_discards.remove(filler)  # as if the discards had all been taken
    act(state, "draw camp", "draw camp")
    assert state.stack[-1].kind == "reveal-fate" and state.trophies[first] == []


def test_hunting_accident_each_shooter_without_a_trophy_chooses_a_hunter_to_discard() -> None:
    state = new_state()
    first, second = first_and_second(state)
    card = rig(state, "hunting-accident", ("reload",) * 5)
    round_with(state, card, {first: "shoot", second: "camp"})
    act(state, "draw camp", "draw camp")
    assert state.current_player() == first and texts(state) == ["target p1", "target p2"]
    act(state, f"target p{second + 1}")
    assert state.current_player() == second and state.stack[-1].kind == "discard"
    act(state, "discard camp")
    assert state.returned[-1] == CAMP


def test_jungle_fever_matching_cards_are_discarded_and_revealed_again_until_no_match() -> None:
    state = new_state()
    first, second = first_and_second(state)
    card = rig(state, "jungle-fever", ("reload",) * 5)
    round_with(state, card, {first: "flee", second: "flee"})
    act(state, "reveal camp")
    assert state.observation(second)["my_reveal"] is None  # hidden until both chose
    act(state, "reveal camp")
    assert state.hands[first][CAMP] == 1 and state.hands[second][CAMP] == 1
    act(state, "reveal shoot", "reveal camp")
    assert state.hands[first][SHOOT] == 3  # unmatched: back in the hand
    assert state.known[first][SHOOT] == 1 and state.stack[-1].kind != "jungle"
    # every card shown is in the log, the unmatched ones too: all saw them
    assert [event for event in state.log if isinstance(event, FeverMatched | FeverKept)] == [
        FeverMatched(first, "camp"), FeverMatched(second, "camp"),
        FeverKept(first, "shoot"), FeverKept(second, "camp")]


def test_quicksand_each_hunter_chooses_a_card_and_discards_it() -> None:
    state = new_state()
    first, second = first_and_second(state)
    round_with(state, rig(state, "quicksand", ("reload",) * 5), {0: "flee", 1: "flee"})
    assert state.current_player() == first and texts(state) == [
        "discard camp", "discard shoot"]
    act(state, "discard shoot", "discard camp")
    assert sum(state.hands[first]) == sum(state.hands[second]) == 4


def test_restlessness_is_read_as_quicksand() -> None:
    events = HuntingPartyGame().components.event_texts
    assert "restlessness" not in events and "quicksand" in events


def test_resupply_all_players_draw_two_cards() -> None:
    state = new_state()
    round_with(state, rig(state, "resupply", ("reload",) * 5), {0: "flee", 1: "flee"})
    act(state, *(["draw shoot"] * 4))
    assert [sum(hand) for hand in state.hands] == [7, 7]  # 5, drew 1, played 1, then 2


def test_scavengers_turn_a_fate_card_each_player_discards_one_matching_trophy() -> None:
    state = new_state()
    state.trophies = [["fate-07", "fate-16"], ["fate-05"]]  # lion, lion / big cat
    state.fate_deck.remove("fate-07")
    state.fate_deck.remove("fate-16")
    state.fate_deck.remove("fate-05")
    round_with(state, rig(state, "scavengers", ("reload",) * 5), {0: "flee", 1: "flee"})
    act(state, "fate fate-19")  # a lion
    assert state.trophies == [["fate-16"], ["fate-05"]]
    assert "fate-07" in state.fate_discards and "fate-19" in state.fate_discards


def test_scavengers_spare_the_dead_whose_trophies_will_be_brought_back_by_the_porters(
        ) -> None:
    """"Scavengers: ... Each player discards one trophy that matches the type" and
    "Your trophies will be brought back by the porters": a dead Hunter, out of the
    party, keeps its trophies."""
    state = new_state(players=3)
    dead = 0
    assert state.first != dead
    state.alive[dead], state.hands[dead], state.death_round = False, [0, 0, 0], 0
    state.stack.remove(RevealFate())  # one Fate card fewer for the dead
    state.trophies = [["fate-07"], ["fate-16"], []]  # a lion each for seats 0 and 1
    state.fate_deck.remove("fate-07")
    state.fate_deck.remove("fate-16")
    round_with(state, rig(state, "scavengers", AVOIDED), {1: "flee", 2: "flee"})
    act(state, "fate fate-19")  # a lion
    assert state.trophies == [["fate-07"], [], []]
    assert "fate-16" in state.fate_discards and "fate-07" not in state.fate_discards


def test_vine_bridge_the_named_card_in_the_top_two_goes_to_the_hand() -> None:
    state = new_state(hunters=("florence-mbeki", "cecil-hargreave"))
    first, second = first_and_second(state)
    round_with(state, rig(state, "vine-bridge", ("reload",) * 5), {0: "flee", 1: "flee"})
    act(state, "name shoot", "draw camp", "draw shoot")
    assert state.hands[first][SHOOT] == 4 and state.returned[-1] == CAMP
    assert state.observation(second)["hunters"][first]["known_cards"] == {"shoot": 1}


def test_vine_bridge_neither_card_named_means_discarding_two() -> None:
    state = new_state(hunters=("florence-mbeki", "cecil-hargreave"))
    first, _ = first_and_second(state)
    round_with(state, rig(state, "vine-bridge", ("reload",) * 5), {0: "flee", 1: "flee"})
    act(state, "name flee", "draw camp", "draw shoot")
    assert state.current_player() == first and state.stack[-1].kind == "discard"
    act(state, "discard camp", "discard camp")
    assert sum(state.hands[first]) == 3


# -- Hunter abilities -------------------------------------------------------------------------

def ability_round(hunter: str, icon: str, action: str, hands: str = "camp flee shoot shoot camp"
                  ) -> HuntingPartyState:
    """A 2-player round where `hunter` (the First Hunter) meets `icon` with `action`."""
    state = new_state(hunters=(hunter, "florence-mbeki"), hands=[hands, hands])
    assert state.first == 0
    round_with(state, rig(state, "ambush", (icon,) * 5), {0: action, 1: "flee"}, draw="shoot")
    return state


def test_steady_hands_misfire_has_no_effect() -> None:
    state = ability_round("amelia-thorne", "misfire", "camp")
    assert sum(state.hands[0]) == 5 and state.stack[-1].kind == "reveal-fate"


def test_native_tongue_camping_with_natives_draws_three() -> None:
    state = ability_round("barnaby-quill", "natives", "camp")
    act(state, "pass", "draw camp", "draw camp", "draw camp")
    assert sum(state.hands[0]) == 8


def test_native_tongue_natives_never_make_you_discard() -> None:
    state = ability_round("barnaby-quill", "natives", "shoot")
    assert sum(state.hands[0]) == 5


def test_thick_hide_an_animal_attack_on_your_camp_costs_one_card() -> None:
    state = ability_round("cecil-hargreave", "animal-attack", "camp")
    act(state, "pass", "discard camp")
    assert sum(state.hands[0]) == 4 and state.stack[-1].kind != "discard"


def test_sharp_eye_shooting_an_animal_already_bagged_takes_a_trophy_from_the_discards() -> None:
    state = new_state(hunters=("daphne-okoro", "cecil-hargreave"))
    first, second = first_and_second(state)
    assert state.hunter[second] == "daphne-okoro"
    round_with(state, rig(state, "ambush", ("animal-attack",) * 5),
               {first: "shoot", second: "shoot"})
    assert state.bagged_by == first
    assert state.current_player() == second and state.stack[-1].kind == "take-trophy"


SHARP_EYE_PARTY = ("amelia-thorne", "barnaby-quill", "cecil-hargreave", "daphne-okoro")
"""Amelia (seat 0) is the First Hunter; Barnaby (seat 1) meets the animal before
Daphne, Sharp Eye (seat 3)."""


def sharp_eye_round(event: str, discards: bool = True) -> HuntingPartyState:
    """A 4-player round of `event`: Amelia Camps into an Opportunity Shot, Barnaby
    and then Daphne Shoot at an Animal Attack, Cecil Flees; every step after the
    Hunters' turns is played by its first legal action. With `discards=False` the only
    Fate card in the discards is the one Amelia's Opportunity Shot takes."""
    state = new_state(players=4, hunters=SHARP_EYE_PARTY)
    assert state.first == 0 and state.hunter[3] == "daphne-okoro"
    card = rig(state, event, ("opportunity-shot", "animal-attack", "natives",
                              "animal-attack", "natives"))
    plays = {0: "camp", 1: "shoot", 2: "flee", 3: "shoot"}
    fillers = [rig(state) for _ in range(4)]
    act(state, f"fate {card}", *(f"fate {f}" for f in fillers))
    for seat, filler in enumerate(fillers):
        act(state, f"draw {plays[seat]}", f"play {plays[seat]}", f"discard {filler}")
        if not discards and seat < 3:  # the last one is discarded as Fate resolves
            state.fate_discards.remove(filler)
    while state.stack[-1].kind != "reveal-fate":
        act(state, texts(state)[0])
    return state


def test_sharp_eye_s_trophy_is_a_hit_so_backtrack_gives_her_no_second_one() -> None:
    """"Backtrack: Each player that shoots but doesn't hit a trophy gets to choose a
    fate card from the discard pile": Sharp Eye's Shoot bagged the animal, so her
    one trophy is the one from the discards."""
    state = sharp_eye_round("backtrack")
    assert [e.seat for e in state.log if isinstance(e, Bags)] == [1]
    assert len(state.trophies[1]) == 1 and len(state.trophies[3]) == 1
    assert [e for e in state.log if isinstance(e, TakesTrophy) and e.seat == 3] == [
        TakesTrophy(3, state.trophies[3][0])]


def test_sharp_eye_s_trophy_is_a_hit_so_hunting_accident_passes_her_by() -> None:
    """"Hunting Accident: All players who shoot but do not hit a trophy choose a
    Hunter to discard a card": Sharp Eye hit the animal, so she chooses nobody."""
    state = sharp_eye_round("hunting-accident")
    assert len(state.trophies[3]) == 1
    assert not any(isinstance(e, Accident) for e in state.log)


def test_sharp_eye_hits_an_animal_already_bagged_even_with_no_discards_for_her() -> None:
    """Her Shoot "bags the trophy even when another Hunter shot it first"; the card
    is hers "if any", the hit is hers either way: no Hunting Accident from her."""
    state = sharp_eye_round("hunting-accident", discards=False)
    assert state.trophies[3] == []
    assert not any(isinstance(e, Accident) for e in state.log)


def opportunity_shot_round(event: str) -> tuple[HuntingPartyState, int]:
    """Two Hunters: the First Hunter Shoots into an Opportunity Shot (discards there
    to take from), the other Camps; the round played to its end by first choices.
    The state and the Shooter's seat."""
    state = new_state()
    first, second = first_and_second(state)
    card = rig(state, event, ("opportunity-shot",) + ("reload",) * 4)
    round_with(state, card, {first: "shoot", second: "camp"})
    while not state.is_terminal() and state.stack[-1].kind != "reveal-fate":
        act(state, texts(state)[0])
    return state, first


def test_a_shooter_whose_opportunity_shot_takes_a_trophy_gets_no_second_from_backtrack() -> None:
    """Backtrack gives a trophy to "each player that shoots but doesn't hit a trophy":
    the Shooter's Opportunity Shot took one, so that Shooter did not miss."""
    state, shooter = opportunity_shot_round("backtrack")
    assert len(state.trophies[shooter]) == 1
    assert len([e for e in state.log if isinstance(e, TakesTrophy)]) == 1


def test_a_shooter_whose_opportunity_shot_takes_a_trophy_causes_no_hunting_accident() -> None:
    """Hunting Accident: "All players who shoot but do not hit a trophy choose a
    Hunter to discard a card": not the Shooter whose Opportunity Shot took one."""
    state, shooter = opportunity_shot_round("hunting-accident")
    assert len(state.trophies[shooter]) == 1
    assert not any(isinstance(e, Accident) for e in state.log)


def test_pathfinder_vine_bridge_turns_over_three_cards() -> None:
    state = new_state()
    first, _ = first_and_second(state)
    assert state.hunter[first] == "emeric-vance"
    round_with(state, rig(state, "vine-bridge", ("reload",) * 5), {0: "flee", 1: "flee"})
    act(state, "name flee", "draw camp", "draw shoot", "draw flee")
    assert state.hands[first][FLEE] == 1 and sorted(state.returned[-2:]) == [CAMP, SHOOT]


def test_pack_mule_has_the_biggest_hand_limit() -> None:
    hunters = HuntingPartyGame().hunters
    assert hunters["florence-mbeki"].hand_limit == max(h.hand_limit for h in hunters.values())


# -- Scoring ------------------------------------------------------------------------------------

def test_end_game_scoring_one_point_per_trophy_plus_goal_points() -> None:
    state = new_state()
    state.trophies[0] = ["fate-07", "fate-16", "fate-19"]  # three lions
    state.goal[0] = "lion-pride"
    state.goal[1] = "survivor"
    assert state.scores() == [3 + 3, 0 + 1]


@pytest.mark.parametrize(("goal", "trophies", "hand", "met"), [
    ("big-five", ["fate-01", "fate-03", "fate-05", "fate-07", "fate-11"], 3, True),
    ("big-five", ["fate-01", "fate-03", "fate-05", "fate-07"], 3, False),
    ("ivory", ["fate-01", "fate-02", "fate-12"], 3, True),
    ("survivor", [], 5, True), ("survivor", [], 4, False),
    ("light-packer", [], 3, True), ("light-packer", [], 4, False),
    ("pairs", ["fate-01", "fate-02", "fate-03", "fate-04"], 3, True),
    ("pairs", ["fate-01", "fate-02", "fate-03"], 3, False),
    ("head-hunter", ["fate-01"], 3, True),
])
def test_each_goal_condition(goal: str, trophies: list[str], hand: int, met: bool) -> None:
    state = new_state()
    state.goal[0] = goal
    state.trophies[0] = trophies
    state.hands[0] = [hand, 0, 0]
    assert state.goal_met(0) is met


def test_the_top_score_wins_and_a_tie_shares_the_win() -> None:
    state = new_state()
    state.goal = [None, None]
    state.trophies = [["fate-01"], ["fate-02"]]
    state.over = True
    assert state.returns() == [0.5, 0.5]
    state.trophies[1] = []
    assert state.returns() == [1.0, 0.0]


# -- Views, options, records ----------------------------------------------------------------------

def test_hands_and_goals_of_others_are_hidden_from_a_hunter() -> None:
    state = new_state(hands=["camp camp camp camp camp", "shoot shoot shoot shoot shoot"])
    obs = state.observation(0)
    assert obs["hand"] == {"camp": 5, "flee": 0, "shoot": 0}
    assert "shoot" not in str(obs["hunters"][1]) and obs["hunters"][1]["hand_size"] == 5


def test_players_option_accepts_2_to_5_and_refuses_others() -> None:
    assert load_game("hunting-party", players=5).info.num_players == 5
    for bad in (1, 6, "3"):
        with pytest.raises(OptionError, match="from 2 to 5"):
            load_game("hunting-party", players=bad)
    with pytest.raises(OptionError, match="accepted: players"):
        load_game("hunting-party", seats=3)


def test_an_illegal_action_is_refused_naming_the_legal_ones() -> None:
    state = new_state()
    act(state, "fate fate-01", "fate fate-02", "fate fate-03", "draw camp")
    with pytest.raises(IllegalActionError, match="play camp"):
        act(state, "play rifle")


def test_a_record_replays_to_the_same_game() -> None:
    game = HuntingPartyGame(players=4)
    state = game.new_initial_state(9)
    rng = random.Random(9)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert game.from_record(state.to_record()) == state
    assert state.current_player() == TERMINAL


def test_heuristic_games_last_a_sensible_number_of_rounds() -> None:
    game = HuntingPartyGame(players=3)
    rounds: Counter[int] = Counter()
    for seed in range(30):
        state = play_game(game, [HeuristicAgent(seed * 3 + seat) for seat in range(3)],
                          seed).state
        assert isinstance(state, HuntingPartyState)
        rounds[state.round] += 1
    assert 4 <= sum(r * c for r, c in rounds.items()) / 30 <= 12


def test_the_heuristic_flees_from_natives_near_death() -> None:
    """Near death (2 cards) the heuristic flees from Natives met with Shoot (a Flee is
    not offered against Pitfall at all: its card goes "regardless of your Action")."""
    state = new_state(hands=["camp flee shoot shoot camp"] * 2)
    first, _ = first_and_second(state)
    round_with(state, rig(state, "ambush", ("natives",) * 5), {0: "shoot", 1: "shoot"})
    assert state.current_player() == first and state.stack[-1].kind == "flee-window"
    state.hands[first] = [0, 1, 1]
    choice = game_policy(state.game).heuristic_action(state.game, state.observation(first),
                                                      state.legal_actions(),
                                         random.Random(0))
    assert choice == PartyAction("flee")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hunting_party_passes_the_conformance_suite_on_1000_random_games(players: int) -> None:
    report = check_game(load_game("hunting-party", players=players), num_games=1000,
                        seed=players, determinize_probability=0.002, check_probability=0.05)
    assert report.games == 1000 and report.determinizations > 1000


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 5])
def test_hunting_party_no_leak_check_compares_many_worlds(players: int) -> None:
    report = check_game(load_game("hunting-party", players=players), num_games=15,
                        seed=10 + players, determinize_probability=0.1)
    assert report.alternative_worlds > 100


def test_the_playout_view_is_the_observation_cut_down_and_shows_nothing_more() -> None:
    game = HuntingPartyGame(players=3)
    rng = random.Random(4)
    state = game.new_initial_state(4)
    while not state.is_terminal():
        for seat in range(3):
            view: Mapping[str, Any] = state.heuristic_view(seat)
            seen: Mapping[str, Any] = state.observation(seat)
            for key, value in view.items():
                if key == "hunters":
                    assert value == [{field: h[field] for field in value[0]}
                                     for h in seen["hunters"]]
                elif key == "goal":
                    assert value == (seen["goal"] and {"id": seen["goal"]["id"]})
                else:
                    assert value == seen[key], key
        state.apply_action(random_action(state, rng))


STEP_OF_KIND: dict[str, Callable[[int], Step]] = {
    "reveal-fate": lambda seat: RevealFate(), "scavenge": lambda seat: Scavenge(),
    "deal-goal": DealGoal, "misfire": Misfire, "play": Play, "discard": Discard,
    "jungle": Jungle, "discard-fate": DiscardFate, "take-trophy": TakeTrophy,
    "keep-goal": KeepGoal, "name": Name, "accident": ChooseVictim,
    "flee-window": lambda seat: FleeWindow(seat, "natives")}
"""A step of each kind that may find nothing to do, for the seat given."""


def test_the_quick_emptiness_check_agrees_with_the_outcomes_and_choices() -> None:
    game = HuntingPartyGame(players=3)
    rng = random.Random(5)
    state = game.new_initial_state(5)
    kinds = ["reveal-fate", "scavenge", "deal-goal", "misfire", "play", "discard", "jungle",
             "discard-fate", "take-trophy", "keep-goal", "name", "accident", "flee-window"]
    while not state.is_terminal():
        for kind in kinds:
            for seat in state.live_order() or [0]:
                chance = kind in ("reveal-fate", "scavenge", "deal-goal", "misfire")
                step = STEP_OF_KIND[kind](seat)
                if kind == "keep-goal" and len(state.goals_dealt[seat]) < 2:
                    continue
                empty = not (state._odds(step) if chance else state._decisions(step))
                assert state._nothing_to_do(step) == empty, kind
        state.apply_action(random_action(state, rng))


def test_the_screen_says_game_over_once_with_the_scores_under_the_last_events() -> None:
    """The game's end has its own line (with each Hunter's score) under the last
    events; it is not one of them too, where it pushed out the last plays."""
    from hunt.models.hunting_party.screen import screen
    game = HuntingPartyGame()
    rng = random.Random(0)
    state = game.new_initial_state(0)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    shown = screen(game, state.observation(0), 0)
    assert shown.count("Game over") == 1 and "Lately" in shown
