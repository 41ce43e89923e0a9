"""The Hunt's board for the browser (`hunt serve`): the map as SVG, drawn from a seat's
observation like the terminal's screen, so it shows only what that seat sees.

Every hex carries `data-hex`. The map is played by clicks: the `<svg>`'s `data-clicks`
(JSON, `click_map`) says which choice each click plays. A piece that has moves or uses
(a Force, the Graf Spee, the Altmark, a Freight Ship) carries `data-select`: a click
selects it, its destinations light up, and a click on one plays the cheapest move
there; a placement or a hex to name (`start 14`, `altmark 17`, `hint 14`, `query 14`)
is a click on the hex itself. By keyboard, the page makes the same hexes and pieces
buttons, named by `click_map`'s `says` (what pressing one plays, in words). Pieces are
letters in circles, as on the terminal's map: S the Graf Spee, G/H/K the Forces (those
not at sea on the Strategy track under the map), A the Altmark, f a Freight Ship (its
route ahead dashed, under the pieces), h a Hint marker, ? a hex the raider may be in;
ports are named.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from html import escape
from typing import Any

from hunt.models.plugin import Hands
from hunt.models.the_hunt import events as ev
from hunt.models.the_hunt.actions import parse_action
from hunt.models.the_hunt.observation import TheHuntObservation
from hunt.models.the_hunt.rules import TheHuntGame

SIZE = 30.0
"""A hex's radius in SVG units."""

PIECE_COLOURS = {"S": "#c0392b", "G": "#1f4e9c", "H": "#1f4e9c", "K": "#1f4e9c",
                 "A": "#177a7a", "f": "#2a7d3a", "h": "#8a6508", "?": "#8e44ad"}
"""Each piece letter's colour (the terminal's colours, dark enough for the white letter
on it to keep a contrast of 4.5:1)."""

PIECE_NAMES = {"S": "the Graf Spee", "A": "the Altmark", "f": "Freight Ship",
               "h": "a Hint marker", "?": "the Graf Spee may be here"}
"""What a piece's tooltip calls it (a Force is "Force G")."""

MOVERS = {"graf-spee": "S", "altmark": "A"}
"""The German's pieces as a move names them -> their letter on the map."""

PIECE_USES = {"search": "Search its hex", "advance": "Advance it on the Strategy track",
              "attack": "Attack it", "convoy": "Sail it one hex on"}
"""The choices that use a piece without moving it, by verb: a button of the selected
piece's."""

HEX_WORDS = {"start": "start the Graf Spee here", "altmark": "start the Altmark here",
             "hint": "place a Hint marker here",
             "query": "ask whether the Graf Spee is within 2 hexes of here"}
"""The choices that name a hex and no piece, by verb: a click on that hex plays them;
what a button there says it does."""


def centre(q: int, r: int) -> tuple[float, float]:
    """The centre of the pointy-top hex at axial (q, r)."""
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def corners(x: float, y: float) -> str:
    """The six corners of a hex centred at (x, y), as an SVG points list."""
    return " ".join(f"{x + SIZE * math.cos(math.radians(60 * i - 30)):.1f},"
                    f"{y + SIZE * math.sin(math.radians(60 * i - 30)):.1f}" for i in range(6))


def pieces(game: TheHuntGame, seen: TheHuntObservation) -> dict[str, list[tuple[str, str]]]:
    """The pieces on each hex the seat sees: (letter, the key `data-select` gives it:
    "graf-spee", "altmark", a Force's letter, a Freight Ship's id, or "" for a marker)."""
    found: dict[str, list[tuple[str, str]]] = {}

    def put(hex_id: str | None, letter: str, key: str = "") -> None:
        if hex_id:
            found.setdefault(hex_id, []).append((letter, key))

    put(seen["graf_spee"], "S", "graf-spee")
    for force, where in seen["forces"].items():
        put(where, force, force)
    put(seen["altmark"], "A", "altmark")
    for freighter, info in sorted(seen["freighters"].items()):
        put(info["hex"], "f", freighter)
    for hex_id in seen["hints"]:
        put(hex_id, "h")
    # as on the terminal's map: "?" only once it says something (half the map or less)
    if seen["seat"] == "british" and seen["graf_spee"] is None \
            and len(seen["possible"]) <= len(game.board.graph) // 2:
        for hex_id in seen["possible"]:
            put(hex_id, "?")
    return found


def click_map(game: TheHuntGame, choices: Sequence[str]) -> dict[str, Any]:
    """What a click on the map plays, from the seat's choices: `pieces` (a piece's key
    -> `hexes`, each destination's cheapest move, `costs`, the AP it spends there, and
    `uses`, [label, choice] pairs of the choices that use it where it stands),
    `hexes` (hex -> the choice that names only it), `covers` (every choice the map
    stands for, the dearer moves to a hex too: they stay in the page's list of every
    choice) and `says` (each choice a hex plays -> what it does, in words, for the
    names the page gives its buttons: "move Force G here, 2 AP")."""
    by_piece: dict[str, dict[str, Any]] = {}
    cheapest: dict[tuple[str, str], tuple[int, str]] = {}
    hexes: dict[str, str] = {}
    covers: list[str] = []
    says: dict[str, str] = {}
    for text in choices:
        action = parse_action(text)
        if action is None:
            continue
        if action.verb in ("move", "shift") and action.hex in game.board.graph:
            key = (action.arg, action.hex)
            if key not in cheapest or action.n < cheapest[key][0]:
                cheapest[key] = (action.n, text)
        elif action.verb in HEX_WORDS and action.hex in game.board.graph:
            if hexes.setdefault(action.hex, text) == text:
                says[text] = HEX_WORDS[action.verb]
        elif action.verb in PIECE_USES:
            by_piece.setdefault(action.arg, {"hexes": {}, "uses": []})["uses"].append(
                [PIECE_USES[action.verb], text])
        else:
            continue
        covers.append(text)
    for (piece, hex_id), (ap, text) in sorted(cheapest.items()):
        found = by_piece.setdefault(piece, {"hexes": {}, "uses": []})
        found["hexes"][hex_id] = text
        says[text] = f"move {piece_name(game, piece)} here"
        if ap:  # what the click costs, written on the lit hex ("shift" costs nothing)
            found.setdefault("costs", {})[hex_id] = f"{ap} AP"
            says[text] += f", {ap} AP"
    return {"pieces": by_piece, "hexes": hexes, "covers": covers, "says": says}


def piece_name(game: TheHuntGame, key: str) -> str:
    """What the map calls the piece a choice names (`key`: "graf-spee", "altmark", a
    Freight Ship's id or a Force's letter), as its tooltip does."""
    if key in MOVERS:
        return PIECE_NAMES[MOVERS[key]]
    return f"Freight Ship {key}" if key in game.freighters else f"Force {key}"


def web_board(game: TheHuntGame, seen: TheHuntObservation, seat: int,
              choices: Sequence[str]) -> str:
    """The map with the seat's pieces and its ports, playable by clicks (`click_map`)."""
    graph = game.board.graph
    clicks = click_map(game, choices)
    ports = {d.entry: d.name for d in game.board.destinations.values()}
    on_hex = pieces(game, seen)
    places = {hex_id: centre(graph.nodes[hex_id]["q"], graph.nodes[hex_id]["r"])
              for hex_id in sorted(graph)}
    xs = [x for x, _ in places.values()]
    ys = [y for _, y in places.values()]
    left, top = min(xs) - 2 * SIZE, min(ys) - 2 * SIZE
    width, height = max(xs) - left + 2 * SIZE, max(ys) - top + 3.6 * SIZE
    last = last_turn_hexes(seen)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
             f'viewBox="{left:.0f} {top:.0f} {width:.0f} {height:.0f}" role="group" '
             f'aria-label="The South Atlantic" '
             f'data-clicks="{escape(json.dumps(clicks, sort_keys=True))}">']
    # a group, not an image: an image's parts are hidden from a screen reader, and the
    # page makes the hexes and pieces a key can play buttons.
    # Three layers, so that nothing covers what a click or the eye needs: the sea and
    # its hex numbers, the Freight Ships' routes, then the pieces
    for hex_id, (x, y) in places.items():
        kind = "hex last" if hex_id in last else "hex"
        parts.append(f'<g class="{kind}" data-hex="{hex_id}">'
                     f'<polygon points="{corners(x, y)}"/>'
                     f'<text class="hex-id" x="{x:.1f}" y="{y - SIZE * 0.45:.1f}">'
                     f'{hex_id}</text>')
        if hex_id in ports:
            parts.append(f'<text class="port" x="{x:.1f}" y="{y + SIZE * 0.75:.1f}">'
                         f'{escape(ports[hex_id])}</text>')
        parts.append("</g>")
    parts += route_lines(game, seen, places)
    for hex_id, found in sorted(on_hex.items()):
        x, y = places[hex_id]
        for index, (letter, key) in enumerate(found):
            px = x + (index - (len(found) - 1) / 2) * SIZE * 0.55
            parts.append(piece(letter, key, hex_id, px, y + 4))
    parts += strategy_track(game, seen, left, max(ys) + 2.2 * SIZE)
    parts.append("</svg>")
    return "".join(parts)


def strategy_track(game: TheHuntGame, seen: TheHuntObservation, left: float,
                   y: float) -> list[str]:
    """The Strategy track under the map: its spaces, each Force on its space (a piece:
    a click selects it, to advance it), and the hex a Force enters the map at."""
    tracks = game.tracks
    parts = [f'<text class="track-label" x="{left + SIZE * 0.3:.1f}" y="{y + 4:.1f}">'
             f'Strategy track</text>']
    step = SIZE * 0.9
    start = left + SIZE * 3.6
    for space in range(1, tracks.strategy_spaces + 1):
        x = start + (space - 1) * step
        parts.append(f'<g class="track-space" data-space="{space}">'
                     f'<rect x="{x - step / 2 + 1:.1f}" y="{y - SIZE * 0.4:.1f}" '
                     f'width="{step - 2:.1f}" height="{SIZE * 0.8:.1f}" rx="3"/>'
                     f'<text x="{x:.1f}" y="{y + SIZE * 0.75:.1f}">{space}</text></g>')
    on_space: dict[int, list[str]] = {}
    for force, space in sorted(seen["strategy"].items()):
        on_space.setdefault(space, []).append(force)
    for space, forces in on_space.items():
        for index, force in enumerate(forces):
            x = start + (space - 1) * step + (index - (len(forces) - 1) / 2) * SIZE * 0.35
            parts.append(piece(force, force, "", x, y))
    end = start + tracks.strategy_spaces * step
    parts.append(f'<text class="track-label" x="{end:.1f}" y="{y + 4:.1f}">'
                 f'then enters at {tracks.entry_hex}</text>')
    return parts


def piece(letter: str, key: str, hex_id: str, x: float, y: float) -> str:
    """One piece: its circle and letter, the hex it stands on (`data-at`, "" in port)
    and its key (`data-select`), with a tooltip naming it."""
    name = PIECE_NAMES.get(letter, f"Force {letter}")
    if letter == "f":
        name = f"Freight Ship {key}"
    return (f'<g class="piece" data-piece="{escape(letter)}" data-at="{hex_id}"'
            + (f' data-select="{escape(key)}"' if key else "")
            + f'><title>{escape(name)}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.26:.1f}" '
            f'fill="{PIECE_COLOURS[letter]}"/>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}">{escape(letter)}</text></g>')


def route_lines(game: TheHuntGame, seen: TheHuntObservation,
                places: dict[str, tuple[float, float]]) -> list[str]:
    """Each Freight Ship at sea's route ahead, from its hex to its port's (public: the
    routes are printed), as a dashed line."""
    lines = []
    for freighter_id, info in sorted(seen["freighters"].items()):
        route = game.freighters[freighter_id].route
        if info["hex"] not in route:
            continue
        ahead = route[route.index(info["hex"]):]
        if len(ahead) > 1:
            points = " ".join(f"{places[h][0]:.1f},{places[h][1]:.1f}" for h in ahead)
            lines.append(f'<polyline class="route" data-freighter="{escape(freighter_id)}" '
                         f'points="{points}"/>')
    return lines


GERMAN_MARKS = (ev.AltmarkPlaced, ev.AltmarkMoves, ev.GrafSpeeMoves, ev.Revealed,
                ev.HintPlaced, ev.FalseHint, ev.ForceDrawnAway)
"""The German's doings the log names a hex of."""
BRITISH_MARKS = (ev.ForceMoves, ev.ForceEnters, ev.Search, ev.ProximityAnswer)
"""The British's doings the log names a hex of."""


def last_turn_hexes(seen: TheHuntObservation) -> set[str]:
    """The hexes the other side's last turn named in this seat's log (where its pieces
    went, searched, asked about, were seen): from the other side's last card played on,
    until this side's next one. Read from the seat's own log: only what it was told."""
    enemy = 1 if seen["seat"] == "german" else 0
    marks = BRITISH_MARKS if enemy else GERMAN_MARKS
    events = [ev.KINDS.from_json(entry) for entry in seen["log"]]
    begun = [index for index, event in enumerate(events)
             if isinstance(event, ev.CardPlayed) and event.side == enemy]
    found: set[str] = set()
    for event in events[begun[-1] if begun else 0:]:
        if isinstance(event, ev.CardPlayed) and event.side != enemy:
            break
        # every kind in `marks` has a hex ("" for the raider's move in the British log)
        if isinstance(event, marks) and (hex_id := str(getattr(event, "hex", ""))):
            found.add(hex_id)
    return found


def hands(seen: TheHuntObservation) -> Hands:
    """The side's own cards and the other side's count, for the browser."""
    return Hands(tuple(seen["hand"]), seen["opponent_hand_size"])
