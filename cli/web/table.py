"""The table companion in the browser: one seat's record of a game played with the
cardboard at a real table, written down entry by entry from a phone, as `hunt table`
keeps it at the terminal (a `SeatNotebook`).

The page is the board's page over the notebook's witness, seen from the notebook's seat
only: its choices are what may be written down next (the seat's own moves with their
notes, what chance may bring, the other side's moves as the seat sees them), and a
choice played writes that entry down. The record is saved after every entry, to the
server's store and to a file of the save folder, and is given to the page at any time:
it holds nothing the seat did not see.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hunt.cli.web.session import MoveError, belief_of, hint_data, seat_page
from hunt.errors import OutputError, RecordError
from hunt.models.registry import game_plugin
from hunt.models.seat_record import SeatNotebook
from hunt.solver.record_files import write_record
from hunt.solver.session import VERDICTS, outcome
from hunt.solver.table import asked, next_entries, table_advice, write_down


class WebTable:
    """One seat's notebook kept in the browser, saved to `save_path` after each entry."""

    def __init__(self, notebook: SeatNotebook, save_path: Path) -> None:
        self.notebook = notebook
        self.save_path = save_path
        self.plugin = game_plugin(notebook.game.info.name)
        self.lock = threading.Lock()
        self.last_access = 0.0
        """When a page last asked for this table (on the server's clock): idle ones go."""
        self.ended = notebook.world.is_terminal()
        """Whether the game written down is over (read without the lock by the sweep)."""
        self.problem: str | None = None
        """Why the last entry was not saved to its file, said on the page."""
        self.saved = False
        self.claim_hash = ""
        """The hash of the cookie of the browser that keeps the notebook."""
        self.on_save: Callable[[dict[str, Any]], None] | None = None
        """Also called with the seat record after every entry (the server's store)."""

    def finished(self) -> bool:
        """Whether the game written down has ended, as of its last entry."""
        return self.ended

    def view(self) -> dict[str, Any]:
        """The page's data: the seat's view of the witness, what may be written down
        next, and what the person is asked for."""
        with self.lock:
            notebook = self.notebook
            state, seat = notebook.world, notebook.seat
            game = state.game
            over = state.is_terminal()
            return {
                **seat_page(self.plugin, game, state.observation(seat), seat,
                            next_entries(notebook), len(notebook.entries)),
                "thinking": False, "waiting_for": None, "over": over,
                "verdict": VERDICTS[outcome(state, seat)] if over else None,
                "problem": self.problem, "saved": self.saved,
                "table": {"asked": "" if over else asked(notebook),
                          "entries": len(notebook.entries),
                          "last": notebook.entries[-1] if notebook.entries else None},
            }

    def write(self, text: str, position: int) -> None:
        """Write down the typed or chosen entry `text` (`ENTRY xN` for N of them) after
        the first `position` entries the page had; `MoveError` if it cannot follow them."""
        with self.lock:
            if position != len(self.notebook.entries):
                raise MoveError("the record has changed since this page was drawn; reload "
                                "it and write the entry again")
            try:
                write_down(self.notebook, text)
            except RecordError as error:
                raise MoveError(str(error)) from None
            self._save()

    def undo(self) -> str:
        """Strike out the last entry; which it was ("" if there was none)."""
        with self.lock:
            struck = self.notebook.undo()
            if struck:
                self._save()
            return struck

    def hint(self) -> dict[str, Any]:
        """`hunt hint`'s advice from the seat record (a search when the seat is to
        move), and the belief by hex where the game has one."""
        with self.lock:  # one person's page: its view waits for the advice
            report = table_advice(self.notebook, search=True)
            return hint_data(self.plugin, self.notebook.world, report)

    def belief(self) -> dict[str, Any]:
        """The belief by hex from the seat record now (no search), and the position (the
        number of entries) it is of."""
        with self.lock:
            data: dict[str, Any] = {"position": len(self.notebook.entries)}
            belief = belief_of(self.plugin, self.notebook.world, self.notebook.seat)
            if belief is not None:
                data["belief"] = belief
            return data

    def record(self) -> dict[str, Any]:
        """The seat record so far: the file `hunt table --resume` goes on with."""
        with self.lock:
            return self.notebook.record()

    def _save(self) -> None:
        record = self.notebook.record()
        self.ended = self.notebook.world.is_terminal()
        if self.on_save is not None:
            self.on_save(record)
        try:
            write_record(record, self.save_path)
            self.problem, self.saved = None, True
        except OutputError as error:
            print(f"hunt serve: {error}", file=sys.stderr)  # the page is not told where
            self.problem = "not saved to its file (the server's log says why)"
            self.saved = False
