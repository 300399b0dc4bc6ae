"""What this laptop publishes in its bundles: the rows of every travelling table it may carry (``rows``), as the
tables hold them, and every table's travelling rows for comparing laptops (``table_snapshot``)."""

from __future__ import annotations

from .. import tasks as task_defs
from ..store import Store, dumps, keys, signing
from ..store.schema import DECISIONS, TABLES as SCHEMA, TRAVELLING
from . import lagging
from .speakers import ACTIVE_IDS, active

def _shared_campaigns(store: Store) -> list[str]:
    """The campaigns bundles carry: every one but imported public test sets (each laptop imports those)."""
    imported = [code for code, t in task_defs.tasks().items() if t.imported]
    marks = ", ".join("?" * len(imported))
    return [r["id"] for r in store.rows(f"select id from campaigns where task not in ({marks})", imported)]


def _rows(store: Store, table: str, where: str = "", params: list | None = None) -> list[dict]:
    columns = ", ".join(f"t.[{c}]" for c in SCHEMA[table].travelling)
    return store.rows(f"select {columns} from [{table}] t {where}", params or [])


def rows(store: Store, own_only: bool = False) -> dict:
    """What this laptop publishes: the shared campaigns with their runs, items, enrolments, hand-overs and
    revocations; the speakers it knows (pseudonymous: never names, communities or dialects) with their
    sequences, answers and history, leaving out withdrawn speakers; every tombstone. Rows this laptop
    wrote are signed now; another author's rows travel with their author's signature, unchanged, and
    a row whose signature does not hold here (changed locally) stays here.

    ``own_only``: the rows this laptop wrote (a shared folder, where every laptop publishes its own file), those
    of the laptops it revoked as coordinator and of the laptops whose file lacks rows they signed that are held
    here (:mod:`review.records.lagging`), and the coordinator's rows it depends on, relayed: the decisions of every campaign it takes part in, and each
    campaign it is enrolled in with its runs and items, signed by the coordinator — so a coordinator's laptop
    restored from a backup older than a campaign gets the campaign back from any enrolled laptop."""
    store.conn.execute("create temp table if not exists shared (id text primary key)")
    store.conn.execute("delete from temp.shared")
    store.conn.executemany("insert into temp.shared values (?)", [(c,) for c in _shared_campaigns(store)])
    in_shared = "where t.campaign_id in (select id from temp.shared)"
    live = f"and t.speaker_id in {ACTIVE_IDS}"
    runs = ("(select run_id from campaigns where id in (select id from temp.shared) union select i.run_id from "
            "campaign_items ci join items i on i.id = ci.item_id where ci.campaign_id in (select id from temp.shared))")
    wheres = {
        "runs": (f"where t.id in {runs}", []),
        # a degraded item travels with the live sequence that uses it (a withdrawn speaker's stays here)
        "items": (f"where t.run_id in {runs} and (t.kind != 'degraded' or t.id in (select a.item_id from assignments "
                  f"a join speakers s on s.id = a.speaker_id where a.qc = 'degraded' and {active()}))", []),
        "human_scores": (f"where t.item_id in (select id from items where run_id in {runs})", []),
        "campaigns": ("where t.id in (select id from temp.shared)", []),
        "campaign_items": (in_shared, []),
        "enrolments": (in_shared, []),
        "revocations": (in_shared, []),
        "handovers": (in_shared + " " + live, []),
        "campaign_terms": (in_shared, []),
        "use_decisions": (in_shared, []),
        "verdict_records": (in_shared, []),
        "speakers": (f"where {active('t')} and (t.registered_by = ? or t.id in (select speaker_id from assignments "
                     "where campaign_id in (select id from temp.shared)))", [store.public_key]),
        "assignments": (in_shared + " " + live, []),
        "ratings": (in_shared + " " + live, []),
        "rating_history": (in_shared + " " + live, []),
        "tombstones": ("", []),
    }
    data = {}
    me = store.public_key
    relayed = sorted({*_revoked_authors(store), *lagging.behind(store)}) if own_only else []
    coordinators = _coordinators_enrolling(store) if own_only else []
    authors = [me, *relayed]
    for table, (where, params) in wheres.items():
        author = {"campaigns": "coordinator", "campaign_items": None}.get(table, "signer")
        if own_only and author and table not in DECISIONS:  # the others' rows are not even read
            who = [me] if author == "coordinator" or table == "tombstones" else authors
            if table in CAMPAIGN_ROWS:
                who = [*who, *coordinators]
            where, params = f"{where or 'where 1'} and t.{author} in ({', '.join('?' * len(who))})", [*params, *who]
        data[table] = _rows(store, table, where, params)
    if own_only:  # a coordinator's decisions travel in every laptop's file: a restore or a lost file forgets none
        coordinator = {r["id"]: r["coordinator"] for r in store.rows("select id, coordinator from campaigns")}
        data["enrolments"] = [r for r in data["enrolments"] if r["signer"] == me or (  # and its own: not 200 × 200
            r["device_code"] == store.device_id and signing.valid_enrolment(r, coordinator.get(r["campaign_id"])))]
        for table in ("revocations", "handovers", "campaign_terms", "use_decisions", "verdict_records"):
            data[table] = [r for r in data[table] if r["signer"] == coordinator.get(r["campaign_id"])]
    for table, rows in data.items():
        if SCHEMA[table].signed == "row":
            data[table] = [signing.sign_row(store.private_key, me, table, r) if r["signer"] == me else r
                           for r in rows if r["signer"] == me or ((not own_only or r["signer"] in relayed or
                                                                   table in DECISIONS or (table in CAMPAIGN_ROWS and
                                                                                          r["signer"] in coordinators))
                                                                  and signing.valid_row(table, r))]
    if own_only:
        mine = {r["id"] for r in data["campaigns"] if r["coordinator"] == me} | _enrolled_here(store)
        data["campaigns"] = [r for r in data["campaigns"] if r["id"] in mine]
        data["campaign_items"] = [r for r in data["campaign_items"] if r["campaign_id"] in mine]
        if coordinators:  # of another coordinator's rows, only those of the campaigns relayed
            runs_of = {r["run_id"] for r in data["campaigns"]} | {r["run_id"] for r in data["items"] if r["id"] in {
                ci["item_id"] for ci in data["campaign_items"]}}
            data["runs"] = [r for r in data["runs"] if r["signer"] == me or r["id"] in runs_of]
            data["items"] = [r for r in data["items"] if r["signer"] == me or r["run_id"] in runs_of]
            kept = {r["id"] for r in data["items"]}
            data["human_scores"] = [r for r in data["human_scores"] if r["signer"] == me or r["item_id"] in kept]
        data["tombstones"] = [r for r in data["tombstones"] if r["signer"] == me]
    return data


CAMPAIGN_ROWS = ("campaigns", "runs", "items", "human_scores")  # a coordinator's, relayed by its enrolled laptops


def _enrolled_here(store: Store) -> set[str]:
    """The campaigns this laptop is enrolled in, by an enrolment its campaign's coordinator signed."""
    rows = store.rows("select e.*, c.coordinator from enrolments e join campaigns c on c.id = e.campaign_id where "
                      "e.device_code = ?", [store.device_id])
    return {r["campaign_id"] for r in rows if signing.valid_enrolment(r, r["coordinator"])}


def _coordinators_enrolling(store: Store) -> list[str]:
    """The keys of the coordinators of the campaigns this laptop is enrolled in (their rows it relays)."""
    enrolled = sorted(_enrolled_here(store))
    if not enrolled:
        return []
    return sorted({r["coordinator"] for r in store.rows(
        f"select coordinator from campaigns where id in ({', '.join('?' * len(enrolled))})", enrolled)})


def _revoked_authors(store: Store) -> list[str]:
    """The keys of the laptops this laptop revoked as coordinator: in a shared folder it publishes their kept
    rows (signed before the revocation, with their signatures) beside its own, so that what the study keeps
    does not depend on the revoked laptop's file, which it may rewrite without them."""
    codes = {r["device_code"] for r in store.rows("select device_code from revocations where signer = ?",
                                                   [store.public_key])}
    if not codes:
        return []
    found = {r["signer"] for table in ("speakers", "assignments", "ratings", "rating_history")
             for r in store.rows(f"select distinct signer from [{table}] where signer is not null")}
    return sorted(k for k in found if keys.code_of(k) in codes)


def table_snapshot(store: Store) -> dict[str, list]:
    """Every shared table's travelling rows, sorted: what "identical tables" means for merges."""
    out = {}
    for table in TRAVELLING:
        out[table] = sorted(dumps(r) for r in _rows(store, table))
    return out
