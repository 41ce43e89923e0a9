"""Hunted: Mining Colony 415's components (boards/hunted/*.toml), loaded and checked.

The rulebook fixes the deck sizes (65 Hunted cards and 2 starting weapons, 17
Locations with the Landing Pad among them, 3 star aliens), the card types, the action
icons and the tokens; the schemas below check the data files against those facts and
that every effect names only things the rules engine knows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from hunt.boards.data import BoardFile, BoardSet
from hunt.boards.schema import Bool, Int, ListOf, Num, Refs, Schema, Str, Table, Tables

TYPES = ("weapon", "equipment", "crew", "alien", "door", "corridor", "event")
ICONS = ("move", "search", "key")
"""The action icons a card gives when discarded from the row and asks as its cost."""
TOKEN_GAINS = ("time", "health", "keys", "ammo", "grenades", "shots", "hits", "reroll")
"""Effect keys that add (or take away) that many of a track or token."""
FINDABLE = ("weapon", "equipment", "crew")
DECK_SIZE = 65
LOCATIONS = 17
STAR_ALIENS = 3
LANDING_PAD = "Landing Pad"
SIDES = ("normal", "hard")
TOSSES = ("token", "large", "small")
"""What is tossed: a shot or grenade token in a fight, or the large or small test token."""
TOKENS = ("key", "ammo", "reroll", "flame", "hit", "shot", "grenade", "laser", "large_test",
          "small_test")
"""The tokens in the box (the rules count the ammo, key and grenade tokens)."""


@dataclass(frozen=True)
class Effect:
    """What a card does: gains and losses, then a search, an ambush or a fight.

    A test effect has `success` and `failure` effects instead; an optional one may
    be declined (its price `pay_time` is paid only when taken).
    """

    gains: tuple[tuple[str, int], ...] = ()
    find: str | None = None
    ambush: int = 0
    fight: int = 0
    queen: bool = False
    clear_row: bool = False
    test: bool = False
    success: Effect | None = None
    failure: Effect | None = None
    optional: bool = False
    pay_time: int = 0

    def gain(self, what: str) -> int:
        """How many of `what` (a name from TOKEN_GAINS) the effect gives."""
        return dict(self.gains).get(what, 0)


@dataclass(frozen=True)
class HuntedCard:
    """One kind of card of the Hunted deck (`count` copies)."""

    name: str
    type: str
    count: int
    gives: tuple[str, ...] = ()
    cost: tuple[str, ...] = ()
    noise: bool = False
    token: str = ""
    shots: int = 0
    ammo: int = 0
    use: Effect | None = None
    fight_only: bool = False
    flip: Effect | None = None
    strength: int = 0
    crew_icon: bool = False
    star: bool = False
    locations: int = 0
    effect: Effect | None = None


@dataclass(frozen=True)
class HuntedComponents:
    """Everything in the box that the rules read."""

    cards: dict[str, HuntedCard]
    locations: dict[str, Effect]
    start: dict[str, Any]
    two_player: dict[str, Any]
    tokens: dict[str, int]
    large_from_health: int
    hit_rates: dict[str, dict[str, float]] = field(default_factory=dict)


_INNER = {**dict.fromkeys(TOKEN_GAINS, Int(-10, 10)), "find": Str(choices=FINDABLE),
          "ambush": Int(0, DECK_SIZE), "fight": Int(0, 3), "queen": Bool(),
          "clear_row": Bool(), "test": Bool(), "optional": Bool(), "pay_time": Int(0, 10)}
"""An effect's keys: tokens gained or lost, a search, an ambush, a fight (an alien of
strength 1 to 3; 0 for none), a test, and an optional effect's price."""
EFFECT = Table(optional={**_INNER, "success": Table(optional=_INNER),
                         "failure": Table(optional=_INNER)})
"""An effect; a test's success and failure are effects without a test of their own."""

CARD = Table(
    keys={"name": Str(), "type": Str(choices=TYPES), "count": Int(0, DECK_SIZE)},
    optional={"gives": ListOf(Str(choices=ICONS)), "cost": ListOf(Str(choices=ICONS)),
              "noise": Bool(), "token": Str(), "shots": Int(1, 10), "ammo": Int(0, 10),
              "use": EFFECT, "fight_only": Bool(), "flip": EFFECT, "strength": Int(1, 3),
              "crew_icon": Bool(), "star": Bool(), "locations": Int(1, 2), "effect": EFFECT},
    sourced=True, label="name")
"""A kind of Hunted card; which keys each type needs is `_check_cards`."""

NEEDS = {"weapon": ("shots", "ammo"), "equipment": ("use",), "crew": ("flip",),
         "alien": ("strength",), "door": ("locations",), "corridor": ("locations",),
         "event": ("effect",)}
"""The keys each type of card must have."""


def _check_effects(where: str, table: dict[str, Any]) -> list[str]:
    problems = []
    for key in ("success", "failure"):
        if key in table and not table.get("test"):
            problems.append(f"{where}: key '{key}' needs test = true")
    return problems


def _check_cards(data: dict[str, Any], refs: Refs) -> list[str]:
    """What each type of card needs, the deck's size and its star aliens."""
    problems = []
    for card in data["card"]:
        where = f"card {card['name']!r}"
        for key in NEEDS[card["type"]]:
            if key not in card:
                problems.append(f"{where}: a {card['type']} card needs key '{key}'")
        if card["type"] not in ("alien", "event") and not card.get("gives"):
            problems.append(f"{where}: a {card['type']} card gives at least one icon")
        if card.get("star") and card["type"] != "alien":
            problems.append(f"{where}: only aliens are star cards")
        for key in ("use", "flip", "effect"):
            if key in card:
                problems += _check_effects(f"{where} {key}", card[key])
    total = sum(card["count"] for card in data["card"])
    if total != DECK_SIZE:
        problems.append(f"the Hunted deck has {total} cards; the rulebook says {DECK_SIZE}")
    stars = sum(card["count"] for card in data["card"] if card.get("star"))
    if stars != STAR_ALIENS:
        problems.append(f"{stars} star cards; the rulebook has {STAR_ALIENS} star aliens")
    return problems


def _check_locations(data: dict[str, Any], refs: Refs) -> list[str]:
    """The Landing Pad is among them; tests are well formed."""
    problems = [] if any(table["name"] == LANDING_PAD for table in data["location"]) else [
        f"no {LANDING_PAD}: the rulebook's Location deck holds it"]
    for table in data["location"]:
        problems += _check_effects(f"location {table['name']!r} effect", table["effect"])
    return problems


HEALTH = Int(1, 10)
TIME = Int(1, 40)
AMMO = Int(0, 10)
_RATES = Table(keys=dict.fromkeys(TOSSES, Num(0, 1, above=True)), sourced=True)

SETUP_ROOT = Table(keys={
    "start": Table(keys={"health": HEALTH, "time": TIME, "hard_health": HEALTH,
                         "hard_time": TIME, "location_cards": Int(1, LOCATIONS),
                         "landing_pad_among_last": Int(1, LOCATIONS),
                         "starting_weapon": Str(ref="card"), "starting_ammo": AMMO},
                   sourced=True),
    "two_player": Table(keys={"health": HEALTH, "starting_ammo": AMMO,
                              "removed_crew": Str(ref="card")}, sourced=True),
    "tokens": Table(keys=dict.fromkeys(TOKENS, Int(0, 50)),
                    optional={"size": Table(keys={"large_from_health": HEALTH},
                                            sourced=True)},
                    sourced=True),
    "hit_rates": Table(keys=dict.fromkeys(SIDES, _RATES))})


def _check_setup(data: dict[str, Any], refs: Refs) -> list[str]:
    """The numbers that must agree: the Landing Pad among the Location cards dealt,
    the starting magazines within the ammo tokens."""
    start, two, ammo = data["start"], data["two_player"], data["tokens"]["ammo"]
    problems = []
    if start["landing_pad_among_last"] > start["location_cards"]:
        problems.append("key 'start.landing_pad_among_last': at most start.location_cards "
                        f"({start['location_cards']})")
    if start["starting_ammo"] > ammo or 2 * two["starting_ammo"] > ammo:
        problems.append(f"keys 'start.starting_ammo', 'two_player.starting_ammo': the "
                        f"starting magazines (one per player) need at most the {ammo} ammo "
                        "tokens (tokens.ammo)")
    return problems


CARDS_FILE = BoardFile("cards.toml", Schema(
    Table(keys={"card": Tables(CARD, unique=("name",), define={"name": "card"})}),
    (_check_cards,)))
"""cards.toml: the Hunted deck and the starting weapon."""
LOCATIONS_FILE = BoardFile("locations.toml", Schema(
    Table(keys={"location": Tables(
        Table(keys={"name": Str(), "effect": EFFECT}, sourced=True, label="name"),
        low=LOCATIONS, high=LOCATIONS, unique=("name",))}),
    (_check_locations,)))
"""locations.toml: the Location deck."""
SETUP_FILE = BoardFile("setup.toml", Schema(SETUP_ROOT, (_check_setup,)))
"""setup.toml: the rulebook's starting numbers, the tokens and the toss odds; read
after the cards (it names the starting weapon and the removed crew card)."""


def _check_named_cards(files: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    """The setup's starting weapon is a weapon, its removed card a crew card."""
    types = {card["name"]: card["type"] for card in files["cards"]["card"]}
    problems = []
    for key, table, kind in (("starting_weapon", "start", "weapon"),
                             ("removed_crew", "two_player", "crew")):
        name = files["setup"][table][key]
        if types[name] != kind:
            problems.append(("setup", f"key '{table}.{key}': {name!r} is a {types[name]} "
                             f"card; expected a {kind} card"))
    return problems


HUNTED = BoardSet("hunted", "hunted", (CARDS_FILE, LOCATIONS_FILE, SETUP_FILE),
                  (_check_named_cards,))
"""Hunted's board files."""


def parse_effect(table: dict[str, Any]) -> Effect:
    """The `Effect` of a sound effect table (see `EFFECT`)."""
    outcomes = {outcome: parse_effect(table[outcome]) if outcome in table else None
                for outcome in ("success", "failure")}
    gains = tuple((key, table[key]) for key in TOKEN_GAINS if table.get(key))
    return Effect(gains=gains, find=table.get("find"), ambush=table.get("ambush", 0),
                  fight=table.get("fight", 0), queen=table.get("queen", False),
                  clear_row=table.get("clear_row", False), test=table.get("test", False),
                  success=outcomes["success"], failure=outcomes["failure"],
                  optional=table.get("optional", False), pay_time=table.get("pay_time", 0))


def _card(raw: dict[str, Any]) -> HuntedCard:
    def effect(key: str) -> Effect | None:
        return parse_effect(raw[key]) if key in raw else None

    return HuntedCard(
        name=raw["name"], type=raw["type"], count=raw["count"],
        gives=tuple(raw.get("gives", ())), cost=tuple(raw.get("cost", ())),
        noise=raw.get("noise", False), token=raw.get("token", ""), shots=raw.get("shots", 0),
        ammo=raw.get("ammo", 0), use=effect("use"), fight_only=raw.get("fight_only", False),
        flip=effect("flip"), strength=raw.get("strength", 0),
        crew_icon=raw.get("crew_icon", False), star=raw.get("star", False),
        locations=raw.get("locations", 0), effect=effect("effect"))


def _values(table: dict[str, Any], *leave: str) -> dict[str, Any]:
    """A table's values, without its provenance and the sub-tables in `leave`."""
    return {key: value for key, value in table.items()
            if key not in ("source", "sources", *leave)}


def load_hunted() -> HuntedComponents:
    """The components (the shipped files, or those that override them), checked."""
    return _hunted(HUNTED.texts())


@lru_cache(maxsize=8)
def _hunted(texts: tuple[tuple[str, str], ...]) -> HuntedComponents:
    files = HUNTED.read(texts)
    setup = files["setup"]
    return HuntedComponents(
        cards={raw["name"]: _card(raw) for raw in files["cards"]["card"]},
        locations={raw["name"]: parse_effect(raw["effect"])
                   for raw in files["locations"]["location"]},
        start=_values(setup["start"]), two_player=_values(setup["two_player"]),
        tokens=_values(setup["tokens"], "size"),
        large_from_health=setup["tokens"].get("size", {}).get("large_from_health", 4),
        hit_rates={side: {toss: setup["hit_rates"][side][toss] for toss in TOSSES}
                   for side in SIDES})
