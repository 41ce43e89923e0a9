"""The Hunt's board: the hex map, its destinations and freight routes.

`MAP_FILE` describes map.toml (its schema and the checks of its routes);
`load_hunt_map()` returns the checked map; its `graph` is a frozen `networkx.Graph`
of hex ids ("06") with their axial coordinates.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import networkx as nx

from hunt.boards.data import BoardFile, BoardSet
from hunt.boards.schema import Bool, Int, ListOf, Refs, Schema, Str, Table, Tables

AXIAL_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
"""The six neighbours of a hex in axial coordinates (q, r)."""

FREIGHTERS = 9
"""Freight markers in the game (rulebook components)."""


@dataclass(frozen=True)
class Destination:
    """An off-map box (a port or England), entered only from its entry hex."""

    id: str
    name: str
    entry: str
    port: bool


@dataclass(frozen=True)
class Freighter:
    """A freight marker: where it starts, where it goes, and the hexes it follows."""

    id: str
    name: str
    start: str
    destination: str
    route: tuple[str, ...]


@dataclass(frozen=True)
class TheHuntMap:
    """The validated map: the graph, the destinations and the freight markers."""

    graph: nx.Graph[str]
    destinations: dict[str, Destination]
    freighters: tuple[Freighter, ...]


HEX = Table(keys={"id": Str(digits=2), "q": Int(-50, 50), "r": Int(-50, 50)},
            optional={"blocked": ListOf(Str(ref="hex"), unique=True)},
            sourced=True, label="id")
"""A hex: its number and axial coordinates (bounded: the map is drawn on a screen)."""

MAP_SCHEMA_ROOT = Table(
    keys={"hex": Tables(HEX, unique=("id",), define={"id": "hex"}),
          "destination": Tables(
              Table(keys={"id": Str(), "name": Str(), "entry": Str(ref="hex")},
                    optional={"port": Bool()}, sourced=True, label="id"),
              unique=("id", "entry"), define={"id": "destination"}),
          "freighter": Tables(
              Table(keys={"id": Str(), "name": Str(), "start": Str(ref="hex"),
                          "destination": Str(ref="destination"),
                          "route": ListOf(Str(ref="hex"), low=2)},
                    sourced=True, label="id"),
              low=FREIGHTERS, high=FREIGHTERS, unique=("id",))},
    optional={"map": Table(keys={"name": Str()}, sourced=True)})


def _graph(data: dict[str, Any]) -> nx.Graph[str]:
    """The hexes joined where they touch, except across a blocked edge."""
    graph: nx.Graph[str] = nx.Graph()
    at = {(table["q"], table["r"]): table["id"] for table in data["hex"]}
    blocked = {table["id"]: set(table.get("blocked", [])) for table in data["hex"]}
    for table in data["hex"]:
        graph.add_node(table["id"], q=table["q"], r=table["r"], source=table["source"])
    for table in data["hex"]:
        for dq, dr in AXIAL_DIRECTIONS:
            other = at.get((table["q"] + dq, table["r"] + dr))
            if other is not None and other not in blocked[table["id"]]:
                graph.add_edge(table["id"], other)
    return graph


def _check_hexes(data: dict[str, Any], refs: Refs) -> list[str]:
    """Distinct coordinates, blocked edges between touching hexes on both sides, and
    one connected sea."""
    problems: list[str] = []
    taken: dict[tuple[int, int], str] = {}
    for table in data["hex"]:
        other = taken.setdefault((table["q"], table["r"]), table["id"])
        if other != table["id"]:
            problems.append(f"hex {table['id']!r}: coordinates ({table['q']}, {table['r']}) "
                            f"are taken by hex {other!r}")
    coordinates = {table["id"]: (table["q"], table["r"]) for table in data["hex"]}
    blocked = {table["id"]: table.get("blocked", []) for table in data["hex"]}
    for hex_id, others in blocked.items():
        q, r = coordinates[hex_id]
        for other in others:
            dq, dr = coordinates[other][0] - q, coordinates[other][1] - r
            if (dq, dr) not in AXIAL_DIRECTIONS:
                problems.append(f"hex {hex_id!r}: blocked neighbour {other!r} does not "
                                "touch it")
            elif hex_id not in blocked[other]:
                problems.append(f"hex {hex_id!r} blocks {other!r} but {other!r} does not "
                                f"block {hex_id!r}: an edge must be blocked on both sides")
    graph = _graph(data)
    if not problems and not nx.is_connected(graph):
        parts = sorted(sorted(part) for part in nx.connected_components(graph))
        problems.append(f"the map is not connected: {len(parts)} separate parts, "
                        f"e.g. {', '.join(parts[-1][:5])}")
    return problems


def _check_routes(data: dict[str, Any], refs: Refs) -> list[str]:
    """Each freighter starts on a port's (or England's) hex, follows neighbouring hexes
    and ends on its destination's entry hex."""
    problems: list[str] = []
    graph = _graph(data)
    entries = {table["id"]: table["entry"] for table in data["destination"]}
    for table in data["freighter"]:
        where, route = f"freighter {table['id']!r}", table["route"]
        if table["start"] != route[0]:
            problems.append(f"{where}: start {table['start']!r} is not the first hex of "
                            f"its route {route[0]!r}")
        if route[0] not in entries.values():
            problems.append(f"{where}: starts on {route[0]!r}, which is no port's or "
                            "England's hex")
        for here, there in itertools.pairwise(route):
            if not graph.has_edge(here, there):
                problems.append(f"{where}: the route jumps from {here!r} to {there!r}, "
                                "which are not neighbours")
        destination = table["destination"]
        if route[-1] != entries[destination]:
            problems.append(f"{where}: the route ends on {route[-1]!r}, but {destination} "
                            f"is entered only from {entries[destination]!r}")
    return problems


MAP_FILE = BoardFile("map.toml", Schema(MAP_SCHEMA_ROOT, (_check_hexes, _check_routes)))
"""map.toml: the hexes, the off-map destinations and the freight markers' routes."""


def build_map(data: dict[str, Any]) -> TheHuntMap:
    """The map of a sound map file (see `MAP_FILE`)."""
    graph = _graph(data)
    destinations = {table["id"]: Destination(table["id"], table["name"], table["entry"],
                                             bool(table.get("port", False)))
                    for table in data["destination"]}
    for destination in destinations.values():
        graph.nodes[destination.entry]["destination"] = destination.id
    freighters = tuple(Freighter(table["id"], table["name"], table["start"],
                                 table["destination"], tuple(table["route"]))
                       for table in data["freighter"])
    return TheHuntMap(nx.freeze(graph), destinations, freighters)


THE_HUNT_MAP = BoardSet("the-hunt", "the_hunt", (MAP_FILE,))
"""The files the map is read from."""


def load_hunt_map() -> TheHuntMap:
    """The Hunt's map (the shipped file, or the one that overrides it), checked."""
    return _hunt_map(THE_HUNT_MAP.texts())


@lru_cache(maxsize=8)
def _hunt_map(texts: tuple[tuple[str, str], ...]) -> TheHuntMap:
    return build_map(THE_HUNT_MAP.read(texts)["map"])


def hex_distance(graph: nx.Graph[str], a: str, b: str) -> int:
    """Steps between two hexes along the map's connections."""
    return int(nx.shortest_path_length(graph, a, b))


def draw_map(hunt_map: TheHuntMap, marks: dict[str, str] | None = None) -> list[str]:
    """The map as text rows: each hex as its number, rows offset like the board.

    `marks` puts up to two characters after a hex's number (a Force letter, say; four
    columns are free between neighbours); a mark may carry terminal colour codes,
    which take no room on the screen."""
    graph = hunt_map.graph
    marks = marks or {}
    rows: dict[int, list[tuple[int, str]]] = {}
    for hex_id in graph:
        q, r = graph.nodes[hex_id]["q"], graph.nodes[hex_id]["r"]
        rows.setdefault(r, []).append((2 * q + r, hex_id))  # doubled column of the hex
    left = min(column for cells in rows.values() for column, _ in cells)
    lines = []
    for r in sorted(rows):
        line, width = "", 0
        for column, hex_id in sorted(rows[r]):
            position = 3 * (column - left)
            mark = marks.get(hex_id, "")
            line += " " * (position - width) + hex_id + mark
            width = position + len(hex_id) + len(ANSI_CODE.sub("", mark))
        lines.append(line.rstrip())
    return lines


ANSI_CODE = re.compile(r"\x1b\[[0-9;]*m")
"""A terminal colour code: printed, but takes no room."""


def routes_through(hunt_map: TheHuntMap) -> dict[str, list[str]]:
    """For each hex, the freighters whose routes pass through it."""
    result: dict[str, list[str]] = {hex_id: [] for hex_id in hunt_map.graph}
    for freighter in hunt_map.freighters:
        for hex_id in freighter.route:
            result[hex_id].append(freighter.id)
    return result
