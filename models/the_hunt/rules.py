"""The Hunt: the rules behind the game contract (readings: docs/rulings.md).

The German secretly moves the Admiral Graf Spee, announcing only the AP it spends;
the British hunt it with Forces G, H and K while Freight Ships sail. The rules run as
a stack of pending steps: the top step says who acts (a seat, or chance) and what is
legal; automatic steps (an event taking effect, the Freight Ship phase) run at once.
When the stack is empty the turn sequence pushes the next phase.

Readings of ambiguous sentences (docs/rulings.md):
one card per Card Play phase (the British add Intelligence cards at 1 AP each);
German AP = card + the whole Reserve, and what is left goes back to the Reserve (at
most 2: see below); a Mandatory card played in the Hunt phase
gives its AP and its event happens too; the German redraw stops at 3 or goes on to 5
when the Graf Spee is within 1 hex of the Altmark (a hand of 4 may stay), and the size
is announced;
a failed search says nothing; Hint markers go on or next to the Graf Spee, never on a
hint or the Altmark, and go when the German next announces a Graf Spee move; a Force
advanced past space 4 enters on 06; Battle duels are simultaneous; the game ends when
5 Freight Ships are sunk or delivered, or after a Battle.

Readings settled by the rules audit, each tested by name in
tests/test_the_hunt_rules.py:

- The Graf Spee moves at most once before its attack and once after it ("may move,
  conduct a search/attack and then move again"): attack, move, move is illegal.
- The Reserve ("Variable Cost"): the cost is the AP stored, nothing more: each unspent
  German AP left at the end of the turn goes into the Reserve, added to what it holds,
  up to 2, so storing never lowers it. A card played for AP takes the whole Reserve
  with it; as the unspent AP go back, that is the same as taking only what the turn
  needs. The Reserve is added only to a card played for AP ("when playing a card for
  Action Points"), not to AP an event gives (Fair Weather), in which case it stays.
- A Mandatory event happens whenever its card is played in the Hunt phase, for its AP
  or for its Intelligence stripe alike ("When you play a card with a Mandatory Event
  during the Hunt Phase, you are forced to do the Event"; the only exception given is
  the Battle); the opponent may cancel it with That Never Happened.
- The German cards removed from the game (the repair's target number) are those whose
  event took place: five German cards can leave (boards/the_hunt/cards.toml), so
  Example 3's four removals happen in play.
- Intelligence, as in Example 7, may also be played after a search is declared and
  before its die is rolled: the German first answers the search (Cat and Mouse), then
  the British add Intelligence (1 AP a card) or pass, then the die is rolled. So no AP
  go on Intelligence for a search that is then cancelled. The British may still play it
  earlier in the turn, for every search of the turn.
- The airplane, in the same order (Example 2: "Before rolling the die"): the attack is
  declared, the British may cancel it, then the German sends the airplane or passes,
  then the die is rolled. A cancelled attack leaves the airplane Ready.

Whose turn it is never depends on what the other side cannot see: a
reaction window opens for any side holding a card and it passes aloud when it has no
reaction to play; the British Intelligence window after a search opens whenever they
hold a card and an AP; the German names the size of its redraw, aloud, wherever the
raider is.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import networkx as nx
import numpy as np

from hunt.boards.the_hunt.cards import TheHuntCard, load_hunt_cards
from hunt.boards.the_hunt.map import TheHuntMap, load_hunt_map
from hunt.boards.the_hunt.tracks import FORCES, TheHuntTracks, load_hunt_tracks
from hunt.models.game import Game, GameInfo
from hunt.models.options import Option, OptionSpec
from hunt.models.the_hunt.actions import AP_FOR_STEPS, TheHuntAction
from hunt.models.the_hunt.observation import FreighterSeen, TheHuntObservation
from hunt.models.the_hunt.state import DIE, MAX_HINTS, SIDES, VARIANTS
from hunt.models.the_hunt.steps import BRITISH, GERMAN
from hunt.models.the_hunt.views import TheHuntViews

__all__ = ["BRITISH", "DIE", "GERMAN", "MAX_HINTS", "SIDES", "VARIANTS", "TheHuntAction",
           "TheHuntGame", "TheHuntState"]
"""The rules' public names (the constants live in `state.py`, actions in `actions.py`)."""


NEAREST_KEPT = 4096
"""How many sets of hexes `TheHuntGame.nearest_distance` keeps answers for (then it
starts again): a search meets a few hundred."""


class TheHuntGame(Game["TheHuntState", TheHuntAction, TheHuntObservation]):
    """The Hunt for two players. Option: `variant` ("standard" or "historical")."""

    option_spec = OptionSpec("the-hunt", (
        Option("variant", str, "standard",
               "historical: the Forces' battle bonuses of the historical variant.",
               choices=VARIANTS),))

    def __init__(self, **options: Any) -> None:
        chosen = self.option_spec.check(options)
        super().__init__(self.option_spec.recorded(chosen))
        variant: str = chosen["variant"]
        self.variant = variant
        self.board: TheHuntMap = load_hunt_map()
        self.tracks: TheHuntTracks = load_hunt_tracks()
        self.graph = self.board.graph
        self.hexes: tuple[str, ...] = tuple(sorted(self.graph))
        self.distance: dict[str, dict[str, int]] = {
            source: dict(lengths) for source, lengths in nx.all_pairs_shortest_path_length(
                self.graph)}
        self.hex_index: dict[str, int] = {hex_id: i for i, hex_id in enumerate(self.hexes)}
        self.distance_array: np.ndarray[Any, np.dtype[np.int64]] = np.array(
            [[self.distance[a][b] for b in self.hexes] for a in self.hexes], dtype=np.int64)
        """`distance` as a matrix in the order of `hexes` (`hex_index`): the rules of
        thumb take minima over many hexes at once with it."""
        self._nearest: dict[frozenset[str], dict[str, int]] = {}
        self.ball: dict[str, dict[int, frozenset[str]]] = {
            hex_id: {steps: frozenset(other for other, d in self.distance[hex_id].items()
                                      if d <= steps) for steps in range(4)}
            for hex_id in self.hexes}
        self.moves: dict[tuple[str, str, int], tuple[TheHuntAction, ...]] = {
            (piece, hex_id, steps): tuple(
                TheHuntAction("move", piece, AP_FOR_STEPS[steps], h)
                for h in sorted(self.ball[hex_id][steps]) if piece == "graf-spee" or h != hex_id)
            for piece in ("graf-spee", "altmark", *FORCES) for hex_id in self.hexes
            for steps in AP_FOR_STEPS}
        """Every move of a piece from a hex by up to so many steps (made once: the search
        asks for them all the time). Only the Graf Spee may stay where it is."""
        self.cards: dict[str, TheHuntCard] = {card.id: card for card in load_hunt_cards()}
        self.draw_actions = {card: TheHuntAction("draw", card) for card in sorted(self.cards)}
        """Drawing each card (made once: playouts draw all the time)."""
        self.play_actions = {card: (TheHuntAction("play", card, mode="ap"),
                                    TheHuntAction("play", card, mode="event"))
                             for card in sorted(self.cards)}
        """Playing each card for its AP and for its event."""
        self.intel_actions = {card: TheHuntAction("intel", card) for card in sorted(self.cards)}
        """Playing each card for its Intelligence."""
        self.force_actions = {(verb, force): TheHuntAction(verb, force)
                              for verb in ("search", "advance") for force in FORCES}
        """A search by each Force, and advancing each Force on the Strategy track."""
        german, british = (
            {card.id: card.copies for card in self.cards.values() if side in card.decks}
            for side in SIDES)
        self.deck_lists: tuple[dict[str, int], dict[str, int]] = (german, british)
        self.deck_ap: tuple[int, int] = (
            sum(self.cards[card].ap * n for card, n in german.items()),
            sum(self.cards[card].ap * n for card, n in british.items()))
        """The AP of all the cards of each side's deck (German, British)."""
        self.deck_size: tuple[int, int] = (sum(german.values()), sum(british.values()))
        """How many cards each side's deck holds (German, British)."""
        self.freighters = {freighter.id: freighter for freighter in self.board.freighters}
        self.freighter_seen: dict[str, tuple[FreighterSeen, ...]] = {
            f: tuple({"hex": where, "destination": freighter.destination}
                     for where in freighter.route) for f, freighter in self.freighters.items()}
        """What a side sees of each Freight Ship at each point of its route (read only:
        the heuristic views of every state share them)."""
        self.force_bonus = self.tracks.force_bonus[variant]
        self.rules = self.tracks.rules
        self.info = GameInfo(
            name="the-hunt", title="The Hunt", num_players=2, min_players=2, max_players=2,
            seat_names=SIDES, max_game_length=6000, zero_sum=True)

    def new_initial_state(self, seed: int = 0) -> TheHuntState:
        """Before the freight draw: forces placed, markers on their start spaces."""
        return TheHuntState(self, seed)

    def upgrade_record_actions(self, actions: list[str], version: int) -> list[str]:
        """Records before format 4 sent the airplane with the attack (`attack e-a
        plane`); it is now sent after the British let the attack stand: `attack e-a`,
        their answers, then `plane` just before the attack's roll. An attack they
        cancelled has no roll, and the airplane is not sent."""
        upgraded: list[str] = []
        plane_pending = False
        for text in actions:
            words = text.lower().split()
            if words[:1] == ["attack"] and words[-1:] == ["plane"] and len(words) == 3:
                upgraded.append(f"attack {words[1]}")
                plane_pending = True
                continue
            if plane_pending and not (words in (["pass"],) or words[:1] == ["react"]):
                if words[:1] == ["roll"]:
                    upgraded.append("plane")
                plane_pending = False
            upgraded.append(text)
        return upgraded

    def hex_distance(self, a: str, b: str) -> int:
        """Hexes between `a` and `b` along the map."""
        return self.distance[a][b]

    def distance_totals(self, origins: Sequence[str], hexes: Collection[str]) -> list[int]:
        """For each of `origins`, the sum of its distances to `hexes`, from the distance
        table in one step (the proximity query's choice weighs every hex it may name
        against every possible hex)."""
        rows = [self.hex_index[h] for h in origins]
        columns = [self.hex_index[h] for h in hexes]
        totals: list[int] = self.distance_array[np.ix_(rows, columns)].sum(axis=1).tolist()
        return totals

    def nearest_distance(self, hexes: frozenset[str]) -> dict[str, int]:
        """For every hex, the distance to the nearest of `hexes` (which must not be
        empty). Kept for the last sets asked: the British rules of thumb ask it for the
        same possible hexes at every decision of a turn, the German ones for the Freight
        Ships' course, and in every playout."""
        found = self._nearest.get(hexes)
        if found is None:
            if len(self._nearest) >= NEAREST_KEPT:
                self._nearest.clear()
            columns = [self.hex_index[h] for h in sorted(hexes)]
            found = dict(zip(self.hexes,
                             self.distance_array[:, columns].min(axis=1).tolist(), strict=True))
            self._nearest[hexes] = found
        return found


class TheHuntState(TheHuntViews):
    """A position of The Hunt: the position and setup (`state.py`), the turn
    (`turn.py`), the Battle (`battle.py`) and what each side sees (`views.py`)."""
