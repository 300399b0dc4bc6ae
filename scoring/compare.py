"""Paired significance between runs over the same entries (spec §8.2), and a ranking with clusters.

Runs are matched by entry id; differing ids are an error. Each comparison reports Δ (B − A) with a
percentile CI from the paired bootstrap, the paired-bootstrap p-value and the paired approximate
randomisation p-value, both as sacrebleu defines them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import stats
from .engine import ScoredRun, Table, composite_of
from .errors import FileProblem
from .rubric import Rubric
from .runcard import RunCard

METRICS = ("composite", "chrf_plus_plus", "exact_match_rate")
SIGNIFICANCE = 0.05


def align(cards: list[RunCard]) -> list[RunCard]:
    """Reorder every run's entries to the first run's id order; refuse runs with different ids."""
    first = [e.id for e in cards[0].entries]
    wanted = set(first)
    out = [cards[0]]
    for card in cards[1:]:
        ids = {e.id: e for e in card.entries}
        missing, extra = sorted(wanted - ids.keys()), sorted(ids.keys() - wanted)
        if missing or extra:
            sample = (missing or extra)[0]
            raise FileProblem(card.path, "entries",
                             f"ids differ from {cards[0].path}: {len(missing)} missing, {len(extra)} extra "
                             f"(e.g. {sample!r})")
        out.append(RunCard(card.path, card.format, [ids[i] for i in first], card.meta))
    return out


def _values(table: Table, profile: Rubric, present: set[str], metric: str, weights: np.ndarray) -> np.ndarray:
    if metric == "composite":
        return composite_of({k: table.resampled(k, weights) for k in present}, profile)
    return table.resampled(metric, weights)


def _mixed(a: Table, b: Table, profile: Rubric, present: set[str], metric: str, mask: np.ndarray):
    """Scores of the two pseudo-systems of approximate randomisation (mask True keeps A's entry in A)."""
    keep, swap = mask.astype(float), (~mask).astype(float)

    def one(key: str, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        column = a.get(key)
        return column.finish(column.add(a.sums(key, first), b.sums(key, second)))

    keys = sorted(present) if metric == "composite" else [metric]
    va = {k: one(k, keep, swap) for k in keys}
    vb = {k: one(k, swap, keep) for k in keys}
    if metric == "composite":
        return composite_of(va, profile), composite_of(vb, profile)
    return va[metric], vb[metric]


def common_composite(table: Table, profile: Rubric, present: set[str]) -> float | None:
    """The composite of a run over a given set of metrics (the set two runs share)."""
    if not present:
        return None
    values = {k: np.array([table.value(k) if table.value(k) is not None else np.nan]) for k in present}
    value = float(composite_of(values, profile)[0])
    return value if np.isfinite(value) else None


def paired(a: ScoredRun, b: ScoredRun, profile: Rubric, metric: str,
           seed: int = stats.DEFAULT_SEED, n_resamples: int = stats.DEFAULT_RESAMPLES,
           n_trials: int = 10000) -> dict[str, Any]:
    """Paired bootstrap and approximate randomisation of one metric between runs A and B. The composite
    is compared on the metrics both runs have (the full composites of runs with different metric
    sets are not comparable); what one run had and the other not is named in ``left_out``."""
    ta, tb, pa, pb = a.table, b.table, a.composite_metrics, b.composite_metrics
    present = pa & pb
    if metric == "composite":
        real_a, real_b = common_composite(ta, profile, present), common_composite(tb, profile, present)
    else:
        real_a, real_b = a.scores.get(metric), b.scores.get(metric)
    if real_a is None or real_b is None:
        return {"metric": metric, "available": False, "reason": f"{metric} is null in one of the runs"}
    n = ta.n
    bs = stats.paired_bootstrap(lambda c: _values(ta, profile, present, metric, c), n, real_a, real_b,
                                n_resamples, seed, score_b=lambda c: _values(tb, profile, present, metric, c))
    ar = stats.paired_randomization(lambda m: _mixed(ta, tb, profile, present, metric, m), n, real_a, real_b,
                                    n_trials, seed)
    return {"metric": metric, "available": True, "score_a": real_a, "score_b": real_b, **{k: bs[k] for k in (
        "delta", "delta_ci_lower", "delta_ci_upper")}, "p_bootstrap": bs["p_value"], "p_randomization": ar["p_value"],
        "significant": bs["p_value"] < SIGNIFICANCE and not (bs["delta_ci_lower"] <= 0 <= bs["delta_ci_upper"]),
        "n_resamples": n_resamples, "n_trials": n_trials, "seed": seed,
        "metrics_compared": sorted(present) if metric == "composite" else [metric],
        "left_out": sorted((pa | pb) - present) if metric == "composite" else []}


def rank(runs: list[ScoredRun], profile: Rubric, metric: str = "composite",
         seed: int = stats.DEFAULT_SEED, n_resamples: int = stats.DEFAULT_RESAMPLES,
         n_trials: int = 10000) -> list[dict]:
    """Order runs by ``metric``; a run opens a new cluster when it is significantly worse than the best
    run of the current cluster (paired bootstrap, p < 0.05 and Δ's CI excluding 0)."""
    shared = frozenset.intersection(*(r.composite_metrics for r in runs)) if runs else frozenset()

    def score(r: ScoredRun) -> float | None:
        return common_composite(r.table, profile, shared) if metric == "composite" else r.scores.get(metric)

    scored = sorted((r for r in runs if score(r) is not None), key=lambda r: -score(r))
    out, cluster, head = [], 0, None
    for position, r in enumerate(scored, 1):
        versus = None
        if head is None:
            cluster, head = 1, r
        else:
            test = paired(head, r, profile, metric, seed, n_resamples, n_trials)
            versus = {"head": head.name, "delta": test["delta"], "p_bootstrap": test["p_bootstrap"],
                      "p_randomization": test["p_randomization"], "significant": test["significant"]}
            if test["significant"]:
                cluster, head = cluster + 1, r
        out.append({"rank": position, "cluster": cluster, "run": r.name, "score": score(r),
                    "versus_cluster_head": versus})
    return out


def compare_runs(runs: list[ScoredRun], profile: Rubric, metric: str = "composite",
                 seed: int = stats.DEFAULT_SEED, n_resamples: int = stats.DEFAULT_RESAMPLES,
                 n_trials: int = 10000) -> dict[str, Any]:
    """Every run against the first on each of :data:`METRICS`, and the ranking by ``metric``, all on the
    metrics every run has: what the command line and the app both show."""
    base = runs[0]
    tests = [{"a": base.name, "b": r.name, **paired(base, r, profile, m, seed, n_resamples, n_trials)}
             for r in runs[1:] for m in METRICS]
    every = frozenset.union(*(r.composite_metrics for r in runs))
    shared = frozenset.intersection(*(r.composite_metrics for r in runs))
    return {"metric": metric, "profile": profile.name, "comparisons": tests,
            "ranking": rank(runs, profile, metric, seed, n_resamples, n_trials),
            "composite_metrics": sorted(shared), "left_out": sorted(every - shared)}
