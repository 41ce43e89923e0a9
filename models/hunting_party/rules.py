"""Hunting Party: the rules behind the game contract (readings: docs/rulings.md).

2 to 5 Hunters (seats p1..p5, clockwise). The rules run as a stack of pending steps,
as in The Hunt: the top step says who acts (a seat, or chance) and what is legal;
automatic steps run at once. Components come from `boards/hunting_party/`.

Readings where the rulebook is silent or ambiguous (each one tested by name):
- Restlessness (named once, no text) is Quicksand printed under another name.
- Action cards are dealt from a shuffled deck whose order nobody knows, so each draw
  from it is a chance outcome weighted by the copies left. Discarded and played
  cards go under the deck face up (only Goals and the chosen Action are said to be
  face down), so once the shuffled part runs out the draws come from that pile in
  order, and everyone knows what they are.
- The personal icons go to the live Hunters, the first icon to the First Hunter and
  on clockwise; the dead are out of the party (no turn, no icon, no draws).
- Each personal icon against a Flee ("Flee: Avoids your personal fate", unless the
  icon's own sentence says "regardless of your Action"), whether the Flee is the
  Action or played from the hand at personal fate resolution (that Flee makes the
  Hunter's Action a Flee in effect: "if you planned to Camp ... but a rhino charges"):
  Animal Attack: avoided ("If you Flee you escape harm but get no trophy");
  Natives: avoided ("Fleeing results in no effect");
  Misfire: avoided (no "regardless": a Hunter who fled fires no shot);
  Opportunity Shot: avoided too (no "regardless": the whole personal fate goes);
  Pitfall: NOT avoided ("Choose and discard a card, regardless of your Action");
  Reload: NOT avoided ("Draw a card, regardless of your Action").
  The Flee window opens for every live Hunter with cards in hand whose personal
  fate would do something, Flee in hand or not (a window opened only for a Flee would
  tell the others the hand holds one); a Flee is offered in it where it avoids the
  fate (never against Pitfall or Reload, where it would be spent for nothing), else
  the Hunter passes, in the open.
- A Hunter who played Shoot and then fled from the hand fired no shot (the Flee
  took the Action's place): no Misfire, and neither Backtrack nor Hunting Accident
  counts them as a Hunter who shot (`action_in_effect` says so for all three).
- Backtrack and Hunting Accident need to know who shot without bagging the animal,
  so they take effect after the personal fates. A Hunting Accident's victim chooses
  which card to discard (the shooter cannot see it); any live Hunter may be chosen.
  Sharp Eye's Shoot at an animal another Hunter bagged first is a hit too (her
  trophy comes from the discards, if any), so neither event counts her as a miss;
  nor a Shooter whose Opportunity Shot took a trophy from the discards.
- Jungle Fever: every live Hunter chooses a card to reveal without seeing the others'
  choices; the Hunters whose cards match another's discard them and choose again
  among themselves, until no two match; an unmatched card goes back to the hand.
- Vine Bridge: the named card (one copy) goes to the hand, the other revealed cards
  under the deck; a Hunter who does not find it discards 2 cards of their choice.
- Scavengers turns over the top Fate card (it then lies with the discards), and
  only live Hunters lose a matching trophy: a dead Hunter's trophies are with the
  porters ("Your trophies will be brought back by the porters"), out of the party,
  as the dead are for every other party event (Resupply, Quicksand, ...).
- The Fate deck is exhausted when it holds too few cards to reveal the next round
  (one per live Hunter plus one): with 4 or 5 players the Fate discards are then
  shuffled into it once; otherwise, or the second time, the game is over.
- A Hunter who died ends the game at the end of the next round; a First Hunter
  marker passes clockwise to the next live Hunter.
- The bagged animal's Fate card is added to the trophies at the end of the round;
  an unbagged one goes to the Fate discards.
"""

from __future__ import annotations

from typing import Any

from hunt.boards.hunting_party.data import FateCard, Goal, Hunter, load_hunting_party
from hunt.errors import OptionError
from hunt.models.game import Game, GameInfo
from hunt.models.hunting_party.observation import FateCardSeen, PartyObservation
from hunt.models.hunting_party.state import (
    CAMP,
    FLEE,
    FLEE_NOW,
    KINDS,
    NO_FLEE,
    REGARDLESS_OF_ACTION,
    ROUND_BOUND,
    SHOOT,
    PartyAction,
    hunter_id,
)
from hunt.models.hunting_party.views import PartyViews
from hunt.models.options import Option, OptionSpec

__all__ = ["CAMP", "FLEE", "FLEE_NOW", "KINDS", "NO_FLEE", "REGARDLESS_OF_ACTION", "ROUND_BOUND",
           "SHOOT", "HuntingPartyGame", "HuntingPartyState", "PartyAction", "hunter_id"]
"""The rules' public names (the constants and the action live in `state.py`)."""


class HuntingPartyGame(Game["HuntingPartyState", PartyAction, PartyObservation]):
    """Hunting Party for 2 to 5 players. Option: `players` (default 3)."""

    option_spec = OptionSpec("hunting-party", (
        Option("players", int, 3, "Players.", choices=(2, 3, 4, 5), recorded=True),))

    def __init__(self, **options: Any) -> None:
        chosen = self.option_spec.check(options)
        players: int = chosen["players"]
        components = load_hunting_party()
        low, high = components.setup["players"]
        if not low <= players <= high:  # an edited setup.toml may narrow the range
            raise OptionError(f"players must be a whole number from {low} to {high}")
        super().__init__(self.option_spec.recorded(chosen))
        self.components = components
        self.players = players
        self.rules = components.setup
        self.deck_counts = tuple(components.action_deck[kind] for kind in KINDS)
        self.fate: dict[str, FateCard] = {card.id: card for card in components.fate}
        self.hunters: dict[str, Hunter] = {hunter_id(h): h for h in components.hunters}
        self.goals: dict[str, Goal] = {goal.id: goal for goal in components.goals}
        self.card_views: dict[str, FateCardSeen] = {
            card.id: {"id": card.id, "event": card.event, "animal": card.animal,
                      "icons": list(card.icons)} for card in components.fate}
        """Each Fate card as observations show it (shared by heuristic views: read only)."""
        self.seat_names = tuple(f"p{seat + 1}" for seat in range(players))
        self.clockwise = tuple(tuple((first + i) % players for i in range(players))
                               for first in range(players))
        """For each seat, every seat from it clockwise (the turn order when it is First)."""
        passes = self.rules["fate_passes"][str(players)]
        rounds = passes * len(self.fate) // 2 + 2
        self.info = GameInfo(
            name="hunting-party", title="Hunting Party", num_players=players,
            min_players=low, max_players=high, seat_names=self.seat_names,
            max_game_length=200 + rounds * ROUND_BOUND, zero_sum=False)

    def new_initial_state(self, seed: int = 0) -> HuntingPartyState:
        """Before the Hunters are dealt: every deck whole, no hands."""
        return HuntingPartyState(self, seed)


class HuntingPartyState(PartyViews):
    """A position of Hunting Party: the round (`state.py`), Resolve Fate (`fate.py`)
    and what each seat sees (`views.py`). Hands and decks are counts per Action kind."""
