"""Hunted: Mining Colony 415's components (boards/hunted/*.toml), loaded and checked.

The rulebook fixes the deck sizes (65 Hunted cards and 2 starting weapons, 17
Locations with the Landing Pad among them, 3 star aliens), the card types, the action
icons and the tokens; `validate_hunted` checks the data files against those facts and
that every effect names only things the rules engine knows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from hunt.boards.data import PROVENANCES, read_board_file
from hunt.errors import BoardError

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


def parse_effect(table: dict[str, Any], where: str, problems: list[str]) -> Effect:
    """An `Effect` from its TOML table; each unknown key or bad value added to `problems`."""
    known = {*TOKEN_GAINS, "find", "ambush", "fight", "queen", "clear_row", "test",
             "success", "failure", "optional", "pay_time"}
    for key in sorted(set(table) - known):
        problems.append(f"{where}: unknown effect {key!r}; accepted: {', '.join(sorted(known))}")
    for key in (*TOKEN_GAINS, "ambush", "fight", "pay_time"):
        if key in table and type(table[key]) is not int:
            problems.append(f"{where}: {key} must be a whole number")
    if "find" in table and table["find"] not in FINDABLE:
        problems.append(f"{where}: find {table['find']!r}; accepted: {', '.join(FINDABLE)}")
    outcomes = {}
    for outcome in ("success", "failure"):
        sub = table.get(outcome)
        if sub is not None and not table.get("test"):
            problems.append(f"{where}: {outcome} without test = true")
        outcomes[outcome] = None if sub is None else parse_effect(sub, f"{where} {outcome}",
                                                                  problems)
    gains = tuple((key, table[key]) for key in TOKEN_GAINS
                  if type(table.get(key)) is int and table[key])
    return Effect(gains=gains, find=table.get("find"), ambush=int(table.get("ambush", 0)),
                  fight=int(table.get("fight", 0)), queen=bool(table.get("queen", False)),
                  clear_row=bool(table.get("clear_row", False)),
                  test=bool(table.get("test", False)), success=outcomes["success"],
                  failure=outcomes["failure"], optional=bool(table.get("optional", False)),
                  pay_time=int(table.get("pay_time", 0)))


def validate_hunted(files: dict[str, dict[str, Any]]) -> list[str]:
    """Every problem in the parsed files (cards, locations, setup), one line each."""
    problems: list[str] = []
    read_hunted(files, problems)
    return problems


def read_hunted(files: dict[str, dict[str, Any]], problems: list[str]) -> HuntedComponents:
    """The components from the parsed files; what is wrong is added to `problems`."""

    def sourced(where: str, table: dict[str, Any]) -> None:
        if table.get("source") not in PROVENANCES:
            problems.append(f"{where}: 'source' must be one of {', '.join(PROVENANCES)}")

    cards: dict[str, HuntedCard] = {}
    for raw in files.get("cards", {}).get("card", []):
        where = f"cards.toml {raw.get('name')}"
        sourced(where, raw)
        kind = raw.get("type")
        if kind not in TYPES:
            problems.append(f"{where}: type {kind!r}; accepted: {', '.join(TYPES)}")
            continue
        if type(raw.get("count")) is not int or raw["count"] < 0:
            problems.append(f"{where}: count must be a whole number, 0 or more")
            continue
        for key in ("gives", "cost"):
            icons = raw.get(key, [])
            if any(icon not in ICONS for icon in icons):
                problems.append(f"{where}: {key} {icons}; icons accepted: {', '.join(ICONS)}")
        if kind not in ("alien", "event") and not raw.get("gives"):
            problems.append(f"{where}: a {kind} card gives at least one icon")
        if kind == "weapon" and not (raw.get("shots", 0) > 0 and raw.get("ammo", -1) >= 0):
            problems.append(f"{where}: a weapon needs shots (1 or more) and ammo")
        if kind == "alien" and not 1 <= raw.get("strength", 0) <= 3:
            problems.append(f"{where}: an alien's strength is 1 to 3 (2 hit tokens track it)")
        if kind in ("door", "corridor") and raw.get("locations") not in (1, 2):
            problems.append(f"{where}: a door or corridor draws 1 or 2 Locations")
        wanted = {"equipment": "use", "crew": "flip", "event": "effect"}.get(kind)
        if wanted and not isinstance(raw.get(wanted), dict):
            problems.append(f"{where}: a {kind} card needs its {wanted} effect")

        def effect(key: str, raw: dict[str, Any] = raw, where: str = where) -> Effect | None:
            return parse_effect(raw[key], f"{where} {key}", problems) if key in raw else None

        cards[raw["name"]] = HuntedCard(
            name=raw["name"], type=kind, count=raw["count"], gives=tuple(raw.get("gives", ())),
            cost=tuple(raw.get("cost", ())), noise=bool(raw.get("noise", False)),
            token=raw.get("token", ""), shots=raw.get("shots", 0), ammo=raw.get("ammo", 0),
            use=effect("use"), fight_only=bool(raw.get("fight_only", False)),
            flip=effect("flip"), strength=raw.get("strength", 0),
            crew_icon=bool(raw.get("crew_icon", False)), star=bool(raw.get("star", False)),
            locations=raw.get("locations", 0), effect=effect("effect"))
    total = sum(card.count for card in cards.values())
    if total != DECK_SIZE:
        problems.append(f"cards.toml: the Hunted deck has {total} cards; the rulebook says "
                        f"{DECK_SIZE}")
    stars = sum(card.count for card in cards.values() if card.star)
    if stars != STAR_ALIENS or any(card.star and card.type != "alien" for card in cards.values()):
        problems.append(f"cards.toml: {stars} star cards; the rulebook has {STAR_ALIENS} "
                        "star aliens")
    locations: dict[str, Effect] = {}
    for raw in files.get("locations", {}).get("location", []):
        where = f"locations.toml {raw.get('name')}"
        sourced(where, raw)
        locations[str(raw.get("name"))] = parse_effect(raw.get("effect", {}), where, problems)
    if len(locations) != LOCATIONS or LANDING_PAD not in locations:
        problems.append(f"locations.toml: {len(locations)} Locations; the rulebook has "
                        f"{LOCATIONS}, the {LANDING_PAD} among them")
    setup = files.get("setup", {})
    for table in ("start", "two_player", "tokens"):
        sourced(f"setup.toml [{table}]", setup.get(table, {}))
    start = setup.get("start", {})
    if cards.get(start.get("starting_weapon", ""), HuntedCard("", "", 0)).type != "weapon":
        problems.append("setup.toml [start]: starting_weapon must name a weapon card")
    if setup.get("two_player", {}).get("removed_crew") not in cards:
        problems.append("setup.toml [two_player]: removed_crew must name a crew card")
    rates: dict[str, dict[str, float]] = {}
    for side in SIDES:
        table = setup.get("hit_rates", {}).get(side, {})
        sourced(f"setup.toml [hit_rates.{side}]", table)
        rates[side] = {toss: table.get(toss, -1.0) for toss in TOSSES}
        if not all(0 < rate <= 1 for rate in rates[side].values()):
            problems.append(f"setup.toml [hit_rates.{side}]: {', '.join(TOSSES)} each a "
                            "chance above 0 and at most 1")
    size = setup.get("tokens", {}).get("size", {})
    sourced("setup.toml [tokens.size]", size)
    return HuntedComponents(
        cards=cards, locations=locations,
        start={k: v for k, v in start.items() if k != "source"},
        two_player={k: v for k, v in setup.get("two_player", {}).items() if k != "source"},
        tokens={k: v for k, v in setup.get("tokens", {}).items()
                if k not in ("source", "size")},
        large_from_health=int(size.get("large_from_health", 4)), hit_rates=rates)


FILES = ("cards", "locations", "setup")


@cache
def load_hunted() -> HuntedComponents:
    """The components, checked; `BoardError` naming the first problem otherwise."""
    files = {name: read_board_file("hunted", f"{name}.toml") for name in FILES}
    problems: list[str] = []
    components = read_hunted(files, problems)
    if problems:
        raise BoardError(f"hunted: {problems[0]}"
                         + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return components
