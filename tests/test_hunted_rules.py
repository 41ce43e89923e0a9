"""Hunted: Mining Colony 415: each rule sentence of
the rulebook as a named test, and the readings of
models/hunted/rules.py by name; the conformance suite over 1,000 games at the end."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from hunt.boards.data import read_board_file
from hunt.boards.hunted.data import DECK_SIZE, HUNTED, LANDING_PAD, load_hunted
from hunt.cli.main import cli
from hunt.errors import IllegalActionError, OptionError
from hunt.models import load_game
from hunt.models.game import CHANCE
from hunt.models.hunted import HuntedAction, HuntedGame, HuntedState
from hunt.models.hunted.rules import Fight, Item, slug
from hunt.models.hunted.steps import DrawLocation, FightTurn, Turn
from hunt.models.hunted.words import log_lines
from hunt.models.registry import game_policy
from hunt.models.testing import check_game
from hunt.solver.agent import HeuristicAgent
from hunt.solver.session import play_game


def act(state: HuntedState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.string_to_action(text))


def texts(state: HuntedState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def new_state(players: int = 1, **options: object) -> HuntedState:
    return HuntedGame(players=players, **options).new_initial_state(1)


def draw(state: HuntedState, *names: str, window: str = "pass") -> None:
    """Draw these cards (the top of the deck rigged to them). Two players: the
    partner's window to give after a draw (not one before a combat round) is closed
    with `window` ("pass"; "" leaves it open)."""
    for name in names:
        drawer = state.current_player()
        state.pile[name] = state.pile.get(name, 0) + 1
        act(state, "draw", f"card {slug(name)}")
        if window and state.stage() == "give" and state.fight is None:
            assert state.current_player() == 1 - drawer
            act(state, window)


def fight(state: HuntedState, strength: int, crew_icon: bool = False,
          queen: bool = False, alien: str = "") -> None:
    """Start a fight against an alien of `strength` now (on p1's turn)."""
    state.fight = Fight(0, 0, alien, strength, crew_icon, queen)
    state.stack.append(FightTurn(0))


def chance_of(state: HuntedState, text: str) -> float:
    return dict((state.action_to_string(a), p) for a, p in state.chance_outcomes())[text]


# -- components ------------------------------------------------------------------------


def test_components_hunted_deck_65_cards_2_starting_weapons_17_locations() -> None:
    components = load_hunted()
    assert sum(card.count for card in components.cards.values()) == DECK_SIZE == 65
    assert components.cards["Pulse Rifle"].count == 0  # the 2 starting weapons apart
    assert len(components.locations) == 17 and LANDING_PAD in components.locations
    assert sum(c.count for c in components.cards.values() if c.star) == 3


def test_components_tokens_as_itemised_on_the_component_page() -> None:
    tokens = load_hunted().tokens
    assert tokens == {"key": 3, "ammo": 7, "reroll": 1, "flame": 3, "hit": 2, "shot": 8,
                      "grenade": 2, "laser": 3, "large_test": 1, "small_test": 1}


def test_board_validation_names_every_problem_in_one_line() -> None:
    files = {name: read_board_file("hunted", f"{name}.toml")
             for name in ("cards", "locations", "setup")}
    assert HUNTED.check(files) == []
    files["cards"]["card"][1]["count"] += 2
    files["locations"]["location"][3]["source"] = "guess"
    problems = [line for _, line in HUNTED.check(files)]
    assert "the Hunted deck has 67 cards; the rulebook says 65" in problems
    files["cards"]["card"][2]["type"] = "gadget"
    problems = [line for _, line in HUNTED.check(files)]
    assert any("key 'type': expected one of weapon, " in p and "got 'gadget'" in p
               for p in problems)
    assert any("key 'source': expected one of rulebook, public, reconstructed" in p
               for p in problems)
    assert all("\n" not in p for p in problems)


def test_hunt_board_validate_checks_an_edited_hunted_file(tmp_path: Path) -> None:
    shipped = Path(__file__).parent.parent / "boards" / "hunted" / "locations.toml"
    edited = tmp_path / "locations.toml"
    edited.write_text(shipped.read_text().replace('name = "Nest"', 'name = "Nest 2"', 1)
                      .replace("ambush = 5", "ambush = 5, teleport = 1"))
    result = CliRunner().invoke(cli, ["board", "validate", str(edited)])
    assert result.exit_code == 2
    assert f"{edited}: [[location]] #9 'Nest 2': key 'effect.teleport' is unknown; " \
        "accepted: " in result.output
    result = CliRunner().invoke(cli, ["board", "validate", str(shipped)])
    assert result.exit_code == 0 and "no problems" in result.output


# -- setting up ------------------------------------------------------------------------


def test_setup_six_health_twenty_time_pulse_rifle_with_three_ammo_four_shots() -> None:
    state = new_state()
    assert state.health == [6] and state.time == 20
    assert state.inventory == [[Item("Pulse Rifle", 3, 4)]]
    assert state.reroll


def test_setup_star_aliens_are_set_aside_not_in_the_deck() -> None:
    state = new_state()
    assert sum(state.pile.values()) == 62
    assert not any(state.game.cards[name].star for name in state.pile)
    assert sum(state.stars.values()) == 3


def test_setup_landing_pad_is_among_the_last_three_location_cards() -> None:
    state = new_state()
    state.stack.append(DrawLocation(0))
    for drawn in range(15):
        state.locations_drawn = drawn
        odds = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
        pad = odds.get("location landing-pad", 0.0)
        assert pad == (0.0 if drawn < 12 else pytest.approx(1 / (15 - drawn)))
        assert math.isclose(sum(odds.values()), 1.0)


def test_hard_variant_four_health_seventeen_time_and_the_hard_target() -> None:
    state = new_state(difficulty="hard", target="hard")
    assert state.health == [4] and state.time == 17
    assert state.game.hit_rates == load_hunted().hit_rates["hard"]
    assert state.game.hit_rates["token"] < load_hunted().hit_rates["normal"]["token"]


def test_hard_mode_is_starting_with_four_health_and_seventeen_time_not_a_lower_maximum(
) -> None:
    """"starting with four health points and seventeen time points": the cubes start
    lower, the tracks keep their tops, so a Medkit at 4 health heals and a Control
    Room's success at 17 time gains one."""
    state = new_state(difficulty="hard")
    assert state.health == [4] and state.time == 17
    assert state.game.max_health == 6
    state.inventory[0].append(Item("Medkit"))
    act(state, "use medkit")
    assert state.health == [5]
    door_to(state, "Control Room")
    act(state, "test hit")
    assert state.time == 18


def test_hard_mode_heals_up_to_the_six_health_of_the_track_and_no_further() -> None:
    state = new_state(difficulty="hard")
    state.inventory[0] += [Item("Medkit"), Item("Medkit"), Item("Medkit")]
    act(state, "use medkit", "use medkit", "use medkit")
    assert state.health == [6]


def test_options_are_checked_with_a_one_line_error() -> None:
    with pytest.raises(OptionError, match="players must be 1 or 2"):
        HuntedGame(players=3)
    with pytest.raises(OptionError, match="difficulty must be normal or hard"):
        HuntedGame(difficulty="nightmare")
    with pytest.raises(OptionError, match="accepted: token, large, small"):
        HuntedGame(hit_rates={"dart": 0.5})
    with pytest.raises(OptionError, match="at most 1"):
        HuntedGame(hit_rates={"token": 1.5})


def test_hit_rates_can_be_set_and_are_kept_in_the_record() -> None:
    game = HuntedGame(hit_rates={"token": 0.8})
    assert game.hit_rates["token"] == 0.8
    state = game.new_initial_state(3)
    assert state.to_record()["options"]["hit_rates"] == {"token": 0.8}


# -- drawing and hiding ----------------------------------------------------------------


def test_draw_places_the_top_card_face_up_in_the_row() -> None:
    state = new_state()
    assert texts(state)[:2] == ["draw", "hide"]
    draw(state, "Medkit")
    assert state.rows[0] == ["Medkit"]
    assert state.observation(0)["rows"] == [["Medkit"]]


def test_a_draw_is_any_card_left_weighted_by_its_copies() -> None:
    state = new_state()
    act(state, "draw")
    assert state.current_player() == CHANCE
    assert chance_of(state, "card medkit") == pytest.approx(3 / 62)


def test_the_row_has_no_limit() -> None:
    state = new_state()
    draw(state, *["Medkit", "Ammo", "Keycard", "Service Corridor"] * 3)
    assert len(state.rows[0]) == 12


def test_an_empty_deck_is_made_again_from_the_shuffled_discards() -> None:
    state = new_state()
    state.discards = dict(state.pile)
    state.pile = {}
    act(state, "draw")
    assert sum(state.pile.values()) == 62 and not state.discards


def test_hide_discards_the_row_and_costs_one_time() -> None:
    state = new_state()
    draw(state, "Drone", "Medkit")
    act(state, "hide")
    assert state.rows == [[]] and state.time == 19
    assert state.discards == {"Drone": 1, "Medkit": 1}


# -- activating cards ------------------------------------------------------------------


def test_rulebook_example_a_grenade_and_ammo_pay_the_runner_which_draws_a_location(
) -> None:
    state = new_state()
    draw(state, "Runner", "Grenade", "Ammo")
    assert "activate runner" in texts(state)
    act(state, "activate runner")
    assert all(text.startswith("pay ") for text in texts(state))  # one card at a time
    act(state, "pay move with grenade", "pay move with ammo")
    assert state.current_player() == CHANCE and state.stack[-1].kind == "location"
    assert state.rows == [[]]
    assert state.discards == {"Runner": 1, "Grenade": 1, "Ammo": 1}


def test_rulebook_example_b_the_runner_gives_a_search_to_put_the_ammo_in_the_inventory(
) -> None:
    state = new_state()
    draw(state, "Runner", "Grenade", "Ammo")
    act(state, "activate ammo", "pay search with runner")
    assert Item("Ammo") in state.inventory[0]
    assert state.rows == [["Grenade"]]


def test_only_one_icon_of_a_discarded_card_is_used() -> None:
    state = new_state()
    draw(state, "Main Corridor", "Ammo")  # Main Corridor costs move + search
    assert "activate main-corridor" not in texts(state)


def test_a_card_that_cannot_be_paid_for_cannot_be_activated() -> None:
    state = new_state()
    draw(state, "Laser Rifle")
    assert not [t for t in texts(state) if t.startswith("activate")]
    with pytest.raises(IllegalActionError, match="not legal here"):
        act(state, "activate laser-rifle")


def test_crew_found_in_the_row_join_the_inventory_without_limit() -> None:
    state = new_state()
    state.inventory[0] += [Item("Medkit")] * 12
    draw(state, "Chen", "Service Corridor", "Medkit")
    act(state, "activate chen", "pay move with service-corridor", "pay search with medkit")
    assert state.inventory[0][-1] == Item("Chen") and len(state.inventory[0]) == 14


def test_a_key_token_pays_for_a_key_icon() -> None:
    state = new_state()
    draw(state, "Blast Door")
    assert "activate blast-door" not in texts(state)
    state.keys[0] = 1
    act(state, "activate blast-door", "pay key with token")
    assert state.keys == [0]
    assert state.stack[-1].kind == "location"


def test_a_weapon_goes_to_the_inventory_with_its_ammo_and_shot_tokens() -> None:
    state = new_state()
    draw(state, "Flamethrower", "Medkit", "Service Corridor")
    act(state, "activate flamethrower", "pay search with medkit",
        "pay move with service-corridor")
    card = state.game.cards["Flamethrower"]
    assert Item("Flamethrower", card.ammo, card.shots) in state.inventory[0]


def test_the_ammo_tokens_in_the_box_bound_what_is_gained() -> None:
    state = new_state()
    state.inventory[0] = [Item("Pulse Rifle", 7, 4), Item("Ammo")]
    act(state, "use ammo")
    assert state.inventory[0] == [Item("Pulse Rifle", 7, 4)]  # no token was left


def test_inventory_cards_are_discarded_for_their_benefit() -> None:
    state = new_state()
    state.health = [4]
    state.inventory[0].append(Item("Medkit"))
    act(state, "use medkit")
    assert state.health == [5] and state.discards == {"Medkit": 1}


# -- Locations and events --------------------------------------------------------------


def door_to(state: HuntedState, *locations: str) -> None:
    """Activate a door and draw these Locations."""
    draw(state, "Hatch", "Medkit")
    act(state, "activate hatch", "pay search with medkit")
    for name in locations:
        act(state, "location " + name.lower().replace(" ", "-"))


def test_one_location_drawn_must_be_done() -> None:
    state = new_state()
    door_to(state, "Flooded Tunnel")
    assert state.time == 19 and state.locations_drawn == 1
    # the log says what the Location does, and the time it took
    assert log_lines(state.game, state.observation(0)["log"])[-2:] == [
        "Location: Flooded Tunnel: -1 time.", "Time -1: 19 left."]


def test_two_locations_drawn_one_is_chosen_the_other_discarded() -> None:
    state = new_state()
    state.keys[0] = 1
    draw(state, "Blast Door")
    act(state, "activate blast-door", "pay key with token",
        "location med-bay", "location flooded-tunnel")
    assert texts(state) == ["go flooded-tunnel", "go med-bay"]
    state.health = [5]
    act(state, "go med-bay")
    assert state.health == [6] and state.time == 20 and state.locations_drawn == 2
    assert log_lines(state.game, state.observation(0)["log"])[-1] == "You gain 1 health: 6/6."
    assert "Flooded Tunnel" in state.locations_seen


def test_an_optional_location_may_be_declined() -> None:
    state = new_state()
    door_to(state, "Armory Locker")
    assert texts(state) == ["no", "yes"]
    act(state, "no")
    assert state.time == 20 and state.stage() == "turn"


def test_armory_pays_one_time_and_draws_until_a_weapon_goes_into_the_inventory() -> None:
    state = new_state()
    draw(state, "Armory")
    act(state, "yes")
    assert state.time == 19
    assert log_lines(state.game, state.observation(0)["log"])[-1] == "Time -1: 19 left."
    assert texts(state) == ["found flamethrower", "found laser-rifle"]
    act(state, "found laser-rifle")
    assert state.inventory[0][-1].name == "Laser Rifle"
    assert "Laser Rifle" not in state.pile and state.discards == {"Armory": 1}


def test_draw_until_found_searches_the_reshuffled_discards_when_the_pile_has_none() -> None:
    state = new_state()
    for name in ("Laser Rifle", "Flamethrower"):
        del state.pile[name]
    state.discards = {"Flamethrower": 1}
    draw(state, "Armory")
    act(state, "yes")
    assert texts(state) == ["found flamethrower"]
    act(state, "found flamethrower")
    assert state.inventory[0][-1].name == "Flamethrower"


def test_a_test_is_resolved_before_anything_else() -> None:
    state = new_state()
    door_to(state, "Reactor Core")
    assert state.current_player() == CHANCE and state.stack[-1].kind == "test"
    act(state, "test miss")
    assert state.health == [5]


def test_the_test_token_is_large_at_high_health_and_small_when_low() -> None:
    state = new_state()
    door_to(state, "Reactor Core")
    rates = state.game.hit_rates
    assert chance_of(state, "test hit") == rates["large"]
    state.health = [state.game.components.large_from_health - 1]
    assert chance_of(state, "test hit") == rates["small"]


def test_a_failed_test_can_force_a_fight_with_no_card() -> None:
    state = new_state()
    door_to(state, "Ventilation Duct")
    act(state, "test miss")
    assert state.fight is not None and state.fight.alien == "" and state.fight.strength == 2


def test_draw_five_stops_at_an_alien_which_attacks_and_the_row_stays() -> None:
    state = new_state()
    draw(state, "Medkit", "Ambush")
    odds = dict(state.chance_outcomes())
    size = sum(state.pile.values())
    aliens = sum(c for n, c in state.pile.items() if state.game.cards[n].type == "alien")
    assert odds[HuntedAction("ambush", "nothing")] == pytest.approx(
        math.comb(size - aliens, 5) / math.comb(size, 5))
    act(state, "ambush stalker")
    assert state.fight is not None and state.fight.alien == "Stalker"
    assert state.rows == [["Medkit"]]  # "Event cards that make you fight ... do not clear"


# -- aliens ----------------------------------------------------------------------------


def test_one_alien_in_the_row_can_be_hidden_from() -> None:
    state = new_state()
    draw(state, "Stalker")
    assert state.fight is None and "hide" in texts(state)
    act(state, "hide")
    assert state.rows == [[]] and state.discards == {"Stalker": 1}


def test_an_alien_with_two_bells_in_the_row_clears_the_row_and_attacks() -> None:
    state = new_state()
    draw(state, "Hatch", "Drone")
    assert state.stage() == "turn"  # one bell: no fight yet
    draw(state, "Grenade")
    assert state.fight is not None and state.fight.alien == "Drone"
    assert state.rows == [[]] and state.discards == {"Hatch": 1, "Grenade": 1}


def test_a_second_alien_clears_the_row_and_the_stronger_attacks() -> None:
    state = new_state()
    draw(state, "Drone", "Medkit", "Brute Swarm")
    assert state.fight is not None and state.fight.alien == "Brute Swarm"
    assert state.discards == {"Drone": 1, "Medkit": 1}


def test_two_aliens_of_equal_strength_the_player_chooses_which_to_fight() -> None:
    state = new_state()
    draw(state, "Drone", "Drone Hunter")
    assert texts(state) == ["fight drone", "fight drone-hunter"]
    act(state, "fight drone-hunter")
    assert state.fight is not None and state.fight.crew_icon
    assert state.discards == {"Drone": 1}


def test_fight_the_stronger_alien_discarding_the_weaker_one_with_three_in_the_row() -> None:
    state = new_state(players=2)
    draw(state, "Medkit")
    act(state, "done")
    draw(state, "Drone")  # p2: a Drone alone
    act(state, "done")
    draw(state, "Brute Swarm")
    act(state, "share brute-swarm", "done")  # p2's row: the Drone and the shared Swarm
    assert state.stage() == "turn" and state.row_of(1) == ["Drone", "Brute Swarm"]
    draw(state, "Stalker")  # the third alien: the strongest of the three attacks
    assert state.fight is not None and state.fight.alien == "Brute Swarm"
    assert state.fight.drawer == 1 and state.stage() == "give"  # p1 may arm p2 first
    act(state, "pass")
    assert state.current_player() == 1 and state.stage() == "fight"
    assert state.discards == {"Drone": 1, "Stalker": 1}  # both weaker ones discarded
    assert state.rows == [["Medkit"], []] and state.shared == []


def test_the_strongest_aliens_of_equal_strength_the_player_chooses_among_them() -> None:
    state = new_state(players=2)
    draw(state, "Stalker")
    act(state, "share stalker", "done")
    state.rows[1] = ["Drone"]
    draw(state, "Stalker Pack")  # Drone 1, Stalker 2, Stalker Pack 2
    assert state.stage() == "pick-alien" and state.current_player() == 1
    assert texts(state) == ["fight stalker", "fight stalker-pack"]
    act(state, "fight stalker-pack")
    assert state.fight is not None and state.fight.alien == "Stalker Pack"
    assert state.discards == {"Drone": 1, "Stalker": 1}


# -- fights ----------------------------------------------------------------------------


def test_a_toss_costs_one_time_and_hits_with_the_target_side_s_rate() -> None:
    state = new_state()
    fight(state, 2)
    act(state, "toss pulse-rifle 3")
    assert state.time == 19 and state.inventory[0][0].shots == 1
    rate = state.game.hit_rates["token"]
    assert chance_of(state, "hits 2") == pytest.approx(3 * rate ** 2 * (1 - rate))


def test_enough_hits_defeat_the_alien_which_goes_to_the_discards() -> None:
    state = new_state()
    draw(state, "Hatch", "Stalker", "Grenade")
    act(state, "toss pulse-rifle 2", "hits 2")
    assert state.fight is None and state.discards["Stalker"] == 1
    assert state.stage() == "turn" and state.health == [6]


def test_a_round_without_enough_hits_costs_one_health_and_the_hits_stay() -> None:
    state = new_state()
    fight(state, 3)
    act(state, "toss pulse-rifle 2", "hits 1", "keep")
    assert state.health == [5] and state.fight is not None and state.fight.hits == 1
    assert log_lines(state.game, state.observation(0)["log"])[-1] == "You lose 1 health: 5/6."
    act(state, "toss pulse-rifle 2", "hits 2")
    assert state.fight is None


def test_the_reroll_token_re_tosses_the_misses_once_without_time() -> None:
    state = new_state()
    fight(state, 2)
    act(state, "toss pulse-rifle 3", "hits 1")
    assert texts(state) == ["keep", "reroll"]
    act(state, "reroll")
    assert state.time == 19 and not state.reroll
    assert texts(state) == ["hits 0", "hits 1", "hits 2"]  # the two misses again
    act(state, "hits 1")
    assert state.fight is None
    fight(state, 3)
    act(state, "toss pulse-rifle 1", "hits 0")
    assert state.stage() == "fight"  # no reroll token any more


def test_reload_costs_an_ammo_token_and_one_time_and_refills_the_shots() -> None:
    state = new_state()
    state.inventory[0] = [Item("Pulse Rifle", 3, 1)]
    act(state, "reload pulse-rifle")
    assert state.inventory[0] == [Item("Pulse Rifle", 2, 4)] and state.time == 19


def test_no_more_shots_than_the_weapon_holds() -> None:
    state = new_state()
    state.inventory[0] = [Item("Pulse Rifle", 3, 2)]
    fight(state, 2)
    assert [t for t in texts(state) if t.startswith("toss")] == [
        "toss pulse-rifle 1", "toss pulse-rifle 2"]


def test_tokens_from_a_flip_or_a_grenade_are_gone_when_the_fight_ends() -> None:
    state = new_state()
    state.inventory[0] += [Item("Hobbes"), Item("Grenade")]
    fight(state, 1)
    act(state, "flip hobbes", "use grenade", "toss pulse-rifle 1", "hits 1")
    assert state.fight is None and state.loose_shots == [0] and state.grenades == [0]


def test_only_one_weapon_per_combat_round_grenades_may_join() -> None:
    state = new_state()
    state.inventory[0] += [Item("Laser Rifle", 1, 3), Item("Grenade")]
    fight(state, 3)
    assert not any("laser" in t and "pulse" in t for t in texts(state))
    act(state, "use grenade")
    assert state.grenades == [1]
    assert "toss pulse-rifle 4 grenade 1" in texts(state) and "toss grenade 1" in texts(state)
    act(state, "toss grenade 1")
    assert state.fight is not None and state.fight.tossed == 1


def test_out_of_ammo_in_a_fight_the_aliens_kill_you() -> None:
    state = new_state()
    state.inventory[0] = [Item("Pulse Rifle", 0, 1)]
    fight(state, 2)
    act(state, "toss pulse-rifle 1", "hits 0", "keep")
    assert state.over and not state.won and state.end_reason() == "out of ammo in a fight"


def test_a_crew_icon_alien_takes_a_crew_card_instead_of_health() -> None:
    state = new_state()
    state.inventory[0].append(Item("Chen"))
    fight(state, 2, crew_icon=True)
    act(state, "toss pulse-rifle 1", "hits 0", "keep")
    assert state.health == [6] and "Chen" in state.removed
    assert state.stack[-1].kind == "star"  # a star alien is shuffled in


def test_a_discarded_crew_card_is_removed_and_a_star_alien_shuffled_in() -> None:
    state = new_state()
    draw(state, "Ortiz")
    act(state, "hide", "star host-spawn")
    assert state.removed == ["Ortiz"] and "Ortiz" not in state.discards
    assert state.pile["Host Spawn"] == 1 and state.stars["Host Spawn"] == 1


def test_crew_flips_for_tokens_shot_and_grenade_flips_only_in_a_fight() -> None:
    state = new_state()
    state.inventory[0] += [Item("Hobbes"), Item("Ortiz")]
    assert "flip ortiz" in texts(state) and "flip hobbes" not in texts(state)
    act(state, "flip ortiz")
    assert state.keys == [1] and Item("Ortiz", flipped=True) in state.inventory[0]
    fight(state, 3)
    act(state, "flip hobbes", "toss pulse-rifle 1")
    assert state.fight is not None and state.fight.tossed == 3  # 2 loose shots joined


def test_the_landing_pad_queen_needs_three_hits_to_win() -> None:
    state = new_state()
    state.locations_drawn = 14
    door_to(state, "Landing Pad")
    assert state.fight is not None and state.fight.queen and state.fight.strength == 3
    act(state, "toss pulse-rifle 4", "hits 3")
    assert state.over and state.won and state.returns() == [1.0]


def test_drawing_the_landing_pad_starts_the_final_fight_at_once() -> None:
    state = new_state()
    state.locations_drawn, state.keys = 13, [1]
    draw(state, "Blast Door")
    act(state, "activate blast-door", "pay key with token", "location landing-pad")
    assert state.stage() == "fight" and state.fight is not None and state.fight.queen
    assert state.locations_drawn == 14  # the door's second Location is not drawn


def test_time_at_zero_loses() -> None:
    state = new_state()
    state.time = 1
    draw(state, "Medkit")
    act(state, "hide")
    assert state.over and state.end_reason() == "time ran out" and state.returns() == [0.0]


def test_health_at_zero_loses() -> None:
    state = new_state()
    state.health = [1]
    fight(state, 3)
    act(state, "toss pulse-rifle 1", "hits 0", "keep")
    assert state.over and state.end_reason() == "health ran out"


def test_score_two_a_health_one_a_time_three_a_face_up_crew_one_face_down() -> None:
    state = new_state()
    state.health, state.time = [4], 7
    state.inventory[0] += [Item("Chen"), Item("Ortiz", flipped=True)]
    assert state.score() == 2 * 4 + 7 + 3 + 1


# -- two players -----------------------------------------------------------------------


def test_two_players_four_health_two_magazines_each_and_no_hobbes_in_the_deck() -> None:
    state = new_state(players=2)
    assert state.health == [4, 4] and state.time == 20
    assert state.inventory == [[Item("Pulse Rifle", 2, 4)]] * 2
    assert "Hobbes" not in state.pile


@pytest.mark.parametrize("difficulty", ["normal", "hard"])
def test_two_players_four_health_which_is_your_maximum_a_medkit_at_four_heals_nothing(
        difficulty: str) -> None:
    """"You start with four health points, which is your maximum", in hard mode too."""
    state = new_state(players=2, difficulty=difficulty)
    assert state.health == [4, 4] and state.game.max_health == 4
    state.inventory[0].append(Item("Medkit"))
    draw(state, "Service Corridor")
    act(state, "use medkit")
    assert state.health == [4, 4] and state.discards.get("Medkit") == 1


def test_two_players_alternate_and_hiding_ends_the_turn() -> None:
    state = new_state(players=2)
    draw(state, "Medkit")
    assert "done" in texts(state) and "draw" not in texts(state)
    act(state, "done")
    assert state.current_player() == 1
    act(state, "hide")
    assert state.current_player() == 0 and state.time == 19
    assert state.rows == [["Medkit"], []]  # the other player's row is not affected


def test_the_shared_row_counts_for_both_players_and_goes_with_either_s_discard() -> None:
    state = new_state(players=2)
    draw(state, "Hatch")
    act(state, "share hatch", "done")
    assert state.shared == ["Hatch"]
    draw(state, "Drone")
    assert state.fight is None
    act(state, "done")
    draw(state, "Grenade")  # p1: Hatch (shared) + Grenade: two bells, but no alien
    assert state.fight is None
    act(state, "done", "hide")  # p2 hides: the shared row is discarded too
    assert state.shared == [] and state.rows[0] == ["Grenade"]


def test_a_shared_bell_counts_in_the_other_player_s_row() -> None:
    state = new_state(players=2)
    draw(state, "Hatch")
    act(state, "share hatch", "done")
    draw(state, "Drone")  # p2: an alien and the shared bell
    act(state, "done", "hide")  # p1 hides: the shared Hatch goes, p2's Drone stays
    assert state.rows[1] == ["Drone"] and state.shared == []
    state.shared = ["Hatch"]
    draw(state, "Grenade")  # p2: the Drone, the shared Hatch and the Grenade
    assert state.fight is not None and state.fight.alien == "Drone"
    assert state.stage() == "give" and state.current_player() == 0  # p1 may give first
    act(state, "pass")
    assert state.current_player() == 1 and state.shared == []


def test_if_there_is_ever_an_alien_card_in_the_row_along_with_two_bells_sharing_counts(
) -> None:
    state = new_state(players=2)
    draw(state, "Hatch")
    act(state, "share hatch", "done")
    draw(state, "Drone")  # p2: an alien and the shared bell
    act(state, "done")
    draw(state, "Grenade")  # p1: two bells (its Grenade, the shared Hatch), no alien
    state.rows[0].insert(0, "Medkit")  # p1's own row holds more than what it shares
    assert state.stage() == "turn"
    act(state, "share grenade")  # p2's row: the Drone, the Hatch and the Grenade
    assert state.fight is not None and state.fight.alien == "Drone"
    assert state.fight.drawer == 1 and state.stage() == "give"  # p1 may arm p2 first
    act(state, "pass")
    assert state.current_player() == 1 and state.stage() == "fight"
    assert "hide" not in texts(state)  # p2 may not hide from it: the fight is now
    assert state.rows == [["Medkit"], []] and state.shared == []  # p1's own row stays
    assert state.discards == {"Hatch": 1, "Grenade": 1}
    act(state, "toss pulse-rifle 1", "hits 1")
    assert state.stage() == "turn" and state.current_player() == 0  # the Drone is beaten
    assert state.turn == 0  # p1's turn goes on after p2's fight


def test_sharing_an_alien_beside_an_alien_forces_no_fight_it_is_not_drawn() -> None:
    state = new_state(players=2)
    draw(state, "Medkit")
    act(state, "done")
    draw(state, "Drone")
    act(state, "done")
    draw(state, "Stalker")
    act(state, "share stalker")
    assert state.stage() == "turn" and state.row_of(1) == ["Drone", "Stalker"]


def test_the_player_who_drew_the_locations_has_the_final_say() -> None:
    state = new_state(players=2)
    act(state, "hide")
    state.keys[1] = 1
    draw(state, "Blast Door")
    act(state, "activate blast-door", "pay key with token", "location med-bay",
        "location nest")
    assert state.stage() == "go" and state.current_player() == 1


def test_a_player_must_draw_before_using_the_shared_row() -> None:
    state = new_state(players=2)
    draw(state, "Medkit")
    act(state, "share medkit", "done")
    assert not [t for t in texts(state) if "medkit" in t]
    draw(state, "Runner")
    assert "activate shared medkit" in texts(state)


def test_giving_an_inventory_card_costs_one_time() -> None:
    state = new_state(players=2)
    state.inventory[0].append(Item("Medkit"))
    act(state, "give medkit")
    assert state.inventory[1][-1] == Item("Medkit") and state.time == 19


def test_at_any_time_give_an_inventory_card_to_the_other_player_before_a_combat_round(
) -> None:
    state = new_state(players=2)
    state.inventory = [[Item("Pulse Rifle", 0, 0)], [Item("Pulse Rifle", 2, 4), Item("Ammo"),
                                                      Item("Medkit")]]
    state.rows[0] = ["Drone"]
    draw(state, "Stalker")  # p1 must fight the Stalker with an empty rifle
    assert state.stage() == "give" and state.current_player() == 1
    assert state.observation(1)["to_move"] == "p2" and state.turn == 0  # still p1's turn
    assert texts(state) == ["give ammo", "give medkit", "give pulse-rifle", "pass"]
    act(state, "give ammo")
    assert state.time == 19 and Item("Ammo") in state.inventory[0]
    assert state.stage() == "give" and state.current_player() == 1  # another card?
    act(state, "pass")
    assert state.stage() == "fight" and state.current_player() == 0
    assert "use ammo" in texts(state) and "give ammo" in texts(state)  # the fighter may too
    act(state, "use ammo", "reload pulse-rifle", "toss pulse-rifle 2", "hits 0", "keep")
    assert state.stage() == "fighter"
    act(state, "fighter p2")
    assert state.stage() == "give" and state.current_player() == 0  # p1 may arm p2 now
    act(state, "give pulse-rifle")  # with its tokens; p1 holds nothing more: no window
    assert state.inventory[1] == [Item("Pulse Rifle", 2, 4), Item("Medkit"),
                                  Item("Pulse Rifle", 0, 2)]
    assert state.stage() == "fight" and state.current_player() == 1 and state.time == 16


def test_at_any_time_give_an_inventory_card_to_the_other_player_after_its_draw() -> None:
    state = new_state(players=2)
    state.inventory[1].append(Item("Keycard"))
    draw(state, "Blast Door", window="")
    assert state.stage() == "give" and state.current_player() == 1 and state.turn == 0
    act(state, "give keycard", "pass")
    assert state.time == 19 and state.current_player() == 0 and state.stage() == "turn"
    act(state, "use keycard", "activate blast-door", "pay key with token")
    assert state.stage() == "location"


def test_a_window_to_give_is_skipped_when_the_giver_holds_nothing_and_solo() -> None:
    state = new_state(players=2)
    state.inventory[1] = []
    draw(state, "Medkit", window="")
    assert state.stage() == "turn" and state.current_player() == 0
    solo = new_state()
    draw(solo, "Drone", "Stalker")
    assert solo.stage() == "fight" and not [t for t in texts(solo) if "give" in t]


def test_giving_back_and_forth_costs_a_time_each_so_the_windows_end() -> None:
    state = new_state(players=2)
    state.time = 3
    draw(state, "Medkit", window="")
    act(state, "give pulse-rifle")  # p2's window: its only card, so the window closes
    assert state.stage() == "turn" and state.current_player() == 0 and state.time == 2
    act(state, "give pulse-rifle")  # p1 gives one back on its turn
    assert state.time == 1 and len(state.inventory[1]) == 1
    act(state, "give pulse-rifle")
    assert state.over and state.end_reason() == "time ran out"


def test_either_player_at_zero_health_loses_for_both() -> None:
    state = new_state(players=2)
    state.health = [4, 1]
    state.turn = 1
    state.stack = [Turn(1)]
    fight_state = Fight(1, 1, "", 3, False, False)
    state.fight = fight_state
    state.stack.append(FightTurn(1))
    act(state, "toss pulse-rifle 1", "hits 0", "keep")
    assert state.over and state.returns() == [0.0, 0.0]


def test_from_the_second_round_the_players_choose_who_fights() -> None:
    state = new_state(players=2)
    fight(state, 3)
    act(state, "toss pulse-rifle 1", "hits 0", "keep")
    assert texts(state) == ["fighter p1", "fighter p2"] and state.current_player() == 0
    act(state, "fighter p2")
    assert state.current_player() == 0 and state.stage() == "give"  # p1 may arm p2
    act(state, "pass")
    assert state.current_player() == 1 and state.stage() == "fight"


# -- whole games -----------------------------------------------------------------------


def test_heuristic_games_end_within_the_bound_solo_and_two_players() -> None:
    for players in (1, 2):
        game = load_game("hunted", players=players)
        for seed in range(20):
            agents = [HeuristicAgent(seed + seat) for seat in range(players)]
            result = play_game(game, agents, seed)
            assert result.length < game.info.max_game_length
            assert result.state.end_reason()


def test_the_heuristic_arms_a_partner_with_nothing_to_toss_and_otherwise_passes() -> None:
    state = new_state(players=2)
    state.inventory = [[Item("Pulse Rifle", 0, 0)], [Item("Pulse Rifle", 2, 4), Item("Ammo")]]
    state.rows[0] = ["Drone"]
    draw(state, "Stalker")
    assert state.stage() == "give" and state.current_player() == 1

    def advice(state: HuntedState) -> str:
        return state.action_to_string(game_policy(state.game).heuristic_action(
            state.game, state.heuristic_view(1), state.legal_actions(), random.Random(0)))

    assert advice(state) == "give pulse-rifle"
    state.inventory[0] = [Item("Pulse Rifle", 1, 0)]  # it can reload: no gift needed
    assert advice(state) == "pass"
    draw_state = new_state(players=2)
    draw_state.inventory[1].append(Item("Ammo"))
    draw(draw_state, "Medkit", window="")  # a window after a draw: nothing is needed
    assert advice(draw_state) == "pass"


def test_records_replay_a_game_exactly() -> None:
    game = load_game("hunted", players=2, difficulty="hard")
    state = play_game(game, [HeuristicAgent(1), HeuristicAgent(2)], 9).state
    assert game.from_record(state.to_record()) == state


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2])
def test_conformance_over_1000_random_games(players: int) -> None:
    report = check_game(load_game("hunted", players=players), num_games=1000, seed=players,
                        determinize_probability=0.01, check_probability=0.05)
    assert report.games == 1000


def test_conformance_with_every_check_at_every_step() -> None:
    for players in (1, 2):
        check_game(load_game("hunted", players=players, difficulty="hard"), num_games=15,
                   seed=7, determinize_probability=0.2, playout_probability=0.5)


def test_random_play_draws_chance_by_its_odds() -> None:
    state = new_state()
    act(state, "draw")
    rng = random.Random(0)
    counts: dict[str, int] = {}
    for _ in range(6200):
        name = state.sample_chance_outcome(rng)
        assert isinstance(name, HuntedAction)
        counts[name.arg] = counts.get(name.arg, 0) + 1
    assert abs(counts["medkit"] / 6200 - 3 / 62) < 0.015
