"""The web board's server (`hunt serve`): a Starlette app over the same engine as `hunt
play`, one `WebGame` per game, each seat reached by a secret token of its own.

(Over 600 lines on purpose: the endpoints are closures of `create_app` over the
server's state, its games and notebooks in memory, their locks, the store and the
clock, which a split would pass from module to module; the pages are in `pages.py`, a
game's session in `session.py`, a notebook in `table.py`, the store in `store.py`.)

Pages: `/` (the games, a new game's settings, resuming a saved record), `/play/GAME?as=
SEAT&seed=N&ai=AGENT&level=LEVEL` (a button that starts that game: `POST /play/GAME`),
`POST /resume` (a record file's bytes, uploaded from the browser) and `/game/TOKEN`
(the board). The board reads `/api/TOKEN/view`, plays with `POST /api/TOKEN/move`,
asks `/api/TOKEN/hint` (and `/api/TOKEN/belief`, the belief alone, to shade the map after
each move), takes a choice back with `POST /api/TOKEN/undo`, leaves with `POST
/api/TOKEN/leave` and, once the game is
over, offers `/api/TOKEN/record` (the full record: never before the end); every answer is built
from the seat's view (`WebGame.view`).

The table companion (`POST /table/GAME`, the index's "At a real table") keeps one
seat's record of a game played with the cardboard: its page `/table/TOKEN` is the
board's page over the notebook (`hunt.cli.web.table.WebTable`), read and written
through `/api/table/TOKEN/...` (view, move: write an entry down, undo, hint, belief,
record: the seat record at any time, leave); an uploaded seat record opens one too.

What a stranger can do is bounded by design, since any web page the user visits can
send requests to a server on this machine:
- no request names a file: a record comes in the request's body, every game is saved
  to a new file of the save folder, and nothing a page is sent names a file;
- an agent asked for by an address is a level or a bounded budget
  (`hunt.solver.agent_specs.bounded_spec`): it reads no file and ends its search;
- only the allowed host names are served (a rebound DNS name is refused), a change
  is a POST, refused when its Origin or Referer is another site's, and its body is
  bounded (413 before it is read whole);
- a seat is a capability: its token, then the cookie of the first browser that opens
  it, so the host's page shows a friend's invite only until the friend has opened it;
- a bad request gets a one-line 4xx, never a traceback or a 500;
- games and seats are kept in SQLite (`hunt.cli.web.store`), so a restart loses no
  link, and a game left or idle stops its computer and leaves memory.

Starlette is an optional extra (`pip install -e '.[web]'`); this module is imported
only by `hunt serve` and the web tests.
"""

from __future__ import annotations

import json
import secrets
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from hunt.cli.web.pages import FRIEND, OPTION, board_page, index_page, page, start_page_html
from hunt.cli.web.session import MoveError, WebGame
from hunt.cli.web.store import GameStore, StoredTable, digest
from hunt.cli.web.table import WebTable
from hunt.errors import HuntError, quoted
from hunt.models.game import AnyGame, AnyState
from hunt.models.registry import available_games, game_of_record, game_plugin, load_game
from hunt.models.seat_record import SeatNotebook, is_seat_record
from hunt.solver.agent_specs import bounded_spec, level_agent, make_agent
from hunt.solver.record_files import (
    MAX_RECORD_BYTES,
    default_save_dir,
    full_record,
    is_sealed,
    parse_record,
    recorded_seat,
    replay_record,
    reserved_save_path,
    write_record,
)

STATIC = resources.files("hunt.cli.web").joinpath("static")
STATIC_FILES = {"board.js": "text/javascript", "index.js": "text/javascript",
                "style.css": "text/css"}

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
"""The names of this machine a browser may reach the server by."""
STORE_NAME = "hunt-web.sqlite3"
"""The store of the web board's games, in the save folder."""
MOVE_BYTES = 64 * 1024
"""The largest body of a request other than a record's upload (a move is about 50)."""
FINISHED_IDLE_SECONDS = 30 * 60
"""How long a finished game stays after its last request (to read its analysis)."""
MAX_GAMES = 200
"""The most games kept at once (a script on this machine could start games for ever);
more are refused (429) until one is left or goes idle."""
IDLE_SECONDS = 12 * 3600
"""How long a game that goes on stays after its last request (it is saved: an upload
of its record resumes it)."""


def allowed_hosts(host: str) -> list[str]:
    """The host names the server answers to when it listens on `host`: `host` itself
    first (an IPv6 address in brackets, as a Host header writes it; the name its
    invitations give), then this machine's other names (`LOCAL_HOSTS`)."""
    named = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return [named, *(local for local in LOCAL_HOSTS if local != named)]


@dataclass
class Seat:
    """One seat's capability: its game, its index there, and the browser that holds it."""

    game: WebGame
    index: int
    stored: int
    """The game's id in the store."""
    claim_hash: str | None = None
    """The hash of the cookie of the browser that opened the seat first; None until then."""


def cookie_name(token: str) -> str:
    """The cookie that holds a seat's claim (one per seat: a browser may hold several)."""
    return f"hunt-seat-{token}"


def create_app(save_dir: Path | None = None, hosts: Sequence[str] = LOCAL_HOSTS,
               clock: Callable[[], float] = time.monotonic,
               max_games: int = MAX_GAMES) -> Starlette:
    """The web board's app; games are saved in `save_dir` (default: where `hunt play`
    saves), each in a new file. Only requests to `hosts` are served (the first is the
    one an invitation names); `clock` times how long a game has been idle; at most
    `max_games` are kept at once."""
    seats: dict[str, Seat] = {}
    """The games in memory: each seat by its token's hash (`digest`)."""
    tables: dict[str, WebTable] = {}
    """The table companion's notebooks in memory, by their token's hash."""
    registry = threading.Lock()  # the threadpool's endpoints reach `seats` at once
    invite_host = hosts[0]
    opened: list[GameStore] = []
    store_lock = threading.Lock()
    claiming = threading.Lock()

    def store() -> GameStore:
        """The store of games, opened when first needed (in the save folder)."""
        with store_lock:
            if not opened:
                opened.append(GameStore((save_dir or default_save_dir()) / STORE_NAME))
            return opened[0]

    def sweep() -> None:
        """Forget the games idle too long (their saves stay), stopping their computers."""
        now = clock()
        with registry:
            for key, seat in list(seats.items()):
                game = seat.game
                limit = FINISHED_IDLE_SECONDS if game.finished() else IDLE_SECONDS
                if now - game.last_access > limit:
                    game.stop()  # it stays in the store: its links open it again
                    del seats[key]
            for key, notebook in list(tables.items()):
                limit = FINISHED_IDLE_SECONDS if notebook.finished() else IDLE_SECONDS
                if now - notebook.last_access > limit:
                    del tables[key]  # in the store still: its link opens it again

    def room_for_a_game() -> None:
        """429 when `max_games` games are kept already (after the idle ones went)."""
        sweep()
        with registry:
            kept = app.state.games_in_memory()
        if kept >= max_games:
            raise HTTPException(429, f"{kept} games are open, the most this server keeps; "
                                     "leave one, or try again later")

    def seat_of(request: Request, opening: bool = False) -> Seat:
        """The seat of the request's token, if this browser holds it: 404 for no such
        seat, 403 for a seat another browser claimed (or, unless its page is `opening`
        to claim it, that no browser has claimed yet)."""
        sweep()
        token = str(request.path_params["token"])
        seat = seats.get(digest(token)) or reopened(token)
        if seat is None:
            raise HTTPException(404, "no game at this address: start one from the list "
                                     "of games")
        cookie = request.cookies.get(cookie_name(token), "")
        if seat.claim_hash is None and not opening:
            raise HTTPException(403, "open the game's page first: its link claims the seat")
        if seat.claim_hash is not None and \
                not secrets.compare_digest(seat.claim_hash, digest(cookie)):
            raise HTTPException(403, "this seat was taken: it is played in another "
                                     "browser")
        seat.game.last_access = clock()
        return seat

    def reopened(token: str) -> Seat | None:
        """The seat of `token` from the store, its game brought back into memory (after
        a restart, or after it went idle); None if the store has no such seat."""
        with registry:
            stored = store().seat(token)
            if stored is None:
                return None
            if (seat := seats.get(stored.token_hash)) is not None:
                return seat  # another request brought it back a moment ago
            row = store().game(stored.game)
            try:
                state = replay_record(row.record, "a stored game")
                people = {other.seat: other for other in store().seats_of(row.id)}
                agents = [None if index in people else make_agent(row.agent, index,
                                                                  state.game)
                          for index in range(state.game.info.num_players)]
            except HuntError as error:  # a store from another version, say
                print(f"hunt serve: {error}", file=sys.stderr)
                return None
            session = WebGame(state, agents, row.save_file, first=row.host,
                              seeded=row.seeded)
            keep(session, row.id)
            for other in people.values():
                seats[other.token_hash] = Seat(session, other.seat, row.id, other.claim_hash)
            found = seats[stored.token_hash]
        session.start_computer()  # it was perhaps thinking when the server stopped
        return found

    def keep(session: WebGame, stored: int) -> None:
        """Save `session`'s actions to the store too, and note it as used now."""
        session.last_access = clock()
        session.on_save = lambda record: store().save(stored, record)

    def claimed(seat: Seat, token: str, response: Response) -> Response:
        """`response` with the cookie that makes this browser the seat's holder (the
        first browser only: two opening an invitation at once cannot both claim it)."""
        with claiming:
            if seat.claim_hash is not None:
                return response
            claim = secrets.token_urlsafe(16)
            store().claim(token, claim)
            seat.claim_hash = digest(claim)
        response.set_cookie(cookie_name(token), claim, httponly=True, samesite="strict")
        return response

    def open_session(session: WebGame, agent: str) -> Response:
        """Keep a new game (`agent`: the spec its computer plays, or "human") and send
        its first seat's browser to its page."""
        assert session.save_path is not None
        tokens = [secrets.token_urlsafe(16) for _ in session.humans]
        host = session.humans[0]
        stored = store().add_game(full_record(session.state, host), agent,
                                  session.session.seeded, session.save_path, host,
                                  dict(zip(session.humans, tokens, strict=True)))
        keep(session, stored)
        session.session.save()  # the new file holds the game from the start
        first = Seat(session, host, stored)
        with registry:
            seats[digest(tokens[0])] = first
            for token, index in zip(tokens[1:], session.humans[1:], strict=True):
                seats[digest(token)] = Seat(session, index, stored)
        session.start_computer()  # the computer may move first
        return claimed(first, tokens[0],
                       RedirectResponse(f"/game/{tokens[0]}", status_code=303))

    def agents_for(state: AnyState, human: int, spec: str) -> list[Any]:
        """The agents of every seat but `human`'s (None there), from an untrusted spec."""
        game = state.game
        try:
            return [None if seat == human else make_agent(bounded_spec(spec, game), seat,
                                                          game)
                    for seat in range(game.info.num_players)]
        except HuntError as error:
            raise HTTPException(400, str(error)) from None

    def save_path(name: str) -> Path:
        try:
            return reserved_save_path(name, save_dir)
        except HuntError as error:
            print(f"hunt serve: {error}", file=sys.stderr)  # the page is not told where
            raise HTTPException(507, "the game cannot be saved here (the server's log "
                                     "says why)") from None

    def table_of(request: Request) -> WebTable:
        """The notebook of the request's token, if this browser holds it: 404 for no
        such notebook, 403 for one another browser holds."""
        sweep()
        token = str(request.path_params["token"])
        key = digest(token)
        cookie = digest(request.cookies.get(cookie_name(token), ""))
        refused = HTTPException(403, "this notebook is kept in another browser")
        with registry:
            notebook = tables.get(key)
        if notebook is None:
            stored = store().table(token)
            if stored is None:
                raise HTTPException(404, "no notebook at this address: start one from "
                                         "the list of games")
            if not secrets.compare_digest(stored.claim_hash, cookie):
                raise refused  # before the stored notebook is replayed for anyone
            notebook = reopened_table(key, stored)
        elif not secrets.compare_digest(notebook.claim_hash, cookie):
            raise refused
        notebook.last_access = clock()
        return notebook

    def reopened_table(key: str, stored: StoredTable) -> WebTable:
        """The notebook of the store's row `stored`, replayed (outside the registry's
        lock: a long record holds up no other page) and kept in memory; 404 if this
        version cannot replay it; 429 while the server keeps as many as it may."""
        room_for_a_game()
        try:
            notebook = WebTable(SeatNotebook.from_record(game_of_record(stored.record),
                                                         stored.record), stored.save_file)
        except HuntError as error:  # a store from another version, say
            print(f"hunt serve: {error}", file=sys.stderr)
            raise HTTPException(404, "this notebook cannot be opened by this version; "
                                     "its seat record is in the save folder") from None
        with registry:  # another request may have brought it back a moment ago
            if key not in tables:
                keep_table(notebook, key, digest_of_claim=stored.claim_hash)
            return tables[key]

    def keep_table(notebook: WebTable, key: str, digest_of_claim: str) -> None:
        """Hold `notebook` in memory (the registry's lock held), saved to the store."""
        notebook.claim_hash = digest_of_claim
        notebook.last_access = clock()
        notebook.on_save = lambda record: store().save_table(key, record)
        tables[key] = notebook

    def open_table(notebook: SeatNotebook) -> Response:
        """Keep a new notebook and send its browser to its page, holding it."""
        seats_named = notebook.game.info.seat_names
        kept = WebTable(notebook, save_path(f"{notebook.game.info.name}-"
                                            f"{seats_named[notebook.seat]}"))
        token, claim = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
        store().add_table(token, claim, notebook.record(), kept.save_path)
        with registry:
            keep_table(kept, digest(token), digest(claim))
        try:
            write_record(notebook.record(), kept.save_path)  # the file holds it at once
        except HuntError as error:
            print(f"hunt serve: {error}", file=sys.stderr)
        response = RedirectResponse(f"/table/{token}", status_code=303)
        response.set_cookie(cookie_name(token), claim, httponly=True, samesite="strict")
        return response

    async def new_table(request: Request) -> Response:
        return await started(request, start_table)

    def start_table(name: str, query: Mapping[str, str]) -> Response:
        room_for_a_game()
        game = game_with_options(name, query)
        return open_table(SeatNotebook(game, seat_asked(game, query)))

    def table_page(request: Request) -> Response:
        notebook = table_of(request)
        return HTMLResponse(board_page(str(request.path_params["token"]), notebook.plugin,
                                       notebook.notebook.game, table=True))

    def table_view(request: Request) -> Response:
        return JSONResponse(table_of(request).view())

    async def table_entry(request: Request) -> Response:
        return await run_in_threadpool(write_entry, request,
                                       await posted(request, MOVE_BYTES))

    def write_entry(request: Request, body: bytes) -> Response:
        notebook = table_of(request)
        text, position = move_fields(body)
        return acted(lambda: notebook.write(text, position), notebook.view)

    async def table_undo(request: Request) -> Response:
        await posted(request, MOVE_BYTES)
        notebook = await run_in_threadpool(table_of, request)
        struck = await run_in_threadpool(notebook.undo)
        return JSONResponse({"struck": struck, **notebook.view()})

    def table_hint(request: Request) -> Response:
        return JSONResponse(table_of(request).hint())

    def table_belief(request: Request) -> Response:
        return JSONResponse(table_of(request).belief())

    def table_record(request: Request) -> Response:
        notebook = table_of(request)
        data = notebook.record()
        seat = notebook.notebook.game.info.seat_names[notebook.notebook.seat]
        name = f"{data['game']}-{seat}-seat-record.json"
        return JSONResponse(data, headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    async def close_table(request: Request) -> Response:
        await posted(request, MOVE_BYTES)
        notebook = await run_in_threadpool(table_of, request)
        key = digest(str(request.path_params["token"]))
        store().forget_table(key)
        with registry:
            tables.pop(key, None)
        return JSONResponse({"left": True, "saved": notebook.saved})

    def game_with_options(name: str, query: Mapping[str, str]) -> AnyGame:
        """The game `name` with the options the form's `OPTION` fields set (400 for a
        bad one)."""
        try:
            return load_game(name, **game_plugin(name).options.parse(
                f"{key.removeprefix(OPTION)}={value}" for key, value in query.items()
                if key.startswith(OPTION)))
        except HuntError as error:
            raise HTTPException(400, str(error)) from None

    def seat_asked(game: AnyGame, query: Mapping[str, str]) -> int:
        """The seat the form's `as` names (the first seat if none; 400 for no seat)."""
        seats_named = game.info.seat_names
        seat_name = query.get("as", seats_named[0]).lower()
        if seat_name not in seats_named:
            raise HTTPException(400, f"{quoted(seat_name)} is not a seat of "
                                     f"{game.info.name}; accepted: {', '.join(seats_named)}")
        return seats_named.index(seat_name)

    async def index(request: Request) -> Response:
        return HTMLResponse(index_page())

    def game_named(request: Request) -> str:
        name = str(request.path_params["game"])
        if name not in available_games():
            raise HTTPException(404, f"no game {quoted(name)}; accepted: "
                                     f"{', '.join(available_games())}")
        return name

    async def start_page(request: Request) -> Response:
        # a GET changes nothing: the address of a game is a button that starts it
        return HTMLResponse(start_page_html(game_named(request), request.query_params))

    # The endpoints that build, replay, draw or save a game do it in Starlette's thread
    # pool (plain functions, or `run_in_threadpool`): the event loop only reads bodies,
    # so a slow game never holds up the others' requests.
    async def new_game(request: Request) -> Response:
        return await started(request, start_game)

    async def started(request: Request,
                      start: Callable[[str, Mapping[str, str]], Response]) -> Response:
        """`start` the game the address names with the settings of its form (posted)
        and of its address."""
        name = game_named(request)
        query = {**request.query_params, **form_fields(await posted(request, MOVE_BYTES))}
        return await run_in_threadpool(start, name, query)

    def start_game(name: str, query: Mapping[str, str]) -> Response:
        room_for_a_game()
        game = game_with_options(name, query)
        human = seat_asked(game, query)
        seed_text = query.get("seed", "").strip()
        if seed_text and not (seed_text.isascii() and seed_text.isdigit()
                              and len(seed_text) <= 18):
            raise HTTPException(400, f"seed {quoted(seed_text)} is not a whole number "
                                     "(0 to 18 digits)")
        seed = int(seed_text) if seed_text else secrets.randbits(63)
        level = query.get("level", "normal")
        spec = query.get("ai") or ("human" if level == FRIEND else level_agent(game, level))
        if spec.strip().lower() != "human":
            try:  # checked even where no seat is the computer's: the store keeps it
                spec = bounded_spec(spec, game)
            except HuntError as error:
                raise HTTPException(400, str(error)) from None
        state = game.new_initial_state(seed)
        if spec.strip().lower() == "human":  # a friend takes every other seat
            spec = "human"
            agents: list[Any] = [None] * game.info.num_players
        else:
            agents = agents_for(state, human, spec)
        return open_session(WebGame(state, agents, save_path(name), first=human,
                                    seeded=bool(seed_text)), spec)

    async def resume(request: Request) -> Response:
        body = await posted(request, MAX_RECORD_BYTES)
        return await run_in_threadpool(resume_game, body,
                                       request.query_params.get("level", "normal"))

    def resume_game(body: bytes, level: str) -> Response:
        room_for_a_game()
        if not body.strip():
            raise HTTPException(400, "send a saved game's record (the file `hunt play` "
                                     "or this board wrote) as the request's body")
        try:
            data = parse_record(body, "the uploaded record")
            # a table companion's seat record: its notebook goes on (a sealed save names
            # its seat too, but holds a whole game)
            if is_seat_record(data) and not is_sealed(data):
                notebook = SeatNotebook.from_record(game_of_record(data), data)
                return open_table(notebook)
            state = replay_record(data, "the uploaded record")
        except HuntError as error:
            raise HTTPException(400, str(error)) from None
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):
            raise HTTPException(400, "the uploaded record is not a game this board can "
                                     "replay") from None
        seats_named = state.game.info.seat_names
        saved = recorded_seat(data)
        human = seats_named.index(saved) if saved in seats_named else 0
        spec = level_agent(state.game, level)
        agents = agents_for(state, human, spec)
        return open_session(WebGame(state, agents, save_path(state.game.info.name)), spec)

    def board(request: Request) -> Response:
        token = request.path_params["token"]
        seat = seat_of(request, opening=True)
        port = (request.scope.get("server") or (None, None))[1]
        invites = [other.invite for other in store().seats_of(seat.stored)
                   if other.invite is not None] if seat.index == seat.game.humans[0] else []
        links = [f"http://{invite_host}{f':{port}' if port else ''}/game/{other}"
                 for other in invites]
        page_html = board_page(token, seat.game.plugin, seat.game.state.game,
                               invites=links, seeded=seat.game.session.seeded)
        return claimed(seat, token, HTMLResponse(page_html))

    def view(request: Request) -> Response:
        seat = seat_of(request)
        return JSONResponse(seat.game.view(seat.index))

    async def move(request: Request) -> Response:
        return await run_in_threadpool(play_move, request,
                                       await posted(request, MOVE_BYTES))

    def play_move(request: Request, body: bytes) -> Response:
        seat = seat_of(request)
        text, position = move_fields(body)
        return acted(lambda: seat.game.move(seat.index, text, position),
                     lambda: seat.game.view(seat.index))

    async def undo(request: Request) -> Response:
        return await run_in_threadpool(take_back, request, await posted(request, MOVE_BYTES))

    def take_back(request: Request, body: bytes) -> Response:
        seat = seat_of(request)
        return acted(lambda: seat.game.undo(seat.index), lambda: seat.game.view(seat.index))

    async def leave(request: Request) -> Response:
        await posted(request, MOVE_BYTES)
        left = await run_in_threadpool(seat_of, request)
        left.game.stop()
        store().forget(left.stored)
        with registry:
            for key, seat in list(seats.items()):
                if seat.game is left.game:
                    del seats[key]
        return JSONResponse({"left": True})

    def hint(request: Request) -> Response:
        seat = seat_of(request)
        return JSONResponse(seat.game.hint(seat.index))

    def belief(request: Request) -> Response:
        seat = seat_of(request)
        return JSONResponse(seat.game.belief(seat.index))

    def analysis(request: Request) -> Response:
        seat = seat_of(request)
        try:
            return JSONResponse(seat.game.analysis(seat.index))
        except MoveError as error:
            return JSONResponse({"error": str(error)}, status_code=409)

    def replay(request: Request) -> Response:
        seat = seat_of(request)
        text = request.query_params.get("at", "")
        if not (text.isascii() and text.isdigit() and len(text) <= 9):
            return JSONResponse({"error": f"at {quoted(text)} is not a position (a whole "
                                          "number of actions from the start)"},
                                status_code=400)
        try:
            return JSONResponse(seat.game.replay(seat.index, int(text)))
        except MoveError as error:
            return JSONResponse({"error": str(error)}, status_code=409)

    def record(request: Request) -> Response:
        seat = seat_of(request)
        try:
            data = seat.game.record(seat.index)
        except MoveError as error:
            return JSONResponse({"error": str(error)}, status_code=409)
        name = f"{data['game']}-record.json"
        return JSONResponse(data, headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES:
            raise HTTPException(404, f"no file {quoted(name)}")
        return Response(STATIC.joinpath(name).read_text(), media_type=STATIC_FILES[name])

    async def error_page(request: Request, error: Exception) -> Response:
        status = error.status_code if isinstance(error, HTTPException) else 500
        # a failure's own text could name what the seat may not see: the page gets one
        # line, the server's log (uvicorn's) the details
        message = error.detail if isinstance(error, HTTPException) else \
            "the server failed on this request (its log has the details); games are saved"
        if request.url.path.startswith("/api/") or \
                "application/json" in request.headers.get("accept", ""):
            return JSONResponse({"error": message}, status_code=status)
        return HTMLResponse(page("hunt: error", '<main><h1>hunt: the request failed</h1>'
                                 f'<p class="error">{escape(message)}</p>'
                                 '<p><a href="/">Back to the games</a></p></main>'), status)

    app = Starlette(routes=[
        Route("/", index), Route("/play/{game}", start_page),
        Route("/play/{game}", new_game, methods=["POST"]),
        Route("/resume", resume, methods=["POST"]),
        Route("/game/{token}", board), Route("/api/{token}/view", view),
        Route("/api/{token}/move", move, methods=["POST"]),
        Route("/api/{token}/leave", leave, methods=["POST"]),
        Route("/api/{token}/undo", undo, methods=["POST"]),
        Route("/api/{token}/hint", hint), Route("/api/{token}/analysis", analysis),
        Route("/api/{token}/belief", belief), Route("/api/{token}/replay", replay),
        Route("/api/{token}/record", record),
        Route("/table/{game}", new_table, methods=["POST"]),
        Route("/table/{token}", table_page),
        Route("/api/table/{token}/view", table_view),
        Route("/api/table/{token}/move", table_entry, methods=["POST"]),
        Route("/api/table/{token}/undo", table_undo, methods=["POST"]),
        Route("/api/table/{token}/leave", close_table, methods=["POST"]),
        Route("/api/table/{token}/hint", table_hint),
        Route("/api/table/{token}/belief", table_belief),
        Route("/api/table/{token}/record", table_record),
        Route("/static/{name}", static),
    ], middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))],
        exception_handlers={HTTPException: error_page, Exception: error_page})
    def live_games() -> list[WebGame]:
        """The games in memory, each once, in the order they were opened."""
        with registry:
            return list({id(seat.game): seat.game for seat in seats.values()}.values())

    app.state.live_games = live_games
    app.state.games_in_memory = lambda: len({id(seat.game) for seat in seats.values()}) \
        + len(tables)
    return app


async def posted(request: Request, limit: int) -> bytes:
    """The body of a request that changes something, checked first: 403 if it comes
    from another site's page (its Origin, or else its Referer, names another host than
    the one it was sent to), 413 if it is longer than `limit` bytes (said by its
    Content-Length, or found while reading: never read whole)."""
    host = request.headers.get("host", "").lower()
    sender = request.headers.get("origin") or request.headers.get("referer")
    if sender is not None and urlsplit(sender).netloc.lower() != host:
        raise HTTPException(403, "refused: this request comes from another site's page")
    length = request.headers.get("content-length", "")
    if length and not (length.isascii() and length.isdigit()):
        raise HTTPException(400, "the Content-Length is not a number")
    if length and int(length) > limit:
        raise HTTPException(413, f"the request has {length} bytes; at most {limit} here")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPException(413, f"the request has more than {limit} bytes; at most "
                                     f"{limit} here")
        chunks.append(chunk)
    return b"".join(chunks)


def acted(act: Callable[[], object], view: Callable[[], dict[str, Any]]) -> Response:
    """The page's view after `act` (a move, an entry, a take-back); a refusal said in one
    line beside the view, unchanged (409)."""
    try:
        act()
    except MoveError as error:
        return JSONResponse({"error": str(error), **view()}, status_code=409)
    return JSONResponse(view())


def form_fields(body: bytes) -> dict[str, str]:
    """A form's fields (`application/x-www-form-urlencoded`); 400 if it is not one."""
    try:
        return dict(parse_qsl(body.decode("utf-8"), max_num_fields=10, strict_parsing=False))
    except ValueError:  # UnicodeDecodeError too
        raise HTTPException(400, "send the game's settings as a form: as, seed, ai, "
                                 "level") from None


def move_fields(body: bytes) -> tuple[str, int]:
    """The move and the position a move's JSON body names; 400 unless the move is text
    and the position a JSON integer (not 14.5, not 1e400, not nested for ever)."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        data = None
    text = data.get("move") if isinstance(data, dict) else None
    position = data.get("position") if isinstance(data, dict) else None
    if not isinstance(text, str) or type(position) is not int:
        raise HTTPException(400, 'send {"move": TEXT, "position": N} (N a whole number)')
    return text, position


@contextmanager
def running(app: Starlette, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """`app` served on `port` of `host` (0: a free one) in a thread, for the browser
    tests and scripts; yields its address and stops it on leaving."""
    import uvicorn

    if port == 0:
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
