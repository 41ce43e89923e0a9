"""Jutland's hand-written players (`hunt.models.jutland.players`): what each chooses in
positions built with the engine, named after the behaviour."""

from __future__ import annotations

import random

from hunt.models import CHANCE
from hunt.models.jutland import BRITISH, GERMAN, JutlandState
from hunt.models.jutland.players import GreedyPlayer, PlannerPlayer, strike_worth
from hunt.models.registry import game_players
from hunt.tests.jutland_positions import new_game
from hunt.tests.jutland_positions import staged as staged_hands

JELLICOE_AND_BEATTY = ["beatty-bc", "beatty-bb", "beatty-lc", "jellicoe", "jellicoe-bb",
                       "jellicoe-bb", "jellicoe-bb"]
DARKNESS_HAND = ["jellicoe-bc", "jellicoe-dd", "jellicoe-bb", "jellicoe-lc", "beatty-bc",
                 "beatty-lc", "jellicoe-ac"]


def staged(turn: int, phase: str, german: list[str], british: list[str],
           lost: tuple[int, int] = (0, 0)) -> JutlandState:
    """The German's choice in `phase` of `turn`, with exactly these hands, and `lost`
    small ships (German, British) as the only losses so far."""
    state = staged_hands(turn, phase, german, british)
    state.losses = [[0, lost[GERMAN]], [0, lost[BRITISH]]]
    return state


def chosen(state: JutlandState, player: GreedyPlayer | PlannerPlayer, seat: int) -> list[str]:
    """The cards `player` chooses for `seat` (the German having said done, if the seat
    is the British)."""
    game = state.game
    if seat == BRITISH and state.current_player() == GERMAN:
        state.apply_action(game.done_action)
    cards: list[str] = []
    rng = random.Random(0)
    while state.current_player() == seat:
        action = player.choose(state, rng)
        if action == game.done_action:
            break
        cards.append(game.cards[action].id)
        state.apply_action(action)
    return cards


def test_the_plug_in_names_greedy_and_planner() -> None:
    assert dict(game_players(new_game())) == {"greedy": GreedyPlayer,
                                              "planner": PlannerPlayer}


def test_the_strikes_are_worth_13_ships_so_the_totals_never_tie() -> None:
    game = new_game()
    worths = [strike_worth(game, number) for number in range(1, 7)]
    assert worths == [3, 0, 2, 3, 4, 1]
    assert sum(worths) % 2 == 1


def test_greedy_deploys_every_card_it_may_in_a_strike() -> None:
    state = staged(4, "strike", [], JELLICOE_AND_BEATTY)
    assert sorted(chosen(state, GreedyPlayer(), BRITISH)) == sorted(JELLICOE_AND_BEATTY)


def test_greedy_discards_in_first_blood_the_cards_its_strike_cannot_take() -> None:
    hand = ["hipper", "hipper-dd", "scheer", "scheer-new-bb", "gunnery", "armor", "beatty"]
    state = staged(1, "sail", hand, [])
    assert chosen(state, GreedyPlayer(), GERMAN) == ["scheer", "scheer-new-bb", "beatty"]


def test_greedy_throws_back_a_weak_card_a_fresh_draw_beats_on_average() -> None:
    hand = ["hipper-bc", "hipper-dd", "scheer", "scheer-new-bb", "gunnery", "armor",
            "beatty"]
    state = staged(3, "sight", hand, [])
    assert chosen(state, GreedyPlayer(), GERMAN) == ["hipper-dd", "armor", "beatty"]


def test_planner_keeps_jellicoes_cards_for_turn_5_darkness() -> None:
    state = staged(4, "strike", [], JELLICOE_AND_BEATTY)
    deployed = chosen(state, PlannerPlayer(), BRITISH)
    assert deployed and not any(card.startswith("jellicoe") for card in deployed)


def test_planner_keeps_jellicoes_cards_through_a_discard_and_throws_back_german_ones(
        ) -> None:
    hand = ["hipper-dd", "scheer", "jellicoe", "jellicoe-bb", "beatty-bc", "jellicoe-dd",
            "beatty-dd"]
    state = staged(3, "sight", [], hand)
    discarded = chosen(state, PlannerPlayer(), BRITISH)
    assert {"hipper-dd", "scheer"} <= set(discarded)
    assert "jellicoe" not in discarded and "jellicoe-bb" not in discarded


def test_planner_goes_all_in_in_darkness_when_it_decides_the_game() -> None:
    # The British are 2 ships behind: Darkness (4) decides, Escape (1) cannot undo it,
    # so even the cards Escape would take go in.
    state = staged(5, "strike", [], DARKNESS_HAND, lost=(0, 2))
    assert sorted(chosen(state, PlannerPlayer(), BRITISH)) == sorted(
        card for card in DARKNESS_HAND if card.startswith("jellicoe"))


def test_planner_saves_its_escape_cards_when_darkness_is_a_long_shot_it_need_not_win(
        ) -> None:
    # 4 ships ahead, the British need only one of Darkness and Escape; 12 force is
    # unlikely to win Darkness, so the cards Escape takes are kept for it.
    state = staged(5, "strike", [], DARKNESS_HAND, lost=(4, 0))
    assert chosen(state, PlannerPlayer(), BRITISH) == ["jellicoe-bb"]
    greedy = chosen(staged(5, "strike", [], DARKNESS_HAND, lost=(4, 0)), GreedyPlayer(),
                    BRITISH)
    assert len(greedy) == 5


def test_players_choose_only_legal_cards_in_every_seat_of_a_whole_game() -> None:
    game = new_game()
    for player in (GreedyPlayer(), PlannerPlayer()):
        rng = random.Random(7)
        state = game.new_initial_state(seed=7)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                action = player.choose(state, rng)
                assert action in state.legal_actions()
                state.apply_action(action)
