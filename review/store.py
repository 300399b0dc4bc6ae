"""The review store: one SQLite file, opened through sqlite-utils.

Opening a store sets WAL, foreign keys and ``synchronous=FULL`` (an answer is on disk when
:meth:`Store.transaction` returns), migrates the schema to the current version, runs an integrity check
and keeps a rolling backup of the last few opens. The tables are plain and documented so that a
researcher can open the file directly (sqlite3, Datasette, pandas ``read_sql``).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

import sqlite_utils

from scoring.errors import InputError

SCHEMA_VERSION = 1
BACKUPS_KEPT = 5


def now() -> str:
    """UTC timestamp with microseconds, ISO 8601 (sorts as text)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def new_id(prefix: str = "") -> str:
    return f"{prefix}{uuid.uuid4().hex}"


def content_id(*parts: Any) -> str:
    """A short id derived from content: the same run, entry or campaign gets the same id on every laptop."""
    return hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).hexdigest()[:20]


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, allow_nan=False)


def _migrate_1(db: sqlite_utils.Database) -> None:
    db["meta"].create({"key": str, "value": str}, pk="key")
    db["runs"].create({"id": str, "name": str, "model_slug": str, "language": str, "card_sha256": str,
                       "scored_card": str, "extra": str, "imported_at": str, "source": str}, pk="id")
    db["items"].create({"id": str, "run_id": str, "entry_id": str, "kind": str, "source": str, "output": str,
                        "reference": str, "difficulty": str, "metrics": str, "extra": str}, pk="id",
                       foreign_keys=[("run_id", "runs", "id")])
    db["items"].create_index(["run_id", "entry_id"])
    db["human_scores"].create({"item_id": str, "kind": str, "score": float}, pk=("item_id", "kind"),
                              foreign_keys=[("item_id", "items", "id")])
    db["speakers"].create({"id": str, "display_name": str, "community": str, "dialect": str, "consent_at": str,
                           "consent_scope": str, "withdrawn": int, "withdrawn_at": str, "created_at": str,
                           "preferences": str}, pk="id", defaults={"withdrawn": 0})
    db["campaigns"].create({"id": str, "name": str, "task": str, "run_id": str, "raters_per_item": int,
                            "created_at": str, "settings": str}, pk="id", foreign_keys=[("run_id", "runs", "id")])
    db["campaign_items"].create({"campaign_id": str, "item_id": str, "position": int},
                                pk=("campaign_id", "item_id"),
                                foreign_keys=[("campaign_id", "campaigns", "id"), ("item_id", "items", "id")])
    db["assignments"].create({"campaign_id": str, "speaker_id": str, "position": int, "item_id": str, "qc": str,
                              "qc_of": str}, pk=("campaign_id", "speaker_id", "position"),
                             foreign_keys=[("campaign_id", "campaigns", "id"), ("speaker_id", "speakers", "id"),
                                           ("item_id", "items", "id")])
    db["ratings"].create({"uuid": str, "campaign_id": str, "speaker_id": str, "position": int, "item_id": str,
                          "answers": str, "note": str, "created_at": str, "updated_at": str, "device_id": str,
                          "seconds": float}, pk="uuid",
                         foreign_keys=[("campaign_id", "campaigns", "id"), ("speaker_id", "speakers", "id"),
                                       ("item_id", "items", "id")])
    db["ratings"].create_index(["campaign_id", "speaker_id", "position"], unique=True)
    db["rating_history"].create({"id": int, "uuid": str, "campaign_id": str, "speaker_id": str, "answers": str,
                                 "note": str, "at": str, "device_id": str, "action": str}, pk="id")
    db["rating_history"].create_index(["uuid", "at", "action", "device_id"], unique=True)
    db["tombstones"].create({"kind": str, "id": str, "deleted_at": str, "device_id": str}, pk=("kind", "id"))


MIGRATIONS = {1: _migrate_1}


class StoreError(InputError):
    pass


class Store:
    """A review database. Use :meth:`transaction` for every write; it commits durably on exit."""

    def __init__(self, path: str | os.PathLike, *, backup: bool = True, create: bool = True):
        self.path = Path(path)
        if not self.path.exists() and not create:
            raise StoreError(str(self.path), "", "no such review database (create one with lyss review init)")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = sqlite3.connect(str(self.path), timeout=30, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.DatabaseError as exc:
            raise StoreError(str(self.path), "", f"not a review database ({exc})") from None
        self.conn = conn
        self.db = sqlite_utils.Database(conn)
        self._check_integrity()
        self._migrate()
        if backup:
            self._rolling_backup()

    # -- lifecycle -----------------------------------------------------------------------------

    def _check_integrity(self) -> None:
        try:
            result = self.conn.execute("PRAGMA integrity_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise StoreError(str(self.path), "", f"damaged database ({exc}); restore a backup from "
                                                 f"{self.backup_dir}") from None
        if result != "ok":
            raise StoreError(str(self.path), "integrity check", f"{result}; restore a backup from {self.backup_dir}")

    def _migrate(self) -> None:
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(str(self.path), "schema", f"version {version} is newer than this program's "
                                                       f"{SCHEMA_VERSION}: update LYSS Desktop")
        while version < SCHEMA_VERSION:
            version += 1
            with self.transaction():
                MIGRATIONS[version](self.db)
                self.conn.execute(f"PRAGMA user_version={version}")
                if version == 1:
                    self.db["meta"].insert_all([{"key": "device_id", "value": new_id("dev-")},
                                                {"key": "created_at", "value": now()}])

    @property
    def backup_dir(self) -> Path:
        return self.path.parent / f"{self.path.name}.backups"

    def _rolling_backup(self) -> None:
        """Copy the database (SQLite's online backup) and keep the newest few copies."""
        self.backup_dir.mkdir(exist_ok=True)
        target = self.backup_dir / f"{datetime.now(timezone.utc).strftime('%Y%m%dT%H%M%S%f')}.sqlite"
        dest = sqlite3.connect(str(target))
        try:
            self.conn.backup(dest)
        finally:
            dest.close()
        copies = sorted(self.backup_dir.glob("*.sqlite"))
        for old in copies[:-BACKUPS_KEPT]:
            old.unlink()

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite_utils.Database]:
        """BEGIN IMMEDIATE … COMMIT; with synchronous=FULL the data is durable when this returns."""
        if self.conn.in_transaction:
            yield self.db
            return
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # -- small helpers -------------------------------------------------------------------------

    @property
    def device_id(self) -> str:
        return self.db["meta"].get("device_id")["value"]

    def rows(self, sql: str, params: Any = ()) -> list[dict]:
        return [dict(r) for r in self.db.query(sql, params)]

    def one(self, sql: str, params: Any = ()) -> dict | None:
        found = self.rows(sql, params)
        return found[0] if found else None

    def integrity_ok(self) -> bool:
        return self.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
