"""The Hunt's board: the hex map, its destinations and freight routes, and the tracks.

`validate_map(data)` lists every problem of a (possibly hand-edited) map file, one
line each; `load_map("the-hunt")` returns the validated map as a frozen
`networkx.Graph` whose nodes are hex ids ("06") with their axial coordinates.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

import networkx as nx

from hunt.boards.data import PROVENANCES, read_board_file
from hunt.errors import BoardError

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
class HuntMap:
    """The validated map: the graph, the destinations and the freight markers."""

    graph: nx.Graph[str]
    destinations: dict[str, Destination]
    freighters: tuple[Freighter, ...]


def _sources_problems(where: str, table: dict[str, Any]) -> list[str]:
    problems = []
    if table.get("source") not in PROVENANCES:
        problems.append(f"{where}: source is {table.get('source')!r}; "
                        f"accepted: {', '.join(PROVENANCES)}")
    overrides = table.get("sources", {})
    if not isinstance(overrides, dict) or any(value not in PROVENANCES
                                             for value in overrides.values()):
        problems.append(f"{where}: every value in 'sources' must be one of "
                        f"{', '.join(PROVENANCES)}")
    return problems


def _tables(data: dict[str, Any], name: str, problems: list[str]) -> list[dict[str, Any]]:
    tables = data.get(name, [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        problems.append(f"'{name}' must be a list of tables ([[{name}]])")
        return []
    return tables


def validate_map(data: dict[str, Any]) -> list[str]:
    """Every problem of a parsed map file, one line each (empty when it is sound)."""
    problems: list[str] = []
    if isinstance(data.get("map"), dict):
        problems += _sources_problems("[map]", data["map"])
    coordinates: dict[str, tuple[int, int]] = {}
    blocked: dict[str, list[str]] = {}
    for index, table in enumerate(_tables(data, "hex", problems), start=1):
        hex_id = table.get("id")
        where = f"hex {hex_id!r}" if isinstance(hex_id, str) else f"hex #{index}"
        problems += _sources_problems(where, table)
        if not (isinstance(hex_id, str) and len(hex_id) == 2 and hex_id.isdigit()):
            problems.append(f"{where}: id must be a two-digit string like \"06\"")
            continue
        if hex_id in coordinates:
            problems.append(f"{where}: id used twice")
            continue
        q, r = table.get("q"), table.get("r")
        if not (isinstance(q, int) and isinstance(r, int)):
            problems.append(f"{where}: q and r must be integers (axial coordinates)")
            continue
        if (q, r) in coordinates.values():
            problems.append(f"{where}: coordinates ({q}, {r}) are taken by another hex")
        coordinates[hex_id] = (q, r)
        blocked[hex_id] = list(table.get("blocked", []))
    at = {coords: hex_id for hex_id, coords in coordinates.items()}
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(coordinates)
    for hex_id, (q, r) in coordinates.items():
        for dq, dr in AXIAL_DIRECTIONS:
            other = at.get((q + dq, r + dr))
            if other is not None:
                graph.add_edge(hex_id, other)
    for hex_id, others in blocked.items():
        for other in others:
            if other not in coordinates:
                problems.append(f"hex {hex_id!r}: blocked neighbour {other!r} is not a hex "
                                "of the map")
            elif not graph.has_edge(hex_id, other):
                problems.append(f"hex {hex_id!r}: blocked neighbour {other!r} does not "
                                "touch it")
            elif hex_id not in blocked[other]:
                problems.append(f"hex {hex_id!r} blocks {other!r} but {other!r} does not "
                                f"block {hex_id!r}: an edge must be blocked on both sides")
    graph.remove_edges_from([(hex_id, other) for hex_id, others in blocked.items()
                             for other in others if graph.has_edge(hex_id, other)])
    if coordinates and not nx.is_connected(graph):
        parts = sorted(sorted(part) for part in nx.connected_components(graph))
        problems.append(f"the map is not connected: {len(parts)} separate parts, "
                        f"e.g. {', '.join(parts[-1][:5])}")

    entries: dict[str, str] = {}
    for index, table in enumerate(_tables(data, "destination", problems), start=1):
        where = f"destination {table.get('id', f'#{index}')!r}"
        problems += _sources_problems(where, table)
        entry = table.get("entry")
        if entry is None:
            problems.append(f"{where}: no entry hex (the hex it is entered from)")
        elif entry not in coordinates:
            problems.append(f"{where}: entry hex {entry!r} is not a hex of the map")
        elif isinstance(table.get("id"), str):
            entries[table["id"]] = entry

    freighters = _tables(data, "freighter", problems)
    if len(freighters) != FREIGHTERS:
        problems.append(f"there are {len(freighters)} freighters; the game has {FREIGHTERS}")
    for index, table in enumerate(freighters, start=1):
        where = f"freighter {table.get('id', f'#{index}')!r}"
        problems += _sources_problems(where, table)
        route = table.get("route", [])
        destination = table.get("destination")
        if destination not in entries:
            problems.append(f"{where}: destination {destination!r} is not a destination "
                            f"with an entry hex; known: {', '.join(sorted(entries))}")
        if not route:
            problems.append(f"{where}: no route")
            continue
        if table.get("start") != route[0]:
            problems.append(f"{where}: start {table.get('start')!r} is not the first hex "
                            f"of its route {route[0]!r}")
        if route[0] not in entries.values():
            problems.append(f"{where}: starts on {route[0]!r}, which is no port's or "
                            "England's hex")
        for hex_id in route:
            if hex_id not in coordinates:
                problems.append(f"{where}: route hex {hex_id!r} is not a hex of the map")
        for here, there in itertools.pairwise(route):
            if here in coordinates and there in coordinates and not graph.has_edge(here, there):
                problems.append(f"{where}: the route jumps from {here!r} to {there!r}, "
                                "which are not neighbours")
        if destination in entries and route[-1] != entries[destination]:
            problems.append(f"{where}: the route ends on {route[-1]!r}, but "
                            f"{destination} is entered only from {entries[destination]!r}")
    return problems


def build_map(data: dict[str, Any]) -> HuntMap:
    """The map of validated data; `BoardError` naming the first problem otherwise."""
    problems = validate_map(data)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise BoardError(f"the-hunt map: {problems[0]}{more}")
    graph: nx.Graph[str] = nx.Graph()
    for table in data["hex"]:
        graph.add_node(table["id"], q=table["q"], r=table["r"], source=table["source"])
    at = {(graph.nodes[h]["q"], graph.nodes[h]["r"]): h for h in graph}
    blocked = {table["id"]: set(table.get("blocked", [])) for table in data["hex"]}
    for hex_id in graph:
        q, r = graph.nodes[hex_id]["q"], graph.nodes[hex_id]["r"]
        for dq, dr in AXIAL_DIRECTIONS:
            other = at.get((q + dq, r + dr))
            if other is not None and other not in blocked[hex_id]:
                graph.add_edge(hex_id, other)
    destinations = {table["id"]: Destination(table["id"], table["name"], table["entry"],
                                             bool(table.get("port", False)))
                    for table in data["destination"]}
    for destination in destinations.values():
        graph.nodes[destination.entry]["destination"] = destination.id
    freighters = tuple(Freighter(table["id"], table["name"], table["start"],
                                 table["destination"], tuple(table["route"]))
                       for table in data["freighter"])
    return HuntMap(nx.freeze(graph), destinations, freighters)


@cache
def load_hunt_map() -> HuntMap:
    """The Hunt's shipped map, validated."""
    return build_map(read_board_file("the_hunt", "map.toml"))


def load_map(name: str = "the-hunt") -> nx.Graph[str]:
    """The frozen hex graph of a game's map: nodes are hex ids with q, r attributes."""
    if name != "the-hunt":
        raise BoardError(f"no map for {name!r}; accepted: the-hunt")
    return load_hunt_map().graph


def hex_distance(graph: nx.Graph[str], a: str, b: str) -> int:
    """Steps between two hexes along the map's connections."""
    return int(nx.shortest_path_length(graph, a, b))


def draw_map(hunt_map: HuntMap, marks: dict[str, str] | None = None) -> list[str]:
    """The map as text rows: each hex as its number, rows offset like the board.

    `marks` puts a one-character mark after a hex's number (e.g. a Force letter); a
    mark may carry terminal colour codes, which take no room on the screen."""
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
            line += " " * (position - width) + hex_id + marks.get(hex_id, "")
            width = position + len(hex_id) + (1 if hex_id in marks else 0)
        lines.append(line.rstrip())
    return lines


def routes_through(hunt_map: HuntMap) -> dict[str, list[str]]:
    """For each hex, the freighters whose routes pass through it."""
    result: dict[str, list[str]] = {hex_id: [] for hex_id in hunt_map.graph}
    for freighter in hunt_map.freighters:
        for hex_id in freighter.route:
            result[hex_id].append(freighter.id)
    return result


FORCES = ("G", "H", "K")


@dataclass(frozen=True)
class HuntTracks:
    """The Strategy track, airplane, reserve and Force bonuses (tracks.toml)."""

    strategy_spaces: int
    entry_hex: str
    advance_cost: int
    strategy_start: dict[str, int]
    """Strategy track space of each Force that starts there (H, K)."""
    airplane_states: tuple[str, ...]
    attack_bonus: int
    repair_cost: int
    reserve_cap: int
    force_bonus: dict[str, dict[str, float]]
    """Variant ("standard", "historical") -> Force -> battle bonus."""
    rules: dict[str, int]
    """The counts in [game]: hand sizes, duels, freighters to win, success rolls."""


def validate_tracks(data: dict[str, Any], hexes: Iterable[str]) -> list[str]:
    """Every problem of a parsed tracks file, one line each."""
    problems: list[str] = []
    for name in ("strategy", "airplane", "reserve", "forces", "game"):
        table = data.get(name)
        if not isinstance(table, dict):
            problems.append(f"[{name}] is missing")
            continue
        problems += _sources_problems(f"[{name}]", table)
    strategy = data.get("strategy", {})
    spaces = strategy.get("spaces")
    if not isinstance(spaces, int) or spaces < 1:
        problems.append("[strategy]: spaces must be a positive integer")
    elif any(not isinstance(space, int) or not 1 <= space <= spaces
             for space in strategy.get("start", {}).values()):
        problems.append(f"[strategy]: start spaces must be between 1 and {spaces}")
    if strategy.get("entry_hex") not in set(hexes):
        problems.append(f"[strategy]: entry_hex {strategy.get('entry_hex')!r} is not a hex "
                        "of the map")
    bonuses = data.get("force_bonus", {})
    for variant in ("standard", "historical"):
        table = bonuses.get(variant)
        if not isinstance(table, dict):
            problems.append(f"[force_bonus.{variant}] is missing")
            continue
        problems += _sources_problems(f"[force_bonus.{variant}]", table)
        for force in FORCES:
            if not isinstance(table.get(force), int | float):
                problems.append(f"[force_bonus.{variant}]: no bonus for Force {force}")
    return problems


@cache
def load_hunt_tracks() -> HuntTracks:
    """The Hunt's shipped tracks, validated."""
    data = read_board_file("the_hunt", "tracks.toml")
    problems = validate_tracks(data, load_hunt_map().graph)
    if problems:
        raise BoardError(f"the-hunt tracks: {problems[0]}")
    strategy, airplane = data["strategy"], data["airplane"]
    return HuntTracks(
        strategy_spaces=strategy["spaces"], entry_hex=strategy["entry_hex"],
        advance_cost=strategy["advance_cost"], strategy_start=dict(strategy["start"]),
        airplane_states=tuple(airplane["states"]), attack_bonus=airplane["attack_bonus"],
        repair_cost=airplane["repair_cost"], reserve_cap=data["reserve"]["cap"],
        force_bonus={variant: {force: float(table[force]) for force in FORCES}
                     for variant, table in data["force_bonus"].items()},
        rules={key: value for key, value in data["game"].items()
               if isinstance(value, int) and not isinstance(value, bool)})
