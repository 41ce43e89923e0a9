"""`hunt serve`'s app, through Starlette's test client: starting a game by its
address, moves and bad requests, resuming a record, and honesty (the page data is the
same in worlds the seat cannot tell apart)."""

from __future__ import annotations

import json
import random
import re
import time
from html import unescape
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hunt.cli.web.app import create_app
from hunt.cli.web.session import WebGame
from hunt.models.registry import available_games, game_plugin, load_game, state_from_record
from hunt.models.testing import indistinguishable_worlds
from hunt.models.the_hunt.rules import TheHuntGame
from hunt.solver.agent import HeuristicAgent
from hunt.solver.record_files import revealed_record
from hunt.solver.session import seen_position


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path), base_url="http://127.0.0.1",
                      raise_server_exceptions=False)


def _start(client: TestClient, address: str) -> str:
    """Start the game of an address (its button posts it); the token of its seat."""
    response = client.post(address, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"]).rsplit("/", 1)[1]


def _settled_view(client: TestClient, token: str) -> dict:  # type: ignore[type-arg]
    """The view once the computer has answered."""
    for _ in range(400):
        view = client.get(f"/api/{token}/view").json()
        if not view["thinking"]:
            return view  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError("the computer never answered")


def test_an_address_starts_a_game_and_shows_its_board(client: TestClient) -> None:
    token = _start(client, "/play/the-hunt?as=british&seed=3&ai=heuristic")
    page = client.get(f"/game/{token}")
    assert page.status_code == 200 and "board.js" in page.text
    view = _settled_view(client, token)
    assert view["seat"] == "british" and view["board"].startswith("<svg")
    assert view["choices"] and all({"text", "note"} <= set(c) for c in view["choices"])
    assert 'class="hex target"' in view["board"] or view["choices"]


def test_a_move_is_played_and_the_computer_answers(client: TestClient,
                                                   tmp_path: Path) -> None:
    token = _start(client, "/play/jutland?as=german&seed=1&ai=heuristic")
    view = _settled_view(client, token)
    first = view["choices"][0]["text"]
    answer = client.post(f"/api/{token}/move", json={"move": first,
                                                     "position": view["position"]})
    assert answer.status_code == 200
    after = _settled_view(client, token)
    assert after["position"] > view["position"]
    saved = revealed_record(next(tmp_path.glob("jutland-*.json")), spoilers=True)
    # saved after every action: the save is the position the page shows
    assert seen_position(state_from_record(saved), 0) == after["position"]


def test_bad_requests_get_one_line_errors_never_a_traceback(client: TestClient) -> None:
    def said(address: str) -> str:
        response = client.post(address)
        assert response.status_code in (400, 404) and "Traceback" not in response.text
        return unescape(response.text)

    assert "no game 'chess'; accepted: " in said("/play/chess")
    assert "'admiral' is not a seat of jutland; accepted: german, british" in said(
        "/play/jutland?as=admiral")
    assert "is not a whole number" in said("/play/jutland?seed=x1")
    assert "no agent 'alphazero'" in said("/play/jutland?ai=alphazero")
    assert client.get("/game/nothing-here").status_code == 404
    token = _start(client, "/play/jutland?as=german&seed=1&ai=heuristic")
    view = _settled_view(client, token)
    illegal = client.post(f"/api/{token}/move", json={"move": "deploy nelson",
                                                      "position": view["position"]})
    assert illegal.status_code == 409 and "'deploy nelson' is not" in illegal.json()["error"]
    stale = client.post(f"/api/{token}/move", json={"move": view["choices"][0]["text"],
                                                    "position": view["position"] - 1})
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    broken = client.post(f"/api/{token}/move", content=b"{")
    assert broken.status_code == 400 and broken.json()["error"].startswith("send {")
    for response in (illegal, stale, broken):
        assert "Traceback" not in response.text


def test_a_saved_game_is_resumed_where_it_was(client: TestClient, tmp_path: Path) -> None:
    token = _start(client, "/play/jutland?as=british&seed=2&ai=heuristic")
    view = _settled_view(client, token)
    client.post(f"/api/{token}/move", json={"move": view["choices"][0]["text"],
                                            "position": view["position"]})
    before = _settled_view(client, token)
    record = next(tmp_path.glob("jutland-*.json"))
    response = client.post("/resume", params={"level": "easy"},
                           content=record.read_bytes(), follow_redirects=False)
    assert response.status_code == 303
    again = _settled_view(client, response.headers["location"].rsplit("/", 1)[1])
    assert again["seat"] == "british" and again["position"] == before["position"]
    assert again["screen"] == before["screen"]
    assert len(list(tmp_path.glob("jutland-*.json"))) == 2  # re-saved to a new file
    broken = client.post("/resume", content=b'{"game": "jutland"')
    assert broken.status_code == 400 and "Traceback" not in broken.text


@pytest.mark.parametrize(("name", "options"), [("the-hunt", {}), ("jutland", {}),
                                               ("hunting-party", {"players": 3})])
def test_the_page_data_is_the_same_in_worlds_the_seat_cannot_tell_apart(
        name: str, options: dict[str, int]) -> None:
    """A seat's page (screen, board, cards, choices) is identical across
    worlds that differ only in what it cannot see: in The Hunt the raider's hex and the
    German's hand for the British (and the British hand for the German), in the card
    games the other hands and the decks."""
    game = load_game(name, **options)
    humans = [None] * game.info.num_players
    checked = 0
    for state, world, seat in indistinguishable_worlds(
            game, range(30), random.Random(8), pairs=12, probability=0.15,
            policy=lambda state, seed: HeuristicAgent(seed).select_action(state)):
        views = [WebGame(which, humans, None).view(seat) for which in (state, world)]
        assert views[0] == views[1]
        assert "<script" not in (views[0]["board"] or "")
        checked += 1
    assert checked == 12


def test_every_game_draws_a_table_for_the_browser_on_random_positions() -> None:
    """Each game's `web_board` draws (The Hunt's map, the others' tables) wherever a
    random game goes, every human seat alike."""
    for name in available_games():
        fewest, most = game_plugin(name).player_range  # every seat at the widest table
        game = load_game(name, **({"players": most} if fewest < most else {}))
        rng = random.Random(3)
        state = game.new_initial_state(3)
        session = WebGame(state, [None] * game.info.num_players, None)
        while not state.is_terminal():
            for seat in range(game.info.num_players):
                view = session.view(seat)
                assert view["board"] is None or view["board"].startswith(("<svg", "<div"))
            state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                               else rng.choice(state.legal_actions()))


def test_two_friends_each_get_a_page_of_their_own_side(client: TestClient) -> None:
    """`ai=human` seats a friend at the other side, with a secret link of
    their own; each page shows only its seat and plays only on its seat's turn."""
    token = _start(client, "/play/the-hunt?as=british&seed=4&ai=human")
    page = client.get(f"/game/{token}").text
    link = re.search(r'their side only\): <a href="[^"]*/game/([^"]+)"', page)
    assert link, page[:500]
    friend = link.group(1)
    assert client.get(f"/game/{friend}").status_code == 200  # the friend opens the link
    mine, theirs = _settled_view(client, token), _settled_view(client, friend)
    assert (mine["seat"], theirs["seat"]) == ("british", "german")
    assert theirs["choices"] and not mine["choices"]  # the German places first
    assert mine["waiting_for"] == "the German"
    refused = client.post(f"/api/{token}/move", json={"move": theirs["choices"][0]["text"],
                                                      "position": mine["position"]})
    assert refused.status_code == 409 and "not your turn" in refused.json()["error"]
    assert "their side only" not in client.get(f"/game/{friend}").text


def test_the_index_offers_every_seat_player_count_option_and_a_friend(
        client: TestClient) -> None:
    """Each game on the index names its player counts, offers every seat the game may
    have and each option with a short list of values, and a friend as the opponent."""
    page = client.get("/").text
    forms = dict(re.findall(r'<form class="game" action="/play/([^"]+)"(.*?)</form>', page,
                            re.S))
    assert set(forms) == set(available_games())
    for name, form in forms.items():
        plugin = game_plugin(name)
        seats = re.findall(r'<option value="([^"]+)">', form.split('name="as"')[1]
                           .split("</select>")[0])
        assert seats == list(plugin.seats[:plugin.player_range[1]]), name
        assert 'value="friend"' in form, name
        for option in plugin.options.options:
            shown = f'name="o-{option.name}"' in form
            assert shown == (option.type is bool or (bool(option.choices)
                             and option.type is not dict)), (name, option.name)
    assert "2 to 5 players" in forms["hunting-party"]
    assert re.search(r'<option value="hard">hard</option>', forms["hunted"])


def test_a_game_started_from_the_index_takes_its_options_and_players(
        client: TestClient) -> None:
    """The index's form fields: `o-players=4` seats four Hunters and `as=p4` the fourth;
    a seat beyond the players chosen and a value the option does not accept are refused
    in one line."""
    token = _start(client, "/play/hunting-party?as=p4&o-players=4&seed=2&level=easy")
    view = _settled_view(client, token)
    assert view["seat"] == "p4" and view["you"] == "Player 4"
    beyond = client.post("/play/hunting-party?as=p5&o-players=4", follow_redirects=False)
    assert beyond.status_code == 400 and "accepted: p1, p2, p3, p4" in beyond.text
    bad = client.post("/play/hunting-party?o-players=9", follow_redirects=False)
    assert bad.status_code == 400 and "players must be" in bad.text
    hard = _start(client, "/play/hunted?o-difficulty=hard&seed=1&level=easy")
    # hard mode: "starting with four health points and seventeen time points"
    assert "time 17 - your health 4/6" in _settled_view(client, hard)["screen"]


def test_an_option_or_a_computer_no_seat_uses_is_still_checked_in_one_line(
        client: TestClient) -> None:
    """A whole number is ASCII digits with a sign at most ("²", "①" and "+-3" pass
    `str.isdigit` but not `int`); a computer asked for in a game with no computer seat
    (one-player Hunted) is checked all the same, since the store keeps it."""
    for bad in ("%C2%B2", "%E2%91%A0", "%2B-3", "--3"):
        answer = client.post(f"/play/hunting-party?o-players={bad}", follow_redirects=False)
        assert answer.status_code == 400 and "players must be" in answer.text, bad
    answer = client.post("/play/hunted?level=normal,model=/etc/passwd",
                         follow_redirects=False)
    assert answer.status_code == 400 and "model" in answer.text


def test_a_cooperative_games_chart_shows_each_seat_the_chance_they_share() -> None:
    """In a co-operative game both seats win or lose together: the analysis's chart
    gives the second seat the same chance as the first, never its complement."""
    state = load_game("hunted", players=2).new_initial_state(3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                           else rng.choice(state.legal_actions()))
    session = WebGame(state, [None, None], None)
    first, second = session.analysis(0)["chart"], session.analysis(1)["chart"]
    assert first == second and first["of"] == "you" and first["points"]


def test_a_friend_chosen_on_the_index_gets_a_link_for_the_other_side(
        client: TestClient) -> None:
    token = _start(client, "/play/jutland?as=british&seed=4&level=friend")
    assert "their side only" in client.get(f"/game/{token}").text


def test_a_finished_game_is_replayed_as_the_seat_saw_it_and_only_once_it_is_over(
        client: TestClient) -> None:
    """The replay of position N is the seat's own view after N actions (its board, its
    state panel, its belief), and is refused while the game goes on."""
    token = _start(client, "/play/the-hunt?as=british&seed=5&ai=random")
    refused = client.get(f"/api/{token}/replay?at=0")
    assert refused.status_code == 409 and "finished game" in refused.json()["error"]
    view = _settled_view(client, token)
    rng = random.Random(5)
    while not view["over"]:
        choice = rng.choice(view["choices"])["text"]
        client.post(f"/api/{token}/move", json={"move": choice, "position": view["position"]})
        view = _settled_view(client, token)
    end = view["actions"]  # the replay's positions: every action, told at the end
    first = client.get(f"/api/{token}/replay?at=0").json()
    assert first["end"] == end and first["board"].startswith("<svg")
    assert "setup" in first["screen"] and "German: 0 cards" in first["screen"]
    assert first["belief"] is None or sum(first["belief"].values()) > 0.99
    last = client.get(f"/api/{token}/replay?at={end}").json()
    assert last["board"] == view["board"] and last["screen"] == view["screen"]
    for bad in (f"{end + 1}", "-1", "x", ""):
        answer = client.get(f"/api/{token}/replay?at={bad}")
        assert answer.status_code in (400, 409) and "error" in answer.json(), bad


def test_a_finished_game_is_analysed_on_its_page(client: TestClient) -> None:
    token = _start(client, "/play/leduc?as=first&seed=2&ai=heuristic")
    view = _settled_view(client, token)
    early = client.get(f"/api/{token}/analysis")
    assert early.status_code == 409 and "finished game" in early.json()["error"]
    while not view["over"]:
        client.post(f"/api/{token}/move", json={"move": view["choices"][0]["text"],
                                                "position": view["position"]})
        view = _settled_view(client, token)
    data = client.get(f"/api/{token}/analysis").json()
    assert "Turning points" in data["text"] and "if both sides play the solve" in data["text"]
    # the chart: the seat's own chance before each decision, the turning points on it
    chart = data["chart"]
    assert chart["of"] == "you" and chart["end"] == view["position"]
    assert chart["points"] and all(0 <= p <= 1 for _, p in chart["points"])
    decided = {index for index, _ in chart["points"]}
    assert all(point["index"] in decided for point in chart["turning"])


def test_a_computer_turn_that_fails_says_so_without_its_details() -> None:
    """A bug in the computer's turn leaves the page able to go on, told in one line
    that names nothing of the game (an error's text could name a hidden card)."""
    class Broken(HeuristicAgent):
        def select_action(self, state: object) -> object:  # type: ignore[override]
            raise RuntimeError("the German holds graf-scheer")

    game = load_game("jutland")
    session = WebGame(game.new_initial_state(1), [Broken(1), None], None)
    session.start_computer()
    session.wait(10)
    view = session.view(1)
    assert not view["thinking"] and "stopped with an error" in view["problem"]
    assert "graf-scheer" not in json.dumps(view)


def test_hunt_serve_binds_here_by_default_and_warns_for_another_host(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn
    from click.testing import CliRunner

    from hunt.cli.main import cli

    served: list[tuple[str, int]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, host, port, log_level: served.append(
        (host, port)))
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 0 and "The board is at http://localhost:8765/" in result.output
    assert "Warning" not in result.output
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--port", "9000"])
    assert "Warning: listening on 0.0.0.0" in result.output
    assert "give --host the address the others will use" in result.output
    assert served == [("127.0.0.1", 8765), ("0.0.0.0", 9000)]


def test_hunt_serve_without_the_web_extra_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from click.testing import CliRunner

    from hunt.cli.main import cli

    real_import = builtins.__import__

    def no_web(name: str, *args: object, **kwargs: object) -> object:
        if name in ("uvicorn", "starlette"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_web)
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 2
    assert "hunt serve needs the web extra: pip install -e '.[web]'" in result.output


def test_the_hand_is_drawn_as_cards_with_their_name_ap_text_and_uses_now() -> None:
    """Each card of The Hunt's hand comes face up with its printed name, its AP and
    its text; its uses are exactly the choices that play, give Intelligence or react
    with it, so a click on a card's button plays a legal move."""
    game = load_game("the-hunt")
    assert isinstance(game, TheHuntGame)
    rng = random.Random(4)
    state = game.new_initial_state(4)
    used = 0
    while not state.is_terminal() and state.turn < 6:
        player = state.current_player()
        if player >= 0:
            view = WebGame(state, [None, None], None).view(player)
            choices = {choice["text"] for choice in view["choices"]}
            assert [face["card"] for face in view["cards"]] == view["hand"]
            for face in view["cards"]:
                card = game.cards[face["card"]]
                assert (face["name"], face["value"]) == (card.name, f"{card.ap} AP")
                assert card.text in face["text"]
                assert {move for _, move in face["uses"]} == {
                    text for text in choices if text.split()[0] in
                    ("play", "intel", "react", "duel") and text.split()[1] == card.id}
                used += len(face["uses"])
            assert view["opponent_cards"] is not None and view["opponent"] in (
                "The German", "The British")
        state.apply_action(state.sample_chance_outcome(rng) if player < 0
                           else rng.choice(state.legal_actions()))
    assert used > 20


def test_the_state_panel_the_log_and_the_belief_are_the_same_in_worlds_the_seat_cannot_tell_apart(
        ) -> None:
    """The Hunt's panels (the state at a glance, the log in words, the ending) and the
    belief that shades the map are drawn from the seat's view: identical in two worlds
    that differ only in the raider's hex and the other side's cards."""
    game = load_game("the-hunt")
    humans = [None, None]
    checked = 0
    for state, world, seat in indistinguishable_worlds(
            game, range(30), random.Random(9), pairs=8, probability=0.15,
            policy=lambda state, seed: HeuristicAgent(seed).select_action(state)):
        sessions = [WebGame(which, humans, None) for which in (state, world)]
        views = [session.view(seat) for session in sessions]
        assert views[0]["panels"] is not None and views[0]["panels"]["log"]
        assert views[0]["panels"] == views[1]["panels"]
        assert sessions[0].belief(seat) == sessions[1].belief(seat)
        checked += 1
    assert checked == 8


def test_every_game_with_a_table_shows_the_whole_log_and_how_the_game_ended() -> None:
    """Every game that draws a table for the browser has a log panel: everything the
    seat has seen, oldest first, longer than the screen's last few lines, and once the
    game is over a sentence on how it ended."""
    with_table = [name for name in available_games() if game_plugin(name).web_board]
    assert len(with_table) >= 4
    for name in with_table:
        assert game_plugin(name).web_panels is not None, name
        state = load_game(name).new_initial_state(4)
        rng = random.Random(4)
        while not state.is_terminal():
            state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                               else rng.choice(state.legal_actions()))
        view = WebGame(state, [None] * state.game.info.num_players, None).view(0)
        panels = view["panels"]
        assert len(panels["log"]) > 6 and all(panels["log"]), name
        assert panels["ending"] and panels["ending"].endswith("."), name


def test_the_british_log_never_names_the_raiders_hex_where_it_moves() -> None:
    """The German's log says where the Graf Spee went; the British log of the same game
    says only the AP spent, and the British map marks no hex for that move."""
    game = load_game("the-hunt")
    rng = random.Random(12)
    state = game.new_initial_state(12)
    while state.turn < 8 and not state.is_terminal():
        state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                           else rng.choice(state.legal_actions()))
    session = WebGame(state, [None, None], None)
    german, british = (session.view(seat)["panels"]["log"] for seat in (0, 1))
    went = [line for line in german if line.startswith("The Graf Spee moves to ")]
    heard = [line for line in british if line.startswith("The Graf Spee moves")]
    assert went and len(heard) == len(went)
    assert all(re.fullmatch(r"The Graf Spee moves: \d AP spent\.", line) for line in heard)


def test_the_other_sides_last_turn_is_marked_on_the_map() -> None:
    """After the German moves the Altmark, the British map marks the hex it went to
    (`hex last`)."""
    game = load_game("the-hunt")
    rng = random.Random(5)
    state = game.new_initial_state(5)
    session = WebGame(state, [None, None], None)
    marked = 0
    while state.turn < 12 and not state.is_terminal():
        player = state.current_player()
        if player >= 0:
            action = next((a for a in state.legal_actions()
                           if state.action_to_string(a).startswith("move altmark")),
                          rng.choice(state.legal_actions()))
            text = state.action_to_string(action)
            state.apply_action(action)
            if text.startswith("move altmark"):
                board = session.view(1)["board"]
                assert f'class="hex last" data-hex="{text.split()[-1]}"' in board
                marked += 1
        else:
            state.apply_action(state.sample_chance_outcome(rng))
    assert marked >= 2


def test_the_state_panel_shows_ap_reserve_airplane_and_freight_ships_as_they_are() -> None:
    """The Hunt's state at a glance names, from the seat's view, the turn, the AP left,
    the Reserve, the airplane and the Freight Ships sunk and home, each in its box."""
    game = load_game("the-hunt")
    rng = random.Random(6)
    state = game.new_initial_state(6)
    session = WebGame(state, [None, None], None)
    seen_ap = set()
    while state.turn < 10 and not state.is_terminal():
        for seat in (0, 1):
            status = unescape(session.view(seat)["panels"]["status"])
            seen = state.observation(seat)
            boxes = dict(re.findall(r'data-stat="([a-z-]+)"><span class="stat-label">[^<]*'
                                    r"</span> <b>([^<]*)</b>", status))
            assert boxes["ap"] == str(seen["ap"])
            assert boxes["reserve"].startswith(f"{seen['reserve']} of ")
            assert boxes["plane"] == seen["plane"]
            assert boxes["sunk"].startswith(f"{len(seen['sunk'])} of ")
            assert boxes["home"].startswith(f"{len(seen['delivered'])} of ")
            seen_ap.add(seen["ap"])
        state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                           else rng.choice(state.legal_actions()))
    assert len(seen_ap) > 2


def test_the_map_plays_the_cheapest_move_to_each_hex_and_says_its_cost() -> None:
    """The map's clicks (`data-clicks`) send each piece to each hex by its cheapest
    legal move there, and name that move's AP; the dearer ones stay in the list."""
    game = load_game("the-hunt")
    rng = random.Random(7)
    state = game.new_initial_state(7)
    session = WebGame(state, [None, None], None)
    checked = 0
    while state.turn < 8 and not state.is_terminal():
        player = state.current_player()
        if player >= 0:
            board = session.view(player)["board"]
            found = re.search(r'data-clicks="([^"]*)"', board)
            assert found
            clicks = json.loads(unescape(found[1]))
            moves = [state.action_to_string(a).split() for a in state.legal_actions()]
            for words in moves:
                if words[0] == "move":
                    piece = clicks["pieces"][words[1]]
                    cheapest = min(int(w[2]) for w in moves if w[:2] == words[:2]
                                   and w[3] == words[3])
                    assert piece["hexes"][words[3]] == \
                        f"move {words[1]} {cheapest} {words[3]}"
                    assert piece["costs"][words[3]] == f"{cheapest} AP"
                    checked += 1
        state.apply_action(state.sample_chance_outcome(rng) if player < 0
                           else rng.choice(state.legal_actions()))
    assert checked > 50


def test_the_maps_clicks_say_in_words_what_each_hex_plays() -> None:
    """The map names, for the buttons a keyboard reaches, what a hex plays: where the
    German starts the Graf Spee, and each cheapest move with the piece's name and its
    AP; the map is a group (an image would hide its buttons from a screen reader)."""
    game = load_game("the-hunt")
    rng = random.Random(7)
    state = game.new_initial_state(7)
    session = WebGame(state, [None, None], None)
    said = set()
    while state.turn < 8 and not state.is_terminal():
        player = state.current_player()
        if player >= 0:
            board = session.view(player)["board"]
            assert 'role="group" aria-label="The South Atlantic"' in board
            found = re.search(r'data-clicks="([^"]*)"', board)
            assert found
            clicks = json.loads(unescape(found[1]))
            for text in clicks["hexes"].values():
                verb = text.split()[0]
                said.add(verb)
                if verb == "start":
                    assert clicks["says"][text] == "start the Graf Spee here"
            for key, piece in clicks["pieces"].items():
                for hex_id, text in piece["hexes"].items():
                    name = f"Force {key}" if len(key) == 1 else (
                        "the Altmark" if key == "altmark" else "the Graf Spee")
                    cost = piece.get("costs", {}).get(hex_id)
                    assert clicks["says"][text] == f"move {name} here" + (
                        f", {cost}" if cost else "")
                    said.add(text.split()[0])
        state.apply_action(state.sample_chance_outcome(rng) if player < 0
                           else rng.choice(state.legal_actions()))
    assert {"start", "move"} <= said


@pytest.mark.parametrize("name", available_games())
def test_a_page_stays_the_same_while_the_other_side_does_what_it_cannot_see(
        name: str) -> None:
    """No leak by counting: an action that shows a seat nothing (Jutland's cards laid
    face down, whose number is hidden until the reveal) leaves that seat's page
    as it was (but for whose turn it is), its position too, so a page polled while the
    other side plays cannot count what it does; once the game is over the page is told
    the number of actions (the replay's positions)."""
    def without_turn(page: dict) -> dict:  # type: ignore[type-arg]
        # whose turn it is, and so whether the program is to play, is public
        return {key: value for key, value in page.items()
                if key not in ("thinking", "waiting_for", "choices")}

    game = load_game(name)
    unseen = 0
    for seed in range(4):
        rng = random.Random(seed)
        web = WebGame(game.new_initial_state(seed), [None] * game.info.num_players, None)
        state = web.state
        while not state.is_terminal() and len(state.history) < 300:
            before = [state.view_length(seat) for seat in range(game.info.num_players)]
            pages = [web.view(seat) for seat in range(game.info.num_players)]
            actor = state.current_player()
            action = state.sample_chance_outcome(rng) if actor < 0 \
                else rng.choice(state.legal_actions())
            web.session.play(action)
            for seat, page in enumerate(pages):
                if seat != actor and state.view_length(seat) == before[seat] \
                        and not state.is_terminal():  # at the end all is shown
                    unseen += 1
                    assert without_turn(web.view(seat)) == without_turn(page), \
                        (seed, seat, len(state.history))
        if state.is_terminal():
            assert web.view(0)["actions"] == len(state.history)  # the replay's
    if name == "jutland":
        assert unseen > 0  # the face-down cards were laid unseen


def test_a_live_games_hint_does_not_count_the_actions(client: TestClient) -> None:
    """The hint on a live game's page names no count of actions: it would count the
    other side's acts the seat never saw (Jutland's cards laid face down)."""
    token = _start(client, "/play/jutland?as=british&seed=3&ai=heuristic")
    _settled_view(client, token)
    text = client.get(f"/api/{token}/hint").json()["text"]
    assert text.splitlines()[0] == "Jutland: advice for the British."


def test_a_choice_is_taken_back_while_the_turn_goes_on_and_not_after_something_is_seen(
        client: TestClient) -> None:
    """The page's "Take back" undoes the seat's last choice as `hunt play`'s undo does:
    while it is still the seat's turn and it has seen nothing since, the page is as it
    was before the choice; else a one-line refusal that depends only on what the seat
    has seen, the game unchanged."""
    token = _start(client, "/play/the-hunt?as=british&seed=5&ai=heuristic")
    view = _settled_view(client, token)
    refused = client.post(f"/api/{token}/undo")
    assert refused.status_code == 409 and "\n" not in refused.json()["error"]
    assert refused.json()["position"] == view["position"]
    card = next(choice["text"] for choice in view["choices"]
                if choice["text"].startswith("play ") and choice["text"].endswith(" ap"))
    played = client.post(f"/api/{token}/move", json={"move": card,
                                                     "position": view["position"]}).json()
    assert played["position"] > view["position"] and played["choices"]  # AP to spend
    back = client.post(f"/api/{token}/undo")
    assert back.status_code == 200
    again = back.json()
    for part in ("position", "choices", "hand", "screen", "board"):
        assert again[part] == view[part], part


@pytest.mark.parametrize("name", ["the-hunt", "jutland", "hunting-party", "hunted", "leduc"])
def test_the_hint_panel_is_tables_with_each_play_in_words(client: TestClient,
                                                          name: str) -> None:
    """The page's hint is HTML, not the terminal's lines: the recommended play and the
    plays the search weighed as a table, each play in the game's words (never its typed
    form where the game has words) with its share and value; The Hunt's British
    searches as a table of chances. Every text is escaped."""
    plugin = game_plugin(name)
    token = _start(client, f"/play/{name}?seed=4&ai=heuristic")
    view = _settled_view(client, token)
    while len(view["choices"]) < 2 and not view["over"]:  # a real choice to advise on
        client.post(f"/api/{token}/move", json={"move": view["choices"][0]["text"],
                                                "position": view["position"]})
        view = _settled_view(client, token)
    html = client.get(f"/api/{token}/hint").json()["html"]
    assert html.startswith('<p class="hint-title">') and "<script" not in html
    assert "<caption>The plays weighed</caption>" in html and 'class="best"' in html
    plays = html[html.index("<caption>The plays weighed</caption>"):].split("</table>")[0]
    said = {unescape(row) for row in re.findall(r"<tr(?: class=\"best\")?><td>([^<]*)</td>",
                                                 plays)}
    texts = {choice["text"] for choice in view["choices"]}
    words = plugin.choice_words
    assert said and said <= ({words(load_game(name), text) for text in texts}
                             if words is not None else texts), (said, texts)
    if name == "the-hunt":
        assert "<caption>Likeliest hexes</caption>" in html
