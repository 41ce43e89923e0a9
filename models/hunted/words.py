"""Hunted in words: each event of the log (`events.py`) as the screen and the `log`
page say it, what a card or Location does, an inventory in a line, and each choice as the
browser's buttons say it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, assert_never

from hunt.boards.hunted.data import Effect
from hunt.models.events import numbered_log
from hunt.models.hunted import events as ev
from hunt.models.hunted.observation import HuntedObservation, ItemSeen
from hunt.models.hunted.rules import HuntedGame
from hunt.models.plugin import Style, plain, plural

CAUSES = {"another-alien": "Another alien", "two-bells": "Two bells"}
"""What sets off an alien attack, in words."""


def who(game: HuntedGame, seat: int) -> str:
    """A seat as the log names it: "you" alone, "p1"/"p2" with two players."""
    return "you" if game.players == 1 else game.seat_names[seat]


def does(game: HuntedGame, seat: int, verb: str) -> str:
    """A seat and its verb, in agreement, to start a sentence: "You hide" alone, "p2
    hides" with two players (a seat's name is lower case on the board and the log)."""
    return f"You {verb}" if game.players == 1 else f"{game.seat_names[seat]} {verb}s"


def say(game: HuntedGame, event: ev.Event) -> str:
    """`event` in words, as the log shows it."""
    match event:
        case ev.TestResult(hit):
            return "Test: " + ("success." if hit else "failed.")
        case ev.NothingFound(wanted):
            return f"No {wanted} card is left to find."
        case ev.Found(card):
            return f"Found: {card}."
        case ev.NoAmbush(draws):
            return f"No alien in the next {plural(draws, 'card')}."
        case ev.Ambush(card):
            return f"Ambush: {card} attacks (the row stays)."
        case ev.Hits(landed, tossed):
            return f"{landed} of {plural(tossed, 'token')} hit."
        case ev.Reroll():
            return "The reroll token: the missed tokens are tossed again."
        case ev.MoreHits(hits):
            return f"{hits} more hit on the re-toss."
        case ev.AlienTakes(card):
            return f"The alien takes {card} instead."
        case ev.OutOfAmmo(seat):
            return f"Nothing is left to fire: the aliens kill {who(game, seat)}."
        case ev.Escaped(score):
            return f"Escaped! Score {score}."
        case ev.Lost(reason):
            return f"Lost: {reason}."
        case ev.Reshuffled():
            return "The discard pile is shuffled into a new Hunted deck."
        case ev.CrewLost(card):
            return f"{card} is lost to the aliens."
        case ev.AlienDefeated(alien):
            return f"{alien or 'The alien'} is defeated."
        case ev.Hides(seat):
            return f"{does(game, seat, 'hide')}: the row is discarded."
        case ev.Gives(seat, card):
            return f"{who(game, seat)} gives {card} to {who(game, 1 - seat)}."
        case ev.Reloads(seat, card):
            return f"{does(game, seat, 'reload')} the {card}."
        case ev.Uses(seat, card):
            return f"{does(game, seat, 'use')} the {card}."
        case ev.Helps(seat, card):
            return f"{does(game, seat, 'flip')} {card} face down: the crew helps."
        case ev.Drawn(card):
            return f"Drawn: {card}."
        case ev.AlienAttacks(cause, card):
            return f"{CAUSES[cause]}: the row is discarded and {card} attacks."
        case ev.StrongestTie(cause, cards):
            return f"{CAUSES[cause]}: the row is discarded; {' and '.join(cards)} are " \
                   "equally strong: one is chosen to fight."
        case ev.ShuffledIn(card):
            return f"{card} is shuffled into the Hunted deck."
        case ev.Activates(seat, card):
            return f"{does(game, seat, 'activate')} {card}."
        case ev.LocationDrawn(card):
            return f"Location: {card}: {effect_words(game.components.locations[card])}."
        case ev.FinalFight():
            return "The alien queen waits at the Landing Pad: the final fight."
        case ev.HealthChanges(seat, change, health):
            return f"{does(game, seat, 'lose' if change < 0 else 'gain')} {abs(change)} " \
                f"health: {health}/{game.max_health}."
        case ev.TimeChanges(change, time):
            return f"Time {change:+d}: {time} left."
        case _:
            assert_never(event)


def item_words(item: ItemSeen) -> str:
    """An inventory card as a line says it: a weapon with its tokens, a flipped crew."""
    if item["type"] == "weapon":
        return f"{item['name']} {item['shots']}/{item['capacity']} shots, {item['ammo']} ammo"
    if item["type"] == "crew" and item["flipped"]:
        return f"{item['name']} (flipped)"
    return item["name"]


def tokens_words(seen: HuntedObservation, seat: int) -> str:
    """`seat`'s key, grenade and loose shot tokens ("" for none)."""
    return ", ".join(plural(count, what) for what, count in (
        ("key", seen["keys"][seat]), ("grenade token", seen["grenades"][seat]),
        ("loose shot", seen["loose_shots"][seat])) if count)


def log_lines(game: HuntedGame, log: Sequence[Mapping[str, Any]]) -> list[str]:
    """The observation's log entries (JSON events) in words, oldest first."""
    return [say(game, ev.KINDS.from_json(entry)) for entry in log]


def log_page(game: HuntedGame, seen: HuntedObservation, seat: int, style: Style = plain) -> str:
    """`log`: every event the seat has seen, numbered (the screen shows the last few)."""
    return numbered_log(log_lines(game, seen["log"]))


GAINS = {"time": "time", "health": "health", "keys": "key token", "ammo": "ammo token",
         "grenades": "grenade token", "shots": "shot token", "hits": "hit"}
"""A token or track an effect adds to or takes from, as a count of it is said."""


NOTHING = "nothing happens"
"""What an effect of no gain, loss, search or fight does."""


def effect_words(effect: Effect) -> str:
    """What a card or Location does, in a player's words: "+1 health", "a test
    (failure: fight an alien of 2 hits)", "you may pay 1 time to draw until a weapon card
    is found"."""
    if effect.test:
        outcomes = [f"{said}: {effect_words(result)}" for said, result in
                    (("success", effect.success), ("failure", effect.failure))
                    if result is not None and effect_words(result) != NOTHING]
        return f"a test ({'; '.join(outcomes)})" if outcomes else "a test"
    parts = []
    for what, amount in effect.gains:
        if what == "reroll":
            parts.append("the reroll token back")
        elif what in ("time", "health"):
            parts.append(f"{amount:+d} {what}")
        else:
            parts.append(f"{'+' if amount > 0 else ''}{plural(amount, GAINS[what])}"
                         + (" on the alien" if what == "hits" else ""))
    if effect.clear_row:
        parts.append("discard the row")
    if effect.find:
        article = "an" if effect.find[0] in "aeiou" else "a"
        parts.append(f"draw until {article} {effect.find} card is found, into your inventory")
    if effect.ambush:
        parts.append(f"draw {plural(effect.ambush, 'card')}: an alien among them attacks")
    if effect.fight:
        parts.append(f"fight the alien queen ({plural(effect.fight, 'hit')})" if effect.queen
                     else f"fight an alien of {plural(effect.fight, 'hit')}")
    said = ", ".join(parts) or NOTHING
    if effect.optional:
        price = f"pay {effect.pay_time} time to " if effect.pay_time else ""
        return f"you may {price}{said}"
    return said


def choice_words(game: HuntedGame, text: str) -> str:
    """A choice (a typed action, or a table companion's entry) in players' words:
    "activate shared runner" is "Activate Runner (shared row)", "toss pulse-rifle 2
    grenade 1" is "Fire 2 shots of the Pulse Rifle and 1 grenade token"; the text itself
    where it has no words of its own."""
    typed, *learned = text.split("; ")
    verb, _, rest = typed.partition(" ")
    said = _choice_said(game, verb, rest)
    if said is None:
        return text
    return said + (f" ({'; '.join(learned)})" if learned else "")


BARE = {"draw": "Draw a card from the Hunted deck", "hide": "Hide: discard the row (1 time)",
        "done": "End your turn", "pass": "Give nothing", "yes": "Yes, take it",
        "no": "No, leave it", "reroll": "Re-toss the missed tokens (the reroll token)",
        "keep": "Keep the toss", "test hit": "Test: success", "test miss": "Test: failed",
        "ambush nothing": "Ambush: no alien", "found nothing": "Found: nothing"}
"""The choices of one fixed text, in words (by the whole text)."""


def _choice_said(game: HuntedGame, verb: str, rest: str) -> str | None:
    """The words of one typed action (`choice_words`); None for an unknown shape."""
    if f"{verb} {rest}".strip() in BARE:
        return BARE[f"{verb} {rest}".strip()]

    def card(arg: str) -> str | None:
        return game.by_slug.get(arg)

    def weapon(label: str) -> str | None:
        kind, _, number = label.partition("#")
        name = card(kind)
        return None if name is None else f"the {name}" + (f" #{number}" if number else "")

    shared = rest.startswith("shared ")
    where = " (shared row)" if shared else ""
    named = card(rest.removeprefix("shared "))
    if verb in ("activate", "share", "give", "use", "flip", "lose", "fight", "go", "card",
                "location", "star", "ambush", "found") and named is None:
        return None
    if verb == "activate":
        return f"Activate {named}{where}"
    if verb == "pay":
        icon, _, payer = rest.partition(" with ")
        if payer == "token":
            return f"Pay the {icon} with a key token"
        name = card(payer.removeprefix("shared "))
        return None if name is None else \
            f"Pay {icon} with {name}" + (" (shared row)" if payer.startswith("shared ") else "")
    if verb in ("use", "flip"):
        found = game.cards[str(named)]
        effect = found.use if verb == "use" else found.flip
        said = f"{verb.capitalize()} {named}"
        return said if effect is None else f"{said}: {effect_words(effect)}"
    if verb in ("reload", "load"):
        name = weapon(rest)
        if name is None:
            return None
        return f"Reload {name} (1 ammo token, 1 time)" if verb == "reload" \
            else f"Put the ammo token on {name}"
    if verb == "toss":
        return _toss_said(rest, weapon)
    if verb == "fighter":
        return f"Player {rest.removeprefix('p')} fights this round" \
            if rest in game.seat_names else None
    if verb == "hits":
        return f"Hits landed: {rest}" if rest.isdigit() else None
    by_verb = {"share": f"Move {named} to the shared row",
               "give": f"Give {named} to the other player (1 time)",
               "lose": f"Lose {named} to the alien instead of health",
               "fight": f"Fight {named}", "go": f"Go to the {named}",
               "card": f"Drawn: {named}", "location": f"Location drawn: {named}",
               "star": f"Shuffled into the Hunted deck: {named}",
               "ambush": f"Ambush: {named} attacks", "found": f"Found: {named}"}
    return by_verb.get(verb)


def _toss_said(rest: str, weapon: Callable[[str], str | None]) -> str | None:
    """A toss in words: shots of a weapon, grenade tokens, the loose shot tokens."""
    words = rest.split()
    if words == ["loose"]:
        return "Toss the loose shot tokens (1 time)"
    parts = []
    if words and words[0] != "grenade":
        name = weapon(words[0])
        if name is None or len(words) < 2 or not words[1].isdigit():
            return None
        parts.append(f"{plural(int(words[1]), 'shot')} of {name}")
        words = words[2:]
    if words[:1] == ["grenade"] and len(words) == 2 and words[1].isdigit():
        parts.append(plural(int(words[1]), "grenade token"))
    elif words:
        return None
    return f"Fire {' and '.join(parts)} (1 time)" if parts else None
