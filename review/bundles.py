"""Bundles: moving answers between laptops without a server, signed and checked.

``export_bundle`` writes one zip file: ``manifest.json`` (format, schema version, the laptop's code
and public key, the sha256 of the payload, counts), ``manifest.sig`` (the laptop's Ed25519 signature
of the manifest) and ``data.json`` (runs, items, campaigns, enrolments, speakers' pseudonymous
records — never names, communities or dialects — assignments, answers, their history, tombstones).

``merge`` first reads and checks everything, and writes nothing unless all of it holds:

- the zip is small enough (members, decompressed size) and its manifest well formed;
- the bundle is signed, the signature holds (else it was altered after signing), and the signing
  laptop is a coordinator this laptop trusts or is enrolled in every campaign whose answers it carries;
- every row has the right columns and types, answers fit their task, timestamps are not in the
  future (beyond :data:`CLOCK_SKEW`), references point at known campaigns, items and speakers;
- campaigns and enrolments carry their coordinator's valid signature, speakers the key that
  registered them, tombstones their signer's (see :mod:`review.withdrawal` for who may withdraw).

Then it applies the bundle in one transaction (after a backup). Merging is a function of the set of
bundles — every table reaches the same state in every order, and merging again changes nothing:

- rows with content-addressed ids (runs, items, campaigns, scores) keep the smallest version
  (earliest timestamp, then canonical JSON); speakers keep the earliest consent and the newest
  preferences; assignments the smallest item;
- two answers for the same speaker, campaign and position keep the latest ``updated_at``, then the
  larger uuid; two versions of one uuid keep the latest ``updated_at``, then the larger content;
- withdrawals and undos are applied when honoured, whatever order they arrive in.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

from scoring.errors import FileProblem
from scoring.files import atomic_path

from . import keys
from .bundle_checks import check_payload
from .store import SCHEMA_VERSION, Store, StoreError, dumps, now
from .withdrawal import PRIVATE_SPEAKER_FIELDS, apply_tombstones

FORMAT = "lyss-review-bundle"
TABLES = ("runs", "items", "human_scores", "campaigns", "campaign_items", "enrolments", "speakers", "assignments",
          "ratings", "rating_history", "tombstones")
MEMBERS = {"manifest.json": 64 * 1024, "manifest.sig": 1024, "data.json": 512 * 1024 * 1024}


def _payload(store: Store) -> dict:
    data = {}
    for table in TABLES:
        rows = store.rows(f"select * from [{table}]")
        if table == "speakers":
            rows = [{**r, **{k: None for k in PRIVATE_SPEAKER_FIELDS}} for r in rows]
        if table == "rating_history":
            rows = [{k: v for k, v in r.items() if k != "id"} for r in rows]
        data[table] = rows
    return data


def export_bundle(store: Store, path: str) -> dict:
    """Write the signed bundle atomically. Returns its manifest."""
    target = Path(path)
    if target.exists() and target.resolve() == store.path.resolve():
        raise FileProblem(path, "--out", "is the review database itself: choose another file name")
    payload = json.dumps(_payload(store), ensure_ascii=False, sort_keys=True).encode("utf-8")
    manifest = {"format": FORMAT, "schema_version": SCHEMA_VERSION, "device_id": store.device_id,
                "public_key": store.public_key, "created_at": now(), "sha256": hashlib.sha256(payload).hexdigest(),
                "counts": {t: len(v) for t, v in json.loads(payload).items()}}
    manifest_bytes = json.dumps(manifest, indent=2, sort_keys=True).encode("utf-8")
    signature = keys.sign(store.private_key, manifest_bytes)
    with atomic_path(target) as tmp, zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", manifest_bytes)
        z.writestr("manifest.sig", signature)
        z.writestr("data.json", payload)
    return manifest


def _member(z: zipfile.ZipFile, path: str, name: str) -> bytes | None:
    """One member, read with a hard size limit whatever its header claims (a zip bomb stops here)."""
    if name not in z.namelist():
        return None
    limit = MEMBERS[name]
    info = z.getinfo(name)
    if info.file_size > limit:
        raise FileProblem(path, name, f"larger than {limit // 1024} KiB unpacked: refused, nothing was merged")
    with z.open(info) as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise FileProblem(path, name, f"larger than {limit // 1024} KiB unpacked: refused, nothing was merged")
    return data


def _json(path: str, place: str, raw: bytes):
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise FileProblem(path, place, "damaged (not valid JSON): nothing was merged") from None


def read_bundle(path: str) -> tuple[dict, dict]:
    """Open a bundle and check its signature; any damage refuses it whole with a one-line reason."""
    try:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            unknown = sorted(set(names) - set(MEMBERS))
            if unknown or len(names) != len(set(names)):
                raise FileProblem(path, unknown[0] if unknown else "", "not a LYSS bundle (unexpected member): "
                                                                      "nothing was merged")
            manifest_bytes, signature, payload = (_member(z, path, n) for n in MEMBERS)
    except FileNotFoundError:
        raise FileProblem(path, "", "file not found") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError, NotImplementedError) as exc:
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
    if version < 3 and isinstance(data.get("ratings"), list):  # older bundles had no time away per answer
        for row in data["ratings"]:
            if isinstance(row, dict):
                row.setdefault("away_seconds", None)
                row.setdefault("medium", None)
    if missing:
        raise FileProblem(path, "data.json", f"missing table {missing[0]!r}: nothing was merged")
    return manifest, data


# ----------------------------------------------------------------------------- merging

def _smallest(db, table: str, row: dict, pk: tuple[str, ...], stamp: str | None) -> bool:
    """Insert a row, or replace the stored version when this one is smaller (earliest stamp, then
    canonical JSON). Returns True when something changed."""
    where = " and ".join(f"[{k}] = ?" for k in pk)
    mine = list(db.query(f"select * from [{table}] where {where}", [row[k] for k in pk]))
    if not mine:
        db[table].insert(row)
        return True
    key = lambda r: ((r.get(stamp) or "") if stamp else "", dumps(r))
    if key(row) < key(mine[0]):
        db[table].upsert(row, pk=pk)
        return True
    return False


def _merge_speaker(db, row: dict) -> None:
    mine = list(db.query("select * from speakers where id = ?", [row["id"]]))
    incoming = {**row, **{k: None for k in PRIVATE_SPEAKER_FIELDS}, "withdrawn": 0, "withdrawn_at": None}
    if not mine:
        db["speakers"].insert(incoming)
        return
    mine = mine[0]
    update = {}
    for key in ("consent_at", "consent_scope", "created_at", "registered_by", "id_salt"):
        values = [v for v in (mine[key], row[key]) if v is not None]
        if values and min(values) != mine[key]:
            update[key] = min(values)
    if not mine["withdrawn"] and (row["preferences_at"] or "", row["preferences"] or "") > \
            (mine["preferences_at"] or "", mine["preferences"] or ""):
        update.update(preferences=row["preferences"], preferences_at=row["preferences_at"])
    if update:
        db["speakers"].update(row["id"], update)


def _rating_key(r: dict) -> tuple:
    return (r["updated_at"], r["uuid"], r["answers"], r.get("note") or "")


def _merge_rating(db, row: dict, changed: dict) -> None:
    same = list(db.query("select * from ratings where uuid = ?", [row["uuid"]]))
    if same:
        if _rating_key(row) > _rating_key(same[0]):
            db["ratings"].update(row["uuid"], {k: v for k, v in row.items() if k != "uuid"})
            changed["ratings_replaced"] += 1
        return
    slot = list(db.query("select * from ratings where campaign_id = ? and speaker_id = ? and position = ?",
                         [row["campaign_id"], row["speaker_id"], row["position"]]))
    if slot:
        if (row["updated_at"], row["uuid"]) <= (slot[0]["updated_at"], slot[0]["uuid"]):
            return
        db["ratings"].delete(slot[0]["uuid"])
        changed["ratings_replaced"] += 1
    else:
        changed["ratings_added"] += 1
    db["ratings"].insert(row)


def _apply(db, data: dict) -> dict:
    changed = {"ratings_added": 0, "ratings_replaced": 0, "ratings_deleted": 0, "speakers_withdrawn": 0}
    for row in data["runs"]:
        _smallest(db, "runs", row, ("id",), "imported_at")
    for table, pk in (("items", ("id",)), ("human_scores", ("item_id", "kind"))):
        for row in data[table]:
            _smallest(db, table, row, pk, None)
    for row in data["campaigns"]:
        _smallest(db, "campaigns", row, ("id",), "created_at")
    if data["campaign_items"]:
        db["campaign_items"].insert_all(data["campaign_items"], ignore=True)
    for row in data["enrolments"]:
        _smallest(db, "enrolments", row, ("campaign_id", "device_code"), "enrolled_at")
    for row in data["speakers"]:
        _merge_speaker(db, row)
    for row in data["assignments"]:
        _smallest(db, "assignments", row, ("campaign_id", "speaker_id", "position"), None)
    for row in data["ratings"]:
        _merge_rating(db, row, changed)
    if data["rating_history"]:
        db["rating_history"].insert_all(data["rating_history"], ignore=True)
    applied = apply_tombstones(db, data["tombstones"])
    changed["ratings_deleted"] += applied["ratings_deleted"]
    changed["speakers_withdrawn"] += applied["speakers_withdrawn"]
    return changed


def merge(store: Store, path: str) -> dict:
    """Check a bundle whole, then merge it (idempotent, order-independent). Returns what changed."""
    manifest, data = read_bundle(path)
    check_payload(store, path, manifest, data)
    store.backup("before-merge")
    with store.transaction() as db:
        changed = _apply(db, data)
    if changed["speakers_withdrawn"]:
        store.checkpoint()
        store.scrub_backups()
    changed["from_device"] = manifest["device_id"]
    return changed


def table_snapshot(store: Store) -> dict[str, list]:
    """Every shared table's rows, sorted: what "identical tables" means for merges."""
    out = {}
    for table in TABLES:
        rows = store.rows(f"select * from [{table}]")
        if table == "rating_history":
            rows = [{k: v for k, v in r.items() if k != "id"} for r in rows]
        if table == "speakers":
            rows = [{k: v for k, v in r.items() if k not in PRIVATE_SPEAKER_FIELDS} for r in rows]
        out[table] = sorted(dumps(r) for r in rows)
    return out


__all__ = ["export_bundle", "read_bundle", "merge", "table_snapshot", "StoreError"]
