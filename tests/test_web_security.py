"""`hunt serve` against a hostile client. Each test replays one way a hostile client
got at the server and checks what the server answers now: no path
is read or named over HTTP, only this machine's host names are served, a change is a
bounded POST from this server's own pages, a seat is held by one browser, every bad
request is a 4xx, and a game that is left or idle stops and goes."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import threading
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hunt.cli.web.app import IDLE_SECONDS, allowed_hosts, create_app, running
from hunt.cli.web.session import WebGame
from hunt.models.game import AnyState
from hunt.models.registry import load_game, state_from_record
from hunt.solver.agent import Agent, HeuristicAgent
from hunt.solver.agent_specs import level_iterations
from hunt.solver.profiles import search_profile
from hunt.solver.record_files import revealed_record
from hunt.solver.session import GameSession, seen_position

BASE = "http://127.0.0.1"


def _client(app: object) -> TestClient:
    """A browser of its own (its own cookies) on `app`."""
    return TestClient(app, base_url=BASE, raise_server_exceptions=False)  # type: ignore[arg-type]


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def client(saves: Path) -> TestClient:
    return _client(create_app(saves))


def _token(response: object) -> str:
    location = str(response.headers["location"])  # type: ignore[attr-defined]
    return location.rsplit("/", 1)[1]


def _start(client: TestClient, address: str) -> str:
    response = client.post(address, follow_redirects=False)
    assert response.status_code == 303, response.text
    return _token(response)


def _settled(client: TestClient, token: str) -> dict:  # type: ignore[type-arg]
    for _ in range(400):
        view = client.get(f"/api/{token}/view").json()
        if not view.get("thinking"):
            return view  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError("the computer never answered")


# -- 1, 4, 5, 6: no paths over HTTP --------------------------------------------------


def test_resume_reads_no_path_and_a_canary_outside_the_save_folder_is_never_read(
        client: TestClient, tmp_path: Path) -> None:
    """Findings 1 and 4: a path sent to /resume is never opened; the answer echoes
    nothing of the file it names."""
    canary = tmp_path / "canary.json"
    canary.write_text('{"game": "topsecret", "seed": 1, "actions": []}')
    before = canary.stat().st_atime_ns
    assert client.get("/resume", params={"record": str(canary)}).status_code == 405
    for body in (str(canary).encode(), json.dumps({"record": str(canary)}).encode(),
                 b"~nosuchuser/x.json", b"/etc/shadow"):
        answer = client.post("/resume", content=body)
        assert answer.status_code == 400, answer.text
        assert "topsecret" not in answer.text and "Traceback" not in answer.text
    assert canary.stat().st_atime_ns == before


def test_an_address_asks_for_no_model_and_a_fifo_is_never_opened(
        client: TestClient, tmp_path: Path) -> None:
    """Findings 4 and 5: `model=`, `prior=` and `value=` (they read files) are refused
    at once, so a named pipe cannot freeze the server."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for query in (f"ai=ismcts:prior=1,model={fifo}", f"level=prior=1,model={fifo}",
                  "ai=ismcts:prior=1", "ai=ismcts:value=0.5", "level=normal,value=1"):
        answer = client.post(f"/play/the-hunt?as=german&{query}")
        assert answer.status_code == 400, (query, answer.text)
        assert "is not accepted here" in answer.text
    assert client.get("/").status_code == 200


def test_a_resumed_record_is_saved_to_a_new_file_and_the_original_is_untouched(
        client: TestClient, saves: Path, tmp_path: Path) -> None:
    """Findings 6 and 7: the upload's game is saved in a new file of the save folder; a
    record from elsewhere, and the save it came from, are never written."""
    token = _start(client, "/play/jutland?as=british&seed=2&ai=heuristic")
    view = _settled(client, token)
    original = next(saves.glob("jutland-*.json"))
    outside = tmp_path / "elsewhere.json"
    outside.write_bytes(original.read_bytes())
    resumed = _token(client.post("/resume", content=outside.read_bytes(),
                                 follow_redirects=False))
    mine = _settled(client, resumed)
    client.post(f"/api/{resumed}/move", json={"move": mine["choices"][0]["text"],
                                              "position": mine["position"]})
    _settled(client, resumed)
    assert outside.read_bytes() == original.read_bytes()
    assert seen_position(state_from_record(revealed_record(original, spoilers=True)),
                         1) == view["position"]
    assert len(list(saves.glob("jutland-*.json"))) == 2


def test_nothing_a_page_is_sent_names_a_file(client: TestClient, saves: Path) -> None:
    """Finding 1: the view says whether the game is saved, never where."""
    token = _start(client, "/play/jutland?as=german&seed=1&ai=heuristic")
    view = _settled(client, token)
    assert view["saved"] is True
    for text in (json.dumps(view), client.get(f"/game/{token}").text):
        assert str(saves) not in text and ".json" not in text


# -- 8, 10, 11: standard web defences ------------------------------------------------


def test_a_foreign_host_and_a_cross_site_post_are_refused_by_a_real_server(
        saves: Path) -> None:
    """Findings 6 and 8, on uvicorn: `Host: evil.example` (DNS rebinding) is refused,
    a POST whose Origin or Referer is another site's is refused 403 and starts nothing,
    and an invitation names the allowed host, never the request's."""
    with running(create_app(saves)) as address:
        port = int(address.rsplit(":", 1)[1])

        def ask(method: str, path: str, headers: dict[str, str],
                body: bytes = b"") -> tuple[int, str, dict[str, str]]:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                return response.status, response.read().decode(), dict(response.headers)
            finally:
                connection.close()

        assert ask("GET", "/", {"Host": "evil.example"})[0] == 400
        assert ask("GET", "/", {"Host": f"evil.example:{port}"})[0] == 400
        assert ask("GET", "/", {"Host": f"localhost:{port}"})[0] == 200
        for header in ({"Origin": "http://evil.example"}, {"Origin": "null"},
                       {"Referer": "http://evil.example/page"}):
            status, text, _ = ask("POST", "/play/jutland?ai=human", {
                "Host": f"127.0.0.1:{port}", "Content-Type": "text/plain", **header})
            assert status == 403 and "another site" in text
        assert not list(saves.iterdir())
        status, _, headers = ask("POST", "/play/jutland?as=german&ai=human", {
            "Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"})
        assert status == 303
        token = headers["location"].rsplit("/", 1)[1]
        cookie = headers["set-cookie"].split(";", 1)[0]
        assert "httponly" in headers["set-cookie"].lower()
        assert "samesite=strict" in headers["set-cookie"].lower()
        status, page, _ = ask("GET", f"/game/{token}", {"Host": f"localhost:{port}",
                                                        "Cookie": cookie})
        assert status == 200
        assert re.search(rf'href="http://127\.0\.0\.1:{port}/game/[^"]+"', page)
        assert "localhost" not in page


def test_changes_are_post_only_and_an_address_only_shows_a_start_button(
        client: TestClient, saves: Path) -> None:
    """Finding 8: a GET changes nothing (no game, no file); new game, move, resume and
    leave are POSTs."""
    page = client.get("/play/jutland?as=german&level=easy")
    assert page.status_code == 200 and 'method="post"' in page.text
    assert 'name="level" value="easy"' in page.text
    assert not list(saves.iterdir())
    assert client.get("/resume").status_code == 405
    token = _start(client, "/play/jutland?as=german&seed=1&ai=heuristic")
    for action in ("move", "leave"):
        assert client.get(f"/api/{token}/{action}").status_code == 405
    assert 'action="/play/jutland" method="post"' in client.get("/").text


def test_a_body_over_the_limit_is_refused_413_before_it_is_read_whole(
        client: TestClient) -> None:
    """Finding 11: 64 kB for a move (by its Content-Length, or counted while a chunked
    body streams in), 10 MB for a record."""
    token = _start(client, "/play/jutland?as=german&seed=1&ai=heuristic")
    big = b" " * (65 * 1024)
    assert client.post(f"/api/{token}/move", content=big).status_code == 413

    def chunks() -> object:
        for _ in range(100):
            yield b" " * 4096

    streamed = client.post(f"/api/{token}/move", content=chunks())  # type: ignore[arg-type]
    assert streamed.status_code == 413
    record = client.post("/resume", content=b" " * 10_000_001)
    assert record.status_code == 413 and "at most 10000000" in record.text
    assert client.post("/play/jutland", content=big).status_code == 413


def test_a_position_must_be_a_json_integer(client: TestClient) -> None:
    """Finding 10: 14.5, Infinity, 1e400, text and deep nesting are 400s, never taken as
    a number or a 500."""
    token = _start(client, "/play/jutland?as=german&seed=1&ai=heuristic")
    view = _settled(client, token)
    move = json.dumps(view["choices"][0]["text"])
    for position in ("14.5", "Infinity", "-Infinity", "NaN", "1e400", '"0"', "true",
                     "null", "[0]", "9" * 5000):
        body = f'{{"move": {move}, "position": {position}}}'.encode()
        answer = client.post(f"/api/{token}/move", content=body)
        assert answer.status_code == 400, (position, answer.text)
    nested = b"[" * 30_000 + b"]" * 30_000
    assert client.post(f"/api/{token}/move", content=nested).status_code == 400
    assert client.post("/resume", content=b"[" * 100_000).status_code == 400
    assert client.post("/resume", content=b'{"game": "jutland", "seed": 1' + b"0" * 60
                       + b"}").status_code == 400
    assert _settled(client, token)["position"] == view["position"]


def test_no_request_to_any_endpoint_gets_a_500(client: TestClient) -> None:
    """Finding 10: garbage posted to, and odd queries sent to, every endpoint is a 4xx
    with one line (or a page), never a 500 or a traceback."""
    token = _start(client, "/play/jutland?as=german&seed=1&ai=heuristic")
    bodies = [b"", b"{", b"null", b"[]", b"\xff\xfe\x00", b'{"move": 1, "position": 0}',
              b'{"move": "x", "position": 1e999}', b"a=b&" * 100, b"%%%", b"[" * 3000,
              json.dumps({"game": "jutland", "seed": 1, "actions": ["nonsense"]}).encode(),
              json.dumps({"game": "jutland", "seed": -1, "actions": [[1]]}).encode(),
              json.dumps({"game": "the-hunt", "seed": 1, "options": {"x": 1},
                          "actions": []}).encode(),
              json.dumps({"game": "jutland", "seed": 1, "actions": [],
                          "seat": "german"}).encode()]
    paths = ["/", "/play/jutland", "/play/nothing", "/play/jutland?seed=1e400&as=%00",
             "/play/jutland?ai=ismcts:time=nan", "/play/jutland?level=%ff",
             "/play/jutland?ai=cfr:iterations=1", "/resume", "/resume?level=hard,workers=0",
             "/game/x", f"/game/{token}", f"/api/{token}/view", f"/api/{token}/move",
             f"/api/{token}/hint?x=1", f"/api/{token}/analysis", "/api/x/move",
             f"/api/{token}/record", f"/api/{token}/belief",
             "/static/..%2fapp.py", "/static/board.js", f"/api/{token}/leave"]
    for path in paths:
        for method in ("GET", "POST", "PUT"):
            for body in (bodies if method == "POST" else [b""]):
                answer = client.request(method, path, content=body)
                assert answer.status_code < 500, (method, path, body[:40], answer.text)
                assert "Traceback" not in answer.text


# -- 9: budgets and cancel -----------------------------------------------------------


def test_the_computers_budget_from_an_address_is_bounded(client: TestClient) -> None:
    """Finding 9: no budget above the hard level's, no more workers than cores; the
    levels and small budgets still play."""
    cores = os.cpu_count() or 1
    hard = level_iterations(search_profile(load_game("the-hunt")).normal_iterations, "hard")
    for query in ("ai=ismcts:time=1e9", "ai=ismcts:iterations=999999999999",
                  "ai=ismcts:workers=500", "level=hard,workers=999", "ai=ismcts:time=9",
                  f"ai=ismcts:workers={cores + 1}", f"level=iterations={hard + 1}"):
        answer = client.post(f"/play/the-hunt?as=german&{query}")
        assert answer.status_code == 400 and "at most" in answer.text, (query, answer.text)
    for query in ("level=hard", "level=easy", "ai=ismcts:iterations=5,time=1",
                  "ai=heuristic", "ai=random", "ai=human", f"level=iterations={hard}"):
        assert client.post(f"/play/the-hunt?as=german&{query}",
                           follow_redirects=False).status_code == 303, query


class _Slow(HeuristicAgent):
    """A heuristic that takes its time: a long search."""

    def select_action(self, state: AnyState) -> object:  # type: ignore[override]
        time.sleep(0.2)
        return super().select_action(state)


def test_leaving_a_game_stops_the_computer_at_its_next_decision() -> None:
    """Finding 9: a game left (or dropped) plays no further computer decision."""
    game = load_game("jutland")
    agents: list[Agent | None] = [_Slow(1), _Slow(2)]
    session = WebGame(game.new_initial_state(1), agents, None)
    session.start_computer()
    time.sleep(0.3)
    session.stop()
    session.wait(5)
    played = len(session.state.history)
    assert not session.view(0)["thinking"] and not session.state.is_terminal()
    time.sleep(0.5)
    assert len(session.state.history) == played
    session.start_computer()  # a stopped game's computer never starts again
    assert not session.view(0)["thinking"]


def test_a_page_that_leaves_ends_its_game_for_every_seat(client: TestClient) -> None:
    token = _start(client, "/play/jutland?as=german&seed=1&ai=heuristic")
    _settled(client, token)
    assert client.post(f"/api/{token}/leave").json() == {"left": True}
    assert client.get(f"/api/{token}/view").status_code == 404


def test_idle_games_leave_memory_and_come_back_from_the_store(saves: Path) -> None:
    """Finding 8: a game no page asked for in a long while leaves memory (its computer
    stopped); its link brings it back from the store where it was."""
    now = [0.0]
    app = create_app(saves, clock=lambda: now[0])
    client = _client(app)
    token = _start(client, "/play/leduc?as=first&seed=2&ai=heuristic")
    before = _settled(client, token)
    now[0] += IDLE_SECONDS - 1
    assert client.get(f"/api/{token}/view").status_code == 200  # an access keeps it
    now[0] += IDLE_SECONDS + 1
    client.get("/api/nothing/view")  # any request sweeps
    assert app.state.games_in_memory() == 0
    again = _settled(client, token)
    assert again["position"] == before["position"] and again["screen"] == before["screen"]
    assert app.state.games_in_memory() == 1 and list(saves.glob("leduc-*.json"))


# -- 1, 2, 7: seats by capability ----------------------------------------------------


def test_an_invite_is_claimed_by_the_first_browser_and_then_leaves_the_hosts_page(
        saves: Path) -> None:
    """Findings 1 and 2: the friend's link shows on the host's page until the friend
    opens it; a second browser with the link is refused; no seat is sent another's
    token after that."""
    app = create_app(saves)
    host, friend, other = _client(app), _client(app), _client(app)
    mine = _start(host, "/play/the-hunt?as=british&seed=4&ai=human")
    link = re.search(r'their side only\): <a href="[^"]*/game/([^"]+)"',
                     host.get(f"/game/{mine}").text)
    assert link
    theirs = link.group(1)
    assert len(mine) >= 22 and len(theirs) >= 22 and mine != theirs
    assert other.get(f"/api/{theirs}/view").status_code == 403  # open the page first
    assert friend.get(f"/game/{theirs}").status_code == 200
    assert _settled(friend, theirs)["seat"] == "german"
    for browser, token in ((other, theirs), (other, mine), (friend, mine)):
        refused = browser.get(f"/game/{token}")
        assert refused.status_code == 403 and "this seat was taken" in refused.text
        assert browser.get(f"/api/{token}/view").status_code == 403
        assert browser.get(f"/api/{token}/belief").status_code == 403
        assert browser.post(f"/api/{token}/leave").status_code == 403
    page = host.get(f"/game/{mine}").text
    assert theirs not in page and "their side only" not in page
    assert mine not in friend.get(f"/game/{theirs}").text
    assert theirs not in json.dumps(_settled(host, mine))


def test_games_started_at_once_each_get_a_save_file_of_their_own(
        client: TestClient, saves: Path) -> None:
    """Finding 7: 16 games started in parallel in one second save to 16 files."""
    answers: list[int] = []

    def start() -> None:
        answers.append(client.post("/play/leduc?as=first&ai=heuristic",
                                   follow_redirects=False).status_code)

    threads = [threading.Thread(target=start) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert answers == [303] * 16
    files = list(saves.glob("leduc-*.json"))
    assert len(files) == 16
    assert all(revealed_record(file, spoilers=True)["game"] == "leduc" for file in files)


# -- 3: chance a copy cannot predict -------------------------------------------------


def _at_a_roll() -> AnyState:
    """A game of The Hunt at its first chance node with several outcomes."""
    state: AnyState = load_game("the-hunt").new_initial_state(7)
    rng = random.Random(7)
    while state.current_player() >= 0 or len(state.legal_actions()) < 3:
        state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                           else rng.choice(state.legal_actions()))
    return state


def test_without_a_seed_a_copy_of_the_game_predicts_no_draw() -> None:
    """Finding 3: copies of one position (a copied save) draw their own chance when no
    seed was asked for; with a seed every copy draws alike (a replayable game)."""
    state = _at_a_roll()
    drawn = {GameSession(state.clone(), [None, None], seeded=False).program_action()
             for _ in range(40)}
    assert len(drawn) > 1
    replayed = {GameSession(state.clone(), [None, None], seeded=True).program_action()
                for _ in range(5)}
    assert len(replayed) == 1


def test_a_computer_without_a_seed_is_seeded_by_the_operating_system() -> None:
    """Finding 3: the computer's search is seeded afresh at each decision, not from the
    record."""
    seeds: list[int] = []

    class Recorded(HeuristicAgent):
        def reseed(self, seed: int) -> None:
            seeds.append(seed)
            super().reseed(seed)

    state = load_game("jutland").new_initial_state(1)
    while state.current_player() != 0:
        state.apply_action(state.sample_chance_outcome(random.Random(1)))
    for seeded in (False, False, True, True):
        GameSession(state.clone(), [Recorded(1), None], seeded=seeded).program_action()
    assert seeds[0] != seeds[1] and seeds[2] == seeds[3]


def test_a_game_with_a_seed_says_once_that_it_is_replayable(client: TestClient) -> None:
    seeded = _start(client, "/play/jutland?as=german&seed=3&ai=heuristic")
    assert client.get(f"/game/{seeded}").text.count("A replayable game") == 1
    secret = _start(client, "/play/jutland?as=german&ai=heuristic")
    assert "replayable" not in client.get(f"/game/{secret}").text


def test_no_more_games_are_kept_than_the_limit(saves: Path) -> None:
    """Finding 8: a script that starts games for ever is refused (429) past the limit,
    until a game is left."""
    client = _client(create_app(saves, max_games=2))
    first = _start(client, "/play/leduc?as=first&ai=heuristic")
    _start(client, "/play/leduc?as=first&ai=heuristic")
    refused = client.post("/play/leduc?as=first&ai=heuristic")
    assert refused.status_code == 429 and "games are open" in refused.text
    assert client.post("/resume", content=b"{}").status_code == 429
    client.post(f"/api/{first}/leave")
    assert client.post("/play/leduc", follow_redirects=False).status_code == 303


# -- 12: a restart keeps every game ---------------------------------------------------


def test_a_restart_keeps_every_link_and_claim(saves: Path) -> None:
    """Finding 12: after a restart (a new app on the same save folder), each seat's link
    opens its game where it was, in the browser that held it, for both friends of a
    two-human game; an invitation nobody opened is still shown to the host; another
    browser is still refused."""
    first = create_app(saves)
    host, friend = _client(first), _client(first)
    mine = _start(host, "/play/jutland?as=british&seed=4&ai=human")
    theirs = re.findall(r"/game/([\w-]+)", host.get(f"/game/{mine}").text)[0]
    friend.get(f"/game/{theirs}")
    view = _settled(friend, theirs)
    friend.post(f"/api/{theirs}/move", json={"move": view["choices"][0]["text"],
                                             "position": view["position"]})
    played = _settled(friend, theirs)
    solo = _start(host, "/play/jutland?as=german&seed=5&ai=heuristic")
    alone = _settled(host, solo)
    pending = _start(host, "/play/leduc?as=first&ai=human")
    second = create_app(saves)
    host2, friend2, stranger = _client(second), _client(second), _client(second)
    host2.cookies = host.cookies
    friend2.cookies = friend.cookies
    assert _settled(friend2, theirs)["position"] == played["position"]
    assert _settled(host2, mine)["screen"] == _settled(host, mine)["screen"]
    assert _settled(host2, solo)["screen"] == alone["screen"]
    assert stranger.get(f"/game/{theirs}").status_code == 403
    assert "their side only" not in host2.get(f"/game/{mine}").text
    assert "their side only" in host2.get(f"/game/{pending}").text
    assert not list(saves.glob("*.json")) or all(
        theirs not in path.read_text() for path in saves.glob("*.json"))
    database = (saves / "hunt-web.sqlite3").read_bytes()
    assert theirs.encode() not in database and mine.encode() not in database


def test_the_full_record_is_given_to_both_seats_only_after_the_end(saves: Path) -> None:
    """A live game's full record is sent to nobody; once it is over, each seat may
    download it (and resume or analyse it)."""
    app = create_app(saves)
    first, second = _client(app), _client(app)
    mine = _start(first, "/play/leduc?as=first&seed=2&ai=human")
    theirs = re.findall(r"/game/([\w-]+)", first.get(f"/game/{mine}").text)[0]
    second.get(f"/game/{theirs}")
    for browser, token in ((first, mine), (second, theirs)):
        early = browser.get(f"/api/{token}/record")
        assert early.status_code == 409 and "actions" not in early.text
    while not (view := _settled(first, mine))["over"]:
        browser, token = (first, mine) if view["choices"] else (second, theirs)
        now = _settled(browser, token)
        browser.post(f"/api/{token}/move", json={"move": now["choices"][0]["text"],
                                                 "position": now["position"]})
    records = [browser.get(f"/api/{token}/record") for browser, token in
               ((first, mine), (second, theirs))]
    assert all(answer.status_code == 200 for answer in records)
    assert [answer.json()["human"] for answer in records] == ["first", "second"]
    assert records[0].json()["actions"] == records[1].json()["actions"]


def test_the_host_given_is_allowed_and_named_by_invitations(saves: Path) -> None:
    """Finding 8: `--host ADDRESS` adds that name to this machine's own; an invitation
    names it whatever Host the request came with."""
    assert allowed_hosts("::1") == ["[::1]", "127.0.0.1", "localhost"]
    app = create_app(saves, hosts=allowed_hosts("192.168.1.5"))
    lan = TestClient(app, base_url="http://192.168.1.5:8765",
                     raise_server_exceptions=False)
    token = _start(lan, "/play/jutland?ai=human")
    assert "http://192.168.1.5:" in lan.get(f"/game/{token}").text
    local = TestClient(app, base_url="http://localhost:8765", raise_server_exceptions=False)
    assert local.get("/").status_code == 200
    other = TestClient(app, base_url="http://192.168.1.6", raise_server_exceptions=False)
    assert other.get("/").status_code == 400


def test_a_request_never_reads_a_game_while_its_computer_applies_a_move(saves: Path) -> None:
    """Seen in a load run of 50 games: a request's sweep of idle games asked whether a
    game was over while the computer's move was being applied (its stack empty for a
    moment): a 500. The sweep reads a flag kept with each save, and the view waits for
    the game's lock."""
    app = create_app(saves)
    client = _client(app)
    token = _start(client, "/play/the-hunt?as=british&seed=3&ai=heuristic")
    _settled(client, token)
    (game,) = app.state.live_games()
    answers: list[int] = []
    with game.lock:  # as the computer's worker holds it while it applies a move
        stack, game.state.stack = game.state.stack, []
        asking = threading.Thread(
            target=lambda: answers.append(client.get(f"/api/{token}/view").status_code))
        asking.start()
        asking.join(0.5)
        game.state.stack = stack
    asking.join()
    assert answers == [200]
