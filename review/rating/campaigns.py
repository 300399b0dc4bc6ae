"""Making campaigns: a campaign of one task from a scored run (its items chosen by the task), or an adaptive
campaign over several runs of the same test set, served as its decisions — or the community's question
(``review.study.maths.questions``) — need. Same inputs, same campaign id."""

from __future__ import annotations

import math
import random
from typing import Any

from scoring.errors import BadValue

from .. import tasks as task_defs
from ..tasks import attention, premarks
from ..records import catalogue
from ..records.catalogue import ONE_RATING_PER_OUTPUT, has_campaign, import_run, insert_campaign, insert_items
from ..store import Store, content_id as _hash, dumps, now
from ..tasks.base import segment_id


def language_of(scored: dict) -> dict:
    """The language profile the scoring wrote into the run card (names, display scripts, which plugin
    supplies tasks B and C): the review knows a language only through this data."""
    language = (scored.get("lyss") or {}).get("language") or {}
    profile = language.get("review") if isinstance(language.get("review"), dict) else {}
    return {"code": language.get("code"), "name": profile.get("name"), "names": profile.get("names") or {},
            "endonym": profile.get("endonym"),
            "display": profile.get("display") or [], "items": profile.get("items") or {},
            "tasks": profile.get("tasks") or {}, "attention": profile.get("attention") or {}}


def create_campaign(store: Store, scored: dict, task: str, *, items: int | None = None, raters: int = 3,
                    seed: int = 12345, name: str | None = None, hints: bool = False,
                    premark: str | None = None, premark_control: float | None = None,
                    premark_split: float | None = None, qc: str | None = None, qc_share: float | None = None,
                    qc_min_catch: float | None = None) -> str:
    """Build a campaign of a task (``review.tasks``: its items chosen by the task) from a scored run card.
    Same inputs → same campaign id. ``hints`` (a task that offers them, off by default so that the
    evaluation stays blind): the words the language's analyser rejected are shown as faint hints the
    speaker may mark or dismiss. ``premark`` (a task that marks spans; default "tools"): candidate error spans
    placed before the speaker sees an item (``review.tasks.premarks``), with ``premark_control`` of the items
    carrying a control mark and ``premark_split`` of each speaker's items served without. ``qc``: the kind of
    attention items mixed into each speaker's sequence (``review.rating.attention``: ``swapped`` phrases, the
    default, or wrong forms of the language's ``grammar``), ``qc_share`` of the items, a speaker catching fewer than
    ``qc_min_catch`` of them flagged."""
    definition = task_defs.task(task)
    for option, value in (("--raters", raters), ("--items", items)):  # checked before anything is written
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise BadValue(option, str(value), "must be a whole number, at least 1")
    marking = _premark_settings(definition, premark, premark_control, premark_split)
    marking.update(attention.check_settings(definition, qc, qc_share, qc_min_catch))
    run_id = import_run(store, scored)
    limit = items or definition.default_items
    rng = random.Random(seed)
    settings: dict[str, Any] = {"items": limit, "seed": seed, "language": language_of(scored),
                                "hints": bool(hints and definition.offers_hints), ONE_RATING_PER_OUTPUT: True,
                                **marking}
    built = definition.build(scored, run_id, limit, rng)
    settings.update(built.settings)
    new_items, item_ids = built.new, built.item_ids
    if not item_ids:
        raise BadValue("campaign", task, f"nothing to review: {definition.nothing_to_review}")
    hinted = ["hints"] if settings["hints"] else []  # a campaign without hints keeps the id it always had
    marked = [dumps(marking)] if marking else []  # and one of a task without pre-marks
    campaign_id = f"cmp-{_hash(run_id, task, limit, raters, seed, store.public_key, *hinted, *marked)}"
    settings["order_seed"] = campaign_id  # its questions take the items in one order drawn from this (review.study.order)
    with store.transaction():
        if has_campaign(store, campaign_id):
            return _same_campaign(store, campaign_id, name)
        insert_items(store, new_items)
        run_name = scored.get("model_slug") or scored.get("run_id") or run_id
        title = task_defs.texts(task, settings["language"])["title"]
        row = {"id": campaign_id, "name": name or f"{title} — {run_name}", "task": task,
               "run_id": run_id, "raters_per_item": raters, "created_at": now(), "settings": dumps(settings)}
        insert_campaign(store, row, item_ids)
    return campaign_id


def _same_campaign(store: Store, campaign_id: str, name: str | None) -> str:
    """The campaign these inputs make exists already: it is the one returned, unless it was asked for under another
    name — refused in one line naming it (the same runs, task, items and settings make the same campaign)."""
    held = catalogue.campaign(store, campaign_id, decoded=False)
    if name is not None and name != held["name"]:
        raise BadValue("--name", name, f"this campaign exists already as {held['name']!r} ({campaign_id}): the same "
                                       f"runs, task, items and settings make the same campaign; use that one, or "
                                       f"give another --seed to make another")
    return campaign_id


def _premark_settings(definition, mode: str | None, control: float | None, split: float | None) -> dict:
    """A campaign's pre-mark settings: for a task that marks spans, checked (default: the language's tools);
    none for another task (asking for them is one line)."""
    if definition.marks_spans:
        return premarks.check_settings(mode, control, split)
    if (mode or "off") != "off" or control is not None or split is not None:
        raise BadValue("--premark", str(mode or ""), "pre-marks are for a task that marks error spans (E)")
    return {}


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
                             question: dict | None = None, premark: str | None = None,
                             premark_control: float | None = None, premark_split: float | None = None,
                             qc: str | None = None, qc_share: float | None = None,
                             qc_min_catch: float | None = None) -> str:
    """A campaign over several runs of the same test set (one scored run card per system; one run decides
    only its tier) that serves, on demand, the segments whose comparisons or tiers are still open
    (``review.rating.sequence.serve_next_segment``) — or, with ``question`` (``{"kind", "delta", "baseline", "threshold"}``), the
    segments the community's question still needs (``review.study.maths.questions``). Its items: every run's output of
    every entry all the runs have. Pre-marks as for :func:`create_campaign`; attention items (``qc``…) too, served
    with the segments at their share of each speaker's items and never counted for any question."""
    definition = task_defs.task(task)
    marking = _premark_settings(definition, premark, premark_control, premark_split)
    marking.update(attention.check_settings(definition, qc, qc_share, qc_min_catch))
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
                                "adaptive": True, "runs": run_ids, ONE_RATING_PER_OUTPUT: True, **marking}
    if alpha is not None:
        settings["alpha"] = alpha
    asked = _question(question, runs, run_ids)
    if asked is not None:
        from ..study.maths import questions  # deferred: its sequences load numpy, which the first window needs not wait for
        settings["question"] = asked
        try:
            questions.from_settings(settings, run_ids, definition)  # on the task's scale
        except ValueError as exc:
            option, _, problem = str(exc).partition(": ")
            raise BadValue(f"--{option}", "", problem) from None
    extra = [dumps(asked)] if asked else []  # a campaign without a question keeps the id it always had
    extra += [dumps(marking)] if marking else []  # and one of a task without pre-marks
    campaign_id = f"cmp-{_hash(*run_ids, task, raters, seed, store.public_key, 'adaptive', alpha, *extra)}"
    item_ids = [segment_id(run_id, entry) for run_id in run_ids for entry in shared]
    with store.transaction():
        if has_campaign(store, campaign_id):
            return _same_campaign(store, campaign_id, name)
        title = task_defs.texts(task, settings["language"])["title"]
        names = ", ".join(scored.get("model_slug") or scored.get("run_id") or "run" for scored in runs)
        row = {"id": campaign_id, "name": name or f"{title} — {names}", "task": task, "run_id": run_ids[0],
               "raters_per_item": raters, "created_at": now(), "settings": dumps(settings)}
        insert_campaign(store, row, item_ids)
    return campaign_id


def attention_summary(store: Store, campaign_id: str) -> dict:
    """What a campaign's attention items are: its settings, how many of its outputs have a wrong form (``admitting``
    of ``items``), and when a campaign asked for the grammar's and none has one, why (``reason``)."""
    found = catalogue.campaign(store, campaign_id)
    chosen = attention.settings_of(found["settings"])
    language = found["settings"].get("language") or {}
    items = catalogue.segment_items(store, campaign_id, with_extra=True)
    count = attention.admitting(items, language) if chosen["kind"] == attention.GRAMMAR else 0
    reason = _why_none(store, found, language) if chosen["kind"] == attention.GRAMMAR and not count else None
    return {**chosen, "items": len(items), "admitting": count, "reason": reason}


def _why_none(store: Store, found: dict, language: dict) -> str:
    spec = language.get("attention") or {}
    if not spec.get("plugin"):
        return "the run's language pack makes no wrong forms"
    plugins = (catalogue.scored_card_part(store, found["run_id"], "$.lyss.plugins") or []) if found.get("run_id") \
        else []
    described = next((p for p in plugins if isinstance(p, dict) and p.get("name") == spec["plugin"]), None)
    if described is None:
        return f"the run was scored without {spec['plugin']} (score it again with this version)"
    if described.get("reason"):
        return f"{spec['plugin']}: {described['reason']}"
    return "no output of the run has a word the language pack could put in a wrong form"
