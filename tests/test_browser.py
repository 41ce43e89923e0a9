"""The web board driven in a real browser (headless Chromium from the
system packages, through Selenium): a whole turn of The Hunt as the British by clicks,
the hint panel, a reload that finds the game where it was, a whole game finished by
clicks against the heuristic, and every page scanned by axe-core for accessibility.

CI installs Chromium (`.ci/run`); elsewhere these tests are skipped when it is missing.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.ui import WebDriverWait

from hunt.cli.web.app import create_app, running
from hunt.models.registry import available_games, load_game
from hunt.solver.record_files import save_record

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif((CHROMIUM is None or CHROMEDRIVER is None) and not os.environ.get("CI"),
                       reason="no Chromium here (CI installs it)"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The web board on a free local port, for this module's tests."""
    with running(create_app(tmp_path_factory.mktemp("saves"))) as address:
        yield address


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    driver = _chrome()
    yield driver
    driver.quit()


def _chrome() -> webdriver.Chrome:
    """A headless Chromium of its own (its own profile: its own cookies)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM or "chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1400,1000"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(CHROMEDRIVER or "chromedriver"), options=options)


def _start(driver: webdriver.Chrome, address: str) -> None:
    """Open a game's address and press its start button (a GET starts nothing), then wait
    until the game's own page has replaced the start page (a find straight after the click
    may otherwise run on the start page, still shown while the POST is under way)."""
    driver.get(address)
    button = driver.find_element(By.CSS_SELECTOR, "form button[type=submit]")
    button.click()
    WebDriverWait(driver, 60, poll_frequency=0.05).until(staleness_of(button))
    WebDriverWait(driver, 60, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.readyState") == "complete")


def _settled(driver: webdriver.Chrome) -> dict[str, Any]:
    """The page's view once the computer has answered and the page is drawn."""
    def ready(d: Any) -> Any:
        # null until the board's script has run (the page may still be the one before)
        view = d.execute_script("return typeof view === 'undefined' ? null : view")
        return view if view and not view["thinking"] else None

    view: dict[str, Any] = WebDriverWait(driver, 60, poll_frequency=0.05).until(ready)
    return view


def _click_a_choice(driver: webdriver.Chrome, view: dict[str, Any], by_hex: bool = True
                    ) -> None:
    """Play a move by a click: a highlighted hex when one leads to a single choice (and
    `by_hex`), else the first choice's button; then wait until the page has moved on."""
    targets = driver.find_elements(By.CSS_SELECTOR, "#board .hex.target") if by_hex else []
    texts = [choice["text"] for choice in view["choices"]]
    single = [t for t in targets if sum(x.split()[-1] == t.get_attribute("data-hex")
                                        for x in texts) == 1]
    if single:
        driver.execute_script(  # an SVG group takes a dispatched click
            "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", single[0])
    else:
        _open_every_choice(driver)
        driver.find_element(By.CSS_SELECTOR, "#choices .choice").click()
    WebDriverWait(driver, 60, poll_frequency=0.05).until(
        lambda d: (d.execute_script("return typeof view === 'undefined' || !view ? 0 : "
                                   "view.position") or 0) > view["position"])


def _moved_on(driver: webdriver.Chrome, position: int) -> None:
    """Wait until the page has played past `position`."""
    WebDriverWait(driver, 60, poll_frequency=0.05).until(
        lambda d: d.execute_script("return view.position") > position)


def _open_every_choice(driver: webdriver.Chrome) -> None:
    """Unfold the list of every choice (folded away under the map's and cards' ways)."""
    folded = driver.find_element(By.ID, "all-choices")
    if not folded.get_attribute("open"):
        driver.find_element(By.CSS_SELECTOR, "#all-choices summary").click()


def _turn(view: dict[str, Any]) -> int:
    """The turn the screen's title names, counted from the first (a round is the
    German's turn, then the British's)."""
    found = re.search(r"round (\d+), (German|British) turn", view["screen"])
    assert found, view["screen"][:200]
    return 2 * int(found.group(1)) + (found.group(2) == "British")


def test_a_turn_by_clicks_the_hint_panel_and_a_reload(server: str,
                                                      browser: webdriver.Chrome) -> None:
    _start(browser, f"{server}/play/the-hunt?as=british&seed=5&ai=heuristic")
    view = _settled(browser)
    assert view["seat"] == "british" and browser.find_element(By.CSS_SELECTOR, "#board svg")
    start = _turn(view)
    clicks = 0
    while _turn(view) == start and not view["over"]:
        _click_a_choice(browser, view)
        view = _settled(browser)
        clicks += 1
    assert clicks >= 2 and (_turn(view) > start or view["over"])
    browser.find_element(By.ID, "hint-button").click()
    WebDriverWait(browser, 60).until(
        lambda d: "Where the British believe" in d.find_element(By.ID, "hint").text)
    browser.find_element(By.ID, "shade").click()
    assert browser.find_elements(By.CSS_SELECTOR, "#board .hex.shaded")
    address = browser.current_url
    browser.refresh()
    again = _settled(browser)
    assert browser.current_url == address
    assert again["position"] == view["position"] and again["screen"] == view["screen"]


def test_a_whole_game_by_clicks_ends_with_a_banner_and_the_hand_and_hint_put_away(
        server: str, browser: webdriver.Chrome) -> None:
    """Played to the end by clicks against the heuristic: a banner says the outcome
    and why the game ended; the Hint, the cards' and the choices' buttons are disabled,
    the log holds the whole game."""
    # a seed whose game is short when the German plays its first choice each time (the
    # British heuristic finds and beats it): a whole game, kept quick for CI
    _start(browser, f"{server}/play/the-hunt?as=german&seed=30&ai=heuristic")
    view = _settled(browser)
    for _ in range(600):
        if view["over"]:
            break
        _click_a_choice(browser, view, by_hex=False)
        view = _settled(browser)
    assert view["over"]
    status = browser.find_element(By.ID, "status").text
    assert status in ("You won.", "You lost.")
    banner = browser.find_element(By.ID, "banner")
    assert banner.is_displayed() and banner.text.startswith(f"Game over. {status} ")
    assert banner.text.rstrip(".").split(". ")[-1]  # the reason after the outcome
    assert not browser.find_element(By.ID, "hint-button").is_enabled()
    assert not [button for button in browser.find_elements(
        By.CSS_SELECTOR, "#hand button, #actions button, #choices button")
        if button.is_enabled()]
    log = browser.find_elements(By.CSS_SELECTOR, "#log li")
    assert len(log) == len(view["panels"]["log"]) > 20
    # the replay: the slider's first position is the setup, as the German saw it
    assert browser.find_element(By.ID, "replay").is_displayed()
    final_board = browser.find_element(By.ID, "board").get_attribute("innerHTML")
    browser.execute_script("replayAt(0)")
    WebDriverWait(browser, 30).until(lambda d: d.find_element(
        By.ID, "replay-where").text == f"after 0 of {view['actions']} actions")
    assert browser.find_element(By.ID, "board").get_attribute("innerHTML") != final_board
    browser.find_element(By.ID, "replay-next").click()
    WebDriverWait(browser, 30).until(lambda d: d.find_element(
        By.ID, "replay-where").text.startswith("after 1 of"))


def _settled_after(driver: webdriver.Chrome, played: int) -> dict[str, Any]:
    """The page's view once it has moved on from position `played` and settled (a move
    just sent from a script: the page's view may still be the one before)."""
    def moved_on(d: Any) -> Any:
        seen = _settled(d)
        return seen if seen["position"] != played else None

    view: dict[str, Any] = WebDriverWait(driver, 60).until(moved_on)
    return view


def test_the_analysis_chart_links_each_turning_point_to_its_position(
        server: str, browser: webdriver.Chrome) -> None:
    """After the game, Analyse draws the win chance by action with the turning points
    as dots; a click on a dot shows the position it was decided in."""
    _start(browser, f"{server}/play/leduc?as=first&seed=1&ai=heuristic")
    view = _settled(browser)
    while not view["over"]:  # the last choice each time: a game with a turning point
        browser.execute_script("play(arguments[0])", view["choices"][-1]["text"])
        view = _settled_after(browser, view["position"])
    browser.find_element(By.ID, "analysis-button").click()
    dots = WebDriverWait(browser, 120).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#chart circle.turning"))
    assert browser.find_element(By.CSS_SELECTOR, "#chart polyline.chance")
    title = dots[0].find_element(By.TAG_NAME, "title").get_attribute("textContent") or ""
    number = int(title.split(":")[0].removeprefix("action "))
    dots[0].click()
    WebDriverWait(browser, 30).until(lambda d: d.find_element(
        By.ID, "replay-where").text.startswith(f"after {number - 1} of"))


def test_the_belief_shading_follows_each_move_and_survives_a_reload(
        server: str, browser: webdriver.Chrome) -> None:
    """Turned on, the belief shading comes with a legend and every hex number stays
    drawn; after a move it is the belief of the new position (asked again, no Hint
    needed), and a reload finds it on, for the same position."""
    _start(browser, f"{server}/play/the-hunt?as=british&seed=5&ai=heuristic")
    view = _settled(browser)
    browser.find_element(By.ID, "shade").click()

    def shaded_at(d: Any) -> Any:
        kept = d.execute_script("return JSON.parse(localStorage.getItem("
                                "'hunt-shading-' + TOKEN) || 'null')")
        position = d.execute_script("return view.position")
        return kept if kept and kept.get("position") == position and \
            d.find_elements(By.CSS_SELECTOR, "#board .hex.shaded") else None

    first = WebDriverWait(browser, 30).until(shaded_at)
    assert first["on"] and browser.find_element(By.ID, "legend").is_displayed()
    assert "Belief by hex" in browser.find_element(By.ID, "legend").text
    numbers = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#board .hex-id")]
    assert len(numbers) == 41 and all(numbers)
    _click_a_choice(browser, view)
    view = _settled(browser)
    second = WebDriverWait(browser, 30).until(shaded_at)
    assert second["position"] == view["position"] > first["position"]
    browser.refresh()
    again = _settled(browser)
    assert browser.find_element(By.ID, "shade").is_selected()
    kept = WebDriverWait(browser, 30).until(shaded_at)
    assert kept["position"] == again["position"]


def test_screenshot_of_the_board(server: str, browser: webdriver.Chrome,
                                 tmp_path: Path) -> None:
    """The board draws in a browser as a picture (`scripts/board_screenshot.py` writes
    docs/web.md's the same way)."""
    _start(browser, f"{server}/play/the-hunt?as=british&seed=5&ai=heuristic")
    _settled(browser)
    path = tmp_path / "board.png"
    assert browser.save_screenshot(str(path)) and path.stat().st_size > 10_000


def test_a_record_uploaded_from_the_list_of_games_resumes_its_game(
        server: str, browser: webdriver.Chrome, tmp_path: Path) -> None:
    """Resuming sends the record file itself (the server reads no path); the
    page it opens is the game's, at the position the record ends."""
    state = load_game("jutland").new_initial_state(3)
    rng = random.Random(3)
    for _ in range(6):
        state.apply_action(state.sample_chance_outcome(rng) if state.current_player() < 0
                           else rng.choice(state.legal_actions()))
    view = _resumed(browser, server, state, 1, tmp_path / "mine.json")
    assert view["seat"] == "british" and view["position"] >= 6


def test_the_index_lists_this_browsers_games_and_the_seats_of_the_players_chosen(
        server: str, browser: webdriver.Chrome) -> None:
    """A game played in this browser is listed on the index, with a link back to it; a
    game whose player count is chosen offers only the seats of that many players."""
    browser.get(server)
    assert not browser.find_element(By.ID, "my-games").is_displayed()  # none played yet
    form = browser.find_element(By.CSS_SELECTOR, 'form[action="/play/hunting-party"]')
    shown = [option.get_attribute("value")
             for option in form.find_elements(By.CSS_SELECTOR, "select[name=as] option")
             if option.get_attribute("hidden") is None]
    assert shown == ["p1", "p2", "p3"]  # three Hunters unless told otherwise
    form.find_element(By.CSS_SELECTOR, "select[name=o-players] option[value='5']").click()
    form.find_element(By.CSS_SELECTOR, "select[name=as] option[value=p5]").click()
    form.find_element(By.XPATH, ".//select[@name='level']/option[.='easy']").click()
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 30).until(lambda d: "/game/" in d.current_url)
    game_address = browser.current_url
    assert _settled(browser)["seat"] == "p5"
    browser.get(server)
    link = WebDriverWait(browser, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#my-games-list a"))[0]
    assert link.text == "Hunting Party, as Player 5"
    assert link.get_attribute("href") == game_address
    link.click()  # back to the game, to leave it: its computer players stop
    _settled(browser)
    browser.find_element(By.ID, "leave-button").click()
    WebDriverWait(browser, 30).until(lambda d: d.current_url.rstrip("/") == server)


OVERFLOWING = """
const width = document.documentElement.clientWidth;
const scrolls = (element) => {
  for (let above = element.parentElement; above; above = above.parentElement) {
    const overflow = getComputedStyle(above).overflowX;
    if (overflow === "auto" || overflow === "scroll") return true;
  }
  return false;
};
return [...document.querySelectorAll("body *")]
  .filter((e) => e.getBoundingClientRect().right > width + 1 && !scrolls(e))
  .map((e) => `${e.tagName}#${e.id}.${e.className}`);
"""
"""The elements that reach past the window's right edge outside a box that scrolls
within itself: what would make the page scroll sideways."""


def _drawn(driver: webdriver.Chrome, game: str) -> None:
    """Wait until the page has drawn a view of `game` with nothing being thought (not
    the page before it, whose view may linger while the next one loads)."""
    def ready(d: Any) -> Any:
        return d.execute_script("return typeof view !== 'undefined' && view !== null && "
                                "view.game === arguments[0] && !view.thinking", game)

    WebDriverWait(driver, 60).until(ready)


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
def test_every_page_fits_a_phone_held_upright_and_a_laptop(server: str,
                                                           size: tuple[int, int]) -> None:
    """At 390x844 (a phone held upright, as a phone reports its size) and 1280x800,
    the index and every game's board fit the width: no sideways scroll; a hand, a
    table or a track wider than the screen scrolls within itself."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM or "chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    width, height = size
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
        "width": width, "height": height, "pixelRatio": 3.0 if width < 600 else 1.0}})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER or "chromedriver"),
                              options=options)
    try:
        driver.get(server)
        assert driver.execute_script(OVERFLOWING) == [], "the index"
        for game in available_games():
            _start(driver, f"{server}/play/{game}?seed=3&level=easy")
            _drawn(driver, game)
            assert driver.execute_script(OVERFLOWING) == [], game
            assert driver.execute_script(
                "return document.documentElement.scrollWidth") <= width, game
            driver.execute_script(  # the computer stops; the next game's page opens
                "return fetch(`/api/${TOKEN}/leave`, {method: 'POST'}).then(() => true)")
    finally:
        driver.quit()


def test_two_friends_in_two_browsers_see_only_their_own_side_to_the_end_and_over_a_restart(
        browser: webdriver.Chrome, tmp_path: Path) -> None:
    """A whole game of The Hunt between two browsers (each its own cookies): at every
    decision the British page, its JavaScript data and the view the network brought it
    never show a card of the German's hand face up, nor the raider's hex unless the
    German's own page shows it there too (a revealed position); the host's page stops
    showing the invitation once the friend opened it. The server is stopped and started
    again in the middle (the same folder, the same port): both pages go on where they
    were."""
    friend = _chrome()
    port = 0
    try:
        with running(create_app(tmp_path), port=port) as address:
            port = int(address.rsplit(":", 1)[1])
            _start(browser, f"{address}/play/the-hunt?as=british&seed=6&ai=human")
            link = browser.find_element(By.CSS_SELECTOR, ".invite a").get_attribute("href")
            assert link
            friend.get(link)
            browser.refresh()
            assert not browser.find_elements(By.CSS_SELECTOR, ".invite")
            german = _play_between(browser, friend, decisions=30)
            assert german["position"] > 0 and not german["over"]
        with running(create_app(tmp_path), port=port):  # restarted: same store, same port
            german = _play_between(browser, friend, decisions=1000)
            assert german["over"] and german["position"] > 100
            british = WebDriverWait(browser, 60, poll_frequency=0.1).until(
                lambda _: (view := _view_of(browser))["over"] and view)
            assert british["verdict"] and german["verdict"]
            assert british["verdict"] != german["verdict"]  # one side won
    finally:
        friend.quit()


def _play_between(british_page: webdriver.Chrome, german_page: webdriver.Chrome,
                  decisions: int) -> dict[str, Any]:
    """Click the first choice of whichever page has one, `decisions` times or to the
    end, checking before each click that the British page shows nothing of the German's
    secrets (its cards, the raider's piece, the raider's moves in the log); the German
    page's last view."""
    german_saw_it = False
    german = _view_of(german_page)
    for _ in range(decisions):
        WebDriverWait(british_page, 60, poll_frequency=0.1).until(  # the move has reached
            lambda _: any(v["choices"] or v["over"]  # the page that answers it
                          for v in map(_view_of, (german_page, british_page))))
        german, british = _view_of(german_page), _view_of(british_page)
        page = british_page.page_source + json.dumps(british_page.execute_script(
            "return [view, belief]"))
        # the decks share some names: a German card the British also hold is theirs
        theirs_only = set(german["hand"]) - set(british["hand"])
        assert all(f'data-card="{card}"' not in page for card in theirs_only)
        raider, where = (re.findall(RAIDER, text, re.S)
                         for text in (page, german_page.page_source))
        assert not raider or raider == where
        german_saw_it = german_saw_it or bool(where)
        # the log panel says where the raider went on the German's page only
        british_log = british_page.find_element(By.ID, "log").text
        assert british_log and "Graf Spee moves to" not in british_log
        if german["over"]:
            break
        driver, view = (german_page, german) if german["choices"] else (british_page, british)
        _click_a_choice(driver, view, by_hex=False)
    assert german_saw_it  # the check above looked for the piece that is there
    return german


RAIDER = r'data-piece="S" data-at="([^"]+)"'
"""The hex the map draws the raider's piece (S) on."""


def _view_of(driver: webdriver.Chrome) -> dict[str, Any]:
    """The page's view once it has no computer or friend's move in flight to wait for
    (its choices, or a wait for the other side)."""
    def ready(d: Any) -> Any:
        view = d.execute_script("return typeof view === 'undefined' ? null : view")
        return view if view and not view["thinking"] and (
            view["choices"] or view["waiting_for"] or view["over"]) else None

    view: dict[str, Any] = WebDriverWait(driver, 60, poll_frequency=0.05).until(ready)
    return view


def _resumed(driver: webdriver.Chrome, server: str, state: Any, seat: int, record: Path
             ) -> dict[str, Any]:
    """`state` saved as `seat`'s game to `record`, uploaded under "Resume a saved game"
    on the list of games; the page's view once it is drawn."""
    save_record(state, record, seat)
    driver.get(server)
    driver.find_element(By.CSS_SELECTOR, "#resume input[type=file]").send_keys(str(record))
    driver.find_element(By.CSS_SELECTOR, "#resume button[type=submit]").click()
    WebDriverWait(driver, 30).until(lambda d: "/game/" in d.current_url)
    return _settled(driver)


def _position_to_decide(seat: int, seed: int, decisions: int, name: str = "the-hunt",
                        **options: Any) -> Any:
    """A random game (seeded; The Hunt unless `name` says) played to the
    `decisions`-th decision of `seat` after its first."""
    game = load_game(name, **options)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while True:
        player = state.current_player()
        if player == seat and len(state.legal_actions()) > 1:
            if decisions == 0:
                return state
            decisions -= 1
        state.apply_action(state.sample_chance_outcome(rng) if player < 0
                           else rng.choice(state.legal_actions()))
        if state.is_terminal():  # a short game: again from a new one
            rng, state = random.Random(rng.random()), game.new_initial_state(seed + 1)
            decisions = rng.randrange(0, 10)


CLICK = "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))"
"""A click on an SVG element (Selenium's own click is for HTML's boxes)."""


def _every_click(driver: webdriver.Chrome) -> tuple[set[str], set[str]]:
    """Every choice the page plays by a click, found by clicking everything clickable
    with the page's `play` replaced by a note of what it would send: those of the map
    (its hexes, pieces and buttons), the cards and the buttons beside them, and those
    of the folded list of every choice."""
    driver.execute_script("window.played = []; window.play = (text) => played.push(text);")

    def taken() -> set[str]:
        return set(driver.execute_script("const p = played; window.played = []; return p"))

    for hex_group in driver.find_elements(By.CSS_SELECTOR, "#board .hex.target"):
        driver.execute_script(CLICK, hex_group)
    keys = [piece.get_attribute("data-select") for piece in driver.find_elements(
        By.CSS_SELECTOR, "#board .piece.selectable")]
    for key in dict.fromkeys(keys):
        piece = driver.find_element(By.CSS_SELECTOR, f'#board .piece[data-select="{key}"]')
        if "selected" not in (piece.get_attribute("class") or ""):
            driver.execute_script(CLICK, piece)
        assert "selected" in (piece.get_attribute("class") or "")
        for hex_group in driver.find_elements(By.CSS_SELECTOR, "#board .hex.target"):
            driver.execute_script(CLICK, hex_group)
        for use in driver.find_elements(By.CSS_SELECTOR, "#selection button"):
            use.click()
    for button in driver.find_elements(By.CSS_SELECTOR,
                                       "#hand button, #actions button, #board button"):
        button.click()
    direct = taken()
    _open_every_choice(driver)
    for button in driver.find_elements(By.CSS_SELECTOR, "#choices button"):
        button.click()
    return direct, taken()


@pytest.mark.parametrize("seat", [0, 1])
def test_every_legal_action_of_random_positions_is_played_by_clicks(
        server: str, browser: webdriver.Chrome, tmp_path: Path, seat: int) -> None:
    """On random positions of The Hunt, each seat's every legal action is played by a
    click on the page: the map (a hex; a piece, then its destination or its use), a
    card's use or a button beside them, or else the folded list of every choice, which
    holds only the dearer ways to a hex the map already plays."""
    for seed in range(5):
        # the first is a setup placement (the German's), the others anywhere
        state = _position_to_decide(seat, 100 * seat + seed,
                                    random.Random(seed).randrange(40) if seed else 0)
        legal = {state.action_to_string(action) for action in state.legal_actions()}
        view = _resumed(browser, server, state, seat, tmp_path / f"position-{seed}.json")
        assert {choice["text"] for choice in view["choices"]} == legal
        direct, listed = _every_click(browser)
        assert direct <= legal and listed == legal
        for text in legal - direct:  # the cheapest move to each hex is on the map
            verb, piece, cost, hex_id = text.split()
            assert verb == "move" and any(
                other.split()[:2] == [verb, piece] and other.split()[3] == hex_id
                and int(other.split()[2]) < int(cost) for other in direct), text


@pytest.mark.parametrize(("name", "options", "seat"), [
    ("jutland", {}, 0), ("jutland", {}, 1), ("hunting-party", {}, 0),
    ("hunting-party", {}, 2), ("hunted", {}, 0), ("hunted", {"players": 2}, 1)])
def test_every_legal_action_of_the_games_without_a_map_is_one_click_away(
        server: str, browser: webdriver.Chrome, tmp_path: Path, name: str,
        options: dict[str, Any], seat: int) -> None:
    """In a game drawn without a map, each legal action of random positions is played
    by one click on the page, a card's use or a button beside the cards, never only
    from the folded list; and the folded list holds them all."""
    for seed in range(3):
        state = _position_to_decide(seat, 100 * seat + seed, random.Random(seed).randrange(15),
                                    name, **options)
        legal = {state.action_to_string(action) for action in state.legal_actions()}
        view = _resumed(browser, server, state, seat, tmp_path / f"position-{seed}.json")
        assert {choice["text"] for choice in view["choices"]} == legal
        assert _every_click(browser) == (legal, legal)


def test_a_piece_is_selected_and_a_click_on_its_destination_plays_the_cheapest_move(
        server: str, browser: webdriver.Chrome) -> None:
    """The British play a card for its AP by the card's button, click Force G: only
    G's destinations light up (not the other Forces'); a click on a hex it reaches for
    1 AP or for more plays the 1 AP move, as the log says."""
    _start(browser, f"{server}/play/the-hunt?as=british&seed=5&ai=heuristic")
    view = _settled(browser)
    while not any(c["text"].startswith("move G ") for c in view["choices"]):
        uses = [b for b in browser.find_elements(By.CSS_SELECTOR, "#hand .card-use")
                if (b.get_attribute("data-move") or "").endswith(" ap")]
        if uses:
            uses[0].click()
            _moved_on(browser, view["position"])
        else:
            _click_a_choice(browser, view, by_hex=False)
        view = _settled(browser)
    moves = [c["text"].split() for c in view["choices"] if c["text"].startswith("move G ")]
    reach = {words[3] for words in moves}
    force = browser.find_element(By.CSS_SELECTOR, '#board .piece[data-select="G"]')
    browser.execute_script(CLICK, force)
    lit = {h.get_attribute("data-hex") for h in browser.find_elements(
        By.CSS_SELECTOR, "#board .hex.target")}
    assert lit == reach
    dear = sorted(hex_id for hex_id in reach
                  if len({words[2] for words in moves if words[3] == hex_id}) > 1)
    assert dear, moves  # a hex reached for 1 AP and for 2
    target = dear[0]
    cheapest = min(int(words[2]) for words in moves if words[3] == target)
    hex_group = browser.find_element(By.CSS_SELECTOR, f'#board .hex[data-hex="{target}"]')
    browser.execute_script(CLICK, hex_group)
    _moved_on(browser, view["position"])
    after = _settled(browser)
    assert f"Force G moves to {target} ({cheapest} AP)." in after["panels"]["log"]


def _phone() -> webdriver.Chrome:
    """A headless Chromium that reports itself as a phone held upright (390x844)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM or "chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
        "width": 390, "height": 844, "pixelRatio": 3.0}})
    return webdriver.Chrome(service=Service(CHROMEDRIVER or "chromedriver"), options=options)


def _tap_entry(driver: webdriver.Chrome, text: str | None = None) -> dict[str, Any]:
    """Write down an entry by a tap on its button (the first one, or the one whose move
    is `text`); the page's view once it has written it."""
    before = driver.execute_script("return view.position")
    _open_every_choice(driver)
    selector = "#choices .choice" if text is None else \
        f'#choices .choice[data-move="{text}"]'
    button = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView()", button)
    button.click()
    _moved_on(driver, before)
    return _view_of(driver)


def test_a_table_companion_session_on_a_phone(server: str) -> None:
    """The table companion as a page, on a phone: started from the index's "At a real
    table", the entries are tapped (the draws, the German's hidden start, the British
    moves), one is typed with a count, a refused one says what may come instead, the
    last is struck out, the hint and the map's shading answer from the seat record,
    and the record to take away is the file `hunt table` writes. Nothing on the page
    scrolls sideways."""
    driver = _phone()
    try:
        driver.get(server)
        form = driver.find_element(By.CSS_SELECTOR, 'form[action="/play/the-hunt"]')
        form.find_element(By.CSS_SELECTOR, "select[name=as] option[value=british]").click()
        form.find_element(By.CSS_SELECTOR, 'button[formaction="/table/the-hunt"]').click()
        WebDriverWait(driver, 30).until(lambda d: "/table/" in d.current_url)
        view = _settled(driver)
        assert view["table"]["asked"] == "Chance: what came up?"
        assert driver.find_element(By.ID, "status").text == "Chance: what came up?"
        assert driver.find_element(By.ID, "record-link").is_displayed()  # at any time
        assert not driver.find_element(By.ID, "replay").is_displayed()
        # the two Freight Ships that sail first, then the German's five unseen draws,
        # typed as one entry with a count
        view = _tap_entry(driver)
        view = _tap_entry(driver)
        field = driver.find_element(By.ID, "entry")
        field.send_keys("draw ? x5\n")
        _moved_on(driver, view["position"])
        view = _view_of(driver)
        assert view["position"] == 7 and field.get_attribute("value") == ""
        while view["table"]["asked"] == "Chance: what came up?":  # the British draws
            view = _tap_entry(driver)
        assert view["table"]["asked"] == "The German: what did they do, as you saw it?"
        field.send_keys("fly away\n")
        WebDriverWait(driver, 30).until(
            lambda d: "cannot happen here" in d.find_element(By.ID, "error").text)
        assert field.get_attribute("value") == "fly away"  # kept, to be mended
        assert _view_of(driver)["position"] == view["position"]
        field.clear()
        view = _tap_entry(driver, "start ?")
        driver.find_element(By.ID, "undo-button").click()
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.ID, "struck").text == "Struck out: start ?.")
        assert _view_of(driver)["position"] == view["position"] - 1
        view = _tap_entry(driver, "start ?")
        for _ in range(80):  # the German's turn (a reaction window, passed), to the British
            if view["table"]["asked"] == "Your move:" and \
                    any(choice["note"] for choice in view["choices"]):
                break  # the British's own moves, each with its note ("2 AP", ...)
            view = _tap_entry(driver)
        else:
            raise AssertionError("the British turn never came")
        mine = [choice["text"] for choice in view["choices"]]
        # The hint answers from the record; the map is shaded with the belief
        driver.find_element(By.ID, "hint-button").click()
        WebDriverWait(driver, 120).until(
            lambda d: "believe the Graf Spee is" in d.find_element(By.ID, "hint").text)
        driver.find_element(By.ID, "shade").click()
        WebDriverWait(driver, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#board .hex.shaded"))
        assert driver.execute_script(OVERFLOWING) == []
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        view = _tap_entry(driver, mine[-1])
        record = driver.execute_script(
            "return fetch(`${API}/record`).then((response) => response.json())")
        assert record["seat"] == "british" and len(record["actions"]) == view["position"]
        assert record["actions"][-1] == mine[-1] and "seed" not in record
        driver.find_element(By.ID, "leave-button").click()
        WebDriverWait(driver, 30).until(lambda d: d.current_url.rstrip("/") == server)
    finally:
        driver.quit()


AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text(encoding="utf-8")
"""axe-core, the accessibility checker (tests/vendor/README.md says which and whence)."""
AXE_RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(
  (results) => done(results.violations.map((found) => ({
    id: found.id, impact: found.impact, count: found.nodes.length,
    targets: found.nodes.slice(0, 3).map((node) => node.target.join(" "))}))),
  (failure) => done([{id: "axe failed", impact: "critical", count: 1,
                      targets: [String(failure)]}]));
"""
"""Runs axe on the whole page: each rule broken, with how often and where first."""
SERIOUS = ("serious", "critical")
"""The impacts axe gives what keeps someone from using the page at all."""


def _violations(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    """axe's violations on the page as it is drawn now (every impact)."""
    driver.set_script_timeout(60)
    driver.execute_script(AXE)
    found: list[dict[str, Any]] = driver.execute_async_script(AXE_RUN)
    return found


def _serious(driver: webdriver.Chrome) -> list[str]:
    """The serious and critical violations on the page now, each as its rule, impact,
    count and first targets."""
    return [f"{found['id']} ({found['impact']}, {found['count']}x): "
            f"{', '.join(found['targets'])}"
            for found in _violations(driver) if found["impact"] in SERIOUS]


def test_no_page_has_a_serious_accessibility_violation(server: str,
                                                       browser: webdriver.Chrome) -> None:
    """axe-core finds nothing serious or critical on the list of games, a game's start
    page, The Hunt's board as the British and as the German, every other game's board
    and the table companion's notebook."""
    found: dict[str, list[str]] = {}
    browser.get(server)
    found["index"] = _serious(browser)
    pages = [("the-hunt", "british"), ("the-hunt", "german"),
             *((game, "") for game in available_games() if game != "the-hunt")]
    for game, seat in pages:
        address = f"{server}/play/{game}?seed=5&level=easy" + (f"&as={seat}" if seat else "")
        browser.get(address)
        if not found.get("start page"):
            found["start page"] = _serious(browser)
        browser.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        _drawn(browser, game)
        found[f"{game} {seat}".strip()] = _serious(browser)
        browser.execute_script(  # the computer stops: the next page has the machine
            "return fetch(`${API}/leave`, {method: 'POST'}).then(() => true)")
    browser.get(server)
    browser.find_element(By.CSS_SELECTOR, 'button[formaction="/table/the-hunt"]').click()
    WebDriverWait(browser, 30).until(lambda d: "/table/" in d.current_url)
    _settled(browser)
    found["the-hunt at the table"] = _serious(browser)
    assert not any(found.values()), {page: seen for page, seen in found.items() if seen}


def test_a_finished_game_its_replay_and_chart_have_no_serious_accessibility_violation(
        server: str, browser: webdriver.Chrome) -> None:
    """Once a game is over, its page (the banner, the replay's controls, the analysis's
    chart with its turning points as buttons) has nothing axe-core rates serious or
    critical."""
    _start(browser, f"{server}/play/leduc?as=first&seed=1&ai=heuristic")
    view = _settled(browser)
    while not view["over"]:
        browser.execute_script("play(arguments[0])", view["choices"][-1]["text"])
        view = _settled_after(browser, view["position"])
    browser.find_element(By.ID, "analysis-button").click()
    WebDriverWait(browser, 120).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#chart circle.turning"))
    assert _serious(browser) == []


FOCUSED = "return document.activeElement.matches(arguments[0])"
"""Whether the element that has the keyboard's focus matches a CSS selector."""


def _press(driver: webdriver.Chrome, key: str, shift: bool = False) -> None:
    """A key pressed on whatever has the focus, as a person presses it (with Shift held
    if `shift`)."""
    keys = ActionChains(driver)
    if shift:
        keys.key_down(Keys.SHIFT)
    keys.send_keys(key)
    if shift:
        keys.key_up(Keys.SHIFT)
    keys.perform()


def _tab_to(driver: webdriver.Chrome, selector: str, check: str = "return true",
            back: bool = False) -> Any:
    """Tab through the page (Shift+Tab if `back`) until the focus is on an element
    matching `selector` for which the script `check` (given it as arguments[0]) returns
    true; that element."""
    for _ in range(300):
        _press(driver, Keys.TAB, shift=back)
        if driver.execute_script(FOCUSED, selector) and driver.execute_script(
                check, driver.switch_to.active_element):
            return driver.switch_to.active_element
    raise AssertionError(f"Tab never reached {selector}")


def _hexes(driver: webdriver.Chrome, selector: str) -> set[str]:
    """The hexes of the map that match `selector` (after `#board .hex`)."""
    return {h.get_attribute("data-hex") or "" for h in driver.find_elements(
        By.CSS_SELECTOR, f"#board .hex{selector}")}


def test_the_map_is_played_by_keyboard_alone(server: str, browser: webdriver.Chrome) -> None:
    """The British play a card for its AP by Tab and Enter on its button. Only the lit
    hexes are in the Tab order, each named for the move it plays. Space on another
    Force selects it and sends the focus to its use; Shift+Tab back to the Force that
    moves, Enter: the focus goes to its first lit destination (Escape lets the Force go
    and the focus goes back to it; Enter again), Tab to the next, Enter plays the move
    (as the page's view and log say) and the focus stays on the map. A card played by
    a key sends the focus to the map too."""
    _start(browser, f"{server}/play/the-hunt?as=british&seed=5&ai=heuristic")
    view = _settled(browser)
    while not any(c["text"].startswith("move ") for c in view["choices"]):
        if browser.find_elements(By.CSS_SELECTOR, '#hand .card-use[data-move$=" ap"]'):
            _tab_to(browser, '#hand .card-use[data-move$=" ap"]')
            _press(browser, Keys.ENTER)
            _moved_on(browser, view["position"])
        else:
            _click_a_choice(browser, view, by_hex=False)
        view = _settled(browser)
    # the card's button is gone: the focus is on the map, where the AP are spent
    assert browser.execute_script(FOCUSED, '#board [role="button"]')
    assert len(_hexes(browser, "")) == 41
    assert _hexes(browser, '[tabindex="0"][role="button"]') == _hexes(browser, ".target")
    other = _tab_to(browser, '#board .piece[role="button"]',
                    "return arguments[0].dataset.select !== selected")
    _press(browser, Keys.SPACE)
    assert browser.execute_script("return selected") == other.get_attribute("data-select")
    assert browser.execute_script(FOCUSED, "#board .hex.target, #selection button")
    assert _hexes(browser, '[tabindex="0"][role="button"]') == _hexes(browser, ".target")
    force = _tab_to(browser, '#board .piece[role="button"]',
                    "const key = arguments[0].dataset.select; return key !== selected && "
                    "Object.keys(clicks.pieces[key].hexes).length > 0", back=True)
    key, at = force.get_attribute("data-select"), force.get_attribute("data-at")
    name = f"Force {key}"
    assert force.get_attribute("aria-label") == f"select {name} at hex {at}"
    _press(browser, Keys.ENTER)
    assert browser.execute_script("return selected") == key
    assert browser.execute_script(FOCUSED, "#board .hex.target")
    _press(browser, Keys.ESCAPE)  # let go: the focus goes back to the piece
    assert browser.execute_script("return selected") is None
    assert browser.switch_to.active_element.get_attribute("data-select") == key
    _press(browser, Keys.ENTER)
    assert browser.execute_script("return selected") == key
    reach = set(browser.execute_script("return Object.keys(clicks.pieces[selected].hexes)"))
    keyed = _hexes(browser, '[tabindex="0"][role="button"]')
    assert keyed == _hexes(browser, ".target") == reach and len(keyed) < 41
    assert browser.execute_script(FOCUSED, "#board .hex.target")
    if len(reach) > 1:  # Tab walks on to the next lit hex, not to the dark ones between
        first = browser.switch_to.active_element.get_attribute("data-hex")
        _press(browser, Keys.TAB)
        assert browser.execute_script(FOCUSED, "#board .hex.target")
        assert browser.switch_to.active_element.get_attribute("data-hex") != first
    target = browser.switch_to.active_element
    hex_id = target.get_attribute("data-hex")
    label = target.get_attribute("aria-label") or ""
    assert label.startswith(f"hex {hex_id}: move {name} here"), label
    assert _serious(browser) == []  # the map's buttons are named, none nested in an image
    _press(browser, Keys.ENTER)
    _moved_on(browser, view["position"])
    after = _settled(browser)
    assert any(line.startswith(f"{name} moves to {hex_id} (") for line in after["panels"]["log"])
    if browser.find_elements(By.CSS_SELECTOR, '#board [role="button"]'):
        assert browser.execute_script(FOCUSED, '#board [role="button"]')  # kept on the map


def test_the_german_places_the_graf_spee_by_keyboard_alone(
        server: str, browser: webdriver.Chrome) -> None:
    """At the start, each hex where the German may place the Graf Spee is a button named
    for that; Tab reaches it and Enter places the Graf Spee there."""
    _start(browser, f"{server}/play/the-hunt?as=german&seed=5&ai=heuristic")
    view = _settled(browser)
    starts = {c["text"].split()[1] for c in view["choices"] if c["text"].startswith("start ")}
    assert starts
    target = _tab_to(browser, "#board .hex.target")
    hex_id = target.get_attribute("data-hex")
    assert hex_id in starts
    assert target.get_attribute("aria-label") == f"hex {hex_id}: start the Graf Spee here"
    _press(browser, Keys.ENTER)
    _moved_on(browser, view["position"])
    assert browser.execute_script("return view.board").count(
        f'data-piece="S" data-at="{hex_id}"') == 1


def test_take_back_undoes_a_card_played_on_the_page(server: str,
                                                   browser: webdriver.Chrome) -> None:
    """A card played for its AP is taken back by the page's button: the page is at the
    position it was, says so, and the card is in the hand again."""
    _start(browser, f"{server}/play/the-hunt?as=british&seed=5&ai=heuristic")
    view = _settled(browser)
    use = next(button for button in browser.find_elements(By.CSS_SELECTOR, "#hand .card-use")
               if (button.get_attribute("data-move") or "").endswith(" ap"))
    card = (use.get_attribute("data-move") or "").split()[1]
    use.click()
    _moved_on(browser, view["position"])
    assert card not in _view_of(browser)["hand"] or view["hand"].count(card) > 1
    browser.find_element(By.ID, "undo-button").click()
    WebDriverWait(browser, 30).until(lambda d: d.find_element(
        By.ID, "struck").text == "Your last choice is taken back.")
    again = _view_of(browser)
    assert again["position"] == view["position"] and again["hand"] == view["hand"]


def test_the_log_marks_what_happened_since_your_last_move(server: str,
                                                         browser: webdriver.Chrome) -> None:
    """After a move, the log's entries since it (the move and the others' answer) are
    marked as new; the older ones are not."""
    _start(browser, f"{server}/play/jutland?as=british&seed=4&ai=heuristic")
    view = _settled(browser)
    before = len(view["panels"]["log"])
    assert not browser.find_elements(By.CSS_SELECTOR, "#log li.fresh")
    done = next(choice["text"] for choice in view["choices"] if choice["text"] == "done")
    browser.find_element(By.CSS_SELECTOR, f'#actions button[data-move="{done}"]').click()
    _moved_on(browser, view["position"])
    after = len(_settled(browser)["panels"]["log"])
    WebDriverWait(browser, 10).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log li")) == after)
    items = browser.find_elements(By.CSS_SELECTOR, "#log li")
    fresh = ["fresh" in (item.get_attribute("class") or "") for item in items]
    assert after > before and fresh == [False] * before + [True] * (after - before)
