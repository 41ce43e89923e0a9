"""Short menus and screens that fit a terminal: every legal
action stays reachable through the grouped menus, no menu numbers more than 20 entries,
and every game's decision screen with its menu fits 80 columns."""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Iterator

import pytest

from hunt.cli.menu import MOST, WIDTH, Layout, MenuTree, pick, read_menu, wrapped
from hunt.errors import HuntError
from hunt.models.events import NEWS_MOST
from hunt.models.game import CHANCE, AnyState
from hunt.models.plugin import plain
from hunt.models.registry import available_games, game_plugin, load_game

GAMES: list[tuple[str, dict[str, int]]] = [
    *((name, {}) for name in available_games()), ("hunting-party", {"players": 5})]


def decisions(name: str, options: dict[str, int], games: int) -> Iterator[AnyState]:
    """Every decision with more than one choice along random games."""
    game = load_game(name, **options)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            actions = state.legal_actions()
            if len(actions) > 1:
                yield state
            state.apply_action(rng.choice(actions))


def tree_of(state: AnyState) -> MenuTree:
    """The menu `hunt play` builds for the state's choices."""
    actions = state.legal_actions()
    return MenuTree([state.action_to_string(a) for a in actions],
                    [state.choice_note(a) for a in actions])


def walk(tree: MenuTree, layout: Layout) -> Iterator[tuple[Layout, int]]:
    """Each menu level below `layout` (itself included) with each choice it reaches
    by a number or a last word."""
    yield from ((layout, member) for member in layout.members)
    for entry in layout.entries:
        if entry.is_group:
            yield from walk(tree, tree.opened(entry))
        else:
            yield layout, entry.members[0]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_legal_action_is_reached_through_menus_of_at_most_20_entries(
        name: str, options: dict[str, int]) -> None:
    checked = 0
    for state in decisions(name, options, 8):
        tree = tree_of(state)
        everything = tuple(range(len(tree.texts)))
        reached = set()
        for layout, member in walk(tree, tree.layout(everything)):
            assert len(layout.entries) <= MOST, (name, layout.title)
            assert all(len(line) <= WIDTH for line in layout.lines(tree.notes)), layout
            reached.add(member)
        assert reached == set(everything), state.action_to_string(
            state.legal_actions()[min(set(everything) - reached)])
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_decision_screen_and_its_menu_fit_80_columns(
        name: str, options: dict[str, int]) -> None:
    screen = game_plugin(name).screen
    shown = 0
    for state in decisions(name, options, 12):
        seat = state.current_player()
        tree = tree_of(state)
        lines = screen(state.game, state.observation(seat), seat, plain).splitlines()
        lines += tree.layout(tuple(range(len(tree.texts)))).lines(tree.notes)
        too_wide = [line for line in lines if len(line) > WIDTH]
        assert not too_wide, (name, too_wide[0])
        shown += 1
        if shown >= 300:
            break
    assert shown >= 100 or name == "leduc"


def test_the_hunts_screen_leaves_a_24_line_terminal_room_for_the_menu() -> None:
    """The Hunt's screen (header, map with its key beside it, tracks, hand, the last
    events, the question) takes at most 21 lines, and at most 18 at nine decisions in
    ten: on an 80x24 terminal the header stays in sight above a menu of a few lines."""
    heights = []
    screen = game_plugin("the-hunt").screen
    for state in decisions("the-hunt", {}, 12):
        seat = state.current_player()
        heights.append(len(screen(state.game, state.observation(seat), seat,
                                  plain).splitlines()))
        if len(heights) >= 300:
            break
    assert len(heights) >= 100 and max(heights) <= 21
    assert sum(height <= 18 for height in heights) >= 0.9 * len(heights)


def test_the_hunts_screen_with_the_most_news_fits_24_lines() -> None:
    """After the other side's long turn the screen repeats up to `NEWS_MOST` events in
    place of its usual few: it grows, but fits a terminal's 24 lines without the menu."""
    screen = game_plugin("the-hunt").screen
    heights = [len(screen(state.game, state.observation(seat), seat, plain,
                          NEWS_MOST).splitlines())
               for state in decisions("the-hunt", {}, 4) if (seat := state.current_player()) >= 0]
    assert len(heights) >= 50 and max(heights) <= 24
    # more unseen than it repeats: it counts the rest, which `log` shows
    late = next(state for state in decisions("the-hunt", {}, 1)
                if len(state.observation(state.current_player())["log"]) > 30)
    seat = late.current_player()
    seen = late.observation(seat)
    assert "earlier events in log)" in screen(late.game, seen, seat, plain, len(seen["log"]))


def test_a_number_past_the_menu_says_which_choice_it_may_have_meant() -> None:
    """"5" at a menu of "redraw 3" and "redraw 5" is no choice number: the refusal names
    the choice the number is a word of, to type it whole."""
    texts = ["redraw 3", "redraw 5"]
    top = MenuTree(texts).layout((0, 1))
    assert pick(top, "5", texts) == "There is no choice 5: pick 1 to 2, or type an action " \
        "(as 'redraw 5')."
    assert pick(top, "7", texts) == "There is no choice 7: pick 1 to 2, or type an action."


def ask(texts: list[str], typed: str, notes: list[str] | None = None) -> str:
    """What `read_menu` returns for the typed lines (the choice's text)."""
    def refuse(text: str) -> str:
        raise HuntError(f"{text!r} is not a choice")

    return read_menu(texts, texts.__getitem__, lambda text: text if text in texts
                     else refuse(text), io.StringIO(typed), notes=notes)


MOVES = [f"move {piece} {ap} {hex_id:02d}" for piece in ("altmark", "graf-spee")
         for ap in (1, 2) for hex_id in range(1, 16)]


def test_a_long_menu_opens_by_groups_and_back_returns() -> None:
    tree = MenuTree(["end", *MOVES])
    top = tree.layout(tuple(range(len(tree.texts))))
    assert [entry.label for entry in top.entries][:2] == ["end", "move altmark 1 ... [15]"]
    # the group "move altmark 2 ..." is entry 3; its 7th choice is hex 07
    assert ask(["end", *MOVES], "3\n7\n") == "move altmark 2 07"
    assert ask(["end", *MOVES], "3\nback\n1\n") == "end"
    # the whole text is accepted at any level
    assert ask(["end", *MOVES], "3\nmove graf-spee 1 09\n") == "move graf-spee 1 09"


def test_a_list_of_hexes_is_typed_by_its_number() -> None:
    starts = [f"start {hex_id:02d}" for hex_id in range(1, 42)]
    layout = MenuTree(starts).layout(tuple(range(41)))
    assert layout.words[:2] == ("01", "02") and not layout.entries
    assert ask(starts, "7\n") == "start 07" and ask(starts, "start 41\n") == "start 41"


def test_choices_that_differ_by_their_note_are_listed_by_it() -> None:
    trophies = [f"trophy fate-{n:02d}" for n in range(1, 30)]
    animals = ["lion" if n % 2 else "buffalo" for n in range(1, 30)]
    lines = MenuTree(trophies, animals).layout(tuple(range(29))).lines(animals)
    assert any(line.startswith(" lion: fate-01 fate-03") for line in lines)
    assert ask(trophies, "fate-04\n", animals) == "trophy fate-04"


def test_too_many_unlike_choices_come_in_runs_named_by_their_ends() -> None:
    texts = [f"play {n:02d} {kind}" for n in range(30) for kind in ("ap", "event")]
    layout = MenuTree(texts).layout(tuple(range(60)))
    assert len(layout.entries) <= MOST
    assert layout.entries[0].label == "play 00 ap ... play 01 ap [3]"
    assert ask(texts, "1\n2\n") == "play 00 event"


def test_a_groups_leading_words_open_it_and_a_command_word_can_be_a_move() -> None:
    assert ask(["end", *MOVES], "move graf-spee\n3\n") == "move graf-spee 1 03"
    assert ask(["end", *MOVES], "move altmark 2\n1\n") == "move altmark 2 01"
    hints = ["hint 02", "hint 07"]
    asked: list[str] = []

    def advice(rest: str) -> str:
        asked.append(rest)
        return "advice"

    chosen = read_menu(hints, hints.__getitem__, lambda text: text,
                       io.StringIO("hint\nhint 07\n"), {"hint": advice})
    assert chosen == "hint 07" and asked == [""]  # "hint" alone asks; "hint 07" places


def test_a_groups_label_typed_as_shown_opens_it() -> None:
    """The menu shows "move graf-spee 2 ... [15]": typing that, or its words up to the
    dots, opens the group as its number does."""
    assert ask(["end", *MOVES], "move graf-spee 2 ... [15]\n3\n") == "move graf-spee 2 03"
    assert ask(["end", *MOVES], "move graf-spee 2 ...\n3\n") == "move graf-spee 2 03"


def test_a_list_of_last_words_offers_a_whole_choice_as_the_example() -> None:
    """Opened from a group, a list of hexes names one whole choice as what may be typed
    instead (not the group's label with a hex after it)."""
    moves = [f"move graf-spee 4 {hex_id:02d}" for hex_id in range(1, 30)]
    tree = MenuTree(["end", *moves])
    group = next(entry for entry in tree.layout(tuple(range(30))).entries if entry.is_group)
    lines = tree.opened(group).lines(tree.notes)
    assert "(or the whole choice, as 'move graf-spee 4 01'):" in " ".join(lines)
    assert ask(["end", *moves], f"{1 + tree.layout(tuple(range(30))).entries.index(group)}\n"
               "move graf-spee 4 07\n") == "move graf-spee 4 07"


def test_a_long_line_wraps_at_spaces_never_inside_a_word() -> None:
    """"Not accepted" lists, advice and `rules` answers are broken at spaces to the
    width: "cat-and-mouse" and "possible" stay whole, later parts indented."""
    line = ("  Not accepted: 'x' is no card here: type a card's id as the screen shows it "
            "(e.g. cat-and-mouse, concentrated-fire, convoy-routes); possible here: 41")
    lines = wrapped(line + "\nshort", 40).splitlines()
    assert all(len(part) <= 40 for part in lines) and lines[-1] == "short"
    assert " ".join(part.strip() for part in lines[:-1]) == line.strip()
    assert all(part.startswith("    ") for part in lines[1:-1])
    assert wrapped(line) == wrapped(line, WIDTH)  # not a terminal: 80 columns


def test_the_prompts_answers_fit_80_columns_when_not_a_terminal() -> None:
    """`rules nonexistent` and a refused move come back in lines of 80 columns at most."""
    def rules(rest: str) -> str:
        return f"{rest!r} is no card here: type a card's id as the screen shows it (e.g. " \
               "cat-and-mouse, concentrated-fire, convoy-routes)."

    def refuse(text: str) -> str:
        raise HuntError(f"{text!r} cannot happen here; possible here: " + ", ".join(MOVES))

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        chosen = read_menu(["end", *MOVES], lambda index: str(index), refuse,
                           io.StringIO("rules nonexistent\nmove nothing\n1\n"),
                           {"rules": rules})
    assert chosen == "0"
    assert all(len(line) <= WIDTH for line in out.getvalue().splitlines())
    assert "cat-and-mouse" in out.getvalue() and "Not accepted" in out.getvalue()
