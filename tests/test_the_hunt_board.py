"""The Hunt's board data: every fact the rulebook and reviews give holds, and the
validator names every problem of a hand-edited file."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from click.testing import CliRunner

from hunt.boards import read_board_file
from hunt.boards.the_hunt import load_hunt_map, load_hunt_tracks
from hunt.boards.the_hunt.cards import CARDS_FILE, load_hunt_cards
from hunt.boards.the_hunt.map import MAP_FILE, hex_distance
from hunt.cli.main import cli

MAP = load_hunt_map()
GRAPH = MAP.graph


def shipped_map() -> dict[str, Any]:
    return copy.deepcopy(read_board_file("the_hunt", "map.toml"))


def validate_map(data: dict[str, Any]) -> list[str]:
    return MAP_FILE.schema.problems(data, {})


def validate_cards(data: dict[str, Any]) -> list[str]:
    return CARDS_FILE.schema.problems(data, {})


def test_the_map_is_a_frozen_graph_of_two_digit_hex_ids() -> None:
    graph = load_hunt_map().graph
    assert nx.is_frozen(graph)
    assert all(len(hex_id) == 2 and hex_id.isdigit() for hex_id in graph)
    assert 35 <= len(graph) <= 45  # facts: about 35-45 sea hexes numbered 01..N
    assert sorted(graph) == [f"{n:02d}" for n in range(1, len(graph) + 1)]
    assert nx.is_connected(graph)


def test_neighbours_are_derived_from_axial_coordinates() -> None:
    for a, b in GRAPH.edges:
        qa, ra, qb, rb = (GRAPH.nodes[a]["q"], GRAPH.nodes[a]["r"],
                          GRAPH.nodes[b]["q"], GRAPH.nodes[b]["r"])
        assert (qb - qa, rb - ra) in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    assert max(GRAPH.degree(hex_id) for hex_id in GRAPH) <= 6


@pytest.mark.parametrize(("a", "b", "most"), [
    ("28", "24", 2),   # Example 1: Graf Spee moves 28 -> 24 for 2 AP
    ("17", "15", 3),   # Example 5: Force G 17 -> 15 for 4 AP
    ("15", "16", 2),   # Example 6: 15 -> 16 for 2 AP
    ("23", "34", 2),   # Example 7: 23 -> 34 for 2 AP
    ("31", "34", 1),   # Example 7: a hint on 34 for a Graf Spee on 31
])
def test_rulebook_example_distances_hold(a: str, b: str, most: int) -> None:
    assert hex_distance(GRAPH, a, b) <= most


def test_freight_starts_are_the_rulebooks_ports_and_england() -> None:
    entries = {d.name: d.entry for d in MAP.destinations.values()}
    assert entries == {"England": "06", "Brazil": "23", "Argentina": "34",
                       "South Africa": "29"}
    ports = sorted(d.name for d in MAP.destinations.values() if d.port)
    assert ports == ["Argentina", "Brazil", "South Africa"]


def test_nine_freighters_three_from_england_two_from_each_port() -> None:
    trips = sorted((f.start, MAP.destinations[f.destination].entry) for f in MAP.freighters)
    assert len(trips) == 9
    assert trips.count(("06", "34")) == trips.count(("06", "23")) \
        == trips.count(("06", "29")) == 1
    for port in ("34", "23", "29"):
        assert trips.count((port, "06")) == 2


def test_each_route_follows_neighbours_and_ends_at_its_destination_entry() -> None:
    for freighter in MAP.freighters:
        assert freighter.route[0] == freighter.start
        assert freighter.route[-1] == MAP.destinations[freighter.destination].entry
        for here, there in zip(freighter.route, freighter.route[1:], strict=False):
            assert GRAPH.has_edge(here, there)


def test_hex_20_lies_on_a_freight_route() -> None:
    assert any("20" in freighter.route for freighter in MAP.freighters)


def test_geography_england_north_brazil_west_argentina_south_west_africa_south_east() -> None:
    def q_r(hex_id: str) -> tuple[float, int]:
        node = GRAPH.nodes[hex_id]
        return node["q"] + node["r"] / 2, node["r"]  # x grows east, r grows south

    top = min(GRAPH.nodes[h]["r"] for h in GRAPH)
    bottom = max(GRAPH.nodes[h]["r"] for h in GRAPH)
    assert q_r("06")[1] == top                       # 06 on the north edge
    assert q_r("23")[0] == min(q_r(h)[0] for h in GRAPH if q_r(h)[1] == q_r("23")[1])
    assert q_r("34")[1] == bottom and q_r("34")[0] < q_r("29")[0]
    assert q_r("29")[1] == bottom
    assert q_r("29")[0] == max(q_r(h)[0] for h in GRAPH if q_r(h)[1] == bottom)


def test_every_value_carries_its_provenance() -> None:
    data = shipped_map()
    for name in ("hex", "destination", "freighter"):
        assert all(table["source"] in ("rulebook", "public", "reconstructed")
                   for table in data[name])


def test_tracks_hold_the_rulebook_values() -> None:
    tracks = load_hunt_tracks()
    assert tracks.strategy_spaces == 4 and tracks.entry_hex == "06"
    assert tracks.advance_cost == 2 and tracks.reserve_cap == 2
    assert tracks.airplane_states == ("ready", "broken", "destroyed")
    assert tracks.attack_bonus == 2 and tracks.repair_cost == 1
    assert tracks.force_bonus["standard"] == {"G": 0.0, "H": 0.5, "K": 1.0}
    assert set(tracks.force_bonus["historical"]) == {"G", "H", "K"}
    assert set(tracks.strategy_start) == {"H", "K"}


# -- the validator ----------------------------------------------------------------------

def hex_table(data: dict[str, Any], hex_id: str) -> dict[str, Any]:
    return next(table for table in data["hex"] if table["id"] == hex_id)


def test_validator_catches_an_unknown_neighbour() -> None:
    data = shipped_map()
    hex_table(data, "24")["blocked"] = ["99"]
    assert "[[hex]] #24 '24': key 'blocked[0]': '99' is not a known hex; accepted: 01, 02, " \
        "03, 04, 05, 06, 07, 08, ..." in validate_map(data)


def test_validator_catches_an_asymmetric_edge() -> None:
    data = shipped_map()
    hex_table(data, "24")["blocked"] = ["23"]
    assert ("hex '24' blocks '23' but '23' does not block '24': an edge must be blocked "
            "on both sides") in validate_map(data)


def test_a_mutual_block_removes_the_edge() -> None:
    data = shipped_map()
    hex_table(data, "24")["blocked"] = ["23"]
    hex_table(data, "23")["blocked"] = ["24"]
    problems = validate_map(data)
    # No complaint about the block itself; the routes through 23-24 now jump.
    assert not any("block" in problem for problem in problems)
    assert "freighter 'b-e1': the route jumps from '23' to '24', which are not neighbours" \
        in problems


def test_validator_catches_a_route_that_jumps() -> None:
    data = shipped_map()
    route = data["freighter"][0]["route"]
    del route[3]
    problems = validate_map(data)
    assert f"freighter 'e-a': the route jumps from {route[2]!r} to {route[3]!r}, which are " \
           "not neighbours" in problems


def test_validator_catches_a_missing_destination_entry() -> None:
    data = shipped_map()
    del data["destination"][2]["entry"]
    problems = validate_map(data)
    assert "[[destination]] #3 'argentina': key 'entry' is missing; expected the name of " \
        "a hex" in problems


def test_validator_reports_every_problem_at_once() -> None:
    data = shipped_map()
    hex_table(data, "24")["blocked"] = ["99"]
    data["freighter"][0]["route"] = "06"
    del data["destination"][2]["entry"]
    data["hex"][0]["source"] = "guess"
    assert len(validate_map(data)) == 4


def test_hunt_board_validate_prints_one_line_per_problem(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[1] / "boards" / "the_hunt" / "map.toml"
            ).read_text(encoding="utf-8")
    broken = text.replace('route = ["06", "05", "10", "15"', 'route = ["06", "05", "15"') \
        .replace('entry = "34"', 'entry = "99"')
    assert broken != text and tomllib.loads(broken)
    path = tmp_path / "map.toml"
    path.write_text(broken, encoding="utf-8")
    result = CliRunner().invoke(cli, ["board", "validate", str(path)])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert f"{path}: [[destination]] #3 'argentina': key 'entry': '99' is not a known " \
        "hex; accepted: 01, 02, 03, 04, 05, 06, 07, 08, ..." in lines
    assert lines[-1] == f"Error: {path}: 1 problem found (checked as the-hunt map.toml)."
    path.write_text(text.replace('route = ["06", "05", "10", "15"', 'route = ["06", "05", "15"'),
                    encoding="utf-8")
    result = CliRunner().invoke(cli, ["board", "validate", str(path)])
    assert f"{path}: freighter 'e-a': the route jumps from '05' to '15', which are not " \
           "neighbours" in result.output.splitlines()


def test_hunt_board_validate_accepts_the_shipped_files() -> None:
    root = Path(__file__).resolve().parents[1] / "boards" / "the_hunt"
    for name in ("map.toml", "tracks.toml"):
        result = CliRunner().invoke(cli, ["board", "validate", str(root / name)])
        assert result.exit_code == 0, result.output
        assert result.output.endswith("no problems.\n")


def test_hunt_board_validate_refuses_broken_toml_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "map.toml"
    path.write_text("[[hex]\nid = 1", encoding="utf-8")
    result = CliRunner().invoke(cli, ["board", "validate", str(path)])
    assert result.exit_code == 2
    assert len(result.output.splitlines()) == 1 and "not valid TOML" in result.output


def test_hunt_board_show_draws_the_map_with_ports_and_routes() -> None:
    result = CliRunner().invoke(cli, ["board", "show", "the-hunt"])
    assert result.exit_code == 0
    assert "06*" in result.output and "34*" in result.output and "29*" in result.output
    assert "e-a   England to Argentina" in result.output
    assert "Argentina     from hex 34" in result.output


# -- the cards --------------------------------------------------------------------------

CARDS = {card.name: card for card in load_hunt_cards()}
COMMON = ("Fair Weather", "The Cat and Mouse Game", "Concentrated Fire",
          "That Never Happened", "Rules of Prize Warfare", "Storm at Sea")
BRITISH_ONLY = ("Royal Navy", "Sir Henry Harwood", "New Convoy Routes", "Harwood's Intuition",
                "K and H Forces", "Scuttling in Montevideo", "Mile by Mile",
                "Unreliable Technology", "HMS Cumberland")
GERMAN_ONLY = ("Kriegsmarine", "Punta del Este", "Military Order 115.39", "Hans Langsdorff",
               "Pocket Battleships", "New Paintwork for the Graf Spee",
               "The Mysterious Graf Scheer", "Montevideo", "The Second Funnel",
               "Marconi's Transmitter", "Radar Technology")


def test_each_deck_has_18_cards_with_the_rulebooks_names() -> None:
    assert set(CARDS) == set(COMMON + BRITISH_ONLY + GERMAN_ONLY)
    for deck, only in (("german", GERMAN_ONLY), ("british", BRITISH_ONLY)):
        in_deck = [card for card in CARDS.values() if deck in card.decks]
        assert sum(card.copies for card in in_deck) == 18
        assert {card.name for card in in_deck} == set(COMMON + only)


def test_the_known_card_values_hold() -> None:
    assert CARDS["New Convoy Routes"].ap == 5
    assert CARDS["Harwood's Intuition"].ap == 5
    fire = CARDS["Concentrated Fire"]
    assert (fire.ap, fire.event, fire.effect, fire.intelligence) == \
        (2, "battle", "see-hand", "plus-one")
    assert CARDS["HMS Cumberland"].intelligence in ("hint", "both")
    radar = CARDS["Radar Technology"]
    assert (radar.ap, radar.event, radar.effect) == (3, "battle", "next-two-plus-one")
    assert CARDS["The Cat and Mouse Game"].ap >= 3
    assert CARDS["Unreliable Technology"].ap >= 4
    assert CARDS["Rules of Prize Warfare"].ap >= 2
    assert CARDS["Montevideo"].event == CARDS["Scuttling in Montevideo"].event == "battle"


def test_example_3_four_german_cards_removed_during_the_game_is_possible() -> None:
    """"he already removed 4 cards during the course of the game": at least four German
    cards leave the game after an event played in the Hunt phase (a Battle ends it)."""
    leaving = [card for card in CARDS.values() if "german" in card.decks
               and card.removed_after_event and card.event in ("hunt", "reaction")]
    assert sum(card.copies for card in leaving) >= 4
    assert all("Remove this card from the game." in card.text for card in leaving)


def test_only_british_cards_carry_an_intelligence_stripe() -> None:
    for card in CARDS.values():
        if "british" not in card.decks:
            assert card.intelligence == "none"
    assert sum(card.intelligence != "none" for card in CARDS.values()
               if "british" in card.decks) >= 12  # "most British cards have a stripe"


def test_validator_catches_a_card_with_an_unknown_effect_id(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[1] / "boards" / "the_hunt" / "cards.toml"
            ).read_text(encoding="utf-8")
    broken = text.replace('effect = "break-plane"', 'effect = "sink-everything"', 1)
    path = tmp_path / "cards.toml"
    path.write_text(broken, encoding="utf-8")
    result = CliRunner().invoke(cli, ["board", "validate", str(path)])
    assert result.exit_code == 2
    assert result.output.splitlines()[0].startswith(
        f"{path}: [[card]] #25 'unreliable-technology': key 'effect': expected one of "
        "roll-bonus, cancel-roll, ")
    data = tomllib.loads(text)
    data["card"][0]["decks"] = ["german"]
    assert "the british deck has 17 cards; the game has 18" in validate_cards(data)
