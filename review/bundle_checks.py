"""Every row of a bundle checked before anything is written: columns and types, answers against their
task, timestamps, references, signatures and the signing laptop's authority. The first problem
refuses the whole bundle with one line that names the table and the row."""

from __future__ import annotations

import json
import math
import re
from datetime import datetime, timedelta, timezone
from typing import Any

from scoring.errors import InputError

from . import keys, signing
from . import tasks as task_defs
from .withdrawal import trusted_codes

CLOCK_SKEW = timedelta(days=1)  # a laptop's clock may run this far ahead; later timestamps are refused
TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")

T, I, R, J, S = "text", "integer", "number", "json object", "timestamp"
# column → (kind, nullable)
COLUMNS: dict[str, dict[str, tuple[str, bool]]] = {
    "runs": {"id": (T, False), "name": (T, True), "model_slug": (T, True), "language": (T, True),
             "card_sha256": (T, True), "scored_card": (J, True), "extra": (J, True), "imported_at": (S, False),
             "source": (T, True)},
    "items": {"id": (T, False), "run_id": (T, False), "entry_id": (T, False), "kind": (T, False), "source": (T, True),
              "output": (T, True), "reference": (T, True), "difficulty": (T, True), "metrics": (J, True),
              "extra": (J, True)},
    "human_scores": {"item_id": (T, False), "kind": (T, False), "score": (R, True)},
    "campaigns": {"id": (T, False), "name": (T, False), "task": (T, False), "run_id": (T, False),
                  "raters_per_item": (I, False), "created_at": (S, False), "settings": (J, False),
                  "coordinator": (T, False), "signature": (T, False)},
    "campaign_items": {"campaign_id": (T, False), "item_id": (T, False), "position": (I, False)},
    "enrolments": {"campaign_id": (T, False), "device_code": (T, False), "enrolled_at": (S, False),
                   "signer": (T, False), "signature": (T, False)},
    "speakers": {"id": (T, False), "display_name": (T, True), "community": (T, True), "dialect": (T, True),
                 "consent_at": (S, True), "consent_scope": (T, True), "withdrawn": (I, False),
                 "withdrawn_at": (S, True), "created_at": (S, True), "preferences": (J, True),
                 "registered_by": (T, True), "id_salt": (T, True), "preferences_at": (S, True)},
    "assignments": {"campaign_id": (T, False), "speaker_id": (T, False), "position": (I, False),
                    "item_id": (T, False), "qc": (T, False), "qc_of": (T, True)},
    "ratings": {"uuid": (T, False), "campaign_id": (T, False), "speaker_id": (T, False), "position": (I, False),
                "item_id": (T, False), "answers": (J, False), "note": (T, True), "created_at": (S, False),
                "updated_at": (S, False), "device_id": (T, False), "seconds": (R, True), "started_at": (S, True),
                "ended_at": (S, True), "away_seconds": (R, True), "medium": (T, True)},
    "rating_history": {"uuid": (T, False), "campaign_id": (T, False), "speaker_id": (T, False),
                       "answers": (J, False), "note": (T, True), "at": (S, False), "device_id": (T, False),
                       "action": (T, False)},
    "tombstones": {"kind": (T, False), "id": (T, False), "deleted_at": (S, False), "device_id": (T, False),
                   "signer": (T, False), "signature": (T, False)},
}
CHOICES = {("assignments", "qc"): {"", "repeat", "degraded"}, ("rating_history", "action"): {"create", "edit", "undo"},
           ("tombstones", "kind"): {"speaker", "rating"}, ("speakers", "withdrawn"): {0, 1},
           ("ratings", "medium"): {"paper"}}


class Refused(InputError):
    """A bundle refused whole."""


def _latest() -> str:
    return (datetime.now(timezone.utc) + CLOCK_SKEW).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _value_problem(kind: str, value: Any, latest: str) -> str | None:
    if kind == T:
        return None if isinstance(value, str) else "must be text"
    if kind == I:
        return None if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53 else \
            "must be a whole number"
    if kind == R:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        return None if ok else "must be a finite number"
    if kind == S:
        if not isinstance(value, str) or not TIMESTAMP.match(value):
            return "must be a UTC timestamp like 2026-01-31T12:00:00.000000Z"
        return f"{value} is in the future (more than {CLOCK_SKEW.days} day ahead)" if value > latest else None
    if not isinstance(value, str):
        return "must be JSON text"
    try:
        parsed = json.loads(value)
    except (ValueError, RecursionError):
        return "is not valid JSON"
    return None if isinstance(parsed, dict) else "must hold a JSON object"


def _check_columns(path: str, data: dict) -> None:
    latest = _latest()
    for table, columns in COLUMNS.items():
        for n, row in enumerate(data[table], 1):
            place = f"{table} row {n}"
            if not isinstance(row, dict):
                raise Refused(path, place, "must be an object: nothing was merged")
            if set(row) != set(columns):
                odd = sorted(set(row) ^ set(columns))[0]
                what = "unknown" if odd in row else "missing"
                raise Refused(path, place, f"{what} column {odd!r}: nothing was merged")
            for column, (kind, nullable) in columns.items():
                value = row[column]
                if value is None:
                    if not nullable:
                        raise Refused(path, f"{place} {column}", "is missing (null): nothing was merged")
                    continue
                problem = _value_problem(kind, value, latest)
                if problem is None and value not in CHOICES.get((table, column), {value}):
                    problem = f"{value!r} is not one of {sorted(CHOICES[(table, column)])}"
                if problem:
                    raise Refused(path, f"{place} {column}", f"{problem}: nothing was merged")


class _Known:
    """Ids present in the bundle or in the store."""

    def __init__(self, store, data: dict):
        self.store, self.data = store, data
        self.runs = {r["id"] for r in data["runs"]} | self._ids("runs")
        self.items = {r["id"] for r in data["items"]} | self._ids("items")
        self.speakers = {r["id"] for r in data["speakers"]} | self._ids("speakers")
        self.campaigns = {r["id"]: r for r in store.rows("select * from campaigns")}
        self.campaigns.update({r["id"]: r for r in data["campaigns"]})

    def _ids(self, table: str) -> set[str]:
        return {r["id"] for r in self.store.rows(f"select id from [{table}]")}

    def output_of(self, item_id: str | None) -> str | None:
        """An item's output text (error spans must lie inside it), from the bundle or this laptop."""
        if item_id is None:
            return None
        bundled = next((r.get("output") for r in self.data["items"] if r["id"] == item_id), None)
        if bundled is not None:
            return bundled
        row = self.store.one("select output from items where id = ?", [item_id])
        return row["output"] if row else None


def _check_references(path: str, data: dict, known: _Known) -> None:
    refs = {"items": [("run_id", known.runs)], "human_scores": [("item_id", known.items)],
            "campaigns": [("run_id", known.runs)],
            "campaign_items": [("campaign_id", known.campaigns), ("item_id", known.items)],
            "enrolments": [("campaign_id", known.campaigns)],
            "assignments": [("campaign_id", known.campaigns), ("speaker_id", known.speakers),
                            ("item_id", known.items)],
            "ratings": [("campaign_id", known.campaigns), ("speaker_id", known.speakers), ("item_id", known.items)],
            "rating_history": [("campaign_id", known.campaigns), ("speaker_id", known.speakers)]}
    for table, columns in refs.items():
        for n, row in enumerate(data[table], 1):
            for column, ids in columns:
                if row[column] not in ids:
                    raise Refused(path, f"{table} row {n} {column}",
                                  f"{row[column]!r} is neither in the bundle nor on this laptop: nothing was merged")


def _check_answers(path: str, data: dict, known: _Known) -> None:
    for table in ("ratings", "rating_history"):
        for n, row in enumerate(data[table], 1):
            task = known.campaigns[row["campaign_id"]]["task"]
            answers = json.loads(row["answers"])
            try:
                output = known.output_of(row.get("item_id")) if task == "E" else None
                clean = task_defs.validate(task, answers, output)
            except InputError as exc:
                raise Refused(path, f"{table} row {n} answers", f"{exc.place}: {exc.problem}: nothing was merged") \
                    from None
            if clean != answers:
                raise Refused(path, f"{table} row {n} answers", "does not fit the task: nothing was merged")
        for n, row in enumerate(data["ratings"], 1):
            for column in ("seconds", "away_seconds"):
                if row[column] is not None and not 0 <= row[column] < 86400 * 366:
                    raise Refused(path, f"ratings row {n} {column}", "out of range: nothing was merged")


def _check_signatures(path: str, data: dict, known: _Known) -> None:
    for n, row in enumerate(data["campaigns"], 1):
        if row["task"] not in task_defs.tasks():
            raise Refused(path, f"campaigns row {n} task", f"unknown task {row['task']!r}: nothing was merged")
        items = [r["item_id"] for r in sorted((r for r in data["campaign_items"] if r["campaign_id"] == row["id"]),
                                              key=lambda r: (r["position"], r["item_id"]))]
        if not signing.valid_campaign(row, items):
            raise Refused(path, f"campaigns row {n} ({row['id']})", "its coordinator's signature does not hold "
                                                                    "(altered): nothing was merged")
        mine = known.store.one("select coordinator from campaigns where id = ?", [row["id"]])
        if mine is not None and mine["coordinator"] != row["coordinator"]:
            raise Refused(path, f"campaigns row {n} ({row['id']})", "claims another coordinator than the campaign "
                                                                    "on this laptop: nothing was merged")
    carried = {r["id"] for r in data["campaigns"]}
    for n, row in enumerate(data["campaign_items"], 1):
        if row["campaign_id"] not in carried:
            raise Refused(path, f"campaign_items row {n}", "an item list without its signed campaign: nothing was "
                                                           "merged")
    for n, row in enumerate(data["enrolments"], 1):
        if keys.normalise_code(row["device_code"]) != row["device_code"] or \
                not signing.valid_enrolment(row, known.campaigns[row["campaign_id"]]["coordinator"]):
            raise Refused(path, f"enrolments row {n}", "not signed by the campaign's coordinator: nothing was merged")
    for n, row in enumerate(data["speakers"], 1):
        if not signing.valid_speaker(row):
            raise Refused(path, f"speakers row {n} ({row['id']})", "its id was not made by the laptop it names: "
                                                                   "nothing was merged")
    for n, row in enumerate(data["tombstones"], 1):
        if not signing.valid_tombstone(row):
            raise Refused(path, f"tombstones row {n} ({row['kind']} {row['id']})", "its signature does not hold "
                                                                                   "(forged or altered): nothing was "
                                                                                   "merged")


def _check_authority(path: str, manifest: dict, data: dict, known: _Known) -> None:
    """The signer may bring answers for a campaign only as its coordinator or enrolled in it; a campaign
    is accepted only from a coordinator this laptop trusts."""
    signer = manifest["device_id"]
    trusted = trusted_codes(known.store.db)
    for row in data["campaigns"]:
        code = keys.code_of(row["coordinator"])
        if code not in trusted:
            raise Refused(path, f"campaign {row['id']}", f"comes from coordinator {code}, whom this laptop does not "
                                                         f"trust (if that is your coordinator: lyss review trust "
                                                         f"{code}); nothing was merged")
    enrolled = {(r["campaign_id"], r["device_code"]) for r in known.store.rows("select * from enrolments")}
    enrolled |= {(r["campaign_id"], r["device_code"]) for r in data["enrolments"]}
    allowed = {cid for cid, c in known.campaigns.items()
               if keys.code_of(c["coordinator"]) == signer or (cid, signer) in enrolled}
    used = {r["campaign_id"] for t in ("assignments", "ratings", "rating_history") for r in data[t]}
    for cid in sorted(used - allowed):
        raise Refused(path, "manifest.sig", f"signed by laptop {signer}, which is not enrolled in campaign {cid} "
                                            f"(its coordinator enrols it with lyss review enrol {signer}); "
                                            f"nothing was merged")
    if not allowed and signer not in trusted:
        raise Refused(path, "manifest.sig", f"signed by laptop {signer}, which is not enrolled in any campaign here "
                                            f"nor a trusted coordinator; nothing was merged")


def check_payload(store, path: str, manifest: dict, data: dict) -> None:
    """Raise :class:`Refused` at the first problem; return when the whole bundle may be merged."""
    _check_columns(path, data)
    known = _Known(store, data)
    _check_references(path, data, known)
    _check_signatures(path, data, known)
    _check_answers(path, data, known)
    _check_authority(path, manifest, data, known)
