"""Paired significance between runs over the same entries (spec §8.2), and a ranking with clusters.

Runs are matched by entry id; differing ids are an error. Each comparison reports Δ (B − A) with a
percentile CI from the paired bootstrap, the paired-bootstrap p-value and the paired approximate
randomisation p-value, both as sacrebleu defines them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import stats
from .engine import Table, composite_of
from .errors import InputError
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
            raise InputError(card.path, "entries",
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
        sa, sb = a.sums(key, first), b.sums(key, second)
        summed = sa + sb if isinstance(sa, np.ndarray) else (sa[0] + sb[0], sa[1] + sb[1])
        return Table.finish(key, summed)

    keys = sorted(present) if metric == "composite" else [metric]
    va = {k: one(k, keep, swap) for k in keys}
    vb = {k: one(k, swap, keep) for k in keys}
    if metric == "composite":
        return composite_of(va, profile), composite_of(vb, profile)
    return va[metric], vb[metric]


def paired(a: tuple[dict, Table, set], b: tuple[dict, Table, set], profile: Rubric, metric: str,
           seed: int = stats.DEFAULT_SEED, n_resamples: int = stats.DEFAULT_RESAMPLES,
           n_trials: int = 10000) -> dict[str, Any]:
    """Paired bootstrap and approximate randomisation of one metric between runs A and B."""
    (sa, ta, pa), (sb, tb, pb) = a, b
    real_a, real_b = sa["scores"].get(metric), sb["scores"].get(metric)
    if real_a is None or real_b is None:
        return {"metric": metric, "available": False, "reason": f"{metric} is null in one of the runs"}
    present = pa & pb
    n = ta.n
    bs = stats.paired_bootstrap(lambda c: _values(ta, profile, present, metric, c), n, real_a, real_b,
                                n_resamples, seed, score_b=lambda c: _values(tb, profile, present, metric, c))
    ar = stats.paired_randomization(lambda m: _mixed(ta, tb, profile, present, metric, m), n, real_a, real_b,
                                    n_trials, seed)
    return {"metric": metric, "available": True, "score_a": real_a, "score_b": real_b, **{k: bs[k] for k in (
        "delta", "delta_ci_lower", "delta_ci_upper")}, "p_bootstrap": bs["p_value"], "p_randomization": ar["p_value"],
        "significant": bs["p_value"] < SIGNIFICANCE and not (bs["delta_ci_lower"] <= 0 <= bs["delta_ci_upper"]),
        "n_resamples": n_resamples, "n_trials": n_trials, "seed": seed,
        "metrics_compared": sorted(present) if metric == "composite" else [metric]}


def rank(runs: list[tuple[str, tuple[dict, Table, set]]], profile: Rubric, metric: str = "composite",
         seed: int = stats.DEFAULT_SEED, n_resamples: int = stats.DEFAULT_RESAMPLES,
         n_trials: int = 10000) -> list[dict]:
    """Order runs by ``metric``; a run opens a new cluster when it is significantly worse than the best
    run of the current cluster (paired bootstrap, p < 0.05 and Δ's CI excluding 0)."""
    scored = [(name, r) for name, r in runs if r[0]["scores"].get(metric) is not None]
    scored.sort(key=lambda item: -item[1][0]["scores"][metric])
    out, cluster, head = [], 0, None
    for position, (name, r) in enumerate(scored, 1):
        versus = None
        if head is None:
            cluster, head = 1, (name, r)
        else:
            test = paired(head[1], r, profile, metric, seed, n_resamples, n_trials)
            versus = {"head": head[0], "delta": test["delta"], "p_bootstrap": test["p_bootstrap"],
                      "p_randomization": test["p_randomization"], "significant": test["significant"]}
            if test["significant"]:
                cluster, head = cluster + 1, (name, r)
        out.append({"rank": position, "cluster": cluster, "run": name, "score": r[0]["scores"][metric],
                    "versus_cluster_head": versus})
    return out
