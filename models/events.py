"""Event records: what a game's rules write into its log, as data, and their JSON form.

A game declares each kind of event as a small named tuple (cheap to make in a playout,
where the log is written and never read) and their union; `EventKinds` names each
kind by its class name in kebab case and turns events into JSON objects and back:
`ForceMoves("G", "17", 2)` is `{"event": "force-moves", "force": "G", "hex": "17",
"ap": 2}`. The game's text layer says them in words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, get_args

from hunt.models.plugin import wrap


class Record(Protocol):
    """An event: a named tuple."""

    def _asdict(self) -> dict[str, Any]: ...


E = TypeVar("E", bound=Record)
T = TypeVar("T")

NEWS_MOST = 6
"""The most log entries a screen repeats at once (`log` shows every one): in the main
game one side's turn says up to 5 to 7 things at nine turns in ten, and with 6 its
screen alone fits a terminal's 24 lines (tests/test_menus.py; a menu below it may push
its header out of sight)."""


def recent(log: Sequence[T], usual: int, unseen: int = 0,
           shown: Callable[[T], bool] = lambda entry: True) -> tuple[list[T], int]:
    """The log entries a screen repeats: every one of the last `unseen` entries, those
    the seat has not been shown yet (the drive loop counts them), or the last `usual`
    if that is more; at most `NEWS_MOST`, the newest. `shown` leaves out the entries a
    screen shows elsewhere (they count among the unseen, and are not repeated). With
    them, how many unseen entries are left to `log` (past `NEWS_MOST`)."""
    fresh = [entry for entry in log[max(0, len(log) - unseen):] if shown(entry)] \
        if unseen > 0 else []
    if len(fresh) < usual:
        fresh = [entry for entry in log if shown(entry)][-usual:] if usual > 0 else []
    return fresh[-NEWS_MOST:], max(0, len(fresh) - NEWS_MOST)


def untold_words(untold: int) -> str:
    """What a screen says of the unseen events it leaves to `log` ("" for none)."""
    return f"{untold} earlier {'event' if untold == 1 else 'events'} in log" if untold else ""


def lately_heading(untold: int) -> str:
    """The heading over a screen's last events: where the rest are."""
    return f"Lately ({untold_words(untold) or 'log: every event'}):"


class EventKinds(Generic[E]):
    """The kinds of event of one game, from their union type, by JSON name."""

    def __init__(self, union: object) -> None:
        self.by_name: dict[str, type[E]] = {
            re.sub(r"(?<!^)(?=[A-Z])", "-", kind.__name__).lower(): kind
            for kind in get_args(union)}
        self._names = {kind: name for name, kind in self.by_name.items()}

    def name_of(self, kind: type[E]) -> str:
        """The JSON name of the event kind `kind` ("freight-ships-sail-on")."""
        return self._names[kind]

    def latest(self, log: Sequence[Mapping[str, Any]], count: int,
               leaving_out: Sequence[type[E]] = (), unseen: int = 0
               ) -> tuple[list[Mapping[str, Any]], int]:
        """The entries of `log` (JSON objects, as `to_json` writes them) a screen
        repeats, and how many unseen ones it leaves to `log` (`recent`: the last
        `count`, or the `unseen` ones if more), leaving out the kinds `leaving_out`:
        what a screen shows elsewhere (the game's end on its own line) would push out
        of its few last events the ones it shows nowhere else."""
        names = {self.name_of(kind) for kind in leaving_out}
        return recent(log, count, unseen, lambda entry: entry["event"] not in names)

    def to_json(self, event: E) -> dict[str, Any]:
        """`event` as a JSON object: its kind under "event", then its fields."""
        fields = {name: list(value) if isinstance(value, tuple) else value
                  for name, value in event._asdict().items()}
        return {"event": self.name_of(type(event)), **fields}

    def from_json(self, entry: Mapping[str, Any]) -> E:
        """The event a JSON object (`to_json`) holds; `ValueError` if it is none."""
        kind = self.by_name.get(entry.get("event", ""))
        if kind is None:
            raise ValueError(f"not an event of this game: {entry!r}")
        fields: dict[str, Any] = {name: tuple(value) if isinstance(value, list) else value
                                  for name, value in entry.items() if name != "event"}
        return kind(**fields)


def numbered_log(lines: Sequence[str]) -> str:
    """The `log` page: every event in words, numbered (the screen shows the last few)."""
    if not lines:
        return "Nothing in the log yet."
    return "\n".join(line for number, text in enumerate(lines, start=1)
                     for line in wrap(f"{number:>3}. {text}", "       "))
