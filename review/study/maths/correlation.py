"""Metric–human correlation and rater agreement, following Google's mt-metrics-eval ``stats.py``
definitions (Deutsch et al. 2023, "Ties Matter", for the ``23`` variants and tie calibration).

Conventions: scores are packed system-major vectors (``num_sys`` rows of ``num_items`` each); ``None``
in the gold vector marks a missing human score and is removed pairwise; ``average_by`` is ``none``
(one correlation over everything), ``sys`` (per system, averaged) or ``item`` (per item across
systems, averaged — NaN correlations are dropped from the average).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

import numpy as np

from scoring.stats import proportion_ci  # noqa: F401 (the study's intervals of a share, with the rest)

from . import scipy_free

Vector = Sequence[float | None]


# ----------------------------------------------------------------------------- Kendall variants

PAIRWISE_LIMIT = 3000  # above this many values, exact ties use sorting, not the n² pair matrix


def tau_statistics(gold: np.ndarray, metric: np.ndarray, epsilon: float = 0.0) -> tuple[int, int, int, int, int]:
    """Pair counts: concordant, discordant, tied only in the metric, tied only in gold, tied in both.
    Metric differences with absolute value ≤ ``epsilon`` count as metric ties."""
    gold, metric = np.asarray(gold, dtype=float), np.asarray(metric, dtype=float)
    if epsilon == 0 and len(gold) > PAIRWISE_LIMIT:
        return scipy_free.kendall_counts(gold, metric)  # O(n log² n): ties by sorting, merge counting
    i, j = np.triu_indices(len(gold), k=1)
    dg = gold[i] - gold[j]
    dm = metric[i] - metric[j]
    m_tie = np.abs(dm) <= epsilon
    g_tie = dg == 0
    con = int(np.sum(~m_tie & ~g_tie & (np.sign(dg) == np.sign(dm))))
    both = int(np.sum(m_tie & g_tie))
    m_only = int(np.sum(m_tie & ~g_tie))
    g_only = int(np.sum(g_tie & ~m_tie))
    dis = len(i) - con - both - m_only - g_only
    return con, dis, m_only, g_only, both


def kendall(gold: Vector, metric: Vector, variant: str = "b", epsilon: float = 0.0,
            counts: tuple[int, int, int, int, int] | None = None) -> float:
    """Kendall's τ_b, τ_c, τ_23 or acc_23 of a metric against gold scores (``counts``: precomputed
    :func:`tau_statistics`)."""
    gold, metric = np.asarray(gold, dtype=float), np.asarray(metric, dtype=float)
    con, dis, m_only, g_only, both = counts or tau_statistics(gold, metric, epsilon)
    total = con + dis + m_only + g_only + both
    if total == 0:
        return math.nan
    m_ties, g_ties = m_only + both, g_only + both
    if variant == "b":
        if m_ties == total or g_ties == total:
            return math.nan
        return (con - dis) / math.sqrt(total - m_ties) / math.sqrt(total - g_ties)
    if variant == "c":
        if epsilon:
            raise ValueError("tau_c is not defined with a tie threshold")
        classes = min(len(set(metric.tolist())), len(set(gold.tolist())))
        if classes < 2:
            return math.nan
        return 2 * (con - dis) / (len(gold) ** 2 * (classes - 1) / classes)
    if variant == "23":
        return (con + both - dis - m_only - g_only) / total
    if variant == "acc23":
        return (con + both) / total
    raise ValueError(f"unknown Kendall variant {variant!r}")


MAX_CALIBRATION_PAIRS = 2_000_000


@lru_cache(maxsize=64)
def _all_pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    return np.triu_indices(n, k=1)


def _pairs(n: int, rate: float, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    if rate >= 1:
        return _all_pairs(n)
    count = int(round(rate * n * (n - 1) / 2))
    i, j = rng.integers(0, n, count), rng.integers(0, n, count)
    keep = i != j
    return np.minimum(i, j)[keep], np.maximum(i, j)[keep]


def tie_calibrated(rows: list[tuple[np.ndarray, np.ndarray]], variant: str = "acc23",
                   seed: int = 12345) -> tuple[float, float]:
    """Tie calibration: the metric tie threshold ε that maximises the average acc_23 (or τ_23) over
    rows, searched over every distinct pairwise metric difference. Returns (best value, best ε).

    Turning a pair into a metric tie changes its row's numerator by a fixed step (acc_23: a
    concordant pair loses 1, a pair tied only in gold gains 1; τ_23 twice that), so after sorting all
    pairs by metric difference the objective at every threshold is one cumulative sum. Above two
    million pairs a seeded uniform sample of pairs is used, as mt-metrics-eval's ``sample_rate`` does."""
    total_pairs = sum(len(g) * (len(g) - 1) // 2 for g, _ in rows)
    rate = min(1.0, MAX_CALIBRATION_PAIRS / total_pairs) if total_pairs else 1.0
    rng = np.random.default_rng(seed)
    base, diffs, steps = [], [], []
    if rate >= 1:  # every pair of every row: rows of one length as one matrix (no sampling, no order)
        by_length: dict[int, list[int]] = {}
        for k, (g, _) in enumerate(rows):
            by_length.setdefault(len(g), []).append(k)
        batches = [(np.array([rows[k][0] for k in ks], dtype=float), np.array([rows[k][1] for k in ks], dtype=float),
                    _all_pairs(n)) for n, ks in by_length.items() if n >= 2]
    else:
        batches = [(gold[None], metric[None], _pairs(len(gold), rate, rng)) for gold, metric in rows]
    for gold, metric, (i, j) in batches:
        if not len(i):
            continue
        dg, dm = gold[:, i] - gold[:, j], metric[:, i] - metric[:, j]
        g_tie, m_tie = dg == 0, dm == 0
        con = ~g_tie & ~m_tie & (np.sign(dg) == np.sign(dm))
        dis = ~g_tie & ~m_tie & ~con
        if variant == "acc23":
            numerator = con.sum(axis=1) + (g_tie & m_tie).sum(axis=1)
            step = np.where(con, -1.0, np.where(g_tie & ~m_tie, 1.0, 0.0))
        else:
            numerator = con.sum(axis=1) + (g_tie & m_tie).sum(axis=1) - dis.sum(axis=1) - (m_tie ^ g_tie).sum(axis=1)
            step = np.where(con, -2.0, np.where(g_tie & ~m_tie, 2.0, 0.0))
        base.extend((numerator / len(i)).tolist())
        diffs.append(np.abs(dm).ravel())
        steps.append((step / len(i)).ravel())
    if not base:
        return math.nan, 0.0
    rows_used = len(base)
    diffs, steps = np.concatenate(diffs), np.concatenate(steps)
    order = np.argsort(diffs)  # any order within equal differences: only group ends are read
    diffs, steps = diffs[order], steps[order]
    running = float(np.sum(base)) + np.cumsum(steps)
    last_of_group = np.flatnonzero(np.r_[diffs[1:] != diffs[:-1], True])
    candidates = np.r_[np.sum(base), running[last_of_group]] / rows_used
    thresholds = np.r_[0.0, diffs[last_of_group]]
    best = int(np.argmax(candidates))  # the first maximum: the smallest threshold
    return float(candidates[best]), float(thresholds[best])


# ----------------------------------------------------------------------------- grouping

def as_float(vector: Vector) -> np.ndarray:
    """A score vector as floats, ``None`` → NaN."""
    return np.array([math.nan if v is None else v for v in vector], dtype=float)


def filtered_rows(gold: Vector, metric: Vector, num_sys: int, average_by: str) -> list[tuple[np.ndarray, np.ndarray]]:
    """Rows of (gold, metric) with missing gold (or metric) removed pairwise; rows under 2 left out."""
    g_all, m_all = as_float(gold), as_float(metric)
    items = len(g_all) // num_sys
    if num_sys * items != len(g_all):
        raise ValueError("vector length is not a multiple of num_sys")
    if average_by == "none":
        g_rows, m_rows = g_all[None], m_all[None]
    elif average_by == "sys":
        g_rows, m_rows = g_all.reshape(num_sys, items), m_all.reshape(num_sys, items)
    elif average_by == "item":
        g_rows, m_rows = g_all.reshape(num_sys, items).T, m_all.reshape(num_sys, items).T
    else:
        raise ValueError(f"unknown grouping {average_by!r}")
    out = []
    for g, m in zip(g_rows, m_rows):
        keep = np.isfinite(g) & np.isfinite(m)
        if keep.sum() >= 2:
            out.append((g[keep], m[keep]))
    return out


CORRELATIONS: dict[str, Callable[[np.ndarray, np.ndarray], float]] = {
    "pearson": scipy_free.pearson,
    "spearman": lambda g, m: scipy_free.pearson(scipy_free.rankdata(g), scipy_free.rankdata(m)),
    "kendall_b": lambda g, m: kendall(g, m, "b"),
    "kendall_c": lambda g, m: kendall(g, m, "c"),
}
TABLE_STATISTICS = tuple(CORRELATIONS)


def average(values) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return float(np.mean(kept)) if kept else math.nan


def _pearson_rows(g: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Pearson's r of each row of two equal-shape matrices (NaN where a row has no spread)."""
    gc, mc = g - g.mean(axis=1, keepdims=True), m - m.mean(axis=1, keepdims=True)
    num = (gc * mc).sum(axis=1)
    den = np.sqrt((gc * gc).sum(axis=1) * (mc * mc).sum(axis=1))
    # rows without spread (identical values, up to rounding) have no correlation
    flat = (np.ptp(g, axis=1) == 0) | (np.ptp(m, axis=1) == 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.where(flat | (den == 0), np.nan, num / np.where(den == 0, 1, den))
    return np.clip(r, -1.0, 1.0)


def _kendall_rows(g: np.ndarray, m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """τ_b and τ_c of each row of two equal-shape matrices, from vectorised pair counts."""
    n = g.shape[1]
    i, j = np.triu_indices(n, k=1)
    dg, dm = g[:, i] - g[:, j], m[:, i] - m[:, j]
    g_tie, m_tie = dg == 0, dm == 0
    s = np.sign(dg) * np.sign(dm)
    con, dis = (s > 0).sum(axis=1), (s < 0).sum(axis=1)
    total = len(i)
    m_ties, g_ties = m_tie.sum(axis=1), g_tie.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        tau_b = (con - dis) / np.sqrt((total - m_ties).astype(float)) / np.sqrt((total - g_ties).astype(float))
        tau_b = np.where((m_ties == total) | (g_ties == total), np.nan, tau_b)
        classes = np.minimum((np.diff(np.sort(g, axis=1), axis=1) != 0).sum(axis=1) + 1,
                             (np.diff(np.sort(m, axis=1), axis=1) != 0).sum(axis=1) + 1)
        tau_c = np.where(classes < 2, np.nan, 2 * (con - dis) / (n ** 2 * (classes - 1) / classes))
    return tau_b, tau_c


def _one_row(g: np.ndarray, m: np.ndarray) -> dict[str, float]:
    """The four statistics of one (long) vector pair; O(n log n)."""
    if np.ptp(g) == 0 or np.ptp(m) == 0:
        pearson = spearman = math.nan
    else:
        pearson = float(_pearson_rows(g[None], m[None])[0])
        spearman = float(_pearson_rows(scipy_free.rankdata(g)[None], scipy_free.rankdata(m)[None])[0])
    counts = tau_statistics(g, m)
    return {"pearson": pearson, "spearman": spearman, "kendall_b": kendall(g, m, "b", counts=counts),
            "kendall_c": kendall(g, m, "c", counts=counts)}


def row_statistics(rows: list[tuple[np.ndarray, np.ndarray]]) -> dict[str, np.ndarray]:
    """Pearson, Spearman, τ_b and τ_c of every row (NaN where undefined), rows of equal length computed
    together as matrices."""
    out = {name: np.full(len(rows), np.nan) for name in TABLE_STATISTICS}
    by_length: dict[int, list[int]] = {}
    for k, (g, _) in enumerate(rows):
        by_length.setdefault(len(g), []).append(k)
    for length, members in by_length.items():
        if length > 64 or len(members) == 1:
            for k in members:
                for name, value in _one_row(*rows[k]).items():
                    out[name][k] = value
            continue
        found = matrix_statistics(np.array([rows[k][0] for k in members], dtype=float),
                                  np.array([rows[k][1] for k in members], dtype=float))
        for name, values in found.items():
            out[name][members] = values
    return out


def matrix_statistics(g: np.ndarray, m: np.ndarray) -> dict[str, np.ndarray]:
    """Pearson, Spearman, τ_b and τ_c of each row of two equal-shape matrices of short rows."""
    tau_b, tau_c = _kendall_rows(g, m)
    return {"pearson": _pearson_rows(g, m),
            "spearman": _pearson_rows(scipy_free.rankdata_rows(g), scipy_free.rankdata_rows(m)),
            "kendall_b": tau_b, "kendall_c": tau_c}


def table_statistics(rows: list[tuple[np.ndarray, np.ndarray]]) -> dict[str, float]:
    """Pearson, Spearman, τ_b and τ_c averaged over rows (NaN rows dropped)."""
    return {name: average(values.tolist()) for name, values in row_statistics(rows).items()}


@dataclass
class Correlation:
    """Gold and metric scores packed system-major, as mt-metrics-eval's ``Correlation``."""

    num_sys: int
    gold: list
    metric: list

    def rows(self, average_by: str = "none") -> list[tuple[np.ndarray, np.ndarray]]:
        return filtered_rows(self.gold, self.metric, self.num_sys, average_by)

    def statistic(self, name: str, average_by: str = "none") -> float:
        return average([CORRELATIONS[name](g, m) for g, m in self.rows(average_by)])

    def pearson(self, average_by: str = "none") -> float:
        return self.statistic("pearson", average_by)

    def spearman(self, average_by: str = "none") -> float:
        return self.statistic("spearman", average_by)

    def kendall(self, average_by: str = "none", variant: str = "b", epsilon: float = 0.0) -> float:
        return average([kendall(g, m, variant, epsilon) for g, m in self.rows(average_by)])

    def table(self, average_by: str = "none") -> dict:
        """Every statistic the study reports for one grouping."""
        rows = self.rows(average_by)
        out: dict[str, Any] = table_statistics(rows)
        out["acc23"], out["acc23_epsilon"] = tie_calibrated(rows, "acc23")
        out["n"] = int(sum(len(g) for g, _ in rows))
        return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in out.items()}


def pairwise_accuracy(gold: Vector, metric: Vector) -> float:
    """System-level pairwise accuracy (Kocmi et al. 2021): the share of system pairs ordered alike."""
    keep = [(g, m) for g, m in zip(gold, metric) if g is not None and m is not None]
    g, m = np.asarray([k[0] for k in keep], float), np.asarray([k[1] for k in keep], float)
    i, j = np.triu_indices(len(g), k=1)
    if not len(i):
        return math.nan
    return float(np.mean(np.sign(g[i] - g[j]) == np.sign(m[i] - m[j])))


def pairwise_p_values(segment_scores: np.ndarray, permutations: int = 1000, seed: int = 4) -> np.ndarray:
    """p-values that system i beats system j (upper triangle), by a paired permutation test over
    segments, as mt-metrics-eval's ``pce.compute_pairwise_p_values`` (Thompson 2024) computes them: one
    ±1 matrix from ``default_rng(seed)`` in float32 shared by every pair, system scores as sums."""
    scores = np.asarray(segment_scores, dtype=np.float32)
    signs = np.random.default_rng(seed).random(size=(permutations, scores.shape[1]), dtype=np.float32)
    np.rint(signs, out=signs, casting="same_kind")
    signs *= 2.0
    signs -= 1.0
    totals = scores.sum(axis=1)
    partial = signs @ scores.T  # (permutations, systems)
    n = scores.shape[0]
    p = np.full((n, n), np.nan)
    i, j = np.triu_indices(n, 1)
    null = partial[:, i] - partial[:, j]
    p[i, j] = np.sum(null >= (totals[i] - totals[j]), axis=0) / permutations
    return p


def soft_pairwise_accuracy(gold: np.ndarray, metric: np.ndarray, permutations: int = 1000, seed: int = 4) -> float:
    """WMT24's official system-level meta-metric, 1 − pairwise confidence error (mt-metrics-eval
    ``pce.py``): the mean over system pairs of 1 − |p_human − p_metric|. ``gold`` and ``metric`` are
    (systems × segments); segments whose gold (or metric) score is missing for a system are left out."""
    g, m = np.asarray(gold, dtype=float), np.asarray(metric, dtype=float)
    keep = np.isfinite(g).all(axis=0) & np.isfinite(m).all(axis=0)
    g, m = g[:, keep], m[:, keep]
    if g.shape[0] < 2 or not g.shape[1]:
        return math.nan
    i, j = np.triu_indices(g.shape[0], 1)
    diff = np.abs(pairwise_p_values(g, permutations, seed) - pairwise_p_values(m, permutations, seed))[i, j]
    return float(1.0 - diff.mean())


# ----------------------------------------------------------------------------- resampling

class _Midranks:
    """Average ranks in weighted multisets of one vector, its sort prepared once."""

    def __init__(self, values: np.ndarray):
        order = np.argsort(values, kind="stable")
        self.order = order
        self.starts = np.r_[0, np.flatnonzero(np.diff(values[order]) != 0) + 1]
        self.group_of = np.empty(len(values), dtype=np.int64)
        self.group_of[order] = np.repeat(np.arange(len(self.starts)), np.diff(np.r_[self.starts, len(values)]))

    def __call__(self, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Ranks of every element, distinct values present, and tied pairs — for every row of weights."""
        group = np.add.reduceat(weights[:, self.order], self.starts, axis=1)
        before = np.cumsum(group, axis=1) - group
        ties = (group * (group - 1) / 2).sum(axis=1)
        return (before + (group + 1) / 2)[:, self.group_of], (group > 0).sum(axis=1), ties


def _pearson_from_sums(n, sa, sb, saa, sbb, sab) -> np.ndarray:
    """Pearson's r from weighted sums (Σw, Σwa, Σwb, Σwa², Σwb², Σwab), one per row."""
    with np.errstate(invalid="ignore", divide="ignore"):
        cov = sab - sa * sb / n
    with np.errstate(invalid="ignore", divide="ignore"):
        r = cov / np.sqrt((saa - sa * sa / n) * (sbb - sb * sb / n))
    return np.clip(r, -1.0, 1.0)


def _weighted_pearson(a: np.ndarray, b: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Pearson's r of each row's multiset (a, b: one value per element and row; w: multiplicities).
    Centred first: sums of squares of large ranks would lose digits."""
    n = w.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        ma, mb = np.einsum("ij,ij->i", w, a) / n, np.einsum("ij,ij->i", w, b) / n
    ca, cb = a - ma[:, None], b - mb[:, None]
    wa = w * ca
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.einsum("ij,ij->i", wa, cb) / np.sqrt(np.einsum("ij,ij->i", wa, ca) * np.einsum("ij,ij->i", w * cb, cb))
    return np.clip(r, -1.0, 1.0)


class ResampledStatistics:
    """Pearson, Spearman, τ_b and τ_c of the multisets where pair i appears ``weights[b, i]`` times — a
    bootstrap resample each row — for many rows at once (weighted sums, weighted midranks, weighted
    merge counting), equal to computing each resample's statistics on its expanded vectors. The sorts
    and merge plans depend only on the data and are made once."""

    def __init__(self, gold: np.ndarray, metric: np.ndarray):
        self.g, self.m = np.asarray(gold, dtype=float), np.asarray(metric, dtype=float)
        self.rank_g, self.rank_m = _Midranks(self.g), _Midranks(self.m)
        self.kendall = scipy_free.WeightedKendall(self.g, self.m)

    def __call__(self, weights: np.ndarray) -> dict[str, np.ndarray]:
        w = np.asarray(weights, dtype=float)
        rank_g, classes_g, ties_g = self.rank_g(w)
        rank_m, classes_m, ties_m = self.rank_m(w)
        con, dis, m_only, g_only, both = self.kendall.counts(w, ties_g, ties_m)
        total = con + dis + m_only + g_only + both
        m_ties, g_ties = m_only + both, g_only + both
        n = w.sum(axis=1)
        classes = np.minimum(classes_g, classes_m)
        with np.errstate(invalid="ignore", divide="ignore"):
            tau_b = np.where((m_ties == total) | (g_ties == total), np.nan,
                             (con - dis) / np.sqrt(total - m_ties) / np.sqrt(total - g_ties))
            tau_c = np.where(classes < 2, np.nan, 2 * (con - dis) / (n ** 2 * (classes - 1) / classes))
        g, m = self.g - self.g.mean(), self.m - self.m.mean()  # centred: the sums keep their digits
        sums = w @ np.column_stack([g, m, g * g, m * m, g * m])
        flat = classes < 2  # a resample without spread in gold or metric has no correlation
        return {"pearson": np.where(flat, np.nan, _pearson_from_sums(n, *sums.T)),
                "spearman": np.where(flat, np.nan, _weighted_pearson(rank_g, rank_m, w)),
                "kendall_b": tau_b, "kendall_c": tau_c}


def resampled_statistics(gold: np.ndarray, metric: np.ndarray, weights: np.ndarray) -> dict[str, np.ndarray]:
    """:class:`ResampledStatistics` of one set of rows."""
    return ResampledStatistics(gold, metric)(weights)


def perm_both(gold: Vector, metric1: Vector, metric2: Vector, num_sys: int, statistic: Callable,
              average_by: str = "none", k: int = 1000, seed: int = 12345) -> tuple[float, float]:
    """PERM-BOTH (Deutsch et al. 2021): p-value that metric2 correlates better than metric1.

    Both metrics are z-normalised; each resample swaps the two metrics' scores per segment with
    probability ½; p = share of resamples whose difference is ≥ the observed one. Returns (p, Δ)."""
    rows1 = filtered_rows(gold, metric1, num_sys, average_by)
    rows2 = filtered_rows(gold, metric2, num_sys, average_by)
    lens = [len(g) for g, _ in rows1]
    g = [r[0] for r in rows1]
    m1 = scipy_free.zscore(np.concatenate([r[1] for r in rows1]))
    m2 = scipy_free.zscore(np.concatenate([r[1] for r in rows2]))
    bounds = np.r_[0, np.cumsum(lens)]

    def corr(scores: np.ndarray) -> float:
        return average([statistic(g[r], scores[bounds[r]:bounds[r + 1]]) for r in range(len(lens))])

    delta = corr(m2) - corr(m1)
    rng = np.random.default_rng(seed)
    larger = 0
    for _ in range(k):
        swap = rng.integers(0, 2, len(m1)).astype(bool)
        a, b = np.where(swap, m2, m1), np.where(swap, m1, m2)
        larger += corr(b) - corr(a) >= delta
    return larger / k, float(delta)


# ----------------------------------------------------------------------------- agreement

def z_normalise(scores_by_rater: dict[str, list[float]]) -> dict[str, list[float]]:
    """Per-rater z-scores, as WMT does for DA: each rater's scores minus their mean, over their standard
    deviation (a rater with a single score or no spread keeps 0)."""
    return {rater: scipy_free.zscore(scores).tolist() for rater, scores in scores_by_rater.items()}


