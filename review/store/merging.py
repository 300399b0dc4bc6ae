"""The generic merge writes: each table of a checked bundle applied by the merge rule the schema declares for it
(``schema.py``), in one transaction. Merging is a function of the set of bundles — every table reaches the same
state in every order, and merging again changes nothing (``review.exchange.bundles`` says what is checked first)."""

from __future__ import annotations

import json
from typing import Callable

from . import signing
from .database import Store, dumps, mark_withdrawal_pending
from .rules import rules
from .schema import KEEP, LATEST_ANSWER, NEWEST_SIGNED, SMALLEST, TABLES as SCHEMA, TOMBSTONE, TRAVELLING, Table

TABLES = TRAVELLING


def held_row(store: Store, table: str, key: tuple) -> dict | None:
    """The row this laptop holds under a primary key (``None``: none)."""
    pk = SCHEMA[table].pk
    return store.one(f"select * from [{table}] where " + " and ".join(f"[{k}] = ?" for k in pk), list(key))


def apply(store: Store, data: dict, beside: Callable | None = None) -> dict:
    """Apply a checked bundle's rows in one transaction (``beside(db)``: what the caller records in the same
    transaction). Returns what changed."""
    with store.transaction() as db:
        changed = _apply(db, data)
        if beside is not None:
            beside(db)
    return changed


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
    stored = {tuple(r[k] for k in table.pk): r for r in _matching(db, table.name, table.pk, rows)}
    best = dict(stored)
    smaller = {}
    for row in rows:
        k = tuple(row[c] for c in table.pk)
        if k not in best or key(row) < key(best[k]):
            best[k] = smaller[k] = row
    _upsert(db, table, list(smaller.values()))
    shown = [c.name for c in table.columns if c.varies and c.name not in (stamp, "signer", "signature")]
    for k, row in smaller.items():  # a version this laptop held gave way to the circle's earlier one: said
        mine = stored.get(k)
        if mine is not None and any(mine.get(c) != row.get(c) for c in shown):
            changed.setdefault("gave_way", []).append({"table": table.name, "key": list(k), "columns": [
                c for c in shown if mine.get(c) != row.get(c)], "mine": {c: mine.get(c) for c in shown},
                "kept": {c: row.get(c) for c in shown}})


def replace_fixed(store: Store, table: str, row: dict) -> None:
    """Put one version of a row of fixed content in place of the one held under its key (``lyss review resolve``:
    the coordinator's word on a conflict), its travelling columns as signed."""
    spec = SCHEMA[table]
    with store.transaction() as db:
        _upsert(db, spec, [{c: row.get(c) for c in spec.travelling}])


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
                if _answer_rank(table, row)[:3] != _answer_rank(table, same)[:3]:  # not only a signature filled in
                    changed["ratings_replaced"] += 1
                else:  # this laptop's own answer, relayed back signed
                    changed["ratings_signed"] += 1
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
    applied = rules().apply_tombstones(db, rows)
    changed["ratings_deleted"] += applied["ratings_deleted"]
    changed["speakers_withdrawn"] += applied["speakers_withdrawn"]
    changed["withdrawals_arrived"] += applied["withdrawals_arrived"]


MERGES = {SMALLEST: _smallest, KEEP: _keep, NEWEST_SIGNED: _newest_signed, LATEST_ANSWER: _latest_answer,
          TOMBSTONE: _tombstone}


def _apply(db, data: dict) -> dict:
    """Apply a checked bundle, each table by the merge rule the schema declares for it (``review.store.schema``),
    in the schema's order (a row's references before it)."""
    changed = {"ratings_added": 0, "ratings_replaced": 0, "ratings_deleted": 0, "speakers_withdrawn": 0,
               "withdrawals_arrived": 0, "ratings_signed": 0}
    held = {r["id"] for r in _matching(db, "campaigns", ("id",), data["campaigns"])}
    changed["campaigns_added"] = len({r["id"] for r in data["campaigns"]} - held)
    start = db.conn.total_changes
    for name in TABLES:
        MERGES[SCHEMA[name].merge](db, SCHEMA[name], data[name], changed)
    changed["ratings_refused_revoked"] = rules().apply_revocations(db)
    changed["rows_changed"] = db.conn.total_changes - start  # 0: the bundle brought nothing this laptop lacked
    changed["scrub"] = bool(changed["speakers_withdrawn"] or changed["withdrawals_arrived"])
    if changed["scrub"]:  # every copy of them goes: the backups too, even of a speaker this database no longer holds
        mark_withdrawal_pending(db)  # carried out in the backups and the log right after, or by the next command
    return changed


def held_versions(store: Store, table: str, rows: list[dict]) -> dict[tuple, tuple]:
    """The signed versions this laptop holds of the bundle's rows (looked up by key, not read whole)."""
    spec = SCHEMA[table]
    columns = ", ".join(f"[{c}]" for c in spec.travelling)
    keys_json = json.dumps([[r[k] for k in spec.key] for r in rows])
    match = ", ".join(f"[{k}]" for k in spec.key)
    wanted = ", ".join(f"json_extract(value, '$[{i}]')" for i in range(len(spec.key)))
    return {tuple(r[k] for k in spec.key): (r["signature"], signing.row_message(table, r)) for r in
            store.rows(f"select {columns} from [{table}] where signature is not null and ({match}) in "
                       f"(select {wanted} from json_each(?))", [keys_json])}
