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

from .. import tasks as task_defs
from ..store import keys, schema, signing
from ..store.withdrawal import trusted_codes
from .ownership import Holdings, Refused, check_content, check_owners

CLOCK_SKEW = timedelta(days=1)  # a laptop's clock may run this far ahead; later timestamps are refused
TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")

# table → column → (kind, nullable): what a bundle row must hold exactly, from review/schema.py
COLUMNS: dict[str, dict[str, tuple[str, bool]]] = {
    name: {c.name: (c.kind, c.nullable) for c in table.columns if not c.local}
    for name, table in schema.TABLES.items() if table.travels}
CHOICES = {(name, column): values for name, table in schema.TABLES.items() for column, values in table.choices.items()}
T, I, R, J, S = schema.TEXT, schema.INTEGER, schema.NUMBER, schema.JSON, schema.TIMESTAMP


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


# table → [(column, kind, nullable, allowed values or None)]: the checks of each row, prepared once
SPECS = {table: [(c, kind, nullable, CHOICES.get((table, c))) for c, (kind, nullable) in columns.items()]
         for table, columns in COLUMNS.items()}


def _check_columns(path: str, data: dict) -> None:
    latest = _latest()
    objects: set[str] = set()
    for table, columns in COLUMNS.items():
        names, spec = set(columns), SPECS[table]
        for n, row in enumerate(data[table], 1):
            if not isinstance(row, dict):
                raise Refused(path, f"{table} row {n}", "must be an object: nothing was merged")
            if row.keys() != names:
                odd = sorted(set(row) ^ names)[0]
                what = "unknown" if odd in row else "missing"
                raise Refused(path, f"{table} row {n}", f"{what} column {odd!r}: nothing was merged")
            for column, kind, nullable, choices in spec:
                value = row[column]
                if value is None:
                    if not nullable:
                        raise Refused(path, f"{table} row {n} {column}", "is missing (null): nothing was merged")
                    continue
                if type(value) is str and (kind == T and choices is None or kind == J and value in objects):
                    continue  # the common cases, without a call
                place = f"{table} row {n}"
                problem = _value_problem(kind, value, latest)
                if problem is None and value not in CHOICES.get((table, column), {value}):
                    problem = f"{value!r} is not one of {sorted(CHOICES[(table, column)])}"
                if problem:
                    raise Refused(path, f"{place} {column}", f"{problem}: nothing was merged")
                if kind == J:
                    objects.add(value)  # valid JSON holding an object: the same text is not parsed again


def _check_references(path: str, data: dict, held: Holdings) -> None:
    runs = {r["id"] for r in data["runs"]} | {r["id"] for r in held.store.rows("select id from runs")}
    ids = {"runs": runs, "items": held.items, "speakers": held.registrar, "campaigns": held.campaigns}
    refs = {name: [(column, ids[target]) for column, target in schema.TABLES[name].references]
            for name in schema.TRAVELLING if schema.TABLES[name].references}
    for table, columns in refs.items():
        for n, row in enumerate(data[table], 1):
            for column, ids in columns:
                if row[column] not in ids:
                    raise Refused(path, f"{table} row {n} {column}",
                                  f"{row[column]!r} is neither in the bundle nor on this laptop: nothing was merged")


def _answer_problem(task: str, text: str, output: str | None) -> str | None:
    answers = json.loads(text)
    try:
        clean = task_defs.validate(task, answers, output)
    except InputError as exc:
        return f"{exc.place}: {exc.problem}"
    return None if clean == answers else "does not fit the task"


def _check_answers(path: str, data: dict, held: Holdings) -> None:
    verdicts: dict[tuple, str | None] = {}  # a five-point scale repeats: each distinct answer is judged once
    for table in ("ratings", "rating_history"):
        for n, row in enumerate(data[table], 1):
            task = held.campaigns[row["campaign_id"]]["task"]
            output = held.output(row["item_id"]) if "item_id" in row else None  # spans lie inside it
            key = (task, row["answers"], output)
            if key not in verdicts:
                verdicts[key] = _answer_problem(*key)
            if verdicts[key]:
                raise Refused(path, f"{table} row {n} answers", f"{verdicts[key]}: nothing was merged")
        for n, row in enumerate(data["ratings"], 1):
            for column in ("seconds", "away_seconds"):
                if row[column] is not None and not 0 <= row[column] < 86400 * 366:
                    raise Refused(path, f"ratings row {n} {column}", "out of range: nothing was merged")


def _held_versions(store, table: str, rows: list[dict]) -> dict[tuple, tuple]:
    """The signed versions this laptop holds of the bundle's rows (looked up by key, not read whole)."""
    spec = schema.TABLES[table]
    columns = ", ".join(f"[{c}]" for c in spec.travelling)
    keys_json = json.dumps([[r[k] for k in spec.key] for r in rows])
    match = ", ".join(f"[{k}]" for k in spec.key)
    wanted = ", ".join(f"json_extract(value, '$[{i}]')" for i in range(len(spec.key)))
    return {tuple(r[k] for k in spec.key): (r["signature"], signing.row_message(table, r)) for r in
            store.rows(f"select {columns} from [{table}] where signature is not null and ({match}) in "
                       f"(select {wanted} from json_each(?))", [keys_json])}


def _check_row_signatures(path: str, data: dict, store, bundle_signer: str) -> None:
    """Every row signed by its author, the signature over exactly its travelling columns. A row identical
    to one this laptop already holds, signature included, was checked when it arrived (a repeated merge
    verifies nothing again). A row whose author signed the bundle itself is authenticated by the
    bundle's signature (over the sha256 of everything it carries); its own signature is checked again
    before this laptop ever relays it (``bundles._payload``)."""
    for table in schema.TRAVELLING:
        spec = schema.TABLES[table]
        if spec.signed != "row" or not data[table]:
            continue
        relayed = [r for r in data[table] if r.get("signer") != bundle_signer]
        held = _held_versions(store, table, relayed) if relayed else {}
        for n, row in enumerate(data[table], 1):
            if row.get("signer") == bundle_signer and isinstance(row.get("signature"), str):
                continue
            if held.get(tuple(row[k] for k in spec.key)) == (row["signature"], signing.row_message(table, row)):
                continue
            if not signing.valid_row(table, row):
                raise Refused(path, f"{table} row {n}", "its author's signature does not hold (forged or altered): "
                                                        "nothing was merged")


def _check_signatures(path: str, data: dict, held: Holdings) -> None:
    for n, row in enumerate(data["campaigns"], 1):
        if row["task"] not in task_defs.tasks():
            raise Refused(path, f"campaigns row {n} task", f"unknown task {row['task']!r}: nothing was merged")
        items = [r["item_id"] for r in sorted((r for r in data["campaign_items"] if r["campaign_id"] == row["id"]),
                                              key=lambda r: (r["position"], r["item_id"]))]
        if not signing.valid_campaign(row, items):
            raise Refused(path, f"campaigns row {n} ({row['id']})", "its coordinator's signature does not hold "
                                                                    "(altered): nothing was merged")
        mine = held.store.one("select coordinator from campaigns where id = ?", [row["id"]])
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
                not signing.valid_enrolment(row, held.campaigns[row["campaign_id"]]["coordinator"]):
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


def _check_authority(path: str, manifest: dict, data: dict, held: Holdings) -> None:
    """The signer may bring answers for a campaign only as its coordinator or enrolled in it; a campaign
    is accepted only from a coordinator this laptop trusts."""
    signer = manifest["device_id"]
    for row in data["campaigns"]:
        code = keys.code_of(row["coordinator"])
        if code not in held.trusted:
            raise Refused(path, f"campaign {row['id']}", f"comes from coordinator {code}, whom this laptop does not "
                                                         f"trust (if that is your coordinator: lyss review trust "
                                                         f"{code}); nothing was merged")
    allowed = {cid for cid, c in held.campaigns.items()
               if keys.code_of(c["coordinator"]) == signer or (cid, signer) in held.enrolled}
    used = {r["campaign_id"] for t in ("assignments", "ratings", "rating_history") for r in data[t]}
    for cid in sorted(used - allowed):
        raise Refused(path, "manifest.sig", f"signed by laptop {signer}, which is not enrolled in campaign {cid} "
                                            f"(its coordinator enrols it with lyss review enrol {signer}); "
                                            f"nothing was merged")
    if not allowed and signer not in held.trusted:
        raise Refused(path, "manifest.sig", f"signed by laptop {signer}, which is not enrolled in any campaign here "
                                            f"nor a trusted coordinator; nothing was merged")


def check_payload(store, path: str, manifest: dict, data: dict) -> None:
    """Raise :class:`Refused` at the first problem; return when the whole bundle may be merged."""
    _check_columns(path, data)
    _check_row_signatures(path, data, store, manifest["public_key"])
    held = Holdings(store, data, trusted_codes(store.db))
    _check_references(path, data, held)
    _check_signatures(path, data, held)
    _check_authority(path, manifest, data, held)
    check_owners(path, data, held)
    check_content(path, data, store)
    _check_answers(path, data, held)
