"""The table companion in the browser (`hunt serve`'s notebook pages), through
Starlette's test client: a notebook started from the index's form, entries written
down and refused, the last struck out, the hint and the belief from the seat record,
the record kept in the store over a restart and given as the file `hunt table` writes,
and a page that shows each game exactly what the real game shows that seat."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hunt.cli.web.app import create_app
from hunt.cli.web.session import board_and_panels, seat_page
from hunt.cli.web.table import WebTable
from hunt.models.registry import available_games, game_plugin, load_game
from hunt.models.seat_record import SeatNotebook, seat_record
from hunt.models.testing import check_choice_words
from hunt.solver.record_files import read_game_record


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path), base_url="http://127.0.0.1",
                      raise_server_exceptions=False)


def _open(client: TestClient, game: str, seat: str) -> str:
    """Start a notebook as the index's "At a real table" button does; its token."""
    response = client.post(f"/table/{game}", data={"as": seat}, follow_redirects=False)
    assert response.status_code == 303, response.text
    location = str(response.headers["location"])
    assert location.startswith("/table/")
    return location.rsplit("/", 1)[1]


def _write(client: TestClient, token: str, entry: str) -> dict:  # type: ignore[type-arg]
    position = client.get(f"/api/table/{token}/view").json()["position"]
    response = client.post(f"/api/table/{token}/move", json={"move": entry,
                                                              "position": position})
    return {"status": response.status_code, **response.json()}


def test_a_notebook_writes_entries_down_refuses_what_cannot_happen_and_strikes_out(
        client: TestClient, tmp_path: Path) -> None:
    """Each entry tapped or typed is written down (`ENTRY xN` N times, all or none);
    one that cannot follow is refused in one line naming what may, the notebook
    unchanged; the last entry can be struck out; every entry is saved to the store and
    to a file of the save folder, the same file `hunt table --resume` reads."""
    token = _open(client, "the-hunt", "british")
    page = client.get(f"/table/{token}")
    assert page.status_code == 200 and "The Hunt at the table" in page.text
    view = client.get(f"/api/table/{token}/view").json()
    assert view["table"] == {"asked": "Chance: what came up?", "entries": 0, "last": None}
    assert view["seat"] == "british" and not view["thinking"]
    for _ in range(2):  # the two Freight Ships that sail first
        view = _write(client, token, view["choices"][0]["text"])
        assert view["status"] == 200
    written = _write(client, token, "draw ? x5")
    assert written["status"] == 200 and written["position"] == 7
    refused = _write(client, token, "draw ? x40")
    assert refused["status"] == 409 and refused["position"] == 7
    assert "none of the 40 written down" in refused["error"]
    refused = _write(client, token, "fly away")
    assert refused["status"] == 409 and "cannot happen here; possible here:" in \
        refused["error"]
    struck = client.post(f"/api/table/{token}/undo").json()
    assert struck["struck"] == "draw ?" and struck["position"] == 6
    stale = client.post(f"/api/table/{token}/move", json={"move": "draw ?", "position": 3})
    assert stale.status_code == 409 and "reload" in stale.json()["error"]
    record = client.get(f"/api/table/{token}/record")
    assert 'filename="the-hunt-british-seat-record.json"' in \
        record.headers["content-disposition"]
    saved = [path for path in tmp_path.glob("the-hunt-british-*.json")]
    assert len(saved) == 1 and read_game_record(saved[0], "the-hunt") == record.json()
    assert record.json()["actions"][-1] == "draw ?" and "seed" not in record.json()


def test_the_hint_and_the_belief_answer_from_the_seat_record(client: TestClient) -> None:
    """The hint is `hunt hint`'s advice from the record alone, and the belief shades the
    map: before the German starts, every hex the Graf Spee may start on."""
    token = _open(client, "the-hunt", "british")
    for entry in ("freighter a-e1", "freighter b-e1", "draw ? x5", "draw cumberland",
                  "draw cumberland", "draw royal-navy", "draw harwood", "draw storm-at-sea"):
        assert _write(client, token, entry)["status"] == 200, entry
    belief = client.get(f"/api/table/{token}/belief").json()
    assert belief["position"] == 12 and len(belief["belief"]) > 30
    assert abs(sum(belief["belief"].values()) - 1.0) < 1e-6
    hint = client.get(f"/api/table/{token}/hint").json()
    assert hint["text"].startswith("The Hunt: advice for the British.")
    assert hint["belief"] == belief["belief"]


def test_a_notebook_is_kept_over_a_restart_for_its_browser_only(tmp_path: Path) -> None:
    """The store keeps each notebook: after a restart its browser finds it where it
    was; another browser is refused it; closed, its address opens nothing (its file
    stays); an uploaded seat record opens a notebook that goes on from it."""
    first = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    token = _open(first, "jutland", "german")
    choices = first.get(f"/api/table/{token}/view").json()["choices"]
    assert _write(first, token, choices[0]["text"])["status"] == 200
    kept = first.get(f"/api/table/{token}/record").json()
    again = TestClient(create_app(tmp_path), base_url="http://127.0.0.1",
                       cookies=first.cookies)
    assert again.get(f"/api/table/{token}/record").json() == kept
    stranger = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    refused = stranger.get(f"/api/table/{token}/view")
    assert refused.status_code == 403 and "another browser" in refused.json()["error"]
    upload = stranger.post("/resume", content=json.dumps(kept),
                           headers={"content-type": "application/json"},
                           follow_redirects=False)
    assert upload.status_code == 303 and upload.headers["location"].startswith("/table/")
    theirs = upload.headers["location"].rsplit("/", 1)[1]
    assert stranger.get(f"/api/table/{theirs}/record").json() == kept
    assert again.post(f"/api/table/{token}/leave").json()["left"]
    assert again.get(f"/api/table/{token}/view").status_code == 404
    assert len(list(tmp_path.glob("jutland-german-*.json"))) == 2


def test_a_notebook_refuses_a_bad_seat_option_or_body_in_one_line(
        client: TestClient) -> None:
    """A seat or an option the game has not, a game that is not one, a move that is
    not JSON: each a one-line 4xx."""
    json_please = {"accept": "application/json"}
    response = client.post("/table/the-hunt", data={"as": "french"}, headers=json_please)
    assert response.status_code == 400
    assert response.json()["error"] == "'french' is not a seat of the-hunt; accepted: " \
                                       "german, british"
    response = client.post("/table/hunting-party", data={"o-players": "9"},
                           headers=json_please)
    assert response.status_code == 400 and "players" in response.json()["error"]
    assert client.post("/table/chess").status_code == 404
    token = _open(client, "hunted", "p1")
    response = client.post(f"/api/table/{token}/move", content=b"[1,")
    assert response.status_code == 400 and "position" in response.json()["error"]
    # an empty entry, an empty part after "; ", a line no entry is as long as: 409
    for game, seat, entry in (("jutland", "german", ""), ("jutland", "british", " "),
                              ("hunting-party", "p1", "draw ? ;"),
                              ("hunting-party", "p1", "; hunter barnaby-quill"),
                              ("the-hunt", "british", "a " * 30_000)):
        written = _write(client, _open(client, game, seat), entry)
        assert written["status"] == 409 and "\n" not in written["error"], (game, entry)
        assert written["position"] == 0


@pytest.mark.parametrize("name", available_games())
def test_the_notebook_page_shows_each_seat_what_the_real_game_shows_it(name: str) -> None:
    """No leak, and nothing lost: from the seat record of a random game, the notebook's
    page shows that seat the same screen, board, panels and hands as the real game's
    page shows it (its witness differs from the real game only where the seat cannot
    see), in every game and from every seat."""
    game = load_game(name)
    plugin = game_plugin(name)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        for _ in range(rng.randrange(10, 60)):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                               else rng.choice(state.legal_actions()))
        for seat in range(game.info.num_players):
            notebook = SeatNotebook.from_record(game, seat_record(state, seat))
            page = WebTable(notebook, Path("unused.json")).view()
            real = seat_page(plugin, game, state.observation(seat), seat, [], 0)
            for part in ("screen", "panels", "hand", "opponent_cards"):
                assert page[part] == real[part], (seed, seat, part)
            witness = notebook.world.observation(seat)
            assert board_and_panels(plugin, game, witness, seat, []) == \
                board_and_panels(plugin, game, state.observation(seat), seat, [])


def test_every_choice_of_the_hunt_has_words_of_its_own() -> None:
    """The browser's buttons say The Hunt's choices in players' words: every legal
    action of random positions of both sides, and every entry the table companion
    offers from either seat (hidden parts as ?, what an entry showed after "; "), has
    words of its own that name what the text names (its card, hex or Force), never the
    raw text."""
    game = load_game("the-hunt")
    cards = game.cards  # type: ignore[attr-defined]  # The Hunt's game holds its cards
    seen_verbs: set[str] = set()
    for text, said in check_choice_words(game, range(12), worlds=4, most_actions=150):
        for part in text.split("; ")[0].split()[1:]:
            if part in cards:
                assert cards[part].name in said, (text, said)
            elif part != "?" and part not in ("ap", "event"):
                assert part.upper() in said.upper().replace("GRAF SPEE", "GRAF-SPEE"), \
                    (text, said)
        seen_verbs.add(text.split()[0])
    assert {"move", "play", "search", "attack", "draw", "roll", "end"} <= seen_verbs
