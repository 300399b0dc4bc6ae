"""Which tables a piece of work writes, as SQLite says while it prepares each statement (its authorizer): the
operations' notice of what changed (``review.operations.changes``), with no table named by hand."""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from typing import Iterator

WRITES = (sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE)


@contextmanager
def tables_written(store) -> Iterator[set[str]]:
    """The set of tables the statements run on ``store`` within the block write (filled as they are prepared;
    SQLite's own tables left out). Setting an authorizer expires the prepared statements, so a statement cached
    from before is prepared again, and seen."""
    written: set[str] = set()

    def authorize(action: int, table: str | None, *_: object) -> int:
        if action in WRITES and table and not table.startswith("sqlite_"):
            written.add(table)
        return sqlite3.SQLITE_OK

    store.conn.set_authorizer(authorize)
    try:
        yield written
    finally:
        store.conn.set_authorizer(None)
