"""The web board's games in an SQLite database under the save folder, so that a seat's
link and its browser's claim outlive a restart of `hunt serve`.

One row per game (its record as `hunt play` writes it, the agent spec its computer
plays, whether it replays from a seed, the record file it is also saved to) and one per
seat (its token hashed, its claim's cookie hashed, and a friend's token in clear only
until the friend opens it, so that the host's page can still show the invitation), and
one per table companion's notebook (its seat record, its token and its browser's claim
hashed: the browser that starts a notebook holds it from the start).
Every write is one transaction; the database is in WAL mode, so a reader never waits
for a writer and a crash loses no action that was shown (the action is saved first).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, record TEXT NOT NULL, agent TEXT NOT NULL,
    seeded INTEGER NOT NULL, save_file TEXT NOT NULL, host INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    token_hash TEXT PRIMARY KEY, game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL, claim_hash TEXT, invite TEXT);
CREATE TABLE IF NOT EXISTS tables (
    token_hash TEXT PRIMARY KEY, claim_hash TEXT NOT NULL, record TEXT NOT NULL,
    save_file TEXT NOT NULL);
"""


def digest(secret: str) -> str:
    """A token's or a claim's SHA-256, as stored: the database alone opens no seat."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class StoredGame:
    """A game's row: enough to rebuild its `WebGame`."""

    id: int
    record: dict[str, Any]
    agent: str
    """The spec each computer seat plays (already bounded), or "human"."""
    seeded: bool
    save_file: Path
    host: int
    """The seat that started the game (its page shows the invitations)."""


@dataclass(frozen=True)
class StoredSeat:
    """A seat's row."""

    token_hash: str
    game: int
    seat: int
    claim_hash: str | None
    invite: str | None
    """A friend's token while nobody has opened its link; else None."""


@dataclass(frozen=True)
class StoredTable:
    """A table companion's notebook: its seat record, and who holds it."""

    token_hash: str
    claim_hash: str
    record: dict[str, Any]
    save_file: Path


class GameStore:
    """The database of games and seats, safe to use from several threads."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")  # an action shown is on disk
            # a claimed invitation's token, once cleared, is overwritten, not left behind
            self._db.execute("PRAGMA secure_delete=ON")
            self._db.executescript(SCHEMA)

    def _write(self, statement: str, values: tuple[Any, ...]) -> int:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = self._db.execute(statement, values)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return cursor.lastrowid or 0

    def add_game(self, record: dict[str, Any], agent: str, seeded: bool, save_file: Path,
                 host: int, seats: dict[int, str]) -> int:
        """Store a new game and its seats (`seats`: each human seat's token; the host's
        claim comes later, with `claim`), in one transaction; its id."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                game = self._db.execute(
                    "INSERT INTO games (record, agent, seeded, save_file, host) VALUES "
                    "(?, ?, ?, ?, ?)", (json.dumps(record), agent, int(seeded),
                                        str(save_file), host)).lastrowid
                for seat, token in seats.items():
                    self._db.execute(
                        "INSERT INTO seats (token_hash, game, seat, invite) VALUES "
                        "(?, ?, ?, ?)", (digest(token), game, seat,
                                         None if seat == host else token))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        assert game is not None
        return game

    def save(self, game: int, record: dict[str, Any]) -> None:
        """The game's record after an action (before the action is shown)."""
        self._write("UPDATE games SET record = ? WHERE id = ?", (json.dumps(record), game))

    def claim(self, token: str, claim: str) -> None:
        """The browser holding `claim` now holds the seat of `token`; its invitation
        is no longer kept."""
        self._write("UPDATE seats SET claim_hash = ?, invite = NULL WHERE token_hash = ?",
                    (digest(claim), digest(token)))

    def forget(self, game: int) -> None:
        """A game left: its seats open no page any more (its record file stays)."""
        self._write("DELETE FROM seats WHERE game = ?", (game,))

    def seat(self, token: str) -> StoredSeat | None:
        """The seat of `token`, if any."""
        with self._lock:
            row = self._db.execute("SELECT token_hash, game, seat, claim_hash, invite FROM "
                                   "seats WHERE token_hash = ?", (digest(token),)).fetchone()
        return None if row is None else StoredSeat(*row)

    def add_table(self, token: str, claim: str, record: dict[str, Any],
                  save_file: Path) -> None:
        """Store a new notebook of the table companion, held by the browser of `claim`."""
        self._write("INSERT INTO tables (token_hash, claim_hash, record, save_file) VALUES "
                    "(?, ?, ?, ?)", (digest(token), digest(claim), json.dumps(record),
                                     str(save_file)))

    def save_table(self, token_hash: str, record: dict[str, Any]) -> None:
        """A notebook's seat record after an entry (before the page shows it)."""
        self._write("UPDATE tables SET record = ? WHERE token_hash = ?",
                    (json.dumps(record), token_hash))

    def forget_table(self, token_hash: str) -> None:
        """A notebook closed: its link opens nothing any more (its file stays)."""
        self._write("DELETE FROM tables WHERE token_hash = ?", (token_hash,))

    def table(self, token: str) -> StoredTable | None:
        """The notebook of `token`, if any."""
        with self._lock:
            row = self._db.execute("SELECT token_hash, claim_hash, record, save_file FROM "
                                   "tables WHERE token_hash = ?", (digest(token),)).fetchone()
        return None if row is None else StoredTable(row[0], row[1], json.loads(row[2]),
                                                    Path(row[3]))

    def seats_of(self, game: int) -> list[StoredSeat]:
        """Every seat of `game`."""
        with self._lock:
            rows = self._db.execute("SELECT token_hash, game, seat, claim_hash, invite FROM "
                                    "seats WHERE game = ? ORDER BY seat", (game,)).fetchall()
        return [StoredSeat(*row) for row in rows]

    def game(self, game: int) -> StoredGame:
        """The row of `game`."""
        with self._lock:
            row = self._db.execute("SELECT id, record, agent, seeded, save_file, host FROM "
                                   "games WHERE id = ?", (game,)).fetchone()
        return StoredGame(row[0], json.loads(row[1]), row[2], bool(row[3]), Path(row[4]),
                          row[5])
