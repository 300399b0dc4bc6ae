"""Every row of a bundle checked before anything is written: columns and types, answers against their
task, timestamps, references, signatures and the signing laptop's authority. A problem with the file
itself refuses it whole, with one line that names the table and the row; inside a good file each row
merges, waits or is refused alone (:func:`judge`, ``review.exchange.ownership.Verdicts``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from scoring.errors import InputError

from .. import tasks as task_defs
from ..records import catalogue, laptops
from ..sentences import line, refused
from ..store import keys, merging, schema, signing
from .ownership import Holdings, NotEnrolledYet, Refused, Verdicts, check_content, check_owners, column_place

CLOCK_SKEW = timedelta(days=1)  # a laptop's clock may run this far ahead; later timestamps are refused

# table → [(column, declaration, allowed values or None)]: the checks of each row, from review/store/schema.py
SPECS = {name: [(c.name, c, table.choices.get(c.name)) for c in table.columns if not c.local]
         for name, table in schema.TABLES.items() if table.travels}
COLUMNS = {table: frozenset(c for c, *_ in spec) for table, spec in SPECS.items()}


def _latest() -> str:
    return (datetime.now(timezone.utc) + CLOCK_SKEW).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _check_columns(path: str, data: dict) -> None:
    latest = _latest()
    objects: set[tuple[str, str]] = set()
    for table, spec in SPECS.items():
        names = COLUMNS[table]
        for n, row in enumerate(data[table], 1):
            if not isinstance(row, dict):
                raise refused(Refused, path, f"{table} row {n}", "bundle.row not an object")
            if row.keys() != names:
                odd = sorted(set(row) ^ names)[0]
                what = "unknown" if odd in row else "missing"
                raise refused(Refused, path, f"{table} row {n}", f"bundle.{what} column", column=repr(odd))
            for column, declared, choices in spec:
                value = row[column]
                if value is None:
                    if not declared.nullable:
                        raise refused(Refused, path, f"{table} row {n} {column}", "bundle.null")
                    continue
                kind = declared.kind
                if type(value) is str and (kind == schema.TEXT and choices is None or (kind, value) in objects):
                    continue  # the common cases, without a call
                problem = schema.value_problem(declared, value, latest)
                if problem is None and choices is not None and value not in choices:
                    problem = f"{value!r} is not one of {sorted(choices)}"
                if problem:
                    raise refused(Refused, path, f"{table} row {n} {column}", "bundle.bad value", problem=problem)
                if kind in schema.JSON_KINDS:
                    objects.add((kind, value))  # valid JSON of its kind: the same text is not parsed again




def _check_references(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    """A row naming a campaign, run, item or speaker that is neither in the bundle nor here waits for it."""
    runs = {r["id"] for r in data["runs"]} | catalogue.run_ids(held.store)
    ids = {"runs": runs, "items": held.items, "speakers": held.registrar, "campaigns": held.campaigns}
    refs = {name: [(column, target) for column, target in schema.TABLES[name].references]
            for name in schema.TRAVELLING if schema.TABLES[name].references}
    carried = {r["id"]: r for r in data["campaigns"]}
    for table, columns in refs.items():
        for n, row in enumerate(data[table], 1):
            for column, target in columns:
                if row[column] in ids[target]:
                    continue
                waits_for = line(f"judge.awaits {target}", id=row[column])
                why = line("judge.missing", place=column_place(table, n, column),
                           value=repr(row[column]))
                if table != "campaign_items":
                    verdicts.wait(table, row, waits_for, why)
                elif column == "item_id" and row["campaign_id"] in carried:  # a list is signed with its campaign:
                    verdicts.wait("campaigns", carried[row["campaign_id"]], waits_for, why)  # the campaign waits
                break


def _answer_problem(task: str, text: str, output: str | None) -> str | None:
    answers = json.loads(text)
    try:
        clean = task_defs.validate(task, answers, output)
    except InputError as exc:
        return f"{exc.place}: {exc.problem}"
    return None if clean == answers else "does not fit the task"


def _check_answers(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    """An answer that does not fit its task, or with an impossible duration, is refused alone."""
    judged: dict[tuple, str | None] = {}  # a five-point scale repeats: each distinct answer is judged once
    for table in ("ratings", "rating_history"):
        for n, row in enumerate(data[table], 1):
            task = held.campaigns[row["campaign_id"]]["task"]
            output = held.output(row["item_id"]) if "item_id" in row else None  # spans lie inside it
            key = (task, row["answers"], output)
            if key not in judged:
                judged[key] = _answer_problem(*key)
            if judged[key]:
                verdicts.refuse(table, row, line("judge.unfit answer", place=column_place(table, n, "answers"),
                                                 problem=judged[key]))
    for n, row in enumerate(data["ratings"], 1):
        for column in ("seconds", "away_seconds"):
            if row[column] is not None and not 0 <= row[column] < 86400 * 366:
                verdicts.refuse("ratings", row, line("judge.out of range", place=column_place("ratings", n, column)))


def _check_row_signatures(path: str, data: dict, store, bundle_signer: str | None, checked: set[int]) -> None:
    """Every row signed by its author, the signature over exactly its travelling columns. A row identical
    to one this laptop already holds, signature included, was checked when it arrived (a repeated merge
    verifies nothing again). A row whose author signed the bundle itself is authenticated by the
    bundle's signature (over the sha256 of everything it carries); its own signature is checked again
    before this laptop ever relays it (``bundles._payload``). ``checked``: the ``id`` of rows that waited here,
    authenticated when their bundle arrived."""
    for table in schema.TRAVELLING:
        spec = schema.TABLES[table]
        if spec.signed != "row" or not data[table]:
            continue
        relayed = [r for r in data[table] if r.get("signer") != bundle_signer]
        held = merging.held_versions(store, table, relayed) if relayed else {}
        for n, row in enumerate(data[table], 1):
            if id(row) in checked or (row.get("signer") == bundle_signer and isinstance(row.get("signature"), str)):
                continue
            if held.get(tuple(row[k] for k in spec.key)) == (row["signature"], signing.row_message(table, row)):
                continue
            if not signing.valid_row(table, row):
                raise refused(Refused, path, f"{table} row {n}", "bundle.row signature")


def _check_signatures(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    path = verdicts.path
    for n, row in enumerate(data["campaigns"], 1):
        items = [r["item_id"] for r in sorted((r for r in data["campaign_items"] if r["campaign_id"] == row["id"]),
                                              key=lambda r: (r["position"], r["item_id"]))]
        if not signing.valid_campaign(row, items):
            raise refused(Refused, path, f"campaigns row {n} ({row['id']})", "bundle.campaign signature")
        mine = catalogue.coordinator_of(held.store, row["id"])
        if mine is not None and mine != row["coordinator"]:
            raise refused(Refused, path, f"campaigns row {n} ({row['id']})", "bundle.other coordinator")
        if row["task"] not in task_defs.tasks():
            verdicts.refuse("campaigns", row, line("judge.unknown task", place=column_place("campaigns", n, "task"),
                                                   task=repr(row["task"])))
    carried = {r["id"] for r in data["campaigns"]}
    for n, row in enumerate(data["campaign_items"], 1):
        if row["campaign_id"] not in carried:
            raise refused(Refused, path, f"campaign_items row {n}", "bundle.list without campaign")
    for n, row in enumerate(data["enrolments"], 1):
        if keys.normalise_code(row["device_code"]) != row["device_code"] or \
                not signing.valid_enrolment(row, held.campaigns[row["campaign_id"]]["coordinator"]):
            raise refused(Refused, path, f"enrolments row {n}", "bundle.enrolment signature")
    for n, row in enumerate(data["speakers"], 1):
        if not signing.valid_speaker(row):
            raise refused(Refused, path, f"speakers row {n} ({row['id']})", "bundle.speaker id")
    for n, row in enumerate(data["tombstones"], 1):
        if not signing.valid_tombstone(row):
            raise refused(Refused, path, f"tombstones row {n} ({row['kind']} {row['id']})",
                          "bundle.tombstone signature")


def _check_trust(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    """A campaign is taken only from a coordinator this laptop trusts; until then it waits, and with it the
    coordinator's runs, items and scores (see ``ownership._not_owner``)."""
    for n, row in enumerate(data["campaigns"], 1):
        code = keys.code_of(row["coordinator"])
        if code not in held.trusted:
            verdicts.waiting_coordinators.add(row["coordinator"])
            verdicts.wait("campaigns", row, line("judge.awaits trust", code=code),
                          line("judge.untrusted", campaign=row["id"], code=code))


def _check_stranger(path: str, manifest: dict, held: Holdings) -> None:
    """A file from a laptop neither enrolled in a campaign here nor a trusted coordinator is refused whole (and
    read again at the next sync: its enrolment may arrive)."""
    signer = manifest["device_id"]
    if signer in held.trusted or held.enrolled_anywhere(signer):
        return
    if any(r["coordinator"] == manifest["public_key"] for r in held.data["campaigns"]):
        raise refused(Refused, path, "manifest.sig", "bundle.untrusted coordinator", code=signer)
    raise refused(NotEnrolledYet, path, "manifest.sig", "bundle.not enrolled", code=signer)


@dataclass
class Judgement:
    """What becomes of a bundle's rows: ``merge`` (table → rows) now; ``waiting`` (table, row, what it waits for,
    why) kept for later; ``refused`` (table, why) refused alone."""
    merge: dict
    waiting: list[tuple[str, dict, str, str]] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)


def _without(data: dict, verdicts: Verdicts) -> dict:
    """The rows no verdict names; a campaign's list of items goes with it."""
    gone = {row["id"] for row in data["campaigns"] if row in verdicts}
    kept = {table: [r for r in rows if r not in verdicts] for table, rows in data.items()}
    kept["campaign_items"] = [r for r in kept["campaign_items"] if r["campaign_id"] not in gone]
    return kept


def judge(store, path: str, manifest: dict | None, data: dict, checked: set[int] = frozenset()) -> Judgement:
    """Check every row: raise :class:`Refused` when the file itself cannot be trusted (malformed rows, a forged
    or altered signature, changed content under one id, a stranger's file); otherwise say which rows merge,
    which wait and which are refused alone. Rows are judged again without the ones set aside until every
    remaining row passes (a row whose campaign waits waits too). ``manifest=None``: the rows that waited
    here, judged again on their own; ``checked``: the ``id`` of the rows that waited here (authenticated when
    they arrived)."""
    _check_columns(path, data)
    _check_row_signatures(path, data, store, manifest["public_key"] if manifest else None, checked)
    trusted = laptops.trusted(store)
    judgement = Judgement(data)
    coordinators: set[str] = set()
    first = manifest is not None
    while True:
        verdicts = Verdicts(path)
        verdicts.waiting_coordinators |= coordinators
        held = Holdings(store, data, trusted)
        if first:
            _check_stranger(path, manifest, held)
            first = False
        _check_references(verdicts, data, held)
        if not verdicts:  # every reference holds: the rules may look them up
            _check_signatures(verdicts, data, held)
            _check_trust(verdicts, data, held)
            check_owners(verdicts, data, held)
            check_content(verdicts, data, store)
            _check_answers(verdicts, data, held)
        if not verdicts:
            judgement.merge = data
            return judgement
        coordinators |= verdicts.waiting_coordinators | {row["coordinator"] for table, row, *_ in
                                                         verdicts.waiting.values() if table == "campaigns"}
        judgement.waiting += verdicts.waiting.values()
        waiting_campaigns = {row["id"]: (waits_for, why) for table, row, waits_for, why in verdicts.waiting.values()
                             if table == "campaigns"}
        judgement.waiting += [("campaign_items", r, *waiting_campaigns[r["campaign_id"]])  # signed with it: it waits too
                              for r in data["campaign_items"] if r["campaign_id"] in waiting_campaigns]
        judgement.refused += [(table, why) for table, _, why in verdicts.refused.values()]
        data = _without(data, verdicts)
