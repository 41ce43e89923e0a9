"""Hunted: Mining Colony 415: the rules (the readings: docs/rulings.md).

One player (seat p1) or two (p1 and p2, Player 2 being Hobbes or Terrance) escape
through the colony to the Landing Pad. The rules run as a stack of pending steps (as
in The Hunt): the top step says who acts (a seat, or chance) and what is legal;
automatic steps run at once. Components come from `boards/hunted/`.

Nothing is hidden from the players but the order of the decks, which nobody knows:
every draw is a chance outcome weighted by the cards left, and every token toss is
a chance outcome (each token lands in the circle with the hit rate of the target
side and the token's size). So a seat's view is the whole table, and a
determinization is the position itself.

Readings where the rulebook is silent or ambiguous (each one tested by name):
- A card in the row gives one of its action icons when discarded; activating a card
  means paying each icon of its cost with a discarded row card (or a key token for a
  key icon). Weapons, equipment and crew go to the inventory; doors and corridors
  are discarded and draw their Locations.
- Hits stay on an alien from one combat round to the next (the 2 hit tokens mark
  them; at most 3 hits are ever needed): a round that does not finish it costs the
  fighter 1 health, or a crew card if the alien has the crew icon and the fighter
  holds one.
- A toss costs 1 time when it is made; time at 0 ends the game at once. The reroll
  token re-tosses the tokens that missed (re-tossing a hit can only lose it).
- A fight with nothing left to toss (no shots, no ammo to reload, no grenade, no
  crew to flip for tokens) kills the fighter: "the aliens will kill you".
- The shot and grenade tokens a crew flip or a Grenade gives must be used in the
  current fight; what is left of them goes back when it ends.
- "Draw until you find" searches the draw pile, then the reshuffled discard pile;
  the cards passed over go back and the deck is shuffled. "Draw five cards" draws
  them the same way and stops at the first alien.
- A crew card that leaves for any reason (paid, hidden, cleared by an attack, taken
  by an alien) is removed from the game and one of the star aliens still set aside
  (at random) is shuffled into the draw pile.
- The Location deck is fourteen cards with the Landing Pad among the last three: so
  each Location drawn is any unseen one alike, and from the twelfth on the Landing
  Pad is one of the cards left at the bottom. Drawing it starts the final fight at
  once (a second Location of the same activation is not drawn).
- The alien-in-the-row checks look at a player's own row and the shared row
  together. "Another alien card is drawn" is checked on a draw; the two-bells check
  ("if there is ever ...") whenever a card joins a row: a draw into the player's row,
  or the partner sharing a card (then the partner's row holds it too). A share that
  completes an alien and two bells in the partner's row makes the partner fight at
  once, in the sharing player's turn (which goes on after the fight); it discards
  the partner's row and the shared row, not the sharing player's own. Sharing an
  alien beside an alien forces no fight: it is not "drawn". Event cards resolve when
  drawn and go to the discard pile.
- "Fight the stronger alien, discarding the weaker one" with more than two aliens
  (the shared row can hold one beside the player's own): the strongest of them all,
  the drawn one included, is fought; every weaker one is discarded with the row. If
  the strongest are equally strong, the player whose row it is chooses among them.
- Hard mode ("starting with four health points and seventeen time points") sets
  where the cubes start; a heal or a gain of time still goes up to six health and
  twenty time. Two players have four health, "which is your maximum", in either mode.
- Two players: a turn is a draw or a hide; after a draw the player may activate,
  share one card per draw and use the inventory, then says `done`. Hide ends the
  turn. Either player's health at 0, or the shared time at 0, loses the game.
- "At any time, if you want to give an inventory card to the other player, spend
  one time" (two players) is offered at these moments, each gift costing 1 time:
  in one's own turn, at each of its decisions; in one's own fight, before a toss;
  and in windows, steps where the giver decides (`give CARD`, and the window stays
  open for another card, or `pass`): the partner's window after each draw of a
  player, once the draw and all it set off are resolved and before that player
  goes on; and, before each combat round (the first included, once the round's
  fighter is known), the window of the player not fighting, to arm the fighter. A
  window is skipped when the giver holds nothing. Other moments get no window (no
  gift while the other pays, picks a Location or rerolls): a window after every
  action would double the decisions for gifts that rarely matter there. Giving
  never changes whose turn it is, and each gift costs a time, so the windows end.
  The inventories are on the table: both players see both (so do the observations).
- Player 2 is Hobbes: the Hobbes crew card is taken out of the Hunted deck.
"""
from __future__ import annotations

from typing import Any

from hunt.boards.hunted.data import LANDING_PAD, SIDES, TOSSES, HuntedCard, load_hunted
from hunt.models.game import Game, GameInfo
from hunt.models.hunted.observation import HuntedObservation
from hunt.models.hunted.state import (
    DIFFICULTIES,
    DONE,
    DRAW,
    FIGHT_FLIPS,
    HIDE,
    PASS,
    Fight,
    HuntedAction,
    Item,
    slug,
    toss_parts,
)
from hunt.models.hunted.views import HuntedViews
from hunt.models.options import Option, OptionSpec

__all__ = ["DIFFICULTIES", "DONE", "DRAW", "FIGHT_FLIPS", "HIDE", "PASS", "Fight",
           "HuntedAction", "HuntedGame", "HuntedState", "Item", "slug", "toss_parts"]
"""The rules' public names (the actions and constants live in `state.py`)."""


class HuntedGame(Game["HuntedState", HuntedAction, HuntedObservation]):
    """Hunted: Mining Colony 415. Options: `players` (1 or 2), `difficulty` ("hard":
    start with 4 health and 17 time), `target` (side of the alien card: "normal" or "hard"),
    `hit_rates` (any of token, large, small: the chance a toss of that token hits)."""

    option_spec = OptionSpec("hunted", (
        Option("players", int, 1, "Players (1: solo).", choices=(1, 2), recorded=True),
        Option("difficulty", str, "normal", "hard: start with 4 health and 17 time.",
               choices=DIFFICULTIES, recorded=True),
        Option("target", str, "normal", "The side of the alien target card in the box lid.",
               choices=SIDES, recorded=True),
        Option("hit_rates", dict, {}, "The chance one tossed token hits, for token (shots "
               "and grenades), large or small (test tokens), e.g. token=0.5.",
               choices=TOSSES)))

    def __init__(self, **options: Any) -> None:
        chosen = self.option_spec.check(options)
        players: int = chosen["players"]
        difficulty: str = chosen["difficulty"]
        components = load_hunted()
        rates = dict(components.hit_rates[chosen["target"]])
        rates.update({toss: float(rate) for toss, rate in chosen["hit_rates"].items()})
        super().__init__(self.option_spec.recorded(chosen))
        self.components = components
        self.players = players
        self.cards: dict[str, HuntedCard] = components.cards
        self.by_slug = {slug(name): name for name in (*components.cards,
                                                      *components.locations)}
        self.hit_rates = rates
        start, two = components.start, components.two_player
        hard = difficulty == "hard"
        # Hard mode is "starting with four health points and seventeen time points":
        # it lowers where the cubes start, not the tops of the tracks. Only the 2-player
        # health is capped lower: "four health points, which is your maximum".
        self.max_health: int = two["health"] if players == 2 else start["health"]
        """The most health a player can have (a heal stops here)."""
        self.start_health: int = min(start["hard_health"] if hard else start["health"],
                                     self.max_health)
        """Each player's health at the start."""
        self.max_time: int = start["time"]
        """The most time the track holds (a gain of time stops here)."""
        self.start_time: int = start["hard_time" if hard else "time"]
        """The time at the start."""
        self.starting_ammo = two["starting_ammo"] if players == 2 else start["starting_ammo"]
        self.starting_weapon = start["starting_weapon"]
        removed = {two["removed_crew"]} if players == 2 else set()
        self.deck = {name: card.count for name, card in self.cards.items()
                     if card.count and not card.star and name not in removed}
        self.stars = {name: card.count for name, card in self.cards.items() if card.star}
        self.non_pad = sorted(name for name in components.locations if name != LANDING_PAD)
        self.location_cards = start["location_cards"]
        self.pad_among_last = start["landing_pad_among_last"]
        self.seat_names = tuple(f"p{seat + 1}" for seat in range(players))
        self._label_cache: dict[tuple[str, ...], list[str]] = {}
        self.info = GameInfo(
            name="hunted", title="Hunted: Mining Colony 415", num_players=players,
            min_players=1, max_players=2, seat_names=self.seat_names,
            max_game_length=20_000, zero_sum=False, cooperative=True)

    def weapon_labels(self, names: tuple[str, ...]) -> list[str]:
        """Per inventory place (card names in order): the weapon's label, numbered
        when two share a name ("pulse-rifle", "pulse-rifle#2"), or "" for other cards."""
        labels = self._label_cache.get(names)
        if labels is None:
            labels = []
            for name in names:
                if self.cards[name].type != "weapon":
                    labels.append("")
                    continue
                label = slug(name)
                count = sum(1 for other in labels if other.split("#")[0] == label)
                labels.append(f"{label}#{count + 1}" if count else label)
            self._label_cache[names] = labels
        return labels

    def new_initial_state(self, seed: int = 0) -> HuntedState:
        """Set up: health and time on the board, the pulse rifles loaded, the decks whole."""
        return HuntedState(self, seed)


class HuntedState(HuntedViews):
    """A position of Hunted: the position and flow (`state.py`), chance odds
    (`odds.py`), the turn (`turn.py`), card effects (`effects.py`), fights
    (`fight.py`) and what each seat sees (`views.py`)."""
