"""Seat records: a game written down from one seat's point of view, and worlds that
agree with one.

A full record holds every action. A seat record holds what one seat saw: each action in
its public text for that seat (`State.public_text`: "move ship 2 ?", "draw ?"),
followed by what the seat learnt from it that the text does not say
(`State.learned_text`), each after "; " ("roll 5; not here 24"). Another seat's private
act, which showed the seat nothing at all (cards laid face down, whose number too is
hidden until the reveal), is left out. It is built from the seat's view alone, so
two full records that differ only in what the seat cannot see give the same seat
record, and it has no seed (the seed would name the hidden draws).

From a seat record alone, `world_from_seat_record` finds a full line of play that the
seat would have written down exactly so: a *witness*. The witness holds the seat's
information state, so everything built on it (the belief, `determinize`, the search,
the hint) is what the real game gives that seat, and determinizing it samples the
seat's posterior over what it cannot see.

Finding a witness is a constraint search. Each entry allows the actions whose entry it
is; where several do (a hidden draw, a hidden move), one is taken at random, and it may
prove wrong later (a search succeeds where the raider was, a card is played that was
never drawn); a private act left out is put back where the next entry cannot come
without one. Then the game resamples its hidden line where it has a model of it
(`State.resample_hidden`: a hidden-movement game draws a path from its tracker by
forward filtering and backward sampling; a card game deals the other side's
unseen cards again under the counts every entry so far asks, with an integer program,
`hunt.models.hidden_deal`), or else one earlier hidden choice is changed: the
latest that can supply a word the failing entry needs and the world lacks (draw the
card that is played), or else free one (a card drawn unseen that then comes face up).

`SeatNotebook` keeps a seat record entry by entry, as at a real table (`hunt table`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hunt.errors import RecordError, quoted
from hunt.models.game import CHANCE, AnyGame, AnyState

SEAT_RECORD_FORMAT = 1
"""Version of the seat record written by `seat_record`."""
SEPARATOR = "; "
"""Between an action's public text and what the seat learnt from it."""
MAX_REPLAYS = 400
"""The most replays of a seat record `world_from_seat_record` tries before it gives up."""
MAX_RESAMPLES = 8
"""The most times the game resamples its hidden line for one failing entry."""


def normalized(text: str) -> str:
    """An entry as compared: lower case, single spaces (as actions are typed)."""
    return SEPARATOR.join(" ".join(part.lower().split()) for part in text.split(";"))


def entry_text(state: AnyState, action: Any, seat: int) -> str:
    """The seat record's entry for `action` taken in `state` (`state` is not changed)."""
    after = state.clone()
    mark = after.view_length(seat)
    after.apply_legal_action(action)
    return _entry(state.public_text(action, seat), after, mark, seat)


def written_entry(state: AnyState, action: Any, seat: int) -> str | None:
    """The entry `seat` writes down for `action` taken in `state`, or None for another
    seat's private act, which a seat record leaves out (`state` is not changed)."""
    after, mark, private_act = _acted(state, action, seat)
    return None if private_act else _entry(state.public_text(action, seat), after, mark, seat)


def follows(state: AnyState, entry: str, seat: int) -> bool:
    """Whether an action of `state` has the (normalized) entry `entry` for `seat`."""
    public = entry.split(SEPARATOR)[0]
    return not state.is_terminal() and any(
        normalized(entry_text(state, action, seat)) == entry for action in state.legal_actions()
        if normalized(state.public_text(action, seat)) == public)


def _entry(public: str, after: AnyState, mark: int, seat: int) -> str:
    learned = [text for token in after.views_since(seat, mark)
               if (text := after.learned_text(token, seat)) is not None]
    return SEPARATOR.join([public, *learned])


def seat_record(state: AnyState, seat: int) -> dict[str, Any]:
    """The record of `state`'s game as `seat` saw it (JSON-able)."""
    replay = state.replayed(0)
    entries = []
    for action in state.history:
        public = replay.public_text(action, seat)
        mark, private = replay.view_length(seat), _private_mark(replay, seat)
        replay.apply_legal_action(action)
        if not _unseen_act(replay, seat, mark, private):  # not written down: nothing
            entries.append(_entry(public, replay, mark, seat))  # to write
    return _record(state.game, seat, entries)


def _private_mark(state: AnyState, seat: int) -> tuple[int, int] | None:
    """Before an action: its actor and how much it has seen, if the actor is another
    seat (whose act may be private)."""
    actor = state.current_player()
    return (actor, state.view_length(actor)) if actor >= 0 and actor != seat else None


def _unseen_act(after: AnyState, seat: int, mark: int, private: tuple[int, int] | None) -> bool:
    """Whether the action just taken was another seat's private act: its actor saw it,
    `seat` saw nothing of it (a card laid face down). A seat record leaves it out."""
    return private is not None and after.view_length(seat) == mark \
        and after.view_length(private[0]) > private[1]


def _acted(state: AnyState, action: Any, seat: int) -> tuple[AnyState, int, bool]:
    """A copy of `state` after `action`, how much `seat` had seen before it, and whether
    it was another seat's private act (`_unseen_act`: no entry is written for it)."""
    after = state.clone()
    mark, private = state.view_length(seat), _private_mark(state, seat)
    after.apply_legal_action(action)
    return after, mark, _unseen_act(after, seat, mark, private)


def _record(game: AnyGame, seat: int, entries: list[str]) -> dict[str, Any]:
    return {"format": SEAT_RECORD_FORMAT, "game": game.info.name,
            "seat": game.info.seat_names[seat], "options": dict(game.options),
            "actions": entries}


def is_seat_record(record: Mapping[str, Any]) -> bool:
    """Whether `record` is a seat record (it names its seat) rather than a full one."""
    return "seat" in record


def read_seat_record(game: AnyGame, record: Mapping[str, Any]) -> tuple[int, list[str]]:
    """The seat and the entries of the seat record `record` of `game`; `RecordError`
    naming what is wrong if it is not one."""
    game.check_record_game(record)
    if record.get("format") != SEAT_RECORD_FORMAT:
        raise RecordError(f"seat record format {quoted(record.get('format'))} is not one "
                          f"hunt reads; accepted: {SEAT_RECORD_FORMAT}")
    seats = game.info.seat_names
    seat = record.get("seat")
    if seat not in seats:
        raise RecordError(f"the record's seat {quoted(seat)} is not a seat of "
                          f"{game.info.name}; accepted: {', '.join(seats)}")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("a seat record needs a list 'actions' of texts")
    return seats.index(seat), [normalized(text) for text in actions]


def world_from_seat_record(game: AnyGame, record: Mapping[str, Any],
                           rng: random.Random | None = None) -> tuple[AnyState, int]:
    """A witness of the seat record `record`: a full position whose seat record it is
    (see the module), and the record's seat. `RecordError` if no line of play of the
    game gives that record (an entry that cannot follow the ones before it)."""
    seat, entries = read_seat_record(game, record)
    return SeatReplayer(game, seat, rng or random.Random(0)).witness(entries), seat


def possible_entries(state: AnyState, seat: int, rng: random.Random,
                     worlds: int = 24) -> list[str]:
    """What `seat` may write down next in `state` (a witness): the entries of the actions
    legal in it and in the worlds the game enumerates for the seat (`State.seat_worlds`:
    then the list is exact, every entry that can follow), or else in `worlds` worlds
    drawn from the seat's belief, so the other side's moves in every public form they
    may take, with what the seat would learn from each. The seat's own choices in their
    order, each with everything it may learn from it (a poker call that ends the hand:
    every card the showdown may show); the rest sorted (no order, or absence, tells
    which world the witness is)."""
    if state.is_terminal():
        return []
    others = state.seat_worlds(seat, rng)
    if others is None:
        prior = state.belief(seat)
        others = [state.determinize(seat, rng, prior) for _ in range(worlds)]
    if state.current_player() == seat:
        # The seat's choices are the same in every world it cannot tell apart.
        return [entry for action in state.legal_actions() for entry in sorted(
            {entry_text(world, action, seat) for world in (state, *others)})]
    found = {entry: None for world in (state, *others)
             for entry in _written_entries(world, seat, rng)}
    return sorted(found)


UNSEEN_STEPS = 40
"""The most private acts of other seats followed in a row (`_written_entries`): more
than any hand of cards laid face down one by one."""


def _written_entries(world: AnyState, seat: int, rng: random.Random) -> list[str]:
    """The entries `seat` may write down next in `world`: those of its legal actions
    but another seat's private acts (a card laid face down, `_unseen_act`), which no
    entry is written for; past those, along one line of them drawn at random, the
    entries that may follow (the Strike that reveals the cards laid down)."""
    entries: list[str] = []
    for _ in range(UNSEEN_STEPS):
        unseen = []
        for action in world.legal_actions():
            after, mark, private_act = _acted(world, action, seat)
            if private_act:
                unseen.append(after)
            else:
                entries.append(_entry(world.public_text(action, seat), after, mark, seat))
        if not unseen:
            break
        world = rng.choice(unseen)
        if world.is_terminal():
            break
    return entries


def listed(texts: Sequence[str], most: int = 12) -> str:
    """`texts` for a one-line message: at most `most`, then how many in all."""
    shown = [*texts[:most], f"... ({len(texts)} in all)"] if len(texts) > most else texts
    return ", ".join(shown) if shown else "nothing (the game is over)"


@dataclass
class Replay:
    """One replay of a seat record's entries: how far it got and what it took."""

    state: AnyState
    """The position after the entries that matched."""
    taken: list[Any]
    """The action taken at each entry that matched."""
    failed: int | None
    """The first entry no action matched, or None if all did (its step is the number of
    actions taken: the witness may hold actions the seat saw nothing of)."""
    choices: list[tuple[int, list[tuple[Any, frozenset[str]]]]] = field(default_factory=list)
    """Each hidden choice (an entry more than one action matched in text): its step (an
    index into `taken`), and each of those actions with the words of its text the seat
    does not see."""
    missing: frozenset[str] = frozenset()
    """The words of the failing entry this replay's world could not say."""
    entry_of: list[int] = field(default_factory=list)
    """For each action taken, the entry it was taken at (or before, if unseen)."""


class SeatReplayer:
    """Finds witnesses of one seat's record (see the module)."""

    def __init__(self, game: AnyGame, seat: int, rng: random.Random,
                 max_replays: int = MAX_REPLAYS) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.max_replays = max_replays
        self.replays = 0
        """Replays made so far (a measure of how hard the record was)."""
        self.pinned: set[int] = set()
        """The hidden choices changed to get past a failing entry."""
        self.resampled: Counter[int] = Counter()
        """How often the game resampled its hidden line for each failing entry."""

    def witness(self, entries: Sequence[str], prefer: Sequence[Any] = ()) -> AnyState:
        """A position whose seat record is `entries` (normalized); `RecordError` if the
        search finds none. `prefer`: the actions of a witness of some of them."""
        return self.search(entries, prefer).state

    def search(self, entries: Sequence[str], prefer: Sequence[Any] = ()) -> Replay:
        """The replay of a witness of `entries` (see `witness`)."""
        self.replays = 0
        self.pinned = set()
        self.resampled = Counter()
        prefer = list(prefer)
        replay = self.play(entries, prefer)
        while replay.failed is not None:
            repaired = self._repair(entries, replay)
            if repaired is None:
                raise RecordError(self._refusal(entries, replay))
            # Beyond the failure, the choices that worked before are kept (a card
            # drawn early that fails a play before them must not lose the raider's
            # path found for the entries after it).
            prefer = [*repaired, *prefer[len(repaired):]]
            replay = self.play(entries, prefer)
        return replay

    def play(self, entries: Sequence[str], prefer: Sequence[Any]) -> Replay:
        """Replay `entries`, taking at each step the action `prefer` holds for it (by
        the number of actions taken before) when it matches, else the matching ones in
        a random order (chance outcomes weighted by their odds)."""
        self.replays += 1
        if self.replays > self.max_replays:
            raise RecordError(f"no line of play found for this seat record in "
                              f"{self.max_replays} replays: it may contradict itself, or be "
                              "one the search cannot solve")
        replay = Replay(self.game.new_initial_state(0), [], None)
        for index, entry in enumerate(entries):
            while self._unseen(replay, entry, prefer, index):
                pass
            step = len(replay.taken)
            if not self.take(replay, entry, prefer[step] if step < len(prefer) else None,
                             index):
                break
        return replay

    def _unseen(self, replay: Replay, entry: str, prefer: Sequence[Any], index: int) -> bool:
        """Take a private act of another seat (a card laid face down: no entry is
        written for it, see `_unseen_act`), and say whether one was taken: the
        preferred action of this step if it is one, or, when the entry's action cannot
        be taken now, one of them (a hidden choice)."""
        step, state = len(replay.taken), replay.state
        if state.is_terminal() or state.current_player() in (self.seat, CHANCE):
            return False
        preferred = prefer[step] if step < len(prefer) else None
        public = entry.split(SEPARATOR)[0]
        legal = state.legal_actions()
        if any(normalized(state.public_text(action, self.seat)) == public for action in legal):
            # Only the preferred one, or, if it is no longer legal (a card drawn before it
            # changed), one that the seat would tell from it no better ("discard ?").
            # The others alike stay in the choice, so a later failure can change it.
            options = [] if preferred is None else [
                action for action in legal
                if state.public_text(action, self.seat) == state.public_text(preferred,
                                                                             self.seat)]
        else:
            options = legal
        unseen = []
        for action in options:
            if normalized(state.public_text(action, self.seat)) == public:
                continue
            after, _, private_act = _acted(state, action, self.seat)
            if private_act:
                unseen.append((action, after))
        if not unseen:
            return False
        if len(unseen) > 1:
            self.rng.shuffle(unseen)
            unseen.sort(key=lambda option: option[0] != preferred)
            replay.choices.append((step, [(action, frozenset(
                state.action_to_string(action).lower().split())) for action, _ in unseen]))
        replay.taken.append(unseen[0][0])
        replay.entry_of.append(index)
        replay.state = unseen[0][1]
        return True

    def take(self, replay: Replay, entry: str, preferred: Any, index: int) -> bool:
        """Extend `replay` by the entry `entry`, the record's entry `index`; False (and
        the replay's failure noted) if no action of its world matches it."""
        state, step = replay.state, len(replay.taken)
        public = entry.split(SEPARATOR)[0]
        candidates = [] if state.is_terminal() else [
            action for action in state.legal_actions()
            if " ".join(state.public_text(action, self.seat).lower().split()) == public]
        if len(candidates) > 1:
            self._order(state, candidates, preferred)
            replay.choices.append((step, [(action, self._hidden_words(state, action))
                                          for action in candidates]))
        after = next((world for action in candidates
                      if (world := self._after(state, action, entry)) is not None), None)
        if after is None:
            replay.failed = index
            replay.missing = self._missing(state, candidates, entry)
            return False
        replay.taken.append(after.history[-1])
        replay.entry_of.append(index)
        replay.state = after
        return True

    def _missing(self, state: AnyState, candidates: list[Any], entry: str) -> frozenset[str]:
        """The words of `entry` that neither an action legal in `state` nor what the
        seat would learn from one of `candidates` says as often: what the world must
        differ in (a card that was never drawn, a card shown that is not in the hand,
        one Action more of a kind than the world played)."""
        said: Counter[str] = Counter()
        for action in [] if state.is_terminal() else state.legal_actions():
            said |= Counter(state.public_text(action, self.seat).lower().split())
        for action in candidates:
            said |= Counter(entry_text(state, action, self.seat).lower()
                            .replace(";", " ").split())
        return frozenset(Counter(entry.replace(";", " ").split()) - said)

    def _hidden_words(self, state: AnyState, action: Any) -> frozenset[str]:
        words = state.action_to_string(action).lower().split()
        return frozenset(words) - frozenset(state.public_text(action, self.seat).lower().split())

    def _after(self, state: AnyState, action: Any, entry: str) -> AnyState | None:
        """The position after `action` if its entry is `entry`, else None."""
        after = state.clone()
        mark = after.view_length(self.seat)
        after.apply_legal_action(action)
        public = entry.split(SEPARATOR)[0]
        return after if normalized(_entry(public, after, mark, self.seat)) == entry else None

    def _order(self, state: AnyState, candidates: list[Any], preferred: Any) -> None:
        """Shuffle `candidates` in place, chance outcomes by their odds (each drawn
        before the rest with its probability), `preferred` first."""
        if state.current_player() == CHANCE:
            odds = dict(state.chance_outcomes())
            keys = {action: self.rng.random() ** (1 / odds[action]) for action in candidates}
            candidates.sort(key=lambda action: -keys[action])
        else:
            self.rng.shuffle(candidates)
        if preferred in candidates:
            candidates.remove(preferred)
            candidates.insert(0, preferred)

    def _repair(self, entries: Sequence[str], replay: Replay) -> list[Any] | None:
        """The hidden choices for the next replay after `replay` failed, or None if
        nothing is left to try: the game's own resampling (a hidden path) if it has
        one for this failure, else one earlier hidden choice changed so that it names
        a word of the failing entry that the world lacks, or leaves it free."""
        failed = replay.failed
        assert failed is not None
        # The game's resampling, a few times at most for one failing entry (then its
        # trouble is one the game's model does not see: a card that was never drawn).
        self.resampled[failed] += 1
        if self.resampled[failed] <= MAX_RESAMPLES:
            line = replay.state.resample_hidden(replay.taken, entries[failed], self.seat,
                                                self.rng)
            if line is not None:
                return line
        wanted = replay.missing or frozenset(entries[failed].replace(";", " ").split())
        points = [(index, options) for index, options in reversed(replay.choices)
                  if index < len(replay.taken)]
        # A word another seat's action, or what the seat learns, needs: the latest choice
        # that can supply it (draw the card that is played, or shown), else the latest
        # that can free it. A word of the seat's own action or of a chance outcome it
        # sees: a hidden choice took it (a card drawn unseen that the seat then draws,
        # or that is dealt face up), so free it first. A choice changed for an earlier
        # failure is changed again only if no other can.
        actor = replay.state.current_player()
        own_text = actor in (self.seat, CHANCE) and \
            wanted <= set(entries[failed].split(SEPARATOR)[0].split())
        ways = (self._free, self._supply) if own_text else (self._supply, self._free)
        for avoid in (self.pinned, set()):
            found = ways[0](replay, points, wanted, avoid, entries) \
                or ways[1](replay, points, wanted, avoid, entries)
            if found is not None:
                self.pinned.add(found[0])
                return [*replay.taken[:found[0]], found[1], *replay.taken[found[0] + 1:]]
        return None

    @staticmethod
    def _supply(replay: Replay, points: Sequence[tuple[int, list[tuple[Any, frozenset[str]]]]],
                wanted: frozenset[str], avoid: set[int], entries: Sequence[str]
                ) -> tuple[int, Any] | None:
        """The latest hidden choice (not in `avoid`) with another action naming a word
        of `wanted`, and that action: best one whose own action's unseen words no entry
        since names (a card drawn that was not played before the failure), else any."""
        assert replay.failed is not None
        since = [set(" ".join(entries[replay.entry_of[index]:replay.failed])
                     .replace(";", " ").split()) for index, _ in points]
        for spare in (True, False):
            for (index, options), named in zip(points, since, strict=True):
                if index in avoid:
                    continue
                own = next(hidden for action, hidden in options
                           if action == replay.taken[index])
                if spare and own & named:
                    continue
                found = next((action for action, hidden in options
                              if hidden & wanted and action != replay.taken[index]), None)
                if found is not None:
                    return index, found
        return None

    def _free(self, replay: Replay, points: Sequence[tuple[int, list[tuple[Any, frozenset[str]]]]],
              wanted: frozenset[str], avoid: set[int], entries: Sequence[str]
              ) -> tuple[int, Any] | None:
        """The latest hidden choice (not in `avoid`) whose action names a word of
        `wanted`, and another of its actions: best one that no later entry names (a
        card nobody is seen to hold later), else any, drawn at random."""
        for index, options in points:
            if index in avoid or not any(action == replay.taken[index] and hidden & wanted
                                         for action, hidden in options):
                continue
            later = set(" ".join(entries[replay.entry_of[index]:]).replace(";", " ").split())
            others = [action for action, _ in options if action != replay.taken[index]]
            unnamed = [action for action, hidden in options
                       if action != replay.taken[index] and not hidden & later]
            return index, self.rng.choice(unnamed or others)
        return None

    def _refusal(self, entries: Sequence[str], replay: Replay) -> str:
        failed = replay.failed
        assert failed is not None
        if replay.state.is_terminal():
            return f"entry {failed + 1} {quoted(entries[failed])} comes after the end of the game"
        possible = possible_entries(replay.state, self.seat, random.Random(failed))
        return (f"entry {failed + 1} {quoted(entries[failed])} cannot follow the entries "
                f"before it in any game; possible there: {listed(possible)}")

class SeatNotebook:
    """One seat's record kept entry by entry, as at a real table (`hunt table`): each
    entry is checked against the entries before it, and a witness of them all is kept,
    from which the seat's screen and advice are drawn."""

    def __init__(self, game: AnyGame, seat: int, seed: int = 0) -> None:
        self.game = game
        self.seat = seat
        self.entries: list[str] = []
        self._rng = random.Random(seed)
        self._replayer = SeatReplayer(game, seat, self._rng)
        self._replay = self._replayer.search([])

    @classmethod
    def from_record(cls, game: AnyGame, record: Mapping[str, Any]) -> SeatNotebook:
        """The notebook of the seat record `record` (`RecordError` if it is broken)."""
        seat, entries = read_seat_record(game, record)
        notebook = cls(game, seat)
        notebook._replay = notebook._replayer.search(entries)
        notebook.entries = list(entries)
        return notebook

    @property
    def world(self) -> AnyState:
        """A witness of the entries so far: a position the seat cannot tell from the real
        one. Only what the seat may see of it may be shown or used."""
        return self._replay.state

    def add(self, text: str) -> None:
        """Write down the entry `text`; `RecordError` (the notebook unchanged) if no
        game gives the entries so far and then this one."""
        entry = normalized(text)
        if not entry or "" in entry.split(SEPARATOR):
            raise RecordError(f"{quoted(text)}: an entry is what happened, in words, and "
                              "after each '; ' what it showed you (no part empty)")
        if not self._replayer.take(self._replay, entry, None, len(self.entries)):
            kept = len(self._replay.taken)  # the failed try leaves the replay as it was
            self._replay.failed = None
            self._replay.choices = [c for c in self._replay.choices if c[0] < kept]
            entries = [*self.entries, entry]
            try:
                self._replay = self._replayer.search(entries, self._replay.taken)
            except RecordError:
                possible = self.possible_entries()
                # The action's public text alone, where the action showed the seat more
                # (a poker call that ends the hand shows the showdown): ask for it.
                fuller = [text for text in possible
                          if normalized(text).startswith(entry + SEPARATOR)]
                if fuller:
                    raise RecordError(f"{quoted(entry)}: add what it showed you, as in "
                                      f"{listed(fuller)}") from None
                raise RecordError(f"{quoted(entry)} cannot happen here; possible here: "
                                  f"{listed(possible)}") from None
        self.entries.append(entry)

    def add_all(self, texts: Sequence[str]) -> None:
        """Write down the entries `texts` in turn, all or none: `RecordError` (the
        notebook unchanged) naming the first that cannot follow the ones before it."""
        entries, replay = list(self.entries), self._replay
        # `add` extends the replay in place: keep a copy of its lists to go back to.
        kept = replace(replay, taken=list(replay.taken), choices=list(replay.choices),
                       entry_of=list(replay.entry_of))
        for number, text in enumerate(texts, start=1):
            try:
                self.add(text)
            except RecordError as error:
                self.entries, self._replay = entries, kept
                raise RecordError(f"none of the {len(texts)} written down: number {number} "
                                  f"was refused: {error}") from None

    def undo(self) -> str:
        """Strike out the last entry and say which it was ("" if there is none)."""
        if not self.entries:
            return ""
        last = self.entries.pop()
        self._replay = self._replayer.search(self.entries, self._replay.taken)
        return last

    def possible_entries(self, worlds: int = 24) -> list[str]:
        """What may be written down next (see `possible_entries`)."""
        return possible_entries(self.world, self.seat, random.Random(len(self.entries)), worlds)

    def record(self) -> dict[str, Any]:
        """The seat record of the entries so far."""
        return _record(self.game, self.seat, list(self.entries))
