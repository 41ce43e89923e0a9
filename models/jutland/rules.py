"""Jutland: the rules behind the game contract (readings: docs/rulings.md).

Six turns, each with Sight, Sail, Strike and Sink phases (turn 2: Sight only).
In Sight and Sail both players discard any cards face down, then refill to 7 from
the one common deck (reshuffling the discard pile when it runs out). In Strike both
deploy cards simultaneously; the higher force wins, the British win ties; in Sink
each side loses the ships the turn's casualty table gives its result.

How the rules become actions:
- A choice of "some, none or all" cards is made one card at a time, in any order
  (action k = a card of kind k, then DONE): the rulebook puts no order on a discard or
  a deployment, and a hand of 7 never offers more than 8 actions. (The prompt may
  name several cards at once, `discard a b c`: see `string_to_actions`.)
- Simultaneous choices (the discards, the deployment) are made German first, British
  second; the British see nothing of the German's choice but that it is made, until
  both are made. Then the discard counts (the cards stay face down) or the deployed
  cards are revealed.
- A player with an empty hand is skipped (in turn 1's Sight phase both hands are
  empty, so the game starts with the draws); one holding cards says "done" itself,
  even when none of them may be chosen, so whose turn it is tells nothing of the hand.
- Each card drawn is a chance outcome weighted by the copies left in the deck.
  Drawing always fills the hand to 7: a card in hand can still be discarded or kept
  back at no cost, and holding it denies it to the opponent, so stopping short never
  helps. The German draws first.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from hunt.boards.jutland.deck import SIDES, JutlandTurn, load_jutland
from hunt.errors import IllegalActionError, quoted
from hunt.models.game import CHANCE, TERMINAL, Game, GameInfo, State, pick_by_count
from hunt.models.jutland import heuristics
from hunt.models.jutland.log import seat_log
from hunt.models.jutland.observation import JutlandObservation, ShipsLost
from hunt.models.jutland.phases import BRITISH, DRAW, GERMAN, OVER, SELECT
from hunt.models.jutland.seats import dealt_line
from hunt.models.options import Option, OptionSpec

HAND_SIZE = 7

GUESS_LIKE_HEURISTIC = 0.75
"""How often a sampled world gives the German the heuristic's hidden choice."""


BIG, SMALL = 0, 1
"""Indices into a (big ships, small ships) casualty pair."""


@dataclass(frozen=True)
class KeptCards:
    """What a side can tell of its opponent's hand (`JutlandState.belief`): `count` of
    its cards were held through its latest Sight or Sail discard, so they are of the
    `kinds` it would keep then (`heuristics.worth_keeping`); the others were drawn since."""

    count: int
    kinds: tuple[bool, ...]


class JutlandGame(Game["JutlandState", int, JutlandObservation]):
    """Jutland for two players. Option: `escape_bans_battle_cruisers` (default False)."""

    option_spec = OptionSpec("jutland", (
        Option("escape_bans_battle_cruisers", bool, False,
               "Turn 6's Escape reads battleships as including battle cruisers."),))

    def __init__(self, **options: Any) -> None:
        chosen = self.option_spec.check(options)
        super().__init__(self.option_spec.recorded(chosen))
        escape_bans_battle_cruisers: bool = chosen["escape_bans_battle_cruisers"]
        self.cards, self.turns = load_jutland(escape_bans_battle_cruisers)
        self.num_kinds = len(self.cards)
        self.done_action = self.num_kinds
        self.card_index = {card.id: kind for kind, card in enumerate(self.cards)}
        # deployable[turn][side][kind]: may `side` deploy a card of `kind` in `turn`?
        self.deployable = tuple(
            tuple(tuple(turn.may_deploy(side, card) for card in self.cards)
                  for side in (GERMAN, BRITISH))
            for turn in self.turns)
        self.info = GameInfo(
            name="jutland", title="Jutland", num_players=2, min_players=2, max_players=2,
            seat_names=SIDES, max_game_length=self._max_game_length(), zero_sum=True)

    def force(self, counts: Sequence[int]) -> int:
        """The total force of a set of cards given as counts per kind."""
        return sum(self.cards[kind].force * n for kind, n in enumerate(counts))

    @staticmethod
    def strike_winner(german_force: int, british_force: int) -> int:
        """The side that wins a Strike: the higher force; the British win ties."""
        return GERMAN if german_force > british_force else BRITISH

    @staticmethod
    def sink(turn: JutlandTurn, winner: int) -> list[tuple[int, int]]:
        """The (big, small) ships each side loses in the Sink after `turn`'s Strike, by
        seat, when `winner` won it: the turn's table for the winner and the loser."""
        lost = [turn.loser_loses, turn.loser_loses]
        lost[winner] = turn.winner_loses
        return lost

    def _max_game_length(self) -> int:
        choices = draws = 0
        for turn in self.turns:
            selections = sum(phase in turn.phases for phase in ("sight", "sail", "strike"))
            refills = sum(phase in turn.phases for phase in ("sight", "sail"))
            choices += selections * 2 * (HAND_SIZE + 1)
            draws += refills * 2 * HAND_SIZE
        return choices + draws

    def new_initial_state(self, seed: int = 0) -> JutlandState:
        """Turn 1, both hands empty, the whole deck to draw from."""
        return JutlandState(self, seed)


class JutlandState(State[int, JutlandObservation]):
    """A Jutland position. Hands, deck and discards are counts per card kind."""

    game: JutlandGame

    def __init__(self, game: JutlandGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        n = game.num_kinds
        self.turn_index = 0
        self.phase = "sight"
        self.stage = SELECT
        self.chooser = GERMAN
        self.drawer = GERMAN
        self.hands = [[0] * n, [0] * n]
        self.selected = [[0] * n, [0] * n]
        self.deck = [card.count for card in game.cards]
        self.deck_size = sum(self.deck)
        self.discard_up = [0] * n
        """Deployed cards, face up: everyone knows them."""
        self.discard_down = [[0] * n, [0] * n]
        """Each side's Sight and Sail discards, face down: only that side knows them."""
        self.losses = [[0, 0], [0, 0]]
        """Ships each side has lost, (big, small)."""
        self.strikes: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]] = []
        """Each Strike: (turn, German force, British force, German cards, British cards)."""
        self.last_discards: tuple[int, int] | None = None
        self.held = [0, 0]
        """Each side's hand size right after the latest Sight or Sail discard (public)."""
        self.kept_turn = 1
        """The turn of that discard (both sides discard in the same phase)."""
        self._begin_selection()

    # -- the contract -----------------------------------------------------------------

    @property
    def turn(self) -> JutlandTurn:
        """The turn being played."""
        return self.game.turns[self.turn_index]

    def current_player(self) -> int:
        if self.stage == SELECT:
            return self.chooser
        return CHANCE if self.stage == DRAW else TERMINAL

    def legal_actions(self) -> list[int]:
        if self.stage == SELECT:
            return [*self._selectable(self.chooser), self.game.done_action]
        if self.stage == DRAW:
            return [kind for kind, left in enumerate(self.deck) if left]
        return []

    def is_legal(self, action: object) -> bool:
        if type(action) is not int:
            return False
        if self.stage == SELECT:
            return action == self.game.done_action or self._may_select(self.chooser, action)
        if self.stage == DRAW:
            return 0 <= action < self.game.num_kinds and self.deck[action] > 0
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.stage != DRAW:
            return []
        return [(kind, left / self.deck_size) for kind, left in enumerate(self.deck) if left]

    def sample_chance_outcome(self, rng: random.Random) -> int:
        """One card of the deck, each copy alike: the odds of `chance_outcomes`,
        without building its list (playouts draw about 60 cards)."""
        return pick_by_count(self.deck, rng)

    def _apply(self, action: int) -> None:
        if self.stage == DRAW:
            self._draw(action)
        elif action == self.game.done_action:
            self._see(self.chooser, ("done",))
            self._finish_selection()
        else:
            seat = self.chooser
            self.selected[seat][action] += 1
            self._see(seat, ("pick", action))

    def returns(self) -> list[float]:
        if self.stage != OVER:
            return [0.0, 0.0]
        winner = self.winner()
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == GERMAN else [-1.0, 1.0]

    def clone(self) -> JutlandState:
        other = self._copy_shell()
        other.hands = [list(hand) for hand in self.hands]
        other.selected = [list(chosen) for chosen in self.selected]
        other.deck = list(self.deck)
        other.discard_up = list(self.discard_up)
        other.discard_down = [list(pile) for pile in self.discard_down]
        other.losses = [list(lost) for lost in self.losses]
        other.strikes = list(self.strikes)
        other.held = list(self.held)
        return other

    def action_to_string(self, action: int) -> str:
        if self.stage == DRAW:
            return f"draw {self.game.cards[action].id}"
        if action == self.game.done_action:
            return "done"
        verb = "deploy" if self.phase == "strike" else "discard"
        return f"{verb} {self.game.cards[action].id}"

    def string_to_actions(self, text: str) -> list[int]:
        """At a discard or a deployment, `discard a b c` (or `deploy ...`) names several
        cards: one action per card, in the order typed (a name twice for two copies);
        `discard all` / `deploy all` names every card the seat may still choose. Any
        other line is one action (`string_to_action`). The whole line is checked on a
        copy first: a name that is not a card, not in the hand (or fewer times than
        named) or not deployable this turn is refused in one line, and none is played."""
        words = text.lower().split()
        verbs = ("discard", "deploy")
        if self.stage != SELECT or len(words) < 2 or words[0] not in verbs \
                or (len(words) == 2 and words[1] != "all"):
            return [self.string_to_action(text)]
        seat, verb = self.chooser, "deploy" if self.phase == "strike" else "discard"
        typed = " ".join(text.split())
        choosable = self._selectable(seat)
        names = ", ".join(self.game.cards[kind].id for kind in choosable)
        accepted = f"accepted: {verb} and any of {names} (a name twice for two copies), " \
            f"or {verb} all" if choosable else "accepted: done"
        if words[0] != verb:
            raise IllegalActionError(f"{quoted(typed)}: this is a {verb} choice, nothing "
                                     f"was played; {accepted}")
        if words[1:] == ["all"]:
            actions = [kind for kind in choosable
                       for _ in range(self.hands[seat][kind] - self.selected[seat][kind])]
            if not actions:
                raise IllegalActionError(f"{quoted(typed)}: no card is left that you may "
                                         f"{verb}; accepted: done")
            return actions
        trial = self.clone()
        actions = []
        for name in words[1:]:
            kind = self.game.card_index.get(name)
            if kind is None:
                why = f"{quoted(name)} is not a card"
            elif trial.is_legal(kind):
                trial.apply_action(kind)
                actions.append(kind)
                continue
            elif verb == "deploy" and not self.game.deployable[self.turn_index][seat][kind]:
                why = f"{name} may not be deployed this turn"
            elif self.hands[seat][kind]:
                why = f"you hold {self.hands[seat][kind]} {name}, all chosen already"
            else:
                why = f"{name} is not in your hand"
            raise IllegalActionError(f"{quoted(typed)}: {why}, so nothing was played; "
                                     f"{accepted}")
        return actions

    def choice_note(self, action: int) -> str:
        """A card to deploy with its force (what it adds to the Strike); a card to
        discard from the other fleet as not the seat's to deploy."""
        if self.stage != SELECT or action == self.game.done_action:
            return ""
        card = self.game.cards[action]
        if self.phase == "strike":
            return f"force {card.force}"
        return "" if card.side == SIDES[self.chooser] else "the enemy's: only to discard"

    # -- what each side sees ----------------------------------------------------------

    def observation(self, player: int) -> JutlandObservation:
        cards = self.game.cards
        opponent = 1 - player

        def names(counts: Sequence[int]) -> list[str]:
            return [cards[kind].id for kind, n in enumerate(counts) for _ in range(n)]

        def ships(lost: Sequence[int]) -> ShipsLost:
            return {"big": lost[BIG], "small": lost[SMALL]}

        stage = {SELECT: "deploy" if self.phase == "strike" else "discard",
                 DRAW: "draw", OVER: "over"}[self.stage]
        player_to_act = self.current_player()
        to_move = SIDES[player_to_act] if player_to_act >= 0 else \
            ("chance" if player_to_act == CHANCE else "nobody")
        return {
            "game": "jutland", "seat": SIDES[player], "turn": self.turn.number,
            "turn_name": self.turn.name, "phase": self.phase, "stage": stage,
            "to_move": to_move,
            "hand": names(self.hands[player]),
            "selected": names(self.selected[player]),
            "opponent_hand_size": sum(self.hands[opponent]),
            "deck_size": self.deck_size,
            "discard_size": sum(self.discard_up) + sum(map(sum, self.discard_down)),
            "last_discards": None if self.last_discards is None else
            {"german": self.last_discards[GERMAN], "british": self.last_discards[BRITISH]},
            "losses": {"german": ships(self.losses[GERMAN]),
                       "british": ships(self.losses[BRITISH])},
            "strikes": [{"turn": turn, "german_force": german, "british_force": british,
                         "winner": SIDES[GERMAN if german > british else BRITISH],
                         "german_cards": [cards[k].id for k in german_cards],
                         "british_cards": [cards[k].id for k in british_cards]}
                        for turn, german, british, german_cards, british_cards
                        in self.strikes],
            "result": self.end_reason() or None,
            "log": seat_log(self._views[player], self.game, player),
        }

    # -- seat records (`hunt.models.seat_record`) ----------------------------------------

    def public_text(self, action: int, player: int) -> str:
        """The other side's draws are "draw ?", its cards laid face down "discard ?" or
        "deploy ?" (they show nothing until the reveal, so a seat record leaves them
        out); its "done" is public."""
        if self.stage == DRAW and self.drawer != player:
            return "draw ?"
        if self.stage == SELECT and self.chooser != player and action != self.game.done_action:
            return self.action_to_string(action).split()[0] + " ?"
        return self.action_to_string(action)

    def learned_text(self, token: Hashable, player: int) -> str | None:
        """The reveal: how many cards each side discarded face down, or the cards each
        deployed ("deployed german ... british ...")."""
        if not isinstance(token, tuple) or not token:
            return None
        if token[0] == "discarded":
            return f"discarded {token[1]} {token[2]}"
        if token[0] == "deployed":
            names = [" ".join(self.game.cards[kind].id for kind in side) or "none"
                     for side in token[1:]]
            return f"deployed german {names[0]} british {names[1]}"
        return None

    def resample_hidden(self, taken: Sequence[int], entry: str, player: int,
                        rng: random.Random) -> list[int] | None:
        """For a reveal, or the seat's draw: the other side's draws and face-down cards
        dealt again so that the entry can follow (`hunt.models.jutland.seats`)."""
        return dealt_line(self, taken, entry, player, rng)

    def determinize(self, player: int, rng: random.Random, prior: Any = None) -> JutlandState:
        """Deal the cards `player` cannot place at random among the places it cannot see.

        `player` knows its own hand, the face-up discards and its own face-down ones.
        Every other card is in the opponent's hand, the opponent's face-down discards
        or the deck, in numbers `player` knows; they are dealt uniformly, except that
        with `prior` (`belief`: `KeptCards`) the opponent's kept cards are dealt first,
        among the unseen cards of the kinds it would keep. An opponent's choice `player`
        has not seen yet (the first half of a simultaneous choice) is guessed: see
        `_guess_german_choice`.
        """
        opponent = 1 - player
        unseen = [self.game.cards[kind].count - self.hands[player][kind]
                  - self.discard_up[kind] - self.discard_down[player][kind]
                  for kind in range(self.game.num_kinds)]
        pool = [kind for kind, n in enumerate(unseen) for _ in range(n)]
        rng.shuffle(pool)
        hand_size = sum(self.hands[opponent])
        if isinstance(prior, KeptCards) and prior.count:
            # The first kept-kind cards of the shuffled pool go to the front, which
            # deals the hand first.
            kept = [index for index, kind in enumerate(pool) if prior.kinds[kind]]
            chosen = set(kept[:min(prior.count, hand_size)])
            pool = [pool[index] for index in sorted(chosen)] \
                + [kind for index, kind in enumerate(pool) if index not in chosen]
        world = self._sampled_copy(player)
        n = self.game.num_kinds
        hidden_discards = sum(self.discard_down[opponent])
        world.hands[opponent] = _counts(pool[:hand_size], n)
        world.discard_down[opponent] = _counts(pool[hand_size:hand_size + hidden_discards], n)
        world.deck = _counts(pool[hand_size + hidden_discards:], n)
        assert sum(world.deck) == self.deck_size
        world.selected[opponent] = [0] * n
        if self.stage == SELECT and self.chooser == BRITISH and opponent == GERMAN:
            world._guess_german_choice(rng)
        return world

    def _guess_german_choice(self, rng: random.Random) -> None:
        """The German chose first and the British have not seen what: in a sampled
        world, the German makes the heuristic's choice three times in four, and a
        uniformly random one otherwise (so no choice is ruled out)."""
        n = self.game.num_kinds
        if rng.random() < GUESS_LIKE_HEURISTIC:
            chosen = heuristics.target_counts(self.game, GERMAN, self.turn.number,
                                              self.phase == "strike", self.hands[GERMAN])
        else:
            chosen = [0] * n
            for kind in self._selectable(GERMAN):
                chosen[kind] = sum(rng.random() < 0.5 for _ in range(self.hands[GERMAN][kind]))
        self.selected[GERMAN] = chosen

    def belief(self, player: int) -> KeptCards:
        """What `player` can tell of the opponent's hand from public counts: how many of
        its cards it held through its latest discard, and the kinds it would keep then.
        Against the heuristic this sharpens the samples: at a Strike choice the
        opponent's force is off by 3.2 on average instead of 5.3 for uniform dealing,
        and the chance that it wins the Strike has a Brier score of 0.15 instead of
        0.26, where a coin's is 0.25 (`scripts/jutland_belief_report.py`)."""
        opponent = 1 - player
        return KeptCards(self.kept[opponent], heuristics.worth_keeping(
            self.game, opponent, self.kept_turn))

    @property
    def kept(self) -> list[int]:
        """Per side, cards held through its latest discard and not deployed since. A
        Strike after that discard (only the same turn's) is counted out of these
        first: cards are kept to be deployed."""
        deployed = [0, 0]
        for turn, _, _, german_cards, british_cards in self.strikes:
            if turn == self.kept_turn:
                deployed = [len(german_cards), len(british_cards)]
        return [max(0, held - out) for held, out in zip(self.held, deployed, strict=True)]

    # -- the result -------------------------------------------------------------------

    def end_reason(self) -> str:
        if self.stage != OVER:
            return ""
        winner = self.winner()
        if winner is None:
            return "draw"
        german, british = (sum(lost) for lost in reversed(self.losses))
        how = "more ships sunk" if german != british else "more big ships sunk"
        return f"{SIDES[winner]} win on {how}"

    def winner(self) -> int | None:
        """The side that sank more enemy ships (then more big ships), None on a tie."""
        german_sank, british_sank = self.losses[BRITISH], self.losses[GERMAN]
        german_score = (german_sank[BIG] + german_sank[SMALL], german_sank[BIG])
        british_score = (british_sank[BIG] + british_sank[SMALL], british_sank[BIG])
        if german_score == british_score:
            return None
        return GERMAN if german_score > british_score else BRITISH

    # -- the turn sequence ------------------------------------------------------------

    def _may_select(self, seat: int, kind: int) -> bool:
        if not 0 <= kind < self.game.num_kinds:
            return False
        if self.hands[seat][kind] <= self.selected[seat][kind]:
            return False
        return self.phase != "strike" or self.game.deployable[self.turn_index][seat][kind]

    def _selectable(self, seat: int) -> list[int]:
        # The same test as `_may_select`, over every kind at once (the search's hot path).
        hand, chosen = self.hands[seat], self.selected[seat]
        kinds = range(self.game.num_kinds)
        if self.phase == "strike":
            allowed = self.game.deployable[self.turn_index][seat]
            return [kind for kind in kinds if hand[kind] > chosen[kind] and allowed[kind]]
        return [kind for kind in kinds if hand[kind] > chosen[kind]]

    def _may_select_any(self, seat: int) -> bool:
        """Whether `_selectable(seat)` is not empty, stopping at the first kind."""
        hand, chosen = self.hands[seat], self.selected[seat]
        allowed = self.game.deployable[self.turn_index][seat] if self.phase == "strike" \
            else None
        for kind in range(self.game.num_kinds):
            if hand[kind] > chosen[kind] and (allowed is None or allowed[kind]):
                return True
        return False

    def _begin_selection(self) -> None:
        self.stage = SELECT
        self.chooser = GERMAN
        if not sum(self.hands[GERMAN]):
            self._finish_selection()

    def _finish_selection(self) -> None:
        """The chooser is done: hand over to the British, or reveal both choices.

        A chooser with cards in hand always says "done" itself, even with nothing left
        it may choose: a choice that ended by itself would tell the other side, by whose
        turn it is, which kinds the hand holds. Only an empty hand (public) is skipped."""
        # The other side learns that the choice is made (as at the table, where a
        # player says "done"), not what it is.
        self._see_others(self.chooser, ("chosen", self.chooser))
        if self.chooser == GERMAN:
            self.chooser = BRITISH
            if sum(self.hands[BRITISH]):
                return
        if self.phase == "strike":
            self._resolve_strike()
        else:
            self._reveal_discards()

    def _reveal_discards(self) -> None:
        for seat in (GERMAN, BRITISH):
            for kind, n in enumerate(self.selected[seat]):
                self.hands[seat][kind] -= n
                self.discard_down[seat][kind] += n
        counts = (sum(self.selected[GERMAN]), sum(self.selected[BRITISH]))
        self.last_discards = counts
        self.held = [sum(hand) for hand in self.hands]
        self.kept_turn = self.turn.number
        self._see_all(("discarded", *counts))
        self._clear_selections()
        self.stage = DRAW
        self.drawer = GERMAN
        self._continue_drawing()

    def _continue_drawing(self) -> None:
        """Move to the next card to draw, or on to the next phase once both hold 7."""
        while self.drawer <= BRITISH and sum(self.hands[self.drawer]) >= HAND_SIZE:
            self.drawer += 1
        if self.drawer > BRITISH:
            self._next_phase()
        elif self.deck_size == 0:
            self._reshuffle()

    def _reshuffle(self) -> None:
        """The deck ran out: the whole discard pile becomes the deck."""
        n = self.game.num_kinds
        self.deck = [self.discard_up[kind] + self.discard_down[GERMAN][kind]
                     + self.discard_down[BRITISH][kind] for kind in range(n)]
        self.deck_size = sum(self.deck)
        self.discard_up = [0] * n
        self.discard_down = [[0] * n, [0] * n]
        self._see_all(("reshuffled", self.deck_size))

    def _draw(self, kind: int) -> None:
        self.deck[kind] -= 1
        self.deck_size -= 1
        self.hands[self.drawer][kind] += 1
        self._see(self.drawer, ("drew", kind))
        self._see(1 - self.drawer, ("opponent drew",))
        self._continue_drawing()

    def _resolve_strike(self) -> None:
        """Strike: reveal, compare forces (British win ties), discard; then Sink."""
        forces = [self.game.force(chosen) for chosen in self.selected]
        deployed = [tuple(kind for kind, n in enumerate(chosen) for _ in range(n))
                    for chosen in self.selected]
        for seat in (GERMAN, BRITISH):
            for kind, n in enumerate(self.selected[seat]):
                self.hands[seat][kind] -= n
                self.discard_up[kind] += n
        self._see_all(("deployed", deployed[GERMAN], deployed[BRITISH]))
        self.strikes.append((self.turn.number, forces[GERMAN], forces[BRITISH],
                             deployed[GERMAN], deployed[BRITISH]))
        self._clear_selections()
        winner = self.game.strike_winner(forces[GERMAN], forces[BRITISH])
        for seat, (big, small) in enumerate(self.game.sink(self.turn, winner)):
            self.losses[seat][BIG] += big
            self.losses[seat][SMALL] += small
        self._next_turn()

    def _clear_selections(self) -> None:
        n = self.game.num_kinds
        self.selected = [[0] * n, [0] * n]

    def _next_phase(self) -> None:
        phases = self.turn.phases
        if self.phase == "sight" and "sail" in phases:
            self.phase = "sail"
        elif self.phase in ("sight", "sail") and "strike" in phases:
            self.phase = "strike"
        else:
            self._next_turn()
            return
        self._begin_selection()

    def _next_turn(self) -> None:
        if self.turn_index == len(self.game.turns) - 1:
            self.stage = OVER
            return
        self.turn_index += 1
        self.phase = "sight"
        self._begin_selection()

    def _fingerprint(self) -> Hashable:
        return (self.turn_index, self.phase, self.stage, self.chooser, self.drawer,
                tuple(map(tuple, self.hands)), tuple(map(tuple, self.selected)),
                tuple(self.deck), tuple(self.discard_up),
                tuple(map(tuple, self.discard_down)), tuple(map(tuple, self.losses)),
                tuple(self.strikes), self.last_discards, tuple(self.held), self.kept_turn,
                tuple(tuple(view) for view in self._views))


def _counts(kinds: Sequence[int], num_kinds: int) -> list[int]:
    counts = [0] * num_kinds
    for kind in kinds:
        counts[kind] += 1
    return counts

