"""The Hunt's board for the browser (`hunt serve`): the map as SVG, drawn from a seat's
observation like the terminal's screen, so it shows only what that seat sees.

Every hex carries `data-hex` (the page asks the belief and the moves by it); a hex some
choice leads to (`move G 2 14`, `start 14`, `search 14`) has the class `target`, so a
click on a piece's destination can play the move. Pieces are letters in circles, as
on the terminal's map: S the Graf Spee, G/H/K the Forces, A the Altmark, f a Freight
Ship (its route ahead dashed), h a Hint marker, ? a hex the raider may be in; ports are
named.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from hunt.models.plugin import Hands
from hunt.models.the_hunt.observation import TheHuntObservation
from hunt.models.the_hunt.rules import TheHuntGame

SIZE = 30.0
"""A hex's radius in SVG units."""

PIECE_COLOURS = {"S": "#c0392b", "G": "#1f4e9c", "H": "#1f4e9c", "K": "#1f4e9c",
                 "A": "#1c8c8c", "f": "#2e8b3e", "h": "#b8860b", "?": "#8e44ad"}
"""Each piece letter's colour (the terminal's colours)."""


def centre(q: int, r: int) -> tuple[float, float]:
    """The centre of the pointy-top hex at axial (q, r)."""
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def corners(x: float, y: float) -> str:
    """The six corners of a hex centred at (x, y), as an SVG points list."""
    return " ".join(f"{x + SIZE * math.cos(math.radians(60 * i - 30)):.1f},"
                    f"{y + SIZE * math.sin(math.radians(60 * i - 30)):.1f}" for i in range(6))


def pieces(game: TheHuntGame, seen: TheHuntObservation) -> dict[str, list[str]]:
    """The letters on each hex the seat sees (the terminal's marks, without colour)."""
    found: dict[str, list[str]] = {}

    def put(hex_id: str | None, letter: str) -> None:
        if hex_id:
            found.setdefault(hex_id, []).append(letter)

    put(seen["graf_spee"], "S")
    for force, where in seen["forces"].items():
        put(where, force)
    put(seen["altmark"], "A")
    for freighter in seen["freighters"].values():
        put(freighter["hex"], "f")
    for hex_id in seen["hints"]:
        put(hex_id, "h")
    # as on the terminal's map: "?" only once it says something (half the map or less)
    if seen["seat"] == "british" and seen["graf_spee"] is None \
            and len(seen["possible"]) <= len(game.board.graph) // 2:
        for hex_id in seen["possible"]:
            put(hex_id, "?")
    return found


def web_board(game: TheHuntGame, seen: TheHuntObservation, seat: int,
              choices: Sequence[str]) -> str:
    """The map with the seat's pieces, its ports and the hexes `choices` lead to."""
    graph = game.board.graph
    targets = {words[-1] for text in choices if (words := text.split())
               and words[-1] in graph}
    ports = {d.entry: d.name for d in game.board.destinations.values()}
    on_hex = pieces(game, seen)
    places = {hex_id: centre(graph.nodes[hex_id]["q"], graph.nodes[hex_id]["r"])
              for hex_id in sorted(graph)}
    xs = [x for x, _ in places.values()]
    ys = [y for _, y in places.values()]
    left, top = min(xs) - 2 * SIZE, min(ys) - 2 * SIZE
    width, height = max(xs) - left + 2 * SIZE, max(ys) - top + 2 * SIZE
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
             f'viewBox="{left:.0f} {top:.0f} {width:.0f} {height:.0f}" role="img" '
             f'aria-label="The South Atlantic">']
    for hex_id, (x, y) in places.items():
        kind = "hex target" if hex_id in targets else "hex"
        parts.append(f'<g class="{kind}" data-hex="{hex_id}">'
                     f'<polygon points="{corners(x, y)}"/>'
                     f'<text class="hex-id" x="{x:.1f}" y="{y - SIZE * 0.45:.1f}">'
                     f'{hex_id}</text>')
        if hex_id in ports:
            parts.append(f'<text class="port" x="{x:.1f}" y="{y + SIZE * 0.75:.1f}">'
                         f'{escape(ports[hex_id])}</text>')
        letters = on_hex.get(hex_id, [])
        for index, letter in enumerate(letters):
            px = x + (index - (len(letters) - 1) / 2) * SIZE * 0.55
            parts.append(f'<g class="piece" data-piece="{escape(letter)}">'
                         f'<circle cx="{px:.1f}" cy="{y + 4:.1f}" r="{SIZE * 0.26:.1f}" '
                         f'fill="{PIECE_COLOURS[letter]}"/>'
                         f'<text x="{px:.1f}" y="{y + 8:.1f}">{escape(letter)}</text></g>')
        parts.append("</g>")
    parts += route_lines(game, seen, places)  # over the sea, under nothing a click needs
    parts.append("</svg>")
    return "".join(parts)


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


def hands(seen: TheHuntObservation) -> Hands:
    """The side's own cards and the other side's count, for the browser."""
    return Hands(tuple(seen["hand"]), seen["opponent_hand_size"])
