"""The puzzle library: generated puzzles kept in SQLite, browsable and exportable.

Each puzzle is committed the moment it is generated (SQLite in WAL mode), so an
interrupted ``playable generate --db`` loses nothing it finished. The ``attempts``
table records every (game, kind, level, seed) tried and the puzzle it gave, if any:
run again with the same arguments, generation skips the seeds already tried and
stops once the seed series holds the requested count. The same position of a kind
is stored once. The ``plays`` table counts, per puzzle, the answers people submitted
(``playable serve``) and how many were right; a library written before it existed
gets the table the first time it is opened for writing (:data:`_SCHEMA` only adds
tables that are missing, so the migration is the same statement).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

from playable.puzzles.base import Level, Puzzle, Rating
from playable.solver.core.dbfile import describe, mark, open_database
from playable.solver.core.errors import PlayableError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT NOT NULL,
    score REAL NOT NULL,
    seed INTEGER NOT NULL,
    goal TEXT NOT NULL,
    position TEXT NOT NULL,
    solution TEXT NOT NULL,
    is_unique INTEGER NOT NULL,
    metrics TEXT NOT NULL,
    held_out TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    UNIQUE (game, kind, position)
);
CREATE TABLE IF NOT EXISTS attempts (
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT NOT NULL,
    seed INTEGER NOT NULL,
    puzzle_id INTEGER REFERENCES puzzles (id),
    PRIMARY KEY (game, kind, level, seed)
);
CREATE TABLE IF NOT EXISTS plays (
    puzzle_id INTEGER PRIMARY KEY REFERENCES puzzles (id),
    tries INTEGER NOT NULL DEFAULT 0,
    solved INTEGER NOT NULL DEFAULT 0
);
"""


class LibraryError(PlayableError):
    """A library file that cannot be opened or a puzzle id it does not hold."""


class PuzzleLibrary:
    """A SQLite file of puzzles; use as a context manager.

    ``create``: open for writing (``playable generate --db``), creating the file if
    needed and marking it as a library (solver/core/dbfile.py); otherwise the file
    must be a library and is opened read-only. A file that is not SQLite, is
    damaged, or is a study raises a :class:`PlayableError` with one clear line.
    """

    def __init__(self, path: Path, create: bool = True) -> None:
        self.path = path
        self._db = open_database(path, ("library",), write=create)
        self._db.isolation_level = "DEFERRED"  # ``with self._db`` wraps a transaction
        if create:
            try:
                with self._db:
                    self._db.executescript(_SCHEMA)
                    mark(self._db, "library")
            except sqlite3.Error as error:
                self._db.close()
                raise LibraryError(f"{path}: {describe(error)}") from None

    def __enter__(self) -> PuzzleLibrary:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the database (every puzzle is already committed)."""
        self._db.close()

    def add(self, puzzle: Puzzle) -> tuple[int, bool]:
        """Store ``puzzle``; its id and whether it was new (a known position is kept once)."""
        with self._db:
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO puzzles (game, kind, level, score, seed, goal, position,"
                " solution, is_unique, metrics, held_out) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (
                    puzzle.game,
                    puzzle.kind,
                    puzzle.level.value,
                    puzzle.rating.score,
                    puzzle.seed,
                    puzzle.goal,
                    puzzle.position,
                    puzzle.solution,
                    int(puzzle.unique),
                    json.dumps(puzzle.rating.metrics),
                    json.dumps(list(puzzle.rating.held_out)),
                ),
            )
            if cursor.rowcount:
                return int(cursor.lastrowid or 0), True
        row = self._db.execute(
            "SELECT id FROM puzzles WHERE game=? AND kind=? AND position=?",
            (puzzle.game, puzzle.kind, puzzle.position),
        ).fetchone()
        return int(row[0]), False

    def record_attempt(
        self, game: str, kind: str, level: Level, seed: int, puzzle: Puzzle | None
    ) -> int | None:
        """Remember that ``seed`` was tried (and store its puzzle); the puzzle's id."""
        puzzle_id = self.add(puzzle)[0] if puzzle is not None else None
        with self._db:
            self._db.execute(
                "INSERT INTO attempts VALUES (?,?,?,?,?) ON CONFLICT DO NOTHING",
                (game, kind, level.value, seed, puzzle_id),
            )
        return puzzle_id

    def attempts(
        self, game: str, kind: str, level: Level, first_seed: int
    ) -> dict[int, int | None]:
        """Seeds from ``first_seed`` on already tried for this kind and level, with puzzle ids."""
        rows = self._db.execute(
            "SELECT seed, puzzle_id FROM attempts WHERE game=? AND kind=? AND level=? AND seed>=?",
            (game, kind, level.value, first_seed),
        )
        return {int(seed): puzzle_id for seed, puzzle_id in rows}

    def get(self, puzzle_id: int) -> Puzzle:
        """The puzzle with this id."""
        if not 0 <= puzzle_id < 2**63:  # SQLite's INTEGER range; ids start at 1
            raise LibraryError(f"{self.path}: no puzzle with id {puzzle_id}")
        row = self._db.execute(
            f"SELECT {_COLUMNS} FROM puzzles WHERE id=?", (puzzle_id,)
        ).fetchone()
        if row is None:
            raise LibraryError(f"{self.path}: no puzzle with id {puzzle_id}")
        return self._puzzle(row)

    def select(
        self, game: str | None = None, kind: str | None = None, level: Level | None = None
    ) -> Iterator[tuple[int, Puzzle]]:
        """The stored puzzles matching every filter given, by id."""
        where = [
            (column, value)
            for column, value in (("game", game), ("kind", kind), ("level", level))
            if value is not None
        ]
        sql = f"SELECT {_COLUMNS} FROM puzzles"
        if where:
            sql += " WHERE " + " AND ".join(f"{column}=?" for column, _ in where)
        for row in self._db.execute(sql + " ORDER BY id", [str(value) for _, value in where]):
            yield int(row[0]), self._puzzle(row)

    def _puzzle(self, row: tuple[object, ...]) -> Puzzle:
        """The puzzle of a row (id first); a row that another program damaged (a
        level that is not one, metrics that are not JSON) is a LibraryError."""
        try:
            return _puzzle(row[1:])
        except (ValueError, TypeError, KeyError) as error:  # JSONDecodeError is a ValueError
            reason = " ".join(str(error).split())[:200]
            raise LibraryError(f"{self.path}: puzzle {row[0]} is damaged ({reason})") from None

    def record_play(self, puzzle_id: int, correct: bool) -> tuple[int, int]:
        """Count one submitted answer to the puzzle (right or wrong); its new
        (tries, solved). The library must be open for writing."""
        self.get(puzzle_id)  # a clear error for an unknown id
        with self._db:
            self._db.execute(
                "INSERT INTO plays (puzzle_id, tries, solved) VALUES (?, 1, ?)"
                " ON CONFLICT (puzzle_id) DO UPDATE SET tries = tries + 1,"
                " solved = solved + excluded.solved",
                (puzzle_id, int(correct)),
            )
        return self.plays(puzzle_id)

    def plays(self, puzzle_id: int) -> tuple[int, int]:
        """How many answers were submitted to the puzzle and how many were right;
        (0, 0) also for a library opened read-only that predates the ``plays`` table."""
        try:
            row = self._db.execute(
                "SELECT tries, solved FROM plays WHERE puzzle_id=?", (puzzle_id,)
            ).fetchone()
        except sqlite3.OperationalError:  # no such table: an old library, read-only
            return 0, 0
        return (int(row[0]), int(row[1])) if row else (0, 0)


_COLUMNS = (
    "id, game, kind, level, score, seed, goal, position, solution, is_unique, metrics, held_out"
)


def _puzzle(row: tuple[object, ...]) -> Puzzle:
    game, kind, level, score, seed, goal, position, solution, unique, metrics, held_out = row
    signals = json.loads(str(metrics))
    if not isinstance(signals, dict) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in signals.values()
    ):
        raise ValueError("metrics are not a JSON object of numbers")
    kept_out = json.loads(str(held_out))
    if not isinstance(kept_out, list) or not all(isinstance(name, str) for name in kept_out):
        raise ValueError("held_out is not a JSON list of names")
    return Puzzle(
        game=str(game),
        kind=str(kind),
        level=Level(str(level)),
        seed=int(str(seed)),
        position=str(position),
        goal=str(goal),
        solution=str(solution),
        unique=bool(unique),
        rating=Rating(float(str(score)), signals, tuple(kept_out)),
    )
