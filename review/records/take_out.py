"""Take everything back (``lyss review take-out``): every row a community's campaigns hold — the campaigns, their runs
and items, the speakers' consent records, sequences, answers with their spans and history, and the coordinator's
decisions — written in open formats by ``review.store.take_outs``, and remembered here, so that a withdrawal reaches
the take-out too. Withdrawn speakers are never in one; names, communities and dialects only with ``with_names``."""

from __future__ import annotations

import json
from pathlib import Path

from scoring.errors import BadValue
from scoring.files import packaged_text

from ..store import Store, now, take_outs
from ..store.schema import JSON_KINDS, TABLES
from . import restoring
from .speakers import ACTIVE_IDS

TAKEN = ("campaigns", "campaign_terms", "use_decisions", "verdict_records", "campaign_items", "runs", "items",
         "human_scores", "speakers", "assignments", "ratings", "rating_history", "enrolments", "revocations", "handovers")


def _rows(store: Store, table: str, where: str, params: list, with_names: bool) -> list[dict]:
    columns = TABLES[table].taken_out(with_names)
    rows = store.rows(f"select {', '.join(f't.[{c}]' for c in columns)} from [{table}] t {where}", params)
    decoded = [c.name for c in TABLES[table].columns if c.kind in JSON_KINDS and c.name in columns]
    for row in rows:  # JSON columns as JSON, not as text holding JSON
        for c in decoded:
            if isinstance(row.get(c), str):
                row[c] = json.loads(row[c])
    return rows


def tables(store: Store, campaign_ids: list[str], with_names: bool = False) -> dict[str, list[dict]]:
    """Every row of these campaigns, table by table (only active speakers')."""
    ids = json.dumps(sorted(campaign_ids))
    mine = "t.campaign_id in (select value from json_each(?))"
    live = f"{mine} and t.speaker_id in {ACTIVE_IDS}"
    runs = ("(select run_id from campaigns where id in (select value from json_each(?)) union select i.run_id from "
            "campaign_items ci join items i on i.id = ci.item_id where ci.campaign_id in (select value from json_each(?)))")
    items = (f"(select item_id from campaign_items where campaign_id in (select value from json_each(?)) union select "
             f"item_id from assignments a where a.campaign_id in (select value from json_each(?)) and a.speaker_id in "
             f"{ACTIVE_IDS})")
    wheres = {
        "campaigns": ("where t.id in (select value from json_each(?))", [ids]),
        "campaign_items": (f"where {mine} order by t.campaign_id, t.position", [ids]),
        "runs": (f"where t.id in {runs}", [ids, ids]),
        "items": (f"where t.id in {items}", [ids, ids]),
        "human_scores": (f"where t.item_id in {items}", [ids, ids]),
        "speakers": (f"where t.id in (select speaker_id from assignments t where {live})", [ids]),
        "assignments": (f"where {live} order by t.campaign_id, t.speaker_id, t.position", [ids]),
        "ratings": (f"where {live} order by t.campaign_id, t.speaker_id, t.position", [ids]),
        "rating_history": (f"where {live}", [ids]),
        "campaign_terms": (f"where {mine} order by t.campaign_id, t.version", [ids]),
        "use_decisions": (f"where {mine} order by t.campaign_id, t.recorded_at", [ids]),
        "verdict_records": (f"where {mine} order by t.campaign_id, t.question, t.at", [ids]),
        "enrolments": (f"where {mine}", [ids]),
        "revocations": (f"where {mine}", [ids]),
        "handovers": (f"where {live}", [ids]),
    }
    return {table: _rows(store, table, *wheres[table], with_names) for table in TAKEN}


def take_out(store: Store, folder: str, campaign_ids: list[str], with_names: bool = False) -> dict:
    """Write a take-out of these campaigns into ``folder`` (new or empty), remember it here. Returns its manifest."""
    if not campaign_ids:
        raise BadValue("take-out", "", "no campaign here to take out")
    found = tables(store, campaign_ids, with_names)
    speakers = sorted(r["id"] for r in found["speakers"])
    stamp = now()
    about = {"made_at": stamp, "laptop": store.device_id, "campaigns": sorted(campaign_ids), "speakers": speakers,
             "with_names": with_names}
    text = packaged_text("review", "data/take_out_readme.txt").format(
        made_at=stamp, campaigns=", ".join(sorted(campaign_ids)), speakers=len(speakers),
        names="; with their names, communities and dialects where this laptop holds them" if with_names else "")
    columns = {t: list(TABLES[t].taken_out(with_names)) for t in TAKEN}
    manifest = take_outs.write(folder, found, columns, about, text)
    with store.transaction() as db:
        db["take_outs"].insert({"folder": str(Path(folder).resolve()), "made_at": stamp,
                                "campaigns": json.dumps(sorted(campaign_ids)), "speakers": json.dumps(speakers)},
                               replace=True)
    return manifest


def take_back(store: Store) -> list[dict]:
    """After a restore: the take-outs the replaced database remembered and the backup does not, remembered here again
    (so that a withdrawal still reaches them, or names them). Returns them (``folder``, ``made_at``)."""
    here = {r["folder"] for r in store.rows("select folder from take_outs")}
    lost = [r for r in restoring.replaced_rows(store, "select * from take_outs order by made_at") if r["folder"] not in here]
    if lost:
        with store.transaction() as db:
            db["take_outs"].insert_all(lost, ignore=True)
    return [{"folder": r["folder"], "made_at": r["made_at"]} for r in lost]


def holding(store: Store, speaker_id: str) -> list[dict]:
    """The take-outs written here that hold a speaker (``folder``, ``made_at``)."""
    return [{"folder": r["folder"], "made_at": r["made_at"]} for r in store.rows(
        "select folder, made_at from take_outs where exists (select 1 from json_each(speakers) where value = ?) "
        "order by made_at", [speaker_id])]
