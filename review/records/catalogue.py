"""The catalogue of a laptop's runs and campaigns: a scored run card stored with one item per entry (content-addressed ids, so
importing the same run twice changes nothing), a campaign stored signed over its items, and the look-ups every
room needs (a campaign's row and language, the lists, finding one by id or name). What a campaign *does* with its
speakers lives in ``review.rating``; what its answers *show* in ``review.study``."""

from __future__ import annotations

import hashlib
import json
import math
import unicodedata
from typing import Any, Iterable

from scoring.errors import BadValue, FileProblem, NotFound
from scoring.runcard import read_json

from .. import tasks as task_defs
from ..sentences import refused
from . import laptops
from ..store import Store, content_id as _hash, dumps, now, signing
from ..tasks.base import segment_id


def _entry_metrics(entry: dict) -> dict[str, float]:
    """The numbers of a scored entry that studies correlate: its breakdown (normalised 0–1), its
    composite score and its raw surface metrics."""
    out: dict[str, float] = {}
    for key, value in (entry.get("breakdown") or {}).items():
        out[key] = float(value)
    if _is_number(entry.get("score")):
        out["composite"] = float(entry["score"])
    for key, value in (entry.get("metrics") or {}).items():
        if _is_number(value) and key != "chrf_plus_plus":
            out[f"raw_{key}"] = float(value)
    chrf = (entry.get("metrics") or {}).get("chrf_plus_plus")
    if _is_number(chrf):
        out["chrf_plus_plus_points"] = float(chrf)
    return out


def load_scored(path: str) -> dict:
    """A scored run card (``lyss score --out``), its fields checked where the review reads them."""
    data = read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("scores"), dict) or \
            not isinstance(data.get("entries"), list) or not data["entries"]:
        raise refused(FileProblem, path, "top level", "scored.not scored")
    _check_scored(path, data)
    return data


def _is_number(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _check_scored(path: str, data: dict) -> None:
    lyss = data.get("lyss", {})
    if not isinstance(lyss, dict) or not all(isinstance(lyss.get(k, {}), dict) for k in ("input", "language")):
        raise refused(FileProblem, path, "lyss", "scored.lyss")
    for key in ("model_slug", "run_id"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise refused(FileProblem, path, key, "scored.text")
    if data["scores"].get("quality_tier") is not None and not isinstance(data["scores"]["quality_tier"], str):
        raise refused(FileProblem, path, "scores.quality_tier", "scored.text")
    seen = set()
    for n, e in enumerate(data["entries"], 1):
        place = f"entry {n}"
        if not isinstance(e, dict) or isinstance(e.get("id"), bool) or not isinstance(e.get("id"), (str, int)):
            raise refused(FileProblem, path, place, "scored.id")
        if str(e["id"]) in seen:
            raise refused(FileProblem, path, place, "scored.duplicate id", id=repr(e["id"]))
        seen.add(str(e["id"]))
        for key in ("source", "predicted", "reference"):
            if e.get(key) is not None and not isinstance(e[key], str):
                raise refused(FileProblem, path, f"{place} {key}", "scored.text")
        if e.get("difficulty") is not None and not isinstance(e["difficulty"], (str, int, float)):
            raise refused(FileProblem, path, f"{place} difficulty", "scored.number or text")
        if e.get("score") is not None and not _is_number(e["score"]):
            raise refused(FileProblem, path, f"{place} score", "scored.finite")
        for key in ("breakdown", "metrics", "lyss"):
            if e.get(key) is not None and not isinstance(e[key], dict):
                raise refused(FileProblem, path, f"{place} {key}", "scored.object")
        if any(not _is_number(v) for v in (e.get("breakdown") or {}).values()):
            raise refused(FileProblem, path, f"{place} breakdown", "scored.finite values")
        for plugin, result in (e.get("lyss") or {}).items():
            if not isinstance(result, dict):
                raise refused(FileProblem, path, f"{place} lyss.{plugin}", "scored.object")
            for key in ("classes", "rejected"):
                value = result.get(key)
                if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                    raise refused(FileProblem, path, f"{place} lyss.{plugin}.{key}", "scored.texts")


def _entry_extra(entry: dict) -> dict:
    """What an item keeps of its scored entry beside its numbers: the language pack's per-entry results
    (``lyss``) and, when the run card's glossary expected terms the output lacks, those terms
    (``glossary_misses``: task E's pre-marks name them)."""
    misses = ((entry.get("metrics") or {}).get("terminology") or {}).get("misses") or []
    return {"lyss": entry.get("lyss", {}), **({"glossary_misses": misses} if misses else {})}


CONFIRMED_AS_SCORED = "scored_as"  # what ``lyss study confirm-tier`` keeps of the card's tier_confirmation it replaced


def as_scored(scored: dict) -> dict:
    """The run card as ``lyss score`` wrote it: a tier confirmation written into it since is put back to what it
    replaced (kept in it as ``scored_as``), so that a confirmed card is still the same run."""
    confirmation = (scored.get("scores") or {}).get("tier_confirmation")
    if not isinstance(confirmation, dict) or CONFIRMED_AS_SCORED not in confirmation:
        return scored
    return {**scored, "scores": {**scored["scores"], "tier_confirmation": confirmation[CONFIRMED_AS_SCORED]}}


def import_run(store: Store, scored: dict, name: str | None = None) -> str:
    """Store a scored run and its entries as items. Returns the run id (same run → same id: the card as scored,
    :func:`as_scored`)."""
    scored = as_scored(scored)
    card = dumps(scored)
    digest = scored.get("lyss", {}).get("input", {}).get("entries_sha256") or _hash(
        *[(e.get("id"), e.get("predicted")) for e in scored["entries"]])
    run_id = f"run-{hashlib.sha256(card.encode()).hexdigest()[:16]}"  # the scored card itself: content-addressed
    language = (scored.get("lyss", {}).get("language") or {}).get("code")
    with store.transaction() as db:
        if db["runs"].count_where("id = ?", [run_id]):
            return run_id
        db["runs"].insert({"id": run_id, "name": name or scored.get("model_slug") or scored.get("run_id") or run_id,
                           "model_slug": scored.get("model_slug"), "language": language, "card_sha256": digest,
                           "scored_card": card, "extra": dumps({}), "imported_at": now(),
                           "source": "scored run card", "signer": store.public_key})
        db["items"].insert_all([{
            "id": segment_id(run_id, e["id"]), "run_id": run_id, "entry_id": str(e["id"]),
            "kind": "segment", "source": e.get("source", ""), "output": e.get("predicted", ""),
            "reference": e.get("reference", ""), "difficulty": None if e.get("difficulty") is None else str(e["difficulty"]),
            "metrics": dumps(_entry_metrics(e)), "extra": dumps(_entry_extra(e)),
            "signer": store.public_key} for e in scored["entries"]])
    return run_id


def is_adaptive(campaign_row: dict) -> bool:
    settings = campaign_row["settings"]
    return bool((json.loads(settings) if isinstance(settings, str) else settings or {}).get("adaptive"))


def campaign_language(store: Store, campaign_id: str) -> dict:
    """The language profile a campaign was built with (empty names for a campaign of unknown language)."""
    settings = campaign(store, campaign_id)["settings"]
    return settings.get("language") or {"code": None, "name": None, "display": [], "items": {}, "tasks": {}}


def insert_campaign(store: Store, row: dict, item_ids: list[str]) -> None:
    """Store a campaign this laptop coordinates, signed over its list of items, with the enrolments of the laptops of
    its circle (``review.records.laptops``)."""
    row = {**row, **signing.sign_campaign(store.db, store.private_key, store.public_key, row, item_ids)}
    store.db["campaigns"].insert(row)
    store.db["campaign_items"].insert_all([{"campaign_id": row["id"], "item_id": i, "position": p}
                                           for p, i in enumerate(item_ids)])
    laptops.enrol_circle(store, row["id"])


def campaign_items(store: Store, campaign_id: str) -> list[dict]:
    """A campaign's items in its order (``item_id``, ``source``, ``output``, ``reference``, ``kind``)."""
    return store.rows("select ci.item_id, i.source, i.output, i.reference, i.kind from campaign_items ci join items i on i.id = "
                      "ci.item_id where ci.campaign_id = ? order by ci.position", [campaign_id])


def item(store: Store, item_id: str, decoded: bool = False) -> dict:
    """An item's row as stored (``metrics`` and ``extra`` as JSON text; ``decoded``: ``extra`` decoded)."""
    row = store.one("select * from items where id = ?", [item_id], ["extra"] if decoded else [])
    if row is None:
        raise NotFound("item", item_id, "no such item")
    return row


def list_campaigns(store: Store, *, imported: bool = True) -> list[dict]:
    """Every campaign, oldest first, with its item count, whether it is adaptive and whether this laptop takes part
    in it (imported DA campaigns optional)."""
    rows = store.rows("select c.id, c.name, c.task, c.raters_per_item, c.created_at, count(ci.item_id) as outputs, "
                      "coalesce(json_extract(c.settings, '$.adaptive'), 0) as adaptive "
                      "from campaigns c left join campaign_items ci on ci.campaign_id = c.id group by c.id "
                      "order by c.created_at, c.id")
    rows = [r for r in rows if imported or not task_defs.task(r["task"]).imported]
    for r in rows:  # the one count of items to rate: an output that another item stands for is not rated again
        r["items"] = r["outputs"] - len(copies_of(store, r["id"]))
        r["takes_part"] = int(laptops.takes_part(store, r["id"]))  # the one rule of who may record what
    return rows


def items_to_rate(store: Store, campaign_id: str) -> int:
    """A campaign's items to rate: its items, each distinct output once (:func:`same_outputs`). The one count that
    ``review list``, ``review progress``, ``study status`` and the app show."""
    total = store.one("select count(*) as n from campaign_items where campaign_id = ?", [campaign_id])["n"]
    return total - len(copies_of(store, campaign_id))


def list_runs(store: Store) -> list[dict]:
    """Every run, with its language and how many items it has."""
    return store.rows("select r.id, r.name, r.language, r.source, count(i.id) as items from runs r left join items "
                      "i on i.run_id = r.id and i.kind = 'segment' group by r.id order by r.imported_at, r.id")


def find_by_id_or_name(store: Store, kind: str, sql_by_id: str, sql_by_name: str, text: str) -> str:
    """An id from an id or a unique name; one line naming what was not found, or the ambiguity."""
    if store.one(sql_by_id, [text]):
        return text
    named = [r["id"] for r in store.rows(sql_by_name, [text])]
    if len(named) == 1:
        return named[0]
    if named:
        raise NotFound(kind, text, f"{len(named)} {kind}s have this name: give the id (lyss review list {kind}s)")
    raise NotFound(kind, text, f"no such {kind} (lyss review list {kind}s shows them)")


def find_campaign(store: Store, text: str | None, imported: bool = False) -> str:
    """A campaign's id from its id or its (unique) name; with none given, the database's only campaign (with
    several, one line that lists them; ``imported``: imported public data counts too)."""
    if text is None:
        every = list_campaigns(store, imported=imported)
        if len(every) == 1:
            return every[0]["id"]
        listed = "; ".join(f"{c['id']} ({c['name']})" for c in every[:8]) or "none yet"
        raise BadValue("--campaign", "", f"{len(every)} campaigns here: choose one with --campaign: {listed}")
    return find_by_id_or_name(store, "campaign", "select id from campaigns where id = ?", "select id from campaigns where name = ?",
                 text)


def campaign(store: Store, campaign_id: str, decoded: bool = True) -> dict:
    """A campaign's row, its ``settings`` decoded (``decoded=False``: as stored, JSON text)."""
    row = store.one("select * from campaigns where id = ?", [campaign_id],
                    json_columns=["settings"] if decoded else [])
    if row is None:
        raise NotFound("--campaign", campaign_id, "no such campaign (lyss review list campaigns shows them)")
    return row


def coverage(store: Store, campaign_id: str) -> dict:
    """How many of a campaign's distinct outputs (its items, each output rated once: :func:`same_outputs`)
    reached the target number of distinct speakers."""
    camp = store.one("select raters_per_item from campaigns where id = ?", [campaign_id])
    rows = store.rows("select ci.item_id, count(distinct r.speaker_id) as n from campaign_items ci left join "
                      "ratings r on r.item_id = ci.item_id and r.campaign_id = ci.campaign_id where ci.campaign_id = ? "
                      "group by ci.item_id", [campaign_id])
    copies = copies_of(store, campaign_id)
    rows = [r for r in rows if r["item_id"] not in copies]
    target = camp["raters_per_item"]
    return {"items": len(rows), "target_speakers": target, "items_at_target": sum(r["n"] >= target for r in rows)}


ONE_RATING_PER_OUTPUT = "one_rating_per_output"  # a campaign setting: identical outputs are rated once


def same_output(source: str | None, output: str | None) -> tuple[str, str]:
    """What makes two outputs the same for a speaker: their source and output after Unicode NFC, with every
    run of white space one space (a rating of one is a rating of the other)."""
    return tuple(" ".join(unicodedata.normalize("NFC", text or "").split()) for text in (source, output))


def same_outputs(store: Store, campaign_id: str) -> dict[str, list[dict]]:
    """In a campaign that rates each distinct output once (its settings say ``one_rating_per_output``): the item
    served for each group of items with the same output (:func:`same_output`, same kind), the first in campaign
    order, → the others in the group (``item_id``, ``run_id``, ``entry_id``), whose ratings it gives. Empty for
    other campaigns (imported ratings, and campaigns made before, rated every copy). Read once while no row changes
    (a scan of the campaign's texts that status, serving and the exports all ask for)."""
    return store.kept(("same_outputs", campaign_id), lambda: _same_outputs(store, campaign_id),
                      lambda: items_marker(store, campaign_id))


def items_marker(store: Store, campaign_id: str) -> tuple:
    """A reading that changes whenever a campaign's items do (its settings and signature, how many items it holds and
    their texts' length; read once while no row changes): what is worked out from them alone (same outputs, segments,
    runs) is kept across answers. An item's id is made from its run's content, so an id keeps its texts."""
    return store.kept(("items_marker", campaign_id), lambda: tuple(store.conn.execute(
        "select (select signature || settings from campaigns where id = ?), count(*), total(length(i.source)), "
        "total(length(i.output)) from campaign_items ci join items i on i.id = ci.item_id where ci.campaign_id = ?",
        [campaign_id, campaign_id]).fetchone()))


def _same_outputs(store: Store, campaign_id: str) -> dict[str, list[dict]]:
    found = store.one("select settings from campaigns where id = ?", [campaign_id], json_columns=["settings"])
    if found is None or not found["settings"].get(ONE_RATING_PER_OUTPUT):
        return {}
    first: dict[tuple, str] = {}
    copies: dict[str, list[dict]] = {}
    for r in store.conn.execute("select i.id, i.run_id, i.entry_id, i.kind, i.source, i.output from campaign_items ci "
                                "join items i on i.id = ci.item_id where ci.campaign_id = ? order by ci.position",
                                [campaign_id]):
        key = (r[3], *same_output(r[4], r[5]))
        if key in first:
            copies.setdefault(first[key], []).append({"item_id": r[0], "run_id": r[1], "entry_id": r[2]})
        else:
            first[key] = r[0]
    return copies


def copies_of(store: Store, campaign_id: str) -> set[str]:
    """The items of a campaign that another item with the same output stands for (never served)."""
    return {c["item_id"] for group in same_outputs(store, campaign_id).values() for c in group}


def campaign_rows(store: Store) -> list[dict]:
    """Every campaign's row as stored (``settings`` as JSON text, as signed)."""
    return store.rows("select * from campaigns")


def every_campaign_item(store: Store) -> list[dict]:
    """Every campaign's list of items (``campaign_id``, ``item_id``)."""
    return store.rows("select campaign_id, item_id from campaign_items")


def items_named(store: Store, item_ids: Iterable[str]) -> list[dict]:
    """The items held here among ``item_ids`` (``id``, ``run_id``, ``kind``, ``output``, ``extra``): one query."""
    return store.rows("select id, run_id, kind, output, extra from items where id in (select value from json_each(?))",
                      [json.dumps(sorted(item_ids))])


def runs_of(store: Store, campaign_id: str) -> list[dict]:
    """The runs whose items the campaign holds (several for a campaign over systems), in campaign order (``id``,
    ``name``, ``first``: the position of its first item). Kept while the campaign's items stay as they are."""
    return store.kept(("runs_of", campaign_id), lambda: _runs_of(store, campaign_id),
                      lambda: items_marker(store, campaign_id))


def _runs_of(store: Store, campaign_id: str) -> list[dict]:
    return store.rows("select r.id, r.name, min(ci.position) as first from campaign_items ci join items i on "
                      "i.id = ci.item_id join runs r on r.id = i.run_id where ci.campaign_id = ? and i.kind = "
                      "'segment' group by r.id order by first", [campaign_id])


def segment_items(store: Store, campaign_id: str, with_extra: bool = False) -> list[dict]:
    """A campaign's segment items (``id``, ``run_id``, ``entry_id``, ``source``, ``output``, ``reference``; with
    ``extra`` decoded when asked), in campaign order. Kept while the campaign's items stay as they are (the caller
    reads them, never changes them)."""
    return store.kept(("segment_items", campaign_id, with_extra), lambda: _segment_items(store, campaign_id, with_extra),
                      lambda: items_marker(store, campaign_id))


def degraded_items(store: Store, campaign_id: str) -> list[dict]:
    """The degraded items a campaign's sequences serve (``id``, ``output``, decoded ``extra``): its attention items."""
    return store.rows("select id, output, extra from items where kind = 'degraded' and id in (select item_id from "
                      "assignments where campaign_id = ? and qc = 'degraded')", [campaign_id], json_columns=["extra"])


def _segment_items(store: Store, campaign_id: str, with_extra: bool) -> list[dict]:
    extra = ", i.extra" if with_extra else ""
    return store.rows(f"select i.id, i.run_id, i.entry_id, i.source, i.output, i.reference{extra} from campaign_items "
                      f"ci join items i on i.id = ci.item_id where ci.campaign_id = ? and i.kind = 'segment' order by "
                      f"ci.position", [campaign_id], json_columns=["extra"] if with_extra else [])


def automated_tiers(store: Store, run_ids: list[str]) -> dict[str, str]:
    """Each run's automated tier (the scored run card's ``quality_tier``), where its card has one. Kept while the
    runs' cards are the same (read from their digests: reading the tier parses every card)."""
    ids = json.dumps(run_ids)
    return store.kept(("automated_tiers", ids), lambda: _automated_tiers(store, ids), lambda: store.conn.execute(
        "select group_concat(id || ':' || coalesce(card_sha256, '')) from runs where id in (select value from "
        "json_each(?))", [ids]).fetchone()[0])


def _automated_tiers(store: Store, ids: str) -> dict[str, str]:
    rows = store.rows("select id, json_extract(scored_card, '$.scores.quality_tier') as tier from runs where id in "
                      "(select value from json_each(?))", [ids])
    return {r["id"]: r["tier"] for r in rows if r["tier"]}


def campaigns_rating(store: Store, run_id: str, task: str) -> list[str]:
    """The campaigns of a task that hold items of a run, oldest first."""
    return [r["id"] for r in store.rows("select distinct c.id from campaigns c join campaign_items ci on "
                                        "ci.campaign_id = c.id join items i on i.id = ci.item_id where c.task = ? and "
                                        "i.run_id = ? order by c.created_at, c.id", [task, run_id])]


def run_ids(store: Store) -> set[str]:
    """The ids of every run held here."""
    return {r["id"] for r in store.rows("select id from runs")}


def coordinator_of(store: Store, campaign_id: str) -> str | None:
    """The key of the coordinator of a campaign held here (``None``: no such campaign here)."""
    found = store.one("select coordinator from campaigns where id = ?", [campaign_id])
    return found["coordinator"] if found else None


def has_campaign(store: Store, campaign_id: str) -> bool:
    return store.one("select 1 as found from campaigns where id = ?", [campaign_id]) is not None


def insert_items(store: Store, rows: list[dict]) -> None:
    """Store items this laptop made (a task's own items: pairs, words…), signed by it; an item held already stays."""
    store.db["items"].insert_all([{**r, "signer": store.public_key} for r in rows], ignore=True)


def practice_candidates(store: Store, campaign_id: str) -> list[dict]:
    """A campaign's segment items with both a reference and an output (practice items are made from them), by id."""
    return store.rows("select i.* from campaign_items ci join items i on i.id = ci.item_id where ci.campaign_id = ? "
                      "and i.kind = 'segment' and length(i.reference) > 0 and length(i.output) > 0 order by i.id",
                      [campaign_id])


def human_scores(store: Store, kind: str) -> dict[str, float]:
    """Imported human scores of one kind (``mqm``, ``da``…): item → score."""
    return {r["item_id"]: r["score"] for r in store.rows("select item_id, score from human_scores where kind = ?",
                                                         [kind]) if r["score"] is not None}


def human_score_kinds(store: Store) -> list[str]:
    """The kinds of imported human scores held here, sorted."""
    return [r["kind"] for r in store.rows("select distinct kind from human_scores order by kind")]


def segment_metrics(store: Store, sample: int) -> list[dict]:
    """The metrics of ``sample`` segment items (what metrics the segments carry)."""
    return [r["metrics"] for r in store.rows("select metrics from items where kind = 'segment' limit ?", [sample],
                                             ["metrics"])]


def segments_with_metrics(store: Store) -> list[tuple[str, dict]]:
    """Every segment item's id and metrics."""
    return [(r["id"], r["metrics"]) for r in store.rows("select id, metrics from items where kind = 'segment'",
                                                        json_columns=["metrics"])]


def segment_metric(store: Store, metric: str) -> list[tuple]:
    """(item id, run id, entry id, the value of ``metric``) of every segment item: SQLite reads the one metric out of
    each item's JSON (json_extract; the key quoted, metric names hold '+' and '-'), no Python parse per item."""
    return store.conn.execute("select id, run_id, entry_id, json_extract(metrics, ?) from items where kind = "
                              "'segment'", ["$." + json.dumps(metric)]).fetchall()


def scored_card_part(store: Store, run_id: str, path: str):
    """One part of a run's scored card (a JSON path: ``$.lyss.plugins``), decoded; None when it holds none."""
    row = store.one("select json_extract(scored_card, ?) as part from runs where id = ?", [path, run_id])
    part = (row or {}).get("part")
    return json.loads(part) if isinstance(part, str) and part[:1] in "[{" else part


def run_extra(store: Store, run_id: str) -> dict:
    """What a run keeps beside its card (system-level scores of imported data: ``human_sys``, ``metric_sys``)."""
    return store.one("select extra from runs where id = ?", [run_id], ["extra"])["extra"]


# ----------------------------------------------------------------------------- public data imported from files

def add_imported_run(db, row: dict) -> None:
    """A run of imported public data (an mt-metrics-eval system, a DA file); held already: kept as it is."""
    db["runs"].insert(row, ignore=True)


def set_run_extra(db, run_id: str, extra: dict) -> None:
    db["runs"].update(run_id, {"extra": dumps(extra)})


def add_imported_items(store: Store, db, items: list[dict]) -> None:
    """Imported items; an item held already gains the metrics it lacked (a second import may add another metric)."""
    db["items"].insert_all(items, ignore=True)
    for it in items:
        mine = store.one("select metrics from items where id = ?", [it["id"]], ["metrics"])["metrics"]
        new = json.loads(it["metrics"])
        if any(k not in mine for k in new):
            db["items"].update(it["id"], {"metrics": dumps({**mine, **new})})


def put_human_scores(db, scores: list[dict]) -> None:
    """Imported human scores (``item_id``, ``kind``, ``score``), replacing those held under the same key."""
    db["human_scores"].insert_all(scores, replace=True)


def run_names(store: Store, plain: bool = False) -> dict[str, str]:
    """Every run's id → its name (its model slug where it has no name; ``plain``: the name as stored)."""
    column = "name" if plain else "coalesce(name, model_slug)"
    return {r["id"]: r["name"] for r in store.rows(f"select id, {column} as name from runs")}


def every_segment(store: Store) -> list[dict]:
    """Every segment item (``id``, ``run_id``, ``entry_id``, ``source``, ``reference``, ``output``)."""
    return store.rows("select id, run_id, entry_id, source, reference, output from items where kind = 'segment'")
