"""A shared folder as this laptop knows it: the bundles it last saw there (``sync_files``: what each was, merged,
refused or published), and the rows that wait (``waiting_rows``): the rows of good bundles that need something not
here yet.

A row of a bundle whose campaign, speaker or sequence has not arrived, or whose author's enrolment,
hand-over or coordinator's trust is not here yet, is kept in ``waiting_rows`` (never in the study's
tables) and judged again, with the bundle being merged, at every merge and sync: once what it needs has
arrived, it merges as if it had come then. A withdrawal removes a withdrawn speaker's waiting rows too.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..sentences import Joined, Number, line
from ..store import Store, dumps, now
from ..store.schema import TRAVELLING
from .speakers import active


CHOSEN = "shared_folder"  # meta: the shared folder this laptop syncs (the app's, and the command line's)


def chosen(store: Store) -> str | None:
    """The shared folder this laptop syncs (chosen in the app, or set up with ``lyss sync setup`` / ``lyss review
    sync``); ``None`` when none is."""
    found = store.one("select value from meta where key = ?", [CHOSEN])
    return found["value"] if found and found["value"] else None


def choose(store: Store, folder: str | None) -> None:
    """Sync ``folder`` from now on (``None``: no shared folder)."""
    with store.transaction() as db:
        db.execute("insert or replace into meta (key, value) values (?, ?)", [CHOSEN, folder or ""])


def choose_if_none(store: Store, folder: str) -> bool:
    """Sync ``folder`` from now on unless a folder this laptop can reach is chosen already, or ``folder`` is not
    there (it vanished during the sync): a folder set up on the command line is the app's too. True when recorded."""
    held = chosen(store)
    if (held and Path(held).is_dir()) or not Path(folder).is_dir():  # one it can reach, or a folder that is gone
        return False
    choose(store, str(Path(folder).resolve()))
    return True


def files_seen(store: Store, folder: str | None = None) -> list[dict]:
    """The bundles last seen in a shared folder (every folder's when ``folder`` is ``None``), by name."""
    where, params = ("where folder = ?", [folder]) if folder is not None else ("", [])
    return store.rows(f"select * from sync_files {where} order by name", params)


def remember(db, row: dict) -> None:
    """Remember what a bundle of a shared folder was when last seen (``db``: the transaction it belongs to)."""
    db["sync_files"].upsert({**row, "seen_at": now()}, pk=("folder", "name"))


def forget(store: Store, folder: str) -> None:
    """Forget how the bundles of a shared folder looked when last seen: the next sync reads each of them again."""
    with store.transaction() as db:
        db.execute("delete from sync_files where folder = ? and status != 'published'", [folder])


def last_published(store: Store) -> str | None:
    """When this laptop last published its own bundle in a shared folder (the bundle's time), else ``None``."""
    found = store.one("select max(created_at) as at from sync_files where device_code = ? and status = 'published'",
                      [store.device_id])
    return found["at"] if found else None


def largest_bundle(store: Store, statuses: tuple[str, ...]) -> int:
    """The size of the largest bundle seen here with one of ``statuses`` (0: none)."""
    found = store.one(f"select max(size) as n from sync_files where status in ({', '.join('?' * len(statuses))})",
                      list(statuses))
    return int((found or {}).get("n") or 0)


def published_in(store: Store, own_name: str) -> list[str]:
    """The folders this laptop has published its bundle (``own_name``) to."""
    return [r["folder"] for r in store.rows("select folder from sync_files where name = ? and status = 'published'",
                                            [own_name])]


def _digest(table: str, row: dict) -> str:
    return hashlib.sha256(f"{table}\n{dumps(row)}".encode("utf-8")).hexdigest()


def said(text: str | None) -> dict | None:
    """A reason as stored here (what a row waits for, why it waits, why a bundle was refused): a said line kept as
    JSON, which each face says in its reader's language — or, kept by an older LYSS, its English text as it was."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if isinstance(value, dict) and isinstance(value.get("text"), str) and isinstance(value.get("values"), dict):
        return value
    return line("judge.as written", text=text)


def held(store: Store) -> list[dict]:
    """Every waiting row as stored (``row``: the bundle row, parsed; ``waits_for`` and ``reason``: said lines)."""
    return [{**r, "row": json.loads(r["row"]), "waits_for": said(r["waits_for"]), "reason": said(r["reason"])}
            for r in store.rows("select * from waiting_rows order by table_name, arrived_at, digest")]


def with_waiting(data: dict, waiting: list[dict]) -> dict:
    """A bundle's rows and the rows that wait here, each distinct row once (a bundle may bring one again)."""
    combined = {table: list(rows) for table, rows in data.items()}
    seen = {table: {dumps(r) for r in rows} for table, rows in data.items()}
    for w in waiting:
        text = dumps(w["row"])
        if w["table_name"] in seen and text not in seen[w["table_name"]]:
            seen[w["table_name"]].add(text)
            combined[w["table_name"]].append(w["row"])
    return combined


def keep(db, rows: list[tuple[str, dict, dict, dict]], before: list[dict], from_device: str | None) -> None:
    """Replace the waiting rows with ``rows`` (table, row, waits for, why — said lines, kept as JSON): a row that
    waited before keeps where and when it came from; a new one came from ``from_device`` now."""
    earlier = {(w["table_name"], w["digest"]): w for w in before}
    db.execute("delete from waiting_rows")
    stamp = now()
    records = []
    for table, row, waits_for, why in rows:
        digest = _digest(table, row)
        first = earlier.get((table, digest), {})
        speaker = row["id"] if table == "speakers" else row.get("speaker_id")
        records.append({"table_name": table, "digest": digest, "row": dumps(row), "speaker_id": speaker,
                        "waits_for": dumps(waits_for), "reason": dumps(why),
                        "from_device": first.get("from_device", from_device),
                        "arrived_at": first.get("arrived_at", stamp)})
    if records:
        db["waiting_rows"].insert_all(records, pk=("table_name", "digest"), replace=True)
        db.execute(f"delete from waiting_rows where speaker_id in (select s.id from speakers s where not {active()})")


def summary(store: Store) -> list[dict]:
    """What the waiting rows wait for, most rows first: ``waits_for`` (a said line), ``rows``, ``answers`` (of them,
    answers), ``tables``, ``since``."""
    out = []
    for r in store.rows("select waits_for, count(*) as rows, sum(table_name = 'ratings') as answers, "
                        "group_concat(distinct table_name) as tables, min(arrived_at) as since from waiting_rows "
                        "group by waits_for order by rows desc, waits_for"):
        out.append({"waits_for": said(r["waits_for"]), "rows": r["rows"], "answers": r["answers"] or 0,
                    "tables": sorted(r["tables"].split(",")), "since": r["since"]})
    return out


def _counted(key: str, n: int) -> Joined:
    return Joined([line(key, n=Number(n, "count"), one="n")])


def lines(store: Store) -> list[dict]:
    """One said line per thing awaited, answers counted apart from the rows that come with them (a speaker's sequence,
    its history): "2 answers and 41 other rows wait for campaign cmp-… from its coordinator"."""
    out = []
    for s in summary(store):
        others, waits = s["rows"] - s["answers"], Joined([s["waits_for"]])
        if s["answers"] and others:
            out.append(line("rows waiting.both", answers=_counted("rows waiting.answers", s["answers"]),
                            others=_counted("rows waiting.other rows", others), waits=waits))
        else:
            what = _counted("rows waiting.answers", s["answers"]) if s["answers"] else \
                _counted("rows waiting.rows", others)
            out.append(line("rows waiting.only", what=what, waits=waits, n=Number(s["rows"], "count"), one="n"))
    return out


def digests(store: Store) -> set[str]:
    return {r["digest"] for r in store.rows("select digest from waiting_rows")}


def count(store: Store) -> int:
    return store.one("select count(*) as n from waiting_rows")["n"]


def nothing() -> dict:
    """A bundle of no rows: merged, it judges the rows that wait here on their own (``bundles.merge_waiting``)."""
    return {table: [] for table in TRAVELLING}
