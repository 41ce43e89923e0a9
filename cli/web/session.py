"""One game in the browser: the state, the human's seat, the computer's seats, and what
the page may be sent.

Everything the page gets comes from `view()`, built from `state.observation(human)`,
the human's own choices (when it is the human's turn) and the game's screen and board
drawn from that observation: the server never sends hidden state. The computer plays
in a worker thread (`computer_step`, the same seeded steps as `hunt play`, so the
game replays from its record anywhere) while the page shows that it is thinking; the
game is saved after every action, in the same record files as `hunt play`.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hunt.cli.analyze import analysis_lines, analysis_report
from hunt.cli.hint import describe, hint_report
from hunt.cli.play import computer_step, save_record, verdict
from hunt.errors import HuntError, OutputError, quoted
from hunt.models.game import AnyState
from hunt.models.plugin import plain, seat_title
from hunt.models.registry import game_plugin
from hunt.solver.agent import Agent
from hunt.solver.profiles import search_profile


class MoveError(HuntError, ValueError):
    """A move the page sent that cannot be played now (illegal, or for a position that
    has moved on)."""


class GameSession:
    """A game played in the browser: each seat whose agent is None is a human's (one
    against the computer, or two friends each with their own page), the others the
    computer's."""

    def __init__(self, state: AnyState, agents: Sequence[Agent | None],
                 save_path: Path | None, first: int | None = None) -> None:
        self.state = state
        self.agents = list(agents)
        humans = [seat for seat, agent in enumerate(self.agents) if agent is None]
        self.humans = sorted(humans, key=lambda seat: seat != first)
        """The human seats, `first` (the seat that started the game) first."""
        self.save_path = save_path
        self.plugin = game_plugin(state.game.info.name)
        self.lock = threading.Lock()
        self.thinking = False
        self.problem: str | None = None
        """The last failure of the computer's turn or of a save, said on the page."""
        self._worker: threading.Thread | None = None

    # -- what the page is sent -----------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """The page's data for a human's `seat`: only what that seat may see."""
        with self.lock:
            state = self.state
            game = state.game
            seen = state.observation(seat)
            yours = not self.thinking and not state.is_terminal() \
                and state.current_player() == seat
            legal = state.legal_actions() if yours else []
            texts = [state.action_to_string(action) for action in legal]
            board = self.plugin.web_board(game, seen, seat, texts) \
                if self.plugin.web_board is not None else None
            return {
                "game": game.info.name, "title": game.info.title,
                "seat": game.info.seat_names[seat], "you": seat_title(
                    game.info.seat_names[seat]),
                "position": len(state.history),
                "screen": self.plugin.screen(game, seen, seat, plain),
                "board": board,
                "hand": hand_cards(seen),
                "opponent_cards": seen.get("opponent_hand_size")
                if isinstance(seen.get("opponent_hand_size"), int) else None,
                "choices": [{"text": text, "note": state.choice_note(action)}
                            for text, action in zip(texts, legal, strict=True)],
                "thinking": self.thinking,
                "over": state.is_terminal(),
                "verdict": verdict(state, seat) if state.is_terminal() else None,
                "waiting_for": None if yours or self.thinking or state.is_terminal()
                or state.current_player() < 0
                else seat_title(game.info.seat_names[state.current_player()]),
                "problem": self.problem,
                "saved": str(self.save_path) if self.save_path else None,
            }

    def hint(self, seat: int) -> dict[str, Any]:
        """`hunt hint`'s advice from a human's `seat`, and the game's belief by hex when
        it has one (The Hunt's tracker)."""
        with self.lock:
            state = self.state.clone()
        report = hint_report(state, seat, "",
                             search_profile(state.game).advice_iterations, seed=0)
        data: dict[str, Any] = {"text": "\n".join(describe(state, report))}
        if isinstance(report.get("belief"), dict):
            data["belief"] = report["belief"]
        return data

    def analysis(self) -> str:
        """`hunt analyze` of the finished game (every move shown: the game is over);
        `MoveError` while it goes on."""
        with self.lock:
            if not self.state.is_terminal():
                raise MoveError("the analysis is of a finished game; play it to the end")
            state = self.state.clone()
        return "\n".join(analysis_lines(state, analysis_report(state, None), None))

    # -- what the page may do ------------------------------------------------------

    def move(self, seat: int, text: str, position: int) -> None:
        """Play the move `text` of a human's `seat`, chosen at `position` (the number of
        actions the page had seen); `MoveError` if it is not legal now."""
        with self.lock:
            state = self.state
            if self.thinking or state.is_terminal() or state.current_player() != seat:
                raise MoveError("it is not your turn; wait for the other side's move")
            if position != len(state.history):
                raise MoveError("the game has moved on since this page was drawn; reload "
                                "it and choose again")
            try:
                action = state.string_to_action(text)
            except (HuntError, ValueError) as error:
                raise MoveError(f"{quoted(text)} is not a move here: {error}") from None
            if not state.is_legal(action):
                raise MoveError(f"{quoted(text)} is not legal here; choose one of the "
                                "highlighted moves")
            self._play(action)
        self.start_computer()

    def start_computer(self) -> None:
        """Let the computer (and chance) play until the human is to choose, in a worker
        thread; the human's forced moves are played too."""
        with self.lock:
            if self.thinking or not self._program_to_play():
                return
            self.thinking = True
        self._worker = threading.Thread(target=self._computer_turn, daemon=True)
        self._worker.start()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the computer's turn to end (tests, and the server's shutdown)."""
        if self._worker is not None:
            self._worker.join(timeout)

    def _computer_turn(self) -> None:
        try:
            while True:
                with self.lock:
                    if not self._program_to_play():
                        break
                    state = self.state
                    forced = state.current_player() in self.humans
                if forced:
                    with self.lock:
                        self._play(state.legal_actions()[0])
                    continue
                action = computer_step(state, self.agents)  # the long part, unlocked
                with self.lock:
                    self._play(action)
        except Exception:  # a bug must not leave the page thinking forever
            # the page is told only that it happened: an error's text could name what
            # the seat may not see; the details go to the server's log
            traceback.print_exc()
            self.problem = "the computer's turn stopped with an error (the game so far " \
                "is saved; the server's log has the details)"
        finally:
            with self.lock:
                self.thinking = False

    def _program_to_play(self) -> bool:
        """Whether the next action is the program's: chance, a computer's seat, or a
        human's only choice."""
        state = self.state
        if state.is_terminal():
            return False
        player = state.current_player()
        return player not in self.humans or len(state.legal_actions()) == 1

    def _play(self, action: Any) -> None:
        self.state.apply_action(action)
        if self.save_path is None:
            return
        try:
            # a record saved as one seat's: a game of two humans is resumed by the first
            save_record(self.state, self.save_path, self.humans[0])
            self.problem = None
        except OutputError as error:
            self.problem = f"not saved: {error}"


def hand_cards(seen: Mapping[str, Any]) -> list[str]:
    """The seat's own cards, one entry each, from its observation's `hand` (a list of
    card ids, or counts by card), for the page to draw as cards; [] for a game whose
    view has no hand."""
    hand = seen.get("hand")
    if isinstance(hand, list):
        return [str(card) for card in hand]
    if isinstance(hand, Mapping):
        return [str(card) for card, count in hand.items() for _ in range(int(count))]
    return []
