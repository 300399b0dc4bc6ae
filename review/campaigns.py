"""Speakers, campaigns and answers: everything a review session does, each write one durable
transaction.

- :func:`import_run` stores a scored run card and one item per entry (content-addressed ids, so
  importing the same run twice changes nothing).
- :func:`create_campaign` builds a campaign of a task (``review.tasks``) from a scored run.
- :func:`join` gives a speaker their sequence: under-covered items first, with a few repeated and
  degraded quality-control items mixed in (flagged, kept out of the statistics).
- :func:`next_position`, :func:`answer`, :func:`undo_last` serve, record (committed before the next
  item is served) and undo; a speaker resumes where they stopped.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import unicodedata
from typing import Any

from scoring.errors import BadValue, FileProblem, NotFound
from scoring.runcard import read_json

from . import keys, signing, sync
from .laptops import coordinated_campaigns
from . import tasks as task_defs
from .tasks.base import segment_id
from .store import Store, content_id as _hash, dumps, mark_withdrawal_pending, new_id, now
from .withdrawal import apply_tombstones


# ----------------------------------------------------------------------------- runs and items

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
        raise FileProblem(path, "top level", "not a scored run card: run `lyss score RUN --out SCORED.json` first")
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
        raise FileProblem(path, "lyss", "must be the object lyss score writes")
    for key in ("model_slug", "run_id"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise FileProblem(path, key, "must be text")
    if data["scores"].get("quality_tier") is not None and not isinstance(data["scores"]["quality_tier"], str):
        raise FileProblem(path, "scores.quality_tier", "must be text")
    seen = set()
    for n, e in enumerate(data["entries"], 1):
        place = f"entry {n}"
        if not isinstance(e, dict) or isinstance(e.get("id"), bool) or not isinstance(e.get("id"), (str, int)):
            raise FileProblem(path, place, "needs an id (text or a whole number)")
        if str(e["id"]) in seen:
            raise FileProblem(path, place, f"duplicate id {e['id']!r}")
        seen.add(str(e["id"]))
        for key in ("source", "predicted", "reference"):
            if e.get(key) is not None and not isinstance(e[key], str):
                raise FileProblem(path, f"{place} {key}", "must be text")
        if e.get("difficulty") is not None and not isinstance(e["difficulty"], (str, int, float)):
            raise FileProblem(path, f"{place} difficulty", "must be a number or text")
        if e.get("score") is not None and not _is_number(e["score"]):
            raise FileProblem(path, f"{place} score", "must be a finite number")
        for key in ("breakdown", "metrics", "lyss"):
            if e.get(key) is not None and not isinstance(e[key], dict):
                raise FileProblem(path, f"{place} {key}", "must be an object")
        if any(not _is_number(v) for v in (e.get("breakdown") or {}).values()):
            raise FileProblem(path, f"{place} breakdown", "values must be finite numbers")
        for plugin, result in (e.get("lyss") or {}).items():
            if not isinstance(result, dict):
                raise FileProblem(path, f"{place} lyss.{plugin}", "must be an object")
            for key in ("classes", "rejected"):
                value = result.get(key)
                if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                    raise FileProblem(path, f"{place} lyss.{plugin}.{key}", "must be a list of texts")


def import_run(store: Store, scored: dict, name: str | None = None) -> str:
    """Store a scored run and its entries as items. Returns the run id (same run → same id)."""
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
            "metrics": dumps(_entry_metrics(e)), "extra": dumps({"lyss": e.get("lyss", {})}),
            "signer": store.public_key} for e in scored["entries"]])
    return run_id


# ----------------------------------------------------------------------------- campaigns

def language_of(scored: dict) -> dict:
    """The language profile the scoring wrote into the run card (names, display scripts, which plugin
    supplies tasks B and C): the review knows a language only through this data."""
    language = (scored.get("lyss") or {}).get("language") or {}
    profile = language.get("review") if isinstance(language.get("review"), dict) else {}
    return {"code": language.get("code"), "name": profile.get("name"), "names": profile.get("names") or {},
            "endonym": profile.get("endonym"),
            "display": profile.get("display") or [], "items": profile.get("items") or {},
            "tasks": profile.get("tasks") or {}}


def create_campaign(store: Store, scored: dict, task: str, *, items: int | None = None, raters: int = 3,
                    seed: int = 12345, name: str | None = None, hints: bool = False) -> str:
    """Build a campaign of a task (``review.tasks``: its items chosen by the task) from a scored run card.
    Same inputs → same campaign id. ``hints`` (a task that offers them, off by default so that the
    evaluation stays blind): the words the language's analyser rejected are shown as faint hints the
    speaker may mark or dismiss."""
    definition = task_defs.task(task)
    run_id = import_run(store, scored)
    limit = items or definition.default_items
    rng = random.Random(seed)
    settings: dict[str, Any] = {"items": limit, "seed": seed, "language": language_of(scored),
                                "hints": bool(hints and definition.offers_hints)}
    built = definition.build(scored, run_id, limit, rng)
    settings.update(built.settings)
    new_items, item_ids = built.new, built.item_ids
    if not item_ids:
        raise BadValue("campaign", task, f"nothing to review: {definition.nothing_to_review}")
    hinted = ["hints"] if settings["hints"] else []  # a campaign without hints keeps the id it always had
    campaign_id = f"cmp-{_hash(run_id, task, limit, raters, seed, store.public_key, *hinted)}"
    with store.transaction() as db:
        if db["campaigns"].count_where("id = ?", [campaign_id]):
            return campaign_id
        db["items"].insert_all([{**i, "signer": store.public_key} for i in new_items], ignore=True)
        run_name = scored.get("model_slug") or scored.get("run_id") or run_id
        title = task_defs.texts(task, settings["language"])["title"]
        row = {"id": campaign_id, "name": name or f"{title} — {run_name}", "task": task,
               "run_id": run_id, "raters_per_item": raters, "created_at": now(), "settings": dumps(settings)}
        insert_campaign(store, row, item_ids)
    return campaign_id


QUESTIONS = ("best", "non-inferior", "pairs", "tier")


def _question(question: dict | None, runs: list[dict], run_ids: list[str]) -> dict | None:
    """A campaign's question checked (``--question``, ``--delta``, ``--baseline`` by run name, ``--threshold``):
    what its settings keep, with the baseline as a run id."""
    if question is None:
        return None
    kind, delta = question.get("kind"), question.get("delta")
    if kind not in QUESTIONS:
        raise BadValue("--question", str(kind), f"one of {', '.join(QUESTIONS)}")
    if delta is None or not isinstance(delta, (int, float)) or not math.isfinite(delta) or delta <= 0:
        raise BadValue("--delta", str(delta), "the question's margin: a number above 0 (the smallest difference "
                                              "that matters, on the task's scale)")
    kept: dict[str, Any] = {"kind": kind, "delta": float(delta)}
    names = [scored.get("model_slug") or scored.get("run_id") or run_id for scored, run_id in zip(runs, run_ids)]
    if kind in ("best", "pairs") and len(run_ids) < 2:
        raise BadValue("--question", kind, "needs two runs or more")
    if kind == "non-inferior":
        if len(run_ids) != 2:
            raise BadValue("--question", kind, "compares two runs: the one in use (--baseline) and a new one")
        baseline = question.get("baseline") or names[0]
        if baseline not in names:
            raise BadValue("--baseline", baseline, f"not a run of this campaign ({', '.join(names)})")
        kept["baseline"] = run_ids[names.index(baseline)]
    if kind == "tier":
        threshold = question.get("threshold")
        if len(run_ids) != 1:
            raise BadValue("--question", kind, "asks about one run: give one scored run card")
        if threshold is None or not math.isfinite(threshold):
            raise BadValue("--threshold", str(threshold), "the mean score the run must reach, on the task's scale")
        kept["threshold"] = float(threshold)
    return kept


def create_adaptive_campaign(store: Store, runs: list[dict], task: str, *, raters: int = 1, seed: int = 12345,
                             name: str | None = None, alpha: float | None = None,
                             question: dict | None = None) -> str:
    """A campaign over several runs of the same test set (one scored run card per system; one run decides
    only its tier) that serves, on demand, the segments whose comparisons or tiers are still open
    (``review.adaptive``) — or, with ``question`` (``{"kind", "delta", "baseline", "threshold"}``), the
    segments the community's question still needs (``review.questions``). Its items: every run's output of
    every entry all the runs have."""
    definition = task_defs.task(task)
    if definition.item_kind != "segment" or definition.imported:
        raise BadValue("--task", task, "an adaptive campaign rates translations: choose a task of segments (A, E, T)")
    if raters < 1:
        raise BadValue("--raters", str(raters), "must be at least 1")
    if alpha is not None and not 0 < alpha < 1:
        raise BadValue("--alpha", str(alpha), "must lie strictly between 0 and 1")
    run_ids = [import_run(store, scored) for scored in runs]
    if len(set(run_ids)) != len(run_ids):
        raise BadValue("campaign", task, "the same scored run card was given twice")
    sources = [{str(e["id"]): e.get("source", "") for e in scored["entries"]} for scored in runs]
    shared = sorted(set.intersection(*(set(s) for s in sources)), key=lambda e: (len(e), e))
    differing = next((e for e in shared if len({s[e] for s in sources}) > 1), None)
    if differing is not None:
        raise BadValue("campaign", task, f"entry {differing!r} has different sources in these run cards: "
                                         f"they are not runs of the same test set")
    if not shared:
        raise BadValue("campaign", task, "these run cards share no entry: they are not runs of the same test set")
    settings: dict[str, Any] = {"items": len(shared), "seed": seed, "language": language_of(runs[0]), "hints": False,
                                "adaptive": True, "runs": run_ids}
    if alpha is not None:
        settings["alpha"] = alpha
    asked = _question(question, runs, run_ids)
    if asked is not None:
        from . import questions  # deferred: its sequences load numpy, which the first window needs not wait for
        settings["question"] = asked
        try:
            questions.from_settings(settings, run_ids, definition)  # on the task's scale
        except ValueError as exc:
            option, _, problem = str(exc).partition(": ")
            raise BadValue(f"--{option}", "", problem) from None
    extra = [dumps(asked)] if asked else []  # a campaign without a question keeps the id it always had
    campaign_id = f"cmp-{_hash(*run_ids, task, raters, seed, store.public_key, 'adaptive', alpha, *extra)}"
    item_ids = [segment_id(run_id, entry) for run_id in run_ids for entry in shared]
    with store.transaction() as db:
        if db["campaigns"].count_where("id = ?", [campaign_id]):
            return campaign_id
        title = task_defs.texts(task, settings["language"])["title"]
        names = ", ".join(scored.get("model_slug") or scored.get("run_id") or "run" for scored in runs)
        row = {"id": campaign_id, "name": name or f"{title} — {names}", "task": task, "run_id": run_ids[0],
               "raters_per_item": raters, "created_at": now(), "settings": dumps(settings)}
        insert_campaign(store, row, item_ids)
    return campaign_id


def is_adaptive(campaign_row: dict) -> bool:
    settings = campaign_row["settings"]
    return bool((json.loads(settings) if isinstance(settings, str) else settings or {}).get("adaptive"))


def chosen_script(store: Store, campaign_id: str, speaker_id: str) -> dict | None:
    """The other script of the campaign's language the speaker reads in (its pack's display entry:
    script, label, converter), or None for the script the outputs are stored in."""
    display = (campaign_language(store, campaign_id).get("display") or [None])[0]
    return display if display and preference(store, speaker_id, "script") == display["script"] else None


def campaign_language(store: Store, campaign_id: str) -> dict:
    """The language profile a campaign was built with (empty names for a campaign of unknown language)."""
    settings = campaign(store, campaign_id)["settings"]
    return settings.get("language") or {"code": None, "name": None, "display": [], "items": {}, "tasks": {}}


def insert_campaign(store: Store, row: dict, item_ids: list[str]) -> None:
    """Store a campaign this laptop coordinates, signed over its list of items."""
    row = {**row, **signing.sign_campaign(store.db, store.private_key, store.public_key, row, item_ids)}
    store.db["campaigns"].insert(row)
    store.db["campaign_items"].insert_all([{"campaign_id": row["id"], "item_id": i, "position": p}
                                           for p, i in enumerate(item_ids)])


# ----------------------------------------------------------------------------- speakers

def readable(text: str) -> bool:
    """Text a person can read on one line: no control, format or line-separator characters."""
    return bool(text.strip()) and not any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text)


def add_speaker(store: Store, display_name: str, consent_scope: str, community: str | None = None,
                dialect: str | None = None) -> str:
    """A speaker with a pseudonymous id; consent (date and scope) is recorded before any answer."""
    if not consent_scope.strip():
        raise BadValue("speaker", "consent", "record what the speaker agreed to (consent scope)")
    for field, value in (("name", display_name), ("community", community), ("dialect", dialect),
                         ("consent", consent_scope)):
        if value is not None and not readable(value):
            raise BadValue("speaker", field, "must be readable text on one line (no control characters)")
    salt = new_id()
    speaker_id = signing.speaker_id_for(store.public_key, salt)
    stamp = now()
    with store.transaction() as db:
        db["speakers"].insert({"id": speaker_id, "display_name": display_name, "community": community,
                               "dialect": dialect, "consent_at": stamp, "consent_scope": consent_scope,
                               "withdrawn": 0, "withdrawn_at": None, "created_at": stamp, "preferences": dumps({}),
                               "registered_by": store.public_key, "id_salt": salt, "preferences_at": stamp,
                               "signer": store.public_key})
    return speaker_id


def speaker(store: Store, speaker_id: str) -> dict:
    """A speaker's row, ``preferences`` decoded."""
    row = store.one("select * from speakers where id = ?", [speaker_id], json_columns=["preferences"])
    if row is None:
        raise NotFound("speaker", speaker_id, "no such speaker (lyss review list speakers shows them)")
    return row


def active_speaker(store: Store, speaker_id: str) -> dict:
    row = speaker(store, speaker_id)
    if row["withdrawn"]:
        raise BadValue("speaker", speaker_id, "this speaker has withdrawn")
    return row


def preferences(store: Store, speaker_id: str) -> dict:
    """A speaker's preferences: their registering laptop's, with what they chose on this laptop on top
    (a speaker registered elsewhere keeps their choices here without changing that laptop's record)."""
    row = speaker(store, speaker_id)
    here = store.one("select preferences from local_preferences where speaker_id = ?", [speaker_id],
                     json_columns=["preferences"])
    return {**row["preferences"], **(here["preferences"] if here else {})}


def preference(store: Store, speaker_id: str, key: str) -> Any:
    """One of a speaker's preferences (``None`` when not set)."""
    return preferences(store, speaker_id).get(key)


def set_preference(store: Store, speaker_id: str, key: str, value: Any) -> None:
    """Remember a speaker's choice: in their own record when this laptop registered them (it travels with
    them), else on this laptop only (a speaker belongs to the laptop that registered them)."""
    with store.transaction() as db:
        row = speaker(store, speaker_id)
        if row["registered_by"] in (None, store.public_key):
            db["speakers"].update(speaker_id, {"preferences": dumps({**row["preferences"], key: value}),
                                               "preferences_at": now()})
            return
        prefs = preferences(store, speaker_id)
        db["local_preferences"].upsert({"speaker_id": speaker_id, "preferences": dumps({**prefs, key: value}),
                                        "preferences_at": now()}, pk="speaker_id")


def withdraw(store: Store, speaker_id: str) -> dict:
    """Delete a speaker's answers and personal details here and in every backup, and keep a signed
    tombstone that travels in bundles. Returns ``{"deleted", "backups", "travels"}``: ``travels`` is
    False when other laptops will not honour it (this laptop neither registered the speaker nor
    coordinates: the coordinator should withdraw the speaker too)."""
    row = speaker(store, speaker_id)
    stone = signing.sign_tombstone(store.private_key, store.public_key, {
        "kind": "speaker", "id": speaker_id, "deleted_at": now(), "device_id": store.device_id})
    with store.transaction() as db:  # recorded, and marked as not yet carried out everywhere
        deleted = db["ratings"].count_where("speaker_id = ?", [speaker_id])
        apply_tombstones(db, [stone])
        mark_withdrawal_pending(db)
    backups = store.complete_withdrawals()
    sync.republish(store)  # the laptop's bundle in its shared folders, anew without the speaker
    travels = row["registered_by"] in (None, store.public_key) or bool(coordinated_campaigns(store))
    return {"deleted": deleted, "backups": backups, "travels": travels}


# ----------------------------------------------------------------------------- sequences

def degrade(output: str, other_reference: str, rng: random.Random) -> str:
    """Appraise-style degraded output: a phrase from another reference swapped in, its length sized to
    the sentence (1 word for ≤ 3 words, 2 for ≤ 5, 3 for ≤ 8, else a quarter of the words)."""
    words = output.split()
    donor = other_reference.split() or ["…"]
    n = len(words)
    span = 1 if n <= 3 else 2 if n <= 5 else 3 if n <= 8 else max(3, n // 4)
    span = min(span, max(1, n))
    start = rng.randrange(0, max(1, n - span + 1))
    d_start = rng.randrange(0, max(1, len(donor) - span + 1))
    return " ".join(words[:start] + donor[d_start:d_start + span] + words[start + span:])


def join(store: Store, campaign_id: str, speaker_id: str) -> int:
    """Give a speaker their sequence in a campaign (once). Returns its length. Two processes joining the
    same speaker at once both succeed: the sequence is built inside one write transaction."""
    active_speaker(store, speaker_id)
    campaign = store.one("select * from campaigns where id = ?", [campaign_id])
    if campaign is None:
        raise NotFound("campaign", campaign_id, "no such campaign")
    with store.transaction():
        return _join(store, campaign, speaker_id)


def _join(store: Store, campaign: dict, speaker_id: str) -> int:
    campaign_id = campaign["id"]
    existing = store.one("select count(*) as n from assignments where campaign_id = ? and speaker_id = ?",
                         [campaign_id, speaker_id])["n"]
    if existing:
        return existing
    check_registrar(store, speaker_id)
    if is_adaptive(campaign):
        return 0  # items are served as the decisions need them (review.adaptive)
    # The sequence depends on the campaign and the speaker only, so that it is the same wherever and
    # whenever it is made (a restored backup makes it again identically: no two versions can meet).
    rng = random.Random(f"{campaign_id}|{speaker_id}")
    items = store.rows("select ci.item_id, i.output, i.reference, i.kind from campaign_items ci join items i "
                       "on i.id = ci.item_id where ci.campaign_id = ? order by ci.position", [campaign_id])
    rng.shuffle(items)
    sequence = [{"item_id": r["item_id"], "qc": "", "qc_of": None} for r in items]
    qc = task_defs.settings("qc")
    n = len(items)
    new_items = []
    if n >= 10:
        for r in rng.sample(items, max(1, round(n * qc["repeat_share"]))):
            first = next(i for i, s in enumerate(sequence) if s["item_id"] == r["item_id"])
            at = rng.randrange(min(first + qc["min_gap"], len(sequence)), len(sequence) + 1)
            sequence.insert(at, {"item_id": r["item_id"], "qc": "repeat", "qc_of": r["item_id"]})
        if task_defs.task(campaign["task"]).degraded_items:
            for r in rng.sample(items, max(1, round(n * qc["degraded_share"]))):
                donor = rng.choice([x for x in items if x["item_id"] != r["item_id"]])
                original = store.one("select * from items where id = ?", [r["item_id"]])
                degraded_id = f"it-{_hash(r['item_id'], speaker_id, 'degraded')}"
                new_items.append({**original, "id": degraded_id, "kind": "degraded",
                                  "output": degrade(original["output"], donor["reference"], rng),
                                  "extra": dumps({"qc_of": r["item_id"]}), "signer": store.public_key,
                                  "signature": None})
                sequence.insert(rng.randrange(0, len(sequence) + 1),
                                {"item_id": degraded_id, "qc": "degraded", "qc_of": r["item_id"]})
    with store.transaction() as db:
        db["items"].insert_all(new_items, ignore=True)
        db["assignments"].insert_all([{"campaign_id": campaign_id, "speaker_id": speaker_id, "position": p, **s,
                                       "signer": store.public_key} for p, s in enumerate(sequence)])
    return len(sequence)


def check_registrar(store: Store, speaker_id: str) -> None:
    """Only the laptop that registered a speaker chooses their items."""
    registrar = store.one("select registered_by from speakers where id = ?", [speaker_id])["registered_by"]
    if registrar not in (None, store.public_key):
        raise BadValue("speaker", speaker_id, f"this speaker's items are chosen on the laptop that registered them "
                                              f"({keys.code_of(registrar)}): merge a bundle from that laptop first")


def sequence_length(store: Store, campaign_id: str, speaker_id: str) -> int:
    return store.one("select count(*) as n from assignments where campaign_id = ? and speaker_id = ?",
                     [campaign_id, speaker_id])["n"]


def progress(store: Store, campaign_id: str, speaker_id: str) -> tuple[int, int]:
    """(answered, total) for a speaker's sequence."""
    row = store.one("select (select count(*) from ratings where campaign_id = ?1 and speaker_id = ?2) as done, "
                    "(select count(*) from assignments where campaign_id = ?1 and speaker_id = ?2) as total",
                    [campaign_id, speaker_id])
    return row["done"], row["total"]


def next_position(store: Store, campaign_id: str, speaker_id: str) -> int | None:
    """The first position of the sequence without an answer (``None`` when finished)."""
    row = store.one("select min(a.position) as p from assignments a left join ratings r on r.campaign_id = "
                    "a.campaign_id and r.speaker_id = a.speaker_id and r.position = a.position where "
                    "a.campaign_id = ? and a.speaker_id = ? and r.uuid is null", [campaign_id, speaker_id])
    return row["p"] if row else None


_OPEN = ("from assignments a left join ratings r on r.campaign_id = a.campaign_id and r.speaker_id = a.speaker_id "
         "and r.position = a.position where a.campaign_id = ? and a.speaker_id = ?")


def position_after(store: Store, campaign_id: str, speaker_id: str, position: int) -> int | None:
    """Where the screen goes after ``position`` (the one next-item rule): the following position when
    it is already answered (a speaker paging through earlier answers keeps paging), else the next
    unanswered position after this one, round to the first (an item skipped comes back last); ``None``
    as soon as every item is answered. One statement."""
    row = store.one(f"select (select r.uuid is not null {_OPEN} and a.position = ?) as following_answered, "
                    f"coalesce((select min(a.position) {_OPEN} and r.uuid is null and a.position > ?), "
                    f"(select min(a.position) {_OPEN} and r.uuid is null)) as next_open",
                    [campaign_id, speaker_id, position + 1, campaign_id, speaker_id, position,
                     campaign_id, speaker_id])
    if row["next_open"] is None:
        return None
    return position + 1 if row["following_answered"] else row["next_open"]


def open_position_after(store: Store, campaign_id: str, speaker_id: str, position: int) -> int | None:
    """The next unanswered position after ``position``, wrapping round to the first (skipping an item);
    ``None`` when every item is answered. One statement."""
    row = store.one(f"select coalesce((select min(a.position) {_OPEN} and r.uuid is null and a.position > ?), "
                    f"(select min(a.position) {_OPEN} and r.uuid is null)) as p",
                    [campaign_id, speaker_id, position, campaign_id, speaker_id])
    return row["p"]


def item_at(store: Store, campaign_id: str, speaker_id: str, position: int) -> dict:
    """What the screen shows at a position, in one statement: the item, the task, the existing answer if
    any, and the speaker's progress (``answered`` of ``total``)."""
    row = store.one("select a.position, a.qc, i.*, c.task, r.answers as answer, r.note, "
                    "(select count(*) from ratings where campaign_id = a.campaign_id and speaker_id = a.speaker_id) "
                    "as answered, (select count(*) from assignments where campaign_id = a.campaign_id and "
                    "speaker_id = a.speaker_id) as total from assignments a join items i on i.id = a.item_id "
                    "join campaigns c on c.id = a.campaign_id left join ratings r on r.campaign_id = a.campaign_id "
                    "and r.speaker_id = a.speaker_id and r.position = a.position where a.campaign_id = ? and "
                    "a.speaker_id = ? and a.position = ?", [campaign_id, speaker_id, position], json_columns=["extra"])
    if row is None:
        raise NotFound("campaign", f"position {position}", "no such item in this speaker's sequence")
    row["answer"] = json.loads(row["answer"]) if row["answer"] is not None else None
    return row


def revoked_words(from_at: str) -> str:
    return (f"this laptop was revoked by the coordinator from {from_at[:16].replace('T', ' ')}: answers recorded "
            f"here would be refused on every other laptop, so none is recorded (what it holds stays); ask the "
            f"coordinator")


def revoked_here(store: Store, campaign_id: str) -> str | None:
    """When this laptop's answers to a campaign have been refused from (its coordinator revoked it), else ``None``
    (a revocation from a later date leaves it recording until then)."""
    found = store.one("select min(v.from_at) as since from revocations v join campaigns c on c.id = v.campaign_id "
                      "and v.signer = c.coordinator where v.campaign_id = ? and v.device_code = ?",
                      [campaign_id, store.device_id])
    since = found["since"] if found else None
    return since if since is not None and since <= now() else None


def answer(store: Store, campaign_id: str, speaker_id: str, position: int, answers: dict,
           note: str | None = None, seconds: float | None = None, started_at: str | None = None,
           away_seconds: float | None = None, medium: str | None = None) -> str:
    """Record (or edit) the answer at a position; durable on disk when this returns. Returns its uuid.
    ``started_at``: when the item appeared on screen (the app); the answer's time is its ``ended_at``;
    ``away_seconds``: how much of ``seconds`` the app was not in front (focus lost); ``medium``: "paper"
    for answers keyed in from a paper form.
    Six statements: BEGIN, one read, two inserts (or an update and an insert), the draft's delete, COMMIT."""
    stamp = now()
    with store.transaction() as db:
        found = store.one("select a.item_id, i.output, c.task, s.withdrawn, s.registered_by, r.uuid, r.seconds, "
                          "r.started_at, r.away_seconds, exists (select 1 from handovers h where h.campaign_id = "
                          "a.campaign_id and h.speaker_id = a.speaker_id and h.device_code = ?4 and h.signer = "
                          "c.coordinator) as handed_here, (select min(v.from_at) from revocations v where "
                          "v.campaign_id = a.campaign_id and v.device_code = ?4 and v.signer = c.coordinator) "
                          "as revoked_from "
                          "from assignments a join items i on i.id = a.item_id "
                          "join campaigns c on c.id = a.campaign_id join speakers s on s.id = a.speaker_id left join "
                          "ratings r on r.campaign_id = a.campaign_id and r.speaker_id = a.speaker_id and r.position = "
                          "a.position where a.campaign_id = ?1 and a.speaker_id = ?2 and a.position = ?3",
                          [campaign_id, speaker_id, position, store.device_id])
        if found is None or found["withdrawn"]:
            active_speaker(store, speaker_id)  # which of the two: no such speaker, or withdrawn
            raise NotFound("campaign", f"position {position}", "no such item in this speaker's sequence")
        if found["revoked_from"] is not None and stamp >= found["revoked_from"]:
            raise BadValue("campaign", campaign_id, revoked_words(found["revoked_from"]))
        if found["registered_by"] not in (None, store.public_key) and not found["handed_here"]:
            raise BadValue("speaker", speaker_id, f"registered on laptop {keys.code_of(found['registered_by'])}: "
                                                  f"only that laptop records their answers, unless the coordinator "
                                                  f"hands them over (lyss review hand-over {speaker_id} "
                                                  f"{store.device_id})")
        clean = task_defs.validate(found["task"], answers, found["output"])
        if found["uuid"]:
            rating_uuid, action = found["uuid"], "edit"
            db["ratings"].update(rating_uuid, {"answers": dumps(clean), "note": note, "updated_at": stamp,
                                               "device_id": store.device_id,
                                               "seconds": _added(found["seconds"], seconds),
                                               "away_seconds": _added(found["away_seconds"], away_seconds),
                                               "medium": medium,
                                               "started_at": found["started_at"] or started_at,
                                               "ended_at": stamp, "signer": store.public_key, "signature": None})
        else:
            rating_uuid, action = new_id(), "create"
            store.insert("ratings", {"uuid": rating_uuid, "campaign_id": campaign_id, "speaker_id": speaker_id,
                                     "position": position, "item_id": found["item_id"], "answers": dumps(clean),
                                     "note": note, "created_at": stamp, "updated_at": stamp,
                                     "device_id": store.device_id, "seconds": seconds, "started_at": started_at,
                                     "ended_at": stamp, "away_seconds": away_seconds, "medium": medium,
                                     "signer": store.public_key})
        store.insert("rating_history", {"uuid": rating_uuid, "campaign_id": campaign_id, "speaker_id": speaker_id,
                                        "answers": dumps(clean), "note": note, "at": stamp,
                                        "device_id": store.device_id, "action": action, "signer": store.public_key})
        store.conn.execute("delete from drafts where campaign_id = ? and speaker_id = ? and position = ?",
                           [campaign_id, speaker_id, position])  # the unfinished version is finished now
    return rating_uuid


def _added(before: float | None, more: float | None) -> float | None:
    return None if before is None and more is None else (before or 0) + (more or 0)


def undo_last(store: Store, campaign_id: str, speaker_id: str) -> int | None:
    """Remove the speaker's most recent answer (a tombstone records it for bundles). Returns its position."""
    last = store.one("select * from ratings where campaign_id = ? and speaker_id = ? order by updated_at desc, "
                     "uuid desc limit 1", [campaign_id, speaker_id])
    if last is None:
        return None
    stamp = now()
    with store.transaction() as db:
        db["ratings"].delete(last["uuid"])
        db["tombstones"].insert(signing.sign_tombstone(store.private_key, store.public_key, {
            "kind": "rating", "id": last["uuid"], "deleted_at": stamp, "device_id": store.device_id}))
        db["rating_history"].insert({"uuid": last["uuid"], "campaign_id": campaign_id, "speaker_id": speaker_id,
                                     "answers": last["answers"], "note": last["note"], "at": stamp,
                                     "device_id": store.device_id, "action": "undo", "signer": store.public_key})
    return last["position"]


def list_campaigns(store: Store, *, imported: bool = True) -> list[dict]:
    """Every campaign, oldest first, with its item count and whether it is adaptive (imported DA campaigns
    optional)."""
    rows = store.rows("select c.id, c.name, c.task, c.raters_per_item, c.created_at, count(ci.item_id) as items, "
                      "coalesce(json_extract(c.settings, '$.adaptive'), 0) as adaptive "
                      "from campaigns c left join campaign_items ci on ci.campaign_id = c.id group by c.id "
                      "order by c.created_at, c.id")
    return [r for r in rows if imported or not task_defs.task(r["task"]).imported]


def shown_name(row: dict) -> str:
    """How a speaker is named on this laptop: their name when it was registered here, else which laptop
    has it (names never travel)."""
    if row.get("display_name"):
        return row["display_name"]
    registrar = row.get("registered_by")
    return f"(from laptop {keys.code_of(registrar)})" if keys.is_public_key(registrar) else "(imported rater)"


def list_speakers(store: Store) -> list[dict]:
    """Speakers who have not withdrawn, with their answer counts; the name where this laptop has it, else
    "(from laptop CODE)"."""
    rows = store.rows("select s.id, s.display_name, s.registered_by, s.created_at, count(r.uuid) as answers "
                      "from speakers s left join ratings r on r.speaker_id = s.id where s.withdrawn = 0 "
                      "group by s.id order by s.display_name is null, s.display_name, s.id")
    return [{"id": r["id"], "display_name": r["display_name"], "name": shown_name(r), "created_at": r["created_at"],
             "answers": r["answers"]} for r in rows]


def list_runs(store: Store) -> list[dict]:
    """Every run, with its language and how many items it has."""
    return store.rows("select r.id, r.name, r.language, r.source, count(i.id) as items from runs r left join items "
                      "i on i.run_id = r.id and i.kind = 'segment' group by r.id order by r.imported_at, r.id")


def _find(store: Store, kind: str, sql_by_id: str, sql_by_name: str, text: str) -> str:
    """An id from an id or a unique name; one line naming what was not found, or the ambiguity."""
    if store.one(sql_by_id, [text]):
        return text
    named = [r["id"] for r in store.rows(sql_by_name, [text])]
    if len(named) == 1:
        return named[0]
    if named:
        raise NotFound(kind, text, f"{len(named)} {kind}s have this name: give the id (lyss review list {kind}s)")
    raise NotFound(kind, text, f"no such {kind} (lyss review list {kind}s shows them)")


def find_speaker(store: Store, text: str) -> str:
    """A speaker's id from their id or their (unique) name on this laptop."""
    return _find(store, "speaker", "select id from speakers where id = ?",
                 "select id from speakers where display_name = ? and withdrawn = 0", text)


def find_campaign(store: Store, text: str | None, imported: bool = False) -> str:
    """A campaign's id from its id or its (unique) name; with none given, the database's only campaign (with
    several, one line that lists them; ``imported``: imported public data counts too)."""
    if text is None:
        every = list_campaigns(store, imported=imported)
        if len(every) == 1:
            return every[0]["id"]
        listed = "; ".join(f"{c['id']} ({c['name']})" for c in every[:8]) or "none yet"
        raise BadValue("--campaign", "", f"{len(every)} campaigns here: choose one with --campaign: {listed}")
    return _find(store, "campaign", "select id from campaigns where id = ?", "select id from campaigns where name = ?",
                 text)


def campaign(store: Store, campaign_id: str) -> dict:
    """A campaign's row, its ``settings`` decoded."""
    row = store.one("select * from campaigns where id = ?", [campaign_id], json_columns=["settings"])
    if row is None:
        raise NotFound("--campaign", campaign_id, "no such campaign (lyss review list campaigns shows them)")
    return row


def campaign_progress(store: Store, campaign_id: str) -> list[dict]:
    """Per speaker: answered / total, and how many of the total are quality-control checks (an item again,
    or a degraded copy), for coordinators (pseudonymous ids; names stay on this laptop)."""
    campaign(store, campaign_id)
    return store.rows(
        "select a.speaker_id, s.display_name, s.registered_by, count(*) as total, count(r.uuid) as answered, "
        "sum(a.qc != '') as checks "
        "from assignments a join speakers s on s.id = a.speaker_id left join ratings r on r.campaign_id = "
        "a.campaign_id and r.speaker_id = a.speaker_id and r.position = a.position where a.campaign_id = ? and "
        "s.withdrawn = 0 group by a.speaker_id order by a.speaker_id", [campaign_id])


def coverage(store: Store, campaign_id: str) -> dict:
    """How many campaign items reached the target number of distinct speakers."""
    camp = store.one("select raters_per_item from campaigns where id = ?", [campaign_id])
    rows = store.rows("select ci.item_id, count(distinct r.speaker_id) as n from campaign_items ci left join "
                      "ratings r on r.item_id = ci.item_id and r.campaign_id = ci.campaign_id where ci.campaign_id = ? "
                      "group by ci.item_id", [campaign_id])
    target = camp["raters_per_item"]
    return {"items": len(rows), "target_speakers": target, "items_at_target": sum(r["n"] >= target for r in rows)}
