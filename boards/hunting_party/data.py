"""Hunting Party's components (boards/hunting_party/*.toml), loaded and checked.

The rulebook fixes the vocabulary: three Action cards, eight party events, five
animals and six personal icons. The data files say how many of each there are and
which Hunters and Goals exist; the schemas below check every value against that
vocabulary and that each event, animal, icon and ability occurs at least once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hunt.boards.data import BoardFile, BoardSet
from hunt.boards.schema import Either, Int, ListOf, MapOf, Refs, Schema, Str, Table, Tables

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


OUTCOMES = ("trophy", "discard-random", "trophy-from-discards")
"""What a personal icon may do besides drawing (+) or discarding (-) cards."""

ACTIONS_FILE = BoardFile("actions.toml", Schema(Table(keys={
    "deck": Table(keys=dict.fromkeys(ACTIONS, Int(1, 100)), sourced=True),
    "setup": Table(keys={"hand": Int(1, 10), "goals_dealt": Int(1, 5),
                         "extra_fate_cards": Int(0, 5),
                         "fate_passes": MapOf(tuple(str(n) for n in range(2, SEATS + 1)),
                                              Int(1, 5)),
                         "death_penalty": Int(0, 20),
                         "players": ListOf(Int(2, SEATS), 2, 2)}, sourced=True),
    "personal_fate": Table(
        keys=dict.fromkeys(ICONS, MapOf((*ACTIONS, "any"), Either(
            (Int(-5, 5), Str(choices=OUTCOMES))))),
        sourced=True)})))
"""actions.toml: the Action deck, the rulebook's numbers and the Personal Fate table."""

EVENTS_FILE = BoardFile("events.toml", Schema(Table(keys={"event": Tables(
    Table(keys={"id": Str(choices=EVENTS), "text": Str()},
          optional={"aliases": ListOf(Str(), unique=True)}, sourced=True, label="id"),
    low=len(EVENTS), high=len(EVENTS), unique=("id",))})))
"""events.toml: one text for each party event."""


def _check_fate(data: dict[str, Any], refs: Refs) -> list[str]:
    """Every event, animal and icon occurs on some card."""
    cards = data["card"]
    used = {"event": {card["event"] for card in cards},
            "animal": {card["animal"] for card in cards},
            "icon": {icon for card in cards for icon in card["icons"]}}
    problems = []
    for name, vocabulary in (("event", EVENTS), ("animal", ANIMALS), ("icon", ICONS)):
        missing = sorted(set(vocabulary) - used[name])
        if missing:
            problems.append(f"no card has the {name} {', '.join(missing)}")
    return problems


FATE_FILE = BoardFile("fate.toml", Schema(Table(keys={"card": Tables(
    Table(keys={"id": Str(), "event": Str(choices=EVENTS), "animal": Str(choices=ANIMALS),
                "icons": ListOf(Str(choices=ICONS), SEATS, SEATS)},
          sourced=True, label="id"),
    unique=("id",))}), (_check_fate,)))
"""fate.toml: the Fate deck; a card's icons are one per seat."""


def _check_hunters(data: dict[str, Any], refs: Refs) -> list[str]:
    """Every ability belongs to some Hunter."""
    missing = sorted(set(ABILITIES) - {hunter["ability"] for hunter in data["hunter"]})
    return [f"no Hunter has the ability {', '.join(missing)}"] if missing else []


HUNTERS_FILE = BoardFile("hunters.toml", Schema(Table(keys={"hunter": Tables(
    Table(keys={"name": Str(), "ability": Str(choices=ABILITIES), "text": Str(),
                "hand_limit": Int(1, 20)}, sourced=True, label="name"),
    low=SEATS, unique=("name",))}), (_check_hunters,)))
"""hunters.toml: the Hunter cards, one dealt to each seat."""

NEEDS = {"animal-count": ("animal", "count"), "hand-at-end": ("count",),
         "hand-at-most": ("count",)}
"""The parameters each Goal condition reads."""


def _check_goals(data: dict[str, Any], refs: Refs) -> list[str]:
    """Each Goal has the parameters its condition reads."""
    return [f"goal {goal['id']!r}: {goal['condition']} needs key '{key}'"
            for goal in data["goal"] for key in NEEDS.get(goal["condition"], ())
            if key not in goal]


GOALS_FILE = BoardFile("goals.toml", Schema(Table(keys={"goal": Tables(
    Table(keys={"id": Str(), "text": Str(), "condition": Str(choices=CONDITIONS),
                "points": Int(-20, 20)},
          optional={"animal": Str(choices=ANIMALS), "count": Int(0, 100)},
          sourced=True, label="id"),
    unique=("id",))}), (_check_goals,)))
"""goals.toml: the secret Goal cards."""


def _check_counts(files: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    """Enough of everything for the most players: a player count the game may have,
    a Hunter and the Goals dealt to each, and a Fate pass for each player count."""
    setup = files["actions"]["setup"]
    low, high = setup["players"]
    problems = []
    if low > high:
        problems.append(("actions", f"key 'setup.players': [fewest, most], got {[low, high]}"))
    missing = [str(n) for n in range(low, high + 1) if str(n) not in setup["fate_passes"]]
    if missing:
        problems.append(("actions", "key 'setup.fate_passes': no passes for "
                         f"{', '.join(missing)} players"))
    if setup["goals_dealt"] * high > len(files["goals"]["goal"]):
        problems.append(("goals", f"{len(files['goals']['goal'])} Goals; dealing "
                         f"{setup['goals_dealt']} to each of {high} players needs more"))
    if high > len(files["hunters"]["hunter"]):
        problems.append(("hunters", f"{len(files['hunters']['hunter'])} Hunters for "
                         f"{high} players"))
    return problems


HUNTING_PARTY = BoardSet("hunting-party", "hunting_party",
                         (ACTIONS_FILE, EVENTS_FILE, FATE_FILE, HUNTERS_FILE, GOALS_FILE),
                         (_check_counts,))
"""Hunting Party's board files."""


def _values(table: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in table.items() if key not in ("source", "sources")}


def load_hunting_party() -> HuntingPartyComponents:
    """The components (the shipped files, or those that override them), checked."""
    return _hunting_party(HUNTING_PARTY.texts())


@lru_cache(maxsize=8)
def _hunting_party(texts: tuple[tuple[str, str], ...]) -> HuntingPartyComponents:
    files = HUNTING_PARTY.read(texts)
    actions = files["actions"]
    return HuntingPartyComponents(
        action_deck={a: actions["deck"][a] for a in ACTIONS},
        setup=_values(actions["setup"]), personal_fate=_values(actions["personal_fate"]),
        event_texts={e["id"]: e["text"] for e in files["events"]["event"]},
        fate=tuple(FateCard(c["id"], c["event"], c["animal"], tuple(c["icons"]))
                   for c in files["fate"]["card"]),
        hunters=tuple(sorted((Hunter(h["name"], h["ability"], h["text"], h["hand_limit"])
                              for h in files["hunters"]["hunter"]), key=lambda h: h.name)),
        goals=tuple(Goal(g["id"], g["text"], g["condition"], g["points"], g.get("animal"),
                         g.get("count")) for g in files["goals"]["goal"]))
