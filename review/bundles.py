"""Bundles: moving answers between laptops without a server.

``export_bundle`` writes one zip file: ``manifest.json`` (format, schema version, device id, sha256 of
the payload, counts) and ``data.json`` (runs, items, campaigns, speakers' pseudonymous records — never
names, communities or dialects — assignments, answers, their history and tombstones).

``merge`` applies a bundle in one transaction. Merging is a union with deterministic conflict rules,
so it is idempotent and order-independent:

- rows with content-addressed ids (runs, items, campaigns) are inserted when missing, keeping the
  earliest creation time when two laptops built the same one;
- an answer whose uuid has a tombstone is deleted everywhere; a withdrawn speaker's answers too;
- two answers for the same speaker, campaign and position keep the latest ``updated_at``, then the
  larger uuid; two versions of one uuid keep the latest ``updated_at``, then the larger content.

A damaged bundle (not a zip, a checksum mismatch, invalid JSON, a newer schema) is refused whole.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import zipfile
from pathlib import Path

from scoring.errors import InputError

from .store import SCHEMA_VERSION, Store, dumps, now

FORMAT = "lyss-review-bundle"
TABLES = ("runs", "items", "human_scores", "campaigns", "campaign_items", "speakers", "assignments", "ratings",
          "rating_history", "tombstones")
PRIVATE_SPEAKER_FIELDS = ("display_name", "community", "dialect")


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
    """Write the bundle atomically. Returns its manifest."""
    payload = json.dumps(_payload(store), ensure_ascii=False, sort_keys=True).encode("utf-8")
    manifest = {"format": FORMAT, "schema_version": SCHEMA_VERSION, "device_id": store.device_id,
                "created_at": now(), "sha256": hashlib.sha256(payload).hexdigest(),
                "counts": {t: len(v) for t, v in json.loads(payload).items()}}
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    os.close(fd)
    try:
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as z:
            z.writestr("manifest.json", json.dumps(manifest, indent=2))
            z.writestr("data.json", payload)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return manifest


def read_bundle(path: str) -> tuple[dict, dict]:
    """Open and verify a bundle; any damage refuses it whole with a one-line reason."""
    try:
        with zipfile.ZipFile(path) as z:
            bad = z.testzip()
            if bad:
                raise InputError(path, bad, "damaged bundle (checksum error): nothing was merged")
            manifest = json.loads(z.read("manifest.json"))
            payload = z.read("data.json")
    except FileNotFoundError:
        raise InputError(path, "", "file not found") from None
    except (zipfile.BadZipFile, KeyError, EOFError, OSError) as exc:
        raise InputError(path, "", f"not a readable LYSS bundle ({exc.__class__.__name__}): nothing was merged") from None
    except json.JSONDecodeError:
        raise InputError(path, "manifest.json", "damaged manifest: nothing was merged") from None
    if manifest.get("format") != FORMAT:
        raise InputError(path, "manifest.json", "not a LYSS review bundle")
    if manifest.get("schema_version", 0) > SCHEMA_VERSION:
        raise InputError(path, "manifest.json", f"made by a newer LYSS (schema {manifest['schema_version']}); "
                                                "update before merging")
    if hashlib.sha256(payload).hexdigest() != manifest.get("sha256"):
        raise InputError(path, "data.json", "sha256 does not match the manifest: damaged, nothing was merged")
    try:
        data = json.loads(payload)
    except json.JSONDecodeError:
        raise InputError(path, "data.json", "damaged data: nothing was merged") from None
    missing = [t for t in TABLES if not isinstance(data.get(t), list)]
    if missing:
        raise InputError(path, "data.json", f"missing table {missing[0]!r}: nothing was merged")
    return manifest, data


def _rating_key(r: dict) -> tuple:
    return (r["updated_at"], r["uuid"], r["answers"], r.get("note") or "")


def merge(store: Store, path: str) -> dict:
    """Merge a bundle into the store (idempotent, order-independent). Returns what changed."""
    manifest, data = read_bundle(path)
    changed = {"ratings_added": 0, "ratings_replaced": 0, "ratings_deleted": 0, "speakers_withdrawn": 0}
    with store.transaction() as db:
        for table, stamp in (("runs", "imported_at"), ("items", None), ("human_scores", None),
                             ("campaigns", "created_at"), ("campaign_items", None)):
            if stamp is None:
                if data[table]:
                    db[table].insert_all(data[table], ignore=True)
                continue
            # the same run or campaign built on two laptops: keep the earliest timestamp
            for row in data[table]:
                mine = store.one(f"select {stamp} from [{table}] where id = ?", [row["id"]])
                if mine is None:
                    db[table].insert(row)
                elif (row[stamp] or "") < (mine[stamp] or ""):
                    db[table].update(row["id"], {stamp: row[stamp]})
        for row in data["speakers"]:
            mine = store.one("select * from speakers where id = ?", [row["id"]])
            if mine is None:
                db["speakers"].insert(row)
            else:
                update = {}
                for key in ("consent_at", "consent_scope", "created_at"):
                    if mine[key] is None and row[key] is not None:
                        update[key] = row[key]
                if row["withdrawn"] and not mine["withdrawn"]:
                    update.update(withdrawn=1, withdrawn_at=row["withdrawn_at"])
                elif row["withdrawn"] and mine["withdrawn"] and (row["withdrawn_at"] or "") < (mine["withdrawn_at"] or ""):
                    update["withdrawn_at"] = row["withdrawn_at"]
                if update:
                    db["speakers"].update(row["id"], update)
        for row in data["assignments"]:
            mine = store.one("select * from assignments where campaign_id = ? and speaker_id = ? and position = ?",
                             [row["campaign_id"], row["speaker_id"], row["position"]])
            if mine is None:
                db["assignments"].insert(row)
            elif (row["item_id"], row["qc"] or "") < (mine["item_id"], mine["qc"] or ""):
                db["assignments"].upsert(row, pk=("campaign_id", "speaker_id", "position"))
        for row in data["tombstones"]:
            mine = store.one("select * from tombstones where kind = ? and id = ?", [row["kind"], row["id"]])
            if mine is None or (row["deleted_at"], row["device_id"]) < (mine["deleted_at"], mine["device_id"]):
                db["tombstones"].upsert(row, pk=("kind", "id"))
        tombstoned = {r["id"] for r in store.rows("select id from tombstones where kind = 'rating'")}
        for row in data["ratings"]:
            if row["uuid"] in tombstoned:
                continue
            same = store.one("select * from ratings where uuid = ?", [row["uuid"]])
            if same is not None:
                if _rating_key(row) > _rating_key(same):
                    db["ratings"].update(row["uuid"], {k: v for k, v in row.items() if k != "uuid"})
                    changed["ratings_replaced"] += 1
                continue
            slot = store.one("select * from ratings where campaign_id = ? and speaker_id = ? and position = ?",
                             [row["campaign_id"], row["speaker_id"], row["position"]])
            if slot is not None:
                if (row["updated_at"], row["uuid"]) <= (slot["updated_at"], slot["uuid"]):
                    continue
                db["ratings"].delete(slot["uuid"])
                changed["ratings_replaced"] += 1
            else:
                changed["ratings_added"] += 1
            db["ratings"].insert(row)
        if data["rating_history"]:
            db["rating_history"].insert_all(data["rating_history"], ignore=True)
        # apply every tombstone, old and new
        for uuid_ in tombstoned:
            if db["ratings"].count_where("uuid = ?", [uuid_]):
                db["ratings"].delete(uuid_)
                changed["ratings_deleted"] += 1
        for row in store.rows("select id, deleted_at from tombstones where kind = 'speaker'"):
            sp = store.one("select * from speakers where id = ?", [row["id"]])
            if sp is None:
                continue
            n = db["ratings"].count_where("speaker_id = ?", [row["id"]])
            db.execute("delete from ratings where speaker_id = ?", [row["id"]])
            db.execute("delete from rating_history where speaker_id = ?", [row["id"]])
            if not sp["withdrawn"] or any(sp[k] is not None for k in PRIVATE_SPEAKER_FIELDS):
                db["speakers"].update(row["id"], {"withdrawn": 1, **{k: None for k in PRIVATE_SPEAKER_FIELDS},
                                                  "withdrawn_at": sp["withdrawn_at"] or row["deleted_at"]})
                changed["speakers_withdrawn"] += 1
            changed["ratings_deleted"] += n
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
