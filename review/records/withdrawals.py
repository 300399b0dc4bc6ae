"""Applying withdrawals and undos (tombstones) to a database: the live one, a backup, a restore.

A tombstone is honoured only when its signature is valid and its signer had the authority: for a
speaker, the laptop that registered the speaker or a coordinator this database trusts (itself
included); for an answer, the laptop that recorded it or a trusted coordinator. Everything needed
to decide is in the database the tombstone is applied to, so the same rule runs everywhere. Here with the
records, the one writer of answers and speakers; the store applies it to backups and restores through the function
``review`` hands it (``review.store.rules``).
"""

from __future__ import annotations

from ..store import keys
from ..store.signing import valid_tombstone
from .revocations import revoked_since

PRIVATE_SPEAKER_FIELDS = ("display_name", "community", "dialect")
LOCAL_SPEAKER_TABLES = {"drafts", "local_preferences", "waiting_rows", "skips"}  # a speaker's unfinished answers,
#                                                   choices and skipped items on this laptop, their rows waiting here


def trusted_codes(db) -> set[str]:
    """The coordinators this database trusts, by laptop code: itself and every laptop added with
    ``lyss review trust CODE``."""
    own = [r["value"] for r in db.query("select value from meta where key = 'device_id'")]
    return set(own) | {r["code"] for r in db.query("select code from trusted")}


def honoured(db, tombstone: dict, trusted: set[str], revoked: dict[str, str] | None = None) -> bool:
    """Whether a withdrawal or an undo is carried out here. One signed by a revoked laptop at or after the time
    it was revoked from is kept but never honoured (a thief cannot delete the answers the study kept) — on the
    revoked laptop too, once it holds its revocation, so that every laptop holds the same answers."""
    if not valid_tombstone(tombstone):
        return False
    if _signed_when_revoked(tombstone, revoked or {}):
        return False
    signer = tombstone["signer"]
    if keys.code_of(signer) in trusted:
        return True
    if tombstone["kind"] == "speaker":
        found = list(db.query("select registered_by from speakers where id = ?", [tombstone["id"]]))
        return bool(found) and found[0]["registered_by"] == signer
    found = list(db.query("select device_id from ratings where uuid = ?", [tombstone["id"]]))
    return bool(found) and found[0]["device_id"] == keys.code_of(signer)


def _signed_when_revoked(tombstone: dict, revoked: dict[str, str]) -> bool:
    since = revoked.get(keys.code_of(tombstone["signer"]))
    return since is not None and tombstone["deleted_at"] >= since


def apply_tombstones(db, tombstones: list[dict]) -> dict[str, int]:
    """Record the tombstones and apply those honoured here. Returns counts of what was deleted.

    A speaker withdrawn here only by a tombstone that a revocation arriving later shows was signed by a revoked
    laptop is a speaker again: whether a speaker is withdrawn is a function of the tombstones and revocations
    held, whatever order they came in (their answers come back from the coordinator, who keeps them)."""
    trusted, revoked = trusted_codes(db), revoked_since(db)
    changed = {"ratings_deleted": 0, "speakers_withdrawn": 0, "withdrawals_arrived": 0}
    for row in tombstones:
        row = {k: row.get(k) for k in ("kind", "id", "deleted_at", "device_id", "signer", "signature")}
        mine = list(db.query("select deleted_at from tombstones where kind = ? and id = ? and signer = ?",
                             [row["kind"], row["id"], row["signer"]]))
        if not mine or row["deleted_at"] < mine[0]["deleted_at"]:
            db["tombstones"].insert(row, replace=True)  # the earliest of one signer's tombstones for a target
            # a speaker this database never held may be in its backups (a restore replaced the one that held them)
            changed["withdrawals_arrived"] += not mine and row["kind"] == "speaker"
    withdrawn, refused = set(), set()
    for row in db.query("select * from tombstones"):
        if not honoured(db, row, trusted, revoked):
            if row["kind"] == "speaker" and valid_tombstone(row) and _signed_when_revoked(row, revoked):
                refused.add(row["id"])
            continue
        if row["kind"] == "speaker":
            withdrawn.add(row["id"])
        if row["kind"] == "rating":
            changed["ratings_deleted"] += db.execute("delete from ratings where uuid = ?", [row["id"]]).rowcount
            continue
        changed["ratings_deleted"] += db.execute("delete from ratings where speaker_id = ?", [row["id"]]).rowcount
        db.execute("delete from rating_history where speaker_id = ?", [row["id"]])
        for local in LOCAL_SPEAKER_TABLES & set(db.table_names()):  # a backup made before they existed has none
            db.execute(f"delete from [{local}] where speaker_id = ?", [row["id"]])
        cursor = db.execute(
            "update speakers set withdrawn = 1, display_name = null, community = null, dialect = null, "
            "preferences = '{}' where id = ? and (withdrawn = 0 or display_name is not null or community is not "
            "null or dialect is not null or preferences != '{}')", [row["id"]])
        changed["speakers_withdrawn"] += cursor.rowcount
        db.execute("update speakers set withdrawn_at = ? where id = ? and (withdrawn_at is null or withdrawn_at > ?)",
                   [row["deleted_at"], row["id"], row["deleted_at"]])
    for speaker_id in sorted(refused - withdrawn):
        db.execute("update speakers set withdrawn = 0, withdrawn_at = null where id = ? and withdrawn = 1", [speaker_id])
    return changed
