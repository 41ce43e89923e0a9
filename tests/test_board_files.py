"""Bad board files never kill: every board file has one schema, shared by
its loader and `hunt board validate`, so a broken file gets a one-line `BoardError`
(exit code 2) and a file the validator accepts loads and plays."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import os
import random
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from click.testing import CliRunner, Result

from hunt.boards.catalog import Kind, board_sets, identify, kinds
from hunt.boards.data import board_file_override, board_text
from hunt.boards.hunted.data import load_hunted
from hunt.boards.hunting_party.data import load_hunting_party
from hunt.boards.jutland.deck import load_jutland
from hunt.boards.leduc.rules import load_leduc_rules
from hunt.boards.the_hunt.cards import load_hunt_cards
from hunt.boards.the_hunt.map import load_hunt_map
from hunt.boards.the_hunt.tracks import load_hunt_tracks
from hunt.cli.main import cli
from hunt.errors import BoardError, OptionError
from hunt.models import load_game
from hunt.models.game import CHANCE, AnyGame

BOARDS = Path(__file__).resolve().parents[1] / "boards"
OPTIONS: dict[str, tuple[dict[str, Any], ...]] = {
    "the-hunt": ({}, {"variant": "historical"}),
    "jutland": ({}, {"escape_bans_battle_cruisers": True}),
    "hunted": ({}, {"players": 2}, {"difficulty": "hard", "target": "hard"}),
    "hunting-party": ({}, {"players": 2}, {"players": 5}),
    "leduc": ({},)}
"""Options that make each game read every value of its board files."""


def kind_of(directory: str, filename: str) -> Kind:
    return next(k for k in kinds() if (k.directory, k.file.filename) == (directory, filename))


def edited(tmp_path: Path, directory: str, filename: str,
           change: Callable[[dict[str, Any]], object]) -> Path:
    """A copy of a shipped file, parsed, changed and written back (under its own name)."""
    data = tomllib.loads(board_text(directory, filename)[1])
    change(data)
    path = tmp_path / filename
    path.write_text(toml_text(data), encoding="utf-8")
    return path


def validate(path: Path) -> Result:
    result = CliRunner().invoke(cli, ["board", "validate", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert "Traceback" not in result.output
    return result


def play(game: AnyGame, rng: random.Random, steps: int = 40) -> None:
    """A new game and a few random actions (chance by its odds)."""
    state = game.new_initial_state(seed=rng.randrange(1000))
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def load_with(kind: Kind, path: Path, options: dict[str, Any], rng: random.Random) -> None:
    """Load `kind`'s game with `path` in place of its file, and play a little."""
    with board_file_override(kind.directory, kind.file.filename, path):
        play(load_game(kind.game, **options), rng)


def refused(kind: Kind, path: Path, options: dict[str, Any] | None = None) -> str:
    """The one-line `BoardError` loading the game with `path` gives."""
    with pytest.raises(BoardError) as error:
        load_with(kind, path, options or {}, random.Random(0))
    message = str(error.value)
    assert "\n" not in message and message.startswith(f"{path}: ")
    return message


# -- the shipped data is unchanged ---------------------------------------------------------

def plain(value: Any) -> Any:
    """A loaded component as JSON that keeps its types (tuple, list, dict, float)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, nx.Graph):
        return {"nodes": [[n, plain(dict(value.nodes[n]))] for n in value.nodes],
                "edges": sorted(sorted(e) for e in value.edges)}
    if isinstance(value, dict):
        return {"__dict__": [[plain(k), plain(v)] for k, v in value.items()]}
    if isinstance(value, list | tuple):
        return {"__" + type(value).__name__: [plain(v) for v in value]}
    return {"float": value} if isinstance(value, float) else value


def test_the_loaders_give_the_same_components_as_before_the_schemas() -> None:
    """tests/data/shipped_boards.json was dumped by the loaders before the schemas, and
    dumped again only where component data was meant to change (the rules audit: Second
    Funnel, Graf Scheer and Marconi leave the game after their event)."""
    loaded = {"the_hunt_map": plain(load_hunt_map()), "the_hunt_tracks": plain(load_hunt_tracks()),
              "the_hunt_cards": plain(load_hunt_cards()), "jutland": plain(load_jutland()),
              "jutland_escape": plain(load_jutland(True)), "hunted": plain(load_hunted()),
              "hunting_party": plain(load_hunting_party()), "leduc": plain(load_leduc_rules())}
    before = json.loads((Path(__file__).parent / "data" / "shipped_boards.json").read_text())
    assert json.loads(json.dumps(loaded)) == before


# -- 7: broken files give one line, never a traceback --------------------------------------

def _first(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    """Set `key` of the first table of the file's array to `value`."""
    def change(data: dict[str, Any]) -> None:
        table, _, name = key.partition(".")
        data[table][0][name] = value
    return change


BROKEN: list[tuple[str, str, Callable[[dict[str, Any]], object], str]] = [
    ("the_hunt", "cards.toml", _first("card.effect", {}),
     "[[card]] #1 'fair-weather': key 'effect': expected one of roll-bonus, "),
    ("hunted", "cards.toml", lambda d: d["card"][1].pop("name"),
     "[[card]] #2: key 'name' is missing; expected a non-empty string"),
    ("hunted", "setup.toml", lambda d: d["hit_rates"]["normal"].update(token="x"),
     "key 'hit_rates.normal.token': expected a number above 0 and at most 1, got 'x'"),
    ("the_hunt", "tracks.toml", lambda d: d.update(strategy=5),
     "key 'strategy': expected a table with spaces, entry_hex, advance_cost, start, got 5"),
    ("the_hunt", "map.toml", _first("hex.blocked", 5),
     "[[hex]] #1 '01': key 'blocked': expected a list of any number of different values, "
     "each the name of a hex, got 5"),
    ("the_hunt", "map.toml", _first("freighter.route", 5),
     "[[freighter]] #1 'e-a': key 'route': expected a list of 2 or more values"),
    ("the_hunt", "map.toml", lambda d: d.update(hex=5), "key 'hex': expected an array of"),
    ("hunted", "locations.toml", _first("location.effect", 5),
     "[[location]] #1 'Landing Pad': key 'effect': expected a table"),
    ("hunted", "cards.toml", _first("card.use", {"health": "x"}), "key 'use.health'"),
    ("jutland", "cards.toml", _first("card.force", "x"),
     "[[card]] #1 'hipper': key 'force': expected a whole number from 0 to 10, got 'x'"),
    ("jutland", "turns.toml", _first("turn.winner_loses", [1]), "key 'winner_loses'"),
    ("hunting_party", "fate.toml", _first("card.icons", 5), "key 'icons': expected a list"),
    ("hunting_party", "goals.toml", _first("goal.points", "x"), "key 'points'"),
    ("hunting_party", "actions.toml", lambda d: d["setup"].update(fate_passes=[1]),
     "key 'setup.fate_passes': expected a table with any of the keys 2, 3, 4, 5"),
    ("leduc", "rules.toml", lambda d: d["betting"].update(raise_sizes=5),
     "key 'betting.raise_sizes': expected a list of 2 values"),
]


@pytest.mark.parametrize(("directory", "filename", "change", "message"), BROKEN,
                         ids=[f"{d}/{f}-{m[:30]}" for d, f, _, m in BROKEN])
def test_7_a_broken_file_is_one_line_naming_file_key_and_what_is_accepted(
        tmp_path: Path, directory: str, filename: str,
        change: Callable[[dict[str, Any]], object], message: str) -> None:
    path = edited(tmp_path, directory, filename, change)
    result = validate(path)
    assert result.exit_code == 2
    assert any(line.startswith(f"{path}: ") and message in line
               for line in result.output.splitlines()), result.output
    assert result.output.splitlines()[-1].startswith(f"Error: {path}: ")
    assert message in refused(kind_of(directory, filename), path)


def test_7_unreadable_and_missing_files_exit_2(tmp_path: Path) -> None:
    result = validate(tmp_path / "missing.toml")
    assert result.exit_code == 2 and "cannot read" in result.output
    (tmp_path / "notes.toml").write_text('title = "my notes"\n', encoding="utf-8")
    result = validate(tmp_path / "notes.toml")
    assert result.exit_code == 2 and "not a board file hunt can check; accepted:" \
        in result.output and len(result.output.splitlines()) == 1


# -- 8: accepted, then the game crashed: now refused by both -------------------------------

ACCEPTED_THEN_CRASHED = [
    ("hunted", "setup.toml", lambda d: d["two_player"].pop("starting_ammo"), {"players": 2},
     "key 'two_player.starting_ammo' is missing; expected a whole number from 0 to 10"),
    ("the_hunt", "tracks.toml", lambda d: d["game"].update(duels="5"), {},
     "key 'game.duels': expected a whole number from 1 to 9, got '5'"),
    ("the_hunt", "map.toml", _first("freighter.id", {"a": 1}), {},
     "[[freighter]] #1: key 'id': expected a non-empty string, got {'a': 1}"),
    ("the_hunt", "map.toml", lambda d: d["freighter"][0].pop("id"), {},
     "[[freighter]] #1: key 'id' is missing"),
    ("hunted", "setup.toml", lambda d: d["start"].update(hard_health="x"),
     {"difficulty": "hard"}, "key 'start.hard_health': expected a whole number from 1 to 10"),
]


@pytest.mark.parametrize(("directory", "filename", "change", "options", "message"),
                         ACCEPTED_THEN_CRASHED)
def test_8_what_crashed_a_game_is_refused_by_validate_and_the_loader(
        tmp_path: Path, directory: str, filename: str,
        change: Callable[[dict[str, Any]], object], options: dict[str, Any],
        message: str) -> None:
    path = edited(tmp_path, directory, filename, change)
    result = validate(path)
    assert result.exit_code == 2 and message in result.output
    assert message in refused(kind_of(directory, filename), path, options)


# -- 9: accepted and wrong: now refused ----------------------------------------------------

def _duplicate(array: str, index: int = 0) -> Callable[[dict[str, Any]], None]:
    return lambda data: data[array].append(dict(data[array][index]))


ACCEPTED_AND_WRONG = [
    ("the_hunt", "map.toml", lambda d: d["freighter"][1].update(id="e-a"),
     "[[freighter]] #2 'e-a': key 'id': 'e-a' is used twice; each [[freighter]] needs its "
     "own id"),
    ("hunted", "cards.toml", _duplicate("card", 1), "key 'name': 'Laser Rifle' is used twice"),
    ("hunted", "locations.toml", lambda d: d["location"].__setitem__(
        1, dict(d["location"][2])), "key 'name': 'Med Bay' is used twice"),
    ("the_hunt", "tracks.toml", lambda d: d["game"].update(battle_hand_size=-5),
     "key 'game.battle_hand_size': expected a whole number from 1 to 9, got -5"),
    ("hunted", "locations.toml", _first("location.effect", {"time": -1e9}),
     "key 'effect.time': expected a whole number from -10 to 10, got -1000000000.0"),
]


@pytest.mark.parametrize(("directory", "filename", "change", "message"), ACCEPTED_AND_WRONG)
def test_9_what_was_accepted_and_wrong_is_refused(
        tmp_path: Path, directory: str, filename: str,
        change: Callable[[dict[str, Any]], object], message: str) -> None:
    path = edited(tmp_path, directory, filename, change)
    result = validate(path)
    assert result.exit_code == 2 and message in result.output, result.output
    assert message in refused(kind_of(directory, filename), path)


# -- 10: every shipped file validates clean; every file a game loads can be validated -------

def test_10_every_shipped_board_file_validates_clean_as_what_it_is() -> None:
    shipped = sorted(BOARDS.glob("*/*.toml"))
    assert {(p.parent.name, p.name) for p in shipped} == \
        {(k.directory, k.file.filename) for k in kinds()}
    for path in shipped:
        result = validate(path)
        kind = kind_of(path.parent.name, path.name)
        assert result.exit_code == 0, result.output
        assert result.output == f"{path}: checked as {kind}: no problems.\n"


def test_10_every_loaders_file_is_recognised_by_name_and_by_its_tables(tmp_path: Path) -> None:
    for board_set in board_sets():
        for board_file in board_set.files:
            kind = kind_of(board_set.directory, board_file.filename)
            text = board_text(board_set.directory, board_file.filename)[1]
            assert identify(Path(board_file.filename), text) == kind
            assert identify(tmp_path / "edited.toml", text) == kind  # by its tables alone


def test_board_show_accepts_every_game_with_board_files() -> None:
    for game in sorted({kind.game for kind in kinds()}):
        result = CliRunner().invoke(cli, ["board", "show", game])
        assert result.exit_code == 0 and result.output, game


# -- the fuzz ------------------------------------------------------------------------------

ODD_VALUES: tuple[Any, ...] = (5, "x", "5", {}, [], [5], True, -1.5, "", {"a": 1})
"""Values of the wrong type (for most keys)."""
ODD_NUMBERS: tuple[Any, ...] = (-1, 0, -5, 999, 10**9, -(10**9), 1e9, -1e9, 0.5, 1e-9)
"""Numbers out of most ranges."""
MUTATIONS = ("delete", "retype", "duplicate", "renumber", "truncate")


def toml_text(data: dict[str, Any]) -> str:
    """`data` as TOML: every top-level key on its own line, values inline."""
    return "".join(f"{_key(key)} = {_value(value)}\n" for key, value in data.items())


def _key(key: str) -> str:
    return json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int | str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside `value` (dict keys and list indexes)."""
    found = [path] if path else []
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, list) else ()
    for key, item in items:
        found += _places(item, (*path, key))
    return found


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """A damaged copy of a board file's text, and what was done to it."""
    kind = rng.choice(MUTATIONS)
    if kind == "truncate":
        cut = rng.randrange(len(text))
        return text[:cut], f"truncate at {cut}"
    data = copy.deepcopy(tomllib.loads(text))
    places = _places(data)
    if kind == "duplicate":
        lists = [path for path in places if isinstance(_get(data, path), list)
                 and _get(data, path)]
        if lists:
            path = rng.choice(lists)
            items = _get(data, path)
            items.append(copy.deepcopy(rng.choice(items)))
            return toml_text(data), f"duplicate an entry of {path}"
        kind = "retype"
    if kind == "renumber":
        numbers = [path for path in places if type(_get(data, path)) in (int, float)]
        if numbers:
            path = rng.choice(numbers)
            _parent(data, path)[path[-1]] = rng.choice(ODD_NUMBERS)
            return toml_text(data), f"renumber {path}"
        kind = "retype"
    path = rng.choice(places)
    parent = _parent(data, path)
    if kind == "delete":
        del parent[path[-1]]
        return toml_text(data), f"delete {path}"
    parent[path[-1]] = copy.deepcopy(rng.choice(ODD_VALUES))
    return toml_text(data), f"retype {path} to {parent[path[-1]]!r}"


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


FUZZ_CASES = int(os.environ.get("HUNT_FUZZ_CASES", "70"))
"""Mutated files per run: a few seconds by default; set HUNT_FUZZ_CASES to run longer."""


def test_fuzz_validate_and_the_loaders_agree_and_never_crash(tmp_path: Path) -> None:
    """Random damage (a key deleted, a value of another type or out of range, an entry
    duplicated, the text cut short) to every shipped file, seeded: `board validate`
    exits 0 or 2 without a traceback, and the game loads and plays exactly when the
    validator said the file is clean (else a one-line BoardError)."""
    rng = random.Random(int(os.environ.get("HUNT_FUZZ_SEED", "22")))
    every, clean, start = kinds(), 0, time.perf_counter()
    for case in range(FUZZ_CASES):
        kind = every[case % len(every)]
        text, what = mutate(board_text(kind.directory, kind.file.filename)[1], rng)
        path = tmp_path / kind.file.filename
        path.write_text(text, encoding="utf-8")
        result = validate(path)
        assert result.exit_code in (0, 2), (kind, what, result.output)
        options = rng.choice(OPTIONS[kind.game])
        try:
            load_with(kind, path, options, rng)
        except BoardError as error:
            assert result.exit_code == 2, (kind, what, str(error))
            assert "\n" not in str(error)
            continue
        except OptionError:  # e.g. a narrower player range: refused in one line too
            assert options, (kind, what)
        assert result.exit_code == 0, (kind, what, result.output)
        clean += 1
    print(f"fuzz: {FUZZ_CASES} cases, {clean} accepted, "
          f"{time.perf_counter() - start:.1f} s")
