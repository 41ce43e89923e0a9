"""The web board's server (`hunt serve`): a Starlette app over the same engine as `hunt
play`, one `WebGame` per game, each reached by a secret token in its address.

Pages: `/` (the games, a new game's settings, resuming a saved record), `/play/GAME?as=
SEAT&seed=N&ai=AGENT&level=LEVEL` (starts that game and shows its board) and
`/game/TOKEN` (the board). The board reads `/api/TOKEN/view`, plays with `POST
/api/TOKEN/move` and asks `/api/TOKEN/hint`; every answer is built from the human
seat's view (`WebGame.view`). A bad request gets a one-line error, never a
traceback.

Starlette is an optional extra (`pip install -e '.[web]'`); this module is imported
only by `hunt serve` and the web tests.
"""

from __future__ import annotations

import secrets
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from hunt.cli.web.session import MoveError, WebGame
from hunt.errors import HuntError, quoted
from hunt.models.plugin import seat_title
from hunt.models.registry import available_games, game_plugin, load_game
from hunt.solver.agent_specs import LEVELS, level_agent, make_agent
from hunt.solver.record_files import default_save_dir, new_save_path, read_record, saved_seat

STATIC = resources.files("hunt.cli.web").joinpath("static")


def create_app(save_dir: Path | None = None, resume_any_path: bool = True) -> Starlette:
    """The web board's app; games are saved in `save_dir` (default: where `hunt play`
    saves). `resume_any_path` lets `/resume` read a record anywhere on this machine
    (the server's own user's files: off when others can reach it, so that only the
    games saved here are read)."""
    pages: dict[str, tuple[WebGame, int]] = {}
    """Each page's secret token: its game and the human seat it shows."""
    invites: dict[str, list[str]] = {}
    """A game's first page's token: the other humans' pages (the links it hands out)."""

    def seat_of(request: Request) -> tuple[WebGame, int]:
        found = pages.get(request.path_params["token"])
        if found is None:
            raise HTTPException(404, "no game at this address: start one from the list "
                                     "of games")
        return found

    def open_session(session: WebGame) -> Response:
        tokens = [secrets.token_urlsafe(12) for _ in session.humans]
        for token, seat in zip(tokens, session.humans, strict=True):
            pages[token] = (session, seat)
        invites[tokens[0]] = tokens[1:]
        session.start_computer()  # the computer may move first
        return RedirectResponse(f"/game/{tokens[0]}", status_code=303)

    async def index(request: Request) -> Response:
        return HTMLResponse(index_page())

    async def new_game(request: Request) -> Response:
        name = request.path_params["game"]
        if name not in available_games():
            raise HTTPException(404, f"no game {quoted(name)}; accepted: "
                                     f"{', '.join(available_games())}")
        game = load_game(name)
        seats = game.info.seat_names
        query = request.query_params
        seat_name = query.get("as", seats[0]).lower()
        if seat_name not in seats:
            raise HTTPException(400, f"{quoted(seat_name)} is not a seat of {name}; "
                                     f"accepted: {', '.join(seats)}")
        seed_text = query.get("seed", "").strip()
        if seed_text and not (seed_text.isascii() and seed_text.isdigit()
                              and len(seed_text) <= 18):
            raise HTTPException(400, f"seed {quoted(seed_text)} is not a whole number "
                                     "(0 to 18 digits)")
        seed = int(seed_text) if seed_text else secrets.randbits(63)
        level = query.get("level", "normal")
        spec = query.get("ai") or level_agent(game, level)
        human = seats.index(seat_name)
        # ai=human: a friend takes every other seat, each with a page of their own
        friends = spec.strip().lower() == "human"
        try:
            agents = [None if seat == human or friends else make_agent(spec, seat, game)
                      for seat in range(game.info.num_players)]
        except HuntError as error:
            raise HTTPException(400, str(error)) from None
        path = new_save_path(name, save_dir)
        return open_session(WebGame(game.new_initial_state(seed), agents, path,
                                        first=human))

    async def resume(request: Request) -> Response:
        form = request.query_params
        text = form.get("record", "").strip()
        if not text:
            raise HTTPException(400, "give the path of a saved game (a record file "
                                     "`hunt play` wrote)")
        path = Path(text).expanduser()
        if not resume_any_path:
            path = (save_dir or default_save_dir()) / path.name
        try:
            state = read_record(path)
            seat = saved_seat(path) or state.game.info.seat_names[0]
        except HuntError as error:
            raise HTTPException(400, str(error)) from None
        seats = state.game.info.seat_names
        human = seats.index(seat) if seat in seats else 0
        try:
            agents = [None if other == human else make_agent(
                level_agent(state.game, form.get("level", "normal")), other, state.game)
                for other in range(len(seats))]
        except HuntError as error:
            raise HTTPException(400, str(error)) from None
        return open_session(WebGame(state, agents, path))

    async def board(request: Request) -> Response:
        session, _ = seat_of(request)
        token = request.path_params["token"]
        links = [f"{request.base_url}game/{other}" for other in invites.get(token, [])]
        return HTMLResponse(board_page(token, session, links))

    # The endpoints that draw a view or search are plain functions: Starlette runs them
    # in its thread pool, so a slow one never holds up the others' requests.
    def view(request: Request) -> Response:
        session, seat = seat_of(request)
        return JSONResponse(session.view(seat))

    async def move(request: Request) -> Response:
        session, seat = seat_of(request)
        try:
            body = await request.json()
            text, position = str(body["move"]), int(body["position"])
        except (ValueError, KeyError, TypeError):
            raise HTTPException(400, 'send {"move": TEXT, "position": N}') from None
        try:
            await run_in_threadpool(session.move, seat, text, position)
        except MoveError as error:
            return JSONResponse({"error": str(error), **session.view(seat)}, status_code=409)
        return JSONResponse(session.view(seat))

    def hint(request: Request) -> Response:
        session, seat = seat_of(request)
        return JSONResponse(session.hint(seat))

    def analysis(request: Request) -> Response:
        session, _ = seat_of(request)
        try:
            return JSONResponse({"text": session.analysis()})
        except MoveError as error:
            return JSONResponse({"error": str(error)}, status_code=409)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ("board.js", "style.css"):
            raise HTTPException(404, f"no file {quoted(name)}")
        media = "text/javascript" if name.endswith(".js") else "text/css"
        return Response(STATIC.joinpath(name).read_text(), media_type=media)

    async def error_page(request: Request, error: Exception) -> Response:
        status = error.status_code if isinstance(error, HTTPException) else 500
        # a failure's own text could name what the seat may not see: the page gets one
        # line, the server's log (uvicorn's) the details
        message = error.detail if isinstance(error, HTTPException) else \
            "the server failed on this request (its log has the details); games are saved"
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=status)
        return HTMLResponse(page("hunt: error", f'<p class="error">{escape(message)}</p>'
                                 '<p><a href="/">Back to the games</a></p>'), status)

    return Starlette(routes=[
        Route("/", index), Route("/play/{game}", new_game), Route("/resume", resume),
        Route("/game/{token}", board), Route("/api/{token}/view", view),
        Route("/api/{token}/move", move, methods=["POST"]), Route("/api/{token}/hint", hint),
        Route("/api/{token}/analysis", analysis),
        Route("/static/{name}", static),
    ], exception_handlers={HTTPException: error_page, Exception: error_page})


def page(title: str, body: str, script: str = "") -> str:
    """A whole HTML page."""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/style.css">'
            f'</head><body>{body}{script}</body></html>')


def index_page() -> str:
    """The list of games, each with a form for a new game against the computer."""
    rows = []
    for name in available_games():
        plugin = game_plugin(name)
        seats = "".join(f'<option value="{s}">{escape(seat_title(s))}</option>'
                        for s in plugin.seats[:plugin.player_range[0]])
        levels = "".join(f'<option{" selected" if level == "normal" else ""}>{level}</option>'
                         for level in LEVELS)
        rows.append(
            f'<form class="game" action="/play/{name}" method="get">'
            f"<h2>{escape(plugin.title)}</h2>"
            f'<label>You play <select name="as">{seats}</select></label> '
            f'<label>Computer <select name="level">{levels}</select></label> '
            f'<label>Seed <input name="seed" size="8" placeholder="secret"></label> '
            f'<button type="submit">Play</button></form>')
    resume = ('<form class="game" action="/resume" method="get"><h2>Resume a saved '
              'game</h2><label>Record <input name="record" size="40" placeholder='
              '"~/.local/state/hunt/GAME-....json"></label> '
              '<button type="submit">Resume</button></form>')
    return page("hunt", "<h1>hunt: play against the computer</h1>" + "".join(rows) + resume)


def board_page(token: str, session: WebGame, invites: list[str]) -> str:
    """The board's page, filled in by board.js from the view; the page that started a
    game of two humans also shows the link for the other's page."""
    game = session.state.game
    invite = "".join(
        f'<p class="invite">Send your opponent this link (their side only): '
        f'<a href="{escape(link)}">{escape(link)}</a></p>' for link in invites)
    body = (f'<header><h1>{escape(game.info.title)}</h1> '
            f'<span id="status" role="status"></span> <a href="/">games</a></header>'
            f'{invite}<main><section id="board-area"><div id="board"></div>'
            '<div id="hands"><div id="opponent-hand"></div><div id="hand"></div></div>'
            '<pre id="screen"></pre></section>'
            '<aside><div id="error" class="error" role="alert"></div>'
            '<h2>Your choices</h2><div id="choices"></div>'
            '<p><button id="hint-button" type="button">Hint</button> '
            '<button id="analysis-button" type="button" hidden>Analyse the game</button> '
            '<label id="shade-label" hidden><input id="shade" type="checkbox"> Belief '
            'shading</label></p>'
            '<pre id="hint"></pre></aside></main>')
    script = (f'<script>const TOKEN = "{token}";</script>'
              '<script src="/static/board.js"></script>')
    return page(f"hunt: {game.info.title}", body, script)


@contextmanager
def running(app: Starlette, host: str = "127.0.0.1") -> Iterator[str]:
    """`app` served on a free port of `host` in a thread, for the browser tests and
    scripts; yields its address and stops it on leaving."""
    import uvicorn

    with socket.socket() as probe:
        probe.bind((host, 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        time.sleep(0.05)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
