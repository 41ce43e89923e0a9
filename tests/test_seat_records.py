"""Seat records: one seat's record of a game, and the worlds and advice drawn from it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from scipy.stats import chisquare

from hunt.cli.main import cli
from hunt.errors import RecordError
from hunt.models import available_games, load_game
from hunt.models.game import AnyState, random_action
from hunt.models.seat_record import SeatNotebook, seat_record, world_from_seat_record
from hunt.models.testing import alternative_histories
from hunt.models.the_hunt import BRITISH, GERMAN, TheHuntGame
from hunt.models.the_hunt.actions import TheHuntAction
from hunt.models.the_hunt.tracker import GrafSpeeTracker, raider_path

EXAMPLES = Path(__file__).parent.parent / "examples"
SEAT_RECORD_GAMES = tuple(available_games())
"""Every game writes seat records."""
WITNESS_SEEDS = {"the-hunt": 10, "jutland": 20, "hunting-party": 20}
"""Random games per game in the witness test (the rest: 40)."""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def random_game(name: str, seed: int) -> AnyState:
    """A game of random play stopped at a random point (or its end); `name` may add
    whole-number options ("hunting-party players=5")."""
    rng = random.Random(seed)
    game, *options = name.split()
    state: AnyState = load_game(game, **{key: int(value) for key, value in
                                         (option.split("=") for option in options)}
                                ).new_initial_state(seed)
    stop = rng.randrange(10, 300)
    while not state.is_terminal() and len(state.history) < stop:
        state.apply_action(random_action(state, rng))
    return state


def dumped(record: dict[str, object]) -> str:
    return json.dumps(record, indent=1)


@pytest.mark.parametrize("name", SEAT_RECORD_GAMES)
def test_games_a_seat_cannot_tell_apart_give_it_byte_identical_seat_records(name: str) -> None:
    games = 12 if name in ("the-hunt", "hunting-party", "jutland") else 40
    compared = 0
    for seed in range(games):
        state = random_game(name, seed)
        for seat in range(state.game.info.num_players):
            record = dumped(seat_record(state, seat))
            for world in alternative_histories(state, seat, random.Random(seed), attempts=8):
                assert dumped(seat_record(world, seat)) == record, (seed, seat)
                compared += 1
    if name == "hunted":  # the co-op game hides nothing done: its seat record is the record
        assert seat_record(state, 0)["actions"] == state.to_record()["actions"]
    else:
        assert compared >= games  # the property was put to the test, not skipped


@pytest.mark.parametrize("name", [*SEAT_RECORD_GAMES, "hunting-party players=5"])
def test_a_world_found_from_a_seat_record_shows_the_seat_exactly_what_it_saw(name: str) -> None:
    for seed in range(WITNESS_SEEDS.get(name.split()[0], 40) // (1 + (" " in name))):
        state = random_game(name, seed)
        for seat in range(state.game.info.num_players):
            record = json.loads(dumped(seat_record(state, seat)))
            world, recorded = world_from_seat_record(state.game, record, random.Random(seed))
            assert recorded == seat
            assert world.information_state_key(seat) == state.information_state_key(seat)
            assert seat_record(world, seat) == record


def test_the_hunt_seat_records_write_each_hidden_action_as_the_seat_saw_it() -> None:
    state = TheHuntGame().from_record(json.loads((EXAMPLES / "the-hunt-full-game.json")
                                                 .read_text()))
    full = state.to_record()["actions"]
    british = seat_record(state, BRITISH)["actions"]
    german = seat_record(state, GERMAN)["actions"]
    assert len(full) == len(british) == len(german)
    starts = [i for i, text in enumerate(full) if text.startswith("start ")]
    assert [british[i] for i in starts] == ["start ?"] and german[starts[0]] == full[starts[0]]
    moves = [i for i, text in enumerate(full) if text.startswith("move graf-spee")]
    assert moves and all(british[i] == " ".join(full[i].split()[:3]) + " ?" for i in moves)
    assert "draw ?" in british and "draw ?" in german
    # A search that succeeds elsewhere tells the British where the raider is not.
    assert any("; not here " in text for text in british) or \
        not any(text.startswith("search ") for text in full)


def test_a_seat_record_that_contradicts_itself_is_refused_naming_the_entry() -> None:
    state = random_game("the-hunt", 3)
    record = seat_record(state, BRITISH)
    opening = record["actions"][:20]
    placed = opening.index("start ?")
    broken = {**record, "actions": [*opening[:placed + 1], "roll 6; revealed 05"]}
    with pytest.raises(RecordError, match=rf"entry {placed + 2} 'roll 6; revealed 05' cannot"):
        world_from_seat_record(state.game, broken)
    with pytest.raises(RecordError, match="seat 'french' is not a seat of the-hunt"):
        world_from_seat_record(state.game, {**record, "seat": "french"})


def test_raider_paths_end_where_the_tracker_says_the_graf_spee_is() -> None:
    """Forward filtering, backward sampling: the last hex of 2,000 sampled paths
    follows the tracker's posterior (chi-square), and every path is a line of play that
    shows the British what they saw."""
    state = TheHuntGame().from_record(json.loads((EXAMPLES / "the-hunt-british-turn.json")
                                                 .read_text()))
    posterior = GrafSpeeTracker.for_seat(state, BRITISH).posterior()
    rng = random.Random(5)
    paths = [raider_path(state, sorted(posterior), rng) for _ in range(2000)]
    hexes = sorted(posterior)
    observed = [sum(path[-1] == h for path in paths) for h in hexes]
    expected = [2000 * posterior[h] for h in hexes]
    assert chisquare(observed, expected).pvalue > 0.001
    key = state.information_state_key(BRITISH)
    for path in paths[:20]:
        hexes_in_order = iter(path)
        world = state.replayed(0)
        for action in state.history:
            if action.verb == "start" or (action.verb, action.arg) == ("move", "graf-spee"):
                action = TheHuntAction(action.verb, action.arg, action.n, next(hexes_in_order))
            world.apply_action(action)
        assert world.information_state_key(BRITISH) == key


def test_hint_on_a_seat_record_is_the_hint_on_the_full_record(tmp_path: Path) -> None:
    full = EXAMPLES / "the-hunt-british-turn.json"
    seat = tmp_path / "british.json"
    code, out = run("record", "seat", str(full), "--as", "british", "-o", str(seat))
    assert code == 0, out
    state = TheHuntGame().from_record(json.loads(full.read_text()))
    assert json.loads(seat.read_text()) == seat_record(state, BRITISH)
    assert "graf-spee 2 ?" in seat.read_text() and "start ?" in seat.read_text()
    args = ("--json", "--iterations", "60", "--seed", "4")
    code, from_seat = run("hint", "the-hunt", str(seat), *args)
    assert code == 0, from_seat
    code, from_full = run("hint", "the-hunt", str(full), "--as", "british", *args)
    assert code == 0, from_full
    assert json.loads(from_seat) == json.loads(from_full)
    assert json.loads(from_seat)["recommendation"] is not None


def test_a_seat_record_advises_only_its_seat_and_is_not_played_on(tmp_path: Path) -> None:
    seat = tmp_path / "british.json"
    run("record", "seat", str(EXAMPLES / "the-hunt-british-turn.json"), "--as", "british",
        "-o", str(seat))
    code, out = run("hint", "the-hunt", str(seat), "--as", "german")
    assert code == 2 and "it can advise only the british" in out
    code, out = run("play", "the-hunt", "--resume", str(seat))
    assert code == 2 and "is a seat record" in out and "Traceback" not in out


TABLE_OPENING = ["freighter s-e1", "freighter e-b", *["draw ?"] * 5, "draw royal-navy",
                 "draw harwood", "draw cumberland", "draw storm-at-sea", "draw mile-by-mile",
                 "start ?", "altmark 32", "play langsdorff ap", "move graf-spee 2 ?"]


def table(*args: str, lines: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["table", "the-hunt", *args], input="\n".join(lines) + "\n")
    return result.exit_code, result.output


def test_the_table_keeps_the_seat_record_refuses_what_cannot_happen_and_resumes(
        tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    code, out = table("--as", "british", "--save", str(save),
                      lines=[*TABLE_OPENING, "move graf-spee 1 ?", "end", "undo", "quit"])
    assert code == 0, out
    # Every German act that can follow, the attacks from the hexes the raider may be on too
    assert "Not accepted: 'move graf-spee 1 ?' cannot happen here; possible here: attack " \
        "e-b; revealed 06, attack s-e1; revealed 29, end, move altmark 1 24" \
        in " ".join(out.split())
    assert "Struck out: end." in out and "Traceback" not in out
    record = json.loads(save.read_text())
    assert record["seat"] == "british" and record["actions"] == TABLE_OPENING
    code, out = table("--resume", str(save), lines=["end", "redraw 4", "hint", "quit"])
    assert code == 0, out
    assert "The Hunt: advice for the British." in out  # no count: it would count unseen acts
    assert json.loads(save.read_text())["actions"] == [*TABLE_OPENING, "end", "redraw 4"]
    code, out = table("--resume", str(save), "--as", "german", lines=["quit"])
    assert code == 2 and "resume it --as british" in out


def test_the_table_lists_the_other_sides_moves_in_their_public_form(tmp_path: Path) -> None:
    code, out = table("--as", "british", "--save", str(tmp_path / "t.json"),
                      lines=[*TABLE_OPENING[:-1], "quit"])
    assert code == 0, out
    menu = out[out.rindex("The German: what did they do"):]
    assert "move graf-spee 2 ?" in menu and "move graf-spee 2 1" not in menu


def test_the_tables_menu_of_the_seats_own_moves_shows_their_costs(tmp_path: Path) -> None:
    code, out = table("--as", "british", "--save", str(tmp_path / "t.json"),
                      lines=[*TABLE_OPENING, "end", "redraw 4", "quit"])
    assert code == 0, out
    menu = out[out.rindex("Your move:"):]
    assert "play cumberland ap (2 AP)" in menu and "play harwood ap (3 AP)" in menu


def test_the_tables_own_moves_offer_everything_they_may_show_not_the_witness_s_guess(
        tmp_path: Path) -> None:
    """Leduc's call that ends the hand shows the opponent's card: the menu lists every
    card the showdown may show (not one the program made up for the unseen deal), and
    the one seen is taken."""
    lines = ["deal ?", "deal Kh", "call", "call", "deal Js", "call", "call",
             "call; showdown Jh Kh"]
    result = CliRunner().invoke(cli, ["table", "leduc", "--as", "second", "--save",
                                      str(tmp_path / "t.json")], input="\n".join(lines) + "\n")
    code, out = result.exit_code, result.output
    assert code == 0, out
    menu = out[out.rindex("Your move:"):]
    showdowns = [f"call; showdown {card} Kh" for card in ("Jh", "Ks", "Qh", "Qs")]
    assert all(text in menu for text in showdowns)  # all the unseen cards but its own
    assert ("Not accepted: 'call': add what it showed you, as in " + ", ".join(showdowns)
            ) in " ".join(menu.split())  # the call alone: it showed the opponent's card
    assert "the opponent held Jh" in menu and "You lost." in menu


def test_analysis_of_a_seat_record_uses_only_that_seats_view() -> None:
    code, out = run("analyze", "the-hunt", str(EXAMPLES / "the-hunt-british-seat.json"),
                    "--playouts", "2", "--turning-points", "1", "--iterations", "20", "--json")
    assert code == 0, out
    report = json.loads(out[out.index("{"):])
    assert report["seat"] == "british"
    assert {decision["seat"] for decision in report["decisions"]} == {BRITISH}
    assert all(turn["graf_spee"] is None and turn["p_true_hex"] is None
               for turn in report["turns"])


def test_the_example_seat_record_is_the_british_record_of_the_example_game() -> None:
    full = TheHuntGame().from_record(json.loads((EXAMPLES / "the-hunt-full-game.json")
                                                .read_text()))
    assert json.loads((EXAMPLES / "the-hunt-british-seat.json").read_text()) == \
        seat_record(full, BRITISH)


def test_ctrl_c_at_the_table_saves_the_seat_record_and_exits_130(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("hunt.cli.table.read_menu", interrupted)
    save = tmp_path / "table.json"
    code, out = table("--as", "british", "--save", str(save), lines=[])
    assert code == 130 and "Stopped (interrupted)" in out
    assert json.loads(save.read_text())["seat"] == "british"


def hint_to_place(seed: int) -> AnyState:
    """A random game of The Hunt stopped where the German places an Intelligence Hint."""
    rng = random.Random(seed)
    state: AnyState = TheHuntGame().new_initial_state(seed)
    while not state.is_terminal():
        if state.current_player() == GERMAN and any(
                action.verb == "hint" for action in state.legal_actions()):
            return state
        state.apply_action(random_action(state, rng))
    raise AssertionError(f"no Hint to place in game {seed}")


def test_the_table_offers_a_hint_on_every_hex_the_map_shows_possible(tmp_path: Path) -> None:
    """The menu of what the German may do is exact: a Hint may go on any hex the map
    shows possible for the Graf Spee (it may be there), and each is offered and taken."""
    for seed in range(4):
        state = hint_to_place(seed)
        seen = state.observation(BRITISH)
        hexes = [h for h in seen["possible"] if h not in seen["hints"] and h != seen["altmark"]]
        notebook = SeatNotebook.from_record(state.game, seat_record(state, BRITISH))
        offered = notebook.possible_entries()
        assert [f"hint {h}" for h in hexes if f"hint {h}" not in offered] == [], seed
    save = tmp_path / "table.json"
    save.write_text(json.dumps(seat_record(state, BRITISH)))
    code, out = table("--resume", str(save), lines=[f"hint {hexes[0]}", "quit"])
    assert code == 0 and "Not accepted" not in out and "advice for" not in out, out
    assert json.loads(save.read_text())["actions"][-1].startswith(f"hint {hexes[0]}")


def test_hint_followed_by_a_hex_at_the_table_is_an_entry_never_the_advice(
        tmp_path: Path) -> None:
    """`hint 32` (the Altmark's hex, where no Hint can go) is refused as an entry; it
    does not ask for advice, which is `hint` alone."""
    code, out = table("--as", "british", "--save", str(tmp_path / "t.json"),
                      lines=[*TABLE_OPENING, "hint 32", "quit"])
    assert code == 0, out
    assert "Not accepted: 'hint 32' cannot happen here" in out and "advice for" not in out


def test_a_printed_card_name_is_accepted_at_the_table(tmp_path: Path) -> None:
    """A card may be typed as printed (case, apostrophes and punctuation aside): the
    record keeps its id."""
    save = tmp_path / "table.json"
    printed = {"draw royal-navy": "draw Royal Navy", "draw harwood": "draw Sir Henry Harwood",
               "draw cumberland": "draw HMS Cumberland"}
    code, out = table("--as", "british", "--save", str(save),
                      lines=[*(printed.get(entry, entry) for entry in TABLE_OPENING),
                             "rules harwood's intuition", "quit"])
    assert code == 0 and "Not accepted" not in out, out
    assert json.loads(save.read_text())["actions"] == TABLE_OPENING
    assert "Harwood's Intuition" in out[out.rindex("> rules"):]


def test_draw_hidden_x5_enters_five_draws_or_none(tmp_path: Path) -> None:
    """`draw ? x5` is five entries; `draw ? x6` where five can follow is refused in one
    line and none of it is written down."""
    save = tmp_path / "table.json"
    opening = [*TABLE_OPENING[:2], "draw ? x6", "draw ? x0", "draw ? x5", *TABLE_OPENING[7:]]
    code, out = table("--as", "british", "--save", str(save), lines=[*opening, "quit"])
    assert code == 0, out
    assert "Not accepted: 'draw ? x6': none of the 6 written down: number 6 was refused: " \
        "'draw ?' cannot happen here" in " ".join(out.split())
    assert "Not accepted: 'draw ? x0': the count after x is 1 to 40" in out
    assert json.loads(save.read_text())["actions"] == TABLE_OPENING


def test_the_tables_advice_lines_fit_80_columns(tmp_path: Path) -> None:
    """On the British turn the screen's advice, and `hint`, come in lines of 80 columns
    at most, broken at spaces ("possible", "worth" stay whole)."""
    code, out = table("--as", "british", "--save", str(tmp_path / "t.json"),
                      lines=[*TABLE_OPENING, "end", "redraw 4", "hint", "quit"])
    assert code == 0, out
    lines = out.splitlines()[1:-1]  # the first and last name the record's file
    assert [line for line in lines if len(line) > 80] == []
    assert "possible" in out and "worth its AP" in " ".join(out.split())


def test_every_entry_offered_where_cards_are_laid_face_down_is_one_the_notebook_takes(
        ) -> None:
    """A card the other side lays face down is no entry (its seat record leaves it out),
    so the notebook never offers it ("deploy ?" was offered and then refused); it
    offers instead what may follow, the Strike revealing such cards among them. Every
    entry offered along a game of Jutland, from either side, is taken."""
    game = load_game("jutland")
    reveals = 0
    for seat in range(2):
        rng = random.Random(seat)
        state = game.new_initial_state(seat)
        notebook = SeatNotebook(game, seat)
        while not state.is_terminal() and len(state.history) < 100:
            offered = notebook.possible_entries()
            assert not any(entry.split() in (["deploy", "?"], ["discard", "?"])
                           for entry in offered)
            for entry in [e for e in offered if e.startswith("done; deployed")][:4]:
                notebook.add(entry)  # raises RecordError if refused
                assert notebook.undo() == entry
                reveals += 1
            state.apply_action(random_action(state, rng))
            notebook.add_all(seat_record(state, seat)["actions"][len(notebook.entries):])
    assert reveals


def test_the_table_reads_a_game_saved_by_play_and_leaves_it_resumable(tmp_path: Path) -> None:
    """A game `hunt play` saved holds its hidden moves, sealed: the table opens it as the
    seat's record but keeps its own record in a new file, so the saved game still
    resumes (unless --save names a file for the table)."""
    saved = tmp_path / "game.json"
    played = CliRunner().invoke(cli, ["play", "the-hunt", "--as", "british", "--seed", "5",
                                      "--ai", "heuristic", "--save", str(saved)], input="quit\n")
    assert played.exit_code == 0, played.output
    before = saved.read_bytes()
    code, out = table("--resume", str(saved), lines=["quit"])
    assert code == 0, out
    assert f"{saved} is a game saved by `hunt play`; it is left as it is." in out
    assert saved.read_bytes() == before
    kept = [path for path in (tmp_path / "saves").iterdir() if path.name.startswith("the-hunt")]
    assert len(kept) == 1 and json.loads(kept[0].read_text())["seat"] == "british"
    resumed = CliRunner().invoke(cli, ["play", "the-hunt", "--resume", str(saved)],
                                 input="quit\n")
    assert resumed.exit_code == 0 and "Traceback" not in resumed.output, resumed.output
