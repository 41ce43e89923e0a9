"""The prompt's menus: a position's choices as short numbered lists.

A position of a hidden-movement game can offer over a hundred legal actions; listing them all buries
the one a person wants. So the menu groups choices by their leading words ("move
ship 2 ...", 22 choices) until at most `MOST` entries show, and choosing a group
opens it. A group whose members differ only in their last word and are too many to
number (the 41 hexes of "start HEX") lists those words to type instead. Grouping never
hides a choice: each is reached by numbers (or its last word) from the first menu, and
its whole text is accepted at every level (`test_menus` walks every one).

The layout is pure (`MenuTree`, `Entry`, `Layout`); `read_menu` is the prompt around it.
"""

from __future__ import annotations

import math
import shutil
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TextIO, TypeVar

import click

from hunt.errors import QUOTE_WIDTH, HuntError
from hunt.models.plugin import visible_width

MOST = 20
"""The most entries a menu numbers."""
MOST_LINES = 8
"""The most lines a menu takes by opening groups (a group's own members may take more)."""
WIDTH = 80
"""The screen width menus are laid out for, and what `wrapped` fits when the output is
not a terminal."""
MIN_WIDTH = 40
"""The narrowest a terminal is taken to be (`terminal_width`)."""
MAX_NUMBER_DIGITS = 6
"""The longest choice number the prompt reads: no state has a million choices."""
MAX_LINE = 1000
"""The most characters of one input line the prompt reads; the rest is skipped."""


@dataclass(frozen=True)
class Entry:
    """One numbered line of a menu: a choice (one member) or a group of choices whose
    texts share their first `depth` words, labelled "move G 2 ... [7]" (7 choices)."""

    members: tuple[int, ...]
    """Indexes into the menu's texts, in their order."""
    depth: int
    """How many leading words the members share (a group's label shows them)."""
    label: str
    """The line as shown, without its number."""

    @property
    def is_group(self) -> bool:
        """Whether choosing this entry opens a further menu."""
        return len(self.members) > 1


@dataclass(frozen=True)
class Layout:
    """One level of a menu: numbered `entries`, or else (`words` not empty) the last
    words to type, each naming one member: `words[i]` names `members[i]`."""

    title: str
    """What this level holds ("" for the first menu)."""
    entries: tuple[Entry, ...] = ()
    members: tuple[int, ...] = ()
    words: tuple[str, ...] = ()
    example: str = ""
    """With `words`: one member's whole text, shown as what may be typed instead."""

    def lines(self, notes: Sequence[str]) -> list[str]:
        """The level as screen lines at most `WIDTH` wide."""
        head = [f"{self.title}:"] if self.title else []
        if self.words:
            lines = textwrap.wrap(
                f"{self.title}: type one of these {len(self.words)} (or the whole choice, "
                f"as '{self.example}'):", WIDTH, break_on_hyphens=False)
            by_note: dict[str, list[str]] = {}  # words with the same note on one line
            for word, member in zip(self.words, self.members, strict=True):
                by_note.setdefault(notes[member], []).append(word)
            for note, words in by_note.items():
                lines += textwrap.wrap(" ".join(words), WIDTH, initial_indent=" " + (
                    f"{note}: " if note else ""), subsequent_indent="   ",
                    break_on_hyphens=False)
            return lines
        labels = [f"{number:>3}. {entry.label}"
                  for number, entry in enumerate(self.entries, start=1)]
        if len(labels) <= 4:
            return head + [" " + label for label in labels]
        return head + columns(labels)


def terminal_width() -> int:
    """The columns of the terminal the output goes to; `WIDTH` when it is not one (a
    pipe, a file: what tests and transcripts read)."""
    if not sys.stdout.isatty():
        return WIDTH
    return max(MIN_WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)


def wrapped(text: str, width: int | None = None) -> str:
    """`text` with each line longer than `width` (default: the terminal's) broken at
    spaces, never inside a word ("cat-and-mouse", "possible" stay whole), the later
    parts indented two more than the line. Colour codes do not count as columns."""
    width = width or terminal_width()
    lines = []
    for line in text.split("\n"):
        if visible_width(line) <= width:
            lines.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
        lines += textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                               break_on_hyphens=False, drop_whitespace=True) or [line]
    return "\n".join(lines)


def labelled(text: str, note: str) -> str:
    """A choice as a menu line shows it: its text, and its note in brackets if it has
    one (`State.choice_note`: "trophy fate-03 (lion)")."""
    return f"{text} ({note})" if note else text


def columns(labels: Sequence[str], most: int = 4) -> list[str]:
    """`labels` row by row in as many columns as fit in `WIDTH` (each column as wide as
    its longest label; at most `most`); a label too long for one row is cut with "..."."""
    cut = [label if len(label) < WIDTH - 1 else label[:WIDTH - 5] + "..." for label in labels]
    for per_row in range(min(most, len(cut)), 0, -1):
        widths = [max(map(len, cut[column::per_row])) + 2 for column in range(per_row)]
        if sum(widths) <= WIDTH - 1 or per_row == 1:
            break
    return [" " + "".join(label.ljust(widths[column])
                          for column, label in enumerate(cut[row:row + per_row])).rstrip()
            for row in range(0, len(cut), per_row)]


class MenuTree:
    """The grouping of one list of choice texts (and their notes: "2 AP", "lion")."""

    def __init__(self, texts: Sequence[str], notes: Sequence[str] | None = None) -> None:
        self.texts = list(texts)
        self.notes = list(notes) if notes is not None else [""] * len(texts)
        self.words = [text.split() for text in self.texts]

    def shared(self, members: Sequence[int], depth: int) -> int:
        """How many leading words all `members` share, at least `depth`: a word is
        shared when every member has it and none ends before it."""
        first = self.words[members[0]]
        while len(first) > depth and all(
                len(self.words[m]) > depth and self.words[m][depth] == first[depth]
                for m in members):
            depth += 1
        return depth

    def split(self, members: Sequence[int], depth: int) -> list[tuple[int, ...]]:
        """`members` parted by their word at `depth` (one ending there stands alone),
        in the order each part first appears."""
        parts: dict[str, list[int]] = {}
        for member in members:
            words = self.words[member]
            key = words[depth] if len(words) > depth else f"\0{member}"
            parts.setdefault(key, []).append(member)
        return [tuple(part) for part in parts.values()]  # insertion order: the game's

    def entry(self, members: tuple[int, ...], depth: int) -> Entry:
        """A leaf or a group entry, labelled."""
        if len(members) == 1:
            member = members[0]
            note = self.notes[member]
            return Entry(members, len(self.words[member]), labelled(self.texts[member], note))
        depth = self.shared(members, depth)
        prefix = " ".join(self.words[members[0]][:depth])
        notes = {self.notes[m] for m in members}
        note = f" ({notes.pop()})" if len(notes) == 1 and "" not in notes else ""
        return Entry(members, depth, f"{prefix} ... [{len(members)}]{note}")

    def fits(self, entries: Sequence[Entry]) -> bool:
        """Whether `entries` make a short enough menu: at most `MOST`, in at most
        `MOST_LINES` lines."""
        return len(entries) <= MOST and \
            len(Layout("", tuple(entries)).lines(self.notes)) <= MOST_LINES

    def openings(self, members: tuple[int, ...], depth: int) -> list[list[Entry]]:
        """The ways to show a group's members one level down, finest first: each
        member, then the parts by the first word they do not share."""
        leaves = [self.entry((m,), depth) for m in members]
        depth = self.shared(members, depth)
        parts = [self.entry(part, depth + 1) for part in self.split(members, depth)]
        return [leaves, parts] if len(parts) < len(leaves) else [leaves]

    def layout(self, members: tuple[int, ...], depth: int = 0, title: str = "") -> Layout:
        """The menu showing `members` (which share `depth` words): every member if they
        fit (`fits`), else groups by word, opened (the smallest first, so the largest
        stay groups) while they fit."""
        leaves, *coarser = self.openings(members, depth)
        if self.fits(leaves) or not coarser:
            return Layout(title, tuple(leaves)) if len(leaves) <= MOST else \
                self.too_many(members, depth, title)
        entries = coarser[0]
        if len(entries) > MOST:
            return self.too_many(members, depth, title)
        opened = True
        while opened:
            opened = False
            for group in sorted((e for e in entries if e.is_group),
                                key=lambda e: len(e.members)):
                at = entries.index(group)
                for inner in self.openings(group.members, group.depth):
                    trial = [*entries[:at], *inner, *entries[at + 1:]]
                    if self.fits(trial):
                        entries, opened = trial, True
                        break
                if opened:
                    break
        return Layout(title, tuple(entries))

    def too_many(self, members: tuple[int, ...], depth: int, title: str) -> Layout:
        """More parts than a menu numbers: the last words to type when the members
        differ only in their last word, else runs of members in order."""
        depth = self.shared(members, depth)
        lasts = [self.words[m][depth:] for m in members]
        if all(len(words) == 1 for words in lasts):
            return Layout(title or " ".join(self.words[members[0]][:depth]) + " ...",
                          members=members, words=tuple(words[0] for words in lasts),
                          example=self.texts[members[0]])
        size = math.ceil(len(members) / MOST)
        runs = [members[start:start + size] for start in range(0, len(members), size)]
        return Layout(title, tuple(  # each run by its first and last choice
            Entry(run, depth, f"{self.texts[run[0]]} ... {self.texts[run[-1]]} [{len(run)}]")
            for run in runs))

    def is_choice(self, text: str) -> bool:
        """Whether `text` is one of the choices, as typed (case and spaces aside)."""
        return text.lower().split() in ([word.lower() for word in words]
                                        for words in self.words)

    def starting(self, text: str) -> Layout | None:
        """The menu of the choices whose leading words `text` types ("move ship"),
        when it names more than one and is not a choice itself; else None. A group's
        label typed as shown ("move ship 2 ... [7]") names its leading words."""
        typed = text.lower().split()
        if "..." in typed:
            typed = typed[:typed.index("...")]
        if not typed or self.is_choice(text):
            return None
        members = tuple(m for m, words in enumerate(self.words)
                        if [word.lower() for word in words[:len(typed)]] == typed)
        if len(members) < 2:
            return None
        return self.layout(members, len(typed), " ".join(self.words[members[0]][:len(typed)])
                           + f" ... [{len(members)}]")

    def opened(self, entry: Entry) -> Layout:
        """The menu a group entry opens."""
        return self.layout(entry.members, entry.depth, entry.label)


def parse_number(text: str) -> int | None:
    """The choice number `text` spells, or None if it is not one.

    The one number parser of the prompt. ASCII digits only: `str.isdigit` is also true
    of '²', '①' and other scripts' digits, which `int` refuses or reads unexpectedly;
    and at most `MAX_NUMBER_DIGITS` of them, so no huge conversion is ever tried (Python
    refuses integers of over 4,300 digits)."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS:
        return int(text)
    return None


def read_line(stdin: TextIO) -> str | None:
    """One line typed at the prompt, stripped, at most `MAX_LINE` characters (a longer
    line is read to its end and cut); None at the end of the input.

    Bytes that are not text in the input's encoding raise `UnicodeDecodeError`, or,
    read with errors="surrogateescape" (as `hunt play` sets), come as lone surrogates:
    both are answered by the caller, never fatal."""
    line = stdin.readline(MAX_LINE)
    if not line:
        return None
    rest = line
    while rest and not rest.endswith("\n"):  # skip the remainder of a very long line
        rest = stdin.readline(MAX_LINE)
    return line.strip()


def not_text(text: str) -> bool:
    """Whether `text` holds bytes the input's encoding could not decode (surrogates)."""
    return any("\ud800" <= char <= "\udfff" for char in text)


def shown(text: str) -> str:
    """`text` as echoed back: cut to `QUOTE_WIDTH` characters with "...", and any
    undecodable byte as the replacement character (it cannot be written out)."""
    if not_text(text):
        text = "".join("\ufffd" if "\ud800" <= char <= "\udfff" else char for char in text)
    return text if len(text) <= QUOTE_WIDTH else text[:QUOTE_WIDTH - 3] + "..."


class QuitGame(Exception):
    """The human asked to stop, or the input ended."""


class Undo(Exception):
    """The human asked to take back their last decision."""


T = TypeVar("T")

Command = Callable[[str], str]
"""A prompt command: (the rest of the line) -> the text to show."""

BUILT_IN = ("help", "quit", "undo", "back")
"""The prompt's own commands, beside the ones a caller passes."""
BARE_COMMANDS = frozenset({"hint"})
"""Commands that take nothing after their word: followed by more, the line is a move
("hint 01" places a Hint marker, or is refused as one), never the command."""


def read_menu(texts: Sequence[str], by_number: Callable[[int], T], by_text: Callable[[str], T],
              stdin: TextIO, commands: Mapping[str, Command] | None = None,
              help_text: str = "", notes: Sequence[str] | None = None,
              picture: Callable[[Sequence[str]], str] | None = None) -> T:
    """Show the choices `texts` (with their `notes`) as a menu (`MenuTree`) and ask
    until the human picks one: a number or last word (`by_number` gets the choice's
    index) or a whole text (`by_text` answers it, or raises a `HuntError` whose line is
    shown). `commands` answer their words ("hint", "save FILE", ...); `help` shows
    `help_text`, `back` returns to the menu above, `undo` raises `Undo` and `quit`
    raises `QuitGame`. `picture(texts)` is shown above a group's choices when it opens
    (the map with the hexes they lead to), unless it is empty."""
    commands = commands or {}
    tree = MenuTree(texts, notes)
    levels = [tree.layout(tuple(range(len(texts))))]
    show = True
    while True:
        level = levels[-1]
        if show:
            click.echo("\n".join(level.lines(tree.notes)))
            show = False
        click.echo("> ", nl=False)
        try:
            text = read_line(stdin)
        except UnicodeDecodeError as error:
            click.echo(f"\nThat line is not {error.encoding} text: type a choice's number "
                       "or its text.")
            continue
        if text is None:
            raise QuitGame("the input ended")
        if not stdin.isatty():  # piped input: show it, so the transcript reads like a session
            click.echo(shown(text))
        if not text:
            continue
        if not_text(text):
            click.echo("That line is not valid text in the input's encoding: type a "
                       "choice's number or its text.")
            continue
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit") and not rest:
            raise QuitGame("you quit")
        if word in ("help", "?") and not rest:
            names = ", ".join([*commands, *BUILT_IN])
            click.echo(wrapped(f"{help_text} Commands: {names}."))
            continue
        if word == "undo" and not rest:
            raise Undo
        if word == "back" and not rest:
            if len(levels) == 1:
                click.echo("This is the first menu: type a number or a move.")
            else:
                levels.pop()
                show = True
            continue
        if word in commands and not (rest and (word in BARE_COMMANDS or tree.is_choice(text))):
            click.echo(wrapped(commands[word](rest.strip())))
            continue
        if (started := tree.starting(text)) is not None:  # "move ship": that group
            levels.append(started)
            show = True
            continue
        picked = pick(level, text, texts)
        if isinstance(picked, Entry) and picked.is_group:
            levels.append(tree.opened(picked))
            if picture is not None and (drawn := picture([texts[m] for m in picked.members])):
                click.echo(drawn)
            show = True
            continue
        try:
            if isinstance(picked, Entry):
                return by_number(picked.members[0])
            if picked is not None:
                click.echo(wrapped(picked))
                continue
            return by_text(text)
        except HuntError as error:
            click.echo(wrapped(f"Not accepted: {error}"))


def pick(level: Layout, text: str, texts: Sequence[str]) -> Entry | str | None:
    """What `text` picks at `level` of the menu of choices `texts`: an entry (by its
    number, or by its word in a list of words), a line saying why not (a number out of
    range), or None (a text to read as a move)."""
    if level.words:
        lowered, number = text.lower(), parse_number(text)
        for word, member in zip(level.words, level.members, strict=True):
            # "7" names hex "07": a number is read as the number it is
            if word.lower() == lowered or (number is not None and word.isdigit()
                                           and int(word) == number):
                return Entry((member,), 0, word)
        return None
    number = parse_number(text)
    if number is None and not (text.isascii() and text.isdigit()):
        return None
    if number is not None and 1 <= number <= len(level.entries):
        return level.entries[number - 1]
    # "5" at "1. redraw 3  2. redraw 5": the number meant as the choice's own word
    meant = [texts[entry.members[0]] for entry in level.entries
             if not entry.is_group and text.strip() in texts[entry.members[0]].split()]
    return f"There is no choice {shown(text)}: pick 1 to {len(level.entries)}, or type " \
        "an action" + (f" (as '{meant[0]}')." if len(meant) == 1 else ".")

