"""What one game registers: every part a command reads, in one place.

Each game's package holds a `plugin.py` whose `PLUGIN` is a `GamePlugin`: its rules
(the `Game` class), its options, its screen, its board files, and the optional
extras of `hunt hint`, `hunt analyze`, `hunt board show` and `hunt bench`. The
registry finds the plugins (`models/registry.py`); the CLI reads them and names no
game. Every part is a pure function (no I/O): the CLI prints what it returns.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, Generic, Protocol, TypeVar

from hunt.boards.data import BoardSet
from hunt.models.game import AnyGame, AnyState, Observation
from hunt.models.options import OptionSpec
from hunt.models.players import PlayerFactory
from hunt.models.policy import AnyPolicy, GamePolicy
from hunt.models.profile import DEFAULT_PROFILE, SearchProfile

SCREEN_WIDTH = 80
"""The columns every screen fits in (a terminal's default width)."""


class Style(Protocol):
    """How a screen colours a piece of text (the CLI passes `click.style`, which drops
    the colour when the output is not a terminal)."""

    def __call__(self, text: str, *, fg: str | None = None,
                 bold: bool | None = None) -> str: ...


def plain(text: str, *, fg: str | None = None, bold: bool | None = None) -> str:
    """A `Style` without colours: the text as it is."""
    return text


def upper_first(text: str) -> str:
    """`text` with its first letter upper case, to begin a sentence ("The German")."""
    return text[:1].upper() + text[1:]


def wrap(text: str, indent: str = "  ", width: int = SCREEN_WIDTH) -> list[str]:
    """`text` as screen lines at most `width` wide, the later ones indented by `indent`
    (a word longer than the width is broken)."""
    return textwrap.wrap(text, width, subsequent_indent=indent,
                         break_on_hyphens=False) or [""]  # never "that-never-\nhappened"


COLOUR_CODE = re.compile(r"\x1b\[[0-9;]*m")
"""A terminal's colour or weight code, as a `Style` writes it."""


def visible_width(text: str) -> int:
    """The columns `text` takes on a terminal: its colour codes take none."""
    return len(COLOUR_CODE.sub("", text))


def fit(lines: Sequence[str]) -> str:
    """A screen from `lines`, each wrapped to `SCREEN_WIDTH` columns, its later parts
    indented two more than its own indentation."""
    return "\n".join(part for line in lines for part in wrap(
        line, " " * (len(line) - len(line.lstrip(" ")) + 2)))


def plural(count: int, noun: str) -> str:
    """`count` and `noun` in agreement: "1 card", "3 cards", "0 tokens", "2 hexes"."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {noun}es" if noun.endswith(("x", "s", "sh", "ch")) else f"{count} {noun}s"


def name_key(text: str) -> str:
    """A card name as it is matched: lower case, apostrophes dropped, any other
    punctuation a space ("Harwood's Intuition" and "harwoods intuition" are one)."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", re.sub(r"['\u2019]", "", text.lower())).split())


def unique_names(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """(printed name, id) pairs as a `card_names` mapping: a name (as matched, see
    `name_key`) that two different ids share names neither."""
    ids: dict[str, set[str]] = {}
    first: dict[str, str] = {}
    for name, card_id in pairs:
        ids.setdefault(name_key(name), set()).add(card_id)
        first.setdefault(name_key(name), name)
    return {first[key]: next(iter(found)) for key, found in ids.items() if len(found) == 1}


def with_card_ids(text: str, names: Mapping[str, str]) -> str:
    """`text` as typed, with each printed card name in it (`names`: name -> id, matched
    by `name_key`, the longest run of words first) replaced by the card's id; the parts
    between "; " are read one by one."""
    keys = {name_key(name): card_id for name, card_id in names.items()}
    # no run of words longer than the longest name is tried: a long line costs its
    # length, not its length cubed
    longest = max((len(name.split()) for name in names), default=0)

    def part(text: str) -> str:
        words, out, start = text.split(), [], 0
        while start < len(words):
            end = next((end for end in range(min(len(words), start + longest), start, -1)
                        if name_key(" ".join(words[start:end])) in keys), None)
            if end is None:
                out.append(words[start])
                start += 1
            else:
                out.append(keys[name_key(" ".join(words[start:end]))])
                start = end
        return " ".join(out)

    if not keys:
        return text
    return "; ".join(part(piece) for piece in text.split(";"))


GameT = TypeVar("GameT", bound=AnyGame)
"""A game's `Game` class."""
StateT = TypeVar("StateT", bound=AnyState)
"""A game's `State` class."""
ObsT = TypeVar("ObsT", bound=Observation)
"""A game's observation type."""

GamePage = Callable[[GameT, ObsT, int, Style], str]
"""A page a word at the prompt shows (`hand`, `log`): (game, the seat's observation, the
seat, style) -> its text; from the observation, as a screen is."""

GameC = TypeVar("GameC", bound=AnyGame, contravariant=True)
ObsC = TypeVar("ObsC", bound=Observation, contravariant=True)


class Screen(Protocol[GameC, ObsC]):
    """A game's screen: what a seat is shown, from its observation, never the state, so
    it cannot show what the seat cannot see."""

    def __call__(self, game: GameC, seen: ObsC, seat: int, style: Style = plain,
                 unseen: int = 0) -> str:
        """The text of `seat`'s screen. `unseen`: how many of the log's last entries
        the seat has not been shown (the drive loop counts them): a screen that
        repeats the last few events repeats them all then (`hunt.models.events.recent`),
        so that nothing the other seats did since the seat's last look goes by unsaid."""
        ...

ChoicesScreen = Callable[[GameT, ObsT, int, Sequence[str]], str]
"""A picture of some of a seat's choices, by their texts (a map with the hexes they
lead to marked), drawn from its observation; "" when it has none for them."""

Advice = Callable[[StateT, int, str], dict[str, Any]]
"""A game's own part of `hunt hint`: (state, seat, move model) -> JSON-able data, from
that seat's view only."""

ReportLines = Callable[[StateT, Mapping[str, Any]], list[str]]
"""A report's game-specific part in words."""

AdviceLines = Callable[[StateT, Mapping[str, Any], bool], list[str]]
"""The advice's game-specific part in words: (state, the advice's report, whether the
face shows the advice's belief on a map of its own, as the browser's board does, so
the words need not draw it) -> lines."""

Analysis = Callable[[StateT, Mapping[int, float], int | None], dict[str, Any]]
"""A game's own part of `hunt analyze`: (state, first seat's win chance before each
decision by action index, the seat whose record it is or None for a full record) ->
JSON-able data. For a seat record the state is a witness: only that seat's view of it
may be read."""

PlotBoard = Callable[[StateT, Mapping[str, Any], Any, float], bool]
"""Draws a game's board into a matplotlib axes for `hunt analyze --plot`: (state, the
analysis report, axes, how far into the game: 0.0 its first moment the board can show,
1.0 its last) -> whether it drew anything. The plot draws the last large, beside the
win chance, and a strip of earlier ones under them."""

Bench = Callable[[bool, Callable[[str], None]], list[tuple[str, str, dict[str, Any]]]]
"""A game's extra speed figures for `hunt bench`: (quick, progress) -> (JSON key, one
line of text, figures) each."""


@dataclass(frozen=True)
class Hands:
    """The cards a seat's view shows, for a face to draw as cards: the seat's own, one
    id per card, and how many the other side holds (None: a game where that is not one
    public number)."""

    own: tuple[str, ...]
    others: int | None = None


@dataclass(frozen=True)
class CardFace:
    """A card of the seat's hand as the browser draws it face up: its id, its name, its
    value ("3 AP"), its text, a mark of what else it holds (a stripe), and the uses the
    seat may make of it now, each a label and the choice a click on it plays."""

    card: str
    name: str
    value: str = ""
    text: str = ""
    mark: str = ""
    uses: tuple[tuple[str, str], ...] = ()


def uses_by_card(choices: Sequence[str], use: Callable[[str], tuple[str, str] | None]
                 ) -> dict[str, list[tuple[str, str]]]:
    """The uses `choices` make of each card, in the choices' order (card -> [(label,
    choice)]), for its face's buttons: `use` reads one choice as the card it uses and
    the button's label, or None for a choice that uses no card."""
    uses: dict[str, list[tuple[str, str]]] = {}
    for text in choices:
        found = use(text)
        if found is not None:
            uses.setdefault(found[0], []).append((found[1], text))
    return uses


CardFaces = Callable[[GameT, ObsT, Sequence[str]], list[CardFace]]
"""The seat's hand face up, from its observation and its current choices' texts (the
uses of each card), in the hand's order."""


@dataclass(frozen=True)
class WebPanels:
    """What the browser shows beside the table, from a seat's observation: the state at
    a glance (HTML markup, every text escaped), the game's log in words (everything the
    seat has seen, oldest first) and, once the game is over, how it ended."""

    status: str
    log: tuple[str, ...] = ()
    ending: str | None = None


def stat_box(label: str, value: str, name: str, wide: bool = False) -> str:
    """One labelled box of a `WebPanels.status` (the label above, the value in bold;
    `name` marks it for tests; a `wide` one takes a whole line of the grid), every text
    escaped."""
    return (f'<div class="stat{" wide" if wide else ""}" data-stat="{escape(name)}">'
            f'<span class="stat-label">{escape(label)}</span> <b>{escape(value)}</b></div>')


def status_markup(boxes: Sequence[str], asked: str = "") -> str:
    """A `WebPanels.status`: the `stat_box`es in a grid, then what the seat is asked
    now (none when it is not to move)."""
    return (f'<div class="stats">{"".join(boxes)}</div>'
            + (f'<p class="asked">{escape(asked)}</p>' if asked else ""))


def table_markup(caption: str, head: Sequence[str], rows: Iterable[Sequence[str]],
                 first: str = "") -> str:
    """An HTML table with a caption, a head row and `rows` of cells (the first row
    marked with the class `first` if given), every text escaped."""
    def row(cells: Sequence[str], tag: str, mark: str = "") -> str:
        opened = f'<tr class="{escape(mark)}">' if mark else "<tr>"
        return opened + "".join(f"<{tag}>{escape(cell)}</{tag}>" for cell in cells) + "</tr>"

    body = "".join(row(cells, "td", first if index == 0 else "")
                   for index, cells in enumerate(rows))
    return f"<table><caption>{escape(caption)}</caption>{row(head, 'th')}{body}</table>"


PanelsOf = Callable[[GameT, ObsT, int], WebPanels]
"""A game's `WebPanels` for a seat: (game, the seat's observation, the seat)."""

HandsOf = Callable[[ObsT], Hands]
"""A game's hands as its seat's observation shows them (`Hands`)."""


@dataclass(frozen=True)
class GamePlugin(Generic[GameT, StateT, ObsT]):
    """One game's registration: its `Game` class `GameT`, whose states are `StateT` and whose
    observations are `ObsT`. The parts without a default are required (`check_plugin`)."""

    name: str
    """The registered name, e.g. "my-game" (its package's folder, hyphenated)."""
    title: str
    """The name on the box, as `GameInfo.title` (read without building the game)."""
    seats: tuple[str, ...]
    """The seat names with the most players; n players take the first n (as
    `GameInfo.seat_names`, read without building the game)."""
    game: Callable[..., GameT]
    """The rules: called with the checked options as keywords."""
    options: OptionSpec
    """The options, declared once (the `Game` class's `option_spec`)."""
    screen: Screen[GameT, ObsT]
    """What `hunt play` shows a seat."""
    board_sets: tuple[BoardSet, ...] = ()
    """The board files the game reads (`hunt board show`); none for a game with
    nothing printed on its components."""
    profile: SearchProfile = DEFAULT_PROFILE
    """How the search plays the game: its measured budget and shape (read by
    `hunt.solver.profiles.search_profile`)."""
    policy: AnyPolicy = field(default_factory=GamePolicy)
    """The game's own player: its rules of thumb, playouts and their scoring (the
    default plays out at random and has no rules of thumb)."""
    advice: Advice[StateT] | None = None
    advice_lines: AdviceLines[StateT] | None = None
    advice_html: Callable[[GameT, Mapping[str, Any]], str] | None = None
    """The game's own part of a hint for the browser, as HTML drawn from the hint's JSON
    (`HintReport.to_json`), every text escaped: its figures as tables ("the best
    searches"); None: its `advice_lines` as paragraphs."""
    move_models: tuple[str, ...] = ()
    """The move models `hunt hint --model` may name (the first is the default); empty:
    the game's advice has none, and `--model` is refused."""
    analysis: Analysis[StateT] | None = None
    analysis_lines: ReportLines[StateT] | None = None
    """Replaces the win-chance lines of `hunt analyze` when given."""
    plot_board: PlotBoard[StateT] | None = None
    board_lines: Callable[[], list[str]] | None = None
    """`hunt board show` in words; None: the board files' contents listed."""
    bench: Bench | None = None
    bench_hint_seat: str | None = None
    """`hunt bench` times `hunt hint` for this seat on a mid-game record (None: not)."""
    seat_titles: Mapping[str, str] = field(default_factory=dict)
    """How a sentence names a seat, by seat name, where the default rule would not say
    it well (`seat_title`): e.g. "the first player" for a seat named "first"."""
    goals: Mapping[str, str] = field(default_factory=dict)
    """What a seat must do to win, in two lines at most, as the rulebook says it: by
    seat name, or "" for every seat alike. The first screen of `hunt play` shows it."""

    rules: str = ""
    """A game's turn and how to win in a few lines, as the rulebook says them (the
    `rules` command at the prompt)."""
    cards: Callable[[GameT], Mapping[str, str]] | None = None
    """Every card a player may ask about, by the id the screen shows, with its whole
    text and what each of its uses does (`rules CARD` at the prompt)."""
    card_names: Callable[[GameT], Mapping[str, str]] | None = None
    """Every card's printed name (as the board files hold it) -> the id the program
    types, so that the table and the prompt read "draw HMS Cumberland" as "draw
    cumberland" (`with_card_ids`); a name that several cards share is left out. The
    rules never read it."""
    choice_words: Callable[[GameT, str], str] | None = None
    """A choice's text (a typed action, or a table companion's entry) in players'
    words, for the browser's buttons ("move G 4 15": "Move Force G to 15 (4 AP)"); the
    text itself where the game has none."""
    pages: Mapping[str, GamePage[GameT, ObsT]] = field(default_factory=dict)
    """More than the screen holds, one word away at the prompt ("hand": every card's
    text), by that word; drawn from the seat's observation like the screen."""

    choices_screen: ChoicesScreen[GameT, ObsT] | None = None
    """Shown when a menu group opens (`move G 2 ...`): its choices on the board."""
    web_board: ChoicesScreen[GameT, ObsT] | None = None
    """The table for the browser (`hunt serve`): SVG or HTML markup drawn from the
    seat's observation, every text escaped, the seat's current choices marked where
    they are clickable; None: the page shows only the text screen."""
    hands: HandsOf[ObsT] | None = None
    """The seat's cards and the other side's count, from its observation, for the
    browser to draw; None: a game without hands of cards."""
    web_panels: PanelsOf[GameT, ObsT] | None = None
    """The state at a glance, the log and the ending for the browser (`WebPanels`); None:
    the page shows the text screen instead."""
    card_faces: CardFaces[GameT, ObsT] | None = None
    """The seat's cards face up for the browser (name, value, text, uses); None: each
    card is drawn with its id, the first paragraph of its text (`cards`) and, as its
    uses, the choices that name it."""
    players: Mapping[str, PlayerFactory] = field(default_factory=dict)
    """Opponents written from the rulebook's logic, not from the policy's rules of
    thumb (`hunt.models.players`), by the name an agent spec gives them ("greedy"):
    members of the population `hunt arena --population` measures against."""

    def seat_title(self, seat: str) -> str:
        """The seat as a sentence names it: its title in `seat_titles`, else "Player 3"
        for a numbered seat (p3), else "the" and its name ("the German")."""
        if seat in self.seat_titles:
            return self.seat_titles[seat]
        if seat[:1] == "p" and seat[1:].isdigit():
            return f"Player {seat[1:]}"
        return f"the {seat.capitalize()}"

    def goal(self, seat: str) -> str:
        """The seat's goal (`goals`), or "" if the game gives none."""
        return self.goals.get(seat, self.goals.get("", ""))

    @property
    def player_range(self) -> tuple[int, int]:
        """The fewest and most players: the `players` option's accepted values, or
        else one player a seat."""
        for option in self.options.options:
            if option.name == "players":
                return min(option.choices), max(option.choices)
        return len(self.seats), len(self.seats)


AnyPlugin = GamePlugin[Any, Any, Any]
"""Any game's registration: what the commands read."""


REQUIRED = ("name", "title", "seats", "game", "options", "screen")
"""The parts every registered game must give."""


def check_plugin(plugin: object, name: str) -> list[str]:
    """What is wrong with the registration of `name` (empty: nothing)."""
    if not isinstance(plugin, GamePlugin):
        return [f"{name}: its plugin.py has no PLUGIN = GamePlugin(...)"]
    wrong = [f"{name}: the plugin lacks its {part}" for part in REQUIRED
             if not getattr(plugin, part)]
    if plugin.name != name:
        wrong.append(f"{name}: the plugin is named {plugin.name!r}")
    if plugin.options and plugin.options.game != name:
        wrong.append(f"{name}: its options are declared for {plugin.options.game!r}")
    if (plugin.advice is None) != (plugin.advice_lines is None):
        wrong.append(f"{name}: advice and advice_lines come together")
    if plugin.move_models and plugin.advice is None:
        wrong.append(f"{name}: move models without advice that reads them")
    return wrong
