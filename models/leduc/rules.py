"""Leduc Hold'em, as OpenSpiel defines it: the reference game for comparing searches.

Six cards (J, Q, K in two suits). Each player antes 1 and is dealt one private card;
a betting round; one public card; a second betting round; then a showdown: a private
card that pairs the public card wins, else the higher rank; equal ranks split the pot.
In each round player 0 acts first; a raise is 2 in the first round and 4 in the second,
at most 2 raises a round; folding is allowed only when facing a bet. A round ends with
a call that is not its first action (check-check, or a call of a raise).

Actions are ints: 0 fold, 1 call (check when nothing is owed), 2 raise; at chance nodes
the action is the card dealt (0..5, rank = card // 2).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from hunt.boards.leduc.rules import LeducRules, load_leduc_rules
from hunt.models.game import CHANCE, TERMINAL, Game, GameInfo, State
from hunt.models.leduc.observation import LeducObservation
from hunt.models.options import OptionSpec
from hunt.models.plugin import plural

FOLD, CALL, RAISE = 0, 1, 2
MOVES = ("fold", "call", "raise")
ALIASES = {"check": "call", "bet": "raise"}
"""Poker words for the moves (OpenSpiel's Leduc names them call and raise)."""
CARDS = 6


class LeducGame(Game["LeducState", int, LeducObservation]):
    """Leduc Hold'em for two players; returns are chips won or lost."""

    option_spec = OptionSpec("leduc")
    """Leduc has no options."""

    def __init__(self, **options: Any) -> None:
        super().__init__(self.option_spec.recorded(self.option_spec.check(options)))
        self.rules: LeducRules = load_leduc_rules()
        self.info = GameInfo(
            name="leduc", title="Leduc Hold'em", num_players=2, min_players=2,
            max_players=2, seat_names=("first", "second"), max_game_length=3 + 2 * 4,
            zero_sum=True, score_unit="chips", min_utility=-self.most_lost(),
            max_utility=self.most_lost())

    def most_lost(self) -> float:
        """The most chips a hand can lose: the ante and every raise of every round."""
        return float(self.rules.ante + self.rules.max_raises * sum(self.rules.raise_sizes))

    def new_initial_state(self, seed: int = 0) -> LeducState:
        """Before the deal."""
        return LeducState(self, seed)

    def card_name(self, card: int) -> str:
        """"Qh" for card 3."""
        return self.rules.ranks[card // 2] + self.rules.suits[card % 2]


class LeducState(State[int, LeducObservation]):
    """A hand of Leduc Hold'em."""

    game: LeducGame

    def __init__(self, game: LeducGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.cards = [-1, -1]
        self.public = -1
        self.round = 0
        """0 or 1: the betting round."""
        self.contributions = [game.rules.ante, game.rules.ante]
        self.raises = 0
        self.round_actions: list[int] = []
        self.first_round: list[int] = []
        """The first round's bets, once it is over."""
        self.to_act = 0
        self.folded: int | None = None

    # -- the contract ------------------------------------------------------------------

    def current_player(self) -> int:
        if self.folded is not None or (self.round == 1 and self._round_over()):
            return TERMINAL
        if self.cards[1] < 0 or (self.round == 1 and self.public < 0):
            return CHANCE
        return self.to_act

    def _round_over(self) -> bool:
        return len(self.round_actions) >= 2 and self.round_actions[-1] == CALL

    def legal_actions(self) -> list[int]:
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [card for card, _ in self.chance_outcomes()]
        actions: list[int] = []
        if self.contributions[player] < max(self.contributions):
            actions.append(FOLD)
        actions.append(CALL)
        if self.raises < self.game.rules.max_raises:
            actions.append(RAISE)
        return actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        left = [card for card in range(CARDS) if card not in (*self.cards, self.public)]
        return [(card, 1 / len(left)) for card in left]

    def _apply(self, action: int) -> None:
        if self.current_player() == CHANCE:
            self._deal(action)
            return
        player = self.to_act
        self._see_all(("bet", player, MOVES[action]))
        if action == FOLD:
            self.folded = player
            return
        if action == RAISE:
            self.raises += 1
            self.contributions[player] = max(self.contributions) \
                + self.game.rules.raise_sizes[self.round]
        else:
            self.contributions[player] = max(self.contributions)
        self.round_actions.append(action)
        self.to_act = 1 - player
        if self._round_over():
            if self.round == 0:
                self.first_round = self.round_actions
                self.round, self.raises, self.round_actions, self.to_act = 1, 0, [], 0
            else:
                self._see_all(("showdown", tuple(self.cards)))

    def _deal(self, card: int) -> None:
        if self.cards[0] < 0:
            self.cards[0] = card
            self._see(0, ("dealt", card))
            self._see(1, ("opponent dealt",))
        elif self.cards[1] < 0:
            self.cards[1] = card
            self._see(1, ("dealt", card))
            self._see(0, ("opponent dealt",))
        else:
            self.public = card
            self._see_all(("public", card))

    def returns(self) -> list[float]:
        if self.current_player() != TERMINAL:
            return [0.0, 0.0]
        if self.folded is not None:
            winner = 1 - self.folded
        else:
            scores = [self._score(seat) for seat in (0, 1)]
            if scores[0] == scores[1]:
                return [0.0, 0.0]
            winner = 0 if scores[0] > scores[1] else 1
        won = float(self.contributions[1 - winner])
        return [won, -won] if winner == 0 else [-won, won]

    def _score(self, seat: int) -> tuple[int, int]:
        rank = self.cards[seat] // 2
        return (int(rank == self.public // 2), rank)

    def end_reason(self) -> str:
        if self.current_player() != TERMINAL:
            return ""
        if self.folded is not None:
            return f"{self.game.info.seat_names[self.folded]} folded"
        return "showdown"

    def clone(self) -> LeducState:
        other = self._copy_shell()
        other.cards = list(self.cards)
        other.contributions = list(self.contributions)
        other.round_actions = list(self.round_actions)
        other.first_round = list(self.first_round)
        return other

    def action_to_string(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return f"deal {self.game.card_name(action)}"
        return MOVES[action]

    def choice_note(self, action: int) -> str:
        """In a poker player's words: a call with nothing to call is a check, else what
        it costs; a raise, what it puts in; a fold, what it gives up."""
        if self.current_player() < 0:
            return ""
        player = self.to_act
        owed = max(self.contributions) - self.contributions[player]
        if action == CALL:
            return "check" if owed == 0 else f"{plural(owed, 'chip')} to call"
        if action == RAISE:
            return f"{plural(owed + self.game.rules.raise_sizes[self.round], 'chip')} in"
        return f"give up the {plural(sum(self.contributions), 'chip')} in the pot"

    def string_to_action(self, text: str) -> int:
        """A move as typed; a poker player's words are read too: "check" is a call
        with nothing to call, "bet" a raise."""
        word = " ".join(text.lower().split())
        return super().string_to_action(ALIASES.get(word, word))

    def public_text(self, action: int, player: int) -> str:
        """The other seat's private card is dealt unseen: "deal ?"."""
        if self.current_player() == CHANCE and self.cards[0] >= 0 and self.cards[1] < 0:
            return "deal ?" if player == 0 else self.action_to_string(action)
        if self.current_player() == CHANCE and self.cards[0] < 0:
            return "deal ?" if player == 1 else self.action_to_string(action)
        return self.action_to_string(action)

    def hidden_text(self, action: int) -> str:
        """A card dealt, named with its holder: "the second player holds Kh"."""
        card = self.game.card_name(action)
        for seat in (0, 1):
            if self.cards[seat] < 0:
                return f"the {self.game.info.seat_names[seat]} player holds {card}"
        return f"the public card is {card}"

    def learned_text(self, token: Hashable, player: int) -> str | None:
        """At a showdown both private cards are shown."""
        if isinstance(token, tuple) and token[:1] == ("showdown",):
            return "showdown " + " ".join(self.game.card_name(card) for card in token[1])
        return None

    # -- what each seat sees -------------------------------------------------------------

    def observation(self, player: int) -> LeducObservation:
        showdown = self.current_player() == TERMINAL and self.folded is None
        name = self.game.card_name
        return {
            "game": "leduc", "seat": self.game.info.seat_names[player],
            "card": name(self.cards[player]) if self.cards[player] >= 0 else None,
            "opponent_card": name(self.cards[1 - player]) if showdown else None,
            "public_card": name(self.public) if self.public >= 0 else None,
            "round": self.round + 1, "contributions": list(self.contributions),
            "raises": self.raises, "bets": [MOVES[a] for a in self.round_actions],
            "first_round_bets": [MOVES[a] for a in self.first_round],
            "to_move": "you" if self.current_player() == player else "waiting",
            "result": None if self.current_player() != TERMINAL else
            {"how": self.end_reason(), "returns": self.returns()},
        }

    def determinize(self, player: int, rng: random.Random, prior: Any = None) -> LeducState:
        """Deal the opponent's card (if dealt) among the cards `player` has not seen."""
        world = self._sampled_copy(player)
        opponent = 1 - player
        if self.cards[opponent] >= 0 and not (self.current_player() == TERMINAL
                                              and self.folded is None):
            unseen = [card for card in range(CARDS)
                      if card not in (self.cards[player], self.public)]
            world.cards[opponent] = rng.choice(unseen)
        return world

    def _fingerprint(self) -> Hashable:
        return (tuple(self.cards), self.public, self.round, tuple(self.contributions),
                self.raises, tuple(self.round_actions), tuple(self.first_round),
                self.to_act, self.folded,
                tuple(tuple(view) for view in self._views))
