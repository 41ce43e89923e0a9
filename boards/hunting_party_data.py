"""Hunting Party's components (boards/hunting_party/*.toml), loaded and checked.

The rulebook fixes the vocabulary: three Action cards, eight party events, five
animals and six personal icons. The data files say how many of each there are and
which Hunters and Goals exist; `validate_hunting_party` checks every value against
that vocabulary and that each event, animal, icon and ability occurs at least once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from hunt.boards.data import PROVENANCES, read_board_file
from hunt.errors import BoardError

ACTIONS = ("camp", "flee", "shoot")
EVENTS = ("ambush", "backtrack", "hunting-accident", "jungle-fever", "quicksand",
          "resupply", "scavengers", "vine-bridge")
ANIMALS = ("lion", "rhinoceros", "elephant", "buffalo", "big-cat")
ICONS = ("animal-attack", "misfire", "natives", "opportunity-shot", "pitfall", "reload")
ABILITIES = ("steady-hands", "native-tongue", "thick-hide", "sharp-eye", "pathfinder",
             "pack-mule")
"""Each Hunter's special ability, by the id of the rule it bends."""
CONDITIONS = ("one-of-each", "animal-count", "hand-at-end", "most-trophies", "two-pairs",
              "hand-at-most")
"""What a Goal asks, by the id of the rule that checks it."""
SEATS = 5
"""Personal icons on a Fate card: one per seat, from the First Hunter clockwise."""


@dataclass(frozen=True)
class FateCard:
    """A Fate card: the party event, the animal, the five personal icons."""

    id: str
    event: str
    animal: str
    icons: tuple[str, ...]


@dataclass(frozen=True)
class Hunter:
    """A Hunter card: name, special ability and hand limit."""

    name: str
    ability: str
    text: str
    hand_limit: int


@dataclass(frozen=True)
class Goal:
    """A secret Goal: what it asks (`condition` with its parameters) and its points."""

    id: str
    text: str
    condition: str
    points: int
    animal: str | None = None
    count: int | None = None


@dataclass(frozen=True)
class HuntingPartyComponents:
    """Everything in the box."""

    action_deck: dict[str, int]
    setup: dict[str, Any]
    personal_fate: dict[str, dict[str, Any]]
    event_texts: dict[str, str]
    fate: tuple[FateCard, ...]
    hunters: tuple[Hunter, ...]
    goals: tuple[Goal, ...]


def validate_hunting_party(files: dict[str, dict[str, Any]]) -> list[str]:
    """Every problem in the parsed files (by name: actions, events, fate, hunters,
    goals), as one line each; an empty list when all is well."""
    problems: list[str] = []

    def sourced(where: str, table: dict[str, Any]) -> None:
        if table.get("source") not in PROVENANCES:
            problems.append(f"{where}: 'source' must be one of {', '.join(PROVENANCES)}")

    def one_of(where: str, table: dict[str, Any], field: str,
               vocabulary: tuple[str, ...]) -> None:
        if table.get(field) not in vocabulary:
            problems.append(f"{where}: {field} {table.get(field)!r}; accepted: "
                            f"{', '.join(vocabulary)}")

    actions = files.get("actions", {})
    deck = actions.get("deck", {})
    sourced("actions.toml [deck]", deck)
    if sorted(k for k in deck if k != "source") != sorted(ACTIONS) or not all(
            isinstance(deck[a], int) and deck[a] > 0 for a in ACTIONS if a in deck):
        problems.append(f"actions.toml [deck]: a positive count for each of {', '.join(ACTIONS)}")
    for name in ("setup", "personal_fate"):
        sourced(f"actions.toml [{name}]", actions.get(name, {}))
    if sorted(k for k in actions.get("personal_fate", {}) if k != "source") != sorted(ICONS):
        problems.append(f"actions.toml [personal_fate]: one entry per icon: {', '.join(ICONS)}")
    events = files.get("events", {}).get("event", [])
    for event in events:
        sourced(f"events.toml {event.get('id')}", event)
    if sorted(e.get("id") for e in events) != sorted(EVENTS):
        problems.append(f"events.toml: one text per event: {', '.join(EVENTS)}")
    cards = files.get("fate", {}).get("card", [])
    for card in cards:
        where = f"fate.toml {card.get('id')}"
        sourced(where, card)
        one_of(where, card, "event", EVENTS)
        one_of(where, card, "animal", ANIMALS)
        icons = card.get("icons", [])
        if len(icons) != SEATS or any(icon not in ICONS for icon in icons):
            problems.append(f"{where}: {SEATS} icons from {', '.join(ICONS)}")
    used = {field: {card.get(field) for card in cards} for field in ("event", "animal")}
    used["icon"] = {icon for card in cards for icon in card.get("icons", [])}
    for field, vocabulary in (("event", EVENTS), ("animal", ANIMALS), ("icon", ICONS)):
        missing = sorted(set(vocabulary) - used[field])
        if missing:
            problems.append(f"fate.toml: no card has the {field} {', '.join(missing)}")
    hunters = files.get("hunters", {}).get("hunter", [])
    for hunter in hunters:
        where = f"hunters.toml {hunter.get('name')}"
        sourced(where, hunter)
        one_of(where, hunter, "ability", ABILITIES)
        if not isinstance(hunter.get("hand_limit"), int) or hunter["hand_limit"] < 1:
            problems.append(f"{where}: hand_limit must be a positive whole number")
    if len({h.get("name") for h in hunters}) < SEATS:
        problems.append(f"hunters.toml: at least {SEATS} Hunters with different names")
    missing = sorted(set(ABILITIES) - {h.get("ability") for h in hunters})
    if missing:
        problems.append(f"hunters.toml: no Hunter has the ability {', '.join(missing)}")
    for goal in files.get("goals", {}).get("goal", []):
        where = f"goals.toml {goal.get('id')}"
        sourced(where, goal)
        one_of(where, goal, "condition", CONDITIONS)
        if goal.get("condition") == "animal-count" and goal.get("animal") not in ANIMALS:
            problems.append(f"{where}: animal-count needs an animal from {', '.join(ANIMALS)}")
        if not isinstance(goal.get("points"), int):
            problems.append(f"{where}: points must be a whole number")
    return problems


FILES = ("actions", "events", "fate", "hunters", "goals")


@cache
def load_hunting_party() -> HuntingPartyComponents:
    """The components, checked; `BoardError` naming the first problem otherwise."""
    files = {name: read_board_file("hunting_party", f"{name}.toml") for name in FILES}
    problems = validate_hunting_party(files)
    if problems:
        raise BoardError(f"hunting_party: {problems[0]}"
                         + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    actions = files["actions"]
    return HuntingPartyComponents(
        action_deck={a: actions["deck"][a] for a in ACTIONS},
        setup={k: v for k, v in actions["setup"].items() if k != "source"},
        personal_fate={k: v for k, v in actions["personal_fate"].items() if k != "source"},
        event_texts={e["id"]: e["text"] for e in files["events"]["event"]},
        fate=tuple(FateCard(c["id"], c["event"], c["animal"], tuple(c["icons"]))
                   for c in files["fate"]["card"]),
        hunters=tuple(sorted((Hunter(h["name"], h["ability"], h["text"], h["hand_limit"])
                              for h in files["hunters"]["hunter"]), key=lambda h: h.name)),
        goals=tuple(Goal(g["id"], g["text"], g["condition"], g["points"], g.get("animal"),
                         g.get("count")) for g in files["goals"]["goal"]))
