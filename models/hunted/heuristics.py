"""Hunted rules of thumb, from a player's observation only.

Progress is Locations (the Landing Pad is among the last three of fifteen), time is
the clock, health and ammo are what fights cost. So: activate what is free to
activate, doors and corridors first; pay with the cards least worth keeping; hide
(or fire a Flare) when an alien waits in the row with noise about, unless time is
short; in a fight toss the fewest tokens that finish the alien seven times in ten
(all of them against the queen); heal when hurt; keep crew face up for the score.
Two players: at a window to give, arm a partner who must fight with nothing to
toss (a loaded weapon, else Ammo for its weapon, else a Grenade); otherwise pass,
since every card given costs a time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hunt.models.hunted.observation import FightSeen, HuntedSeen, ItemSeen, WeaponSeen
from hunt.models.hunted.state import PASS, HuntedAction, slug, toss_parts

if TYPE_CHECKING:
    from hunt.models.hunted.rules import HuntedGame

ACTIVATE_FIRST = {"door": 6, "corridor": 6, "weapon": 5, "crew": 4, "equipment": 3}
"""Which row card to activate first, by type (progress before gear)."""
EQUIPMENT_WORTH = {"Medkit": 3, "Ammo": 3, "Grenade": 3, "Keycard": 2,
                   "Motion Tracker": 1, "Flare": 2}
"""How much each piece of equipment is worth keeping (paying with it costs that)."""
LOCATION_WORTH = {"Med Bay": 3, "Security Office": 2, "Maintenance Bay": 2, "Cargo Bay": 2,
                  "Crew Quarters": 2, "Control Room": 2, "Mess Hall": 1, "Airlock": 1,
                  "Armory Locker": 1, "Laboratory": 0, "Collapsed Shaft": 0,
                  "Reactor Core": -1, "Flooded Tunnel": -1, "Ventilation Duct": -1,
                  "Nest": -2, "Hatchery": -2}
"""Which of two drawn Locations to go to."""
FINISH_CHANCE = 0.7
"""Toss the fewest tokens that finish the alien at least this often."""
HIDE_TIME = 5
"""With this much time or less, draw on rather than hide."""


def heuristic_action(game: HuntedGame, observation: HuntedSeen,
                     legal_actions: Sequence[HuntedAction], rng: random.Random) -> HuntedAction:
    """The rule-of-thumb choice among `legal_actions` for the observing seat."""
    legal = legal_actions
    me = int(observation["seat"][1:]) - 1  # "p1" -> seat 0
    stage = observation["stage"]
    by_verb: dict[str, list[HuntedAction]] = {}
    for action in legal:
        by_verb.setdefault(action.verb, []).append(action)
    if stage == "fight":
        return _fight(game, observation, me, by_verb)
    if stage == "reroll":
        fight = _fight_of(observation)
        hurt = observation["health"][me] <= 2 or fight["queen"]
        return HuntedAction("reroll") if hurt else HuntedAction("keep")
    if stage == "optional":
        return HuntedAction("yes") if observation["time"] > 8 else HuntedAction("no")
    if stage == "go":
        return max(by_verb["go"], key=lambda a: LOCATION_WORTH.get(_name(game, a.arg), 0))
    if stage == "fighter":
        return max(by_verb["fighter"], key=lambda a: _strength(observation, a.arg))
    if stage == "lose-crew":
        flipped = {item["name"] for item in observation["inventories"][me]
                   if item["type"] == "crew" and item["flipped"]}
        return min(by_verb["lose"], key=lambda a: (_name(game, a.arg) not in flipped, a))
    if stage == "pay":
        return min(legal, key=lambda a: (_worth(game, a.arg.partition(" with ")[2]), a))
    if stage == "turn":
        return _turn(game, observation, me, by_verb)
    if stage == "give":
        return _give(game, observation, me, by_verb)
    return rng.choice(legal)


def _fight_of(observation: HuntedSeen) -> FightSeen:
    """The fight going on (the stages that read it come only in a fight)."""
    fight = observation["fight"]
    if fight is None:
        raise ValueError(f"no fight at the stage {observation['stage']!r}")
    return fight


def _weapon(inventory: Sequence[ItemSeen], label: str) -> WeaponSeen:
    """The weapon labelled `label` in `inventory`."""
    for item in inventory:
        if item["type"] == "weapon" and item["label"] == label:
            return item
    raise ValueError(f"no weapon {label!r} in the inventory")


def _name(game: HuntedGame, arg: str) -> str:
    return game.by_slug.get(arg.removeprefix("shared "), "")


def _worth(game: HuntedGame, payer: str) -> float:
    """What paying with `payer` (a row card's slug, or "token") gives up."""
    if payer == "token":
        return 2.5
    name = _name(game, payer)
    card = game.cards[name]
    if card.type == "equipment":
        return EQUIPMENT_WORTH.get(name, 1)
    return ACTIVATE_FIRST.get(card.type, 0)


def _strength(observation: HuntedSeen, seat_name: str) -> tuple[int, int]:
    seat = int(seat_name[1:]) - 1
    shots = sum(item["shots"] + item["ammo"] * item["capacity"] if item["type"] == "weapon"
                else 0 for item in observation["inventories"][seat])
    return observation["health"][seat], shots


def _turn(game: HuntedGame, observation: HuntedSeen, me: int,
          by_verb: dict[str, list[HuntedAction]]) -> HuntedAction:
    health, time = observation["health"][me], observation["time"]
    uses = {_name(game, a.arg): a for a in by_verb.get("use", [])}
    if "Medkit" in uses and health <= observation["max_health"] - 2:
        return uses["Medkit"]
    if by_verb.get("activate"):
        return max(by_verb["activate"], key=lambda a: (
            ACTIVATE_FIRST.get(game.cards[_name(game, a.arg)].type, 0),
            EQUIPMENT_WORTH.get(_name(game, a.arg), 0), a))
    for label in (a.arg for a in by_verb.get("reload", [])):
        if _weapon(observation["inventories"][me], label)["shots"] == 0:
            return HuntedAction("reload", label)
    if "Motion Tracker" in uses:
        return uses["Motion Tracker"]
    row = [*observation["rows"][me], *observation["shared"]]
    aliens = [game.cards[name] for name in row if game.cards[name].type == "alien"]
    bells = sum(game.cards[name].noise for name in row)
    if aliens and bells and aliens[0].strength >= 2 and time > HIDE_TIME:
        if "Flare" in uses:
            return uses["Flare"]
        if by_verb.get("hide"):
            return by_verb["hide"][0]
    if by_verb.get("draw"):
        return by_verb["draw"][0]
    if by_verb.get("done"):
        return by_verb["done"][0]
    return by_verb["hide"][0]


def _fight(game: HuntedGame, observation: HuntedSeen, me: int,
           by_verb: dict[str, list[HuntedAction]]) -> HuntedAction:
    fight = _fight_of(observation)
    need = fight["strength"] - fight["hits"]
    rate = observation["hit_rates"]["token"]
    health = observation["health"][me]
    uses = {_name(game, a.arg): a for a in by_verb.get("use", [])}
    if "Medkit" in uses and health <= 1:
        return uses["Medkit"]
    if health <= 2 or fight["queen"]:
        for flip in by_verb.get("flip", []):
            flip_effect = game.cards[_name(game, flip.arg)].flip
            if flip_effect is not None and (flip_effect.gain("hits")
                                            or flip_effect.gain("shots")):
                return flip
        if "Grenade" in uses:
            return uses["Grenade"]
    tosses = by_verb.get("toss", [])
    if tosses:
        def tokens(action: HuntedAction) -> int:
            _, shots, grenades = toss_parts(action.arg)
            return shots + grenades + int(observation["loose_shots"][me])

        def grenades(action: HuntedAction) -> int:
            return toss_parts(action.arg)[2]

        want = 1.01 if fight["queen"] else FINISH_CHANCE
        ranked = sorted(tosses, key=lambda a: (grenades(a), tokens(a), a))
        for action in ranked:
            if _finish_chance(tokens(action), need, rate) >= want:
                return action
        return max(tosses, key=lambda a: (tokens(a), -grenades(a), a))
    if by_verb.get("reload"):
        return by_verb["reload"][0]
    for name in ("Grenade", "Ammo"):
        if name in uses:
            return uses[name]
    if by_verb.get("flip"):
        return by_verb["flip"][0]
    # Giving a card away mid-fight is left to a person; anything else comes first.
    return min((a for verb, acts in by_verb.items() if verb != "give" for a in acts),
               default=min(a for acts in by_verb.values() for a in acts))


def _give(game: HuntedGame, observation: HuntedSeen, me: int,
          by_verb: dict[str, list[HuntedAction]]) -> HuntedAction:
    """At a window to give: arm the partner if it must toss this round and has
    nothing to toss (it would be killed, and both players lose); else pass."""
    fight = observation["fight"]
    partner = 1 - me
    gifts = {action.arg: action for action in by_verb.get("give", [])}
    if fight is None or fight["fighter"] == observation["seat"] \
            or _armed(game, observation, partner):
        return PASS
    partner_has_weapon = any(item["type"] == "weapon"
                             for item in observation["inventories"][partner])
    for item in observation["inventories"][me]:
        if item["type"] == "weapon" and (item["shots"] or item["ammo"]) \
                and slug(item["name"]) in gifts:
            return gifts[slug(item["name"])]
    for name, wanted in (("Ammo", partner_has_weapon), ("Grenade", True)):
        if wanted and slug(name) in gifts:
            return gifts[slug(name)]
    return PASS


def _armed(game: HuntedGame, observation: HuntedSeen, seat: int) -> bool:
    """Whether `seat` has something to toss, now or after a reload, an Ammo or Grenade
    card or a crew flip (as the rules' `can_attack` judges it, from the view)."""
    if observation["loose_shots"][seat] or observation["grenades"][seat]:
        return True
    inventory = observation["inventories"][seat]
    has_weapon = any(item["type"] == "weapon" for item in inventory)
    for item in inventory:
        if item["type"] == "weapon":
            if item["shots"] or item["ammo"]:
                return True
            continue  # a weapon has no effect of its own
        card = game.cards[item["name"]]
        effect = card.use if item["type"] == "equipment" else \
            None if item["flipped"] else card.flip
        if effect is not None and (effect.gain("shots") or effect.gain("hits")
                                   or effect.gain("grenades")
                                   or (effect.gain("ammo") and has_weapon)):
            return True
    return False


def _finish_chance(tokens: int, need: int, rate: float) -> float:
    """The chance that `tokens` tosses land at least `need` hits."""
    return sum(math.comb(tokens, k) * rate ** k * (1 - rate) ** (tokens - k)
               for k in range(max(need, 0), tokens + 1))
