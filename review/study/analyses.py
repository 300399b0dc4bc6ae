"""The human-correlation study (spec §1.6): human scores from the store, agreement, metric–human
correlation, linter precision, FST false rejection, reweighting and tier confirmation.

Statistics never see quality-control items (repeats, degraded outputs) nor withdrawn speakers
(their answers are deleted when they withdraw).
"""

from __future__ import annotations

import json
import math
import os
import threading
from collections import Counter, defaultdict
from typing import Any

import numpy as np

from scoring import parallel
from scoring.errors import BadValue, InputError, NotFound
from scoring.progress import Progress, report
from scoring.stats import percentile_interval, resample_counts

from . import catch_rates
from .maths import agreement as krippendorff, correlation, scipy_free
from .. import tasks as task_defs
from ..records import answers as answer_records, catalogue
from ..records.catalogue import campaign as campaign_record, find_campaign, list_campaigns
from ..store import Store
from ..tasks import attention, premarks
from ..tasks import majority  # noqa: F401 (the study's, the exports' and the app's)


# ----------------------------------------------------------------------------- human scores

def reliability_matrix(rows: list[dict], numeric: bool = True) -> tuple[np.ndarray, list[str], list[str]]:
    """Raters × items matrix of values (NaN where a rater did not rate an item)."""
    raters = sorted({r["speaker_id"] for r in rows})
    items = sorted({r["item_id"] for r in rows})
    ri, ii = {r: k for k, r in enumerate(raters)}, {i: k for k, i in enumerate(items)}
    matrix = np.full((len(raters), len(items)), np.nan)
    for r in rows:
        matrix[ri[r["speaker_id"]], ii[r["item_id"]]] = float(r["value"]) if numeric else r["value"]
    return matrix, raters, items


def item_scores(store: Store, kind: str, campaign_id: str | None = None,
                left_out: frozenset = frozenset()) -> dict[str, float]:
    """A human score per item: imported gold (``mqm``, ``da-sqm``, ``da``…), or speakers' answers
    averaged per item: ``adequacy``/``fluency``/``verdict`` raw, or with ``_z`` per-rater z-scores
    (of one campaign when given; ``left_out``: speakers whose answers stay out — their consent excludes the use)."""
    imported = catalogue.human_scores(store, kind)
    if imported:
        return imported
    base, z = (kind[:-2], True) if kind.endswith("_z") else (kind, False)
    own = task_defs.human_scores()
    if base not in own:
        known = sorted(set(catalogue.human_score_kinds(store)) |
                       set(own) | {k + "_z" for k in own})
        raise NotFound("--human", kind, f"no such human score (known: {', '.join(known)})")
    task, question = own[base]
    rows = [r for r in answer_records.values(store, task.code, question, campaign_id, columns=("speaker_id", "item_id"))
            if r[0] not in left_out]
    if not rows:
        return {}
    speakers, item_ids, answered = zip(*rows)
    _, rater = np.unique(speakers, return_inverse=True)
    items, item = np.unique(item_ids, return_inverse=True)
    values = np.array(answered, dtype=float)
    if z:  # per-rater z-scores, as correlation.z_normalise (a rater without spread keeps 0), all raters at once
        count = np.bincount(rater)
        mean = np.bincount(rater, values) / count
        sd = np.sqrt(np.maximum(np.bincount(rater, values ** 2) / count - mean ** 2, 0.0))
        spread = np.sqrt(np.bincount(rater, (values - mean[rater]) ** 2) / count)  # exact form, no cancellation
        sd = np.where(sd > 0, spread, 0.0)
        values = np.where(sd[rater] > 0, (values - mean[rater]) / np.where(sd[rater] > 0, sd[rater], 1), 0.0)
    means = np.bincount(item, values) / np.bincount(item)
    return dict(zip(items.tolist(), means.tolist()))


def metric_names(store: Store, sample: int = 500) -> list[str]:
    """The metrics the segments carry (from a sample of items), sorted."""
    found: set[str] = set()
    for metrics in catalogue.segment_metrics(store, sample):
        found |= set(metrics)
    return sorted(found)


def human_score_names(store: Store) -> list[str]:
    """Imported human scores, then the speakers' own (raw and per-rater z-scored)."""
    imported = catalogue.human_score_kinds(store)
    return imported + [f"{k}{z}" for k in task_defs.human_scores() for z in ("_z", "")]


def scatter(store: Store, metric: str, human: str) -> list[tuple[float, float]]:
    """(metric, human score) for every segment that has both: the study's scatter plot."""
    scores = item_scores(store, human)
    pairs = [(metrics.get(metric), scores.get(item_id)) for item_id, metrics in catalogue.segments_with_metrics(store)]
    return [(float(m), float(h)) for m, h in pairs if m is not None and h is not None]


# ----------------------------------------------------------------------------- campaigns and majorities

def resolve_campaign(store: Store, campaign_id: str | None = None, task: str | None = None) -> dict | None:
    """The campaign a study verb works on: the one named (its task is implied), every campaign of a
    named task (``None``), or — with neither — the database's only campaign; with several, an error
    that lists them."""
    if campaign_id:
        found = catalogue.campaign(store, find_campaign(store, campaign_id), decoded=False)
        if task and found["task"] != task:
            raise BadValue("--task", task, f"campaign {found['id']} is task {found['task']}")
        return found
    if task:
        task_defs.task(task)
        return None
    every = list_campaigns(store)
    if len(every) == 1:
        return catalogue.campaign(store, every[0]["id"], decoded=False)
    if not every:
        raise BadValue("--campaign", "", "no campaign in this database yet")
    listed = "; ".join(f"{c['id']} (task {c['task']}, {c['name']})" for c in every[:8])
    raise BadValue("--campaign", "", f"{len(every)} campaigns here: choose one with --campaign: {listed}")


# ----------------------------------------------------------------------------- agreement

LEVELS_BY_SCALE = {"nominal": ("nominal",), "ordinal": ("ordinal", "interval"), "interval": ("interval", "ordinal")}


def _coded_matrix(rows: list[dict], scale: str) -> tuple[np.ndarray, list[str], list[str]]:
    """The raters × items matrix; categorical answers as codes (their sorted order: any coding gives the
    same nominal alpha)."""
    if scale == "nominal":
        codes = {v: k for k, v in enumerate(sorted({str(r["value"]) for r in rows}))}
        rows = [{**r, "value": codes[str(r["value"])]} for r in rows]
    return reliability_matrix(rows)


def agreement(store: Store, task: str | None = None, question: str | None = None, campaign_id: str | None = None,
              resamples: int = 1000, seed: int = 12345) -> dict:
    """Krippendorff's alpha of one question, at the levels its scale allows (nominal for categorical
    answers; ordinal and interval for scores), each with a bootstrap interval over items unless
    ``resamples`` is 0."""
    found = resolve_campaign(store, campaign_id, task)
    task = found["task"] if found else task
    definition = task_defs.task(task)
    spec = definition.question(question or definition.questions[0]["id"])
    question = spec["id"]
    measured, scale, meaning = definition.agreement_measure(spec)  # task E's spans: their MQM-style score
    rows = answer_records.values(store, task, measured, found["id"] if found else None)
    if not rows:
        raise BadValue("agreement", f"task {task}", f"no answers to {question!r} yet")
    matrix, raters, items = _coded_matrix(rows, scale)
    out = {"task": task, "question": question, "scale": spec["scale"], "campaign": found["id"] if found else None,
           "raters": len(raters), "items": len(items), "answers": len(rows)}
    if meaning:
        out["measured_on"] = meaning
    for level in LEVELS_BY_SCALE[scale]:
        out[level] = krippendorff.alpha_with_ci(matrix, level, resamples, seed)
    return out


def agreement_table(store: Store, campaign_id: str | None = None, task: str | None = None,
                    resamples: int = 1000, seed: int = 12345) -> list[dict]:
    """:func:`agreement` for every question of the campaign's task that has answers."""
    found = resolve_campaign(store, campaign_id, task)
    task = found["task"] if found else task
    out = []
    for q in task_defs.task(task).questions:
        try:
            out.append(agreement(store, task, q["id"], found["id"] if found else None, resamples, seed))
        except InputError:
            continue  # a question nobody reached yet (e.g. "kind" asked only after "yes")
    if not out:
        raise BadValue("agreement", f"task {task}", "no answers yet")
    return out


def _mann_whitney_less(low: list[float], high: list[float]) -> float | None:
    """One-sided Mann–Whitney U p-value that ``low`` tends to be smaller than ``high`` (normal
    approximation with tie and continuity correction: scipy's ``method="asymptotic"``)."""
    n1, n2 = len(low), len(high)
    if not n1 or not n2:
        return None
    ranks = scipy_free.rankdata(np.r_[low, high])
    u = ranks[:n1].sum() - n1 * (n1 + 1) / 2
    _, counts = np.unique(np.r_[low, high], return_counts=True)
    n = n1 + n2
    var = n1 * n2 / 12 * ((n + 1) - (counts ** 3 - counts).sum() / (n * (n - 1)))
    if var <= 0:
        return None
    z = (u - n1 * n2 / 2 + 0.5) / math.sqrt(var)
    return 0.5 * math.erfc(-z / math.sqrt(2))


def speaker_reliability(store: Store, campaign_id: str | None = None) -> list[dict]:
    """Rater quality as WMT's Appraise checks it, per speaker: degraded ("bad reference") outputs
    against genuine ones (one-sided Mann–Whitney, flagged at p > 0.01; the swapped phrases only — a wrong form of one
    word is paired with its original instead, ``review.study.catch_rates``), consistency on repeated items,
    and time per answer (in front of the item: time with the app out of focus left out, and reported);
    with the flags a coordinator reads before trusting the answers. Reported to
    help read the data, never to rank or exclude people."""
    found = resolve_campaign(store, campaign_id)
    qc = task_defs.settings("qc")
    question = task_defs.task(found["task"]).quality_question()
    rows = answer_records.with_their_slots(store, found["id"])
    grammar = {i["id"] for i in catalogue.degraded_items(store, found["id"]) if attention.of_item(i["extra"])}
    by_speaker: dict[str, dict] = defaultdict(lambda: {"normal": {}, "repeat": [], "degraded": [], "seconds": [],
                                                       "away": [], "revoked": Counter(), "paper": 0, "controls": 0,
                                                       "controls_kept": 0})
    for r in rows:
        slot = by_speaker[r["speaker_id"]]
        if r["revoked_from"] is not None:  # kept: made before the revocation's time, by a laptop since revoked
            slot["revoked"][(r["device_id"], r["revoked_from"])] += 1
        answer = json.loads(r["answers"])
        value = answer.get(question)
        seen, kept = controls_kept(answer)
        slot["controls"], slot["controls_kept"] = slot["controls"] + seen, slot["controls_kept"] + kept
        if r["medium"] == "paper":  # keyed in from a form: no time was measured
            slot["paper"] += 1
        elif r["seconds"] is not None:  # time in front of the item: the time away (focus lost) left out
            slot["seconds"].append(max(0.0, r["seconds"] - (r["away_seconds"] or 0)))
            slot["away"].append(r["away_seconds"] or 0.0)
        if r["qc"] == "":
            slot["normal"][r["item_id"]] = value
        elif r["item_id"] not in grammar:  # a wrong form's one word is no swapped phrase: its catch rate says it
            slot[r["qc"]].append((r["qc_of"], value))
    caught = {r["speaker_id"]: r for r in catch_rates.catch_rates(store, found, rows)["speakers"]}
    return [_with_catch_rate(_speaker_quality(speaker_id, s, qc), caught.get(speaker_id))
            for speaker_id, s in sorted(by_speaker.items())]


def speaker_catch_rates(store: Store, campaign_id: str | None = None) -> dict:
    """How often each speaker caught a campaign's attention items (``review.study.catch_rates``)."""
    return catch_rates.catch_rates(store, resolve_campaign(store, campaign_id))


def _with_catch_rate(row: dict, caught: dict | None) -> dict:
    """A speaker's quality with how many attention items they caught (``review.study.catch_rates``), and its flag."""
    row.update(attention_checked=(caught or {}).get("checked", 0), attention_caught=(caught or {}).get("caught", 0))
    if caught and caught["flag"]:
        row["flags"].append(caught["flag"])
    return row


def controls_kept(answer: dict) -> tuple[int, int]:
    """(control pre-marks an answer was served with, how many of them the speaker kept)."""
    flags = [k for m, k in zip(answer.get("premarks") or [], premarks.kept(answer)) if m.get("control")]
    return len(flags), sum(flags)


def _speaker_quality(speaker_id: str, s: dict, qc: dict) -> dict:
    same = [s["normal"][of] == v for of, v in s["repeat"] if of in s["normal"]]
    numeric_ = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
    bad = [float(v) for _, v in s["degraded"] if numeric_(v)]
    good = [float(v) for v in s["normal"].values() if numeric_(v)]
    lower = [numeric_(v) and numeric_(s["normal"].get(of)) and v < s["normal"][of]
             for of, v in s["degraded"] if of in s["normal"]]
    p = _mann_whitney_less(bad, good)
    median = float(np.median(s["seconds"])) if s["seconds"] else None
    flags = []
    if p is not None and p > qc["degraded_p_flag"]:
        flags.append(f"degraded outputs not scored lower than genuine ones (p = {p:.3f} > {qc['degraded_p_flag']})")
    if same and sum(same) / len(same) < qc["repeat_consistency_flag"]:
        flags.append(f"repeated items answered differently ({sum(same)} of {len(same)} the same)")
    if median is not None and median < qc["fast_seconds_flag"]:
        flags.append(f"answers very fast (median {median:.1f} s per item)")
    if s["paper"]:
        flags.append(f"paper: no time ({s['paper']} answers keyed in from forms)")
    if s["controls"] >= qc["control_min_seen"] and s["controls_kept"] / s["controls"] > qc["control_kept_flag"]:
        flags.append(f"control pre-marks kept ({s['controls_kept']} of {s['controls']}): the marks may be followed "
                     f"rather than the text")
    for (code, since), n in sorted(s["revoked"].items()):
        flags.append(f"{n} answers from revoked laptop {code} (made before its revocation from {since})")
    return {"speaker_id": speaker_id, "answers": len(s["normal"]) + len(s["repeat"]) + len(s["degraded"]),
            "repeats_checked": len(same), "repeats_consistent": sum(same), "degraded_checked": len(lower),
            "degraded_scored_lower": sum(lower), "degraded_p_value": p, "median_seconds": median,
            "away_seconds": float(sum(s["away"])), "answers_with_time_away": sum(a > 0 for a in s["away"]),
            "from_revoked_laptops": {code: n for (code, _), n in sorted(s["revoked"].items())},
            "answers_on_paper": s["paper"], "control_premarks_seen": s["controls"],
            "control_premarks_kept": s["controls_kept"], "flags": flags}


# ----------------------------------------------------------------------------- correlation

def _system_matrix(store: Store, metric: str, human: dict[str, float]) -> tuple[list[str], list[str], list, list]:
    runs = sorted(catalogue.run_ids(store))
    items = catalogue.segment_metric(store, metric)
    entries = sorted({i[2] for i in items}, key=lambda e: (len(e), e))
    position = {e: k for k, e in enumerate(entries)}
    gold = [[None] * len(entries) for _ in runs]
    values = [[None] * len(entries) for _ in runs]
    run_index = {r: k for k, r in enumerate(runs)}
    found = False
    for item_id, run_id, entry_id, m in items:
        if isinstance(m, (int, float)) and not isinstance(m, bool):
            found = True
        else:
            m = None
        r, e = run_index[run_id], position[entry_id]
        values[r][e] = m
        gold[r][e] = human.get(item_id) if m is not None else None
    if not found:
        known = metric_names(store, 200)
        raise NotFound("--metric", metric, f"no item has this metric (known: {', '.join(known[:30])})")
    keep = [k for k, row in enumerate(gold) if any(g is not None for g in row)]
    return [runs[k] for k in keep], entries, [gold[k] for k in keep], [values[k] for k in keep]


def correlate_defaults(store: Store, campaign_id: str | None, metric: str | None,
                       human: str | None) -> tuple[str, str, str | None]:
    """(metric, human score, campaign) for ``correlate`` when some are not given: the campaign's task
    implies the human score (an imported one when the campaign was imported); composite is the
    default metric, else the first the items carry."""
    if human is None and campaign_id is None:
        human = _only_human_score(store)
    found = resolve_campaign(store, campaign_id) if campaign_id or not human else None
    if human is None:
        imported = [k for k in human_score_names(store) if k not in {f"{b}{z}" for b in task_defs.human_scores()
                                                                      for z in ("", "_z")}]
        human = task_defs.task(found["task"]).default_human if found else None
        human = human or (imported[0] if imported else None)
        if human is None:
            raise BadValue("--human", "", f"task {found['task']} has no human score to correlate: give --human")
    if metric is None:
        names = metric_names(store)
        if not names:
            raise BadValue("--metric", "", "no item carries a metric yet")
        metric = "composite" if "composite" in names else names[0]
    campaign = found["id"] if found and not task_defs.task(found["task"]).imported else None
    return metric, human, campaign


def _only_human_score(store: Store) -> str | None:
    """With no campaign and no human score named: the only human score that has data (imported, or the speakers'
    answers of a campaign), ``None`` when there is none; with several, an error that lists them."""
    found = catalogue.human_score_kinds(store)
    for task in answer_records.tasks_answered(store):
        default = task_defs.task(task).default_human
        if default and default not in found:
            found.append(default)
    if len(found) > 1:
        raise BadValue("--human", "", f"{len(found)} human scores have data here: choose one with --human: "
                                      f"{', '.join(found)}")
    return found[0] if found else None


def correlate(store: Store, metric: str, human: str, resamples: int = 0, seed: int = 12345,
              campaign_id: str | None = None, progress: Progress = None) -> dict:
    """Segment-level (grouping none / item / sys) and system-level correlations of a metric with
    human scores, in mt-metrics-eval's conventions; bootstrap intervals over items when asked."""
    scores = item_scores(store, human, campaign_id)
    runs, entries, gold, values = _system_matrix(store, metric, scores)
    if not runs:
        raise BadValue("--human", human, "no item has both this human score and the metric")
    num_sys = len(runs)
    corr = correlation.Correlation(num_sys, [g for row in gold for g in row], [v for row in values for v in row])
    segment = {"none": corr.table("none")}
    if num_sys > 1:
        segment["item"] = corr.table("item")
        segment["sys"] = corr.table("sys")
    system = _system_level(store, runs, gold, values, metric, human)
    used = sum(1 for e in range(len(entries)) if any(row[e] is not None for row in gold))  # this human score's
    out = {"metric": metric, "human": human, "num_sys": num_sys, "num_items": used,
           "segment": segment, "system": system}
    if resamples:
        out["confidence_intervals"] = _correlation_cis(num_sys, gold, values, resamples, seed, progress)
    return out


def fisher_interval(r: float, n: int, z: float = 1.959964) -> tuple[float, float] | None:
    """The 95% interval of a Pearson correlation of ``n`` pairs (Fisher's z transform), ``None`` below 4 pairs."""
    if n < 4 or r is None or not -1 < r < 1:
        return None
    centre, half = math.atanh(r), z / math.sqrt(n - 3)
    return math.tanh(centre - half), math.tanh(centre + half)


def correlation_notes(result: dict, metric_given: bool, others: list[str]) -> list[str]:
    """What a reader of a correlation must know: which metric was used when none was named (and the others there
    are), and when the items are too few to conclude (the segment-level Pearson's 95% interval includes 0)."""
    notes = []
    if not metric_given:
        rest = [m for m in others if m != result["metric"]]
        notes.append(f"metric: {result['metric']} (no --metric given; the items also carry: "
                     f"{', '.join(rest) if rest else 'no other'})")
    overall = result["segment"]["none"]
    interval = fisher_interval(overall.get("pearson"), overall.get("n") or 0)
    if interval is None:
        notes.append(f"{overall.get('n') or 0} item(s): too few to say anything about the correlation")
    elif interval[0] <= 0 <= interval[1]:
        notes.append(f"too few items to conclude: with n = {overall['n']}, Pearson's 95% interval "
                     f"[{interval[0]:.2f}, {interval[1]:.2f}] includes 0 (no correlation)")
    return notes


def _system_level(store: Store, runs, gold, values, metric, human) -> dict:
    sys_gold, sys_metric = [], []
    for run_id, g, v in zip(runs, gold, values):
        extra = catalogue.run_extra(store, run_id)
        pairs = [(a, b) for a, b in zip(g, v) if a is not None and b is not None]
        hg = (extra.get("human_sys") or {}).get(human)
        mg = (extra.get("metric_sys") or {}).get(metric)
        sys_gold.append(hg if hg is not None else (float(np.mean([a for a, _ in pairs])) if pairs else None))
        sys_metric.append(mg if mg is not None else (float(np.mean([b for _, b in pairs])) if pairs else None))
    if len(runs) < 2:
        return {"n": len(runs)}
    table = correlation.Correlation(1, sys_gold, sys_metric).table("none")
    table["pairwise_accuracy"] = correlation.pairwise_accuracy(sys_gold, sys_metric)
    spa = correlation.soft_pairwise_accuracy(correlation.as_float([x for row in gold for x in row]).reshape(len(runs), -1),
                                       correlation.as_float([x for row in values for x in row]).reshape(len(runs), -1))
    table["soft_pairwise_accuracy"] = None if math.isnan(spa) else spa
    return table


CI_CHUNK = 50  # resamples computed together (memory: CI_CHUNK × values floats)


def _correlation_cis(num_sys: int, gold, values, resamples: int, seed: int, progress: Progress = None) -> dict:
    """Percentile intervals from resampling items (columns) with replacement, for every grouping:
    segment level (none: all resamples of a chunk computed together from weighted statistics; item)
    and system level. acc23 uses the threshold calibrated on the full data and is resampled only
    while the pairs stay under the calibration limit."""
    g = correlation.as_float([x for row in gold for x in row]).reshape(num_sys, -1)
    v = correlation.as_float([x for row in values for x in row]).reshape(num_sys, -1)
    n_items = g.shape[1]
    ok = np.isfinite(g) & np.isfinite(v)
    sys_of, item_of = np.nonzero(ok)
    flat_g, flat_v = g[ok], v[ok]
    with_acc23 = len(flat_g) * (len(flat_g) - 1) // 2 <= correlation.MAX_CALIBRATION_PAIRS
    epsilon = correlation.tie_calibrated([(flat_g, flat_v)], "acc23")[1] if with_acc23 and len(flat_g) >= 2 else 0.0
    rng = np.random.default_rng(seed)
    segment = correlation.ResampledStatistics(flat_g, flat_v)
    chunks = []
    for first in range(0, resamples, CI_CHUNK):
        size = min(CI_CHUNK, resamples - first)
        chunks.append(resample_counts(rng.integers(0, n_items, size=(size, n_items)), n_items))

    job = _ChunkJob(segment, flat_g, flat_v, item_of, g, v, ok, num_sys, with_acc23, epsilon)
    samples: dict[str, list[float]] = defaultdict(list)
    results, by_item = _run_chunks(job, chunks, progress,
                                   alongside=lambda: _item_grouping_samples(num_sys, g, v, resamples, seed))
    for found in results:
        for key, values_ in found.items():
            samples[key].extend(values_)
    samples.update(by_item)
    out = {}
    for key, vals in samples.items():
        arr = np.asarray(vals, dtype=float)
        arr = arr[np.isfinite(arr)]
        if arr.size:
            low, high = percentile_interval(arr)
            out[key] = {"ci_lower": low, "ci_upper": high, "resamples": int(arr.size)}
    return out


class _ChunkJob:
    """The statistics of one chunk of resamples (everything it needs prepared once, shared by workers)."""

    def __init__(self, segment, flat_g, flat_v, item_of, g, v, ok, num_sys, with_acc23, epsilon):
        self.segment, self.flat_g, self.flat_v, self.item_of = segment, flat_g, flat_v, item_of
        self.g, self.v, self.ok, self.num_sys = g, v, ok, num_sys
        self.with_acc23, self.epsilon = with_acc23, epsilon

    def __call__(self, counts: np.ndarray) -> dict[str, list[float]]:
        found: dict[str, list[float]] = defaultdict(list)
        weights = counts[:, self.item_of]
        usable = weights.sum(axis=1) >= 3
        if usable.any():
            for name, values in self.segment(weights[usable]).items():
                found[f"segment.none.{name}"].extend(values.tolist())
        if self.with_acc23:
            for row in weights[usable]:
                idx = np.repeat(np.arange(len(self.flat_g)), row.astype(int))
                found["segment.none.acc23"].append(correlation.kendall(self.flat_g[idx], self.flat_v[idx], "acc23",
                                                                 self.epsilon))
        if self.num_sys > 2:
            _system_samples(counts, self.g, self.v, self.ok, found)
        return dict(found)


PARALLEL_VALUES = 20_000  # below this many values a chunk is too quick to be worth a worker process


def _run_chunks(job: _ChunkJob, chunks: list[np.ndarray], progress: Progress, alongside=None) -> tuple[list, Any]:
    """The chunks' statistics in order, and what ``alongside()`` returns (computed while the workers
    run): in worker processes on every core for large data (each inherits the prepared job, or by spawn
    receives it once; only the chunk and its result travel), in this process otherwise."""
    workers = min(os.cpu_count() or 1, len(chunks))
    forking_is_safe = threading.current_thread() is threading.main_thread()  # never fork from the app's workers
    if (workers < 2 or len(job.flat_g) < PARALLEL_VALUES or not forking_is_safe
            or not parallel.travels(job)):
        results = []
        for k, counts in enumerate(chunks):
            report(progress, "confidence intervals", k / len(chunks))
            results.append(job(counts))
        return results, alongside() if alongside else None
    with parallel.context().Pool(workers, initializer=_adopt, initargs=(job,)) as pool:  # by spawn: the job pickled once a worker
        pending = pool.imap(_work, chunks)
        side = alongside() if alongside else None
        results = []
        for k, found in enumerate(pending):
            report(progress, "confidence intervals", k / len(chunks))
            results.append(found)
    return results, side


def _adopt(job: _ChunkJob) -> None:
    """Pool initializer: the worker keeps the job it inherited."""
    _work.job = job


def _work(counts: np.ndarray) -> dict[str, list[float]]:
    return _work.job(counts)


def _system_samples(counts: np.ndarray, g: np.ndarray, v: np.ndarray, ok: np.ndarray, samples: dict) -> None:
    """System level of each resample: the systems' mean scores over the resampled items, correlated."""
    okf = ok.astype(float)
    n = counts @ okf.T  # (resamples × systems)
    with np.errstate(invalid="ignore", divide="ignore"):
        sg = (counts @ np.where(ok, g, 0).T) / n
        sv = (counts @ np.where(ok, v, 0).T) / n
    keep = np.isfinite(sg).all(axis=1) & np.isfinite(sv).all(axis=1)
    if keep.any():
        samples["system.pearson"].extend(correlation._pearson_rows(sg[keep], sv[keep]).tolist())
        samples["system.kendall_b"].extend(correlation._kendall_rows(sg[keep], sv[keep])[0].tolist())


def _item_grouping_samples(num_sys: int, g: np.ndarray, v: np.ndarray, resamples: int, seed: int) -> dict:
    """Grouping by item: each item's correlation across systems is computed once; a resample of items
    averages the resampled items' correlations (NaN ones left out, as the point estimate does)."""
    if num_sys < 2:
        return {}
    ok = np.isfinite(g) & np.isfinite(v)
    complete = ok.all(axis=0)  # items every system has: one matrix computation
    per_item = {name: np.full(g.shape[1], np.nan) for name in correlation.TABLE_STATISTICS}
    for name, values in correlation.matrix_statistics(g[:, complete].T, v[:, complete].T).items():
        per_item[name][complete] = values
    partial = [k for k in np.flatnonzero(~complete) if ok[:, k].sum() >= 2]
    found = correlation.row_statistics([(g[ok[:, k], k], v[ok[:, k], k]) for k in partial])
    for name, values in found.items():
        per_item[name][partial] = values
    rows = range(g.shape[1])
    weights = resample_counts(np.random.default_rng(seed + 1).integers(0, len(rows), size=(resamples, len(rows))),
                              len(rows))
    names = list(per_item)
    table = np.column_stack([per_item[name] for name in names])  # items × statistics
    ok = np.isfinite(table)
    with np.errstate(invalid="ignore", divide="ignore"):
        averaged = (weights @ np.where(ok, table, 0.0)) / (weights @ ok.astype(float))
    return {f"segment.item.{name}": averaged[:, k].tolist() for k, name in enumerate(names)}


def compare_metrics(store: Store, metric1: str, metric2: str, human: str, statistic: str = "pearson",
                    average_by: str = "none", k: int = 1000, seed: int = 12345) -> dict:
    """PERM-BOTH: is metric2's correlation with the human scores significantly higher than metric1's?"""
    scores = item_scores(store, human)
    runs, _, gold, v1 = _system_matrix(store, metric1, scores)
    runs2, _, gold2, v2 = _system_matrix(store, metric2, scores)
    if runs != runs2:
        raise BadValue("--metric2", metric2, "the two metrics cover different runs")
    flat_gold = [a if a is not None and b is not None and c is not None else None
                 for ga, va, vb in zip(gold, v1, v2) for a, b, c in zip(ga, va, vb)]
    fn = correlation.CORRELATIONS[statistic]
    p, delta = correlation.perm_both(flat_gold, [x for r in v1 for x in r], [x for r in v2 for x in r], len(runs), fn,
                               average_by, k, seed)
    return {"metric1": metric1, "metric2": metric2, "human": human, "statistic": statistic, "grouping": average_by,
            "delta": delta, "p_value": p, "resamples": k, "significant": p < 0.05}


# ----------------------------------------------------------------------------- the pair and word tasks

def task_measure(store: Store, name: str, campaign_id: str | None = None) -> dict:
    """A study figure that one task's answers give (``Task.measures``), over one campaign or all of its task's."""
    task = task_defs.measuring(name)
    return task.measure(name, lambda question: answer_records.values(store, task.code, question, campaign_id),
                        lambda item_id: catalogue.item(store, item_id, decoded=True))


def measure_of_chosen(store: Store, name: str, chosen: str | None) -> dict:
    """:func:`task_measure` over the chosen campaign when it is of the measuring task, else over every campaign
    of that task (the app's study tab, whatever campaign is chosen)."""
    found = campaign_record(store, chosen) if chosen else None
    mine = found is not None and found["task"] == task_defs.measuring(name).code
    return task_measure(store, name, chosen if mine else None)


def linter_precision(store: Store, campaign_id: str | None = None) -> dict:
    """Task B (pairs): per variant class, the share of pairs speakers judged to mean the same (majority "yes")."""
    return task_measure(store, "linter_precision", campaign_id)


def fst_false_rejection(store: Store, campaign_id: str | None = None) -> dict:
    """Task C (words): the share of analyser-rejected words that speakers say are valid words of the
    language (majority "yes")."""
    return task_measure(store, "fst_false_rejection", campaign_id)
