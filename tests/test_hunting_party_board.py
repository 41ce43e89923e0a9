"""Hunting Party's components as data (boards/hunting_party/): vocabulary and counts."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from hunt.boards.data import read_board_file
from hunt.boards.hunting_party.data import (
    ABILITIES,
    ANIMALS,
    EVENTS,
    HUNTING_PARTY,
    ICONS,
    load_hunting_party,
)


def files() -> dict[str, dict[str, Any]]:
    return {f.stem: read_board_file("hunting_party", f.filename) for f in HUNTING_PARTY.files}


def test_the_shipped_components_are_valid() -> None:
    assert HUNTING_PARTY.check(files()) == []


def test_every_event_animal_icon_and_ability_occurs() -> None:
    box = load_hunting_party()
    assert {card.event for card in box.fate} == set(EVENTS)
    assert {card.animal for card in box.fate} == set(ANIMALS)
    assert {icon for card in box.fate for icon in card.icons} == set(ICONS)
    assert {hunter.ability for hunter in box.hunters} == set(ABILITIES)
    assert all(len(card.icons) == 5 for card in box.fate)  # one per seat, up to 5 players


def test_restlessness_is_read_as_quicksand() -> None:
    events = {e["id"]: e for e in files()["events"]["event"]}
    assert "restlessness" not in events and events["quicksand"]["aliases"] == ["restlessness"]


def test_the_rulebooks_numbers() -> None:
    setup = load_hunting_party().setup
    assert setup["hand"] == 5 and setup["goals_dealt"] == 2 and setup["death_penalty"] == 3
    assert setup["fate_passes"] == {"2": 1, "3": 1, "4": 2, "5": 2}


def test_the_first_hunter_is_the_first_by_name() -> None:
    names = [hunter.name for hunter in load_hunting_party().hunters]
    assert names == sorted(names)


def test_the_deck_outlasts_five_full_hands() -> None:
    box = load_hunting_party()
    biggest = sorted((h.hand_limit for h in box.hunters), reverse=True)[:5]
    assert sum(box.action_deck.values()) > sum(biggest)
    assert Counter(box.action_deck).most_common(1)[0][0] == "shoot"


@pytest.mark.parametrize(("name", "change", "message"), [
    ("fate", lambda d: d["card"][0].update(animal="zebra"),
     "[[card]] #1 'fate-01': key 'animal': expected one of lion, "),
    ("fate", lambda d: d["card"][0].update(icons=["reload"]),
     "key 'icons': expected a list of 5 values, each one of animal-attack, "),
    ("hunters", lambda d: d["hunter"][0].update(ability="flying"), "got 'flying'"),
    ("goals", lambda d: d["goal"][0].update(source="guess"),
     "key 'source': expected one of rulebook, public, reconstructed, got 'guess'"),
    ("actions", lambda d: d["deck"].pop("flee"),
     "key 'deck.flee' is missing; expected a whole number from 1 to 100"),
])
def test_a_broken_file_is_reported_in_one_line(name: str, change: Any, message: str) -> None:
    broken = copy.deepcopy(files())
    change(broken[name])
    problems = HUNTING_PARTY.check(broken)
    assert problems and problems[0][0] == name
    assert message in problems[0][1] and "\n" not in problems[0][1]
