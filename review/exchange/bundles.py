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

from ..records import lagging, laptops, payload, restoring, shared_folder, take_out
from ..records.payload import table_snapshot
from ..sentences import refused
from ..store import SCHEMA_VERSION, Store, StoreError, keys, merging, now
from ..store.database import replaced_copy
from ..store.schema import TABLES_ADDED, TRAVELLING, later_columns
from .bundle_checks import judge
from .ownership import Refused

FORMAT = "lyss-review-bundle"
TABLES = TRAVELLING
MEMBERS = {"manifest.json": 64 * 1024, "manifest.sig": 1024, "data.json": 512 * 1024 * 1024}
OLDEST_READABLE = 4  # every row signed by its author since schema 4
PACKING_RATIO = 100  # a bundle's data unpacks to at most this many times the file's size (JSON with signatures
UNPACKED_FLOOR = 16 * 1024 * 1024  # packs 6–7×), or to this: a zip bomb is refused before it is unpacked


def payload_bytes(store: Store, own_only: bool = False) -> bytes:
    """The bundle's data, as it is signed: the same tables give the same bytes."""
    return json.dumps(payload.rows(store, own_only), ensure_ascii=False, sort_keys=True).encode("utf-8")


def export_bundle(store: Store, path: str, payload: bytes | None = None, tmp_prefix: str | None = None) -> dict:
    """Write the signed bundle atomically (``payload``: from :func:`payload_bytes`, when already made;
    ``tmp_prefix``: how the file being written is named, see :func:`scoring.files.atomic_path`).
    Returns its manifest."""
    target = Path(path)
    if target.exists() and target.resolve() == store.path.resolve():
        raise FileProblem(path, "--out", "is the review database itself: choose another file name")
    store.require_home("publish a bundle")
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
        raise refused(FileProblem, path, name, "bundle.encrypted")
    too_large = (("bundle.member too large", {"kib": limit // 1024}) if limit == MEMBERS[name]
                 else ("bundle.zip bomb", {"mib": limit // 1024 // 1024, "ratio": PACKING_RATIO}))
    if info.file_size > limit:
        raise refused(FileProblem, path, name, too_large[0], **too_large[1])
    with z.open(info) as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise refused(FileProblem, path, name, too_large[0], **too_large[1])
    return data


def _json(path: str, place: str, raw: bytes):
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise refused(FileProblem, path, place, "bundle.not json") from None


def read_bundle(path: str, raw: bytes | None = None) -> tuple[dict, dict]:
    """Open a bundle (the file at ``path``, or its bytes ``raw`` already read) and check its signature;
    any damage refuses it whole with a one-line reason."""
    try:
        packed = len(raw) if raw is not None else os.path.getsize(path)
        with zipfile.ZipFile(io.BytesIO(raw) if raw is not None else path) as z:
            names = z.namelist()
            unknown = sorted(set(names) - set(MEMBERS))
            if unknown or len(names) != len(set(names)):
                raise refused(FileProblem, path, unknown[0] if unknown else "", "bundle.unexpected member")
            manifest_bytes, signature, payload = (_member(z, path, n, packed) for n in MEMBERS)
    except FileNotFoundError:
        raise refused(FileProblem, path, "", "bundle.not found") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError, NotImplementedError,
            RuntimeError) as exc:
        raise refused(FileProblem, path, "", "bundle.unreadable", error=exc.__class__.__name__) from None
    if manifest_bytes is None or payload is None:
        raise refused(FileProblem, path, "", "bundle.no manifest")
    manifest = _json(path, "manifest.json", manifest_bytes)
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise refused(FileProblem, path, "manifest.json", "bundle.not a bundle")
    version = manifest.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise refused(FileProblem, path, "manifest.json", "bundle.no schema")
    if version > SCHEMA_VERSION:
        raise refused(FileProblem, path, "manifest.json", "bundle.newer", version=version)
    if version < OLDEST_READABLE:
        raise refused(FileProblem, path, "manifest.json", "bundle.older", version=version)
    if signature is None:
        raise refused(FileProblem, path, "manifest.sig", "bundle.unsigned")
    public = manifest.get("public_key")
    if not keys.verify(public, manifest_bytes, signature.decode("ascii", "replace")) or \
            manifest.get("device_id") != keys.code_of(public):
        raise refused(FileProblem, path, "manifest.sig", "bundle.signature")
    if hashlib.sha256(payload).hexdigest() != manifest.get("sha256"):
        raise refused(FileProblem, path, "data.json", "bundle.altered")
    data = _json(path, "data.json", payload)
    if not isinstance(data, dict):
        raise refused(FileProblem, path, "data.json", "bundle.damaged data")
    for table, since in TABLES_ADDED.items():  # a bundle of an older schema has none of these tables' rows
        if isinstance(version, int) and version < since:
            data.setdefault(table, [])
    missing = [t for t in TABLES if not isinstance(data.get(t), list)]
    if missing:
        raise refused(FileProblem, path, "data.json", "bundle.missing table", table=repr(missing[0]))
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

def merge(store: Store, path: str, raw: bytes | None = None, backup: bool = True) -> dict:
    """Check a bundle whole, then merge it (idempotent, order-independent). Returns what changed, and
    ``revoked``: the revocations of this laptop the bundle brought (it is told so). ``raw``: the file's
    bytes, already read; ``backup=False``: the caller made the restore point (one for many bundles)."""
    store.require_home("merge a bundle")
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
    def beside(db) -> None:  # in the merge's own transaction: what waits, and whether the author is behind
        shared_folder.keep(db, judgement.waiting, before, manifest["device_id"] if manifest else None)
        if manifest is not None:
            lagging.note(db.conn, store, manifest["public_key"], data)

    changed = merging.apply(store, judgement.merge, beside)
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
    changed["revoked"] = [r for r in laptops.revocations_of_this_laptop(store)
                          if r["campaign_id"] in {v["campaign_id"] for v in data["revocations"]
                                                  if v["device_code"] == store.device_id}]
    return changed


def take_back_replaced(store: Store) -> dict | None:
    """After a restore: every row the database a restore replaced would carry in a bundle — this laptop's answers,
    speakers, sequences and history recorded since the backup, and what it relayed — merged back from the copy the
    restore kept of it, judged like any bundle (``None``: this database was never restored, or the copy cannot be
    read). The names of the speakers it registered since are put back by ``review.records.restoring``; the register
    of take-outs by :func:`review.records.take_out.take_back`."""
    copy = replaced_copy(store.path)
    if copy is None:
        return None
    try:
        with Store(copy, read_only=True, backup=False) as old:
            if old.device_id != store.device_id:  # another laptop's database: not this laptop's to take back
                return None
            data = json.loads(payload_bytes(old))
    except StoreError:
        return None
    manifest = {"device_id": store.device_id, "public_key": store.public_key}
    return merge_read(store, str(copy), manifest, data, backup=False)


def give_back_after_restore(store: Store) -> dict | None:
    """Everything a restore can give back from the database it replaced (``None``: never restored): its rows merged as
    a bundle (``merged``: what changed, ``rows_refused`` among it), the names of the speakers it registered
    (``names``) and its register of take-outs (``take_outs``)."""
    if restoring.lacks(store) is None:
        return None
    return {"merged": take_back_replaced(store), "names": restoring.names_back(store),
            "take_outs": take_out.take_back(store)}


def merge_waiting(store: Store, backup: bool = True) -> dict | None:
    """Judge the rows that wait here on their own (a trust or an enrolment made here may be what they waited
    for): what can be placed now merges. ``None`` when no row waits."""
    if not shared_folder.count(store):
        return None
    return merge_read(store, "waiting rows", None, shared_folder.nothing(), backup)


__all__ = ["export_bundle", "payload_bytes", "read_bundle", "merge", "table_snapshot", "StoreError"]
