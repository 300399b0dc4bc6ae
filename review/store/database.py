"""The review store: one SQLite file, opened through sqlite-utils.

Opening a store sets WAL, foreign keys, ``secure_delete`` (a deleted answer is overwritten, not left
in free pages) and ``synchronous=FULL`` (an answer is on disk when :meth:`Store.transaction`
returns), migrates the schema to the current version and runs an integrity check. Backups are real
restore points: at most one an hour, and one before each merge; a withdrawal is applied to every
backup too, and :func:`restore` re-applies every withdrawal it knows of. A read-only open
(``read_only=True``) changes nothing: no migration, no backup, SQLite's ``mode=ro``.

The tables are plain and documented so that a researcher can open the file directly (sqlite3,
Datasette, pandas ``read_sql``).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import sqlite3
import sys
import time
import uuid
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from scoring.errors import InputError
from scoring.files import atomic_path, json_default, replace, user_data_dir

from . import folder_files, keys, take_outs
from .rules import rules
from .schema import DECISIONS, checks_installed, create_missing, install_checks
from .signing import sign_campaign, sign_tombstone

if TYPE_CHECKING:
    import sqlite_utils

SCHEMA_VERSION = 11  # 5: sync_files (a shared folder's bundles as last seen); 6: their inode and ctime;
#                    7: waiting_rows (rows of good bundles waiting for what they need), laptop_names;
#                    8: assignments.served_at (the campaign's serving order), skips; 9: circle; 10: take_outs;
#                    11: verdict_records (each verdict as the coordinator announced it), imports (of research files),
#                        exports (the copies written here)
BACKUPS_KEPT = 10  # of each kind (hourly, before a merge, on demand, the database a restore replaced): space bounded
REPLACED = "replaced-by-restore"  # the kind of the copy a restore keeps of the database it puts a backup in place of
BACKUP_INTERVAL = timedelta(hours=1)
MERGE_BACKUP_INTERVAL = timedelta(minutes=10)  # a hub syncing every few seconds copies its database at most this often
LYSS_TABLES = {"meta", "runs", "items", "speakers", "campaigns", "assignments", "ratings"}  # in every version


HOME = "home"  # meta: where this database was made or last adopted (its path, this computer): a copy is not the laptop


def computer_id() -> str:
    """This computer's identity for LYSS: a random id kept in the user's data folder, made once (the first process
    to make it wins; the others read it), else the machine's name (a data folder that cannot be written)."""
    path = user_data_dir() / "computer-id"
    for _ in range(50):
        try:
            found = path.read_text("utf-8").strip()
            if found:
                return found
            time.sleep(0.01)  # another process is writing it
            continue
        except FileNotFoundError:
            pass
        except OSError:
            break
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        except OSError:
            break
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(uuid.uuid4().hex + "\n")
            fh.flush()
            os.fsync(fh.fileno())
    return "host:" + platform.node()


def now() -> str:
    """UTC timestamp with microseconds, ISO 8601 (sorts as text)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def new_id(prefix: str = "") -> str:
    return f"{prefix}{uuid.uuid4().hex}"


def content_id(*parts: Any) -> str:
    """A short id derived from content: the same run, entry or campaign gets the same id on every laptop."""
    return hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).hexdigest()[:20]


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, allow_nan=False, default=json_default)


def _new_identity(db: sqlite_utils.Database) -> None:
    """This laptop's key pair and code (and, upgrading a first-release database, its old device id)."""
    private = keys.new_private_key()
    public = keys.public_of(private)
    old = db["meta"].get("device_id")["value"] if db["meta"].count_where("key = 'device_id'") else None
    rows = [{"key": "private_key", "value": private}, {"key": "public_key", "value": public},
            {"key": "device_id", "value": keys.code_of(public)}]
    rows += [{"key": "legacy_device_id", "value": old}] if old else [{"key": "created_at", "value": now()}]
    db["meta"].upsert_all(rows, pk="key")


def _sign_first_release_rows(db: sqlite_utils.Database, tombstones: list[dict]) -> None:
    """Campaigns and withdrawals made before signing existed were made (or accepted) here: sign them now."""
    meta = {r["key"]: r["value"] for r in db["meta"].rows}
    private, public, code = meta["private_key"], meta["public_key"], meta["device_id"]
    for row in db["campaigns"].rows:
        db["campaigns"].update(row["id"], sign_campaign(db, private, public, {**row, "coordinator": public}))
    for row in tombstones:
        db["tombstones"].insert(sign_tombstone(private, public, {**row, "device_id": code}))


def _claim_own_rows(db: sqlite_utils.Database) -> None:
    """Schema 4 (every travelling row has an author): name the author of each row made before it.
    A campaign's run and items are its coordinator's; a sequence and its degraded items the speaker's
    registering laptop's; answers the recording laptop's (this one's are signed when exported;
    another laptop's stay unsigned here and travel again only from that laptop)."""
    meta = {r["key"]: r["value"] for r in db["meta"].rows}
    me = meta["public_key"]
    db.execute("update runs set signer = coalesce((select coordinator from campaigns c where c.run_id = runs.id "
               "order by c.coordinator != ?, c.coordinator limit 1), ?) where signer is null", [me, me])
    db.execute("update items set signer = (select signer from runs where runs.id = items.run_id) "
               "where signer is null and kind != 'degraded'")
    db.execute("update items set signer = coalesce((select s.registered_by from assignments a join speakers s on "
               "s.id = a.speaker_id where a.item_id = items.id limit 1), ?) where signer is null", [me])
    db.execute("update human_scores set signer = ? where signer is null", [me])
    db.execute("update speakers set signer = coalesce(registered_by, ?) where signer is null", [me])
    db.execute("update assignments set signer = coalesce((select registered_by from speakers s where s.id = "
               "assignments.speaker_id), ?) where signer is null", [me])
    legacy = meta.get("legacy_device_id") or ""
    for table in ("ratings", "rating_history"):
        db.execute(f"update {table} set device_id = ? where device_id = ?", [meta["device_id"], legacy])
        db.execute(f"update {table} set signer = ? where signer is null and device_id = ?", [me, meta["device_id"]])


def database(conn: sqlite3.Connection) -> sqlite_utils.Database:
    """sqlite-utils over an open connection, without its plugins: no code that another installed package
    registered runs on a review database (and the app does not scan every installed package as it opens)."""
    return _sqlite_utils().Database(conn, execute_plugins=False)


def _sqlite_utils():
    """sqlite-utils, imported when first needed (it imports numpy; the first window needs it not) and without pandas:
    where pandas is installed sqlite-utils imports it only to type columns of pandas' Timestamps, which LYSS never
    inserts, and that import is a third of a second of every command (more on an old laptop)."""
    if "sqlite_utils" in sys.modules or "pandas" in sys.modules:
        import sqlite_utils  # deferred: numpy, see above
        return sqlite_utils
    sys.modules["pandas"] = None  # type: ignore[assignment]  # `import pandas` raises ImportError meanwhile
    try:
        import sqlite_utils  # deferred: numpy, and pandas kept out, see above
    finally:
        if "pandas" in sys.modules and sys.modules["pandas"] is None:
            del sys.modules["pandas"]
    return sqlite_utils


class StoreError(InputError):
    pass


SCRUB_PENDING = "withdrawal_pending"  # meta key: a withdrawal recorded here is not yet carried out everywhere


def mark_withdrawal_pending(db) -> None:
    """Record, in the transaction that records a withdrawal, that its copies must still be scrubbed."""
    db["meta"].upsert({"key": SCRUB_PENDING, "value": now()}, pk="key")


def _scrub_pending(path: Path) -> bool:
    """Whether a database (opened for reading only) has a withdrawal left unfinished."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return bool(conn.execute("select 1 from meta where key = ?", [SCRUB_PENDING]).fetchone())
        finally:
            conn.close()
    except sqlite3.Error:
        return False


FULL_BELOW = 1024 * 1024  # bytes free under which an I/O error is taken for what it is: a full disk


PRIVATE = 0o600  # a review database holds this laptop's private key: its owner alone reads it


def _private_file(path: Path) -> bool:
    """Create an empty file only its owner may read and write (SQLite gives its -wal and -shm files the same
    mode), before SQLite makes it with the usual 0644. False: it was there already."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE))
    except FileExistsError:
        return False
    except OSError as exc:
        raise StoreError(str(path), "", f"cannot write here ({exc.strerror})") from None
    return True


def readable_by_others(path: str | os.PathLike) -> bool:
    """Whether other users of this computer may read a file (a database made before LYSS made them 0600, or
    copied with another mode). On Windows the mode bits do not say (every file reports 0666): what guards
    the file there is the folder's access list — the user's own profile (docs/security.md) — so False."""
    if sys.platform == "win32":
        return False
    try:
        return bool(os.stat(path).st_mode & 0o077)
    except OSError:
        return False


def _full_disk(exc: BaseException, folder: Path | None = None) -> bool:
    """SQLite says "database or disk is full" — or, when even its shared-memory file cannot grow (a full tmpfs,
    a full SD card), "disk I/O error": then the free space decides."""
    if "disk is full" in str(exc) or getattr(exc, "errno", None) == 28:
        return True
    if folder is not None and "disk I/O error" in str(exc):
        try:
            return shutil.disk_usage(folder).free < FULL_BELOW
        except OSError:
            return False
    return False


class Store:
    """A review database. Use :meth:`transaction` for every write; it commits durably on exit."""

    def __init__(self, path: str | os.PathLike, *, backup: bool = True, create: bool = True,
                 read_only: bool = False, checked: bool = False):
        """``checked``: this process opened and checked the database already (a background connection of the app,
        whose window checked it at start): its integrity check is not run again — on a large database it reads every
        page."""
        self.path = Path(path)
        self.read_only = read_only
        self.published: dict[str, tuple[int, int]] = {}  # shared folder → change_marker() when last published
        self._kept: dict[Any, Any] = {}  # what :meth:`kept` computed, valid while the tables hold what they held then
        self._kept_at: tuple[int, int] | None = None
        self._kept_marked: dict[Any, tuple[Any, Any]] = {}  # key → (its marker's reading, the value)
        if not self.path.exists():
            if not create or read_only:
                raise StoreError(str(self.path), "", f"no such review database (is the name right? a new one is made with "
                                                   f"lyss review init --db {self.path})")
            if not self.path.parent.is_dir():
                raise StoreError(str(self.path), "", f"no such folder: {self.path.parent}")
        if read_only and _scrub_pending(self.path):
            Store(self.path, backup=False, create=False).close()  # a withdrawal left unfinished is finished first
        new = not self.path.exists()
        if new:
            _private_file(self.path)
        self.conn = self._connect()
        try:
            self._check_lyss()
            if not checked:
                self._check_integrity()
            if not read_only:
                self.conn.execute("PRAGMA journal_mode=WAL")
                self.conn.execute("PRAGMA synchronous=FULL")
                self._migrate()
            if not read_only and self._home() is None:
                self.adopt()  # older than the record of where a database was made: at home where it is
            if not read_only:
                if self.one("select value from meta where key = ?", [SCRUB_PENDING]):
                    self.complete_withdrawals()
                if backup:
                    self.backup_if_due()
        except BaseException:
            self.conn.close()
            raise

    # -- where this laptop's database lives -----------------------------------------------------------------------
    def _here(self) -> dict:
        return {"path": str(self.path.resolve()), "computer": computer_id()}

    def _home(self) -> dict | None:
        found = self.one("select value from meta where key = ?", [HOME])
        return None if found is None else json.loads(found["value"])

    def _where_made(self) -> dict | None:
        """Where this database was made (or last adopted), when that is not here: a copy, or a database moved to
        another folder or computer. A database older than this record is taken to be at home where it is."""
        home, here = self._home(), self._here()
        return None if home is None or home == here else {**home, "elsewhere": home["computer"] != here["computer"]}

    @property
    def displaced(self) -> dict | None:
        """Where this database was made, when it is a copy or was moved (None: it is the laptop, here) — read from the
        database each time it is asked: another connection to it (the app's engine, a worker) may have adopted it."""
        return self._where_made()

    def adopt(self) -> dict | None:
        """This database is this laptop from now on, here (``lyss review adopt``): it publishes and merges again.
        Returns where it was made, when that was elsewhere."""
        was = self._where_made()
        with self.transaction() as db:
            db["meta"].upsert({"key": HOME, "value": json.dumps(self._here(), sort_keys=True)}, pk="key")
        return was

    def require_home(self, doing: str) -> None:
        """Refuse ``doing`` (publishing, merging) in a copy of a laptop's database, in one line naming the way out."""
        if self.displaced:
            where = self.displaced["path"] + (" on another computer" if self.displaced["elsewhere"] else "")
            raise StoreError(str(self.path), doing, f"this database was made at {where}: a copy publishes and merges "
                                                    f"nothing as the laptop until you say this is now the laptop "
                                                    f"(lyss review adopt --db {self.path})")

    @cached_property
    def db(self) -> sqlite_utils.Database:
        """sqlite-utils over this connection, made on first use (see :func:`database`)."""
        return database(self.conn)

    # -- lifecycle -----------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        try:
            if self.read_only:
                conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30, isolation_level=None,
                                       check_same_thread=False)
            else:
                conn = sqlite3.connect(str(self.path), timeout=30, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA secure_delete=ON")
            return conn
        except sqlite3.DatabaseError as exc:
            raise StoreError(str(self.path), "", self._damage(exc)) from None

    def _damage(self, exc: BaseException) -> str:
        if _full_disk(exc, self.path.parent):
            return "the disk is full: nothing was changed (free some space and run it again)"
        if "readonly" in str(exc) or "unable to open" in str(exc):
            return f"cannot write here ({exc})"
        return (f"not a review database, or damaged ({exc}); `lyss review restore --db {self.path}` puts back the "
                f"newest backup with every withdrawal re-applied")

    def _check_lyss(self) -> None:
        """Refuse another program's SQLite file: LYSS never creates its tables beside someone else's."""
        try:
            version = self.conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in self.conn.execute("select name from sqlite_master where type = 'table'")}
        except sqlite3.DatabaseError as exc:
            raise StoreError(str(self.path), "", self._damage(exc)) from None
        if version == 0 and tables:
            raise StoreError(str(self.path), "", "not a LYSS review database (it holds another program's tables)")
        if version and not LYSS_TABLES <= tables:
            raise StoreError(str(self.path), "", "not a LYSS review database")
        if version > SCHEMA_VERSION:
            raise StoreError(str(self.path), "schema", f"version {version} is newer than this program's "
                                                       f"{SCHEMA_VERSION}: update LYSS Desktop")
        if self.read_only and version < SCHEMA_VERSION:
            raise StoreError(str(self.path), "schema", f"version {version}: open it once with a command that "
                                                       "writes (for example lyss review init) to update it")

    def _check_integrity(self) -> None:
        try:
            result = self.conn.execute("PRAGMA integrity_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise StoreError(str(self.path), "", self._damage(exc)) from None
        if result != "ok":
            raise StoreError(str(self.path), "integrity check",
                             f"{result}; `lyss review restore --db {self.path}` puts back the newest backup")

    def _migrate(self) -> None:
        """A new database gets every table of :mod:`review.store.schema`; an older one the tables and columns it
        lacks, then the data steps of each version it crosses."""
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION:
            if not checks_installed(self.conn):  # a database made before its columns' checks, or with older ones
                with self.transaction() as db:
                    install_checks(db)
            return
        with self.transaction() as db:
            tombstones = []
            if 0 < version < 2:  # the first release keyed tombstones without their signer
                tombstones = list(db["tombstones"].rows)
                db["tombstones"].drop()
            create_missing(db)
            if version < 2:
                _new_identity(db)
            if 0 < version < 2:
                _sign_first_release_rows(db, tombstones)
            if version < 4:
                _claim_own_rows(db)
            self.conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite_utils.Database]:
        """BEGIN IMMEDIATE … COMMIT; with synchronous=FULL the data is durable when this returns.
        A full disk or a read-only file becomes one line (:class:`StoreError`), nothing written.
        Not sqlite-utils' ``atomic()``: that begins a deferred transaction, and two laptops' processes
        joining the same speaker at once must take the write lock before they read (IMMEDIATE). Inside a
        transaction already open, a savepoint: a failure undoes this block's writes, and the outer one decides."""
        if self.conn.in_transaction:  # inside another (a batch's, or an outer one): its own savepoint
            with self.savepoint("inner"):
                yield self.db
            return
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            self.conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise StoreError(str(self.path), "", self._damage(exc)) from None

    @contextmanager
    def savepoint(self, name: str = "step") -> Iterator[sqlite_utils.Database]:
        """A block inside the open transaction whose writes are undone together if it fails."""
        self.conn.execute(f"SAVEPOINT {name}")
        try:
            yield self.db
        except BaseException:
            self.conn.execute(f"ROLLBACK TO {name}")
            self.conn.execute(f"RELEASE {name}")
            raise
        self.conn.execute(f"RELEASE {name}")

    def batch(self, commit_every: float, cache_kib: int, foreign_keys: bool = True) -> "Batch":
        """Many steps in one transaction, committed about every ``commit_every`` seconds (:class:`Batch`)."""
        return Batch(self, commit_every, cache_kib, foreign_keys)

    # -- identity ------------------------------------------------------------------------------

    @cached_property
    def _meta(self) -> dict[str, str]:
        return dict(self.conn.execute("select key, value from meta"))

    @property
    def device_id(self) -> str:
        """This laptop's code (the fingerprint of its public key)."""
        return self._meta["device_id"]

    @property
    def public_key(self) -> str:
        return self._meta["public_key"]

    @property
    def private_key(self) -> str:
        return self._meta["private_key"]

    def change_marker(self) -> tuple[int, int]:
        """Changes so far: this connection's row changes and SQLite's count of other connections' commits. The
        same marker means no row changed since (a shared folder's own bundle need not be built again)."""
        return self.conn.total_changes, self.conn.execute("PRAGMA data_version").fetchone()[0]

    def kept(self, key: Any, compute: Callable[[], Any], marker: Callable[[], Any] | None = None) -> Any:
        """``compute()``, computed once while no row changes (on any connection): the next call with the same ``key``
        and no commit in between gets the same value. For facts read from the tables that many readers ask for in
        one command (a campaign's same outputs, its decisions), never for anything the caller changes. With
        ``marker``, a cheap reading of exactly the rows ``compute`` reads: kept while it reads the same, across other
        commits (a campaign's items, which no answer changes)."""
        if marker is not None:
            now = marker()
            held = self._kept_marked.get(key)
            if held is None or held[0] != now:
                held = self._kept_marked[key] = (now, compute())
            return held[1]
        marker = self.change_marker()
        if marker != self._kept_at:
            self._kept, self._kept_at = {}, marker
        if key not in self._kept:
            self._kept[key] = compute()
        return self._kept[key]

    # -- backups -------------------------------------------------------------------------------

    @property
    def backup_dir(self) -> Path:
        return self.path.parent / f"{self.path.name}.backups"

    def backups(self) -> list[Path]:
        """Backup files, oldest first (complete ones only: a copy is written under another name, then renamed)."""
        return backups_in(self.backup_dir)

    def list_backups(self) -> list[dict]:
        """Every backup, oldest first: when it was made (UTC), why, its size and its file."""
        return [backup_info(path) for path in self.backups()]

    def backup_if_due(self, reason: str = "hourly", interval: timedelta = BACKUP_INTERVAL) -> Path | None:
        """A restore point of this kind unless one was made within ``interval`` (hourly when the database opens;
        before a shared folder's merges, every :data:`MERGE_BACKUP_INTERVAL`)."""
        found = [p for p in self.backups() if p.stem.partition("-")[2] == reason]
        if found:
            stamp = found[-1].name.split("-")[0]
            try:
                last = datetime.strptime(stamp, "%Y%m%dT%H%M%S%f").replace(tzinfo=timezone.utc)
                if datetime.now(timezone.utc) - last < interval:
                    return None
            except ValueError:
                pass
        return self.backup(reason)

    def backup(self, reason: str) -> Path:
        """Copy the database with SQLite's online backup; keep the newest few copies. A copy that cannot
        be finished (full disk) is removed and reported in one line."""
        try:
            self.backup_dir.mkdir(mode=0o700, exist_ok=True)
        except OSError as exc:
            raise StoreError(str(self.backup_dir), "", f"cannot make the backup folder ({exc.strerror})") from None
        target, partial = _new_backup_name(self.backup_dir, reason)  # the copy is not a backup until it is whole
        try:
            dest = sqlite3.connect(str(partial))
            try:
                self.conn.backup(dest)
                dest.execute("PRAGMA journal_mode=DELETE")  # a copy opened later leaves no -wal or -shm beside it
            finally:
                dest.close()
            replace(partial, target)
        except (sqlite3.Error, OSError, StoreError) as exc:
            partial.unlink(missing_ok=True)
            raise StoreError(str(target), "backup", self._damage(exc)) from None
        prune_backups(self.backup_dir)
        return target

    def scrub_backups(self) -> int:
        """Apply every withdrawal of this database to every backup (answers, history, names deleted,
        tombstones added, free pages overwritten). Returns the number of backups rewritten."""
        tombstones = self.rows("select * from tombstones")
        done = 0
        for path in self.backups():
            try:
                conn = sqlite3.connect(str(path), isolation_level=None)
            except sqlite3.Error:
                continue
            try:
                conn.execute("PRAGMA secure_delete=ON")
                copy = database(conn)
                conn.execute("BEGIN IMMEDIATE")
                rules().apply_tombstones(copy, tombstones)
                conn.execute("COMMIT")
                conn.execute("VACUUM")
                done += 1
            except sqlite3.Error:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                path.unlink(missing_ok=True)  # a backup that cannot be scrubbed must not keep the speaker
            finally:
                conn.close()
        return done

    def scrub_shared_folders(self) -> None:
        """In every shared folder this laptop has published to: remove its half-written bundles (a killed
        sync's) and its published bundle, which may hold a withdrawn speaker's answers (the next sync, or
        the withdrawal itself, writes it anew without them). A folder out of reach is passed over."""
        if self.displaced:  # a copy: the bundles in the folder are the laptop's own, not this copy's
            return
        own = folder_files.own_name(self.device_id)
        for row in self.rows("select folder from sync_files where name = ?", [own]):
            folder_files.remove_own_leftovers(row["folder"], self.device_id)
            folder_files.remove_own_bundle(row["folder"], self.device_id)

    def scrub_take_outs(self) -> list[dict]:
        """Rewrite every take-out written here that held a withdrawn speaker without them (``review.store.take_outs``);
        returns the take-outs that held one and are no longer where they were written (``folder``, ``made_at``,
        ``speakers``): whoever holds their copies must delete those rows."""
        withdrawn = {r["id"] for r in self.rows("select id from speakers where withdrawn = 1")}
        gone = []
        for row in self.rows("select * from take_outs"):
            held = set(json.loads(row["speakers"])) & withdrawn
            if not held:
                continue
            if take_outs.scrub(row["folder"], held):
                with self.transaction() as db:
                    db["take_outs"].update(row["folder"], {"speakers": json.dumps(sorted(
                        set(json.loads(row["speakers"])) - held))})
            else:
                gone.append({"folder": row["folder"], "made_at": row["made_at"], "speakers": sorted(held)})
        return gone

    def complete_withdrawals(self) -> int:
        """Carry out every withdrawal this database records, everywhere it keeps a copy: the tables, the
        write-ahead log, every backup and this laptop's files in its shared folders; then clear the mark :func:`mark_withdrawal_pending` set.
        Every command that opens the database runs this first while the mark is there, so a withdrawal
        interrupted at any step (power cut, kill) is finished by whatever runs next. Returns the
        number of backups rewritten."""
        with self.transaction() as db:
            rules().apply_tombstones(db, self.rows("select * from tombstones"))
        self.checkpoint()
        rewritten = self.scrub_backups()
        self.scrub_shared_folders()
        self.scrub_take_outs()
        with self.transaction():
            self.conn.execute("delete from meta where key = ?", [SCRUB_PENDING])
        self.checkpoint()
        return rewritten

    def checkpoint(self) -> None:
        """Move the write-ahead log into the database and empty it (deleted rows leave no copy there)."""
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- small helpers -------------------------------------------------------------------------

    def rows(self, sql: str, params: Any = (), json_columns: Iterable[str] = ()) -> list[dict]:
        """Rows as dicts; the named JSON columns decoded (an empty one as ``{}``). A read runs one
        statement (sqlite-utils' ``query`` wraps each in a savepoint: three)."""
        cursor = self.conn.execute(sql, params)
        names = [d[0] for d in cursor.description]
        found = [dict(zip(names, row)) for row in cursor]
        for column in json_columns:
            for row in found:
                row[column] = json.loads(row[column] or "{}")
        return found

    def one(self, sql: str, params: Any = (), json_columns: Iterable[str] = ()) -> dict | None:
        found = self.rows(sql, params, json_columns)
        return found[0] if found else None

    def insert(self, table: str, row: dict) -> None:
        """One plain INSERT (for the answering keypress: sqlite-utils' ``insert`` first reads the schema,
        three statements more each time)."""
        columns = ", ".join(f'"{c}"' for c in row)
        self.conn.execute(f'insert into "{table}" ({columns}) values ({", ".join("?" * len(row))})',
                          list(row.values()))

    def integrity_ok(self) -> bool:
        return self.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"




class Batch:
    """Many steps in one transaction, committed about every ``commit_every`` seconds: each commit is a wait for
    the disk, and another process's writes wait at most that long. Each step runs in a savepoint, so a step
    that fails leaves nothing and the others stand. ``foreign_keys=False`` only where every reference was
    checked before the step (a bundle's checks do: checking again row by row costs a seventh of a large first
    sync); a larger page cache (``cache_kib``) keeps the indexes in memory."""

    def __init__(self, store: Store, commit_every: float, cache_kib: int, foreign_keys: bool):
        self.store, self.commit_every, self.cache_kib, self.foreign_keys = store, commit_every, cache_kib, foreign_keys
        self.since = 0.0

    def __enter__(self) -> "Batch":
        self.store.conn.execute(f"PRAGMA cache_size={-self.cache_kib}")
        return self

    @contextmanager
    def step(self) -> Iterator[sqlite_utils.Database]:
        """One unit of the batch: the transaction begins with the first one, each runs in its own savepoint."""
        conn = self.store.conn
        if not conn.in_transaction:
            if not self.foreign_keys:
                conn.execute("PRAGMA foreign_keys=OFF")  # outside a transaction, where SQLite honours it
            conn.execute("BEGIN IMMEDIATE")
            self.since = time.monotonic()
        with self.store.savepoint("step") as db:
            yield db

    def commit(self) -> None:
        if self.store.conn.in_transaction:
            self.store.conn.execute("COMMIT")
        self.store.conn.execute("PRAGMA foreign_keys=ON")

    def commit_if_due(self) -> None:
        if time.monotonic() - self.since >= self.commit_every:
            self.commit()

    def __exit__(self, kind, *_) -> None:
        if kind is None:
            self.commit()
        elif self.store.conn.in_transaction:
            self.store.conn.execute("ROLLBACK")
        self.store.conn.execute("PRAGMA foreign_keys=ON")
        self.store.conn.execute("PRAGMA cache_size=-2000")  # SQLite's default again


def _held_rows(sources: list[Path]) -> tuple[dict[str, list[dict]], list[dict] | None, list[dict] | None]:
    """Every tombstone and coordinator's decision held by the database and its backups, the circle of the database
    itself, and the trusted coordinators of the database itself (``None``: unreadable) — what a restore must not forget."""
    found: dict[str, list[dict]] = {t: [] for t in ("tombstones", *DECISIONS)}
    trusted = circle = None
    for k, source in enumerate(sources):
        try:
            # a backup is never written again: read it as immutable, which leaves no -wal or -shm beside it
            conn = sqlite3.connect(f"file:{source}?mode=ro{'&immutable=1' if k else ''}", uri=True)
            conn.row_factory = sqlite3.Row
            try:
                tables = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
                for table in found:
                    if table in tables:
                        found[table] += [dict(r) for r in conn.execute(f"select * from [{table}]")]
                if k == 0 and "trusted" in tables:
                    trusted = [dict(r) for r in conn.execute("select * from trusted")]
                if k == 0:
                    circle = [dict(r) for r in conn.execute("select * from circle")] if "circle" in tables else []
            finally:
                conn.close()
        except sqlite3.Error:
            continue
    return found, trusted, circle


PARTIAL = ".partial"  # a backup being written


def _new_backup_name(folder: Path, reason: str) -> tuple[Path, Path]:
    """A backup's name (its UTC time to the microsecond, then its kind) and the partial file it is written to first,
    created here and now: two processes backing up in the same microsecond never share one."""
    while True:
        target = folder / f"{datetime.now(timezone.utc).strftime('%Y%m%dT%H%M%S%f')}-{reason}.sqlite"
        partial = target.with_name(target.name + PARTIAL)
        if not _private_file(partial):
            continue
        if not target.exists():
            return target, partial
        partial.unlink(missing_ok=True)


def backups_in(folder: Path) -> list[Path]:
    """The complete backups in a backups folder, oldest first (their names begin with their UTC time)."""
    return sorted(folder.glob("*.sqlite")) if folder.is_dir() else []


def replaced_copy(path: str | os.PathLike) -> Path | None:
    """The newest copy a restore kept of the database it replaced at ``path`` (``None``: never restored)."""
    target = Path(path)
    kept = [c for c in backups_in(target.parent / f"{target.name}.backups") if c.stem.endswith(REPLACED)]
    return kept[-1] if kept else None


def backup_info(path: Path) -> dict:
    stamp, _, reason = path.stem.partition("-")
    try:
        made = datetime.strptime(stamp, "%Y%m%dT%H%M%S%f").replace(tzinfo=timezone.utc)
        when = made.strftime("%Y-%m-%d %H:%M:%S UTC")
    except ValueError:
        when = None
    return {"made": when, "reason": reason or None, "bytes": path.stat().st_size, "file": str(path)}


def prune_backups(folder: Path) -> None:
    """Keep the newest :data:`BACKUPS_KEPT` of each kind: a burst of merges never pushes out the hourly copies
    (nor the database a restore replaced); and remove what an interrupted backup left."""
    for _ in range(3):  # a listing taken while another process renames its new copy in may miss it: look again
        kinds: dict[str, list[Path]] = {}
        for path in backups_in(folder):
            kinds.setdefault(path.stem.partition("-")[2], []).append(path)
        extra = [old for paths in kinds.values() for old in paths[:-BACKUPS_KEPT]]
        if not extra:
            break
        for old in extra:
            old.unlink(missing_ok=True)  # another process may have pruned it already
    for leftover in folder.glob(f"*{PARTIAL}"):
        try:
            if datetime.now().timestamp() - leftover.stat().st_mtime > 3600:  # not one being written now
                leftover.unlink()
        except OSError:
            pass


def _keep_replaced(target: Path, folder: Path) -> None:
    """Before a restore puts a backup in place of a database: a copy of that database, whole (with what its
    write-ahead log holds), as a backup of its own kind — never chosen by a later restore unless named."""
    if not target.is_file():
        return
    folder.mkdir(mode=0o700, exist_ok=True)
    kept, partial = _new_backup_name(folder, REPLACED)
    try:
        source = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
        dest = sqlite3.connect(str(partial))
        try:
            source.backup(dest)
            dest.execute("PRAGMA journal_mode=DELETE")
        finally:
            dest.close()
            source.close()
        replace(partial, kept)
    except (sqlite3.Error, OSError, StoreError):  # a database too damaged to read: its bytes as they are
        shutil.copyfile(target, partial)  # into the private file made for it
        replace(partial, kept)
    prune_backups(folder)


def restore(path: str | os.PathLike, backup: str | os.PathLike | None = None) -> Path:
    """Put a backup back in place of a (damaged) database, re-applying everything decided since that a
    restore must never forget, as held by the database itself (when readable) and by any backup: every
    withdrawal, every revocation, enrolment and hand-over a coordinator signed, which coordinators this
    laptop trusts (a distrust stays) and which laptops are in its circle. Rows other laptops relay in a shared folder bring back the rest at the
    next sync. Returns the backup used."""
    target = Path(path)
    folder = target.parent / f"{target.name}.backups"
    candidates = backups_in(folder)
    usual = [c for c in candidates if not c.stem.endswith(REPLACED)]  # by default, never a replaced database
    chosen = Path(backup) if backup else (usual[-1] if usual else None)
    if chosen is None or not chosen.is_file():
        raise StoreError(str(target), "restore", f"no backup found in {folder}")
    held, trusted, circle = _held_rows([target, *candidates])
    _keep_replaced(target, folder)
    with atomic_path(target) as staging:
        shutil.copyfile(chosen, staging)
        conn = sqlite3.connect(str(staging), isolation_level=None)
        try:
            conn.execute("PRAGMA secure_delete=ON")
            conn.execute("BEGIN IMMEDIATE")
            db = database(conn)
            tables = set(db.table_names())
            for table in DECISIONS:
                if table in tables and held[table]:
                    columns = set(db[table].columns_dict)
                    db[table].insert_all([{k: v for k, v in r.items() if k in columns} for r in held[table]],
                                         ignore=True)
            if circle is not None and (circle or "circle" in tables):  # the circle, as the database held it
                if "circle" not in tables:  # a backup of an older version
                    create_missing(db)
                conn.execute("delete from circle")
                db["circle"].insert_all(circle, ignore=True)
            if trusted is not None and "trusted" in tables:
                conn.execute("delete from trusted")
                if trusted:
                    db["trusted"].insert_all(trusted, ignore=True)
            rules().apply_tombstones(db, held["tombstones"])
            if "revocations" in tables:
                rules().apply_revocations(db)
            conn.execute("COMMIT")
            conn.execute("VACUUM")
        finally:
            conn.close()
        for suffix in ("-wal", "-shm"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
    return chosen
