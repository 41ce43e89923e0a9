"""Hunted in the browser (`hunt serve`): the rows as cards (aliens marked) and the
partner's inventory on the table, your inventory as cards face up with the uses open
to each now (fire, reload, use, flip, give), the state at a glance (time, health,
tokens, decks, Locations, a fight, what you are asked), the log in words and the
ending. Drawn from the seat's observation (the whole table is public). Every text is
escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from hunt.models.hunted.observation import HuntedObservation, ItemSeen
from hunt.models.hunted.rules import HuntedGame
from hunt.models.hunted.state import slug
from hunt.models.hunted.words import effect_words, item_words, log_lines, tokens_words
from hunt.models.plugin import (
    CardFace,
    Hands,
    WebPanels,
    plural,
    stat_box,
    status_markup,
    upper_first,
    uses_by_card,
)


def web_board(game: HuntedGame, seen: HuntedObservation, seat: int,
              choices: Sequence[str]) -> str:
    """The rows (a card each: what it gives and costs, a bell, an alien's hits) and,
    with two players, the shared row and the partner's inventory."""
    def card(name: str) -> str:
        found = game.cards[name]
        kind = "alien" if found.type == "alien" else "location"
        detail = f"alien: {plural(found.strength, 'hit')}" \
            + (", attacks the crew first" if found.crew_icon else "") \
            if found.type == "alien" else \
            f"{found.type}: gives {' or '.join(found.gives)}; costs " \
            f"{' + '.join(found.cost) or 'nothing'}" + (" · bell" if found.noise else "")
        return (f'<div class="row-card {kind}"><b>{escape(name)}</b><br>'
                f"<small>{escape(detail)}</small></div>")

    players = seen["players"]
    rows = "".join(
        f'<div class="row"><span>{"Your row" if index == seat else f"p{index + 1}&#8217;s row"}:'
        f'</span>{"".join(card(n) for n in seen["rows"][index]) or " empty"}</div>'
        for index in range(players))
    if players == 2:
        rows += (f'<div class="row"><span>Shared row:</span>'
                 f'{"".join(card(n) for n in seen["shared"]) or " empty"}</div>')
        partner = 1 - seat
        held = ", ".join(item_words(item) for item in seen["inventories"][partner])
        rows += (f'<p>p{partner + 1} holds: {escape(held or "nothing")}; '
                 f'{escape(tokens_words(seen, partner) or "no tokens")}.</p>')
    return f'<div class="table-view">{rows}</div>'


def item_id(item: ItemSeen) -> str:
    """The id a choice names an inventory card by: a weapon's label ("pulse-rifle#2"),
    else its name's slug."""
    return item["label"] if item["type"] == "weapon" else slug(item["name"])


def own_inventory(seen: HuntedObservation) -> Sequence[ItemSeen]:
    """The inventory of the seat whose observation `seen` is (seats are "p1", "p2")."""
    return seen["inventories"][int(seen["seat"].removeprefix("p")) - 1]


def hands(seen: HuntedObservation) -> Hands:
    """The seat's inventory, a card each (the partner's is on the table)."""
    return Hands(tuple(item_id(item) for item in own_inventory(seen)))


USE_LABELS = {"use": "Use", "flip": "Flip", "reload": "Reload", "load": "Load this one",
              "give": "Give", "lose": "Lose it"}
"""An inventory card's use on its face, by the verb of the choice that names it."""


def card_use(text: str) -> tuple[str, str] | None:
    """The inventory card (its id) a choice uses and its button's label: "toss
    pulse-rifle 2 grenade 1" is the Pulse Rifle's "Fire 2 + 1 grenade"; None for a
    choice that names no inventory card (`uses_by_card`)."""
    verb, _, rest = text.partition(" ")
    words = rest.split()
    if verb == "toss" and len(words) >= 2 and words[0] not in ("grenade", "loose"):
        return words[0], f"Fire {words[1]}" + (
            f" + {plural(int(words[3]), 'grenade')}" if len(words) == 4 else "")
    if verb in USE_LABELS and len(words) == 1:
        return words[0], USE_LABELS[verb]
    return None


def card_faces(game: HuntedGame, seen: HuntedObservation,
               choices: Sequence[str]) -> list[CardFace]:
    """The seat's inventory face up: each card's name, its tokens or state, what it
    does, and the uses `choices` make of it now."""
    uses = uses_by_card(choices, card_use)
    faces = []
    for item in own_inventory(seen):
        card = game.cards[item["name"]]
        when = " (in a fight)" if card.fight_only else ""
        if item["type"] == "weapon":
            value = f"{item['shots']}/{item['capacity']} shots, {item['ammo']} ammo"
            text = (f"Fire up to {plural(item['shots'], 'shot')} a toss (1 time each toss); "
                    f"reload with an ammo token for 1 time.")
        elif item["type"] == "crew":
            value = "crew, flipped" if item["flipped"] else "crew"
            text = "Flipped: 1 point at the end (3 face up)." if item["flipped"] else \
                f"Flip it face down: {effect_words(card.flip)}." if card.flip else ""
        else:
            value = "equipment"
            text = f"Discard it{when}: {effect_words(card.use)}." if card.use else ""
        label = item["label"] if item["type"] == "weapon" else ""
        name = item["name"] + (f" #{label.partition('#')[2]}" if "#" in label else "")
        # a second weapon of a name is fired, reloaded and loaded by its label, and
        # given, like the first, by its name
        own = uses.get(item_id(item), []) + [
            (label, move) for label, move in uses.get(slug(item["name"]), [])
            if item_id(item) != slug(item["name"]) and move.startswith("give ")]
        faces.append(CardFace(item_id(item), name, value, upper_first(text), uses=tuple(own)))
    return faces


ASKED = {
    "give": "Give an inventory card to the other player (1 time each), or give nothing.",
    "pick-alien": "Two aliens are equally strong: choose the one to fight.",
    "go": "Choose the Location to go to (the other is discarded).",
    "optional": "The card's effect is optional: take it or leave it.",
    "load": "Put the ammo token on a weapon.",
    "fight": "Fight: choose what to toss (each toss costs 1 time).",
    "reroll": "Re-toss the missed tokens with the reroll token, or keep the toss.",
    "lose-crew": "The alien attacks your crew: choose the crew card it takes.",
    "fighter": "Choose who fights this round.",
}
"""What a seat to act is asked, by the kind of the pending step (a turn and a payment
are said by `asked`)."""


def asked(seen: HuntedObservation) -> str:
    """What the seat to act is asked now, in a line ("" when it is not to act)."""
    if seen["to_move"] != seen["seat"]:
        return ""
    stage = seen["stage"]
    if stage == "turn":
        if seen["players"] == 2 and seen["acted"]:
            return "Activate cards of your row, move one to the shared row, or end your turn."
        return "Draw a card from the Hunted deck, or hide" + (
            "." if seen["players"] == 2 else "; activate cards of your row at any time.")
    if stage == "pay":
        return f"Activating {seen['activating']}: pay its cost, an icon at a time."
    return ASKED.get(stage, "")


def status_html(seen: HuntedObservation, seat: int) -> str:
    """Time, health, tokens, the decks, the Locations, a fight under way and what the
    seat is asked, as labelled boxes."""
    players = seen["players"]
    health = ", ".join(f"{'you' if index == seat else f'p{index + 1}'} "
                       f"{seen['health'][index]}/{seen['max_health']}"
                       for index in range(players)) if players == 2 else \
        f"{seen['health'][0]} of {seen['max_health']}"
    boxes = [stat_box("Time", str(seen["time"]), "time"),
             stat_box("Health", health, "health"),
             stat_box("Your tokens", tokens_words(seen, seat) or "none", "tokens"),
             stat_box("Reroll token", "by the board" if seen["reroll"] else "used", "reroll"),
             stat_box("Locations", f"{seen['locations_drawn']} drawn, "
                      f"{seen['locations_left']} left (the Landing Pad is among the last 3)",
                      "locations", wide=True),
             stat_box("Hunted deck", f"{plural(sum(seen['deck'].values()), 'card')}, "
                      f"discards {sum(seen['discards'].values())}", "deck"),
             stat_box("Star aliens set aside", str(seen["stars_aside"]), "stars")]
    if seen["removed"]:
        boxes.append(stat_box("Crew lost", ", ".join(seen["removed"]), "removed"))
    fight = seen["fight"]
    if fight is not None:
        boxes.append(stat_box(
            "Fight", f"{fight['alien']}: {fight['hits']} of {plural(fight['strength'], 'hit')}"
            + (", attacks the crew first" if fight["crew_icon"] else "")
            + f"; round {fight['round']}, {fight['fighter']} fights; each token hits "
            f"{seen['hit_rates']['token']:.0%} of the time", "fight", wide=True))
    if seen["drawn"]:
        boxes.append(stat_box("Locations drawn", ", ".join(seen["drawn"]), "drawn"))
    return status_markup(boxes, asked(seen))


def web_panels(game: HuntedGame, seen: HuntedObservation, seat: int) -> WebPanels:
    """The state at a glance, the whole log in words and, once the game is over, how
    it ended (with the score of a won game)."""
    ending = None if seen["reason"] is None or seen["result"] is None else \
        f"{upper_first(seen['reason'])}." + (
            f" Score {seen['score']}." if seen["score"] is not None else "")
    return WebPanels(status_html(seen, seat), tuple(log_lines(game, seen["log"])), ending)
