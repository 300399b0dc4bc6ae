"""What a restore left out, and what can come back. A backup is older than the database it replaces: the answers this
laptop recorded since come back from its own bundle in the shared folder at the next sync
(``review.exchange.sync.take_back_own``) or from a bundle exported since, and the speakers it registered since come
back with them — but without their names, which never leave a laptop. The copy a restore keeps of the database it
replaced (``review.store.database.replaced_copy``) still holds those names: this module says what the restored
database lacks, by name, and puts a speaker back from that copy when asked (:func:`take_back_speaker`), so a speaker
who registers again keeps their id — nothing is served to them twice, and they are counted once."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from scoring.errors import BadValue

from ..store import Store
from ..store.database import replaced_copy
from .speakers import add_speaker, put_back


def _read(copy: Path, sql: str, params=()) -> list[dict]:
    """Rows of the replaced copy, read without writing anything beside it (a backup is never written again)."""
    try:
        with closing(sqlite3.connect(f"file:{copy}?mode=ro&immutable=1", uri=True)) as conn:
            conn.row_factory = sqlite3.Row
            return [dict(r) for r in conn.execute(sql, list(params))]
    except sqlite3.Error:
        return []


def replaced_rows(store: Store, sql: str, params=()) -> list[dict]:
    """Rows of the copy a restore kept of the database it replaced (none when this database was never restored)."""
    copy = replaced_copy(store.path)
    return _read(copy, sql, params) if copy else []


def _own_speakers(store: Store, copy: Path) -> list[dict]:
    """The speakers this laptop registered, as the replaced copy holds them (never a withdrawn one)."""
    return _read(copy, "select * from speakers where registered_by = ? and not withdrawn order by created_at, id",
                 [store.public_key])


def _withdrawn_here(store: Store) -> set[str]:
    return {r["id"] for r in store.rows("select id from tombstones where kind = 'speaker'")}


def lacks(store: Store) -> dict | None:
    """What the restored database lacks that the database it replaced held: ``answers`` (this laptop's, by count),
    ``speakers`` (registered here since the backup: ``id``, ``name``, ``registered``), and ``copy`` (where the
    replaced database is kept). ``None`` when this database was never restored."""
    copy = replaced_copy(store.path)
    if copy is None:
        return None
    held = {r["uuid"] for r in store.rows("select uuid from ratings where device_id = ?", [store.device_id])}
    answers = [r["uuid"] for r in _read(copy, "select uuid from ratings where device_id = ?", [store.device_id])]
    here = {r["id"]: r for r in store.rows("select id, display_name from speakers")}
    gone = _withdrawn_here(store)
    speakers = [{"id": r["id"], "name": r["display_name"], "registered": r["created_at"]}
                for r in _own_speakers(store, copy)
                if r["id"] not in gone and (r["id"] not in here or not here[r["id"]]["display_name"])]
    return {"copy": str(copy), "answers": sum(1 for uuid in answers if uuid not in held), "speakers": speakers}


def same_name(store: Store, name: str) -> dict | None:
    """A speaker this laptop registered under this name (the same words, case and spaces aside), here or in the copy
    of a database a restore replaced: ``id``, ``name``, ``registered``, ``here`` (whether this database holds them with
    their name). ``None`` when there is none."""
    wanted = " ".join(name.split()).casefold()
    for r in store.rows("select id, display_name, created_at from speakers where registered_by = ? and not withdrawn "
                        "order by created_at, id", [store.public_key]):
        if r["display_name"] and " ".join(r["display_name"].split()).casefold() == wanted:
            return {"id": r["id"], "name": r["display_name"], "registered": r["created_at"], "here": True}
    copy = replaced_copy(store.path)
    if copy is None:
        return None
    gone = _withdrawn_here(store)
    for r in _own_speakers(store, copy):
        if r["id"] not in gone and r["display_name"] and " ".join(r["display_name"].split()).casefold() == wanted:
            return {"id": r["id"], "name": r["display_name"], "registered": r["created_at"], "here": False}
    return None


def take_back_speaker(store: Store, speaker_id: str) -> str:
    """Put a speaker this laptop registered back from the replaced copy: their row as signed there, their name and
    what else stays on this laptop with it. A speaker who withdrew is never put back. Returns their id."""
    copy = replaced_copy(store.path)
    rows = [r for r in (_own_speakers(store, copy) if copy else []) if r["id"] == speaker_id]
    if not rows or speaker_id in _withdrawn_here(store):
        return speaker_id
    put_back(store, rows[0])
    return speaker_id


def names_back(store: Store) -> list[dict]:
    """Every speaker this laptop registered that the restored database lacks, or holds without a name, put back from
    the replaced copy (:func:`take_back_speaker`). Returns them (``id``, ``name``)."""
    missing = (lacks(store) or {"speakers": []})["speakers"]
    for speaker in missing:
        take_back_speaker(store, speaker["id"])
    return [{"id": s["id"], "name": s["name"]} for s in missing]


def lost_speaker(store: Store, text: str) -> dict | None:
    """A speaker this laptop registered, named by id or name, whom the replaced copy holds and this database does not
    (``id``, ``name``, ``registered``); else ``None``."""
    copy = replaced_copy(store.path)
    if copy is None or store.one("select id from speakers where id = ?", [text]):
        return None
    gone = _withdrawn_here(store)
    for r in _own_speakers(store, copy):
        if r["id"] not in gone and text in (r["id"], r["display_name"]) and \
                not store.one("select id from speakers where id = ?", [r["id"]]):
            return {"id": r["id"], "name": r["display_name"], "registered": r["created_at"]}
    return None


def register(store: Store, name: str, consent_scope: str, community: str | None = None, dialect: str | None = None,
             consent_uses: list[str] | None = None, same_person: bool | None = None) -> str:
    """A speaker registering, who may have registered on this laptop before (a restore lost them, or they forgot):
    with a speaker of this name here or in the replaced copy, ``same_person`` says whether it is them — ``None`` is
    refused in one line asking; ``True`` keeps their id (their sequence: nothing served twice, counted once);
    ``False`` registers someone new. Returns the speaker's id."""
    earlier = None if same_person is False else same_name(store, name)
    if earlier is not None and same_person is None:
        raise BadValue("--name", name, f"a speaker of this name was registered on this laptop on "
                                       f"{earlier['registered'][:10]} ({earlier['id']}): the same person keeps their "
                                       f"id — add --same-person; someone else — add --another-person")
    if earlier is not None:
        return take_back_speaker(store, earlier["id"])
    if same_person:
        raise BadValue("--same-person", name, "no speaker of this name was registered on this laptop")
    return add_speaker(store, name, consent_scope, community, dialect, consent_uses)
