"""One game in the browser: the library's `GameSession` with a lock, a worker thread
for the computer, and what the page may be sent.

Everything the page gets comes from `view()`, built from the seat's `SeatView`
(its observation, its choices when it is to act) and the game's screen and board
drawn from that observation: the server never sends hidden state. The computer plays
in a worker thread (`GameSession.program_action`, drawn as in `hunt play`: from the
operating system, or from the seed a page asked for) while the page shows that it is
thinking; the game is saved after every action, in the same record files as `hunt
play`.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

from hunt.errors import HuntError, OutputError, quoted
from hunt.models.game import AnyGame, AnyState
from hunt.models.plugin import (
    AnyPlugin,
    CardFace,
    Hands,
    WebPanels,
    plain,
    table_markup,
    upper_first,
)
from hunt.models.registry import game_plugin
from hunt.solver.agent import Agent
from hunt.solver.analysis import AnalysisReport, analysis_lines, analysis_report
from hunt.solver.hints import (
    HintReport,
    PlayAdvice,
    hidden_chances,
    hint_lines,
    hint_report,
    noise_words,
    value_scale,
)
from hunt.solver.profiles import search_profile
from hunt.solver.record_files import full_record, save_record
from hunt.solver.session import VERDICTS, Choice, GameSession, seen_position

SEARCHES = threading.BoundedSemaphore(os.cpu_count() or 1)
"""Computer decisions searched at once, in all games: one per core. Searches are
threads of one process, so more at once would only share the cores (and the
interpreter's lock) with every page's requests, slowing each answer without
finishing any search sooner; the others wait their turn."""


class MoveError(HuntError, ValueError):
    """A move the page sent that cannot be played now (illegal, or for a position that
    has moved on)."""


def face_json(face: CardFace) -> dict[str, Any]:
    """A card face as the page reads it."""
    return {"card": face.card, "name": face.name, "value": face.value, "text": face.text,
            "mark": face.mark, "uses": [list(use) for use in face.uses]}


def seat_page(plugin: AnyPlugin, game: AnyGame, seen: Any, seat: int,
              choices: Sequence[Choice], position: int) -> dict[str, Any]:
    """What every board page shows of a position, drawn from `seat`'s observation `seen`
    alone: the screen, the board (lighting what `choices` play) and its panels, the
    hands, and the choices; `position` marks the position the page drew."""
    info = game.info
    texts = [choice.text for choice in choices]
    board, panels = board_and_panels(plugin, game, seen, seat, texts)
    hands = plugin.hands(seen) if plugin.hands is not None else Hands(())
    return {
        "game": info.name, "title": info.title, "seat": info.seat_names[seat],
        "you": plugin.seat_title(info.seat_names[seat]),
        "position": position,
        "screen": plugin.screen(game, seen, seat, plain),
        "board": board,
        "panels": None if panels is None else {
            "status": panels.status, "log": list(panels.log), "ending": panels.ending},
        "hand": list(hands.own),
        "cards": [face_json(face) for face in faces(plugin, game, seen, hands, texts)],
        "opponent_cards": hands.others,
        "opponent": upper_first(plugin.seat_title(info.seat_names[1 - seat]))
        if info.num_players == 2 else "The others",
        "choices": [{"text": choice.text, "note": choice.note,
                     "words": plugin.choice_words(game, choice.text)
                     if plugin.choice_words is not None else choice.text}
                    for choice in choices],
    }


def faces(plugin: AnyPlugin, game: AnyGame, seen: Any, hands: Hands,
          choices: list[str]) -> list[CardFace]:
    """The seat's hand face up: the game's own faces, or each card's printed name (its
    id if it has none of its own), the first paragraph of its text and the choices
    that name it."""
    if plugin.card_faces is not None:
        return plugin.card_faces(game, seen, choices)
    texts = plugin.cards(game) if plugin.cards is not None else {}
    names = {} if plugin.card_names is None else {
        card: name for name, card in plugin.card_names(game).items()}
    return [CardFace(card, names.get(card, card), text=texts.get(card, "").split("\n")[0],
                     uses=tuple((text, text) for text in choices if card in text.split()))
            for card in hands.own]


def board_and_panels(plugin: AnyPlugin, game: AnyGame, seen: Any, seat: int,
                     choices: list[str]) -> tuple[str | None, WebPanels | None]:
    """The game's board and panels for the page, drawn from `seat`'s observation `seen`
    (the board lights what `choices` play); None for what the game lacks."""
    board = plugin.web_board(game, seen, seat, choices) \
        if plugin.web_board is not None else None
    panels = plugin.web_panels(game, seen, seat) if plugin.web_panels is not None else None
    return board, panels


def belief_of(plugin: AnyPlugin, state: AnyState, seat: int) -> dict[str, float] | None:
    """The game's belief by hex from `seat`'s view of `state` (its advice's, with no
    search); None for a game without one."""
    if plugin.advice is None:
        return None
    model = plugin.move_models[0] if plugin.move_models else ""
    belief = plugin.advice(state, seat, model).get("belief")
    return belief if isinstance(belief, dict) else None


def hint_data(plugin: AnyPlugin, state: AnyState, report: HintReport) -> dict[str, Any]:
    """The hint as the page reads it: drawn as HTML (`hint_html`), `hunt hint`'s words
    (without the terminal's map where the page has a board of its own) and the belief by
    hex when the game has one."""
    lines = hint_lines(state, report, map_shown=plugin.web_board is not None, counted=False)
    data: dict[str, Any] = {"text": "\n".join(lines), "html": hint_html(plugin, state, report)}
    if isinstance(report.game_advice.get("belief"), dict):
        data["belief"] = report.game_advice["belief"]
    return data


def hint_html(plugin: AnyPlugin, state: AnyState, report: HintReport) -> str:
    """The hint as the page draws it, every text escaped: the game's own part (its
    tables, else its advice in paragraphs; a belief shades the map instead) and the
    recommended play with the ranking behind it as a table, each play in words."""
    game = state.game
    parts = [f'<p class="hint-title">{escape(game.info.title)}: advice for '
             f"{escape(plugin.seat_title(report.seat))}.</p>"]
    if plugin.advice_html is not None:
        parts.append(plugin.advice_html(game, report.to_json()))
    elif plugin.advice_lines is not None:
        parts += [f"<p>{escape(line.strip())}</p>"
                  for line in plugin.advice_lines(state, report.to_json(), True)]
    advice = report.recommendation
    if advice is not None:
        parts.append(recommendation_html(plugin, game, advice))
    elif report.to_move != report.seat:
        parts.append(f"<p>Waiting for: {escape(report.pending)}.</p>")
    return "".join(parts)


def recommendation_html(plugin: AnyPlugin, game: AnyGame, advice: PlayAdvice) -> str:
    """The recommended play and what it buys, then every play the search weighed, in
    words, with its share of the search and its value (`recommendation_lines` as HTML)."""
    def words(text: str) -> str:
        return plugin.choice_words(game, text) if plugin.choice_words is not None else text

    how = "the only legal play" if advice.forced else \
        f"{'CFR+ solve' if advice.solved else 'search'} of {advice.iterations} iterations"
    parts = [f'<p class="recommended">Recommended play: <b>{escape(words(advice.action))}</b>'
             f" ({how}).</p>"]
    # what the play buys (the game's reason), else its menu note (what it names or costs)
    said = f"It buys {advice.reason}." if advice.reason else \
        f"({advice.note})" if advice.note else ""
    if said:
        parts.append(f"<p>{escape(said)}</p>")
    if advice.forced:
        return "".join(parts)
    scale = value_scale(game)
    bought = any(entry.reason for entry in advice.ranking)  # a game that says so
    parts.append(table_markup(
        "The plays weighed", ("play", *(["what it buys"] if bought else []),
                              f"share {WHOSE[advice.solved]}", scale.label),
        [(words(entry.text), *([entry.reason] if bought else []), f"{entry.share:.1%}",
          scale.ranked(entry)) for entry in advice.ranking], first="best"))
    if noise := noise_words(advice.ranking):
        parts.append(f"<p>{escape(noise)}</p>")
    parts.append(f'<p class="legend">{escape(advice.legend)}</p>')
    if advice.hidden:
        parts.append(f"<p>What you cannot see, if the others play the solve: "
                     f"{escape(hidden_chances(advice.hidden))}.</p>")
    return "".join(parts)


WHOSE = {False: "of the search", True: "of the time"}
"""What a play's share is of: the search's visits, or a solve's play (by `solved`)."""


class WebGame:
    """A game played in the browser: each seat whose agent is None is a human's (one
    against the computer, or two friends each with their own page), the others the
    computer's. Its chance and the computer's decisions are drawn from the operating
    system unless `seeded` (a seed the page asked for: a game to replay)."""

    def __init__(self, state: AnyState, agents: Sequence[Agent | None],
                 save_path: Path | None, first: int | None = None,
                 seeded: bool = False) -> None:
        self.save_path = save_path
        self.session = GameSession(state, agents, self._save, seeded)
        self.humans = sorted(self.session.humans, key=lambda seat: seat != first)
        """The human seats, `first` (the seat that started the game) first."""
        self.plugin = game_plugin(state.game.info.name)
        self.lock = threading.Lock()
        self.thinking = False
        self.broken = False
        """Whether the computer's turn stopped with an error (it is not tried again)."""
        self.problem: str | None = None
        """The last failure of the computer's turn or of a save, said on the page."""
        self._worker: threading.Thread | None = None
        self.stopped = threading.Event()
        """Set by `stop`: the computer plays no further decision."""
        self.last_access = 0.0
        """When a page last asked for this game (on the server's clock): idle games go."""
        self.ended = state.is_terminal()
        """Whether the game is over, set with each save (`finished`)."""
        self.saved = False
        """Whether the last action reached the save file (the page says so, never where)."""
        self.analysing = threading.Lock()
        self._analysed: AnalysisReport | None = None
        """The finished game's analysis, made once (`analysis`)."""
        self.on_save: Callable[[dict[str, Any]], None] | None = None
        """Also called with the record after every action, before it is shown (the
        server's store of games)."""

    def finished(self) -> bool:
        """Whether the game has ended, as of its last saved action: read without the
        state (a worker may be in the middle of applying the computer's move, its state
        half changed) and without the game's lock (a sweep of every game must not wait
        for each page's view)."""
        return self.ended

    @property
    def state(self) -> AnyState:
        """The game's state (hidden parts and all: never sent to a page as it is)."""
        return self.session.state

    # -- what the page is sent -----------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """The page's data for a human's `seat`: only what that seat may see."""
        with self.lock:
            mine = self.session.seat_view(seat)
            game = mine.game
            seen = mine.observation()
            # The program is to play (chance, the computer, a forced move) even before
            # its worker has started: the page is told so, and keeps polling.
            busy = self.thinking or (not self.stopped.is_set() and not self.broken
                                     and self._program_to_play())
            choices = [] if busy else mine.choices()
            result = mine.outcome()
            waiting = mine.waiting_for()
            return {
                **seat_page(self.plugin, game, seen, seat, choices, mine.position),
                "thinking": busy,
                "over": mine.over(),
                "actions": mine.actions_at_end(),
                "verdict": None if result is None else VERDICTS[result],
                "waiting_for": None if busy or waiting is None
                else self.plugin.seat_title(game.info.seat_names[waiting]),
                "problem": self.problem,
                "saved": self.saved,
            }

    def hint(self, seat: int) -> dict[str, Any]:
        """`hunt hint`'s advice from a human's `seat`, and the game's belief by hex when
        it has one (a tracker's belief over a hidden piece's hex)."""
        with self.lock:
            state = self.state.clone()
        report = hint_report(state, seat, "",
                             search_profile(state.game).advice_iterations, seed=0)
        return hint_data(self.plugin, state, report)

    def belief(self, seat: int) -> dict[str, Any]:
        """The game's belief by hex from a human's `seat` now (its own advice's belief,
        read from that seat's view: no search), and the position it is of; no belief
        for a game without one."""
        with self.lock:
            state = self.state.clone()
        data: dict[str, Any] = {"position": seen_position(state, seat)}
        belief = belief_of(self.plugin, state, seat)
        if belief is not None:
            data["belief"] = belief
        return data

    def replay(self, seat: int, at: int) -> dict[str, Any]:
        """The finished game as `seat` saw it after its first `at` actions: the board,
        the panels, the screen and the seat's belief, with nothing to choose;
        `MoveError` while the game goes on or for a position it never reached."""
        with self.lock:
            if not self.state.is_terminal():
                raise MoveError("the replay is of a finished game; play it to the end")
            end = len(self.state.history)
            if not 0 <= at <= end:
                raise MoveError(f"the game has no position {at}; accepted: 0 to {end}")
            state = self.state.replayed(at)
        game, seen = state.game, state.observation(seat)
        board, panels = board_and_panels(self.plugin, game, seen, seat, [])
        return {"position": at, "end": end, "board": board,
                "screen": self.plugin.screen(game, seen, seat, plain),
                "status": None if panels is None else panels.status,
                "belief": belief_of(self.plugin, state, seat) if board is not None else None}

    def analysis(self, seat: int) -> dict[str, Any]:
        """`hunt analyze` of the finished game (every move shown: the game is over) in
        words, and its chart: `seat`'s win chance before each decision (the first
        seat's, when more than two play), and the turning points; `MoveError` while the
        game goes on."""
        with self.lock:
            if not self.state.is_terminal():
                raise MoveError("the analysis is of a finished game; play it to the end")
            state = self.state.clone()
        with self.analysing:  # one analysis a game, kept: it is a whole game of search
            if self._analysed is None:
                self._analysed = analysis_report(state, None)
        report = self._analysed
        info = state.game.info
        # Two sides: the seat's own chance. Co-operative: the chance all share. Else the
        # first seat's.
        mine = info.num_players == 2 or info.cooperative
        whose = seat if info.num_players == 2 and not info.cooperative else 0

        def chance(first: float) -> float:
            return first if whose == 0 else 1.0 - first

        return {"text": "\n".join(analysis_lines(state, report, None)),
                "chart": {
                    "of": "you" if mine or seat == 0
                    else self.plugin.seat_title(info.seat_names[0]),
                    "end": len(state.history),
                    "points": [[d.index, round(chance(d.before), 4)]
                               for d in report.decisions],
                    "turning": [{"index": p.decision.index, "action": p.decision.action,
                                 "before": round(chance(p.decision.before), 4),
                                 "after": round(chance(p.decision.after), 4)}
                                for p in report.turning_points]}}

    def record(self, seat: int) -> dict[str, Any]:
        """The finished game's full record (every hidden move: the game is over), as
        `seat`'s to resume or analyse; `MoveError` while it goes on (a live game's
        record would show the other side)."""
        with self.lock:
            if not self.state.is_terminal():
                raise MoveError("the record is given once the game is over")
            return full_record(self.state, seat)

    # -- what the page may do ------------------------------------------------------

    def move(self, seat: int, text: str, position: int) -> None:
        """Play the move `text` of a human's `seat`, chosen at `position` (the page's
        mark, `seen_position`); `MoveError` if it is not legal now."""
        with self.lock:
            state = self.state
            if self.thinking or self.session.human_to_choose() != seat:
                raise MoveError("it is not your turn; wait for the other side's move")
            if position != seen_position(state, seat):
                raise MoveError("the game has moved on since this page was drawn; reload "
                                "it and choose again")
            try:
                action = state.string_to_action(text)
            except (HuntError, ValueError) as error:
                raise MoveError(f"{quoted(text)} is not a move here: {error}") from None
            if not state.is_legal(action):
                raise MoveError(f"{quoted(text)} is not legal here; choose one of the "
                                "highlighted moves")
            self.session.play(action)
        self.start_computer()

    def undo(self, seat: int) -> None:
        """Take back a human's `seat`'s last choice, as `hunt play`'s undo does: while
        it is still that seat's turn and it has seen nothing since (`undone`: the
        refusal depends only on what the seat has seen); `MoveError` saying why not."""
        with self.lock:
            if self.thinking or self.session.human_to_choose() != seat:
                raise MoveError("nothing to take back now: it is not your turn")
            refused = self.session.undo(seat)
            if refused is not None:
                raise MoveError(f"nothing to take back: {refused}")

    def start_computer(self) -> None:
        """Let the program play (chance, the computer, a human's forced moves) until a
        human is to choose, in a worker thread."""
        with self.lock:
            if self.thinking or self.stopped.is_set() or not self._program_to_play():
                return
            self.thinking = True
        self._worker = threading.Thread(target=self._computer_turn, daemon=True)
        self._worker.start()

    def stop(self) -> None:
        """Stop the computer at its next decision (the game was left or dropped): a
        search under way ends within its bounded budget, and its answer is not played."""
        self.stopped.set()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the computer's turn to end (tests, and the server's shutdown)."""
        if self._worker is not None:
            self._worker.join(timeout)

    def _computer_turn(self) -> None:
        try:
            while True:
                with self.lock:
                    if self.stopped.is_set() or not self._program_to_play():
                        break
                    # the search reads a copy: a page drawing the live state (which
                    # fills caches as it reads) never races it
                    position = self.session.state.clone()
                with SEARCHES:  # the long part, unlocked, one search per core
                    if self.stopped.is_set():
                        break
                    action = self.session.program_action(position)
                with self.lock:
                    if self.stopped.is_set():
                        break
                    self.session.play(action)
        except Exception:  # a bug must not leave the page thinking forever
            # the page is told only that it happened: an error's text could name what
            # the seat may not see; the details go to the server's log
            traceback.print_exc()
            self.broken = True
            self.problem = "the computer's turn stopped with an error (the game so far " \
                "is saved; the server's log has the details)"
        finally:
            with self.lock:
                self.thinking = False

    def _program_to_play(self) -> bool:
        """Whether the next action is the program's: chance, a computer's seat, or a
        human's only choice."""
        return not self.session.is_over() and self.session.human_to_choose() is None

    def _save(self, state: AnyState) -> None:
        self.ended = state.is_terminal()
        if self.on_save is not None:
            # a record saved as one seat's: a game of two humans is resumed by the first
            self.on_save(full_record(state, self.humans[0]))
        if self.save_path is None:
            return
        try:
            save_record(state, self.save_path, self.humans[0])
            self.problem, self.saved = None, True
        except OutputError as error:
            # the page is told that, not why: the reason names the file
            print(f"hunt serve: {error}", file=sys.stderr)
            self.problem = "not saved (the server's log says why); the game goes on"
            self.saved = False
