"""Bundles: moving answers between laptops without a server, signed and checked.

``export_bundle`` writes one zip file: ``manifest.json`` (format, schema version, the laptop's code
and public key, the sha256 of the payload, counts), ``manifest.sig`` (the laptop's Ed25519 signature
of the manifest) and ``data.json``: the shared campaigns with their runs, items, enrolments,
hand-overs and revocations, speakers' pseudonymous records (never names, communities or dialects),
sequences, answers, their history and tombstones. Every row names its author and carries the
author's signature, so a bundle may relay other laptops' rows unchanged but cannot alter them.

``merge`` first reads and checks everything (:mod:`review.exchange.bundle_checks`,
:mod:`review.exchange.ownership`); a file that is damaged, altered or forged is refused whole:

- the zip is small enough (members, decompressed size) and its manifest well formed;
- the bundle is signed, the signature holds (else it was altered after signing), and the signing
  laptop is a coordinator this laptop trusts or is enrolled in every campaign whose answers it carries;
- every row has its table's columns and types and its author's valid signature; content-addressed rows
  never change content; timestamps are not in the future.

Inside a good file each row is judged alone: a row whose author may write it (the ownership rules),
whose answer fits its task and its place in the speaker's sequence, with times in order, merges; a row
that needs something not here yet (its campaign, its author's enrolment…) waits here and is judged
again at every merge; any other is refused alone and named. Then the rows that merge are applied in
one transaction (after a backup). Merging is a function of the set of
bundles — every table reaches the same state in every order, and merging again changes nothing:

- runs, items, campaigns, scores and sequences keep the smallest version (earliest timestamp, then
  canonical JSON); a speaker the registering laptop's newest version;
- two answers for the same speaker, campaign and position keep the latest ``updated_at``, then the
  larger uuid; two versions of one uuid keep the latest ``updated_at``, then the larger content;
- withdrawals and undos are applied when honoured, revocations drop what the revoked laptop signed
  from their time on, whatever order they arrive in.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
from pathlib import Path

from scoring.errors import FileProblem
from scoring.files import atomic_path

from .. import tasks as task_defs
from ..store import SCHEMA_VERSION, Store, StoreError, dumps, keys, mark_withdrawal_pending, now, signing
from ..store.revocation import apply_revocations, revocations_of
from ..store.schema import (DECISIONS, KEEP, LATEST_ANSWER, NEWEST_SIGNED, SMALLEST, TABLES as SCHEMA, TOMBSTONE,
                            TRAVELLING, Table, later_columns)
from ..store.withdrawal import apply_tombstones
from ..records import lagging, shared_folder
from .bundle_checks import judge
from .ownership import Refused

FORMAT = "lyss-review-bundle"
TABLES = TRAVELLING
MEMBERS = {"manifest.json": 64 * 1024, "manifest.sig": 1024, "data.json": 512 * 1024 * 1024}
OLDEST_READABLE = 4  # every row signed by its author since schema 4
PACKING_RATIO = 100  # a bundle's data unpacks to at most this many times the file's size (JSON with signatures
UNPACKED_FLOOR = 16 * 1024 * 1024  # packs 6–7×), or to this: a zip bomb is refused before it is unpacked


def _shared_campaigns(store: Store) -> list[str]:
    """The campaigns bundles carry: every one but imported public test sets (each laptop imports those)."""
    imported = [code for code, t in task_defs.tasks().items() if t.imported]
    marks = ", ".join("?" * len(imported))
    return [r["id"] for r in store.rows(f"select id from campaigns where task not in ({marks})", imported)]


def _rows(store: Store, table: str, where: str = "", params: list | None = None) -> list[dict]:
    columns = ", ".join(f"t.[{c}]" for c in SCHEMA[table].travelling)
    return store.rows(f"select {columns} from [{table}] t {where}", params or [])


def _payload(store: Store, own_only: bool = False) -> dict:
    """What this laptop publishes: the shared campaigns with their runs, items, enrolments, hand-overs and
    revocations; the speakers it knows (pseudonymous: never names, communities or dialects) with their
    sequences, answers and history, leaving out withdrawn speakers; every tombstone. Rows this laptop
    wrote are signed now; another author's rows travel with their author's signature, unchanged, and
    a row whose signature does not hold here (changed locally) stays here.

    ``own_only``: the rows this laptop wrote (a shared folder, where every laptop publishes its own file), those
    of the laptops it revoked as coordinator and of the laptops whose file lacks rows they signed that are held
    here (:mod:`review.exchange.lagging`), and the coordinator's rows it depends on, relayed: the decisions of every campaign it takes part in, and each
    campaign it is enrolled in with its runs and items, signed by the coordinator — so a coordinator's laptop
    restored from a backup older than a campaign gets the campaign back from any enrolled laptop."""
    store.conn.execute("create temp table if not exists shared (id text primary key)")
    store.conn.execute("delete from temp.shared")
    store.conn.executemany("insert into temp.shared values (?)", [(c,) for c in _shared_campaigns(store)])
    in_shared = "where t.campaign_id in (select id from temp.shared)"
    live = "and t.speaker_id in (select id from speakers where withdrawn = 0)"
    runs = ("(select run_id from campaigns where id in (select id from temp.shared) union select i.run_id from "
            "campaign_items ci join items i on i.id = ci.item_id where ci.campaign_id in (select id from temp.shared))")
    wheres = {
        "runs": (f"where t.id in {runs}", []),
        # a degraded item travels with the live sequence that uses it (a withdrawn speaker's stays here)
        "items": (f"where t.run_id in {runs} and (t.kind != 'degraded' or t.id in (select a.item_id from assignments "
                  f"a join speakers s on s.id = a.speaker_id where a.qc = 'degraded' and s.withdrawn = 0))", []),
        "human_scores": (f"where t.item_id in (select id from items where run_id in {runs})", []),
        "campaigns": ("where t.id in (select id from temp.shared)", []),
        "campaign_items": (in_shared, []),
        "enrolments": (in_shared, []),
        "revocations": (in_shared, []),
        "handovers": (in_shared + " " + live, []),
        "speakers": ("where t.withdrawn = 0 and (t.registered_by = ? or t.id in (select speaker_id from assignments "
                     "where campaign_id in (select id from temp.shared)))", [store.public_key]),
        "assignments": (in_shared + " " + live, []),
        "ratings": (in_shared + " " + live, []),
        "rating_history": (in_shared + " " + live, []),
        "tombstones": ("", []),
    }
    data = {}
    me = store.public_key
    relayed = sorted({*_revoked_authors(store), *lagging.behind(store)}) if own_only else []
    coordinators = _coordinators_enrolling(store) if own_only else []
    authors = [me, *relayed]
    for table, (where, params) in wheres.items():
        author = {"campaigns": "coordinator", "campaign_items": None}.get(table, "signer")
        if own_only and author and table not in DECISIONS:  # the others' rows are not even read
            who = [me] if author == "coordinator" or table == "tombstones" else authors
            if table in CAMPAIGN_ROWS:
                who = [*who, *coordinators]
            where, params = f"{where or 'where 1'} and t.{author} in ({', '.join('?' * len(who))})", [*params, *who]
        data[table] = _rows(store, table, where, params)
    if own_only:  # a coordinator's decisions travel in every laptop's file: a restore or a lost file forgets none
        coordinator = {r["id"]: r["coordinator"] for r in store.rows("select id, coordinator from campaigns")}
        data["enrolments"] = [r for r in data["enrolments"] if r["signer"] == me or (  # and its own: not 200 × 200
            r["device_code"] == store.device_id and signing.valid_enrolment(r, coordinator.get(r["campaign_id"])))]
        for table in ("revocations", "handovers"):
            data[table] = [r for r in data[table] if r["signer"] == coordinator.get(r["campaign_id"])]
    for table, rows in data.items():
        if SCHEMA[table].signed == "row":
            data[table] = [signing.sign_row(store.private_key, me, table, r) if r["signer"] == me else r
                           for r in rows if r["signer"] == me or ((not own_only or r["signer"] in relayed or
                                                                   table in DECISIONS or (table in CAMPAIGN_ROWS and
                                                                                          r["signer"] in coordinators))
                                                                  and signing.valid_row(table, r))]
    if own_only:
        mine = {r["id"] for r in data["campaigns"] if r["coordinator"] == me} | _enrolled_here(store)
        data["campaigns"] = [r for r in data["campaigns"] if r["id"] in mine]
        data["campaign_items"] = [r for r in data["campaign_items"] if r["campaign_id"] in mine]
        if coordinators:  # of another coordinator's rows, only those of the campaigns relayed
            runs_of = {r["run_id"] for r in data["campaigns"]} | {r["run_id"] for r in data["items"] if r["id"] in {
                ci["item_id"] for ci in data["campaign_items"]}}
            data["runs"] = [r for r in data["runs"] if r["signer"] == me or r["id"] in runs_of]
            data["items"] = [r for r in data["items"] if r["signer"] == me or r["run_id"] in runs_of]
            kept = {r["id"] for r in data["items"]}
            data["human_scores"] = [r for r in data["human_scores"] if r["signer"] == me or r["item_id"] in kept]
        data["tombstones"] = [r for r in data["tombstones"] if r["signer"] == me]
    return data


CAMPAIGN_ROWS = ("campaigns", "runs", "items", "human_scores")  # a coordinator's, relayed by its enrolled laptops


def _enrolled_here(store: Store) -> set[str]:
    """The campaigns this laptop is enrolled in, by an enrolment its campaign's coordinator signed."""
    rows = store.rows("select e.*, c.coordinator from enrolments e join campaigns c on c.id = e.campaign_id where "
                      "e.device_code = ?", [store.device_id])
    return {r["campaign_id"] for r in rows if signing.valid_enrolment(r, r["coordinator"])}


def _coordinators_enrolling(store: Store) -> list[str]:
    """The keys of the coordinators of the campaigns this laptop is enrolled in (their rows it relays)."""
    enrolled = sorted(_enrolled_here(store))
    if not enrolled:
        return []
    return sorted({r["coordinator"] for r in store.rows(
        f"select coordinator from campaigns where id in ({', '.join('?' * len(enrolled))})", enrolled)})


def _revoked_authors(store: Store) -> list[str]:
    """The keys of the laptops this laptop revoked as coordinator: in a shared folder it publishes their kept
    rows (signed before the revocation, with their signatures) beside its own, so that what the study keeps
    does not depend on the revoked laptop's file, which it may rewrite without them."""
    codes = {r["device_code"] for r in store.rows("select device_code from revocations where signer = ?",
                                                   [store.public_key])}
    if not codes:
        return []
    found = {r["signer"] for table in ("speakers", "assignments", "ratings", "rating_history")
             for r in store.rows(f"select distinct signer from [{table}] where signer is not null")}
    return sorted(k for k in found if keys.code_of(k) in codes)


def payload_bytes(store: Store, own_only: bool = False) -> bytes:
    """The bundle's data, as it is signed: the same tables give the same bytes."""
    return json.dumps(_payload(store, own_only), ensure_ascii=False, sort_keys=True).encode("utf-8")


def export_bundle(store: Store, path: str, payload: bytes | None = None, tmp_prefix: str | None = None) -> dict:
    """Write the signed bundle atomically (``payload``: from :func:`payload_bytes`, when already made;
    ``tmp_prefix``: how the file being written is named, see :func:`scoring.files.atomic_path`).
    Returns its manifest."""
    target = Path(path)
    if target.exists() and target.resolve() == store.path.resolve():
        raise FileProblem(path, "--out", "is the review database itself: choose another file name")
    payload = payload_bytes(store) if payload is None else payload
    manifest = {"format": FORMAT, "schema_version": SCHEMA_VERSION, "device_id": store.device_id,
                "public_key": store.public_key, "created_at": now(), "sha256": hashlib.sha256(payload).hexdigest(),
                "counts": {t: len(v) for t, v in json.loads(payload).items()}}
    manifest_bytes = json.dumps(manifest, indent=2, sort_keys=True).encode("utf-8")
    signature = keys.sign(store.private_key, manifest_bytes)
    with atomic_path(target, tmp_prefix) as tmp, zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", manifest_bytes)
        z.writestr("manifest.sig", signature)
        z.writestr("data.json", payload)
    return manifest


def _member(z: zipfile.ZipFile, path: str, name: str, packed: int) -> bytes | None:
    """One member, read with a hard size limit whatever its header claims (a zip bomb stops here): its own
    limit, and for the data :data:`PACKING_RATIO` times the size of the whole file (``packed``)."""
    if name not in z.namelist():
        return None
    limit = MEMBERS[name]
    if name == "data.json" and packed * PACKING_RATIO < limit:
        limit = max(UNPACKED_FLOOR, packed * PACKING_RATIO)
    info = z.getinfo(name)
    if info.flag_bits & 0x1:  # a LYSS bundle is never encrypted (reading one would ask for a password)
        raise FileProblem(path, name, "an encrypted member: not a LYSS bundle; refused, nothing was merged")
    too_large = (f"larger than {limit // 1024} KiB unpacked: refused, nothing was merged" if limit == MEMBERS[name]
                 else f"unpacks to more than {limit // 1024 // 1024} MiB, over {PACKING_RATIO}× the file's size "
                      f"(a zip bomb?): refused, nothing was merged")
    if info.file_size > limit:
        raise FileProblem(path, name, too_large)
    with z.open(info) as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise FileProblem(path, name, too_large)
    return data


def _json(path: str, place: str, raw: bytes):
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise FileProblem(path, place, "damaged (not valid JSON): nothing was merged") from None


def read_bundle(path: str, raw: bytes | None = None) -> tuple[dict, dict]:
    """Open a bundle (the file at ``path``, or its bytes ``raw`` already read) and check its signature;
    any damage refuses it whole with a one-line reason."""
    try:
        packed = len(raw) if raw is not None else os.path.getsize(path)
        with zipfile.ZipFile(io.BytesIO(raw) if raw is not None else path) as z:
            names = z.namelist()
            unknown = sorted(set(names) - set(MEMBERS))
            if unknown or len(names) != len(set(names)):
                raise FileProblem(path, unknown[0] if unknown else "", "not a LYSS bundle (unexpected member): "
                                                                      "nothing was merged")
            manifest_bytes, signature, payload = (_member(z, path, n, packed) for n in MEMBERS)
    except FileNotFoundError:
        raise FileProblem(path, "", "file not found") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError, NotImplementedError,
            RuntimeError) as exc:
        raise FileProblem(path, "", f"not a readable LYSS bundle ({exc.__class__.__name__}): nothing was merged") from None
    if manifest_bytes is None or payload is None:
        raise FileProblem(path, "", "not a LYSS bundle (no manifest or no data): nothing was merged")
    manifest = _json(path, "manifest.json", manifest_bytes)
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise FileProblem(path, "manifest.json", "not a LYSS review bundle")
    version = manifest.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise FileProblem(path, "manifest.json", "no schema version: nothing was merged")
    if version > SCHEMA_VERSION:
        raise FileProblem(path, "manifest.json", f"made by a newer LYSS (schema {version}); update before merging")
    if version < OLDEST_READABLE:
        raise FileProblem(path, "manifest.json", f"made by an older LYSS (schema {version}), whose rows are not "
                                                 f"signed by their authors: update LYSS on that laptop and export "
                                                 f"again; nothing was merged")
    if signature is None:
        raise FileProblem(path, "manifest.sig", "unsigned bundle (made by an older LYSS or by hand): refused, "
                                               "nothing was merged")
    public = manifest.get("public_key")
    if not keys.verify(public, manifest_bytes, signature.decode("ascii", "replace")) or \
            manifest.get("device_id") != keys.code_of(public):
        raise FileProblem(path, "manifest.sig", "the signature does not hold: the bundle was altered after "
                                               "signing; refused, nothing was merged")
    if hashlib.sha256(payload).hexdigest() != manifest.get("sha256"):
        raise FileProblem(path, "data.json", "does not match the signed manifest: the bundle was altered after "
                                            "signing; refused, nothing was merged")
    data = _json(path, "data.json", payload)
    if not isinstance(data, dict):
        raise FileProblem(path, "data.json", "damaged data: nothing was merged")
    missing = [t for t in TABLES if not isinstance(data.get(t), list)]
    if missing:
        raise FileProblem(path, "data.json", f"missing table {missing[0]!r}: nothing was merged")
    _with_later_columns(data, version)
    return manifest, data


def _with_later_columns(data: dict, version: int) -> None:
    """A bundle of an older schema has no column added since: its rows hold none (and were signed without it)."""
    for table in TRAVELLING:
        added = [c for c, since in later_columns(table).items() if since > version]
        for row in data[table] if added else ():
            if isinstance(row, dict):
                for column in added:
                    row.setdefault(column, None)


# ----------------------------------------------------------------------------- merging

def _newest_signed(db, table: Table, rows: list[dict], changed: dict) -> None:
    """The registering laptop's newest signed version of a speaker wins (their consent and preferences);
    a withdrawn speaker stays withdrawn, and their name stays wherever it was (it never travels)."""
    rank = lambda r: (r["preferences_at"] or "", signing.row_message(table.name, r), r["signature"] or "")  # noqa
    held = {r["id"]: r for r in _matching(db, table.name, ("id",), rows)}
    new: dict[str, dict] = {}
    newer: dict[str, dict] = {}
    for row in rows:
        mine = held.get(row["id"]) or new.get(row["id"])
        if mine is None:
            new[row["id"]] = {**row, "withdrawn": 0}
        elif row["id"] in new:
            if rank(row) > rank(mine):
                new[row["id"]] = {**row, "withdrawn": 0}
        elif not mine["withdrawn"] and rank(row) > rank(newer.get(row["id"], mine)):
            newer[row["id"]] = row
    _write(db, table.name, list(new.values()))
    if newer:
        columns = [c for c in next(iter(newer.values())) if c != "id"]
        db.conn.executemany(f"update [{table.name}] set {', '.join(f'[{c}] = ?' for c in columns)} where id = ?",
                            [[r[c] for c in columns] + [r["id"]] for r in newer.values()])


def _matching(db, table: str, columns: tuple[str, ...], rows: list[dict]) -> list[dict]:
    """The stored rows whose ``columns`` equal those of one of ``rows``: one query, however many rows."""
    if not rows:
        return []
    match = ", ".join(f"[{c}]" for c in columns)
    extract = ", ".join(f"json_extract(value, '$[{i}]')" for i in range(len(columns)))
    return list(db.query(f"select * from [{table}] where ({match}) in (select {extract} from json_each(?))",
                         [json.dumps([[r[c] for c in columns] for r in rows])]))


def _write(db, table: str, rows: list[dict], collision: str = "replace") -> None:
    """Insert rows, each replacing the stored row it collides with (the callers chose the winners), or with
    ``collision="ignore"`` leaving it."""
    if rows:
        columns = list(rows[0])
        db.conn.executemany(f"insert or {collision} into [{table}] ({', '.join(f'[{c}]' for c in columns)}) values "
                            f"({', '.join('?' * len(columns))})", [[r[c] for c in columns] for r in rows])


def _keep(db, table: Table, rows: list[dict], changed: dict) -> None:
    """Insert the rows this laptop does not hold yet (an identical row is there already: ignored)."""
    _write(db, table.name, rows, "ignore")


def _smallest(db, table: Table, rows: list[dict], changed: dict) -> None:
    """Keep the smallest version of each row (the earliest ``stamp``, then canonical JSON): decided in memory
    over the stored versions the rows meet, then written at once. An update in place, never a delete and an
    insert, so that the rows referring to it stay valid."""
    stamp = table.stamp
    key = lambda r: ((r.get(stamp) or "") if stamp else "", dumps(r))  # noqa: E731
    best = {tuple(r[k] for k in table.pk): r for r in _matching(db, table.name, table.pk, rows)}
    smaller = {}
    for row in rows:
        k = tuple(row[c] for c in table.pk)
        if k not in best or key(row) < key(best[k]):
            best[k] = smaller[k] = row
    _upsert(db, table, list(smaller.values()))


def _upsert(db, table: Table, rows: list[dict]) -> None:
    """Insert rows, each updating the stored row with its key in place."""
    if rows:
        columns = list(rows[0])
        update = ", ".join(f"[{c}] = excluded.[{c}]" for c in columns if c not in table.pk)
        db.conn.executemany(f"insert into [{table.name}] ({', '.join(f'[{c}]' for c in columns)}) values "
                            f"({', '.join('?' * len(columns))}) on conflict ({', '.join(table.pk)}) do update set "
                            f"{update}", [[r[c] for c in columns] for r in rows])


def _answer_rank(table: Table, r: dict) -> tuple:
    return (r["updated_at"], r["uuid"], signing.row_message(table.name, r), r["signature"] or "")


def _latest_answer(db, table: Table, rows: list[dict], changed: dict) -> None:
    """Two versions of one uuid keep the latest ``updated_at``, then the larger content; two answers for one
    speaker, campaign and position keep the latest ``updated_at``, then the larger uuid. Decided in memory
    over the stored versions the bundle's rows meet, then written at once."""
    slot_of = lambda r: (r["campaign_id"], r["speaker_id"], r["position"])  # noqa: E731
    by_uuid = {r["uuid"]: r for r in _matching(db, table.name, ("uuid",), rows)}
    by_uuid.update({r["uuid"]: r for r in _matching(db, table.name, ("campaign_id", "speaker_id", "position"), rows)})
    stored = set(by_uuid)
    by_slot = {slot_of(r): r["uuid"] for r in by_uuid.values()}
    written: set[str] = set()
    for row in rows:
        same = by_uuid.get(row["uuid"])
        if same is not None:
            if _answer_rank(table, row) > _answer_rank(table, same):
                if by_slot.get(slot_of(same)) == same["uuid"]:
                    del by_slot[slot_of(same)]
                by_uuid[row["uuid"]], by_slot[slot_of(row)] = row, row["uuid"]
                written.add(row["uuid"])
                changed["ratings_replaced"] += 1
            continue
        other = by_uuid.get(by_slot.get(slot_of(row), ""))
        if other is not None:
            if (row["updated_at"], row["uuid"]) <= (other["updated_at"], other["uuid"]):
                continue
            del by_uuid[other["uuid"]]
            written.discard(other["uuid"])
            changed["ratings_replaced"] += 1
        else:
            changed["ratings_added"] += 1
        by_uuid[row["uuid"]], by_slot[slot_of(row)] = row, row["uuid"]
        written.add(row["uuid"])
    gone = sorted(stored - set(by_uuid))
    if gone:
        db.conn.execute(f"delete from [{table.name}] where uuid in (select value from json_each(?))",
                        [json.dumps(gone)])
    _write(db, table.name, [by_uuid[u] for u in sorted(written)])


def _tombstone(db, table: Table, rows: list[dict], changed: dict) -> None:
    applied = apply_tombstones(db, rows)
    changed["ratings_deleted"] += applied["ratings_deleted"]
    changed["speakers_withdrawn"] += applied["speakers_withdrawn"]
    changed["withdrawals_arrived"] += applied["withdrawals_arrived"]


MERGES = {SMALLEST: _smallest, KEEP: _keep, NEWEST_SIGNED: _newest_signed, LATEST_ANSWER: _latest_answer,
          TOMBSTONE: _tombstone}


def _apply(db, data: dict) -> dict:
    """Apply a checked bundle, each table by the merge rule the schema declares for it (``review.store.schema``),
    in the schema's order (a row's references before it)."""
    changed = {"ratings_added": 0, "ratings_replaced": 0, "ratings_deleted": 0, "speakers_withdrawn": 0,
               "withdrawals_arrived": 0}
    held = {r["id"] for r in _matching(db, "campaigns", ("id",), data["campaigns"])}
    changed["campaigns_added"] = len({r["id"] for r in data["campaigns"]} - held)
    for name in TABLES:
        MERGES[SCHEMA[name].merge](db, SCHEMA[name], data[name], changed)
    changed["ratings_refused_revoked"] = apply_revocations(db)
    changed["scrub"] = bool(changed["speakers_withdrawn"] or changed["withdrawals_arrived"])
    if changed["scrub"]:  # every copy of them goes: the backups too, even of a speaker this database no longer holds
        mark_withdrawal_pending(db)  # carried out in the backups and the log right after, or by the next command
    return changed


def merge(store: Store, path: str, raw: bytes | None = None, backup: bool = True) -> dict:
    """Check a bundle whole, then merge it (idempotent, order-independent). Returns what changed, and
    ``revoked``: the revocations of this laptop the bundle brought (it is told so). ``raw``: the file's
    bytes, already read; ``backup=False``: the caller made the restore point (one for many bundles)."""
    manifest, data = read_bundle(path, raw)
    return merge_read(store, path, manifest, data, backup)


def merge_read(store: Store, path: str, manifest: dict, data: dict, backup: bool = True,
               finish_withdrawals: bool = True) -> dict:
    """:func:`merge` of a bundle :func:`read_bundle` has read (and so checked its signature), together with the
    rows that waited here: what can be placed merges, what needs a row not here yet waits
    (:mod:`review.exchange.waiting`), a row its author may not write is refused alone. Besides what changed,
    returns ``waiting`` (how many rows wait now, and ``waiting_lines``: for what) and ``rows_refused`` (one
    line each). ``finish_withdrawals=False``: the caller carries out the withdrawals it brought once its own
    transaction is committed (they are marked pending in the database, so even a crash cannot skip them)."""
    before = shared_folder.held(store)
    try:
        judgement = judge(store, path, manifest, shared_folder.with_waiting(data, before), {id(w["row"]) for w in before})
    except Refused:
        if not before:
            raise
        # rows that waited here must never stop a file: judged without them (they keep waiting), it is the file's
        # own problem if it is still refused
        judgement = judge(store, path, manifest, data)
        judgement.waiting += [(w["table_name"], w["row"], w["waits_for"], w["reason"]) for w in before]
    if backup:
        store.backup("before-merge")
    with store.transaction() as db:
        changed = _apply(db, judgement.merge)
        shared_folder.keep(db, judgement.waiting, before, manifest["device_id"] if manifest else None)
        if manifest is not None:
            lagging.note(db.conn, store, manifest["public_key"], data)
    if changed["scrub"] and finish_withdrawals:
        store.complete_withdrawals()
    changed["waiting"] = shared_folder.count(store)
    still = shared_folder.digests(store)  # read once: a hub may hold thousands of waiting rows
    changed["waited"] = sum(1 for w in before if w["digest"] not in still)  # placed (or refused) by this merge
    changed["waiting_lines"] = shared_folder.lines(store)
    changed["rows_refused"] = [why for _, why in judgement.refused]
    if manifest is None:
        return changed
    changed["from_device"] = manifest["device_id"]
    changed["manifest"] = manifest
    changed["revoked"] = [r for r in revocations_of(store.db, store.device_id)
                          if r["campaign_id"] in {v["campaign_id"] for v in data["revocations"]
                                                  if v["device_code"] == store.device_id}]
    return changed


def merge_waiting(store: Store, backup: bool = True) -> dict | None:
    """Judge the rows that wait here on their own (a trust or an enrolment made here may be what they waited
    for): what can be placed now merges. ``None`` when no row waits."""
    if not shared_folder.count(store):
        return None
    return merge_read(store, "waiting rows", None, shared_folder.nothing(), backup)


def table_snapshot(store: Store) -> dict[str, list]:
    """Every shared table's travelling rows, sorted: what "identical tables" means for merges."""
    out = {}
    for table in TABLES:
        out[table] = sorted(dumps(r) for r in _rows(store, table))
    return out


__all__ = ["export_bundle", "payload_bytes", "read_bundle", "merge", "table_snapshot", "StoreError"]
