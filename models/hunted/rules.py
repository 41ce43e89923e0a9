"""Hunted: Mining Colony 415: the rules (../shared/rules/hunted_mining_colony_415.txt).

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

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any, ClassVar, NamedTuple

from hunt.boards.hunted_data import (
    LANDING_PAD,
    SIDES,
    Effect,
    HuntedCard,
    load_hunted,
)
from hunt.errors import OptionError, quoted
from hunt.models.game import (
    CHANCE,
    Action,
    Game,
    GameInfo,
    Observation,
    State,
    pick_by_count,
)
from hunt.models.steps import (
    AUTO,
    AUTO_STEP,
    CHANCE_STEP,
    DECIDE,
    Copier,
    Role,
    Step,
    StepState,
    auto,
    effect,
    legal,
    lists,
    outcomes,
)

DIFFICULTIES = ("normal", "hard")
FIGHT_FLIPS = ("shots", "grenades", "hits")
"""Crew flip gains that "must be flipped during a fight"."""


class HuntedAction(NamedTuple):
    """A move of Hunted, sorted and hashed as a tuple. Text: "verb arg"."""

    verb: str
    arg: str = ""

    def text(self) -> str:
        """The form a person types, e.g. "activate runner" or "toss pulse-rifle 3"."""
        return f"{self.verb} {self.arg}" if self.arg else self.verb


class Item(NamedTuple):
    """A card in an inventory: a weapon with its ammo and shot tokens, or a crew card
    (face up, or flipped face down), or equipment."""

    name: str
    ammo: int = 0
    shots: int = 0
    flipped: bool = False


class Fight(NamedTuple):
    """The fight going on: who drew it, who fights this round, the alien, its hits."""

    drawer: int
    fighter: int
    alien: str
    """The alien card's name, or "" for an alien no card represents."""
    strength: int
    crew_icon: bool
    queen: bool
    hits: int = 0
    round: int = 1
    tossed: int = 0
    landed: int = 0


@cache
def slug(name: str) -> str:
    """A card name as an action argument: "Dr. Reyes" -> "dr-reyes"."""
    return "-".join(name.lower().replace(".", "").split())


DRAW = HuntedAction("draw")
HIDE = HuntedAction("hide")
DONE = HuntedAction("done")
PASS = HuntedAction("pass")
"""Closes a window to give (two players): nothing more is given now."""


class HuntedGame(Game):
    """Hunted: Mining Colony 415. Options: `players` (1 or 2), `difficulty` ("hard":
    4 health and 17 time), `target` (side of the alien card: "normal" or "hard"),
    `hit_rates` (any of token, large, small: the chance a toss of that token hits)."""

    def __init__(self, players: int = 1, difficulty: str = "normal", target: str = "normal",
                 hit_rates: dict[str, float] | None = None, **unknown: Any) -> None:
        if unknown:
            raise OptionError(f"hunted has no option {', '.join(sorted(unknown))}; "
                              "accepted: players, difficulty, target, hit_rates")
        if type(players) is not int or players not in (1, 2):
            raise OptionError("players must be 1 or 2")
        if not isinstance(difficulty, str) or difficulty not in DIFFICULTIES:
            raise OptionError(f"difficulty {quoted(difficulty)}; accepted: "
                              f"{', '.join(DIFFICULTIES)}")
        if not isinstance(target, str) or target not in SIDES:
            raise OptionError(f"target {quoted(target)}; accepted: {', '.join(SIDES)}")
        # Options may come from a record file, so every type is checked, not assumed.
        if hit_rates is not None and not isinstance(hit_rates, Mapping):
            raise OptionError(f"hit_rates {quoted(hit_rates)}: an object of toss to chance, "
                              "e.g. {\"token\": 0.5}")
        components = load_hunted()
        rates = dict(components.hit_rates[target])
        for toss, rate in (hit_rates or {}).items():
            if toss not in rates:
                raise OptionError(f"no hit rate for {quoted(toss)}; accepted: "
                                  f"{', '.join(rates)}")
            # bool is an int subclass: true would read as a chance of 1
            if isinstance(rate, bool) or not isinstance(rate, int | float) \
                    or not 0 < rate <= 1:
                raise OptionError(f"hit rate {toss}={quoted(rate)}: a number above 0, "
                                  "at most 1")
            rates[toss] = float(rate)
        options: dict[str, Any] = {"players": players, "difficulty": difficulty,
                                   "target": target}
        if hit_rates:
            options["hit_rates"] = dict(hit_rates)
        super().__init__(options)
        self.components = components
        self.players = players
        self.cards: dict[str, HuntedCard] = components.cards
        self.by_slug = {slug(name): name for name in (*components.cards,
                                                      *components.locations)}
        self.hit_rates = rates
        start, two = components.start, components.two_player
        hard = difficulty == "hard"
        self.start_time: int = start["hard_time" if hard else "time"]
        self.max_health: int = min(start["hard_health"] if hard else start["health"],
                              two["health"] if players == 2 else start["health"])
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

    normal_iterations = 300  # about 0.2 s a move: a solo game (~100 choices) took 15-18 s

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

    def heuristic_action(self, observation: Observation, legal_actions: Sequence[Action],
                         rng: random.Random) -> Action:
        """Rules of thumb from `hunt.models.hunted.heuristics`."""
        from hunt.models.hunted.heuristics import heuristic_action
        return heuristic_action(self, observation, legal_actions, rng)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """The heuristic, from the acting seat's view of the sampled world."""
        assert isinstance(state, HuntedState)
        seat = state.current_player()
        return self.heuristic_action(state.heuristic_view(seat), state.legal_actions(), rng)

    rollout_depth = 30

    def evaluate(self, state: State) -> list[float] | None:
        """P(escape) from the fitted model (`hunt.models.hunted.evaluation`), at a turn
        outside a fight; anything else is played on."""
        assert isinstance(state, HuntedState)
        if state.over or state.fight is not None or state.stack[-1].kind != "turn":
            return None
        from hunt.models.hunted.evaluation import win_chance
        return [win_chance(state)] * self.players

    def search_reward(self, state: State) -> list[float]:
        """The returns, plus a thousandth of the score for a win (the score adds at
        most 0.06): an escape with more health and time left is the better one."""
        assert isinstance(state, HuntedState)
        bonus = state.score() / 1000 if state.won else 0.0
        return [value + bonus for value in state.returns()]


class HuntedState(StepState[HuntedAction]):
    """A position of Hunted. Decks are counts per card name (their order is chance)."""

    game: HuntedGame
    step_kinds: ClassVar[Mapping[str, Role]] = {
        "turn": DECIDE, "fight": DECIDE, "pay": DECIDE, "reroll": DECIDE,
        "optional": DECIDE, "go": DECIDE, "pick-alien": DECIDE, "fighter": DECIDE,
        "lose-crew": DECIDE, "load": DECIDE, "give": DECIDE,
        "draw": CHANCE_STEP, "star": CHANCE_STEP, "location": CHANCE_STEP,
        "toss": CHANCE_STEP, "retoss": CHANCE_STEP, "test": CHANCE_STEP,
        "find": CHANCE_STEP, "ambush": CHANCE_STEP,
        "end-turn": AUTO_STEP, "discard-card": AUTO_STEP, "arrive": AUTO_STEP,
        "effect": AUTO_STEP, "next-round": AUTO_STEP}
    copied: ClassVar[Mapping[str, Copier]] = {
        "health": list, "inventory": lists, "keys": list, "grenades": list,
        "loose_shots": list, "rows": lists, "shared": list, "pile": dict, "discards": dict,
        "stars": dict, "removed": list, "locations_seen": list, "drawn": list, "log": list,
        "stack": list}

    def __init__(self, game: HuntedGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        n = game.players
        self.health = [game.max_health] * n
        self.time = game.start_time
        weapon = game.cards[game.starting_weapon]
        self.inventory: list[list[Item]] = [
            [Item(game.starting_weapon, game.starting_ammo, weapon.shots)] for _ in range(n)]
        self.keys = [0] * n
        self.grenades = [0] * n
        """Grenade tokens to toss in the current fight."""
        self.loose_shots = [0] * n
        """Shot tokens a crew flip gave, tossed with the next toss of this fight."""
        self.reroll = True
        """Whether the reroll token is still by the board (both players may use it)."""
        self.rows: list[list[str]] = [[] for _ in range(n)]
        self.shared: list[str] = []
        self.pile = dict(game.deck)
        self.discards: dict[str, int] = {}
        self.stars = dict(game.stars)
        """Star aliens still set aside."""
        self.removed: list[str] = []
        """Crew cards removed from the game."""
        self.locations_drawn = 0
        self.locations_seen: list[str] = []
        self.drawn: list[str] = []
        """Locations drawn by the activation being resolved."""
        self.turn = 0
        self.acted = False
        """Two players: whether the player to move has drawn (or hidden) this turn."""
        self.shared_this_draw = False
        self.fight: Fight | None = None
        self.over = False
        self.won = False
        self.reason = ""
        self.log: list[str] = []
        self.stack: list[Step] = [Step("turn", 0)]

    # -- small helpers -----------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.log.append(text)

    def card(self, name: str) -> HuntedCard:
        """The Hunted card called `name`."""
        return self.game.cards[name]

    def row_of(self, seat: int) -> list[str]:
        """The cards `seat` can see as its row: its own, then the shared row."""
        return self.rows[seat] + self.shared

    def supply(self, token: str) -> int:
        """Ammo, key or grenade tokens still in the box (the printed counts bound them)."""
        printed = self.game.components.tokens[token]
        if token == "ammo":
            return printed - sum(item.ammo for inv in self.inventory for item in inv)
        held = self.keys if token == "key" else self.grenades
        return printed - sum(held)

    def weapons(self, seat: int) -> list[tuple[str, Item]]:
        """`seat`'s weapons, each with its label (its name's slug, numbered when the
        inventory holds two of one name: "pulse-rifle", "pulse-rifle#2")."""
        return [(label, item) for label, item in zip(self._labels(seat), self.inventory[seat],
                                                     strict=True) if label]

    def _labels(self, seat: int) -> list[str]:
        """Per inventory place: the weapon's label, or "" for any other card."""
        return self.game.weapon_labels(tuple(item.name for item in self.inventory[seat]))

    def _replace_item(self, seat: int, old: Item, new: Item | None) -> None:
        inventory = self.inventory[seat]
        index = inventory.index(old)
        if new is None:
            del inventory[index]
        else:
            inventory[index] = new

    def score(self) -> int:
        """The endgame score: 2 a health point, 1 a time, 3 a face-up crew card, 1 a
        face-down one (all players together)."""
        crew = [item for inv in self.inventory for item in inv
                if self.card(item.name).type == "crew"]
        return (2 * sum(self.health) + self.time
                + sum(1 if item.flipped else 3 for item in crew))

    def draw_odds(self, seat: int) -> dict[str, float]:
        """What the next card `seat` draws may be, from the public deck: an alien, an
        event, a card with a bell, and the chance that it forces a fight at once (a
        second alien, or the second bell beside an alien)."""
        pile = self.pile if any(self.pile.values()) else self.discards
        total = sum(pile.values()) or 1
        row = self.row_of(seat)
        alien_waits = any(self.card(name).type == "alien" for name in row)
        bells = sum(self.card(name).noise for name in row)

        def share(test: Any) -> float:
            return sum(count for name, count in pile.items() if test(self.card(name))) / total

        fight = 0.0
        if alien_waits:
            fight = share(lambda c: c.type == "alien" or (c.noise and bells >= 1))
        elif bells >= 2:
            fight = share(lambda c: c.type == "alien")
        return {"alien": share(lambda c: c.type == "alien"),
                "event": share(lambda c: c.type == "event"),
                "bell": share(lambda c: c.noise), "fight": fight}

    # -- the contract --------------------------------------------------------------------

    def _odds(self, step: Step) -> list[tuple[Action, float]]:
        """The outcomes sorted (the handlers build them by card name, not by slug)."""
        return sorted(super()._odds(step))

    def sample_chance_outcome(self, rng: random.Random) -> Action:
        """Card draws by index into the counts: the odds of `chance_outcomes`, faster."""
        step = self.stack[-1]
        if step.kind == "draw":
            names = list(self.pile)
            return HuntedAction("card", slug(names[pick_by_count(list(self.pile.values()),
                                                                  rng)]))
        return super().sample_chance_outcome(rng)

    def returns(self) -> list[float]:
        """1 for every player if they escaped, 0 otherwise (and before the end)."""
        return [1.0 if self.won else 0.0] * self.game.players

    def end_reason(self) -> str:
        return self.reason if self.over else ""

    def action_to_string(self, action: Action) -> str:
        assert isinstance(action, HuntedAction)
        return action.text()

    def determinize(self, player: int, rng: random.Random, prior: Any = None) -> HuntedState:
        """The position itself: nothing is hidden but the decks' order, which is chance."""
        return self._sampled_copy(player)

    # -- chance --------------------------------------------------------------------------

    @outcomes("draw")
    def _card_odds(self, step: Step) -> list[tuple[HuntedAction, float]]:
        return _by_count("card", self.pile)

    @outcomes("star")
    def _star_odds(self, step: Step) -> list[tuple[HuntedAction, float]]:
        return _by_count("star", self.stars)

    @outcomes("location")
    def _location_step(self, step: Step) -> list[tuple[HuntedAction, float]]:
        return self._location_odds()

    @outcomes("toss", "retoss")
    def _hit_odds(self, step: Step) -> list[tuple[HuntedAction, float]]:
        tokens, rate = step.data[0], self.game.hit_rates["token"]
        return [(HuntedAction("hits", str(k)),
                 math.comb(tokens, k) * rate ** k * (1 - rate) ** (tokens - k))
                for k in range(tokens + 1)]

    @outcomes("test")
    def _test_odds(self, step: Step) -> list[tuple[HuntedAction, float]]:
        seat = step.data[0]
        size = "large" if self.health[seat] >= self.game.components.large_from_health \
            else "small"
        rate = self.game.hit_rates[size]
        outcomes = [(HuntedAction("test", "hit"), rate)]
        return outcomes + ([(HuntedAction("test", "miss"), 1 - rate)] if rate < 1 else [])

    @outcomes("find")
    def _find_odds(self, step: Step) -> list[tuple[HuntedAction, float]]:
        pool = self._find_pool(step.data[1])
        if not pool:
            return [(HuntedAction("found", "nothing"), 1.0)]
        return _by_count("found", pool)

    @outcomes("ambush")
    def _ambush_step(self, step: Step) -> list[tuple[HuntedAction, float]]:
        return self._ambush_odds(step.data[1])

    def _find_pool(self, wanted: str) -> dict[str, int]:
        """The cards of type `wanted` a search would find: in the draw pile, else in
        the discards (reshuffled when the pile is gone through)."""
        for source in (self.pile, self.discards):
            pool = {name: count for name, count in source.items()
                    if count and self.card(name).type == wanted}
            if pool:
                return pool
        return {}

    def _ambush_odds(self, draws: int) -> list[tuple[HuntedAction, float]]:
        """The first alien among the next `draws` cards (the discards reshuffled when
        the pile runs out), or none."""
        def aliens(source: dict[str, int]) -> dict[str, int]:
            return {n: c for n, c in source.items() if c and self.card(n).type == "alien"}

        size = sum(self.pile.values())
        in_pile = aliens(self.pile)
        none = _none_among(size, sum(in_pile.values()), draws)
        outcomes: list[tuple[HuntedAction, float]] = []
        if none < 1:
            total = sum(in_pile.values())
            outcomes += [(HuntedAction("ambush", slug(n)), (1 - none) * c / total)
                         for n, c in sorted(in_pile.items())]
        if size < draws and not in_pile:
            later = aliens(self.discards)
            none = _none_among(sum(self.discards.values()), sum(later.values()),
                               draws - size)
            total = sum(later.values())
            outcomes += [(HuntedAction("ambush", slug(n)), (1 - none) * c / total)
                         for n, c in sorted(later.items())]
        if none > 0:
            outcomes.append((HuntedAction("ambush", "nothing"), none))
        return outcomes

    def _location_odds(self) -> list[tuple[HuntedAction, float]]:
        unseen = [name for name in self.game.non_pad if name not in self.locations_seen]
        left = self.game.location_cards + 1 - self.locations_drawn
        bottom = self.game.location_cards + 1 - self.game.pad_among_last
        pad = 1 / left if self.locations_drawn >= bottom else 0.0
        outcomes = [(HuntedAction("location", slug(name)), (1 - pad) / len(unseen))
                    for name in unseen] if pad < 1 else []
        if pad:
            outcomes.append((HuntedAction("location", slug(LANDING_PAD)), pad))
        return outcomes

    # -- decisions -------------------------------------------------------------------------

    @legal("turn")
    def _turn_step(self, step: Step) -> list[HuntedAction]:
        return self._turn_actions(step.seat)

    @legal("fight")
    def _fight_step(self, step: Step) -> list[HuntedAction]:
        return self._fight_actions(step.seat)

    @legal("pay")
    def _pay_step(self, step: Step) -> list[HuntedAction]:
        return self._payments(step.seat, step.data[0], step.data[2])

    @legal("give")
    def _give_step(self, step: Step) -> list[HuntedAction]:
        return [*self._gifts(step.seat), PASS]

    def _turn_actions(self, seat: int) -> list[HuntedAction]:
        two = self.game.players == 2
        actions: list[HuntedAction] = []
        if not (two and self.acted):
            if any(self.pile.values()) or any(self.discards.values()):
                actions.append(DRAW)
            actions.append(HIDE)
        if not two or self.acted:
            actions += self._activations(seat)
        if two and self.acted:
            actions.append(DONE)
            if not self.shared_this_draw:
                actions += [HuntedAction("share", slug(name)) for name in self.rows[seat]]
        actions += self._gifts(seat)
        actions += self._inventory_actions(seat, fighting=False)
        return actions

    def _gifts(self, seat: int) -> list[HuntedAction]:
        """Two players: `seat` may give any inventory card to the other (1 time)."""
        if self.game.players != 2:
            return []
        return [HuntedAction("give", slug(item.name)) for item in self.inventory[seat]]

    def _payers(self, seat: int) -> list[tuple[str, bool]]:
        """The row cards `seat` may discard to pay: (name, in the shared row)."""
        payers = [(name, False) for name in self.rows[seat]]
        if self.game.players == 2 and self.acted:
            payers += [(name, True) for name in self.shared]
        return payers

    def _activations(self, seat: int) -> list[HuntedAction]:
        actions = []
        payers = self._payers(seat)
        for index, (name, shared) in enumerate(payers):
            card = self.card(name)
            if card.type in ("alien", "event"):
                continue
            others = payers[:index] + payers[index + 1:]
            if _can_pay(card.cost, [self.card(n).gives for n, _ in others], self.keys[seat]):
                actions.append(HuntedAction("activate", ("shared " if shared else "")
                                            + slug(name)))
        return actions

    def _payments(self, seat: int, target: str, cost: tuple[str, ...]) -> list[HuntedAction]:
        icon, rest = cost[0], cost[1:]
        payers = self._payers(seat)
        gives = [self.card(name).gives for name, _ in payers]
        actions = []
        if icon == "key" and self.keys[seat] and _can_pay(rest, gives, self.keys[seat] - 1):
            actions.append(HuntedAction("pay", "key with token"))
        for index, (name, shared) in enumerate(payers):
            if icon in gives[index] and _can_pay(rest, gives[:index] + gives[index + 1:],
                                                 self.keys[seat]):
                actions.append(HuntedAction("pay", f"{icon} with "
                                            + ("shared " if shared else "") + slug(name)))
        return actions

    def _inventory_actions(self, seat: int, fighting: bool) -> list[HuntedAction]:
        actions = []
        for item in self.inventory[seat]:
            card = self.card(item.name)
            if card.type == "equipment" and card.use is not None:
                if fighting or not card.fight_only:
                    actions.append(HuntedAction("use", slug(item.name)))
            elif card.type == "crew" and not item.flipped and card.flip is not None:
                in_fight = any(card.flip.gain(g) for g in FIGHT_FLIPS)
                if fighting or not in_fight:
                    actions.append(HuntedAction("flip", slug(item.name)))
        for label, item in self.weapons(seat):
            if item.ammo and item.shots < self.card(item.name).shots:
                actions.append(HuntedAction("reload", label))
        return actions

    def _fight_actions(self, seat: int) -> list[HuntedAction]:
        actions = self._inventory_actions(seat, fighting=True) + self._gifts(seat)
        grenades, loose = self.grenades[seat], self.loose_shots[seat]
        for extra in range(grenades + 1):
            tail = f" grenade {extra}" if extra else ""
            for label, item in self.weapons(seat):
                actions += [HuntedAction("toss", f"{label} {shots}{tail}")
                            for shots in range(1, item.shots + 1)]
            if extra or loose:
                actions.append(HuntedAction("toss", tail.strip() or "loose"))
        return actions

    def can_attack(self, seat: int) -> bool:
        """Whether `seat` has anything to toss in a fight, now or after a reload, a
        Grenade or Ammo card, or a crew flip."""
        if self.grenades[seat] or self.loose_shots[seat]:
            return True
        armed = bool(self.weapons(seat))
        for item in self.inventory[seat]:
            card = self.card(item.name)
            if card.type == "weapon" and (item.shots or item.ammo):
                return True
            effect = card.use if card.type == "equipment" else \
                card.flip if card.type == "crew" and not item.flipped else None
            if effect is not None and (
                    effect.gain("shots") or effect.gain("hits")
                    or (effect.gain("grenades") and self.supply("grenade"))
                    or (effect.gain("ammo") and self.supply("ammo") and armed)):
                return True
        return False

    # -- the flow ------------------------------------------------------------------------

    def _resolve_unasked(self, step: Step) -> bool:
        """Reshuffle an empty draw pile; drop a step with nothing to do; end a fight
        with nothing left to fire; carry out a choice of one."""
        if step.kind == "draw" and not any(self.pile.values()):
            self._reshuffle()
        if step.kind == "star" and not any(self.stars.values()):
            self.stack.pop()  # every star alien is in already
            return True
        if step.kind == "give" and not self.inventory[step.seat]:
            self.stack.pop()  # nothing to give: no window to decide
            return True
        if step.kind == "fight" and not self.can_attack(step.seat):
            self._say(f"Nothing is left to fire: the aliens kill {self.name(step.seat)}.")
            self.health[step.seat] = 0
            self._see_all(("killed", step.seat))
            self._end(False, "out of ammo in a fight")
            return True
        if step.kind in ("lose-crew", "load") and len(self._decisions(step)) <= 1:
            self.stack.pop()  # no choice: carry it out
            choices = self._decisions(step)
            if choices:
                self._carry_out(step, choices[0])
            return True
        return False

    def name(self, seat: int) -> str:
        """A seat as the log names it: "you" alone, "p1"/"p2" with two players."""
        return "you" if self.game.players == 1 else self.game.seat_names[seat]

    def _end(self, won: bool, reason: str) -> None:
        self.over, self.won, self.reason = True, won, reason
        self.stack = []
        self._see_all(("over", won))
        self._say(("Escaped! Score " + str(self.score()) + ".") if won
                  else f"Lost: {reason}.")

    def _spend_time(self, amount: int = 1) -> None:
        self.time -= amount
        self._see_all(("time", self.time))
        if self.time <= 0:
            self.time = 0
            self._end(False, "time ran out")

    def _lose_health(self, seat: int) -> None:
        self.health[seat] -= 1
        self._see_all(("health", seat, self.health[seat]))
        if self.health[seat] <= 0:
            self._end(False, "health ran out")

    def _reshuffle(self) -> None:
        for name, count in self.discards.items():
            self.pile[name] = self.pile.get(name, 0) + count
        self.discards = {}
        self._see_all(("reshuffle",))
        self._say("The discard pile is shuffled into a new Hunted deck.")

    def _from_pile(self, card_slug: str) -> str:
        """Take the card named by `card_slug` out of the draw pile; its name."""
        name = self.game.by_slug[card_slug]
        self.pile[name] -= 1
        if not self.pile[name]:
            del self.pile[name]
        return name

    def _to_discard(self, name: str) -> None:
        """A card leaves the row (or a fight): crew are removed and a star alien comes
        in; anything else goes to the discard pile."""
        if self.card(name).type == "crew":
            self._remove_crew(name)
        else:
            self.discards[name] = self.discards.get(name, 0) + 1

    def _remove_crew(self, name: str) -> None:
        self.removed.append(name)
        self._say(f"{name} is lost to the aliens.")
        self._see_all(("crew-lost", name))
        if any(self.stars.values()):
            self._push(Step("star", CHANCE))

    def _clear(self, seat: int) -> None:
        """Discard `seat`'s row and the shared row."""
        for name in self.rows[seat] + self.shared:
            self._to_discard(name)
        self.rows[seat] = []
        self.shared = []
        self._see_all(("cleared", seat))

    @auto("end-turn")
    def _auto_end_turn(self, step: Step) -> None:
        self.turn = (self.turn + 1) % self.game.players
        self.acted = False
        self.shared_this_draw = False
        self._see_all(("turn", self.turn))
        self._push(Step("turn", self.turn))

    # -- the turn ------------------------------------------------------------------------

    @effect("turn")
    def _do_turn(self, step: Step, action: HuntedAction) -> None:
        seat = step.seat
        verb, arg = action.verb, action.arg
        two = self.game.players == 2
        if verb == "done" or (two and verb == "hide"):
            self._push(Step("end-turn"))  # hiding ends a turn of the two-player game
        else:
            self._push(Step("turn", seat))  # the turn goes on after what is done now
        if verb == "done":
            return
        if verb == "draw":
            self.acted = True
            self.shared_this_draw = False
            if two:
                # Once the draw and all it sets off are resolved, the partner may give
                # (the drawn card is what could make a gift worth its time).
                self._push(Step("give", 1 - seat))
            self._push(Step("draw", CHANCE, (seat,)))
        elif verb == "hide":
            self._say(f"{self.name(seat).capitalize()} hide: the row is discarded.")
            self._clear(seat)
            self._spend_time()
        elif verb == "activate":
            shared = arg.startswith("shared ")
            name = self.game.by_slug[arg.removeprefix("shared ")]
            (self.shared if shared else self.rows[seat]).remove(name)
            self._see_all(("activate", seat, name, shared))
            self._push(Step("pay", seat, (name, shared, self.card(name).cost)))
        elif verb == "share":
            name = self.game.by_slug[arg]
            self.rows[seat].remove(name)
            self.shared.append(name)
            self.shared_this_draw = True
            self._see_all(("share", seat, name))
            # The card is now in the partner's row too: its alien and bells count there
            # at once, so the partner may have to fight now, in this player's turn.
            self._check_bells(1 - seat)
        elif verb == "give":
            self._give(seat, arg)
        else:
            self._inventory_action(seat, action)

    def _give(self, seat: int, card_slug: str) -> None:
        """`seat` gives an inventory card (a weapon with its tokens) to the other
        player: 1 time."""
        name = self.game.by_slug[card_slug]
        item = next(i for i in self.inventory[seat] if i.name == name)
        self.inventory[seat].remove(item)
        self.inventory[1 - seat].append(item)
        self._see_all(("give", seat, name))
        self._say(f"{self.name(seat)} gives {name} to {self.name(1 - seat)}.")
        self._spend_time()

    @effect("give")
    def _do_give(self, step: Step, action: HuntedAction) -> None:
        """A window to give, outside the giver's own turn: give a card, or pass."""
        if action.verb == "pass":
            self._see_all(("pass", step.seat))
            return
        self._give(step.seat, action.arg)
        if not self.over:
            # The window stays open for another card; each costs a time, so the
            # windows cannot loop for ever.
            self._push(Step("give", step.seat))

    def _inventory_action(self, seat: int, action: HuntedAction) -> None:
        """use, flip or reload (in a turn or a fight)."""
        verb, arg = action.verb, action.arg
        if verb == "reload":
            label, item = next((lab, i) for lab, i in self.weapons(seat) if lab == arg)
            self._replace_item(seat, item, item._replace(
                ammo=item.ammo - 1, shots=self.card(item.name).shots))
            self._see_all(("reload", seat, label))
            self._say(f"{self.name(seat).capitalize()} reload the {item.name}.")
            self._spend_time()
            return
        name = self.game.by_slug[arg]
        item = next(i for i in self.inventory[seat] if i.name == name
                    and not (verb == "flip" and i.flipped))
        card = self.card(name)
        self._see_all((verb, seat, name))
        if verb == "use":
            self.inventory[seat].remove(item)
            self._to_discard(name)
            assert card.use is not None
            self._say(f"{self.name(seat).capitalize()} use the {name}.")
            self._push(Step("effect", AUTO, (seat, card.use)))
        else:
            self._replace_item(seat, item, item._replace(flipped=True))
            assert card.flip is not None
            self._say(f"{name} helps ({self.name(seat)} flip the card).")
            self._push(Step("effect", AUTO, (seat, card.flip)))

    @effect("draw")
    def _do_draw(self, step: Step, action: HuntedAction) -> None:
        seat = step.data[0]
        name = self._from_pile(action.arg)
        self._see_all(("drew", seat, name))
        self._say(f"Drawn: {name}.")
        card = self.card(name)
        if card.type == "event":
            assert card.effect is not None
            self._push(Step("effect", AUTO, (seat, card.effect)),
                       Step("discard-card", AUTO, (name,)))
            return
        alien_waits = any(self.card(n).type == "alien" for n in self.row_of(seat))
        self.rows[seat].append(name)
        if card.type == "alien" and alien_waits:
            self._attack(seat, "Another alien")
            return
        self._check_bells(seat)

    def _check_bells(self, seat: int) -> None:
        """The rule "if there is ever an alien card in the row along with two cards that
        have a bell icon", for `seat`: checked whenever a card joins its row (a draw, or
        the partner sharing a card); cards leaving a row can never make the condition."""
        row = self.row_of(seat)
        if any(self.card(n).type == "alien" for n in row) \
                and sum(self.card(n).noise for n in row) >= 2:
            self._attack(seat, "Two bells")

    def _attack(self, seat: int, why: str) -> None:
        """An alien in `seat`'s row attacks: the row (and the shared row) is discarded
        and the strongest alien in it is fought; every weaker one goes to the discards
        with the row. Strongest ones of equal strength: `seat` chooses among them."""
        aliens = [n for n in self.row_of(seat) if self.card(n).type == "alien"]
        top = max(self.card(n).strength for n in aliens)
        strongest = sorted({n for n in aliens if self.card(n).strength == top})
        self._clear(seat)
        if len(strongest) > 1:
            self._say(f"{why}: the row is discarded; {' and '.join(strongest)} are equally "
                      "strong: one is chosen to fight.")
            self._push(Step("pick-alien", seat, tuple(strongest)))
            return
        fought = strongest[0]
        # It went to the discards with the row: the one fought comes back out.
        self.discards[fought] -= 1
        self._clean_discards()
        self._say(f"{why}: the row is discarded and {fought} attacks.")
        self._start_fight(seat, fought)

    def _clean_discards(self) -> None:
        self.discards = {name: count for name, count in self.discards.items() if count}

    @legal("pick-alien")
    def _aliens_to_fight(self, step: Step) -> list[HuntedAction]:
        return [HuntedAction("fight", slug(name)) for name in step.data]

    @effect("pick-alien")
    def _do_pick_alien(self, step: Step, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        self.discards[name] -= 1
        self._clean_discards()
        self._see_all(("pick", name))
        self._start_fight(step.seat, name)

    @auto("discard-card")
    def _auto_discard_card(self, step: Step) -> None:
        self._to_discard(step.data[0])

    @effect("star")
    def _do_star(self, step: Step, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        self.stars[name] -= 1
        self.pile[name] = self.pile.get(name, 0) + 1
        self._see_all(("star", name))
        self._say(f"{name} is shuffled into the Hunted deck.")

    # -- activation ----------------------------------------------------------------------

    @effect("pay")
    def _do_pay(self, step: Step, action: HuntedAction) -> None:
        seat = step.seat
        name, shared, cost = step.data
        icon, _, payer = action.arg.partition(" with ")
        if payer == "token":
            self.keys[seat] -= 1
        else:
            from_shared = payer.startswith("shared ")
            paid = self.game.by_slug[payer.removeprefix("shared ")]
            (self.shared if from_shared else self.rows[seat]).remove(paid)
            self._to_discard(paid)
        self._see_all(("pay", seat, icon, payer))
        rest = cost[1:]
        if rest:
            self._push(Step("pay", seat, (name, shared, rest)))
            return
        self._activated(seat, name)

    def _activated(self, seat: int, name: str) -> None:
        card = self.card(name)
        self._say(f"{self.name(seat).capitalize()} activate {name}.")
        if card.type in ("door", "corridor"):
            self._to_discard(name)
            self.drawn = []
            draws = min(card.locations, 2)
            self._push(*(Step("location", CHANCE, (seat,)) for _ in range(draws)),
                       Step("arrive", AUTO, (seat,)))
            return
        self._take(seat, name)

    def _take(self, seat: int, name: str) -> None:
        """`name` goes into `seat`'s inventory (a weapon with its tokens)."""
        card = self.card(name)
        if card.type == "weapon":
            ammo = min(card.ammo, self.supply("ammo"))
            self.inventory[seat].append(Item(name, ammo, card.shots))
        else:
            self.inventory[seat].append(Item(name))
        self._see_all(("take", seat, name))

    @effect("location")
    def _do_location(self, step: Step, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        self.locations_drawn += 1
        self._see_all(("location", name))
        self._say(f"Location: {name}.")
        if name == LANDING_PAD:
            # The final fight starts at once: no second Location is drawn.
            while self.stack and self.stack[-1].kind == "location":
                self.stack.pop()
            self.stack.pop()  # the "arrive" step
            self.drawn = []
            effect = self.game.components.locations[name]
            self.fight = Fight(step.data[0], step.data[0], "", effect.fight, False, True)
            self._say("The alien queen waits at the Landing Pad: the final fight.")
            self._push_round(step.data[0])
            return
        self.locations_seen.append(name)
        self.drawn.append(name)

    @auto("arrive")
    def _auto_arrive(self, step: Step) -> None:
        seat = step.data[0]
        if len(self.drawn) == 1:
            self._push(Step("effect", AUTO, (seat, self.game.components.locations[self.drawn[0]])))
            self.drawn = []
        elif len(self.drawn) == 2:
            self._push(Step("go", seat))

    @legal("go")
    def _drawn_locations(self, step: Step) -> list[HuntedAction]:
        return [HuntedAction("go", slug(name)) for name in self.drawn]

    @effect("go")
    def _do_go(self, step: Step, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        self.drawn = []
        self._see_all(("go", name))
        self._push(Step("effect", AUTO, (step.seat, self.game.components.locations[name])))

    # -- effects -------------------------------------------------------------------------

    @auto("effect")
    def _auto_effect(self, step: Step) -> None:
        seat, effect = step.data
        if effect.optional:
            self._push(Step("optional", seat, (effect,)))
            return
        self._resolve(seat, effect)

    @legal("optional")
    def _yes_or_no(self, step: Step) -> list[HuntedAction]:
        return [HuntedAction("yes"), HuntedAction("no")]

    @effect("optional")
    def _do_optional(self, step: Step, action: HuntedAction) -> None:
        effect = step.data[0]
        self._see_all(("optional", action.verb))
        if action.verb == "yes":
            if effect.pay_time:
                self._spend_time(effect.pay_time)
                if self.over:
                    return
            self._resolve(step.seat, replace(effect, optional=False, pay_time=0))

    def _resolve(self, seat: int, effect: Effect) -> None:
        if effect.test:
            self._push(Step("test", CHANCE, (seat, effect)))
            return
        for what, amount in effect.gains:
            self._gain(seat, what, amount)
            if self.over:
                return
        if effect.clear_row:
            self._clear(seat)
        if effect.find:
            self._push(Step("find", CHANCE, (seat, effect.find)))
        if effect.ambush:
            self._push(Step("ambush", CHANCE, (seat, effect.ambush)))
        if effect.fight and self.fight is None:
            self.fight = Fight(seat, seat, "", effect.fight, False, effect.queen)
            self._push_round(seat)

    def _gain(self, seat: int, what: str, amount: int) -> None:
        if what == "time":
            if amount < 0:
                self._spend_time(-amount)
            else:
                self.time = min(self.game.start_time, self.time + amount)
                self._see_all(("time", self.time))
        elif what == "health":
            for _ in range(-amount):
                if not self.over:
                    self._lose_health(seat)
            if amount > 0:
                self.health[seat] = min(self.game.max_health, self.health[seat] + amount)
                self._see_all(("health", seat, self.health[seat]))
        elif what == "keys":
            self.keys[seat] += min(amount, self.supply("key"))
        elif what == "grenades":
            self.grenades[seat] += min(amount, self.supply("grenade"))
        elif what == "shots":
            self.loose_shots[seat] += amount
        elif what == "reroll":
            self.reroll = True
        elif what == "hits":
            if self.fight is not None:
                self.fight = self.fight._replace(hits=self.fight.hits + amount)
                if self.fight.hits >= self.fight.strength:
                    self._defeated()
        elif what == "ammo":
            for _ in range(min(amount, self.supply("ammo"))):
                self._push(Step("load", seat))

    @legal("load")
    def _weapons_to_load(self, step: Step) -> list[HuntedAction]:
        return [HuntedAction("load", label) for label, _ in self.weapons(step.seat)]

    @effect("load")
    def _do_load(self, step: Step, action: HuntedAction) -> None:
        label, item = next((lab, i) for lab, i in self.weapons(step.seat) if lab == action.arg)
        self._replace_item(step.seat, item, item._replace(ammo=item.ammo + 1))
        self._see_all(("load", step.seat, label))

    @effect("test")
    def _do_test(self, step: Step, action: HuntedAction) -> None:
        seat, effect = step.data
        hit = action.arg == "hit"
        self._see_all(("test", hit))
        self._say("Test: " + ("success." if hit else "failed."))
        outcome = effect.success if hit else effect.failure
        if outcome is not None:
            self._resolve(seat, outcome)

    @effect("find")
    def _do_find(self, step: Step, action: HuntedAction) -> None:
        seat, wanted = step.data
        in_pile = any(count and self.card(name).type == wanted
                      for name, count in self.pile.items())
        if not in_pile:
            self._reshuffle()  # the pile is gone through: the discards come in
        self._see_all(("found", action.arg))
        if action.arg == "nothing":
            self._say(f"No {wanted} card is left to find.")
            return
        name = self._from_pile(action.arg)
        self._say(f"Found: {name}.")
        self._take(seat, name)

    @effect("ambush")
    def _do_ambush(self, step: Step, action: HuntedAction) -> None:
        seat, draws = step.data
        if sum(self.pile.values()) < draws and not any(
                self.card(n).type == "alien" for n, c in self.pile.items() if c):
            self._reshuffle()
        self._see_all(("ambush", action.arg))
        if action.arg == "nothing":
            self._say(f"No alien in the next {draws} cards.")
            return
        name = self._from_pile(action.arg)
        self._say(f"Ambush: {name} attacks (the row stays).")
        if self.fight is None:
            self._start_fight(seat, name)
        else:
            self._to_discard(name)

    # -- fights --------------------------------------------------------------------------

    def _start_fight(self, seat: int, alien: str) -> None:
        card = self.card(alien)
        self.fight = Fight(seat, seat, alien, card.strength, card.crew_icon, False)
        self._see_all(("fight", alien))
        self._push_round(seat)

    def _push_round(self, fighter: int) -> None:
        """A combat round: `fighter` tosses; first (two players) the other player may
        give the fighter what it needs (a weapon, Ammo, a Grenade...)."""
        self._push(Step("fight", fighter))
        if self.game.players == 2:
            self._push(Step("give", 1 - fighter))

    @effect("fight")
    def _do_fight(self, step: Step, action: HuntedAction) -> None:
        seat = step.seat
        if action.verb != "toss":
            self._push(Step("fight", seat))  # the same round: still this seat's toss
            if action.verb == "give":
                self._give(seat, action.arg)
            else:
                self._inventory_action(seat, action)
            return
        fight = self.fight
        assert fight is not None
        label, shots, grenades = toss_parts(action.arg)
        tokens = self.loose_shots[seat] + shots + grenades
        self.loose_shots[seat] = 0
        self.grenades[seat] -= grenades
        if label:
            item = next(i for lab, i in self.weapons(seat) if lab == label)
            self._replace_item(seat, item, item._replace(shots=item.shots - shots))
        self.fight = fight._replace(tossed=tokens, landed=0)
        self._see_all(("toss", seat, action.arg))
        self._spend_time()
        if not self.over:
            self._push(Step("toss", CHANCE, (tokens,)))

    @effect("toss")
    def _do_toss(self, step: Step, action: HuntedAction) -> None:
        fight = self.fight
        assert fight is not None
        landed = int(action.arg)
        self.fight = fight._replace(landed=landed)
        self._see_all(("hits", landed))
        self._say(f"{landed} of {fight.tossed} tokens hit.")
        if self.reroll and fight.hits + landed < fight.strength and landed < fight.tossed:
            self._push(Step("reroll", fight.fighter))
            return
        self._settle()

    @legal("reroll")
    def _reroll_choices(self, step: Step) -> list[HuntedAction]:
        return [HuntedAction("reroll"), HuntedAction("keep")]

    @effect("reroll")
    def _do_reroll(self, step: Step, action: HuntedAction) -> None:
        fight = self.fight
        assert fight is not None
        self._see_all(("reroll", action.verb))
        if action.verb == "keep":
            self._settle()
            return
        self.reroll = False
        self._say("The reroll token: the missed tokens are tossed again.")
        self._push(Step("retoss", CHANCE, (fight.tossed - fight.landed,)))

    @effect("retoss")
    def _do_retoss(self, step: Step, action: HuntedAction) -> None:
        fight = self.fight
        assert fight is not None
        self.fight = fight._replace(landed=fight.landed + int(action.arg))
        self._see_all(("rehits", int(action.arg)))
        self._say(f"{action.arg} more hit on the re-toss.")
        self._settle()

    def _settle(self) -> None:
        """After a combat round's toss: the alien defeated, or the fighter hurt."""
        fight = self.fight
        assert fight is not None
        hits = fight.hits + fight.landed
        self.fight = fight._replace(hits=hits, landed=0, tossed=0)
        if hits >= fight.strength:
            self._defeated()
            return
        seat = fight.fighter
        crew = [i for i in self.inventory[seat] if self.card(i.name).type == "crew"]
        if fight.crew_icon and crew:
            self._push(Step("lose-crew", seat), Step("next-round"))
            return
        self._lose_health(seat)
        if not self.over:
            self._next_round()

    @legal("lose-crew")
    def _crew_to_lose(self, step: Step) -> list[HuntedAction]:
        return [HuntedAction("lose", slug(item.name)) for item in self.inventory[step.seat]
                if self.card(item.name).type == "crew"]

    @effect("lose-crew")
    def _do_lose_crew(self, step: Step, action: HuntedAction) -> None:
        name = self.game.by_slug[action.arg]
        item = next(i for i in self.inventory[step.seat] if i.name == name)
        self.inventory[step.seat].remove(item)
        self._say(f"The alien takes {name} instead.")
        self._remove_crew(name)

    @auto("next-round")
    def _auto_next_round(self, step: Step) -> None:
        self._next_round()

    def _next_round(self) -> None:
        fight = self.fight
        assert fight is not None
        self.fight = fight._replace(round=fight.round + 1)
        if self.game.players == 2:
            self._push(Step("fighter", fight.drawer))
        else:
            self._push_round(fight.fighter)

    @legal("fighter")
    def _fighters(self, step: Step) -> list[HuntedAction]:
        return [HuntedAction("fighter", name) for name in self.game.seat_names]

    @effect("fighter")
    def _do_fighter(self, step: Step, action: HuntedAction) -> None:
        seat = self.game.seat_names.index(action.arg)
        assert self.fight is not None
        self.fight = self.fight._replace(fighter=seat)
        self._see_all(("fighter", seat))
        self._push_round(seat)

    def _defeated(self) -> None:
        fight = self.fight
        assert fight is not None
        # The fight's step may still be pending (a hit token ends it mid-round).
        while self.stack and self.stack[-1].kind == "fight":
            self.stack.pop()
        self.fight = None
        for seat in range(self.game.players):
            self.loose_shots[seat] = 0
            self.grenades[seat] = 0
        self._see_all(("defeated", fight.alien))
        if fight.queen:
            self._end(True, "escaped: the queen is defeated")
            return
        self._say(f"{fight.alien or 'The alien'} is defeated.")
        if fight.alien:
            self._to_discard(fight.alien)

    # -- what each seat sees ---------------------------------------------------------------

    def stage(self) -> str:
        """The kind of the pending step ("turn", "fight", "pay", ...; "over" at the end)."""
        return "over" if self.over else self.stack[-1].kind

    def _inventory_view(self, seat: int) -> list[dict[str, Any]]:
        return [{"name": item.name, "type": self.card(item.name).type,
                 **({"label": label, "ammo": item.ammo, "shots": item.shots,
                     "capacity": self.card(item.name).shots} if label else {}),
                 **({"flipped": item.flipped} if self.card(item.name).type == "crew" else {})}
                for label, item in zip(self._labels(seat), self.inventory[seat], strict=True)]

    def _fight_view(self) -> dict[str, Any] | None:
        fight = self.fight
        if fight is None:
            return None
        return {"alien": fight.alien or ("the alien queen" if fight.queen else "an alien"),
                "strength": fight.strength, "hits": fight.hits, "crew_icon": fight.crew_icon,
                "queen": fight.queen, "round": fight.round,
                "fighter": self.game.seat_names[fight.fighter], "tossed": fight.tossed,
                "landed": fight.landed}

    def heuristic_view(self, player: int) -> dict[str, Any]:
        """The part of `observation(player)` the heuristic reads, built cheaply for
        playouts (the hit rates' dict is shared: read only)."""
        game = self.game
        return {"seat": game.seat_names[player], "players": game.players,
                "stage": self.stage(), "time": self.time, "max_health": game.max_health,
                "health": self.health, "loose_shots": self.loose_shots,
                "grenades": self.grenades,
                "rows": self.rows, "shared": self.shared,
                "inventories": [self._inventory_view(seat) for seat in range(game.players)],
                "fight": self._fight_view(), "hit_rates": game.hit_rates}

    def observation(self, player: int) -> Observation:
        game = self.game
        to_move = self.current_player()
        pending = self.stack[-1] if self.stack else None
        return {
            "game": "hunted", "seat": game.seat_names[player], "players": game.players,
            "stage": self.stage(),
            "to_move": game.seat_names[to_move] if to_move >= 0 else
            ("chance" if to_move == CHANCE else "nobody"),
            "time": self.time, "max_health": game.max_health,
            "health": list(self.health), "keys": list(self.keys),
            "grenades": list(self.grenades), "loose_shots": list(self.loose_shots),
            "reroll": self.reroll,
            "rows": [list(row) for row in self.rows], "shared": list(self.shared),
            "inventories": [self._inventory_view(seat) for seat in range(game.players)],
            "deck": dict(sorted(self.pile.items())), "discards": dict(sorted(
                self.discards.items())),
            "stars_aside": sum(self.stars.values()), "removed": list(self.removed),
            "locations_drawn": self.locations_drawn,
            "locations_left": game.location_cards + 1 - self.locations_drawn,
            "locations_seen": list(self.locations_seen), "drawn": list(self.drawn),
            "activating": pending.data[0] if pending and pending.kind == "pay" else None,
            "fight": self._fight_view(),
            "hit_rates": dict(game.hit_rates),
            "large_from_health": game.components.large_from_health,
            "turn": game.seat_names[self.turn], "acted": self.acted,
            "log": list(self.log[-10:]),
            "score": self.score() if self.won else None,
            "result": None if not self.over else ("won" if self.won else "lost"),
            "reason": self.reason or None,
        }

    def _fingerprint(self) -> Hashable:
        return (tuple(self.health), self.time, tuple(map(tuple, self.inventory)),
                tuple(self.keys), tuple(self.grenades), tuple(self.loose_shots), self.reroll,
                tuple(map(tuple, self.rows)), tuple(self.shared),
                tuple(sorted(self.pile.items())), tuple(sorted(self.discards.items())),
                tuple(sorted(self.stars.items())), tuple(self.removed), self.locations_drawn,
                tuple(self.locations_seen), tuple(self.drawn), self.turn, self.acted,
                self.shared_this_draw, self.fight, self.over, self.won, tuple(self.stack),
                tuple(tuple(view) for view in self._views))


def toss_parts(arg: str) -> tuple[str, int, int]:
    """A toss's text ("pulse-rifle 3", "pulse-rifle 3 grenade 1", "grenade 2", "loose")
    as (weapon label or "", shots from it, grenade tokens); loose shots go with any."""
    words = arg.split()
    label, shots = "", 0
    if words and words[0] not in ("grenade", "loose"):
        label, shots, words = words[0], int(words[1]), words[2:]
    grenades = int(words[1]) if words and words[0] == "grenade" else 0
    return label, shots, grenades


def _by_count(verb: str, counts: dict[str, int]) -> list[tuple[HuntedAction, float]]:
    total = sum(counts.values())
    return [(HuntedAction(verb, slug(name)), count / total)
            for name, count in sorted(counts.items()) if count]


def _none_among(size: int, wanted: int, draws: int) -> float:
    """The chance that `draws` cards from `size` (of which `wanted` are sought) hold none."""
    draws = min(draws, size)
    if wanted == 0 or draws == 0:
        return 1.0
    return math.comb(size - wanted, draws) / math.comb(size, draws)


def _can_pay(cost: tuple[str, ...], gives: list[tuple[str, ...]], keys: int) -> bool:
    """Whether the icons in `cost` can be paid, each by a different card (`gives` per
    card) or, for a key icon, by one of `keys` key tokens."""
    if not cost:
        return True
    icon, rest = cost[0], cost[1:]
    if icon == "key" and keys and _can_pay(rest, gives, keys - 1):
        return True
    return any(icon in offer and _can_pay(rest, gives[:i] + gives[i + 1:], keys)
               for i, offer in enumerate(gives))
