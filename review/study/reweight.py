"""Refitting a weight profile from speakers' judgements (spec §4.3: "derive weights empirically").

The fit: non-negative weights summing to 1 over the profile's normalised metrics (spec §4.2), chosen
to best predict the per-item human score (z-normalised adequacy by default) up to an intercept and a
scale — non-negative least squares on centred data, then scaled to sum to 1. It is reported with its
k-fold cross-validated Pearson correlation next to the default profile's on the same folds, records
its provenance, and refuses to write a profile below the evidence in ``review/data/reweight.json``
unless forced.
"""

from __future__ import annotations

from datetime import date

import numpy as np

from scoring.errors import BadValue
from scoring.rubric import load_profile
from scoring.runcard import write_json_atomic

from .maths import agreement as krippendorff, scipy_free
from . import analyses
from .. import tasks as task_defs
from ..records import answers as answer_records, catalogue, speakers as speakers_records, terms
from ..store import Store


def _evidence(store: Store, human: str, ids: list[str], left_out: frozenset) -> dict:
    """What the refit rests on: its items, the speakers whose answers it reads (not those ``left_out`` for want of
    consent, counted apart) and their agreement (interval α on the items fitted)."""
    own = task_defs.human_scores()  # the speakers' scores; for imported gold, agreement is read on adequacy
    task, question = own.get(human.removesuffix("_z")) or own["adequacy"]
    every = answer_records.values(store, task.code, question)
    raw = [r for r in every if r["speaker_id"] not in left_out]
    alpha = None
    if raw:
        matrix, _, _ = analyses.reliability_matrix([r for r in raw if r["item_id"] in set(ids)] or raw)
        value = krippendorff.alpha(matrix, "interval")
        alpha = None if np.isnan(value) else value
    return {"items": len(ids), "speakers": len({r["speaker_id"] for r in raw}), "alpha_interval": alpha,
            "human": human, "left_out_answers": len(every) - len(raw)}


def _fit(x: np.ndarray, y: np.ndarray) -> np.ndarray | None:
    beta = scipy_free.nnls(x - x.mean(axis=0), y - y.mean())
    total = beta.sum()
    return beta / total if total > 0 else None


def _pearson(a: np.ndarray, b: np.ndarray) -> float:
    return scipy_free.pearson(a, b) if len(a) > 2 else float("nan")


def reweight(store: Store, human: str = "adequacy_z", base: str = "A", out: str | None = None,
             force: bool = False, seed: int = 12345) -> dict:
    terms.require(store, terms.with_answers(store), "reweighting", "reweight")  # the communities' terms allow it
    rule = task_defs.settings("reweight")
    profile = load_profile(base)
    left_out = frozenset(speakers_records.not_consenting(store, "reweighting"))  # their consent names other uses
    y_by_item = analyses.item_scores(store, human, left_out=left_out)
    metrics = {item_id: m for item_id, m in catalogue.segments_with_metrics(store) if item_id in y_by_item}
    if not metrics:
        raise BadValue("reweight", human, "no rated item carries metric values (import scored runs and rate them)")
    dims = [d for d in profile.dimensions
            if sum(d.id in m for m in metrics.values()) >= rule["min_metric_coverage"] * len(metrics)]
    if len(dims) < 2:
        raise BadValue("reweight", base, "fewer than two of the profile's metrics cover the rated items")
    ids = [i for i, m in metrics.items() if all(d.id in m for d in dims)]
    x = np.array([[metrics[i][d.id] for d in dims] for i in ids], dtype=float)
    y = np.array([y_by_item[i] for i in ids], dtype=float)
    evidence = _evidence(store, human, ids, left_out)
    evidence.update(metrics=[d.id for d in dims], base_profile=profile.name, date=date.today().isoformat())
    speakers, alpha = evidence["speakers"], evidence["alpha_interval"]
    short = []
    if len(ids) < rule["min_items"]:
        short.append(f"{len(ids)} items < {rule['min_items']}")
    if speakers < rule["min_speakers"]:
        short.append(f"{speakers} speakers < {rule['min_speakers']}")
    if alpha is None or alpha < rule["min_alpha"]:
        short.append(f"alpha {alpha if alpha is None else round(alpha, 3)} < {rule['min_alpha']}")
    weights = _fit(x, y)
    if weights is None:
        raise BadValue("reweight", human, "no metric predicts the human scores positively: nothing to fit")
    base_w = np.array([d.weight for d in dims])
    base_w = base_w / base_w.sum()
    folds = rule["folds"]
    order = np.random.default_rng(seed).permutation(len(ids))
    cv_fit, cv_base = [], []
    for k in range(folds):
        test = order[k::folds]
        train = np.setdiff1d(order, test)
        w = _fit(x[train], y[train])
        if w is None or len(test) < 3:
            continue
        cv_fit.append(_pearson(x[test] @ w, y[test]))
        cv_base.append(_pearson(x[test] @ base_w, y[test]))
    result = {
        "weights": {d.id: float(w) for d, w in zip(dims, weights)},
        "default_weights": {d.id: float(w) for d, w in zip(dims, base_w)},
        "cv_pearson": float(np.nanmean(cv_fit)) if cv_fit else None,
        "cv_pearson_default": float(np.nanmean(cv_base)) if cv_base else None,
        "folds": folds, "evidence": evidence, "insufficient": short, "written": None,
    }
    worse = (result["cv_pearson"] is not None and result["cv_pearson_default"] is not None
             and result["cv_pearson"] < result["cv_pearson_default"])
    result["worse_than_default"] = worse
    if out:
        if short and not force:
            raise BadValue(out, "evidence", "not enough evidence (" + "; ".join(short) + "); add --force to write anyway")
        if worse and not force:
            raise BadValue(out, "cross-validation", f"the refit predicts the speakers worse "
                                                      f"(Pearson {result['cv_pearson']:.3f}) than profile {profile.name} "
                                                      f"({result['cv_pearson_default']:.3f}): not written; --force "
                                                      f"writes it anyway")
        rounded = [round(float(w), 6) for w in weights]
        rounded[int(np.argmax(rounded))] += round(1 - sum(rounded), 6)
        write_json_atomic(out, {
            "name": f"refit-{profile.name}-{evidence['date']}", "kind": "scaled",
            "title": f"Profile {profile.name} refitted to {human} ({len(ids)} items, {speakers} speakers)",
            "source": "lyss study reweight", "provenance": {**evidence, "forced": bool(short), "cv_pearson":
                                                             result["cv_pearson"], "cv_pearson_default":
                                                             result["cv_pearson_default"]},
            "dimensions": [{"id": d.id, "weight": w, "normalise": list(d.normalise)} for d, w in zip(dims, rounded)],
        })
        result["written"] = out
    return result
