"""`hunt hint`: the Graf Spee tracker and the search as advice, on recorded games."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hunt.cli.main import cli
from hunt.models.the_hunt import BRITISH, TheHuntGame
from hunt.models.the_hunt.tracker import GrafSpeeTracker

EXAMPLE = Path(__file__).parent.parent / "examples" / "the-hunt-british-turn.json"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_british_hint_on_the_example_record_shows_belief_searches_and_a_play() -> None:
    code, out = run("hint", "the-hunt", str(EXAMPLE), "--as", "british", "--iterations", "40")
    assert code == 0, out
    assert "7 hexes possible" in out
    assert "Likeliest hexes: 19 17.6%, 20 17.6%, 25 17.6%, 26 17.6%, 14 12.9%" in out
    assert "Force G: search 19 (1 AP): P(there) 17.6% x P(roll) 33% = P(find) 5.9%" in out
    assert "Intelligence fair-weather (plus-one): best P(find) 8.8% with it" in out
    assert "Recommended play: " in out


def test_hint_json_matches_the_tracker_and_names_no_hidden_hex_for_the_british() -> None:
    code, out = run("hint", "the-hunt", str(EXAMPLE), "--as", "british", "--json",
                    "--iterations", "0")
    assert code == 0, out
    data = json.loads(out)
    state = TheHuntGame().from_record(json.loads(EXAMPLE.read_text()))
    assert data["belief"] == GrafSpeeTracker.for_seat(state, BRITISH).posterior()
    assert data["searches"][0]["force"] == "G" and data["recommendation"] is None
    assert "graf_spee" not in data and "exposure" not in data


def test_german_hint_reports_its_exposure_and_the_safest_moves() -> None:
    code, out = run("hint", "the-hunt", str(EXAMPLE), "--as", "german", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["graf_spee"] == "15" and data["exposure"] == data["belief"]["15"]
    exposures = [move["exposure"] for move in data["safest_moves"]]
    assert exposures == sorted(exposures) and exposures[0] < data["exposure"]


def test_a_record_with_an_impossible_hint_is_refused_naming_the_action(tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text())
    number = record["actions"].index("hint 33") + 1
    record["actions"][number - 1] = "hint 06"  # far from the Graf Spee on 28
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(record))
    code, out = run("hint", "the-hunt", str(broken), "--as", "british")
    assert code == 2
    assert out.startswith(f"Error: {broken}: action {number}: 'hint 06' is not legal here")
    assert len(out.strip().splitlines()) == 1


def test_a_file_that_is_not_a_record_gets_a_one_line_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    code, out = run("hint", "the-hunt", str(junk), "--as", "british")
    assert code == 2 and "is not valid JSON (line 1, column 2" in out
    code, out = run("hint", "the-hunt", str(tmp_path / "missing.json"), "--as", "british")
    assert code == 2 and "cannot read the record" in out


def test_german_hint_while_placing_the_altmark_suggests_no_move_of_the_graf_spee(
        tmp_path: Path) -> None:
    # The example game, cut where the German places the Altmark: no turn has begun.
    record = json.loads(EXAMPLE.read_text())
    cut = next(i for i, text in enumerate(record["actions"]) if text.startswith("altmark"))
    record["actions"] = record["actions"][:cut]
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(record))
    code, out = run("hint", "the-hunt", str(path), "--as", "german", "--iterations", "10")
    assert code == 0, out
    assert "Your exposure" in out and "move graf-spee" not in out
    assert "Recommended play: altmark " in out
