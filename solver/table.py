"""The table companion's logic, shared by `hunt table` at the terminal and the web's
table page: what the person is asked for next, the entries they may write down (their
own moves with their notes), a typed line read as entries, and the advice from the
seat record alone.

A `SeatNotebook` (`hunt.models.seat_record`) keeps the record and its witness; every
function here reads only what the notebook's seat may see of the witness."""

from __future__ import annotations

import re
from collections.abc import Mapping

from hunt.errors import HuntError, RecordError, quoted
from hunt.models.game import CHANCE
from hunt.models.plugin import upper_first, with_card_ids
from hunt.models.registry import game_plugin
from hunt.models.seat_record import SeatNotebook
from hunt.solver.hints import HintReport, hint_report
from hunt.solver.profiles import search_profile
from hunt.solver.session import Choice

MOST_REPEATS = 40
"""The most times `ENTRY xN` repeats an entry (no turn holds more entries of one kind)."""
REPEATED = re.compile(r"(?P<entry>.*\S)\s+x(?P<times>\d+)", re.IGNORECASE)
"""An entry typed with a count: "draw ? x5"."""
MOST_ENTRY_CHARACTERS = 2000
"""The longest line read as entries (the longest entry of these games has a few
hundred characters: the end of a round with all it showed)."""
MOST_COUNT_DIGITS = 3
"""The longest count read after x (a longer one is out of range, not converted)."""


def entries_typed(text: str, names: Mapping[str, str]) -> list[str]:
    """The entries a typed line names: one, or `ENTRY xN` the entry N times; printed card
    names read as the cards' ids (`names`). `RecordError` for a count out of range or a
    line too long to be one."""
    if len(text) > MOST_ENTRY_CHARACTERS:
        raise RecordError(f"a line of {len(text)} characters is no entry; an entry has at "
                          f"most {MOST_ENTRY_CHARACTERS}")
    repeated = REPEATED.fullmatch(text.strip())
    entry = with_card_ids(repeated["entry"] if repeated else text, names)
    if repeated is None:
        return [entry]
    digits = repeated["times"]
    # ASCII digits only (the regex's \d also takes other scripts' digits)
    times = int(digits) if digits.isascii() and len(digits) <= MOST_COUNT_DIGITS else 0
    if not 1 <= times <= MOST_REPEATS:
        raise RecordError(f"{quoted(text)}: the count after x is 1 to {MOST_REPEATS}")
    return [entry] * times


def card_names(notebook: SeatNotebook) -> Mapping[str, str]:
    """The printed name of each card of the notebook's game, read as its id in an entry
    ("draw HMS Cumberland"); empty for a game whose cards have no names of their own."""
    plugin = game_plugin(notebook.game.info.name)
    return plugin.card_names(notebook.game) if plugin.card_names is not None else {}


def write_down(notebook: SeatNotebook, text: str) -> int:
    """Write down the entries the typed line `text` names (`entries_typed`), all or
    none; how many. `RecordError` (the notebook unchanged) says which was refused."""
    entries = entries_typed(text, card_names(notebook))
    if len(entries) == 1:
        notebook.add(entries[0])
        return 1
    try:
        notebook.add_all(entries)
    except RecordError as error:
        raise RecordError(f"{quoted(text)}: {error}") from None
    return len(entries)


def asked(notebook: SeatNotebook) -> str:
    """What the person is asked for next: their move, what chance brought, or what the
    other side did as they saw it."""
    state = notebook.world
    player = state.current_player()
    if player == notebook.seat:
        return "Your move:"
    if player == CHANCE:
        return "Chance: what came up?"
    seats = notebook.game.info.seat_names
    title = game_plugin(notebook.game.info.name).seat_title(seats[player])
    return f"{upper_first(title)}: what did they do, as you saw it?"


def next_entries(notebook: SeatNotebook) -> list[Choice]:
    """What may be written down next, each with a note where it is the seat's own move
    ("search G (1 AP, finds on 5+)"): the note reads only what the seat knows."""
    state = notebook.world
    entries = notebook.possible_entries()
    if state.is_terminal() or state.current_player() != notebook.seat:
        return [Choice(entry, "") for entry in entries]
    choices = []
    for entry in entries:
        try:
            note = state.choice_note(state.string_to_action(entry))
        except HuntError:  # an entry with what the seat learns after its text: no note
            note = ""
        choices.append(Choice(entry, note))
    return choices


def table_advice(notebook: SeatNotebook, search: bool) -> HintReport:
    """The advice from the notebook's seat record: with a search of the game's advice
    budget (`search`), or the belief and the game's own advice alone."""
    state = notebook.world
    budget = search_profile(notebook.game).advice_iterations if search else 0
    return hint_report(state, notebook.seat, "", budget, seed=0)
