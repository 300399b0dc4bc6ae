"""What carries authority in a review database is signed: a campaign by its coordinator, an enrolment
by the campaign's coordinator, a withdrawal or an undo by the laptop that made it. Each ``sign_*``
returns the row with its ``signer``/``signature`` columns; each ``valid_*`` checks one row on its own
(who may sign what is decided in :mod:`review.records.withdrawals` and :mod:`review.exchange.bundles`)."""

from __future__ import annotations

import hashlib
from typing import Any

from . import keys
from .schema import later_columns, signed_columns

CAMPAIGN_FIELDS = ("id", "name", "task", "run_id", "raters_per_item", "created_at", "settings", "coordinator")


def campaign_message(row: dict, item_ids: list[str]) -> bytes:
    return keys.canonical({"campaign": {k: row.get(k) for k in CAMPAIGN_FIELDS}, "items": list(item_ids)})


def campaign_item_ids(db, campaign_id: str) -> list[str]:
    return [r["item_id"] for r in db.query("select item_id from campaign_items where campaign_id = ? order by "
                                           "position, item_id", [campaign_id])]


def sign_campaign(db, private: str, public: str, row: dict, item_ids: list[str] | None = None) -> dict:
    """The coordinator's signature over the campaign and its list of items."""
    row = {**row, "coordinator": public}
    items = item_ids if item_ids is not None else campaign_item_ids(db, row["id"])
    return {"coordinator": public, "signature": keys.sign(private, campaign_message(row, items))}


def valid_campaign(row: dict, item_ids: list[str]) -> bool:
    return keys.verify(row.get("coordinator"), campaign_message(row, item_ids), row.get("signature"))


def _tombstone_message(row: dict) -> bytes:
    return keys.canonical({"tombstone": [row["kind"], row["id"], row["deleted_at"], row["device_id"]]})


def sign_tombstone(private: str, public: str, row: dict) -> dict:
    row = {k: row[k] for k in ("kind", "id", "deleted_at", "device_id")}
    return {**row, "signer": public, "signature": keys.sign(private, _tombstone_message(row))}


def valid_tombstone(row: dict) -> bool:
    return keys.verify(row.get("signer"), _tombstone_message(row), row.get("signature"))


def _enrolment_message(row: dict) -> bytes:
    return keys.canonical({"enrolment": [row["campaign_id"], row["device_code"], row["enrolled_at"]]})


def sign_enrolment(private: str, public: str, row: dict) -> dict:
    row = {k: row[k] for k in ("campaign_id", "device_code", "enrolled_at")}
    return {**row, "signer": public, "signature": keys.sign(private, _enrolment_message(row))}


def valid_enrolment(row: dict, coordinator: Any) -> bool:
    return row.get("signer") == coordinator and keys.verify(coordinator, _enrolment_message(row), row.get("signature"))


def speaker_id_for(public: str, salt: str) -> str:
    """A speaker id bound to the laptop that registered the speaker (nobody else can claim it)."""
    return "spk-" + hashlib.sha256(bytes.fromhex(public) + salt.encode()).hexdigest()[:16]


def valid_speaker(row: dict) -> bool:
    """A speaker row claims ``registered_by``: true when the id was made from that key (or it claims
    nothing: speakers registered before signing, and imported anonymous raters)."""
    if not row.get("registered_by"):
        return True
    return keys.is_public_key(row["registered_by"]) and isinstance(row.get("id_salt"), str) and \
        speaker_id_for(row["registered_by"], row["id_salt"]) == row["id"]


# ----------------------------------------------------------------------------- rows

def row_message(table: str, row: dict) -> bytes:
    """What a row signature covers: the table's name and every travelling column but the signature (a column added
    later only when it holds a value: a row signed before it was added verifies as it did)."""
    later = later_columns(table)
    return keys.canonical({"table": table, "row": {c: row.get(c) for c in signed_columns(table)
                                                   if c not in later or row.get(c) is not None}})


def sign_row(private: str, public: str, table: str, row: dict) -> dict:
    """The row as its author publishes it: ``signer`` set to the author's key, ``signature`` over it."""
    row = {**row, "signer": public}
    return {**row, "signature": keys.sign(private, row_message(table, row))}


def valid_row(table: str, row: dict) -> bool:
    return keys.verify(row.get("signer"), row_message(table, row), row.get("signature"))
