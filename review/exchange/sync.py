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
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from scoring.errors import FileProblem, InputError

from . import bundles
from .ownership import NotEnrolledYet
from ..records import catalogue, laptops, shared_folder
from ..sentences import Joined, Number, joined_english, line
from ..store import Store, dumps, folder_files, keys, now
from ..store.database import MERGE_BACKUP_INTERVAL

SUFFIX = folder_files.SUFFIX
COMMIT_EVERY = 1.0  # seconds of merging between two commits
CACHE_KIB = 64 * 1024  # SQLite's page cache while merging (its default is 2 MiB)
EVERY_ANSWERS = 20  # the app syncs at start, after this many answers, and at close
SIZE_FACTOR = 64  # a file is read only when it is at most this many times the largest bundle seen here…
SIZE_FLOOR = 64 * 1024 * 1024  # …or than this, whichever is larger
READABLE = ("merged", "published")  # statuses of files whose size says how large a real bundle is here
WAITING_ROWS = "(rows that waited here)"  # the outcome of judging them again when no bundle merged
INTRINSIC = "rejected"  # a refusal of the file itself (damaged, altered, too large, misnamed): not read again
#                         until it changes in any way; "refused" (what it needs is not here yet) is retried


@dataclass
class Outcome:
    """What happened to one entry of the folder (``name`` as the folder gave it, shown escaped), said as data: the
    lines of ``said`` (``review.sentences``: the command line prints them in English, the app in its language)."""
    name: str
    status: str  # "published", "unchanged", "merged", "refused", "waiting" (for its laptop's enrolment), "skipped",
    #              "moved aside", "taken back" (this laptop's own rows, from its bundle, after a restore)
    device: str = ""
    said: list = field(default_factory=list)
    added: dict = field(default_factory=dict)

    @property
    def detail(self) -> str:
        """What happened, in English (the command line's and the JSON's)."""
        return joined_english(self.said)

    def line(self) -> str:
        return f"{self.status:<9} {folder_files.shown(self.name)}" + (f": {self.detail}" if self.said else "")


@dataclass
class SyncReport:
    folder: str
    outcomes: list[Outcome]

    @property
    def refused(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "refused"]

    @property
    def folder_unreadable(self) -> bool:
        """The folder itself could not be read (moved, removed or unmounted during the sync)."""
        return any(o.name == self.folder and o.status == "refused" for o in self.outcomes)

    @property
    def merged(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "merged"]

    def as_dict(self) -> dict:
        return {"folder": self.folder, "bundles": [{"name": folder_files.shown(o.name, 10_000), "status": o.status,
                                                    "device": o.device, "detail": o.detail, "said": o.said,
                                                    **o.added}
                                                   for o in self.outcomes]}


def own_name(store: Store) -> str:
    return folder_files.own_name(store.device_id)


def _folder(folder: str | os.PathLike) -> Path:
    path = Path(folder)
    if not path.is_dir():
        raise FileProblem(str(folder), "", "not a folder (create it, or choose the folder your laptops share)")
    return path


def _key(path: Path) -> str:
    """How the database names a folder: its absolute path (one laptop may share several)."""
    return str(path.resolve())


def _remembered(store: Store, folder: str) -> dict[str, dict]:
    return {r["name"]: r for r in shared_folder.files_seen(store, folder)}


def identity(st: os.stat_result) -> dict:
    """What says a file is the one last seen: its size and time, which a copy tool may set back to what they were
    (one that first writes the final size, then the bytes, then the time), and its inode and change time, which it
    cannot: any write, rename or time set moves the change time on."""
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "inode": st.st_ino, "ctime_ns": st.st_ctime_ns}


def _same(st: os.stat_result, last: dict | None) -> bool:
    return last is not None and all(last.get(k) == v for k, v in identity(st).items())


def _remember(store: Store, row: dict) -> None:
    with store.transaction() as db:
        shared_folder.remember(db, row)


def size_cap(store: Store) -> int:
    """The largest file sync reads: :data:`SIZE_FACTOR` times the largest bundle merged or published here,
    and never less than :data:`SIZE_FLOOR` (a 2 GiB file named like a bundle is refused by its size)."""
    return max(SIZE_FLOOR, SIZE_FACTOR * shared_folder.largest_bundle(store, tuple(READABLE)))


def _mib(size: int) -> str:
    return f"{size / 1024 / 1024:,.0f} MiB"


def _entries(folder: Path, mine: str) -> tuple[list[tuple[str, os.stat_result]], list[Outcome]]:
    """Other laptops' bundles to look at (regular files named ``<laptop code>.lyssbundle``, by ``lstat``), and
    what is skipped or refused by its name or kind alone. Files still arriving (``.syncthing.*.tmp``,
    ``~syncthing~*.tmp``, dot files) and files not ending in ``.lyssbundle`` are not looked at."""
    found, others = [], []
    with os.scandir(folder) as entries:
        for entry in entries:
            name = entry.name
            if not name.endswith(SUFFIX) or name.startswith((".", "~")) or name == mine:
                continue
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue  # gone while we looked (a transport replacing it)
            if not stat.S_ISREG(st.st_mode):
                kind = "link" if stat.S_ISLNK(st.st_mode) else "folder" if stat.S_ISDIR(st.st_mode) else "other"
                others.append(Outcome(name, "skipped", "", [line(f"sync.skipped {kind}")]))
            elif folder_files.laptop_of(name) is None:
                others.append(Outcome(name, "refused", "", [line("sync.misnamed")]))
            else:
                found.append((name, st))
    return sorted(found), others


def _move_aside(target: Path) -> str:
    """Something other than this laptop's bundle under its name (a folder, a link, a device file): renamed,
    so the bundle can be written. Returns the new name."""
    aside = target.with_name(f"{target.name}.moved-aside-{now().replace(':', '')}")
    os.rename(target, aside)
    return aside.name


def publish(store: Store, folder: str | os.PathLike) -> list[Outcome]:
    """Write this laptop's own bundle into the folder when its rows changed (or the file is not the one
    written last: deleted, or replaced by someone else). Whatever else stands under its name (a folder,
    a link) is moved aside first and reported; a folder this laptop cannot write to is a refused line."""
    path = _folder(folder)
    key, name = _key(path), own_name(store)
    target = path / name
    outcomes = []
    try:
        st = target.lstat()
    except OSError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        try:
            aside = _move_aside(target)
        except OSError as exc:
            return [Outcome(name, "refused", store.device_id, [line("sync.own name blocked", why=exc.strerror)])]
        outcomes.append(Outcome(name, "moved aside", store.device_id, [line("sync.moved aside", aside=aside)]))
        st = None
    last = _remembered(store, key).get(name)
    unchanged = [*outcomes, Outcome(name, "unchanged", store.device_id, [line("sync.own unchanged")])]
    if last and st and _same(st, last) and store.published.get(key) == store.change_marker():
        return unchanged  # no row changed since it was last published: nothing to sign again
    payload = bundles.payload_bytes(store, own_only=True)
    digest = hashlib.sha256(payload).hexdigest()
    if last and st and last["sha256"] == digest and _same(st, last):
        store.published[key] = store.change_marker()
        return unchanged
    try:
        manifest = bundles.export_bundle(store, str(target), payload, folder_files.tmp_prefix(store.device_id))
        st = target.stat()
    except (FileProblem, OSError) as exc:
        why = exc.problem if isinstance(exc, FileProblem) else exc.strerror
        return [*outcomes, Outcome(name, "refused", store.device_id, [line("sync.own not written", why=why)])]
    _remember(store, {"folder": key, "name": name, **identity(st), "sha256": digest, "device_code": store.device_id,
                      "created_at": manifest["created_at"], "answers": manifest["counts"]["ratings"],
                      "status": "published", "reason": None})
    store.published[key] = store.change_marker()
    return [*outcomes, Outcome(name, "published", store.device_id,
                               [line("sync.own published", answers=Number(manifest["counts"]["ratings"], "count"),
                                     one="answers")])]


def take_back_own(store: Store, folder: str | os.PathLike) -> list[Outcome]:
    """Before publishing: when the folder's copy of this laptop's own bundle is not the file this database last wrote
    there (the laptop was restored from a backup, or its database is older than its bundle), merge it first — its
    rows are this laptop's own, signed by its key — so that the laptop never publishes fewer of its own rows than
    the folder holds. An outcome when it brought something back (or could not be read), else none."""
    path = _folder(folder)
    name = own_name(store)
    try:
        st = (path / name).lstat()
    except OSError:
        return []
    last = _remembered(store, _key(path)).get(name)
    if not stat.S_ISREG(st.st_mode) or _same(st, last):
        return []
    raw = _read(path / name, size_cap(store))
    if isinstance(raw, str) or (last is not None and last["sha256"] == hashlib.sha256(raw).hexdigest()):
        return []
    try:
        manifest, data = _read_checked(path, name, raw)
        with store.transaction():
            outcome = _merge_one(store, path, name, manifest, data)
    except InputError as exc:
        return [Outcome(name, "refused", store.device_id, [line("sync.own not taken back",
                                                                why=_refusal(path / name, exc))])]
    if outcome.added.get("scrub"):  # a withdrawal it held: every copy of the speaker goes now, as after any merge
        store.complete_withdrawals()
    if not any(outcome.added.get(k) for k in ("ratings_added", "ratings_replaced", "campaigns_added")):
        return []  # nothing a person would miss (its rows were all here, or only a sequence's)
    return [Outcome(name, "taken back", store.device_id, [line("sync.own taken back", counts=_added(outcome.added))])]


def republish(store: Store) -> list[Outcome]:
    """Publish this laptop's bundle anew in every folder it has published to (after a withdrawal: the old file
    may hold the speaker's answers). A folder that is gone or cannot be written is a refused line."""
    outcomes = []
    if store.displaced:  # a copy: the folder's bundle is the laptop's, not this copy's
        return outcomes
    for folder in shared_folder.published_in(store, own_name(store)):
        folder_files.remove_own_leftovers(folder, store.device_id)
        try:
            outcomes += publish(store, folder)
        except InputError as exc:
            outcomes.append(Outcome(own_name(store), "refused", store.device_id, _problem(exc.line())))
    return outcomes


def _problem(text: str) -> list[dict]:
    """A problem said in one line of its own (an error's line, a reason remembered from an earlier sync)."""
    return [line("sync.problem", problem=text)]


def _added(changed: dict) -> Joined:
    """What a merge changed, each count a said line of its own."""
    return Joined(merge_lines(changed))


def summary(report: "SyncReport") -> dict:
    """A sync in one said line: "2 bundles merged (5 answers added), 1 bundle refused"."""
    count = lambda n: Number(n, "count")  # noqa: E731
    added = sum(o.added.get("ratings_added", 0) for o in report.merged)
    return line("sync.summary",
                merged=Joined([line("sync.bundles merged", n=count(len(report.merged)), one="n")]),
                added=Joined([line("sync.answers added", n=count(added), one="n")]),
                refused=Joined([line("sync.bundles refused", n=count(len(report.refused)), one="n")]))


def merge_lines(changed: dict) -> list[dict]:
    """What a merge (a bundle by hand, or one of a shared folder's) changed, each count a said line of its own in the
    form its number takes: "1 answer added; 2 replaced; 1 speaker withdrawn: 3 answers deleted"."""
    count = lambda key: Number(changed.get(key) or 0, "count")  # noqa: E731
    parts = [line("sync.answers added", n=count("ratings_added"), one="n")]
    if changed.get("campaigns_added"):
        parts.insert(0, line("sync.campaigns arrived", n=count("campaigns_added"), one="n"))
    if changed.get("ratings_replaced"):
        parts.append(line("sync.replaced", n=count("ratings_replaced")))
    deleted = line("sync.deleted", n=count("ratings_deleted"), one="n")
    if changed.get("speakers_withdrawn"):  # an arriving withdrawal says what it deleted here
        parts.append(line("sync.withdrawal", speakers=Joined([line("sync.speakers withdrawn", n=count(
            "speakers_withdrawn"), one="n")]), deleted=Joined([deleted])))
    elif changed.get("ratings_deleted"):
        parts.append(deleted)
    if changed.get("ratings_refused_revoked"):
        parts.append(line("sync.refused revoked", n=count("ratings_refused_revoked")))
    for gave in changed.get("gave_way", []):  # a campaign made again here, or its terms: the circle's earlier version
        if gave["table"] == "campaigns":
            parts.append(line("sync.campaign gave way", campaign=gave["key"][0], kept=repr(gave["kept"]["name"]),
                              mine=repr(gave["mine"]["name"])))
        else:
            parts.append(line("sync.terms gave way", campaign=gave["key"][0], version=gave["key"][1]))
    return parts


def _merge_one(store: Store, folder: Path, name: str, manifest: dict, data: dict) -> Outcome:
    device = manifest["device_id"]
    changed = bundles.merge_read(store, str(folder / name), manifest, data, backup=False, finish_withdrawals=False)
    counts = {k: changed[k] for k in ("ratings_added", "ratings_replaced", "ratings_deleted", "speakers_withdrawn",
                                      "ratings_refused_revoked", "campaigns_added", "scrub")}
    said = [line("sync.from", device=device, counts=_added(changed)), *_rows_set_aside(changed)]
    said += [line("sync.revoked here", campaign=r["campaign_id"], from_at=r["from_at"]) for r in changed["revoked"]]
    return Outcome(name, "merged", device, said, {**counts, "waiting": changed["waiting"],
                                                  "rows_refused": len(changed["rows_refused"])})


def _refused_alone(outcome: Outcome) -> str | None:
    """What a merged bundle had refused alone, remembered beside it as a said line (``lyss sync status``, ``lyss
    review check``, the sharing page)."""
    alone = {line("sync.refused alone", n=Number(n, "count"), one="n", rows="")["text"] for n in (1, 2)}
    refused = [said for said in outcome.said if said["text"] in alone]
    return dumps(refused[0]) if refused else None


def _rows_set_aside(changed: dict) -> list[dict]:
    """What waits and what was refused alone, with what to do (the lines say it)."""
    said = []
    if changed.get("waited"):
        said.append(line("sync.placed", n=Number(changed["waited"], "count"), one="n"))
    if changed["waiting_lines"]:
        said.append(line("sync.waiting", waits=Joined(changed["waiting_lines"], "; ")))
    if changed["rows_refused"]:
        said.append(line("sync.refused alone", n=Number(len(changed["rows_refused"]), "count"), one="n",
                         rows=Joined(changed["rows_refused"][:3], "; ")))
    return said


def _merge_waiting(store: Store) -> list[Outcome]:
    """When no bundle merged, the rows that wait are judged again on their own."""
    if not shared_folder.count(store):
        return []
    store.backup_if_due("before-merge", MERGE_BACKUP_INTERVAL)
    changed = bundles.merge_waiting(store, backup=False)
    if changed is None or not changed["waited"]:
        return []
    return [Outcome(WAITING_ROWS, "merged", "", [line("sync.counts", counts=_added(changed)),
                                                 *_rows_set_aside(changed)],
                    {"ratings_added": changed["ratings_added"], "waiting": changed["waiting"]})]


def _read_checked(folder: Path, name: str, raw: bytes) -> tuple[dict, dict]:
    """Read a bundle and check what the file alone can say: its zip, signature, and that the laptop its name
    gives signed it. A refusal here is about the file itself (:data:`INTRINSIC`)."""
    manifest, data = bundles.read_bundle(str(folder / name), raw)
    device = manifest["device_id"]
    if name != folder_files.own_name(device):
        raise FileProblem(str(folder / name), "manifest.json", f"signed by laptop {device}, whose file is "
                                                               f"{device}{SUFFIX}: each laptop writes only its own "
                                                               f"file; nothing was merged")
    return manifest, data


def _read(path: Path, size: int) -> bytes | str:
    """The file's bytes (at most ``size`` + 1 of them), or why it could not be read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return "gone while the folder was read (the next sync looks again)"
    except OSError as exc:
        return f"cannot be read ({exc.strerror}): nothing was merged"
    try:
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                return "not a regular file: not read"
            return fh.read(size + 1)
    except OSError as exc:
        return f"cannot be read ({exc.strerror}): nothing was merged"


def _refusal(path: Path, exc: InputError) -> dict:
    """Why a bundle was refused whole, as a said line (kept beside it: said again at the next sync): where in the
    file, and the problem in the reader's language when it was said so."""
    if exc.said is None:
        return line("sync.problem", problem=exc.line().removeprefix(f"{path}: "))
    problem = Joined([exc.said])
    where = exc.shown_place()
    return line("sync.refused at", place=where, problem=problem) if where else line("sync.problem", problem=problem)


def sync(store: Store, folder: str | os.PathLike,
         progress: Callable[[str, float], object] | None = None) -> SyncReport:
    """Publish this laptop's bundle, then merge every other bundle of the folder that changed since it was
    last merged here. Returns one outcome per entry looked at (this laptop's own first). Everything in the
    folder is input from a stranger: an entry that cannot be read, is too large, or vanishes is one line,
    never a crash, and never holds up another bundle. ``progress(stage, fraction)`` is told how far it got."""
    path = _folder(folder)
    store.require_home("publish or merge")  # a copy of a laptop's database never acts as the laptop
    key, mine = _key(path), own_name(store)
    folder_files.remove_own_leftovers(path, store.device_id)  # a killed sync's half-written file
    outcomes = take_back_own(store, path)
    outcomes += publish(store, path)
    remembered = _remembered(store, key)
    cap = size_cap(store)
    pending: dict[str, tuple[bytes, dict]] = {}
    try:
        found, others = _entries(path, mine)
    except OSError as exc:
        outcomes.append(Outcome(str(path), "refused", "", [line("sync.folder unreadable", why=exc.strerror)]))
        return SyncReport(str(path), outcomes)
    outcomes += others
    for n, (name, st) in enumerate(found, 1):
        outcome = _look_at(store, path, key, name, st, remembered.get(name), cap, pending)
        if outcome is not None:
            outcomes.append(outcome)
        if progress:
            progress("reading the shared folder", n / len(found))
    merged = _merge_pending(store, path, _coordinators_first(store, pending), progress)
    if not any(o.status == "merged" for o in merged):
        merged += _merge_waiting(store)
    outcomes.extend(merged)
    if any(o.added.get("speakers_withdrawn") for o in merged) or not (path / own_name(store)).exists():
        # the withdrawn leave our file too; and a withdrawal carried out while merging removes our file from the
        # folder even when it withdrew no one here (one signed after its laptop's revocation): written again at
        # once, or the revocation it carries reaches no laptop before they honour that withdrawal (make evidence's
        # convergence property found answers lost so)
        outcomes += [o for o in publish(store, path) if o.status != "unchanged"]
    return SyncReport(str(path), outcomes)


def _look_at(store: Store, path: Path, key: str, name: str, st: os.stat_result, last: dict | None, cap: int,
             pending: dict) -> Outcome | None:
    """Decide from a file's ``lstat`` and, when it must be read, its bytes, whether it is unchanged, refused
    or to be merged (put in ``pending``)."""
    same_file = _same(st, last)
    if same_file and last["status"] == "merged":
        return Outcome(name, "unchanged", last["device_code"] or "")
    if same_file and last["status"] == INTRINSIC:
        return Outcome(name, "refused", last["device_code"] or "", [line("sync.unchanged refused", reason=Joined(
            [shared_folder.said(last["reason"])]))])
    row = {"folder": key, "name": name, **identity(st), "sha256": None}
    if st.st_size > cap:
        reason = line("sync.larger than taken", size=_mib(st.st_size), cap=_mib(cap), factor=SIZE_FACTOR)
        _remember(store, {**row, "device_code": None, "created_at": None, "answers": None, "status": INTRINSIC,
                          "reason": dumps(reason)})
        return Outcome(name, "refused", "", [reason])
    raw = _read(path / name, cap)
    if isinstance(raw, str):
        return Outcome(name, "skipped" if raw.startswith("gone") else "refused", "", _problem(raw))
    if len(raw) > cap:  # it grew after its lstat
        return Outcome(name, "refused", "", [line("sync.too large", size=_mib(cap))])
    digest = hashlib.sha256(raw).hexdigest()
    row.update(size=len(raw), sha256=digest)
    if last and last["status"] == "merged" and last["sha256"] == digest:
        _remember(store, {**last, **row})  # touched, not changed
        return Outcome(name, "unchanged", last["device_code"] or "")
    pending[name] = (raw, row)  # read and checked when merged, one at a time (two hundred parsed at once: 3× the memory)
    return None


def _coordinators_first(store: Store, pending: dict[str, tuple[bytes, dict]]) -> dict[str, tuple[bytes, dict]]:
    """The bundles of the coordinators this laptop trusts before the others: a revocation they carry is known here
    before a withdrawal the revoked laptop signed after it is read. (Read the other way round, the withdrawal is
    carried out first, and the answers it deletes come back only from a laptop that kept them: when only the
    revoked laptop and this one held them, nothing brings them back. make evidence's convergence property found it.)"""
    coordinators = {folder_files.own_name(code) for code in laptops.trusted(store)}
    return dict(sorted(pending.items(), key=lambda item: item[0] not in coordinators))


def _merge_pending(store: Store, path: Path, pending: dict[str, tuple[bytes, dict]],
                   progress: Callable[[str, float], object] | None) -> list[Outcome]:
    """Merge in passes: a bundle refused for want of another's rows (a campaign, an enrolment) is tried again
    after the others, until a pass merges nothing. A bundle refused for what the file itself is (damaged,
    altered, misnamed) is not tried again, nor read again until it changes (:data:`INTRINSIC`)."""
    results: dict[str, Outcome] = {}
    done, total = 0, len(pending)
    if pending:  # a restore point before rows change: at most every ten minutes (sync runs every few answers)
        store.backup_if_due("before-merge", MERGE_BACKUP_INTERVAL)
    with store.batch(COMMIT_EVERY, CACHE_KIB, foreign_keys=False) as batch:  # references checked whole first
        while pending:
            merged_any = False
            for name, (raw, row) in list(pending.items()):
                try:
                    manifest, data = _read_checked(path, name, raw)
                except InputError as exc:
                    reason = _refusal(path / name, exc)
                    _remember(store, {**row, "device_code": _claimed_device(raw), "created_at": None,
                                      "answers": None, "status": INTRINSIC, "reason": dumps(reason)})
                    results[name] = Outcome(name, "refused", _claimed_device(raw) or "", [reason])
                    del pending[name]
                    continue

                def remember(outcome: Outcome, row=row, manifest=manifest) -> dict:
                    return {**row, "device_code": outcome.device, "created_at": manifest.get("created_at"),
                            "answers": (manifest.get("counts") or {}).get("ratings"), "status": "merged",
                            "reason": _refused_alone(outcome)}
                try:
                    with batch.step() as db:  # what a bundle brought and the memory that it was merged, together
                        results[name] = _merge_one(store, path, name, manifest, data)
                        shared_folder.remember(db, remember(results[name]))
                except NotEnrolledYet:
                    results[name] = Outcome(name, "waiting", manifest["device_id"],
                                            [line("sync.not enrolled yet", code=manifest["device_id"])])
                    row.update(device_code=manifest["device_id"], created_at=manifest.get("created_at"))
                    continue
                except InputError as exc:
                    results[name] = Outcome(name, "refused", manifest["device_id"],
                                            [_refusal(path / name, exc)])
                    row.update(device_code=manifest["device_id"], created_at=manifest.get("created_at"))
                    continue
                if results[name].added.get("scrub"):  # every copy of them goes now
                    batch.commit()
                    store.complete_withdrawals()
                else:
                    batch.commit_if_due()
                merged_any = True
                del pending[name]
                done += 1
                if progress:
                    progress("merging bundles", done / total)
            if not merged_any:
                break
    for name, (raw, row) in pending.items():  # signed by the laptop its name gives, not taken here yet
        _remember(store, {**row, "answers": None, "status": results[name].status,
                          "reason": _kept(results[name].said)})
    return [results[name] for name in sorted(results)]


def _kept(said: list[dict]) -> str | None:
    """What an outcome said, kept beside its bundle as one said line (JSON): each face says it in its language."""
    if not said:
        return None
    return dumps(said[0] if len(said) == 1 else line("sync.problem", problem=Joined(said, "; ")))


def _claimed_device(raw: bytes) -> str | None:
    """The laptop a refused bundle says it comes from (unverified: for the status list only)."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            with z.open("manifest.json") as fh:
                manifest = json.loads(fh.read(65536))
        device = manifest.get("device_id")
        return device if isinstance(device, str) and keys.normalise_code(device) == device else None
    except Exception:  # noqa: BLE001 — a damaged file simply names no one
        return None


def laptops_seen(store: Store, folder: str | os.PathLike | None = None) -> list[dict]:
    """Per laptop whose bundle this laptop has seen in a shared folder: its code, its last bundle's time,
    the answers in it, whether it is enrolled in a campaign here, whether its bundle was refused, and for a
    revoked laptop the time it was revoked from and how many of its answers are kept here."""
    enrolled = {r["device_code"] for r in laptops.enrolments(store)}
    revoked = {r["code"]: r for r in laptops.revoked_laptops_here(store)}
    coordinators = {keys.code_of(r["coordinator"]) for r in catalogue.campaign_rows(store)}
    given = laptops.names(store)
    out = []
    for r in shared_folder.files_seen(store, _key(Path(folder)) if folder else None):
        code = r["device_code"] or r["name"].removesuffix(SUFFIX)
        out.append({"code": code, "name": given.get(code), "this_laptop": code == store.device_id, "folder": r["folder"],
                    "bundle_time": r["created_at"], "answers": r["answers"],
                    "status": "refused" if r["status"] == INTRINSIC else r["status"],
                    "reason": shared_folder.said(r["reason"]), "seen_at": r["seen_at"], "enrolled": code in enrolled,
                    "coordinator": code in coordinators,
                    "revoked_from": revoked[code]["from_at"] if code in revoked else None,
                    "kept": revoked[code]["kept"] if code in revoked else None})
    return out


__all__ = ["SUFFIX", "Outcome", "SyncReport", "sync", "publish", "laptops_seen", "own_name"]
