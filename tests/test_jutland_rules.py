"""Jutland: one test per rule sentence of the rulebook, named after it."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from hunt.errors import IllegalActionError, OptionError
from hunt.models import CHANCE, TERMINAL, load_game
from hunt.models.jutland import BRITISH, GERMAN, JutlandState, heuristics
from hunt.models.jutland.rules import KeptCards
from hunt.models.registry import game_policy
from hunt.models.testing import check_game
from hunt.tests.jutland_positions import new_game, staged


def play(state: JutlandState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.string_to_action(text))


def deal_turn_one(state: JutlandState, german: list[str], british: list[str]) -> None:
    """Turn 1's Sight phase: both hands are empty, so it is the draws, German first."""
    play(state, *(f"draw {card}" for card in german + british))


def hand(state: JutlandState, seat: int) -> Counter[str]:
    return Counter(state.observation(seat)["hand"])


def staged_strike(turn: int, german: list[str], british: list[str],
                  **options: bool) -> JutlandState:
    """A position at the Strike of `turn` with exactly these hands (deck adjusted)."""
    return staged(turn, "strike", german, british, **options)


def strike(state: JutlandState, german: list[str], british: list[str]) -> None:
    """Both sides deploy these cards (then done, unless the choice ended by itself)."""
    for seat, cards in ((GERMAN, german), (BRITISH, british)):
        assert state.current_player() == seat
        for card in cards:
            play(state, f"deploy {card}")
        if state.current_player() == seat:
            play(state, "done")


# -- THE DECK ---------------------------------------------------------------------------

def test_the_common_deck_contains_52_cards_both_lists_shuffled_together() -> None:
    game = new_game()
    sides: Counter[str] = Counter()
    for card in game.cards:
        sides[card.side] += card.count
    assert sides == {"german": 26, "british": 26}
    state = game.new_initial_state()
    assert state.deck_size == 52
    # One deck: the very first draw may be a card of either side.
    first = {game.cards[kind].side for kind in state.legal_actions() if isinstance(kind, int)}
    assert first == {"german", "british"}


def test_cards_include_the_card_name_fleet_and_force_value() -> None:
    game = new_game()
    hipper = game.cards[game.card_index["hipper"]]
    assert (hipper.name, hipper.fleet, hipper.force, hipper.count) == \
        ("Admiral Von Hipper", "Hipper", 5, 1)
    jellicoe_bb = game.cards[game.card_index["jellicoe-bb"]]
    assert (jellicoe_bb.name, jellicoe_bb.fleet, jellicoe_bb.force, jellicoe_bb.count) == \
        ("Battleships", "Jellicoe", 4, 6)
    gunnery = game.cards[game.card_index["gunnery"]]
    assert (gunnery.fleet, gunnery.force, gunnery.count) == ("Fleet", 2, 4)


def test_each_draw_is_weighted_by_the_copies_left_in_the_deck() -> None:
    state = new_game().new_initial_state()
    outcomes = dict(state.chance_outcomes())
    game = state.game
    assert outcomes[game.card_index["jellicoe-bb"]] == pytest.approx(6 / 52)
    assert outcomes[game.card_index["hipper"]] == pytest.approx(1 / 52)


def test_the_fast_draw_of_playouts_keeps_the_weights_of_the_copies_left() -> None:
    state = new_game().new_initial_state()
    rng = random.Random(7)
    draws = 52_000
    counts = Counter(state.sample_chance_outcome(rng) for _ in range(draws))
    for kind, probability in state.chance_outcomes():
        expected = draws * probability
        # Four standard deviations of a binomial count: a wrong weighting (say, by
        # kind instead of by copy) is off by far more on the 6-copy and 1-copy kinds.
        assert abs(counts[kind] - expected) < 4 * (expected * (1 - probability)) ** 0.5

# -- TURN SEQUENCE, SIGHT and SAIL ------------------------------------------------------

def test_the_game_is_played_in_6_turns() -> None:
    game = new_game()
    assert [turn.number for turn in game.turns] == [1, 2, 3, 4, 5, 6]
    state = game.new_initial_state()
    rng = random.Random(1)
    turns_seen = set()
    while not state.is_terminal():
        turns_seen.add(state.turn.number)
        state.apply_action(rng.choice(state.legal_actions()))
    assert turns_seen == {1, 2, 3, 4, 5, 6}
    assert state.current_player() == TERMINAL
    assert [strike[0] for strike in state.strikes] == [1, 3, 4, 5, 6]


def test_sight_phase_players_draw_replacement_cards_to_fill_their_hands_to_7() -> None:
    state = new_game().new_initial_state()
    assert state.current_player() == CHANCE  # turn 1: empty hands, so the draws come first
    deal_turn_one(state, ["hipper"] * 1 + ["gunnery"] * 4 + ["armor"] * 2,
                  ["beatty"] + ["beatty-dd"] * 4 + ["jellicoe"] * 1 + ["jellicoe-bb"])
    assert sum(hand(state, GERMAN).values()) == 7
    assert sum(hand(state, BRITISH).values()) == 7
    assert state.phase == "sail" and state.current_player() == GERMAN


def test_sail_phase_players_may_discard_some_none_or_all_of_their_cards() -> None:
    state = new_game().new_initial_state()
    german = ["hipper", "hipper-bc", "hipper-bc", "hipper-lc", "gunnery", "armor", "armor"]
    deal_turn_one(state, german, ["beatty-dd"] * 4 + ["beatty-lc"] * 3)
    # Some (two cards), then done; all (with nothing left to choose, done is the
    # British player's only choice: it is still theirs to say).
    play(state, "discard hipper", "discard armor", "done")
    assert state.current_player() == BRITISH
    play(state, *["discard beatty-lc"] * 3, *["discard beatty-dd"] * 4)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["done"]
    play(state, "done")
    assert state.last_discards == (2, 7)
    assert hand(state, GERMAN) == Counter(german) - Counter(["hipper", "armor"])
    # Then both refill to 7.
    play(state, "draw scheer", "draw scheer-dd")
    assert sum(hand(state, GERMAN).values()) == 7
    assert state.current_player() == CHANCE and state.drawer == BRITISH


def test_sail_phase_some_cards_may_be_discarded_in_any_order() -> None:
    """"Players may discard some, none or all of their cards": the rulebook puts no
    order on them, so a card listed later does not close off one listed earlier."""
    finals = []
    for order in (["hipper", "armor"], ["armor", "hipper"]):
        state = new_game().new_initial_state()
        deal_turn_one(state, ["hipper", "hipper-bc", "hipper-lc", "gunnery", "armor",
                              "armor", "hipper-dd"], ["beatty-dd"] * 4 + ["beatty-lc"] * 3)
        play(state, *(f"discard {card}" for card in order))
        assert "discard hipper-bc" in [state.action_to_string(a) for a in state.legal_actions()]
        play(state, "done", "done")
        finals.append((hand(state, GERMAN), state.last_discards))
    assert finals[0] == finals[1] == (Counter(["hipper-bc", "hipper-lc", "gunnery", "armor",
                                               "hipper-dd"]), (2, 0))


def test_the_search_weighs_each_set_of_discards_once_in_deck_order() -> None:
    """Any order is legal, but the search weighs a discard in deck order only (the
    game policy's sensible actions): after Armor, the kinds before it are not offered
    to it again; every set is still reached, and `done` always."""
    state = new_game().new_initial_state()
    deal_turn_one(state, ["hipper", "hipper-bc", "hipper-lc", "gunnery", "armor",
                          "armor", "hipper-dd"], ["beatty-dd"] * 4 + ["beatty-lc"] * 3)
    policy = game_policy(state.game)
    every = state.legal_actions()
    assert policy.sensible_actions(state, every) == every  # nothing chosen yet
    play(state, "discard armor")
    kept = [state.action_to_string(a)
            for a in policy.sensible_actions(state, state.legal_actions())]
    assert "discard hipper" in [state.action_to_string(a) for a in state.legal_actions()]
    armor = state.game.card_index["armor"]
    assert "discard hipper" not in kept and "done" in kept
    assert all(state.game.card_index[text.split()[1]] >= armor
               for text in kept if text != "done")


def test_a_line_naming_several_cards_plays_one_discard_each_in_turn() -> None:
    """`discard a b c` at the prompt is the single discards, in the order typed; each
    is still one legal action of the game."""
    state = new_game().new_initial_state()
    deal_turn_one(state, ["hipper", "hipper-bc", "hipper-lc", "gunnery", "armor",
                          "armor", "hipper-dd"], ["beatty-dd"] * 4 + ["beatty-lc"] * 3)
    by_one = state.clone()
    actions = state.string_to_actions("discard  armor hipper ARMOR")
    assert [state.action_to_string(a) for a in actions] == [
        "discard armor", "discard hipper", "discard armor"]
    for action in actions:
        state.apply_action(action)
    play(by_one, "discard armor", "discard hipper", "discard armor")
    assert state == by_one
    assert state.string_to_actions("done") == [state.game.done_action]


@pytest.mark.parametrize(("line", "why"), [
    ("discard armor nelson", "'nelson' is not a card"),
    ("discard armor beatty", "beatty is not in your hand"),
    ("discard armor armor armor", "you hold 2 armor, all chosen already"),
    ("deploy armor hipper", "this is a discard choice"),
])
def test_a_line_with_a_bad_name_is_refused_in_one_line_and_plays_nothing(line: str,
                                                                         why: str) -> None:
    state = new_game().new_initial_state()
    deal_turn_one(state, ["hipper", "hipper-bc", "hipper-lc", "gunnery", "armor",
                          "armor", "hipper-dd"], ["beatty-dd"] * 4 + ["beatty-lc"] * 3)
    before = state.clone()
    with pytest.raises(IllegalActionError) as refused:
        state.string_to_actions(line)
    message = str(refused.value)
    assert why in message and "accepted: discard and any of hipper, hipper-bc" in message
    assert "\n" not in message and state == before


def test_discard_all_and_deploy_all_name_every_card_that_may_still_be_chosen() -> None:
    """"Some, none or all": `all` is every card left to choose; in a Strike, only those
    the turn lets the side deploy (turn 1: Hipper and Fleet cards for the German)."""
    state = staged_strike(1, ["hipper", "hipper-bc", "scheer-lc", "gunnery", "armor",
                              "jellicoe-bb", "hipper-dd"], ["beatty-dd"] * 7)
    play(state, "deploy gunnery")
    deployed = [state.action_to_string(a) for a in state.string_to_actions("deploy all")]
    assert deployed == ["deploy hipper", "deploy hipper-bc", "deploy hipper-dd",
                        "deploy armor"]
    with pytest.raises(IllegalActionError, match="'discard all': this is a deploy choice"):
        state.string_to_actions("discard all")
    sail = new_game().new_initial_state()
    deal_turn_one(sail, ["armor"] * 2 + ["hipper-dd"] * 4 + ["gunnery"], ["beatty-dd"] * 4
                  + ["beatty-lc"] * 3)
    assert len(sail.string_to_actions("discard all")) == 7


def test_sail_phase_players_may_discard_none() -> None:
    state = new_game().new_initial_state()
    deal_turn_one(state, ["hipper-dd"] * 4 + ["hipper-bc"] * 2 + ["hipper"],
                  ["beatty-dd"] * 4 + ["beatty-lc"] * 3)
    play(state, "done", "done")
    assert state.phase == "strike" and state.last_discards == (0, 0)


def test_discards_are_face_down_the_opponent_learns_only_their_number() -> None:
    views = []
    for discarded in ("hipper", "armor"):
        state = new_game().new_initial_state()
        deal_turn_one(state, ["hipper", "hipper-bc", "hipper-lc", "gunnery", "armor",
                              "armor", "hipper-dd"], ["beatty-dd"] * 4 + ["beatty-lc"] * 3)
        play(state, f"discard {discarded}", "done", "done")
        assert state.observation(BRITISH)["last_discards"] == {"german": 1, "british": 0}
        views.append(state.information_state_key(BRITISH))
    assert views[0] == views[1]


def test_the_sight_and_sail_choice_is_simultaneous_british_see_nothing_of_it() -> None:
    keys = []
    for german_moves in ((), ("discard hipper", "discard armor")):
        state = new_game().new_initial_state()
        deal_turn_one(state, ["hipper", "hipper-bc", "hipper-lc", "gunnery", "armor",
                              "armor", "hipper-dd"], ["beatty-dd"] * 4 + ["beatty-lc"] * 3)
        play(state, *german_moves, "done")
        assert state.current_player() == BRITISH
        keys.append(state.information_state_key(BRITISH))
        assert state.observation(BRITISH)["opponent_hand_size"] == 7
    assert keys[0] == keys[1]


def test_a_sampled_opponent_hand_holds_the_cards_it_kept_through_its_discard() -> None:
    """The German discarded 2 of 7 in the Sail phase: the 5 it kept are cards it would
    keep (its own, for turn 1 all of them), so a British sample weighted by the belief
    deals at least 5 German cards to it, not the half of a uniform deal; the 2 drawn
    since are dealt uniformly. Deployed cards leave the kept ones first."""
    state = new_game().new_initial_state()
    deal_turn_one(state, ["hipper", "hipper-bc", "hipper-lc", "gunnery", "armor",
                          "armor", "hipper-dd"], ["beatty-dd"] * 4 + ["beatty-lc"] * 3)
    play(state, "discard hipper-dd", "discard gunnery", "done", "done")
    rng = random.Random(5)
    play(state, *(f"draw {card}" for card in ("jellicoe", "beatty")))
    assert state.kept == [5, 7] and state.phase == "strike"
    keeps = heuristics.worth_keeping(state.game, GERMAN, 1)
    german_cards = {kind for kind, card in enumerate(state.game.cards) if card.side == "german"}
    assert {kind for kind, keep in enumerate(keeps) if keep} == german_cards
    belief = state.belief(BRITISH)
    assert belief == KeptCards(5, keeps)
    own = []
    for _ in range(200):
        world = state.determinize(BRITISH, rng, belief)
        own.append(sum(world.hands[GERMAN][kind] for kind in german_cards))
    assert min(own) >= 5 and max(own) == 7
    uniform = [sum(state.determinize(BRITISH, rng).hands[GERMAN][kind] for kind in german_cards)
               for _ in range(200)]
    assert min(uniform) < 5  # without the belief the dealing is uniform
    strike(state, ["hipper", "hipper-bc"], [])
    assert state.kept == [3, 7]


def test_if_the_deck_runs_out_shuffle_the_discard_and_draw_from_it() -> None:
    state = staged_strike(3, ["hipper"], ["beatty"])
    state.apply_action(state.string_to_action("done"))  # German deploys nothing
    play(state, "done")
    # Turn 4 Sight: empty the deck into the discard pile, then force a draw.
    game = state.game
    for kind, n in enumerate(state.deck):
        state.discard_up[kind] += n
        state.deck[kind] = 0
    state.deck_size = 0
    assert state.turn.number == 4 and state.current_player() == GERMAN
    play(state, "discard hipper", "done")  # the German's only card
    play(state, "done")
    assert state.current_player() == CHANCE
    in_discards = 52 - sum(state.hands[GERMAN]) - sum(state.hands[BRITISH])
    assert state.deck_size == in_discards  # the whole discard pile is the deck now
    assert sum(state.discard_up) == 0 and sum(map(sum, state.discard_down)) == 0
    assert state.chance_outcomes()[0][0] == game.card_index["hipper"]
    assert ("reshuffled", in_discards) in state.views_since(BRITISH, 0)


# -- STRIKE -----------------------------------------------------------------------------

def test_strike_the_higher_force_value_wins() -> None:
    state = staged_strike(3, ["scheer", "scheer-new-bb"], ["jellicoe", "jellicoe-dd"])
    strike(state, ["scheer", "scheer-new-bb"], ["jellicoe", "jellicoe-dd"])
    assert state.strikes[-1][:3] == (3, 9, 6)
    assert state.observation(GERMAN)["strikes"][-1]["winner"] == "german"


def test_strike_the_british_win_ties() -> None:
    state = staged_strike(3, ["scheer", "armor"], ["jellicoe", "jellicoe-dd"])
    strike(state, ["scheer", "armor"], ["jellicoe", "jellicoe-dd"])
    assert state.strikes[-1][1:3] == (6, 6)
    assert state.observation(BRITISH)["strikes"][-1]["winner"] == "british"


def test_strike_players_may_deploy_none_and_a_zero_zero_strike_goes_to_the_british() -> None:
    state = staged_strike(4, ["scheer"], ["jellicoe"])
    before = [list(lost) for lost in state.losses]
    strike(state, [], [])
    assert state.strikes[-1][1:3] == (0, 0)
    assert state.losses[GERMAN] == [before[GERMAN][0], before[GERMAN][1] + 3]
    assert state.losses[BRITISH] == before[BRITISH]


def test_strike_players_may_deploy_some_of_their_cards() -> None:
    state = staged_strike(3, ["scheer", "scheer-dd", "armor"], ["jellicoe"])
    strike(state, ["scheer-dd"], ["jellicoe"])
    assert state.strikes[-1][3] == (state.game.card_index["scheer-dd"],)
    assert hand(state, GERMAN) == Counter(["scheer", "armor"])


def test_strike_players_may_deploy_some_of_their_cards_in_any_order() -> None:
    """Armor comes after Scheer in the deck; deploying it first leaves Scheer free."""
    state = staged_strike(3, ["scheer", "scheer-dd", "armor"], ["jellicoe"])
    strike(state, ["armor", "scheer"], ["jellicoe"])
    assert state.strikes[-1][1] == 5 + 1
    assert hand(state, GERMAN) == Counter(["scheer-dd"])


def test_strike_deployment_is_simultaneous_the_british_choose_blind() -> None:
    keys = set()
    for german in ([], ["scheer"], ["scheer", "armor"]):
        state = staged_strike(3, ["scheer", "armor"], ["jellicoe", "jellicoe-dd"])
        for card in german:
            play(state, f"deploy {card}")
        if state.current_player() == GERMAN:
            play(state, "done")
        keys.add(state.information_state_key(BRITISH))
        assert state.current_player() == BRITISH
    assert len(keys) == 1


def test_strike_deployed_cards_are_revealed_face_up_and_discarded() -> None:
    state = staged_strike(3, ["scheer", "armor"], ["jellicoe"])
    strike(state, ["scheer"], ["jellicoe"])
    game = state.game
    shown = state.observation(BRITISH)["strikes"][-1]
    assert shown["german_cards"] == ["scheer"] and shown["british_cards"] == ["jellicoe"]
    assert state.discard_up[game.card_index["scheer"]] == 1
    assert state.discard_up[game.card_index["jellicoe"]] == 1
    assert "scheer" not in hand(state, GERMAN)


def test_enemy_cards_can_be_drawn_but_never_deployed() -> None:
    state = staged_strike(3, ["scheer", "beatty", "jellicoe-bb"], ["jellicoe", "hipper"])
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert texts == ["deploy scheer", "done"]
    with pytest.raises(IllegalActionError, match="deploy beatty"):
        state.string_to_action("deploy beatty")


# -- SINK and the turns -----------------------------------------------------------------

@pytest.mark.parametrize(("turn", "winner_loses", "loser_loses"), [
    (1, (0, 1), (1, 3)), (3, (1, 2), (2, 3)), (4, (0, 0), (0, 3)),
    (5, (0, 1), (1, 4)), (6, (0, 1), (0, 2))])
def test_sink_phase_the_turn_number_determines_the_casualties(
        turn: int, winner_loses: tuple[int, int], loser_loses: tuple[int, int]) -> None:
    for german_wins in (True, False):
        german = ["hipper-bc"] if german_wins else []
        state = staged_strike(turn, german, ["jellicoe-dd"])
        before = [list(lost) for lost in state.losses]
        strike(state, german, [])
        winner = GERMAN if german_wins else BRITISH
        got = {seat: (state.losses[seat][0] - before[seat][0],
                      state.losses[seat][1] - before[seat][1]) for seat in (0, 1)}
        assert got[winner] == winner_loses
        assert got[1 - winner] == loser_loses


def test_ship_losses_do_not_affect_the_deck_or_players_hands() -> None:
    state = staged_strike(3, ["scheer"], ["jellicoe", "jellicoe-dd"])
    strike(state, ["scheer"], [])
    assert sum(state.deck) + sum(state.hands[0]) + sum(state.hands[1]) \
        + sum(state.discard_up) + sum(map(sum, state.discard_down)) == 52
    assert hand(state, BRITISH) == Counter(["jellicoe", "jellicoe-dd"])


def test_turn_1_german_can_only_deploy_hipper_or_fleet_cards_british_only_beatty() -> None:
    state = new_game().new_initial_state()
    deal_turn_one(state, ["hipper", "scheer", "gunnery", "armor", "scheer-new-bb",
                          "hipper-dd", "beatty-lc"],
                  ["beatty", "beatty-bc", "jellicoe", "jellicoe-bb", "hipper-lc", "beatty-dd",
                   "jellicoe-dd"])
    play(state, "done", "done")
    german = [state.action_to_string(a) for a in state.legal_actions()]
    assert german == ["deploy hipper", "deploy hipper-dd", "deploy gunnery", "deploy armor",
                      "done"]
    play(state, "done")
    british = [state.action_to_string(a) for a in state.legal_actions()]
    assert british == ["deploy beatty", "deploy beatty-bc", "deploy beatty-dd", "done"]


def test_turn_2_only_play_the_sight_phase() -> None:
    state = staged_strike(1, ["hipper"], ["beatty"])
    strike(state, [], [])
    assert state.turn.number == 2 and state.phase == "sight"
    play(state, "done", "done")
    rng = random.Random(0)
    while state.current_player() == CHANCE:
        state.apply_action(rng.choice(state.legal_actions()))
    # After the Sight phase's draws, turn 2 is over: no Sail, no Strike, no Sink.
    assert state.turn.number == 3 and state.phase == "sight"
    assert [s[0] for s in state.strikes] == [1]


def test_turns_3_and_4_each_side_can_deploy_any_own_card() -> None:
    for turn in (3, 4):
        state = staged_strike(turn, ["hipper", "scheer-new-bb", "gunnery", "beatty"],
                              ["beatty-bb", "jellicoe-bb", "jellicoe-ac", "scheer"])
        assert [state.action_to_string(a) for a in state.legal_actions()] == \
            ["deploy hipper", "deploy scheer-new-bb", "deploy gunnery", "done"]
        play(state, "done")
        assert [state.action_to_string(a) for a in state.legal_actions()] == \
            ["deploy beatty-bb", "deploy jellicoe-bb", "deploy jellicoe-ac", "done"]


def test_turn_5_german_any_card_british_only_jellicoe_cards() -> None:
    state = staged_strike(5, ["hipper", "scheer-new-bb", "armor"],
                          ["beatty", "beatty-bb", "jellicoe", "jellicoe-dd"])
    assert len(state.legal_actions()) == 4
    play(state, "done")
    assert [state.action_to_string(a) for a in state.legal_actions()] == \
        ["deploy jellicoe", "deploy jellicoe-dd", "done"]


def test_turn_6_neither_side_can_play_admirals_or_battleships() -> None:
    state = staged_strike(6, ["hipper", "scheer-old-bb", "hipper-bc", "gunnery"],
                          ["jellicoe", "beatty-bb", "beatty-bc", "jellicoe-lc"])
    assert [state.action_to_string(a) for a in state.legal_actions()] == \
        ["deploy hipper-bc", "deploy gunnery", "done"]
    play(state, "done")
    assert [state.action_to_string(a) for a in state.legal_actions()] == \
        ["deploy beatty-bc", "deploy jellicoe-lc", "done"]


def test_turn_6_option_reads_battleships_as_including_battle_cruisers() -> None:
    state = staged_strike(6, ["hipper-bc", "gunnery"], ["beatty-bc", "jellicoe-lc"],
                          escape_bans_battle_cruisers=True)
    assert [state.action_to_string(a) for a in state.legal_actions()] == \
        ["deploy gunnery", "done"]
    assert state.to_record()["options"] == {"escape_bans_battle_cruisers": True}


def test_unknown_options_are_refused_with_the_accepted_ones() -> None:
    with pytest.raises(OptionError, match="accepted: escape_bans_battle_cruisers"):
        load_game("jutland", turns=7)


# -- VICTORY ----------------------------------------------------------------------------

def finished(losses: list[list[int]]) -> JutlandState:
    state = staged_strike(6, ["gunnery"], ["jellicoe-lc"])
    state.losses = losses
    strike(state, [], [])  # British win turn 6: German loses 2 small, British 1 small
    return state


def test_victory_the_player_that_sinks_the_most_enemy_ships_wins() -> None:
    state = finished([[0, 0], [0, 2]])  # + turn 6: German lost 2 small, British 3 small
    assert state.is_terminal() and state.winner() == GERMAN
    assert state.returns() == [1.0, -1.0]


def test_victory_tied_ship_counts_go_to_more_big_ships_sunk() -> None:
    state = finished([[0, 1], [1, 1]])  # German lost 0 big + 3 small, British 1 big + 2
    assert state.winner() == GERMAN and state.returns() == [1.0, -1.0]
    state = finished([[1, 0], [0, 2]])  # German lost 1 big + 2 small, British 0 big + 3
    assert state.winner() == BRITISH and state.returns() == [-1.0, 1.0]


def test_victory_fully_tied_is_a_draw() -> None:
    state = finished([[0, 0], [0, 1]])  # both lost 2 small ships
    assert state.winner() is None and state.returns() == [0.0, 0.0]
    assert state.observation(GERMAN)["result"] == "draw"


def test_the_log_says_each_strikes_sink_and_its_losses_add_up_to_the_tally() -> None:
    """Each Strike's line says the ships each side loses in the Sink that follows (the
    turn's table), so a player reads in `log` what the tally of ships lost adds up."""
    game = load_game("jutland")
    for seed in range(12):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                               else rng.choice(state.legal_actions()))
        assert isinstance(state, JutlandState)
        said = [[0, 0], [0, 0]]
        for line in state.observation(BRITISH)["log"]:
            if (sink := re.search(r"Sink: the Germans (\d+) big and (\d+) small, the "
                                  r"British (\d+) big and (\d+) small ships lost", line)):
                numbers = [int(n) for n in sink.groups()]
                said[GERMAN] = [a + b for a, b in zip(said[GERMAN], numbers[:2], strict=True)]
                said[BRITISH] = [a + b for a, b in zip(said[BRITISH], numbers[2:], strict=True)]
        assert said == state.losses, seed


# -- conformance ------------------------------------------------------------------------

@pytest.mark.slow
def test_jutland_passes_the_conformance_suite_on_1000_random_games() -> None:
    # Every step's legal actions, chance and playout policy; the full checks (texts,
    # observations, clones) at a fifth of the steps, as for the other games' 1000.
    report = check_game(new_game(), num_games=1000, seed=2026, check_probability=0.2)
    assert report.games == 1000 and report.determinizations > 1000
    assert report.alternative_worlds > 1000  # the no-leak check really compared worlds


def test_jutland_variant_passes_the_conformance_suite() -> None:
    check_game(new_game(escape_bans_battle_cruisers=True), num_games=100, seed=7)
