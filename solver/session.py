"""One game being played: the state, who sits at each seat, and how the program moves.

Every face drives games through `GameSession`: `hunt play` and `hunt table` at the
terminal, `hunt serve` in the browser, `hunt arena` and `hunt train` between agents.
So one seed is one game everywhere: the arena's game from seed 7 is the game a person
sees at the prompt with `--seed 7` when they make the same choices.

- **Chance and the computer's moves**, in a game the user asked to replay (a seed
  given: `seeded`), are drawn with `step_seed`: each from its own generator, seeded
  from the game's seed (`state.seed`) and the number of actions played. A step gives
  the same result however often it is reached (a resumed game, an undo and the same
  choice again), in any process. Without a seed each is drawn from the operating
  system (`SYSTEM`) when it is first needed, and saved before it is shown: nothing in
  a record, or in a copy of it, predicts the next roll or reply.
- **Forced moves**: a human's only choice (a reaction window with no reaction card) is
  the program's to play; `forced_choice` says when.
- **Undo** is decided from what the undoing seat has seen (`undone`), never from what
  it cannot see, so a refusal tells nothing.
- **Save before show**: `play` hands the state to the session's `saver` after every
  action, before the caller can show anything that follows from it.
- **The secret stays apart**: a face reads a seat's part through `SeatView` (its
  observation, its choices, whose turn); the state itself, with what no seat may see,
  stays in the session.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from hunt.models.game import CHANCE, Action, AnyGame, AnyState, Observation
from hunt.solver.agent import Agent

SYSTEM = random.SystemRandom()
"""The operating system's randomness: a game without a seed draws its chance and its
computer's decisions here, so that no copy of its record can predict them."""

Saver = Callable[[AnyState], None]
"""Called with the state after every action, before anything that follows is shown."""


def step_seed(secret: int, *parts: object) -> int:
    """A seed for one step of a game, from the game's secret and where the step is.

    Seeding with text hashes it with SHA-512, the same in every process (Python's own
    `hash` of a string is not)."""
    return random.Random("/".join(map(str, (secret, *parts)))).getrandbits(63)


OUTCOMES = ("won", "lost", "team won", "team lost", "drawn", "shared")
"""Each way a finished game can end for a seat (`outcome`), in the order a tally
lists them."""


VERDICTS = {"won": "You won.", "lost": "You lost.", "team won": "Your team won.",
            "team lost": "Your team lost.", "drawn": "A draw.",
            "shared": "You share first place."}
"""Each outcome in the sentence every face (terminal, web page) says it to the seat."""


def outcome(state: AnyState, seat: int) -> str:
    """A finished game from `seat`'s side, one of `OUTCOMES`: won, lost, a draw, a shared
    first place, or the team's result in a cooperative game."""
    returns = state.returns()
    mine, best = returns[seat], max(returns)
    if state.game.info.cooperative and len(returns) > 1:
        return "team won" if mine > 0 else "team lost"
    if state.game.info.cooperative:  # a solo game
        return "won" if mine > 0 else "lost"
    if mine == best == min(returns):
        return "drawn"
    if mine < best:
        return "lost"
    return "won" if returns.count(best) == 1 else "shared"


def seen_position(state: AnyState, seat: int) -> int:
    """Where the game is, as `seat` may know it: how many things it has seen. The other
    side's unseen acts, such as cards laid face down, do not move it (counting every
    action would tell how many there were); every act of the seat's own that the game
    shows it does."""
    return state.view_length(seat)


@dataclass(frozen=True)
class Choice:
    """One legal action of a seat to act, as a face shows it."""

    text: str
    note: str
    """A few words on what it names or costs (`State.choice_note`); "" if none."""


class SeatView:
    """What one seat of a session may read: its observation, its choices when it is
    to act, whose turn it is and the result. Nothing here shows what the seat cannot
    see, so a face that reads only this cannot leak."""

    def __init__(self, session: GameSession, seat: int) -> None:
        self._session = session
        self.seat = seat

    @property
    def game(self) -> AnyGame:
        """The game being played (its rules, options and seats; no position)."""
        return self._session.state.game

    @property
    def position(self) -> int:
        """A page's mark of the position it drew: `seen_position`."""
        return seen_position(self._session.state, self.seat)

    def actions_at_end(self) -> int | None:
        """How many actions the game had, once it is over (everything may be shown
        then: a replay's positions); None before, when counting them would count the
        other side's unseen acts."""
        state = self._session.state
        return len(state.history) if state.is_terminal() else None

    def observation(self) -> Observation:
        """The seat's observation now."""
        seen: Observation = self._session.state.observation(self.seat)
        return seen

    def to_act(self) -> bool:
        """Whether the seat is to choose now (a choice among several)."""
        session = self._session
        return session.state.current_player() == self.seat and session.forced_choice() is None

    def choices(self) -> list[Choice]:
        """The seat's legal actions with their notes, when it is to act; else []."""
        if not self.to_act():
            return []
        state = self._session.state
        return [Choice(state.action_to_string(action), state.choice_note(action))
                for action in state.legal_actions()]

    def waiting_for(self) -> int | None:
        """The seat the game waits for, when it is another human's; else None."""
        player = self._session.state.current_player()
        if player == self.seat or player < 0 or player not in self._session.humans:
            return None
        return player

    def over(self) -> bool:
        """Whether the game has ended."""
        return self._session.state.is_terminal()

    def outcome(self) -> str | None:
        """The finished game from this seat's side (`OUTCOMES`); None before the end."""
        state = self._session.state
        return outcome(state, self.seat) if state.is_terminal() else None


class GameSession:
    """A game being driven: `agents[seat]` plays each computer seat; None marks a
    human's. Chance and the computer's decisions come from `step_seed` when `seeded`
    (the arena, training, a seed the user gave), else from `SYSTEM`; `saver` (if given)
    is called after every action."""

    def __init__(self, state: AnyState, agents: Sequence[Agent | None],
                 saver: Saver | None = None, seeded: bool = True) -> None:
        if len(agents) != state.game.info.num_players:
            raise ValueError(f"{len(agents)} agents for {state.game.info.num_players} seats")
        self.state = state
        self.agents = list(agents)
        self.humans = [seat for seat, agent in enumerate(self.agents) if agent is None]
        """The seats people play, in seat order."""
        self.saver = saver
        self.seeded = seeded
        """Whether the game replays from its seed (else the operating system draws)."""

    def seat_view(self, seat: int) -> SeatView:
        """What `seat` may read of this game."""
        return SeatView(self, seat)

    # -- who moves ---------------------------------------------------------------------

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_terminal()

    def forced_choice(self) -> Action | None:
        """A human's only legal action when one is to act with nothing to choose (a
        pass with no reaction card, say); else None."""
        return self._forced(self.state)

    def _forced(self, state: AnyState) -> Action | None:
        if state.is_terminal() or state.current_player() not in self.humans:
            return None
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def human_to_choose(self) -> int | None:
        """The human seat that must choose now, or None when the program plays next
        (chance, a computer, a human's forced move) or the game is over."""
        player = self.state.current_player()
        if player in self.humans and self.forced_choice() is None:
            return player
        return None

    def chance_hidden_from(self, seat: int) -> bool:
        """At a chance node: whether `seat` cannot tell its outcomes apart (an
        opponent's draw), so it may not be asked for one at a real table."""
        state = self.state
        seen: set[tuple[Hashable, ...]] = set()
        for action in state.legal_actions():
            trial = state.clone()
            mark = trial.view_length(seat)
            trial.apply_action(action)
            seen.add(trial.views_since(seat, mark))
            if len(seen) > 1:
                return False
        return True

    # -- the program's moves -----------------------------------------------------------

    def program_action(self, state: AnyState | None = None) -> Action:
        """What the program plays now: the chance outcome, the computer's decision or
        a human's forced move, each drawn with `step_seed` from the game's seed and
        the number of actions played when `seeded`, else from `SYSTEM`. It does not
        play it (`play` does): a face may search in a worker thread and play the
        answer when it comes, on `state`, a clone of the session's position it took
        under its lock, so that the search reads nothing another thread draws from."""
        state = self.state if state is None else state
        forced = self._forced(state)
        if forced is not None:
            return forced
        player, played = state.current_player(), len(state.history)
        if player == CHANCE:
            outcome_drawn: Action = state.sample_chance_outcome(
                random.Random(step_seed(state.seed, "chance", played)) if self.seeded
                else SYSTEM)
            return outcome_drawn
        agent = self.agents[player]
        if agent is None:
            raise ValueError(f"seat {player} is a human's: the program does not choose there")
        agent.reseed(step_seed(state.seed, "seat", player, played) if self.seeded
                     else SYSTEM.getrandbits(63))
        return agent.select_action(state)

    def play(self, action: Action) -> None:
        """Apply `action` (checked: `IllegalActionError` if it is not legal) and save."""
        self.state.apply_action(action)
        self.save()

    def save(self) -> None:
        """Hand the state to the saver (if any)."""
        if self.saver is not None:
            self.saver(self.state)

    def run(self, on_step: Callable[[AnyState], None] | None = None) -> None:
        """Play the program's moves until a human must choose or the game ends (a game
        of agents only: to its end)."""
        while not self.state.is_terminal() and self.human_to_choose() is None:
            self.play(self.program_action())
            if on_step is not None:
                on_step(self.state)

    # -- taking back ---------------------------------------------------------------------

    def undo(self, seat: int, choices: int = 1) -> str | None:
        """Take back `seat`'s last `choices` choices (one typed line may have made
        several; see `undone`); None when done, else why not (then nothing is taken
        back)."""
        state = self.state
        for _ in range(choices):
            before = undone(state, seat)
            if isinstance(before, str):
                return before
            state = before
        self.state = state
        self.save()
        return None


def undone(state: AnyState, seat: int) -> AnyState | str:
    """`state` before `seat`'s last decision (a choice among several), or why it cannot
    be taken back.

    Allowed when it is `seat`'s turn and it has seen nothing since that decision took
    effect (no roll, no draw, no opponent move it could see): so whether undo is
    allowed depends only on what the seat has seen, and an undo can never be used to
    peek. Steps of others it did not see are taken back too; in a seeded game they come
    again as they were (see `step_seed`), else they are drawn afresh, unseen as before."""
    replay = state.replayed(0)
    last: int | None = None
    seen_after = 0
    for index, action in enumerate(state.history):
        decided = replay.current_player() == seat and len(replay.legal_actions()) > 1
        replay.apply_action(action)
        if decided:
            last, seen_after = index, replay.view_length(seat)
    if last is None:
        return "you have made no choice yet"
    if state.current_player() != seat or state.view_length(seat) != seen_after:
        return "you have seen something happen since your last choice"
    return state.replayed(last)


@dataclass(frozen=True)
class MatchResult:
    """The end of one game between agents: the final state, its returns and its length."""

    state: AnyState
    returns: tuple[float, ...]
    length: int


def play_game(game: AnyGame, agents: Sequence[Agent], seed: int,
              on_step: Callable[[AnyState], None] | None = None) -> MatchResult:
    """Play one game of agents from `seed`, seat i played by `agents[i]`, through a
    `GameSession`: the game a person meets at the prompt with the same seed."""
    return play_on(game.new_initial_state(seed), agents, on_step)


def play_on(state: AnyState, agents: Sequence[Agent],
            on_step: Callable[[AnyState], None] | None = None) -> MatchResult:
    """Play `state` (changing it) to its end, seat i played by `agents[i]`: a game from
    its start, or from a position."""
    session = GameSession(state, agents)
    session.run(on_step)
    return MatchResult(state, tuple(state.returns()), len(state.history))
