"""A shared folder of bundles: every laptop writes its own file, merges everyone else's.

Any transport that delivers whole files will do (Syncthing, a network share, a USB stick copied
over): merging is a function of the set of signed bundles, and each file has one writer — the laptop
whose code names it, ``FOLDER/<code>.lyssbundle`` — so a transport never has a conflict to resolve.

:func:`sync` first publishes this laptop's own rows (its answers, withdrawals and undos; on a
coordinator's laptop its campaigns and enrolments), written beside and renamed, and only when they
changed. Then it merges every other bundle whose content changed since it was last merged here: the
folder's files are remembered in ``sync_files`` by size, modification time and sha256, so an
unchanged bundle costs a ``stat``. Files still arriving (Syncthing's ``.syncthing.*.tmp`` and
``~syncthing~*.tmp``) and anything not ending in ``.lyssbundle`` are ignored; so are links, which
could lead out of the folder. A bundle that is refused stops nothing else, and is tried again at the
next sync (what it needs — a campaign, a trust — may arrive later); bundles that depend on one another
merge in whatever order they are found, because a refused one is tried again after the others.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from scoring.errors import FileProblem, InputError

from . import bundles, keys
from .store import Store, now

SUFFIX = ".lyssbundle"
COMMIT_EVERY = 1.0  # seconds of merging between two commits
CACHE_KIB = 64 * 1024  # SQLite's page cache while merging (its default is 2 MiB)
EVERY_ANSWERS = 20  # the app syncs at start, after this many answers, and at close


@dataclass
class Outcome:
    """What happened to one bundle of the folder."""
    name: str
    status: str  # "published", "unchanged", "merged", "refused"
    device: str = ""
    detail: str = ""
    added: dict = field(default_factory=dict)

    def line(self) -> str:
        return f"{self.status:<9} {self.name}" + (f": {self.detail}" if self.detail else "")


@dataclass
class SyncReport:
    folder: str
    outcomes: list[Outcome]

    @property
    def refused(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "refused"]

    @property
    def merged(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "merged"]

    def as_dict(self) -> dict:
        return {"folder": self.folder, "bundles": [{"name": o.name, "status": o.status, "device": o.device,
                                                    "detail": o.detail, **o.added} for o in self.outcomes]}


def own_name(store: Store) -> str:
    return f"{store.device_id}{SUFFIX}"


def _folder(folder: str | os.PathLike) -> Path:
    path = Path(folder)
    if not path.is_dir():
        raise FileProblem(str(folder), "", "not a folder (create it, or choose the folder your laptops share)")
    return path


def _key(path: Path) -> str:
    """How the database names a folder: its absolute path (one laptop may share several)."""
    return str(path.resolve())


def _remembered(store: Store, folder: str) -> dict[str, dict]:
    return {r["name"]: r for r in store.rows("select * from sync_files where folder = ?", [folder])}


def _remember(store: Store, row: dict) -> None:
    with store.transaction() as db:
        db["sync_files"].upsert({**row, "seen_at": now()}, pk=("folder", "name"))


def _candidates(folder: Path, mine: str) -> list[tuple[str, os.stat_result]]:
    """Other laptops' bundles: regular files ending in .lyssbundle (never links, never partial files)."""
    found = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if not entry.name.endswith(SUFFIX) or entry.name.startswith((".", "~")) or entry.name == mine:
                continue
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue  # gone while we looked (a transport replacing it)
            if stat.S_ISREG(st.st_mode):
                found.append((entry.name, st))
    return sorted(found)


def publish(store: Store, folder: str | os.PathLike) -> Outcome:
    """Write this laptop's own bundle into the folder when its rows changed (or the file is not the one
    written last: deleted, or replaced by someone else)."""
    path = _folder(folder)
    key, name = _key(path), own_name(store)
    target = path / name
    payload = bundles.payload_bytes(store, own_only=True)
    digest = hashlib.sha256(payload).hexdigest()
    last = _remembered(store, key).get(name)
    try:
        st = target.stat()
    except OSError:
        st = None
    if last and st and last["sha256"] == digest and (st.st_size, st.st_mtime_ns) == (last["size"], last["mtime_ns"]):
        return Outcome(name, "unchanged", store.device_id, "this laptop's own bundle")
    manifest = bundles.export_bundle(store, str(target), payload)
    st = target.stat()
    _remember(store, {"folder": key, "name": name, "size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": digest,
                      "device_code": store.device_id, "created_at": manifest["created_at"],
                      "answers": manifest["counts"]["ratings"], "status": "published", "reason": None})
    return Outcome(name, "published", store.device_id, f"this laptop's own bundle, {manifest['counts']['ratings']} "
                                                       f"answers")


def _added(changed: dict) -> str:
    parts = [f"{changed['ratings_added']} answers added"]
    for key, words in (("ratings_replaced", "replaced"), ("ratings_deleted", "deleted"),
                       ("speakers_withdrawn", "speakers withdrawn"), ("ratings_refused_revoked",
                                                                        "refused (revoked laptop)")):
        if changed.get(key):
            parts.append(f"{changed[key]} {words}")
    return ", ".join(parts)


def _merge_one(store: Store, folder: Path, name: str, raw: bytes) -> Outcome:
    manifest, data = bundles.read_bundle(str(folder / name), raw)
    device = manifest["device_id"]
    if name != f"{device}{SUFFIX}":
        raise FileProblem(str(folder / name), "manifest.json", f"signed by laptop {device}, whose file is "
                                                               f"{device}{SUFFIX}: each laptop writes only its own "
                                                               f"file; nothing was merged")
    changed = bundles.merge_read(store, str(folder / name), manifest, data, backup=False, finish_withdrawals=False)
    counts = {k: changed[k] for k in ("ratings_added", "ratings_replaced", "ratings_deleted", "speakers_withdrawn",
                                      "ratings_refused_revoked")}
    detail = f"from {device}: {_added(changed)}"
    for r in changed["revoked"]:
        detail += f"; THIS LAPTOP WAS REVOKED in campaign {r['campaign_id']} from {r['from_at']}"
    counts["manifest"] = manifest
    return Outcome(name, "merged", device, detail, counts)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None  # replaced or removed while we read: the next sync sees the new one


def sync(store: Store, folder: str | os.PathLike,
         progress: Callable[[str, float], object] | None = None) -> SyncReport:
    """Publish this laptop's bundle, then merge every other bundle of the folder that changed since it was
    last merged here. Returns one outcome per bundle (this laptop's own first). ``progress(stage, fraction)``
    is told how far it got."""
    path = _folder(folder)
    key, mine = _key(path), own_name(store)
    outcomes = [publish(store, path)]
    remembered = _remembered(store, key)
    pending: dict[str, tuple[bytes, dict]] = {}
    found = _candidates(path, mine)
    for n, (name, st) in enumerate(found, 1):
        last = remembered.get(name)
        if last and last["status"] == "merged" and (st.st_size, st.st_mtime_ns) == (last["size"], last["mtime_ns"]):
            outcomes.append(Outcome(name, "unchanged", last["device_code"] or ""))
            continue
        raw = _read(path / name)
        if raw is None:
            continue
        digest = hashlib.sha256(raw).hexdigest()
        row = {"folder": key, "name": name, "size": len(raw), "mtime_ns": st.st_mtime_ns, "sha256": digest}
        if last and last["status"] == "merged" and last["sha256"] == digest:
            _remember(store, {**last, **row})  # touched, not changed
            outcomes.append(Outcome(name, "unchanged", last["device_code"] or ""))
            continue
        pending[name] = (raw, row)
        if progress:
            progress("reading the shared folder", n / len(found))
    outcomes.extend(_merge_pending(store, path, pending, progress))
    return SyncReport(str(path), outcomes)


class _Batch:
    """Many merges in one transaction, committed about every :data:`COMMIT_EVERY` seconds (each commit is a
    wait for the disk; the app's own writes wait at most that long). Each bundle is merged inside a
    savepoint, so a refused one leaves nothing; what a bundle brought and the memory that it was merged
    are committed together.

    Inside the batch SQLite does not check foreign keys row by row: every reference of a bundle was
    checked whole before it is applied (``bundle_checks``: each campaign, item and speaker a row names is
    in the bundle or on this laptop, and is written before the rows that name it), and checking again
    costs a seventh of a large first sync. A larger page cache keeps the indexes in memory."""

    def __init__(self, store: Store):
        self.store, self.since, self.withdrawn = store, 0.0, False

    def __enter__(self) -> "_Batch":
        self.store.conn.execute(f"PRAGMA cache_size={-CACHE_KIB}")
        return self

    def merge(self, work: Callable[[], Outcome], remember: Callable[[Outcome], dict]) -> Outcome:
        conn = self.store.conn
        if not conn.in_transaction:
            conn.execute("PRAGMA foreign_keys=OFF")  # outside a transaction, where SQLite honours it
            conn.execute("BEGIN IMMEDIATE")
            self.since = time.monotonic()
        conn.execute("SAVEPOINT bundle")
        try:
            outcome = work()
            self.store.db["sync_files"].upsert({**remember(outcome), "seen_at": now()}, pk=("folder", "name"))
        except BaseException:
            conn.execute("ROLLBACK TO bundle")
            conn.execute("RELEASE bundle")
            raise
        conn.execute("RELEASE bundle")
        self.withdrawn |= bool(outcome.added.get("speakers_withdrawn"))
        if self.withdrawn or time.monotonic() - self.since >= COMMIT_EVERY:
            self.commit()
        return outcome

    def commit(self) -> None:
        if self.store.conn.in_transaction:
            self.store.conn.execute("COMMIT")
        self.store.conn.execute("PRAGMA foreign_keys=ON")
        if self.withdrawn:  # every copy of a withdrawn speaker goes now: backups, the write-ahead log
            self.withdrawn = False
            self.store.complete_withdrawals()

    def __exit__(self, kind, *_) -> None:
        if kind is None:
            self.commit()
        elif self.store.conn.in_transaction:
            self.store.conn.execute("ROLLBACK")
        self.store.conn.execute("PRAGMA foreign_keys=ON")
        self.store.conn.execute("PRAGMA cache_size=-2000")  # SQLite's default again


def _merge_pending(store: Store, path: Path, pending: dict[str, tuple[bytes, dict]],
                   progress: Callable[[str, float], object] | None) -> list[Outcome]:
    """Merge in passes: a bundle refused for want of another's rows (a campaign, an enrolment) is tried again
    after the others, until a pass merges nothing."""
    results: dict[str, Outcome] = {}
    done, total = 0, len(pending)
    if pending:
        store.backup_if_due()  # a restore point at most hourly: sync runs every few answers, each merge atomic
    with _Batch(store) as batch:
        while pending:
            merged_any = False
            for name, (raw, row) in list(pending.items()):
                def remember(outcome: Outcome, row=row) -> dict:
                    manifest = outcome.added.pop("manifest")
                    return {**row, "device_code": outcome.device, "created_at": manifest.get("created_at"),
                            "answers": (manifest.get("counts") or {}).get("ratings"), "status": "merged",
                            "reason": None}
                try:
                    results[name] = batch.merge(lambda name=name, raw=raw: _merge_one(store, path, name, raw),
                                                remember)
                except InputError as exc:
                    results[name] = Outcome(name, "refused", "", exc.line().removeprefix(f"{path / name}: "))
                    continue
                merged_any = True
                del pending[name]
                done += 1
                if progress:
                    progress("merging bundles", done / total)
            if not merged_any:
                break
    for name, (raw, row) in pending.items():
        _remember(store, {**row, "device_code": _claimed_device(raw), "created_at": None, "answers": None,
                          "status": "refused", "reason": results[name].detail})
        results[name].device = _claimed_device(raw) or ""
    return [results[name] for name in sorted(results)]


def _claimed_device(raw: bytes) -> str | None:
    """The laptop a refused bundle says it comes from (unverified: for the status list only)."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            manifest = json.loads(z.read("manifest.json")[:65536])
        device = manifest.get("device_id")
        return device if isinstance(device, str) and keys.normalise_code(device) == device else None
    except Exception:  # noqa: BLE001 — a damaged file simply names no one
        return None


def laptops_seen(store: Store, folder: str | os.PathLike | None = None) -> list[dict]:
    """Per laptop whose bundle this laptop has seen in a shared folder: its code, its last bundle's time,
    the answers in it, whether it is enrolled in a campaign here, and whether its bundle was refused."""
    where, params = ("where folder = ?", [_key(Path(folder))]) if folder else ("", [])
    enrolled = {r["device_code"] for r in store.rows("select device_code from enrolments")}
    coordinators = {keys.code_of(r["coordinator"]) for r in store.rows("select coordinator from campaigns")}
    out = []
    for r in store.rows(f"select * from sync_files {where} order by name", params):
        code = r["device_code"] or r["name"].removesuffix(SUFFIX)
        out.append({"code": code, "this_laptop": code == store.device_id, "folder": r["folder"],
                    "bundle_time": r["created_at"], "answers": r["answers"], "status": r["status"],
                    "reason": r["reason"], "seen_at": r["seen_at"], "enrolled": code in enrolled,
                    "coordinator": code in coordinators})
    return out


__all__ = ["SUFFIX", "Outcome", "SyncReport", "sync", "publish", "laptops_seen", "own_name"]
