"""The pages the web board serves, as HTML: the list of games, a game's start page and
its board's page (filled in by board.js from the seat's view). Every text is escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from hunt.models.game import AnyGame
from hunt.models.options import Option
from hunt.models.plugin import AnyPlugin, plural
from hunt.models.registry import available_games, game_plugin
from hunt.solver.agent_specs import LEVELS


def page(title: str, body: str, script: str = "") -> str:
    """A whole HTML page."""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/style.css">'
            f'</head><body>{body}{script}</body></html>')


FRIEND = "friend"
"""The opponent chosen on the index that gives every other seat to a person: the
page that starts the game shows a link for each of them."""
OPTION = "o-"
"""The prefix of a form field that sets a game option (`o-players=4`)."""


def index_page() -> str:
    """The list of games, each with a form for a new game: the seat (every seat the
    game may have; the server refuses one beyond the players chosen), the game's
    options, the opponent (the computer at a level, or a friend), a seed, and a button
    that opens the table companion instead (the record of a game played with the
    cardboard, from that seat); the form that
    uploads a saved record to resume it (index.js sends the file), and the games this
    browser has played (index.js lists them from what board.js noted)."""
    rows = []
    levels = "".join(f'<option{" selected" if level == "normal" else ""}>{level}</option>'
                     for level in LEVELS)
    friend = f'<option value="{FRIEND}">a friend (a link for each other seat)</option>'
    for name in available_games():
        plugin = game_plugin(name)
        seats = "".join(f'<option value="{s}">{escape(plugin.seat_title(s))}</option>'
                        for s in plugin.seats[:plugin.player_range[1]])
        options = "".join(option_field(option) for option in plugin.options.options)
        low, high = plugin.player_range
        count = f"{low} to {high} players" if low < high else plural(low, "player")
        rows.append(
            f'<form class="game" action="/play/{name}" method="post">'
            f'<h2>{escape(plugin.title)} <small>{count}</small></h2>'
            f'<label>You play <select name="as">{seats}</select></label> {options}'
            f'<label>Against <select name="level">{levels}{friend}</select></label> '
            f'<label>Seed <input name="seed" size="8" placeholder="secret"></label> '
            f'<button type="submit">Play</button> '
            f'<button type="submit" formaction="/table/{name}" title="Keep the record of '
            f'a game played with the cardboard, from your seat, with advice">At a real '
            f'table</button></form>')
    resume = ('<form class="game" id="resume"><h2>Resume a saved game</h2>'
              '<label>Record (a saved game, or a table\'s seat record) <input '
              'name="record" type="file" accept=".json,application/json"></label> '
              f'<label>Computer <select name="level">{levels}</select></label> '
              '<button type="submit">Resume</button>'
              '<p id="resume-error" class="error" role="alert"></p></form>')
    mine = ('<section id="my-games" hidden><h2>Your games on this browser</h2>'
            '<ul id="my-games-list"></ul></section>')
    # every part in a landmark (a header, the main part), for those who move by them
    return page("hunt", "<header><h1>hunt: play against the computer</h1></header><main>"
                + mine + "".join(rows) + resume + "</main>",
                '<script src="/static/index.js"></script>')


def option_field(option: Option) -> str:
    """A game option as a choice on the index (`OPTION` + its name), at its default;
    "" for an option with no short list of values (the command line sets those)."""
    if option.type is bool:
        values: tuple[Any, ...] = (False, True)
    elif option.type in (int, str) and option.choices:
        values = option.choices
    else:
        return ""
    choices = "".join(
        f'<option value="{escape(str(value).lower())}"'
        f'{" selected" if value == option.default else ""}>'
        f'{"yes" if value is True else "no" if value is False else escape(str(value))}'
        "</option>" for value in values)
    label = option.name.replace("_", " ").capitalize()
    return (f'<label title="{escape(option.help)}">{escape(label)} '
            f'<select name="{OPTION}{option.name}">{choices}</select></label> ')


def start_page_html(name: str, settings: Mapping[str, str]) -> str:
    """The page of a game's address: its settings and a button that starts it (a GET
    changes nothing, so neither a link nor another site's image starts a game)."""
    kept = [(key, value) for key, value in settings.items()
            if key in ("as", "seed", "ai", "level") or key.startswith(OPTION)]
    fields = "".join(f'<input type="hidden" name="{escape(key)}" value="{escape(value)}">'
                     for key, value in kept)
    shown = ", ".join(f"{escape(key.removeprefix(OPTION))} {escape(value)}"
                      for key, value in kept)
    return page(f"hunt: {name}", f'<main><h1>A new game</h1><form class="game" '
                f'action="/play/{escape(name)}" method="post">'
                f'<h2>{escape(game_plugin(name).title)}</h2>'
                f'<p>{shown or "the usual settings"}</p>'
                f'{fields}<button type="submit">Start the game</button></form></main>')


def board_page(token: str, plugin: AnyPlugin, game: AnyGame, invites: Sequence[str] = (),
               seeded: bool = False, table: bool = False) -> str:
    """The board's page, filled in by board.js from the view: a game's (`invites`: the
    links of a friend's seats, shown on the page that started the game), or a table
    companion's notebook (`table`): the same board, its choices the entries that may
    be written down, with a line to type one, a way to strike the last out and the
    seat record to take away."""
    invite = "".join(
        f'<p class="invite">Send your opponent this link (their side only): '
        f'<a href="{escape(link)}">{escape(link)}</a></p>' for link in invites)
    replayable = ('<p class="seeded">A replayable game: its draws and the computer\'s '
                  'choices follow from the seed it was started with.</p>' if seeded else "")
    api = f"/api/table/{token}" if table else f"/api/{token}"
    if table:
        title = f"{game.info.title} at the table"
        intro = ('<p class="intro">Write down what happens at your table, from your seat: '
                 'your moves, what the others did as you saw it, your rolls and draws. '
                 'Tap an entry (on the map, a card or the list), or type one.</p>')
        heading = "What happened next"
        typed = ('<form id="entry-form"><label>Or type an entry <input id="entry" '
                 'name="entry" autocomplete="off" autocapitalize="none" '
                 'placeholder="draw ? x5"></label> <button type="submit">Write it down'
                 '</button></form><p><button id="undo-button" type="button">Strike out '
                 'the last entry</button> <span id="struck" role="status"></span></p>')
        leave = "Close the notebook"
        record = "The seat record"
    else:
        title, intro, heading = game.info.title, "", "Your move"
        typed = ('<p><button id="undo-button" type="button">Take back your last choice'
                 '</button> <span id="struck" role="status"></span></p>')
        leave, record = "Leave the game", "The game\'s record"
    body = (f'<header><h1>{escape(title)}</h1> '
            f'<span id="status" role="status"></span> <a href="/">games</a></header>'
            # the notices in a landmark of their own, named, beside the header and main
            f'<section id="notices" aria-label="About this game">{invite}{replayable}{intro}'
            '<div id="banner" role="alert" hidden></div></section>'
            '<main><section id="board-area"><div id="board"></div>'
            '<div id="legend" hidden></div><div id="selection" aria-live="polite"></div>'
            '<div id="hands"><div id="opponent-hand"></div><div id="hand"></div></div>'
            '<pre id="screen"></pre></section>'
            '<aside><div id="error" class="error" role="alert"></div>'
            '<div id="state"></div>'
            f'<h2>{heading}</h2><div id="actions"></div>{typed}'
            '<details id="all-choices"><summary>Every choice (<span id="choice-count">'
            '</span>)</summary><div id="choices"></div></details>'
            '<p><button id="hint-button" type="button">Hint</button> '
            '<button id="analysis-button" type="button" hidden>Analyse the game</button> '
            f'<button id="leave-button" type="button">{leave}</button> '
            f'<a id="record-link" href="{api}/record" download hidden>{record}</a> '
            '<label id="shade-label" hidden><input id="shade" type="checkbox"> Belief '
            'shading</label></p>'
            '<div id="hint" aria-live="polite"></div>'
            '<section id="replay" hidden><h2>Replay</h2><p>'
            '<button id="replay-back" type="button" aria-label="one action back">&#9664;'
            '</button> <input id="replay-at" type="range" min="0" value="0" '
            'aria-label="position in the game"> <button id="replay-next" type="button" '
            'aria-label="one action on">&#9654;</button> <span id="replay-where"></span>'
            '</p><div id="chart"></div></section>'
            '<section id="log-panel" hidden><h2>Log</h2><ol id="log"></ol></section>'
            '</aside></main>')
    script = (f'<script>const TOKEN = "{token}"; const API = "{api}"; '
              f'const TABLE = {"true" if table else "false"};</script>'
              '<script src="/static/board.js"></script>')
    return page(f"hunt: {title}", body, script)
