"""The exports written here (issue 66): where, when, what kind, for which use, of which campaigns and whose answers
each holds. An export is a copy of the community's data outside LYSS — a CSV a researcher opened in R, a test set
sent on: LYSS cannot rewrite it, so a withdrawal names every export that holds the speaker, for the coordinator to
chase (take-outs, which LYSS rewrites, are ``review.records.take_out``'s)."""

from __future__ import annotations

import json
from pathlib import Path

from ..store import Store, now


def record(store: Store, path: str, kind: str, use: str | None, campaigns: list[str], speakers: list[str]) -> None:
    """Record an export just written (a database opened read-only, on a medium that cannot be written, records
    nothing: the command line opens it to write)."""
    if store.read_only:
        return
    with store.transaction() as db:
        db["exports"].insert({"path": str(Path(path).resolve()), "made_at": now(), "kind": kind, "use": use,
                              "campaigns": json.dumps(sorted(set(campaigns))),
                              "speakers": json.dumps(sorted(set(speakers)))})


def listed(store: Store) -> list[dict]:
    """Every export written here, oldest first (``speakers``: how many, never who)."""
    return [{**r, "campaigns": json.loads(r["campaigns"]), "speakers": len(json.loads(r["speakers"]))}
            for r in store.rows("select path, made_at, kind, use, campaigns, speakers from exports order by made_at")]


def holding(store: Store, speaker_id: str) -> list[dict]:
    """The exports written here that hold a speaker's answers (``path``, ``made_at``, ``kind``, ``use``)."""
    return store.rows("select path, made_at, kind, use from exports where exists (select 1 from json_each(speakers) "
                      "where value = ?) order by made_at", [speaker_id])
